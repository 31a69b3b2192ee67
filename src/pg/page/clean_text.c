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
 * (td_keep_main_labels).  Page level alone (no profile, or a smaller one) judges at 0.5,
 * raising the threshold on a page where that keeps under 5% of the text
 * (td_page_fallback).
 */
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
	const td_logreg *model;
	double		penalty;
	double		threshold;
	MemoryContext scratch;
	td_env		env;
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
	td_pg_page_level(&env, tree, model, penalty, threshold,
					 PG_ARGISNULL(3) ? NULL : PG_GETARG_TEXT_PP(3), &marks);
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
 * clean_text's decision (args html, profile, model, base_url, min_pages) on
 * a page parsed in env: drop per node and, when reason is not NULL, why
 * (reason.h) with the share or score it rests on (value, -1 for none).
 * explain_html shows exactly this decision.
 */
static td_tree *
decide(FunctionCallInfo fcinfo, bool is_bytea, td_env *env, uint8_t **drop,
	   uint8_t **reason, float **value)
{
	const td_profile_view *view;
	const td_logreg *model;
	int32		min_pages;
	td_tree    *tree;
	td_marks	site;
	td_page_marks page;
	bool		use_site;
	uint32_t	n;

	min_pages = PG_GETARG_INT32(4);
	if (min_pages < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("min_pages must be at least 1, got %d", min_pages)));
	view = td_pg_page_profile_arg(fcinfo, 1);
	model = td_pg_model_arg(fcinfo, 2);
	use_site = view != NULL && view->pages >= (uint64) min_pages;

	tree = td_pg_parse_arg(env, fcinfo, 0, is_bytea);
	if (tree == NULL)
		return NULL;			/* skipped (templatedet.on_error) */
	n = Max(tree->n_nodes, 1);

	memset(&site, 0, sizeof(site));
	if (use_site)
	{
		TD_PG_CALL(env, memset(&site, 0, sizeof(site)),
				   td_mark_site(tree, view, TD_DEFAULT_THRESHOLD, &site), NULL);
		/* short labels in the page's <main> are content (marks.h) */
		TD_PG_CALL(env, (void) 0, td_keep_main_labels(tree, &site, TD_MAIN_LABEL_MAX), NULL);
	}
	td_pg_page_level(env, tree, model, TD_DEFAULT_PENALTY,
					 use_site ? TD_DEFAULT_COMBINED_THRESHOLD : TD_DEFAULT_PAGE_THRESHOLD,
					 PG_ARGISNULL(3) ? NULL : PG_GETARG_TEXT_PP(3), &page);
	if (!use_site)				/* page level alone: its fallback (pagelevel.h) */
		TD_PG_CALL(env, (void) 0, td_page_fallback(tree, &page, TD_DEFAULT_PAGE_THRESHOLD,
												   TD_DEFAULT_FALLBACK_SHARE, NULL), NULL);

	*drop = MemoryContextAllocHuge((MemoryContext) env->arg, n);
	if (reason)
		*reason = MemoryContextAllocHuge((MemoryContext) env->arg, n);
	TD_PG_CALL(env, (void) 0,
			   td_combine_explained(tree, use_site ? site.drop : NULL,
									use_site ? site.reason : NULL, page.drop, page.reason,
									page.main_region, TD_DEFAULT_MIN_REGION_SHARE, *drop,
									reason ? *reason : NULL), NULL);
	if (value)
	{
		*value = MemoryContextAllocHuge((MemoryContext) env->arg, sizeof(float) * n);
		for (uint32_t i = 0; i < tree->n_nodes; i++)
		{
			uint8_t		r = (*reason)[i];

			(*value)[i] = r == TD_REASON_SITE_SHARE && view->pages > 0 ?
				(float) site.pages[i] / (float) view->pages :
				r == TD_REASON_PAGE_SCORE ? page.smooth[i] : -1.0f;
		}
	}
	return tree;
}

/*
 * clean_text: args html, profile, model, base_url, min_pages.
 */
static Datum
clean_text(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch;
	td_env		env;
	td_tree    *tree;
	uint8_t    *drop;
	text	   *result;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	scratch = td_pg_scratch_context("templatedet clean_text");
	td_pg_env_init(&env, scratch);
	tree = decide(fcinfo, is_bytea, &env, &drop, NULL, NULL);
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
	tree = decide(fcinfo, is_bytea, &env, &drop, &reason, &value);
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
