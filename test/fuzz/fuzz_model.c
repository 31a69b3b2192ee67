/*
 * fuzz_model.c — libFuzzer target for the page-level model's text form
 * (page/logreg_json.h), the jsonb a user passes to the page functions.
 *
 * Every input is a model's text:
 *  - td_logreg_parse never crashes or reads out of bounds, and refuses with
 *    TD_EFORMAT and a message, or accepts;
 *  - an accepted model serializes to text that parses back to the same
 *    model, bit for bit, and serializes to the same text again;
 *  - an accepted model scores any feature row (zeros, and one built from the
 *    input's first bytes) in [0, 1], never NaN, for every size class.
 * Any violated property calls abort(), which libFuzzer reports as a crash.
 * Seeds (test/fuzz/fuzz-model/): the built-in model's text, small valid
 * models, models as jsonb prints them, truncated and over-bound ones.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "page/logreg_json.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
require(int cond)
{
	if (!cond)
		abort();
}

static void
check_scores(const td_logreg *m, const unsigned char *data, size_t size)
{
	float		zero[TD_N_FEATURES] = {0},
				x[TD_N_FEATURES];

	/* a row from the input's bytes: small, large and negative values */
	for (int j = 0; j < TD_N_FEATURES; j++)
	{
		unsigned char b = size ? data[j % size] : 0;

		x[j] = (b & 0x80) ? -(float) ldexp(b & 0x0f, (b >> 4) & 7) : (float) b / 16.0f;
	}
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
	td_logreg	m,
				back;
	td_buf		text,
				again;
	td_status	st;

	td_env_default(&env);
	memset(&m, 0xa5, sizeof(m));
	st = td_logreg_parse(&env, (const char *) data, size, &m);
	if (st != TD_OK)
	{
		require(st == TD_EFORMAT && env.errmsg[0] != '\0');
		return 0;
	}

	td_buf_init(&text, &env);
	td_buf_init(&again, &env);
	require(td_logreg_serialize(&m, &text) == TD_OK);
	require(td_logreg_parse(&env, text.data, text.len, &back) == TD_OK);
	require(memcmp(&m, &back, sizeof(m)) == 0);
	require(td_logreg_serialize(&back, &again) == TD_OK);
	require(again.len == text.len && memcmp(again.data, text.data, text.len) == 0);
	td_buf_free(&text);
	td_buf_free(&again);

	check_scores(&m, data, size);
	return 0;
}
