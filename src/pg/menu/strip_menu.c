/*
 * strip_menu.c — strip_menu(key_url, pages regclass, ...) and
 * menu_template(...): the menu-based method in one call from a URL and a
 * crawl table.  Algorithm 2 (menu_pages.c) finds the key page's complete
 * subdigraph; ETDM (pg/menu/etdm.h, the t-of-n votes of seed 003 §5.2.2) maps the
 * key page onto those pages; the key page's text without its template, or
 * the template as HTML, comes back.
 *
 * When no n-CS exists among the pages the table has, the peers are the
 * largest CS found completed by the other pages read, in the order they
 * were read (Algorithm 1's: hyperlink distance, then DOM distance), up to
 * n.  With fewer peers than votes nothing can be template: strip_menu
 * returns the key page's whole text and menu_template NULL.  A key page not
 * in the table gives NULL.
 */
#include "pg/menu/menu_pages.h"

#include "pg/menu/etdm.h"
#include "base/render.h"

PG_FUNCTION_INFO_V1(strip_menu);
PG_FUNCTION_INFO_V1(menu_template);

/* SQL argument positions */
#define ARG_KEY_URL		0
#define ARG_PAGES		1
#define ARG_N			2
#define ARG_VOTES		3
#define ARG_URL_COL		4
#define ARG_HTML_COL	5
#define ARG_MAX_READS	6
#define ARG_SAME_DOMAIN 7
#define ARG_ETDM		8		/* the TD_PG_ETDM_NPARAMS ETDM parameters */

/* The peers: the CS, then the other pages read, in link order; at most n. */
static uint32_t
choose_peers(const td_menu_result *res, uint32_t n, uint32_t *peers)
{
	uint32_t	k = 0;

	for (uint32_t i = 0; i < res->cs_size && k < n; i++)
		peers[k++] = res->cs[i];
	for (uint32_t i = 0; i < res->pages_read && k < n; i++)
	{
		bool		in_cs = false;

		for (uint32_t j = 0; j < res->cs_size; j++)
			in_cs |= res->cs[j] == res->read[i];
		if (!in_cs)
			peers[k++] = res->read[i];
	}
	return k;
}

static Datum
run(FunctionCallInfo fcinfo, bool as_template)
{
	size_t		key_len;
	const char *key_url = td_pg_utf8_arg(fcinfo, ARG_KEY_URL, &key_len);
	int32		n = PG_GETARG_INT32(ARG_N);
	int32		votes = PG_GETARG_INT32(ARG_VOTES);
	int32		max_reads = PG_GETARG_INT32(ARG_MAX_READS);
	td_etdm_params params;
	MemoryContext scratch;
	MemoryContext caller = CurrentMemoryContext;
	td_env		env;
	td_pg_crawl crawl;
	td_buf		norm;
	td_tree    *key;
	td_menu_result res;
	td_pg_menu_kept kept;
	uint32_t   *peers;
	uint32_t	n_peers;
	td_etdm		e;
	text	   *result = NULL;

	td_pg_menu_check(n, max_reads);
	if (votes < 1 || votes > n)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("votes must be between 1 and n (%d), not %d", n, votes)));
	td_pg_etdm_params(fcinfo, ARG_ETDM, &params);

	scratch = td_pg_scratch_context("templatedet strip_menu");
	td_pg_env_init(&env, scratch);
	td_buf_init(&norm, &env);
	SPI_connect();
	td_pg_crawl_open(&crawl, PG_GETARG_OID(ARG_PAGES), PG_GETARG_NAME(ARG_URL_COL),
					 PG_GETARG_NAME(ARG_HTML_COL), &env);
	key = td_pg_crawl_key(&crawl, key_url, key_len, &norm);
	if (key == NULL)
	{
		SPI_finish();
		MemoryContextDelete(scratch);
		PG_RETURN_NULL();
	}
	memset(&kept, 0, sizeof(kept));
	td_pg_menu_run(&crawl, key, &norm, n, max_reads, PG_GETARG_BOOL(ARG_SAME_DOMAIN), &res, &kept);
	peers = palloc(sizeof(uint32_t) * n);
	n_peers = choose_peers(&res, (uint32_t) n, peers);

	/* the peers as the search parsed them; a page it could not keep is read again */
	td_pg_etdm_begin(&e, key, &params);
	for (uint32_t i = 0; i < n_peers; i++)
	{
		td_tree    *tree = td_pg_menu_kept_take(&kept, peers[i]);
		uint32_t	idx = res.links.order[peers[i]];
		bool		found;
		Datum		html;

		if (tree)
		{
			td_pg_etdm_add_peer_tree(&e, tree);
			td_tree_free(tree);
			continue;
		}
		html = td_pg_crawl_fetch(&crawl, td_link_url(&res.links, idx), res.links.v[idx].url_len, &found);
		if (found)
			td_pg_etdm_add_peer(&e, html, crawl.is_bytea);
	}
	if (e.peers >= (uint32_t) votes)
	{
		MemoryContext old = MemoryContextSwitchTo(caller);

		result = td_pg_etdm_result(&e, votes, as_template);
		MemoryContextSwitchTo(old);
	}
	else if (!as_template)
	{
		MemoryContext old = MemoryContextSwitchTo(caller);

		result = td_pg_render(td_render_text, key, NULL);
		MemoryContextSwitchTo(old);
	}
	td_etdm_free(&e);
	SPI_finish();
	MemoryContextDelete(scratch);
	if (result == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(result);
}

Datum
strip_menu(PG_FUNCTION_ARGS)
{
	return run(fcinfo, false);
}

Datum
menu_template(PG_FUNCTION_ARGS)
{
	return run(fcinfo, true);
}
