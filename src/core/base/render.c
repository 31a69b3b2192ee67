/*
 * render.c — visible text and HTML out of a page tree.
 *
 * Both renderers walk the preorder array once.  Elements are closed without
 * a stack: before node j, the nodes from the previously visited one up to
 * j's parent (exclusive) are exactly the elements that ended in between, and
 * each node is closed once, so the walk stays linear however deep the page.
 * A skipped subtree (dropped, or hidden for text) is never opened, so it is
 * never closed: the walk resumes from its parent.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/render.h"
#include "base/reason.h"
#include "base/tags.h"
#include "util/url.h"

/*
 * Byte length of the Unicode White_Space character at p, or 0.  U+00A0 and
 * the other wide blanks count, as in the corpus's gold text: a "&nbsp;"
 * table cell is layout, not content.
 */
static size_t
ws_len_any(const unsigned char *p, const unsigned char *end)
{
	size_t		avail = (size_t) (end - p);

	switch (p[0])
	{
		case ' ':
		case '\t':
		case '\n':
		case '\v':
		case '\f':
		case '\r':
			return 1;
		case 0xC2:				/* U+0085, U+00A0 */
			return (avail >= 2 && (p[1] == 0x85 || p[1] == 0xA0)) ? 2 : 0;
		case 0xE1:				/* U+1680 */
			return (avail >= 3 && p[1] == 0x9A && p[2] == 0x80) ? 3 : 0;
		case 0xE2:				/* U+2000-200A, U+2028, U+2029, U+202F, U+205F */
			if (avail < 3)
				return 0;
			if (p[1] == 0x80 && ((p[2] >= 0x80 && p[2] <= 0x8A) ||
								 p[2] == 0xA8 || p[2] == 0xA9 || p[2] == 0xAF))
				return 3;
			return (p[1] == 0x81 && p[2] == 0x9F) ? 3 : 0;
		case 0xE3:				/* U+3000 */
			return (avail >= 3 && p[1] == 0x80 && p[2] == 0x80) ? 3 : 0;
		default:
			return 0;
	}
}

/* ws_len_any, with the bytes of most text (visible ASCII) decided inline. */
static inline size_t
ws_len(const unsigned char *p, const unsigned char *end)
{
	return (*p > ' ' && *p < 0x80) ? 0 : ws_len_any(p, end);
}

/*
 * Byte length of the zero-width character at p (U+200B, U+200C, U+200D,
 * U+2060, U+FEFF), or 0.  They join or hide nothing a reader sees, but
 * split words for a search index ("tem\u200Bplate"): every text output
 * drops them, and the word around one stays one word.
 */
static size_t
zw_len_any(const unsigned char *p, const unsigned char *end)
{
	if (end - p < 3)
		return 0;
	if (p[0] == 0xE2)
		return ((p[1] == 0x80 && p[2] >= 0x8B && p[2] <= 0x8D) ||
				(p[1] == 0x81 && p[2] == 0xA0)) ? 3 : 0;
	return (p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) ? 3 : 0;
}

size_t
td_text_space_len(const unsigned char *p, const unsigned char *end)
{
	return ws_len(p, end);
}

size_t
td_text_zw_len(const unsigned char *p, const unsigned char *end)
{
	return *p < 0x80 ? 0 : zw_len_any(p, end);
}

/* ---- text ----------------------------------------------------------------- */

typedef struct text_writer
{
	td_buf	   *out;
	size_t		start;			/* out->len when rendering began */
	int			space;			/* a blank is pending before the next word */
	int			newline;		/* a line break is pending before the next word */
	td_text_ranges *ranges;		/* td_render_text_ranges: where each text node went */
	uint32_t	node;			/* the text node being written (with ranges) */
	uint64_t	chars;			/* code points written so far (with ranges) */
} text_writer;

/* Code points (UTF-8 lead bytes) in s[0..len). */
static uint64_t
count_chars(const unsigned char *s, size_t len)
{
	uint64_t	n = 0;

	for (size_t k = 0; k < len; k++)
		n += (s[k] & 0xC0) != 0x80;
	return n;
}

