/*
 * test_evidence.c — the evidence columns (page/evidence.h) of hand-written
 * pages against values worked out by hand: inherited microdata, user-text,
 * tab and hiding marks (and look-alike tokens that are not), the section's
 * links, same-shape groups
 * and the page's top group; their place in td_context_rows' rows and in
 * td_context_rows_of's rows of some nodes; a
 * 100,000-level page (no recursion); interrupts and allocation failure at
 * every allocation.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "tree_helpers.h"
#include "base/render.h"
#include "page/context.h"
#include "page/evidence.h"
#include "page/features.h"

static counting cnt = {0, -1, 0};
static td_env env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};

/*
 * Visible text: "Home" 4, "Alpha" 5 + "Beta" 4 + "Gamma" 5 (the top group:
 * three div.item, all links), the two paragraphs of #body, "Blue widget"
 * 10, "Specs here" 9, "Nice reply" 9, "Gone" 4, "Postal code" 10, "Foot" 4.
 */
static const char *page =
"<html><head><title>Shop</title></head><body>"
"<nav id=\"top\"><a href=\"/\">Home</a></nav>"
"<div id=\"list\" class=\"list\">"
"<div class=\"item\"><h3><a href=\"/a\">Alpha</a></h3></div>"
"<div class=\"item\"><h3><a href=\"/b\">Beta</a></h3></div>"
"<div class=\"item\"><h3><a href=\"/c\">Gamma</a></h3></div></div>"
"<div id=\"body\" class=\"text\"><p id=\"p1\">This is the story of a page, told at length, with commas, clauses, "
"and more words than any menu would ever hold, so that it is the main block by far.</p>"
"<p id=\"p2\">A second paragraph follows, again with commas, again long enough, to keep the "
"main block here and nowhere else on this small page.</p></div>"
"<div itemscope itemtype=\"https://schema.org/Product\" id=\"prod\" class=\"product\">"
"<div itemprop=\"description\" id=\"desc\"><p id=\"dp\">Blue widget</p></div>"
"<div class=\"mainTabs\" aria-hidden=\"true\"><p id=\"tp\">Specs here</p></div>"
"<div class=\"forumPost\"><p id=\"rp\">Nice reply</p></div>"
"<div style=\"color: red; display : none\"><p id=\"hp\">Gone</p></div>"
"<div class=\"postal tabular\"><p id=\"pp\">Postal code</p></div></div>"
"<footer id=\"foot\">Foot</footer>"
"</body></html>";

#define EV(rows, i, id) ((rows)[(size_t) (i) * TD_N_ROW + TD_ROW_EVIDENCE + TD_EV_##id])
#define NEAR(a, b) (fabs((double) (a) - (double) (b)) < 1e-5)

static uint32_t
child_elem(const td_tree *t, uint32_t i)
{
	for (uint32_t c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == TD_ELEM)
			return c;
	return TD_NONE;
}

