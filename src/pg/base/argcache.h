/*
 * argcache.h — a value made from a varlena argument (a validated profile, a
 * parsed model), kept in fn_extra across the calls of one call site (one
 * function in one query) and made again only when the argument's datum
 * changes (argcache.c).
 *
 * In "pages JOIN site_profiles" every row of a site passes the same
 * profile, and a page function passes the same model on every row:
 * detoasting and validating several MB, or parsing a model, per row would
 * cost more than the row's own work.  A datum's identity is, for a value
 * stored out of line, its toast pointer (table and value OIDs); otherwise
 * its raw bytes (length + memcmp, much cheaper than decompressing and
 * validating).  One entry per argument number: a function with a profile
 * and a model argument keeps both.
 *
 * The cache owns fn_extra: a function using it keeps nothing else there.
 */
#ifndef TD_PG_ARGCACHE_H
#define TD_PG_ARGCACHE_H

#include "postgres.h"

#include "fmgr.h"

/*
 * Makes *value (value_size bytes) from the argument's detoasted bytes, which
 * live in cxt as long as the value does; anything else the value points to
 * goes in cxt too (reset on the next miss).  May raise an error: the entry
 * is then empty, and the next call makes it again.
 */
typedef void (*td_pg_arg_make) (struct varlena *bytes, MemoryContext cxt, void *value);

/*
 * The value made from argument argno of fcinfo (not NULL), from the cache
 * when the datum is the one it was made from.  value_size and make must be
 * the same at every call for one argno.
 */
extern const void *td_pg_arg_cached(FunctionCallInfo fcinfo, int argno, Size value_size,
									td_pg_arg_make make);

#endif							/* TD_PG_ARGCACHE_H */
