/*
 * profile_scale.c — the site profile at scale (not a test: too slow for the
 * sanitized unit tests).  A synthetic site of N pages (default 1,000,000) of
 * 1,000 fingerprints each: 300 template fingerprints, template j on a share
 * 0.1 + 0.9 j / 299 of the pages, and the rest unique to its page.  With
 * eps = 0.01 and a capacity of 262,144 entries it checks that
 *  - the memory the profile allocates stays under 16 MB at every moment;
 *  - the fingerprints with count >= 0.1 N are exactly those on >= 0.1 N pages;
 *  - every template keeps count <= truth <= count + delta, E <= floor(eps N);
 * and reports peak memory and speed.  Exit status 1 if a check fails.
 *
 *   make build/bench/profile_scale && build/bench/profile_scale [pages]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#include "site/profile.h"

#define FPS_PER_PAGE	1000
#define TEMPLATES		300
#define EPS_PPM			10000
#define CAPACITY		262144
#define MEMORY_BOUND	(16u << 20)

/* ---- an allocator that knows how much is live, and its peak -------------- */

typedef struct meter
{
	size_t		live;
	size_t		peak;
} meter;

typedef union header
{
	size_t		size;
	max_align_t align;
} header;

static void *
m_alloc(void *arg, size_t size)
{
	meter	   *m = arg;
	header	   *h = malloc(sizeof(header) + size);

	if (h == NULL)
		return NULL;
	h->size = size;
	m->live += size;
	if (m->live > m->peak)
		m->peak = m->live;
	return h + 1;
}

static void *
m_realloc(void *arg, void *p, size_t old, size_t size)
{
	void	   *np = m_alloc(arg, size);

	(void) old;
	if (np != NULL && p != NULL)
	{
		memcpy(np, p, ((header *) p - 1)->size < size ? ((header *) p - 1)->size : size);
		((meter *) arg)->live -= ((header *) p - 1)->size;
		free((header *) p - 1);
	}
	return np;
}

static void
m_free(void *arg, void *p)
{
	((meter *) arg)->live -= ((header *) p - 1)->size;
	free((header *) p - 1);
}

static int
m_never(void *arg)
{
	(void) arg;
	return 0;
}

/* ---- the synthetic site ----------------------------------------------------- */

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t	z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return (x > y) - (x < y);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	uint64_t	npages = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000;
	meter		m = {0, 0};
	td_env		env = {m_alloc, m_realloc, m_free, m_never, &m, ""};
	td_profile_settings settings = {TD_UNIT_NODE, 1, EPS_PPM, CAPACITY, 0};
	td_profile *p;
	td_profile_view v;
	td_buf		out;
	uint64_t	tmpl[TEMPLATES];
	uint64_t	share[TEMPLATES];	/* of 2^32 */
	uint64_t	truth[TEMPLATES] = {0};
	uint64_t	fps[FPS_PER_PAGE];
	uint64_t	seed = 42;
	size_t		max_memory = 0;
	size_t		above = 0;
	int			failures = 0;
	double		spent = 0;
	double		t0;
	uint64_t	k;
	int			j;
	struct rusage ru;

	/* templates below 2^63, sorted; uniques above, ascending: pages come sorted */
	for (j = 0; j < TEMPLATES; j++)
		tmpl[j] = (splitmix(&seed) >> 1) | 1;
	qsort(tmpl, TEMPLATES, sizeof(uint64_t), cmp_u64);
	for (j = 0; j < TEMPLATES; j++)
		share[j] = (uint64_t) ((0.1 + 0.9 * j / (TEMPLATES - 1)) * 4294967296.0);

	if (td_profile_create(&env, &settings, &p) != TD_OK)
		return 1;
	for (k = 0; k < npages; k++)
	{
		int			n = 0;

		for (j = 0; j < TEMPLATES; j++)
			if ((splitmix(&seed) >> 32) < share[j])
			{
				fps[n++] = tmpl[j];
				truth[j]++;
			}
		for (j = 0; n < FPS_PER_PAGE; j++)
			fps[n++] = 1ULL << 63 | k << 10 | (uint64_t) j;
		t0 = now();
		if (td_profile_add_page(p, fps, n) != TD_OK)
		{
			fprintf(stderr, "add_page: %s\n", env.errmsg);
			return 1;
		}
		spent += now() - t0;
		if (td_profile_memory(p) > max_memory)
			max_memory = td_profile_memory(p);
	}

	td_buf_init(&out, &env);
	t0 = now();
	if (td_profile_serialize(p, &out) != TD_OK ||
		td_profile_view_init(&env, out.data, out.len, &v) != TD_OK)
	{
		fprintf(stderr, "serialize: %s\n", env.errmsg);
		return 1;
	}
	printf("serialize + validate: %.1f ms, %zu bytes\n", (now() - t0) * 1e3, out.len);

	/* the threshold set: count >= 0.1 N against truth >= 0.1 N */
	for (k = 0; k < v.n_entries; k++)
	{
		uint64_t	count = 0;
		int			b;

		for (b = 0; b < 4; b++)
			count |= (uint64_t) v.entries[16 * k + 8 + b] << (8 * b);
		above += count * 10 >= v.pages;
	}
	for (j = 0; j < TEMPLATES; j++)
	{
		uint32_t	c = td_profile_view_count(&v, tmpl[j]);

		if ((c * 10ULL >= npages) != (truth[j] * 10 >= npages) || c > truth[j] ||
			truth[j] > c + v.error)
		{
			printf("template %d: count %u, truth %llu\n", j, c, (unsigned long long) truth[j]);
			failures++;
		}
		above -= c * 10ULL >= npages;
	}
	if (above != 0)
	{
		printf("%zu non-template fingerprints reach 0.1 N\n", above);
		failures++;
	}
	if (v.error > (uint64_t) EPS_PPM * npages / 1000000 || m.peak >= MEMORY_BOUND)
		failures++;

	getrusage(RUSAGE_SELF, &ru);
	printf("pages %llu, fingerprints %llu, entries at end %llu, E %llu (floor(eps N) = %llu)\n",
		   (unsigned long long) npages, (unsigned long long) npages * FPS_PER_PAGE,
		   (unsigned long long) v.n_entries, (unsigned long long) v.error,
		   (unsigned long long) EPS_PPM * npages / 1000000);
	printf("profile memory: table at most %.2f MB, allocator peak %.2f MB (bound %u MB), process max RSS %.1f MB\n",
		   max_memory / 1048576.0, m.peak / 1048576.0, MEMORY_BOUND >> 20, ru.ru_maxrss / 1024.0);
	printf("add_page: %.2f s, %.0f pages/s, %.1f M fingerprints/s\n",
		   spent, npages / spent, npages * (double) FPS_PER_PAGE / spent / 1e6);
	printf("%s\n", failures ? "FAILED" : "ok");
	td_buf_free(&out);
	td_profile_free(p);
	return failures != 0;
}
