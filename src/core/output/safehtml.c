/*
 * safehtml.c — the kept content of a page as HTML safe to show
 * (safehtml.h).
 *
 * One walk of the page tree (td_walk, walk.h).  A stack of the
 * elements written (at most the tree's depth) says where text stands: in a
 * "flow" element (the fragment itself, blockquote, figure, lists, tables),
 * where inline content is wrapped in an implicit <p>, or in a "text" element
 * (p, headings, li, cells...), where an unwrapped block's edge becomes a
 * <br> between two runs of text.  Both are lazy: nothing is written for a
 * boundary with no text on one side.
 */
#include <stdio.h>
#include <string.h>

#include "output/safehtml.h"
#include "output/outurl.h"
#include "output/walk.h"
#include "base/render.h"
#include "base/tags.h"

enum
{
	SK_NONE = 0,				/* not written: unwrapped or left out */
	SK_FLOW,					/* block holding blocks: text in it gets an implicit <p> */
	SK_TEXT,					/* block holding text */
	SK_INLINE,
	SK_VOID
};

static int
sh_kind(uint16_t tag)
{
	switch (tag)
	{
		case TD_TAG_BLOCKQUOTE:
		case TD_TAG_FIGURE:
		case TD_TAG_UL:
		case TD_TAG_OL:
		case TD_TAG_DL:
		case TD_TAG_TABLE:
		case TD_TAG_THEAD:
		case TD_TAG_TBODY:
		case TD_TAG_TFOOT:
		case TD_TAG_TR:
			return SK_FLOW;
		case TD_TAG_P_:
		case TD_TAG_H1:
		case TD_TAG_H2:
		case TD_TAG_H3:
		case TD_TAG_H4:
		case TD_TAG_H5:
		case TD_TAG_H6:
		case TD_TAG_PRE:
		case TD_TAG_LI:
		case TD_TAG_DT:
		case TD_TAG_DD:
		case TD_TAG_TD:
		case TD_TAG_TH:
		case TD_TAG_CAPTION:
		case TD_TAG_FIGCAPTION:
			return SK_TEXT;
		case TD_TAG_A:
		case TD_TAG_EM:
		case TD_TAG_STRONG:
		case TD_TAG_B_:
		case TD_TAG_I:
		case TD_TAG_SUB:
		case TD_TAG_SUP:
		case TD_TAG_CODE:
			return SK_INLINE;
		case TD_TAG_BR:
		case TD_TAG_IMG:
			return SK_VOID;
		default:
			return SK_NONE;
	}
}

typedef struct sh_state
{
	const td_tree *t;
	td_buf	   *out;
	const char *base;
	size_t		base_len;
	uint32_t   *stack;			/* elements written and open */
	uint32_t	depth;
	uint8_t    *kind;			/* per node: its SK_ kind when written, else SK_NONE */
	int			p_open;			/* an implicit <p> is open ... */
	uint32_t	p_depth;		/* ... at this stack depth */
	int			wrote;			/* inline content since the last boundary */
	int			need_br;		/* a boundary is pending between two runs of text */
	int			space;			/* a blank is pending before the next word */
	td_buf		url;
} sh_state;

static td_status
put(sh_state *s, const char *str)
{
	return td_buf_append(s->out, str, strlen(str));
}

/* The kind of the innermost element written: text stands in a flow or a text block. */
static int
context(const sh_state *s)
{
	for (uint32_t k = s->depth; k > 0; k--)
	{
		int			kd = s->kind[s->stack[k - 1]];

		if (kd == SK_FLOW || kd == SK_TEXT)
			return kd;
	}
	return SK_FLOW;
}

/* An edge of a block: closes the implicit <p> opened at this depth, or asks for a <br>. */
static td_status
boundary(sh_state *s)
{
	s->space = 0;
	if (s->p_open && s->p_depth == s->depth)
	{
		s->p_open = 0;
		s->wrote = 0;
		s->need_br = 0;
		return put(s, "</p>\n");
	}
	if (s->wrote)
		s->need_br = 1;
	s->wrote = 0;
	return TD_OK;
}

