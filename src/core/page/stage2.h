/*
 * stage2.h — the second stage of the tree classifier (issue 12, sixth
 * session: auto-context / stacking).  Stage-1 trees (gbdt.h over context.h's
 * rows) give each shown element a probability p; stage-2 trees read the
 * element's same row followed by these columns, which say what stage 1 thought
 * of its neighbourhood: a nav link list's items look like content one by one,
 * but not when the list and its parent score as template.
 *
 * "Shown" elements are those page level scores (td_page_level: elements with
 * an area, not hidden, not html/body, not the root), given as the increasing
 * node ids which[0 .. n_rows); "parent" is the nearest shown ancestor; the
 * weight of an element is its visible characters + 1 (td_visible_lengths).
 *
 * X(ID, "name"):
 *   s1_p          the element's own p
 *   s1_parent     its parent's p (-1 when none: a child of the root)
 *   s1_gparent    its parent's parent's p (-1 when none)
 *   s1_anc_min    the smallest p over its shown ancestors (own p when none)
 *   s1_anc_max    the largest p over its shown ancestors (own p when none)
 *   s1_kids       weighted mean p of its shown children (own p when none)
 *   s1_sibs       weighted mean p of its parent's other shown children (own
 *                 p when none)
 *   s1_tag_sibs   the same over the siblings with its tag
 *   s1_sub_low    share of its visible text not inside a shown descendant
 *                 with p >= 0.5 (1 when it has no visible text)
 *   s1_pos        where it lies against the predicted content c (the
 *                 deepest node holding at least half of the page's text that
 *                 lies in no shown element with p >= 0.5): 0 inside c's
 *                 subtree, 1 an ancestor of c, 2 before c, 3 after it
 * and per page (the same on every row):
 *   p_s1_high     share of the page's visible text inside shown elements
 *                 with p >= 0.5
 *   p_s1_core     share of the page's visible text that c holds and no
 *                 element with p >= 0.5 takes
 *   p_s1_top      weighted mean p of the members of the page's top group
 *                 (evidence.h top_grp: shown elements flagged whose parent
 *                 is not), -1 when none
 *
 * O(n): a few passes over the nodes and rows, one hash table of the
 * (parent, tag) sibling groups, one allocation, no recursion, interrupt
 * polls in every loop over nodes.
 */
#ifndef TD_STAGE2_H
#define TD_STAGE2_H

#include "base/tree.h"

#define TD_STAGE2_LIST(X) \
	X(S1_P, "s1_p") X(S1_PARENT, "s1_parent") X(S1_GPARENT, "s1_gparent") \
	X(S1_ANC_MIN, "s1_anc_min") X(S1_ANC_MAX, "s1_anc_max") X(S1_KIDS, "s1_kids") \
	X(S1_SIBS, "s1_sibs") X(S1_TAG_SIBS, "s1_tag_sibs") X(S1_SUB_LOW, "s1_sub_low") \
	X(S1_POS, "s1_pos") X(P_S1_HIGH, "p_s1_high") X(P_S1_CORE, "p_s1_core") \
	X(P_S1_TOP, "p_s1_top")

enum td_stage2_id
{
#define TD_S2_ENUM(id, name) TD_S2_##id,
	TD_STAGE2_LIST(TD_S2_ENUM)
#undef TD_S2_ENUM
	TD_N_STAGE2
};

extern const char *const td_stage2_names[TD_N_STAGE2];

/*
 * Fills the stage-2 columns of rows which[0 .. n_rows) (increasing node ids,
 * each > 0 and < n_nodes): out + j * stride is the first column of
 * which[j]'s row (TD_N_STAGE2 floats, in list order).  vis: td_visible_lengths
 * of tree; p[j]: stage 1's probability of which[j]; top (may be NULL):
 * top[j * top_stride] != 0 when which[j] is in the page's top group.
 * TD_EARG when which is not increasing or out of range, TD_ENOMEM,
 * TD_EINTR (polled); out then partly filled.
 */
td_status	td_stage2_cols(const td_tree *tree, const uint32_t *vis, const uint32_t *which,
						   uint32_t n_rows, const double *p, const float *top,
						   size_t top_stride, float *out, size_t stride);

#endif							/* TD_STAGE2_H */
