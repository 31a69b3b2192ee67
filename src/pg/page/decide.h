/*
 * decide.h — clean_text's decision on a page (decide.c), shared by every
 * function that takes clean_text's arguments.
 */
#ifndef TD_PG_DECIDE_H
#define TD_PG_DECIDE_H

#include "pg/base/glue.h"

/*
 * clean_text's decision (args html, profile, model, base_url, min_pages of
 * fcinfo, in that order from 0) on the page, parsed in env: drop per node
 * and, when reason is not NULL, why (reason.h) with the share or score it
 * rests on (value, -1 for none; value needs reason).  Arrays are allocated
 * in env's context.  Returns the tree, or NULL when the page was skipped
 * (templatedet.on_error).  The caller checks that html and min_pages are
 * not NULL, and passes base_url as UTF-8 (td_pg_utf8_arg_opt of argument
 * 3: it may need it too, and converts it once).
 */
extern td_tree *td_pg_decide(FunctionCallInfo fcinfo, bool is_bytea, td_env *env,
							 const char *base_url, size_t base_len,
							 uint8_t **drop, uint8_t **reason, float **value);

#endif							/* TD_PG_DECIDE_H */
