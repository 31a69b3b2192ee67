/*
 * test_isotonic.c — the regularized tree isotonic regression against brute
 * force on thousands of small random trees, hand cases with known answers,
 * deep and large trees, the memory budget, allocation failure and interrupts.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "page/isotonic.h"
#include "base/tree.h"

#define BIG_BUDGET ((size_t) 1 << 30)
#define MAXN 8

/* ---- deterministic random numbers ------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static uint32_t
rng_below(uint32_t n)
{
	return (uint32_t) (rng() % n);
}

static double
rng_unit(void)
{
	return (double) (rng() >> 11) / 9007199254740992.0;
}

/* ---- the objective and brute force ----------------------------------------- */

static double
objective(uint32_t n, const uint32_t *parent, const double *x, const double *w,
		  const double *gamma, const double *y)
{
	double		c = 0;

	for (uint32_t i = 0; i < n; i++)
	{
		if (i == 0 || y[i] != y[parent[i]])
			c += gamma[i];
		c += w[i] * fabs(x[i] - y[i]);
	}
	return c;
}

typedef struct brute
{
	uint32_t	n;
	const uint32_t *parent;
	const double *x,
			   *w,
			   *gamma,
			   *vals;
	uint32_t	nv;
	uint32_t	idx[MAXN];
	double		best;
	long		assignments;
} brute;

/*
 * Every assignment of candidate indexes with idx[i] >= idx[parent[i]] (the
 * constraint; parents come first), cost summed as nodes are fixed.  Depth of
 * recursion is n <= MAXN.
 */
static void
brute_rec(brute *b, uint32_t i, double acc)
{
	if (i == b->n)
	{
		b->assignments++;
		if (acc < b->best)
			b->best = acc;
		return;
	}
	for (uint32_t k = (i == 0 ? 0 : b->idx[b->parent[i]]); k < b->nv; k++)
	{
		double		c = b->w[i] * fabs(b->x[i] - b->vals[k]);

		if (i == 0 || k != b->idx[b->parent[i]])
			c += b->gamma[i];
		b->idx[i] = k;
		brute_rec(b, i + 1, acc + c);
	}
}

static long brute_trees;
static long brute_assignments;

/*
 * Runs the DP in the given mode and checks it against brute force over the
 * same candidate set; returns the DP's cost.
 */
static double
check_against_brute(uint32_t n, const uint32_t *parent, const double *x,
					const double *w, const double *gamma, uint32_t levels)
{
	td_env		env;
	double		vals[MAXN > 11 ? MAXN : 11 + 1];
	double		y[MAXN];
	uint8_t		seg[MAXN];
	double		cost = -1;
	uint32_t	nv = 0;
	brute		b;
	td_status	st;
	int			ok = 1;

	td_env_default(&env);
	if (levels == 0)
	{
		/* distinct x values, ascending (insertion sort) */
		for (uint32_t i = 0; i < n; i++)
		{
			uint32_t	j = 0;
			int			seen = 0;

			for (j = 0; j < nv; j++)
				if (vals[j] == x[i])
					seen = 1;
			if (seen)
				continue;
			for (j = nv; j > 0 && vals[j - 1] > x[i]; j--)
				vals[j] = vals[j - 1];
			vals[j] = x[i];
			nv++;
		}
	}
	else
	{
		nv = levels;
		for (uint32_t k = 0; k < nv; k++)
			vals[k] = (double) k / (double) (nv - 1);
	}

	b.n = n;
	b.parent = parent;
	b.x = x;
	b.w = w;
	b.gamma = gamma;
	b.vals = vals;
	b.nv = nv;
	b.best = INFINITY;
	b.assignments = 0;
	brute_rec(&b, 0, 0.0);
	brute_trees++;
	brute_assignments += b.assignments;

	st = td_isotonic_smooth(&env, n, parent, x, w, gamma, levels, BIG_BUDGET,
							y, seg, &cost);
	CHECK(st == TD_OK, "status %d (%s)", st, env.errmsg);
	if (st != TD_OK)
		return NAN;
	CHECK(fabs(cost - b.best) <= 1e-9, "n=%u levels=%u: dp %.17g brute %.17g",
		  n, levels, cost, b.best);
	for (uint32_t i = 0; i < n; i++)
	{
		int			member = 0;

		for (uint32_t k = 0; k < nv; k++)
			member |= (y[i] == vals[k]);
		if (!member)
			ok = 0;
		if (i > 0 && y[i] < y[parent[i]])
			ok = 0;
		if (seg[i] != (i == 0 || y[i] != y[parent[i]]))
			ok = 0;
	}
	CHECK(ok, "n=%u levels=%u: y infeasible, off the candidates, or seg wrong", n, levels);
	CHECK(fabs(objective(n, parent, x, w, gamma, y) - b.best) <= 1e-9,
		  "n=%u levels=%u: cost of returned y %.17g, optimum %.17g",
		  n, levels, objective(n, parent, x, w, gamma, y), b.best);
	return cost;
}

