/*
 * markdown.c — the kept content of a page as CommonMark (markdown.h).
 *
 * One walk of the page tree (td_walk, walk.h).  Each
 * element that means something in Markdown pushes a frame (at most the
 * tree's depth of them) that its close pops: inline ones (emphasis, link,
 * code span), leaf blocks (heading, fenced code, simple table, row, cell)
 * and containers (list, item, quote), whose line prefixes ("- ", "> ",
 * spaces) every written line carries.
 *
 * Inline content goes to a paragraph buffer, text escaped as it is written
 * (a character that starts a block only at the start of a line).  An
 * emphasis is recorded as a pair of offsets into that buffer, not written:
 * when the paragraph is complete its delimiters are kept only where both
 * are unambiguous under CommonMark's flanking rules (an opener after a
 * blank or after punctuation and before a letter or digit, a closer
 * likewise mirrored), and where no closer and opener would meet in one
 * delimiter run; a dropped emphasis leaves its words plain.  So every
 * delimiter written is consumed by a parser and no word gains or loses a
 * character.
 */
#include <stdio.h>
#include <string.h>

#include "output/markdown.h"
#include "output/outurl.h"
#include "output/walk.h"
#include "base/render.h"
#include "base/tags.h"

#define MD_MAX_CONTAINERS 32

enum
{
	F_EM, F_STRONG, F_LINK, F_CODE, F_HEADING, F_LIST, F_ITEM, F_QUOTE, F_PRE,
	F_TABLE, F_ROW, F_CELL
};

/* blk[] bits: what a subtree holds below its root */
#define BLK_BLOCK	0x01		/* a block element other than br */
#define BLK_TABLE	0x02		/* a table */

typedef struct md_delim
{
	uint32_t	off;			/* where in the paragraph buffer */
	uint32_t	mate;			/* the other delimiter of the pair (UINT32_MAX: none yet) */
	uint8_t		strong;
	uint8_t		open;
	uint8_t		keep;
} md_delim;

typedef struct md_frame
{
	uint32_t	node;
	uint8_t		type;
	uint8_t		pending;		/* inline: opener not written yet; item: marker not written */
	uint8_t		ordered;		/* list */
	uint8_t		level;			/* heading */
	uint32_t	delim;			/* emphasis: its opener in delims */
	uint32_t	gen;			/* emphasis: the paragraph it was opened in */
	uint32_t	url_off,		/* link: its address in urls */
				url_len;
	uint32_t	count;			/* list: markers written; table: columns; row: cells */
	uint32_t	list;			/* item: its list's frame */
	uint32_t	width;			/* item: marker width once written; table: rows */
	int			any;			/* table: a cell wrote something; list: a block
								 * stands after its last item */
} md_frame;

typedef struct md_state
{
	const td_tree *t;
	const uint8_t *drop;
	const td_md_options *opt;
	td_env	   *env;
	td_buf	   *out;
	size_t		start;
	const char *base;
	size_t		base_len;
	uint8_t    *act;			/* per node: 1 when it pushed a frame */
	uint8_t    *blk;			/* per node: BLK_* of its subtree */
	md_frame   *frames;
	uint32_t	n_frames;
	uint32_t	first_pending;	/* lowest frame whose opener waits for content */
	uint32_t	cont[MD_MAX_CONTAINERS];	/* item and quote frames, outer first */
	uint32_t	n_cont;
	td_buf		para;			/* the paragraph, heading or cell being written */
	md_delim   *delims;
	size_t		n_delims,
				cap_delims;
	uint32_t	gen;			/* paragraphs flushed so far */
	int			space;			/* a blank is pending before the next content */
	int			hard_break;		/* a line break is pending before the next content */
	int			line_text;		/* the paragraph's current line has bytes */
	int			lead_digits;	/* digits the line starts with, -1 after anything else */
	int			pend_code;		/* a code span waits in pend: the next may join it */
	int			flat;			/* in a heading or table cell: blocks are blanks */
	int			heading;		/* in a heading: every '#' escaped */
	int			cell;			/* in a table cell: '|' escaped in code spans too */
	int			in_pre;			/* a fenced block is open: raw text to code */
	int			in_code;		/* a code span is open: words to code */
	int			code_lead,		/* the code span began / ends with a blank */
				code_space;
	int			in_link;
	uint32_t	table;			/* the simple table's frame, UINT32_MAX: none */
	uint32_t	row;			/* its open row's frame */
	td_buf		code;
	td_buf		pend;			/* a code span's text, written when what follows is known */
	td_buf		tmp;			/* a resolved paragraph */
	td_buf		rows;			/* the simple table's lines */
	td_buf		urls;
} md_state;

#define NONE32 UINT32_MAX

static td_status
app(td_buf *b, const char *s)
{
	return td_buf_append(b, s, strlen(s));
}

/* ---- character classes of the flanking rules ------------------------------ */

enum
{
	C_BLANK, C_PUNCT, C_ALNUM, C_OTHER	/* C_OTHER: non-ASCII, letter or punctuation */
};

static int
cls(unsigned char c)
{
	if (c == ' ' || c == '\n' || c == '\t')
		return C_BLANK;
	if (c >= 0x80)
		return C_OTHER;
	if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return C_ALNUM;
	return C_PUNCT;
}

