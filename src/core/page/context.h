/*
 * context.h — page-context features for the tree classifier (gbdt.h,
 * issue 12): beside each element's own features (features.h), what kind of
 * page it sits in and where in the page's repeated structure it sits, so
 * that trees can learn interactions such as "comment-classed AND the page is
 * a thread of same-shape posts".  Computed once per page in expected O(n)
 * (the elements counted by parent and shape in a hash table; interrupt
 * polls per element), no recursion.
 *
 * A "shape" is an element's tag and its exact class attribute; a "group" is
 * the element children of one parent sharing a shape; a "repeated" element
 * is a member of a group of at least 3.
 *
 * X(ID, "name"), in vector order after the TD_N_FEATURES of features.h:
 *   size_class        the element's size class (0..3)
 *   rep_sib           ln(1 + size of the element's group - 1)
 *   rep_kids          ln(1 + size of the largest group among its children)
 *   in_rep            ln(1 + the largest repeated group the element or an
 *                     ancestor belongs to), 0 when none
 *   tmpl_small        1 when the element or an ancestor under 30% of the
 *                     page's visible text is nav/header/footer/aside or has
 *                     a template tok_* (in_template_area without the page
 *                     wrappers that carry such tokens)
 *   in_comment        1 when the element or an ancestor has tok_comment
 * and per page (the same on every element):
 *   p_rep_share       visible text inside repeated elements / page's
 *   p_main_links      anchor-text share of the main block
 *   p_main_share      page share of the main block
 *   p_ld_product      JSON-LD (script type *ld+json) names "Product"
 *   p_ld_article      ... "Article", "NewsArticle" or "BlogPosting"
 *   p_ld_forum        ... "DiscussionForumPosting", "QAPage" or "Question"
 *   p_ld_list         ... "ItemList", "CollectionPage", "SearchResultsPage"
 *                     or "OfferCatalog"
 *   p_og_article      <meta property=og:type content=article>
 *   p_og_product      og:type product (or product.item, product.group)
 *   p_articles        ln(1 + <article> elements)
 *   p_has_main        a <main> element or role=main
 *   p_comment_share   visible text under tok_comment elements / page's
 *   p_link_share      visible text inside links / page's
 *   p_log_chars       ln(1 + the page's visible characters)
 * then evidence.h's columns (td_evidence_rows).
 */
#ifndef TD_CONTEXT_H
#define TD_CONTEXT_H

#include "page/evidence.h"
#include "page/features.h"

#define TD_CONTEXT_LIST(X) \
	X(SIZE_CLASS, "size_class") X(REP_SIB, "rep_sib") X(REP_KIDS, "rep_kids") \
	X(IN_REP, "in_rep") X(TMPL_SMALL, "tmpl_small") X(IN_COMMENT, "in_comment") \
	X(P_REP_SHARE, "p_rep_share") X(P_MAIN_LINKS, "p_main_links") \
	X(P_MAIN_SHARE, "p_main_share") X(P_LD_PRODUCT, "p_ld_product") \
	X(P_LD_ARTICLE, "p_ld_article") X(P_LD_FORUM, "p_ld_forum") X(P_LD_LIST, "p_ld_list") \
	X(P_OG_ARTICLE, "p_og_article") X(P_OG_PRODUCT, "p_og_product") \
	X(P_ARTICLES, "p_articles") X(P_HAS_MAIN, "p_has_main") \
	X(P_COMMENT_SHARE, "p_comment_share") X(P_LINK_SHARE, "p_link_share") \
	X(P_LOG_CHARS, "p_log_chars") TD_EVIDENCE_LIST(X)

enum td_context_id
{
#define TD_CTX_ENUM(id, name) TD_CTX_##id,
	TD_CONTEXT_LIST(TD_CTX_ENUM)
#undef TD_CTX_ENUM
	TD_N_CONTEXT
};

/* Row length of the tree classifier: the element's features, then these. */
#define TD_N_ROW (TD_N_FEATURES + TD_N_CONTEXT)

/* Row column of evidence.h's first column. */
#define TD_ROW_EVIDENCE (TD_N_FEATURES + TD_CTX_EV_IN_UGC)

extern const char *const td_context_names[TD_N_CONTEXT];

/* The name of row column j < TD_N_ROW: features.h's, then these. */
const char *td_row_name(uint32_t j);

/*
 * The shape of element i (above): a hash of its tag and exact class
 * attribute, and of its name when the tag is not one tags.h knows.
 */
uint64_t	td_node_shape(const td_tree *t, uint32_t i);

/*
 * Full rows of every node (n_nodes x TD_N_ROW, allocated with tree->env into
 * *rows; the caller frees with td_free): features.h's row, then the context
 * features; all 0 on nodes that are not elements.
 */
td_status	td_context_rows(const td_tree *tree, const td_features *f, float **rows);

/*
 * The rows of the nodes which[0 .. n_rows) only (each < n_nodes), row j
 * that of which[j] (n_rows x TD_N_ROW): what td_page_level scores, without
 * a row for every text node.  which NULL: every node (td_context_rows).
 */
td_status	td_context_rows_of(const td_tree *tree, const td_features *f,
							   const uint32_t *which, uint32_t n_rows, float **rows);

#endif							/* TD_CONTEXT_H */
