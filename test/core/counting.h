/*
 * counting.h — a td_env for the core unit tests that fails allocations on
 * demand and counts live blocks, so a test can run a call with a budget of
 * k allocations for every k and check TD_ENOMEM with nothing leaked; and
 * that reports an interrupt on demand.  Use as
 *     counting c = {0, -1, 0};
 *     td_env env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
 */
#ifndef TD_COUNTING_H
#define TD_COUNTING_H

#include <stdlib.h>

#include "base/env.h"

typedef struct counting
{
	long		live;			/* blocks allocated and not freed */
	long		budget;			/* allocations left; < 0 unlimited */
	int			interrupt;		/* what interrupted() answers */
} counting;

static void *
c_alloc(void *arg, size_t size)
{
	counting   *c = arg;
	void	   *p;

	if (c->budget == 0)
		return NULL;
	if (c->budget > 0)
		c->budget--;
	p = malloc(size);
	c->live += p != NULL;
	return p;
}

static void *
c_realloc(void *arg, void *p, size_t old, size_t size)
{
	counting   *c = arg;
	void	   *np;

	(void) old;
	if (c->budget == 0)
		return NULL;
	if (c->budget > 0)
		c->budget--;
	np = realloc(p, size);
	c->live += np != NULL && p == NULL;
	return np;
}

static void
c_free(void *arg, void *p)
{
	counting   *c = arg;

	c->live -= p != NULL;
	free(p);
}

static int
c_interrupted(void *arg)
{
	return ((counting *) arg)->interrupt;
}

#endif
