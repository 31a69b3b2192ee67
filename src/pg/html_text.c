/*
 * html_text.c — html_text(html) → all visible text of a page, nothing
 * removed: the baseline strip_template is compared with.
 */
#include "glue.h"

#include "render.h"

PG_FUNCTION_INFO_V1(html_text_text);
PG_FUNCTION_INFO_V1(html_text_bytea);

static text *
visible_text(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch = td_pg_scratch_context("templatedet html_text");
	td_env		env;
	td_env		outenv;
	td_tree    *tree;
	td_buf		buf;
	text	   *result;

	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);

	/* the result must outlive the scratch context */
	td_pg_env_init(&outenv, CurrentMemoryContext);
	td_pg_varbuf_init(&buf, &outenv);
	TD_PG_CALL(&outenv, td_pg_varbuf_reset(&buf),
			   td_render_text(tree, NULL, &buf), NULL);
	result = td_pg_varbuf_text(&buf);

	MemoryContextDelete(scratch);
	return result;
}

Datum
html_text_text(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(visible_text(fcinfo, false));
}

Datum
html_text_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(visible_text(fcinfo, true));
}
