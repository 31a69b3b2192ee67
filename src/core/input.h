/*
 * input.h — what the page bytes go through before libxml2 sees them
 * (internal to the parser: dom.c, decode.c, tagbound.c).
 */
#ifndef TD_INPUT_H
#define TD_INPUT_H

#include "td_env.h"

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

/*
 * Turns the page bytes into valid UTF-8 without NUL: *text points at the
 * input itself when no change is needed, else at *owned (to free with
 * td_free).
 */
td_status	td_decode_input(td_env *env, const char *html, size_t len, const char *encoding,
							const char **text, size_t *text_len, char **owned);

/*
 * Drops the attributes of a start tag past the MAX_TAG_ATTRS-th (tagbound.c),
 * copying the text only when some tag has more; *owned is replaced by the
 * copy (and the old one freed).
 */
td_status	td_bound_attrs(td_env *env, const char **text, size_t *text_len, char **owned);

/*
 * Like td_bound_attrs, and each start tag keeps only the attributes
 * td_fingerprints reads (the first src and data): for trees whose other
 * attributes nobody reads (td_limits.media_attrs_only).
 */
td_status	td_slim_attrs(td_env *env, const char **text, size_t *text_len, char **owned);

#endif							/* TD_INPUT_H */
