/*
 * pagelevel.h — page-level template detection (seed 000 §3-§5): a
 * templateness score per element from the classifier (logreg.h), nodes too
 * small to judge hidden and rolled into their nearest shown ancestor, the
 * regularized tree isotonic smoothing of the scores (isotonic.h) with
 * penalty gamma_i = c * A / A_i (§5.3), and the segments it yields.  A
 * dialog (a <dialog>, role dialog or alertdialog, aria-modal="true") and an
 * element with a screen-reader-only class (sr-only, visually-hidden,
 * visuallyhidden, screen-reader-text, element-invisible) are template
 * whatever the classifier says: a segment of its own smoothed 1, whatever
 * its size.  So is text its inline style hides, unless a control shows it
 * or it holds over half of the page's visible text or its main block; and
 * so are a forum's signatures and poster statistics, a section a heading
 * names as other pages (rails.h) and a <select>'s options under the same
 * two guards, and the page's <footer> (one in no <article>, <aside>,
 * <main>, <nav> or <section>) under the first.
 */
#ifndef TD_PAGELEVEL_H
#define TD_PAGELEVEL_H

#include "page/logreg.h"
#include "base/tree.h"
#include "base/reason.h"

#define TD_DEFAULT_PENALTY		0.01	/* c of §5.3 */
#define TD_DEFAULT_PAGE_THRESHOLD 0.5	/* smoothed score at or above: template */
/*
 * Site-level and page-level marks together (clean_text with a profile):
 * page level judges at TD_DEFAULT_COMBINED_THRESHOLD and drops nothing of
 * the page's main region, and only on pages whose main region holds at
 * least TD_DEFAULT_MIN_REGION_SHARE of the visible text site level keeps
 * (td_combine_drops).  Measured on sites/, leave-half-out (bench/README.md,
 * "clean_text"): the plain union at 0.6 gave F1 0.929; a cap on what page
 * level may take, 0.938; the main region with this share, 0.949 (0.951 once
 * scripts were read as browsers read them).
 */
#define TD_DEFAULT_COMBINED_THRESHOLD 0.6
#define TD_DEFAULT_MIN_REGION_SHARE 0.15

typedef struct td_page_opts
{
	double		penalty;		/* c in gamma_i = c * A / A_i; >= 0 */
	double		threshold;		/* template when the smoothed score >= threshold; (0, 1] */
	uint32_t	min_area;		/* elements with A_i < min_area are hidden (rolled into their parent) */
	uint32_t	levels;			/* smoothing grid (isotonic.h); 0 = exact */
	size_t		max_bytes;		/* smoothing memory budget; over it: TD_ELIMIT */
	const char *base_url;		/* the page's URL for intra-site links, or NULL */
	size_t		base_len;
	/*
	 * The tree classifier (gbdt.h) over features and page context
	 * (context.h) instead of the logistic model, or NULL: a model reading
	 * more than TD_N_ROW features is refused (TD_EARG).
	 */
	const struct td_gbdt *gbdt;
} td_page_opts;

void		td_page_opts_default(td_page_opts *o);

typedef struct td_page_marks
{
	uint32_t	n_nodes;
	float	   *score;			/* classifier score x(i) of shown elements; -1 elsewhere */
	float	   *smooth;			/* smoothed y(i) of every element (hidden ones: their shown ancestor's) ; -1 for text */
	uint32_t   *segment;		/* the node that starts this node's segment (TD_NONE for text outside any) */
	uint8_t    *seg_start;		/* 1 where a segment starts */
	uint8_t    *drop;			/* 1 = template (smooth >= threshold), subtrees included */
	uint8_t    *reason;			/* why (base/reason.h): page score or inside a dropped one */
	uint32_t   *area;			/* A_i (features.h) */
	uint8_t    *main_region;	/* 1 on the main region (features.h) */
	uint32_t   *visible;		/* visible characters per node (td_visible_lengths) */
	double		threshold;		/* drop was made at it (0: unknown) */
} td_page_marks;

/*
 * Scores, smooths and marks every node of the page.  model NULL means the
 * built-in default model.  Arrays are allocated with tree->env; release
 * with td_page_marks_free (also after a failure).
 */
td_status	td_page_level(const td_tree *tree, const td_logreg *model,
						  const td_page_opts *opts, td_page_marks *marks);
void		td_page_marks_free(const td_tree *tree, td_page_marks *marks);

/*
 * Page level alone (clean_text without a profile): when the drops at the
 * threshold keep under TD_DEFAULT_FALLBACK_SHARE of the page's visible text,
 * the threshold rises through 0.6, 0.7, 0.8, 0.9, 0.95 until it keeps at
 * least that share, and only what is apart from the page is dropped when
 * none does (td_page_fallback).  Measured on wcxb-dev by domain folds, dragnet,
 * cleaneval, readability and sites/ (bench/README.md, "fb 0.05"): up or
 * equal on every set, where any fixed threshold above 0.5 costs dragnet.
 */
#define TD_DEFAULT_FALLBACK_SHARE 0.05

/*
 * The fallback above on marks made by td_page_level at threshold: drop and
 * reason are recomputed from the smoothed scores at the first threshold of
 * threshold (which may be above the one the marks were made at), then
 * 0.6 ... 0.95 above it, whose drops keep at least
 * min_share of the visible text (TD_REASON_PAGE_SCORE still means a
 * smoothed score at or above the threshold used); none keeping it, 1:
 * only what is apart (smoothed 1: a dialog, hidden text, a page footer) is
 * dropped, or nothing when that is all the page's text.  *used (may be
 * NULL) gets that threshold, or a value over 1 when nothing is dropped.
 * TD_ENOMEM, TD_EINTR.
 */