static void
test_hand(void)
{
	td_tree    *t = parse_env(&env, page);
	td_features f;
	float	   *r = NULL;
	uint32_t	nav,
				list,
				item,
				h3,
				a,
				body,
				p1,
				dp,
				tp,
				rp,
				hp,
				pp,
				foot,
				prod;
	double		total;

	CHECK(t != NULL, "parse");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	CHECK(td_context_rows(t, &f, &r) == TD_OK, "rows: %s", env.errmsg);
	nav = node_of_id(t, "top");
	list = node_of_id(t, "list");
	item = child_elem(t, list);
	h3 = child_elem(t, item);
	a = child_elem(t, h3);
	body = node_of_id(t, "body");
	p1 = node_of_id(t, "p1");
	dp = node_of_id(t, "dp");
	tp = node_of_id(t, "tp");
	rp = node_of_id(t, "rp");
	hp = node_of_id(t, "hp");
	pp = node_of_id(t, "pp");
	foot = node_of_id(t, "foot");
	prod = node_of_id(t, "prod");
	total = f.visible[0];

	/* microdata, user text, tabs, hiding: inherited, and only from the real marks */
	CHECK(EV(r, dp, IP_BODY) == 1 && EV(r, node_of_id(t, "desc"), IP_BODY) == 1 &&
		  EV(r, tp, IP_BODY) == 0 && EV(r, prod, IP_BODY) == 0, "ip_body on description and below");
	CHECK(EV(r, prod, IP_PRODUCT) == 1 && EV(r, dp, IP_PRODUCT) == 1 && EV(r, pp, IP_PRODUCT) == 1 &&
		  EV(r, nav, IP_PRODUCT) == 0 && EV(r, p1, IP_PRODUCT) == 0, "ip_product below the Product item");
	CHECK(EV(r, rp, IN_UGC) == 1 && EV(r, pp, IN_UGC) == 0 && EV(r, dp, IN_UGC) == 0,
		  "in_ugc: forumPost yes, postal no (%g %g)", EV(r, rp, IN_UGC), EV(r, pp, IN_UGC));
	CHECK(EV(r, tp, IN_TAB) == 1 && EV(r, pp, IN_TAB) == 0 && EV(r, dp, IN_TAB) == 0,
		  "in_tab: mainTabs yes, tabular no");
	CHECK(EV(r, tp, CSS_HIDDEN) == 1 && EV(r, hp, CSS_HIDDEN) == 1 && EV(r, rp, CSS_HIDDEN) == 0 &&
		  EV(r, dp, CSS_HIDDEN) == 0, "css_hidden: aria-hidden and display:none");

	/* the section: the nearest element holding >= 25% of the text */
	CHECK(f.visible[body] >= 0.25 * total && f.visible[list] < 0.25 * total, "shares as planned");
	CHECK(NEAR(EV(r, a, SEC_LINKS), td_feature_row(&f, t->nodes[body].parent)[TD_FEAT_ANCHOR_TEXT]) &&
		  EV(r, a, SEC_LINKS) > 0, "a link's section is body's parent (%g)", EV(r, a, SEC_LINKS));
	CHECK(EV(r, p1, SEC_LINKS) == 0, "a paragraph's section has no links");

	/* groups: three div.item (14 characters, all links) are the top group */
	CHECK(NEAR(EV(r, item, GRP_SHARE), 14 / total), "grp_share %g", EV(r, item, GRP_SHARE));
	CHECK(EV(r, list, GRP_SHARE) == 0, "#list: alone in its group");
	CHECK(NEAR(EV(r, a, IN_GRP_SHARE), 14 / total) && EV(r, nav, IN_GRP_SHARE) == 0, "in_grp_share");
	CHECK(EV(r, item, TOP_GRP) == 1 && EV(r, a, TOP_GRP) == 1 && EV(r, list, TOP_GRP) == 0 &&
		  EV(r, p1, TOP_GRP) == 0, "top_grp");
	CHECK(NEAR(EV(r, p1, P_TOP_SHARE), 14 / total) && NEAR(EV(r, foot, P_TOP_LINKS), 1),
		  "page columns %g %g", EV(r, p1, P_TOP_SHARE), EV(r, foot, P_TOP_LINKS));
	CHECK(EV(r, 0, P_TOP_SHARE) == 0, "the root (not an element) stays 0");
	td_free(&env, r);
	td_features_free(t, &f);
	td_tree_free(t);
}

/*
 * Rows of some nodes only (td_context_rows_of, as td_page_level asks for
 * the shown elements): row j is which[j]'s full row, evidence included, and
 * nothing is written past the n_rows rows (ASan).
 */
