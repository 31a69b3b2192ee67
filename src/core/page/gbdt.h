/*
 * gbdt.h — gradient-boosted decision trees (issue 12): a binary classifier
 * P(template) = sigmoid(base + sum of one leaf value per tree) over a float
 * feature row, and its deterministic trainer.
 *
 * Scoring walks each tree from its root: an inner node sends the row to
 * its left child when x[feature] <= threshold, to the right one (always
 * left + 1: the two children lie side by side) otherwise, NaN included;
 * children always have larger indices than their parent inside the tree,
 * so a walk takes at most TD_GBDT_MAX_DEPTH comparisons and never loops.
 * td_gbdt_check proves those bounds on a model built from untrusted bytes
 * before it is used.  A node is 8 bytes (feature, left, value): a tree of
 * depth 6 is 1 KB, so a tree's nodes stay in L1 during a batched walk.
 *
 * Training (td_gbdt_train): logistic loss, second-order (Newton) leaves,
 * histogram split finding on quantile bins of each feature (at most 255
 * bins, cut points taken from a strided sample of the rows), depth-wise
 * growth to max_depth, shrinkage, row subsampling per tree by a fixed-seed
 * generator (two runs on the same rows give bit-identical models), a
 * minimum hessian weight per leaf and an L2 penalty on leaf values.  Rows
 * carry weights (so that datasets and pages can count as the caller
 * decides).  Memory: one byte per row and feature for the bins plus a few
 * doubles per row.
 */
#ifndef TD_GBDT_H
#define TD_GBDT_H

#include "base/env.h"

/* Changes whenever the model's meaning or text form changes. */
#define TD_GBDT_VERSION		1

/* Bounds on any model (trained or parsed). */
#define TD_GBDT_MAX_TREES	4096
#define TD_GBDT_MAX_NODES	(1u << 21)	/* inner nodes and leaves, all trees */
#define TD_GBDT_MAX_DEPTH	12
#define TD_GBDT_MAX_FEATURES 1024
#define TD_GBDT_MAX_BINS	255
#define TD_GBDT_MAX_TREE_NODES 65535	/* nodes of one tree (uint16 indices) */

typedef struct td_gbdt_node
{
	uint16_t	feature;		/* inner node: the row column it reads; a leaf: 0 */
	uint16_t	left;			/* inner node: left child's index inside the tree (> own,
								 * so >= 1); right = left + 1.  0: a leaf */
	float		value;			/* threshold of an inner node, a leaf's value */
} td_gbdt_node;

/* A leaf: no child (an inner node's left child comes after it, so is never 0). */
#define TD_GBDT_IS_LEAF(nd)	((nd)->left == 0)

typedef struct td_gbdt
{
	uint32_t	n_features;		/* row length the model reads */
	uint32_t	n_trees;
	uint32_t	n_nodes;		/* all trees */
	double		base;			/* initial log-odds */
	const uint32_t *tree_first;	/* n_trees + 1 offsets into nodes */
	const td_gbdt_node *nodes;
	int			owned;			/* 1: arrays allocated with env (td_gbdt_free frees) */
} td_gbdt;

/*
 * Every structural bound of a model: counts within the TD_GBDT_MAX_*, tree
 * offsets increasing and within n_nodes, every tree non-empty and at most
 * TD_GBDT_MAX_TREE_NODES, every inner node's feature < n_features and both
 * children (left, left + 1) inside its tree and after it,
 * every leaf's feature 0 (a walk may read it), every value finite, every
 * walk at most TD_GBDT_MAX_DEPTH deep.
 * TD_EFORMAT with a message otherwise.
 */
td_status	td_gbdt_check(td_env *env, const td_gbdt *m);

/* The raw margin (log-odds) of row x (n_features floats). */
double		td_gbdt_margin(const td_gbdt *m, const float *x);

/* P(template) of row x, in [0, 1], never NaN. */
double		td_gbdt_score(const td_gbdt *m, const float *x);

/*
 * The margins of n rows at once: row j is rows + which[j] * stride (each
 * at least n_features floats; which NULL: rows + j * stride); margin[j]
 * equals td_gbdt_margin of that row
 * (same additions in the same order), only faster for many rows.
 */
