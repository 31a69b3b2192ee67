/*
 * profile_arg.c — the tdprofile argument of strip_template and friends,
 * detoasted and validated once per distinct profile per query.
 *
 * In "pages JOIN site_profiles" every row of a site passes the same profile;
 * detoasting and validating several MB per row would dominate the cost of
 * stripping a page.  fn_extra keeps the last profile seen, keyed on the
 * datum's identity: for a value stored out of line, its toast pointer (table
 * and value OIDs); otherwise the raw datum bytes (length + memcmp, which is
 * much cheaper than decompressing and validating).
 */
#include "pg/base/glue.h"

#include "access/detoast.h"
#include "utils/memutils.h"

typedef struct profile_cache
{
	bool		valid;
	bool		by_pointer;		/* key is a toast pointer, else raw bytes */
	Size		key_len;
	char	   *key;			/* copy of the pointer or of the raw datum */
	struct varlena *bytes;		/* detoasted, validated profile */
	td_profile_view view;		/* points into bytes */
	MemoryContext cxt;			/* holds key and bytes; reset on a miss */
} profile_cache;

/* Set to false by the cache measurement build only (see the report). */
#ifndef TD_PROFILE_CACHE
#define TD_PROFILE_CACHE 1
#endif

static void
load_profile(profile_cache *cache, struct varlena *raw, bool by_pointer,
			 const char *key, Size key_len)
{
	MemoryContext old;
	td_env		env;
	struct varlena *bytes;

	MemoryContextReset(cache->cxt);
	cache->valid = false;

	old = MemoryContextSwitchTo(cache->cxt);
	bytes = detoast_attr(raw);
	if (bytes == raw)
	{
		/* inline, uncompressed: copy so it outlives the current row */
		bytes = palloc(VARSIZE_ANY(raw));
		memcpy(bytes, raw, VARSIZE_ANY(raw));
	}
	MemoryContextSwitchTo(old);

	td_pg_env_init(&env, cache->cxt);
	TD_PG_CALL(&env, (void) 0,
			   td_profile_view_init(&env, VARDATA_ANY(bytes), VARSIZE_ANY_EXHDR(bytes),
									&cache->view), NULL);

	cache->key = MemoryContextAlloc(cache->cxt, key_len);
	memcpy(cache->key, key, key_len);
	cache->key_len = key_len;
	cache->by_pointer = by_pointer;
	cache->bytes = bytes;
	cache->valid = true;
}

const td_profile_view *
td_pg_profile_arg(FunctionCallInfo fcinfo, int argno)
{
	FmgrInfo   *flinfo = fcinfo->flinfo;
	profile_cache *cache = (profile_cache *) flinfo->fn_extra;
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	bool		by_pointer;
	const char *key;
	Size		key_len;

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(flinfo->fn_mcxt, sizeof(profile_cache));
		cache->cxt = AllocSetContextCreate(flinfo->fn_mcxt, "templatedet profile cache",
										   ALLOCSET_DEFAULT_SIZES);
		flinfo->fn_extra = cache;
	}

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		by_pointer = true;
		key = (const char *) raw;
		key_len = VARSIZE_EXTERNAL(raw);
	}
	else
	{
		/* in-memory indirections (expanded, indirect) have no stable identity */
		if (VARATT_IS_EXTERNAL(raw))
			raw = detoast_attr(raw);
		by_pointer = false;
		key = (const char *) raw;
		key_len = VARSIZE_ANY(raw);
	}

	if (!TD_PROFILE_CACHE || !cache->valid || cache->by_pointer != by_pointer ||
		cache->key_len != key_len || memcmp(cache->key, key, key_len) != 0)
		load_profile(cache, raw, by_pointer, key, key_len);

	return &cache->view;
}
