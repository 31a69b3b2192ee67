/*
 * outurl.h — the URLs the output renderers (safehtml.c, markdown.c) let
 * through: a page's link or image address made safe to follow.
 */
#ifndef TD_OUTURL_H
#define TD_OUTURL_H

#include "base/env.h"

/*
 * The base URL of a render: base (may be NULL) when it is an absolute
 * http(s) URL td_url_resolve accepts, else none (*len 0, NULL returned), as
 * the page-level features read an unusable base_url: relative links are
 * then left as written.
 */
const char *td_out_base(td_env *env, const char *base, size_t *len);

/*
 * Appends the safe form of the address ref to out and sets *ok, or leaves
 * out as it was and sets *ok to 0 (the link or image is then left out):
 *   - an http or https URL, or a relative one with a base: resolved and
 *     normalised (td_url_resolve);
 *   - a relative one without a base: as written, minus what browsers
 *     ignore (tabs, line feeds, leading and trailing blanks and controls);
 *   - mailto: as written, when allow_mailto;
 *   - any other scheme (javascript:, data:, vbscript:, file:...), a
 *     control character, or "javascript:" or "vbscript:" anywhere (any
 *     case): refused.
 * The scheme is read as a browser reads it, after the clean-up, so
 * "java\tscript:" is refused too.  TD_ENOMEM only.
 */
td_status	td_out_url(td_env *env, const char *base, size_t base_len, const char *ref,
					   size_t ref_len, int allow_mailto, td_buf *out, int *ok);

#endif							/* TD_OUTURL_H */
