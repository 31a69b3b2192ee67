/*
 * tagbound.c — a bound on the attributes of one start tag, applied to the
 * decoded text before libxml2 parses it, and where a script's text ends
 * (td_script_end), for the parser and for the sandwich's token units.
 */
#include <string.h>
#include <strings.h>

#include <libxml/chvalid.h>

#include "base/decode.h"
#include "base/tagbound.h"
#include "util/poll.h"

/*
 * Attributes kept per start tag.  libxml2 checks each attribute of a tag
 * against all the previous ones (htmlParseStartTag), without an event in
 * between that would let us poll: 30,000 attributes take seconds and a 64 MB
 * tag hours.  No tag of the 583 pages of shared/corpus/sites has more than
 * 1,000; td_bound_attrs drops the excess, so a tag costs at most about 10^6
 * comparisons.
 */
#define MAX_TAG_ATTRS 1000

/*
 * td_bound_attrs walks the decoded text the way libxml2 2.9's HTML tokenizer
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
 *    only there.  What does not start a name for libxml2 is read as HTML
 *    reads it (see html_attr), and rewritten so that libxml2 reads it
 *    so too.  The tag ends at '>' or "/>".
 *  - "</" + name start: an end tag, to the first '>' (quotes mean nothing).
 *  - "<!--": a comment, to the first "-->" or "--!>" after it.
 *  - "<!DOCTYPE": a name, then a quoted literal after SYSTEM, one or two
 *    after PUBLIC, then to the first '>'.
 *  - "<?" + name start: a processing instruction, to the first '>'; a
 *    non-ASCII name start only where libxml2's htmlParseName takes it (a
 *    letter or an ideograph: not U+FFFD, so "<?\uFFFD<c h=\">" is the text
 *    "<?\uFFFD" and a tag, as libxml2 reads it).
 *  - script and style hold raw text up to "</script" ("</style"), case
 *    insensitive, then an end tag; an end tag of another name ("</scriptx>")
 *    does not end them, nor does a "</script" in a script's double-escaped
 *    text (HTML's "<!--" then "<script", see td_script_end).  A "<script/>"
 *    has no content.  Raw text is not read as markup: "a<b c=\"" in a
 *    script would otherwise open a quote that hides the tags after the
 *    script.  Where libxml2 does read markup in raw text (see scan_tags), a
 *    byte is neutralized so that it does not.
 * Any other '<' is text.  Blanks are libxml2's: space, tab, CR, LF.
 * (300,000 random tags, checked against libxml2 when this was written, end
 * where libxml2 ends them.)
 *
 * Only the bytes of attributes past the MAX_TAG_ATTRS-th go, up to the
 * tag's '>' or "/>", so the tag stays whole and nothing after it changes;
 * no bytes of text, script or style are removed (a neutralized byte of
 * script or style text becomes a blank), and a rewritten attribute name
 * keeps its length.
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

/* Where scan_tags copies the page to, and how far it has. */
typedef struct copy_out
{
	char	   *dst;
	size_t	   *o;
	size_t		copied;			/* s[..copied) is in dst */
} copy_out;

/* Copies s[copied..at) to the copy. */
static inline void
copy_upto(const char *s, size_t at, copy_out *out)
{
	memcpy(out->dst + *out->o, s + out->copied, at - out->copied);
	*out->o += at - out->copied;
	out->copied = at;
}

/* Copies s[copied..at) to the copy, then c for s[at]. */
static inline void
put_byte(const char *s, size_t at, char c, copy_out *out)
{
	copy_upto(s, at, out);
	out->dst[(*out->o)++] = c;
	out->copied = at + 1;
}

/* A start tag as libxml2 reads it; see above. */
typedef struct tag_scan
{
	size_t		end;			/* offset after the tag */
	size_t		cut;			/* offset of attribute MAX_TAG_ATTRS + 1, or 0 */
	size_t		close;			/* offset of the tag's '>' or "/>" (len if none) */
	int			raw;			/* script or style, not "/>": raw text follows */
	int			script;			/* ... and it is script */
	/* td_slim_attrs: the end of the name, and the first src and data attributes */
	size_t		name_end;
	size_t		keep_from[2];
	size_t		keep_to[2];
	int			n_keep;
	int			kept;			/* 1: src kept, 2: data kept */
	/* attributes read as HTML reads them (html_attr), or as libxml2 does */
	int			html;
	int			odd;
	copy_out   *out;
} tag_scan;

