/*
 * u64set.h — a set of 64-bit keys (a profile's page keys, the sandwich's
 * unit hashes): open addressing with linear probing at a load of at most
 * 1/2.  It grows only in td_u64set_reserve, so adding keys whose room was
 * reserved cannot fail: a caller reserves, then changes its own state
 * without a failure half-way.
 *
 * Keys are mixed before probing: keys read back from stored bytes may be
 * anything (small integers, patterns), and the mix keeps them from piling
 * into one run.  Keys chosen to collide still make long probes: a caller
 * adding untrusted keys polls for interrupts between adds.
 *
 * 0 marks an empty slot, so the key 0 is held aside (has_zero).  The slots
 * may be walked (slot[0..nslots), skipping 0) for the keys in probe order,
 * which depends only on the keys added and the reservations made.
 */
#ifndef TD_U64SET_H
#define TD_U64SET_H

#include "base/env.h"

typedef struct td_u64set
{
	td_env	   *env;
	uint64_t   *slot;			/* nslots keys, 0 = empty; NULL while nslots is 0 */
	size_t		nslots;			/* 0, or a power of two >= 16 */
	size_t		n;				/* keys held, 0 included */
	int			has_zero;		/* whether 0 is held */
} td_u64set;

/* An empty set; nothing is allocated until td_u64set_reserve. */
void		td_u64set_init(td_u64set *s, td_env *env);

/* Frees the slots; the set is empty and usable again. */
void		td_u64set_free(td_u64set *s);

/*
 * Makes room for n keys in all, so that adding keys until the set holds n
 * cannot fail.  TD_ENOMEM leaves the set as it was.
 */
td_status	td_u64set_reserve(td_u64set *s, size_t n);

/*
 * Adds key: 1 when it was new, 0 when it was held already, -1 (nothing
 * added) when no room was reserved for it.
 */
int			td_u64set_add(td_u64set *s, uint64_t key);

/* Whether key is held. */
int			td_u64set_has(const td_u64set *s, uint64_t key);

#endif							/* TD_U64SET_H */
