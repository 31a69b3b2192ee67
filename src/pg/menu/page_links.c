/*
 * page_links.c — page_links(html, base_url, same_domain) and
 * ordered_links(html, base_url, same_domain): a page's links, and the same
 * links in the exploration order of seed 003's Algorithm 1 (links.h).
 */
#include "pg/base/glue.h"

#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

#include "menu/links.h"
#include "pg/menu/menu_glue.h"

PG_FUNCTION_INFO_V1(page_links_text);
PG_FUNCTION_INFO_V1(page_links_bytea);
PG_FUNCTION_INFO_V1(ordered_links_text);
PG_FUNCTION_INFO_V1(ordered_links_bytea);

/* Parses the page and extracts (and, when ordered, orders) its links. */
static td_tree *
links_of(FunctionCallInfo fcinfo, bool is_bytea, bool ordered, td_env *env, td_links *links)
{
	size_t		url_len;
	const char *url = td_pg_utf8_arg(fcinfo, 1, &url_len);
	bool		same_domain = PG_GETARG_BOOL(2);
	td_tree    *tree;
	td_status	st;

	/* the base first: a bad one is an error even on an empty page */
	{
		td_buf		probe;

		td_buf_init(&probe, env);
		td_pg_check_url(env, td_url_resolve(env, NULL, 0, url, url_len, &probe), "base_url");
		td_buf_free(&probe);
	}
	tree = td_pg_parse_arg(env, fcinfo, 0, is_bytea);
	if (tree == NULL)
		return NULL;			/* skipped (templatedet.on_error) */
	for (;;)
	{
		td_links_free(links);
		td_links_init(links, env);
		st = td_links_extract(tree, url, url_len, same_domain ? TD_LINKS_SAME_DOMAIN : 0, links);
		if (st == TD_OK && ordered)
			st = td_links_order(tree, links, url, url_len);
		if (st != TD_EINTR)
			break;
		CHECK_FOR_INTERRUPTS();
	}
	td_pg_check_url(env, st, "base_url");
	return tree;
}

#define PAGE_LINKS_COLS 5
#define ORDERED_LINKS_COLS 7

static void
emit(FunctionCallInfo fcinfo, bool is_bytea, bool ordered)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext scratch;
	MemoryContext rowcxt;
	MemoryContext old;
	td_env		env;
	td_tree    *tree;
	td_links	links;
	td_nodeinfo ni;
	td_buf		buf;
	uint32_t	n;

	InitMaterializedSRF(fcinfo, 0);
	scratch = td_pg_scratch_context("templatedet links");
	rowcxt = AllocSetContextCreate(scratch, "templatedet row", ALLOCSET_DEFAULT_SIZES);
	td_pg_env_init(&env, scratch);
	td_links_init(&links, &env);
	tree = links_of(fcinfo, is_bytea, ordered, &env, &links);
	if (tree == NULL)
	{
		MemoryContextDelete(scratch);
		return;					/* skipped (templatedet.on_error): no rows */
	}
	td_pg_nodeinfo(&env, tree, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni);

	td_buf_init(&buf, &env);
	n = ordered ? links.n_order : links.n;
	for (uint32_t k = 0; k < n; k++)
	{
		uint32_t	i = ordered ? links.order[k] : k;
		const td_link *l = &links.v[i];
		Datum		values[ORDERED_LINKS_COLS];
		bool		nulls[ORDERED_LINKS_COLS] = {0};
		int			c = 0;

		CHECK_FOR_INTERRUPTS();
		old = MemoryContextSwitchTo(rowcxt);
		values[c++] = Int32GetDatum((int32) k + 1);
		values[c++] = PointerGetDatum(td_pg_utf8_to_text(td_link_url(&links, i), l->url_len));
		if (ordered)
		{
			values[c++] = Int32GetDatum(l->hdist);
			if (l->ddist == TD_NONE)
				nulls[c++] = true;
			else
				values[c++] = Int32GetDatum((int32) l->ddist);
		}
		values[c++] = td_pg_node_path(&env, &buf, &ni, l->node);
		values[c++] = td_pg_node_text(&env, &buf, &ni, l->node, UINT32_MAX, NULL);
		values[c++] = Int32GetDatum((int32) l->node);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		MemoryContextReset(rowcxt);
	}
	MemoryContextDelete(scratch);
}

Datum
page_links_text(PG_FUNCTION_ARGS)
{
	emit(fcinfo, false, false);
	return (Datum) 0;
}

Datum
page_links_bytea(PG_FUNCTION_ARGS)
{
	emit(fcinfo, true, false);
	return (Datum) 0;
}

Datum
ordered_links_text(PG_FUNCTION_ARGS)
{
	emit(fcinfo, false, true);
	return (Datum) 0;
}

Datum
ordered_links_bytea(PG_FUNCTION_ARGS)
{
	emit(fcinfo, true, true);
	return (Datum) 0;
}
