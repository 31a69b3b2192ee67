/*
 * metadata.c — a page's metadata (metadata.h).
 *
 * One preorder loop over the tree collects candidates per field, each with
 * the rank of its source (lower is more trusted); a field keeps its first
 * candidate of the best rank.  Values are copied, cleaned (white space
 * folded, trimmed, cut at TD_META_MAX_VALUE), into one pool of bytes.
 * JSON-LD blocks are read with jsonld.h, each into its own flat array,
 * freed before the next.  Nothing recurses: the tree and the JSON values
 * are flat arrays walked by index.
 */
#include <stdio.h>
#include <string.h>

#include "base/tags.h"
#include "meta/dates.h"
#include "util/jsonld.h"
#include "meta/langdetect.h"
#include "meta/metadata.h"
#include "meta/title_model.h"
#include "util/ascii.h"
#include "util/fnv.h"
#include "util/poll.h"
#include "util/url.h"

/* Source ranks, most trusted first. */
enum
{
	R_CANONICAL = 1,			/* <link rel=canonical> */
	R_PUBDATE,					/* <time pubdate>: the page says "this is when" */
	R_LD,						/* JSON-LD: the page's main entity */
	R_LD_PAGE,					/* JSON-LD: the WebPage entity */
	R_MICRODATA,
	R_OG,						/* og:, twitter:, article: */
	R_META,						/* other <meta> */
	R_VISIBLE,					/* bylines, <time> */
	R_TEXT,						/* "By Jane Doe" in the text */
	R_TITLE,					/* <title> */
	R_NONE = 100
};

typedef struct slot
{
	int			rank;
	uint32_t	off,
				len;
} slot;

typedef struct list
{
	int			rank;
	uint32_t	n;
	uint32_t	off[TD_META_MAX_LIST],
				len[TD_META_MAX_LIST];
} list;

typedef struct meta
{
	td_env	   *env;
	const td_tree *t;
	const td_meta_options *opt;
	td_buf		pool;			/* every value's bytes */
	td_buf		scratch;		/* one value being cleaned */
	slot		title_ld,		/* title candidates, by source */
				title_md,
				title_og,
				title_tw,
				title_html,
				h1,				/* the first distinct <h1> (h1s[0]) */
				h2;				/* the first visible <h2>'s text, read when there is no <h1> */
	slot		h1s[4];			/* the first distinct visible <h1>s */
	uint32_t	h1_elems[4];	/* their elements */
	slot		description,
				site_name,
				canonical,
				image,
				published,
				modified,
				updated,		/* the first visible "Updated" dateline's date */
				language;
	slot		tw_data[5];		/* twitter:data1..4 */
	unsigned	tw_author;		/* bit N: twitter:labelN says "Written by" */
	list		site_names;		/* every site name seen (to cut from titles) */
	list		authors,
				keywords,
				types;
	int			lang_found;
	uint32_t	n_h1;			/* distinct visible <h1>s (not empty, not a repeat) */
	uint32_t	text_budget;	/* nodes elem_text may still read (bounds a page
								 * of many nested bylines or itemprops) */
	uint32_t	main_elem;		/* the first visible <main> or <article>, or TD_NONE */
	uint32_t	h1_elem;		/* the first visible <h1> (maybe empty), or TD_NONE */
	uint32_t	h2_elem;		/* the first visible <h2>, or TD_NONE */
	uint32_t	h1_text_elem;	/* the element of h1 (h1s[0]), or TD_NONE */
	uint32_t	head_next;		/* the first visible <h1> or <h2> after h1_elem, or TD_NONE */
} meta;

/* The <h1>s read per page. */
#define H1_MAX 4

/* What elem_text reads per page at most, in nodes. */
#define TEXT_BUDGET (1u << 20)

/* ---- values ------------------------------------------------------------- */

/* Whether a[0..an) is the string b, A-Z folded. */
static int
ascii_ieq(const char *a, size_t an, const char *b)
{
	size_t		bn = strlen(b);

	return an == bn && td_ascii_iprefix(a, an, b, bn);
}

/* Whether needle occurs in s, A-Z folded. */
static int
ascii_icontains(const char *s, size_t n, const char *needle)
{
	size_t		k = strlen(needle);

	for (size_t i = 0; i + k <= n; i++)
		if (td_ascii_iprefix(s + i, n - i, needle, k))
			return 1;
	return 0;
}

/* U+00A0 (C2 A0) counts as white space in values. */
static size_t
space_at(const char *s, size_t n, size_t i)
{
	if (td_is_c_space((unsigned char) s[i]))
		return 1;
	if ((unsigned char) s[i] == 0xC2 && i + 1 < n && (unsigned char) s[i + 1] == 0xA0)
		return 2;
	return 0;
}

/*
 * The character reference at s[i] == '&' (&#NNN;, &#xHH;, &amp; &lt; &gt;
 * &quot; &apos; &nbsp;): its code point and length, or 0.  Values that
 * reach us still escaped were escaped twice by the page (a CMS escaping
 * into JSON-LD or into an attribute); browsers' readers unescape them once
 * more, and so do we.
 */
static size_t
char_ref(const char *s, size_t n, size_t i, uint32_t *cp)
{
	static const struct
	{
		const char *name;
		uint32_t	cp;
	}			named[] = {{"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'},
	{"apos;", '\''}, {"nbsp;", ' '}};
	size_t		j = i + 1;

	if (j < n && s[j] == '#')
	{
		int			hex = j + 1 < n && (s[j + 1] == 'x' || s[j + 1] == 'X');
		uint32_t	v = 0;
		size_t		d = 0;

		j += hex ? 2 : 1;
		for (; j < n && d < 7; j++, d++)
		{
			char		c = s[j];
			int			x = c >= '0' && c <= '9' ? c - '0' :
				hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;

			if (x < 0)
				break;
			v = v * (hex ? 16 : 10) + (uint32_t) x;
		}
		if (d == 0 || j >= n || s[j] != ';' || v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
			return 0;
		*cp = v;
		return j + 1 - i;
	}
	for (size_t k = 0; k < sizeof(named) / sizeof(named[0]); k++)
	{
		size_t		l = strlen(named[k].name);

		if (j + l <= n && memcmp(s + j, named[k].name, l) == 0)
		{
			*cp = named[k].cp;
			return l + 1;
		}
	}
	return 0;
}

static td_status
put_cp(td_buf *b, uint32_t cp)
{
	unsigned char u[4];

	return td_buf_append(b, u, td_utf8_encode(cp, u));
}

/*
 * s[0..n) cleaned into m->scratch: character references left escaped
 * decoded (char_ref), white space runs folded to one space, trimmed,
 * control bytes dropped, cut at TD_META_MAX_VALUE on a character boundary.
 */
static td_status
clean(meta *m, const char *s, size_t n)
{
	td_buf	   *b = &m->scratch;
	int			pending = 0;
	td_status	st = TD_OK;

	b->len = 0;
	for (size_t i = 0; i < n && st == TD_OK;)
	{
		size_t		sp = space_at(s, n, i);
		unsigned char c = (unsigned char) s[i];

		if (sp)
		{
			pending = b->len > 0;
			i += sp;
			continue;
		}
		if (c < 0x20 || c == 0x7F)
		{
			i++;
			continue;
		}
		/* invisible: U+00AD soft hyphen, U+200B-U+200D zero widths, U+FEFF */
		if ((c == 0xC2 && i + 1 < n && (unsigned char) s[i + 1] == 0xAD) ||
			(c == 0xE2 && i + 2 < n && (unsigned char) s[i + 1] == 0x80 &&
			 (unsigned char) s[i + 2] >= 0x8B && (unsigned char) s[i + 2] <= 0x8D) ||
			(c == 0xEF && i + 2 < n && (unsigned char) s[i + 1] == 0xBB && (unsigned char) s[i + 2] == 0xBF))
		{
			i += c == 0xC2 ? 2 : 3;
			continue;
		}
		if (b->len + 5 > TD_META_MAX_VALUE)
		{
			/* cut: drop a partial character */
			while (b->len > 0 && ((unsigned char) b->data[b->len - 1] & 0xC0) == 0x80)
				b->len--;
			if (b->len > 0 && (unsigned char) b->data[b->len - 1] >= 0xC0)
				b->len--;
			break;
		}
		{
			uint32_t	cp = 0;
			size_t		r = c == '&' ? char_ref(s, n, i, &cp) : 0;

			/* "&amp;" and a reference after it: one escaped twice ("&amp;#8230;") */
			if (r == 5 && cp == '&')
			{
				char		ref[16];
				size_t		k = n - (i + r) < sizeof(ref) - 1 ? n - (i + r) : sizeof(ref) - 1;
				uint32_t	cp2;
				size_t		r2;

				ref[0] = '&';
				memcpy(ref + 1, s + i + r, k);
				if ((r2 = char_ref(ref, k + 1, 0, &cp2)) != 0)
				{
					cp = cp2;
					r += r2 - 1;
				}
			}

			if (r && (cp == 0xAD || (cp >= 0x200B && cp <= 0x200D) || cp == 0xFEFF))
			{
				i += r;
				continue;
			}
			if (r && (cp < 0x20 || cp == ' ' || cp == 0x7F))
			{
				/* an escaped space or control byte: a space, or nothing */
				pending = b->len > 0 && cp != 0x7F && cp >= 0x09;
				i += r;
				continue;
			}
			if (pending)
				st = td_buf_putc(b, ' ');
			pending = 0;
			if (st == TD_OK)
				st = r ? put_cp(b, cp) : td_buf_putc(b, (char) c);
			i += r ? r : 1;
		}
	}
	return st;
}

/* Copies the scratch value into the pool. */
static td_status
keep(meta *m, uint32_t *off, uint32_t *len)
{
	*off = (uint32_t) m->pool.len;
	*len = (uint32_t) m->scratch.len;
	return td_buf_append(&m->pool, m->scratch.data, m->scratch.len);
}

static td_status
offer(meta *m, slot *sl, int rank, const char *s, size_t n)
{
	td_status	st;

	if (rank >= sl->rank || s == NULL)
		return TD_OK;
	if ((st = clean(m, s, n)) != TD_OK || m->scratch.len == 0)
		return st;
	sl->rank = rank;
	return keep(m, &sl->off, &sl->len);
}

static td_status
offer_date(meta *m, slot *sl, int rank, const char *s, size_t n)
{
	char		d[TD_DATE_MAX];

	if (rank >= sl->rank || s == NULL || n > 64 || !td_date_normalize(s, n, d))
		return TD_OK;
	return offer(m, sl, rank, d, strlen(d));
}

static const char *
pool_str(const meta *m, uint32_t off)
{
	return m->pool.data ? m->pool.data + off : "";	/* empty until the first value */
}

/* Whether pool value a equals b[0..bn), A-Z folded. */
static int
pool_ieq(const meta *m, uint32_t a, uint32_t an, const char *b, size_t bn)
{
	return an == bn && td_ascii_iprefix(pool_str(m, a), an, b, bn);
}

/* Adds the cleaned value to l at rank (a better rank empties l first). */
static td_status
list_add(meta *m, list *l, int rank, const char *s, size_t n)
{
	td_status	st;

	if (rank > l->rank || s == NULL)
		return TD_OK;
	if ((st = clean(m, s, n)) != TD_OK || m->scratch.len == 0)
		return st;
	if (rank < l->rank)
	{
		l->rank = rank;
		l->n = 0;
	}
	for (uint32_t k = 0; k < l->n; k++)
		if (pool_ieq(m, l->off[k], l->len[k], m->scratch.data, m->scratch.len))
			return TD_OK;
	if (l->n >= TD_META_MAX_LIST)
		return TD_OK;
	st = keep(m, &l->off[l->n], &l->len[l->n]);
	l->n++;
	return st;
}

/* Adds each comma-separated item of s to l. */
static td_status
list_add_split(meta *m, list *l, int rank, const char *s, size_t n)
{
	size_t		i = 0;
	td_status	st = TD_OK;

	while (i < n && st == TD_OK)
	{
		size_t		j = i;

		while (j < n && s[j] != ',' && s[j] != ';')
			j++;
		st = list_add(m, l, rank, s + i, j - i);
		i = j + 1;
	}
	return st;
}

/* ---- authors ------------------------------------------------------------ */

/* Whether k[0..n) is one of names (A-Z folded). */
static int
key_in(const char *k, size_t n, const char *const *names)
{
	for (; *names; names++)
		if (ascii_ieq(k, n, *names))
			return 1;
	return 0;
}

/* Whether w[0..n) is an English month or weekday name or abbreviation. */
static int
calendar_word(const char *w, size_t n)
{
	static const char *const words[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
		"sep", "sept", "oct", "nov", "dec", "january", "february", "march", "april", "june",
		"july", "august", "september", "october", "november", "december", "mon", "tue", "wed",
		"thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday", "thursday", "friday",
		"saturday", "sunday", NULL};

	if (n > 0 && w[n - 1] == '.')
		n--;
	return key_in(w, n, words);
}

/* A credential after a name ("MD", "PhD", "RD", "FAND"): one short word, mostly capitals. */
static int
credential(const char *w, size_t n)
{
	int			upper = 0;

	if (n == 0 || n > 6)
		return 0;
	for (size_t k = 0; k < n; k++)
	{
		if (w[k] == ' ')
			return 0;
		upper += w[k] >= 'A' && w[k] <= 'Z';
	}
	return upper >= 2;
}

/* add_author's flags */
#define AUTHOR_SWAP 1			/* "Doe, Jane" is Jane Doe (citation_author) */
#define AUTHOR_HANDLE 2			/* a user name: digits are part of it, not a date */

/* A word that names a role, not a person ("Writer", "Founder", "Senior"). */
static int
role_word(const char *w, size_t n)
{
	static const char *const words[] = {"writer", "editor", "founder", "co-founder", "cofounder",
		"contributing", "reporter", "correspondent", "journalist", "columnist", "head",
		"former", "senior", "lead", "certified", "licensed", "chief", "director", "manager",
		"ceo", "cto", "president", "consultant", "specialist", "owner", "producer",
		"managing", "associate", "assistant", "freelance", NULL};

	while (n > 0 && (w[n - 1] == ',' || w[n - 1] == '.'))
		n--;
	return key_in(w, n, words);
}

/* A label printed where a name would be ("Author", "Posted by", "Updated", "Sign In"). */
static int
label_value(const char *p, size_t len)
{
	static const char *const labels[] = {"author", "authors", "topic author", "post author",
		"updated", "written by", "posted by", "sign in", "log in", "login", "over",
		"insights from", "human", "full bio", "join us", "sign", "the author", "about the author",
	NULL};
	size_t		w = len;

	if (key_in(p, len, labels))
		return 1;
	/* a label whose name was cut off: "Recipe by", "Insights from" */
	while (w > 0 && p[w - 1] != ' ')
		w--;
	if (w > 0 && (ascii_ieq(p + w, len - w, "by") || ascii_ieq(p + w, len - w, "from")))
		return 1;
	/* a template's key left unfilled ("page.head.extra.author"): one word, three dots or more */
	if (memchr(p, ' ', len) == NULL)
	{
		int			dots = 0;

		for (size_t k = 0; k < len; k++)
			dots += p[k] == '.';
		if (dots >= 3)
			return 1;
	}
	return 0;
}

/*
 * One name: trimmed of quotes and punctuation, cut before a role that
 * follows it ("Jane Doe Senior Writer" is Jane Doe), refused unless it
 * reads as a name (a role alone, a label, a number, a URL).
 */
static td_status
add_name(meta *m, int rank, const char *p, size_t len, int flags)
{
	size_t		words = 1;

	while (len > 0 && strchr(" \"'.,:;-", p[len - 1]) != NULL && !(len > 1 && p[len - 1] == '.' &&
																	p[len - 2] >= 'A' && p[len - 2] <= 'Z'))
		len--;
	while (len > 0 && strchr(" \"':;,-", *p) != NULL)
		p++, len--;
	/* trailing month and weekday names of a date cut off ("Jane Doe March") */
	for (;;)
	{
		size_t		w = len;

		while (w > 0 && p[w - 1] != ' ')
			w--;
		if (w == 0 || !calendar_word(p + w, len - w))
			break;
		len = w - 1;
		while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == ','))
			len--;
	}
	/* a role after the name: the name is what comes before; a role first: no name */
	for (size_t i = 0; i < len;)
	{
		size_t		j = i;

		while (j < len && p[j] != ' ')
			j++;
		if (role_word(p + i, j - i))
		{
			if (i == 0)
				return TD_OK;
			len = i - 1;
			break;
		}
		i = j + 1;
	}
	while (len > 0 && strchr(" ,-", p[len - 1]) != NULL)
		len--;
	if (label_value(p, len))
		return TD_OK;
	if (len < 2 || len > 60 || credential(p, len) || calendar_word(p, len) ||
		memchr(p, ':', len) != NULL || ascii_icontains(p, len, "http") ||
		ascii_icontains(p, len, "www.") || p[0] == '@' || memchr(p, '/', len) != NULL ||
		memchr(p, '{', len) != NULL || memchr(p, '@', len) != NULL)
		return TD_OK;
	for (size_t k = 0; k < len; k++)
	{
		if (p[k] >= '0' && p[k] <= '9' && !(flags & AUTHOR_HANDLE))
			return TD_OK;
		words += p[k] == ' ';
	}
	if (words > 5)
		return TD_OK;
	return list_add(m, &m->authors, rank, p, len);
}

