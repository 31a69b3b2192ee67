/*
 * render.h — visible text and HTML out of a page tree.
 *
 * Both renderers take an optional drop mark per node (NULL keeps everything);
 * a dropped node's whole subtree is skipped.  Neither recurses.
 */
#ifndef TD_RENDER_H
#define TD_RENDER_H

#include "base/tree.h"

/*
 * Visible text: text nodes outside hidden elements (script, style, noscript
 * unless tree.c shows it, template, head; comments are not in the tree),
 * entities already decoded by the parser; zero-width characters (U+200B,
 * U+200C, U+200D, U+2060, U+FEFF) dropped, the text on either side joined;
 * runs of white space collapsed to one space outside <pre>; one line break at the start and end of each block
 * element and at <br>; no leading/trailing blanks on a line, no empty lines,
 * no final newline.
 */
td_status	td_render_text(const td_tree *tree, const uint8_t *drop, td_buf *out);

/*
 * The text of the page's first <title> (hidden, so td_render_text leaves it
 * out), by the same rules: one line, appended to out; nothing without one.
 */
td_status	td_render_title(const td_tree *tree, td_buf *out);

/*
 * The white space the text renderer collapses (Unicode White_Space, U+00A0
 * included) and the zero-width characters it drops (U+200B, U+200C, U+200D,
 * U+2060, U+FEFF): the byte length of the one at p (p < end), or 0.  For
 * the other renderers of text (output/markdown.c), so every text output
 * splits and joins words alike.
 */
size_t		td_text_space_len(const unsigned char *p, const unsigned char *end);
size_t		td_text_zw_len(const unsigned char *p, const unsigned char *end);

/* Visible text of the subtree of node i only (same rules), appended to out. */
td_status	td_render_node_text(const td_tree *tree, uint32_t i, const uint8_t *drop, td_buf *out);

/*
 * Where each text node's words are in the page's visible text: bytes
 * [byte_start, byte_end) and code points [char_start, char_end), TD_NONE for
 * text nodes that wrote nothing and for elements.  Arrays of tree->n_nodes.
 */
typedef struct td_text_ranges
{
	uint32_t   *byte_start;
	uint32_t   *byte_end;
	uint32_t   *char_start;
	uint32_t   *char_end;
} td_text_ranges;

/*
 * td_render_text of the whole page (no drop) into out (emptied first),
 * filling ranges.  The text of any subtree (td_render_node_text) is then
 * the slice of out from its first word to its last: separators depend only
 * on what lies between two words, never on what is outside the subtree.
 * TD_ELIMIT when the text is over 4 GB.
 */
td_status	td_render_text_ranges(const td_tree *tree, td_buf *out, td_text_ranges *ranges);

/*
 * HTML: "<!DOCTYPE html>" then the kept elements with their attributes (names
 * lower-case, values escaped), text escaped, void elements without end tags,
 * raw-text elements (script/style) written verbatim.  Output is UTF-8.
 */
td_status	td_render_html(const td_tree *tree, const uint8_t *drop, td_buf *out);

/*
 * Appends s[0..len) escaped for HTML text (&, <, >), or for a quoted
 * attribute value too (attr: and ").
 */
td_status	td_html_escape(td_buf *out, const char *s, size_t len, int attr);

/*
 * The page as HTML that shows what a decision removes, safe to open: every
 * node is kept, and each outermost removed one (td_reason_removes(reason[i])
 * with a parent that is not) carries data-td-reason="NAME" (NAME VALUE when
 * value[i] >= 0, e.g. "site-share 0.93"), a removed text wrapped in a span;
 * a <style> legend colours them by reason.  Scripts, frames, objects,
 * embeds, <base> and <meta> are left out, and so are event handler
 * attributes (on*), srcdoc, and javascript: or data: URLs.  value may be NULL.
 */
td_status	td_render_explain(const td_tree *tree, const uint8_t *reason, const float *value,
							  td_buf *out);

/*
 * Visible (non-blank) characters per node after white-space collapsing, as
 * UTF-8 code points, summed over the subtree: len[i] for every node.  Used by
 * the 85% rule and by features.  len must hold tree->n_nodes entries.
 */
void		td_visible_lengths(const td_tree *tree, uint32_t *len);

/* The path of node i, like "/html/body/div[2]/p[1]" (1-based index among same-tag siblings). */
td_status	td_node_path(const td_tree *tree, uint32_t i, td_buf *out);

#endif
