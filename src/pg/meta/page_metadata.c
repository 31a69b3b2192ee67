/*
 * page_metadata.c — page_metadata(html, base_url): the page's metadata
 * (meta/metadata.h) as jsonb.  The core writes JSON text in UTF-8; it is
 * converted to the server encoding and read by jsonb_in, so the result is
 * exactly what the same text cast to jsonb gives.
 *
 * Like the other page functions: a NULL page is NULL; a page that cannot
 * be read is a page error (templatedet.on_error: ERROR, or a WARNING and
 * NULL under skip); an unusable base_url (not an absolute http(s) URL) is
 * ERROR 22023 before the page is read, a NULL one is none.
 */
#include "pg/base/glue.h"

#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"

#include "meta/metadata.h"
#include "pg/menu/menu_glue.h"

PG_FUNCTION_INFO_V1(page_metadata_text);
PG_FUNCTION_INFO_V1(page_metadata_bytea);

static Datum
page_metadata(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch,
				old;
	td_env		env;
	td_tree    *tree;
	td_meta_options opt = {0};
	td_buf		out;
	char	   *json;
	Datum		result;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	scratch = td_pg_scratch_context("templatedet page_metadata");
	td_pg_env_init(&env, scratch);
	old = MemoryContextSwitchTo(scratch);
	if (!PG_ARGISNULL(1))
	{
		/* the base first: a bad one is an error even on an empty page */
		td_buf		probe;

		opt.base_url = td_pg_utf8_arg(fcinfo, 1, &opt.base_len);
		td_buf_init(&probe, &env);
		td_pg_check_url(&env, td_url_resolve(&env, NULL, 0, opt.base_url, opt.base_len, &probe),
						"base_url");
		td_buf_free(&probe);
	}
	MemoryContextSwitchTo(old);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		PG_RETURN_NULL();		/* skipped (templatedet.on_error) */
	}
	opt.detect_language = 1;
	td_buf_init(&out, &env);
	TD_PG_CALL(&env, out.len = 0, td_page_metadata(tree, &opt, &out), NULL);
	TD_PG_CALL(&env, (void) 0, td_buf_terminate(&out), NULL);
	/* the result outlives the scratch context */
	json = pg_any_to_server(out.data, (int) out.len, PG_UTF8);
	result = DirectFunctionCall1(jsonb_in, CStringGetDatum(json));
	MemoryContextDelete(scratch);
	PG_RETURN_DATUM(result);
}

Datum
page_metadata_text(PG_FUNCTION_ARGS)
{
	return page_metadata(fcinfo, false);
}

Datum
page_metadata_bytea(PG_FUNCTION_ARGS)
{
	return page_metadata(fcinfo, true);
}