/*
 * The names of a byline or an author field: "By Jane Doe and John Roe"
 * loses its "By" and is two names; what follows a separator, a date or
 * "Published"/"Updated" is cut; credentials after a comma are dropped;
 * "Doe, Jane" (swap: citation_author's form) is "Jane Doe".  A value that
 * is a URL, a handle, or longer than a name gives nothing.
 */
static td_status
add_author(meta *m, int rank, const char *s, size_t n, int flags)
{
	int			swap = flags & AUTHOR_SWAP;
	static const char *const prefixes[] = {"by:", "by ", "author:", "author ", "authors:",
		"posted by:", "posted by ", "post by ", "written by:", "written by ", "text by ",
		"words by ", "story by ", "article by ", "via ", NULL};
	/* who checked or edited a page is not its author */
	static const char *const not_author[] = {"reviewed by", "medically reviewed", "fact checked",
		"fact-checked", "edited by", "updated by", "illustrated by", "photo by", "photos by", NULL};
	/* the first 6 cut where they are, the others in any case */
	static const char *const cuts[] = {" - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " | ", " \xE2\x80\xA2 ",
		" \xC2\xB7 ", " \xC2\xBB", " on ", " published", " updated", " posted", " last", " wrote",
		" said", " offline", " online", " members", " in ", " at ", NULL};
	char		buf[TD_META_MAX_VALUE + 1];
	char	   *p;
	size_t		len;
	td_status	st;

	if (rank > m->authors.rank || s == NULL)
		return TD_OK;
	if ((st = clean(m, s, n)) != TD_OK || m->scratch.len == 0)
		return st;
	memcpy(buf, m->scratch.data, m->scratch.len);
	p = buf;
	len = m->scratch.len;
	for (int k = 0; not_author[k]; k++)
		if (ascii_icontains(p, len, not_author[k]))
			return TD_OK;
	for (int again = 1; again;)
	{
		again = 0;
		for (int k = 0; prefixes[k]; k++)
		{
			size_t		l = strlen(prefixes[k]);

			if (len > l && ascii_ieq(p, l, prefixes[k]))
			{
				p += l, len -= l;
				while (len > 0 && *p == ' ')
					p++, len--;
				again = 1;
			}
		}
	}
	/* "Guide by Jane Doe", "Recipe by Jane Doe": a word or two, then "by" */
	for (size_t i = 1, spaces = 0; i + 4 <= len && spaces < 2; i++)
	{
		if (ascii_ieq(p + i, 4, " by "))
		{
			p += i + 4, len -= i + 4;
			break;
		}
		spaces += p[i] == ' ';
	}
	for (int k = 0; cuts[k]; k++)
	{
		size_t		l = strlen(cuts[k]);

		for (size_t i = 0; i + l <= len; i++)
			if ((k < 7 ? memcmp(p + i, cuts[k], l) == 0 : ascii_ieq(p + i, l, cuts[k])) &&
				(k < 7 || i + l == len || p[i + l] == ' ' || cuts[k][l - 1] == ' '))
			{
				len = i;
				break;
			}
	}
	for (size_t i = 0; i < len && !(flags & AUTHOR_HANDLE); i++)
		if (p[i] >= '0' && p[i] <= '9')
		{
			/* a date: cut before the word it starts in */
			while (i > 0 && p[i - 1] != ' ')
				i--;
			len = i;
			break;
		}
	if (len > 100)
		return TD_OK;			/* a bio or a sentence, not a byline */
	if (swap)
	{
		char	   *comma = memchr(p, ',', len);

		if (comma && memchr(comma + 1, ',', len - (size_t) (comma + 1 - p)) == NULL)
		{
			char		sw[TD_META_MAX_VALUE + 1];
			size_t		last = (size_t) (comma - p),
						k = 0;
			const char *first = comma + 1;
			size_t		first_n = len - last - 1;

			while (first_n > 0 && *first == ' ')
				first++, first_n--;
			memcpy(sw, first, first_n);
			k = first_n;
			sw[k++] = ' ';
			memcpy(sw + k, p, last);
			return add_name(m, rank, sw, k + last, flags);
		}
	}
	/* names split on ", ", " and ", " & " */
	for (size_t i = 0; i < len;)
	{
		size_t		j = i,
					skip = 0;

		for (; j < len; j++)
		{
			if (p[j] == ',' || p[j] == ';')
			{
				skip = 1;
				break;
			}
			if (j + 5 <= len && ascii_ieq(p + j, 5, " and "))
			{
				skip = 5;
				break;
			}
			if (j + 3 <= len && memcmp(p + j, " & ", 3) == 0)
			{
				skip = 3;
				break;
			}
		}
		if ((st = add_name(m, rank, p + i, j - i, flags)) != TD_OK)
			return st;
		i = j + skip;
	}
	return TD_OK;
}

/* ---- the tree ----------------------------------------------------------- */

static const char *
attr(const meta *m, uint32_t i, const char *name, uint32_t *len)
{
	return td_node_attr(m->t, i, name, len);
}

static int	has_word(const char *s, size_t n, const char *word);

/*
 * The text of element i's subtree (script and style text left out) into
 * buf, bounded: at most 4096 nodes read (and TEXT_BUDGET per page) and
 * TD_META_MAX_VALUE bytes kept.  heading: the text of a heading, where an
 * element whose class names a label (a forum's "News" prefix tag) is left
 * out and a heading inside ends it (as an HTML5 parser closes the open
 * heading there: "Title<h3>Posted on ... by ...</h3>").
 */
static td_status
elem_text_opt(meta *m, uint32_t i, td_buf *buf, int heading)
{
	const td_tree *t = m->t;
	uint32_t	end = t->nodes[i].end;
	uint32_t	limit = i + 4096 < end ? i + 4096 : end;
	td_status	st = TD_OK;

	buf->len = 0;
	if (limit - i > m->text_budget)
		limit = i + m->text_budget;
	m->text_budget -= limit - i;
	for (uint32_t k = i + 1; k < limit && st == TD_OK && buf->len < TD_META_MAX_VALUE; k++)
	{
		const td_node *nd = &t->nodes[k];

		/* the heading tags are contiguous (base/tags.h) */
		if (heading && nd->kind == TD_ELEM && nd->tag >= TD_TAG_H1 && nd->tag <= TD_TAG_H6)
			break;
		if (heading && nd->kind == TD_ELEM && nd->end > k + 1)
		{
			uint32_t	cn;
			const char *cl = attr(m, k, "class", &cn);

			if (cl && cn < 200 && has_word(cl, cn, "label"))
			{
				k = nd->end - 1;
				continue;
			}
		}
		if (nd->kind != TD_TEXT || (nd->parent != TD_NONE &&
									(t->nodes[nd->parent].flags & TD_F_RAWTEXT)))
			continue;
		st = td_buf_append(buf, td_node_str(t, k), nd->str_len);
		if (st == TD_OK)
			st = td_buf_putc(buf, ' ');
	}
	return st;
}

/*
 * elem_text_opt of element i kept in the pool, so that it survives the
 * scratch buffer being reused by offer() and friends (which clean into it).
 */
static td_status
elem_text_kept_opt(meta *m, uint32_t i, const char **s, size_t *n, int heading)
{
	uint32_t	off = (uint32_t) m->pool.len;
	td_status	st = elem_text_opt(m, i, &m->scratch, heading);

	if (st == TD_OK)
		st = td_buf_append(&m->pool, m->scratch.data, m->scratch.len);
	*s = pool_str(m, off);
	*n = st == TD_OK ? m->scratch.len : 0;
	return st;
}

static td_status
elem_text_kept(meta *m, uint32_t i, const char **s, size_t *n)
{
	return elem_text_kept_opt(m, i, s, n, 0);
}

/* ---- JSON-LD ------------------------------------------------------------ */

typedef struct ld
{
	meta	   *m;
	td_json		j;
	uint32_t	ent[TD_META_MAX_ENTITIES];
	uint32_t	n_ent;
	int			faq;			/* an entity is an FAQPage */
} ld;

static int
jstr(const ld *x, uint32_t v, const char **s, size_t *n)
{
	if (v == UINT32_MAX || x->j.vals[v].type != TD_JSON_STRING)
		return 0;
	*s = x->j.pool + x->j.vals[v].str_off;
	*n = x->j.vals[v].str_len;
	return 1;
}

/* The string member key of object obj, or the first string of an array there. */
static int
jmember_str(const ld *x, uint32_t obj, const char *key, const char **s, size_t *n)
{
	uint32_t	v = td_json_member(&x->j, obj, key);

	if (v != UINT32_MAX && x->j.vals[v].type == TD_JSON_ARRAY)
		v = td_json_first(&x->j, v);
	return jstr(x, v, s, n);
}

/* Whether type name t (a schema.org type, maybe as a URL) is one of names. */
static int
type_in(const char *t, size_t n, const char *const *names)
{
	const char *slash = NULL;

	for (size_t k = 0; k < n; k++)
		if (t[k] == '/' || t[k] == '#' || t[k] == ':')
			slash = t + k;
	if (slash)
	{
		n -= (size_t) (slash + 1 - t);
		t = slash + 1;
	}
	for (; *names; names++)
		if (strlen(*names) == n && memcmp(*names, t, n) == 0)
			return 1;
	return 0;
}

static const char *const page_types[] = {"WebPage", "CollectionPage", "AboutPage", "ContactPage",
	"ItemPage", "ProfilePage", "SearchResultsPage", "FAQPage", "QAPage", "MedicalWebPage",
	"CheckoutPage", "RealEstateListing", NULL};

/*
 * The types whose entity is what a page is about, so that its name or
 * headline is the page's title.  Other entities (the site, its publisher,
 * a business, breadcrumbs, the questions of an FAQ) give no field but the
 * site name: their name is not the page's title.
 */
static const char *const content_types[] = {"Article", "NewsArticle", "BlogPosting", "Report",
	"TechArticle", "ScholarlyArticle", "LiveBlogPosting", "SocialMediaPosting",
	"AnalysisNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle",
	"BackgroundNewsArticle", "AskPublicNewsArticle", "AdvertiserContentArticle",
	"SatiricalArticle", "MedicalScholarlyArticle", "DiscussionForumPosting", "Posting",
	"CreativeWork", "Recipe", "HowTo", "Product", "ProductGroup", "IndividualProduct",
	"Event", "Course", "JobPosting", "Book", "Movie", "Review", "Dataset",
	"SoftwareApplication", "MobileApplication", "WebApplication", "VideoGame", "Guide",
	"Chapter", "Episode", "PodcastEpisode", "TVEpisode", "Question", "Thesis", "Legislation",
	"MusicRecording", "MusicAlbum", "Painting", "Photograph", "Game", "Claim", "ClaimReview",
	"MedicalCondition", "Drug", NULL};

/* Types of an author that is no person (an author omitted rather than wrong). */
static const char *const org_types[] = {"Organization", "Corporation", "NewsMediaOrganization",
	"EducationalOrganization", "GovernmentOrganization", "LocalBusiness", "WebSite", "Brand",
	"MedicalOrganization", "NGO", "OnlineBusiness", NULL};

