/*
 * isotonic.c — regularized tree isotonic regression by dynamic programming
 * over a finite set of candidate values v_0 < ... < v_{K-1} (isotonic.h).
 *
 * The recurrence.  For node i and candidate k, let
 *
 *     base_i(k) = w(i)·|x(i) - v_k| + sum over children c of E_c(k)
 *
 * be the best cost of i's subtree when y(i) = v_k and i's own penalty is not
 * counted.  For a parent value v_j, node i either keeps v_j (no penalty; the
 * constraint y(i) >= v_j holds) or starts a segment at some v_k, k >= j
 * (pays gamma(i); k = j is never better than keeping), so
 *
 *     E_i(j) = min(base_i(j), gamma(i) + min over k >= j of base_i(k))
 *
 * and the optimum is gamma(root) + min over k of base_root(k).  This is the
 * paper's BUILDERROR with err'(j) = base(j) + gamma.  The children of a node
 * are independent given the node's value (Lemma 4), which makes the sum exact.
 *
 * Decisions.  Instead of the paper's n×n val table we keep two K-bit rows per
 * node: keep(j) = [base(j) <= gamma + suffix minimum at j], and rec(k) = [k is
 * the smallest index of the minimum of base over k..K-1].  Top-down, the
 * value for a node whose parent has index j is j when keep(j), else the first
 * rec bit at or after j (the smallest-index suffix argmin: every index between
 * j and that bit is strictly worse than it).
 *
 * Child sums.  Nodes are processed bottom-up in the reverse of a preorder in
 * which every node's heaviest child (largest subtree) comes last, so the
 * heaviest subtree is finished before any sibling starts.  A node's partial
 * sum row is alive from its first finished child until the node itself, and
 * those rows nest like a stack; a row is alive above node i only for
 * ancestors reached through a light edge, and a light child has at most half
 * its parent's nodes, so at most floor(log2 n) + 1 rows exist at once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "page/isotonic.h"
#include "util/poll.h"

#define ISO_NONE	UINT32_MAX
#define POLL_EVERY	256			/* poll env->interrupted every 256 nodes */

/* floor(log2 n) + 1, 0 for n = 0. */
static uint32_t
bit_length(uint32_t n)
{
	uint32_t	b = 0;

	while (n)
	{
		b++;
		n >>= 1;
	}
	return b;
}

/* a*b + c in size_t, saturating at SIZE_MAX. */
static size_t
mul_add(size_t a, size_t b, size_t c)
{
	if (a && b > (SIZE_MAX - c) / a)
		return SIZE_MAX;
	return a * b + c;
}

/* The memory figure of isotonic.h for K candidates and V value slots. */
static size_t
iso_bytes(uint32_t n, uint32_t k, uint32_t vslots)
{
	size_t		words = ((size_t) k + 63) / 64;
	uint32_t	b = bit_length(n);
	size_t		total;

	total = mul_add(n, 16 + 16 * words, 0);
	total = mul_add((size_t) 8 * k, (size_t) b + 2, total);
	total = mul_add(4, (size_t) b + 1, total);
	total = mul_add(8, vslots, total);
	return total;
}

size_t
td_isotonic_bytes(uint32_t n, uint32_t levels)
{
	if (levels == 0)
		return iso_bytes(n, n, n);
	return iso_bytes(n, levels, levels);
}

static int
cmp_double(const void *a, const void *b)
{
	double		da = *(const double *) a;
	double		db = *(const double *) b;

	return (da > db) - (da < db);
}

/* First set bit at or after j in a K-bit row; the caller knows one exists. */
static uint32_t
next_bit(const uint64_t *row, uint32_t j)
{
	uint32_t	wi = j / 64;
	uint64_t	word = row[wi] & (~(uint64_t) 0 << (j % 64));

	while (word == 0)
		word = row[++wi];
	return wi * 64 + (uint32_t) __builtin_ctzll(word);
}

