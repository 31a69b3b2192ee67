/*
 * test_profile.c — the site profile against a naive exact count: exactness at
 * eps = 0, the lossy-counting guarantee, merges in every shape, the capacity
 * bound, the serialized format and its validation, allocation failures and
 * interrupts.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "site/profile.h"

#define UNIVERSE	6000
#define H			TD_PROFILE_HEADER_SIZE	/* entries start here (format v3) */
#define BIG			(1u << 20)

/* ---- deterministic randomness -------------------------------------------- */

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t	z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double
unit_rand(uint64_t *s)
{
	return (splitmix(s) >> 11) * (1.0 / 9007199254740992.0);
}

/* The fingerprint of universe index i: scattered, never 0. */
static uint64_t
fp_of(uint32_t i)
{
	uint64_t	s = i;
	uint64_t	fp = splitmix(&s);

	return fp ? fp : 1;
}

/* ---- a page stream with its exact document frequencies --------------------- */

typedef struct stream
{
	size_t		npages;
	size_t	   *start;			/* page k is fps[start[k] .. start[k + 1]) */
	uint64_t   *fps;
	uint32_t   *idx;			/* universe index of each fps[] element */
	uint32_t	truth[UNIVERSE];
} stream;

/*
 * Skewed frequencies: index u^3 * UNIVERSE puts a few fingerprints on most
 * pages and a long tail on few.  Pages come unsorted and with repeats, as a
 * careless caller might give them; a page counts each fingerprint once.
 */
static void
make_stream(stream *st, uint64_t seed, size_t npages, size_t draws)
{
	uint32_t	seen[UNIVERSE];
	size_t		k;
	size_t		n = 0;

	memset(st->truth, 0, sizeof(st->truth));
	memset(seen, 0, sizeof(seen));
	st->npages = npages;
	st->start = malloc((npages + 1) * sizeof(size_t));
	st->fps = malloc(npages * draws * sizeof(uint64_t));
	st->idx = malloc(npages * draws * sizeof(uint32_t));
	for (k = 0; k < npages; k++)
	{
		size_t		m = 1 + splitmix(&seed) % draws;
		size_t		j;

		st->start[k] = n;
		for (j = 0; j < m; j++)
		{
			double		u = unit_rand(&seed);
			uint32_t	i = (uint32_t) (u * u * u * UNIVERSE);

			st->idx[n] = i;
			st->fps[n++] = fp_of(i);
			if (seen[i] != k + 1)
			{
				seen[i] = (uint32_t) k + 1;
				st->truth[i]++;
			}
		}
	}
	st->start[npages] = n;
}

static void
free_stream(stream *st)
{
	free(st->start);
	free(st->fps);
	free(st->idx);
}

static td_status
add_pages(td_profile *p, const stream *st, size_t from, size_t to)
{
	size_t		k;
	td_status	rc = TD_OK;

	for (k = from; k < to && rc == TD_OK; k++)
		rc = td_profile_add_page(p, st->fps + st->start[k], st->start[k + 1] - st->start[k]);
	return rc;
}

static td_profile *
new_profile(td_env *env, uint32_t eps_ppm, uint32_t capacity)
{
	td_profile_settings s = {TD_UNIT_NODE, 1, eps_ppm, capacity, 0};
	td_profile *p = NULL;
	td_status	rc = td_profile_create(env, &s, &p);

	CHECK(rc == TD_OK, "create: %s", env->errmsg);
	return p;
}

/* ---- reading serialized bytes in the test, independently of profile.c ----- */

