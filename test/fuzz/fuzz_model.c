/*
 * fuzz_model.c — libFuzzer target for the page-level model's text form of
 * either kind (page/logreg_json.h, page/gbdt_json.h: td_page_model_parse),
 * the jsonb a user passes to the page functions.
 *
 * Every input is a model's text:
 *  - td_page_model_parse never crashes, reads out of bounds or leaks, and
 *    refuses with TD_EFORMAT and a message, or accepts;
 *  - an accepted model serializes to text that parses back to the same
 *    model, bit for bit, and serializes to the same text again;
 *  - an accepted logistic model scores any feature row (zeros, and one built
 *    from the input's first bytes) in [0, 1], never NaN, for every size
 *    class; an accepted tree model passes td_gbdt_check, and scores such
 *    rows in [0, 1], the batched walk giving the same margins as the single
 *    one, and the flat form's walk (td_gbdt_flatten, when the trees are
 *    shallow enough) the same bits again.
 * Any violated property calls abort(), which libFuzzer reports as a crash.
 * Seeds (test/fuzz/fuzz-model/): the built-in logistic model's text, small
 * valid models of both kinds, models as jsonb prints them, truncated and
 * over-bound ones.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "page/gbdt_json.h"
#include "page/context.h"
#include "page/logreg_json.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
require(int cond)
{
	if (!cond)
		abort();
}

/* a row from the input's bytes: small, large and negative values */
static void
row_of(const unsigned char *data, size_t size, float *x, int n)
{
	for (int j = 0; j < n; j++)
	{
		unsigned char b = size ? data[j % size] : 0;

		x[j] = (b & 0x80) ? -(float) ldexp(b & 0x0f, (b >> 4) & 7) : (float) b / 16.0f;
	}
}

/* A tree model: valid, and its scores in [0, 1], batched or not. */
static void
check_trees(td_env *env, const td_gbdt *m, const unsigned char *data, size_t size)
{
	float		rows[3][TD_N_ROW] = {{0}};
	uint32_t	which[3] = {2, 0, 1};
	double		mg[3];

	require(td_gbdt_check(env, m) == TD_OK);
	require(m->n_features <= TD_N_ROW);
	row_of(data, size, rows[1], TD_N_ROW);
	for (int j = 0; j < TD_N_ROW; j++)
		rows[2][j] = j % 3 ? NAN : -rows[1][j];
	td_gbdt_margins(m, &rows[0][0], TD_N_ROW, which, 3, mg);
	for (int r = 0; r < 3; r++)
	{
		double		p = td_gbdt_score(m, rows[which[r]]);

		require(p >= 0.0 && p <= 1.0);
		require(mg[r] == td_gbdt_margin(m, rows[which[r]]) || (isnan(mg[r]) && isnan(td_gbdt_margin(m, rows[which[r]]))));
	}
	/* a model shallow enough for the flat form (gbdt.h): the same margins, bit for bit */
	if (m->n_trees <= 64)
	{
		td_gbdt_flat_tree *trees = td_alloc(env, sizeof(*trees) * m->n_trees);
		double		fm[3];

		require(trees != NULL);
		if (td_gbdt_flatten(env, m, trees) == TD_OK)
		{
			td_gbdt_flat fl = {m->n_features, m->n_trees, m->n_nodes, m->base, trees};

			require(td_gbdt_flat_matches(&fl, m));
			td_gbdt_flat_margins(&fl, &rows[0][0], TD_N_ROW, which, 3, fm);
			require(memcmp(fm, mg, sizeof(mg)) == 0);
		}
		td_free(env, trees);
	}
}

static void
check_scores(const td_logreg *m, const unsigned char *data, size_t size)
{
	float		zero[TD_N_FEATURES] = {0},
				x[TD_N_FEATURES];

	row_of(data, size, x, TD_N_FEATURES);
	for (int c = -1; c <= TD_N_SIZE_CLASSES; c++)
	{
		double		p0 = td_logreg_score(m, c, zero),
					p1 = td_logreg_score(m, c, x);

		require(p0 >= 0.0 && p0 <= 1.0);
		require(p1 >= 0.0 && p1 <= 1.0);
	}
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_page_model m,
				back;
	td_buf		text,
				again;
	td_status	st;

	td_env_default(&env);
	memset(&m, 0xa5, sizeof(m));
	st = td_page_model_parse(&env, (const char *) data, size, &m);
	if (st != TD_OK)
	{
		require(st == TD_EFORMAT && env.errmsg[0] != '\0');
		return 0;
	}

	td_buf_init(&text, &env);
	td_buf_init(&again, &env);
	if (m.kind == TD_MODEL_GBDT)
	{
		require(td_gbdt_serialize(&m.gbdt, &text) == TD_OK);
		require(td_page_model_parse(&env, text.data, text.len, &back) == TD_OK);
		require(back.kind == TD_MODEL_GBDT && back.gbdt.n_trees == m.gbdt.n_trees &&
				back.gbdt.n_nodes == m.gbdt.n_nodes && back.gbdt.n_features == m.gbdt.n_features &&
				back.gbdt.base == m.gbdt.base &&
				memcmp(back.gbdt.tree_first, m.gbdt.tree_first, sizeof(uint32_t) * (m.gbdt.n_trees + 1)) == 0 &&
				memcmp(back.gbdt.nodes, m.gbdt.nodes, sizeof(td_gbdt_node) * m.gbdt.n_nodes) == 0);
		require(td_gbdt_serialize(&back.gbdt, &again) == TD_OK);
		check_trees(&env, &m.gbdt, data, size);
		td_page_model_free(&env, &back);
	}
	else
	{
		require(m.kind == TD_MODEL_LOGISTIC);
		require(td_logreg_serialize(&m.logreg, &text) == TD_OK);
		require(td_page_model_parse(&env, text.data, text.len, &back) == TD_OK);
		require(back.kind == TD_MODEL_LOGISTIC && memcmp(&m.logreg, &back.logreg, sizeof(m.logreg)) == 0);
		require(td_logreg_serialize(&back.logreg, &again) == TD_OK);
		check_scores(&m.logreg, data, size);
	}
	require(again.len == text.len && memcmp(again.data, text.data, text.len) == 0);
	td_buf_free(&text);
	td_buf_free(&again);
	td_page_model_free(&env, &m);
	return 0;
}
