/*
 * profile.h — a site profile: for each fingerprint, on how many of the
 * site's pages it occurs (document frequency), plus the page count.
 *
 * Bounded memory by lossy counting (Manku & Motwani 2002), made mergeable:
 * besides its pages N, a profile carries an error bound E, and each entry
 * (fp, count, delta) satisfies   count <= true_pages(fp) <= count + delta,
 * with delta <= E; a fingerprint without an entry occurs on at most E pages.
 *
 *  - adding a page: present fp -> count++; absent fp -> new entry (1, E).
 *  - pruning to a bound E' >= E: drop entries with count + delta <= E', E = E'.
 *    After every page, if N crossed a multiple of ceil(1/eps), prune to
 *    floor(eps * N); whenever the table would exceed its capacity, prune to
 *    floor(eps * N) first and, only if that is not enough, to the smallest E'
 *    that brings it down to 3/4 of capacity (then E/N > eps: profile_info
 *    reports the real E).
 *  - merging A and B: N = Na + Nb, E = Ea + Eb; an fp in both gets
 *    (ca + cb, da + db); an fp in A only gets (ca, da + Eb) (and vice versa);
 *    then the capacity rule applies.
 * Guarantee: every fingerprint on more than E pages is present and its count
 * is at most E below the truth; with the capacity large enough for the
 * schedule, E <= floor(eps * N).  eps = 0 means exact (no scheduled pruning).
 *
 * Two representations:
 *  - td_profile: a hash table, the aggregate's state (add, merge, prune);
 *  - the serialized bytes (format below), which is what is stored in the
 *    database; td_profile_view reads them in place, without copying, for
 *    lookups (binary search over the sorted entries).
 *
 * Serialized format, version 1, all integers little-endian:
 *   0  magic "TDPF" (4 bytes)
 *   4  u16 version = 1
 *   6  u8  unit: 0 = DOM node fingerprints (1 = table text chunks, later)
 *   7  u8  flags = 0 (reserved, must be 0)
 *   8  u32 fingerprint scheme (TD_FP_SCHEME when built)
 *  12  u32 eps in parts per million (0 .. 1000000)
 *  16  u64 pages N   (<= UINT32_MAX)
 *  24  u64 error bound E (<= N)
 *  32  u64 number of entries n
 *  40  n entries of 16 bytes: u64 fp, u32 count, u32 delta;
 *      fp strictly ascending, fp != 0, 1 <= count, count + delta <= N, delta <= E
 *  total size is exactly 40 + 16 n; anything else is TD_EFORMAT.
 */
#ifndef TD_PROFILE_H
#define TD_PROFILE_H

#include "td_env.h"

#define TD_PROFILE_VERSION		1
#define TD_PROFILE_HEADER_SIZE	40
#define TD_PROFILE_ENTRY_SIZE	16
#define TD_UNIT_NODE			0

typedef struct td_profile td_profile;

typedef struct td_profile_settings
{
	uint8_t		unit;			/* TD_UNIT_NODE */
	uint32_t	fp_scheme;		/* TD_FP_SCHEME */
	uint32_t	eps_ppm;		/* lossy counting error share, parts per million */
	uint32_t	capacity;		/* most entries held in memory (>= 1024) */
} td_profile_settings;

td_status	td_profile_create(td_env *env, const td_profile_settings *settings, td_profile **out);
void		td_profile_free(td_profile *p);

/* Adds one page given its distinct fingerprints (as td_page_fingerprints gives). */
td_status	td_profile_add_page(td_profile *p, const uint64_t *fps, size_t n);

/* dst += src.  Settings must agree (unit, scheme) or TD_EARG; eps of dst is kept. */
td_status	td_profile_merge(td_profile *dst, const td_profile *src);

uint64_t	td_profile_pages(const td_profile *p);
uint64_t	td_profile_error(const td_profile *p);
size_t		td_profile_entries(const td_profile *p);
/* Bytes of memory the table holds (for measuring the bound). */
size_t		td_profile_memory(const td_profile *p);

/* Appends the serialized form (entries sorted) to out. */
td_status	td_profile_serialize(const td_profile *p, td_buf *out);

/* Validates bytes and loads them into a new table with the given capacity (0: settings of the bytes). */
td_status	td_profile_deserialize(td_env *env, const void *bytes, size_t len,
								   uint32_t capacity, td_profile **out);

/* A validated read-only view of serialized bytes. */
typedef struct td_profile_view
{
	const uint8_t *entries;		/* first entry, inside the caller's bytes */
	uint64_t	n_entries;
	uint64_t	pages;
	uint64_t	error;
	uint32_t	eps_ppm;
	uint32_t	fp_scheme;
	uint8_t		unit;
	uint16_t	version;
} td_profile_view;

/* Checks every field and entry (TD_EFORMAT with a precise message) and fills view. */
td_status	td_profile_view_init(td_env *env, const void *bytes, size_t len, td_profile_view *view);

/* Pages fp occurs on (the lower bound count), 0 when absent. */
uint32_t	td_profile_view_count(const td_profile_view *view, uint64_t fp);

#endif