/* Whether entity e has a type among names. */
static int
entity_is(const ld *x, uint32_t e, const char *const *names)
{
	uint32_t	t = td_json_member(&x->j, e, "@type");
	const char *s;
	size_t		n;

	if (t == UINT32_MAX)
		return 0;
	for (uint32_t k = x->j.vals[t].type == TD_JSON_ARRAY ? td_json_first(&x->j, t) : t;
		 k != UINT32_MAX; k = k == t ? UINT32_MAX : td_json_next(&x->j, k))
		if (jstr(x, k, &s, &n) && type_in(s, n, names))
			return 1;
	return 0;
}

/*
 * The rank an entity gives its fields: R_LD for what the page is about,
 * R_LD_PAGE for the WebPage, 0 for none.  An FAQ's questions are not what
 * a page is about (a QAPage's question is).
 */
static int
entity_rank(const ld *x, uint32_t e)
{
	if (entity_is(x, e, content_types))
	{
		if (x->faq && entity_is(x, e, (const char *const[]) {"Question", NULL}))
			return 0;
		return R_LD;
	}
	return entity_is(x, e, page_types) ? R_LD_PAGE : 0;
}

/* The entity whose @id is the string v, or UINT32_MAX. */
static uint32_t
by_id(const ld *x, uint32_t v)
{
	const char *s,
			   *id;
	size_t		n,
				idn;

	if (!jmember_str(x, v, "@id", &s, &n))
		return UINT32_MAX;
	for (uint32_t k = 0; k < x->n_ent; k++)
		if (x->ent[k] != v && jmember_str(x, x->ent[k], "@id", &id, &idn) && idn == n &&
			memcmp(id, s, n) == 0)
			return x->ent[k];
	return UINT32_MAX;
}

/*
 * The objects value v stands for: itself (an object, or the entity its @id
 * names when it has nothing but an @id), or each element of an array;
 * strings too, for fields that may be plain text.  Calls fn on each.
 */
typedef td_status (*ld_fn) (ld *x, uint32_t v, int rank, void *arg);

static td_status
each(ld *x, uint32_t v, int rank, ld_fn fn, void *arg)
{
	td_status	st = TD_OK;

	if (v == UINT32_MAX)
		return TD_OK;
	for (uint32_t k = x->j.vals[v].type == TD_JSON_ARRAY ? td_json_first(&x->j, v) : v;
		 k != UINT32_MAX && st == TD_OK; k = k == v ? UINT32_MAX : td_json_next(&x->j, k))
	{
		uint32_t	e = k;

		if (x->j.vals[k].type == TD_JSON_OBJECT && td_json_member(&x->j, k, "name") == UINT32_MAX)
		{
			uint32_t	r = by_id(x, k);

			if (r != UINT32_MAX)
				e = r;
		}
		st = fn(x, e, rank, arg);
	}
	return st;
}

static td_status
ld_author(ld *x, uint32_t v, int rank, void *arg)
{
	const char *s;
	size_t		n;

	/* a structured name: digits are a user name's ("Pippin06"), not a date's */
	if (jstr(x, v, &s, &n) ||
		(!entity_is(x, v, org_types) && jmember_str(x, v, "name", &s, &n)))
		return add_author(x->m, rank, s, n, AUTHOR_HANDLE);
	return TD_OK;
}

static td_status
ld_site(ld *x, uint32_t v, int rank, void *arg)
{
	const char *s;
	size_t		n;
	td_status	st = TD_OK;

	if (jstr(x, v, &s, &n) || jmember_str(x, v, "name", &s, &n))
	{
		st = offer(x->m, &x->m->site_name, rank, s, n);
		if (st == TD_OK)
			st = list_add(x->m, &x->m->site_names, R_LD, s, n);
	}
	return st;
}

static td_status
ld_image(ld *x, uint32_t v, int rank, void *arg)
{
	const char *s;
	size_t		n;

	if (jstr(x, v, &s, &n) || jmember_str(x, v, "url", &s, &n) ||
		jmember_str(x, v, "contentUrl", &s, &n))
		return offer(x->m, &x->m->image, rank, s, n);
	return TD_OK;
}

static td_status
ld_keyword(ld *x, uint32_t v, int rank, void *arg)
{
	const char *s;
	size_t		n;

	if (jstr(x, v, &s, &n))
		return list_add_split(x->m, &x->m->keywords, rank, s, n);
	return TD_OK;
}

static td_status
ld_type(ld *x, uint32_t v, int rank, void *arg)
{
	const char *s;
	size_t		n;

	if (!jstr(x, v, &s, &n))
		return TD_OK;
	/* "http://schema.org/Article" -> "Article" */
	for (size_t k = n; k > 0; k--)
		if (s[k - 1] == '/' || s[k - 1] == '#')
		{
			n -= k;
			s += k;
			break;
		}
	return list_add(x->m, &x->m->types, 1, s, n);
}

/* The fields of entity e. */
static td_status
ld_entity(ld *x, uint32_t e)
{
	meta	   *m = x->m;
	int			is_site = entity_is(x, e, (const char *const[]) {"WebSite", NULL});
	int			rank = entity_rank(x, e);
	const char *s;
	size_t		n;
	td_status	st = TD_OK;

	st = each(x, td_json_member(&x->j, e, "@type"), 0, ld_type, NULL);
	if (st == TD_OK && is_site && jmember_str(x, e, "name", &s, &n))
		st = list_add(m, &m->site_names, R_LD, s, n);
	if (st != TD_OK || rank == 0)
		return st;
	if (jmember_str(x, e, "headline", &s, &n) || jmember_str(x, e, "name", &s, &n))
		st = offer(m, &m->title_ld, rank, s, n);
	if (st == TD_OK && jmember_str(x, e, "description", &s, &n))
		st = offer(m, &m->description, rank, s, n);
	if (st == TD_OK && (jmember_str(x, e, "datePublished", &s, &n) ||
						jmember_str(x, e, "dateCreated", &s, &n) ||
						jmember_str(x, e, "uploadDate", &s, &n)))
		st = offer_date(m, &m->published, rank, s, n);
	if (st == TD_OK && jmember_str(x, e, "dateModified", &s, &n))
		st = offer_date(m, &m->modified, rank, s, n);
	if (st == TD_OK)
		st = each(x, td_json_member(&x->j, e, "author"), rank, ld_author, NULL);
	if (st == TD_OK)
		st = each(x, td_json_member(&x->j, e, "publisher"), rank, ld_site, NULL);
	if (st == TD_OK)
		st = each(x, td_json_member(&x->j, e, "image"), rank, ld_image, NULL);
	if (st == TD_OK)
		st = each(x, td_json_member(&x->j, e, "keywords"), rank, ld_keyword, NULL);
	return st;
}

/* Queues the objects of value v (an object or an array of them) as entities. */
static void
queue(ld *x, uint32_t v)
{
	if (v == UINT32_MAX)
		return;
	for (uint32_t k = x->j.vals[v].type == TD_JSON_ARRAY ? td_json_first(&x->j, v) : v;
		 k != UINT32_MAX && x->n_ent < TD_META_MAX_ENTITIES;
		 k = k == v ? UINT32_MAX : td_json_next(&x->j, k))
		if (x->j.vals[k].type == TD_JSON_OBJECT)
			x->ent[x->n_ent++] = k;
}

static td_status
read_jsonld(meta *m, const char *text, size_t len)
{
	ld		   *x;
	td_status	st;

	x = td_alloc(m->env, sizeof(ld));
	if (x == NULL)
		return td_fail(m->env, TD_ENOMEM, "out of memory reading JSON-LD");
	memset(x, 0, sizeof(*x));
	x->m = m;
	st = td_json_parse(m->env, text, len, TD_META_MAX_JSON_VALUES, &x->j);
	if (st == TD_EFORMAT || st == TD_ELIMIT)
	{
		/* not JSON: the block is ignored */
		td_json_free(&x->j);
		td_free(m->env, x);
		return TD_OK;
	}
	if (st == TD_OK)
	{
		/* the entities: the top objects, @graph members, mainEntity objects */
		queue(x, 0);
		for (uint32_t k = 0; k < x->n_ent; k++)
		{
			queue(x, td_json_member(&x->j, x->ent[k], "@graph"));
			queue(x, td_json_member(&x->j, x->ent[k], "mainEntity"));
		}
		for (uint32_t k = 0; k < x->n_ent; k++)
			x->faq |= entity_is(x, x->ent[k], (const char *const[]) {"FAQPage", NULL});
		for (uint32_t k = 0; k < x->n_ent && st == TD_OK; k++)
			st = ld_entity(x, x->ent[k]);
	}
	td_json_free(&x->j);
	td_free(m->env, x);
	return st;
}

/* ---- microdata ---------------------------------------------------------- */

/* Whether the space-separated list s[0..n) holds word (lower case; s is ASCII case folded). */
static int
has_word(const char *s, size_t n, const char *word)
{
	size_t		k = 0,
				len;
	const char *t;

	while ((t = td_html_next_token(s, n, &k, &len)) != NULL)
		if (ascii_ieq(t, len, word))
			return 1;
	return 0;
}

/* The value of an itemprop element: content, datetime, href/src, else text. */
static td_status
prop_value(meta *m, uint32_t i, const char **s, size_t *n)
{
	static const char *const attrs[] = {"content", "datetime"};
	uint16_t	tag = m->t->nodes[i].tag;
	uint32_t	len;
	const char *v;

	for (int k = 0; k < 2; k++)
		if ((v = attr(m, i, attrs[k], &len)) != NULL)
		{
			*s = v;
			*n = len;
			return TD_OK;
		}
	if ((tag == TD_TAG_A || tag == TD_TAG_LINK) && (v = attr(m, i, "href", &len)) != NULL)
	{
		*s = v;
		*n = len;
		return TD_OK;
	}
	if (tag == TD_TAG_IMG && (v = attr(m, i, "src", &len)) != NULL)
	{
		*s = v;
		*n = len;
		return TD_OK;
	}
	return elem_text_kept(m, i, s, n);
}

/* ---- <meta> ------------------------------------------------------------- */

static const char *const meta_published[] = {"article:published_time", "article:published",
	"og:published_time", "date", "dc.date", "dc.date.issued", "dc.date.created", "dcterms.date",
	"dcterms.issued", "dcterms.created", "citation_publication_date", "citation_date",
	"citation_online_date", "parsely-pub-date", "sailthru.date", "pubdate", "publishdate",
	"publish-date", "publish_date", "publication_date", "article.published",
	"article_date_original", "original-publish-date", "datepublished", "date-published", NULL};
static const char *const meta_modified[] = {"article:modified_time", "og:updated_time",
	"article:modified", "dcterms.modified", "dc.date.modified", "article.updated",
	"datemodified", "date-modified", "last-modified", NULL};
static const char *const meta_author[] = {"author", "article:author", "dc.creator",
	"dcterms.creator", "citation_author", "parsely-author", "sailthru.author", "byl", NULL};
static const char *const meta_keywords[] = {"keywords", "news_keywords", "article:tag",
	"parsely-tags", "sailthru.tags", "citation_keywords", NULL};

/*
 * Whether meta key k names the publication date: one of meta_published, or
 * a key that ends in a publication-date word after a delimiter
 * ("w-published-date", "og:article:published_time", "rnews:datepublished"),
 * or a namespace's "date" ("ms.date").
 */
static int
published_key(const char *k, size_t n)
{
	static const char *const tails[] = {"published_time", "publish_time", "publish_date",
		"publish-date", "published_date", "published-date", "publishdate", "publisheddate",
		"datepublished", "date_published", "date-published", "publication_date",
		"publication-date", "pubdate", "published", NULL};

	if (key_in(k, n, meta_published))
		return 1;
	/* a namespace's own date ("ms.date", "sailthru.date"): not "update_date" */
	if (n > 5 && ascii_ieq(k + n - 5, 5, ".date"))
		return 1;
	for (int t = 0; tails[t]; t++)
	{
		size_t		l = strlen(tails[t]);

		if (n >= l && ascii_ieq(k + n - l, l, tails[t]) &&
			(n == l || strchr(".:-_", k[n - l - 1]) != NULL))
			return 1;
	}
	return 0;
}

static int
key_rank(const char *k, size_t n)
{
	return (n > 3 && (ascii_ieq(k, 3, "og:") || ascii_ieq(k, 3, "fb:"))) ||
		(n > 8 && ascii_ieq(k, 8, "article:")) || (n > 8 && ascii_ieq(k, 8, "twitter:")) ?
		R_OG : R_META;
}

static td_status
read_meta(meta *m, uint32_t i)
{
	uint32_t	kn,
				cn;
	const char *k;
	const char *c = attr(m, i, "content", &cn);
	td_status	st = TD_OK;

	if (c == NULL || cn == 0)
		return TD_OK;
	if ((k = attr(m, i, "http-equiv", &kn)) != NULL)
	{
		if (ascii_ieq(k, kn, "content-language") && !m->lang_found)
		{
			uint32_t	e = 0;

			while (e < cn && c[e] != ',')
				e++;
			st = offer(m, &m->language, R_META, c, e);
		}
		return st;
	}
	/* a tag may carry both (name="twitter:title" property="og:title") */
	for (int pass = 0; pass < 2 && st == TD_OK; pass++)
	{
		int			r;

		k = attr(m, i, pass ? "name" : "property", &kn);
		if (k == NULL)
			continue;
		r = key_rank(k, kn);
		if (ascii_ieq(k, kn, "og:title"))
			st = offer(m, &m->title_og, r, c, cn);
		else if (ascii_ieq(k, kn, "twitter:title"))
			st = offer(m, &m->title_tw, r, c, cn);
		else if (ascii_ieq(k, kn, "og:description") || ascii_ieq(k, kn, "twitter:description") ||
				 ascii_ieq(k, kn, "description") || ascii_ieq(k, kn, "dc.description") ||
				 ascii_ieq(k, kn, "dcterms.description"))
			st = offer(m, &m->description, r, c, cn);
		else if (ascii_ieq(k, kn, "og:site_name") || ascii_ieq(k, kn, "application-name") ||
				 ascii_ieq(k, kn, "twitter:site") || ascii_ieq(k, kn, "dc.publisher") ||
				 ascii_ieq(k, kn, "citation_journal_title"))
		{
			/* a handle (@site) names the site but is no display name */
			if (!(cn > 0 && c[0] == '@') && !ascii_ieq(k, kn, "application-name") &&
				!ascii_ieq(k, kn, "twitter:site"))
				st = offer(m, &m->site_name, r, c, cn);
			if (st == TD_OK)
				st = list_add(m, &m->site_names, R_LD, c[0] == '@' && cn > 1 ? c + 1 : c,
							  c[0] == '@' && cn > 1 ? cn - 1 : cn);
		}
		else if (ascii_ieq(k, kn, "og:url"))
			st = offer(m, &m->canonical, r, c, cn);
		else if (ascii_ieq(k, kn, "og:image") || ascii_ieq(k, kn, "og:image:url") ||
				 ascii_ieq(k, kn, "og:image:secure_url") || ascii_ieq(k, kn, "twitter:image") ||
				 ascii_ieq(k, kn, "twitter:image:src"))
			st = offer(m, &m->image, r, c, cn);
		else if (published_key(k, kn))
			st = offer_date(m, &m->published, r, c, cn);
		else if (key_in(k, kn, meta_modified))
			st = offer_date(m, &m->modified, r, c, cn);
		else if (key_in(k, kn, meta_author))
		{
			st = add_author(m, r, c, cn, ascii_ieq(k, kn, "citation_author") ? AUTHOR_SWAP : 0);
		}
		else if (key_in(k, kn, meta_keywords))
			st = list_add_split(m, &m->keywords, r, c, cn);
		else if (kn == 13 && ascii_ieq(k, 12, "twitter:data") && k[12] >= '1' && k[12] <= '4')
			st = offer(m, &m->tw_data[k[12] - '0'], r, c, cn);
		else if (kn == 14 && ascii_ieq(k, 13, "twitter:label") && k[13] >= '1' && k[13] <= '4' &&
				 (ascii_ieq(c, cn, "written by") || ascii_ieq(c, cn, "author") ||
				  ascii_ieq(c, cn, "by")))
			m->tw_author |= 1u << (k[13] - '0');
	}
	return st;
}

