/*
 * decide.c — clean_text's decision, the one every output of a page shares:
 * clean_text, explain_html, clean_html and clean_markdown call it with the
 * same arguments (html, profile, model, base_url, min_pages), so they never
 * disagree about what is content.
 *
 * Site-level stripping where the profile has at least min_pages pages,
 * combined with page-level detection; page-level alone otherwise.  How the
 * two detections combine is decided in the core, td_combine_explained
 * (pagelevel.h); then the later copies of a block the result keeps go
 * (td_drop_repeats, repeats.h); td_pg_clean_drops does both.
 */
#include "pg/page/decide.h"

#include "pg/page/page_common.h"

/*
 * clean_text's decision (args html, profile, model, base_url, min_pages) on
 * a page parsed in env: drop per node and, when reason is not NULL, why
 * (reason.h) with the share or score it rests on (value, -1 for none).
 * explain_html shows exactly this decision.
 */
td_tree *
td_pg_decide(FunctionCallInfo fcinfo, bool is_bytea, td_env *env, const char *base_url,
			 size_t base_len, uint8_t **drop, uint8_t **reason, float **value)
{
	const td_profile_view *view;
	const td_page_model *model;
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
	td_pg_page_level(env, tree, model, use_site, TD_DEFAULT_PENALTY,
					 use_site ? TD_DEFAULT_COMBINED_THRESHOLD : TD_DEFAULT_PAGE_THRESHOLD,
					 base_url, base_len, &page);
	if (!use_site)				/* page level alone: its own decision (page_common.h) */
		td_pg_page_alone(env, tree, model, &page);

	*drop = MemoryContextAllocHuge((MemoryContext) env->arg, n);
	if (reason)
		*reason = MemoryContextAllocHuge((MemoryContext) env->arg, n);
	td_pg_clean_drops(env, tree, use_site ? site.drop : NULL, use_site ? site.reason : NULL,
					  &page, *drop, reason ? *reason : NULL);
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
