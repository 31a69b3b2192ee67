/*
 * poll.h — polling env->interrupted from loops that untrusted input can make
 * long.  Two ways: every period-th step of a loop (td_poll_every: nodes,
 * entries, windows), or every POLL_BYTES of input (td_poll_bytes: decoding,
 * tag scanning, the sandwich's units).  Each loop keeps its own period,
 * chosen for the cost of one step.
 */
#ifndef TD_POLL_H
#define TD_POLL_H

#include "base/env.h"

/* Whether env asks to stop (an env without the callback never does). */
static inline int
td_interrupted(td_env *env)
{
	return env->interrupted != NULL && env->interrupted(env->arg) != 0;
}

/*
 * Whether env asks to stop, asked only when tick is a multiple of period (a
 * power of two).  A loop over i passes i to poll at its first step and every
 * period after, or i + 1 to poll first at step period - 1.
 */
static inline int
td_poll_every(td_env *env, uint64_t tick, uint64_t period)
{
	return (tick & (period - 1)) == 0 && td_interrupted(env);
}

/*
 * Bytes between two polls of env->interrupted while a page is decoded and
 * scanned before libxml2 sees it: a 64 MB page is a few hundred ms of work.
 */
#define POLL_BYTES ((size_t) 4 << 20)

/*
 * Whether env asks to stop, asked when a running total pos (bytes read,
 * comparisons made) has passed *next_poll, which then moves step further.
 */
static inline int
td_poll_past(td_env *env, uint64_t pos, uint64_t *next_poll, uint64_t step)
{
	if (pos < *next_poll)
		return 0;
	*next_poll = pos + step;
	return td_interrupted(env);
}

/*
 * td_poll_past every POLL_BYTES of input: decoding and scanning a 64 MB page
 * can be cancelled.
 */
static inline int
td_poll_bytes(td_env *env, size_t pos, size_t *next_poll)
{
	uint64_t	next = *next_poll;
	int			stop = td_poll_past(env, pos, &next, POLL_BYTES);

	*next_poll = (size_t) next;
	return stop;
}

static inline td_status
td_input_interrupted(td_env *env)
{
	return td_fail(env, TD_EINTR, "page decoding interrupted");
}

#endif							/* TD_POLL_H */
