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
 * Exact duplicate pages (seed 002 removes them before counting): a page
 * added with its content key (td_page_key) whose key the profile holds
 * already is not counted again, only tallied as a duplicate.  The keys live
 * in a second hash table of at most settings.dedup_capacity keys (8 bytes
 * per slot, load <= 1/2, so 16 to 32 bytes per distinct page; 16 MB at
 * 1,000,000 pages); a page counted once that table is full, or added
 * without a key, is "unchecked": a later copy of it is counted again.
 * Merging two states counts the pages whose key is in both ("overcounted":
 * they were counted in both, and their fingerprints cannot be taken back)
 * and unions the keys.  So: exact within one state; across merged states
 * every duplicate is either counted once or reported in overcounted.  Keys
 * travel in the state form (td_profile_serialize_state, for partial
 * aggregation), never in the stored form (td_profile_serialize), which
 * stays as small as its entries: merging stored profiles cannot recognise
 * pages present in both.  Always N = keys + overcounted + unchecked while
 * the keys are known.
 *
 * Serialized format, version 2, all integers little-endian:
 *   0  magic "TDPF" (4 bytes)
 *   4  u16 version = 2
 *   6  u8  unit: 0 = DOM node fingerprints, 1 = table text chunks (chunk.h)
 *   7  u8  flags: bit 0 = page keys follow the entries (state form); others 0
 *   8  u32 fingerprint scheme (TD_FP_SCHEME or TD_CHUNK_SCHEME when built)
 *  12  u32 eps in parts per million (0 .. 1000000)
 *  16  u64 pages N   (<= UINT32_MAX)
 *  24  u64 error bound E (<= N)
 *  32  u64 number of entries n
 *  40  u64 duplicates: pages not counted as exact copies of a counted page
 *  48  u64 overcounted (<= N)
 *  56  u64 unchecked (<= N)
 *  64  u64 number of page keys k (0 unless flag bit 0; then k + overcounted
 *      + unchecked = N)
 *  72  n entries of 16 bytes: u64 fp, u32 count, u32 delta;
 *      fp strictly ascending, fp != 0, 1 <= count, count + delta <= N, delta <= E
 *      then k page keys of 8 bytes, strictly ascending, != 0
 *  total size is exactly 72 + 16 n + 8 k; anything else is TD_EFORMAT.
 * Version 1 (node profiles before duplicate detection) is read as well: the
 * same first 40 bytes with version 1, unit 0 and flags 0, then the entries;
 * its duplicate counters read as 0 and unchecked as N.
 */
#ifndef TD_PROFILE_H
#define TD_PROFILE_H

#include "base/env.h"

#define TD_PROFILE_VERSION		2
#define TD_PROFILE_HEADER_SIZE	72
#define TD_PROFILE_V1_HEADER_SIZE	40
#define TD_PROFILE_ENTRY_SIZE	16
#define TD_PROFILE_KEY_SIZE		8
#define TD_PROFILE_F_KEYS		0x01
#define TD_UNIT_NODE			0
#define TD_UNIT_CHUNK			1

typedef struct td_profile td_profile;

typedef struct td_profile_settings
{
	uint8_t		unit;			/* TD_UNIT_NODE or TD_UNIT_CHUNK */
	uint32_t	fp_scheme;		/* TD_FP_SCHEME or TD_CHUNK_SCHEME */
	uint32_t	eps_ppm;		/* lossy counting error share, parts per million */
	uint32_t	capacity;		/* most entries held in memory (>= 1024) */
	uint32_t	dedup_capacity; /* most page keys held; 0: no duplicate detection */
} td_profile_settings;

td_status	td_profile_create(td_env *env, const td_profile_settings *settings, td_profile **out);
void		td_profile_free(td_profile *p);

/* Adds one page given its distinct fingerprints (as td_page_fingerprints gives), unchecked. */
td_status	td_profile_add_page(td_profile *p, const uint64_t *fps, size_t n);

/*
 * Adds one page with its content key (td_page_key; 0: none, unchecked).
 * *counted is 0 when the key was held already: the page is an exact
 * duplicate, tallied and not counted.
 */
td_status	td_profile_add_keyed_page(td_profile *p, uint64_t page_key,
									  const uint64_t *fps, size_t n, int *counted);

/* dst += src.  Settings must agree (unit, scheme) or TD_EARG; eps of dst is kept. */
td_status	td_profile_merge(td_profile *dst, const td_profile *src);

uint64_t	td_profile_pages(const td_profile *p);
uint64_t	td_profile_duplicates(const td_profile *p);
uint64_t	td_profile_overcounted(const td_profile *p);
uint8_t		td_profile_unit(const td_profile *p);
uint64_t	td_profile_error(const td_profile *p);
size_t		td_profile_entries(const td_profile *p);
/* Bytes of memory the table holds (for measuring the bound). */
size_t		td_profile_memory(const td_profile *p);

/* Appends the stored form (entries sorted, no page keys) to out. */
td_status	td_profile_serialize(const td_profile *p, td_buf *out);
/* Appends the state form: the stored form plus the page keys, when known. */
td_status	td_profile_serialize_state(const td_profile *p, td_buf *out);

/*
 * Validates bytes and loads them into a new table with the given capacity (0:
 * settings of the bytes), with their page keys if any; dedup_capacity is the
 * number of keys loaded until td_profile_set_dedup_capacity.
 */
td_status	td_profile_deserialize(td_env *env, const void *bytes, size_t len,
								   uint32_t capacity, td_profile **out);
/* Most page keys held from now on (held keys beyond it stay). */
void		td_profile_set_dedup_capacity(td_profile *p, uint32_t dedup_capacity);

/* A validated read-only view of serialized bytes. */
typedef struct td_profile_view
{
	const uint8_t *entries;		/* first entry, inside the caller's bytes */
	uint64_t	n_entries;
	const uint8_t *keys;		/* first page key, inside the caller's bytes */
	uint64_t	n_keys;
	uint64_t	pages;
	uint64_t	error;
	uint64_t	duplicates;
	uint64_t	overcounted;
	uint64_t	unchecked;
	uint32_t	eps_ppm;
	uint32_t	fp_scheme;
	uint8_t		unit;
	uint8_t		flags;
	uint16_t	version;
} td_profile_view;

/* Checks every field and entry (TD_EFORMAT with a precise message) and fills view. */
td_status	td_profile_view_init(td_env *env, const void *bytes, size_t len, td_profile_view *view);

/* Pages fp occurs on (the lower bound count), 0 when absent. */
uint32_t	td_profile_view_count(const td_profile_view *view, uint64_t fp);

#endif