/* ---- visible bylines ---------------------------------------------------- */

/* Whether element i is marked as an author or byline (rel, class, id, itemprop). */
static int
is_byline(meta *m, uint32_t i)
{
	static const char *const names[] = {"class", "id", "itemprop", "rel"};

	for (int k = 0; k < 4; k++)
	{
		uint32_t	n;
		const char *v = attr(m, i, names[k], &n);

		if (v == NULL || n > 200)
			continue;
		if (k == 3 ? has_word(v, n, "author") :
			(ascii_icontains(v, n, "author") || ascii_icontains(v, n, "byline")) &&
			!ascii_icontains(v, n, "avatar") && !ascii_icontains(v, n, "bio") &&
			!ascii_icontains(v, n, "comment") && !ascii_icontains(v, n, "authors") &&
			!ascii_icontains(v, n, "image") && !ascii_icontains(v, n, "img") &&
			!ascii_icontains(v, n, "photo"))
			return 1;
	}
	return 0;
}

/*
 * Whether element i is marked as holding the publication date (class, id
 * or itemprop naming a date, publishing or a byline): 1; as holding the
 * date of an update ("date-updated", "modified"): 2; else 0.
 */
static int
is_dateline(meta *m, uint32_t i)
{
	static const char *const names[] = {"class", "id", "itemprop"};
	int			upd = 0;

	for (int k = 0; k < 3; k++)
	{
		uint32_t	n;
		const char *v = attr(m, i, names[k], &n);
		int			pub,
					mod;

		if (v == NULL || n > 200)
			continue;
		/* the publication words first: the others are read only where these are */
		pub = ascii_icontains(v, n, "date") || ascii_icontains(v, n, "publish") ||
			ascii_icontains(v, n, "posted") || ascii_icontains(v, n, "byline");
		mod = ascii_icontains(v, n, "modif") || (pub && ascii_icontains(v, n, "update"));
		if ((!pub && !mod) || ascii_icontains(v, n, "comment") || ascii_icontains(v, n, "validate"))
			continue;
		if (!mod)
			return 1;
		upd = 2;
	}
	return upd;
}

/* ---- the title ---------------------------------------------------------- */

/* Whether s has a letter or a digit (any byte of a multibyte character counts). */
static int
has_word_char(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
			return 1;
		if ((c >= '0' && c <= '9') || c >= 0x80)
			return 1;
	}
	return 0;
}

/*
 * A heading's text without the permalink mark that documentation
 * generators append ("Models ¶" of Sphinx, U+F0C1 of icon fonts,
 * U+1F517), nor the white space before it.  Returns the kept length.
 */
static size_t
heading_trim(const char *s, size_t n)
{
	static const char *const marks[] = {"\xC2\xB6", "\xEF\x83\x81", "\xF0\x9F\x94\x97", NULL};

	for (int again = 1; again;)
	{
		again = 0;
		while (n > 0 && td_is_html_space((unsigned char) s[n - 1]))
			n--, again = 1;
		for (int k = 0; marks[k]; k++)
		{
			size_t		l = strlen(marks[k]);

			if (n > l && memcmp(s + n - l, marks[k], l) == 0)
			{
				n -= l;
				again = 1;
			}
		}
	}
	return n;
}

static const char *const separators[] = {" | ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ",
	" :: ", " \xC2\xB7 ", " \xE2\x80\xA2 ", " \xC2\xBB ", " // ", NULL};

/* s folded for comparison: ASCII letters lower-cased, digits and other bytes kept, the rest dropped. */
static size_t
fold(const char *s, size_t n, char *out, size_t cap)
{
	size_t		k = 0;

	for (size_t i = 0; i < n && k < cap; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (c >= 'A' && c <= 'Z')
			out[k++] = (char) (c | 0x20);
		else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
			out[k++] = (char) c;
	}
	return k;
}

static int
folded_eq(const char *a, size_t an, const char *b, size_t bn)
{
	char		fa[256],
				fb[256];
	size_t		x,
				y;

	if (an > 255 || bn > 255)
		return 0;
	x = fold(a, an, fa, sizeof(fa));
	y = fold(b, bn, fb, sizeof(fb));
	return x > 0 && x == y && memcmp(fa, fb, x) == 0;
}

/*
 * The host's own name: the label before its public suffix, approximated as
 * the last label but one, or but two when the last but one is a generic
 * second level under a country ("bbc" of www.bbc.co.uk, "doom9" of
 * forum.doom9.org).
 */
static void
host_name(const char *host, size_t n, const char **name, size_t *name_n)
{
	static const char *const second[] = {"co", "com", "org", "net", "ac", "gov", "edu", "ne",
	"or", NULL};
	size_t		dots[3] = {n, n, n};	/* the last three dots, last first */
	size_t		k = 0;
	size_t		from,
				to;

	for (size_t i = n; i > 0; i--)
		if (host[i - 1] == '.' && k < 3)
			dots[k++] = i - 1;
	if (k == 0)
	{
		*name = host;
		*name_n = n;
		return;
	}
	to = dots[0];
	from = k > 1 ? dots[1] + 1 : 0;
	if (n - dots[0] - 1 == 2 && k >= 1)
	{
		int			generic = 0;

		for (int g = 0; second[g]; g++)
			generic |= ascii_ieq(host + from, to - from, second[g]);
		if (generic && k >= 2)
		{
			to = dots[1];
			from = k > 2 ? dots[2] + 1 : 0;
		}
	}
	*name = host + from;
	*name_n = to - from;
}

/*
 * Whether part names the site: a site name, the host or its first label
 * ("example" of www.example.com), or a part of five words at most whose
 * letters hold the host's own name of four letters or more ("Raspberry Pi
 * Forums" on forums.raspberrypi.com).
 */
static int
is_site(const meta *m, const char *p, size_t n, const char *host, size_t host_n)
{
	for (uint32_t k = 0; k < m->site_names.n; k++)
		if (folded_eq(p, n, pool_str(m, m->site_names.off[k]), m->site_names.len[k]))
			return 1;
	if (host_n > 0)
	{
		size_t		label = 0,
					words = 1,
					name_n,
					pn,
					hn;
		const char *name;
		char		fp[256],
					fh[64];

		while (label < host_n && host[label] != '.')
			label++;
		if (folded_eq(p, n, host, label) || folded_eq(p, n, host, host_n))
			return 1;
		for (size_t i = 0; i < n; i++)
			words += p[i] == ' ';
		host_name(host, host_n, &name, &name_n);
		if (words > 5 || n > sizeof(fp) || name_n > sizeof(fh))
			return 0;
		pn = fold(p, n, fp, sizeof(fp));
		hn = fold(name, name_n, fh, sizeof(fh));
		if (hn >= 4)
			for (size_t i = 0; i + hn <= pn; i++)
				if (memcmp(fp + i, fh, hn) == 0)
					return 1;
	}
	return 0;
}

/* Whether p is the site's name exactly: the host, its first label, or its own name ("robomow"). */
static int
site_alone(const meta *m, const char *p, size_t n, const char *host, size_t host_n)
{
	size_t		label = 0,
				name_n;
	const char *name;

	if (host_n == 0)
		return 0;
	while (label < host_n && host[label] != '.')
		label++;
	host_name(host, host_n, &name, &name_n);
	return folded_eq(p, n, host, label) || folded_eq(p, n, host, host_n) ||
		folded_eq(p, n, name, name_n);
}

/* Whether p is exactly a site name the page gives or the host's ("Arch Linux" on bbs.archlinux.org). */
static int
names_site(const meta *m, const char *p, size_t n, const char *host, size_t host_n)
{
	for (uint32_t k = 0; k < m->site_names.n; k++)
		if (folded_eq(p, n, pool_str(m, m->site_names.off[k]), m->site_names.len[k]))
			return 1;
	return site_alone(m, p, n, host, host_n);
}

/* Where the separator at s[i] is, its length, or 0. */
static size_t
sep_at(const char *s, size_t n, size_t i)
{
	if (i >= n || s[i] != ' ')
		return 0;				/* every separator begins with a space */
	for (int k = 0; separators[k]; k++)
	{
		size_t		l = strlen(separators[k]);

		if (i + l <= n && memcmp(s + i, separators[k], l) == 0)
			return l;
	}
	return 0;
}

/* A separator's length at s[i] of s[0..n), or 0 (sep_at, cand_sep). */
typedef size_t (*sep_fn) (const char *s, size_t n, size_t i);

/*
 * The parts of title t[0..n) between separators (sep), one per call from
 * *pos (0 at first): [*from, *to), empty ones included; 0 when none is
 * left, or at once when t has no separator (one part is no split).
 */
static int
title_part_next(const char *t, size_t n, sep_fn sep, size_t *pos, size_t *from, size_t *to)
{
	if (*pos > n)
		return 0;
	for (size_t i = *pos; i < n; i++)
	{
		size_t		l = sep(t, n, i);

		if (l)
		{
			*from = *pos;
			*to = i;
			*pos = i + l;
			return 1;
		}
	}
	if (*pos == 0)
		return 0;
	*from = *pos;
	*to = n;
	*pos = n + 1;
	return 1;
}

/*
 * The title from a candidate t[0..n): the part equal to the <h1>, else
 * without the site name at either end and without what follows " | ".
 * Returns the kept range.
 */
static void
title_main(const meta *m, const char *t, size_t n, const char *host, size_t host_n,
		   size_t *from, size_t *to)
{
	size_t		a = 0,
				b = n;
	int			changed = 1;

	/* an <h1> equal to one part (not the site's name) */
	for (uint32_t hk = 0; hk < m->n_h1 && hk < H1_MAX; hk++)
	{
		const char *h = pool_str(m, m->h1s[hk].off);
		size_t		h_n = m->h1s[hk].len,
					pos = 0,
					pf,
					pt;

		while (title_part_next(t, n, sep_at, &pos, &pf, &pt))
			/* not the site's name: that <h1> is the site's logo */
			if (folded_eq(t + pf, pt - pf, h, h_n) && !is_site(m, t + pf, pt - pf, host, host_n))
			{
				*from = pf;
				*to = pt;
				return;
			}
	}
	/* the site name at the end or the start, as often as it is there */
	while (changed)
	{
		changed = 0;
		for (size_t i = b; i > a; i--)
		{
			size_t		l = sep_at(t, b, i - 1);

			if (l && i - 1 > a)
			{
				if (is_site(m, t + i - 1 + l, b - (i - 1 + l), host, host_n))
				{
					b = i - 1;
					changed = 1;
				}
				break;
			}
		}
		for (size_t i = a; i < b; i++)
		{
			size_t		l = sep_at(t, b, i);

			if (l && i > a)
			{
				if (i + l < b && is_site(m, t + a, i - a, host, host_n))
				{
					a = i + l;
					changed = 1;
				}
				break;
			}
		}
	}
	/* what follows " | " is a section or a slogan: the title is what comes first */
	for (size_t i = a; i + 3 <= b; i++)
		if (memcmp(t + i, " | ", 3) == 0 && i > a)
		{
			b = i;
			break;
		}
	*from = a;
	*to = b;
}

/* Up to 64 words of s, each as a hash of its folded bytes. */
static size_t
word_hashes(const char *s, size_t n, uint64_t *h, size_t cap)
{
	size_t		k = 0;

	for (size_t i = 0; i < n && k < cap;)
	{
		char		w[64];
		size_t		wn;
		uint64_t	x = TD_FNV_OFFSET;

		while (i < n && fold(s + i, 1, w, 1) == 0)
			i++;
		wn = 0;
		while (i < n && fold(s + i, 1, w, 1) == 1)
		{
			x = td_fnv_byte(x, (unsigned char) w[0]);
			wn++;
			i++;
		}
		if (wn)
			h[k++] = x;
	}
	return k;
}

/* The share of the words ha[0..na) that hb[0..nb) has too, 0 when there are none. */
static double
hash_overlap(const uint64_t *ha, size_t na, const uint64_t *hb, size_t nb)
{
	size_t		both = 0;

	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			if (ha[i] == hb[j])
			{
				both++;
				break;
			}
	return na ? (double) both / (double) na : 0.0;
}

/* The share of the words of a that b has too (ASCII case folded), 0 when a has none. */
static double
word_overlap(const char *a, size_t an, const char *b, size_t bn)
{
	uint64_t	ha[64],
				hb[64];
	size_t		na = word_hashes(a, an, ha, 64),
				nb = word_hashes(b, bn, hb, 64);

	return hash_overlap(ha, na, hb, nb);
}

