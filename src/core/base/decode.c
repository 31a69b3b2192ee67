/*
 * decode.c — page bytes to valid UTF-8 without NUL, before libxml2 sees them.
 *
 * libxml2's own decoding (iconv) truncates the page silently at the first
 * byte it cannot convert (0x81 in windows-1252, a bad Shift_JIS pair), and
 * invalid UTF-8 makes it re-read the rest as Latin-1; browsers substitute
 * U+FFFD and go on, and so do we.
 */
#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

#include "base/decode.h"
#include "base/tagbound.h"
#include "util/poll.h"

#define REPLACEMENT_CHAR "\xEF\xBF\xBD"

/*
 * Whether the 8 bytes at p are all ASCII and none is NUL: most page bytes
 * are, and testing them a word at a time makes decoding a small share of the
 * parse.
 */
static inline int
ascii8(const unsigned char *p)
{
	const uint64_t high = 0x8080808080808080ULL;
	const uint64_t ones = 0x0101010101010101ULL;
	uint64_t	v;

	memcpy(&v, p, sizeof(v));
	return (v & high) == 0 && ((v - ones) & ~v & high) == 0;
}

/*
 * Length of the well-formed UTF-8 sequence at p (WHATWG / Unicode table 3-7:
 * no overlongs, surrogates or code points over U+10FFFF), or 0 when p starts
 * an ill-formed one; *bad is then set to the length of its maximal subpart,
 * which becomes a single U+FFFD.  NUL is treated as ill-formed: libxml2 reads
 * it as the end of the input.
 */