td_status
td_isotonic_smooth(td_env *env, uint32_t n, const uint32_t *parent,
				   const double *x, const double *w, const double *gamma,
				   uint32_t levels, size_t max_bytes,
				   double *y, uint8_t *seg, double *cost)
{
	td_status	st = TD_OK;
	double	   *vals = NULL;	/* candidate values, ascending */
	uint32_t   *size = NULL;	/* subtree sizes, then next free position */
	uint32_t   *heavy = NULL;	/* heaviest child, ISO_NONE for leaves */
	uint32_t   *pos = NULL;		/* position in heavy-last preorder; then y index */
	uint32_t   *order = NULL;	/* inverse of pos */
	uint64_t   *bits = NULL;	/* per node: rec row then keep row */
	double	   *rows = NULL;	/* base row, then the child-sum stack */
	uint32_t   *owner = NULL;	/* node owning each child-sum stack row */
	uint32_t	k,
				nk,
				words,
				cap,
				top = 0;
	size_t		need;
	double		best = 0;

	*cost = 0;
	if (levels == 1 || levels > TD_ISO_MAX_LEVELS)
		return td_fail(env, TD_EARG, "isotonic: levels must be 0 or 2..%d, not %u",
					   TD_ISO_MAX_LEVELS, levels);
	if (n == 0)
		return TD_OK;
	if (n == UINT32_MAX)
		return td_fail(env, TD_ELIMIT, "isotonic: too many nodes");
	if (parent[0] != ISO_NONE)
		return td_fail(env, TD_EARG, "isotonic: node 0 must be the root");
	for (uint32_t i = 0; i < n; i++)
	{
		if (i > 0 && parent[i] >= i)
			return td_fail(env, TD_EARG, "isotonic: parent of node %u is %u, not a smaller index",
						   i, parent[i]);
		/* written so that NaN fails every test */
		if (!(x[i] >= 0.0 && x[i] <= 1.0))
			return td_fail(env, TD_EARG, "isotonic: score of node %u outside [0, 1]", i);
		if (!(w[i] > 0.0 && isfinite(w[i])))
			return td_fail(env, TD_EARG, "isotonic: weight of node %u not positive and finite", i);
		if (!(gamma[i] >= 0.0 && isfinite(gamma[i])))
			return td_fail(env, TD_EARG, "isotonic: penalty of node %u negative or not finite", i);
	}

	/*
	 * Candidate values.  Exact mode needs the sort buffer before K is known,
	 * so check its share of the budget first.
	 */
	if (levels == 0)
	{
		if ((size_t) n > max_bytes / 8)
			return td_fail(env, TD_ELIMIT, "isotonic: %u nodes exceed the memory budget", n);
		vals = td_alloc(env, (size_t) n * sizeof(double));
		if (!vals)
			return td_fail(env, TD_ENOMEM, "isotonic: out of memory");
		memcpy(vals, x, (size_t) n * sizeof(double));
		qsort(vals, n, sizeof(double), cmp_double);
		nk = 1;
		for (uint32_t i = 1; i < n; i++)
			if (vals[i] != vals[nk - 1])
				vals[nk++] = vals[i];
		need = iso_bytes(n, nk, n);
	}
	else
	{
		nk = levels;
		need = iso_bytes(n, nk, nk);
	}
	if (need > max_bytes)
	{
		td_free(env, vals);
		return td_fail(env, TD_ELIMIT,
					   "isotonic: %u nodes × %u levels need %zu bytes, over the budget of %zu",
					   n, nk, need, max_bytes);
	}
	if (levels != 0)
	{
		vals = td_alloc(env, (size_t) nk * sizeof(double));
		if (!vals)
			return td_fail(env, TD_ENOMEM, "isotonic: out of memory");
		for (k = 0; k < nk; k++)
			vals[k] = (double) k / (double) (nk - 1);
	}

	words = (nk + 63) / 64;
	cap = bit_length(n) + 1;
	size = td_alloc(env, (size_t) n * sizeof(uint32_t));
	heavy = td_alloc(env, (size_t) n * sizeof(uint32_t));
	pos = td_alloc(env, (size_t) n * sizeof(uint32_t));
	order = td_alloc(env, (size_t) n * sizeof(uint32_t));
	bits = td_alloc(env, (size_t) n * 2 * words * sizeof(uint64_t));
	rows = td_alloc(env, (size_t) (cap + 1) * nk * sizeof(double));
	owner = td_alloc(env, (size_t) cap * sizeof(uint32_t));
	if (!size || !heavy || !pos || !order || !bits || !rows || !owner)
	{
		st = td_fail(env, TD_ENOMEM, "isotonic: out of memory");
		goto done;
	}
	memset(bits, 0, (size_t) n * 2 * words * sizeof(uint64_t));

	/* Subtree sizes and heaviest children (first of equals). */
	for (uint32_t i = 0; i < n; i++)
	{
		size[i] = 1;
		heavy[i] = ISO_NONE;
	}
	for (uint32_t i = n - 1; i > 0; i--)
		size[parent[i]] += size[i];
	for (uint32_t i = 1; i < n; i++)
	{
		uint32_t	p = parent[i];

		if (heavy[p] == ISO_NONE || size[i] > size[heavy[p]])
			heavy[p] = i;
	}

	/*
	 * Preorder with each heaviest child last.  Parents come first in index
	 * order, so when node i is reached its position is known: place its
	 * heaviest child at the end of its range, then reuse size[i] as the next
	 * free position for its other children, which take their places in index
	 * order as they are reached.
	 */
	pos[0] = 0;
	for (uint32_t i = 0; i < n; i++)
	{
		if (i > 0 && heavy[parent[i]] != i)
		{
			pos[i] = size[parent[i]];
			size[parent[i]] += size[i];
		}
		if (heavy[i] != ISO_NONE)
			pos[heavy[i]] = pos[i] + size[i] - size[heavy[i]];
		size[i] = pos[i] + 1;
		order[pos[i]] = i;
	}

	/* Bottom-up pass. */
	for (uint32_t t = n; t-- > 0;)
	{
		uint32_t	i = order[t];
		uint32_t	p = parent[i];
		double	   *base = rows;
		const double *sum = NULL;
		double	   *out = NULL;
		uint64_t   *rec = bits + (size_t) i * 2 * words;
		uint64_t   *keep = rec + words;
		double		xi = x[i],
					wi = w[i],
					gi = gamma[i],
					smin = INFINITY;

		if (td_poll_every(env, t, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "isotonic: interrupted");
			goto done;
		}
		if (top > 0 && owner[top - 1] == i)
			sum = rows + (size_t) (top--) * nk;
		for (k = 0; k < nk; k++)
			base[k] = wi * fabs(xi - vals[k]) + (sum ? sum[k] : 0.0);

		/* the child-sum row of the parent: the stack top, or a new one */
		if (p != ISO_NONE)
		{
			if (top == 0 || owner[top - 1] != p)
			{
				if (top == cap)
				{
					/* cannot happen (header comment); refuse rather than overrun */
					st = td_fail(env, TD_ELIMIT, "isotonic: child-sum stack overflow");
					goto done;
				}
				owner[top++] = p;
				memset(rows + (size_t) top * nk, 0, (size_t) nk * sizeof(double));
			}
			out = rows + (size_t) top * nk;
		}

		for (k = nk; k-- > 0;)
		{
			double		e;

			if (base[k] <= smin)
			{
				smin = base[k];
				rec[k / 64] |= (uint64_t) 1 << (k % 64);
			}
			if (base[k] <= smin + gi)
			{
				keep[k / 64] |= (uint64_t) 1 << (k % 64);
				e = base[k];
			}
			else
				e = smin + gi;
			if (out)
				out[k] += e;
		}
		if (p == ISO_NONE)
			best = smin + gi;
	}

	/* Top-down: values from the decision rows; pos now holds value indexes. */
	for (uint32_t i = 0; i < n; i++)
	{
		const uint64_t *rec = bits + (size_t) i * 2 * words;
		const uint64_t *keep = rec + words;

		if (i == 0)
		{
			k = next_bit(rec, 0);
			seg[i] = 1;
		}
		else
		{
			uint32_t	j = pos[parent[i]];

			if (keep[j / 64] >> (j % 64) & 1)
			{
				k = j;
				seg[i] = 0;
			}
			else
			{
				k = next_bit(rec, j);
				seg[i] = 1;
			}
		}
		pos[i] = k;
		y[i] = vals[k];
	}
	*cost = best;

done:
	td_free(env, vals);
	td_free(env, size);
	td_free(env, heavy);
	td_free(env, pos);
	td_free(env, order);
	td_free(env, bits);
	td_free(env, rows);
	td_free(env, owner);
	return st;
}