/* Whether a (folded) begins b (folded) and is shorter. */
static int
folded_prefix(const char *a, size_t an, const char *b, size_t bn)
{
	char		fa[512],
				fb[512];
	size_t		x,
				y;

	if (an > sizeof(fa) || bn > sizeof(fb))
		return 0;
	x = fold(a, an, fa, sizeof(fa));
	y = fold(b, bn, fb, sizeof(fb));
	return x > 0 && x < y && memcmp(fa, fb, x) == 0;
}

/*
 * Whether a structured-data title t shares no word with any of the titles
 * the page shows (og:title, twitter:title, <title>, the first <h1>) while
 * it has one: a description, a type label ("Wikimedia list article"), a
 * byline or a URL put where the headline goes.
 */
static int
uncorroborated(const meta *m, const char *t, size_t n)
{
	const slot *const w[] = {&m->title_og, &m->title_tw, &m->title_html, &m->h1};
	int			witnesses = 0;

	for (size_t k = 0; k < sizeof(w) / sizeof(w[0]); k++)
		if (w[k]->rank != R_NONE)
		{
			witnesses++;
			if (word_overlap(t, n, pool_str(m, w[k]->off), w[k]->len) > 0)
				return 0;
		}
	return witnesses > 0;
}

/* Whether og:title and <title>, each without its site name, say the same. */
static int
meta_titles_agree(const meta *m, const char *host, size_t host_n)
{
	const char *og = pool_str(m, m->title_og.off),
			   *ti = pool_str(m, m->title_html.off);
	size_t		oa,
				ob,
				ta,
				tb;

	if (m->title_og.rank == R_NONE || m->title_html.rank == R_NONE)
		return 0;
	title_main(m, og, m->title_og.len, host, host_n, &oa, &ob);
	title_main(m, ti, m->title_html.len, host, host_n, &ta, &tb);
	return folded_eq(og + oa, ob - oa, ti + ta, tb - ta);
}

/*
 * The title: the first candidate (tc, most trusted first) that reads as a
 * title, reduced by title_main.  A candidate over 300 bytes, or one that
 * is the start of the description, is a summary, not a title.  A candidate
 * of 50 bytes or more that another one continues (a JSON-LD headline cut
 * at 110 characters) is replaced by the longer one.  A single visible
 * <h1> that is not the site name and shares at least half its words with
 * that title is the page's own headline and wins (bench/README.md has the
 * variants measured).
 */
static int
choose_title(const meta *m, const slot *const *tc, size_t n_tc, const char *host, size_t host_n,
			 const char **title, size_t *title_n)
{
	const char *best = NULL,
			   *fallback = NULL;
	size_t		best_n = 0,
				fallback_n = 0;
	uint32_t	heads = 0;		/* the distinct <h1>s that are not the site's name (its logo) */
	const slot *h1 = NULL;		/* the last of them */

	for (size_t k = 0; k < n_tc; k++)
	{
		const char *t = pool_str(m, tc[k]->off);
		size_t		a,
					b;

		if (tc[k]->rank == R_NONE || tc[k]->len > 300 ||
			(m->description.rank != R_NONE && tc[k]->len > 100 &&
			 (folded_prefix(t, tc[k]->len, pool_str(m, m->description.off), m->description.len) ||
			  (tc[k]->len == m->description.len &&
			   memcmp(t, pool_str(m, m->description.off), tc[k]->len) == 0))) ||
			(tc[k]->rank <= R_MICRODATA && uncorroborated(m, t, tc[k]->len)))
			continue;
		title_main(m, t, tc[k]->len, host, host_n, &a, &b);
		/* the site's name alone, or "Home": a title only when nothing else is */
		if (b > a && (site_alone(m, t + a, b - a, host, host_n) || ascii_ieq(t + a, b - a, "home") ||
					  ascii_ieq(t + a, b - a, "home page") || ascii_ieq(t + a, b - a, "homepage")))
		{
			if (fallback == NULL)
			{
				fallback = t + a;
				fallback_n = b - a;
			}
			continue;
		}
		if (best == NULL)
		{
			best = t + a;
			best_n = b - a;
		}
		else if (best_n >= 50 && folded_prefix(best, best_n, t + a, b - a))
		{
			best = t + a;
			best_n = b - a;
		}
	}
	/*
	 * A single <h1> that says what the metadata says, in the page's own
	 * words; or a single <h1> where the metadata does not agree with
	 * itself (og:title and <title> name different things, or one is
	 * missing): then the heading the reader sees is the better witness.
	 */
	for (uint32_t k = 0; k < m->n_h1 && k < H1_MAX; k++)
		if (!names_site(m, pool_str(m, m->h1s[k].off), m->h1s[k].len, host, host_n))
		{
			heads++;
			h1 = &m->h1s[k];
		}
	if (m->n_h1 <= H1_MAX && heads == 1 && h1->rank != R_NONE && h1->len >= 3 && h1->len <= 300 &&
		!is_site(m, pool_str(m, h1->off), h1->len, host, host_n) &&
		(best == NULL || !meta_titles_agree(m, host, host_n) ||
		 word_overlap(pool_str(m, h1->off), h1->len, best, best_n) >= 0.5))
	{
		best = pool_str(m, h1->off);
		best_n = h1->len;
	}
	if (best == NULL)
	{
		best = fallback;
		best_n = fallback_n;
	}
	/*
	 * "Title - Section": what follows the last dash is a section, a site or
	 * a tag line when it has fewer words than what comes before (two at
	 * least); no length is tuned (a tail of at most 4 words measured +3
	 * better, bench/README.md, but is a fitted number).
	 */
	if (best != NULL)
	{
		size_t		cut = 0;

		for (size_t i = 1; i + 3 <= best_n; i++)
			if (best[i] == ' ' && (memcmp(best + i, " - ", 3) == 0 ||
								   (i + 5 <= best_n && (memcmp(best + i, " \xE2\x80\x93 ", 5) == 0 ||
														memcmp(best + i, " \xE2\x80\x94 ", 5) == 0))))
				cut = i;
		if (cut)
		{
			size_t		before = 1,
						after = 1,
						tail = cut + (best[cut + 1] == '-' ? 3 : 5);

			for (size_t i = 0; i < cut; i++)
				before += best[i] == ' ';
			for (size_t i = tail; i < best_n; i++)
				after += best[i] == ' ';
			/* not a range ("2024 - 2025") */
			if (before >= 2 && after < before && tail < best_n &&
				!(best[cut - 1] >= '0' && best[cut - 1] <= '9' && best[tail] >= '0' && best[tail] <= '9'))
				best_n = cut;
		}
	}
	*title = best;
	*title_n = best_n;
	return best != NULL && best_n > 0;
}

/*
 * An <h1> equal to what follows the last separator of <title> ("A brief
 * intro to git • Cory Dransfeldt" and <h1>Cory Dransfeldt</h1>) is the
 * site's name shown as its logo: it joins the site names.
 */
static td_status
h1_site_names(meta *m)
{
	const char *t = pool_str(m, m->title_html.off);
	size_t		n = m->title_html.len,
				last = 0,
				pos = 0,
				to;

	if (m->title_html.rank == R_NONE)
		return TD_OK;
	while (title_part_next(t, n, sep_at, &pos, &last, &to))
		;						/* the last part's start */
	/* once: list_add may move the pool that t points into */
	for (uint32_t k = 0; k < m->n_h1 && k < H1_MAX && last > 0 && last < n; k++)
		if (folded_eq(t + last, n - last, pool_str(m, m->h1s[k].off), m->h1s[k].len))
			return list_add(m, &m->site_names, R_LD, t + last, n - last);
	return TD_OK;
}

/*
 * The site's host: the page's address, else its canonical one (a pointer
 * into the pool then: valid until the pool next grows).
 */
static void
page_host(const meta *m, td_url_parts *parts, const char **host, size_t *host_n)
{
	*host = NULL;
	*host_n = 0;
	if (m->opt->base_url)
	{
		td_url_split(m->opt->base_url, m->opt->base_len, parts);
		td_url_site_host(parts, host, host_n);
	}
	else if (m->canonical.rank != R_NONE)
	{
		td_url_split(pool_str(m, m->canonical.off), m->canonical.len, parts);
		td_url_site_host(parts, host, host_n);
	}
}

/* ---- the title ranker --------------------------------------------------- */

static int	in_chrome(const meta *m, uint32_t i, int header_ok);

/* Most title candidates per page, most parts of one source split at separators. */
#define TITLE_CANDS 64
#define TITLE_PARTS 8

/* The kinds of source, for agreement (a kind counts once, whole or part). */
enum
{
	K_LD = 1, K_MD = 2, K_OG = 4, K_TW = 8, K_TITLE = 16, K_H1 = 32, K_H2 = 64
};

typedef struct tcand
{
	uint32_t	off,
				len;			/* the text: a range of the pool */
	unsigned	kinds;
	uint32_t	fn;				/* the folded text's length (fold) */
	char		folded[300];
	float		f[TD_TITLE_NF];
} tcand;

typedef struct tcands
{
	uint32_t	n;
	tcand		c[TITLE_CANDS];
} tcands;

/*
 * The candidate of text s[0..n) (a range of the pool), added or found (the
 * same text folded: fold, kept with it), or NULL: empty, over 300 bytes,
 * no word, or no room left.
 */
static tcand *
cand_add(const meta *m, tcands *cs, const char *s, size_t n, unsigned kind)
{
	tcand	   *c;
	char		f[300];
	size_t		fn;

	while (n > 0 && s[0] == ' ')
		s++, n--;
	while (n > 0 && s[n - 1] == ' ')
		n--;
	if (n == 0 || n > 300 || !has_word_char(s, n))
		return NULL;
	fn = fold(s, n, f, sizeof(f));
	for (uint32_t k = 0; k < cs->n; k++)
	{
		c = &cs->c[k];
		if (c->fn == fn && memcmp(c->folded, f, fn) == 0)
		{
			c->kinds |= kind;
			return c;
		}
	}
	if (cs->n == TITLE_CANDS)
		return NULL;
	c = &cs->c[cs->n++];
	memset(c->f, 0, sizeof(c->f));
	c->off = (uint32_t) (s - m->pool.data);
	c->len = (uint32_t) n;
	c->kinds = kind;
	c->fn = (uint32_t) fn;
	memcpy(c->folded, f, fn);
	return c;
}

static void
fmax_set(tcand *c, int f, float v)
{
	if (c->f[f] < v)
		c->f[f] = v;
}

/*
 * A separator between candidate parts at s[i]: the rules' (sep_at), ": "
 * or " / "; its length, or 0.  A dash between digits is a range ("2024 -
 * 2025"), not a separator, as the rules' last-dash cut reads it.
 */
static size_t
cand_sep(const char *s, size_t n, size_t i)
{
	size_t		l = sep_at(s, n, i);

	if (l && i > 0 && i + l < n && s[i - 1] >= '0' && s[i - 1] <= '9' &&
		s[i + l] >= '0' && s[i + l] <= '9' &&
		((l == 3 && memcmp(s + i, " - ", 3) == 0) ||
		 (l == 5 && (memcmp(s + i, " \xE2\x80\x93 ", 5) == 0 ||
					 memcmp(s + i, " \xE2\x80\x94 ", 5) == 0))))
		return 0;

	if (l == 0 && i + 2 <= n && s[i] == ':' && s[i + 1] == ' ' && i > 0 && s[i - 1] != ' ')
		l = 2;
	if (l == 0 && i + 3 <= n && memcmp(s + i, " / ", 3) == 0)
		l = 3;
	return l;
}

/*
 * A source's text as candidates: the whole (feature whole) and every run
 * of its parts at separators (title_part for <title>, meta_part for the
 * others), when it has at most TITLE_PARTS parts; a <title> without a
 * separator is also title_whole (the page names itself with no site name
 * to cut: bench/README.md's sixth round).
 */
static void
cand_source(const meta *m, tcands *cs, const slot *sl, unsigned kind, int whole)
{
	const char *t = pool_str(m, sl->off);
	size_t		n = sl->len,
				pos = 0,
				from[TITLE_PARTS],
				to[TITLE_PARTS];
	int			np = 0;
	tcand	   *c,
			   *all;

	if (sl->rank == R_NONE)
		return;
	if ((all = cand_add(m, cs, t, n, kind)) != NULL)
	{
		fmax_set(all, whole, 1);
		fmax_set(all, TD_TF_parts_share, 1);
	}
	while (title_part_next(t, n, cand_sep, &pos, &from[np], &to[np]))
		if (++np == TITLE_PARTS && pos <= n)
			return;				/* too many parts to be a title's */
	if (np < 2)
	{
		if (kind == K_TITLE && all)
			fmax_set(all, TD_TF_title_whole, 1);
		return;
	}
	for (int i = 0; i < np; i++)
		for (int j = i; j < np; j++)
		{
			if (i == 0 && j == np - 1)
				continue;
			if ((c = cand_add(m, cs, t + from[i], to[j] - from[i], kind)) == NULL)
				continue;
			fmax_set(c, kind == K_TITLE ? TD_TF_title_part : TD_TF_meta_part, 1);
			if (i == 0)
				fmax_set(c, TD_TF_first_part, 1);
			if (j == np - 1)
				fmax_set(c, TD_TF_last_part, 1);
			fmax_set(c, TD_TF_parts_share, (float) (j - i + 1) / (float) np);
		}
}

/* Whether one of the types the page declares ends in one of the words. */
static int
declares(const meta *m, const char *const *ends)
{
	for (uint32_t k = 0; k < m->types.n; k++)
	{
		const char *t = pool_str(m, m->types.off[k]);
		size_t		n = m->types.len[k];

		for (int e = 0; ends[e]; e++)
		{
			size_t		l = strlen(ends[e]);

			if (n >= l && memcmp(t + n - l, ends[e], l) == 0)
				return 1;
		}
	}
	return 0;
}

/* The words of the first <h1> and of <title> (word_hashes), computed once per page. */
typedef struct page_words
{
	uint64_t	h1[64],
				title[64];
	size_t		n_h1,
				n_title;
} page_words;

