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
 * NULL only measures.  Returns the output length.
 */
static size_t
utf8_repair(const unsigned char *in, size_t len, char *dst)
{
	size_t		i = 0,
				o = 0;

	while (i < len)
	{
		size_t		bad = 0;
		size_t		n = (len - i >= 8 && ascii8(in + i)) ? 8 : utf8_seq_len(in + i, len - i, &bad);

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

/* Offset of the first ill-formed sequence or NUL in in, or len. */
static size_t
utf8_first_bad(const unsigned char *in, size_t len)
{
	size_t		i = 0;

	while (i < len)
	{
		size_t		bad;
		size_t		n;

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
	size_t		n;

	if (utf8_first_bad(u, len) == len)
	{
		*out = in;
		*out_len = len;
		return TD_OK;
	}
	n = utf8_repair(u, len, NULL);
	*owned = td_alloc(env, n);
	if (*owned == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory repairing %zu bytes of UTF-8", len);
	utf8_repair(u, len, *owned);
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
cp1252_decode(const unsigned char *in, size_t len, char *dst)
{
	size_t		o = 0;

	for (size_t i = 0; i < len; i++)
	{
		unsigned int cp = in[i];

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
		char	   *o = buf + used;
		size_t		oleft = cap - used;
		size_t		rc = iconv(cd, &ip, &ileft, &o, &oleft);
		int			err = errno;

		used = o - buf;
		if (rc != (size_t) -1)
			break;
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

	*owned = NULL;
	if (encoding == NULL || name_in(encoding, utf8_names))
		return utf8_sanitize(env, html, len, text, text_len, owned);
	if (name_in(encoding, cp1252_names))
	{
		const unsigned char *u = (const unsigned char *) html;

		conv_len = cp1252_decode(u, len, NULL);
		*owned = td_alloc(env, conv_len);
		if (*owned == NULL)
			return td_fail(env, TD_ENOMEM, "out of memory decoding %zu bytes", len);
		cp1252_decode(u, len, *owned);
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
	const char *text;
	size_t		text_len;
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
	if (st != TD_OK)
		return st;
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