td_status	td_page_fallback(const td_tree *tree, td_page_marks *marks, double threshold,
							 double min_share, double *used);

/*
 * The decision of page level alone (clean_text, explain_html, clean_html,
 * clean_markdown and node_scores without a profile): per page, the threshold
 * t in [TD_EFD_LO, TD_EFD_HI] that maximises the page's expected word F1
 *
 *     E(t) = 2 sum_kept p_i w_i / (sum_kept w_i + sum_all p_i w_i)
 *
 * over its texts i (w_i: visible characters; kept at t: no element above
 * it has a smoothed score >= t), p_i the probability that text i is
 * content given the classifier score of its nearest shown element
 * (td_page_content_prob).  The formula takes the texts as independent, which
 * a large block is not: the texts of one smoothed score are kept or dropped
 * together, and a thread of readers' comments ten times the post's length is
 * all template or all content, not 30% of each.  So the page's largest such
 * block in the range, when it holds at least TD_EFD_BLOCK_SHARE of the
 * visible text and the texts outside it are expected to hold at least
 * TD_EFD_BLOCK_REST characters of content (else the page without it would
 * have almost none: a short page's one block is its content), counts as one
 * outcome: content with probability q = its sum p_i w_i / sum w_i, and
 *
 *     E(t) = q E(t | block content) + (1 - q) E(t | block not content),
 *
 * each by the formula above with the block's p_i all 1 or all 0.  Only
 * thresholds that change what is kept are tried (the page's distinct
 * smoothed scores in the range), the lowest of
 * equal E wins; and TD_DEFAULT_PAGE_THRESHOLD stays unless the best E is
 * over its E by at least TD_EFD_MARGIN.  A threshold that would keep none
 * of the page's visible text gives way to 1 (only what is apart from the
 * page dropped; 2, nothing, when that is all its text), as the fallback's
 * ladder ends.  The table, the range and the
 * sharpening were chosen on wcxb-dev by nested domain folds (bench/README.md,
 * "Issue 12, sixth session: the expected-F1 decision"); the margin again for
 * today's trees ("eleventh session: finer units and more trees", where the
 * trees and the table of today come from); the block's share and rest on
 * wcxb-dev by domain folds too ("sixteenth session: a large block is one
 * outcome").  The table fits the built-in trees: a model argument keeps
 * td_page_fallback.
 */
#define TD_EFD_LO	0.3
#define TD_EFD_HI	0.9
#define TD_EFD_MARGIN	0.02
#define TD_EFD_BINS	20
#define TD_EFD_BLOCK_SHARE	0.3
#define TD_EFD_BLOCK_REST	500

/*
 * The content probability of a text whose nearest shown element has
 * classifier score x (1 for x < 0: the page's own text): a monotone table
 * in TD_EFD_BINS bins of x, the share of gold among the words the trees
 * scored there on wcxb-dev (each fold by trees trained without it,
 * isotonic), sharpened (p^2 / (p^2 + (1 - p)^2)); bench/efd_rules.py with
 * EFD_TABLE=1 writes it.
 */
double		td_page_content_prob(double x);

/*
 * The decision above on marks made by td_page_level (any threshold): drop
 * and reason recomputed at the threshold chosen, *used (may be NULL) gets
 * it; a page without visible text keeps its marks (*used: marks->threshold).
 * TD_ENOMEM, TD_EINTR.
 */
td_status	td_page_expected_f1(const td_tree *tree, td_page_marks *marks, double *used);

/*
 * Site-level drops and page-level drops together (both mark whole subtrees).
 * With site and keep (the main region, td_page_marks.main_region):
 * drop[i] = site[i] || page[i], except that page level drops no node of
 * keep[] and none holding one (their other children it may drop), and
 * nothing at all when the visible text of keep[] that site level keeps is
 * under min_region_share of all the visible text site level keeps: then
 * drop = site.  Why: where site level has removed what repeats, what is left
 * inside the main region is content (code listings, tables and sections of
 * documentation sites that page level took), and a main region holding
 * little of what is left is a misplaced one (javadoc's member tables), on a
 * page page level then misjudges (bench/README.md, "clean_text").  keep NULL:
 * the plain union; site NULL: drop = page.  TD_ENOMEM when the scratch
 * arrays cannot be allocated.
 */
td_status	td_combine_drops(const td_tree *tree, const uint8_t *site, const uint8_t *page,
							 const uint8_t *keep, double min_region_share, uint8_t *drop);

/*
 * td_combine_drops that also says why (reason.h) for every node, from the
 * site marks' own reasons (site_reason with site; reason may be NULL): a
 * node site level drops has its site reason; one inside a dropped node,
 * TD_REASON_INSIDE; one page level drops (by its score or an ancestor's
 * that the result keeps), TD_REASON_PAGE_SCORE; one page level would drop
 * but the result keeps, TD_REASON_MAIN_REGION (it is or holds the main
 * region, or lies inside it) or TD_REASON_SMALL_REGION (page level not
 * applied to this page).
 */
td_status	td_combine_explained(const td_tree *tree, const uint8_t *site,
								 const uint8_t *site_reason, const uint8_t *page,
								 const uint8_t *page_reason, const uint8_t *keep,
								 double min_region_share, uint8_t *drop, uint8_t *reason);

#endif							/* TD_PAGELEVEL_H */
