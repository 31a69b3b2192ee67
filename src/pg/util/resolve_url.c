/*
 * resolve_url.c — resolve_url(base_url, href) and normalize_url(url): the
 * URL normal form the link functions use (url.h), so that a crawl table's
 * url column can be stored in the same form and found by equality.
 */
#include "pg/menu/menu_glue.h"

#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(td_resolve_url);
PG_FUNCTION_INFO_V1(td_normalize_url);

/* ref resolved against base (NULL: ref must be absolute); NULL when it leads to no web page. */
static Datum
resolved(FunctionCallInfo fcinfo, const char *base, size_t base_len, const char *ref, size_t ref_len)
{
	td_env		env;
	td_buf		out;
	td_status	st;

	td_pg_env_init(&env, CurrentMemoryContext);
	td_buf_init(&out, &env);
	if (base)
	{
		td_pg_check_url(&env, td_url_resolve(&env, NULL, 0, base, base_len, &out), "base_url");
		out.len = 0;
	}
	st = td_url_resolve(&env, base, base_len, ref, ref_len, &out);
	if (st == TD_EARG)
		PG_RETURN_NULL();
	if (st != TD_OK)
		td_pg_report(&env, st, NULL);
	PG_RETURN_TEXT_P(td_pg_utf8_to_text(out.data, out.len));
}

Datum
td_resolve_url(PG_FUNCTION_ARGS)
{
	size_t		base_len,
				ref_len;
	const char *base = td_pg_utf8_arg(fcinfo, 0, &base_len);
	const char *ref = td_pg_utf8_arg(fcinfo, 1, &ref_len);

	return resolved(fcinfo, base, base_len, ref, ref_len);
}

Datum
td_normalize_url(PG_FUNCTION_ARGS)
{
	size_t		len;
	const char *url = td_pg_utf8_arg(fcinfo, 0, &len);

	return resolved(fcinfo, NULL, 0, url, len);
}
