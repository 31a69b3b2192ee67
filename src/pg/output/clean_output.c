/*
 * clean_output.c — clean_html(html, profile, model, base_url, min_pages)
 * and clean_markdown(same, links, images): the page's content as safe HTML
 * and as Markdown, from exactly clean_text's decision (td_pg_decide,
 * pg/page/decide.h), so the outputs never disagree about what is content.
 * The renderers are the core's (output/safehtml.h, output/markdown.h).
 */
#include "pg/page/decide.h"

#include "output/markdown.h"
#include "output/safehtml.h"

PG_FUNCTION_INFO_V1(clean_html_text);
PG_FUNCTION_INFO_V1(clean_html_bytea);
PG_FUNCTION_INFO_V1(clean_markdown_text);
PG_FUNCTION_INFO_V1(clean_markdown_bytea);

/*
 * Renders clean_text's decision on the page with the renderer of markdown
 * (links and images from args 5 and 6) or of safe HTML.  NULL when the page
 * was skipped (templatedet.on_error).
 */
static text *
clean_output(FunctionCallInfo fcinfo, bool is_bytea, bool markdown)
{
	MemoryContext scratch;
	td_env		env,
				out_env;
	td_tree    *tree;
	uint8_t    *drop;
	td_buf		out;
	td_md_options options;
	text	   *result;

	memset(&options, 0, sizeof(options));
	options.base = td_pg_utf8_arg_opt(fcinfo, 3, &options.base_len);
	if (markdown)
	{
		options.links = PG_GETARG_BOOL(5);
		options.images = PG_GETARG_BOOL(6);
	}
	scratch = td_pg_scratch_context("templatedet clean_output");
	td_pg_env_init(&env, scratch);
	tree = td_pg_decide(fcinfo, is_bytea, &env, options.base, options.base_len, &drop, NULL, NULL);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return NULL;			/* skipped (templatedet.on_error) */
	}
	/* the result outlives the scratch context */
	td_pg_env_init(&out_env, CurrentMemoryContext);
	td_pg_varbuf_init(&out, &out_env);
	if (markdown)
		TD_PG_CALL(&out_env, td_pg_varbuf_reset(&out),
				   td_render_markdown(tree, drop, &options, &out), NULL);
	else
		TD_PG_CALL(&out_env, td_pg_varbuf_reset(&out),
				   td_render_safe_html(tree, drop, options.base, options.base_len, &out), NULL);
	result = td_pg_varbuf_text(&out);
	MemoryContextDelete(scratch);
	return result;
}

Datum
clean_html_text(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	TD_PG_RETURN_TEXT_OR_NULL(clean_output(fcinfo, false, false));
}

Datum
clean_html_bytea(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	TD_PG_RETURN_TEXT_OR_NULL(clean_output(fcinfo, true, false));
}

Datum
clean_markdown_text(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(4) || PG_ARGISNULL(5) || PG_ARGISNULL(6))
		PG_RETURN_NULL();
	TD_PG_RETURN_TEXT_OR_NULL(clean_output(fcinfo, false, true));
}

Datum
clean_markdown_bytea(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(4) || PG_ARGISNULL(5) || PG_ARGISNULL(6))
		PG_RETURN_NULL();
	TD_PG_RETURN_TEXT_OR_NULL(clean_output(fcinfo, true, true));
}
