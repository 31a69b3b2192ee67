/*
 * menu_pages.c — menu_pages(key_url, pages regclass, n, url_column,
 * html_column, max_pages_read, same_domain): Algorithm 2 of seed 003 over a
 * crawl table (menu.h).  Every "page load" is one lookup by URL in the
 * table through a prepared SPI plan, so an index on the url column makes
 * each read an index probe.
 */
#include "pg/menu/menu_glue.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/tuplestore.h"

#include "menu/menu.h"
#include "pg/menu/menu_pages.h"

PG_FUNCTION_INFO_V1(menu_pages);

/* Checks the table and columns and prepares the lookup by URL. */
void
td_pg_crawl_open(td_pg_crawl *c, Oid relid, Name url_col, Name html_col, td_env *env)
{
	char	   *rel = get_rel_name(relid);
	char	   *nsp;
	AttrNumber	ua,
				ha;
	Oid			ut,
				ht;
	char	   *sql;
	Oid			argtype = TEXTOID;

	if (rel == NULL)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_TABLE),
						errmsg("relation with OID %u does not exist", relid)));
	nsp = get_namespace_name(get_rel_namespace(relid));
	ua = get_attnum(relid, NameStr(*url_col));
	ha = get_attnum(relid, NameStr(*html_col));
	if (ua == InvalidAttrNumber || ha == InvalidAttrNumber)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_COLUMN),
						errmsg("column \"%s\" of relation \"%s\" does not exist",
							   NameStr(*(ua == InvalidAttrNumber ? url_col : html_col)), rel),
						errhint("Name the columns with url_column and html_column.")));
	ut = get_atttype(relid, ua);
	ht = get_atttype(relid, ha);
	if (ut != TEXTOID && ut != VARCHAROID)
		ereport(ERROR, (errcode(ERRCODE_DATATYPE_MISMATCH),
						errmsg("url column \"%s\" must be text or varchar, not %s",
							   NameStr(*url_col), format_type_be(ut))));
	if (ht != TEXTOID && ht != VARCHAROID && ht != BYTEAOID)
		ereport(ERROR, (errcode(ERRCODE_DATATYPE_MISMATCH),
						errmsg("html column \"%s\" must be text or bytea, not %s",
							   NameStr(*html_col), format_type_be(ht))));
	c->is_bytea = (ht == BYTEAOID);
	c->env = env;
	c->last = NULL;
	/*
	 * Runs as the caller (no SECURITY DEFINER): their table and column
	 * privileges, row-level security and views' owners apply.  Names come
	 * quoted from the catalog, and the operator is pg_catalog's, so nothing
	 * in the caller's search_path takes part.
	 */
	sql = psprintf("SELECT %s FROM %s WHERE %s OPERATOR(pg_catalog.=) $1 AND %s IS NOT NULL LIMIT 1",
				   quote_identifier(NameStr(*html_col)),
				   quote_qualified_identifier(nsp, rel),
				   quote_identifier(NameStr(*url_col)),
				   quote_identifier(NameStr(*html_col)));
	c->plan = SPI_prepare(sql, 1, &argtype);
	if (c->plan == NULL)
		elog(ERROR, "SPI_prepare failed: %s", SPI_result_code_string(SPI_result));
}

Datum
td_pg_crawl_fetch(td_pg_crawl *c, const char *url, size_t len, bool *found)
{
	Datum		arg = PointerGetDatum(td_pg_utf8_to_text(url, len));
	bool		isnull;
	Datum		html;
	int			rc;

	CHECK_FOR_INTERRUPTS();
	if (c->last)
		SPI_freetuptable(c->last);
	c->last = NULL;
	rc = SPI_execute_plan(c->plan, &arg, NULL, true, 1);
	if (rc != SPI_OK_SELECT)
		elog(ERROR, "SPI_execute_plan failed: %s", SPI_result_code_string(rc));
	c->last = SPI_tuptable;
	*found = false;
	if (SPI_processed == 0)
		return (Datum) 0;
	html = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull);
	*found = !isnull;
	return html;
}

/*
 * The page at url (UTF-8), parsed in c->env, or NULL when the table has none
 * or the page is skipped (templatedet.on_error): read as a missing page.
 */
static td_tree *
td_pg_crawl_read(td_pg_crawl *c, const char *url, size_t len)
{
	bool		found;
	Datum		html = td_pg_crawl_fetch(c, url, len, &found);
	MemoryContext read,
				old;
	td_tree    *tree;

	if (!found)
		return NULL;
	/* the detoasted, converted page goes with this read (the tree lives in c->env) */
	read = td_pg_scratch_context("templatedet crawl read");
	old = MemoryContextSwitchTo(read);
	tree = td_pg_parse_datum(c->env, html, c->is_bytea);
	MemoryContextSwitchTo(old);
	MemoryContextDelete(read);
	return tree;
}

td_tree *
td_pg_crawl_key(td_pg_crawl *c, const char *key_url, size_t key_len, td_buf *norm)
{
	td_tree    *key;

	td_pg_check_url(c->env, td_url_resolve(c->env, NULL, 0, key_url, key_len, norm), "key_url");
	key = td_pg_crawl_read(c, key_url, key_len);
	if (key == NULL && (norm->len != key_len || memcmp(norm->data, key_url, key_len) != 0))
		key = td_pg_crawl_read(c, norm->data, norm->len);
	return key;
}

