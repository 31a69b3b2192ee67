/*
 * template_chunks.c — template_chunks(html, profile, threshold): one row per
 * table text chunk of the page, in document order, with what strip_template
 * decides about it against a chunk profile and why (its page count and
 * share), and its text as it was fingerprinted (white space folded).
 */
#include "pg/base/glue.h"
#include "pg/site/profile_arg.h"

#include "site/chunk.h"
#include "util/ascii.h"
#include "funcapi.h"
#include "utils/tuplestore.h"

PG_FUNCTION_INFO_V1(template_chunks_text);
PG_FUNCTION_INFO_V1(template_chunks_bytea);

#define TEMPLATE_CHUNKS_COLS 5

/* Appends s with white space runs folded to one space; a space before it unless first. */
static void
append_folded(StringInfo out, const char *s, size_t len)
{
	bool		pending = out->len > 0;
	size_t		i;

	for (i = 0; i < len; i++)
	{
		if (td_is_c_space((unsigned char) s[i]))
		{
			pending = out->len > 0;
			continue;
		}
		if (pending)
			appendStringInfoChar(out, ' ');
		pending = false;
		appendStringInfoChar(out, s[i]);
	}
}

static void
put_row(ReturnSetInfo *rsinfo, uint32_t chunk, uint32_t pages, uint64_t n_pages,
		bool is_template, StringInfo text)
{
	Datum		values[TEMPLATE_CHUNKS_COLS];
	bool		nulls[TEMPLATE_CHUNKS_COLS] = {0};

	values[0] = Int32GetDatum((int32) chunk);
	values[1] = Int32GetDatum((int32) pages);
	values[2] = Float8GetDatum(n_pages ? (double) pages / (double) n_pages : 0.0);
	values[3] = BoolGetDatum(is_template);
	values[4] = PointerGetDatum(td_pg_utf8_to_text(text->data, text->len));
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

static void
chunks(FunctionCallInfo fcinfo, bool is_bytea)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	double		threshold = PG_GETARG_FLOAT8(2);
	const td_profile_view *view;
	MemoryContext scratch;
	MemoryContext old;
	td_env		env;
	td_tree    *tree;
	td_marks	marks;
	td_chunks	ch;
	StringInfoData text;
	uint32_t	current = TD_NONE;
	uint32_t	first = 0;
	uint32_t	i;

	td_pg_check_threshold(threshold);
	InitMaterializedSRF(fcinfo, 0);
	view = td_pg_profile_arg(fcinfo, 1);

	scratch = td_pg_scratch_context("templatedet template_chunks");
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return;					/* skipped (templatedet.on_error): no rows */
	}

	TD_PG_CALL(&env, memset(&marks, 0, sizeof(marks)),
			   td_mark_chunks(tree, view, threshold, &marks), NULL);
	TD_PG_CALL(&env, memset(&ch, 0, sizeof(ch)),
			   td_page_chunks(tree, TD_CHUNK_FOLD_DATES, &ch), NULL);

	old = MemoryContextSwitchTo(scratch);
	initStringInfo(&text);
	MemoryContextSwitchTo(old);
	for (i = 0; i < tree->n_nodes; i++)
	{
		if (ch.of[i] == TD_NONE)
			continue;
		CHECK_FOR_INTERRUPTS();
		if (ch.of[i] != current)
		{
			if (current != TD_NONE)
				put_row(rsinfo, current, marks.pages[first], view->pages, marks.drop[first], &text);
			resetStringInfo(&text);
			current = ch.of[i];
			first = i;
		}
		old = MemoryContextSwitchTo(scratch);
		append_folded(&text, td_node_str(tree, i), tree->nodes[i].str_len);
		MemoryContextSwitchTo(old);
	}
	if (current != TD_NONE)
		put_row(rsinfo, current, marks.pages[first], view->pages, marks.drop[first], &text);

	MemoryContextDelete(scratch);
}

Datum
template_chunks_text(PG_FUNCTION_ARGS)
{
	chunks(fcinfo, false);
	return (Datum) 0;
}

Datum
template_chunks_bytea(PG_FUNCTION_ARGS)
{
	chunks(fcinfo, true);
	return (Datum) 0;
}
