/*
 * node_rows.h — the scaffolding of the set-returning functions that print
 * one row per element of a page (template_nodes, node_scores): the
 * materialized result, a scratch context for the page and one for each row,
 * the parse (no rows for a skipped page), the prepared paths and texts
 * (nodeinfo.h), and the columns they share, so that every row costs what it
 * prints: node, parent, path (bounded), depth and tag.
 */
#ifndef TD_PG_NODE_ROWS_H
#define TD_PG_NODE_ROWS_H

#include "pg/base/glue.h"

#include "funcapi.h"

/* The columns every node row starts with: node, parent, path, depth, tag. */
#define TD_PG_NODE_ROW_COLS 5

typedef struct td_pg_node_rows
{
	ReturnSetInfo *rsinfo;
	MemoryContext scratch;		/* the page, its marks and nodeinfo */
	MemoryContext rowcxt;		/* one row's datums, reset after each */
	MemoryContext old;			/* the caller's, while a row is built */
	td_env		env;			/* allocates in scratch */
	td_tree    *tree;
	td_nodeinfo ni;				/* paths and texts */
	td_buf		buf;			/* scratch for one column */
} td_pg_node_rows;

/* Materializes the result (call it before reading the other arguments). */
extern void td_pg_node_rows_init(td_pg_node_rows *rows, FunctionCallInfo fcinfo);

/*
 * Makes the scratch context (name: a string constant) and parses the html
 * argument argno: false when the page was skipped (templatedet.on_error;
 * no rows, nothing left allocated).  The caller then marks the page with
 * rows->env and rows->tree and calls td_pg_node_rows_prepare.
 */
#define td_pg_node_rows_parse(rows, fcinfo, argno, is_bytea, name) \
	td_pg_node_rows_parse_in((rows), (fcinfo), (argno), (is_bytea), td_pg_scratch_context(name))
extern bool td_pg_node_rows_parse_in(td_pg_node_rows *rows, FunctionCallInfo fcinfo, int argno,
									 bool is_bytea, MemoryContext scratch);

/* Prepares every node's path and text (td_pg_nodeinfo). */
extern void td_pg_node_rows_prepare(td_pg_node_rows *rows);

/*
 * Starts the row of node i: false for a node that is not an element (no
 * row).  Polls for interrupts, switches to the row context and fills the
 * first TD_PG_NODE_ROW_COLS columns; the caller fills the rest and calls
 * td_pg_node_row_end.
 */
extern bool td_pg_node_row_begin(td_pg_node_rows *rows, uint32_t i, Datum *values, bool *nulls);

/* The text preview of node i and its full length, into two columns. */
extern void td_pg_node_row_text(td_pg_node_rows *rows, uint32_t i, Datum *text, Datum *length);

/* A removal reason (base/reason.h) as a column: NULL for TD_REASON_NONE. */
extern void td_pg_node_row_reason(uint8_t reason, Datum *value, bool *isnull);

/* Stores the row and frees its datums. */
extern void td_pg_node_row_end(td_pg_node_rows *rows, Datum *values, bool *nulls);

/* Frees the page and everything made for it. */
extern void td_pg_node_rows_end(td_pg_node_rows *rows);

#endif							/* TD_PG_NODE_ROWS_H */
