/*
 * menu_glue.c — what the menu-based SQL functions share (menu_glue.h): the
 * error for a URL that is not an absolute http(s) one.
 */
#include "pg/menu/menu_glue.h"

void
td_pg_check_url(td_env *env, td_status st, const char *what)
{
	if (st == TD_EARG)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid %s: %s", what, env->errmsg),
				 errhint("Pass an absolute http or https URL, such as https://example.org/page.html.")));
	if (st != TD_OK)
		td_pg_report(env, st, NULL);
}
