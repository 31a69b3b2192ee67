/*
 * menu_glue.h — what the menu-based SQL functions share (menu_glue.c): the
 * error for a bad URL argument (read them with td_pg_utf8_arg, glue.h).  Reading pages of a crawl table: menu_pages.h.
 */
#ifndef TD_PG_MENU_GLUE_H
#define TD_PG_MENU_GLUE_H

#include "pg/base/glue.h"

#include "util/url.h"

/* Raises 22023 "invalid <what>" for TD_EARG, else td_pg_report (st != TD_OK). */
extern void td_pg_check_url(td_env *env, td_status st, const char *what);

#endif							/* TD_PG_MENU_GLUE_H */
