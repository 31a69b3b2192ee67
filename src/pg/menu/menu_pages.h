/*
 * menu_pages.h — reading pages of a crawl table by URL (menu_pages.c), for
 * menu_pages and the functions that strip a page from its menu pages.
 * Call between SPI_connect and SPI_finish.
 */
#ifndef TD_PG_MENU_PAGES_H
#define TD_PG_MENU_PAGES_H

#include "pg/menu/menu_glue.h"

#include "executor/spi.h"

#include "menu/menu.h"

typedef struct td_pg_crawl
{
	SPIPlanPtr	plan;			/* SELECT html FROM t WHERE url = $1 */
	bool		is_bytea;
	td_env	   *env;			/* pages are parsed in it */
	SPITupleTable *last;		/* the last lookup's result, freed by the next */
} td_pg_crawl;

/* Validates table and columns (42P01, 42703, 42804) and prepares the lookup. */
extern void td_pg_crawl_open(td_pg_crawl *c, Oid relid, Name url_col, Name html_col, td_env *env);

/*
 * The html datum of the page at url (UTF-8); *found false when the table has
 * none (or its html is NULL).  Valid until the next lookup.
 */
extern Datum td_pg_crawl_fetch(td_pg_crawl *c, const char *url, size_t len, bool *found);

/*
 * The key page: looked up by key_url as given, then by its normal form;
 * NULL when absent.  norm receives the normal form (22023 when key_url is
 * not an absolute http(s) URL).
 */
extern td_tree *td_pg_crawl_key(td_pg_crawl *c, const char *key_url, size_t key_len, td_buf *norm);

/* 22023 unless 1 <= n <= TD_MENU_MAX_N and max_reads >= 1. */
extern void td_pg_menu_check(int32 n, int32 max_reads);

/*
 * The pages the search read, kept parsed for a caller that uses some of them
 * again (strip_menu's peers), so that a page is parsed once: by position in
 * links.order, while their nodes total at most templatedet.max_nodes (the
 * memory of one page at the limit); the pages beyond are freed and read
 * again when used.  Take a tree with td_pg_menu_kept_take.
 */
typedef struct td_pg_menu_page
{
	uint32_t	pos;			/* in links.order */
	td_tree    *tree;			/* NULL once taken */
} td_pg_menu_page;

typedef struct td_pg_menu_kept
{
	td_pg_menu_page *page;
	uint32_t	n;
	size_t		cap;
	uint64		nodes;
} td_pg_menu_kept;

/* The kept tree of the page at links.order position pos (the caller frees it), or NULL. */
extern td_tree *td_pg_menu_kept_take(td_pg_menu_kept *kept, uint32_t pos);

/* Algorithm 2 from the key page; errors are raised.  kept may be NULL. */
extern void td_pg_menu_run(td_pg_crawl *c, const td_tree *key, const td_buf *key_url, int32 n,
						   int32 max_reads, bool same_domain, td_menu_result *res,
						   td_pg_menu_kept *kept);

#endif							/* TD_PG_MENU_PAGES_H */
