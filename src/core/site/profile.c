/*
 * profile.c — the site profile: an open-addressing hash table of
 * (fingerprint, count, delta) kept small by mergeable lossy counting, the set
 * of page keys that finds exact duplicate pages, and the table written to
 * and read from its serialized form (whose bytes profile_format.c knows).
 * profile.h states the semantics and the guarantee; the comments here say
 * how they are kept.
 *
 * Failure atomicity: every allocation happens before the table is touched
 * (add_page and merge reserve slots up front; pruning never allocates), so
 * TD_ENOMEM always leaves the profile as it was.  An interrupted merge is the
 * one exception: it stops half-way, and the profile then refuses every use
 * except td_profile_free.
 */
#include <stdbool.h>
#include <string.h>

#include "site/profile.h"
#include "util/poll.h"
#include "util/sort.h"
#include "util/u64set.h"

/*
 * The smallest capacity: the capacity rule works from 16 entries up.  The
 * SQL setting templatedet.profile_capacity starts at 1024; the fuzz target
 * picks smaller ones so the rule runs often on small inputs.
 */
#define MIN_CAPACITY	16
/* the capacity of a deserialized profile of fewer entries (capacity 0) */
#define LOAD_CAPACITY	1024
#define MIN_SLOTS		16
#define POLL_EVERY		65536	/* slots, keys or entries between two polls */

typedef struct slot
{
	uint64_t	fp;				/* 0: empty (0 is never a fingerprint) */
	uint32_t	count;
	uint32_t	delta;
} slot;

_Static_assert(sizeof(slot) == 16, "a slot is 16 bytes");

struct td_profile
{
	td_env	   *env;
	td_profile_settings settings;
	slot	   *slots;
	size_t		nslots;			/* a power of two */
	size_t		entries;		/* never above settings.capacity */
	uint64_t	pages;			/* N */
	uint64_t	error;			/* E */
	bool		incomplete;		/* an interrupted merge stopped half-way */
	/* exact duplicate pages (profile.h) */
	td_u64set	keys;			/* never holds 0 (a page without a key) */
	bool		keys_known;		/* false once merged with a state of unknown keys */
	uint64_t	duplicates;
	uint64_t	overcounted;
	uint64_t	unchecked;
	uint64_t	skipped;		/* pages left out (td_profile_skip_page), not in N */
};

/* ---- the hash table ---------------------------------------------------- */

/*
 * Fingerprints are hashes already, but deserialized ones come from the
 * database and may be anything (small integers, forged patterns): a full
 * avalanche keeps such keys from piling into one cluster.
 */
static inline size_t
home_slot(const td_profile *p, uint64_t fp)
{
	fp ^= fp >> 30;
	fp *= 0xbf58476d1ce4e5b9ULL;
	fp ^= fp >> 27;
	fp *= 0x94d049bb133111ebULL;
	fp ^= fp >> 31;
	return (size_t) fp & (p->nslots - 1);
}

/* The slot holding fp, or the empty slot where it would go. */
static slot *
probe(const td_profile *p, uint64_t fp)
{
	size_t		mask = p->nslots - 1;
	size_t		i = home_slot(p, fp);

	while (p->slots[i].fp != fp && p->slots[i].fp != 0)
		i = (i + 1) & mask;
	return &p->slots[i];
}

/* Slots for a table of n entries at load <= 1/2. */
static size_t
slots_for(uint64_t n)
{
	size_t		s = MIN_SLOTS;

	while (s / 2 < n)
		s *= 2;
	return s;
}