static void
random_small_tree(uint32_t n, uint32_t *parent, double *x, double *w, double *gamma)
{
	uint32_t	shape = rng_below(4);

	parent[0] = TD_NONE;
	for (uint32_t i = 1; i < n; i++)
	{
		switch (shape)
		{
			case 0:				/* chain */
				parent[i] = i - 1;
				break;
			case 1:				/* star */
				parent[i] = 0;
				break;
			default:			/* random recursive tree (not always a preorder) */
				parent[i] = rng_below(i);
				break;
		}
	}
	for (uint32_t i = 0; i < n; i++)
	{
		/* half the trees on a coarse grid, for ties between scores */
		x[i] = (n & 1) ? (double) rng_below(11) / 10.0 : rng_unit();
		w[i] = (double) (1 + rng_below(3));
		switch (rng_below(5))
		{
			case 0:
				gamma[i] = 0.0;
				break;
			case 1:
				gamma[i] = 1e6;
				break;
			case 2:
				gamma[i] = 2.0 * rng_unit();
				break;
			default:
				gamma[i] = 0.2 * rng_unit();
				break;
		}
	}
}

static void
test_brute_force(void)
{
	static const uint32_t grids[] = {2, 3, 4, 5, 6, 11};
	long		exact_trees = 0,
				grid_trees = 0;

	for (int t = 0; t < 4000; t++)
	{
		uint32_t	n = 1 + rng_below(7);
		uint32_t	parent[MAXN];
		double		x[MAXN],
					w[MAXN],
					gamma[MAXN];
		double		exact,
					grid;
		uint32_t	levels = grids[rng_below(6)];

		random_small_tree(n, parent, x, w, gamma);
		exact = check_against_brute(n, parent, x, w, gamma, 0);
		exact_trees++;
		if (levels == 11 && n > 6)
			n = 6;				/* keep 11^n enumeration small */
		grid = check_against_brute(n, parent, x, w, gamma, levels);
		grid_trees++;
		/* Lemma 3: the x values are as good as any value set, grids included */
		if (n == 7 || levels != 11)
			CHECK(exact <= grid + 1e-9, "exact %.17g worse than grid %.17g", exact, grid);
	}
	printf("brute force: %ld exact-mode trees, %ld grid-mode trees, %ld assignments enumerated\n",
		   exact_trees, grid_trees, brute_assignments);
}

/* ---- hand cases ------------------------------------------------------------ */

typedef struct run
{
	td_status	st;
	double		cost;
	double		y[16];
	uint8_t		seg[16];
} run;

static run
smooth(uint32_t n, const uint32_t *parent, const double *x, const double *w,
	   const double *gamma, uint32_t levels)
{
	td_env		env;
	run			r;

	td_env_default(&env);
	memset(&r, 0, sizeof(r));
	r.st = td_isotonic_smooth(&env, n, parent, x, w, gamma, levels, BIG_BUDGET,
							  r.y, r.seg, &r.cost);
	return r;
}

static int
same_y(const run *r, uint32_t n, const double *y, const uint8_t *seg)
{
	for (uint32_t i = 0; i < n; i++)
		if (r->y[i] != y[i] || r->seg[i] != seg[i])
			return 0;
	return 1;
}

