/*
 * page_segments.c — page_segments(html, model, penalty, base_url): one row
 * per segment of the page-level smoothing (seed §4: each node where the
 * smoothed score changes starts a segment; segments nest).
 *
 * A segment is identified by the node that starts it (the node id of
 * node_scores and template_nodes); its parent segment is the segment of
 * that node's parent; depth is its nesting depth among segments (0 for the
 * outermost).  Its text is its own visible text: nested segments are left
 * out, so the texts of all segments partition the page's visible text and
 * each word is in exactly one row.
 */
#include "pg/page/page_common.h"

#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

PG_FUNCTION_INFO_V1(page_segments_text);
PG_FUNCTION_INFO_V1(page_segments_bytea);

#define PAGE_SEGMENTS_COLS 7

static void
segments(FunctionCallInfo fcinfo, bool is_bytea)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const td_page_model *model;
	double		penalty;
	MemoryContext scratch;
	MemoryContext rowcxt;
	MemoryContext old;
	td_env		env;
	td_tree    *tree;
	td_page_marks marks;
	td_nodeinfo ni;
	td_buf		buf;
	uint8_t    *mask;
	uint32_t   *seg_depth;
	const char *base;
	size_t		base_len;
	uint32_t	i;

	InitMaterializedSRF(fcinfo, 0);
	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		return;
	penalty = PG_GETARG_FLOAT8(2);
	td_pg_check_penalty(penalty);
	model = td_pg_model_arg(fcinfo, 1);

	scratch = td_pg_scratch_context("templatedet page_segments");
	rowcxt = AllocSetContextCreate(scratch, "templatedet row", ALLOCSET_DEFAULT_SIZES);
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return;					/* skipped (templatedet.on_error): no rows */
	}
	base = td_pg_utf8_arg_opt(fcinfo, 3, &base_len);
	td_pg_page_level(&env, tree, model, false, penalty, TD_DEFAULT_PAGE_THRESHOLD, base, base_len, &marks);

	td_pg_nodeinfo(&env, tree, TD_NODEINFO_PATHS, &ni);

	/* every segment start masked: a segment's text skips the nested ones */
	mask = MemoryContextAllocHuge(scratch, Max(tree->n_nodes, 1));
	seg_depth = MemoryContextAllocExtended(scratch, sizeof(uint32_t) * Max(tree->n_nodes, 1),
										   MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);
	for (i = 0; i < tree->n_nodes; i++)
		mask[i] = marks.seg_start[i] != 0;

	td_buf_init(&buf, &env);
	for (i = 0; i < tree->n_nodes; i++)
	{
		const td_node *node = &tree->nodes[i];
		uint32_t	parent_seg = TD_NONE;
		Datum		values[PAGE_SEGMENTS_COLS];
		bool		nulls[PAGE_SEGMENTS_COLS] = {0};

		if (!marks.seg_start[i] || node->kind == TD_TEXT)
			continue;
		CHECK_FOR_INTERRUPTS();

		if (node->parent != TD_NONE)
			parent_seg = marks.segment[node->parent];
		/* parents come first in document order: their depth is known */
		seg_depth[i] = parent_seg == TD_NONE ? 0 : seg_depth[parent_seg] + 1;

		old = MemoryContextSwitchTo(rowcxt);
		values[0] = Int32GetDatum((int32) i);
		if (parent_seg == TD_NONE)
			nulls[1] = true;
		else
			values[1] = Int32GetDatum((int32) parent_seg);
		values[2] = td_pg_node_path(&env, &buf, &ni, i);
		values[3] = Int32GetDatum((int32) seg_depth[i]);
		if (marks.smooth[i] < 0)
			nulls[4] = true;
		else
			values[4] = Float8GetDatum((double) marks.smooth[i]);
		values[5] = BoolGetDatum(marks.drop[i] != 0);
		mask[i] = 0;
		values[6] = td_pg_node_text_masked(&env, &buf, tree, i, mask);
		mask[i] = 1;

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}

	MemoryContextDelete(scratch);
}

Datum
page_segments_text(PG_FUNCTION_ARGS)
{
	segments(fcinfo, false);
	return (Datum) 0;
}

Datum
page_segments_bytea(PG_FUNCTION_ARGS)
{
	segments(fcinfo, true);
	return (Datum) 0;
}
