/*
 * html_text.c — html_text(html) → all visible text of a page, nothing
 * removed: the baseline strip_template is compared with.
 */
#include "pg/base/glue.h"

#include "base/render.h"

PG_FUNCTION_INFO_V1(html_text_text);
PG_FUNCTION_INFO_V1(html_text_bytea);

/* NULL when the page is skipped (templatedet.on_error). */
static text *
visible_text(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch = td_pg_scratch_context("templatedet html_text");
	td_env		env;
	td_tree    *tree;
	text	   *result;

	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg_slim(&env, fcinfo, 0, is_bytea);

	result = tree ? td_pg_render(td_render_text, tree, NULL) : NULL;

	MemoryContextDelete(scratch);
	return result;
}

Datum
html_text_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(visible_text(fcinfo, false));
}

Datum
html_text_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(visible_text(fcinfo, true));
}
