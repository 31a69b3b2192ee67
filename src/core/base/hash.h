/*
 * hash.h — the project's fixed 64-bit hash.  Values are stored on disk
 * (profiles) and compared across machines, so the function is defined on
 * bytes (little-endian reads), never on the host's word layout, and never
 * changes within a format version.
 */
#ifndef TD_HASH_H
#define TD_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t	td_hash64(const void *data, size_t len, uint64_t seed);

/* Mixes one 64-bit value into a running hash state (order-sensitive). */
static inline uint64_t
td_hash_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 29;
	return h;
}

#endif