static uint64_t
le64(const uint8_t *b)
{
	uint64_t	v = 0;
	int			i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static uint32_t
le32(const uint8_t *b)
{
	return (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
}

static void
put64(uint8_t *b, uint64_t v)
{
	int			i;

	for (i = 0; i < 8; i++)
		b[i] = (uint8_t) (v >> (8 * i));
}

static void
put32(uint8_t *b, uint32_t v)
{
	int			i;

	for (i = 0; i < 4; i++)
		b[i] = (uint8_t) (v >> (8 * i));
}

static td_buf
serialize(td_env *env, const td_profile *p)
{
	td_buf		b;
	td_status	rc;

	td_buf_init(&b, env);
	rc = td_profile_serialize(p, &b);
	CHECK(rc == TD_OK, "serialize: %s", env->errmsg);
	return b;
}

static td_buf
serialize_state(td_env *env, const td_profile *p)
{
	td_buf		b;

	td_buf_init(&b, env);
	CHECK(td_profile_serialize_state(p, &b) == TD_OK, "serialize state: %s", env->errmsg);
	return b;
}

/* The entry of fp in serialized bytes, found without profile.c. */
static const uint8_t *
find_entry(const td_buf *b, uint64_t fp)
{
	const uint8_t *base = (const uint8_t *) b->data + H;
	uint64_t	lo = 0;
	uint64_t	hi = le64((const uint8_t *) b->data + 32);

	while (lo < hi)
	{
		uint64_t	mid = (lo + hi) / 2;
		uint64_t	key = le64(base + 16 * mid);

		if (key == fp)
			return base + 16 * mid;
		if (key < fp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * The guarantee against the truth: count <= truth <= count + delta,
 * delta <= E, and an absent fingerprint is on at most E pages.
 */
static bool
guarantee_holds(td_env *env, const td_profile *p, const uint32_t *truth, const char *what)
{
	td_buf		b = serialize(env, p);
	uint64_t	e = td_profile_error(p);
	bool		ok = true;
	uint32_t	i;

	for (i = 0; i < UNIVERSE && ok; i++)
	{
		const uint8_t *ent = find_entry(&b, fp_of(i));

		if (ent == NULL)
			ok = truth[i] <= e;
		else
			ok = le32(ent + 8) <= truth[i] && truth[i] <= (uint64_t) le32(ent + 8) + le32(ent + 12) &&
				le32(ent + 12) <= e;
		if (!ok)
			printf("# %s: fp %u truth %u, E %llu, entry %s count %u delta %u\n", what, i,
				   truth[i], (unsigned long long) e, ent ? "present" : "absent",
				   ent ? le32(ent + 8) : 0, ent ? le32(ent + 12) : 0);
	}
	CHECK(ok, "%s: the lossy-counting guarantee holds", what);
	td_buf_free(&b);
	return ok;
}

static bool
same_bytes(const td_buf *a, const td_buf *b)
{
	return a->len == b->len && memcmp(a->data, b->data, a->len) == 0;
}

/* ---- exactness and the lossy guarantee ---------------------------------------- */

static void
test_exact(void)
{
	td_env		env;
	uint64_t	seed;

	td_env_default(&env);
	for (seed = 1; seed <= 10; seed++)
	{
		stream		st;
		td_profile *p = new_profile(&env, 0, BIG);
		td_buf		b;
		size_t		distinct = 0;
		bool		ok = true;
		uint32_t	i;

		make_stream(&st, seed, 400, 200);
		CHECK(add_pages(p, &st, 0, st.npages) == TD_OK, "add: %s", env.errmsg);
		b = serialize(&env, p);
		for (i = 0; i < UNIVERSE; i++)
		{
			const uint8_t *e = find_entry(&b, fp_of(i));

			distinct += st.truth[i] > 0;
			if (st.truth[i] == 0)
				ok &= e == NULL;
			else
				ok &= e != NULL && le32(e + 8) == st.truth[i] && le32(e + 12) == 0;
		}
		CHECK(ok, "seed %llu: eps = 0 must count exactly", (unsigned long long) seed);
		CHECK(td_profile_entries(p) == distinct, "entries %zu, distinct %zu",
			  td_profile_entries(p), distinct);
		CHECK(td_profile_pages(p) == 400 && td_profile_error(p) == 0, "N, E");
		td_buf_free(&b);
		td_profile_free(p);
		free_stream(&st);
	}
}

static void
test_lossy(void)
{
	static const uint32_t eps[] = {1000, 10000, 50000, 200000};
	td_env		env;
	size_t		e;
	uint64_t	seed;

	td_env_default(&env);
	for (e = 0; e < sizeof(eps) / sizeof(eps[0]); e++)
		for (seed = 100; seed < 125; seed++)
		{
			stream		st;
			td_profile *p = new_profile(&env, eps[e], BIG);
			uint64_t	n;

			make_stream(&st, seed, 300 + seed % 7 * 97, 120);
			CHECK(add_pages(p, &st, 0, st.npages) == TD_OK, "add: %s", env.errmsg);
			n = td_profile_pages(p);
			guarantee_holds(&env, p, st.truth, "lossy");
			CHECK(td_profile_error(p) <= (uint64_t) eps[e] * n / 1000000,
				  "E %llu over floor(eps N) with ample capacity",
				  (unsigned long long) td_profile_error(p));
			CHECK(eps[e] < 10000 || td_profile_error(p) > 0, "pruning happened");
			td_profile_free(p);
			free_stream(&st);
		}
}

/* ---- merging -------------------------------------------------------------------- */

#define PARTS 5

/* Profiles of pages k with k % PARTS == i. */
static void
build_parts(td_env *env, const stream *st, uint32_t eps, td_profile **parts)
{
	size_t		i;
	size_t		k;

	for (i = 0; i < PARTS; i++)
		parts[i] = new_profile(env, eps, BIG);
	for (k = 0; k < st->npages; k++)
		td_profile_add_page(parts[k % PARTS], st->fps + st->start[k],
							st->start[k + 1] - st->start[k]);
}

/* Three shapes: left fold, right fold, and a tree ((0+1)+(2+(3+4))); consumes parts. */
static td_profile *
merge_shape(td_env *env, td_profile **parts, int shape)
{
	td_profile *r = NULL;
	int			i;
	td_status	rc = TD_OK;

	if (shape == 0)
	{
		r = parts[0];
		for (i = 1; i < PARTS; i++)
			rc |= td_profile_merge(r, parts[i]);
	}
	else if (shape == 1)
	{
		r = parts[PARTS - 1];
		for (i = PARTS - 2; i >= 0; i--)
			rc |= td_profile_merge(r, parts[i]);
	}
	else
	{
		rc |= td_profile_merge(parts[0], parts[1]);
		rc |= td_profile_merge(parts[3], parts[4]);
		rc |= td_profile_merge(parts[2], parts[3]);
		rc |= td_profile_merge(parts[0], parts[2]);
		r = parts[0];
	}
	CHECK(rc == TD_OK, "merge shape %d: %s", shape, env->errmsg);
	for (i = 0; i < PARTS; i++)
		if (parts[i] != r)
			td_profile_free(parts[i]);
	return r;
}

static void
test_merge(void)
{
	td_env		env;
	uint64_t	seed;
	int			shape;

	td_env_default(&env);
	for (seed = 7; seed < 17; seed++)
	{
		stream		st;
		td_profile *whole = new_profile(&env, 0, BIG);
		td_buf		want;

		make_stream(&st, seed, 250, 150);
		add_pages(whole, &st, 0, st.npages);
		want = serialize(&env, whole);
		for (shape = 0; shape < 3; shape++)
		{
			td_profile *parts[PARTS];
			td_profile *exact;
			td_profile *lossy;
			td_buf		got;

			build_parts(&env, &st, 0, parts);
			exact = merge_shape(&env, parts, shape);
			got = serialize(&env, exact);
			CHECK(same_bytes(&got, &want), "exact merge, shape %d, equals one profile", shape);
			td_buf_free(&got);
			td_profile_free(exact);

			build_parts(&env, &st, 20000, parts);
			lossy = merge_shape(&env, parts, shape);
			CHECK(td_profile_pages(lossy) == st.npages, "merged N");
			CHECK(td_profile_error(lossy) <= 20000 * st.npages / 1000000, "merged E <= floor(eps N)");
			guarantee_holds(&env, lossy, st.truth, "lossy merge");
			td_profile_free(lossy);
		}
		/* merging into an empty profile copies */
		{
			td_profile *empty = new_profile(&env, 0, BIG);
			td_buf		got;

			CHECK(td_profile_merge(empty, whole) == TD_OK, "merge into empty");
			got = serialize(&env, empty);
			CHECK(same_bytes(&got, &want), "empty + p == p");
			td_buf_free(&got);
			td_profile_free(empty);
		}
		td_buf_free(&want);
		td_profile_free(whole);
		free_stream(&st);
	}
}

/* ---- the capacity bound ----------------------------------------------------------- */

static void
test_capacity(void)
{
	td_env		env;
	uint32_t	eps;

	td_env_default(&env);
	for (eps = 0; eps <= 10000; eps += 10000)
	{
		stream		st;
		td_profile *p = new_profile(&env, eps, 1024);
		td_profile *q = new_profile(&env, eps, 1024);
		size_t		bound = 2048 * 16 + 256;
		size_t		k;
		bool		ok = true;

		make_stream(&st, 99 + eps, 600, 400);
		for (k = 0; k < st.npages; k++)
		{
			td_profile_add_page(k % 2 ? p : q, st.fps + st.start[k], st.start[k + 1] - st.start[k]);
			ok &= td_profile_entries(p) <= 1024 && td_profile_memory(p) <= bound;
		}
		CHECK(ok, "eps %u: entries and memory stay within the capacity", eps);
		CHECK(td_profile_error(p) > (uint64_t) eps * td_profile_pages(p) / 1000000,
			  "forced pruning reports E %llu > eps N", (unsigned long long) td_profile_error(p));
		CHECK(td_profile_merge(p, q) == TD_OK, "merge at capacity: %s", env.errmsg);
		CHECK(td_profile_entries(p) <= 1024 && td_profile_memory(p) <= bound, "merge keeps the bound");
		guarantee_holds(&env, p, st.truth, "capacity");
		td_profile_free(p);
		td_profile_free(q);
		free_stream(&st);
	}

	/* one page far over the capacity: pruning inside the page keeps the invariants */
	{
		td_profile *p = new_profile(&env, 0, 1024);
		uint64_t	fps[5000];
		uint32_t	truth[UNIVERSE] = {0};
		td_buf		b;
		td_profile_view v;
		uint32_t	i;
		int			page;

		for (page = 0; page < 3; page++)
		{
			for (i = 0; i < 5000; i++)
			{
				fps[i] = fp_of(i);
				truth[i]++;
			}
			CHECK(td_profile_add_page(p, fps, 5000) == TD_OK, "huge page");
		}
		CHECK(td_profile_entries(p) <= 1024, "entries %zu", td_profile_entries(p));
		b = serialize(&env, p);
		CHECK(td_profile_view_init(&env, b.data, b.len, &v) == TD_OK, "still valid: %s", env.errmsg);
		guarantee_holds(&env, p, truth, "huge page");
		td_buf_free(&b);
		td_profile_free(p);
	}
}

/*
 * The bound the capacity rule picks: the smallest one that leaves at most 3/4 of
 * the capacity, i.e. the (target + 1)-th largest count + delta.  A profile of
 * widely spread counts loaded into small capacities prunes entry by entry; the
 * test replays the rule on the same entries, by sorting, and expects the same
 * error bound and the same entries left.
 */
static int
cmp_desc(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a,
				y = *(const uint64_t *) b;

	return x < y ? 1 : x > y ? -1 : 0;
}

static void
test_capacity_bound(void)
{
	td_env		env;
	td_profile *p;
	uint64_t	seed = 7;
	uint64_t	fps[400];
	td_buf		b;

	td_env_default(&env);
	p = new_profile(&env, 0, 4096);
	for (int page = 0; page < 3000; page++)
	{
		size_t		n = 0;

		for (uint32_t i = 0; i < 400; i++)
		{
			double		share = (i + 1) / 401.0;

			if (unit_rand(&seed) < share * share * share)
				fps[n++] = fp_of(i);
		}
		qsort(fps, n, sizeof(fps[0]), cmp_desc);	/* descending: the profile sorts a copy */
		CHECK(td_profile_add_page(p, fps, n) == TD_OK, "add");
	}
	b = serialize(&env, p);
	for (uint32_t capacity = 16; capacity <= 256; capacity *= 4)
	{
		const uint8_t *e = (const uint8_t *) b.data + H;
		uint64_t	n = le64((const uint8_t *) b.data + 32);
		uint64_t	held_fp[256],
					held_v[256],
					sorted[256];
		size_t		held = 0,
					target = capacity * 3 / 4;
		uint64_t	error = 0;
		int			searched = 0;
		td_profile *q = NULL;
		td_buf		c;
		bool		same;

		for (uint64_t i = 0; i < n; i++)
		{
			if (held >= capacity)
			{
				/* eps 0: prune to E, then to the (target + 1)-th largest if still over */
				size_t		w = 0;

				for (size_t k = 0; k < held; k++)
					sorted[k] = held_v[k];
				qsort(sorted, held, sizeof(sorted[0]), cmp_desc);
				if (held > target && sorted[target] > error)
				{
					size_t		above = 0;

					while (above < held && sorted[above] > error)
						above++;
					if (above > target)
					{
						error = sorted[target];
						searched++;
					}
				}
				for (size_t k = 0; k < held; k++)
					if (held_v[k] > error)
						held_fp[w] = held_fp[k], held_v[w++] = held_v[k];
				held = w;
			}
			held_fp[held] = le64(e + 16 * i);
			held_v[held++] = (uint64_t) le32(e + 16 * i + 8) + le32(e + 16 * i + 12);
		}
		CHECK(td_profile_deserialize(&env, b.data, b.len, capacity, &q) == TD_OK, "load: %s", env.errmsg);
		CHECK(td_profile_error(q) == error && td_profile_entries(q) == held,
			  "capacity %u: E %llu, want %llu; %zu entries, want %zu", capacity,
			  (unsigned long long) td_profile_error(q), (unsigned long long) error,
			  td_profile_entries(q), held);
		c = serialize(&env, q);
		same = true;
		for (size_t k = 0; k < held; k++)
			same &= find_entry(&c, held_fp[k]) != NULL;
		CHECK(same, "capacity %u: the same entries left", capacity);
		CHECK(searched >= 2 && error > 200, "capacity %u: the search ran %d times, E %llu", capacity,
			  searched, (unsigned long long) error);
		td_buf_free(&c);
		td_profile_free(q);
	}
	td_buf_free(&b);
	td_profile_free(p);
}

/* ---- serialized form --------------------------------------------------------------- */

static void
test_roundtrip(void)
{
	td_env		env;
	stream		st;
	td_profile *p;
	td_profile *q = NULL;
	td_buf		a;
	td_buf		b;
	td_profile_view v;
	uint8_t    *shifted;
	uint32_t	i;
	bool		ok = true;

	td_env_default(&env);
	make_stream(&st, 3, 300, 200);
	p = new_profile(&env, 5000, BIG);
	add_pages(p, &st, 0, st.npages);
	a = serialize(&env, p);
	CHECK(a.len == H + 16 * td_profile_entries(p), "size is 84 + 16 n");
	CHECK(td_profile_deserialize(&env, a.data, a.len, 0, &q) == TD_OK, "deserialize: %s", env.errmsg);
	b = serialize(&env, q);
	CHECK(same_bytes(&a, &b), "serialize . deserialize . serialize is the identity");
	td_buf_free(&b);
	td_profile_free(q);
	CHECK(td_profile_deserialize(&env, a.data, a.len, BIG, &q) == TD_OK, "deserialize, capacity");
	b = serialize(&env, q);
	CHECK(same_bytes(&a, &b), "with an explicit capacity too");
	td_buf_free(&b);

	/* the view reads unaligned bytes in place */
	shifted = malloc(a.len + 3);
	memcpy(shifted + 3, a.data, a.len);
	CHECK(td_profile_view_init(&env, shifted + 3, a.len, &v) == TD_OK, "view: %s", env.errmsg);
	CHECK(v.pages == 300 && v.n_entries == td_profile_entries(p) && v.eps_ppm == 5000 &&
		  v.version == 3 && v.unit == TD_UNIT_NODE && v.fp_scheme == 1 && v.skipped == 0,
		  "view header");
	for (i = 0; i < UNIVERSE; i++)
	{
		const uint8_t *e = find_entry(&a, fp_of(i));

		ok &= td_profile_view_count(&v, fp_of(i)) == (e ? le32(e + 8) : 0);
	}
	for (i = UNIVERSE; i < UNIVERSE + 1000; i++)
		ok &= td_profile_view_count(&v, fp_of(i)) == 0;
	CHECK(ok, "view counts equal table counts");

	/* a small capacity loads with pruning, within its bound */
	td_profile_free(q);
	CHECK(td_profile_deserialize(&env, a.data, a.len, 1024, &q) == TD_OK, "deserialize small");
	CHECK(td_profile_entries(q) <= 1024, "loaded within capacity");
	guarantee_holds(&env, q, st.truth, "loaded small");

	free(shifted);
	td_buf_free(&a);
	td_profile_free(q);
	td_profile_free(p);
	free_stream(&st);
}

/* ---- lookups in a view ------------------------------------------------------------------ */

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return (x > y) - (x < y);
}

/*
 * n distinct sorted keys of one shape: 0 evenly spread hashes, 1 dense small
 * keys with a few near 2^64 (interpolation guesses far off), 2 clusters of
 * consecutive keys at random places.
 */
static uint64_t *
lookup_keys(int shape, size_t n, uint64_t seed)
{
	uint64_t   *k = malloc(sizeof(uint64_t) * (n ? n : 1));
	uint64_t	base = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		if (shape == 0)
			k[i] = splitmix(&seed) | 1;
		else if (shape == 1)
			k[i] = i + 1 < n - n / 100 ? i + 1 : UINT64_MAX - (n - i);
		else
		{
			if (i % 64 == 0)
				base = splitmix(&seed) >> 1;
			k[i] = base + i % 64 + 1;
		}
	}
	qsort(k, n, sizeof(uint64_t), cmp_u64);
	for (i = 1; i < n; i++)		/* distinct, ascending, never 0 */
		if (k[i] <= k[i - 1])
			k[i] = k[i - 1] + 1;
	return k;
}

/* Every key is found with its count, and neighbours that are not keys give 0. */
static void
test_lookup(void)
{
	static const size_t sizes[] = {0, 1, 2, 16, 17, 18, 100, 1000, 65536};
	td_env		env;
	int			shape;
	size_t		si;

	td_env_default(&env);
	for (shape = 0; shape < 3; shape++)
		for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
		{
			size_t		n = sizes[si];
			uint64_t   *keys = lookup_keys(shape, n, 7 + n);
			uint64_t   *page = malloc(sizeof(uint64_t) * (n ? n : 1));
			td_profile *p = new_profile(&env, 0, BIG);
			td_profile_view v;
			td_buf		b;
			size_t		i,
						m;
			bool		ok = true;
			int			d;

			/* count of key i: 1 + (i even) + (i divisible by 3) */
			for (d = 1; d <= 3; d++)
			{
				for (i = 0, m = 0; i < n; i++)
					if (d == 1 || i % d == 0)
						page[m++] = keys[i];
				CHECK(td_profile_add_page(p, page, m) == TD_OK, "add: %s", env.errmsg);
			}
			b = serialize(&env, p);
			CHECK(td_profile_view_init(&env, b.data, b.len, &v) == TD_OK, "view: %s", env.errmsg);
			for (i = 0; i < n; i++)
			{
				uint32_t	want = 1 + (i % 2 == 0) + (i % 3 == 0);

				ok &= td_profile_view_count(&v, keys[i]) == want;
				if (keys[i] > 1 && (i == 0 || keys[i - 1] != keys[i] - 1))
					ok &= td_profile_view_count(&v, keys[i] - 1) == 0;
				if (keys[i] < UINT64_MAX && (i + 1 == n || keys[i + 1] != keys[i] + 1))
					ok &= td_profile_view_count(&v, keys[i] + 1) == 0;
			}
			if (n == 0 || keys[n - 1] != UINT64_MAX)
				ok &= td_profile_view_count(&v, UINT64_MAX) == 0;
			CHECK(ok, "lookups, shape %d, %zu keys", shape, n);
			td_buf_free(&b);
			td_profile_free(p);
			free(page);
			free(keys);
		}
}

/* ---- validation ------------------------------------------------------------------------ */

static td_status
try_bytes(td_env *env, const uint8_t *bytes, size_t len)
{
	td_profile_view v;
	td_profile *p = (td_profile *) &v;	/* must become NULL on failure */
	td_status	rc = td_profile_view_init(env, bytes, len, &v);
	td_status	rc2 = td_profile_deserialize(env, bytes, len, 0, &p);

	CHECK(rc == rc2, "view and deserialize agree (%d, %d)", rc, rc2);
	CHECK(rc2 == TD_OK || p == NULL, "no profile on failure");
	td_profile_free(p);
	return rc;
}

/*
 * Bytes changed on purpose, with their checksum made right again: what the
 * checks behind the checksum see (a version 3 profile only).
 */
static td_status
try_resealed(td_env *env, uint8_t *b, size_t len)
{
	if (len >= H && b[4] == TD_PROFILE_VERSION && b[5] == 0)
		td_profile_seal(b, len);
	return try_bytes(env, b, len);
}

/*
 * Mutates a copy of good with fn and expects TD_EFORMAT: as it is (the
 * checksum, unless the mutation is caught before it), and resealed with a
 * message containing word.
 */
static void
expect_format(td_env *env, const td_buf *good, size_t (*fn) (uint8_t *b, size_t len),
			  const char *word)
{
	uint8_t    *b = malloc(good->len + 32);
	size_t		len;
	td_status	rc;

	memcpy(b, good->data, good->len);
	len = fn(b, good->len);
	rc = try_bytes(env, b, len);
	CHECK(rc == TD_EFORMAT, "unsealed \"%s\" mutation refused, got %d", word, rc);
	rc = try_resealed(env, b, len);
	CHECK(rc == TD_EFORMAT && strstr(env->errmsg, word) != NULL,
		  "expected a format error about \"%s\", got %d: %s", word, rc, env->errmsg);
	free(b);
}

static size_t bad_magic(uint8_t *b, size_t len) { b[0] = 'X'; return len; }
static size_t bad_version(uint8_t *b, size_t len) { b[4] = TD_PROFILE_VERSION + 1; return len; }
static size_t bad_skipped(uint8_t *b, size_t len) { put64(b + 72, (uint64_t) UINT32_MAX + 1); return len; }
static size_t bad_unit(uint8_t *b, size_t len) { b[6] = 2; return len; }
static size_t bad_flags(uint8_t *b, size_t len) { b[7] = 0x80; return len; }
static size_t bad_eps(uint8_t *b, size_t len) { put32(b + 12, 1000001); return len; }
static size_t bad_pages(uint8_t *b, size_t len) { put64(b + 16, (uint64_t) UINT32_MAX + 1); put64(b + 24, 0); return len; }
static size_t bad_error(uint8_t *b, size_t len) { put64(b + 24, le64(b + 16) + 1); return len; }
static size_t bad_trailing(uint8_t *b, size_t len) { b[len] = 0; return len + 1; }
static size_t bad_trailing16(uint8_t *b, size_t len) { memset(b + len, 0, 16); return len + 16; }
static size_t bad_count_field(uint8_t *b, size_t len) { put64(b + 32, le64(b + 32) - 1); return len; }
static size_t bad_huge_n(uint8_t *b, size_t len) { put64(b + 32, UINT64_MAX / 8); return len; }
static size_t bad_zero_fp(uint8_t *b, size_t len) { put64(b + H, 0); return len; }
static size_t bad_duplicate(uint8_t *b, size_t len) { memcpy(b + H + 16, b + H, 16); return len; }
static size_t bad_count0(uint8_t *b, size_t len) { put32(b + H + 8, 0); return len; }
static size_t bad_over_pages(uint8_t *b, size_t len) { put32(b + H + 8, (uint32_t) le64(b + 16)); put32(b + H + 12, 1); return len; }
static size_t bad_delta(uint8_t *b, size_t len) { put32(b + H + 8, 1); put32(b + H + 12, (uint32_t) le64(b + 24) + 1); return len; }
static size_t bad_overcounted(uint8_t *b, size_t len) { put64(b + 48, le64(b + 16) + 1); return len; }
static size_t bad_unchecked(uint8_t *b, size_t len) { put64(b + 56, le64(b + 16) + 1); return len; }
static size_t bad_keys_no_flag(uint8_t *b, size_t len) { put64(b + 64, 1); memset(b + len, 0, 8); return len + 8; }
static size_t
bad_unsorted(uint8_t *b, size_t len)
{
	uint8_t		t[16];

	memcpy(t, b + H, 16);
	memcpy(b + H, b + H + 16, 16);
	memcpy(b + H + 16, t, 16);
	return len;
}

static void
test_validation(void)
{
	td_env		env;
	stream		st;
	td_profile *p;
	td_buf		good;
	size_t		len;
	bool		ok = true;

	td_env_default(&env);
	make_stream(&st, 11, 500, 100);
	p = new_profile(&env, 20000, BIG);
	add_pages(p, &st, 0, st.npages);
	CHECK(td_profile_error(p) > 0 && td_profile_error(p) + 2 < td_profile_pages(p),
		  "a profile with 0 < E < N - 1");
	good = serialize(&env, p);
	CHECK(try_bytes(&env, (const uint8_t *) good.data, good.len) == TD_OK, "good bytes pass");

	for (len = 0; len < good.len; len++)
		ok &= try_bytes(&env, (const uint8_t *) good.data, len) == TD_EFORMAT;
	CHECK(ok, "every truncation is a format error");
	try_bytes(&env, (const uint8_t *) good.data, 10);
	CHECK(strstr(env.errmsg, "truncated") != NULL, "message: %s", env.errmsg);

	expect_format(&env, &good, bad_magic, "magic");
	expect_format(&env, &good, bad_version, "version 4");
	expect_format(&env, &good, bad_skipped, "4294967296 skipped pages");
	expect_format(&env, &good, bad_unit, "unit 2");
	expect_format(&env, &good, bad_overcounted, "duplicate tallies");
	expect_format(&env, &good, bad_unchecked, "duplicate tallies");
	expect_format(&env, &good, bad_keys_no_flag, "no page-key flag");
	expect_format(&env, &good, bad_flags, "flags 0x80");
	expect_format(&env, &good, bad_eps, "1000001 ppm");
	expect_format(&env, &good, bad_pages, "4294967296 pages");
	expect_format(&env, &good, bad_error, "error bound");
	expect_format(&env, &good, bad_trailing, "does not match");
	expect_format(&env, &good, bad_trailing16, "does not match");
	expect_format(&env, &good, bad_count_field, "does not match");
	expect_format(&env, &good, bad_huge_n, "does not match");
	expect_format(&env, &good, bad_zero_fp, "fingerprint 0");
	expect_format(&env, &good, bad_unsorted, "ascending");
	expect_format(&env, &good, bad_duplicate, "ascending");
	expect_format(&env, &good, bad_count0, "count 0");
	expect_format(&env, &good, bad_over_pages, "exceeds its");
	expect_format(&env, &good, bad_delta, "exceeds the error bound");

	td_buf_free(&good);
	td_profile_free(p);
	free_stream(&st);
}

/* ---- arguments and limits -------------------------------------------------------------- */

static void
test_arguments(void)
{
	td_env		env;
	td_profile *p = NULL;
	td_profile *q;
	td_profile_settings s = {TD_UNIT_NODE, 1, 0, 15, 0};
	uint8_t		b[56] = {'T', 'D', 'P', 'F', 1, 0, 0, 0};
	uint64_t	fp = 7;

	td_env_default(&env);
	CHECK(td_profile_create(&env, &s, &p) == TD_EARG && p == NULL, "capacity below 16");
	s.capacity = 16;
	CHECK(td_profile_create(&env, &s, &p) == TD_OK, "capacity 16");
	td_profile_free(p);
	p = NULL;
	s.capacity = 1024;
	s.eps_ppm = 1000001;
	CHECK(td_profile_create(&env, &s, &p) == TD_EARG, "eps over 1");
	s.eps_ppm = 0;
	s.unit = 2;
	CHECK(td_profile_create(&env, &s, &p) == TD_EARG, "unknown unit");

	p = new_profile(&env, 0, 1024);
	s.unit = TD_UNIT_NODE;
	s.fp_scheme = 2;
	td_profile_create(&env, &s, &q);
	CHECK(td_profile_merge(p, q) == TD_EARG && strstr(env.errmsg, "scheme"), "schemes differ");
	CHECK(td_profile_merge(p, p) == TD_EARG, "merge into itself");
	td_profile_free(q);
	td_profile_free(p);

	/* a version 1 profile at the page limit: one entry (fp 7, count 1), N = UINT32_MAX */
	put32(b + 8, 1);
	put64(b + 16, UINT32_MAX);
	put64(b + 32, 1);
	put64(b + 40, 7);
	put32(b + 48, 1);
	CHECK(td_profile_deserialize(&env, b, sizeof(b), 0, &p) == TD_OK, "max pages: %s", env.errmsg);
	CHECK(td_profile_add_page(p, &fp, 1) == TD_ELIMIT, "no page beyond UINT32_MAX");
	q = new_profile(&env, 0, 1024);
	td_profile_add_page(q, &fp, 1);
	CHECK(td_profile_merge(p, q) == TD_ELIMIT, "merge beyond UINT32_MAX pages");
	CHECK(td_profile_merge(q, p) == TD_ELIMIT, "either way");
	td_profile_free(q);
	td_profile_free(p);

	/* an empty page is still a page; zeros are not fingerprints */
	{
		uint64_t	z[3] = {0, 0, 0};
		td_buf		out;

		p = new_profile(&env, 0, 1024);
		CHECK(td_profile_add_page(p, NULL, 0) == TD_OK && td_profile_add_page(p, z, 3) == TD_OK,
			  "empty pages");
		CHECK(td_profile_pages(p) == 2 && td_profile_entries(p) == 0, "two pages, no entry");
		out = serialize(&env, p);
		CHECK(out.len == H, "an empty profile is its header");
		td_buf_free(&out);
		td_profile_free(p);
	}
}


/* ---- exact duplicate pages ----------------------------------------------------------------- */

static td_profile *
dedup_profile(td_env *env, uint8_t unit, uint32_t dedup_capacity)
{
	td_profile_settings s = {unit, 1, 0, 1024, dedup_capacity};
	td_profile *p = NULL;

	CHECK(td_profile_create(env, &s, &p) == TD_OK, "create: %s", env->errmsg);
	return p;
}

/* Page k of a small site: fingerprints 1 (template) and 100 + k (its own). */
static td_status
add_site_page(td_profile *p, uint64_t key, uint64_t k, int *counted)
{
	uint64_t	fps[2] = {1, 100 + k};

	return td_profile_add_keyed_page(p, key, fps, 2, counted);
}

static void
test_duplicates(void)
{
	td_env		env;
	td_profile *p;
	td_profile *q;
	td_profile *r = NULL;
	td_buf		a;
	td_buf		b;
	td_profile_view v;
	int			counted;
	uint64_t	k;

	td_env_default(&env);

	/* one state: each of 3 pages added 4 times is counted once */
	p = dedup_profile(&env, TD_UNIT_NODE, 1024);
	for (k = 0; k < 12; k++)
	{
		CHECK(add_site_page(p, 1000 + k % 3, k % 3, &counted) == TD_OK, "add");
		CHECK(counted == (k < 3), "page %llu counted %d", (unsigned long long) k, counted);
	}
	CHECK(td_profile_pages(p) == 3 && td_profile_duplicates(p) == 9, "3 pages, 9 duplicates");
	a = serialize(&env, p);
	CHECK(le32(find_entry(&a, 1) + 8) == 3, "the template counts 3, not 12");
	CHECK(td_profile_view_init(&env, a.data, a.len, &v) == TD_OK && v.duplicates == 9 &&
		  v.overcounted == 0 && v.unchecked == 0 && v.n_keys == 0 && v.flags == 0,
		  "stored form: tallies, no keys");
	td_buf_free(&a);

	/* without a key, or with no key capacity, a page is counted and unchecked */
	CHECK(add_site_page(p, 0, 0, &counted) == TD_OK && counted, "no key: counted");
	q = dedup_profile(&env, TD_UNIT_NODE, 0);
	add_site_page(q, 1000, 0, &counted);
	add_site_page(q, 1000, 0, &counted);
	CHECK(counted && td_profile_pages(q) == 2 && td_profile_duplicates(q) == 0, "capacity 0: no detection");
	td_profile_free(q);
	td_profile_free(p);

	/* a full key table: later pages are unchecked, earlier ones still found */
	p = dedup_profile(&env, TD_UNIT_NODE, 2);
	for (k = 0; k < 4; k++)
		add_site_page(p, 2000 + k, k, &counted);
	add_site_page(p, 2000, 0, &counted);
	CHECK(!counted, "a held key is found");
	add_site_page(p, 2003, 3, &counted);
	CHECK(counted, "a page beyond the key capacity is counted again");
	b = serialize_state(&env, p);
	CHECK(td_profile_view_init(&env, b.data, b.len, &v) == TD_OK && v.n_keys == 2 &&
		  v.unchecked == 3 && v.pages == 5 && v.duplicates == 1 && v.flags == TD_PROFILE_F_KEYS,
		  "state form: keys + overcounted + unchecked = N");
	td_buf_free(&b);
	td_profile_free(p);

	/* two states sharing pages: the shared ones are reported as overcounted */
	p = dedup_profile(&env, TD_UNIT_NODE, 1024);
	q = dedup_profile(&env, TD_UNIT_NODE, 1024);
	for (k = 0; k < 5; k++)
		add_site_page(p, 3000 + k, k, &counted);	/* pages 0..4 */
	for (k = 3; k < 8; k++)
		add_site_page(q, 3000 + k, k, &counted);	/* pages 3..7 */
	add_site_page(q, 3007, 7, &counted);
	b = serialize_state(&env, q);
	CHECK(td_profile_deserialize(&env, b.data, b.len, 0, &r) == TD_OK, "state deserializes: %s", env.errmsg);
	a = serialize_state(&env, r);
	CHECK(same_bytes(&a, &b), "state form round-trips with its keys");
	td_buf_free(&a);
	td_buf_free(&b);
	CHECK(td_profile_merge(p, r) == TD_OK, "merge: %s", env.errmsg);
	CHECK(td_profile_pages(p) == 10 && td_profile_overcounted(p) == 2 &&
		  td_profile_duplicates(p) == 1, "pages 3 and 4 counted twice and reported");
	add_site_page(p, 3006, 6, &counted);
	CHECK(!counted, "keys of both sides are held after the merge");
	td_profile_free(r);
	r = NULL;

	/* a stored profile has no keys: merging it makes the keys unknown */
	a = serialize(&env, q);
	CHECK(td_profile_deserialize(&env, a.data, a.len, 0, &r) == TD_OK, "stored form deserializes");
	CHECK(td_profile_merge(p, r) == TD_OK, "merge stored");
	b = serialize_state(&env, p);
	CHECK(td_profile_view_init(&env, b.data, b.len, &v) == TD_OK && v.flags == 0 && v.n_keys == 0,
		  "keys unknown after merging a stored profile: none written");
	td_buf_free(&a);
	td_buf_free(&b);
	td_profile_free(r);
	td_profile_free(q);
	td_profile_free(p);

	/* units do not mix */
	p = dedup_profile(&env, TD_UNIT_NODE, 16);
	q = dedup_profile(&env, TD_UNIT_CHUNK, 16);
	CHECK(td_profile_merge(p, q) == TD_EARG && strstr(env.errmsg, "node profile with a chunk profile"),
		  "node + chunk: %s", env.errmsg);
	add_site_page(q, 1, 1, &counted);
	a = serialize(&env, q);
	CHECK(td_profile_view_init(&env, a.data, a.len, &v) == TD_OK && v.unit == TD_UNIT_CHUNK,
		  "chunk unit stored");
	td_buf_free(&a);
	td_profile_free(q);
	td_profile_free(p);
}

/* Forged page keys in the state form are format errors. */
static void
test_key_validation(void)
{
	td_env		env;
	td_profile *p;
	td_buf		good;
	uint8_t    *b;
	int			counted;
	uint64_t	k;

	td_env_default(&env);
	p = dedup_profile(&env, TD_UNIT_NODE, 16);
	for (k = 0; k < 3; k++)
		add_site_page(p, 5000 + k, k, &counted);
	good = serialize_state(&env, p);
	b = malloc(good.len);
	CHECK(try_bytes(&env, (const uint8_t *) good.data, good.len) == TD_OK, "good state bytes");
	memcpy(b, good.data, good.len);
	put64(b + good.len - 8, 0);
	CHECK(try_resealed(&env, b, good.len) == TD_EFORMAT && strstr(env.errmsg, "page key"), "key 0: %s", env.errmsg);
	memcpy(b, good.data, good.len);
	memcpy(b + good.len - 8, b + good.len - 16, 8);
	CHECK(try_resealed(&env, b, good.len) == TD_EFORMAT && strstr(env.errmsg, "ascending"), "repeated key");
	memcpy(b, good.data, good.len);
	put64(b + 56, 1);
	CHECK(try_resealed(&env, b, good.len) == TD_EFORMAT && strstr(env.errmsg, "add up"), "tallies: %s", env.errmsg);
	memcpy(b, good.data, good.len);
	b[7] = 0;
	CHECK(try_resealed(&env, b, good.len) == TD_EFORMAT && strstr(env.errmsg, "no page-key flag"), "flag cleared");
	CHECK(try_bytes(&env, b, good.len - 8) == TD_EFORMAT, "a key cut off");
	free(b);
	td_buf_free(&good);
	td_profile_free(p);
}

/* ---- the checksum: no single-byte change reads ----------------------------------------- */

/* Every value of every byte of bytes other than its own is a format error. */
static bool
every_byte_refused(td_env *env, const td_buf *good, int step)
{
	uint8_t    *b = malloc(good->len);
	bool		ok = true;
	size_t		i;
	int			x;

	memcpy(b, good->data, good->len);
	for (i = 0; i < good->len; i++)
	{
		for (x = 1; x < 256; x += step)
		{
			b[i] ^= (uint8_t) x;
			if (try_bytes(env, b, good->len) != TD_EFORMAT)
			{
				printf("# byte %zu ^ 0x%02x read: %s\n", i, (unsigned) x, env->errmsg);
				ok = false;
			}
			b[i] ^= (uint8_t) x;
		}
	}
	free(b);
	return ok;
}

static void
test_checksum(void)
{
	td_env		env;
	stream		st;
	td_profile *p;
	td_profile *q;
	td_buf		good;
	uint8_t    *b;
	uint64_t	seed = 2024;
	int			counted;
	int			i;
	uint64_t	k;
	bool		ok = true;

	td_env_default(&env);

	/* a small stored profile and a state profile with keys and skipped pages: all 255 values */
	make_stream(&st, 5, 8, 8);
	p = new_profile(&env, 0, 1024);
	add_pages(p, &st, 0, st.npages);
	good = serialize(&env, p);
	CHECK(good.len > H && try_bytes(&env, (const uint8_t *) good.data, good.len) == TD_OK, "good");
	CHECK(every_byte_refused(&env, &good, 1), "every single-byte change of a stored profile");
	td_buf_free(&good);
	td_profile_free(p);
	free_stream(&st);

	p = dedup_profile(&env, TD_UNIT_NODE, 16);
	for (k = 0; k < 6; k++)
		add_site_page(p, 7000 + k, k, &counted);
	CHECK(td_profile_skip_page(p) == TD_OK && td_profile_skip_page(p) == TD_OK &&
		  td_profile_skipped(p) == 2, "two pages skipped");
	good = serialize_state(&env, p);
	CHECK(every_byte_refused(&env, &good, 1), "every single-byte change of a state profile");

	/* skipped pages survive the round trip and add up in merges */
	CHECK(td_profile_deserialize(&env, good.data, good.len, 0, &q) == TD_OK &&
		  td_profile_skipped(q) == 2, "skipped read back");
	CHECK(td_profile_merge(q, p) == TD_OK && td_profile_skipped(q) == 4, "skipped merged");
	td_profile_free(q);

	/* the version field turned into an older one: refused on the size, checksum or not */
	b = malloc(good.len);
	for (i = 1; i < TD_PROFILE_VERSION; i++)
	{
		memcpy(b, good.data, good.len);
		b[4] = (uint8_t) i;
		if (i == 1)
			b[7] = 0;			/* so that v1's flag check is not what refuses it */
		CHECK(try_bytes(&env, b, good.len) == TD_EFORMAT &&
			  strstr(env.errmsg, "does not match") != NULL,
			  "as version %d: %s", i, env.errmsg);
	}
	free(b);
	td_buf_free(&good);
	td_profile_free(p);

	/* a larger profile: 2,000 random single-byte changes */
	make_stream(&st, 17, 300, 300);
	p = new_profile(&env, 0, BIG);
	add_pages(p, &st, 0, st.npages);
	good = serialize(&env, p);
	b = malloc(good.len);
	memcpy(b, good.data, good.len);
	for (i = 0; i < 2000; i++)
	{
		size_t		at = (size_t) (splitmix(&seed) % good.len);
		uint8_t		x = (uint8_t) (1 + splitmix(&seed) % 255);

		b[at] ^= x;
		ok &= try_bytes(&env, b, good.len) == TD_EFORMAT;
		b[at] ^= x;
	}
	CHECK(good.len > 4000 && ok, "2,000 random single-byte changes of a %zu-byte profile refused",
		  good.len);
	free(b);
	td_buf_free(&good);
	td_profile_free(p);
	free_stream(&st);
}

/* ---- allocation failures ------------------------------------------------------------------ */

typedef struct counting
{
	long		live;			/* blocks allocated and not freed */
	long		budget;			/* allocations left before failing; < 0: unlimited */
} counting;

static bool
spend(counting *c)
{
	if (c->budget == 0)
		return false;
	if (c->budget > 0)
		c->budget--;
	return true;
}

static void *
c_alloc(void *arg, size_t size)
{
	counting   *c = arg;
	void	   *p = spend(c) ? malloc(size) : NULL;

	c->live += p != NULL;
	return p;
}

static void *
c_realloc(void *arg, void *p, size_t old, size_t size)
{
	counting   *c = arg;
	void	   *np;

	(void) old;
	if (!spend(c))
		return NULL;
	np = realloc(p, size);
	c->live += np != NULL && p == NULL;
	return np;
}

static void
c_free(void *arg, void *p)
{
	((counting *) arg)->live--;
	free(p);
}

static int
c_never(void *arg)
{
	(void) arg;
	return 0;
}

/* Runs op; if it fails for lack of memory, the profile must be as before. */
static bool
op_atomic(td_env *env, counting *c, td_profile *p, td_status rc, const td_buf *before)
{
	td_buf		after;
	long		budget = c->budget;
	bool		same;

	if (rc == TD_OK)
		return true;
	CHECK(rc == TD_ENOMEM, "only ENOMEM: %d %s", rc, env->errmsg);
	c->budget = -1;
	after = serialize(env, p);
	same = same_bytes(before, &after);
	td_buf_free(&after);
	c->budget = budget;
	return same;
}

static void
test_alloc_failures(void)
{
	counting	c = {0, -1};
	td_env		env = {c_alloc, c_realloc, c_free, c_never, &c, ""};
	stream		st;
	long		k;
	bool		ok = true;
	bool		reached_end = false;

	make_stream(&st, 21, 120, 300);
	for (k = 0; k < 200 && !reached_end; k++)
	{
		td_profile *p = NULL;
		td_profile *q = NULL;
		td_profile *r = NULL;
		td_buf		before;
		td_buf		out;
		td_profile_settings s = {TD_UNIT_NODE, 1, 10000, 4096, 0};
		td_status	rc;
		size_t		i;

		c.budget = k;
		if (td_profile_create(&env, &s, &p) != TD_OK || td_profile_create(&env, &s, &q) != TD_OK)
			goto done;
		c.budget = -1;
		add_pages(q, &st, 60, 120);
		c.budget = k;
		for (i = 0; i < 60; i++)
		{
			long		b = c.budget;

			c.budget = -1;
			before = serialize(&env, p);
			c.budget = b;
			rc = td_profile_add_page(p, st.fps + st.start[i], st.start[i + 1] - st.start[i]);
			ok &= op_atomic(&env, &c, p, rc, &before);
			td_buf_free(&before);
			if (rc != TD_OK)
				goto done;
		}
		c.budget = -1;
		before = serialize(&env, p);
		c.budget = k;
		rc = td_profile_merge(p, q);
		ok &= op_atomic(&env, &c, p, rc, &before);
		td_buf_free(&before);
		if (rc != TD_OK)
			goto done;
		td_buf_init(&out, &env);
		rc = td_profile_serialize(p, &out);
		CHECK(rc == TD_OK || (rc == TD_ENOMEM && out.len == 0), "serialize fails cleanly");
		if (rc == TD_OK)
		{
			rc = td_profile_deserialize(&env, out.data, out.len, 0, &r);
			CHECK(rc == TD_OK || (rc == TD_ENOMEM && r == NULL), "deserialize fails cleanly");
			reached_end = rc == TD_OK;
		}
		td_buf_free(&out);
done:
		td_profile_free(p);
		td_profile_free(q);
		td_profile_free(r);
		CHECK(c.live == 0, "budget %ld: %ld blocks leaked", k, c.live);
	}
	CHECK(ok, "a failed allocation leaves the profile as it was");
	CHECK(reached_end, "the scenario completes with enough allocations");
	free_stream(&st);
}

/* ---- interrupts -------------------------------------------------------------------------- */

typedef struct countdown
{
	int			polls;			/* polls answered "no" before saying "yes" */
} countdown;

static int
cd_interrupted(void *arg)
{
	countdown  *c = arg;

	return c->polls-- <= 0;
}

static void
test_interrupts(void)
{
	countdown	cd = {1 << 30};
	td_env		env;
	td_profile *a;
	td_profile *b;
	td_profile *r = (td_profile *) &cd;
	td_profile_view v;
	td_buf		bytes;
	td_buf		again;
	uint64_t   *fps = malloc(200000 * sizeof(uint64_t));
	uint32_t	i;

	td_env_default(&env);
	env.interrupted = cd_interrupted;
	env.arg = &cd;
	for (i = 0; i < 200000; i++)
		fps[i] = i + 1;
	a = new_profile(&env, 0, BIG);
	b = new_profile(&env, 0, BIG);
	td_profile_add_page(a, fps, 150000);
	td_profile_add_page(b, fps + 50000, 150000);
	bytes = serialize(&env, a);

	cd.polls = 0;
	CHECK(td_profile_view_init(&env, bytes.data, bytes.len, &v) == TD_EINTR, "view interrupted");
	cd.polls = 1;
	CHECK(td_profile_deserialize(&env, bytes.data, bytes.len, 0, &r) == TD_EINTR && r == NULL,
		  "deserialize interrupted in validation");
	cd.polls = 3;				/* validation polls twice for 150000 entries */
	CHECK(td_profile_deserialize(&env, bytes.data, bytes.len, 0, &r) == TD_EINTR && r == NULL,
		  "deserialize interrupted while loading");

	/* before the merge changes anything: dst is intact */
	cd.polls = 0;
	CHECK(td_profile_merge(a, b) == TD_EINTR, "merge interrupted early");
	cd.polls = 1 << 30;
	again = serialize(&env, a);
	CHECK(same_bytes(&bytes, &again), "an early interrupt leaves dst as it was");
	td_buf_free(&again);

	/* half-way: dst refuses further use and frees cleanly */
	cd.polls = 10;				/* the sizing pass polls 8 times over 512K slots */
	CHECK(td_profile_merge(a, b) == TD_EINTR, "merge interrupted late");
	cd.polls = 1 << 30;
	CHECK(td_profile_add_page(a, fps, 1) == TD_EARG && strstr(env.errmsg, "interrupted"),
		  "an incomplete profile refuses pages: %s", env.errmsg);
	td_buf_init(&again, &env);
	CHECK(td_profile_serialize(a, &again) == TD_EARG && again.len == 0, "and serialization");
	CHECK(td_profile_merge(b, a) == TD_EARG, "and being merged");

	td_buf_free(&again);
	td_buf_free(&bytes);
	td_profile_free(a);
	td_profile_free(b);
	free(fps);
}

int
main(void)
{
	test_exact();
	test_lossy();
	test_merge();
	test_capacity();
	test_capacity_bound();
	test_roundtrip();
	test_lookup();
	test_validation();
	test_arguments();
	test_alloc_failures();
	test_interrupts();
	test_duplicates();
	test_key_validation();
	test_checksum();
	return check_done("test_profile");
}