/* Offset after the value, if any, of an attribute whose name ends at i. */
static size_t
skip_value(const char *s, size_t len, size_t i)
{
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
	return i;
}

/*
 * The attributes td_slim_attrs keeps: the ones td_fingerprints reads (the
 * file name of a media element's src or data).  libxml2 lowercases attribute
 * names and keeps the first of repeated ones, so the first of each, among
 * the first MAX_TAG_ATTRS, is all that can reach the tree.
 */
static int
kept_attr(const char *s, size_t name, size_t name_len, tag_scan *t)
{
	int			bit = (name_len == 3 && strncasecmp(s + name, "src", 3) == 0) ? 1 :
		(name_len == 4 && strncasecmp(s + name, "data", 4) == 0) ? 2 : 0;

	if (bit == 0 || (t->kept & bit))
		return 0;
	t->kept |= bit;
	return 1;
}

/*
 * The value, if any, of the attribute whose name starts at name and ends at
 * i, and the name kept when it may be and kept_attr takes it (the attribute
 * is the attrs-th of its tag).  Returns the offset after the value.
 */
static size_t
attr_value(const char *s, size_t len, size_t i, size_t name, int may_keep, uint32_t attrs,
		   tag_scan *t)
{
	int			keep = may_keep && attrs <= MAX_TAG_ATTRS && kept_attr(s, name, i - name, t);

	i = skip_value(s, len, i);
	if (keep)
	{
		t->keep_from[t->n_keep] = name;
		t->keep_to[t->n_keep++] = i;
	}
	return i;
}

/*
 * One attribute as libxml2 reads it: a name of at most 100 name bytes (the
 * rest of a longer name is read again as another attribute), then a value
 * if an '=' follows; bytes that do not start a name are skipped to the next
 * blank, '>' or "/>".  Returns the offset after what it read.
 */
static size_t
libxml2_attr(const char *s, size_t len, size_t i, uint32_t *attrs, tag_scan *t)
{
	size_t		name = i;

	if (!IS(s[i], C_NAME_START))
	{
		while (i < len && !IS(s[i], C_BLANK | C_STOP) &&
			   !(s[i] == '/' && i + 1 < len && s[i + 1] == '>'))
			i++;
		return i;
	}
	while (i < len && i - name < 100 && IS(s[i], C_NAME))
		i++;
	if (++*attrs == MAX_TAG_ATTRS + 1)
		t->cut = name;
	return attr_value(s, len, i, name, 1, *attrs, t);
}

/*
 * One attribute as HTML reads it.  libxml2 2.9 reads a name only from a
 * letter, '_', ':' or '.' on, and only letters, digits and ":-_."; it skips
 * other bytes to the next blank or '>'.  So Alpine's and Vue's "@click",
 * Angular's "(click)", "[value]" and "*ngIf", a stray quote, lose their name,
 * and a value holding a blank and then a '>' ("@click=\"open = !open;
 * $nextTick(() => ...)\"") ends the tag inside the value: the rest of it
 * became text on the page, script in clean_text.  HTML reads a name up to a
 * blank, '/', '>' or '=' (an '=' may be its first byte), then a value as
 * for any name; a '/' that is not "/>" is skipped.  Here each byte of such
 * a name that libxml2 would not read becomes '_' (and the first of each 100,
 * where libxml2 starts a new name), and such a '/' a blank; t->odd tells
 * that some did, and t->out takes the rewritten bytes.  libxml2 then reads
 * the attribute, its value and the tag's end as HTML does; only names
 * nobody reads change ("@click" is "_click", the same length).  The name
 * is kept (kept_attr) when the last 100 bytes, the name libxml2 gives the
 * value, are a kept name as they stand.
 */
static size_t
html_attr(const char *s, size_t len, size_t i, uint32_t *attrs, tag_scan *t)
{
	size_t		from = i;
	size_t		last = i;
	int			odd = 0;

	if (s[i] == '/')			/* not "/>": scan_start_tag's loop ends there */
	{
		t->odd = 1;
		if (t->out && *attrs <= MAX_TAG_ATTRS)
			put_byte(s, i, ' ', t->out);
		return i + 1;
	}
	do
		i++;
	while (i < len && !IS(s[i], C_BLANK | C_STOP) && s[i] != '/' && s[i] != '=');
	for (size_t chunk = from; chunk < i; chunk += 100)
	{
		size_t		end = i - chunk > 100 ? chunk + 100 : i;

		last = chunk;
		odd = 0;
		if (++*attrs == MAX_TAG_ATTRS + 1)
			t->cut = chunk;
		for (size_t k = chunk; k < end; k++)
			if (!IS(s[k], k == chunk ? C_NAME_START : C_NAME))
			{
				odd = t->odd = 1;
				if (t->out && *attrs <= MAX_TAG_ATTRS)
					put_byte(s, k, '_', t->out);
			}
	}
	return attr_value(s, len, i, last, !odd, *attrs, t);
}

