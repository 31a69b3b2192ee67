/*
 * jsonld.h — a small bounded JSON reader for the JSON-LD blocks of a page
 * (<script type="application/ld+json">), read by meta/metadata.c (page_metadata).
 *
 * The text becomes a flat array of values in document order: a container's
 * members follow it, so a container's subtree is the index range
 * [i, vals[i].end) and every walk is a loop, never a recursion that deeply
 * nested input could overflow.  Strings are decoded (escapes, \u surrogate
 * pairs; a lone surrogate and U+0000 become U+FFFD) into one string pool.
 *
 * What pages publish is not always strict JSON, and the reader forgives
 * what browsers' JSON-LD consumers commonly forgive: a comma before a closing
 * bracket, raw control characters inside strings, and an HTML comment or
 * CDATA wrapper around the block.  Anything else (an unterminated string, a
 * bare word, nesting over the depth limit, more values than the value limit)
 * is TD_EFORMAT with a message, and the block is ignored by its caller.
 */
#ifndef TD_JSONLD_H
#define TD_JSONLD_H

#include "base/env.h"

typedef enum td_json_type
{
	TD_JSON_NULL = 0,
	TD_JSON_FALSE,
	TD_JSON_TRUE,
	TD_JSON_NUMBER,				/* kept as its text */
	TD_JSON_STRING,
	TD_JSON_ARRAY,
	TD_JSON_OBJECT
} td_json_type;

typedef struct td_json_val
{
	uint32_t	end;			/* one past this value's subtree */
	uint32_t	parent;			/* UINT32_MAX for the top value */
	uint32_t	key_off;		/* member of an object: its key in pool */
	uint32_t	key_len;
	uint32_t	str_off;		/* string, number: decoded text in pool */
	uint32_t	str_len;
	uint8_t		type;			/* td_json_type */
	uint8_t		has_key;
} td_json_val;

typedef struct td_json
{
	td_env	   *env;
	td_json_val *vals;
	uint32_t	n_vals;
	char	   *pool;
	size_t		n_pool;
	size_t		cap_vals, cap_pool;
} td_json;

#define TD_JSON_MAX_DEPTH	64
#define TD_JSON_MAX_VALUES	100000

/*
 * Parses text[0..len) into out (fields zeroed first; release with
 * td_json_free, also after a failure).  max_values 0 means TD_JSON_MAX_VALUES.
 */
td_status	td_json_parse(td_env *env, const char *text, size_t len, uint32_t max_values,
						  td_json *out);
void		td_json_free(td_json *j);

/*
 * Code point cp as UTF-8 into b (U+0000, a surrogate or a value over
 * U+10FFFF as U+FFFD); returns the length, 1 to 4.  Also what metadata.c
 * decodes character references with.
 */
size_t		td_utf8_encode(uint32_t cp, unsigned char b[4]);

/* The member key of object value obj (ASCII, case-sensitive), or UINT32_MAX. */
uint32_t	td_json_member(const td_json *j, uint32_t obj, const char *key);

/* The next sibling of value i inside its container, or UINT32_MAX. */
static inline uint32_t
td_json_next(const td_json *j, uint32_t i)
{
	uint32_t	p = j->vals[i].parent;

	if (p == UINT32_MAX || j->vals[i].end >= j->vals[p].end)
		return UINT32_MAX;
	return j->vals[i].end;
}

/* The first member/element of container i, or UINT32_MAX. */
static inline uint32_t
td_json_first(const td_json *j, uint32_t i)
{
	return j->vals[i].end > i + 1 ? i + 1 : UINT32_MAX;
}

#endif							/* TD_JSONLD_H */
