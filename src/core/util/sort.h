/*
 * sort.h — sorting arrays of 64-bit keys (fingerprints, page keys, word
 * hashes) in place: a heapsort, so no recursion, no allocation and
 * O(n log n) whatever the input (profile bytes and pages are untrusted).
 */
#ifndef TD_SORT_H
#define TD_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Sorts a[0..n) ascending. */
void		td_sort_u64(uint64_t *a, size_t n);

/* Sorts a[0..n) and drops repeats; returns how many distinct keys are left. */
size_t		td_sort_distinct(uint64_t *a, size_t n);

#endif							/* TD_SORT_H */
