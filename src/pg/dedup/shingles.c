/*
 * shingles.c — near-duplicate signatures as int8[] (core: shingle.h):
 * shingles, shingle_overlap, minhash, minhash_similarity, minhash_bands.
 * The arrays are plain int8[], so the built-in GIN array opclass indexes them
 * and `&&` finds candidate pairs.
 */
#include "pg/base/glue.h"

#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "dedup/shingle.h"

PG_FUNCTION_INFO_V1(td_shingles_sql);
PG_FUNCTION_INFO_V1(td_shingle_overlap_sql);
PG_FUNCTION_INFO_V1(td_minhash_sql);
PG_FUNCTION_INFO_V1(td_minhash_similarity_sql);
PG_FUNCTION_INFO_V1(td_minhash_bands_sql);

static ArrayType *
int8_array(const int64_t *v, size_t n)
{
	Datum	   *d = palloc(Max(n, 1) * sizeof(Datum));
	size_t		i;

	for (i = 0; i < n; i++)
		d[i] = Int64GetDatum(v[i]);
	return construct_array(d, (int) n, INT8OID, sizeof(int64), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE);
}

/*
 * The int8[] argument as values: one dimension (or empty), no NULLs, else
 * 22023 naming what.
 */
static const int64_t *
int8_array_arg(FunctionCallInfo fcinfo, int argno, const char *what, size_t *n)
{
	ArrayType  *a = PG_GETARG_ARRAYTYPE_P(argno);

	if (ARR_NDIM(a) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be a one-dimensional array, got %d dimensions",
						what, ARR_NDIM(a))));
	if (array_contains_nulls(a))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must not contain NULL elements", what)));
	*n = (size_t) ArrayGetNItems(ARR_NDIM(a), ARR_DIMS(a));
	return (const int64_t *) ARR_DATA_PTR(a);
}

/* A strictly ascending copy of v (v itself when it already is). */
static const int64_t *
ascending(const int64_t *v, size_t *n)
{
	size_t		i;
	int64_t    *c;

	for (i = 1; i < *n; i++)
		if (v[i - 1] >= v[i])
			break;
	if (i >= *n)
		return v;
	c = palloc(*n * sizeof(int64_t));
	memcpy(c, v, *n * sizeof(int64_t));
	*n = td_shingle_sort_unique(c, *n);
	return c;
}

Datum
td_shingles_sql(PG_FUNCTION_ARGS)
{
	size_t		len;
	const char *s = td_pg_utf8_arg(fcinfo, 0, &len);
	int32		width = PG_GETARG_INT32(1);
	int32		keep = PG_GETARG_INT32(2);
	int64_t    *out;
	size_t		n = 0;
	td_env		env;

	td_pg_env_init(&env, CurrentMemoryContext);
	out = palloc(sizeof(int64_t) * (size_t) Max(1, Min(keep, TD_SHINGLE_MAX_KEEP)));
	TD_PG_CALL(&env, (void) 0, td_shingles(&env, s, len, width, keep, out, &n), NULL);
	PG_RETURN_ARRAYTYPE_P(int8_array(out, n));
}

Datum
td_shingle_overlap_sql(PG_FUNCTION_ARGS)
{
	size_t		na;
	size_t		nb;
	const int64_t *a = int8_array_arg(fcinfo, 0, "shingles", &na);
	const int64_t *b = int8_array_arg(fcinfo, 1, "shingles", &nb);

	a = ascending(a, &na);
	b = ascending(b, &nb);
	PG_RETURN_INT32((int32) td_shingle_overlap(a, na, b, nb));
}

Datum
td_minhash_sql(PG_FUNCTION_ARGS)
{
	size_t		len;
	const char *s = td_pg_utf8_arg(fcinfo, 0, &len);
	int32		width = PG_GETARG_INT32(1);
	int32		k = PG_GETARG_INT32(2);
	int64_t    *out;
	size_t		n = 0;
	td_env		env;

	td_pg_env_init(&env, CurrentMemoryContext);
	out = palloc(sizeof(int64_t) * (size_t) Max(1, Min(k, TD_MINHASH_MAX_K)));
	TD_PG_CALL(&env, (void) 0, td_minhash(&env, s, len, width, k, out, &n), NULL);
	PG_RETURN_ARRAYTYPE_P(int8_array(out, n));
}

Datum
td_minhash_similarity_sql(PG_FUNCTION_ARGS)
{
	size_t		na;
	size_t		nb;
	const int64_t *a = int8_array_arg(fcinfo, 0, "signature", &na);
	const int64_t *b = int8_array_arg(fcinfo, 1, "signature", &nb);

	if (na != nb)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("signatures must have the same length, got %zu and %zu", na, nb)));
	PG_RETURN_FLOAT8(td_minhash_similarity(a, b, na));
}

Datum
td_minhash_bands_sql(PG_FUNCTION_ARGS)
{
	size_t		n;
	const int64_t *sig = int8_array_arg(fcinfo, 0, "signature", &n);
	int32		bands = PG_GETARG_INT32(1);
	int64_t    *out;
	td_env		env;
	td_status	st;

	td_pg_env_init(&env, CurrentMemoryContext);
	out = palloc(sizeof(int64_t) * (size_t) Max(1, Min(bands, TD_MINHASH_MAX_K)));
	st = td_minhash_bands(&env, sig, n, bands, out);
	if (st != TD_OK)
		td_pg_report(&env, st, NULL);
	PG_RETURN_ARRAYTYPE_P(int8_array(out, n == 0 ? 0 : (size_t) bands));
}
