/*
 * safehtml.h — the kept content of a page as HTML safe to show in a
 * browser (clean_html).
 */
#ifndef TD_SAFEHTML_H
#define TD_SAFEHTML_H

#include "base/tree.h"

/*
 * Appends to out an HTML fragment of the nodes not marked in drop (may be
 * NULL) and not hidden (script, style, head...):
 *   - structural elements only: h1-h6, p, br, ul, ol, li, dl, dt, dd,
 *     table, caption, thead, tbody, tfoot, tr, th, td (colspan and rowspan
 *     from 2 to 1000), pre, code, blockquote, figure, figcaption, img (src
 *     and alt), a (href), em, strong, b, i, sub, sup, with no other
 *     attribute;
 *   - every other element unwrapped to its children; runs of inline
 *     content that an unwrapped block (div, section...) held are wrapped in
 *     <p> where a paragraph may stand, or separated by <br> inside a kept
 *     block, so words of two blocks never run together;
 *   - href and src through td_out_url (outurl.h) against base (may be
 *     NULL): http, https, mailto (href only) and relative addresses, no
 *     javascript:, data: or other scheme; an <a> without one is unwrapped,
 *     an <img> without one left out;
 *   - text escaped, white space runs collapsed to one space outside <pre>,
 *     zero-width characters dropped (as td_render_text does).
 * Never recurses; polls env for interrupts; output linear in the page.
 */
td_status	td_render_safe_html(const td_tree *tree, const uint8_t *drop, const char *base,
								size_t base_len, td_buf *out);

#endif							/* TD_SAFEHTML_H */