static void
test_subset(void)
{
	td_tree    *t = parse_env(&env, page);
	td_features f;
	float	   *all = NULL,
			   *some = NULL;
	uint32_t	which[4];

	CHECK(t && td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	which[0] = node_of_id(t, "foot");
	which[1] = node_of_id(t, "tp");
	which[2] = child_elem(t, node_of_id(t, "list"));
	which[3] = node_of_id(t, "rp");
	CHECK(td_context_rows(t, &f, &all) == TD_OK, "all rows");
	CHECK(td_context_rows_of(t, &f, which, 4, &some) == TD_OK, "four rows: %s", env.errmsg);
	for (uint32_t j = 0; j < 4; j++)
		CHECK(memcmp(some + (size_t) j * TD_N_ROW, all + (size_t) which[j] * TD_N_ROW,
					 sizeof(float) * TD_N_ROW) == 0, "row %u is node %u's", j, which[j]);
	CHECK(EV(some, 1, CSS_HIDDEN) == 1 && EV(some, 2, TOP_GRP) == 1 && EV(some, 3, IN_UGC) == 1,
		  "evidence in the subset's rows");
	td_free(&env, all);
	td_free(&env, some);
	td_features_free(t, &f);
	td_tree_free(t);
}

/* Nothing repeated, no region marks: the page columns are 0. */
static void
test_plain(void)
{
	td_tree    *t = parse_env(&env, "<p id=x>Just <b>one</b> line</p>");
	td_features f;
	float	   *r = NULL;
	uint32_t	x;

	CHECK(t && td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	CHECK(td_context_rows(t, &f, &r) == TD_OK, "rows");
	x = node_of_id(t, "x");
	CHECK(EV(r, x, P_TOP_SHARE) == 0 && EV(r, x, TOP_GRP) == 0 && EV(r, x, GRP_SHARE) == 0,
		  "no group");
	CHECK(EV(r, x, IN_UGC) == 0 && EV(r, x, CSS_HIDDEN) == 0, "no marks");
	td_free(&env, r);
	td_features_free(t, &f);
	td_tree_free(t);
}

/* 100,000 nested divs under a post, text at the bottom: no recursion, the mark inherited. */
static void
test_deep(void)
{
	size_t		depth = 100000;
	td_tree    *t = parse_nested_divs(&env, "<div class=post>", depth, "<h2>deep</h2>");
	td_features f;
	float	   *r = NULL;

	CHECK(t != NULL, "parse deep");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features deep");
	CHECK(td_context_rows(t, &f, &r) == TD_OK, "rows deep: %s", env.errmsg);
	{
		uint32_t	h2 = TD_NONE;

		for (uint32_t i = 0; i < t->n_nodes; i++)
			if (t->nodes[i].kind == TD_ELEM && t->nodes[i].str_len == 2 &&
				memcmp(td_node_str(t, i), "h2", 2) == 0)
				h2 = i;
		CHECK(h2 != TD_NONE && t->nodes[h2].depth > depth && EV(r, h2, IN_UGC) == 1,
			  "the post mark 100,000 levels down");
	}
	td_free(&env, r);
	td_features_free(t, &f);
	td_tree_free(t);
}

/*
 * The groups td_context_rows_of hands to td_evidence_rows_grouped give the
 * columns td_evidence_rows' own table gives, bit for bit: on the hand page
 * and on one with two groups of equal text (the top group is the first
 * met), same-class siblings of other tags, unknown tags told apart by name.
 */
static void
test_grouped(void)
{
	static const char *ties =
		"<html><body><div id=\"w\">"
		"<div class=\"a\">xx</div><span class=\"a\">yy</span><div class=\"a\">xx</div>"
		"<span class=\"a\">yy</span><div class=\"a\">xx</div><span class=\"a\">yy</span>"
		"<x-card class=\"k\">o</x-card><y-card class=\"k\">t</y-card><x-card class=\"k\">h</x-card>"
		"<x-card class=\"k\">f</x-card><p>A paragraph with some more words in it.</p></div>"
		"<ul><li class=\"a\">xx</li><li class=\"a\">xx</li><li class=\"a\">xx</li></ul>"
		"</body></html>";
	const char *pages[2] = {page, ties};

	for (int pg = 0; pg < 2; pg++)
	{
		td_tree    *t = parse_env(&env, pages[pg]);
		td_features f;
		float	   *r = NULL,
				   *own;
		int			same = 1;

		CHECK(t && td_compute_features(t, NULL, 0, &f) == TD_OK, "features %d", pg);
		CHECK(td_context_rows(t, &f, &r) == TD_OK, "rows %d: %s", pg, env.errmsg);
		own = calloc((size_t) t->n_nodes * TD_N_EVIDENCE, sizeof(float));
		CHECK(td_evidence_rows(t, &f, f.visible, NULL, t->n_nodes, own, TD_N_EVIDENCE) == TD_OK,
			  "own groups %d", pg);
		for (uint32_t i = 0; i < t->n_nodes; i++)
			same &= memcmp(own + (size_t) i * TD_N_EVIDENCE,
						   r + (size_t) i * TD_N_ROW + TD_ROW_EVIDENCE,
						   sizeof(float) * TD_N_EVIDENCE) == 0;
		CHECK(same, "page %d: the context's groups give the evidence columns of evidence's own", pg);
		if (pg == 1)
		{
			uint32_t	w = node_of_id(t, "w"),
						d = child_elem(t, w);

			CHECK(EV(r, d, TOP_GRP) == 1 && EV(r, t->nodes[d].next_sibling, TOP_GRP) == 0,
				  "of two groups of equal text the first met is the top one");
		}
		free(own);
		td_free(&env, r);
		td_features_free(t, &f);
		td_tree_free(t);
	}
}

/* Every allocation failing in turn: TD_ENOMEM, nothing leaked; an interrupt: TD_EINTR. */
static void
test_failures(void)
{
	td_tree    *t = parse_env(&env, page);
	td_features f;
	uint32_t   *vis;
	float	   *out;
	size_t		stride = TD_N_EVIDENCE;
	long		live;
	int			ok = 0;

	CHECK(t && td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	vis = malloc(sizeof(uint32_t) * t->n_nodes);
	out = calloc((size_t) t->n_nodes * stride, sizeof(float));
	td_visible_lengths(t, vis);
	live = cnt.live;
	for (long k = 0; k < 20 && !ok; k++)
	{
		td_status	st;

		cnt.budget = k;
		st = td_evidence_rows(t, &f, vis, NULL, t->n_nodes, out, stride);
		cnt.budget = -1;
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: %d", k, (int) st);
		CHECK(cnt.live == live, "budget %ld: %ld blocks leaked", k, cnt.live - live);
		ok = st == TD_OK;
	}
	CHECK(ok, "succeeds with enough allocations");
	cnt.interrupt = 1;
	CHECK(td_evidence_rows(t, &f, vis, NULL, t->n_nodes, out, stride) == TD_EINTR, "interrupted");
	cnt.interrupt = 0;
	CHECK(cnt.live == live, "nothing leaked after the interrupt");
	free(vis);
	free(out);
	td_features_free(t, &f);
	td_tree_free(t);
}

int
main(void)
{
	test_hand();
	test_plain();
	test_subset();
	test_deep();
	test_grouped();
	test_failures();
	return check_done("test_evidence");
}
