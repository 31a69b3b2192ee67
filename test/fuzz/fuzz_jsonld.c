/*
 * fuzz_jsonld.c — libFuzzer target for the JSON-LD reader (util/jsonld.h),
 * which reads <script type="application/ld+json"> text of any page.
 *
 * Input: byte 0 sets the value limit (0: the default, else 1 to 255 values)
 * so small inputs reach it; the rest is the JSON text.  td_json_parse never
 * crashes or reads out of bounds, and either refuses with TD_EFORMAT and a
 * message or returns a flat array that keeps jsonld.h's promises: every
 * value's subtree [i, end) lies inside its parent's, parents come first,
 * only containers have members, object members have keys, strings and keys
 * lie inside the pool; then every member lookup and sibling walk ends.
 * Seeds (test/fuzz/fuzz-jsonld/): JSON-LD as pages write it, with @graph,
 * escapes, wrappers, trailing commas, deep and broken documents.
 */
#include <stdlib.h>
#include <string.h>

#include "util/jsonld.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#include "fuzz_common.h"

CHECKER static void
check(const td_json *j)
{
	require(j->n_vals >= 1 && j->vals[0].parent == UINT32_MAX && j->vals[0].end == j->n_vals);
	for (uint32_t i = 0; i < j->n_vals; i++)
	{
		const td_json_val *v = &j->vals[i];

		require(v->end > i && v->end <= j->n_vals);
		if (i > 0)
		{
			const td_json_val *p = &j->vals[v->parent];

			require(v->parent < i && v->end <= p->end);
			require(p->type == TD_JSON_ARRAY || p->type == TD_JSON_OBJECT);
			require(v->has_key == (p->type == TD_JSON_OBJECT));
		}
		if (v->type != TD_JSON_ARRAY && v->type != TD_JSON_OBJECT)
			require(v->end == i + 1);
		require((size_t) v->str_off + v->str_len <= j->n_pool);
		require((size_t) v->key_off + v->key_len <= j->n_pool);
	}
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_json		j;
	td_status	st;

	if (size < 1)
		return 0;
	td_env_default(&env);
	st = td_json_parse(&env, (const char *) data + 1, size - 1, data[0], &j);
	require(st == TD_OK || st == TD_EFORMAT);
	require(st == TD_OK || env.errmsg[0] != 0);
	if (st == TD_OK)
	{
		uint32_t	steps = 0;

		check(&j);
		for (uint32_t i = 0; i < j.n_vals; i++)
		{
			(void) td_json_member(&j, i, "@type");
			if (j.vals[i].type == TD_JSON_ARRAY || j.vals[i].type == TD_JSON_OBJECT)
				for (uint32_t k = td_json_first(&j, i); k != UINT32_MAX; k = td_json_next(&j, k))
				{
					require(j.vals[k].parent == i);
					require(++steps <= j.n_vals);
				}
		}
	}
	td_json_free(&j);
	return 0;
}