/*
 * A start tag: its name, then its attributes, read as HTML reads them where
 * t->html (html_attr), else as libxml2 does (libxml2_attr).  Right after
 * the tag's name (no blank between: "<img\"src=a>") a '_' would lengthen
 * the element's name, so there libxml2's reading holds; and so it does in
 * a tag that ends at its first '>' whichever way it is read (short_tag_end),
 * where names cannot put text on the page.
 */
static void
scan_start_tag(const char *s, size_t len, size_t lt, size_t *next_poll, td_env *env,
			   int *stop, tag_scan *t)
{
	size_t		i = lt + 1;
	size_t		name_len;
	uint32_t	attrs = 0;

	t->cut = 0;
	t->n_keep = t->kept = 0;
	t->odd = 0;
	while (i < len && i - lt - 1 < 100 && IS(s[i], C_NAME))
		i++;
	t->name_end = i;
	name_len = i - lt - 1;
	t->script = name_len == 6 && strncasecmp(s + lt + 1, "script", 6) == 0;
	t->raw = t->script || (name_len == 5 && strncasecmp(s + lt + 1, "style", 5) == 0);
	i = skip_blanks(s, i, len);
	while (i < len && s[i] != '>' && !(s[i] == '/' && i + 1 < len && s[i + 1] == '>'))
	{
		i = t->html && i != t->name_end ? html_attr(s, len, i, &attrs, t) :
			libxml2_attr(s, len, i, &attrs, t);
		i = skip_blanks(s, i, len);
		/* one tag may be the whole page */
		if (td_poll_bytes(env, i, next_poll))
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

/*
 * Whether a processing instruction's name starts at i, as libxml2's
 * htmlParseName decides: an ASCII name start, or a non-ASCII letter or
 * ideograph (the text is valid UTF-8 here: decode.h).
 */
static int
pi_name_start(const char *s, size_t len, size_t i)
{
	const unsigned char *u = (const unsigned char *) s + i;
	unsigned int c;

	if (i >= len)
		return 0;
	if (u[0] < 0x80)
		return IS(s[i], C_NAME_START);
	if (u[0] >= 0xF0 && i + 3 < len)
		c = ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6) | (u[3] & 0x3Fu);
	else if (u[0] >= 0xE0 && i + 2 < len)
		c = ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
	else if (u[0] >= 0xC0 && i + 1 < len)
		c = ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu);
	else
		return 0;
	return xmlIsBaseCharQ(c) || xmlIsIdeographicQ(c);
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

/* Whether "<" + slash? + "script" + a byte that is not a name byte starts at i. */
static inline int
script_tag_at(const char *s, size_t len, size_t i, int end)
{
	size_t		name = i + 1 + (end != 0);

	return name + 6 <= len && s[i] == '<' && (!end || s[i + 1] == '/') &&
		strncasecmp(s + name, "script", 6) == 0 && (name + 6 == len || !IS(s[name + 6], C_NAME));
}

/*
 * td_script_end (tagbound.h): the first "</script" (and no more name)
 * outside HTML's double-escaped state.  A script whose text opens "<!--"
 * and then "<script" is double-escaped until "</script" or "-->"; browsers
 * keep document.write('<script ...></script>') in such a script, where
 * libxml2 would end it at the inner "</script>" and show the rest of the
 * code as text (Forbes' 2005 pages did).
 */
size_t
td_script_end(const char *s, size_t len, size_t i)
{
	enum
	{
		DATA, ESCAPED, DOUBLE
	}			state = DATA;

	for (size_t k = i; k < len; k++)
	{
		if (s[k] == '-' && state != DATA && k + 2 < len && s[k + 1] == '-' && s[k + 2] == '>')
		{
			state = DATA;
			k += 2;
		}
		else if (s[k] != '<')
			continue;
		else if (state == DATA && k + 3 < len && s[k + 1] == '!' && s[k + 2] == '-' && s[k + 3] == '-')
		{
			state = ESCAPED;
			k += 1;				/* the "--" may end it at once: "<!-->" */
		}
		else if (state == ESCAPED && script_tag_at(s, len, k, 0))
			state = DOUBLE;
		else if (script_tag_at(s, len, k, 1))
		{
			if (state != DOUBLE)
				return k;
			state = ESCAPED;
		}
	}
	return len;
}

/* Whether the real end tag of script (or style) starts at i: "</script" + a byte that is not a name byte. */
static inline int
is_raw_end_tag(const char *s, size_t len, size_t i, int script)
{
	size_t		n = script ? 6 : 5;

	return i + 1 < len && s[i] == '<' && s[i + 1] == '/' &&
		starts_nocase(s, i + 2, len, script ? "script" : "style", n) &&
		(i + 2 + n >= len || !IS(s[i + 2 + n], C_NAME));
}

/* Whether libxml2 reads markup at i, the first byte of script (style) text. */
static inline int
raw_start_is_markup(const char *s, size_t len, size_t i, int script)
{
	return i + 1 < len && s[i] == '<' && (IS(s[i + 1], C_NAME_START) || s[i + 1] == '/') &&
		!is_raw_end_tag(s, len, i, script);
}

/*
 * Scans s from offset from (text, not inside any construct) to the end.
 * With dst NULL: stops at the first start tag with more than MAX_TAG_ATTRS
 * attributes or an odd attribute name (html_attr), or of a script or
 * style whose text needs a byte neutralized, and sets *first to its offset
 * (len when there is none).  Else appends s[from..] to dst at *o, without
 * each such tag's attributes past the MAX_TAG_ATTRS-th (the bytes from the
 * first of them to the tag's '>' or "/>" go), with odd names rewritten and
 * those bytes neutralized.  TD_EINTR when env asked to stop.
 */
static td_status
scan_tags(td_env *env, const char *s, size_t len, size_t from,
		  size_t *first, char *dst, size_t *o, int slim)
{
	size_t		i = from;
	copy_out	out = {dst, o, from};
	size_t		next_poll = from + POLL_BYTES;
	int			stop = 0;

	while (i < len)
	{
		size_t		lt = find(s, i, len, '<');
		char		c;

		if (lt >= len)
			break;
		if (td_poll_bytes(env, lt, &next_poll))
			return td_input_interrupted(env);
		if (lt + 1 >= len)
			break;
		c = s[lt + 1];
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		{
			tag_scan	t;
			size_t		end_tag,
						short_end;

			/* the slim copy reads the tag as libxml2 reads the full one */
			t.html = !short_tag_end(s, len, lt, &short_end);
			if (!slim && !t.html)
			{
				i = short_end;
				continue;
			}
			t.out = dst && !slim ? &out : NULL;
			scan_start_tag(s, len, lt, &next_poll, env, &stop, &t);
			if (stop)
				return td_input_interrupted(env);
			if (t.odd && !dst && !slim)
			{
				*first = lt;
				return TD_OK;
			}
			if (slim)
			{
				/* the tag's name, its kept attributes, its '>' or "/>" */
				copy_upto(s, t.name_end, &out);
				for (int k = 0; k < t.n_keep; k++)
				{
					dst[(*o)++] = ' ';
					memcpy(dst + *o, s + t.keep_from[k], t.keep_to[k] - t.keep_from[k]);
					*o += t.keep_to[k] - t.keep_from[k];
				}
				/* an unquoted value would run into "/>" (src=a/>: "a/") */
				if (t.n_keep > 0 && t.close < len && s[t.close] == '/')
					dst[(*o)++] = ' ';
				out.copied = t.close;
			}
			else if (t.cut != 0)
			{
				if (dst == NULL)
				{
					*first = lt;
					return TD_OK;
				}
				copy_upto(s, t.cut, &out);
				out.copied = t.close;
			}
			i = t.end;
			if (!t.raw)
				continue;
			/*
			 * Raw text: only "</script" (or "</style") + that end tag ends
			 * it.  libxml2 reads markup at two more places, which we
			 * neutralize (one byte becomes a blank, in text nobody sees) so
			 * that it reads raw text there as HTML does and as this scan
			 * assumes: right after the start tag, "<" + name or "</" (a
			 * <body> there closes a style, a <noscript> a script, and an end
			 * tag of an open element closes both); and "</script" followed
			 * by more name ("</scriptx"), where it stops, takes an end tag
			 * and starts again as right after the start tag.  Missed, such a
			 * place hid a whole tag from the bound (a fuzzed
			 * "<style/c><body" + 1,349 attributes).
			 */
			if (raw_start_is_markup(s, len, i, t.script))
			{
				if (dst == NULL)
				{
					*first = lt;
					return TD_OK;
				}
				put_byte(s, i, ' ', &out);
			}
			if (t.script)
			{
				/* each "</script" before the real end would end it for libxml2 */
				size_t		end = td_script_end(s, len, i);

				while ((i = raw_end(s, len, i, 1)) < end)
				{
					if (dst == NULL)
					{
						*first = lt;
						return TD_OK;
					}
					put_byte(s, i + 1, ' ', &out);
					i += 2;
					if (td_poll_bytes(env, i, &next_poll))
						return td_input_interrupted(env);
				}
				i = end < len ? past(s, end + 2, len, '>') : len;
				continue;
			}
			for (;;)
			{
				size_t		name,
							slash;

				i = raw_end(s, len, i, t.script);
				if (i >= len)
					break;
				slash = i + 1;
				name = i + 2;
				end_tag = name;
				while (end_tag < len && end_tag - name < 100 && IS(s[end_tag], C_NAME))
					end_tag++;
				if (end_tag - name == (t.script ? 6u : 5u))
				{
					i = past(s, i + 2, len, '>');
					break;
				}
				if (dst == NULL)
				{
					*first = lt;
					return TD_OK;
				}
				put_byte(s, slash, ' ', &out);
				i = name;
				if (td_poll_bytes(env, i, &next_poll))
					return td_input_interrupted(env);
			}
		}
		else if (c == '/')
			i = IS(lt + 2 < len ? s[lt + 2] : 0, C_NAME_START) ? past(s, lt + 2, len, '>') : lt + 2;
		else if (c == '!' && starts_nocase(s, lt + 2, len, "--", 2))
			i = scan_comment(s, len, lt);
		else if (c == '!' && starts_nocase(s, lt + 2, len, "DOCTYPE", 7))
			i = scan_doctype(s, len, lt);
		else if (c == '?')
			i = pi_name_start(s, len, lt + 2) ? past(s, lt + 2, len, '>') : lt + 2;
		else
			i = lt + 1;
	}
	if (dst == NULL)
		*first = len;
	else
	{
		copy_upto(s, len, &out);
	}
	return TD_OK;
}

/*
 * Bounds the attributes of every start tag of text to MAX_TAG_ATTRS (see
 * its comment) and rewrites odd attribute names (html_attr).  The text is
 * copied only when some tag needs either (the scan stops at the first, and
 * the copy scans on from there); *text and *text_len then point at the
 * copy, in *owned (a copy made by decoding is freed).
 */
td_status
td_bound_attrs(td_env *env, const char **text, size_t *text_len, char **owned)
{
	const char *s = *text;
	size_t		len = *text_len;
	size_t		first = len;
	size_t		o;
	char	   *copy;
	td_status	st;

	st = scan_tags(env, s, len, 0, &first, NULL, NULL, 0);
	if (st != TD_OK || first == len)
		return st;
	copy = td_alloc(env, len);
	if (copy == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory copying a page of %zu bytes", len);
	memcpy(copy, s, first);
	o = first;
	st = scan_tags(env, s, len, first, NULL, copy, &o, 0);
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

/*
 * The text with every start tag reduced to its name, the attributes
 * td_fingerprints reads (kept_attr) and its end: libxml2 then parses a tree
 * with the same elements, visible texts and fingerprints (attributes make no
 * elements), without reading the rest of the attributes — 43% of the bytes
 * of the corpus pages and a third of the parse.  Where this scan and libxml2
 * disagree on what is a tag (inputs with NUL bytes, found by fuzzing), the
 * bytes dropped are ones libxml2 reads as script or style text: hidden, never
 * fingerprinted or rendered as text.  Only for trees nobody renders as HTML
 * or reads other attributes of (the site-level profile and text functions).  Always copies.  The copy may gain blanks, which libxml2
 * skips: before a kept attribute that followed a name cut at 100 characters
 * (libxml2 reads the rest as another name) and before "/>" after a kept
 * attribute, so at most 3 bytes per tag of at least 8 ("<a src/>").
 */
td_status
td_slim_attrs(td_env *env, const char **text, size_t *text_len, char **owned)
{
	const char *s = *text;
	size_t		len = *text_len;
	size_t		o = 0;
	char	   *copy;
	td_status	st;

	copy = td_alloc(env, len + len / 2 + 16);
	if (copy == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory copying a page of %zu bytes", len);
	st = scan_tags(env, s, len, 0, NULL, copy, &o, 1);
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
