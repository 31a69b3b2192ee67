/*
 * gbdt.c — gradient-boosted decision trees: scoring, bounds check, trainer
 * (gbdt.h).
 */
#include "page/gbdt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/poll.h"

#define POLL_EVERY 4096

/* ---- scoring ----------------------------------------------------------- */

double
td_gbdt_margin(const td_gbdt *m, const float *x)
{
	double		s = m->base;

	for (uint32_t t = 0; t < m->n_trees; t++)
	{
		const td_gbdt_node *tree = m->nodes + m->tree_first[t];
		uint32_t	k = 0;

		/* children lie after their parent: at most the tree's depth steps */
		while (!TD_GBDT_IS_LEAF(&tree[k]))
		{
			const td_gbdt_node *nd = &tree[k];

			/*
			 * Branch-free step (left, or left + 1 when not x <= value, NaN
			 * included): the comparison's outcome is unpredictable, a
			 * mispredicted branch per level cost more than the walk itself.
			 */
			k = nd->left + (uint32_t) !(x[nd->feature] <= nd->value);
		}
		s += tree[k].value;
	}
	return s;
}

/* Rows walked side by side in td_gbdt_margins, and rows a block of it walks every tree. */
#define LANES 16
#define BLOCK 64

/* A block's nb rows from b0 on (through which when given), each margin at base. */
static inline void
block_start(const float *rows, size_t stride, const uint32_t *which, size_t b0, size_t nb,
			double base, const float **x, double *s)
{
	for (size_t j = 0; j < nb; j++)
	{
		x[j] = rows + (size_t) (which ? which[b0 + j] : b0 + j) * stride;
		s[j] = base;
	}
}

/* The lanes of a block's rows j0.. (nl of them): a short block repeats its last row. */
static inline void
lanes_start(const float *const *x, size_t j0, size_t nl, const float **xl)
{
	for (size_t l = 0; l < LANES; l++)
		xl[l] = x[j0 + (l < nl ? l : nl - 1)];
}

void
td_gbdt_margins(const td_gbdt *m, const float *rows, size_t stride,
				const uint32_t *which, size_t n, double *margin)
{
	/*
	 * Blocks of BLOCK rows walk every tree (their rows stay in L1, the
	 * model in L2), trees in order, so each margin adds its leaves in the
	 * order td_gbdt_margin does.  A single row's walk is a chain of
	 * dependent loads (node, row value, compare, next node): LANES rows walk
	 * a tree in lockstep, their chains independent, so the processor
	 * overlaps them.  A row at a leaf stays there (a leaf reads feature 0
	 * and its step is masked), so every step is branch-free and the lanes
	 * stop when all are at leaves: at most the tree's depth + 1 steps.
	 */
	for (size_t b0 = 0; b0 < n; b0 += BLOCK)
	{
		size_t		nb = n - b0 < BLOCK ? n - b0 : BLOCK;
		const float *x[BLOCK];
		double		s[BLOCK];

		block_start(rows, stride, which, b0, nb, m->base, x, s);
		for (uint32_t t = 0; t < m->n_trees; t++)
		{
			const td_gbdt_node *tree = m->nodes + m->tree_first[t];

			for (size_t j0 = 0; j0 < nb; j0 += LANES)
			{
				size_t		nl = nb - j0 < LANES ? nb - j0 : LANES;
				const float *xl[LANES];
				uint32_t	k[LANES] = {0};
				uint32_t	inner;

				lanes_start(x, j0, nl, xl);
				do
				{
					inner = 0;
#pragma GCC unroll 16
					for (size_t l = 0; l < LANES; l++)	/* a constant count: unrolled */
					{
						const td_gbdt_node *nd = &tree[k[l]];
						uint32_t	next = nd->left + (uint32_t) !(xl[l][nd->feature] <= nd->value);

						inner |= nd->left;
						k[l] = nd->left ? next : k[l];
					}
				} while (inner);
				for (size_t l = 0; l < nl; l++)
					s[j0 + l] += tree[k[l]].value;
			}
		}
		memcpy(margin + b0, s, sizeof(double) * nb);
	}
}