static inline size_t
utf8_seq_len(const unsigned char *p, size_t avail, size_t *bad)
{
	unsigned char c = p[0];
	unsigned char lo = 0x80,
				hi = 0xBF;
	size_t		need,
				i;

	if (c >= 0x01 && c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		need = 2;
	else if (c >= 0xE0 && c <= 0xEF)
	{
		need = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	}
	else if (c >= 0xF0 && c <= 0xF4)
	{
		need = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	}
	else
	{
		*bad = 1;
		return 0;
	}
	for (i = 1; i < need; i++)
	{
		if (i >= avail || p[i] < lo || p[i] > hi)
		{
			*bad = i;
			return 0;
		}
		lo = 0x80;
		hi = 0xBF;
	}
	return need;
}

/*
 * Copies in to dst replacing ill-formed sequences and NUL by U+FFFD; with dst
 * NULL only measures.  Returns the output length, SIZE_MAX when env asked to
 * stop.
 */
static size_t
utf8_repair(td_env *env, const unsigned char *in, size_t len, char *dst)
{
	size_t		i = 0,
				o = 0;
	size_t		next_poll = POLL_BYTES;

	while (i < len)
	{
		size_t		bad = 0;
		size_t		n;

		if (td_poll_bytes(env, i, &next_poll))
			return SIZE_MAX;
		n = (len - i >= 8 && ascii8(in + i)) ? 8 : utf8_seq_len(in + i, len - i, &bad);

		if (n > 0)
		{
			if (dst)
				memcpy(dst + o, in + i, n);
			o += n;
			i += n;
		}
		else
		{
			if (dst)
				memcpy(dst + o, REPLACEMENT_CHAR, 3);
			o += 3;
			i += bad;
		}
	}
	return o;
}

/*
 * Offset of the first ill-formed sequence or NUL in in, or len; SIZE_MAX
 * when env asked to stop.
 */
static size_t
utf8_first_bad(td_env *env, const unsigned char *in, size_t len)
{
	size_t		i = 0;
	size_t		next_poll = POLL_BYTES;

	while (i < len)
	{
		size_t		bad = 0;
		size_t		n;

		if (td_poll_bytes(env, i, &next_poll))
			return SIZE_MAX;
		if (len - i >= 8 && ascii8(in + i))
		{
			i += 8;
			continue;
		}
		n = utf8_seq_len(in + i, len - i, &bad);
		if (n == 0)
			return i;
		i += n;
	}
	return len;
}

/*
 * Makes in valid UTF-8 without NUL: *out is in itself when it already is,
 * else a repaired copy in *owned (to free with td_free).
 */
static td_status
utf8_sanitize(td_env *env, const char *in, size_t len,
			  const char **out, size_t *out_len, char **owned)
{
	const unsigned char *u = (const unsigned char *) in;
	size_t		first = utf8_first_bad(env, u, len);
	size_t		n;

	if (first == SIZE_MAX)
		return td_input_interrupted(env);
	if (first == len)
	{
		*out = in;
		*out_len = len;
		return TD_OK;
	}
	/* the valid prefix is copied as it is; only the rest is measured and repaired */
	n = utf8_repair(env, u + first, len - first, NULL);
	if (n == SIZE_MAX)
		return td_input_interrupted(env);
	n += first;
	*owned = td_alloc(env, n);
	if (*owned == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory repairing %zu bytes of UTF-8", len);
	memcpy(*owned, in, first);
	if (utf8_repair(env, u + first, len - first, *owned + first) == SIZE_MAX)
	{
		td_free(env, *owned);
		*owned = NULL;
		return td_input_interrupted(env);
	}
	*out = *owned;
	*out_len = n;
	return TD_OK;
}

/*
 * windows-1252 as the WHATWG encoding standard defines it: 0x80-0x9F per
 * this table (the five bytes Windows leaves undefined map to the C1 control
 * of the same value, where iconv fails), every other byte to itself.
 */
static const uint16_t cp1252_high[32] = {
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178
};

/* Like utf8_repair, for windows-1252 input: measures when dst is NULL. */
static size_t
cp1252_decode(td_env *env, const unsigned char *in, size_t len, char *dst)
{
	size_t		o = 0;
	size_t		next_poll = POLL_BYTES;

	for (size_t i = 0; i < len; i++)
	{
		unsigned int cp = in[i];

		if (td_poll_bytes(env, i, &next_poll))
			return SIZE_MAX;

		if (len - i >= 8 && ascii8(in + i))
		{
			if (dst)
				memcpy(dst + o, in + i, 8);
			o += 8;
			i += 7;
			continue;
		}
		if (cp >= 0x80 && cp < 0xA0)
			cp = cp1252_high[cp - 0x80];
		if (cp == 0)
		{
			if (dst)
				memcpy(dst + o, REPLACEMENT_CHAR, 3);
			o += 3;
		}
		else if (cp < 0x80)
		{
			if (dst)
				dst[o] = (char) cp;
			o += 1;
		}
		else if (cp < 0x800)
		{
			if (dst)
			{
				dst[o] = (char) (0xC0 | (cp >> 6));
				dst[o + 1] = (char) (0x80 | (cp & 0x3F));
			}
			o += 2;
		}
		else
		{
			if (dst)
			{
				dst[o] = (char) (0xE0 | (cp >> 12));
				dst[o + 1] = (char) (0x80 | ((cp >> 6) & 0x3F));
				dst[o + 2] = (char) (0x80 | (cp & 0x3F));
			}
			o += 3;
		}
	}
	return o;
}

static int
name_in(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcasecmp(name, *list) == 0)
			return 1;
	return 0;
}

static const char *const utf8_names[] = {"UTF-8", "UTF8", NULL};
static const char *const cp1252_names[] = {
	"windows-1252", "cp1252", "ISO-8859-1", "latin1", "US-ASCII", "ASCII", NULL
};

/*
 * The iconv converter for an encoding name.  Browsers decode these labels
 * with a superset of the standard charset (WHATWG encoding standard), and
 * pages rely on it: Shift_JIS pages use Windows-31J's NEC symbols, GBK pages
 * GB18030, Big5 pages HKSCS, EUC-KR pages Windows-949.
 */
static const char *
iconv_name(const char *name)
{
	static const char *const map[][2] = {
		{"Shift_JIS", "CP932"}, {"GBK", "GB18030"}, {"GB2312", "GB18030"},
		{"Big5", "BIG5-HKSCS"}, {"EUC-KR", "CP949"}
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcasecmp(name, map[i][0]) == 0)
			return map[i][1];
	return name;
}

/*
 * Decodes in with iconv into a new env buffer, substituting U+FFFD for each
 * undecodable unit (two bytes in UTF-16, else one) instead of stopping.
 */
static td_status
iconv_decode(td_env *env, const char *encoding, const char *in, size_t len,
			 char **out, size_t *out_len)
{
	iconv_t		cd = iconv_open("UTF-8", iconv_name(encoding));
	size_t		unit = strncasecmp(encoding, "UTF-16", 6) == 0 ? 2 : 1;
	size_t		cap = len + len / 2 + 16;
	char	   *buf;
	char	   *ip = (char *) in;
	size_t		ileft = len;
	size_t		used = 0;
	td_status	st = TD_OK;

	if (cd == (iconv_t) -1)
		return td_fail(env, TD_EARG, "unsupported encoding \"%s\"", encoding);
	buf = td_alloc(env, cap);
	if (buf == NULL)
	{
		iconv_close(cd);
		return td_fail(env, TD_ENOMEM, "out of memory decoding %zu bytes", len);
	}
	while (ileft > 0)
	{
		/* at most POLL_BYTES per call, to poll in between */
		size_t		chunk = ileft < POLL_BYTES ? ileft : POLL_BYTES;
		size_t		cleft = chunk;
		char	   *o = buf + used;
		size_t		oleft = cap - used;
		size_t		rc = iconv(cd, &ip, &cleft, &o, &oleft);
		int			err = errno;

		used = o - buf;
		ileft -= chunk - cleft;
		if (rc != (size_t) -1 || (err == EINVAL && ileft > cleft))
		{
			/* a chunk done, or a sequence cut by the chunk's end: go on with it */
			if (ileft > 0 && td_interrupted(env))
			{
				st = td_input_interrupted(env);
				break;
			}
			continue;
		}
		if (err == E2BIG || oleft < 3)
		{
			st = td_grow(env, (void **) &buf, &cap, cap + 16, 1);
			if (st != TD_OK)
				break;
			continue;
		}
		/* EILSEQ, or EINVAL: a sequence cut short by the end of the page */
		memcpy(buf + used, REPLACEMENT_CHAR, 3);
		used += 3;
		ip += ileft < unit ? ileft : unit;
		ileft -= ileft < unit ? ileft : unit;
	}
	iconv_close(cd);
	if (st != TD_OK)
	{
		td_free(env, buf);
		return st;
	}
	*out = buf;
	*out_len = used;
	return TD_OK;
}

/*
 * Turns the page bytes into valid UTF-8 without NUL: *text points at the
 * input itself when no change is needed, else at *owned.
 */
td_status
td_decode_input(td_env *env, const char *html, size_t len, const char *encoding,
			 const char **text, size_t *text_len, char **owned)
{
	char	   *conv = NULL;
	size_t		conv_len = 0;
	td_status	st;

	*text = NULL;
	*text_len = 0;
	*owned = NULL;
	if (encoding == NULL || name_in(encoding, utf8_names))
		return utf8_sanitize(env, html, len, text, text_len, owned);
	if (name_in(encoding, cp1252_names))
	{
		const unsigned char *u = (const unsigned char *) html;

		conv_len = cp1252_decode(env, u, len, NULL);
		if (conv_len == SIZE_MAX)
			return td_input_interrupted(env);
		*owned = td_alloc(env, conv_len);
		if (*owned == NULL)
			return td_fail(env, TD_ENOMEM, "out of memory decoding %zu bytes", len);
		if (cp1252_decode(env, u, len, *owned) == SIZE_MAX)
		{
			td_free(env, *owned);
			*owned = NULL;
			return td_input_interrupted(env);
		}
		*text = *owned;
		*text_len = conv_len;
		return TD_OK;
	}
	st = iconv_decode(env, encoding, html, len, &conv, &conv_len);
	if (st != TD_OK)
		return st;
	/* iconv output is UTF-8 already but may carry NUL from the page */
	st = utf8_sanitize(env, conv, conv_len, text, text_len, owned);
	if (st != TD_OK || *owned != NULL)
		td_free(env, conv);
	else
		*owned = conv;
	return st;
}
