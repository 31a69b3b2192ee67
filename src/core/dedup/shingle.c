/*
 * shingle.c — word shingles, MinHash and LSH band keys (definitions in
 * shingle.h; every value here is frozen by test/core/test_shingle.c).
 */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "dedup/shingle.h"
#include "util/poll.h"

/* Windows between two polls of env->interrupted. */
#define POLL_EVERY 4096

/*
 * Decodes one UTF-8 code point at s (n > 0 bytes left) into *cp; returns its
 * length, or 0 for an invalid sequence (overlong, surrogate, > U+10FFFF,
 * truncated or a stray continuation byte).
 */
static size_t
utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t	c = s[0];
	size_t		len;
	uint32_t	min;
	size_t		i;

	if (c < 0x80)
	{
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, c &= 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, c &= 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, c &= 0x07, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++)
	{
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

static size_t
utf8_encode(uint32_t c, char *out)
{
	if (c < 0x80)
	{
		out[0] = (char) c;
		return 1;
	}
	if (c < 0x800)
	{
		out[0] = (char) (0xc0 | (c >> 6));
		out[1] = (char) (0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000)
	{
		out[0] = (char) (0xe0 | (c >> 12));
		out[1] = (char) (0x80 | ((c >> 6) & 0x3f));
		out[2] = (char) (0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char) (0xf0 | (c >> 18));
	out[1] = (char) (0x80 | ((c >> 12) & 0x3f));
	out[2] = (char) (0x80 | ((c >> 6) & 0x3f));
	out[3] = (char) (0x80 | (c & 0x3f));
	return 4;
}

/* Non-ASCII code points that separate words (shingle.h). */
static int
is_separator(uint32_t c)
{
	return (c >= 0x80 && c <= 0xbf) || c == 0xd7 || c == 0xf7 ||
		(c >= 0x2000 && c <= 0x2bff) ||
		(c >= 0x2e00 && c <= 0x2e7f) ||
		(c >= 0x3000 && c <= 0x303f) ||
		(c >= 0xfe30 && c <= 0xfe4f) || c == 0xfeff ||
		(c >= 0xff00 && c <= 0xff0f) || (c >= 0xff1a && c <= 0xff20) ||
		(c >= 0xff3b && c <= 0xff40) || (c >= 0xff5b && c <= 0xff65) ||
		c == 0xfffd ||
		(c >= 0x1f000 && c <= 0x1faff);
}

/* Lower case for the ranges of shingle.h; the same UTF-8 length. */
static uint32_t
fold_case(uint32_t c)
{
	if ((c >= 0xc0 && c <= 0xde && c != 0xd7) ||
		(c >= 0x391 && c <= 0x3ab) ||
		(c >= 0x410 && c <= 0x42f))
		return c + 0x20;
	if (c >= 0x400 && c <= 0x40f)
		return c + 0x50;
	return c;
}

size_t
td_shingle_words(const char *text, size_t len, char *out, size_t *outlen)
{
	const unsigned char *s = (const unsigned char *) text;
	size_t		i = 0;
	size_t		o = 0;
	size_t		words = 0;
	int			in_word = 0;

	while (i < len)
	{
		unsigned char b = s[i];
		uint32_t	cp;
		size_t		n;

		if (b < 0x80)
		{
			if ((b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z'))
			{
				if (!in_word)
				{
					if (words > 0)
						out[o++] = ' ';
					words++;
					in_word = 1;
				}
				out[o++] = (char) ((b >= 'A' && b <= 'Z') ? b + 32 : b);
			}
			else
				in_word = 0;
			i++;
			continue;
		}
		n = utf8_decode(s + i, len - i, &cp);
		if (n == 0 || is_separator(cp))
		{
			in_word = 0;
			i += n ? n : 1;
			continue;
		}
		if (!in_word)
		{
			if (words > 0)
				out[o++] = ' ';
			words++;
			in_word = 1;
		}
		o += utf8_encode(fold_case(cp), out + o);
		i += n;
	}
	out[o] = '\0';
	*outlen = o;
	return words;
}

/*
 * Window iteration over normalised text s of length len holding nwords
 * words: [*ws, *we) is the current window.  Returns 0 when there is none.
 */
typedef struct window_iter
{
	const char *s;
	size_t		len;
	size_t		ws;
	size_t		we;
	int			started;
} window_iter;

static void
window_init(window_iter *it, const char *s, size_t len)
{
	it->s = s;
	it->len = len;
	it->ws = 0;
	it->we = 0;
	it->started = 0;
}

static int
window_next(window_iter *it, size_t nwords, int width)
{
	const char *sp;

	if (nwords == 0)
		return 0;
	if (!it->started)
	{
		int			w;

		it->started = 1;
		it->ws = 0;
		it->we = 0;
		/* the end of word min(width, nwords) */
		for (w = 0; w < width; w++)
		{
			sp = memchr(it->s + it->we + (w > 0), ' ', it->len - it->we - (w > 0));
			if (sp == NULL)
			{
				it->we = it->len;
				break;
			}
			it->we = (size_t) (sp - it->s);
		}
		return 1;
	}
	if (it->we >= it->len)
		return 0;
	sp = memchr(it->s + it->ws, ' ', it->len - it->ws);
	it->ws = (size_t) (sp - it->s) + 1;
	sp = memchr(it->s + it->we + 1, ' ', it->len - it->we - 1);
	it->we = sp ? (size_t) (sp - it->s) : it->len;
	return 1;
}

/* Normalises text into a fresh buffer (freed by the caller). */
static td_status
normalise(td_env *env, const char *text, size_t len, char **out, size_t *outlen,
		  size_t *nwords)
{
	char	   *buf;

	if (len >= SIZE_MAX - 1)
		return td_fail(env, TD_ELIMIT, "text of %zu bytes is too large", len);
	buf = td_alloc(env, len + 1);
	if (buf == NULL)
		return td_fail(env, TD_ENOMEM, "cannot allocate %zu bytes for shingling", len + 1);
	*nwords = td_shingle_words(text, len, buf, outlen);
	*out = buf;
	return TD_OK;
}

static td_status
check_width(td_env *env, int width)
{
	if (width < 1 || width > TD_SHINGLE_MAX_WIDTH)
		return td_fail(env, TD_EARG, "width must be between 1 and %d, got %d",
					   TD_SHINGLE_MAX_WIDTH, width);
	return TD_OK;
}

/* Max-heap of the keep smallest distinct values so far. */
static void
heap_sift_down(int64_t *h, size_t n, size_t i)
{
	for (;;)
	{
		size_t		l = 2 * i + 1;
		size_t		m = i;
		int64_t		t;

		if (l < n && h[l] > h[m])
			m = l;
		if (l + 1 < n && h[l + 1] > h[m])
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

static void
heap_push(int64_t *h, size_t *n, int64_t v)
{
	size_t		i = (*n)++;

	h[i] = v;
	while (i > 0 && h[(i - 1) / 2] < h[i])
	{
		int64_t		t = h[i];

		h[i] = h[(i - 1) / 2];
		h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static int
heap_has(const int64_t *h, size_t n, int64_t v)
{
	size_t		i;

	for (i = 0; i < n; i++)
		if (h[i] == v)
			return 1;
	return 0;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t		x = *(const int64_t *) a;
	int64_t		y = *(const int64_t *) b;

	return (x > y) - (x < y);
}

size_t
td_shingle_sort_unique(int64_t *v, size_t n)
{
	size_t		i;
	size_t		o;

	if (n < 2)
		return n;
	qsort(v, n, sizeof(int64_t), cmp_i64);
	for (i = 1, o = 1; i < n; i++)
		if (v[i] != v[o - 1])
			v[o++] = v[i];
	return o;
}

td_status
td_shingles(td_env *env, const char *text, size_t len, int width, int keep,
			int64_t *out, size_t *nout)
{
	char	   *s;
	size_t		slen;
	size_t		nwords;
	size_t		n = 0;
	size_t		seen = 0;
	window_iter it;
	td_status	st;

	*nout = 0;
	if ((st = check_width(env, width)) != TD_OK)
		return st;
	if (keep < 1 || keep > TD_SHINGLE_MAX_KEEP)
		return td_fail(env, TD_EARG, "keep must be between 1 and %d, got %d",
					   TD_SHINGLE_MAX_KEEP, keep);
	if ((st = normalise(env, text, len, &s, &slen, &nwords)) != TD_OK)
		return st;

	window_init(&it, s, slen);
	while (window_next(&it, nwords, width))
	{
		int64_t		h = (int64_t) td_hash64(s + it.ws, it.we - it.ws, TD_SHINGLE_SEED);

		if (td_poll_every(env, ++seen, POLL_EVERY))
		{
			td_free(env, s);
			return TD_EINTR;
		}
		if (n < (size_t) keep)
		{
			if (!heap_has(out, n, h))
				heap_push(out, &n, h);
		}
		else if (h < out[0] && !heap_has(out, n, h))
		{
			out[0] = h;
			heap_sift_down(out, n, 0);
		}
	}
	td_free(env, s);
	qsort(out, n, sizeof(int64_t), cmp_i64);
	*nout = n;
	return TD_OK;
}

static inline uint64_t
perm(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
le64(uint64_t v, unsigned char *p)
{
	int			i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char) (v >> (8 * i));
}

td_status
td_minhash(td_env *env, const char *text, size_t len, int width, int k,
		   int64_t *out, size_t *nout)
{
	char	   *s;
	size_t		slen;
	size_t		nwords;
	size_t		seen = 0;
	uint64_t   *keys;
	window_iter it;
	td_status	st;
	int			j;

	*nout = 0;
	if ((st = check_width(env, width)) != TD_OK)
		return st;
	if (k < 1 || k > TD_MINHASH_MAX_K)
		return td_fail(env, TD_EARG, "k must be between 1 and %d, got %d",
					   TD_MINHASH_MAX_K, k);
	keys = td_alloc(env, (size_t) k * sizeof(uint64_t));
	if (keys == NULL)
		return td_fail(env, TD_ENOMEM, "cannot allocate %d MinHash keys", k);
	if ((st = normalise(env, text, len, &s, &slen, &nwords)) != TD_OK)
	{
		td_free(env, keys);
		return st;
	}
	if (nwords == 0)
	{
		td_free(env, s);
		td_free(env, keys);
		return TD_OK;
	}
	for (j = 0; j < k; j++)
	{
		unsigned char b[8];

		le64((uint64_t) j, b);
		keys[j] = td_hash64(b, 8, TD_MINHASH_SEED);
		out[j] = INT64_MAX;
	}

	window_init(&it, s, slen);
	while (window_next(&it, nwords, width))
	{
		uint64_t	base = td_hash64(s + it.ws, it.we - it.ws, TD_MINHASH_SEED);

		if (td_poll_every(env, ++seen, POLL_EVERY / 16))
		{
			td_free(env, s);
			td_free(env, keys);
			return TD_EINTR;
		}
		for (j = 0; j < k; j++)
		{
			int64_t		v = (int64_t) perm(base ^ keys[j]);

			if (v < out[j])
				out[j] = v;
		}
	}
	td_free(env, s);
	td_free(env, keys);
	*nout = (size_t) k;
	return TD_OK;
}

double
td_minhash_similarity(const int64_t *a, const int64_t *b, size_t n)
{
	size_t		i;
	size_t		eq = 0;

	if (n == 0)
		return 0.0;
	for (i = 0; i < n; i++)
		eq += a[i] == b[i];
	return (double) eq / (double) n;
}

td_status
td_minhash_bands(td_env *env, const int64_t *sig, size_t k, int bands, int64_t *out)
{
	unsigned char *buf;
	size_t		r;
	size_t		i;
	size_t		j;

	if (bands < 1 || bands > TD_MINHASH_MAX_K)
		return td_fail(env, TD_EARG, "bands must be between 1 and %d, got %d",
					   TD_MINHASH_MAX_K, bands);
	if (k % (size_t) bands != 0)
		return td_fail(env, TD_EARG, "bands (%d) must divide the signature length (%zu)",
					   bands, k);
	if (k == 0)
		return TD_OK;
	r = k / (size_t) bands;
	buf = td_alloc(env, r * 8);
	if (buf == NULL)
		return td_fail(env, TD_ENOMEM, "cannot allocate a band of %zu values", r);
	for (i = 0; i < (size_t) bands; i++)
	{
		for (j = 0; j < r; j++)
			le64((uint64_t) sig[i * r + j], buf + 8 * j);
		out[i] = (int64_t) td_hash64(buf, r * 8, TD_BAND_SEED + i);
	}
	td_free(env, buf);
	return TD_OK;
}

size_t
td_shingle_overlap(const int64_t *a, size_t na, const int64_t *b, size_t nb)
{
	size_t		i = 0;
	size_t		j = 0;
	size_t		n = 0;

	while (i < na && j < nb)
	{
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			n++, i++, j++;
	}
	return n;
}
