/*
 * dom.c — the page tree, built straight from libxml2's HTML SAX events.
 *
 * libxml2 never builds an xmlDoc here: building our flat arrays from the SAX
 * callbacks is about twice as fast, and a document tree stops the parse at
 * depth 256 while SAX events have no depth limit, so depth is ours to clamp.
 *
 * Input is decoded to valid UTF-8 before libxml2 sees it, and libxml2 is told
 * to ignore <meta charset>.  libxml2's own decoding (iconv) truncates the page
 * silently at the first byte it cannot convert (0x81 in windows-1252, a bad
 * Shift_JIS pair), and invalid UTF-8 makes it re-read the rest as Latin-1;
 * browsers substitute U+FFFD and go on, and so do we.
 *
 * Memory: every byte of the tree goes through env; libxml2 allocates with
 * malloc, and its parser context is freed on every path out of
 * td_parse_html, whatever the status.
 */
#include <errno.h>
#include <iconv.h>
#include <limits.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "tags.h"
#include "tree.h"

/* SAX events between two polls of env->interrupted. */
#define POLL_EVERY 4096

/*
 * Bytes between two polls of env->interrupted while a page is decoded and
 * scanned before libxml2 sees it: a 64 MB page is a few hundred ms of work.
 */
#define POLL_BYTES ((size_t) 4 << 20)

/*
 * Attributes kept per start tag.  libxml2 checks each attribute of a tag
 * against all the previous ones (htmlParseStartTag), without an event in
 * between that would let us poll: 30,000 attributes take seconds and a 64 MB
 * tag hours.  No tag of the 583 pages of shared/corpus/sites has more than
 * 1,000; bound_attrs drops the excess, so a tag costs at most about 10^6
 * comparisons.
 */
#define MAX_TAG_ATTRS 1000

#define REPLACEMENT_CHAR "\xEF\xBF\xBD"

void
td_limits_default(td_limits *limits)
{
	limits->max_bytes = TD_DEFAULT_MAX_BYTES;
	limits->max_nodes = TD_DEFAULT_MAX_NODES;
	limits->max_depth = TD_DEFAULT_MAX_DEPTH;
}

/* ---- decoding to UTF-8 ---------------------------------------------------- */

/*
 * Whether env asks to stop, asked when pos has passed *next_poll (then moved
 * POLL_BYTES further): decoding and scanning a 64 MB page can be cancelled.
 */
static inline int
poll_bytes(td_env *env, size_t pos, size_t *next_poll)
{
	if (pos < *next_poll)
		return 0;
	*next_poll = pos + POLL_BYTES;
	return env->interrupted(env->arg) != 0;
}