static void
test_hand_cases(void)
{
	static const double one[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	static const double zero[16] = {0};
	const uint32_t chain[4] = {TD_NONE, 0, 1, 2};
	const uint32_t star[4] = {TD_NONE, 0, 0, 0};
	run			r;

	/* an isotonic chain with gamma = 0 is its own answer; every node a segment */
	{
		const double x[4] = {0.125, 0.25, 0.5, 0.75};
		const uint8_t s[4] = {1, 1, 1, 1};

		r = smooth(4, chain, x, one, zero, 0);
		CHECK(r.st == TD_OK && r.cost == 0 && same_y(&r, 4, x, s), "isotonic chain");
		/* on the 0.125 grid too (9 levels) */
		r = smooth(4, chain, x, one, zero, 9);
		CHECK(r.st == TD_OK && r.cost == 0 && same_y(&r, 4, x, s), "isotonic chain, grid");
	}

	/* gamma = 0: the L1 isotonic regression of a violating chain */
	{
		const double x[3] = {0.75, 0.25, 0.5};
		const double w[3] = {1, 2, 1};
		const double ye[3] = {0.25, 0.25, 0.5};
		const uint8_t s[3] = {1, 0, 1};

		r = smooth(3, chain, x, w, zero, 0);
		CHECK(r.st == TD_OK && r.cost == 0.5 && same_y(&r, 3, ye, s),
			  "violating chain: cost %g y %g %g %g", r.cost, r.y[0], r.y[1], r.y[2]);
	}

	/* a two-node tie: keep the smallest value, the child keeps it */
	{
		const double x[2] = {0.75, 0.25};
		const double ye[2] = {0.25, 0.25};
		const uint8_t s[2] = {1, 0};

		r = smooth(2, chain, x, one, zero, 0);
		CHECK(r.st == TD_OK && r.cost == 0.5 && same_y(&r, 2, ye, s), "tie");
	}

	/* a heavy root over light children lifts them all (gamma = 0) */
	{
		const double x[4] = {0.875, 0.125, 0.25, 0.375};
		const double w[4] = {4, 1, 1, 1};
		const double ye[4] = {0.875, 0.875, 0.875, 0.875};
		const uint8_t s[4] = {1, 0, 0, 0};

		r = smooth(4, star, x, w, zero, 0);
		CHECK(r.st == TD_OK && r.cost == 0.75 + 0.625 + 0.5 && same_y(&r, 4, ye, s),
			  "heavy star: cost %g", r.cost);
	}

	/* a star: three children at 1 pull a root at 0.5 up rather than pay gamma 3 times */
	{
		const double x[4] = {0.5, 1, 1, 1};
		const double g[4] = {0.25, 0.25, 0.25, 0.25};
		const double ye[4] = {1, 1, 1, 1};
		const uint8_t s[4] = {1, 0, 0, 0};

		r = smooth(4, star, x, one, g, 0);
		CHECK(r.st == TD_OK && r.cost == 0.75 && same_y(&r, 4, ye, s), "star up: cost %g", r.cost);
		/* cheaper segments: the root stays, each child starts its own */
		{
			const double g2[4] = {0.25, 0.125, 0.125, 0.125};
			const double ye2[4] = {0.5, 1, 1, 1};
			const uint8_t s2[4] = {1, 1, 1, 1};

			r = smooth(4, star, x, one, g2, 0);
			CHECK(r.st == TD_OK && r.cost == 0.625 && same_y(&r, 4, ye2, s2),
				  "star split: cost %g", r.cost);
		}
	}

	/* all-equal scores: one segment whatever the shape, weights and penalties */
	{
		uint32_t	parent[16];
		double		x[16],
					w[16],
					g[16];
		int			ok = 1;

		for (int t = 0; t < 50; t++)
		{
			parent[0] = TD_NONE;
			for (uint32_t i = 0; i < 16; i++)
			{
				if (i)
					parent[i] = rng_below(i);
				x[i] = 0.375;
				w[i] = 1 + rng_below(3);
				g[i] = rng_below(2) ? 0.0 : rng_unit();
			}
			r = smooth(16, parent, x, w, g, t & 1 ? 0 : 9);
			ok &= (r.st == TD_OK && r.cost == g[0]);
			for (uint32_t i = 0; i < 16; i++)
				ok &= (r.y[i] == 0.375 && r.seg[i] == (i == 0));
		}
		CHECK(ok, "all-equal scores give one segment at the common score");
	}

	/* huge gamma: one segment at the best constant (a weighted median) */
	{
		uint32_t	parent[16];
		double		x[16],
					w[16],
					g[16];
		int			ok = 1;

		for (int t = 0; t < 50; t++)
		{
			double		bestc = INFINITY,
						bestv = -1;

			parent[0] = TD_NONE;
			for (uint32_t i = 0; i < 16; i++)
			{
				if (i)
					parent[i] = rng_below(i);
				x[i] = (double) rng_below(9) / 8.0;
				w[i] = 1 + rng_below(3);
				g[i] = 1e9;
			}
			for (uint32_t v = 0; v < 16; v++)
			{
				double		c = 0;

				for (uint32_t i = 0; i < 16; i++)
					c += w[i] * fabs(x[i] - x[v]);
				if (c < bestc || (c == bestc && x[v] < bestv))
				{
					bestc = c;
					bestv = x[v];
				}
			}
			r = smooth(16, parent, x, w, g, 0);
			ok &= (r.st == TD_OK && r.cost == 1e9 + bestc);
			for (uint32_t i = 0; i < 16; i++)
				ok &= (r.y[i] == bestv && r.seg[i] == (i == 0));
		}
		CHECK(ok, "huge gamma gives one segment at the weighted median");
	}

	/* grid mode rounds: a single node at 0.337 goes to 0.34 on 101 levels */
	{
		const uint32_t p1[1] = {TD_NONE};
		const double x[1] = {0.337};
		const double g[1] = {0.5};

		r = smooth(1, p1, x, one, g, TD_ISO_DEFAULT_LEVELS);
		CHECK(r.st == TD_OK && r.y[0] == 34.0 / 100.0 && r.seg[0] == 1 &&
			  fabs(r.cost - (0.5 + 0.003)) < 1e-12, "grid rounding: y %.17g cost %.17g",
			  r.y[0], r.cost);
	}

	/* n = 0 */
	{
		r = smooth(0, NULL, NULL, NULL, NULL, 0);
		CHECK(r.st == TD_OK && r.cost == 0, "empty tree");
	}
}

/* ---- invalid arguments ------------------------------------------------------ */

static void
test_arguments(void)
{
	const uint32_t chain[3] = {TD_NONE, 0, 1};
	const uint32_t bad_root[3] = {0, 0, 1};
	const uint32_t bad_parent[3] = {TD_NONE, 2, 1};
	const double one[3] = {1, 1, 1};
	const double x[3] = {0.1, 0.2, 0.3};
	double		v[3];

	CHECK(smooth(3, bad_root, x, one, one, 0).st == TD_EARG, "root with a parent");
	CHECK(smooth(3, bad_parent, x, one, one, 0).st == TD_EARG, "parent after child");
	CHECK(smooth(3, chain, x, one, one, 1).st == TD_EARG, "one level");
	CHECK(smooth(3, chain, x, one, one, TD_ISO_MAX_LEVELS + 1).st == TD_EARG, "too many levels");
	CHECK(smooth(3, chain, x, one, one, TD_ISO_MAX_LEVELS).st == TD_OK, "max levels");

	memcpy(v, x, sizeof(v));
	v[1] = NAN;
	CHECK(smooth(3, chain, v, one, one, 0).st == TD_EARG, "NaN score");
	v[1] = 1.5;
	CHECK(smooth(3, chain, v, one, one, 0).st == TD_EARG, "score over 1");
	v[1] = -0.0001;
	CHECK(smooth(3, chain, v, one, one, 0).st == TD_EARG, "negative score");
	memcpy(v, one, sizeof(v));
	v[2] = 0;
	CHECK(smooth(3, chain, x, v, one, 0).st == TD_EARG, "zero weight");
	v[2] = NAN;
	CHECK(smooth(3, chain, x, v, one, 0).st == TD_EARG, "NaN weight");
	v[2] = INFINITY;
	CHECK(smooth(3, chain, x, v, one, 0).st == TD_EARG, "infinite weight");
	v[2] = -1;
	CHECK(smooth(3, chain, x, one, v, 0).st == TD_EARG, "negative penalty");
	v[2] = NAN;
	CHECK(smooth(3, chain, x, one, v, 0).st == TD_EARG, "NaN penalty");
	v[2] = INFINITY;
	CHECK(smooth(3, chain, x, one, v, 0).st == TD_EARG, "infinite penalty");
}

/* ---- large inputs ----------------------------------------------------------- */

/* A page-like random preorder: each node hangs under an ancestor of the last. */
static void
random_page_tree(uint32_t n, uint32_t *parent, double *x, double *w, double *g)
{
	uint32_t   *path = malloc(n * sizeof(uint32_t));
	uint32_t	depth = 0;

	parent[0] = TD_NONE;
	path[depth++] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		/* climb 0..3 levels, never above the root, then descend into i */
		uint32_t	up = rng_below(4);

		while (up-- > 0 && depth > 1)
			depth--;
		parent[i] = path[depth - 1];
		path[depth++] = i;
	}
	for (uint32_t i = 0; i < n; i++)
	{
		x[i] = rng_unit();
		w[i] = 1 + rng_below(3);
		g[i] = 0.01 * (1 + rng_below(100));
	}
	free(path);
}

