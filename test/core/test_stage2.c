/*
 * test_stage2.c — the second stage's columns (page/stage2.h) on a
 * hand-written page with stage-1 probabilities set by hand, against values
 * worked out by hand: parents, ancestors, children, siblings, same-tag
 * siblings, the text stage 1 would take, the position against the predicted
 * content, the top group; rows that are not increasing refused; a
 * 100,000-level page (no recursion); allocation failure and interrupts; and
 * td_page_level scoring with a second stage (pagelevel.h gbdt2).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "tree_helpers.h"
#include "base/render.h"
#include "base/tags.h"
#include "page/context.h"
#include "page/default_gbdt.h"
#include "page/gbdt.h"
#include "page/pagelevel.h"
#include "page/stage2.h"

static counting cnt = {0, -1, 0};
static td_env env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};

/* Shown elements in document order: nav n1 n2 main m1 m2 ad foot. */
static const char *page =
"<html><body>"
"<div id=nav><a id=n1 href=/>Home</a><a id=n2 href=/a>About</a></div>"
"<div id=main><p id=m1>Alpha beta gamma delta</p><p id=m2>Epsilon zeta</p><div id=ad>Buy</div></div>"
"<div id=foot>Footer text</div>"
"</body></html>";

enum
{
	NAV, N1, N2, MAIN, M1, M2, AD, FOOT, NR
};
static const char *const ids[NR] = {"nav", "n1", "n2", "main", "m1", "m2", "ad", "foot"};
static const double P[NR] = {0.9, 0.8, 0.7, 0.2, 0.1, 0.3, 0.6, 0.95};

#define C(j, id) (out[(j) * TD_N_STAGE2 + TD_S2_##id])
#define NEAR(a, b) (fabs((double) (a) - (double) (b)) < 1e-5)

static void
test_hand(void)
{
	td_tree    *t = parse_env(&env, page);
	uint32_t	which[NR],
			   *vis;
	double		w[NR],
				total;
	float		out[NR * TD_N_STAGE2],
				top[NR] = {0, 1, 1, 0, 0, 0, 0, 0};

	CHECK(t != NULL, "parse");
	vis = malloc(sizeof(uint32_t) * t->n_nodes);
	td_visible_lengths(t, vis);
	for (int j = 0; j < NR; j++)
	{
		which[j] = node_of_id(t, ids[j]);
		w[j] = vis[which[j]] + 1.0;
	}
	total = vis[0];
	CHECK(td_stage2_cols(t, vis, which, NR, P, top, 1, out, TD_N_STAGE2) == TD_OK,
		  "columns: %s", env.errmsg);
	for (int j = 0; j < NR; j++)
		CHECK(NEAR(C(j, S1_P), P[j]), "own p of %s", ids[j]);
	/* parents: body is not shown, so nav, main and foot are children of the root */
	CHECK(C(NAV, S1_PARENT) == -1 && C(NAV, S1_GPARENT) == -1, "nav has no shown parent");
	CHECK(NEAR(C(NAV, S1_ANC_MIN), 0.9) && NEAR(C(NAV, S1_ANC_MAX), 0.9), "no ancestors: own p");
	CHECK(NEAR(C(N1, S1_PARENT), 0.9) && C(N1, S1_GPARENT) == -1, "n1's parent nav");
	CHECK(NEAR(C(M1, S1_ANC_MIN), 0.2) && NEAR(C(M1, S1_ANC_MAX), 0.2), "m1's ancestors: main");
	/* children and siblings, weighted by visible characters + 1 */
	CHECK(NEAR(C(MAIN, S1_KIDS), (w[M1] * 0.1 + w[M2] * 0.3 + w[AD] * 0.6) / (w[M1] + w[M2] + w[AD])),
		  "main's children %g", C(MAIN, S1_KIDS));
	CHECK(NEAR(C(M1, S1_KIDS), 0.1), "no children: own p");
	CHECK(NEAR(C(M1, S1_SIBS), (w[M2] * 0.3 + w[AD] * 0.6) / (w[M2] + w[AD])), "m1's siblings %g",
		  C(M1, S1_SIBS));
	CHECK(NEAR(C(NAV, S1_SIBS), (w[MAIN] * 0.2 + w[FOOT] * 0.95) / (w[MAIN] + w[FOOT])),
		  "the root's children are siblings");
	CHECK(NEAR(C(M1, S1_TAG_SIBS), 0.3) && NEAR(C(AD, S1_TAG_SIBS), 0.6),
		  "same-tag siblings: m1 sees m2, ad (the only div) itself");
	CHECK(NEAR(C(NAV, S1_TAG_SIBS), (w[MAIN] * 0.2 + w[FOOT] * 0.95) / (w[MAIN] + w[FOOT])),
		  "nav's same-tag siblings: main, foot");
	/* what stage 1 takes: nav (and its links), ad, foot */
	CHECK(NEAR(C(M1, P_S1_HIGH), (vis[which[NAV]] + vis[which[AD]] + vis[which[FOOT]]) / total),
		  "p_s1_high %g", C(M1, P_S1_HIGH));
	CHECK(NEAR(C(MAIN, S1_SUB_LOW), 1.0 - (double) vis[which[AD]] / vis[which[MAIN]]) &&
		  NEAR(C(NAV, S1_SUB_LOW), 0) && NEAR(C(M1, S1_SUB_LOW), 1), "sub_low");
	/* kept: m1 (19) + m2 (11); m1 holds over half of it: c = m1 */
	CHECK(NEAR(C(FOOT, P_S1_CORE), vis[which[M1]] / total), "p_s1_core %g", C(FOOT, P_S1_CORE));
	CHECK(C(M1, S1_POS) == 0 && C(MAIN, S1_POS) == 1 && C(NAV, S1_POS) == 2 && C(N2, S1_POS) == 2 &&
		  C(M2, S1_POS) == 3 && C(FOOT, S1_POS) == 3, "positions against c");
	/* the top group: n1 and n2 (flagged; their parent is not) */
	CHECK(NEAR(C(MAIN, P_S1_TOP), (w[N1] * 0.8 + w[N2] * 0.7) / (w[N1] + w[N2])), "p_s1_top %g",
		  C(MAIN, P_S1_TOP));
	CHECK(td_stage2_cols(t, vis, which, NR, P, NULL, 0, out, TD_N_STAGE2) == TD_OK &&
		  C(M1, P_S1_TOP) == -1, "no top group: -1");
	/* rows out of order or the root: refused */
	{
		uint32_t	bad[2] = {which[M1], which[MAIN]},
					root[1] = {0};

		CHECK(td_stage2_cols(t, vis, bad, 2, P, NULL, 0, out, TD_N_STAGE2) == TD_EARG, "decreasing");
		CHECK(td_stage2_cols(t, vis, root, 1, P, NULL, 0, out, TD_N_STAGE2) == TD_EARG, "the root");
	}
	free(vis);
	td_tree_free(t);
}

