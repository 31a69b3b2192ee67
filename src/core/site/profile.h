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
 *  - the serialized bytes (profile_format.h), which is what is stored in
 *    the database; td_profile_view reads them in place, without copying,
 *    for lookups (binary search over the sorted entries).
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
 */
#ifndef TD_PROFILE_H
#define TD_PROFILE_H

#include "base/env.h"
#include "site/profile_format.h"

typedef struct td_profile td_profile;

typedef struct td_profile_settings
{
	uint8_t		unit;			/* TD_UNIT_NODE or TD_UNIT_CHUNK */
	uint32_t	fp_scheme;		/* TD_FP_SCHEME or TD_CHUNK_SCHEME */
	uint32_t	eps_ppm;		/* lossy counting error share, parts per million */
	uint32_t	capacity;		/* most entries held in memory (>= 16; the
								 * SQL setting's minimum is 1024) */
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

/*
 * Counts a page left out of the profile (templatedet.on_error = skip): it
 * is not one of the N pages, only reported (profile_info: skipped_pages) and
 * summed by merges.  TD_ELIMIT beyond UINT32_MAX.
 */
td_status	td_profile_skip_page(td_profile *p);
uint64_t	td_profile_skipped(const td_profile *p);
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
 * Validates bytes (td_profile_view_init) and loads them into a new table
 * with the given capacity (0: settings of the bytes), with their page keys
 * if any; dedup_capacity is the number of keys loaded until
 * td_profile_set_dedup_capacity.
 */
td_status	td_profile_deserialize(td_env *env, const void *bytes, size_t len,
								   uint32_t capacity, td_profile **out);
/* Most page keys held from now on (held keys beyond it stay). */
void		td_profile_set_dedup_capacity(td_profile *p, uint32_t dedup_capacity);

#endif
