/*
 * argcache.c — the per-call-site cache of values made from arguments
 * (argcache.h).
 */
#include "pg/base/argcache.h"

#include "access/detoast.h"
#include "utils/memutils.h"

/* Set to 0 by a cache measurement build only: every call makes its values. */
#ifndef TD_ARG_CACHE
#define TD_ARG_CACHE 1
#endif

/* Arguments cached per call site; the functions have at most two. */
#define MAX_ARGS 4

typedef struct arg_entry
{
	int			argno;
	Size		value_size;
	bool		valid;
	bool		by_pointer;		/* key is a toast pointer, else raw bytes */
	Size		key_len;
	char	   *key;			/* copy of the pointer or of the raw datum */
	void	   *value;			/* value_size bytes, in fn_mcxt */
	MemoryContext cxt;			/* key, bytes and the value's own memory */
} arg_entry;

typedef struct arg_cache
{
	int			n;
	arg_entry	e[MAX_ARGS];
} arg_cache;

/* The entry of argno at this call site, created on first use. */
static arg_entry *
entry(FmgrInfo *flinfo, int argno, Size value_size)
{
	arg_cache  *cache = (arg_cache *) flinfo->fn_extra;
	arg_entry  *e;

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(flinfo->fn_mcxt, sizeof(arg_cache));
		flinfo->fn_extra = cache;
	}
	for (int i = 0; i < cache->n; i++)
		if (cache->e[i].argno == argno)
		{
			if (cache->e[i].value_size != value_size)
				elog(ERROR, "templatedet: argument %d cached with two sizes", argno);
			return &cache->e[i];
		}
	if (cache->n == MAX_ARGS)
		elog(ERROR, "templatedet: more than %d cached arguments", MAX_ARGS);
	e = &cache->e[cache->n];
	e->argno = argno;
	e->value_size = value_size;
	e->value = MemoryContextAllocZero(flinfo->fn_mcxt, value_size);
	e->cxt = AllocSetContextCreate(flinfo->fn_mcxt, "templatedet argument cache",
								   ALLOCSET_SMALL_SIZES);
	cache->n++;
	return e;
}

/* Makes e's value from raw, whose identity is key[0..key_len). */
static void
load(arg_entry *e, struct varlena *raw, bool by_pointer, const char *key, Size key_len,
	 td_pg_arg_make make)
{
	MemoryContext old;
	struct varlena *bytes;

	MemoryContextReset(e->cxt);
	e->valid = false;

	old = MemoryContextSwitchTo(e->cxt);
	bytes = detoast_attr(raw);
	if (bytes == raw)
	{
		/* inline, uncompressed: copy so it outlives the current row */
		bytes = palloc(VARSIZE_ANY(raw));
		memcpy(bytes, raw, VARSIZE_ANY(raw));
	}
	MemoryContextSwitchTo(old);

	make(bytes, e->cxt, e->value);

	e->key = MemoryContextAlloc(e->cxt, key_len);
	memcpy(e->key, key, key_len);
	e->key_len = key_len;
	e->by_pointer = by_pointer;
	e->valid = true;
}

const void *
td_pg_arg_cached(FunctionCallInfo fcinfo, int argno, Size value_size, td_pg_arg_make make)
{
	arg_entry  *e = entry(fcinfo->flinfo, argno, value_size);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	bool		by_pointer;
	const char *key;
	Size		key_len;

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

	if (!TD_ARG_CACHE || !e->valid || e->by_pointer != by_pointer ||
		e->key_len != key_len || memcmp(e->key, key, key_len) != 0)
		load(e, raw, by_pointer, key, key_len, make);
	return e->value;
}