/* 100,000 nested divs, each shown, p alternating 0.2 / 0.8: no recursion. */
static void
test_deep(void)
{
	size_t		depth = 100000;
	td_tree    *t = parse_nested_divs(&env, "", depth, "deep text");
	uint32_t   *vis,
			   *which = malloc(sizeof(uint32_t) * depth);
	double	   *pr = malloc(sizeof(double) * depth);
	float	   *out = malloc(sizeof(float) * depth * TD_N_STAGE2);
	uint32_t	m = 0;

	CHECK(t != NULL, "parse deep");
	vis = malloc(sizeof(uint32_t) * t->n_nodes);
	td_visible_lengths(t, vis);
	for (uint32_t i = 1; i < t->n_nodes && m < depth; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag != TD_TAG_HTML && t->nodes[i].tag != TD_TAG_BODY &&
			t->nodes[i].tag != TD_TAG_HEAD)
		{
			pr[m] = m % 2 ? 0.8 : 0.2;
			which[m++] = i;
		}
	CHECK(m > 1000, "divs shown: %u", m);
	CHECK(td_stage2_cols(t, vis, which, m, pr, NULL, 0, out, TD_N_STAGE2) == TD_OK, "deep: %s",
		  env.errmsg);
	CHECK(NEAR(out[(size_t) (m - 1) * TD_N_STAGE2 + TD_S2_S1_ANC_MIN], 0.2) &&
		  NEAR(out[(size_t) (m - 1) * TD_N_STAGE2 + TD_S2_S1_ANC_MAX], 0.8), "ancestors 100,000 up");
	/* every second div is taken: the text is in none of the kept ones */
	CHECK(NEAR(out[TD_S2_P_S1_HIGH], 1), "all text under a p >= 0.5 div");
	free(vis);
	free(which);
	free(pr);
	free(out);
	td_tree_free(t);
}

/* One allocation: failing it gives TD_ENOMEM, nothing leaked; an interrupt: TD_EINTR. */
static void
test_failures(void)
{
	td_tree    *t = parse_env(&env, page);
	uint32_t	which[NR],
			   *vis = malloc(sizeof(uint32_t) * t->n_nodes);
	float		out[NR * TD_N_STAGE2];
	long		live = cnt.live;

	td_visible_lengths(t, vis);
	for (int j = 0; j < NR; j++)
		which[j] = node_of_id(t, ids[j]);
	cnt.budget = 0;
	CHECK(td_stage2_cols(t, vis, which, NR, P, NULL, 0, out, TD_N_STAGE2) == TD_ENOMEM, "no memory");
	cnt.budget = -1;
	CHECK(cnt.live == live, "nothing leaked");
	cnt.interrupt = 1;
	CHECK(td_stage2_cols(t, vis, which, NR, P, NULL, 0, out, TD_N_STAGE2) == TD_EINTR, "interrupted");
	cnt.interrupt = 0;
	CHECK(cnt.live == live, "nothing leaked after the interrupt");
	free(vis);
	td_tree_free(t);
}

