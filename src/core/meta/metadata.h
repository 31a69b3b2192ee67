/*
 * metadata.h — a page's metadata from its tree: title, authors, published
 * and modified dates, description, site name, canonical URL, language,
 * main image, keywords and the schema.org types present, as one JSON
 * object (the text page_metadata returns as jsonb).
 *
 * Sources, most trusted first: JSON-LD (@graph, arrays, mainEntity, author
 * objects and @id references), microdata (the page's first top-level item),
 * Open Graph / Twitter / article:* <meta>, other <meta> (author,
 * description, keywords, date, dc.*, dcterms.*, citation_*, parsely-*,
 * sailthru.*, a key ending in a publication-date word, Slack's
 * twitter:labelN "Written by" with twitter:dataN), visible bylines
 * (rel=author, class or id naming an author or byline) and <time datetime>,
 * bylines in the text ("By Jane Doe", or such a label and the name in the
 * next text), then <title>.  Each field takes the value of
 * its most trusted source; a field no source gives, or gives in a form that
 * cannot be read (a date that is not a date, a URL that does not resolve),
 * is omitted rather than guessed.
 *
 * The title is the page's own: a site name after or before a separator
 * (" | ", " - ", " – ", " — ", " :: ", " · ", " • ", " » ") is cut when it
 * matches og:site_name, the JSON-LD publisher or website name, or the host;
 * when the first <h1> equals one part of the title, that part is the title;
 * a single <h1> is the title when it shares half its words with the
 * metadata's, or when og:title and <title> disagree (or one is missing); a
 * JSON-LD or microdata title that shares no word with og:title, <title> or
 * the <h1> is none.  What these rules give is then one candidate among the
 * others (each source's text whole, every run of its parts at separators,
 * the distinct <h1>s, the first <h2> of a page without one): the title is
 * the one a linear ranker scores highest (title_model.h); where the rules
 * find none, there is none.
 *
 * Without a published date in the markup: the first date in the byline
 * region (after the first <h1>, else the first <h2>; else in the 4 texts
 * right before it), else the date it
 * shows as updated, else an element marked as an update's date, else the
 * URL's day.
 *
 * The language is the declared one (<html lang>, else a Content-Language
 * <meta>), reduced to its BCP 47 primary subtag, with confidence 1 and
 * source "declared"; without a declaration, CLD2's answer on the first
 * 64 KB of the visible text of the page's main region (its first <main>
 * or <article> when that holds 200 bytes or more, else the whole page;
 * langdetect.h), source "detected".
 */
#ifndef TD_METADATA_H
#define TD_METADATA_H

#include "base/tree.h"

typedef struct td_meta_options
{
	const char *base_url;		/* the page's URL (NULL: none): resolves the
								 * canonical and image URLs, names the host */
	size_t		base_len;
	int			detect_language;	/* run CLD2 when nothing is declared */
	int			force_detect;	/* run CLD2 even when a language is declared
								 * (bench/metadata_dump -d: the detector measured
								 * against declarations); page_metadata never sets it */
	td_buf	   *title_candidates;	/* not NULL: the title's candidates and their
									 * features appended, one a line
									 * (bench/metadata_dump -c); page_metadata
									 * passes NULL */
} td_meta_options;

/* Longest value kept of one string field, in bytes (cut at a character). */
#define TD_META_MAX_VALUE	2048
/* Most authors, keywords and types listed. */
#define TD_META_MAX_LIST	32
/* JSON-LD: most blocks read, most values per block, most entities per block. */
#define TD_META_MAX_BLOCKS		32
#define TD_META_MAX_JSON_VALUES 20000
#define TD_META_MAX_ENTITIES	256

/*
 * Appends the metadata of tree as a JSON object (UTF-8, keys in a fixed
 * order, no field that was not found: "{}" for a page with none) to out.
 * TD_ENOMEM, TD_EINTR (polled per node), or TD_OK.  A JSON-LD block that is
 * not JSON is ignored, never an error.
 */
td_status	td_page_metadata(const td_tree *tree, const td_meta_options *opt, td_buf *out);

#endif							/* TD_METADATA_H */
