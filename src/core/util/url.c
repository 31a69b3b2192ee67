/*
 * url.c — RFC 3986 reference resolution and the normal form described in
 * url.h, the hyperlink distance of seed 003 Def. 2.2.5, Wayback unwrapping.
 *
 * Everything works on (pointer, length) slices of the input and appends to
 * td_bufs; no recursion, no locale, bounded by TD_URL_MAX_LEN.
 */
#include "util/url.h"

#include <string.h>

typedef struct slice
{
	const char *p;
	size_t		n;
	int			defined;
} slice;

typedef struct ref_parts
{
	slice		scheme,
				authority,
				path,
				query;
} ref_parts;

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

static int
eq_ci(const char *a, size_t an, const char *b)
{
	size_t		bn = strlen(b);

	if (an != bn)
		return 0;
	for (size_t k = 0; k < an; k++)
		if (lc(a[k]) != (unsigned char) b[k])
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

/* RFC 3986 Appendix B, on a cleaned reference; the fragment is dropped. */
static void
split_ref(const char *s, size_t n, ref_parts *r)
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
			r->scheme = (slice) {s, e, 1};
			k = e + 1;
		}
	}
	if (n - k >= 2 && s[k] == '/' && s[k + 1] == '/')
	{
		for (e = k + 2; e < n && s[e] != '/' && s[e] != '?' && s[e] != '#'; e++)
			;
		r->authority = (slice) {s + k + 2, e - k - 2, 1};
		k = e;
	}
	for (e = k; e < n && s[e] != '?' && s[e] != '#'; e++)
		;
	r->path = (slice) {s + k, e - k, 1};
	k = e;
	if (k < n && s[k] == '?')
	{
		for (e = k + 1; e < n && s[e] != '#'; e++)
			;
		r->query = (slice) {s + k + 1, e - k - 1, 1};
	}
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
put_authority(td_env *env, td_buf *out, slice a, int https)
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
web_scheme(slice s)
{
	if (eq_ci(s.p, s.n, "http"))
		return 1;
	if (eq_ci(s.p, s.n, "https"))
		return 2;
	return 0;
}

/* The normal form of an absolute reference r, appended to out. */
static td_status
put_absolute(td_env *env, const ref_parts *r, td_buf *out)
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
	ref_parts	r,
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
	split_ref(rb.data ? rb.data : "", rb.len, &r);

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
	split_ref(bb.data, bb.len, &b);

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
				t.path = (slice) {merged.data, merged.len, 1};
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

int
td_url_split(const char *url, size_t len, td_url_parts *parts)
{
	size_t		k,
				e,
				at;

	memset(parts, 0, sizeof(*parts));
	if (len >= 8 && memcmp(url, "https://", 8) == 0)
		k = 8;
	else if (len >= 7 && memcmp(url, "http://", 7) == 0)
		k = 7;
	else
		return 0;
	for (e = k; e < len && url[e] != '/'; e++)
		;
	if (e == len)
		return 0;
	for (at = e; at > k; at--)
		if (url[at - 1] == '@')
			break;
	parts->host_off = at > k ? at : k;
	parts->host_len = e - parts->host_off;
	parts->path_off = e;
	for (k = e; k < len && url[k] != '?'; k++)
		;
	parts->path_len = k - e;
	if (k < len)
	{
		parts->query_off = k + 1;
		parts->query_len = len - k - 1;
	}
	return parts->host_len > 0;
}

/* The host of a split URL without port and leading "www.". */
static void
site_host(const char *url, const td_url_parts *p, const char **h, size_t *n)
{
	const char *s = url + p->host_off;
	size_t		len = p->host_len;
	size_t		k;

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
	if (len > 4 && memcmp(s, "www.", 4) == 0)
		s += 4, len -= 4;
	*h = s;
	*n = len;
}

int
td_url_same_site(const char *a, size_t a_len, const char *b, size_t b_len)
{
	td_url_parts pa,
				pb;
	const char *ha,
			   *hb;
	size_t		na,
				nb;

	if (!td_url_split(a, a_len, &pa) || !td_url_split(b, b_len, &pb))
		return 0;
	site_host(a, &pa, &ha, &na);
	site_host(b, &pb, &hb, &nb);
	return na == nb && memcmp(ha, hb, na) == 0;
}

/* Iterates the words of a link (url.h): the host, then the directories. */
typedef struct word_iter
{
	const char *url;
	td_url_parts p;
	size_t		pos;			/* next byte of the path to read; 0 before the host */
	int			valid;
} word_iter;

static void
words_init(word_iter *it, const char *url, size_t len)
{
	it->url = url;
	it->valid = td_url_split(url, len, &it->p);
	it->pos = 0;
}

static int
next_word(word_iter *it, const char **w, size_t *n)
{
	size_t		end,
				s,
				e;

	if (!it->valid)
		return 0;
	if (it->pos == 0)
	{
		site_host(it->url, &it->p, w, n);
		it->pos = it->p.path_off;
		return 1;
	}
	end = it->p.path_off + it->p.path_len;
	for (;;)
	{
		s = it->pos;
		while (s < end && it->url[s] == '/')
			s++;
		if (s >= end)
			return 0;
		for (e = s; e < end && it->url[e] != '/'; e++)
			;
		it->pos = e;
		if (e == end && memchr(it->url + s, '.', e - s) != NULL)
			return 0;			/* the last segment names a file */
		*w = it->url + s;
		*n = e - s;
		return 1;
	}
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
	const char *s;
	size_t		k,
				e;

	if (!td_url_split(url, len, &p) || p.host_len != 15 ||
		memcmp(url + p.host_off, "web.archive.org", 15) != 0)
		return 0;
	s = url + p.path_off;
	e = len - p.path_off;
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
		return p.path_off + k;
	return 0;
}
