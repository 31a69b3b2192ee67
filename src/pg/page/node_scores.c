/*
 * node_scores.c — node_scores(html, model, base_url): one row per element
 * of the page in document order, with its area A_i, size class, the raw
 * classifier score (before smoothing; NULL for elements too small to judge
 * or hidden) and the smoothed score at the default penalty, to compare
 * Basic with Smooth (seed §6.1), and the start of its visible text with
 * the text's full length (as template_nodes), and the reason clean_text
 * without a profile removes it (page level alone, base/reason.h).
 */
#include "pg/page/page_common.h"

#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

PG_FUNCTION_INFO_V1(node_scores_text);
PG_FUNCTION_INFO_V1(node_scores_bytea);

#define NODE_SCORES_COLS 11

static void
scores(FunctionCallInfo fcinfo, bool is_bytea)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const td_logreg *model;
	MemoryContext scratch;
	MemoryContext rowcxt;
	MemoryContext old;
	td_env		env;
	td_tree    *tree;
	td_page_marks marks;
	td_nodeinfo ni;
	uint8_t    *drop;
	uint8_t    *reason;
	td_buf		buf;
	uint32_t	i;

	InitMaterializedSRF(fcinfo, 0);
	if (PG_ARGISNULL(0))
		return;
	model = td_pg_model_arg(fcinfo, 1);

	scratch = td_pg_scratch_context("templatedet node_scores");
	rowcxt = AllocSetContextCreate(scratch, "templatedet row", ALLOCSET_DEFAULT_SIZES);
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return;					/* skipped (templatedet.on_error): no rows */
	}
	td_pg_page_level(&env, tree, model, TD_DEFAULT_PENALTY, TD_DEFAULT_PAGE_THRESHOLD,
					 PG_ARGISNULL(2) ? NULL : PG_GETARG_TEXT_PP(2), &marks);
	TD_PG_CALL(&env, (void) 0, td_page_fallback(tree, &marks, TD_DEFAULT_PAGE_THRESHOLD,
												TD_DEFAULT_FALLBACK_SHARE, NULL), NULL);
	td_pg_nodeinfo(&env, tree, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni);
	/* clean_text's decision without a profile: page level alone */
	drop = MemoryContextAllocHuge(scratch, Max(tree->n_nodes, 1));
	reason = MemoryContextAllocHuge(scratch, Max(tree->n_nodes, 1));
	TD_PG_CALL(&env, (void) 0,
			   td_combine_explained(tree, NULL, NULL, marks.drop, marks.reason, marks.main_region,
									TD_DEFAULT_MIN_REGION_SHARE, drop, reason), NULL);

	td_buf_init(&buf, &env);
	for (i = 0; i < tree->n_nodes; i++)
	{
		const td_node *node = &tree->nodes[i];
		Datum		values[NODE_SCORES_COLS];
		bool		nulls[NODE_SCORES_COLS] = {0};
		int32		text_length;

		if (node->kind != TD_ELEM)
			continue;
		CHECK_FOR_INTERRUPTS();
		old = MemoryContextSwitchTo(rowcxt);

		values[0] = Int32GetDatum((int32) i);
		if (node->parent == TD_NONE || tree->nodes[node->parent].kind != TD_ELEM)
			nulls[1] = true;
		else
			values[1] = Int32GetDatum((int32) node->parent);
		values[2] = td_pg_node_path(&env, &buf, &ni, i);
		values[3] = PointerGetDatum(td_pg_utf8_to_text(td_node_str(tree, i), node->str_len));
		values[4] = Int32GetDatum((int32) Min(marks.area[i], (uint32_t) PG_INT32_MAX));
		values[5] = Int32GetDatum(td_size_class(marks.area[i]));
		if (marks.score[i] < 0)
			nulls[6] = true;
		else
			values[6] = Float8GetDatum((double) marks.score[i]);
		if (marks.smooth[i] < 0)
			nulls[7] = true;
		else
			values[7] = Float8GetDatum((double) marks.smooth[i]);
		values[8] = td_pg_node_text(&env, &buf, &ni, i, TD_PG_TEXT_PREVIEW, &text_length);
		values[9] = Int32GetDatum(text_length);
		if (reason[i] == TD_REASON_NONE)
			nulls[10] = true;
		else
			values[10] = CStringGetTextDatum(td_reason_name(reason[i]));

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}

	MemoryContextDelete(scratch);
}

Datum
node_scores_text(PG_FUNCTION_ARGS)
{
	scores(fcinfo, false);
	return (Datum) 0;
}

Datum
node_scores_bytea(PG_FUNCTION_ARGS)
{
	scores(fcinfo, true);
	return (Datum) 0;
}