/* Before inline content: the pending <br> or the implicit <p>. */
static td_status
inline_start(sh_state *s)
{
	td_status	st = TD_OK;

	if (s->need_br)
	{
		s->need_br = 0;
		s->space = 0;
		st = put(s, "<br>");
	}
	else if (!s->p_open && context(s) == SK_FLOW)
	{
		s->p_open = 1;
		s->p_depth = s->depth;
		s->space = 0;
		st = put(s, "<p>");
	}
	if (st == TD_OK && s->space && s->wrote)
		st = td_buf_putc(s->out, ' ');
	s->space = 0;
	return st;
}

/* The address of attribute name of element i into s->url; *ok when td_out_url lets it through. */
static td_status
url_of(sh_state *s, uint32_t i, const char *name, int mailto, int *ok)
{
	uint32_t	len;
	const char *v = td_node_attr(s->t, i, name, &len);

	*ok = 0;
	s->url.len = 0;
	if (v == NULL)
		return TD_OK;
	return td_out_url(s->out->env, s->base, s->base_len, v, len, mailto, &s->url, ok);
}

/* name="s->url" */
static td_status
url_attr(sh_state *s, const char *name)
{
	td_status	st = td_buf_putc(s->out, ' ');

	if (st == TD_OK)
		st = put(s, name);
	if (st == TD_OK)
		st = put(s, "=\"");
	if (st == TD_OK)
		st = td_html_escape(s->out, s->url.data, s->url.len, 1);
	if (st == TD_OK)
		st = td_buf_putc(s->out, '"');
	return st;
}

/* colspan / rowspan of a cell, when a number from 2 to 1000. */
static td_status
span_attr(sh_state *s, uint32_t i, const char *name)
{
	uint32_t	len;
	const char *v = td_node_attr(s->t, i, name, &len);
	unsigned	n = 0;
	char		num[32];
	size_t		k = 0;

	if (v == NULL)
		return TD_OK;
	while (k < len && (v[k] == ' ' || v[k] == '\t' || v[k] == '\n'))
		k++;
	for (; k < len && v[k] >= '0' && v[k] <= '9' && n <= 1000; k++)
		n = n * 10 + (unsigned) (v[k] - '0');
	if (n < 2 || n > 1000)
		return TD_OK;
	k = (size_t) snprintf(num, sizeof(num), " %s=\"%u\"", name, n);
	return td_buf_append(s->out, num, k);
}

/* Opens element i (a hook of td_walk); sets s->kind[i] when it is written. */
static td_status
open_elem(void *state, uint32_t i)
{
	sh_state   *s = state;
	const td_node *n = &s->t->nodes[i];
	int			kd = sh_kind(n->tag);
	td_status	st = TD_OK;
	int			ok;

	if (kd == SK_NONE)
		return (n->flags & TD_F_BLOCK) ? boundary(s) : TD_OK;
	if (kd == SK_FLOW || kd == SK_TEXT)
	{
		if (s->p_open && s->p_depth == s->depth)
		{
			s->p_open = 0;
			st = put(s, "</p>\n");
		}
		s->need_br = s->wrote = s->space = 0;
		if (st == TD_OK)
			st = td_buf_putc(s->out, '<');
		if (st == TD_OK)
			st = put(s, td_tag_name(n->tag));
		if (st == TD_OK && (n->tag == TD_TAG_TD || n->tag == TD_TAG_TH))
		{
			st = span_attr(s, i, "colspan");
			if (st == TD_OK)
				st = span_attr(s, i, "rowspan");
		}
		if (st == TD_OK)
			st = put(s, kd == SK_FLOW ? ">\n" : ">");
	}
	else if (n->tag == TD_TAG_BR)
	{
		if (s->wrote)
			s->need_br = 1;		/* lazy: none at the start or end of a block */
		s->space = 0;
		return TD_OK;
	}
	else
	{
		if (n->tag == TD_TAG_A || n->tag == TD_TAG_IMG)
		{
			/* no address to follow: an <a> unwrapped, an <img> left out */
			st = url_of(s, i, n->tag == TD_TAG_A ? "href" : "src", n->tag == TD_TAG_A, &ok);
			if (st != TD_OK || !ok)
				return st;
		}
		st = inline_start(s);
		if (st == TD_OK)
			st = td_buf_putc(s->out, '<');
		if (st == TD_OK)
			st = put(s, td_tag_name(n->tag));
		if (st == TD_OK && n->tag == TD_TAG_A)
			st = url_attr(s, "href");
		else if (st == TD_OK && n->tag == TD_TAG_IMG)
		{
			uint32_t	len;
			const char *alt = td_node_attr(s->t, i, "alt", &len);

			st = url_attr(s, "src");
			if (st == TD_OK && alt != NULL)
			{
				st = put(s, " alt=\"");
				if (st == TD_OK)
					st = td_html_escape(s->out, alt, len, 1);
				if (st == TD_OK)
					st = td_buf_putc(s->out, '"');
			}
			s->wrote = 1;
		}
		if (st == TD_OK)
			st = td_buf_putc(s->out, '>');
		if (kd == SK_VOID)
			return st;
	}
	s->kind[i] = (uint8_t) kd;
	s->stack[s->depth++] = i;
	return st;
}