/* Records that the word just written (from byte at, of len bytes) belongs to w->node. */
static td_status
record_word(text_writer *w, size_t at, const unsigned char *s, size_t len)
{
	td_text_ranges *r = w->ranges;
	uint32_t	i = w->node;

	if (w->out->len >= UINT32_MAX)
		return td_fail(w->out->env, TD_ELIMIT, "the page's visible text is over 4 GB");
	if (r->byte_start[i] == TD_NONE)
	{
		r->byte_start[i] = (uint32_t) at;
		r->char_start[i] = (uint32_t) w->chars;
	}
	w->chars += count_chars(s, len);
	r->byte_end[i] = (uint32_t) w->out->len;
	r->char_end[i] = (uint32_t) w->chars;
	return TD_OK;
}

/*
 * Writes a run of non-blank text, preceded by the pending separator.  Lazy
 * separators are what keeps lines free of leading and trailing blanks, empty
 * lines out, and no newline at the end.
 */
static td_status
put_word(text_writer *w, const unsigned char *s, size_t len)
{
	td_status	st = TD_OK;

	if (w->out->len > w->start && (w->newline || w->space))
	{
		st = td_buf_putc(w->out, w->newline ? '\n' : ' ');
		w->chars++;
	}
	w->newline = w->space = 0;
	if (st == TD_OK)
	{
		size_t		at = w->out->len;

		st = td_buf_append(w->out, s, len);
		if (st == TD_OK && w->ranges)
			st = record_word(w, at, s, len);
	}
	return st;
}

/* Text of one node: blanks collapse; inside <pre> a line feed breaks the line. */
static td_status
put_text(text_writer *w, const td_tree *t, uint32_t i)
{
	const unsigned char *p = (const unsigned char *) td_node_str(t, i);
	const unsigned char *end = p + t->nodes[i].str_len;
	int			pre = (t->nodes[i].flags & TD_F_PRE) != 0;

	while (p < end)
	{
		size_t		n = ws_len(p, end);
		const unsigned char *word;
		td_status	st;

		if (n > 0)
		{
			if (pre && (*p == '\n' || *p == '\r'))
				w->newline = 1;
			else
				w->space = 1;
			p += n;
			continue;
		}
		if ((n = td_text_zw_len(p, end)) > 0)
		{
			p += n;				/* dropped, joining what is on either side */
			continue;
		}
		word = p;
		while (p < end && ((*p > ' ' && *p < 0x80) ||
						   (ws_len_any(p, end) == 0 && zw_len_any(p, end) == 0)))
			p++;
		st = put_word(w, word, (size_t) (p - word));
		if (st != TD_OK)
			return st;
	}
	return TD_OK;
}

/* Closes the elements from k up to stop (exclusive): block ends break the line. */
static void
text_close(text_writer *w, const td_tree *t, uint32_t k, uint32_t stop)
{
	while (k != stop && k != TD_NONE)
	{
		if (t->nodes[k].flags & TD_F_BLOCK)
			w->newline = 1;
		k = t->nodes[k].parent;
	}
}

/* Renders the subtree of node first; with ranges, records where each text node went. */
static td_status
render_text_range(const td_tree *t, uint32_t first, const uint8_t *drop, td_buf *out,
				  td_text_ranges *ranges)
{
	text_writer w = {out, out->len, 0, 0, ranges, TD_NONE, 0};
	uint32_t	stop = t->nodes[first].end;
	uint32_t	prev = t->nodes[first].parent;
	uint32_t	j = first;

	while (j < stop)
	{
		const td_node *n = &t->nodes[j];

		text_close(&w, t, prev, n->parent);
		if (n->kind == TD_ELEM && (n->flags & TD_F_BLOCK))
			w.newline = 1;
		if ((drop && drop[j]) || (n->flags & TD_F_HIDDEN))
		{
			prev = n->parent;
			j = n->end;
			continue;
		}
		if (n->kind == TD_TEXT && !(n->flags & TD_F_INHIDDEN))
		{
			td_status	st;

			w.node = j;
			st = put_text(&w, t, j);

			if (st != TD_OK)
				return st;
		}
		prev = j;
		j++;
	}
	return TD_OK;
}

td_status
td_render_text(const td_tree *tree, const uint8_t *drop, td_buf *out)
{
	return render_text_range(tree, 0, drop, out, NULL);
}

td_status
td_render_node_text(const td_tree *tree, uint32_t i, const uint8_t *drop, td_buf *out)
{
	return render_text_range(tree, i, drop, out, NULL);
}

