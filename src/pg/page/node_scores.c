/*
 * node_scores.c — node_scores(html, model, base_url): one row per element
 * of the page in document order, with its area A_i, size class, the raw
 * classifier score (before smoothing; NULL for elements too small to judge
 * or hidden) and the smoothed score at the default penalty, to compare
 * Basic with Smooth (seed §6.1), and the start of its visible text with
 * the text's full length (as template_nodes), and the reason clean_text
 * without a profile removes it (page level alone, then the later copies of
 * kept blocks, repeats.h; base/reason.h).
 */
#include "pg/page/page_common.h"
#include "pg/base/node_rows.h"

PG_FUNCTION_INFO_V1(node_scores_text);
PG_FUNCTION_INFO_V1(node_scores_bytea);

#define NODE_SCORES_COLS (TD_PG_NODE_ROW_COLS + 7)

static void
scores(FunctionCallInfo fcinfo, bool is_bytea)
{
	const td_page_model *model;
	td_pg_node_rows rows;
	td_page_marks marks;
	uint8_t    *drop;
	uint8_t    *reason;
	const char *base;
	size_t		base_len;
	uint32_t	n,
				i;

	td_pg_node_rows_init(&rows, fcinfo);
	if (PG_ARGISNULL(0))
		return;
	model = td_pg_model_arg(fcinfo, 1);
	if (!td_pg_node_rows_parse(&rows, fcinfo, 0, is_bytea, "templatedet node_scores"))
		return;					/* skipped (templatedet.on_error): no rows */
	n = rows.tree->n_nodes;
	base = td_pg_utf8_arg_opt(fcinfo, 2, &base_len);
	td_pg_page_level(&rows.env, rows.tree, model, false, TD_DEFAULT_PENALTY, TD_DEFAULT_PAGE_THRESHOLD,
					 base, base_len, &marks);
	td_pg_page_alone(&rows.env, rows.tree, model, &marks);
	td_pg_node_rows_prepare(&rows);
	/* clean_text's decision without a profile: page level alone */
	drop = MemoryContextAllocHuge(rows.scratch, Max(n, 1));
	reason = MemoryContextAllocHuge(rows.scratch, Max(n, 1));
	td_pg_clean_drops(&rows.env, rows.tree, NULL, NULL, &marks, drop, reason);

	for (i = 0; i < n; i++)
	{
		Datum		values[NODE_SCORES_COLS];
		bool		nulls[NODE_SCORES_COLS] = {0};
		const int	c = TD_PG_NODE_ROW_COLS;

		if (!td_pg_node_row_begin(&rows, i, values, nulls))
			continue;
		values[c] = Int32GetDatum((int32) Min(marks.area[i], (uint32_t) PG_INT32_MAX));
		values[c + 1] = Int32GetDatum(td_size_class(marks.area[i]));
		if (marks.score[i] < 0)
			nulls[c + 2] = true;
		else
			values[c + 2] = Float8GetDatum((double) marks.score[i]);
		if (marks.smooth[i] < 0)
			nulls[c + 3] = true;
		else
			values[c + 3] = Float8GetDatum((double) marks.smooth[i]);
		td_pg_node_row_text(&rows, i, &values[c + 4], &values[c + 5]);
		td_pg_node_row_reason(reason[i], &values[c + 6], &nulls[c + 6]);
		td_pg_node_row_end(&rows, values, nulls);
	}

	td_pg_node_rows_end(&rows);
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