/*
 * A delimiter run that can only open (left-flanking, not right-flanking)
 * whatever a non-ASCII neighbour is: after a blank, or after punctuation and
 * before a letter or digit.  A closer is the mirror image.
 */
static int
opens(int before, int after)
{
	return before == C_BLANK || (before == C_PUNCT && after == C_ALNUM);
}

/* ---- lines and blocks --------------------------------------------------------- */

/* The outermost container with no line written yet (an item's marker, a fresh quote), or n_cont. */
static uint32_t
first_fresh(const md_state *s)
{
	uint32_t	k = 0;

	while (k < s->n_cont && !s->frames[s->cont[k]].pending)
		k++;
	return k;
}

/*
 * The prefixes of the open containers; a pending item marker is written (and
 * numbered) now.  A blank line stops before the first fresh container: the
 * blank belongs outside it.
 */
static td_status
put_prefix(md_state *s, int blank)
{
	td_status	st = TD_OK;
	size_t		mark = s->out->len;
	uint32_t	stop = blank ? first_fresh(s) : s->n_cont;

	for (uint32_t k = 0; k < stop && st == TD_OK; k++)
	{
		md_frame   *f = &s->frames[s->cont[k]];

		if (f->type == F_QUOTE)
		{
			f->pending = 0;
			st = app(s->out, "> ");
		}
		else if (f->pending)
		{
			md_frame   *list = &s->frames[f->list];
			char		m[24];
			int			n;

			list->count++;
			n = list->ordered ? snprintf(m, sizeof(m), "%u. ", (unsigned) list->count)
				: snprintf(m, sizeof(m), "- ");
			f->pending = 0;
			f->width = (uint32_t) n;
			st = td_buf_append(s->out, m, (size_t) n);
		}
		else
			for (uint32_t w = 0; w < f->width && st == TD_OK; w++)
				st = td_buf_putc(s->out, ' ');
	}
	if (blank)
		while (s->out->len > mark && s->out->data[s->out->len - 1] == ' ')
			s->out->len--;
	return st;
}

static td_status
put_line(md_state *s, const char *p, size_t n)
{
	td_status	st = put_prefix(s, n == 0);

	if (st == TD_OK)
		st = td_buf_append(s->out, p, n);
	if (st == TD_OK)
		st = td_buf_putc(s->out, '\n');
	return st;
}

/*
 * A blank line before a block, except at the start and in a tight list: the
 * first block of an item that follows an item of its list, or that opens a
 * list nested in an item already written.
 */
static td_status
block_begin(md_state *s)
{
	uint32_t	k = first_fresh(s);

	if (s->out->len == s->start)
		return TD_OK;
	if (k < s->n_cont && s->frames[s->cont[k]].type == F_ITEM &&
		((s->frames[s->frames[s->cont[k]].list].count > 0 &&
		  !s->frames[s->frames[s->cont[k]].list].any) ||
		 (k > 0 && s->frames[s->cont[k - 1]].type == F_ITEM)))
		return TD_OK;
	/* a block between the items of a list: its next item cannot follow tightly */
	for (uint32_t f = s->n_frames; f-- > 0;)
	{
		uint8_t		type = s->frames[f].type;

		if (type == F_LIST)
			s->frames[f].any = 1;
		if (type == F_LIST || type == F_ITEM || type == F_QUOTE)
			break;
	}
	return put_line(s, NULL, 0);
}

/* The lines of p[0..n), each with the prefixes. */
static td_status
put_lines(md_state *s, const char *p, size_t n)
{
	td_status	st = TD_OK;

	while (n > 0 && st == TD_OK)
	{
		const char *nl = memchr(p, '\n', n);
		size_t		k = nl ? (size_t) (nl - p) : n;

		st = put_line(s, p, k);
		if (nl == NULL)
			break;
		p += k + 1;
		n -= k + 1;
	}
	return st;
}

/* ---- the paragraph buffer ------------------------------------------------------ */

static td_status
add_delim(md_state *s, uint32_t off, int strong, int open, uint32_t mate)
{
	td_status	st = td_grow(s->env, (void **) &s->delims, &s->cap_delims, s->n_delims + 1,
							 sizeof(md_delim));

	if (st != TD_OK)
		return st;
	s->delims[s->n_delims].off = off;
	s->delims[s->n_delims].mate = mate;
	s->delims[s->n_delims].strong = (uint8_t) strong;
	s->delims[s->n_delims].open = (uint8_t) open;
	s->delims[s->n_delims].keep = 0;
	s->n_delims++;
	return TD_OK;
}

/* The longest run of backticks in b. */
static size_t
longest_ticks(const td_buf *b)
{
	size_t		best = 0,
				run = 0;

	for (size_t k = 0; k < b->len; k++)
	{
		run = b->data[k] == '`' ? run + 1 : 0;
		best = run > best ? run : best;
	}
	return best;
}

/*
 * Writes the code span waiting in pend: backticks one more than any run
 * inside, a blank inside them when the text starts or ends with one, '|'
 * escaped in a table cell.  Two code spans side by side are one ("`a``b`"
 * would be neither), so a span waits until what follows it is known.
 */
