/*
 * url_peer.c — what choosing a sandwich peer in SQL needs (core:
 * util/url.h, sandwich/peer.h): url_directory(url), url_basename(url) and
 * edit_distance(a, b).
 *
 * The URL functions work on the server encoding's bytes: every separator
 * they look for ('/', '?', '#', ':') is ASCII, which every server encoding
 * keeps as itself.  edit_distance counts characters, so its arguments are
 * converted to UTF-8 first.
 */
#include "pg/base/glue.h"

#include "sandwich/peer.h"
#include "util/url.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(td_url_directory_sql);
PG_FUNCTION_INFO_V1(td_url_basename_sql);
PG_FUNCTION_INFO_V1(td_edit_distance_sql);

typedef td_status (*url_part_fn) (const char *url, size_t len, td_buf *out);

static text *
url_part(FunctionCallInfo fcinfo, url_part_fn part)
{
	text	   *url = PG_GETARG_TEXT_PP(0);
	td_env		env;
	td_buf		out;
	td_status	st;

	td_pg_env_init(&env, CurrentMemoryContext);
	td_pg_varbuf_init(&out, &env);
	if ((st = part(VARDATA_ANY(url), VARSIZE_ANY_EXHDR(url), &out)) != TD_OK)
		td_pg_report(&env, st, NULL);
	/* a part of the URL, in the URL's encoding; "/" may add a byte: size-checked */
	return (text *) td_pg_varbuf_bytea(&out);
}

Datum
td_url_directory_sql(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(url_part(fcinfo, td_url_directory));
}

Datum
td_url_basename_sql(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(url_part(fcinfo, td_url_basename));
}

Datum
td_edit_distance_sql(PG_FUNCTION_ARGS)
{
	size_t		alen,
				blen;
	const char *a = td_pg_utf8_arg(fcinfo, 0, &alen),
			   *b = td_pg_utf8_arg(fcinfo, 1, &blen);
	td_env		env;
	uint32_t	d = 0;

	td_pg_env_init(&env, CurrentMemoryContext);
	TD_PG_CALL(&env, d = 0, td_edit_distance(&env, a, alen, b, blen, &d), NULL);
	PG_RETURN_INT32((int32) d);
}
