/*
 * clean_text.c — strip_page(html, model, penalty, base_url, threshold):
 * clean text from page-level detection alone; and clean_text(html, profile,
 * model, base_url, min_pages): the function most users call, site-level
 * stripping where the profile has at least min_pages pages combined with
 * page-level detection, page-level alone otherwise.
 *
 * explain_html takes clean_text's arguments and shows the same decision on
 * the page, each removed block labelled with its reason.
 *
 * How the two detections combine is decided in the core, td_combine_explained
 * (pagelevel.h): a node is dropped when either drops it, page level then
 * judging at 0.6 and dropping nothing of the page's main region, and
 * nothing at all where that region holds under 15% of what site level
 * keeps; site level keeps short labels inside the page's <main>
 * (td_keep_main_labels).  Page level alone (no profile, or a smaller one)
 * judges each page at the threshold of its best expected word F1
 * (td_page_expected_f1; with a model argument, at 0.5 raised on a page where
 * that keeps under 5% of the text, td_page_fallback): td_pg_page_alone.
 */
#include "pg/page/decide.h"
#include "pg/page/page_common.h"

#include <math.h>

#include "base/render.h"

PG_FUNCTION_INFO_V1(strip_page_text);
PG_FUNCTION_INFO_V1(strip_page_bytea);
PG_FUNCTION_INFO_V1(clean_text_text);
PG_FUNCTION_INFO_V1(clean_text_bytea);
PG_FUNCTION_INFO_V1(explain_html_text);
PG_FUNCTION_INFO_V1(explain_html_bytea);

/*
 * strip_page: args html, model, penalty, base_url, threshold.
 */
static Datum
strip_page(FunctionCallInfo fcinfo, bool is_bytea)
{
	const td_page_model *model;
	double		penalty;
	double		threshold;
	MemoryContext scratch;
	td_env		env;
	const char *base;
	size_t		base_len;
	td_tree    *tree;
	td_page_marks marks;
	text	   *result;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(2) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	penalty = PG_GETARG_FLOAT8(2);
	threshold = PG_GETARG_FLOAT8(4);
	td_pg_check_penalty(penalty);
	td_pg_check_threshold(threshold);
	model = td_pg_model_arg(fcinfo, 1);

	scratch = td_pg_scratch_context("templatedet strip_page");
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		PG_RETURN_NULL();		/* skipped (templatedet.on_error) */
	}
	base = td_pg_utf8_arg_opt(fcinfo, 3, &base_len);
	td_pg_page_level(&env, tree, model, false, penalty, threshold, base, base_len, &marks);
	result = td_pg_render(td_render_text, tree, marks.drop);
	MemoryContextDelete(scratch);
	PG_RETURN_TEXT_P(result);
}

Datum
strip_page_text(PG_FUNCTION_ARGS)
{
	return strip_page(fcinfo, false);
}

Datum
strip_page_bytea(PG_FUNCTION_ARGS)
{
	return strip_page(fcinfo, true);
}

/*
 * clean_text: args html, profile, model, base_url, min_pages.
 */
static Datum
clean_text(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch;
	td_env		env;
	const char *base;
	size_t		base_len;
	td_tree    *tree;
	uint8_t    *drop;
	text	   *result;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	scratch = td_pg_scratch_context("templatedet clean_text");
	td_pg_env_init(&env, scratch);
	base = td_pg_utf8_arg_opt(fcinfo, 3, &base_len);
	tree = td_pg_decide(fcinfo, is_bytea, &env, base, base_len, &drop, NULL, NULL);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		PG_RETURN_NULL();		/* skipped (templatedet.on_error) */
	}
	result = td_pg_render(td_render_text, tree, drop);
	MemoryContextDelete(scratch);
	PG_RETURN_TEXT_P(result);
}

/*
 * explain_html: clean_text's arguments; the page as safe HTML with each
 * block clean_text removes marked with its reason (render.h).
 */
static Datum
explain_html(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch;
	td_env		env,
				out_env;
	const char *base;
	size_t		base_len;
	td_tree    *tree;
	uint8_t    *drop;
	uint8_t    *reason;
	float	   *value;
	td_buf		out;
	text	   *result;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	scratch = td_pg_scratch_context("templatedet explain_html");
	td_pg_env_init(&env, scratch);
	base = td_pg_utf8_arg_opt(fcinfo, 3, &base_len);
	tree = td_pg_decide(fcinfo, is_bytea, &env, base, base_len, &drop, &reason, &value);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		PG_RETURN_NULL();		/* skipped (templatedet.on_error) */
	}
	/* the result outlives the scratch context */
	td_pg_env_init(&out_env, CurrentMemoryContext);
	td_pg_varbuf_init(&out, &out_env);
	TD_PG_CALL(&out_env, td_pg_varbuf_reset(&out), td_render_explain(tree, reason, value, &out),
			   NULL);
	result = td_pg_varbuf_text(&out);
	MemoryContextDelete(scratch);
	PG_RETURN_TEXT_P(result);
}

Datum
explain_html_text(PG_FUNCTION_ARGS)
{
	return explain_html(fcinfo, false);
}

Datum
explain_html_bytea(PG_FUNCTION_ARGS)
{
	return explain_html(fcinfo, true);
}

Datum
clean_text_text(PG_FUNCTION_ARGS)
{
	return clean_text(fcinfo, false);
}

Datum
clean_text_bytea(PG_FUNCTION_ARGS)
{
	return clean_text(fcinfo, true);
}