static td_status
code_out(md_state *s)
{
	size_t		ticks;
	int			pad;
	td_status	st = TD_OK;

	if (!s->pend_code)
		return TD_OK;
	s->pend_code = 0;
	ticks = longest_ticks(&s->pend) + 1;
	pad = s->pend.data[0] == '`' || s->pend.data[s->pend.len - 1] == '`';
	for (size_t k = 0; k < ticks && st == TD_OK; k++)
		st = td_buf_putc(&s->para, '`');
	if (st == TD_OK && pad)
		st = td_buf_putc(&s->para, ' ');
	for (size_t k = 0; k < s->pend.len && st == TD_OK; k++)
	{
		if (s->cell && s->pend.data[k] == '|')
			st = td_buf_putc(&s->para, '\\');
		if (st == TD_OK)
			st = td_buf_putc(&s->para, s->pend.data[k]);
	}
	if (st == TD_OK && pad)
		st = td_buf_putc(&s->para, ' ');
	for (size_t k = 0; k < ticks && st == TD_OK; k++)
		st = td_buf_putc(&s->para, '`');
	return st;
}

/* Before content: the pending separator, then the openers waiting for it. */
static td_status
para_sep(md_state *s)
{
	td_status	st = code_out(s);

	if (st != TD_OK)
		return st;

	if (s->para.len > 0 && s->hard_break && !s->flat)
	{
		st = app(&s->para, "\\\n");
		s->line_text = s->lead_digits = 0;
	}
	else if (s->para.len > 0 && (s->space || s->hard_break))
		st = td_buf_putc(&s->para, ' ');
	s->space = s->hard_break = 0;
	if (s->first_pending == NONE32)
		return st;
	for (uint32_t k = s->first_pending; k < s->n_frames && st == TD_OK; k++)
	{
		md_frame   *f = &s->frames[k];

		if (!f->pending)
			continue;
		f->pending = 0;
		if (f->type == F_LINK)
		{
			/* "![" would start an image: the '!' before a link's '[' is escaped */
			if (s->para.len > 0 && s->para.data[s->para.len - 1] == '!')
			{
				/* delimiters anchored after the '!' (they may be dropped) move with it */
				for (size_t d = s->n_delims; d-- > 0 && s->delims[d].off == s->para.len;)
					s->delims[d].off++;
				s->para.data[s->para.len - 1] = '\\';
				st = td_buf_putc(&s->para, '!');
			}
			if (st == TD_OK)
				st = td_buf_putc(&s->para, '[');
			s->line_text = 1;
			s->lead_digits = -1;
		}
		else if (f->type == F_EM || f->type == F_STRONG)
		{
			f->delim = (uint32_t) s->n_delims;
			f->gen = s->gen;
			st = add_delim(s, (uint32_t) s->para.len, f->type == F_STRONG, 1, NONE32);
		}
	}
	s->first_pending = NONE32;
	return st;
}

/*
 * Whether w (starting with '&') reads as an entity or character reference
 * to a CommonMark parser: "&name;" (up to 32 letters and digits), "&#9;",
 * "&#x9;".  Anything else is an ampersand as it is.
 */
static int
entity_at(const unsigned char *w, size_t n)
{
	size_t		k = 1,
				start;
	int			hex = 0;

	if (k < n && w[k] == '#')
	{
		k++;
		if (k < n && (w[k] == 'x' || w[k] == 'X'))
			hex = 1, k++;
		start = k;
		while (k < n && k - start < 8 && ((w[k] >= '0' && w[k] <= '9') ||
										  (hex && ((w[k] | 0x20) >= 'a' && (w[k] | 0x20) <= 'f'))))
			k++;
	}
	else
	{
		start = k;
		while (k < n && k - start < 32 && cls(w[k]) == C_ALNUM)
			k++;
	}
	return k > start && k < n && w[k] == ';';
}

/* A word of text, escaped so that it stays text. */
static td_status
put_word(md_state *s, const unsigned char *w, size_t n)
{
	td_status	st = para_sep(s);
	size_t		done = 0;
	int			line_start = !s->line_text;

	for (size_t i = 0; i < n && st == TD_OK; i++)
	{
		unsigned char c = w[i];
		int			esc = 0;

		switch (c)
		{
			case '_':
				/* between two letters or digits it is never emphasis: snake_case stays */
				esc = i == 0 || i + 1 == n || cls(w[i - 1]) != C_ALNUM || cls(w[i + 1]) != C_ALNUM;
				break;
			case '\\':
			case '`':
			case '*':
			case '[':
			case ']':
			case '<':
			case '|':
			case '~':
				esc = 1;
				break;
			case '&':
				/* an entity would be decoded ("&amp;"); a word's last one may meet the next */
				esc = i + 1 == n || entity_at(w + i, n - i);
				break;
			case '#':
				esc = s->heading || (line_start && i == 0);
				break;
			case '>':
			case '-':
			case '+':
			case '=':
			case ':':
				esc = line_start && i == 0;
				break;
			case '.':
			case ')':
				/* "2024." or "3)" at the start of a line would be a list item */
				esc = s->lead_digits >= 1 && s->lead_digits <= 9;
				break;
			default:
				break;
		}
		if (s->lead_digits >= 0)
			s->lead_digits = (c >= '0' && c <= '9') ? s->lead_digits + 1 : -1;
		if (!esc)
			continue;
		st = td_buf_append(&s->para, w + done, i - done);
		if (st == TD_OK)
			st = td_buf_putc(&s->para, '\\');
		done = i;
	}
	if (st == TD_OK)
		st = td_buf_append(&s->para, w + done, n - done);
	s->line_text = 1;
	return st;
}