static td_status
interrupted(td_env *env)
{
	return td_fail(env, TD_EINTR, "page decoding interrupted");
}

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

		if (poll_bytes(env, i, &next_poll))
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

		if (poll_bytes(env, i, &next_poll))
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
		return interrupted(env);
	if (first == len)
	{
		*out = in;
		*out_len = len;
		return TD_OK;
	}
	/* the valid prefix is copied as it is; only the rest is measured and repaired */
	n = utf8_repair(env, u + first, len - first, NULL);
	if (n == SIZE_MAX)
		return interrupted(env);
	n += first;
	*owned = td_alloc(env, n);
	if (*owned == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory repairing %zu bytes of UTF-8", len);
	memcpy(*owned, in, first);
	if (utf8_repair(env, u + first, len - first, *owned + first) == SIZE_MAX)
	{
		td_free(env, *owned);
		*owned = NULL;
		return interrupted(env);
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

		if (poll_bytes(env, i, &next_poll))
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
			if (ileft > 0 && env->interrupted(env->arg))
			{
				st = interrupted(env);
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
static td_status
decode_input(td_env *env, const char *html, size_t len, const char *encoding,
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
			return interrupted(env);
		*owned = td_alloc(env, conv_len);
		if (*owned == NULL)
			return td_fail(env, TD_ENOMEM, "out of memory decoding %zu bytes", len);
		if (cp1252_decode(env, u, len, *owned) == SIZE_MAX)
		{
			td_free(env, *owned);
			*owned = NULL;
			return interrupted(env);
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

/* ---- bounding attributes per start tag -------------------------------------- */

/*
 * bound_attrs walks the decoded text the way libxml2 2.9's HTML tokenizer
 * does (htmlParseContentInternal and the functions it calls, in recover
 * mode), far enough to know where each start tag begins and ends and how
 * many attributes libxml2 will parse in it.  Where the two disagreed, a
 * crafted page could hide a huge tag from us (a quote we take for a value
 * that libxml2 reads as text, say), so every construct that can hold a '>'
 * or a quote is followed as libxml2 follows it:
 *
 *  - "<" + ASCII letter starts a tag: a name (htmlParseHTMLName reads at most
 *    100 name characters, and the rest of a longer name is read again as
 *    more names: every 100 characters count), then attributes: a name,
 *    blanks, "=", blanks and a value, quoted ('...' "...", to the same quote
 *    or the end of the page) or not (to a blank or '>').  A quote is a value
 *    only there; anything else that does not start a name is skipped to the
 *    next blank, '>' or "/>".  The tag ends at '>' or "/>".
 *  - "</" + name start: an end tag, to the first '>' (quotes mean nothing).
 *  - "<!--": a comment, to the first "-->" or "--!>" after it.
 *  - "<!DOCTYPE": a name, then a quoted literal after SYSTEM, one or two
 *    after PUBLIC, then to the first '>'.
 *  - "<?" + name start: a processing instruction, to the first '>'.
 *  - script and style hold raw text up to "</script" ("</style"), case
 *    insensitive, then an end tag; an end tag of another name ("</scriptx>")
 *    does not end them.  A "<script/>" has no content.  Raw text is not
 *    read as markup: "a<b c=\"" in a script would otherwise open a quote
 *    that hides the tags after the script.
 * Any other '<' is text.  Blanks are libxml2's: space, tab, CR, LF.
 * (300,000 random tags, checked against libxml2 when this was written, end
 * where libxml2 ends them.)
 *
 * Only the bytes of attributes past the MAX_TAG_ATTRS-th go, up to the
 * tag's '>' or "/>", so the tag stays whole and nothing after it changes;
 * no bytes of text, script or style are removed.
 */
enum
{
	C_BLANK = 0x01,				/* space, tab, CR, LF */
	C_NAME_START = 0x02,		/* htmlParseHTMLName's first character */
	C_NAME = 0x04,				/* its other characters */
	C_XNAME = 0x08,				/* htmlParseName's characters (DOCTYPE, PI) */
	C_STOP = 0x10,				/* ends an unquoted value or skipped bytes: '>' */
	C_SPECIAL = 0x20			/* = " ' > */
};

/* The C_* classes of each byte. */
static const uint8_t tag_class[256] = {
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x01, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0E, 0x00,
	0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0E, 0x00, 0x00, 0x20, 0x30, 0x00,
	0x00, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E,
	0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x00, 0x00, 0x00, 0x00, 0x0E,
	0x00, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E,
	0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x0E, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08,
	0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08
};

#define IS(c, k) (tag_class[(unsigned char) (c)] & (k))

static inline size_t
skip_blanks(const char *s, size_t i, size_t len)
{
	while (i < len && IS(s[i], C_BLANK))
		i++;
	return i;
}

/*
 * Offset of the first c at or after i, or len.  Most quoted values and gaps
 * between tags are short: 8 bytes at a time finds those faster than a call
 * to memchr, which takes the long ones.
 */
static inline size_t
find(const char *s, size_t i, size_t len, char c)
{
	const char *p;

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101ULL;
	const uint64_t high = 0x8080808080808080ULL;
	const uint64_t pat = ones * (unsigned char) c;

	for (int k = 0; k < 4 && len - i >= 8; k++, i += 8)
	{
		uint64_t	v;
		uint64_t	hit;

		memcpy(&v, s + i, 8);
		v ^= pat;
		/* the lowest marked byte is the first c (higher marks may be false) */
		hit = (v - ones) & ~v & high;
		if (hit)
			return i + (size_t) (__builtin_ctzll(hit) >> 3);
	}
#endif
	if (i >= len)
		return len;
	p = memchr(s + i, c, len - i);
	return p ? (size_t) (p - s) : len;
}

/* Offset after the first c at or after i, or len. */
static inline size_t
past(const char *s, size_t i, size_t len, char c)
{
	i = find(s, i, len, c);
	return i < len ? i + 1 : len;
}

static inline int
starts_nocase(const char *s, size_t i, size_t len, const char *word, size_t n)
{
	return len - i >= n && strncasecmp(s + i, word, n) == 0;
}

/*
 * Offset of the last c in [from, to), or SIZE_MAX.  8 bytes at a time, with
 * the exact test for a byte (no false marks above a true one).
 */
static inline size_t
find_last(const char *s, size_t from, size_t to, char c)
{
	size_t		i = to;

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
	const uint64_t pat = 0x0101010101010101ULL * (unsigned char) c;

	while (i - from >= 8)
	{
		uint64_t	v;
		uint64_t	hit;

		i -= 8;
		memcpy(&v, s + i, 8);
		v ^= pat;
		hit = ~(((v & low7) + low7) | v | low7);
		if (hit)
			return i + (size_t) ((63 - __builtin_clzll(hit)) >> 3);
	}
#endif
	while (i > from)
		if (s[--i] == c)
			return i;
	return SIZE_MAX;
}

/* Whether the quote at q may open a value: '=' comes before it, blanks aside. */
static inline int
after_equals(const char *s, size_t lt, size_t q)
{
	if (q == SIZE_MAX)
		return 0;
	while (q > lt && IS(s[q - 1], C_BLANK))
		q--;
	return s[q - 1] == '=';
}

/*
 * The end of the start tag at lt for most tags, found faster than
 * scan_start_tag does it.  Let g be the first '>': the tag ends there unless
 * libxml2 is inside a quoted value at g, and then the value's opening quote
 * is the last '"' (or '\'') before g, right after an '=' (blanks aside).  A
 * tag shorter than MAX_TAG_ATTRS bytes cannot have more attributes.
 * Returns 0, and scan_start_tag must tell, for longer tags, for a last quote
 * after an '=', and for script and style.
 */
static inline int
short_tag_end(const char *s, size_t len, size_t lt, size_t *end)
{
	size_t		lim = len - lt > MAX_TAG_ATTRS ? lt + MAX_TAG_ATTRS : len;
	size_t		g = find(s, lt + 1, lim, '>');
	size_t		n = lt + 1;

	if (g >= lim)
		return 0;
	while (IS(s[n], C_NAME))
		n++;
	n -= lt + 1;
	if ((n == 6 && strncasecmp(s + lt + 1, "script", 6) == 0) ||
		(n == 5 && strncasecmp(s + lt + 1, "style", 5) == 0) ||
		after_equals(s, lt, find_last(s, lt + 1, g, '"')) ||
		after_equals(s, lt, find_last(s, lt + 1, g, '\'')))
		return 0;
	*end = g + 1;
	return 1;
}

/* A start tag as libxml2 reads it; see above. */
typedef struct tag_scan
{
	size_t		end;			/* offset after the tag */
	size_t		cut;			/* offset of attribute MAX_TAG_ATTRS + 1, or 0 */
	size_t		close;			/* offset of the tag's '>' or "/>" (len if none) */
	int			raw;			/* script or style, not "/>": raw text follows */
	int			script;			/* ... and it is script */
} tag_scan;

static void
scan_start_tag(const char *s, size_t len, size_t lt, size_t *next_poll, td_env *env,
			   int *stop, tag_scan *t)
{
	size_t		i = lt + 1;
	size_t		name_len;
	uint32_t	attrs = 0;

	t->cut = 0;
	while (i < len && i - lt - 1 < 100 && IS(s[i], C_NAME))
		i++;
	name_len = i - lt - 1;
	t->script = name_len == 6 && strncasecmp(s + lt + 1, "script", 6) == 0;
	t->raw = t->script || (name_len == 5 && strncasecmp(s + lt + 1, "style", 5) == 0);
	i = skip_blanks(s, i, len);
	while (i < len && s[i] != '>' && !(s[i] == '/' && i + 1 < len && s[i + 1] == '>'))
	{
		if (IS(s[i], C_NAME_START))
		{
			size_t		name = i;

			while (i < len && i - name < 100 && IS(s[i], C_NAME))
				i++;
			if (++attrs == MAX_TAG_ATTRS + 1)
				t->cut = name;
			i = skip_blanks(s, i, len);
			if (i < len && s[i] == '=')
			{
				i = skip_blanks(s, i + 1, len);
				if (i < len && (s[i] == '"' || s[i] == '\''))
					i = past(s, i + 1, len, s[i]);
				else
					while (i < len && !IS(s[i], C_BLANK | C_STOP))
						i++;
			}
		}
		else
			while (i < len && !IS(s[i], C_BLANK | C_STOP) &&
				   !(s[i] == '/' && i + 1 < len && s[i + 1] == '>'))
				i++;
		i = skip_blanks(s, i, len);
		/* one tag may be the whole page */
		if (poll_bytes(env, i, next_poll))
		{
			*stop = 1;
			break;
		}
	}
	t->close = i;
	if (i < len && s[i] == '/')
	{
		t->raw = 0;
		i += 2;
	}
	else if (i < len)
		i++;
	t->end = i;
}

/* Offset after "<!DOCTYPE ...>" starting at lt. */
static size_t
scan_doctype(const char *s, size_t len, size_t lt)
{
	size_t		i = skip_blanks(s, lt + 9, len);

	if (i < len && (IS(s[i], C_NAME_START) || (unsigned char) s[i] >= 0x80))
		while (i < len && IS(s[i], C_XNAME))
			i++;
	i = skip_blanks(s, i, len);
	if (starts_nocase(s, i, len, "SYSTEM", 6) || starts_nocase(s, i, len, "PUBLIC", 6))
	{
		int			literals = (s[i] == 'P' || s[i] == 'p') ? 2 : 1;

		i += 6;
		for (int k = 0; k < literals; k++)
		{
			i = skip_blanks(s, i, len);
			if (i >= len || (s[i] != '"' && s[i] != '\''))
				break;
			i = past(s, i + 1, len, s[i]);
		}
	}
	return past(s, i, len, '>');
}

/* Offset after the comment "<!--..." starting at lt. */
static size_t
scan_comment(const char *s, size_t len, size_t lt)
{
	size_t		i = lt + 4;

	for (;;)
	{
		const char *p = i < len ? memchr(s + i, '>', len - i) : NULL;
		size_t		gt;

		if (p == NULL)
			return len;
		gt = (size_t) (p - s);
		if ((gt >= lt + 6 && s[gt - 1] == '-' && s[gt - 2] == '-') ||
			(gt >= lt + 7 && s[gt - 1] == '!' && s[gt - 2] == '-' && s[gt - 3] == '-'))
			return gt + 1;
		i = gt + 1;
	}
}

/* Offset of the "</" that ends the raw text of script (or style) from i. */
static size_t
raw_end(const char *s, size_t len, size_t i, int script)
{
	const char *name = script ? "script" : "style";
	size_t		n = script ? 6 : 5;

	for (;;)
	{
		const char *p = i < len ? memchr(s + i, '<', len - i) : NULL;
		size_t		lt;

		if (p == NULL)
			return len;
		lt = (size_t) (p - s);
		if (lt + 1 < len && s[lt + 1] == '/' && starts_nocase(s, lt + 2, len, name, n))
			return lt;
		i = lt + 1;
	}
}

/*
 * Scans s from offset from (text, not inside any construct) to the end.
 * With dst NULL: stops at the first start tag with more than MAX_TAG_ATTRS
 * attributes and sets *first to its offset (len when there is none).  Else
 * appends s[from..] to dst at *o, without each such tag's attributes past
 * the MAX_TAG_ATTRS-th: the bytes from the first of them to the tag's '>'
 * (or "/>") go.  TD_EINTR when env asked to stop.
 */
static td_status
scan_tags(td_env *env, const char *s, size_t len, size_t from,
		  size_t *first, char *dst, size_t *o)
{
	size_t		i = from;
	size_t		copied = from;
	size_t		next_poll = from + POLL_BYTES;
	int			stop = 0;

	while (i < len)
	{
		size_t		lt = find(s, i, len, '<');
		char		c;

		if (lt >= len)
			break;
		if (poll_bytes(env, lt, &next_poll))
			return interrupted(env);
		if (lt + 1 >= len)
			break;
		c = s[lt + 1];
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		{
			tag_scan	t;
			size_t		end_tag;

			if (short_tag_end(s, len, lt, &i))
				continue;
			scan_start_tag(s, len, lt, &next_poll, env, &stop, &t);
			if (stop)
				return interrupted(env);
			if (t.cut != 0)
			{
				if (dst == NULL)
				{
					*first = lt;
					return TD_OK;
				}
				memcpy(dst + *o, s + copied, t.cut - copied);
				*o += t.cut - copied;
				copied = t.close;
			}
			i = t.end;
			if (!t.raw)
				continue;
			/* raw text: only "</script" (or "</style") + that end tag ends it */
			for (;;)
			{
				size_t		name;

				i = raw_end(s, len, i, t.script);
				if (i >= len)
					break;
				name = i + 2;
				end_tag = name;
				while (end_tag < len && end_tag - name < 100 && IS(s[end_tag], C_NAME))
					end_tag++;
				i = past(s, i + 2, len, '>');
				if (end_tag - name == (t.script ? 6u : 5u))
					break;
				if (poll_bytes(env, i, &next_poll))
					return interrupted(env);
			}
		}
		else if (c == '/')
			i = IS(lt + 2 < len ? s[lt + 2] : 0, C_NAME_START) ? past(s, lt + 2, len, '>') : lt + 2;
		else if (c == '!' && starts_nocase(s, lt + 2, len, "--", 2))
			i = scan_comment(s, len, lt);
		else if (c == '!' && starts_nocase(s, lt + 2, len, "DOCTYPE", 7))
			i = scan_doctype(s, len, lt);
		else if (c == '?')
			i = (lt + 2 < len && (IS(s[lt + 2], C_NAME_START) || (unsigned char) s[lt + 2] >= 0x80)) ?
				past(s, lt + 2, len, '>') : lt + 2;
		else
			i = lt + 1;
	}
	if (dst == NULL)
		*first = len;
	else
	{
		memcpy(dst + *o, s + copied, len - copied);
		*o += len - copied;
	}
	return TD_OK;
}

/*
 * Bounds the attributes of every start tag of text to MAX_TAG_ATTRS (see
 * its comment).  The text is copied only when some tag has more (the scan
 * stops at the first, and the copy scans on from there); *text and
 * *text_len then point at the copy, in *owned (a copy made by decoding is
 * freed).
 */
static td_status
bound_attrs(td_env *env, const char **text, size_t *text_len, char **owned)
{
	const char *s = *text;
	size_t		len = *text_len;
	size_t		first = len;
	size_t		o;
	char	   *copy;
	td_status	st;

	st = scan_tags(env, s, len, 0, &first, NULL, NULL);
	if (st != TD_OK || first == len)
		return st;
	copy = td_alloc(env, len);
	if (copy == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory copying a page of %zu bytes", len);
	memcpy(copy, s, first);
	o = first;
	st = scan_tags(env, s, len, first, NULL, copy, &o);
	if (st != TD_OK)
	{
		td_free(env, copy);
		return st;
	}
	td_free(env, *owned);
	*owned = copy;
	*text = copy;
	*text_len = o;
	return TD_OK;
}

/* ---- tree building from SAX events ----------------------------------------- */

typedef struct open_elem
{
	uint32_t	node;
	uint32_t	last_child;		/* TD_NONE until the first child */
} open_elem;

typedef struct builder
{
	td_env	   *env;
	td_tree    *tree;
	td_limits	limits;
	htmlParserCtxtPtr ctxt;
	open_elem  *open;			/* open elements, root first */
	size_t		cap_open;
	uint32_t	n_open;
	uint32_t	phantom;		/* open start tags beyond max_depth */
	uint32_t	phantom_hidden; /* phantom level of a hidden element, 0 if none */
	uint32_t	last_text;		/* text node the next characters extend */
	uint32_t	events;
	td_status	status;
} builder;

/* Records the first failure and stops the parser; later events are ignored. */
static void
stop(builder *b, td_status status)
{
	if (b->status == TD_OK)
		b->status = status;
	if (b->ctxt)
		xmlStopParser(b->ctxt);
}

/* Counts one event; false when the build has stopped or must stop now. */
static int
tick(builder *b)
{
	if (b->status != TD_OK)
		return 0;
	if ((++b->events % POLL_EVERY) == 0 && b->env->interrupted(b->env->arg))
	{
		td_fail(b->env, TD_EINTR, "page parse interrupted");
		stop(b, TD_EINTR);
		return 0;
	}
	return 1;
}

/* Appends len bytes to the string arena; *off gets their offset. */
static int
put_string(builder *b, const char *s, size_t len, uint32_t *off)
{
	td_tree    *t = b->tree;
	td_status	st;

	if (len > UINT32_MAX - t->n_strings)
	{
		td_fail(b->env, TD_ELIMIT, "page text is over 4 GB");
		stop(b, TD_ELIMIT);
		return 0;
	}
	st = td_grow(b->env, (void **) &t->strings, &t->cap_strings, t->n_strings + len, 1);
	if (st != TD_OK)
	{
		stop(b, st);
		return 0;
	}
	*off = (uint32_t) t->n_strings;
	if (len > 0)
		memcpy(t->strings + t->n_strings, s, len);
	t->n_strings += len;
	return 1;
}

/*
 * Creates a node as the last child of the innermost open element; returns
 * its index or TD_NONE (status set).  Flags PRE and INHIDDEN are inherited.
 */
static uint32_t
add_node(builder *b, uint8_t kind, uint16_t tag, uint8_t flags)
{
	td_tree    *t = b->tree;
	open_elem  *top = &b->open[b->n_open - 1];
	uint32_t	i = t->n_nodes;
	const td_node *parent;
	td_node    *n;
	td_status	st;

	if (t->n_nodes >= b->limits.max_nodes)
	{
		td_fail(b->env, TD_ELIMIT, "page has more than %u nodes (max_nodes)",
				(unsigned) b->limits.max_nodes);
		stop(b, TD_ELIMIT);
		return TD_NONE;
	}
	st = td_grow(b->env, (void **) &t->nodes, &t->cap_nodes, (size_t) i + 1, sizeof(td_node));
	if (st != TD_OK)
	{
		stop(b, st);
		return TD_NONE;
	}
	parent = &t->nodes[top->node];
	n = &t->nodes[i];
	memset(n, 0, sizeof(*n));
	n->parent = top->node;
	n->first_child = TD_NONE;
	n->next_sibling = TD_NONE;
	n->end = i + 1;
	n->depth = b->n_open;
	n->tag = tag;
	n->kind = kind;
	n->flags = flags | (parent->flags & (TD_F_PRE | TD_F_INHIDDEN));
	if (parent->flags & TD_F_HIDDEN)
		n->flags |= TD_F_INHIDDEN;
	if (top->last_child == TD_NONE)
		t->nodes[top->node].first_child = i;
	else
		t->nodes[top->last_child].next_sibling = i;
	top->last_child = i;
	t->n_nodes++;
	return i;
}

static int
add_attributes(builder *b, td_node *n, const xmlChar **atts)
{
	td_tree    *t = b->tree;

	n->attr_first = t->n_attrs;
	for (; atts && atts[0]; atts += 2)
	{
		const char *name = (const char *) atts[0];
		const char *value = atts[1] ? (const char *) atts[1] : "";
		td_attr    *a;
		td_status	st;

		/* attr_count is 16 bits: a tag with more attributes keeps the first 65535 */
		if (n->attr_count == UINT16_MAX)
			break;
		if (t->n_attrs == UINT32_MAX)
			break;
		st = td_grow(b->env, (void **) &t->attrs, &t->cap_attrs, (size_t) t->n_attrs + 1, sizeof(td_attr));
		if (st != TD_OK)
		{
			stop(b, st);
			return 0;
		}
		a = &t->attrs[t->n_attrs];
		a->name_len = (uint32_t) strlen(name);
		a->value_len = (uint32_t) strlen(value);
		if (!put_string(b, name, a->name_len, &a->name_off) ||
			!put_string(b, value, a->value_len, &a->value_off))
			return 0;
		t->n_attrs++;
		n->attr_count++;
	}
	return 1;
}

/*
 * Element and attribute names arrive lower-cased: libxml2's HTML parser folds
 * them (htmlParseHTMLName), implied elements included.
 */
static void
sax_start_element(void *ctx, const xmlChar *xname, const xmlChar **atts)
{
	builder    *b = ctx;
	const char *name = (const char *) xname;
	size_t		len = strlen(name);
	uint16_t	tag = td_tag_lookup(name, len);
	uint32_t	name_off;
	uint32_t	i;
	td_node    *n;
	td_status	st;

	if (!tick(b))
		return;
	if (b->n_open > b->limits.max_depth)
	{
		/*
		 * Too deep: no node, the content goes to the deepest open element,
		 * except what a hidden element (script, style...) holds.
		 */
		b->phantom++;
		b->tree->clamped++;
		if (b->phantom_hidden == 0 && (td_tag_flags(tag) & TD_F_HIDDEN))
			b->phantom_hidden = b->phantom;
		return;
	}
	if (!put_string(b, name, len, &name_off))
		return;
	i = add_node(b, TD_ELEM, tag, td_tag_flags(tag));
	if (i == TD_NONE)
		return;
	n = &b->tree->nodes[i];
	n->str_off = name_off;
	n->str_len = (uint32_t) len;
	if (!add_attributes(b, n, atts))
		return;
	st = td_grow(b->env, (void **) &b->open, &b->cap_open, (size_t) b->n_open + 1, sizeof(open_elem));
	if (st != TD_OK)
	{
		stop(b, st);
		return;
	}
	b->open[b->n_open].node = i;
	b->open[b->n_open].last_child = TD_NONE;
	b->n_open++;
	b->last_text = TD_NONE;
}

/* Closes the innermost open element: its subtree ends at the current node count. */
static void
close_top(builder *b)
{
	b->n_open--;
	b->tree->nodes[b->open[b->n_open].node].end = b->tree->n_nodes;
	b->last_text = TD_NONE;
}

/*
 * libxml2 keeps its own stack of open elements and reports every implied or
 * auto-closed end, so end events always match the innermost start event.
 */
static void
sax_end_element(void *ctx, const xmlChar *name)
{
	builder    *b = ctx;

	(void) name;
	if (!tick(b))
		return;
	if (b->phantom > 0)
	{
		if (b->phantom_hidden == b->phantom)
			b->phantom_hidden = 0;
		b->phantom--;
	}
	else if (b->n_open > 1)
		close_top(b);
}

/*
 * Text, whitespace-only runs included (inline spacing matters).  libxml2
 * hands text over in chunks of about 1000 bytes: a chunk that follows a
 * text node with nothing in between extends it.
 */
static void
sax_characters(void *ctx, const xmlChar *ch, int len)
{
	builder    *b = ctx;
	td_tree    *t = b->tree;
	uint32_t	off;

	if (!tick(b) || len <= 0 || b->phantom_hidden > 0)
		return;
	/* nothing enters the arena between two chunks of one text node */
	if (!put_string(b, (const char *) ch, (size_t) len, &off))
		return;
	if (b->last_text != TD_NONE)
	{
		t->nodes[b->last_text].str_len += (uint32_t) len;
		return;
	}
	b->last_text = add_node(b, TD_TEXT, TD_TAG_UNKNOWN, 0);
	if (b->last_text != TD_NONE)
	{
		t->nodes[b->last_text].str_off = off;
		t->nodes[b->last_text].str_len = (uint32_t) len;
	}
}

/* Comments and processing instructions are dropped, but still polled for. */
static void
sax_comment(void *ctx, const xmlChar *value)
{
	(void) value;
	tick(ctx);
}

static void
sax_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
	(void) target;
	(void) data;
	tick(ctx);
}

/*
 * Recover-mode parse errors are normal input: they go nowhere (never to a
 * global handler such as PostgreSQL's), except libxml2 running out of memory.
 */
static void
sax_error(void *ctx, xmlErrorPtr error)
{
	builder    *b = ctx;

	if (!tick(b))
		return;
	if (error && error->code == XML_ERR_NO_MEMORY)
	{
		td_fail(b->env, TD_ENOMEM, "libxml2 ran out of memory");
		stop(b, TD_ENOMEM);
	}
}

static void
sax_init(htmlSAXHandler *sax)
{
	memset(sax, 0, sizeof(*sax));
	sax->initialized = XML_SAX2_MAGIC;
	sax->startElement = sax_start_element;
	sax->endElement = sax_end_element;
	sax->characters = sax_characters;
	sax->ignorableWhitespace = sax_characters;
	sax->cdataBlock = sax_characters;
	sax->comment = sax_comment;
	sax->processingInstruction = sax_pi;
	sax->serror = sax_error;
}

/* A tree holding only the root, with arrays sized for a page of len bytes. */
static td_status
tree_new(td_env *env, size_t len, td_tree **out)
{
	td_tree    *t = td_alloc(env, sizeof(td_tree));
	td_status	st;

	*out = NULL;
	if (t == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory allocating a page tree");
	memset(t, 0, sizeof(*t));
	t->env = env;
	/* typical pages: a node per 60 bytes, names and text about half the bytes */
	st = td_grow(env, (void **) &t->nodes, &t->cap_nodes, len / 64 + 16, sizeof(td_node));
	if (st == TD_OK)
		st = td_grow(env, (void **) &t->strings, &t->cap_strings, len / 2 + 64, 1);
	if (st != TD_OK)
	{
		td_tree_free(t);
		return st;
	}
	memset(&t->nodes[0], 0, sizeof(td_node));
	t->nodes[0].parent = TD_NONE;
	t->nodes[0].first_child = TD_NONE;
	t->nodes[0].next_sibling = TD_NONE;
	t->nodes[0].end = 1;
	t->nodes[0].kind = TD_ROOT;
	t->n_nodes = 1;
	*out = t;
	return TD_OK;
}

/* Runs libxml2 over text (valid UTF-8) feeding b. */
static td_status
run_parser(builder *b, const char *text, size_t len)
{
	htmlSAXHandler sax;
	htmlParserCtxtPtr ctxt;
	int			options = HTML_PARSE_RECOVER | HTML_PARSE_NONET |
		HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_IGNORE_ENC;

	xmlInitParser();
	ctxt = htmlCreateMemoryParserCtxt(text, (int) len);
	if (ctxt == NULL)
		return td_fail(b->env, TD_EPARSER, "libxml2 could not create an HTML parser");
	sax_init(&sax);
	memcpy(ctxt->sax, &sax, sizeof(sax));
	ctxt->userData = b;
	b->ctxt = ctxt;
	htmlCtxtUseOptions(ctxt, options);
	/*
	 * Without a declared charset libxml2 reads the first non-ASCII byte as
	 * Latin-1; the text is UTF-8 already, so no converter is needed.
	 */
	xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
	htmlParseDocument(ctxt);
	if (b->status == TD_OK && ctxt->errNo == XML_ERR_NO_MEMORY)
		b->status = td_fail(b->env, TD_ENOMEM, "libxml2 ran out of memory");
	b->ctxt = NULL;
	htmlFreeParserCtxt(ctxt);
	return b->status;
}

td_status
td_parse_html(td_env *env, const char *html, size_t len,
			  const char *encoding, const td_limits *limits, td_tree **out)
{
	builder		b;
	const char *text = NULL;
	size_t		text_len = 0;
	char	   *owned = NULL;
	td_status	st;

	*out = NULL;
	memset(&b, 0, sizeof(b));
	if (limits)
		b.limits = *limits;
	else
		td_limits_default(&b.limits);
	if (len > b.limits.max_bytes)
		return td_fail(env, TD_ELIMIT, "page of %zu bytes is over the limit of %zu bytes (max_bytes)",
					   len, b.limits.max_bytes);

	st = decode_input(env, html, len, encoding, &text, &text_len, &owned);
	if (st == TD_OK)
		st = bound_attrs(env, &text, &text_len, &owned);
	if (st != TD_OK)
	{
		td_free(env, owned);
		return st;
	}
	/* libxml2 takes an int length; decoding may grow the text up to 3 times */
	if (text_len > INT_MAX)
	{
		td_free(env, owned);
		return td_fail(env, TD_ELIMIT, "page of %zu bytes decodes to over 2 GB", len);
	}

	b.env = env;
	b.last_text = TD_NONE;
	st = tree_new(env, text_len, &b.tree);
	if (st == TD_OK)
		st = td_grow(env, (void **) &b.open, &b.cap_open, 64, sizeof(open_elem));
	if (st == TD_OK)
	{
		b.open[0].node = 0;
		b.open[0].last_child = TD_NONE;
		b.n_open = 1;
		/* libxml2 refuses an empty buffer; an empty page is just the root */
		if (text_len > 0)
			st = run_parser(&b, text, text_len);
	}
	/* elements libxml2 left open, the root included, end with the page */
	while (b.n_open > 0)
		close_top(&b);
	td_free(env, owned);
	td_free(env, b.open);
	if (st != TD_OK)
	{
		td_tree_free(b.tree);
		return st;
	}
	*out = b.tree;
	return TD_OK;
}

void
td_tree_free(td_tree *tree)
{
	td_env	   *env;

	if (tree == NULL)
		return;
	env = tree->env;
	td_free(env, tree->nodes);
	td_free(env, tree->attrs);
	td_free(env, tree->strings);
	td_free(env, tree);
}

const char *
td_node_attr(const td_tree *t, uint32_t i, const char *name, uint32_t *len)
{
	const td_node *n = &t->nodes[i];
	size_t		name_len = strlen(name);

	if (n->kind != TD_ELEM)
		return NULL;
	for (uint32_t k = n->attr_first; k < n->attr_first + n->attr_count; k++)
	{
		const td_attr *a = &t->attrs[k];

		if (a->name_len == name_len &&
			memcmp(t->strings + a->name_off, name, name_len) == 0)
		{
			if (len)
				*len = a->value_len;
			return t->strings + a->value_off;
		}
	}
	return NULL;
}
