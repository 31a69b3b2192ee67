/*
 * html_text.c — html_text(html) → all visible text of a page, nothing
 * removed: the baseline strip_template is compared with; html_text(html,
 * title) the same with the page's <title> as its first line when title is
 * true.
 */
#include "pg/base/glue.h"

#include "base/render.h"

PG_FUNCTION_INFO_V1(html_text_text);
PG_FUNCTION_INFO_V1(html_text_bytea);
PG_FUNCTION_INFO_V1(html_text_title_text);
PG_FUNCTION_INFO_V1(html_text_title_bytea);

/* The title line, then the visible text. */
static td_status
title_and_text(const td_tree *tree, const uint8_t *drop, td_buf *out)
{
	size_t		start = out->len;
	size_t		title_end;
	td_status	st = td_render_title(tree, out);

	if (st != TD_OK)
		return st;
	title_end = out->len;
	if (title_end > start)
		st = td_buf_putc(out, '\n');
	if (st == TD_OK)
		st = td_render_text(tree, drop, out);
	if (st == TD_OK && out->len == title_end + 1)
		out->len = title_end;	/* no text: no line break after the title */
	return st;
}

/* NULL when the page is skipped (templatedet.on_error). */
static text *
visible_text(FunctionCallInfo fcinfo, bool is_bytea, bool title)
{
	MemoryContext scratch = td_pg_scratch_context("templatedet html_text");
	td_env		env;
	td_tree    *tree;
	text	   *result;

	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg_slim(&env, fcinfo, 0, is_bytea);

	result = tree ? td_pg_render(title ? title_and_text : td_render_text, tree, NULL) : NULL;

	MemoryContextDelete(scratch);
	return result;
}

Datum
html_text_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(visible_text(fcinfo, false, false));
}

Datum
html_text_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(visible_text(fcinfo, true, false));
}

/* html_text(html, title): STRICT, so neither argument is NULL here. */
Datum
html_text_title_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(visible_text(fcinfo, false, PG_GETARG_BOOL(1)));
}

Datum
html_text_title_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(visible_text(fcinfo, true, PG_GETARG_BOOL(1)));
}