/* An address between < and >: what would end or escape it percent-encoded. */
static td_status
put_dest(td_buf *b, const char *u, size_t n)
{
	td_status	st = td_buf_putc(b, '<');

	for (size_t i = 0; i < n && st == TD_OK; i++)
	{
		unsigned char c = (unsigned char) u[i];

		if (c <= ' ' || c == '<' || c == '>' || c == '\\' || c == '|' || c == 0x7F)
		{
			char		hex[4];

			snprintf(hex, sizeof(hex), "%%%02X", c);
			st = td_buf_append(b, hex, 3);
		}
		else if (c == '&')
			st = td_buf_append(b, "\\&", 2);
		else
			st = td_buf_putc(b, (char) c);
	}
	if (st == TD_OK)
		st = td_buf_putc(b, '>');
	return st;
}

/* Which delimiters stay (see the header comment), then the paragraph with them into dst. */
static td_status
resolve(md_state *s, td_buf *dst)
{
	const unsigned char *p = (const unsigned char *) s->para.data;
	size_t		len = s->para.len;
	size_t		done = 0;
	td_status	st = TD_OK;

	if (len == 0)
		return TD_OK;			/* no text: no emphasis either */
	for (size_t k = 0; k < s->n_delims; k++)
	{
		md_delim   *d = &s->delims[k];
		int			before = d->off == 0 ? C_BLANK : cls(p[d->off - 1]);
		int			after = d->off >= len ? C_BLANK : cls(p[d->off]);

		d->keep = d->mate != NONE32 &&
			(d->open ? opens(before, after) : opens(after, before));
	}
	for (size_t k = 0; k < s->n_delims; k++)
	{
		md_delim   *d = &s->delims[k];

		if (!d->open)
			continue;
		if (d->mate == NONE32)
			d->keep = 0;		/* its element is still open: a block cut it */
		else if (!(d->keep && s->delims[d->mate].keep))
			d->keep = s->delims[d->mate].keep = 0;
	}
	/* a closer and an opener in one run could do either: the openers there go */
	for (size_t k = 0; k < s->n_delims;)
	{
		size_t		e = k;
		int			closer = 0;

		while (e < s->n_delims && s->delims[e].off == s->delims[k].off)
			closer |= s->delims[e].keep && !s->delims[e].open, e++;
		for (size_t i = k; i < e && closer; i++)
			if (s->delims[i].open && s->delims[i].keep)
				s->delims[i].keep = s->delims[s->delims[i].mate].keep = 0;
		k = e;
	}
	for (size_t k = 0; k < s->n_delims && st == TD_OK; k++)
	{
		md_delim   *d = &s->delims[k];

		if (!d->keep)
			continue;
		st = td_buf_append(dst, p + done, d->off - done);
		done = d->off;
		if (st == TD_OK)
			st = app(dst, d->strong ? "**" : "*");
	}
	if (st == TD_OK)
		st = td_buf_append(dst, p + done, len - done);
	return st;
}

static void
para_reset(md_state *s)
{
	s->para.len = 0;
	s->n_delims = 0;
	s->gen++;
	s->space = s->hard_break = s->line_text = s->lead_digits = 0;
	s->pend_code = 0;
}

/* The paragraph buffer as a paragraph (level 0) or a heading. */
static td_status
flush(md_state *s, int level)
{
	td_status	st = code_out(s);

	if (st == TD_OK && s->para.len > 0)
	{
		s->tmp.len = 0;
		if (level > 0)
		{
			static const char hashes[] = "###### ";

			st = td_buf_append(&s->tmp, hashes + 6 - level, (size_t) level + 1);
		}
		if (st == TD_OK)
			st = resolve(s, &s->tmp);
		if (st == TD_OK)
			st = block_begin(s);
		if (st == TD_OK)
			st = put_lines(s, s->tmp.data, s->tmp.len);
	}
	para_reset(s);
	return st;
}

/* A block element's edge: a blank inside a heading or cell, else the end of a paragraph. */
static td_status
edge(md_state *s)
{
	if (s->in_pre)
	{
		if (s->code.len > 0 && s->code.data[s->code.len - 1] != '\n')
			return td_buf_putc(&s->code, '\n');
		return TD_OK;
	}
	if (s->in_code)
	{
		s->code_space = 1;
		return TD_OK;
	}
	if (s->flat)
	{
		s->space = 1;
		return TD_OK;
	}
	return flush(s, 0);
}

/* ---- tables ------------------------------------------------------------------- */

static int
skipped(const md_state *s, uint32_t i)
{
	return (s->drop && s->drop[i]) || (s->t->nodes[i].flags & (TD_F_HIDDEN | TD_F_INHIDDEN));
}

