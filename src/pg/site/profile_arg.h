/*
 * profile_arg.h — the tdprofile argument of strip_template and friends
 * (profile_arg.c).
 */
#ifndef TD_PG_PROFILE_ARG_H
#define TD_PG_PROFILE_ARG_H

#include "pg/base/glue.h"

/*
 * The profile argument argno, detoasted and validated, cached in fn_extra
 * across calls of the same function in one query (argcache.h: keyed on the
 * datum's identity), so a join does not validate the same profile once per
 * row.
 */
extern const td_profile_view *td_pg_profile_arg(FunctionCallInfo fcinfo, int argno);

#endif							/* TD_PG_PROFILE_ARG_H */