static int
feasible(uint32_t n, const uint32_t *parent, const double *y, const uint8_t *seg)
{
	for (uint32_t i = 0; i < n; i++)
	{
		if (i > 0 && y[i] < y[parent[i]])
			return 0;
		if (seg[i] != (i == 0 || y[i] != y[parent[i]]))
			return 0;
	}
	return 1;
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
test_large(void)
{
	uint32_t	n = 100000;
	uint32_t   *parent = malloc(n * sizeof(uint32_t));
	double	   *x = malloc(n * sizeof(double));
	double	   *w = malloc(n * sizeof(double));
	double	   *g = malloc(n * sizeof(double));
	double	   *y = malloc(n * sizeof(double));
	uint8_t    *seg = malloc(n);
	double		cost,
				t0,
				best_ms = INFINITY;
	td_env		env;
	td_status	st;
	size_t		need;

	td_env_default(&env);

	/* a 100,000-deep chain: no recursion anywhere */
	parent[0] = TD_NONE;
	for (uint32_t i = 0; i < n; i++)
	{
		if (i)
			parent[i] = i - 1;
		x[i] = rng_unit();
		w[i] = 1;
		g[i] = 0.01;
	}
	st = td_isotonic_smooth(&env, n, parent, x, w, g, TD_ISO_DEFAULT_LEVELS, BIG_BUDGET,
							y, seg, &cost);
	CHECK(st == TD_OK && feasible(n, parent, y, seg), "deep chain: %d %s", st, env.errmsg);
	CHECK(fabs(objective(n, parent, x, w, g, y) - cost) <= 1e-9 * cost,
		  "deep chain cost %.17g, y costs %.17g", cost, objective(n, parent, x, w, g, y));

	/* a 50,000-deep caterpillar (spine + one leaf per spine node), exact mode */
	for (uint32_t i = 1; i < n; i++)
		parent[i] = (i & 1) ? i - 1 : i - 2;
	st = td_isotonic_smooth(&env, 2001, parent, x, w, g, 0, BIG_BUDGET, y, seg, &cost);
	CHECK(st == TD_OK && feasible(2001, parent, y, seg), "caterpillar exact: %d", st);
	CHECK(fabs(objective(2001, parent, x, w, g, y) - cost) <= 1e-9 * cost, "caterpillar cost");
	st = td_isotonic_smooth(&env, n, parent, x, w, g, 101, BIG_BUDGET, y, seg, &cost);
	CHECK(st == TD_OK && feasible(n, parent, y, seg), "caterpillar: %d", st);

	/* 20,000 nodes, page-like: timing printed, not asserted */
	n = 20000;
	random_page_tree(n, parent, x, w, g);
	for (int rep = 0; rep < 5; rep++)
	{
		t0 = now_ms();
		st = td_isotonic_smooth(&env, n, parent, x, w, g, TD_ISO_DEFAULT_LEVELS, BIG_BUDGET,
								y, seg, &cost);
		t0 = now_ms() - t0;
		if (t0 < best_ms)
			best_ms = t0;
	}
	CHECK(st == TD_OK && feasible(n, parent, y, seg), "20k tree: %d", st);
	CHECK(fabs(objective(n, parent, x, w, g, y) - cost) <= 1e-9 * cost, "20k cost");
	need = td_isotonic_bytes(n, TD_ISO_DEFAULT_LEVELS);
	printf("20,000-node tree, K = 101: %.2f ms (best of 5, this build), %zu bytes\n",
		   best_ms, need);

	/* the budget: exactly enough passes, one byte less is refused */
	st = td_isotonic_smooth(&env, n, parent, x, w, g, TD_ISO_DEFAULT_LEVELS, need,
							y, seg, &cost);
	CHECK(st == TD_OK, "budget exactly met: %d %s", st, env.errmsg);
	st = td_isotonic_smooth(&env, n, parent, x, w, g, TD_ISO_DEFAULT_LEVELS, need - 1,
							y, seg, &cost);
	CHECK(st == TD_ELIMIT, "budget one byte short: %d", st);
	/* exact mode on 20,000 distinct scores needs ~100 MB: refused under 64 MB */
	CHECK(td_isotonic_bytes(n, 0) > (size_t) 64 << 20, "exact-mode figure %zu",
		  td_isotonic_bytes(n, 0));
	st = td_isotonic_smooth(&env, n, parent, x, w, g, 0, (size_t) 64 << 20, y, seg, &cost);
	CHECK(st == TD_ELIMIT, "exact mode over budget: %d", st);

	free(parent);
	free(x);
	free(w);
	free(g);
	free(y);
	free(seg);
}

/* ---- allocation failure and interrupts -------------------------------------- */

typedef struct counting
{
	long		allocs;			/* allocations so far */
	long		fail_at;		/* fail the allocation with this number, -1 never */
	long		live;			/* outstanding blocks */
	long		polls;
	long		interrupt_at;	/* interrupt at this poll, -1 never */
} counting;

static void *
c_alloc(void *arg, size_t size)
{
	counting   *c = arg;
	void	   *p;

	if (c->allocs++ == c->fail_at)
		return NULL;
	p = malloc(size);
	if (p)
		c->live++;
	return p;
}

static void *
c_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	(void) arg;
	(void) old_size;
	return realloc(p, new_size);
}

