/*
 * tagbound.h — the tag scanner that runs over the decoded text before
 * libxml2 parses it (tagbound.c): it bounds the attributes of each start
 * tag, has libxml2 read attribute names as HTML does, and follows the HTML
 * script escape states as browsers do.  Where a
 * script ends is exported, so that the sandwich's token units (sandwich.h)
 * cut a page's scripts where its tree does.
 */
#ifndef TD_TAGBOUND_H
#define TD_TAGBOUND_H

#include "base/env.h"

/*
 * Drops the attributes of a start tag past the MAX_TAG_ATTRS-th and makes
 * libxml2 read an attribute name it would not ("@click", "(click)") as HTML
 * does, so that the tag ends where a browser ends it (tagbound.c), copying
 * the text only when some tag needs it; *owned is replaced by the copy (and
 * the old one freed).
 */
td_status	td_bound_attrs(td_env *env, const char **text, size_t *text_len, char **owned);

/*
 * Like td_bound_attrs, and each start tag keeps only the attributes
 * td_fingerprints reads (the first src and data): for trees whose other
 * attributes nobody reads (td_limits.media_attrs_only).
 */
td_status	td_slim_attrs(td_env *env, const char **text, size_t *text_len, char **owned);

/*
 * Offset of the "</" that ends the text of a script starting at i (right
 * after its start tag), or len when nothing does: the first "</script"
 * followed by a byte that is not a name byte (so not "</scripts"), outside
 * the text HTML's script escape states call double-escaped (after "<!--"
 * then "<script", until "</script" or "-->"), where browsers keep an inner
 * "</script>" (document.write('<script src=x></script>')).
 */
size_t		td_script_end(const char *s, size_t len, size_t i);

#endif							/* TD_TAGBOUND_H */
