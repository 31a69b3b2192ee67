/*
 * nodeinfo.h — what the set-returning functions print for each node of a
 * page (its path, its subtree's visible text), prepared once per page so
 * that printing every node costs the size of what is printed.
 *
 * td_node_path and td_render_node_text answer for one node: path steps
 * count same-name siblings, and a node's text re-renders its subtree, so
 * asking for every node of a page is quadratic in a parent's child count
 * and in the depth.  td_nodeinfo numbers every node among its same-name
 * siblings one parent at a time (a sort only for a wide parent) and renders
 * the page's text once, each node's text being a
 * slice of it (render.h, td_render_text_ranges).
 */
#ifndef TD_NODEINFO_H
#define TD_NODEINFO_H

#include "base/render.h"

/* td_nodeinfo_build: what to prepare */
#define TD_NODEINFO_PATHS	0x01
#define TD_NODEINFO_TEXT	0x02

typedef struct td_nodeinfo
{
	const td_tree *tree;
	uint32_t   *position;		/* PATHS: 1-based among same-name siblings; 0 when the only one */
	uint32_t   *chain;			/* PATHS: scratch for one path (max depth + 1 entries) */
	td_buf		text;			/* TEXT: the page's visible text */
	td_text_ranges ranges;		/* TEXT: every node's slice of text (subtrees summed) */
} td_nodeinfo;

/*
 * Prepares what (TD_NODEINFO_*) for tree, with tree->env: O(n log n) in the
 * nodes plus the page's text.  Release with td_nodeinfo_free (also after a
 * failure); the tree must outlive it.
 */
td_status	td_nodeinfo_build(const td_tree *tree, unsigned what, td_nodeinfo *ni);
void		td_nodeinfo_free(td_nodeinfo *ni);

/*
 * td_node_path of node i, appended to out, in O(what is appended): its last
 * max_steps steps (at least 1, its own), after TD_PATH_ELIDED ("...") when
 * there are more (a node deeper than max_steps); TD_PATH_ALL_STEPS for the
 * whole path.  A step is a name of at most the parser's name length (libxml2:
 * 100 bytes) and a position, so a bounded path is a bounded string.
 */
#define TD_PATH_ALL_STEPS	UINT32_MAX
#define TD_PATH_ELIDED		"..."	/* ASCII: every server encoding has it; a
										 * whole path starts with '/' */
td_status	td_nodeinfo_path(td_nodeinfo *ni, uint32_t i, uint32_t max_steps, td_buf *out);

/*
 * The visible text of node i's subtree (td_render_node_text without drop):
 * its first max_chars code points appended to out, and in *length (may be
 * NULL) its full length in code points, in O(max_chars).
 */
td_status	td_nodeinfo_text(const td_nodeinfo *ni, uint32_t i, uint32_t max_chars,
							 td_buf *out, uint32_t *length);

#endif							/* TD_NODEINFO_H */