static int
blank_text(const md_state *s, uint32_t i)
{
	const unsigned char *p = (const unsigned char *) td_node_str(s->t, i);
	const unsigned char *end = p + s->t->nodes[i].str_len;

	while (p < end)
	{
		size_t		w = td_text_space_len(p, end);

		if (w == 0)
			w = td_text_zw_len(p, end);
		if (w == 0)
			return 0;
		p += w;
	}
	return 1;
}

/* Cells of a row, or 0 when it is not a simple row (UINT32_MAX). */
static uint32_t
row_cells(const md_state *s, uint32_t r)
{
	const td_tree *t = s->t;
	uint32_t	cells = 0;

	for (uint32_t c = t->nodes[r].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
	{
		const td_node *n = &t->nodes[c];
		uint32_t	len;
		const char *v;

		if (skipped(s, c))
			continue;
		if (n->kind == TD_TEXT)
		{
			if (!blank_text(s, c))
				return NONE32;
			continue;
		}
		if (n->tag != TD_TAG_TD && n->tag != TD_TAG_TH)
			return NONE32;
		if (s->blk[c] & BLK_TABLE)
			return NONE32;
		if (((v = td_node_attr(t, c, "colspan", &len)) != NULL && !(len == 1 && v[0] == '1')) ||
			((v = td_node_attr(t, c, "rowspan", &len)) != NULL && !(len == 1 && v[0] == '1')))
			return NONE32;
		cells++;
	}
	return cells;
}

/* The columns of a simple table (markdown.h), 0 when it is not one. */
static uint32_t
simple_table(const md_state *s, uint32_t table)
{
	const td_tree *t = s->t;
	uint32_t	cols = 0;

	for (uint32_t c = t->nodes[table].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
	{
		const td_node *n = &t->nodes[c];
		uint32_t	k;

		if (skipped(s, c))
			continue;
		if (n->kind == TD_TEXT)
		{
			if (!blank_text(s, c))
				return 0;
			continue;
		}
		switch (n->tag)
		{
			case TD_TAG_CAPTION:
				if (s->blk[c] & BLK_TABLE)
					return 0;
				/* fall through */
			case TD_TAG_COLGROUP:
			case TD_TAG_COL:
				continue;
			case TD_TAG_TR:
				if ((k = row_cells(s, c)) == NONE32)
					return 0;
				cols = k > cols ? k : cols;
				continue;
			case TD_TAG_THEAD:
			case TD_TAG_TBODY:
			case TD_TAG_TFOOT:
				for (uint32_t r = n->first_child; r != TD_NONE; r = t->nodes[r].next_sibling)
				{
					if (skipped(s, r))
						continue;
					if (t->nodes[r].kind == TD_TEXT)
					{
						if (!blank_text(s, r))
							return 0;
						continue;
					}
					if (t->nodes[r].tag != TD_TAG_TR || (k = row_cells(s, r)) == NONE32)
						return 0;
					cols = k > cols ? k : cols;
				}
				continue;
			default:
				return 0;
		}
	}
	return cols;
}

static td_status
end_row(md_state *s, md_frame *row)
{
	md_frame   *table = &s->frames[s->table];
	td_status	st = TD_OK;
	int			first = table->width++ == 0;	/* rows ended so far */

	for (uint32_t k = row->count; k < table->count && st == TD_OK; k++)
		st = app(&s->rows, "|  ");
	if (st == TD_OK)
		st = app(&s->rows, "|\n");
	for (uint32_t k = 0; first && k < table->count && st == TD_OK; k++)
		st = app(&s->rows, "| --- ");
	if (st == TD_OK && first)
		st = app(&s->rows, "|\n");
	return st;
}

/* ---- elements ------------------------------------------------------------------- */

static td_status
push(md_state *s, uint32_t i, int type, md_frame **out)
{
	md_frame   *f = &s->frames[s->n_frames++];

	memset(f, 0, sizeof(*f));
	f->node = i;
	f->type = (uint8_t) type;
	f->delim = f->list = NONE32;
	s->act[i] = 1;
	*out = f;
	return TD_OK;
}

/* A URL attribute through td_out_url into urls; *ok when there is one. */
static td_status
url_of(md_state *s, uint32_t i, const char *name, int mailto, uint32_t *off, uint32_t *len,
	   int *ok)
{
	uint32_t	n;
	const char *v = td_node_attr(s->t, i, name, &n);
	size_t		mark = s->urls.len;
	td_status	st;

	*ok = 0;
	if (v == NULL)
		return TD_OK;
	st = td_out_url(s->env, s->base, s->base_len, v, n, mailto, &s->urls, ok);
	*off = (uint32_t) mark;
	*len = (uint32_t) (s->urls.len - mark);
	return st;
}

static td_status
image(md_state *s, uint32_t i)
{
	uint32_t	off = 0,
				len = 0,
				alt_len = 0;
	int			ok;
	const char *alt = td_node_attr(s->t, i, "alt", &alt_len);
	td_status	st = url_of(s, i, "src", 0, &off, &len, &ok);

	if (st != TD_OK || !ok)
		return st;
	st = para_sep(s);
	if (st == TD_OK)
		st = app(&s->para, "![");
	/* the alt text, one line, brackets and the like escaped */
	for (uint32_t k = 0; k < alt_len && st == TD_OK; k++)
	{
		unsigned char c = (unsigned char) alt[k];

		if (c == '\n' || c == '\r' || c == '\t')
			c = ' ';
		if (c == '\\' || c == '[' || c == ']' || c == '`' || c == '*' || c == '_' ||
			c == '<' || c == '|' || c == '&' || c == '~')
			st = td_buf_putc(&s->para, '\\');
		if (st == TD_OK)
			st = td_buf_putc(&s->para, (char) c);
	}
	if (st == TD_OK)
		st = app(&s->para, "](");
	if (st == TD_OK)
		st = put_dest(&s->para, s->urls.data + off, len);
	if (st == TD_OK)
		st = td_buf_putc(&s->para, ')');
	s->urls.len = off;
	s->line_text = 1;
	s->lead_digits = -1;
	return st;
}

/* Opens element i (a hook of td_walk). */
static td_status
open_elem(void *state, uint32_t i)
{
	md_state   *s = state;
	const td_node *n = &s->t->nodes[i];
	md_frame   *f;
	td_status	st = TD_OK;
	int			ok;
	uint32_t	cols;

	if (s->in_pre)
	{
		if (n->tag == TD_TAG_BR)
			return td_buf_putc(&s->code, '\n');
		return (n->flags & TD_F_BLOCK) ? edge(s) : TD_OK;
	}
	switch (n->tag)
	{
		case TD_TAG_EM:
		case TD_TAG_I:
		case TD_TAG_STRONG:
		case TD_TAG_B_:
			if (s->in_code || (s->blk[i] & BLK_BLOCK))
				return TD_OK;
			push(s, i, (n->tag == TD_TAG_EM || n->tag == TD_TAG_I) ? F_EM : F_STRONG, &f);
			f->pending = 1;
			if (s->first_pending == NONE32)
				s->first_pending = s->n_frames - 1;
			return TD_OK;
		case TD_TAG_A:
			if (!s->opt->links || s->in_code || s->in_link || (s->blk[i] & BLK_BLOCK))
				return TD_OK;
			{
				uint32_t	off = 0,
							len = 0;

				st = url_of(s, i, "href", 1, &off, &len, &ok);
				if (st != TD_OK || !ok)
					return st;
				push(s, i, F_LINK, &f);
				f->url_off = off;
				f->url_len = len;
			}
			f->pending = 1;
			s->in_link = 1;
			if (s->first_pending == NONE32)
				s->first_pending = s->n_frames - 1;
			return TD_OK;
		case TD_TAG_CODE:
			if (s->in_code || (s->blk[i] & BLK_BLOCK))
				return TD_OK;
			push(s, i, F_CODE, &f);
			s->in_code = 1;
			s->code.len = 0;
			s->code_lead = s->code_space = 0;
			return TD_OK;
		case TD_TAG_IMG:
			if (!s->opt->images || s->in_code)
				return TD_OK;
			return image(s, i);
		case TD_TAG_BR:
			if (s->in_code)
				s->code_space = 1;
			else if (s->flat)
				s->space = 1;
			else if (s->para.len > 0 || s->pend_code)
				s->hard_break = 1;
			return TD_OK;
		default:
			break;
	}
	if (!(n->flags & TD_F_BLOCK))
		return TD_OK;
	if (s->in_code || s->flat)
		return edge(s);
	st = edge(s);
	if (st != TD_OK)
		return st;
	switch (n->tag)
	{
		case TD_TAG_H1:
		case TD_TAG_H2:
		case TD_TAG_H3:
		case TD_TAG_H4:
		case TD_TAG_H5:
		case TD_TAG_H6:
			push(s, i, F_HEADING, &f);
			f->level = (uint8_t) (n->tag - TD_TAG_H1 + 1);
			s->flat++;
			s->heading = 1;
			break;
		case TD_TAG_UL:
		case TD_TAG_OL:
		case TD_TAG_MENU:
			if (s->n_cont >= MD_MAX_CONTAINERS)
				break;
			push(s, i, F_LIST, &f);
			f->ordered = n->tag == TD_TAG_OL;
			break;
		case TD_TAG_LI:
			if (s->n_frames == 0 || s->frames[s->n_frames - 1].type != F_LIST)
				break;			/* an item outside a list: a paragraph */
			push(s, i, F_ITEM, &f);
			f->list = s->n_frames - 2;
			f->pending = 1;
			s->cont[s->n_cont++] = s->n_frames - 1;
			break;
		case TD_TAG_BLOCKQUOTE:
			if (s->n_cont >= MD_MAX_CONTAINERS)
				break;
			push(s, i, F_QUOTE, &f);
			f->pending = 1;		/* no line yet */
			s->cont[s->n_cont++] = s->n_frames - 1;
			break;
		case TD_TAG_HR:
			st = block_begin(s);
			if (st == TD_OK)
				st = put_line(s, "***", 3);
			break;
		case TD_TAG_TABLE:
			if (s->table != NONE32 || (cols = simple_table(s, i)) == 0)
				break;
			push(s, i, F_TABLE, &f);
			f->count = cols;
			s->table = s->n_frames - 1;
			s->rows.len = 0;
			break;
		case TD_TAG_TR:
			if (s->table == NONE32 || s->row != NONE32)
				break;
			push(s, i, F_ROW, &f);
			s->row = s->n_frames - 1;
			break;
		case TD_TAG_TD:
		case TD_TAG_TH:
			if (s->row == NONE32 || s->frames[s->n_frames - 1].type != F_ROW)
				break;
			push(s, i, F_CELL, &f);
			s->flat++;
			s->cell = 1;
			break;
		default:
			if (n->flags & TD_F_PRE)
			{
				push(s, i, F_PRE, &f);
				s->in_pre = 1;
				s->code.len = 0;
			}
			break;
	}
	return st;
}

/* A code span's end: joined to the one waiting when nothing stands between them. */
static td_status
close_code_span(md_state *s)
{
	td_status	st = TD_OK;

	s->in_code = 0;
	if (s->code.len == 0)
	{
		s->space |= s->code_lead | s->code_space;
		return TD_OK;
	}
	if (s->pend_code && !s->space && !s->hard_break && !s->code_lead &&
		s->first_pending == NONE32)
		st = td_buf_append(&s->pend, s->code.data, s->code.len);
	else
	{
		s->space |= s->code_lead;
		st = para_sep(s);		/* writes the one waiting, if any */
		if (st == TD_OK && s->para.len > 0 && s->para.data[s->para.len - 1] == '`')
		{
			/*
			 * Right after a span that could not take this one in (an emphasis
			 * edge between them, which backticks on both sides make no
			 * emphasis): its backticks would run into the other's, so the
			 * text is written as text.
			 */
			st = put_word(s, (const unsigned char *) s->code.data, s->code.len);
			s->space = s->code_space;
			return st;
		}
		s->pend.len = 0;
		if (st == TD_OK)
			st = td_buf_append(&s->pend, s->code.data, s->code.len);
		s->pend_code = 1;
	}
	s->line_text = 1;
	s->lead_digits = -1;
	s->space = s->code_space;
	return st;
}

static td_status
close_pre(md_state *s)
{
	size_t		ticks = longest_ticks(&s->code) + 1;
	const char *p = s->code.data;
	size_t		n = s->code.len;
	td_status	st = TD_OK;
	int			blank = 1;

	s->in_pre = 0;
	for (size_t k = 0; k < n && blank; k++)
		blank = p[k] == ' ' || p[k] == '\n' || p[k] == '\t' || p[k] == '\r';
	if (blank)
		return TD_OK;
	ticks = ticks < 3 ? 3 : ticks;
	st = block_begin(s);
	s->tmp.len = 0;
	for (size_t k = 0; k < ticks && st == TD_OK; k++)
		st = td_buf_putc(&s->tmp, '`');
	if (st == TD_OK)
		st = put_line(s, s->tmp.data, s->tmp.len);
	if (st == TD_OK)
		st = put_lines(s, p, n > 0 && p[n - 1] == '\n' ? n - 1 : n);
	if (st == TD_OK)
		st = put_line(s, s->tmp.data, s->tmp.len);
	return st;
}

/* Closes element k (a hook of td_walk): its frame, if it pushed one. */
static td_status
close_elem(void *state, uint32_t k)
{
	md_state   *s = state;
	const td_node *n = &s->t->nodes[k];
	md_frame   *f;
	td_status	st = TD_OK;

	if (!s->act[k])
	{
		if ((n->flags & TD_F_BLOCK) && n->tag != TD_TAG_BR)
			return edge(s);
		return TD_OK;
	}
	f = &s->frames[s->n_frames - 1];
	switch (f->type)
	{
		case F_EM:
		case F_STRONG:
			if (f->pending)
				s->first_pending = s->first_pending == s->n_frames - 1 ? NONE32 : s->first_pending;
			else if (f->gen == s->gen && (st = code_out(s)) == TD_OK)
			{
				s->delims[f->delim].mate = (uint32_t) s->n_delims;
				st = add_delim(s, (uint32_t) s->para.len, f->type == F_STRONG, 0, f->delim);
			}
			break;
		case F_LINK:
			s->in_link = 0;
			if (f->pending)
				s->first_pending = s->first_pending == s->n_frames - 1 ? NONE32 : s->first_pending;
			else
			{
				st = code_out(s);
				if (st == TD_OK)
					st = app(&s->para, "](");
				if (st == TD_OK)
					st = put_dest(&s->para, s->urls.data + f->url_off, f->url_len);
				if (st == TD_OK)
					st = td_buf_putc(&s->para, ')');
			}
			s->urls.len = f->url_off;
			break;
		case F_CODE:
			st = close_code_span(s);
			break;
		case F_HEADING:
			s->flat--;
			s->heading = 0;
			st = flush(s, f->level);
			break;
		case F_LIST:
			st = flush(s, 0);	/* text between its items */
			break;
		case F_ITEM:
		case F_QUOTE:
			st = flush(s, 0);
			s->n_cont--;
			if (f->type == F_ITEM)
				s->frames[f->list].any = 0;	/* the next item may follow tightly */
			break;
		case F_PRE:
			st = close_pre(s);
			break;
		case F_TABLE:
			s->table = NONE32;
			if (f->any)
			{
				st = block_begin(s);
				if (st == TD_OK)
					st = put_lines(s, s->rows.data, s->rows.len);
			}
			s->rows.len = 0;
			break;
		case F_ROW:
			st = end_row(s, f);
			s->row = NONE32;
			break;
		case F_CELL:
			st = code_out(s);	/* '|' escaped while in the cell */
			s->flat--;
			s->cell = 0;
			s->tmp.len = 0;
			if (st == TD_OK)
				st = resolve(s, &s->tmp);
			if (st == TD_OK && s->tmp.len > 0)
				s->frames[s->table].any = 1;
			if (st == TD_OK)
				st = app(&s->rows, "| ");
			if (st == TD_OK)
				st = td_buf_append(&s->rows, s->tmp.data, s->tmp.len);
			if (st == TD_OK)
				st = td_buf_putc(&s->rows, ' ');
			s->frames[s->row].count++;
			para_reset(s);
			break;
	}
	s->n_frames--;
	return st;
}

/* Text node i (a hook of td_walk): raw into a fenced block, words into a code span or the paragraph. */
static td_status
text(void *state, uint32_t i)
{
	md_state   *s = state;
	const td_node *n = &s->t->nodes[i];
	const unsigned char *p = (const unsigned char *) td_node_str(s->t, i);
	const unsigned char *end = p + n->str_len;
	const unsigned char *word;
	size_t		len;
	int			piece;
	td_status	st = TD_OK;

	while (st == TD_OK && (piece = td_text_piece(&p, end, s->in_pre, &word, &len)) != TD_PIECE_END)
	{
		if (piece == TD_PIECE_BLANK)
		{
			if (!s->in_code)
				s->space = 1;
			else if (s->code.len == 0)
				s->code_lead = 1;
			else
				s->code_space = 1;
		}
		else if (s->in_pre)
			st = td_buf_append(&s->code, word, len);
		else if (s->in_code)
		{
			if (s->code_space && s->code.len > 0)
				st = td_buf_putc(&s->code, ' ');
			s->code_space = 0;
			if (st == TD_OK)
				st = td_buf_append(&s->code, word, len);
		}
		else
			st = put_word(s, word, len);
	}
	return st;
}

td_status
td_render_markdown(const td_tree *tree, const uint8_t *drop, const td_md_options *options,
				   td_buf *out)
{
	td_env	   *env = out->env;
	md_state	s;
	static const td_walk_hooks hooks = {open_elem, close_elem, text};
	uint32_t	max_depth = 0;
	td_status	st = TD_OK;
	td_buf	   *bufs[] = {&s.para, &s.code, &s.pend, &s.tmp, &s.rows, &s.urls};

	memset(&s, 0, sizeof(s));
	s.t = tree;
	s.drop = drop;
	s.opt = options;
	s.env = env;
	s.out = out;
	s.start = out->len;
	s.base_len = options->base_len;
	s.base = td_out_base(env, options->base, &s.base_len);
	s.first_pending = s.table = s.row = NONE32;
	for (size_t k = 0; k < sizeof(bufs) / sizeof(bufs[0]); k++)
		td_buf_init(bufs[k], env);
	for (uint32_t i = 0; i < tree->n_nodes; i++)
		if (tree->nodes[i].depth > max_depth)
			max_depth = tree->nodes[i].depth;
	s.frames = td_alloc(env, ((size_t) max_depth + 2) * sizeof(md_frame));
	s.act = td_alloc(env, (size_t) tree->n_nodes + 1);
	s.blk = td_alloc(env, (size_t) tree->n_nodes + 1);
	if (s.frames == NULL || s.act == NULL || s.blk == NULL)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory rendering Markdown");
		goto done;
	}
	memset(s.act, 0, (size_t) tree->n_nodes + 1);
	memset(s.blk, 0, (size_t) tree->n_nodes + 1);
	/* children follow their parent: a reverse loop sums subtrees bottom-up */
	for (uint32_t i = tree->n_nodes; i-- > 1;)
	{
		const td_node *n = &tree->nodes[i];
		uint8_t		b = s.blk[i];

		if (n->kind == TD_ELEM && (n->flags & TD_F_BLOCK) && n->tag != TD_TAG_BR)
			b |= BLK_BLOCK;
		if (n->kind == TD_ELEM && n->tag == TD_TAG_TABLE)
			b |= BLK_TABLE;
		s.blk[n->parent] |= b;
	}

	st = td_walk(tree, drop, &hooks, &s, env);
	if (st == TD_OK)
		st = flush(&s, 0);
	if (st == TD_OK)
		while (out->len > s.start && out->data[out->len - 1] == '\n')
			out->len--;
done:
	for (size_t k = 0; k < sizeof(bufs) / sizeof(bufs[0]); k++)
		td_buf_free(bufs[k]);
	td_free(env, s.delims);
	td_free(env, s.frames);
	td_free(env, s.act);
	td_free(env, s.blk);
	return st;
}