/*
 * td_page_level with two stages: stage 1 gives every element margin 3
 * (p 0.95); stage 2 gives -3 to rows whose s1_parent <= 0 (the root's
 * children: nav, main, foot) and +3 to the others, in place of stage 1's
 * margin or (gbdt2_add) added to it.  A second stage reading
 * more than TD_N_ROW + TD_N_STAGE2 columns is refused.
 */
static void
test_page_level(void)
{
	td_tree    *t = parse_env(&env, page);
	static const uint32_t first1[2] = {0, 1},
				first2[2] = {0, 3};
	static const td_gbdt_node one[1] = {{0, 0, 3.0f}},
				split[3] = {{TD_N_ROW + TD_S2_S1_PARENT, 1, 0.0f}, {0, 0, -3.0f}, {0, 0, 3.0f}};
	td_gbdt		m1 = {TD_N_ROW, 1, 1, 0.0, first1, one, 0},
				m2 = {TD_N_ROW + TD_N_STAGE2, 1, 3, 0.0, first2, split, 0};
	td_page_opts o;
	td_page_marks pm;
	double		lo = 1 / (1 + exp(3.0)),
				hi = 1 / (1 + exp(-3.0));

	CHECK(td_gbdt_check(&env, &m2) == TD_OK, "stage-2 model: %s", env.errmsg);
	td_page_opts_default(&o);
	o.min_area = 1;
	o.gbdt = &m1;
	o.gbdt2 = &m2;
	CHECK(td_page_level(t, NULL, &o, &pm) == TD_OK, "page level: %s", env.errmsg);
	for (int j = 0; j < NR; j++)
	{
		double		want = j == NAV || j == MAIN || j == FOOT ? lo : hi;

		CHECK(fabs(pm.score[node_of_id(t, ids[j])] - want) < 1e-5, "%s scores %g, not %g", ids[j],
			  pm.score[node_of_id(t, ids[j])], want);
	}
	td_page_marks_free(t, &pm);
	/* added to stage 1's margin (gbdt2_add): 3 - 3 and 3 + 3 */
	o.gbdt2_add = 1;
	CHECK(td_page_level(t, NULL, &o, &pm) == TD_OK, "page level, added: %s", env.errmsg);
	CHECK(fabs(pm.score[node_of_id(t, "main")] - 0.5) < 1e-5 &&
		  fabs(pm.score[node_of_id(t, "m1")] - 1 / (1 + exp(-6.0))) < 1e-5, "added: %g %g",
		  pm.score[node_of_id(t, "main")], pm.score[node_of_id(t, "m1")]);
	td_page_marks_free(t, &pm);
	o.gbdt2_add = 0;
	o.gbdt2 = NULL;
	CHECK(td_page_level(t, NULL, &o, &pm) == TD_OK &&
		  fabs(pm.score[node_of_id(t, "main")] - hi) < 1e-5, "without stage 2: stage 1's score");
	td_page_marks_free(t, &pm);
	m2.n_features = TD_N_ROW + TD_N_STAGE2 + 1;
	o.gbdt2 = &m2;
	CHECK(td_page_level(t, NULL, &o, &pm) == TD_EARG, "a second stage reading too much");
	td_page_marks_free(t, &pm);
	td_tree_free(t);
}

/* The built-in second stage, when there is one, was trained on these columns. */
static void
test_default(void)
{
	const td_gbdt *m2 = td_default_gbdt2();
	uint32_t	j = 0;

	for (; td_default_gbdt2_names[j] && j < TD_N_STAGE2; j++)
		CHECK(strcmp(td_default_gbdt2_names[j], td_stage2_names[j]) == 0, "column %u: %s, trained as %s",
			  j, td_stage2_names[j], td_default_gbdt2_names[j]);
	CHECK(m2 ? j == TD_N_STAGE2 && !td_default_gbdt2_names[j] : j == 0,
		  "the built-in stage 2 names its %d columns (or there is none)", TD_N_STAGE2);
	CHECK(!m2 || (td_gbdt_check(&env, m2) == TD_OK && m2->n_features <= TD_N_ROW + TD_N_STAGE2),
		  "the built-in stage 2 is valid");
	CHECK(m2 || td_default_gbdt2_add == 0, "no stage 2, nothing added");
}

int
main(void)
{
	test_hand();
	test_deep();
	test_failures();
	test_page_level();
	test_default();
	return check_done("test_stage2");
}
