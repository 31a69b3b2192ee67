/*
 * evidence.h — more page-context columns for the tree classifier (issue 12,
 * forums, collections, listings, products, services): appended to
 * context.h's list, filled by td_evidence_rows from td_context_rows.
 *
 * Computed in O(n): two passes over the nodes in document order (parents
 * first) and one hash table of the elements' same-shape sibling groups
 * (expected O(1) per element; td_context_rows_of hands over the groups its
 * own table found instead, td_evidence_rows_grouped); no recursion.  (The main region's position
 * and heading counts were measured and dropped: bench/README.md, "Issue 12,
 * fourth session".)  A "group" is the element children of one parent with the
 * same tag and class attribute (context.h's shape); "visible" characters
 * are td_visible_lengths'.
 *
 * X(ID, "name") (all 0 on nodes that are not elements):
 *   in_ugc        1 when the element or an ancestor is user-written: an
 *                 id/class token that is post or posts, or begins with reply,
 *                 review, answer, message, thread, topic, forum, discussion,
 *                 question or testimonial; or a microdata itemtype naming
 *                 Comment, Review, Answer, Question or DiscussionForumPosting
 *   ip_body       1 when the element or an ancestor carries a microdata
 *                 itemprop naming description, articleBody, reviewBody or text
 *   ip_product    1 when the element or an ancestor is a microdata item
 *                 whose itemtype names Product or Offer, or has itemprop offers
 *   in_tab        1 when the element or an ancestor has role=tabpanel or an
 *                 id/class token tab, tabs, or beginning with tabpanel,
 *                 tabpane or tabcontent
 *   css_hidden    1 when the element or an ancestor has the hidden
 *                 attribute, aria-hidden=true, or a style with display:none
 *                 or visibility:hidden in its first 256 non-blank bytes
 *                 (text the tree counts as visible)
 *   sec_links     anchor-text share (features.h anchor_text) of the nearest
 *                 element-or-ancestor holding >= 25% of the page's visible text
 *   grp_share     visible text of the element's group / page's
 *   in_grp_share  largest grp_share of a group of >= 3 that the element or
 *                 an ancestor belongs to
 *   top_grp       1 when the element or an ancestor is in the page's top
 *                 group: the group of >= 3 members holding the most text
 * and per page:
 *   p_top_share   the top group's visible text / page's
 *   p_top_links   anchor-text share of the top group's visible text
 */
#ifndef TD_EVIDENCE_H
#define TD_EVIDENCE_H

#include "page/features.h"

#define TD_EVIDENCE_LIST(X) \
	X(EV_IN_UGC, "in_ugc") X(EV_IP_BODY, "ip_body") X(EV_IP_PRODUCT, "ip_product") \
	X(EV_IN_TAB, "in_tab") X(EV_CSS_HIDDEN, "css_hidden") X(EV_SEC_LINKS, "sec_links") \
	X(EV_GRP_SHARE, "grp_share") X(EV_IN_GRP_SHARE, "in_grp_share") X(EV_TOP_GRP, "top_grp") \
	X(EV_P_TOP_SHARE, "p_top_share") X(EV_P_TOP_LINKS, "p_top_links")

enum td_evidence_id
{
#define TD_EV_ENUM(id, name) TD_##id,
	TD_EVIDENCE_LIST(TD_EV_ENUM)
#undef TD_EV_ENUM
	TD_N_EVIDENCE
};

/*
 * Fills the evidence columns of the rows of nodes which[0 .. n_rows) (which
 * NULL: every node, n_rows = n_nodes): out + j * stride is the first
 * evidence column of which[j]'s row (TD_N_EVIDENCE floats, in list order);
 * the caller has zeroed the rows of nodes that are not elements (and the
 * root's) and leaves them so.
 * vis: td_visible_lengths of tree; f: its features (anchor_text,
 * page_share).  Allocates with tree->env; TD_ENOMEM or
 * TD_EINTR (polled) on failure, out then partly filled.
 */
td_status	td_evidence_rows(const td_tree *tree, const td_features *f, const uint32_t *vis,
							 const uint32_t *which, uint32_t n_rows, float *out, size_t stride);

/*
 * td_evidence_rows with the same-shape sibling groups already known (as
 * td_context_rows_of knows them): group[i] of every element i >= 1, in
 * 0 .. n_groups, numbered in the order of each group's first element in
 * the document, which is what td_evidence_rows' own table finds.
 */
td_status	td_evidence_rows_grouped(const td_tree *tree, const td_features *f,
									 const uint32_t *vis, const uint32_t *group,
									 uint32_t n_groups, const uint32_t *which,
									 uint32_t n_rows, float *out, size_t stride);

/*
 * The in_ugc and in_tab bits of one lower-cased id/class token tok[0, len)
 * (len >= 1, cut to at least 31 bytes: the words above are shorter), as
 * td_evidence_rows reads them: td_compute_features ORs them per element
 * into td_features.name_ev while it splits the same tokens for its tok_*
 * features.
 */
uint8_t		td_evidence_token(const char *tok, size_t len);

#endif							/* TD_EVIDENCE_H */