/* The features of candidate c that are not its sources (title_model.h). */
static void
cand_features(const meta *m, tcand *c, const char *host, size_t host_n, int article, int product,
			  const page_words *pw)
{
	uint64_t	hc[64];
	size_t		nc;
	const char *s = pool_str(m, c->off);
	size_t		n = c->len,
				words = 0,
				upper = 0;
	int			lower = 0,
				caps = 0,
				agree = -1;

	for (unsigned k = c->kinds; k; k &= k - 1)
		agree++;
	c->f[TD_TF_agree] = agree;
	c->f[TD_TF_is_site] = is_site(m, s, n, host, host_n);
	c->f[TD_TF_site_alone] = names_site(m, s, n, host, host_n);
	c->f[TD_TF_home] = ascii_ieq(s, n, "home") || ascii_ieq(s, n, "home page") ||
		ascii_ieq(s, n, "homepage");
	for (size_t pos = 0, pf, pt; title_part_next(s, n, sep_at, &pos, &pf, &pt);)
		if ((pf < pt || pt == n) && is_site(m, s + pf, pt - pf, host, host_n))
			c->f[TD_TF_site_part] = 1;
	for (size_t i = 0; i < n; i++)
	{
		unsigned char ch = (unsigned char) s[i];

		if (i == 0 || s[i - 1] == ' ')
		{
			words++;
			upper += ch >= 'A' && ch <= 'Z';
		}
		lower |= ch >= 'a' && ch <= 'z';
		caps |= ch >= 'A' && ch <= 'Z';
	}
	c->f[TD_TF_words] = (float) (words < 20 ? words : 20) / 10.0f;
	c->f[TD_TF_one_word] = words == 1;
	c->f[TD_TF_long_words] = words > 15;
	c->f[TD_TF_upper_share] = words ? (float) upper / (float) words : 0;
	c->f[TD_TF_all_caps] = caps && !lower;
	nc = word_hashes(s, n, hc, 64);
	if (m->h1.rank != R_NONE)
	{
		c->f[TD_TF_overlap_h1] = (float) hash_overlap(hc, nc, pw->h1, pw->n_h1);
		c->f[TD_TF_cover_h1] = (float) hash_overlap(pw->h1, pw->n_h1, hc, nc);
	}
	if (m->title_html.rank != R_NONE)
		c->f[TD_TF_overlap_title] = (float) hash_overlap(hc, nc, pw->title, pw->n_title);
	c->f[TD_TF_h1_in_title] = c->f[TD_TF_h1] * c->f[TD_TF_title_part];
	c->f[TD_TF_article] = article;
	c->f[TD_TF_h1_article] = c->f[TD_TF_h1] * article;
	c->f[TD_TF_part_article] = c->f[TD_TF_title_part] * article;
	c->f[TD_TF_product] = product;
	c->f[TD_TF_h1_product] = c->f[TD_TF_h1] * product;
	c->f[TD_TF_rule_h1] = c->f[TD_TF_rule] * c->f[TD_TF_h1];
	c->f[TD_TF_desc] = m->description.rank != R_NONE &&
		(folded_prefix(s, n, pool_str(m, m->description.off), m->description.len) ||
		 (n == m->description.len && memcmp(s, pool_str(m, m->description.off), n) == 0));
}

/*
 * The title among the candidates: the one of the highest linear score
 * (title_model.h), the rules' choice (*title, *title_n: a range of the pool)
 * first so that it keeps a tie.  Where the rules find no title (*title
 * NULL: a page whose only heading is the site's name or an <h2>), none:
 * the field says nothing rather than guess.  With dump, each candidate is
 * appended to it as "text<TAB>feature values<NL>" (bench/metadata_dump -c).
 * No allocation: cs is the caller's.
 */
static td_status
rank_title(const meta *m, tcands *cs, const char *host, size_t host_n, td_buf *dump,
		   const char **title, size_t *title_n)
{
	static const char *const article_types[] = {"Article", "BlogPosting", "Posting", "Report", NULL};
	static const char *const product_types[] = {"Product", "ProductGroup", "Offer", NULL};
	int			article = declares(m, article_types),
				product = declares(m, product_types);
	double		best = 0;
	tcand	   *c;
	page_words	pw;
	int			ruled = 0;		/* the rules' title is the first candidate (else
								 * kept as it is: none, or one no candidate can be) */
	td_status	st = TD_OK;

	pw.n_h1 = m->h1.rank != R_NONE ? word_hashes(pool_str(m, m->h1.off), m->h1.len, pw.h1, 64) : 0;
	pw.n_title = m->title_html.rank != R_NONE ?
		word_hashes(pool_str(m, m->title_html.off), m->title_html.len, pw.title, 64) : 0;
	cs->n = 0;
	if (*title != NULL && (c = cand_add(m, cs, *title, *title_n, 0)) != NULL)
	{
		c->f[TD_TF_rule] = 1;
		ruled = 1;
	}
	for (uint32_t k = 0; k < m->n_h1 && k < H1_MAX; k++)
		if (m->h1s[k].rank != R_NONE &&
			(c = cand_add(m, cs, pool_str(m, m->h1s[k].off), m->h1s[k].len, K_H1)) != NULL)
		{
			uint32_t	e = m->h1_elems[k];

			c->f[TD_TF_h1] = 1;
			if (in_chrome(m, e, 1))
				c->f[TD_TF_h1_chrome] = 1;
			else if (in_chrome(m, e, 0))
				c->f[TD_TF_h1_header] = 1;
			if (m->main_elem != TD_NONE && e > m->main_elem && e < m->t->nodes[m->main_elem].end)
				c->f[TD_TF_h1_main] = 1;
			if (k == 0)
				c->f[TD_TF_h1_first] = 1;
			if (m->n_h1 > 1)
				c->f[TD_TF_h1_many] = 1;
		}
	if (m->n_h1 == 0 && m->h2.rank != R_NONE &&
		(c = cand_add(m, cs, pool_str(m, m->h2.off), m->h2.len, K_H2)) != NULL)
		c->f[TD_TF_h2] = 1;
	cand_source(m, cs, &m->title_ld, K_LD, TD_TF_src_ld);
	cand_source(m, cs, &m->title_md, K_MD, TD_TF_src_md);
	cand_source(m, cs, &m->title_og, K_OG, TD_TF_src_og);
	cand_source(m, cs, &m->title_tw, K_TW, TD_TF_src_tw);
	cand_source(m, cs, &m->title_html, K_TITLE, TD_TF_src_title);
	if (cs->n == 1 && dump == NULL)
		return TD_OK;			/* the rules' title alone (or none): nothing to choose */
	for (uint32_t k = 0; k < cs->n; k++)
		for (uint32_t j = 0; j < cs->n; j++)
			if (cs->c[k].fn < cs->c[j].fn &&
				memcmp(cs->c[k].folded, cs->c[j].folded, cs->c[k].fn) == 0)
			{
				cs->c[k].f[TD_TF_prefix_of] = 1;
				cs->c[j].f[TD_TF_extends] = 1;
			}
	for (uint32_t k = 0; k < cs->n && st == TD_OK; k++)
	{
		double		score = 0;

		c = &cs->c[k];
		cand_features(m, c, host, host_n, article, product, &pw);
		for (int f = 0; f < TD_TITLE_NF; f++)
			score += td_title_weights[f] * c->f[f];
		if (ruled && (k == 0 || score > best))
		{
			best = score;
			*title = pool_str(m, c->off);
			*title_n = c->len;
		}
		if (dump)
		{
			st = td_buf_append(dump, pool_str(m, c->off), c->len);
			for (int f = 0; f < TD_TITLE_NF && st == TD_OK; f++)
			{
				char		num[32];

				snprintf(num, sizeof(num), "%s%.4g", f ? " " : "\t", c->f[f]);
				st = td_buf_append(dump, num, strlen(num));
			}
			if (st == TD_OK)
				st = td_buf_putc(dump, '\n');
		}
	}
	return st;
}

/* ---- output ------------------------------------------------------------- */

static td_status
put_str(td_buf *out, const char *s, size_t n)
{
	td_status	st = td_buf_putc(out, '"');

	for (size_t i = 0; i < n && st == TD_OK; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (c == '"' || c == '\\')
		{
			st = td_buf_putc(out, '\\');
			if (st == TD_OK)
				st = td_buf_putc(out, (char) c);
		}
		else if (c >= 0x20 && c != 0x7F)
			st = td_buf_putc(out, (char) c);
		/* control bytes were dropped by clean(); none reach here */
	}
	return st == TD_OK ? td_buf_putc(out, '"') : st;
}

static td_status
put_key(td_buf *out, int *first, const char *key)
{
	td_status	st = td_buf_append(out, *first ? "\"" : ", \"", *first ? 1 : 3);

	*first = 0;
	if (st == TD_OK)
		st = td_buf_append(out, key, strlen(key));
	return st == TD_OK ? td_buf_append(out, "\": ", 3) : st;
}

static td_status
put_slot(const meta *m, td_buf *out, int *first, const char *key, const slot *sl)
{
	td_status	st;

	if (sl->rank == R_NONE)
		return TD_OK;
	st = put_key(out, first, key);
	return st == TD_OK ? put_str(out, pool_str(m, sl->off), sl->len) : st;
}

static td_status
put_list(const meta *m, td_buf *out, int *first, const char *key, const list *l)
{
	td_status	st;

	if (l->n == 0)
		return TD_OK;
	st = put_key(out, first, key);
	if (st == TD_OK)
		st = td_buf_putc(out, '[');
	for (uint32_t k = 0; k < l->n && st == TD_OK; k++)
	{
		if (k)
			st = td_buf_append(out, ", ", 2);
		if (st == TD_OK)
			st = put_str(out, pool_str(m, l->off[k]), l->len[k]);
	}
	return st == TD_OK ? td_buf_putc(out, ']') : st;
}

/* A URL field resolved against the base (or kept when absolute); omitted when it does not resolve. */
static td_status
put_url(meta *m, td_buf *out, int *first, const char *key, const slot *sl)
{
	td_status	st;

	if (sl->rank == R_NONE)
		return TD_OK;
	m->scratch.len = 0;
	st = td_url_resolve(m->env, m->opt->base_url, m->opt->base_url ? m->opt->base_len : 0,
						pool_str(m, sl->off), sl->len, &m->scratch);
	if (st == TD_EARG)
		return TD_OK;
	if (st != TD_OK)
		return st;
	st = put_key(out, first, key);
	return st == TD_OK ? put_str(out, m->scratch.data, m->scratch.len) : st;
}

/* A language tag's primary subtag, lower case: 2 or 3 letters, else 0. */
static size_t
primary_subtag(const char *s, size_t n, char code[8])
{
	size_t		k = 0;

	while (n > 0 && td_is_html_space((unsigned char) *s))
		s++, n--;
	while (k < n && k < 4 && ((s[k] | 0x20) >= 'a' && (s[k] | 0x20) <= 'z'))
	{
		code[k] = (char) (s[k] | 0x20);
		k++;
	}
	if (k < 2 || k > 3 || (k < n && s[k] != '-' && s[k] != '_' && !td_is_html_space((unsigned char) s[k])))
		return 0;
	code[k] = 0;
	return k;
}

static td_status
put_language(meta *m, td_buf *out, int *first)
{
	char		code[8];
	double		conf = 1.0;
	const char *source = "declared";
	char		num[16];
	td_status	st;

	if (m->language.rank == R_NONE || m->opt->force_detect ||
		!primary_subtag(pool_str(m, m->language.off), m->language.len, code))
	{
		const td_tree *t = m->t;
		td_buf	   *b = &m->scratch;

		if (!m->opt->detect_language && !m->opt->force_detect)
			return TD_OK;

		/*
		 * The visible text of the page's main region (its first <main> or
		 * <article>) when that has 200 bytes or more, else of the whole
		 * page: the first TD_LANG_MAX_TEXT bytes.
		 */
		b->len = 0;
		st = TD_OK;
		for (int whole = m->main_elem == TD_NONE; whole < 2 && b->len < 200; whole++)
		{
			uint32_t	from = whole ? 0 : m->main_elem,
						to = whole ? t->n_nodes : t->nodes[m->main_elem].end;

			b->len = 0;
			for (uint32_t i = from; i < to && b->len < TD_LANG_MAX_TEXT && st == TD_OK; i++)
				if (t->nodes[i].kind == TD_TEXT && !(t->nodes[i].flags & TD_F_INHIDDEN))
				{
					st = td_buf_append(b, td_node_str(t, i), t->nodes[i].str_len);
					if (st == TD_OK)
						st = td_buf_putc(b, ' ');
				}
			if (st != TD_OK)
				return st;
		}
		if (!td_lang_detect(b->data ? b->data : "", b->len, code, &conf))
			return TD_OK;
		source = "detected";
	}
	st = put_key(out, first, "language");
	if (st == TD_OK)
		st = put_str(out, code, strlen(code));
	if (st == TD_OK)
		st = put_key(out, first, "language_confidence");
	snprintf(num, sizeof(num), "%.2f", conf);
	if (st == TD_OK)
		st = td_buf_append(out, num, strlen(num));
	if (st == TD_OK)
		st = put_key(out, first, "language_source");
	return st == TD_OK ? put_str(out, source, strlen(source)) : st;
}

/* ---- dates without markup ----------------------------------------------- */

/* Whether s[0..n) holds at position i a run of `digits` digits. */
static int
digits_at(const char *s, size_t n, size_t i, int digits)
{
	if (i + (size_t) digits > n)
		return 0;
	for (int k = 0; k < digits; k++)
		if (s[i + k] < '0' || s[i + k] > '9')
			return 0;
	return 1;
}

/*
 * A day in the URL's path: /2024/03/05/ or 2024-03-05 between delimiters
 * ("/blog/2024-03-05-title").  Writes it normalized; returns 1, or 0.
 */
static int
url_date(const char *path, size_t n, char out[TD_DATE_MAX])
{
	for (size_t i = 0; i + 10 <= n; i++)
	{
		char		sep = path[i + 4];

		if ((i > 0 && path[i - 1] != '/' && path[i - 1] != '-' && path[i - 1] != '_') ||
			!digits_at(path, n, i, 4) || (sep != '/' && sep != '-') ||
			!digits_at(path, n, i + 5, 2) || path[i + 7] != sep || !digits_at(path, n, i + 8, 2) ||
			(i + 10 < n && path[i + 10] >= '0' && path[i + 10] <= '9'))
			continue;
		{
			char		d[11];

			memcpy(d, path + i, 10);
			d[4] = d[7] = '-';
			d[10] = 0;
			if (td_date_normalize(d, 10, out))
				return 1;
		}
	}
	return 0;
}

/*
 * Whether node i is inside <header> (unless header_ok), <footer>, <nav>,
 * <aside> or a comment block.
 */
