/*
 * tree.c — the page tree, built straight from libxml2's HTML SAX events.
 *
 * libxml2 never builds an xmlDoc here: building our flat arrays from the SAX
 * callbacks is about twice as fast, and a document tree stops the parse at
 * depth 256 while SAX events have no depth limit, so depth is ours to clamp.
 *
 * Input is decoded to valid UTF-8 (decode.c) and its start tags bounded
 * (tagbound.c) before libxml2 sees it, and libxml2 is told to ignore
 * <meta charset>.
 *
 * Memory: every byte of the tree goes through env; libxml2 allocates with
 * malloc, and its parser context is freed on every path out of
 * td_parse_html, whatever the status.
 */
#include <limits.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "base/decode.h"
#include "base/tagbound.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "base/tags.h"
#include "base/tree.h"

/* SAX events between two polls of env->interrupted. */
#define POLL_EVERY 4096




void
td_limits_default(td_limits *limits)
{
	limits->max_bytes = TD_DEFAULT_MAX_BYTES;
	limits->max_nodes = TD_DEFAULT_MAX_NODES;
	limits->max_depth = TD_DEFAULT_MAX_DEPTH;
	limits->media_attrs_only = 0;
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
	if (td_poll_every(b->env, ++b->events, POLL_EVERY))
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

/* ---- <noscript> shown when it holds the page ----------------------------- */

/* Non-blank bytes of text node i. */
static size_t
ink(const td_tree *t, uint32_t i)
{
	const char *s = td_node_str(t, i);
	size_t		n = 0;

	for (uint32_t k = 0; k < t->nodes[i].str_len; k++)
		n += !td_is_c_space((unsigned char) s[k]);
	return n;
}

/* The builder's INHIDDEN rule for node i, re-derived from its parent. */
static uint8_t
inherited_hidden(const td_tree *t, uint32_t i)
{
	const td_node *pa = &t->nodes[t->nodes[i].parent];

	return (pa->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) ? TD_F_INHIDDEN : 0;
}

/*
 * Pages that serve their content to crawlers inside <noscript> (Discourse
 * forums render a whole thread there and an empty app shell outside): when
 * the text that <noscript> elements would show outweighs the visible text
 * of the rest of the page, every <noscript> not inside another hidden
 * element is rendered as visible, for every function that reads the tree
 * (text, scores, segments, fingerprints).  Text under a noscript's own
 * script or style stays hidden and is not counted.  Passes: one to weigh
 * the noscripts (every page), one to weigh the rest only when they show
 * text, stopping once the rest outweighs them (so most pages scan no text
 * outside), and one to re-derive INHIDDEN inside the noscript subtrees
 * (preorder: parents first), so no recursion.  Returns TD_EINTR when interrupted.
 */
static td_status
show_noscript(td_env *env, td_tree *t)
{
	size_t		inside = 0,
				outside = 0;

	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "page parse interrupted");
		if (nd->kind == TD_ELEM && nd->tag == TD_TAG_NOSCRIPT && !(nd->flags & TD_F_INHIDDEN))
		{
			/* what it would show: text not under another hidden element */
			for (uint32_t j = i + 1; j < nd->end; j++)
			{
				const td_node *d = &t->nodes[j];

				if (td_poll_every(env, j, POLL_EVERY))
					return td_fail(env, TD_EINTR, "page parse interrupted");
				if (d->kind == TD_ELEM && (d->flags & TD_F_HIDDEN) && d->tag != TD_TAG_NOSCRIPT)
					j = d->end - 1;
				else if (d->kind == TD_TEXT)
					inside += ink(t, j);
			}
			i = nd->end - 1;
		}
	}
	if (inside == 0)
		return TD_OK;			/* no noscript, or none that shows text */
	/* the rest of the page, only as far as it takes to outweigh them */
	for (uint32_t i = 1; i < t->n_nodes && outside < inside; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "page parse interrupted");
		if (nd->kind == TD_ELEM && nd->tag == TD_TAG_NOSCRIPT && !(nd->flags & TD_F_INHIDDEN))
			i = nd->end - 1;
		else if (nd->kind == TD_TEXT && !(nd->flags & TD_F_INHIDDEN))
			outside += ink(t, i);
	}
	if (inside <= outside)
		return TD_OK;
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		td_node    *nd = &t->nodes[i];

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "page parse interrupted");
		if (nd->kind != TD_ELEM || nd->tag != TD_TAG_NOSCRIPT || (nd->flags & TD_F_INHIDDEN))
			continue;
		nd->flags &= (uint8_t) ~TD_F_HIDDEN;
		for (uint32_t j = i + 1; j < nd->end; j++)
		{
			td_node    *d = &t->nodes[j];

			d->flags = (uint8_t) ((d->flags & ~TD_F_INHIDDEN) | inherited_hidden(t, j));
			/* a nested noscript is shown too, unless another hidden element holds it */
			if (d->kind == TD_ELEM && d->tag == TD_TAG_NOSCRIPT && !(d->flags & TD_F_INHIDDEN))
				d->flags &= (uint8_t) ~TD_F_HIDDEN;
		}
		i = nd->end - 1;
	}
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

	st = td_decode_input(env, html, len, encoding, &text, &text_len, &owned);
	if (st == TD_OK)
		st = b.limits.media_attrs_only ? td_slim_attrs(env, &text, &text_len, &owned) :
			td_bound_attrs(env, &text, &text_len, &owned);
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
	if (st == TD_OK)
		st = show_noscript(env, b.tree);
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