static td_status
resize(td_profile *p, size_t nslots)
{
	td_env	   *env = p->env;
	slot	   *old = p->slots;
	size_t		oldn = p->nslots;
	slot	   *fresh;
	size_t		i;

	if (nslots > SIZE_MAX / sizeof(slot))
		return td_fail(env, TD_ENOMEM, "profile table of %zu slots overflows", nslots);
	fresh = td_alloc(env, nslots * sizeof(slot));
	if (fresh == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory growing the profile to %zu slots", nslots);
	memset(fresh, 0, nslots * sizeof(slot));
	p->slots = fresh;
	p->nslots = nslots;
	for (i = 0; i < oldn; i++)
		if (old[i].fp != 0)
			*probe(p, old[i].fp) = old[i];
	td_free(env, old);
	return TD_OK;
}

/*
 * Makes room for `need` entries (beyond the capacity, pruning takes over),
 * so that the mutation that follows cannot fail.
 */
static td_status
reserve(td_profile *p, uint64_t need)
{
	size_t		nslots;

	if (need > p->settings.capacity)
		need = p->settings.capacity;
	nslots = slots_for(need);
	return nslots > p->nslots ? resize(p, nslots) : TD_OK;
}

/*
 * Empties slot i by backward-shift deletion: later members of its probe run
 * move up, so lookups never need tombstones.
 */
static void
delete_slot(td_profile *p, size_t i)
{
	size_t		mask = p->nslots - 1;
	size_t		j = i;

	for (;;)
	{
		p->slots[i].fp = 0;
		for (;;)
		{
			size_t		h;

			j = (j + 1) & mask;
			if (p->slots[j].fp == 0)
				return;
			h = home_slot(p, p->slots[j].fp);
			/* j may fill the hole unless its home lies in (i, j] */
			if (((j - h) & mask) >= ((j - i) & mask))
				break;
		}
		p->slots[i] = p->slots[j];
		i = j;
	}
}

/*
 * Prunes to the bound E' (>= E): entries that may occur on at most E' pages
 * go, and E' becomes the bound for every absent fingerprint.  Slot i is
 * examined again after a deletion since another entry may have moved there;
 * entries moved across the wrap-around were examined already and kept.
 */
static void
prune(td_profile *p, uint64_t bound)
{
	size_t		i = 0;

	while (i < p->nslots)
	{
		slot	   *s = &p->slots[i];

		if (s->fp != 0 && (uint64_t) s->count + s->delta <= bound)
		{
			delete_slot(p, i);
			p->entries--;
		}
		else
			i++;
	}
	p->error = bound;
}

/*
 * The smallest bound b in (lo, hi] that leaves at most target entries (whose
 * count + delta is above b), given that lo leaves more and hi at most
 * target: the (target + 1)-th largest count + delta.  Each pass counts the
 * entries into 256 equal ranges of (lo, hi] and keeps the range where the
 * bound lies, so a table is read ceil(log256(hi - lo)) times (at most 4
 * for 32-bit counts), where halving (lo, hi] read it log2(hi - lo) times.
 */
#define BOUND_BUCKETS 256

static uint64_t
smallest_bound(const td_profile *p, uint64_t lo, uint64_t hi, uint64_t target)
{
	uint64_t	hist[BOUND_BUCKETS];

	while (hi - lo > 1)
	{
		uint64_t	width = (hi - lo + BOUND_BUCKETS - 1) / BOUND_BUCKETS;
		uint64_t	above = 0;	/* entries above hi, and in (lo, hi] */
		uint64_t	inside = 0;
		uint64_t	seen = 0;
		size_t		i;

		memset(hist, 0, sizeof(hist));
		for (i = 0; i < p->nslots; i++)
		{
			const slot *s = &p->slots[i];
			uint64_t	v = (uint64_t) s->count + s->delta;

			if (s->fp == 0 || v <= lo)
				continue;
			if (v > hi)
				above++;
			else
			{
				hist[(v - lo - 1) / width]++;
				inside++;
			}
		}
		/* bucket k holds (lo + k width, lo + (k + 1) width]: the first upper edge that leaves <= target */
		for (size_t k = 0;; k++)
		{
			uint64_t	edge = lo + (k + 1) * width;

			seen += hist[k];
			if (edge >= hi || above + inside - seen <= target)
			{
				if (edge < hi)
					hi = edge;
				lo += k * width;	/* bucket k - 1 left more than target */
				break;
			}
		}
	}
	return hi;
}

/* floor(eps * N), the bound the schedule aims at. */
static uint64_t
eps_bound(const td_profile *p)
{
	return (uint64_t) p->settings.eps_ppm * p->pages / TD_PROFILE_MAX_EPS_PPM;
}

/*
 * The capacity rule, when one more entry would exceed the capacity: prune to
 * floor(eps N); if that leaves more than 3/4 of the capacity, prune to the
 * smallest bound that gets there.  Aiming at 3/4 either way leaves room for
 * at least capacity/4 insertions before the next (linear) pass.  The search
 * ends because at E' = N every entry goes (count + delta <= N always).
 */
static void
make_room(td_profile *p)
{
	uint64_t	target = (uint64_t) p->settings.capacity * 3 / 4;
	uint64_t	lo;
	uint64_t	hi;

	lo = eps_bound(p) > p->error ? eps_bound(p) : p->error;
	prune(p, lo);
	if (p->entries <= target)
		return;
	hi = p->pages;
	prune(p, smallest_bound(p, lo, hi, target));
}

/* The empty slot for a new fp, pruning first when the table is full. */
static slot *
new_slot(td_profile *p, uint64_t fp)
{
	slot	   *s = probe(p, fp);

	if (p->entries >= p->settings.capacity)
	{
		make_room(p);
		s = probe(p, fp);
	}
	p->entries++;
	s->fp = fp;
	return s;
}

static td_status
check_usable(const td_profile *p)
{
	if (p->incomplete)
		return td_fail(p->env, TD_EARG,
					   "profile is incomplete: a merge into it was interrupted");
	return TD_OK;
}

/* ---- the page keys ------------------------------------------------------- */

static bool
key_held(const td_profile *p, uint64_t key)
{
	return td_u64set_has(&p->keys, key);
}

/*
 * Makes room for `extra` more keys (within the dedup capacity) so that
 * inserting them cannot fail.
 */
static td_status
key_reserve(td_profile *p, size_t extra)
{
	size_t		nkeys = p->keys.n;
	size_t		need = nkeys + extra;

	if (need > p->settings.dedup_capacity)
		need = p->settings.dedup_capacity > nkeys ? p->settings.dedup_capacity : nkeys;
	return td_u64set_reserve(&p->keys, need);
}

/* Holds key when there is room (reserved before), else the page is unchecked. */
static void
key_insert(td_profile *p, uint64_t key)
{
	if (key == 0 || !p->keys_known || p->keys.n >= p->settings.dedup_capacity)
	{
		p->unchecked++;
		return;
	}
	(void) td_u64set_add(&p->keys, key);
}

/* ---- creation ------------------------------------------------------------ */

static td_status
check_settings(td_env *env, const td_profile_settings *s)
{
	if (s->unit != TD_UNIT_NODE && s->unit != TD_UNIT_CHUNK)
		return td_fail(env, TD_EARG, "unknown profile unit %u", (unsigned) s->unit);
	if (s->eps_ppm > TD_PROFILE_MAX_EPS_PPM)
		return td_fail(env, TD_EARG, "eps of %u ppm is over %u ppm",
					   (unsigned) s->eps_ppm, (unsigned) TD_PROFILE_MAX_EPS_PPM);
	if (s->capacity < MIN_CAPACITY)
		return td_fail(env, TD_EARG, "profile capacity %u is below the minimum of %u",
					   (unsigned) s->capacity, (unsigned) MIN_CAPACITY);
	return TD_OK;
}

td_status
td_profile_create(td_env *env, const td_profile_settings *settings, td_profile **out)
{
	td_profile *p;
	td_status	st;

	*out = NULL;
	st = check_settings(env, settings);
	if (st != TD_OK)
		return st;
	p = td_alloc(env, sizeof(*p));
	if (p == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory creating a profile");
	memset(p, 0, sizeof(*p));
	p->env = env;
	p->settings = *settings;
	p->keys_known = true;
	td_u64set_init(&p->keys, env);
	st = resize(p, MIN_SLOTS);
	if (st != TD_OK)
	{
		td_free(env, p);
		return st;
	}
	*out = p;
	return TD_OK;
}

void
td_profile_free(td_profile *p)
{
	if (p == NULL)
		return;
	td_free(p->env, p->slots);
	td_u64set_free(&p->keys);
	td_free(p->env, p);
}

/* ---- adding pages ---------------------------------------------------------- */

/* Non-zero fingerprints strictly ascending: then they are distinct. */
static bool
distinct_sorted(const uint64_t *fps, size_t n)
{
	uint64_t	prev = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		if (fps[i] == 0)
			continue;
		if (fps[i] <= prev)
			return false;
		prev = fps[i];
	}
	return true;
}

static void
count_page_fp(td_profile *p, uint64_t fp)
{
	slot	   *s = probe(p, fp);

	if (s->fp == fp)
	{
		s->count++;
		return;
	}
	s = new_slot(p, fp);
	s->count = 1;
	/* it was on none of the N - 1 earlier pages if E went beyond that */
	s->delta = (uint32_t) (p->error < p->pages - 1 ? p->error : p->pages - 1);
}

td_status
td_profile_add_page(td_profile *p, const uint64_t *fps, size_t n)
{
	int			counted;

	return td_profile_add_keyed_page(p, 0, fps, n, &counted);
}

td_status
td_profile_add_keyed_page(td_profile *p, uint64_t page_key,
						  const uint64_t *fps, size_t n, int *counted)
{
	td_env	   *env = p->env;
	uint64_t   *copy = NULL;
	uint64_t	window;
	td_status	st;
	size_t		i;

	*counted = 0;
	if ((st = check_usable(p)) != TD_OK)
		return st;
	if (page_key != 0 && key_held(p, page_key))
	{
		p->duplicates++;
		return TD_OK;
	}
	if (p->pages >= TD_PROFILE_MAX_PAGES)
		return td_fail(env, TD_ELIMIT, "profile already holds the maximum of %u pages",
					   (unsigned) TD_PROFILE_MAX_PAGES);
	if (!distinct_sorted(fps, n))
	{
		/* document frequency: a duplicate must count once, so sort a copy */
		if (n > SIZE_MAX / sizeof(uint64_t) ||
			(copy = td_alloc(env, n * sizeof(uint64_t))) == NULL)
			return td_fail(env, TD_ENOMEM, "out of memory sorting %zu fingerprints", n);
		memcpy(copy, fps, n * sizeof(uint64_t));
		td_sort_u64(copy, n);
		fps = copy;
	}
	st = reserve(p, (uint64_t) p->entries + n);
	if (st == TD_OK && page_key != 0 && p->keys_known)
		st = key_reserve(p, 1);
	if (st != TD_OK)
	{
		td_free(env, copy);
		return st;
	}

	p->pages++;
	key_insert(p, page_key);
	*counted = 1;
	/* zeros are "not counted"; in a sorted copy, duplicates are neighbours */
	for (i = 0; i < n; i++)
		if (fps[i] != 0 && (copy == NULL || i == 0 || fps[i] != fps[i - 1]))
			count_page_fp(p, fps[i]);
	td_free(env, copy);

	if (p->settings.eps_ppm != 0)
	{
		window = (TD_PROFILE_MAX_EPS_PPM + p->settings.eps_ppm - 1) / p->settings.eps_ppm;
		if (p->pages % window == 0 && eps_bound(p) > p->error)
			prune(p, eps_bound(p));
	}
	return TD_OK;
}

/* ---- merging --------------------------------------------------------------- */

/*
 * The duplicate tallies of dst += src (keys reserved before): a key held by
 * both is a page counted in both; keys beyond the capacity make their pages
 * unchecked.  Without the keys of either side, none are known after.
 */
static td_status
merge_keys(td_profile *dst, const td_profile *src)
{
	size_t		i;

	dst->duplicates += src->duplicates;
	dst->skipped += src->skipped;
	dst->overcounted += src->overcounted;
	dst->unchecked += src->unchecked;
	if (!dst->keys_known || !src->keys_known)
	{
		dst->keys_known = false;
		td_u64set_free(&dst->keys);
		return TD_OK;
	}
	for (i = 0; i < src->keys.nslots; i++)
	{
		uint64_t	key = src->keys.slot[i];

		/* keys of a stored profile are untrusted: they may all share a home */
		if (td_poll_every(dst->env, i + 1, POLL_EVERY))
			return td_fail(dst->env, TD_EINTR, "profile merge interrupted");
		if (key == 0)
			continue;
		if (key_held(dst, key))
			dst->overcounted++;
		else
			key_insert(dst, key);
	}
	return TD_OK;
}

td_status
td_profile_merge(td_profile *dst, const td_profile *src)
{
	td_env	   *env = dst->env;
	uint64_t	na = dst->pages;
	uint64_t	eb = src->error;
	size_t		fresh = 0;
	size_t		i;
	td_status	st;

	if ((st = check_usable(dst)) != TD_OK || (st = check_usable(src)) != TD_OK)
		return st;
	if (dst == src)
		return td_fail(env, TD_EARG, "cannot merge a profile into itself");
	if (dst->settings.unit != src->settings.unit)
		return td_fail(env, TD_EARG, "cannot merge a %s profile with a %s profile",
					   dst->settings.unit == TD_UNIT_CHUNK ? "chunk" : "node",
					   src->settings.unit == TD_UNIT_CHUNK ? "chunk" : "node");
	if (dst->settings.fp_scheme != src->settings.fp_scheme)
		return td_fail(env, TD_EARG, "cannot merge profiles of fingerprint schemes %u and %u",
					   (unsigned) dst->settings.fp_scheme, (unsigned) src->settings.fp_scheme);
	if (src->pages > TD_PROFILE_MAX_PAGES - dst->pages)
		return td_fail(env, TD_ELIMIT, "merged profile would hold more than %u pages",
					   (unsigned) TD_PROFILE_MAX_PAGES);
	if (src->skipped > TD_PROFILE_MAX_PAGES - dst->skipped)
		return td_fail(env, TD_ELIMIT, "merged profile would count more than %u skipped pages",
					   (unsigned) TD_PROFILE_MAX_PAGES);
	if (dst->keys_known && src->keys_known &&
		(st = key_reserve(dst, src->keys.n)) != TD_OK)
		return st;

	/* Count the new entries, to size the table exactly; nothing changes yet. */
	for (i = 0; i < src->nslots; i++)
	{
		if (td_poll_every(env, i + 1, POLL_EVERY))
			return td_fail(env, TD_EINTR, "profile merge interrupted");
		if (src->slots[i].fp != 0 && probe(dst, src->slots[i].fp)->fp == 0)
			fresh++;
	}
	if ((st = reserve(dst, (uint64_t) dst->entries + fresh)) != TD_OK)
		return st;

	/*
	 * From here on an interruption leaves a half-merged table.  An fp of dst
	 * only gets delta + Eb: first give that to all, then correct the common
	 * ones.  An fp of src only was on at most E - Eb pages of dst (E grows if
	 * the capacity rule prunes during the merge) and on at most Na.
	 */
	if (merge_keys(dst, src) != TD_OK)
	{
		dst->incomplete = true;
		return TD_EINTR;
	}
	dst->pages += src->pages;
	dst->error += eb;
	if (eb != 0)
		for (i = 0; i < dst->nslots; i++)
			if (dst->slots[i].fp != 0)
				dst->slots[i].delta += (uint32_t) eb;
	for (i = 0; i < src->nslots; i++)
	{
		const slot *b = &src->slots[i];
		slot	   *s;

		if (td_poll_every(env, i + 1, POLL_EVERY))
		{
			dst->incomplete = true;
			return td_fail(env, TD_EINTR, "profile merge interrupted");
		}
		if (b->fp == 0)
			continue;
		s = probe(dst, b->fp);
		if (s->fp == b->fp)
		{
			s->count += b->count;
			s->delta = (uint32_t) (s->delta - eb + b->delta);
			continue;
		}
		s = new_slot(dst, b->fp);
		s->count = b->count;
		s->delta = (uint32_t) (b->delta + (dst->error - eb < na ? dst->error - eb : na));
	}
	return TD_OK;
}

/* ---- accessors -------------------------------------------------------------- */

uint64_t
td_profile_pages(const td_profile *p)
{
	return p->pages;
}

uint64_t
td_profile_error(const td_profile *p)
{
	return p->error;
}

uint64_t
td_profile_duplicates(const td_profile *p)
{
	return p->duplicates;
}

uint64_t
td_profile_overcounted(const td_profile *p)
{
	return p->overcounted;
}

td_status
td_profile_skip_page(td_profile *p)
{
	if (p->skipped >= TD_PROFILE_MAX_PAGES)
		return td_fail(p->env, TD_ELIMIT, "profile cannot count more than %u skipped pages",
					   (unsigned) TD_PROFILE_MAX_PAGES);
	p->skipped++;
	return TD_OK;
}

uint64_t
td_profile_skipped(const td_profile *p)
{
	return p->skipped;
}

uint8_t
td_profile_unit(const td_profile *p)
{
	return p->settings.unit;
}

void
td_profile_set_dedup_capacity(td_profile *p, uint32_t dedup_capacity)
{
	p->settings.dedup_capacity = dedup_capacity;
}

size_t
td_profile_entries(const td_profile *p)
{
	return p->entries;
}

size_t
td_profile_memory(const td_profile *p)
{
	return sizeof(*p) + p->nslots * sizeof(slot) + p->keys.nslots * sizeof(uint64_t);
}

/* ---- serialized form ---------------------------------------------------------- */

/* The held page keys, sorted, in a new array (NULL when none: nothing allocated). */
static td_status
sorted_page_keys(const td_profile *p, uint64_t **out)
{
	size_t		i,
				n = 0;

	*out = NULL;
	if (p->keys.n == 0)
		return TD_OK;
	*out = td_alloc(p->env, p->keys.n * sizeof(uint64_t));
	if (*out == NULL)
		return td_fail(p->env, TD_ENOMEM, "out of memory sorting %zu page keys", p->keys.n);
	for (i = 0; i < p->keys.nslots; i++)
		if (p->keys.slot[i] != 0)
			(*out)[n++] = p->keys.slot[i];
	td_sort_u64(*out, n);
	return TD_OK;
}

static td_status
serialize(const td_profile *p, td_buf *out, bool with_keys)
{
	td_env	   *env = p->env;
	uint64_t   *fps;
	uint64_t   *keys = NULL;
	td_profile_view h;
	uint8_t    *b;
	size_t		total;
	size_t		nk;
	size_t		n = 0;
	size_t		i;
	td_status	st;

	if ((st = check_usable(p)) != TD_OK)
		return st;
	with_keys = with_keys && p->keys_known;
	nk = with_keys ? p->keys.n : 0;
	if (p->entries > (SIZE_MAX - TD_PROFILE_HEADER_SIZE - 1 - out->len) / 32 ||
		nk > (SIZE_MAX - TD_PROFILE_HEADER_SIZE - 1 - out->len) / 32)
		return td_fail(env, TD_ENOMEM, "serialized profile size overflows");
	total = TD_PROFILE_HEADER_SIZE + p->entries * TD_PROFILE_ENTRY_SIZE + nk * TD_PROFILE_KEY_SIZE;

	/* Sort copies of the keys: the tables' order must stay the hash order. */
	fps = td_alloc(env, p->entries * sizeof(uint64_t));
	if (fps == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory sorting %zu profile entries", p->entries);
	if ((with_keys && (st = sorted_page_keys(p, &keys)) != TD_OK) ||
		(st = td_grow(out->env, (void **) &out->data, &out->cap, out->len + total + 1, 1)) != TD_OK)
	{
		td_free(env, fps);
		td_free(env, keys);
		return st;
	}
	for (i = 0; i < p->nslots; i++)
		if (p->slots[i].fp != 0)
			fps[n++] = p->slots[i].fp;
	td_sort_u64(fps, n);

	memset(&h, 0, sizeof(h));
	h.unit = p->settings.unit;
	h.flags = with_keys ? TD_PROFILE_F_KEYS : 0;
	h.fp_scheme = p->settings.fp_scheme;
	h.eps_ppm = p->settings.eps_ppm;
	h.pages = p->pages;
	h.error = p->error;
	h.n_entries = n;
	h.duplicates = p->duplicates;
	h.overcounted = p->overcounted;
	h.unchecked = p->unchecked;
	h.skipped = p->skipped;
	h.n_keys = nk;
	b = (uint8_t *) out->data + out->len;
	td_profile_put_header(b, &h);
	b += TD_PROFILE_HEADER_SIZE;
	for (i = 0; i < n; i++, b += TD_PROFILE_ENTRY_SIZE)
	{
		const slot *s = probe(p, fps[i]);

		td_profile_put_entry(b, s->fp, s->count, s->delta);
	}
	for (i = 0; i < nk; i++, b += TD_PROFILE_KEY_SIZE)
		td_profile_put_key(b, keys[i]);
	td_profile_seal((uint8_t *) out->data + out->len, total);
	out->len += total;
	td_free(env, fps);
	td_free(env, keys);
	return TD_OK;
}

td_status
td_profile_serialize(const td_profile *p, td_buf *out)
{
	return serialize(p, out, false);
}

td_status
td_profile_serialize_state(const td_profile *p, td_buf *out)
{
	return serialize(p, out, true);
}

td_status
td_profile_deserialize(td_env *env, const void *bytes, size_t len,
					   uint32_t capacity, td_profile **out)
{
	td_profile_settings settings;
	td_profile_view v;
	td_profile *p;
	td_status	st;
	uint64_t	i;

	*out = NULL;
	if ((st = td_profile_view_init(env, bytes, len, &v)) != TD_OK)
		return st;
	if (capacity == 0)
		capacity = v.n_entries < LOAD_CAPACITY ? LOAD_CAPACITY :
			v.n_entries > UINT32_MAX ? UINT32_MAX : (uint32_t) v.n_entries;
	settings.unit = v.unit;
	settings.fp_scheme = v.fp_scheme;
	settings.eps_ppm = v.eps_ppm;
	settings.capacity = capacity;
	settings.dedup_capacity = (uint32_t) v.n_keys;	/* <= pages <= UINT32_MAX */
	if ((st = td_profile_create(env, &settings, &p)) != TD_OK)
		return st;
	p->pages = v.pages;
	p->error = v.error;
	p->duplicates = v.duplicates;
	p->overcounted = v.overcounted;
	p->unchecked = v.unchecked;
	p->skipped = v.skipped;
	/* the stored form has no keys: which pages it counted is unknown */
	p->keys_known = (v.flags & TD_PROFILE_F_KEYS) != 0;
	if ((st = reserve(p, v.n_entries)) != TD_OK ||
		(st = key_reserve(p, (size_t) v.n_keys)) != TD_OK)
	{
		td_profile_free(p);
		return st;
	}
	for (i = 0; i < v.n_keys; i++)
	{
		/* untrusted keys may all share a home slot: the probing can be long */
		if (td_poll_every(env, i + 1, POLL_EVERY))
		{
			td_profile_free(p);
			return td_fail(env, TD_EINTR, "profile deserialization interrupted");
		}
		key_insert(p, td_profile_view_key(&v, i));
	}
	for (i = 0; i < v.n_entries; i++)
	{
		uint64_t	fp;
		uint32_t	count,
					delta;
		slot	   *s;

		if (td_poll_every(env, i + 1, POLL_EVERY))
		{
			td_profile_free(p);
			return td_fail(env, TD_EINTR, "profile deserialization interrupted");
		}
		/* distinct by validation; beyond the capacity, new_slot prunes */
		td_profile_view_entry(&v, i, &fp, &count, &delta);
		s = new_slot(p, fp);
		s->count = count;
		s->delta = delta;
	}
	*out = p;
	return TD_OK;
}
