/*
 * pagetype.h — the kind of a web page, one of WCXB's seven page types
 * (article, documentation, service, forum, product, collection, listing),
 * from its tree and, when known, its URL: page-level features (counts and
 * shares of telling elements, repeated same-shape sibling groups, link
 * density, JSON-LD / microdata / RDFa @type values, og:type, prices,
 * "add to cart" text, phrases, id/class tokens, URL path tokens) and a
 * multinomial logistic regression (softmax) over them, trained offline on wcxb-dev by
 * bench/page_type.c (weights in pagetype_model.c, generated).
 *
 * Features are computed in two passes over the nodes (document order), with
 * the keys of (parent, shape) groups radix-sorted and a binary search per
 * element among the repeated ones: O(n log n + text + attribute bytes)
 * whatever the page (no hash table a page could make collide), no
 * recursion, polling env->interrupted.  Only the first
 * TD_PT_MAX_ATTR_BYTES bytes of an id/class value, TD_PT_MAX_URL bytes of
 * the URL and TD_PT_MAX_JSONLD bytes of each JSON-LD script are read.
 *
 * TD_PT_SCHEME changes whenever a feature's definition, the list or its
 * order change: the generated model asserts the scheme it was trained under.
 */
#ifndef TD_PAGETYPE_H
#define TD_PAGETYPE_H

#include "base/tree.h"

#define TD_PT_SCHEME	2

#define TD_PT_MAX_ATTR_BYTES	256
#define TD_PT_MAX_URL			2048
#define TD_PT_MAX_JSONLD		(1024 * 1024)

/* The page types, in the order of every probability vector. */
#define TD_PT_TYPES(X) \
	X(ARTICLE, "article") X(DOCUMENTATION, "documentation") X(SERVICE, "service") \
	X(FORUM, "forum") X(PRODUCT, "product") X(COLLECTION, "collection") X(LISTING, "listing")

typedef enum td_page_type_id
{
#define TD_PT_ENUM(id, name) TD_PT_##id,
	TD_PT_TYPES(TD_PT_ENUM)
#undef TD_PT_ENUM
	TD_PT_N_TYPES
} td_page_type_id;

/* Name of type k (0..TD_PT_N_TYPES-1), e.g. "article". */
const char *td_page_type_name(int k);

/*
 * The features, in vector order.  log_* are ln(1 + count); share_* are
 * visible characters (non-blank bytes of text outside hidden elements) in
 * such elements / the page's; ld_* are 1 when a JSON-LD (script type
 * application/ld+json, "@type" values), microdata (itemtype) or RDFa
 * (typeof) type of that group is on the page; tok_* are ln(1 + elements
 * with an id/class token, split at non-alphanumerics and camelCase humps,
 * beginning with a keyword of that group); ph_* are ln(1 + whole-word,
 * ASCII case-insensitive occurrences of that group's phrases in the visible
 * text: "posted by", "in stock", "contact us", "sort by", "parameters",
 * "min read"...); url_* are 1 when a path segment
 * of the URL (lower-cased) is one of the group's words; has_url is 1 when
 * there is a URL (see td_pt_standardize).
 */
