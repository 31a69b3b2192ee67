/*
 * menu_glue.h — what the menu-based SQL functions share (menu_glue.c): URL
 * arguments and their errors.  Reading pages of a crawl table: menu_pages.h.
 */
#ifndef TD_PG_MENU_GLUE_H
#define TD_PG_MENU_GLUE_H

#include "glue.h"

#include "url.h"

/* Raises 22023 "invalid <what>" for TD_EARG, else td_pg_report (st != TD_OK). */
extern void td_pg_check_url(td_env *env, td_status st, const char *what);

/* A text argument as a palloc'd UTF-8 C string. */
extern char *td_pg_url_arg(FunctionCallInfo fcinfo, int argno, size_t *len);

#endif							/* TD_PG_MENU_GLUE_H */
