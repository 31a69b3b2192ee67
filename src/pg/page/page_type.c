/*
 * page_type.c — page_type(html, base_url) → (type, confidence, scores): the
 * page's kind, one of WCXB's seven page types, from the core's softmax
 * (pagetype.h) over page-level features of the parsed page and its URL.
 *
 * Not STRICT (base_url defaults to NULL): a NULL page gives NULL, a NULL
 * base_url means no URL (the built-in model trained without the URL's
 * features decides).  A page that cannot be
 * read is a page error (templatedet.on_error): under skip, NULL.
 */
#include "pg/page/page_common.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"

#include "page/pagetype.h"

PG_FUNCTION_INFO_V1(page_type_text);
PG_FUNCTION_INFO_V1(page_type_bytea);

static Datum
page_type(FunctionCallInfo fcinfo, bool is_bytea)
{
	TupleDesc	desc;
	MemoryContext scratch;
	td_env		env;
	td_tree    *tree;
	const char *url = NULL;
	size_t		url_len = 0;
	double		prob[TD_PT_N_TYPES];
	int			best = 0;
	StringInfoData scores;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "page_type: return type must be a row type");

	scratch = td_pg_scratch_context("templatedet page_type");
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		PG_RETURN_NULL();		/* skipped (templatedet.on_error) */
	}
	if (!PG_ARGISNULL(1))
		url = td_pg_utf8_arg(fcinfo, 1, &url_len);
	TD_PG_CALL(&env, (void) 0, td_page_type(tree, url, url_len, prob, &best),
			   "templatedet.max_nodes");
	MemoryContextDelete(scratch);

	/* scores: every type's probability, rounded to 4 decimals */
	initStringInfo(&scores);
	appendStringInfoChar(&scores, '{');
	for (int k = 0; k < TD_PT_N_TYPES; k++)
		appendStringInfo(&scores, "%s\"%s\": %.4f", k ? ", " : "", td_page_type_name(k), prob[k]);
	appendStringInfoChar(&scores, '}');

	values[0] = CStringGetTextDatum(td_page_type_name(best));
	values[1] = Float8GetDatum(prob[best]);
	values[2] = DirectFunctionCall1(jsonb_in, CStringGetDatum(scores.data));
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls)));
}

Datum
page_type_text(PG_FUNCTION_ARGS)
{
	return page_type(fcinfo, false);
}

Datum
page_type_bytea(PG_FUNCTION_ARGS)
{
	return page_type(fcinfo, true);
}
