/*
 * sandwich_strip.c — sandwich_strip(html, peer_html, unit) → the page's
 * visible text without what it shares with its peer (core: sandwich.h).
 *
 * Not STRICT: a NULL peer means "no peer" (a page alone in its directory),
 * and the page's whole visible text is returned, as the paper does.  A NULL
 * page or unit gives NULL.
 */
#include "pg/base/glue.h"

#include "base/render.h"
#include "sandwich/sandwich.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(sandwich_strip_text);
PG_FUNCTION_INFO_V1(sandwich_strip_bytea);

static td_sw_unit
unit_arg(FunctionCallInfo fcinfo, int argno)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	int			unit = td_sw_unit_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));

	if (unit < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unit must be 'line' or 'token', got '%s'", text_to_cstring(t))));
	return (td_sw_unit) unit;
}

static text *
sandwich(FunctionCallInfo fcinfo, bool is_bytea)
{
	td_sw_unit	unit = unit_arg(fcinfo, 2);
	MemoryContext scratch = td_pg_scratch_context("templatedet sandwich_strip");
	td_env		env;
	const char *page,
			   *page_enc,
			   *peer = NULL,
			   *peer_enc = NULL;
	size_t		page_len,
				peer_len = 0;
	td_buf		masked;
	td_tree    *tree;
	text	   *result;
	MemoryContext old = MemoryContextSwitchTo(scratch);

	td_pg_env_init(&env, scratch);
	/* a skipped page or peer (templatedet.on_error): no result */
	if (!td_pg_page_arg(fcinfo, 0, is_bytea, &page, &page_len, &page_enc) ||
		(!PG_ARGISNULL(1) && !td_pg_page_arg(fcinfo, 1, is_bytea, &peer, &peer_len, &peer_enc)))
	{
		MemoryContextSwitchTo(old);
		MemoryContextDelete(scratch);
		return NULL;
	}

	td_buf_init(&masked, &env);
	TD_PG_CALL(&env, masked.len = 0,
			   td_sandwich_mask(&env, page, page_len, page_enc, peer, peer_len, peer_enc,
								unit, &masked, NULL),
			   "templatedet.max_page_bytes");
	tree = td_pg_parse_bytes(&env, masked.data ? masked.data : "", masked.len, "UTF-8", false);

	MemoryContextSwitchTo(old);
	result = tree ? td_pg_render(td_render_text, tree, NULL) : NULL;
	MemoryContextDelete(scratch);
	return result;
}

Datum
sandwich_strip_text(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	TD_PG_RETURN_TEXT_OR_NULL(sandwich(fcinfo, false));
}

Datum
sandwich_strip_bytea(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	TD_PG_RETURN_TEXT_OR_NULL(sandwich(fcinfo, true));
}
