/*
 * markdown.h — the kept content of a page as CommonMark with GFM tables
 * (clean_markdown).
 */
#ifndef TD_MARKDOWN_H
#define TD_MARKDOWN_H

#include "base/tree.h"

typedef struct td_md_options
{
	const char *base;			/* the page's URL, for relative links (NULL: none) */
	size_t		base_len;
	int			links;			/* write <a href> as [text](url) */
	int			images;			/* write <img src> as ![alt](url) */
} td_md_options;

/*
 * Appends to out the nodes not marked in drop (may be NULL) and not hidden,
 * as CommonMark (GFM tables):
 *   - h1-h6 as ATX headings; ul/ol/li as lists, nested ones indented by the
 *     width of their parent's marker; blockquote as "> "; pre (and the
 *     other elements that keep white space) as a fenced code block whose
 *     text is the page's byte for byte (zero-width characters aside), the
 *     fence one backtick longer than any run inside; hr as "***"; every
 *     other block element (p, div, dt, dd, cells of other tables...) as
 *     paragraphs;
 *   - a table whose rows hold only th/td cells without colspan or rowspan
 *     and no table inside as a GFM table (its first row the header, pipes
 *     escaped, blocks in a cell joined by spaces); other tables as
 *     paragraphs of cells;
 *   - em/i and strong/b as * and **, code as a code span, br as a hard
 *     line break, links and images only when asked (addresses through
 *     td_out_url, outurl.h, as clean_html);
 *   - text with white space collapsed and zero-width characters dropped as
 *     td_render_text does, every character that could start markup
 *     escaped, and an emphasis written only where CommonMark's flanking
 *     rules make it one, so that the Markdown rendered back to HTML by a
 *     CommonMark parser has the words of td_render_text, in order.
 * No final newline.  Never recurses; polls env for interrupts; output
 * linear in the page (lists and quotes deeper than 32 are written as
 * paragraphs, so the indentation of a line is bounded).
 */
td_status	td_render_markdown(const td_tree *tree, const uint8_t *drop,
							   const td_md_options *options, td_buf *out);

#endif							/* TD_MARKDOWN_H */