static int
in_chrome(const meta *m, uint32_t i, int header_ok)
{
	const td_tree *t = m->t;

	for (uint32_t a = t->nodes[i].parent, hops = 0; a != TD_NONE && hops < 64;
		 a = t->nodes[a].parent, hops++)
	{
		uint32_t	cn;
		const char *cl = attr(m, a, "class", &cn);

		if ((t->nodes[a].tag == TD_TAG_HEADER && !header_ok) || t->nodes[a].tag == TD_TAG_FOOTER ||
			t->nodes[a].tag == TD_TAG_NAV || t->nodes[a].tag == TD_TAG_ASIDE ||
			(cl && cn < 200 && ascii_icontains(cl, cn, "comment")))
			return 1;
	}
	return 0;
}

/*
 * The date after an "updated" or "modified" label in s ("Last updated on
 * March 5, 2024", "Updated: 2024-03-05"), or 0.
 */
static int
updated_date(const char *s, size_t n, char out[TD_DATE_MAX])
{
	static const char *const labels[] = {"updated", "modified", NULL};

	for (int k = 0; labels[k]; k++)
		for (size_t i = 0, l = strlen(labels[k]); i + l <= n; i++)
			if (td_ascii_iprefix(s + i, n - i, labels[k], l))
			{
				size_t		j = i + l;

				while (j < n && (s[j] == ':' || td_is_html_space((unsigned char) s[j])))
					j++;
				if (j + 3 <= n && ascii_ieq(s + j, 3, "on "))
					j += 3;
				return td_date_find(s + j, n - j, out);
			}
	return 0;
}

/*
 * The byline region: the first date in the visible text right after the
 * first <h1> (its next NEAR_TEXTS text nodes, NEAR_BYTES bytes at most),
 * where a page without date markup prints "March 5, 2024" under its
 * headline; a forum prints the first post's.  A date that an "updated" or
 * "modified" label precedes is not the publication's: it goes to *upd
 * (the first such, or "").  With neither there, the first date in the
 * BEFORE_TEXTS texts right before the headline ("Published" and the day
 * above it).
 */
#define NEAR_TEXTS 24
#define NEAR_BYTES 800
#define BEFORE_TEXTS 4

/*
 * Node k as a shown text with blanks trimmed: 1 and its bytes, or 0 for
 * anything else (an element, hidden, a script's or style's text, blank).
 */
static int
shown_text(const td_tree *t, uint32_t k, const char **s, size_t *n)
{
	const td_node *nd = &t->nodes[k];

	if (nd->kind != TD_TEXT || (nd->flags & TD_F_INHIDDEN) ||
		(nd->parent != TD_NONE && (t->nodes[nd->parent].flags & (TD_F_RAWTEXT | TD_F_HIDDEN))))
		return 0;
	*s = td_node_str(t, k);
	*n = nd->str_len;
	while (*n > 0 && td_is_html_space((unsigned char) **s))
		(*s)++, (*n)--;
	while (*n > 0 && td_is_html_space((unsigned char) (*s)[*n - 1]))
		(*n)--;
	return *n > 0;
}

/*
 * The region's dates from node `from` on (see near_h1_date); chrome_ok:
 * the headline is in the chrome itself, so its byline may be too.
 */
static int
region_date(meta *m, uint32_t from, int chrome_ok, char out[TD_DATE_MAX], char upd[TD_DATE_MAX])
{
	const td_tree *t = m->t;
	size_t		bytes = 0;
	int			texts = 0,
				updated = 0,
				found = 0;

	for (uint32_t k = from; k < t->n_nodes && texts < NEAR_TEXTS &&
		 bytes < NEAR_BYTES && !(found && upd[0]); k++)
	{
		const char *s;
		size_t		n;
		int			label;

		if (!shown_text(t, k, &s, &n))
			continue;
		texts++;
		bytes += n;
		label = 0;
		if (n <= 160 && (chrome_ok || !in_chrome(m, k, 0)))
		{
			char		u[TD_DATE_MAX];

			if (updated)
			{
				/* the date after a label alone ("Updated" <span>March 5, 2024</span>) */
				if (!upd[0])
					td_date_find(s, n, upd);
			}
			else
			{
				if (!found && td_date_find(s, n, out))
					found = 1;
				if (updated_date(s, n, u))
				{
					if (!upd[0])
						memcpy(upd, u, TD_DATE_MAX);
				}
				else
					label = n < 40 && (ascii_icontains(s, n, "updated") ||
									   ascii_icontains(s, n, "modified"));
			}
		}
		updated = label;
	}
	return found;
}

static int
near_h1_date(meta *m, const char *host, size_t host_n, char out[TD_DATE_MAX], char upd[TD_DATE_MAX])
{
	const td_tree *t = m->t;
	int			texts = 0,
				found,
				h1_chrome;
	/* the headline: the first <h1>, else (a page without one) the first <h2> */
	uint32_t	h = m->h1_elem != TD_NONE ? m->h1_elem : m->h2_elem;

	out[0] = upd[0] = 0;
	if (h == TD_NONE)
		return 0;
	/* an <h1> in a <header>: the article's header, its byline there too */
	h1_chrome = in_chrome(m, h, 0);
	found = region_date(m, t->nodes[h].end, h1_chrome, out, upd);

	/*
	 * none after an <h1> that is only the site's name (its logo): the next
	 * heading is the headline, its own text first (a forum's "#1
	 * 2024-08-03 10:59" post heading)
	 */
	if (!found && !upd[0] && h == m->h1_text_elem && m->head_next != TD_NONE &&
		names_site(m, pool_str(m, m->h1.off), m->h1.len, host, host_n))
		found = region_date(m, m->head_next + 1, in_chrome(m, m->head_next, 0), out, upd);
	/* none after it: the few texts right before it ("Published" and the day above a headline) */
	for (uint32_t k = h; k > 0 && !found && !upd[0] && texts < BEFORE_TEXTS; k--)
	{
		const char *s;
		size_t		n;

		if (!shown_text(t, k - 1, &s, &n))
			continue;
		texts++;
		if (n <= 160 && (h1_chrome || !in_chrome(m, k - 1, 0)) && td_date_find(s, n, out))
			found = 1;
	}
	return found;
}

/*
 * A byline in the text: a short visible text "By Jane Doe" ("Written by",
 * "Posted by", "Author:") whose name begins with a capital, or such a
 * label alone followed within BY_NEAR nodes by the name's text (By
 * <a>Jane Doe</a>); not in <footer>, <nav>, <aside> or comments.  *label
 * holds the node of a label alone waiting for its name, or TD_NONE.
 */
#define BY_NEAR 8

static td_status
text_byline(meta *m, uint32_t k, uint32_t *label)
{
	static const char *const labels[] = {"by", "written by", "posted by", "article by",
	"words by", "story by", "author", NULL};
	const td_tree *t = m->t;
	const td_node *nd = &t->nodes[k];
	const char *s = td_node_str(t, k);
	size_t		n = nd->str_len;

	if ((nd->flags & TD_F_INHIDDEN) || nd->parent == TD_NONE ||
		(t->nodes[nd->parent].flags & (TD_F_RAWTEXT | TD_F_HIDDEN)) ||
		t->nodes[nd->parent].tag == TD_TAG_OPTION)
		return TD_OK;
	while (n > 0 && td_is_html_space((unsigned char) *s))
		s++, n--;
	while (n > 0 && td_is_html_space((unsigned char) s[n - 1]))
		n--;
	if (n == 0)
		return TD_OK;
	if (*label != TD_NONE)
	{
		int			near = k - *label <= BY_NEAR;

		*label = TD_NONE;
		if (near && n <= 60 && ((s[0] >= 'A' && s[0] <= 'Z') || (unsigned char) s[0] >= 0x80))
			return add_author(m, R_TEXT, s, n, 0);
		return TD_OK;
	}
	if (n > 80 || !((s[0] | 0x20) == 'b' || (s[0] | 0x20) == 'w' || (s[0] | 0x20) == 'p' ||
					(s[0] | 0x20) == 'a' || (s[0] | 0x20) == 's'))
		return TD_OK;
	for (int l = 0; labels[l]; l++)
	{
		size_t		ln = strlen(labels[l]),
					j = ln;

		/* "Author" only as "Author:" or alone: "Author Spotlight" is a heading */
		if (n < ln || !td_ascii_iprefix(s, n, labels[l], ln) ||
			(n > ln && s[ln] != ':' && (s[ln] != ' ' || strcmp(labels[l], "author") == 0)))
			continue;
		while (j < n && (s[j] == ' ' || s[j] == ':'))
			j++;
		/* the start of its block ("Guide <i>X</i> by Jane" is a sentence) */
		for (uint32_t c = t->nodes[nd->parent].first_child, hops = 0; c != k; c = t->nodes[c].next_sibling)
		{
			if (c == TD_NONE || ++hops > 16 || t->nodes[c].kind == TD_ELEM)
				return TD_OK;
			for (uint32_t b = 0; b < t->nodes[c].str_len; b++)
				if (!td_is_html_space((unsigned char) td_node_str(t, c)[b]))
					return TD_OK;
		}
		if (in_chrome(m, k, 1))
			return TD_OK;
		if (j == n)
			*label = k;
		else if ((s[j] >= 'A' && s[j] <= 'Z') || (unsigned char) s[j] >= 0x80)
			return add_author(m, R_TEXT, s, n, 0);
		return TD_OK;
	}
	return TD_OK;
}

/* ---- the walk ----------------------------------------------------------- */

static const char *const md_skip[] = {"WebSite", "BreadcrumbList", "Organization", "WPHeader",
	"WPFooter", "WPSideBar", "SiteNavigationElement", "WPAdBlock", "ListItem", NULL};