td_status
td_render_title(const td_tree *tree, td_buf *out)
{
	text_writer w = {out, out->len, 0, 0, NULL, TD_NONE, 0};
	uint32_t	i;

	for (i = 0; i < tree->n_nodes; i++)
		if (tree->nodes[i].kind == TD_ELEM && tree->nodes[i].tag == TD_TAG_TITLE)
			break;
	if (i == tree->n_nodes)
		return TD_OK;
	for (uint32_t j = i + 1; j < tree->nodes[i].end; j++)
	{
		td_status	st;

		if (tree->nodes[j].kind != TD_TEXT)
			continue;
		st = put_text(&w, tree, j);	/* a title's text is RCDATA: one line */
		if (st != TD_OK)
			return st;
	}
	return TD_OK;
}

td_status
td_render_text_ranges(const td_tree *tree, td_buf *out, td_text_ranges *ranges)
{
	for (uint32_t i = 0; i < tree->n_nodes; i++)
		ranges->byte_start[i] = ranges->byte_end[i] =
			ranges->char_start[i] = ranges->char_end[i] = TD_NONE;
	out->len = 0;
	return render_text_range(tree, 0, NULL, out, ranges);
}

/* ---- HTML ----------------------------------------------------------------- */

td_status
td_html_escape(td_buf *out, const char *s, size_t len, int attr)
{
	size_t		done = 0;
	td_status	st = TD_OK;

	for (size_t i = 0; i < len && st == TD_OK; i++)
	{
		const char *rep;

		switch (s[i])
		{
			case '&':
				rep = "&amp;";
				break;
			case '<':
				rep = "&lt;";
				break;
			case '>':
				rep = "&gt;";
				break;
			case '"':
				rep = attr ? "&quot;" : NULL;
				break;
			default:
				rep = NULL;
		}
		if (rep == NULL)
			continue;
		st = td_buf_append(out, s + done, i - done);
		if (st == TD_OK)
			st = td_buf_append(out, rep, strlen(rep));
		done = i + 1;
	}
	if (st == TD_OK)
		st = td_buf_append(out, s + done, len - done);
	return st;
}

/*
 * Raw text (script, style) goes out as it came in, except that "</name"
 * would end the element early: "</" becomes "<\/" there, which JavaScript
 * and CSS read the same.  The parser never produces one; this keeps the
 * output well-formed whatever tree it is given.
 */
static td_status
put_raw(td_buf *out, const char *s, size_t len, const char *name, size_t name_len)
{
	size_t		done = 0;
	td_status	st = TD_OK;

	for (size_t i = 0; i + 1 + name_len < len && st == TD_OK; i++)
	{
		size_t		k;

		if (s[i] != '<' || s[i + 1] != '/')
			continue;
		for (k = 0; k < name_len; k++)
		{
			char		c = s[i + 2 + k];

			if (c >= 'A' && c <= 'Z')
				c += 'a' - 'A';
			if (c != name[k])
				break;
		}
		if (k < name_len)
			continue;
		st = td_buf_append(out, s + done, i + 1 - done);
		if (st == TD_OK)
			st = td_buf_putc(out, '\\');
		done = i + 1;
	}
	if (st == TD_OK)
		st = td_buf_append(out, s + done, len - done);
	return st;
}

/*
 * An attribute explain leaves out: event handlers (on..., any case), srcdoc,
 * a data URL, and a script URL anywhere in any value (clean_html's rule for
 * its addresses, outurl.h: an SVG animation's values list or a form's
 * action can hold one too).
 */
static int
unsafe_attr(const td_tree *t, const td_attr *a)
{
	const char *name = t->strings + a->name_off;
	const unsigned char *v = (const unsigned char *) t->strings + a->value_off;
	const unsigned char *end = v + a->value_len;
	char		scheme[12];
	size_t		k = 0;

	if (a->name_len >= 2 && (name[0] | 0x20) == 'o' && (name[1] | 0x20) == 'n')
		return 1;
	if (a->name_len == 6 && strncasecmp(name, "srcdoc", 6) == 0)
		return 1;
	if (td_url_script_anywhere((const char *) v, a->value_len))
		return 1;
	/* a URL's scheme, as a browser reads it: blanks and controls skipped, any case */
	for (; v < end && k < sizeof(scheme) - 1 && *v != ':'; v++)
		if (*v > ' ')
			scheme[k++] = (char) ((*v >= 'A' && *v <= 'Z') ? *v + ('a' - 'A') : *v);
	scheme[k] = '\0';
	return v < end && *v == ':' &&
		(strcmp(scheme, "javascript") == 0 || strcmp(scheme, "vbscript") == 0 ||
		 strcmp(scheme, "data") == 0);
}

