/*
 * hash.c — td_hash64: a fixed, endian-independent 64-bit hash of bytes
 * (8-byte little-endian blocks, multiply-xorshift mixing, splitmix64 final
 * avalanche).  Fast enough for per-node text on the hot path; not
 * cryptographic: fingerprints only need to collide rarely (2^-64 per pair).
 */
#include <string.h>

#include "base/hash.h"

#define K1 0x9e3779b97f4a7c15ULL
#define K2 0xc2b2ae3d27d4eb4fULL

static inline uint64_t
load_le64(const unsigned char *p)
{
	return (uint64_t) p[0] | (uint64_t) p[1] << 8 | (uint64_t) p[2] << 16 |
		(uint64_t) p[3] << 24 | (uint64_t) p[4] << 32 | (uint64_t) p[5] << 40 |
		(uint64_t) p[6] << 48 | (uint64_t) p[7] << 56;
}

static inline uint64_t
rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static inline uint64_t
avalanche(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t
td_hash64(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t	h = seed ^ (len * K1);
	uint64_t	tail = 0;
	size_t		i;

	for (; len >= 8; p += 8, len -= 8)
		h = rotl(h ^ (load_le64(p) * K2), 31) * K1;
	for (i = 0; i < len; i++)
		tail |= (uint64_t) p[i] << (8 * i);
	h = rotl(h ^ ((tail ^ 0xff) * K2), 27) * K1;	/* the 0xff marks the tail */
	return avalanche(h);
}