td_status
td_page_metadata(const td_tree *tree, const td_meta_options *opt, td_buf *out)
{
	meta		m;
	td_env	   *env = tree->env;
	uint32_t   *scope = NULL;	/* per node: the innermost itemscope element holding it */
	tcands	   *cands = NULL;	/* the title's candidates */
	uint32_t	main_item = TD_NONE;
	uint32_t	blocks = 0;
	int			first_time_seen = 0;	/* a <time> that counts was seen */
	uint32_t	by_label = TD_NONE; /* a "By" waiting for its name (text_byline) */
	const char *host = NULL;	/* the site's host, for site names */
	size_t		host_n = 0;
	td_url_parts parts;
	td_status	st = TD_OK;

	memset(&m, 0, sizeof(m));
	m.env = env;
	m.t = tree;
	m.opt = opt;
	td_buf_init(&m.pool, env);
	td_buf_init(&m.scratch, env);
	{
		slot	   *slots[] = {&m.title_ld, &m.title_md, &m.title_og, &m.title_tw, &m.title_html,
			&m.h1, &m.h2, &m.description, &m.site_name, &m.canonical, &m.image, &m.published,
		&m.modified, &m.updated, &m.language};

		for (size_t k = 0; k < sizeof(slots) / sizeof(slots[0]); k++)
			slots[k]->rank = R_NONE;
		for (int k = 0; k < 5; k++)
			m.tw_data[k].rank = R_NONE;
	}
	m.authors.rank = m.keywords.rank = m.types.rank = m.site_names.rank = R_NONE;
	m.text_budget = TEXT_BUDGET;
	m.main_elem = TD_NONE;
	m.h1_elem = TD_NONE;
	m.h2_elem = TD_NONE;
	m.h1_text_elem = TD_NONE;
	m.head_next = TD_NONE;
	if (tree->n_nodes > 0)
	{
		scope = td_alloc(env, sizeof(uint32_t) * (size_t) tree->n_nodes);
		if (scope == NULL)
			st = td_fail(env, TD_ENOMEM, "out of memory reading page metadata");
	}
	for (uint32_t i = 0; i < tree->n_nodes && st == TD_OK; i++)
	{
		const td_node *nd = &tree->nodes[i];
		uint32_t	p = nd->parent;
		uint32_t	n;
		const char *v;
		size_t		tn;			/* the length of v, for element text */
		int			dl;			/* is_dateline's answer */

		if (td_poll_every(env, i + 1, 1u << 16))
		{
			st = td_fail(env, TD_EINTR, "page metadata interrupted");
			break;
		}
		scope[i] = p == TD_NONE ? TD_NONE : scope[p];
		if (nd->kind == TD_TEXT && m.authors.rank > R_TEXT && (st = text_byline(&m, i, &by_label)) != TD_OK)
			break;
		if (nd->kind != TD_ELEM)
			continue;
		switch (nd->tag)
		{
			case TD_TAG_HTML:
				if ((v = attr(&m, i, "lang", &n)) != NULL || (v = attr(&m, i, "xml:lang", &n)) != NULL)
				{
					char		code[8];

					if (primary_subtag(v, n, code))
					{
						st = offer(&m, &m.language, R_LD, v, n);
						m.lang_found = 1;
					}
				}
				break;
			case TD_TAG_TITLE:
				/* the document's title, not an <svg> <title> */
				if (m.title_html.rank == R_NONE &&
					!(tree->nodes[p].kind == TD_ELEM && (tree->nodes[p].tag == TD_TAG_SVG ||
														 tree->nodes[p].tag == TD_TAG_UNKNOWN)))
				{
					st = elem_text_kept(&m, i, &v, &tn);
					if (st == TD_OK)
						st = offer(&m, &m.title_html, R_TITLE, v, tn);
				}
				break;
			case TD_TAG_MAIN:
			case TD_TAG_ARTICLE:
				if (m.main_elem == TD_NONE && !(nd->flags & TD_F_INHIDDEN))
					m.main_elem = i;
				break;
			case TD_TAG_H2:
				if (m.h2_elem == TD_NONE && !(nd->flags & TD_F_INHIDDEN))
					m.h2_elem = i;
				if (m.head_next == TD_NONE && m.h1_elem != TD_NONE && !(nd->flags & TD_F_INHIDDEN))
					m.head_next = i;
				break;
			case TD_TAG_H1:
				/* distinct visible headings: an empty one or a repeat (a layout's copy) is none */
				if (!(nd->flags & TD_F_INHIDDEN) && m.n_h1 < H1_MAX)
				{
					slot	   *h = &m.h1s[m.n_h1];

					h->rank = R_NONE;
					if (m.h1_elem == TD_NONE)
						m.h1_elem = i;	/* where the headline is, even when its text is not */
					else if (m.head_next == TD_NONE)
						m.head_next = i;
					st = elem_text_kept_opt(&m, i, &v, &tn, 1);
					if (st == TD_OK)
						st = offer(&m, h, R_VISIBLE, v, heading_trim(v, tn));
					if (st == TD_OK && h->rank != R_NONE && has_word_char(pool_str(&m, h->off), h->len))
					{
						int			again = 0;

						for (uint32_t k = 0; k < m.n_h1; k++)
							again |= folded_eq(pool_str(&m, h->off), h->len, pool_str(&m, m.h1s[k].off),
											   m.h1s[k].len) ||
								(h->len == m.h1s[k].len &&
								 memcmp(pool_str(&m, h->off), pool_str(&m, m.h1s[k].off), h->len) == 0);
						if (!again)
						{
							m.h1_elems[m.n_h1] = i;
							if (m.n_h1 == 0)
							{
								m.h1 = *h;
								m.h1_text_elem = i;
							}
							m.n_h1++;
						}
					}
				}
				else if (!(nd->flags & TD_F_INHIDDEN))
					m.n_h1++;
				break;
			case TD_TAG_META:
				st = read_meta(&m, i);
				break;
			case TD_TAG_LINK:
				if ((v = attr(&m, i, "rel", &n)) != NULL && has_word(v, n, "canonical") &&
					(v = attr(&m, i, "href", &n)) != NULL)
					st = offer(&m, &m.canonical, R_CANONICAL, v, n);
				break;
			case TD_TAG_SCRIPT:
				if ((v = attr(&m, i, "type", &n)) != NULL && ascii_ieq(v, n, "application/ld+json") &&
					nd->first_child != TD_NONE && blocks < TD_META_MAX_BLOCKS)
				{
					uint32_t	c = nd->first_child;

					blocks++;
					if (tree->nodes[c].kind == TD_TEXT)
						st = read_jsonld(&m, td_node_str(tree, c), tree->nodes[c].str_len);
				}
				break;
			case TD_TAG_TIME:
				if ((v = attr(&m, i, "datetime", &n)) != NULL)
				{
					/*
					 * <time pubdate>, or the first <time> of the page
					 * outside <header>, <footer>, <nav> and <aside> and
					 * not in a comment
					 */
					int			outside = !(nd->flags & TD_F_INHIDDEN);

					for (uint32_t a = p, hops = 0; a != TD_NONE && hops < 64 && outside;
						 a = tree->nodes[a].parent, hops++)
					{
						uint32_t	cn;
						const char *cl = attr(&m, a, "class", &cn);

						outside = tree->nodes[a].tag != TD_TAG_HEADER &&
							tree->nodes[a].tag != TD_TAG_FOOTER && tree->nodes[a].tag != TD_TAG_NAV &&
							tree->nodes[a].tag != TD_TAG_ASIDE &&
							!(cl && cn < 200 && ascii_icontains(cl, cn, "comment"));
					}
					/*
					 * <time pubdate> outside the chrome names the page's
					 * publication itself: over the markup's (which may
					 * give another day or another zone's)
					 */
					if (attr(&m, i, "pubdate", NULL) != NULL)
						st = offer_date(&m, &m.published, outside ? R_PUBDATE : R_VISIBLE, v, n);
					else if (outside && !first_time_seen)
						st = offer_date(&m, &m.published, R_VISIBLE, v, n);
					first_time_seen |= outside;
				}
				break;
			default:
				break;
		}
		if (st != TD_OK)
			break;
		/* microdata */
		if (attr(&m, i, "itemscope", NULL) != NULL)
		{
			const char *ty = attr(&m, i, "itemtype", &n);

			scope[i] = i;
			if (ty != NULL)
			{
				/* each type URL's last segment */
				size_t		a = 0;

				while (a < n && st == TD_OK)
				{
					size_t		b = a,
								c;

					while (b < n && !td_is_html_space((unsigned char) ty[b]))
						b++;
					c = b;
					while (c > a && ty[c - 1] != '/' && ty[c - 1] != '#')
						c--;
					if (b > c)
					{
						st = list_add(&m, &m.types, 1, ty + c, b - c);
						if (main_item == TD_NONE && (p == TD_NONE || scope[p] == TD_NONE) &&
							attr(&m, i, "itemprop", NULL) == NULL &&
							!type_in(ty + c, b - c, md_skip))
							main_item = i;
					}
					a = b + 1;
				}
			}
		}
		if ((v = attr(&m, i, "itemprop", &n)) != NULL && p != TD_NONE && st == TD_OK)
		{
			uint32_t	s = scope[p];
			const char *val = NULL;
			size_t		vn = 0;

			if (s != TD_NONE && s == main_item)
			{
				int			person = has_word(v, n, "author") && scope[i] == i;

				if (!person)
					st = prop_value(&m, i, &val, &vn);
				if (st != TD_OK)
					break;
				if (has_word(v, n, "headline") || (has_word(v, n, "name") && m.title_md.rank == R_NONE))
					st = offer(&m, &m.title_md, R_MICRODATA, val, vn);
				else if (has_word(v, n, "datepublished") || has_word(v, n, "datecreated"))
					st = offer_date(&m, &m.published, R_MICRODATA, val, vn);
				else if (has_word(v, n, "datemodified"))
					st = offer_date(&m, &m.modified, R_MICRODATA, val, vn);
				else if (has_word(v, n, "description"))
					st = offer(&m, &m.description, R_MICRODATA, val, vn);
				else if (has_word(v, n, "image"))
					st = offer(&m, &m.image, R_MICRODATA, val, vn);
				else if (has_word(v, n, "keywords"))
					st = list_add_split(&m, &m.keywords, R_MICRODATA, val, vn);
				else if (has_word(v, n, "author") && !person)
					st = add_author(&m, R_MICRODATA, val, vn, 0);
			}
			else if (s == TD_NONE && nd->tag == TD_TAG_META &&
					 (has_word(v, n, "datepublished") || has_word(v, n, "datecreated")))
			{
				/*
				 * a page's date as a <meta> itemprop of no item; a visible
				 * one is a card's, a related page's
				 */
				st = prop_value(&m, i, &val, &vn);
				if (st == TD_OK)
					st = offer_date(&m, &m.published, R_MICRODATA, val, vn);
			}
			else if (s != TD_NONE && has_word(v, n, "name") && main_item != TD_NONE &&
					 tree->nodes[s].parent != TD_NONE && scope[tree->nodes[s].parent] == main_item)
			{
				/* the name of an item that is the main item's author or publisher */
				uint32_t	sn;
				const char *sp = attr(&m, s, "itemprop", &sn);

				if (sp && (has_word(sp, sn, "author") || has_word(sp, sn, "creator") ||
						   has_word(sp, sn, "publisher")))
				{
					st = prop_value(&m, i, &val, &vn);
					if (st == TD_OK)
						st = has_word(sp, sn, "publisher") ?
							offer(&m, &m.site_name, R_MICRODATA, val, vn) :
							add_author(&m, R_MICRODATA, val, vn, AUTHOR_HANDLE);
				}
			}
		}
		/* visible datelines: "Published March 5, 2024" */
		if (st == TD_OK && m.published.rank > R_VISIBLE && !(nd->flags & TD_F_INHIDDEN) &&
			nd->tag != TD_TAG_BODY && nd->tag != TD_TAG_HTML && nd->tag != TD_TAG_META &&
			nd->end - i < 32 && (dl = is_dateline(&m, i)) != 0)
		{
			char		d[TD_DATE_MAX];

			st = elem_text_kept(&m, i, &v, &tn);
			if (st == TD_OK && tn > 160 && dl == 1)
			{
				/* a dateline that holds more (tags, links): its first text ("Posted on March 5, 2024") */
				for (uint32_t k = i + 1; k < nd->end; k++)
					if (shown_text(tree, k, &v, &tn))
						break;
				if (tn > 160)
					tn = 0;
			}
			if (st == TD_OK && tn <= 160 && dl == 1 && td_date_find(v, tn, d))
				st = offer(&m, &m.published, R_VISIBLE, d, strlen(d));
			else if (st == TD_OK && tn <= 160 && m.updated.rank == R_NONE &&
					 (dl == 1 ? updated_date(v, tn, d) : td_date_find(v, tn, d) || updated_date(v, tn, d)))
				st = offer(&m, &m.updated, R_VISIBLE, d, strlen(d));
		}
		/*
		 * no byline: a forum's first poster, the first element whose class
		 * names a user name ("username", phpBB and XenForo) outside the
		 * page's chrome, or a post element's author attribute
		 * (<shreddit-post author="...">), trusted least
		 */
		if (st == TD_OK && m.authors.rank > R_TITLE && !(nd->flags & TD_F_INHIDDEN) &&
			nd->tag != TD_TAG_META && nd->tag != TD_TAG_LINK && nd->tag != TD_TAG_IMG)
		{
			uint32_t	cn;
			const char *cl = attr(&m, i, "class", &cn);

			if ((v = attr(&m, i, "author", &n)) != NULL && n > 0 && !in_chrome(&m, i, 0))
				st = add_author(&m, R_TITLE, v, n, AUTHOR_HANDLE);
			else if (cl && cn < 200 && (has_word(cl, cn, "username") || has_word(cl, cn, "user-name")) &&
					 nd->end - i < 16 && !in_chrome(&m, i, 0))
			{
				st = elem_text_kept(&m, i, &v, &tn);
				if (st == TD_OK)
					st = add_author(&m, R_TITLE, v, tn, AUTHOR_HANDLE);
			}
		}
		/* visible bylines */
		if (st == TD_OK && m.authors.rank > R_VISIBLE && !(nd->flags & TD_F_INHIDDEN) &&
			nd->tag != TD_TAG_BODY && nd->tag != TD_TAG_HTML && nd->tag != TD_TAG_IMG &&
			nd->tag != TD_TAG_META && nd->tag != TD_TAG_LINK && is_byline(&m, i) &&
			nd->end - i < 64)
		{
			st = elem_text_kept(&m, i, &v, &tn);
			if (st == TD_OK)
				st = add_author(&m, R_VISIBLE, v, tn, 0);
		}
	}
	/* Slack's unfurl pair: twitter:label1 "Written by", twitter:data1 the name */
	for (int k = 1; k < 5 && st == TD_OK; k++)
		if ((m.tw_author & (1u << k)) && m.tw_data[k].rank != R_NONE)
			st = add_author(&m, R_VISIBLE, pool_str(&m, m.tw_data[k].off), m.tw_data[k].len, 0);
	if (st == TD_OK && m.site_name.rank != R_NONE)
		st = list_add(&m, &m.site_names, R_LD, pool_str(&m, m.site_name.off), m.site_name.len);
	if (st == TD_OK)
		st = h1_site_names(&m);
	if (st == TD_OK)
		page_host(&m, &parts, &host, &host_n);
	/*
	 * No published date in the markup: the byline region's, else the
	 * date it shows as updated (a page that shows one date shows when it
	 * was last edited), else the URL's.
	 */
	if (st == TD_OK && m.published.rank == R_NONE)
	{
		char		d[TD_DATE_MAX],
					upd[TD_DATE_MAX];

		if (near_h1_date(&m, host, host_n, d, upd))
			st = offer(&m, &m.published, R_VISIBLE, d, strlen(d));
		else if (upd[0])
			st = offer(&m, &m.published, R_VISIBLE, upd, strlen(upd));
		else if (m.updated.rank != R_NONE)
			st = offer(&m, &m.published, R_VISIBLE, pool_str(&m, m.updated.off), m.updated.len);
		else if (opt->base_url)
		{
			td_url_split(opt->base_url, opt->base_len, &parts);
			if (url_date(parts.path.p, parts.path.n, d))
				st = offer(&m, &m.published, R_TITLE, d, strlen(d));
		}
	}

	/* the JSON object */
	if (st == TD_OK)
	{
		const slot *tc[] = {&m.title_ld, &m.title_md, &m.title_og, &m.title_tw, &m.title_html};
		const char *title = NULL;
		size_t		title_n = 0;
		int			first = 1;

		/* a page without <h1>: its first <h2> is a candidate title */
		if (m.n_h1 == 0 && m.h2_elem != TD_NONE)
		{
			st = elem_text_kept_opt(&m, m.h2_elem, &title, &title_n, 1);
			if (st == TD_OK)
				st = offer(&m, &m.h2, R_VISIBLE, title, heading_trim(title, title_n));
		}
		/* again: the canonical address's host is in the pool, which may have moved */
		page_host(&m, &parts, &host, &host_n);
		if (st == TD_OK)
			st = td_buf_putc(out, '{');
		if (st == TD_OK && !choose_title(&m, tc, sizeof(tc) / sizeof(tc[0]), host, host_n,
										 &title, &title_n))
			title = NULL;
		/* no title from the rules: none from the ranker, nothing to rank unless asked */
		if (st == TD_OK && (title != NULL || opt->title_candidates != NULL) &&
			(cands = td_alloc(env, sizeof(tcands))) == NULL)
			st = td_fail(env, TD_ENOMEM, "out of memory ranking titles");
		if (st == TD_OK && cands != NULL)
			st = rank_title(&m, cands, host, host_n, opt->title_candidates, &title, &title_n);
		if (st == TD_OK && title != NULL)
		{
			st = put_key(out, &first, "title");
			if (st == TD_OK)
				st = put_str(out, title, title_n);
		}
		if (st == TD_OK)
			st = put_list(&m, out, &first, "authors", &m.authors);
		if (st == TD_OK)
			st = put_slot(&m, out, &first, "published", &m.published);
		if (st == TD_OK)
			st = put_slot(&m, out, &first, "modified", &m.modified);
		if (st == TD_OK)
			st = put_slot(&m, out, &first, "description", &m.description);
		if (st == TD_OK)
			st = put_slot(&m, out, &first, "site_name", &m.site_name);
		if (st == TD_OK)
			st = put_url(&m, out, &first, "canonical_url", &m.canonical);
		if (st == TD_OK)
			st = put_language(&m, out, &first);
		if (st == TD_OK)
			st = put_url(&m, out, &first, "image", &m.image);
		if (st == TD_OK)
			st = put_list(&m, out, &first, "keywords", &m.keywords);
		if (st == TD_OK)
			st = put_list(&m, out, &first, "types", &m.types);
		if (st == TD_OK)
			st = td_buf_putc(out, '}');
	}
	td_free(env, scope);
	td_free(env, cands);
	td_buf_free(&m.pool);
	td_buf_free(&m.scratch);
	return st;
}
