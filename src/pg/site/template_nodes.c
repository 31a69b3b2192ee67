/*
 * template_nodes.c — template_nodes(html, profile, threshold): one row per
 * element of the page, in document order, with what strip_template decided
 * about it and why (its page count and share in the profile), and the
 * start of its visible text with the text's full length (a bounded
 * preview: a page's rows stay linear in its size however deep it nests, as
 * its bounded path does, node_rows.h),
 * and the reason strip_template removes it (base/reason.h), recorded by
 * the marking itself.
 */
#include "pg/base/node_rows.h"
#include "pg/site/profile_arg.h"

PG_FUNCTION_INFO_V1(template_nodes_text);
PG_FUNCTION_INFO_V1(template_nodes_bytea);

#define TEMPLATE_NODES_COLS (TD_PG_NODE_ROW_COLS + 6)

static void
nodes(FunctionCallInfo fcinfo, bool is_bytea)
{
	double		threshold = PG_GETARG_FLOAT8(2);
	const td_profile_view *view;
	td_pg_node_rows rows;
	td_marks	marks;
	uint32_t	i;

	td_pg_check_threshold(threshold);
	td_pg_node_rows_init(&rows, fcinfo);
	view = td_pg_profile_arg(fcinfo, 1);
	if (!td_pg_node_rows_parse(&rows, fcinfo, 0, is_bytea, "templatedet template_nodes"))
		return;					/* skipped (templatedet.on_error): no rows */

	TD_PG_CALL(&rows.env, memset(&marks, 0, sizeof(marks)),
			   td_mark_template(rows.tree, view, threshold, &marks), NULL);
	td_pg_node_rows_prepare(&rows);

	for (i = 0; i < rows.tree->n_nodes; i++)
	{
		Datum		values[TEMPLATE_NODES_COLS];
		bool		nulls[TEMPLATE_NODES_COLS] = {0};
		const int	c = TD_PG_NODE_ROW_COLS;

		if (!td_pg_node_row_begin(&rows, i, values, nulls))
			continue;
		values[c] = Int32GetDatum((int32) marks.pages[i]);
		values[c + 1] = Float8GetDatum(view->pages ? (double) marks.pages[i] / (double) view->pages : 0.0);
		values[c + 2] = BoolGetDatum(marks.drop[i] != 0);
		td_pg_node_row_text(&rows, i, &values[c + 3], &values[c + 4]);
		td_pg_node_row_reason(marks.reason[i], &values[c + 5], &nulls[c + 5]);
		td_pg_node_row_end(&rows, values, nulls);
	}

	td_pg_node_rows_end(&rows);
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