/* Start tag of element i; safe leaves out unsafe_attr ones; label adds data-td-reason. */
static td_status
put_tag(td_buf *out, const td_tree *t, uint32_t i, int safe, const char *label)
{
	const td_node *n = &t->nodes[i];
	td_status	st = td_buf_putc(out, '<');

	if (st == TD_OK)
		st = td_buf_append(out, td_node_str(t, i), n->str_len);
	if (st == TD_OK && label)
	{
		st = td_buf_append(out, " data-td-reason=\"", strlen(" data-td-reason=\""));
		if (st == TD_OK)
			st = td_html_escape(out, label, strlen(label), 1);
		if (st == TD_OK)
			st = td_buf_putc(out, '"');
	}
	for (uint32_t k = n->attr_first; k < n->attr_first + n->attr_count && st == TD_OK; k++)
	{
		const td_attr *a = &t->attrs[k];

		if (safe && unsafe_attr(t, a))
			continue;
		if (label && a->name_len == 14 && memcmp(t->strings + a->name_off, "data-td-reason", 14) == 0)
			continue;

		st = td_buf_putc(out, ' ');
		if (st == TD_OK)
			st = td_buf_append(out, t->strings + a->name_off, a->name_len);
		if (st == TD_OK)
			st = td_buf_append(out, "=\"", 2);
		if (st == TD_OK)
			st = td_html_escape(out, t->strings + a->value_off, a->value_len, 1);
		if (st == TD_OK)
			st = td_buf_putc(out, '"');
	}
	if (st == TD_OK)
		st = td_buf_putc(out, '>');
	return st;
}

static td_status
put_start_tag(td_buf *out, const td_tree *t, uint32_t i)
{
	return put_tag(out, t, i, 0, NULL);
}

/* End tags of the elements from k up to stop (exclusive); void ones have none. */
static td_status
html_close(td_buf *out, const td_tree *t, uint32_t k, uint32_t stop)
{
	td_status	st = TD_OK;

	while (k != stop && k != TD_NONE && st == TD_OK)
	{
		const td_node *n = &t->nodes[k];

		if (n->kind == TD_ELEM && !(n->flags & TD_F_VOID))
		{
			st = td_buf_append(out, "</", 2);
			if (st == TD_OK)
				st = td_buf_append(out, td_node_str(t, k), n->str_len);
			if (st == TD_OK)
				st = td_buf_putc(out, '>');
		}
		k = n->parent;
	}
	return st;
}

td_status
td_render_html(const td_tree *tree, const uint8_t *drop, td_buf *out)
{
	const td_tree *t = tree;
	uint32_t	prev = TD_NONE;
	uint32_t	j = 0;
	td_status	st = td_buf_append(out, "<!DOCTYPE html>", 15);

	while (j < t->n_nodes && st == TD_OK)
	{
		const td_node *n = &t->nodes[j];

		st = html_close(out, t, prev, n->parent);
		if (st != TD_OK)
			break;
		if (drop && drop[j])
		{
			prev = n->parent;
			j = n->end;
			continue;
		}
		if (n->kind == TD_ELEM)
			st = put_start_tag(out, t, j);
		else if (n->kind == TD_TEXT)
		{
			const td_node *parent = &t->nodes[n->parent];

			if (parent->flags & TD_F_RAWTEXT)
				st = put_raw(out, td_node_str(t, j), n->str_len,
							 td_node_str(t, n->parent), parent->str_len);
			else
				st = td_html_escape(out, td_node_str(t, j), n->str_len, 0);
		}
		prev = j;
		j++;
	}
	if (st == TD_OK)
		st = html_close(out, t, prev, TD_NONE);
	return st;
}

/* ---- explain ----------------------------------------------------------------- */

