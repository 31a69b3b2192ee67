/*
 * fuzz_common.h — what several fuzz targets share: require() (abort, which
 * libFuzzer reports as a crash), an allocator that fails on demand (set
 * fail_at to the number of allocations that succeed, -1 for none; reset
 * n_allocs per input), and the check that bytes are valid UTF-8 (no
 * overlong forms, no surrogates, nothing above U+10FFFF).  The checks are
 * CHECKER: kept out of the coverage the fuzzer steers by, since they check
 * outputs and are not under test.
 */
#ifndef TD_FUZZ_COMMON_H
#define TD_FUZZ_COMMON_H

#include <stddef.h>
#include <stdlib.h>

#include "base/env.h"

#ifndef CHECKER
#define CHECKER __attribute__((no_sanitize("coverage")))
#endif

static inline void
require(int cond)
{
	if (!cond)
		abort();
}

static long fail_at;
static long n_allocs;

static inline void *
f_alloc(void *arg, size_t size)
{
	(void) arg;
	if (fail_at >= 0 && n_allocs++ >= fail_at)
		return NULL;
	return malloc(size);
}

static inline void *
f_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	(void) arg;
	(void) old_size;
	if (fail_at >= 0 && n_allocs++ >= fail_at)
		return NULL;
	return realloc(p, new_size);
}

static inline void
f_free(void *arg, void *p)
{
	(void) arg;
	free(p);
}

/*
 * env with the allocator above: its fail_at-th allocation fails (-1: none),
 * counted from this input's first.
 */
static inline void
fuzz_env(td_env *env, long fail)
{
	td_env_default(env);
	env->alloc = f_alloc;
	env->realloc = f_realloc;
	env->free = f_free;
	fail_at = fail;
	n_allocs = 0;
}

CHECKER static int
valid_utf8(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len;)
	{
		unsigned char c = s[i];
		size_t		n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 :
			c >= 0xF0 && c <= 0xF4 ? 4 : 0;
		unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
		unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;

		if (n == 0 || i + n > len)
			return 0;
		for (size_t k = 1; k < n; k++, lo = 0x80, hi = 0xBF)
			if (s[i + k] < lo || s[i + k] > hi)
				return 0;
		i += n;
	}
	return 1;
}

#endif							/* TD_FUZZ_COMMON_H */
