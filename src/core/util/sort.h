/*
 * sort.h — sorting arrays of 64-bit keys (fingerprints, page keys, word
 * hashes) in place: a heapsort (an insertion sort up to 16 keys), so no
 * recursion, no allocation and O(n log n) whatever the input (profile bytes
 * and pages are untrusted).
 */
#ifndef TD_SORT_H
#define TD_SORT_H

#include <stddef.h>
#include <stdint.h>

#include "base/env.h"

/* Sorts a[0..n) ascending. */
void		td_sort_u64(uint64_t *a, size_t n);

/*
 * Sorts a[0..n) ascending through tmp[0..n): least significant byte first,
 * eight stable counting passes, O(n) whatever the keys (no comparison
 * sort's log n, nothing a page could make degenerate).
 */
void		td_radix_sort_u64(uint64_t *a, uint64_t *tmp, size_t n);

/* Whether the ascending keys a[0..n) hold key: a binary search. */
int			td_sorted_has(const uint64_t *a, size_t n, uint64_t key);

/* Sorts a[0..n) and drops repeats; returns how many distinct keys are left. */
size_t		td_sort_distinct(uint64_t *a, size_t n);

/*
 * Sorts the indices a[0..n) by cmp (negative, zero, positive as strcmp),
 * a heapsort like td_sort_u64.  Polls env every few thousand steps: TD_EINTR
 * (a left in some order) when it asks to stop.
 */
typedef int (*td_index_cmp) (const void *ctx, uint32_t a, uint32_t b);

td_status	td_sort_index(td_env *env, uint32_t *a, size_t n, td_index_cmp cmp, const void *ctx);

#endif							/* TD_SORT_H */
