/*
 * fnv.h — the FNV-1a byte hash the code base uses for keys that stay within
 * one run or one page (sibling-group keys, gold-label word hashes) and for
 * the bench's domain folds.
 *
 * TD_FNV_OFFSET is the offset every one of those callers always started
 * from: 1469598103934665603, which is FNV-1a's offset basis
 * (14695981039346656037) without its last digit.  It stays, since the
 * bench's folds by domain (bench/folds.h) are fixed by it; the hash is as
 * good for these uses (it is a fixed start, mixed by the prime).
 */
#ifndef TD_FNV_H
#define TD_FNV_H

#include <stddef.h>
#include <stdint.h>

#define TD_FNV_OFFSET	1469598103934665603ULL
#define TD_FNV_PRIME	1099511628211ULL

/* h extended by the byte c. */
static inline uint64_t
td_fnv_byte(uint64_t h, unsigned char c)
{
	return (h ^ c) * TD_FNV_PRIME;
}

/* h extended by the n bytes at s (s may be NULL when n is 0). */
static inline uint64_t
td_fnv_bytes(uint64_t h, const void *s, size_t n)
{
	const unsigned char *p = s;

	for (size_t k = 0; k < n; k++)
		h = td_fnv_byte(h, p[k]);
	return h;
}

#endif							/* TD_FNV_H */
