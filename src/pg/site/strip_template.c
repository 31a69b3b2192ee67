/*
 * strip_template.c — strip_template(html, profile, threshold) → clean text and
 * strip_template_html(html, profile, threshold) → clean HTML.
 *
 * Both mark the page's template nodes against the profile (marks.h: node
 * subtrees or table text chunks, by the profile's unit) and render what is
 * left; the profile is validated once per query per distinct
 * profile (profile_arg.c).
 */
#include "pg/base/glue.h"
#include "pg/site/profile_arg.h"

#include "base/render.h"

PG_FUNCTION_INFO_V1(strip_template_text);
PG_FUNCTION_INFO_V1(strip_template_bytea);
PG_FUNCTION_INFO_V1(strip_template_html_text);
PG_FUNCTION_INFO_V1(strip_template_html_bytea);

static text *
strip(FunctionCallInfo fcinfo, bool is_bytea, td_pg_renderer render)
{
	double		threshold = PG_GETARG_FLOAT8(2);
	const td_profile_view *view;
	MemoryContext scratch;
	td_env		env;
	td_tree    *tree;
	td_marks	marks;
	text	   *result;

	td_pg_check_threshold(threshold);
	view = td_pg_profile_arg(fcinfo, 1);

	scratch = td_pg_scratch_context("templatedet strip");
	td_pg_env_init(&env, scratch);
	/* the text needs no attributes; the HTML keeps them all */
	tree = render == td_render_text ? td_pg_parse_arg_slim(&env, fcinfo, 0, is_bytea) :
		td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return NULL;			/* skipped (templatedet.on_error) */
	}

	TD_PG_CALL(&env, memset(&marks, 0, sizeof(marks)),
			   td_mark_site(tree, view, threshold, &marks), NULL);

	result = td_pg_render(render, tree, marks.drop);

	MemoryContextDelete(scratch);
	return result;
}

Datum
strip_template_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(strip(fcinfo, false, td_render_text));
}

Datum
strip_template_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(strip(fcinfo, true, td_render_text));
}

Datum
strip_template_html_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(strip(fcinfo, false, td_render_html));
}

Datum
strip_template_html_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(strip(fcinfo, true, td_render_html));
}