td_status
td_gbdt_flatten(td_env *env, const td_gbdt *m, td_gbdt_flat_tree *trees)
{
	for (uint32_t t = 0; t < m->n_trees; t++)
	{
		const td_gbdt_node *tree = m->nodes + m->tree_first[t];
		td_gbdt_flat_tree *ft = &trees[t];
		uint16_t	src[2 * TD_GBDT_FLAT_INNER + 1];	/* the node at each place */

		/* places in breadth-first order: a place's node is known before its children's */
		src[0] = 0;
		for (uint32_t k = 0; k < 2 * TD_GBDT_FLAT_INNER + 1; k++)
		{
			const td_gbdt_node *nd = &tree[src[k]];

			if (k >= TD_GBDT_FLAT_INNER)
			{
				if (!TD_GBDT_IS_LEAF(nd))
					return td_fail(env, TD_EARG, "gbdt model: tree %u deeper than %d", t,
								   TD_GBDT_FLAT_DEPTH);
				ft->leaf[k - TD_GBDT_FLAT_INNER] = nd->value;
				continue;
			}
			if (TD_GBDT_IS_LEAF(nd))
			{
				/* padding: either way leads to this leaf */
				ft->feature[k] = 0;
				ft->threshold[k] = 0;
				src[2 * k + 1] = src[2 * k + 2] = src[k];
				continue;
			}
			if (nd->feature > UINT8_MAX)
				return td_fail(env, TD_EARG, "gbdt model: feature %u over 255 in tree %u",
							   (unsigned) nd->feature, t);
			ft->feature[k] = (uint8_t) nd->feature;
			ft->threshold[k] = nd->value;
			src[2 * k + 1] = nd->left;
			src[2 * k + 2] = nd->left + 1;
		}
	}
	return TD_OK;
}

int
td_gbdt_flat_matches(const td_gbdt_flat *f, const td_gbdt *m)
{
	return f && m && f->n_features == m->n_features && f->n_trees == m->n_trees &&
		f->n_nodes == m->n_nodes && memcmp(&f->base, &m->base, sizeof(double)) == 0;
}

void
td_gbdt_flat_margins(const td_gbdt_flat *f, const float *rows, size_t stride,
					 const uint32_t *which, size_t n, double *margin)
{
	/* td_gbdt_margins' blocks and lanes, each walk TD_GBDT_FLAT_DEPTH steps */
	for (size_t b0 = 0; b0 < n; b0 += BLOCK)
	{
		size_t		nb = n - b0 < BLOCK ? n - b0 : BLOCK;
		const float *x[BLOCK];
		double		s[BLOCK];

		block_start(rows, stride, which, b0, nb, f->base, x, s);
		for (uint32_t t = 0; t < f->n_trees; t++)
		{
			const td_gbdt_flat_tree *ft = &f->trees[t];

			for (size_t j0 = 0; j0 < nb; j0 += LANES)
			{
				size_t		nl = nb - j0 < LANES ? nb - j0 : LANES;
				const float *xl[LANES];
				uint32_t	k[LANES] = {0};

				lanes_start(x, j0, nl, xl);
				for (int d = 0; d < TD_GBDT_FLAT_DEPTH; d++)
				{
#pragma GCC unroll 16
					for (size_t l = 0; l < LANES; l++)
					{
						uint32_t	kk = k[l];

						k[l] = 2 * kk + 1 + (uint32_t) !(xl[l][ft->feature[kk]] <= ft->threshold[kk]);
					}
				}
				for (size_t l = 0; l < nl; l++)
					s[j0 + l] += ft->leaf[k[l] - TD_GBDT_FLAT_INNER];
			}
		}
		memcpy(margin + b0, s, sizeof(double) * nb);
	}
}

double
td_gbdt_prob(double margin)
{
	if (isnan(margin))
		return 0.5;
	return 1.0 / (1.0 + exp(-margin));
}

double
td_gbdt_score(const td_gbdt *m, const float *x)
{
	return td_gbdt_prob(td_gbdt_margin(m, x));
}

