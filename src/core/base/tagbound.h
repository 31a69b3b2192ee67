/*
 * tagbound.h — the tag scanner that runs over the decoded text before
 * libxml2 parses it (tagbound.c): it bounds the attributes of each start
 * tag and follows the HTML script escape states as browsers do.
 */
#ifndef TD_TAGBOUND_H
#define TD_TAGBOUND_H

#include "base/env.h"

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

#endif							/* TD_TAGBOUND_H */
