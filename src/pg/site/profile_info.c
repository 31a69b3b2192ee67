/*
 * profile_info.c — profile_info(tdprofile) → jsonb: what a stored profile
 * holds (its unit: node or chunk), how exact its counts are, the exact
 * duplicate pages it did not count, and the pages templatedet.on_error =
 * skip left out (skipped_pages: 0 for format versions before 3).
 */
#include "pg/base/glue.h"

#include "common/shortest_dec.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"

PG_FUNCTION_INFO_V1(profile_info);

/* Shortest exact decimal, independent of extra_float_digits. */
static void
append_double(StringInfo s, double d)
{
	char		buf[DOUBLE_SHORTEST_DECIMAL_LEN];

	double_to_shortest_decimal_buf(d, buf);
	appendStringInfoString(s, buf);
}

Datum
profile_info(PG_FUNCTION_ARGS)
{
	bytea	   *p = PG_GETARG_BYTEA_PP(0);
	td_env		env;
	td_profile_view v;
	StringInfoData s;

	td_pg_env_init(&env, CurrentMemoryContext);
	TD_PG_CALL(&env, (void) 0,
			   td_profile_view_init(&env, VARDATA_ANY(p), VARSIZE_ANY_EXHDR(p), &v), NULL);

	initStringInfo(&s);
	appendStringInfo(&s, "{\"format_version\": %u, \"unit\": \"%s\", \"fingerprint_scheme\": %u",
					 (unsigned) v.version, v.unit == TD_UNIT_CHUNK ? "chunk" : "node",
					 (unsigned) v.fp_scheme);
	appendStringInfo(&s, ", \"pages\": " UINT64_FORMAT ", \"entries\": " UINT64_FORMAT
					 ", \"bytes\": %zu, \"error_bound\": " UINT64_FORMAT ", \"error_share\": ",
					 v.pages, v.n_entries, (size_t) VARSIZE_ANY_EXHDR(p), v.error);
	append_double(&s, v.pages ? (double) v.error / (double) v.pages : 0.0);
	appendStringInfoString(&s, ", \"eps\": ");
	append_double(&s, v.eps_ppm / 1000000.0);
	appendStringInfo(&s, ", \"duplicates\": " UINT64_FORMAT ", \"duplicates_overcounted\": "
					 UINT64_FORMAT ", \"unchecked_pages\": " UINT64_FORMAT
					 ", \"skipped_pages\": " UINT64_FORMAT,
					 v.duplicates, v.overcounted, v.unchecked, v.skipped);
	appendStringInfoChar(&s, '}');

	PG_RETURN_DATUM(DirectFunctionCall1(jsonb_in, CStringGetDatum(s.data)));
}
