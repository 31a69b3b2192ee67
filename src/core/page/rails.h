/*
 * rails.h — sections that a heading names as other pages: "You may also
 * like", "Related articles", "Customers also bought", "Similar threads",
 * "More from ...".  A product page's card rail, an article's related-stories
 * box or a thread's similar threads are links to other pages, and a page's
 * main text leaves them out (wcxb-dev: of 356 pages with such a heading, 24
 * keep the heading in their gold).  Page level sets them apart like a dialog
 * (pagelevel.c), unless a section holds over half of the page (checked
 * here, for the section as a whole) or an element of it is or holds the
 * main block (checked there, as for hidden text).
 *
 * A heading is an h1-h6 element of at most TD_RAIL_HEAD_MAX visible
 * characters whose text begins with one of rails.c's phrases (ASCII letters
 * folded, blanks collapsed, leading punctuation skipped; whole words).  Its
 * section: the heading, climbed to the outermost ancestor that holds no
 * other text (its wrappers), and that element's following siblings up to
 * the first one that holds a heading of the same or a higher level.  A box
 * that holds the heading and its links ends the section: the text after the
 * box is the page's (a "Don't miss" box inside a story).  A section holding over half of the page's visible text is
 * not a rail: it is the page (a "Latest news" hub).
 *
 * Cost: one pass over the nodes, and per matched heading (at most
 * TD_RAIL_MAX_HEADINGS per page) one walk over its section's siblings'
 * subtrees: O(n) per heading, O(TD_RAIL_MAX_HEADINGS n) at worst.
 */
#ifndef TD_RAILS_H
#define TD_RAILS_H

#include "base/tree.h"

#define TD_RAIL_HEAD_MAX		80	/* a longer heading is a title, not a section label */
#define TD_RAIL_MAX_HEADINGS	64

/*
 * Whether text[0, len) (a heading's text) names a section of other pages.
 */
int			td_rail_heading(const char *text, size_t len);

/*
 * Marks rail[i] = 1 on the elements that start a rail's section (its title
 * element and the siblings after it), 0 elsewhere; vis is
 * td_visible_lengths of the tree.  rail has tree->n_nodes bytes.
 * TD_EINTR when env->interrupted is set.
 */
td_status	td_rail_sections(const td_tree *tree, const uint32_t *vis, uint8_t *rail);

#endif							/* TD_RAILS_H */