/* The legend: one colour per removing reason, a label on each marked block. */
static const char explain_legend[] =
	"<style>"
	"[data-td-reason]{outline:3px solid #c00000 !important;outline-offset:-3px}"
	"[data-td-reason^=\"site-share\"]{background:#ff9c9c !important}"
	"[data-td-reason^=\"85%-rule\"]{background:#ffc870 !important}"
	"[data-td-reason^=\"page-score\"]{background:#9cb4ff !important}"
	"[data-td-reason^=\"chunk-share\"]{background:#d29cff !important}"
	"[data-td-reason^=\"repeat\"]{background:#9ce0b4 !important}"
	"[data-td-reason]::before{content:attr(data-td-reason);display:inline-block;"
	"font:bold 11px sans-serif;background:#c00000;color:#fff;padding:0 3px;margin-right:4px}"
	".td-legend{font:13px sans-serif;border:1px solid #888;padding:4px;margin:0 0 8px;background:#fff}"
	".td-legend span{display:inline-block;padding:0 6px;margin-right:6px}"
	"</style>"
	"<div class=\"td-legend\">templatedet: removed blocks "
	"<span style=\"background:#ff9c9c\">site-share (share of the profile's pages)</span>"
	"<span style=\"background:#ffc870\">85%-rule</span>"
	"<span style=\"background:#9cb4ff\">page-score (smoothed score)</span>"
	"<span style=\"background:#d29cff\">chunk-share</span>"
	"<span style=\"background:#9ce0b4\">repeat (a copy of kept text)</span></div>";

/*
 * Elements explain leaves out with their content: they run code, change the
 * page's base, or (SVG animations) set an attribute, a link or a handler,
 * once the page is shown.
 */
static int
unsafe_elem(const td_tree *t, uint32_t i)
{
	const td_node *n = &t->nodes[i];
	static const char *const animations[] = {"animate", "animatemotion", "animatetransform",
	"set", "discard", "handler", "listener"};

	if (n->tag == TD_TAG_UNKNOWN)
		for (size_t k = 0; k < sizeof(animations) / sizeof(animations[0]); k++)
			if (n->str_len == strlen(animations[k]) &&
				strncasecmp(td_node_str(t, i), animations[k], n->str_len) == 0)
				return 1;
	switch (n->tag)
	{
		case TD_TAG_SCRIPT:
		case TD_TAG_IFRAME:
		case TD_TAG_FRAME:
		case TD_TAG_FRAMESET:
		case TD_TAG_OBJECT:
		case TD_TAG_EMBED:
		case TD_TAG_BASE:
		case TD_TAG_META:
			return 1;
		default:
			return 0;
	}
}

td_status
td_render_explain(const td_tree *tree, const uint8_t *reason, const float *value, td_buf *out)
{
	const td_tree *t = tree;
	uint32_t	prev = TD_NONE;
	uint32_t	j = 0;
	td_status	st = td_buf_append(out, "<!DOCTYPE html>", 15);

	if (st == TD_OK)
		st = td_buf_append(out, explain_legend, sizeof(explain_legend) - 1);
	while (j < t->n_nodes && st == TD_OK)
	{
		const td_node *n = &t->nodes[j];
		char		label[64];
		const char *lab = NULL;

		st = html_close(out, t, prev, n->parent);
		if (st != TD_OK)
			break;
		if (n->kind == TD_ELEM && unsafe_elem(t, j))
		{
			prev = n->parent;
			j = n->end;
			continue;
		}
		/* the outermost removed node of a block carries the label */
		if (td_reason_removes(reason[j]) && (n->parent == TD_NONE || !td_reason_removes(reason[n->parent])))
		{
			if (value && value[j] >= 0)
				snprintf(label, sizeof(label), "%s %.2f", td_reason_name(reason[j]), (double) value[j]);
			else
				snprintf(label, sizeof(label), "%s", td_reason_name(reason[j]));
			lab = label;
		}
		if (n->kind == TD_ELEM)
			st = put_tag(out, t, j, 1, lab);
		else if (n->kind == TD_TEXT)
		{
			const td_node *parent = &t->nodes[n->parent];

			if (lab)
			{
				st = td_buf_append(out, "<span data-td-reason=\"", strlen("<span data-td-reason=\""));
				if (st == TD_OK)
					st = td_html_escape(out, lab, strlen(lab), 1);
				if (st == TD_OK)
					st = td_buf_append(out, "\">", 2);
			}
			if (st == TD_OK && (parent->flags & TD_F_RAWTEXT))
				st = put_raw(out, td_node_str(t, j), n->str_len,
							 td_node_str(t, n->parent), parent->str_len);
			else if (st == TD_OK)
				st = td_html_escape(out, td_node_str(t, j), n->str_len, 0);
			if (st == TD_OK && lab)
				st = td_buf_append(out, "</span>", 7);
		}
		prev = j;
		j++;
	}
	if (st == TD_OK)
		st = html_close(out, t, prev, TD_NONE);
	return st;
}

