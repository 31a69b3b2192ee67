/*
 * node_rows.c — the scaffolding of the one-row-per-element functions
 * (node_rows.h).
 */
#include "pg/base/node_rows.h"

#include "utils/builtins.h"
#include "utils/tuplestore.h"

void
td_pg_node_rows_init(td_pg_node_rows *rows, FunctionCallInfo fcinfo)
{
	memset(rows, 0, sizeof(*rows));
	InitMaterializedSRF(fcinfo, 0);
	rows->rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
}

bool
td_pg_node_rows_parse_in(td_pg_node_rows *rows, FunctionCallInfo fcinfo, int argno,
						 bool is_bytea, MemoryContext scratch)
{
	rows->scratch = scratch;
	rows->rowcxt = AllocSetContextCreate(scratch, "templatedet row", ALLOCSET_DEFAULT_SIZES);
	td_pg_env_init(&rows->env, scratch);
	rows->tree = td_pg_parse_arg(&rows->env, fcinfo, argno, is_bytea);
	if (rows->tree == NULL)
	{
		MemoryContextDelete(scratch);
		rows->scratch = NULL;
		return false;			/* skipped (templatedet.on_error): no rows */
	}
	return true;
}

void
td_pg_node_rows_prepare(td_pg_node_rows *rows)
{
	td_pg_nodeinfo(&rows->env, rows->tree, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &rows->ni);
	td_buf_init(&rows->buf, &rows->env);
}

bool
td_pg_node_row_begin(td_pg_node_rows *rows, uint32_t i, Datum *values, bool *nulls)
{
	const td_tree *tree = rows->tree;
	const td_node *node = &tree->nodes[i];

	if (node->kind != TD_ELEM)
		return false;
	CHECK_FOR_INTERRUPTS();
	rows->old = MemoryContextSwitchTo(rows->rowcxt);

	values[0] = Int32GetDatum((int32) i);
	if (node->parent == TD_NONE || tree->nodes[node->parent].kind != TD_ELEM)
		nulls[1] = true;
	else
		values[1] = Int32GetDatum((int32) node->parent);
	values[2] = td_pg_node_path(&rows->env, &rows->buf, &rows->ni, i);
	values[3] = Int32GetDatum((int32) node->depth);
	values[4] = PointerGetDatum(td_pg_utf8_to_text(td_node_str(tree, i), node->str_len));
	return true;
}

void
td_pg_node_row_text(td_pg_node_rows *rows, uint32_t i, Datum *text, Datum *length)
{
	int32		text_length;

	*text = td_pg_node_text(&rows->env, &rows->buf, &rows->ni, i, TD_PG_TEXT_PREVIEW, &text_length);
	*length = Int32GetDatum(text_length);
}

void
td_pg_node_row_reason(uint8_t reason, Datum *value, bool *isnull)
{
	if (reason == TD_REASON_NONE)
		*isnull = true;
	else
		*value = CStringGetTextDatum(td_reason_name(reason));
}

void
td_pg_node_row_end(td_pg_node_rows *rows, Datum *values, bool *nulls)
{
	tuplestore_putvalues(rows->rsinfo->setResult, rows->rsinfo->setDesc, values, nulls);
	MemoryContextSwitchTo(rows->old);
	MemoryContextReset(rows->rowcxt);
}

void
td_pg_node_rows_end(td_pg_node_rows *rows)
{
	if (rows->scratch)
		MemoryContextDelete(rows->scratch);
	rows->scratch = NULL;
}
