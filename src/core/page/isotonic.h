/*
 * isotonic.h — regularized tree isotonic regression (seed §4, §5.3): the
 * smoothing step of page-level template detection.
 *
 * Given a rooted tree with, per node i, a classifier score x(i) in [0, 1], a
 * weight w(i) > 0 (a visible node that absorbed k hidden children counts
 * k + 1) and a penalty gamma(i) >= 0, find y : nodes -> [0, 1] minimizing
 *
 *     sum over segment starts i of gamma(i)  +  sum over i of w(i)·|x(i) - y(i)|
 *
 * subject to y(i) <= y(c) for every child c of i (a node is at most as
 * template as its least template child).  Segment starts are the root and
 * every node whose y differs from its parent's y (the paper's compressed
 * score ŷ is y at the segment starts).
 *
 * Candidate values.  levels = K >= 2: y takes values on the grid k/(K-1),
 * k = 0..K-1 (TD_ISO_DEFAULT_LEVELS = 101, steps of 0.01), and the result is
 * optimal among all grid-valued y.  levels = 0: y takes values among the
 * distinct x(i) (K = their number), which by the paper's Lemma 3 is optimal
 * among all real-valued y; K is then up to n, so time and memory grow as n².
 *
 * Time O(n·K) plus O(n log n) to sort the scores in exact mode.  No recursion:
 * trees can be 100,000 deep.
 *
 * Memory (bytes), allocated through env and freed before returning:
 *
 *     n·(16 + 16·W) + 8·K·(B + 2) + 4·(B + 1) + 8·V
 *
 * with W = ceil(K / 64) (two K-bit decision rows per node), B = bit length of
 * n (floor(log2 n) + 1: children are visited heaviest subtree first, so at
 * most B partial child-sum rows are alive at once), V = n in exact mode
 * (score sort buffer) else K.  For n = 20,000, K = 101: about 1.0 MB.
 * td_isotonic_bytes() returns this figure; inputs whose figure exceeds
 * max_bytes are refused with TD_ELIMIT before the large allocations.
 */
#ifndef TD_ISOTONIC_H
#define TD_ISOTONIC_H

#include <stddef.h>
#include <stdint.h>

#include "base/env.h"

#define TD_ISO_DEFAULT_LEVELS	101
#define TD_ISO_MAX_LEVELS		65536	/* grid finer than this buys nothing */

/*
 * Bytes td_isotonic_smooth() allocates for n nodes: levels = K >= 2 gives
 * the exact figure; levels = 0 gives the exact-mode worst case (all n scores
 * distinct).  SIZE_MAX when the figure overflows size_t.
 */
size_t		td_isotonic_bytes(uint32_t n, uint32_t levels);

/*
 * Smooths n node scores.
 *
 * parent[i]: the parent's index, UINT32_MAX (TD_NONE) for node 0, which must
 * be the root; every other node needs parent[i] < i (any order where parents
 * come first, e.g. a preorder such as td_tree's, sub-selected or not).
 * x[i] in [0, 1], w[i] > 0 finite, gamma[i] >= 0 finite; anything else
 * (NaN included) is TD_EARG.
 *
 * Outputs (caller-allocated, n entries each): y[i] the smoothed score,
 * seg[i] 1 where a segment starts (always at the root), else 0; *cost the
 * optimal objective value (the root's gamma included).  Ties prefer keeping
 * the parent's value (fewer segments), then the smallest value.
 *
 * Returns TD_OK; TD_EARG on invalid input or levels == 1 or > max;
 * TD_ELIMIT when the memory figure above exceeds max_bytes; TD_ENOMEM;
 * TD_EINTR when env->interrupted() fires.  Outputs are unspecified on error.
 * n = 0 is valid: *cost = 0.
 */
td_status	td_isotonic_smooth(td_env *env, uint32_t n, const uint32_t *parent,
							   const double *x, const double *w,
							   const double *gamma, uint32_t levels,
							   size_t max_bytes,
							   double *y, uint8_t *seg, double *cost);

#endif							/* TD_ISOTONIC_H */
