/*
 * profile_arg.c — the tdprofile argument of strip_template and friends,
 * detoasted and validated once per distinct profile per query (argcache.h
 * says how a profile is recognised).
 */
#include "pg/base/glue.h"

#include "pg/base/argcache.h"
#include "pg/site/profile_arg.h"

/* The view of a profile's bytes, which stay in cxt (validation allocates nothing). */
static void
make_view(struct varlena *bytes, MemoryContext cxt, void *value)
{
	td_env		env;

	td_pg_env_init(&env, cxt);
	TD_PG_CALL(&env, (void) 0,
			   td_profile_view_init(&env, VARDATA_ANY(bytes), VARSIZE_ANY_EXHDR(bytes),
									(td_profile_view *) value), NULL);
}

const td_profile_view *
td_pg_profile_arg(FunctionCallInfo fcinfo, int argno)
{
	return td_pg_arg_cached(fcinfo, argno, sizeof(td_profile_view), make_view);
}
