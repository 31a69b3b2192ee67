/*
 * etdm.c — etdm_template(key_html, peer_htmls[], votes, ...) → the key
 * page's template as HTML, and strip_etdm(...) → its text without the
 * template: exact top-down mappings onto each peer, t-of-n votes (seed 003
 * ch. 3, §5.2).  The steps are in pg/menu/etdm.h for other callers.
 */
#include "pg/menu/etdm.h"

#include "base/render.h"
#include "utils/array.h"

PG_FUNCTION_INFO_V1(etdm_template_text);
PG_FUNCTION_INFO_V1(etdm_template_bytea);
PG_FUNCTION_INFO_V1(strip_etdm_text);
PG_FUNCTION_INFO_V1(strip_etdm_bytea);

void
td_pg_etdm_params(FunctionCallInfo fcinfo, int first, td_etdm_params *p)
{
	td_env		env;

	p->similarity_threshold = PG_GETARG_FLOAT8(first);
	p->activate_position = PG_GETARG_BOOL(first + 1);
	p->compare_text = PG_GETARG_BOOL(first + 2);
	p->w_classes = PG_GETARG_FLOAT8(first + 3);
	p->w_position = PG_GETARG_FLOAT8(first + 4);
	p->w_attributes = PG_GETARG_FLOAT8(first + 5);
	p->w_children = PG_GETARG_FLOAT8(first + 6);
	p->not_classes = PG_GETARG_FLOAT8(first + 7);
	p->not_attributes = PG_GETARG_FLOAT8(first + 8);
	p->not_children = PG_GETARG_FLOAT8(first + 9);
	td_pg_env_init(&env, CurrentMemoryContext);
	if (td_etdm_check_params(&env, p) != TD_OK)
		td_pg_report(&env, TD_EARG, NULL);
}

void
td_pg_etdm_check_votes(int votes, int peers)
{
	if (votes < 1 || votes > peers)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("votes must be between 1 and the number of peers (%d), got %d",
						peers, votes)));
}

void
td_pg_etdm_begin(td_etdm *e, const td_tree *key, const td_etdm_params *params)
{
	TD_PG_CALL(key->env, (void) 0, td_etdm_init(e, key, params), "templatedet.max_nodes");
}

void
td_pg_etdm_add_peer(td_etdm *e, Datum html, bool is_bytea)
{
	MemoryContext cxt = td_pg_scratch_context("templatedet etdm peer");
	td_env		env;
	td_tree    *peer;

	MemoryContext old = MemoryContextSwitchTo(cxt);	/* the detoasted copy too */

	td_pg_env_init(&env, cxt);
	peer = td_pg_parse_datum(&env, html, is_bytea);
	MemoryContextSwitchTo(old);
	if (peer == NULL)
	{
		MemoryContextDelete(cxt);
		return;					/* skipped (templatedet.on_error): no votes */
	}
	td_pg_etdm_add_peer_tree(e, peer);
	MemoryContextDelete(cxt);
}

void
td_pg_etdm_add_peer_tree(td_etdm *e, const td_tree *peer)
{
	/* a failed add leaves the votes as they were, so a retry is clean */
	TD_PG_CALL(e->key.tree->env, (void) 0, td_etdm_add_peer(e, peer), "templatedet.max_nodes");
}

text *
td_pg_etdm_result(td_etdm *e, int votes, bool as_template)
{
	const td_tree *key = e->key.tree;
	td_env	   *env = key->env;
	uint8_t    *marks = td_alloc(env, key->n_nodes);
	uint32_t	i;
	td_status	st;

	if (marks == NULL)
		td_pg_report(env, td_fail(env, TD_ENOMEM, "out of memory for %u marks", key->n_nodes), NULL);
	st = as_template ? td_etdm_marks(e, (uint32_t) votes, marks, NULL) :
		td_etdm_marks(e, (uint32_t) votes, NULL, marks);
	if (st != TD_OK)
		td_pg_report(env, st, NULL);
	if (!as_template)
		return td_pg_render(td_render_text, key, marks);
	/* the template is what is kept: drop every node outside it */
	for (i = 0; i < key->n_nodes; i++)
		marks[i] = !marks[i];
	return td_pg_render(td_render_html, key, marks);
}

static text *
etdm(FunctionCallInfo fcinfo, bool is_bytea, bool as_template)
{
	ArrayType  *peers = PG_GETARG_ARRAYTYPE_P(1);
	int			votes = PG_GETARG_INT32(2);
	td_etdm_params params;
	int			n_peers;
	ArrayIterator it;
	Datum		d;
	bool		isnull;
	MemoryContext scratch;
	td_env		env;
	td_tree    *key;
	td_etdm		e;
	text	   *result;

	if (ARR_NDIM(peers) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("peer_htmls must be a one-dimensional array, got %d dimensions",
						ARR_NDIM(peers))));
	if (array_contains_nulls(peers))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("peer_htmls must not contain NULL elements")));
	n_peers = ArrayGetNItems(ARR_NDIM(peers), ARR_DIMS(peers));
	td_pg_etdm_check_votes(votes, n_peers);
	td_pg_etdm_params(fcinfo, 3, &params);

	scratch = td_pg_scratch_context("templatedet etdm");
	td_pg_env_init(&env, scratch);
	key = td_pg_parse_arg(&env, fcinfo, 0, is_bytea);
	if (key == NULL)
	{
		MemoryContextDelete(scratch);
		return NULL;			/* skipped (templatedet.on_error) */
	}
	td_pg_etdm_begin(&e, key, &params);

	it = array_create_iterator(peers, 0, NULL);
	while (array_iterate(it, &d, &isnull))
	{
		CHECK_FOR_INTERRUPTS();
		td_pg_etdm_add_peer(&e, d, is_bytea);
	}
	array_free_iterator(it);

	result = td_pg_etdm_result(&e, votes, as_template);
	MemoryContextDelete(scratch);
	return result;
}

Datum
etdm_template_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(etdm(fcinfo, false, true));
}

Datum
etdm_template_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(etdm(fcinfo, true, true));
}

Datum
strip_etdm_text(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(etdm(fcinfo, false, false));
}

Datum
strip_etdm_bytea(PG_FUNCTION_ARGS)
{
	TD_PG_RETURN_TEXT_OR_NULL(etdm(fcinfo, true, false));
}
