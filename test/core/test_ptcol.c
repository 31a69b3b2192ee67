/*
 * test_ptcol.c — the page type's columns of the tree rows (context.h,
 * TD_PTCOL_LIST): on every element's row the seven probabilities of
 * td_page_type without a URL, in TD_PT_TYPES order, named pt_<type>, zero
 * on rows of other nodes; the caller's probabilities instead when given
 * (td_context_rows_typed); td_page_level hands opts->page_type to the rows
 * (a one-split tree on pt_forum scores by it); allocation failures at
 * every allocation without leaks.  With TD_PTCOL 0 there are no such
 * columns and the given probabilities change nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "forum_page.h"
#include "tree_helpers.h"
#include "page/context.h"
#include "page/gbdt.h"
#include "page/pagelevel.h"
#include "page/pagetype.h"

static counting cnt = {0, -1, 0};
static td_env env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};

#define PT_COL(k) (TD_N_FEATURES + TD_CTX_PT_FIRST + (k))

/* Rows r (n_rows of nodes which, NULL: every node) hold prob in the type columns. */
static void
check_type_cols(const td_tree *t, const float *r, const double *prob, const char *what)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
		for (int k = 0; k < TD_N_PTCOL; k++)
		{
			float		want = t->nodes[i].kind == TD_ELEM ? (float) prob[k] : 0.0f;

			CHECK(r[(size_t) i * TD_N_ROW + PT_COL(k)] == want, "%s: node %u, %s: %g, not %g",
				  what, i, td_page_type_name(k), r[(size_t) i * TD_N_ROW + PT_COL(k)], want);
		}
}

static void
test_columns(void)
{
	td_tree    *t = parse_env(&env, forum_page);
	td_features f;
	float	   *r = NULL,
			   *g = NULL,
			   *plain = NULL;
	double		prob[TD_PT_N_TYPES],
				given[TD_PT_N_TYPES] = {0.05, 0.10, 0.15, 0.20, 0.25, 0.125, 0.125};
	int			best = -1;

	CHECK(t != NULL, "parse");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	CHECK(td_page_type(t, NULL, 0, prob, &best) == TD_OK, "type: %s", env.errmsg);
	CHECK(best == TD_PT_FORUM, "the thread is a forum (%s)", best >= 0 ? td_page_type_name(best) : "?");
	CHECK(TD_N_PTCOL == (TD_PTCOL ? TD_PT_N_TYPES : 0), "%d type columns", TD_N_PTCOL);
	/* named after the types, between the page context and the evidence */
	for (int k = 0; k < TD_N_PTCOL; k++)
	{
		char		name[64];

		snprintf(name, sizeof(name), "pt_%s", td_page_type_name(k));
		CHECK(strcmp(td_row_name(PT_COL(k)), name) == 0, "column %d is %s", PT_COL(k),
			  td_row_name(PT_COL(k)));
	}
	CHECK(strcmp(td_row_name(TD_ROW_EVIDENCE), "in_ugc") == 0, "evidence after the types: %s",
		  td_row_name(TD_ROW_EVIDENCE));
	CHECK(td_context_rows(t, &f, &r) == TD_OK, "rows: %s", env.errmsg);
	check_type_cols(t, r, prob, "built-in");
	CHECK(td_context_rows_typed(t, &f, NULL, t->n_nodes, given, &g) == TD_OK, "given: %s", env.errmsg);
	check_type_cols(t, g, given, "given");
	/* every other column as without them */
	for (uint32_t i = 0; i < t->n_nodes; i++)
		for (uint32_t j = 0; j < TD_N_ROW; j++)
			if (j < (uint32_t) PT_COL(0) || j >= (uint32_t) PT_COL(TD_N_PTCOL))
				CHECK(r[(size_t) i * TD_N_ROW + j] == g[(size_t) i * TD_N_ROW + j],
					  "node %u column %s moved with the type", i, td_row_name(j));
	/* rows of some nodes: the same values */
	{
		uint32_t	which[2] = {node_of_id(t, "post-2"), node_of_id(t, "post-1")};

		CHECK(td_context_rows_typed(t, &f, which, 2, given, &plain) == TD_OK, "two rows");
		for (int j = 0; j < 2; j++)
			CHECK(memcmp(plain + (size_t) j * TD_N_ROW, g + (size_t) which[j] * TD_N_ROW,
						 sizeof(float) * TD_N_ROW) == 0, "row of node %u", which[j]);
	}
	td_free(&env, r);
	td_free(&env, g);
	td_free(&env, plain);
	td_features_free(t, &f);
	td_tree_free(t);
	CHECK(cnt.live == 0, "%ld blocks leaked", cnt.live);
}

/*
 * td_page_level with one tree: pt_forum <= 0.5 gives margin -2, above it +2.
 * Given forum 1 every shown element scores σ(2), given 0 σ(-2); without
 * (NULL) the built-in type decides: the thread is a forum.
 */
static void
test_page_level(void)
{
#if TD_PTCOL
	static const uint32_t first[2] = {0, 3};
	static const td_gbdt_node nodes[3] = {
		{TD_N_FEATURES + TD_CTX_PT_FIRST + TD_PT_FORUM, 1, 0.5f}, {0, 0, -2.0f}, {0, 0, 2.0f}};
	static const td_gbdt model = {TD_N_ROW, 1, 3, 0.0, first, nodes, 0};
	td_tree    *t = parse_env(&env, forum_page);
	td_page_opts o;
	double		forum[TD_PT_N_TYPES] = {0},
				none[TD_PT_N_TYPES] = {1, 0, 0, 0, 0, 0, 0};
	const double *given[3] = {forum, none, NULL};
	const double want[3] = {1 / (1 + exp(-2.0)), 1 / (1 + exp(2.0)), 1 / (1 + exp(-2.0))};
	uint32_t	post = node_of_id(t, "post-1");

	CHECK(t != NULL && post != TD_NONE, "parse");
	CHECK(td_gbdt_check(&env, &model) == TD_OK, "model: %s", env.errmsg);
	forum[TD_PT_FORUM] = 1;
	td_page_opts_default(&o);
	o.gbdt = &model;
	for (int v = 0; v < 3; v++)
	{
		td_page_marks pm;

		o.page_type = given[v];
		CHECK(td_page_level(t, NULL, &o, &pm) == TD_OK, "page level %d: %s", v, env.errmsg);
		CHECK(fabs(pm.score[post] - want[v]) < 1e-6, "variant %d: score %g, not %g", v,
			  pm.score[post], want[v]);
		td_page_marks_free(t, &pm);
	}
	td_tree_free(t);
	CHECK(cnt.live == 0, "%ld blocks leaked", cnt.live);
#endif
}

/* Every allocation failing in turn (td_page_type's among them): TD_ENOMEM, nothing leaked. */
static void
test_alloc_failures(void)
{
	td_tree    *t = parse_env(&env, forum_page);
	td_features f;
	td_status	st = TD_ENOMEM;
	int			k;

	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	for (k = 0; k < 200 && st != TD_OK; k++)
	{
		float	   *r = NULL;

		cnt.budget = k;
		st = td_context_rows(t, &f, &r);
		cnt.budget = -1;
		CHECK(st == TD_OK || (st == TD_ENOMEM && r == NULL), "budget %d: %d", k, st);
		td_free(&env, r);
	}
	CHECK(st == TD_OK, "rows within 200 allocations");
	td_features_free(t, &f);
	td_tree_free(t);
	CHECK(cnt.live == 0, "%ld blocks leaked", cnt.live);
}

int
main(void)
{
	test_columns();
	test_page_level();
	test_alloc_failures();
	return check_done("test_ptcol");
}