td_status
td_gbdt_check(td_env *env, const td_gbdt *m)
{
	uint8_t    *depth;
	td_status	st = TD_OK;

	if (m->n_features == 0 || m->n_features > TD_GBDT_MAX_FEATURES)
		return td_fail(env, TD_EFORMAT, "gbdt model: n_features must be in 1..%d",
					   TD_GBDT_MAX_FEATURES);
	if (m->n_trees == 0 || m->n_trees > TD_GBDT_MAX_TREES)
		return td_fail(env, TD_EFORMAT, "gbdt model: tree count must be in 1..%d",
					   TD_GBDT_MAX_TREES);
	if (m->n_nodes == 0 || m->n_nodes > TD_GBDT_MAX_NODES)
		return td_fail(env, TD_EFORMAT, "gbdt model: node count must be in 1..%u",
					   TD_GBDT_MAX_NODES);
	if (!isfinite(m->base))
		return td_fail(env, TD_EFORMAT, "gbdt model: base must be finite");
	if (m->tree_first[0] != 0 || m->tree_first[m->n_trees] != m->n_nodes)
		return td_fail(env, TD_EFORMAT, "gbdt model: tree offsets do not cover the nodes");
	if (!(depth = td_alloc(env, m->n_nodes)))
		return td_fail(env, TD_ENOMEM, "out of memory checking a gbdt model");
	for (uint32_t t = 0; t < m->n_trees && st == TD_OK; t++)
	{
		uint32_t	a = m->tree_first[t],
					b = m->tree_first[t + 1];

		if (b <= a || b > m->n_nodes)
		{
			st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u is empty or out of range", t);
			break;
		}
		if (b - a > TD_GBDT_MAX_TREE_NODES)
		{
			st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u has more than %d nodes", t,
						 TD_GBDT_MAX_TREE_NODES);
			break;
		}
		memset(depth + a, 0, b - a);
		for (uint32_t k = a; k < b; k++)
		{
			const td_gbdt_node *nd = &m->nodes[k];
			uint32_t	local = k - a;

			if (!isfinite(nd->value))
			{
				st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u node %u: value not finite",
							 t, local);
				break;
			}
			if (TD_GBDT_IS_LEAF(nd))
			{
				if (nd->feature != 0)
				{
					st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u node %u: a leaf reads feature %u",
								 t, local, (unsigned) nd->feature);
					break;
				}
				continue;
			}
			if (nd->feature >= m->n_features)
			{
				st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u node %u: feature %u out of range",
							 t, local, (unsigned) nd->feature);
				break;
			}
			if (nd->left <= local || (uint32_t) nd->left + 1 >= b - a)
			{
				st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u node %u: children must follow it inside the tree",
							 t, local);
				break;
			}
			if (depth[k] + 1 > TD_GBDT_MAX_DEPTH)
			{
				st = td_fail(env, TD_EFORMAT, "gbdt model: tree %u deeper than %d", t,
							 TD_GBDT_MAX_DEPTH);
				break;
			}
			/* children follow: their depth is final before they are visited */
			for (uint32_t c = nd->left; c <= (uint32_t) nd->left + 1; c++)
				if (depth[a + c] < depth[k] + 1)
					depth[a + c] = depth[k] + 1;
		}
	}
	td_free(env, depth);
	return st;
}

void
td_gbdt_free(td_env *env, td_gbdt *m)
{
	if (m->owned)
	{
		td_free(env, (void *) m->tree_first);
		td_free(env, (void *) m->nodes);
	}
	memset(m, 0, sizeof(*m));
}

/* ---- training ---------------------------------------------------------- */

void
td_gbdt_opts_default(td_gbdt_opts *o)
{
	o->n_trees = 200;
	o->max_depth = 4;
	o->shrinkage = 0.1;
	o->subsample = 0.2;
	o->min_leaf = 1.0;
	o->lambda = 1.0;
	o->n_bins = 64;
	o->seed = 1;
	o->init = NULL;
}

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t	z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static int
cmp_float(const void *a, const void *b)
{
	float		x = *(const float *) a,
				y = *(const float *) b;

	return (x > y) - (x < y);
}

