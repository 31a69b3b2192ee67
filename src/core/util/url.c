/*
 * url.c — the URL module of url.h: the splitter, the site rule, directory
 * and basename, RFC 3986 reference resolution and the normal form, the
 * hyperlink distance of seed 003 Def. 2.2.5, Wayback unwrapping.
 *
 * Everything works on (pointer, length) slices of the input and appends to
 * td_bufs; no recursion, no locale, bounded by TD_URL_MAX_LEN.
 */
#include "util/url.h"

#include <string.h>

#include "util/ascii.h"

static inline unsigned char
lc(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

static inline int
is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline int
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static inline int
hexval(unsigned char c)
{
	if (is_digit(c))
		return c - '0';
	c = lc(c);
	return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

static inline unsigned char
toupper_hex(unsigned char c)
{
	return (c >= 'a' && c <= 'f') ? c - ('a' - 'A') : c;
}

static inline int
is_unreserved(unsigned char c)
{
	return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

/* Bytes written percent-encoded wherever they appear (WHATWG's path set). */
static inline int
must_encode(unsigned char c)
{
	return c <= 0x20 || c >= 0x7f || c == '"' || c == '<' || c == '>' ||
		c == '`' || c == '{' || c == '}';
}

/* a and b are equal, ASCII case ignored (schemes, hosts). */
static int
same_ci(const char *a, size_t an, const char *b, size_t bn)
{
	if (an != bn)
		return 0;
	for (size_t k = 0; k < an; k++)
		if (lc(a[k]) != lc(b[k]))
			return 0;
	return 1;
}

/*
 * Browsers' clean-up of an href: C0 controls and spaces trimmed at both
 * ends, tab/CR/LF removed inside, '\' read as '/' before the query.
 */
static td_status
clean_ref(const char *s, size_t n, td_buf *out)
{
	int			in_query = 0;
	td_status	st;

	while (n > 0 && (unsigned char) s[0] <= 0x20)
		s++, n--;
	while (n > 0 && (unsigned char) s[n - 1] <= 0x20)
		n--;
	for (size_t k = 0; k < n; k++)
	{
		char		c = s[k];

		if (c == '\t' || c == '\n' || c == '\r')
			continue;
		if (c == '?' || c == '#')
			in_query = 1;
		if (c == '\\' && !in_query)
			c = '/';
		if ((st = td_buf_putc(out, c)) != TD_OK)
			return st;
	}
	return TD_OK;
}

/* RFC 3986 Appendix B (url.h); td_url_resolve splits a cleaned reference. */
void
td_url_split(const char *s, size_t n, td_url_parts *r)
{
	size_t		k = 0,
				e;

	memset(r, 0, sizeof(*r));
	if (n > 0 && is_alpha(s[0]))
	{
		for (e = 1; e < n && (is_alpha(s[e]) || is_digit(s[e]) || s[e] == '+' ||
							  s[e] == '-' || s[e] == '.'); e++)
			;
		if (e < n && s[e] == ':')
		{
			r->scheme = (td_url_slice) {s, e, 1};
			k = e + 1;
		}
	}
	if (n - k >= 2 && s[k] == '/' && s[k + 1] == '/')
	{
		for (e = k + 2; e < n && s[e] != '/' && s[e] != '?' && s[e] != '#'; e++)
			;
		r->authority = (td_url_slice) {s + k + 2, e - k - 2, 1};
		k = e;
	}
	for (e = k; e < n && s[e] != '?' && s[e] != '#'; e++)
		;
	r->path = (td_url_slice) {s + k, e - k, 1};
	k = e;
	if (k < n && s[k] == '?')
	{
		for (e = k + 1; e < n && s[e] != '#'; e++)
			;
		r->query = (td_url_slice) {s + k + 1, e - k - 1, 1};
		k = e;
	}
	if (k < n)
		r->fragment = (td_url_slice) {s + k + 1, n - k - 1, 1};
}

/* Appends s with the percent-encoding normalised (url.h). */
static td_status
put_pct(td_buf *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	td_status	st = TD_OK;

	for (size_t k = 0; k < n && st == TD_OK; k++)
	{
		unsigned char c = (unsigned char) s[k];

		if (c == '%' && k + 2 < n &&
			hexval(s[k + 1]) >= 0 && hexval(s[k + 2]) >= 0)
		{
			unsigned char d = (unsigned char) (hexval(s[k + 1]) * 16 + hexval(s[k + 2]));

			if (is_unreserved(d))
				st = td_buf_putc(out, (char) d);
			else
			{
				char		enc[3] = {'%', hex[d >> 4], hex[d & 15]};

				st = td_buf_append(out, enc, 3);
			}
			k += 2;
		}
		else if (c == '%' || must_encode(c))
		{
			char		enc[3] = {'%', hex[c >> 4], hex[c & 15]};

			st = td_buf_append(out, enc, 3);
		}
		else
			st = td_buf_putc(out, (char) c);
	}
	return st;
}

/* Removes the last segment and its '/' from out (RFC 3986 §5.2.4 C). */
static void
pop_segment(td_buf *out, size_t floor)
{
	while (out->len > floor && out->data[out->len - 1] != '/')
		out->len--;
	if (out->len > floor)
		out->len--;
}

/* RFC 3986 §5.2.4, appending to out; floor is where the path starts in out. */
static td_status
remove_dots(const char *in, size_t n, td_buf *out)
{
	size_t		floor = out->len;
	td_status	st;

	while (n > 0)
	{
		if (n >= 3 && memcmp(in, "../", 3) == 0)
			in += 3, n -= 3;
		else if (n >= 2 && memcmp(in, "./", 2) == 0)
			in += 2, n -= 2;
		else if (n >= 3 && memcmp(in, "/./", 3) == 0)
			in += 2, n -= 2;
		else if (n == 2 && memcmp(in, "/.", 2) == 0)
			return td_buf_putc(out, '/');
		else if (n >= 4 && memcmp(in, "/../", 4) == 0)
		{
			in += 3, n -= 3;
			pop_segment(out, floor);
		}
		else if (n == 3 && memcmp(in, "/..", 3) == 0)
		{
			pop_segment(out, floor);
			return td_buf_putc(out, '/');
		}
		else if ((n == 1 && in[0] == '.') || (n == 2 && in[0] == '.' && in[1] == '.'))
			return TD_OK;
		else
		{
			size_t		e = (in[0] == '/') ? 1 : 0;

			while (e < n && in[e] != '/')
				e++;
			if ((st = td_buf_append(out, in, e)) != TD_OK)
				return st;
			in += e, n -= e;
		}
	}
	return TD_OK;
}

/*
 * Appends the normal form of an authority: userinfo as written, host
 * lower-case without a trailing dot, port without leading zeros and without
 * the scheme's default.  TD_EARG when it is not a usable host.
 */
static td_status
put_authority(td_env *env, td_buf *out, td_url_slice a, int https)
{
	size_t		hs = 0,
				he,
				ps,
				k;
	unsigned long port = 0;
	int			has_port = 0;
	td_status	st;

	for (k = a.n; k > 0; k--)
		if (a.p[k - 1] == '@')
		{
			hs = k;
			break;
		}
	if (hs > 0 && (st = put_pct(out, a.p, hs)) != TD_OK)
		return st;
	if (hs < a.n && a.p[hs] == '[')
	{
		for (he = hs + 1; he < a.n && a.p[he] != ']'; he++)
			if (!(hexval(a.p[he]) >= 0 || a.p[he] == ':' || a.p[he] == '.'))
				return td_fail(env, TD_EARG, "invalid IPv6 host in URL");
		if (he >= a.n)
			return td_fail(env, TD_EARG, "unclosed IPv6 host in URL");
		he++;
	}
	else
		for (he = hs; he < a.n && a.p[he] != ':'; he++)
		{
			unsigned char c = (unsigned char) a.p[he];

			if (!(is_alpha(c) || is_digit(c) || c >= 0x80 || (c != 0 && strchr("-._~!$&'()*+,;=%", c))))
				return td_fail(env, TD_EARG, "invalid character in URL host");
		}
	ps = he;
	if (ps < a.n)
	{
		if (a.p[ps] != ':')
			return td_fail(env, TD_EARG, "invalid URL host");
		for (k = ps + 1; k < a.n; k++)
		{
			if (!is_digit(a.p[k]))
				return td_fail(env, TD_EARG, "invalid port in URL");
			port = port * 10 + (unsigned long) (a.p[k] - '0');
			if (port > 65535)
				return td_fail(env, TD_EARG, "port out of range in URL");
			has_port = 1;
		}
	}
	while (he > hs + 1 && a.p[he - 1] == '.' && a.p[hs] != '[')
		he--;					/* "x.org." names x.org */
	if (he == hs)
		return td_fail(env, TD_EARG, "URL without a host");
	/* lower-case; non-ASCII bytes (IDN hosts not in punycode) percent-encoded, as is any
	 * %XX, upper-case, so the result is ASCII and a fixed point */
	for (k = hs; k < he; k++)
	{
		unsigned char c = (unsigned char) a.p[k];

		if (c >= 0x80 || (c == '%' && !(k + 2 < he && hexval(a.p[k + 1]) >= 0 &&
										hexval(a.p[k + 2]) >= 0)))
			st = put_pct(out, a.p + k, 1);
		else if (c == '%')
		{
			char		enc[3] = {'%', (char) toupper_hex(a.p[k + 1]), (char) toupper_hex(a.p[k + 2])};

			st = td_buf_append(out, enc, 3);
			k += 2;
		}
		else
			st = td_buf_putc(out, (char) lc(c));
		if (st != TD_OK)
			return st;
	}
	if (has_port && port != (https ? 443UL : 80UL))
	{
		char		num[8];
		int			len = 0;
		char		rev[8];

		do
			rev[len++] = (char) ('0' + port % 10);
		while ((port /= 10) > 0);
		num[0] = ':';
		for (int i = 0; i < len; i++)
			num[1 + i] = rev[len - 1 - i];
		if ((st = td_buf_append(out, num, (size_t) len + 1)) != TD_OK)
			return st;
	}
	return TD_OK;
}

/* The scheme of a parsed reference: 1 http, 2 https, 0 anything else. */
static int
web_scheme(td_url_slice s)
{
	if (same_ci(s.p, s.n, "http", 4))
		return 1;
	if (same_ci(s.p, s.n, "https", 5))
		return 2;
	return 0;
}

int
td_url_web_scheme(const td_url_parts *parts)
{
	return web_scheme(parts->scheme);
}

static int
url_ignored(char c)
{
	return c == '\t' || c == '\n' || c == '\r';
}

int
td_url_script_anywhere(const char *s, size_t n)
{
	static const char *const words[] = {"javascript:", "vbscript:"};

	for (size_t i = 0; i < n; i++)
	{
		if (url_ignored(s[i]))
			continue;
		for (int w = 0; w < 2; w++)
		{
			const char *p = words[w];
			size_t		j = i;

			for (; *p && j < n; j++)
			{
				char		c = s[j];

				if (url_ignored(c))
					continue;
				if ((c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c) != *p)
					break;
				p++;
			}
			if (*p == '\0')
				return 1;
		}
	}
	return 0;
}

/* The normal form of an absolute reference r, appended to out. */
static td_status
put_absolute(td_env *env, const td_url_parts *r, td_buf *out)
{
	td_buf		path;
	int			scheme = web_scheme(r->scheme);
	td_status	st;

	if (scheme == 0)
		return td_fail(env, TD_EARG, "not an http or https URL");
	if (!r->authority.defined)
		return td_fail(env, TD_EARG, "URL without a host");
	st = td_buf_append(out, scheme == 2 ? "https://" : "http://", scheme == 2 ? 8 : 7);
	if (st == TD_OK)
		st = put_authority(env, out, r->authority, scheme == 2);
	td_buf_init(&path, env);
	if (st == TD_OK)
		st = put_pct(&path, r->path.p, r->path.n);
	if (st == TD_OK)
	{
		size_t		start = out->len;

		st = remove_dots(path.data ? path.data : "", path.len, out);
		if (st == TD_OK && (out->len == start || out->data[start] != '/'))
		{
			/* an empty (or dot-only) path is "/" */
			size_t		seg = out->len - start;

			if ((st = td_buf_putc(out, '/')) == TD_OK && seg > 0)
			{
				memmove(out->data + start + 1, out->data + start, seg);
				out->data[start] = '/';
			}
		}
	}
	td_buf_free(&path);
	if (st == TD_OK && r->query.defined && r->query.n > 0)
	{
		if ((st = td_buf_putc(out, '?')) == TD_OK)
			st = put_pct(out, r->query.p, r->query.n);
	}
	return st;
}

td_status
td_url_resolve(td_env *env, const char *base, size_t base_len,
			   const char *ref, size_t ref_len, td_buf *out)
{
	td_buf		rb,
				bb,
				merged;
	td_url_parts r,
				b,
				t;
	size_t		start = out->len;
	td_status	st;

	if (ref_len > 4 * (size_t) TD_URL_MAX_LEN || (base && base_len > 4 * (size_t) TD_URL_MAX_LEN))
		return td_fail(env, TD_EARG, "URL longer than %d bytes", TD_URL_MAX_LEN);
	td_buf_init(&rb, env);
	td_buf_init(&bb, env);
	td_buf_init(&merged, env);
	if ((st = clean_ref(ref, ref_len, &rb)) != TD_OK)
		goto done;
	td_url_split(rb.data ? rb.data : "", rb.len, &r);

	if (base == NULL)
	{
		if (!r.scheme.defined)
		{
			st = td_fail(env, TD_EARG, "relative URL without a base URL");
			goto done;
		}
		st = put_absolute(env, &r, out);
		goto done;
	}

	/* the base, normalised first (an error here is the base's) */
	if ((st = td_url_resolve(env, NULL, 0, base, base_len, &bb)) != TD_OK)
		goto done;
	td_url_split(bb.data, bb.len, &b);

	/* "http:g" with the base's scheme: relative (RFC 3986 §5.4.2, browsers) */
	if (r.scheme.defined && !r.authority.defined &&
		web_scheme(r.scheme) == web_scheme(b.scheme))
		r.scheme.defined = 0;

	if (r.scheme.defined)
	{
		st = put_absolute(env, &r, out);
		goto done;
	}

	/* RFC 3986 §5.2.2 (every path goes through remove_dots in put_absolute) */
	memset(&t, 0, sizeof(t));
	t.scheme = b.scheme;
	if (r.authority.defined)
	{
		t.authority = r.authority;
		t.path = r.path;
		t.query = r.query;
	}
	else
	{
		t.authority = b.authority;
		if (r.path.n == 0)
		{
			t.path = b.path;
			t.query = r.query.defined ? r.query : b.query;
		}
		else
		{
			t.query = r.query;
			if (r.path.p[0] == '/')
				t.path = r.path;
			else
			{
				/* §5.2.3 merge: the base path up to its last '/' (base path is never empty) */
				size_t		last = b.path.n;

				while (last > 0 && b.path.p[last - 1] != '/')
					last--;
				if ((st = td_buf_append(&merged, b.path.p, last)) != TD_OK ||
					(st = td_buf_append(&merged, r.path.p, r.path.n)) != TD_OK)
					goto done;
				t.path = (td_url_slice) {merged.data, merged.len, 1};
			}
		}
	}
	st = put_absolute(env, &t, out);

done:
	if (st == TD_OK && out->len - start > TD_URL_MAX_LEN)
		st = td_fail(env, TD_EARG, "URL longer than %d bytes", TD_URL_MAX_LEN);
	if (st != TD_OK && st != TD_ENOMEM)
		out->len = start;
	td_buf_free(&rb);
	td_buf_free(&bb);
	td_buf_free(&merged);
	return st;
}

/* ---- sites, directories, words ------------------------------------------- */

/* An authority without its userinfo (up to the last '@'). */
static void
skip_userinfo(const char **s, size_t *n)
{
	for (size_t k = *n; k > 0; k--)
		if ((*s)[k - 1] == '@')
		{
			*s += k, *n -= k;
			return;
		}
}

int
td_url_site_host(const td_url_parts *parts, const char **host, size_t *host_len)
{
	const char *s = parts->authority.p;
	size_t		len = parts->authority.n,
				k;

	*host = NULL;
	*host_len = 0;
	if (!parts->authority.defined)
		return 0;
	for (k = 0; k < len && s[k] != '\\'; k++)
		;
	len = k;
	skip_userinfo(&s, &len);
	/* the port, but not the colons of an IPv6 literal */
	if (len > 0 && s[0] == '[')
	{
		for (k = 0; k < len && s[k] != ']'; k++)
			;
		len = k < len ? k + 1 : len;
	}
	else
		for (k = 0; k < len; k++)
			if (s[k] == ':')
			{
				len = k;
				break;
			}
	if (len > 0 && s[len - 1] == '.')
		len--;
	if (len > 4 && lc(s[0]) == 'w' && lc(s[1]) == 'w' && lc(s[2]) == 'w' && s[3] == '.')
		s += 4, len -= 4;
	if (len == 0)
		return 0;
	*host = s;
	*host_len = len;
	return 1;
}

void
td_url_base_site(const char *base, size_t base_len, const char **host, size_t *host_len)
{
	td_url_parts b;

	*host = NULL;
	*host_len = 0;
	if (base == NULL)
		return;
	td_trim_html_space(&base, &base_len);
	td_url_split(base, base_len, &b);
	if (!td_url_site_host(&b, host, host_len))
	{
		*host = NULL;
		*host_len = 0;
	}
}

int
td_url_same_site_host(const char *host, size_t host_len, const char *ref, size_t ref_len)
{
	td_url_parts r;
	const char *rh;
	size_t		rn;

	td_trim_html_space(&ref, &ref_len);
	td_url_split(ref, ref_len, &r);
	if (r.scheme.defined ? web_scheme(r.scheme) == 0 : !r.authority.defined)
		return !r.scheme.defined;
	return host != NULL && td_url_site_host(&r, &rh, &rn) && same_ci(host, host_len, rh, rn);
}

int
td_url_same_site(const char *base, size_t base_len, const char *ref, size_t ref_len)
{
	const char *host;
	size_t		host_len;

	td_url_base_site(base, base_len, &host, &host_len);
	return td_url_same_site_host(host, host_len, ref, ref_len);
}

/*
 * The end of url's directory (url.h) and, in *name_end, of its basename
 * (the fragment's '#' or the end).  *bare_host: url has an authority and
 * an empty path, and its directory is url[0, end) + "/".
 */
static size_t
directory_end(const char *url, size_t len, int *bare_host, size_t *name_end)
{
	td_url_parts p;
	size_t		end,
				k;

	td_url_split(url, len, &p);
	end = (size_t) (p.path.p - url) + p.path.n;
	*name_end = p.query.defined ? (size_t) (p.query.p - url) + p.query.n : end;
	*bare_host = p.authority.defined && p.path.n == 0;
	if (*bare_host)
		return end;
	for (k = end; k > 0 && url[k - 1] != '/'; k--)
		;
	return k;
}

td_status
td_url_directory(const char *url, size_t len, td_buf *out)
{
	int			bare_host;
	size_t		name_end;
	size_t		end = directory_end(url, len, &bare_host, &name_end);
	td_status	st = td_buf_append(out, url, end);

	return st == TD_OK && bare_host ? td_buf_putc(out, '/') : st;
}

td_status
td_url_basename(const char *url, size_t len, td_buf *out)
{
	int			bare_host;
	size_t		name_end;
	size_t		end = directory_end(url, len, &bare_host, &name_end);

	return td_buf_append(out, url + end, name_end - end);
}

/* Iterates the words of a link (url.h): the host, then the directories. */
typedef struct word_iter
{
	td_url_parts p;
	const char *pos;			/* next byte of the path to read; NULL before the host */
	int			valid;
} word_iter;

static void
words_init(word_iter *it, const char *url, size_t len)
{
	td_url_split(url, len, &it->p);
	it->valid = web_scheme(it->p.scheme) != 0 && it->p.authority.defined;
	it->pos = NULL;
}

static int
next_word(word_iter *it, const char **w, size_t *n)
{
	const char *end,
			   *s,
			   *e;

	if (!it->valid)
		return 0;
	if (it->pos == NULL)
	{
		/* the host "." is the empty word: it has no site host */
		td_url_site_host(&it->p, w, n);
		if (*w == NULL)
			*w = "";
		it->pos = it->p.path.p;
		return 1;
	}
	end = it->p.path.p + it->p.path.n;
	s = it->pos;
	while (s < end && *s == '/')
		s++;
	if (s >= end)
		return 0;
	for (e = s; e < end && *e != '/'; e++)
		;
	it->pos = e;
	if (e == end && memchr(s, '.', (size_t) (e - s)) != NULL)
		return 0;				/* the last segment names a file */
	*w = s;
	*n = (size_t) (e - s);
	return 1;
}

int
td_url_hdistance(const char *h, size_t h_len, const char *h2, size_t h2_len)
{
	word_iter	a,
				b;
	const char *wa,
			   *wb;
	size_t		na,
				nb;
	int			common = 0,
				la = 0,
				lb = 0,
				diverged = 0,
				more_a,
				more_b;

	words_init(&a, h, h_len);
	words_init(&b, h2, h2_len);
	for (;;)
	{
		more_a = next_word(&a, &wa, &na);
		more_b = next_word(&b, &wb, &nb);
		la += more_a;
		lb += more_b;
		if (!more_a && !more_b)
			break;
		if (!diverged && more_a && more_b && na == nb && memcmp(wa, wb, na) == 0)
			common++;
		else
			diverged = 1;
	}
	if (common == la)
		return lb - common;
	return -(la - common);
}

size_t
td_url_unwrap_archive(const char *url, size_t len)
{
	td_url_parts p;
	const char *s,
			   *host;
	size_t		k,
				e,
				n;

	td_url_split(url, len, &p);
	if (web_scheme(p.scheme) == 0 || !p.authority.defined)
		return 0;
	/* the host as written, port included: only web.archive.org itself */
	host = p.authority.p;
	n = p.authority.n;
	skip_userinfo(&host, &n);
	if (n != 15 || memcmp(host, "web.archive.org", 15) != 0)
		return 0;
	/* the path and all that follows: the original's query is its own */
	s = p.path.p;
	e = len - (size_t) (s - url);
	if (e < 5 || memcmp(s, "/web/", 5) != 0)
		return 0;
	for (k = 5; k < e && is_digit(s[k]); k++)
		;
	if (k == 5)
		return 0;
	while (k < e && ((s[k] >= 'a' && s[k] <= 'z') || s[k] == '_'))
		k++;
	if (k >= e || s[k] != '/')
		return 0;
	k++;
	if ((e - k >= 5 && memcmp(s + k, "http:", 5) == 0) ||
		(e - k >= 6 && memcmp(s + k, "https:", 6) == 0))
		return (size_t) (s - url) + k;
	return 0;
}
