/*
 * menu_glue.c — what the menu-based SQL functions share (menu_glue.h): URL
 * arguments and the error for a URL that is not an absolute http(s) one.
 */
#include "menu_glue.h"

#include "mb/pg_wchar.h"
#include "utils/builtins.h"

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

char *
td_pg_url_arg(FunctionCallInfo fcinfo, int argno, size_t *len)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	char	   *s = text_to_cstring(t);
	char	   *utf8 = pg_server_to_any(s, (int) strlen(s), PG_UTF8);

	*len = strlen(utf8);
	return utf8;
}
