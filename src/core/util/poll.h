/*
 * poll.h — polling env->interrupted from loops that untrusted input can make
 * long (decoding, tag scanning, the sandwich's units).
 */
#ifndef TD_POLL_H
#define TD_POLL_H

#include "base/env.h"

/*
 * Bytes between two polls of env->interrupted while a page is decoded and
 * scanned before libxml2 sees it: a 64 MB page is a few hundred ms of work.
 */
#define POLL_BYTES ((size_t) 4 << 20)

/*
 * Whether env asks to stop, asked when pos has passed *next_poll (then moved
 * POLL_BYTES further): decoding and scanning a 64 MB page can be cancelled.
 */
static inline int
td_poll_bytes(td_env *env, size_t pos, size_t *next_poll)
{
	if (pos < *next_poll)
		return 0;
	*next_poll = pos + POLL_BYTES;
	return env->interrupted(env->arg) != 0;
}

static inline td_status
td_input_interrupted(td_env *env)
{
	return td_fail(env, TD_EINTR, "page decoding interrupted");
}

#endif							/* TD_POLL_H */