/* Index of the first cut >= v (n_cuts when none: the last bin; NaN too). */
static uint8_t
bin_of(const float *cuts, int n_cuts, float v)
{
	int			lo = 0,
				hi = n_cuts;

	if (isnan(v))
		return (uint8_t) n_cuts;
	while (lo < hi)
	{
		int			mid = (lo + hi) / 2;

		if (v <= cuts[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return (uint8_t) lo;
}

typedef struct gb_ctx
{
	td_env	   *env;
	const td_gbdt_opts *o;
	size_t		n;
	uint32_t	d;
	uint8_t    *bins;			/* n x d */
	float	   *cuts;			/* d x (n_bins - 1) */
	int		   *n_cuts;			/* d */
	double	   *g,
			   *h;				/* per row (sampled rows only are current) */
	double	   *hist;			/* d x n_bins x 2 */
	uint32_t   *rows;			/* the tree's sample, partitioned by node */
} gb_ctx;

typedef struct gb_open
{
	uint32_t	node;			/* index in the tree being built */
	size_t		start,
				end;			/* its rows in ctx->rows */
	int			depth;
} gb_open;

/*
 * Best split of rows [start, end): *feat = -1 when none gains.  Gain of the
 * second-order objective, both sides at least min_leaf hessian.
 */
static void
best_split(gb_ctx *c, size_t start, size_t end, double G, double H, int *feat, int *bin)
{
	int			nb = c->o->n_bins;
	double		lambda = c->o->lambda,
				best = 1e-9,
				parent = G * G / (H + lambda);

	*feat = -1;
	memset(c->hist, 0, sizeof(double) * 2 * nb * c->d);
	for (size_t k = start; k < end; k++)
	{
		uint32_t	r = c->rows[k];
		const uint8_t *b = c->bins + (size_t) r * c->d;
		double		g = c->g[r],
					h = c->h[r];

		for (uint32_t j = 0; j < c->d; j++)
		{
			double	   *p = c->hist + 2 * ((size_t) j * nb + b[j]);

			p[0] += g;
			p[1] += h;
		}
	}
	for (uint32_t j = 0; j < c->d; j++)
	{
		double		gl = 0,
					hl = 0;
		const double *p = c->hist + 2 * (size_t) j * nb;

		for (int b = 0; b < c->n_cuts[j]; b++)
		{
			double		gr,
						hr,
						gain;

			gl += p[2 * b];
			hl += p[2 * b + 1];
			gr = G - gl;
			hr = H - hl;
			if (hl < c->o->min_leaf || hr < c->o->min_leaf)
				continue;
			gain = gl * gl / (hl + lambda) + gr * gr / (hr + lambda) - parent;
			if (gain > best)
			{
				best = gain;
				*feat = (int) j;
				*bin = b;
			}
		}
	}
}

/* Bins of every feature: quantile cut points from a strided sample. */
static td_status
make_bins(gb_ctx *c, const float *x)
{
	int			nc = c->o->n_bins - 1;
	size_t		s = c->n < 50000 ? c->n : 50000,
				stride = c->n / s;
	float	   *v = td_alloc(c->env, sizeof(float) * s);

	if (!v)
		return td_fail(c->env, TD_ENOMEM, "out of memory for gbdt bins");
	for (uint32_t j = 0; j < c->d; j++)
	{
		float	   *cut = c->cuts + (size_t) j * nc;
		int			k = 0;

		for (size_t i = 0; i < s; i++)
		{
			float		a = x[i * stride * c->d + j];

			v[i] = isnan(a) ? 0 : a;
		}
		qsort(v, s, sizeof(float), cmp_float);
		for (int q = 0; q < nc; q++)
		{
			float		a = v[(size_t) ((double) q * s / nc)];

			if (k == 0 || a > cut[k - 1])
				cut[k++] = a;
		}
		c->n_cuts[j] = k;
	}
	td_free(c->env, v);
	for (size_t r = 0; r < c->n; r++)
	{
		if (td_poll_every(c->env, r, POLL_EVERY))
			return td_fail(c->env, TD_EINTR, "gbdt training interrupted");
		for (uint32_t j = 0; j < c->d; j++)
			c->bins[r * c->d + j] = bin_of(c->cuts + (size_t) j * nc, c->n_cuts[j],
										   x[r * c->d + j]);
	}
	return TD_OK;
}

td_status
td_gbdt_train(td_env *env, const float *x, const uint8_t *y, const float *w,
			  size_t n, uint32_t d, const td_gbdt_opts *opts, td_gbdt *out)
{
	td_gbdt_opts def;
	gb_ctx		c;
	td_status	st = TD_OK;
	double	   *F = NULL;
	td_gbdt_node *nodes = NULL;
	uint32_t   *first = NULL;
	uint8_t    *bnode = NULL;	/* split bin per node of the tree being built */
	gb_open    *open = NULL;
	size_t		max_tree,
				n_nodes = 0;
	double		sp = 0,
				sn = 0;
	uint64_t	seed;

	memset(out, 0, sizeof(*out));
	memset(&c, 0, sizeof(c));
	if (!opts)
	{
		td_gbdt_opts_default(&def);
		opts = &def;
	}
	if (opts->n_trees < 1 || opts->n_trees > TD_GBDT_MAX_TREES || opts->max_depth < 1 ||
		opts->max_depth > TD_GBDT_MAX_DEPTH || !(opts->shrinkage > 0 && opts->shrinkage <= 1) ||
		!(opts->subsample > 0 && opts->subsample <= 1) || !(opts->min_leaf >= 0) ||
		!isfinite(opts->min_leaf) || !(opts->lambda >= 0) || !isfinite(opts->lambda) ||
		opts->n_bins < 2 || opts->n_bins > TD_GBDT_MAX_BINS)
		return td_fail(env, TD_EARG, "invalid gbdt training options");
	max_tree = ((size_t) 2 << opts->max_depth) - 1;
	if (n == 0 || d == 0 || d > TD_GBDT_MAX_FEATURES || n > UINT32_MAX ||
		(size_t) opts->n_trees * max_tree > TD_GBDT_MAX_NODES)
		return td_fail(env, TD_EARG, "gbdt training: bad sizes");
	for (size_t r = 0; r < n; r++)
	{
		double		wr = w ? w[r] : 1.0;

		if (!(wr >= 0) || !isfinite(wr) || y[r] > 1)
			return td_fail(env, TD_EARG, "gbdt training: weights must be finite and >= 0, labels 0/1");
		if (y[r])
			sp += wr;
		else
			sn += wr;
		if (opts->init && !isfinite(opts->init[r]))
			return td_fail(env, TD_EARG, "gbdt training: starting margins must be finite");
	}
	c.env = env;
	c.o = opts;
	c.n = n;
	c.d = d;
	c.bins = td_alloc(env, n * d);
	c.cuts = td_alloc(env, sizeof(float) * d * (opts->n_bins - 1));
	c.n_cuts = td_alloc(env, sizeof(int) * d);
	c.g = td_alloc(env, sizeof(double) * n);
	c.h = td_alloc(env, sizeof(double) * n);
	c.hist = td_alloc(env, sizeof(double) * 2 * opts->n_bins * d);
	c.rows = td_alloc(env, sizeof(uint32_t) * n);
	F = td_alloc(env, sizeof(double) * n);
	nodes = td_alloc(env, sizeof(td_gbdt_node) * opts->n_trees * max_tree);
	first = td_alloc(env, sizeof(uint32_t) * (opts->n_trees + 1));
	bnode = td_alloc(env, max_tree);
	open = td_alloc(env, sizeof(gb_open) * max_tree);
	if (!c.bins || !c.cuts || !c.n_cuts || !c.g || !c.h || !c.hist || !c.rows || !F ||
		!nodes || !first || !bnode || !open)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for gbdt training");
		goto done;
	}
	if ((st = make_bins(&c, x)) != TD_OK)
		goto done;
	out->base = opts->init ? 0.0 : log((sp + 1.0) / (sn + 1.0));
	for (size_t r = 0; r < n; r++)
		F[r] = opts->init ? opts->init[r] : out->base;
	seed = opts->seed;
	for (int t = 0; t < opts->n_trees; t++)
	{
		td_gbdt_node *tree = nodes + n_nodes;
		size_t		m = 0,
					n_open = 0,
					next = 0;
		uint32_t	tn = 1;
		uint64_t	cut = (uint64_t) (opts->subsample * 18446744073709551615.0);

		if (td_interrupted(env))
		{
			st = td_fail(env, TD_EINTR, "gbdt training interrupted");
			goto done;
		}
		first[t] = (uint32_t) n_nodes;
		/* the tree's rows and their gradients */
		for (size_t r = 0; r < n; r++)
			if (opts->subsample >= 1 || splitmix(&seed) <= cut)
			{
				double		wr = w ? w[r] : 1.0,
							p = 1.0 / (1.0 + exp(-F[r]));

				if (wr == 0)
					continue;
				c.rows[m++] = (uint32_t) r;
				c.g[r] = wr * (p - y[r]);
				c.h[r] = wr * (p * (1 - p) > 1e-12 ? p * (1 - p) : 1e-12);
			}
		open[n_open++] = (gb_open) {0, 0, m, 0};
		while (next < n_open)
		{
			gb_open		o = open[next++];
			double		G = 0,
						H = 0;
			int			feat = -1,
						b = 0;

			for (size_t k = o.start; k < o.end; k++)
			{
				G += c.g[c.rows[k]];
				H += c.h[c.rows[k]];
			}
			if (o.depth < opts->max_depth && H >= 2 * opts->min_leaf)
				best_split(&c, o.start, o.end, G, H, &feat, &b);
			if (feat < 0)
			{
				tree[o.node].feature = 0;
				tree[o.node].value = (float) (-opts->shrinkage * G / (H + opts->lambda));
				tree[o.node].left = 0;
				continue;
			}
			else
			{
				/* partition: bins <= b to the left */
				size_t		i = o.start,
							j = o.end;

				while (i < j)
				{
					uint32_t	r = c.rows[i];

					if (c.bins[(size_t) r * d + feat] <= b)
						i++;
					else
					{
						c.rows[i] = c.rows[--j];
						c.rows[j] = r;
					}
				}
				tree[o.node].feature = (uint16_t) feat;
				tree[o.node].value = c.cuts[(size_t) feat * (opts->n_bins - 1) + b];
				bnode[o.node] = (uint8_t) b;
				tree[o.node].left = (uint16_t) tn;	/* right: tn + 1 */
				open[n_open++] = (gb_open) {tn, o.start, i, o.depth + 1};
				open[n_open++] = (gb_open) {tn + 1, i, o.end, o.depth + 1};
				tn += 2;
			}
		}
		n_nodes += tn;
		/* every row's margin, through the bins (x <= cut exactly when bin <= b) */
		for (size_t r = 0; r < n; r++)
		{
			const uint8_t *br = c.bins + r * d;
			uint32_t	k = 0;

			while (!TD_GBDT_IS_LEAF(&tree[k]))
				k = tree[k].left + (br[tree[k].feature] > bnode[k]);
			F[r] += tree[k].value;
		}
	}
	first[opts->n_trees] = (uint32_t) n_nodes;
	out->n_features = d;
	out->n_trees = (uint32_t) opts->n_trees;
	out->n_nodes = (uint32_t) n_nodes;
	out->tree_first = first;
	out->nodes = nodes;
	out->owned = 1;
	first = NULL;
	nodes = NULL;
done:
	td_free(env, c.bins);
	td_free(env, c.cuts);
	td_free(env, c.n_cuts);
	td_free(env, c.g);
	td_free(env, c.h);
	td_free(env, c.hist);
	td_free(env, c.rows);
	td_free(env, F);
	td_free(env, nodes);
	td_free(env, first);
	td_free(env, bnode);
	td_free(env, open);
	if (st != TD_OK)
		memset(out, 0, sizeof(*out));
	return st;
}
