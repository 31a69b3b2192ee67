/*
 * features.h — the page-level classifier's feature vector per element node
 * (seed 000 §5.2), computed from the page tree alone: no browser, no layout.
 *
 * The paper's features come from a rendered page (position, area in pixels);
 * ours approximate them from document order and visible text:
 *
 *   - closeness to the page's margins: the share of the page's visible
 *     characters before the node (document order) and after its subtree, and
 *     the smaller of the two (a node near either end of the text is near a
 *     margin of the rendered page, where navigation and footers sit);
 *   - the node's area A_i (td_feat_area below): visible characters plus
 *     TD_AREA_PER_MEDIA per visible image/media element.
 *
 * Counting rules shared by all features: "visible characters" are those of
 * td_visible_lengths (non-blank code points outside hidden elements); a
 * "word" is a maximal run of letters/digits (ASCII letters and digits, and
 * every non-ASCII byte) inside one text node, so a word split by inline
 * markup ("foo<b>bar</b>") counts as two; a "link" is an <a> with an href.
 *
 * One pass down (document order, parents first) and one pass up (reverse
 * order, children first): O(n) plus O(words · log t) for the title lookup
 * (t = distinct title words), no recursion.
 *
 * TD_FEAT_SCHEME changes whenever a feature's definition, the list, its
 * order, the area formula or the size-class bounds change: a model trained
 * under one scheme is refused under another.
 */
/*
 * (Always included as "page/features.h": a bare features.h on an include
 * path would shadow glibc's own <features.h>, which every libc header
 * includes.)
 */
#ifndef TD_TD_FEATURES_H
#define TD_TD_FEATURES_H

#include "base/tree.h"

#define TD_FEAT_SCHEME		2

/*
 * Area A_i = visible characters of the subtree + TD_AREA_PER_MEDIA for each
 * visible img, svg, video, canvas, iframe, embed and object in it (an image
 * takes about as much of a page as a short paragraph; the constant is a
 * guess at a typical inline image of ~100x100 px against ~80 characters per
 * text line of ~20 px).  Size class (four, §5.2): A < 40 tiny (a link, a
 * label), < 400 small (a menu, a caption), < 4000 medium (a section), else
 * large (the page's main blocks).
 */
#define TD_AREA_PER_MEDIA	100
#define TD_N_SIZE_CLASSES	4
#define TD_SIZE_BOUND_1		40
#define TD_SIZE_BOUND_2		400
#define TD_SIZE_BOUND_3		4000

/*
 * X(ID, "name"): the features in vector order.  Definitions (all 0 when the
 * denominator is 0):
 *   text_before       visible chars of the page before the node / page's
 *   text_after        visible chars after the node's subtree / page's
 *   margin            min(text_before, text_after)
 *   page_share        node's visible chars / page's
 *   log_area          ln(1 + A_i)
 *   links_per_word    links in the subtree / words
 *   anchor_text       visible chars inside <a> elements / node's visible chars
 *   anchor_size       words inside links / links (mean words per anchor)
 *   intra_links       intra-site links / links: td_url_same_site of the
 *                     page's URL and the href (relative: intra; other
 *                     than http(s): not; no page URL: absolute is not)
 *   visible_per_byte  visible chars / approximate HTML bytes of the subtree
 *                     (per element 2·|name| + 5, or |name| + 2 when void,
 *                     plus |name| + |value| + 4 per attribute; text bytes)
 *   title_words       words also in the page's <title> (stop words removed
 *                     from the title) / words
 *   depth             depth / deepest depth of the page
 *   log_children      ln(1 + element children)
 *   punct_per_word    sentence ends in visible text / words: runs of . ! ?
 *                     not followed by a letter or digit ("3.5" none, "..." one)
 *   avg_word_len      bytes in words / words (UTF-8 bytes: a rough length)
 *   log_media         ln(1 + visible media elements in the subtree)
 *   tag_*             1 when the element is that tag: nav, header, footer,
 *                     aside, list (ul, ol, li), a, p, div, table (table,
 *                     tbody, tr, td, th), form, heading (h1..h6), article
 *                     (article, main)
 *   tok_*             1 when a token of the element's id or class (split at
 *                     non-alphanumerics and at camelCase humps, lower-cased)
 *                     begins with the keyword; tok_ad matches the tokens
 *                     ad, ads, and those beginning with advert or sponsor;
 *                     tok_share also matches sharing; tok_login also signin;
 *                     tok_content: content, article, post, entry, main, story
 *   in_template_area  1 when the element or an ancestor is nav, header,
 *                     footer or aside, or has one of the template tok_*
 *                     (all but tok_content)
 *   in_content_area   1 when the element or an ancestor is article or main
 *                     or has tok_content
 *   in_main           1 when the element is the page's main block or inside
 *                     it (below: Readability.js's top candidate, without a
 *                     browser)
 *   has_main          1 when the element is a proper ancestor of the main block
 *   main_share        1 inside the main block, visible chars of the main
 *                     block / the element's for its ancestors, else 0
 *   rel_score         the element's candidate score / the main block's
 *
 * The main block: every element with at least 25 visible characters of its
 * own text (text whose nearest block-level ancestor it is: inline children
 * such as <a> or <em> included) scores 1 + its commas + min(3, chars / 100);
 * the score goes in full to the element's parent and in half to its
 * grandparent; a candidate (an element that received some) adds an initial
 * score by tag (div +5; pre, td, blockquote +3; address, lists, dd, dt, li,
 * form -3; headings, th -5) and by id/class (+25 with tok_content, -25 with
 * any template tok_*), and is then scaled by (1 - its anchor-text share);
 * the main block is the first candidate with the highest positive score.
 * Site-level labels cannot teach the classifier where a page's article is;
 * this heuristic, the core of Readability.js (the best peer on Dragnet),
 * can (bench/README.md, "Main-block features").
 *
 * The main region (td_features.main_region) goes on as Readability.js
 * does: an ancestor of three of the next four candidates scoring within 75%
 * of the main block replaces it; so does the first ancestor, going up, that
 * scores above the one below it; an only child gives way to its parent;
 * then siblings scoring at least max(10, 20%) of it (+20% for the same
 * class) and text-like paragraphs beside it join it.  The features keep the
 * main block: with the region they lost 0.02 F1 on Dragnet; clean_text with
 * a profile keeps the region from page-level drops (pagelevel.h).
 */