/* Closes element k (a hook of td_walk). */
static td_status
close_elem(void *state, uint32_t k)
{
	sh_state   *s = state;
	const td_node *n = &s->t->nodes[k];
	int			kd = s->kind[k];
	td_status	st = TD_OK;

	if (kd == SK_NONE)
		return ((n->flags & TD_F_BLOCK) && n->tag != TD_TAG_BR) ? boundary(s) : TD_OK;
	if (kd != SK_INLINE)
	{
		if (s->p_open && s->p_depth == s->depth)
		{
			s->p_open = 0;
			st = put(s, "</p>\n");
		}
		s->need_br = s->wrote = s->space = 0;
	}
	if (st == TD_OK)
		st = put(s, "</");
	if (st == TD_OK)
		st = put(s, td_tag_name(n->tag));
	if (st == TD_OK)
		st = put(s, kd == SK_INLINE ? ">" : ">\n");
	s->depth--;
	return st;
}

/* Text node i (a hook of td_walk): escaped; outside <pre> blanks collapsed; zero-width characters dropped. */
static td_status
text(void *state, uint32_t i)
{
	sh_state   *s = state;
	const td_node *n = &s->t->nodes[i];
	const unsigned char *p = (const unsigned char *) td_node_str(s->t, i);
	const unsigned char *end = p + n->str_len;
	const unsigned char *word;
	size_t		len;
	int			piece;
	td_status	st = TD_OK;

	while (st == TD_OK &&
		   (piece = td_text_piece(&p, end, (n->flags & TD_F_PRE) != 0, &word, &len)) != TD_PIECE_END)
	{
		if (piece == TD_PIECE_BLANK)
		{
			s->space = 1;
			continue;
		}
		st = inline_start(s);
		if (st == TD_OK)
			st = td_html_escape(s->out, (const char *) word, len, 0);
		s->wrote = 1;
	}
	return st;
}

td_status
td_render_safe_html(const td_tree *tree, const uint8_t *drop, const char *base,
					size_t base_len, td_buf *out)
{
	td_env	   *env = out->env;
	sh_state	s;
	static const td_walk_hooks hooks = {open_elem, close_elem, text};
	uint32_t	max_depth = 0;
	size_t		start = out->len;
	td_status	st = TD_OK;

	memset(&s, 0, sizeof(s));
	for (uint32_t i = 0; i < tree->n_nodes; i++)
		if (tree->nodes[i].depth > max_depth)
			max_depth = tree->nodes[i].depth;
	s.t = tree;
	s.out = out;
	s.base_len = base_len;
	s.base = td_out_base(env, base, &s.base_len);
	s.stack = td_alloc(env, ((size_t) max_depth + 1) * sizeof(uint32_t));
	s.kind = td_alloc(env, (size_t) tree->n_nodes + 1);
	if (s.stack == NULL || s.kind == NULL)
	{
		td_free(env, s.stack);
		td_free(env, s.kind);
		return td_fail(env, TD_ENOMEM, "out of memory rendering clean HTML");
	}
	memset(s.kind, SK_NONE, (size_t) tree->n_nodes + 1);
	td_buf_init(&s.url, env);

	st = td_walk(tree, drop, &hooks, &s, env);
	if (st == TD_OK && s.p_open)
		st = put(&s, "</p>\n");
	/* no final line break */
	if (st == TD_OK)
		while (out->len > start && out->data[out->len - 1] == '\n')
			out->len--;
	td_buf_free(&s.url);
	td_free(env, s.stack);
	td_free(env, s.kind);
	return st;
}
