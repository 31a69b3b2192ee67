/*
 * menu.h — Algorithm 2 of seed 003 (§2.2.5; Algorithm 1 of seed 004): from a
 * key page, find n pages that all link to each other (an n-complete
 * subdigraph, "n-CS"), which very likely are the pages of the key page's
 * menu and share its template, reading as few pages as possible.
 *
 * The key page's links are visited in the order of Algorithm 1
 * (td_links_order).  Each visit loads a page through a callback (in the
 * database: a lookup by URL in the crawl table); a link whose page the crawl
 * does not have is skipped and is not part of any CS.  After each page read,
 * the largest CS among the pages read that contains the new page is found
 * (capped at n); the search stops at the first n-CS, or when the links run
 * out or max_reads pages have been read, and then returns the largest CS
 * seen (the first found among equally large ones).  Links between pages are
 * resolved against each page's own URL, as the key page's are.
 */
#ifndef TD_MENU_H
#define TD_MENU_H

#include "menu/links.h"

#define TD_MENU_MAX_N 64

/*
 * Loads the page at url (a normalised URL, NUL-terminated): *page is the
 * parsed page, or NULL when the crawl has no such page.  The core frees the
 * page with td_tree_free.  A status other than TD_OK stops the search and is
 * returned as is.  A loader always returns: one that may raise an error
 * (longjmp, as PostgreSQL's ereport does) must not be called from the core;
 * its caller reads the pages itself with the td_menu_search steps below.
 */
typedef td_status (*td_page_loader) (void *arg, const char *url, size_t len, td_tree **page);

typedef struct td_menu_options
{
	uint32_t	n;				/* size of the CS sought, 1..TD_MENU_MAX_N (seed 003: 3) */
	uint32_t	max_reads;		/* pages read at most (lookups of missing pages not counted) */
	unsigned	flags;			/* TD_LINKS_* for the key page's links (links.h); the pages
								 * read get TD_LINKS_UNWRAP_ARCHIVE when it is set */
} td_menu_options;

typedef struct td_menu_result
{
	td_links	links;			/* the key page's links; links.order = Algorithm 1 */
	uint32_t   *cs;				/* the CS: positions in links.order, ascending */
	uint32_t	cs_size;
	uint32_t   *read;			/* the pages read: positions in links.order, in reading
								 * order (= Algorithm 1's), for a fallback when no n-CS */
	uint32_t	pages_read;		/* pages loaded (found in the crawl) */
	uint32_t	lookups;		/* loader calls, missing pages included */
} td_menu_result;

/*
 * Runs Algorithm 2 from the key page (already parsed) at key_url.  TD_EARG
 * for a bad key_url or option; on any failure out holds nothing to free.
 * Release a successful result with td_menu_result_free.
 */
td_status	td_menu_pages(td_env *env, const td_tree *key, const char *key_url, size_t key_len,
						  const td_menu_options *opt, td_page_loader load, void *arg,
						  td_menu_result *out);

void		td_menu_result_free(td_menu_result *res);

/*
 * td_menu_pages one read at a time, for a caller that reads the pages
 * itself (the database glue, whose reads may raise errors: then no core
 * frame is on the stack).  td_menu_pages is
 *
 *     st = td_menu_search_begin(&s, env, key, key_url, key_len, opt, out);
 *     while (st == TD_OK && (st = td_menu_search_next(&s, &url, &len)) == TD_OK
 *            && url != NULL)
 *         st = td_menu_search_add(&s, <the page at url, or NULL>);
 *     st = td_menu_search_end(&s, st);
 *
 * and the steps give the same result whoever reads the pages.  Call
 * td_menu_search_end once begin was called, whatever happened (it frees
 * the search, and out unless st is TD_OK).  A caller that unwinds past
 * the search instead leaves its memory to the env's allocator.
 */
typedef struct td_menu_search
{
	/* private to menu.c */
	td_env	   *env;
	td_menu_result *out;
	uint32_t	n;
	uint32_t	max_reads;
	unsigned	flags;
	uint32_t   *slots;			/* links.order positions by URL hash */
	uint32_t	cap;
	struct td_menu_read *pages; /* the pages read */
	uint32_t	n_read;
	uint32_t   *cs;				/* scratch for the CS of the last page read */
	uint32_t	next;			/* position in links.order of the next link */
} td_menu_search;

/* Checks the options and orders the key page's links (td_links_order). */
td_status	td_menu_search_begin(td_menu_search *s, td_env *env, const td_tree *key,
								 const char *key_url, size_t key_len,
								 const td_menu_options *opt, td_menu_result *out);

/*
 * The URL of the next page to read (NUL-terminated, valid while out is),
 * or *url NULL when the search is over: an n-CS found, the links or
 * max_reads used up.  TD_EINTR when env asks to stop.
 */
td_status	td_menu_search_next(td_menu_search *s, const char **url, size_t *len);

/*
 * The page at the URL next gave, or NULL when the crawl has none; takes
 * the page (frees it with td_tree_free).  Call once after each URL.
 */
td_status	td_menu_search_add(td_menu_search *s, td_tree *page);

/*
 * td_menu_search_add without taking the page: the caller keeps it (to use
 * it again, as strip_menu does for the peers) and frees it.  When page is
 * not NULL and the call succeeds, its position in links.order is the last
 * of out->read.
 */
td_status	td_menu_search_add_kept(td_menu_search *s, const td_tree *page);

/* Frees the search; returns st, having freed out unless st is TD_OK. */
td_status	td_menu_search_end(td_menu_search *s, td_status st);

#endif							/* TD_MENU_H */
