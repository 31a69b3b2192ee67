/*
 * template_nodes.c — template_nodes(html, profile, threshold): one row per
 * element of the page, in document order, with what strip_template decided
 * about it and why (its page count and share in the profile), and the
 * start of its visible text with the text's full length (a bounded
 * preview: a page's rows stay linear in its size however deep it nests),
 * and the reason strip_template removes it (base/reason.h), recorded by
 * the marking itself.
 */
#include "pg/base/glue.h"
#include "pg/site/profile_arg.h"

#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

PG_FUNCTION_INFO_V1(template_nodes_text);
PG_FUNCTION_INFO_V1(template_nodes_bytea);

#define TEMPLATE_NODES_COLS 10

static void
nodes(FunctionCallInfo fcinfo, bool is_bytea)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	double		threshold = PG_GETARG_FLOAT8(2);
	const td_profile_view *view;
	MemoryContext scratch;
	MemoryContext rowcxt;
	MemoryContext old;
	td_env		env;
	td_tree    *tree;
	td_marks	marks;
	td_nodeinfo ni;
	td_buf		buf;
	uint32_t	i;

	td_pg_check_threshold(threshold);
	InitMaterializedSRF(fcinfo, 0);
	view = td_pg_profile_arg(fcinfo, 1);

	scratch = td_pg_scratch_context("templatedet template_nodes");
	rowcxt = AllocSetContextCreate(scratch, "templatedet row", ALLOCSET_DEFAULT_SIZES);
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return;					/* skipped (templatedet.on_error): no rows */
	}

	TD_PG_CALL(&env, memset(&marks, 0, sizeof(marks)),
			   td_mark_template(tree, view, threshold, &marks), NULL);
	td_pg_nodeinfo(&env, tree, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni);

	td_buf_init(&buf, &env);
	for (i = 0; i < tree->n_nodes; i++)
	{
		const td_node *node = &tree->nodes[i];
		Datum		values[TEMPLATE_NODES_COLS];
		bool		nulls[TEMPLATE_NODES_COLS] = {0};
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
		values[4] = Int32GetDatum((int32) marks.pages[i]);
		values[5] = Float8GetDatum(view->pages ? (double) marks.pages[i] / (double) view->pages : 0.0);
		values[6] = BoolGetDatum(marks.drop[i] != 0);
		values[7] = td_pg_node_text(&env, &buf, &ni, i, TD_PG_TEXT_PREVIEW, &text_length);
		values[8] = Int32GetDatum(text_length);
		if (marks.reason[i] == TD_REASON_NONE)
			nulls[9] = true;
		else
			values[9] = CStringGetTextDatum(td_reason_name(marks.reason[i]));

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}

	MemoryContextDelete(scratch);
}

Datum
template_nodes_text(PG_FUNCTION_ARGS)
{
	nodes(fcinfo, false);
	return (Datum) 0;
}

Datum
template_nodes_bytea(PG_FUNCTION_ARGS)
{
	nodes(fcinfo, true);
	return (Datum) 0;
}