#define TD_FEATURE_LIST(X) \
	X(TEXT_BEFORE, "text_before") X(TEXT_AFTER, "text_after") X(MARGIN, "margin") \
	X(PAGE_SHARE, "page_share") X(LOG_AREA, "log_area") \
	X(LINKS_PER_WORD, "links_per_word") X(ANCHOR_TEXT, "anchor_text") \
	X(ANCHOR_SIZE, "anchor_size") X(INTRA_LINKS, "intra_links") \
	X(VISIBLE_PER_BYTE, "visible_per_byte") X(TITLE_WORDS, "title_words") \
	X(DEPTH, "depth") X(LOG_CHILDREN, "log_children") \
	X(PUNCT_PER_WORD, "punct_per_word") X(AVG_WORD_LEN, "avg_word_len") \
	X(LOG_MEDIA, "log_media") \
	X(TAG_NAV, "tag_nav") X(TAG_HEADER, "tag_header") X(TAG_FOOTER, "tag_footer") \
	X(TAG_ASIDE, "tag_aside") X(TAG_LIST, "tag_list") X(TAG_A, "tag_a") \
	X(TAG_P, "tag_p") X(TAG_DIV, "tag_div") X(TAG_TABLE, "tag_table") \
	X(TAG_FORM, "tag_form") X(TAG_HEADING, "tag_heading") X(TAG_ARTICLE, "tag_article") \
	X(TOK_NAV, "tok_nav") X(TOK_MENU, "tok_menu") X(TOK_FOOTER, "tok_footer") \
	X(TOK_HEADER, "tok_header") X(TOK_SIDEBAR, "tok_sidebar") X(TOK_SHARE, "tok_share") \
	X(TOK_SOCIAL, "tok_social") X(TOK_COMMENT, "tok_comment") \
	X(TOK_BREADCRUMB, "tok_breadcrumb") X(TOK_RELATED, "tok_related") \
	X(TOK_WIDGET, "tok_widget") X(TOK_AD, "tok_ad") X(TOK_BANNER, "tok_banner") \
	X(TOK_COOKIE, "tok_cookie") X(TOK_COPYRIGHT, "tok_copyright") \
	X(TOK_LOGIN, "tok_login") X(TOK_SEARCH, "tok_search") X(TOK_CONTENT, "tok_content") \
	X(IN_TEMPLATE_AREA, "in_template_area") X(IN_CONTENT_AREA, "in_content_area") \
	X(IN_MAIN, "in_main") X(HAS_MAIN, "has_main") X(MAIN_SHARE, "main_share") \
	X(REL_SCORE, "rel_score")

enum td_feature_id
{
#define TD_FEAT_ENUM(id, name) TD_FEAT_##id,
	TD_FEATURE_LIST(TD_FEAT_ENUM)
#undef TD_FEAT_ENUM
	TD_N_FEATURES
};

/* Names in vector order (they go into a model's JSON). */
extern const char *const td_feature_names[TD_N_FEATURES];

typedef struct td_features
{
	float	   *x;				/* n_nodes rows of TD_N_FEATURES; all 0 for
								 * nodes that are not elements */
	uint32_t   *area;			/* A_i per node */
	uint8_t    *size_class;		/* 0..3 per node (td_size_class of area) */
	uint8_t    *main_region;	/* 1 on every node of the main region */
	uint32_t   *visible;		/* td_visible_lengths per node (kept for
								 * td_context_rows: not computed twice) */
	uint8_t    *name_ev;		/* per element: td_evidence_token's bits of its
								 * id/class tokens (for td_evidence_rows: the
								 * tokens are split once) */
	uint32_t	n_nodes;
} td_features;

/*
 * Features of every element of tree.  base_url (may be NULL) is the page's
 * URL as written, for intra-site links (td_url_same_site).  Arrays are
 * allocated with tree->env; release with td_features_free (also safe after
 * a failure).
 */
td_status	td_compute_features(const td_tree *tree, const char *base_url, size_t base_len,
								td_features *f);
void		td_features_free(const td_tree *tree, td_features *f);

static inline const float *
td_feature_row(const td_features *f, uint32_t i)
{
	return f->x + (size_t) i * TD_N_FEATURES;
}

/* The size class (0..3) of an area. */
int			td_size_class(uint32_t area);

#endif							/* TD_TD_FEATURES_H */