/* ---- measures and paths ----------------------------------------------------- */

/*
 * Per byte for td_visible_lengths: 1 when it starts a code point that is not
 * an ASCII blank (continuation bytes 0x80-0xBF and the six blanks: 0), 2
 * more when it may start a wide blank (ws_len_any: C2, E1, E2, E3).
 */
#define VC16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
static const unsigned char vis_class[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1,	/* 09-0D: blanks */
	VC16(1),
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 20: space */
	VC16(1), VC16(1), VC16(1), VC16(1), VC16(1),
	VC16(0), VC16(0), VC16(0), VC16(0),	/* 80-BF: continuation */
	1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* C2 */
	VC16(1),
	1, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* E1, E2, E3 */
	VC16(1)
};
#undef VC16

void
td_visible_lengths(const td_tree *tree, uint32_t *len)
{
	for (uint32_t i = 0; i < tree->n_nodes; i++)
	{
		const td_node *n = &tree->nodes[i];
		const unsigned char *p = (const unsigned char *) td_node_str(tree, i);
		const unsigned char *end = p + n->str_len;
		uint32_t	count = 0;

		if (n->kind == TD_TEXT && !(n->flags & TD_F_INHIDDEN))
		{
			unsigned	wide = 0;

			/*
			 * One code point per lead byte, less the white space: the ASCII
			 * blanks by the table, the wide ones after it and only when a
			 * byte that may start one (C2, E1, E2, E3) was seen.  The same
			 * count as skipping each blank whole: a blank's other bytes are
			 * continuation bytes, which count nothing and start no blank.
			 */
			for (const unsigned char *q = p; q < end; q++)
			{
				unsigned	c = vis_class[*q];

				count += c & 1;
				wide |= c;
			}
			if (wide & 2)
				for (const unsigned char *q = p; q < end; q++)
					if (*q >= 0xC2 && *q <= 0xE3 && ws_len_any(q, end) > 0)
						count--;
		}
		len[i] = count;
	}
	/* children follow their parent: a reverse loop sums subtrees bottom-up */
	for (uint32_t i = tree->n_nodes; i-- > 1;)
		len[tree->nodes[i].parent] += len[i];
}

static int
same_name(const td_tree *t, uint32_t a, uint32_t b)
{
	const td_node *na = &t->nodes[a];
	const td_node *nb = &t->nodes[b];

	if (na->kind != nb->kind)
		return 0;
	if (na->kind == TD_TEXT)
		return 1;
	return na->str_len == nb->str_len &&
		memcmp(td_node_str(t, a), td_node_str(t, b), na->str_len) == 0;
}

/*
 * One step of a path: the name ("text()" for text) and, when the parent has
 * other children of the same name, the 1-based position among them, as a
 * browser's "copy full XPath" writes it.
 */
static td_status
put_step(const td_tree *t, uint32_t i, td_buf *out)
{
	const td_node *n = &t->nodes[i];
	uint32_t	pos = 0,
				total = 0;
	td_status	st = td_buf_putc(out, '/');

	for (uint32_t c = t->nodes[n->parent].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
	{
		if (!same_name(t, c, i))
			continue;
		total++;
		if (c == i)
			pos = total;
	}
	if (st == TD_OK)
	{
		if (n->kind == TD_TEXT)
			st = td_buf_append(out, "text()", 6);
		else
			st = td_buf_append(out, td_node_str(t, i), n->str_len);
	}
	if (st == TD_OK && total > 1)
	{
		char		num[16];
		int			k = snprintf(num, sizeof(num), "[%u]", (unsigned) pos);

		st = td_buf_append(out, num, (size_t) k);
	}
	return st;
}

td_status
td_node_path(const td_tree *tree, uint32_t i, td_buf *out)
{
	td_env	   *env = out->env;
	uint32_t	depth = tree->nodes[i].depth;
	uint32_t   *chain;
	td_status	st = TD_OK;

	if (i == 0)
		return td_buf_putc(out, '/');
	chain = td_alloc(env, depth * sizeof(uint32_t));
	if (chain == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory building a node path");
	for (uint32_t k = depth, v = i; k > 0; k--, v = tree->nodes[v].parent)
		chain[k - 1] = v;
	for (uint32_t k = 0; k < depth && st == TD_OK; k++)
		st = put_step(tree, chain[k], out);
	td_free(env, chain);
	return st;
}