void		td_gbdt_margins(const td_gbdt *m, const float *rows, size_t stride,
							const uint32_t *which, size_t n, double *margin);

/*
 * The same trees laid out for a faster walk (td_gbdt_flatten): each one a
 * perfect binary tree of depth TD_GBDT_FLAT_DEPTH, inner node k's children
 * at 2k + 1 (x[feature] <= threshold) and 2k + 2 (otherwise, NaN included),
 * its leaves after the inner nodes; a leaf above that depth stands under
 * padding nodes that lead every way to its value.  A walk is then
 * TD_GBDT_FLAT_DEPTH steps of index arithmetic with no test for leaves:
 * 1.45x faster than td_gbdt_margins on the built-in trees (all of depth 6 or
 * less), the same margins (bench/README.md, "Page-level speed, seventh
 * session").
 */
#define TD_GBDT_FLAT_DEPTH	6
#define TD_GBDT_FLAT_INNER	((1 << TD_GBDT_FLAT_DEPTH) - 1)

typedef struct td_gbdt_flat_tree
{
	uint8_t		feature[TD_GBDT_FLAT_INNER];
	float		threshold[TD_GBDT_FLAT_INNER];
	float		leaf[TD_GBDT_FLAT_INNER + 1];
} td_gbdt_flat_tree;

typedef struct td_gbdt_flat
{
	uint32_t	n_features;		/* the model's, as td_gbdt's */
	uint32_t	n_trees;
	uint32_t	n_nodes;
	double		base;
	const td_gbdt_flat_tree *trees;	/* n_trees */
} td_gbdt_flat;

/*
 * The flat form of a checked model (td_gbdt_check) into trees (n_trees,
 * the caller's); TD_EARG when a tree is deeper than TD_GBDT_FLAT_DEPTH or
 * reads a feature over 255.
 */
td_status	td_gbdt_flatten(td_env *env, const td_gbdt *m, td_gbdt_flat_tree *trees);

/* Whether f is the flat form of m by its shape (counts and base). */
int			td_gbdt_flat_matches(const td_gbdt_flat *f, const td_gbdt *m);

/* td_gbdt_margins over the flat form: the same margins, bit for bit. */
void		td_gbdt_flat_margins(const td_gbdt_flat *f, const float *rows, size_t stride,
								 const uint32_t *which, size_t n, double *margin);

/* sigmoid(margin) in [0, 1], 0.5 for NaN: td_gbdt_score from a margin. */
double		td_gbdt_prob(double margin);

void		td_gbdt_free(td_env *env, td_gbdt *m);

typedef struct td_gbdt_opts
{
	int			n_trees;		/* 200 */
	int			max_depth;		/* 4 */
	double		shrinkage;		/* learning rate: 0.1 */
	double		subsample;		/* share of rows each tree sees: 0.2 */
	double		min_leaf;		/* minimum hessian weight on each side of a split: 1.0 */
	double		lambda;			/* L2 on leaf values: 1.0 */
	int			n_bins;			/* quantile bins per feature, 2..255: 64 */
	uint64_t	seed;			/* row sampling: 1 */
	/*
	 * Each row's starting margin (n finite values), or NULL: the log-odds of
	 * the weighted labels, which becomes the model's base.  With init the
	 * model's base is 0: its margin is what it adds to init (boosting on
	 * from another model's margins).
	 */
	const double *init;
} td_gbdt_opts;

void		td_gbdt_opts_default(td_gbdt_opts *o);

/*
 * Fits a model to n rows of d features (x row-major), labels y (0/1) and
 * weights w (NULL: all 1; each >= 0 and finite).  The model's arrays are
 * allocated with env (out->owned = 1).  TD_EARG for bad options or sizes,
 * TD_ENOMEM, TD_EINTR when env asks to stop.
 */
td_status	td_gbdt_train(td_env *env, const float *x, const uint8_t *y, const float *w,
						  size_t n, uint32_t d, const td_gbdt_opts *opts, td_gbdt *out);

#endif							/* TD_GBDT_H */