#define TD_PT_FEATURES(X) \
	X(LOG_TEXT, "log_text") X(LOG_ELEMENTS, "log_elements") X(LINK_SHARE, "link_share") \
	X(LOG_LINKS, "log_links") X(LINKS_PER_KCHAR, "links_per_kchar") \
	X(LOG_ARTICLE, "log_article") X(LOG_MAIN, "log_main") X(LOG_SECTION, "log_section") \
	X(LOG_FORM, "log_form") X(LOG_INPUT, "log_input") X(LOG_BUTTON, "log_button") \
	X(LOG_SELECT, "log_select") X(LOG_TEXTAREA, "log_textarea") \
	X(LOG_PRE, "log_pre") X(LOG_CODE, "log_code") X(LOG_TABLE, "log_table") \
	X(LOG_CELLS, "log_cells") X(LOG_H1, "log_h1") X(LOG_HEADINGS, "log_headings") \
	X(LOG_LI, "log_li") X(LOG_P, "log_p") X(LOG_IMG, "log_img") X(LOG_NAV, "log_nav") \
	X(LOG_ASIDE, "log_aside") X(LOG_TIME, "log_time") X(LOG_DL, "log_dl") \
	X(LOG_BLOCKQUOTE, "log_blockquote") X(LOG_FIGURE, "log_figure") X(LOG_VIDEO, "log_video") \
	X(SHARE_P, "share_p") X(SHARE_LI, "share_li") X(SHARE_CELLS, "share_cells") \
	X(SHARE_CODE, "share_code") X(SHARE_HEADINGS, "share_headings") \
	X(SHARE_ARTICLE, "share_article") X(SHARE_REPEATED, "share_repeated") \
	X(LOG_REP_GROUPS, "log_rep_groups") X(LOG_REP_MAX, "log_rep_max") \
	X(LOG_REP_ITEMS, "log_rep_items") X(P_CHARS, "p_chars") \
	X(LD_PRODUCT, "ld_product") X(LD_OFFER, "ld_offer") X(LD_ARTICLE, "ld_article") \
	X(LD_FORUM, "ld_forum") X(LD_QA, "ld_qa") X(LD_LIST, "ld_list") \
	X(LD_BREADCRUMB, "ld_breadcrumb") X(LD_FAQ, "ld_faq") X(LD_TECH, "ld_tech") \
	X(LD_SERVICE, "ld_service") X(LD_REVIEW, "ld_review") X(LD_EVENT, "ld_event") \
	X(OG_ARTICLE, "og_article") X(OG_PRODUCT, "og_product") X(OG_WEBSITE, "og_website") \
	X(LOG_PRICES, "log_prices") X(ADD_TO_CART, "add_to_cart") \
	X(TOK_COMMENT, "tok_comment") X(TOK_POST, "tok_post") X(TOK_USER, "tok_user") \
	X(TOK_PRODUCT, "tok_product") X(TOK_PRICE, "tok_price") X(TOK_CART, "tok_cart") \
	X(TOK_RATING, "tok_rating") X(TOK_DOCS, "tok_docs") X(TOK_GRID, "tok_grid") \
	X(TOK_PAGING, "tok_paging") X(TOK_FILTER, "tok_filter") X(TOK_SERVICE, "tok_service") \
	X(TOK_ARTICLE, "tok_article") \
	X(PH_FORUM, "ph_forum") X(PH_PRODUCT, "ph_product") X(PH_SERVICE, "ph_service") \
	X(PH_LISTING, "ph_listing") X(PH_DOCS, "ph_docs") X(PH_ARTICLE, "ph_article") \
	X(HAS_URL, "has_url") X(URL_DEPTH, "url_depth") X(URL_SLUG, "url_slug") \
	X(URL_PRODUCT, "url_product") X(URL_FORUM, "url_forum") X(URL_QA, "url_qa") \
	X(URL_DOCS, "url_docs") X(URL_LIST, "url_list") X(URL_SEARCH, "url_search") \
	X(URL_PAGE, "url_page") X(URL_BLOG, "url_blog") X(URL_DATE, "url_date") \
	X(URL_SERVICE, "url_service")

typedef enum td_pt_feature_id
{
#define TD_PT_FEAT_ENUM(id, name) TD_PTF_##id,
	TD_PT_FEATURES(TD_PT_FEAT_ENUM)
#undef TD_PT_FEAT_ENUM
	TD_PT_N_FEATURES
} td_pt_feature_id;

/* Name of feature k, e.g. "log_text". */
const char *td_pt_feature_name(int k);

/*
 * A softmax model: p(k) ∝ exp(bias[k] + Σ weight[k][j] · (x[j] - mean[j]) /
 * scale[j]).
 */
typedef struct td_pt_model
{
	double		mean[TD_PT_N_FEATURES];
	double		scale[TD_PT_N_FEATURES];	/* > 0 */
	double		bias[TD_PT_N_TYPES];
	double		weight[TD_PT_N_TYPES][TD_PT_N_FEATURES];
} td_pt_model;

/*
 * The built-in models (pagetype_model.c, generated by bench/page_type.c):
 * with_url 1, trained on every feature; 0, trained without the url_*
 * features, for pages given no URL (measured better for them than the
 * first with its URL features at their mean: bench/README.md, "Page type").
 */
const td_pt_model *td_pt_default_model(int with_url);

/*
 * The features of the page (x: TD_PT_N_FEATURES values).  url may be NULL
 * (no URL: every url_* is 0).  Scratch memory through tree->env; TD_ENOMEM
 * or TD_EINTR.
 */
td_status	td_page_type_features(const td_tree *tree, const char *url, size_t url_len,
								  double *x);

/*
 * The standardized features z of x, as the model reads them: (x - mean) /
 * scale, except that has_url is only a marker (z = 0) and, on a page
 * without a URL (has_url 0), every url_* is 0 too: the features of a
 * missing URL sit at their training mean and move no probability.  The
 * trainer (bench/page_type.c) standardizes with the same function.
 */
void		td_pt_standardize(const double *mean, const double *scale, const double *x,
							  double *z);

/* The probabilities of the seven types (prob: TD_PT_N_TYPES, summing to 1). */
void		td_page_type_probs(const td_pt_model *m, const double *x, double *prob);

/*
 * The page's type: the probabilities of the built-in model for a page with
 * or without a URL (url NULL) (prob, may be
 * NULL) and the most probable type (*best, may be NULL; ties go to the
 * first in TD_PT_TYPES order).
 */
td_status	td_page_type(const td_tree *tree, const char *url, size_t url_len,
						 double *prob, int *best);

#endif							/* TD_PAGETYPE_H */
