/*
 * outurl.c — the URLs the output renderers let through (outurl.h).
 */
#include <string.h>
#include <strings.h>

#include "output/outurl.h"
#include "util/url.h"

const char *
td_out_base(td_env *env, const char *base, size_t *len)
{
	td_buf		probe;
	td_status	st;

	if (base == NULL || *len == 0)
	{
		*len = 0;
		return NULL;
	}
	td_buf_init(&probe, env);
	st = td_url_resolve(env, base, *len, "", 0, &probe);
	td_buf_free(&probe);
	if (st != TD_OK)
	{
		*len = 0;
		return NULL;
	}
	return base;
}

td_status
td_out_url(td_env *env, const char *base, size_t base_len, const char *ref,
		   size_t ref_len, int allow_mailto, td_buf *out, int *ok)
{
	char		clean[TD_URL_MAX_LEN];
	size_t		n = 0;
	size_t		start = 0,
				end = ref_len;
	td_url_parts parts;
	size_t		mark = out->len;
	td_status	st;

	*ok = 0;
	/* what a browser ignores: blanks and controls at the ends, tab and line feeds inside */
	while (start < end && (unsigned char) ref[start] <= ' ')
		start++;
	while (end > start && (unsigned char) ref[end - 1] <= ' ')
		end--;
	for (size_t i = start; i < end; i++)
	{
		unsigned char c = (unsigned char) ref[i];

		if (c == '\t' || c == '\n' || c == '\r')
			continue;
		if (c < ' ' || c == 0x7F || n == sizeof(clean))
			return TD_OK;		/* a control, or longer than any URL we write */
		clean[n++] = (char) c;
	}
	/* a script scheme anywhere (the rule explain_html's attributes follow too) */
	if (td_url_script_anywhere(clean, n))
		return TD_OK;
	td_url_split(clean, n, &parts);
	if (parts.scheme.defined && td_url_web_scheme(&parts) == 0)
	{
		if (!allow_mailto || parts.scheme.n != 6 || strncasecmp(parts.scheme.p, "mailto", 6) != 0)
			return TD_OK;
		st = td_buf_append(out, clean, n);
		*ok = st == TD_OK;
		return st;
	}
	if (!parts.scheme.defined && base == NULL)
	{
		/* relative, nothing to resolve it against: as written (no scheme, so no script) */
		if (n == 0)
			return TD_OK;
		st = td_buf_append(out, clean, n);
		*ok = st == TD_OK;
		return st;
	}
	st = td_url_resolve(env, parts.scheme.defined ? NULL : base, parts.scheme.defined ? 0 : base_len,
						clean, n, out);
	if (st == TD_EARG)
	{
		out->len = mark;		/* an unusable address: left out */
		return TD_OK;
	}
	*ok = st == TD_OK;
	return st;
}