void
td_pg_menu_check(int32 n, int32 max_reads)
{
	if (n < 1 || n > TD_MENU_MAX_N)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("n must be between 1 and %d, not %d", TD_MENU_MAX_N, n)));
	if (max_reads < 1)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("max_pages_read must be at least 1, not %d", max_reads)));
}

/*
 * Algorithm 2 with the pages read here, between the core's steps: a read
 * runs SQL and parses, either of which may raise an error, and no core
 * frame may be on the stack when one does (the core is not called back).
 */
static td_status
search(td_pg_crawl *c, const td_tree *key, const td_buf *key_url, const td_menu_options *opt,
	   td_menu_result *res, td_pg_menu_kept *kept)
{
	td_menu_search s;
	const char *url;
	size_t		len;
	td_status	st = td_menu_search_begin(&s, c->env, key, key_url->data, key_url->len, opt, res);

	while (st == TD_OK && (st = td_menu_search_next(&s, &url, &len)) == TD_OK && url != NULL)
	{
		td_tree    *page = td_pg_crawl_read(c, url, len);

		if (kept == NULL || page == NULL)
		{
			st = td_menu_search_add(&s, page);
			continue;
		}
		st = td_menu_search_add_kept(&s, page);
		if (st == TD_OK && kept->nodes + page->n_nodes <= (uint64) td_guc_max_nodes &&
			(st = td_grow(c->env, (void **) &kept->page, &kept->cap, kept->n + 1,
						  sizeof(td_pg_menu_page))) == TD_OK)
		{
			kept->page[kept->n].pos = res->read[res->pages_read - 1];
			kept->page[kept->n++].tree = page;
			kept->nodes += page->n_nodes;
			continue;
		}
		td_tree_free(page);
	}
	return td_menu_search_end(&s, st);
}

/* Frees every kept tree (before a search starts again). */
static void
kept_reset(td_pg_menu_kept *kept)
{
	if (kept == NULL)
		return;
	for (uint32_t i = 0; i < kept->n; i++)
		if (kept->page[i].tree)
			td_tree_free(kept->page[i].tree);
	kept->n = 0;
	kept->nodes = 0;
}

td_tree *
td_pg_menu_kept_take(td_pg_menu_kept *kept, uint32_t pos)
{
	for (uint32_t i = 0; i < kept->n; i++)
		if (kept->page[i].pos == pos && kept->page[i].tree)
		{
			td_tree    *t = kept->page[i].tree;

			kept->page[i].tree = NULL;
			return t;
		}
	return NULL;
}

void
td_pg_menu_run(td_pg_crawl *c, const td_tree *key, const td_buf *key_url, int32 n,
			   int32 max_reads, bool same_domain, td_menu_result *res, td_pg_menu_kept *kept)
{
	td_menu_options opt;
	int			(*interrupted) (void *) = c->env->interrupted;

	opt.n = (uint32_t) n;
	opt.max_reads = (uint32_t) max_reads;
	opt.flags = same_domain ? TD_LINKS_SAME_DOMAIN : 0;
	/* for the search only: the env goes on to ETDM in strip_menu */
	td_pg_env_cancel_only(c->env);
	TD_PG_CALL(c->env, kept_reset(kept),
			   search(c, key, key_url, &opt, res, kept), NULL);
	c->env->interrupted = interrupted;
}

#define MENU_PAGES_COLS 5

Datum
menu_pages(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	size_t		key_len;
	const char *key_url = td_pg_utf8_arg(fcinfo, 0, &key_len);
	Oid			relid = PG_GETARG_OID(1);
	int32		n = PG_GETARG_INT32(2);
	int32		max_reads = PG_GETARG_INT32(5);
	bool		same_domain = PG_GETARG_BOOL(6);
	MemoryContext scratch;
	td_env		env;
	td_pg_crawl crawl;
	td_buf		norm;
	td_tree    *key;
	td_menu_result res;

	td_pg_menu_check(n, max_reads);
	InitMaterializedSRF(fcinfo, 0);
	scratch = td_pg_scratch_context("templatedet menu_pages");
	td_pg_env_init(&env, scratch);
	td_buf_init(&norm, &env);

	SPI_connect();
	td_pg_crawl_open(&crawl, relid, PG_GETARG_NAME(3), PG_GETARG_NAME(4), &env);
	key = td_pg_crawl_key(&crawl, key_url, key_len, &norm);
	if (key == NULL)
	{
		SPI_finish();
		MemoryContextDelete(scratch);
		return (Datum) 0;		/* the key page is not in the table: no rows */
	}
	td_pg_menu_run(&crawl, key, &norm, n, max_reads, same_domain, &res, NULL);
	SPI_finish();

	for (uint32_t k = 0; k < res.cs_size; k++)
	{
		uint32_t	idx = res.links.order[res.cs[k]];
		Datum		values[MENU_PAGES_COLS];
		bool		nulls[MENU_PAGES_COLS] = {0};

		values[0] = PointerGetDatum(td_pg_utf8_to_text(td_link_url(&res.links, idx),
													   res.links.v[idx].url_len));
		values[1] = Int32GetDatum((int32) res.cs[k] + 1);
		values[2] = Int32GetDatum((int32) res.cs_size);
		values[3] = BoolGetDatum(res.cs_size == (uint32_t) n);
		values[4] = Int32GetDatum((int32) res.pages_read);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	MemoryContextDelete(scratch);
	return (Datum) 0;
}
