/*
 * u64set.c — the set of 64-bit keys of u64set.h.
 */
#include <string.h>

#include "util/u64set.h"

#define MIN_SLOTS 16

/* The home slot of key 0 < key in a table of nslots (a power of two). */
static inline size_t
home(uint64_t key, size_t nslots)
{
	key ^= key >> 31;
	key *= 0x94d049bb133111ebULL;
	key ^= key >> 29;
	return (size_t) key & (nslots - 1);
}

/* The slot holding key (not 0), or the empty slot where it would go; nslots > 0. */
static uint64_t *
probe(uint64_t *slot, size_t nslots, uint64_t key)
{
	size_t		mask = nslots - 1;
	size_t		i = home(key, nslots);

	while (slot[i] != key && slot[i] != 0)
		i = (i + 1) & mask;
	return &slot[i];
}

void
td_u64set_init(td_u64set *s, td_env *env)
{
	memset(s, 0, sizeof(*s));
	s->env = env;
}

void
td_u64set_free(td_u64set *s)
{
	td_free(s->env, s->slot);
	td_u64set_init(s, s->env);
}

td_status
td_u64set_reserve(td_u64set *s, size_t n)
{
	size_t		nslots = MIN_SLOTS;
	uint64_t   *fresh;
	size_t		i;

	if (n == 0)
		return TD_OK;
	while (nslots / 2 < n)
	{
		if (nslots > SIZE_MAX / 2 / sizeof(uint64_t))
			return td_fail(s->env, TD_ENOMEM, "a set of %zu keys overflows", n);
		nslots *= 2;
	}
	if (nslots <= s->nslots)
		return TD_OK;
	fresh = td_alloc(s->env, nslots * sizeof(uint64_t));
	if (fresh == NULL)
		return td_fail(s->env, TD_ENOMEM, "out of memory growing a set of keys to %zu slots",
					   nslots);
	memset(fresh, 0, nslots * sizeof(uint64_t));
	for (i = 0; i < s->nslots; i++)
		if (s->slot[i] != 0)
			*probe(fresh, nslots, s->slot[i]) = s->slot[i];
	td_free(s->env, s->slot);
	s->slot = fresh;
	s->nslots = nslots;
	return TD_OK;
}

int
td_u64set_add(td_u64set *s, uint64_t key)
{
	uint64_t   *at;

	if (key == 0)
	{
		if (s->has_zero)
			return 0;
		s->has_zero = 1;
		s->n++;
		return 1;
	}
	if (s->nslots == 0)
		return -1;
	at = probe(s->slot, s->nslots, key);
	if (*at == key)
		return 0;
	/* the load stays at most 1/2 */
	if (s->n - (size_t) s->has_zero >= s->nslots / 2)
		return -1;
	*at = key;
	s->n++;
	return 1;
}

int
td_u64set_has(const td_u64set *s, uint64_t key)
{
	if (key == 0)
		return s->has_zero;
	return s->nslots > 0 && *probe(s->slot, s->nslots, key) == key;
}
