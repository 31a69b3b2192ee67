/*
 * sort.c — heapsort and LSD radix sort of 64-bit keys (sort.h).
 */
#include "util/sort.h"

#include "util/poll.h"

/* Moves a[i] down the max-heap a[0..n) to where it belongs. */
static void
sift_down(uint64_t *a, size_t i, size_t n)
{
	uint64_t	v = a[i];

	for (;;)
	{
		size_t		c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && a[c + 1] > a[c])
			c++;
		if (a[c] <= v)
			break;
		a[i] = a[c];
		i = c;
	}
	a[i] = v;
}

void
td_radix_sort_u64(uint64_t *a, uint64_t *tmp, size_t n)
{
	uint64_t   *from = a,
			   *to = tmp,
			   *swap;

	for (int shift = 0; shift < 64; shift += 8)
	{
		size_t		count[256] = {0},
					sum = 0;

		for (size_t i = 0; i < n; i++)
			count[(from[i] >> shift) & 0xFF]++;
		for (int d = 0; d < 256; d++)
		{
			size_t		c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 0xFF]++] = from[i];
		swap = from, from = to, to = swap;
	}
	/* eight passes: the keys are back in a */
}

/* Below this many keys an insertion sort does fewer comparisons than the heap. */
#define INSERTION_MAX 16

void
td_sort_u64(uint64_t *a, size_t n)
{
	size_t		i;

	if (n <= INSERTION_MAX)
	{
		for (i = 1; i < n; i++)
		{
			uint64_t	v = a[i];
			size_t		j = i;

			for (; j > 0 && a[j - 1] > v; j--)
				a[j] = a[j - 1];
			a[j] = v;
		}
		return;
	}
	for (i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	while (n-- > 1)
	{
		uint64_t	t = a[0];

		a[0] = a[n];
		a[n] = t;
		sift_down(a, 0, n);
	}
}

size_t
td_sort_distinct(uint64_t *a, size_t n)
{
	size_t		i,
				w;

	td_sort_u64(a, n);
	for (i = 0, w = 0; i < n; i++)
		if (w == 0 || a[w - 1] != a[i])
			a[w++] = a[i];
	return w;
}

/* sift_down for td_sort_index. */
static void
sift_index(uint32_t *a, size_t i, size_t n, td_index_cmp cmp, const void *ctx)
{
	uint32_t	v = a[i];

	for (;;)
	{
		size_t		c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && cmp(ctx, a[c + 1], a[c]) > 0)
			c++;
		if (cmp(ctx, a[c], v) <= 0)
			break;
		a[i] = a[c];
		i = c;
	}
	a[i] = v;
}

td_status
td_sort_index(td_env *env, uint32_t *a, size_t n, td_index_cmp cmp, const void *ctx)
{
	size_t		i;
	uint64_t	step = 0;

	for (i = n / 2; i-- > 0;)
	{
		if (td_poll_every(env, step++, 4096))
			return td_fail(env, TD_EINTR, "interrupted");
		sift_index(a, i, n, cmp, ctx);
	}
	while (n-- > 1)
	{
		uint32_t	t = a[0];

		if (td_poll_every(env, step++, 4096))
			return td_fail(env, TD_EINTR, "interrupted");
		a[0] = a[n];
		a[n] = t;
		sift_index(a, 0, n, cmp, ctx);
	}
	return TD_OK;
}

int
td_sorted_has(const uint64_t *a, size_t n, uint64_t key)
{
	size_t		lo = 0,
				hi = n;

	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (a[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && a[lo] == key;
}