static void
c_free(void *arg, void *p)
{
	counting   *c = arg;

	c->live--;
	free(p);
}

static int
c_interrupted(void *arg)
{
	counting   *c = arg;

	return c->polls++ == c->interrupt_at;
}

static void
counting_env(td_env *env, counting *c)
{
	td_env_default(env);
	env->alloc = c_alloc;
	env->realloc = c_realloc;
	env->free = c_free;
	env->interrupted = c_interrupted;
	env->arg = c;
	memset(c, 0, sizeof(*c));
	c->fail_at = -1;
	c->interrupt_at = -1;
}

static void
test_failures(void)
{
	uint32_t	parent[1000];
	double		x[1000],
				w[1000],
				g[1000],
				y[1000];
	uint8_t		seg[1000];
	double		cost;
	td_env		env;
	counting	c;
	td_status	st;

	random_page_tree(1000, parent, x, w, g);
	for (uint32_t levels = 0; levels <= 101; levels += 101)
	{
		long		k;
		int			ok = 1;

		for (k = 0;; k++)
		{
			counting_env(&env, &c);
			c.fail_at = k;
			st = td_isotonic_smooth(&env, 10, parent, x, w, g, levels, BIG_BUDGET,
									y, seg, &cost);
			if (c.allocs <= k)
			{
				ok &= (st == TD_OK && c.live == 0);
				break;
			}
			ok &= (st == TD_ENOMEM && c.live == 0);
		}
		CHECK(ok && k >= 8, "allocation failure at each of %ld allocations (levels %u)",
			  k, levels);
	}

	/* interrupted at the first poll, and at a later one: no leak either way */
	for (long at = 0; at < 4; at += 3)
	{
		counting_env(&env, &c);
		c.interrupt_at = at;
		st = td_isotonic_smooth(&env, 1000, parent, x, w, g, 101, BIG_BUDGET,
								y, seg, &cost);
		CHECK(st == TD_EINTR && c.live == 0 && c.polls == at + 1,
			  "interrupt at poll %ld: %d, %ld polls, %ld live", at, st, c.polls, c.live);
	}
	/* never interrupted: the same call completes */
	counting_env(&env, &c);
	st = td_isotonic_smooth(&env, 1000, parent, x, w, g, 101, BIG_BUDGET, y, seg, &cost);
	CHECK(st == TD_OK && c.live == 0 && c.polls == 4, "uninterrupted: %d, %ld polls", st, c.polls);
}

int
main(void)
{
	test_brute_force();
	test_hand_cases();
	test_arguments();
	test_large();
	test_failures();
	return check_done("isotonic");
}
