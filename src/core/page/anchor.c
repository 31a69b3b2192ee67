/*
 * anchor.c — structured text and the title heading as columns of the tree
 * classifier's row (anchor.h).
 */
#include "page/anchor.h"

#include <math.h>
#include <string.h>

#include "base/hash.h"
#include "base/tags.h"
#include "util/ascii.h"
#include "util/fnv.h"
#include "util/jsonld.h"
#include "util/poll.h"
#include "util/u64set.h"

#define POLL_EVERY 4096
#define TITLE_WORDS 32			/* words of a title candidate or heading compared */
#define TITLE_MATCH 0.6
#define MAX_DIST 64

/* bits per node */
#define B_SD_IN		0x01
#define B_CHAIN		0x02		/* the title heading or one of its ancestors */
#define B_META		0x04		/* a time or author mark in the element's subtree */
#define B_POST		0x08		/* post_like */

/*
 * The next word of s[*pos, len) as its hash into *h (ASCII lower-cased);
 * 0 when there is none.  skip_tags: a '<' followed by a letter, '/' or '!'
 * starts a tag skipped to its '>' (HTML inside a JSON-LD string).
 */
static int
next_word(const char *s, size_t len, size_t *pos, int skip_tags, uint64_t *h)
{
	size_t		k = *pos;

	while (k < len && !td_word_byte((unsigned char) s[k]))
	{
		if (skip_tags && s[k] == '<' && k + 1 < len &&
			(s[k + 1] == '/' || s[k + 1] == '!' ||
			 (td_ascii_lower((unsigned char) s[k + 1]) >= 'a' &&
			  td_ascii_lower((unsigned char) s[k + 1]) <= 'z')))
		{
			const char *gt = memchr(s + k, '>', len - k);

			if (gt)
			{
				k = (size_t) (gt - s) + 1;
				continue;
			}
		}
		k++;
	}
	if (k >= len)
	{
		*pos = len;
		return 0;
	}
	*h = TD_FNV_OFFSET;
	while (k < len && td_word_byte((unsigned char) s[k]))
		*h = td_fnv_byte(*h, td_ascii_lower((unsigned char) s[k++]));
	*pos = k;
	return 1;
}

static inline uint64_t
gram2(uint64_t a, uint64_t b)
{
	return td_hash_mix(td_hash_mix(2, a), b);
}

static inline uint64_t
gram3(uint64_t a, uint64_t b, uint64_t c)
{
	return td_hash_mix(td_hash_mix(td_hash_mix(3, a), b), c);
}

/* ---- the structured text ----------------------------------------------- */

#define KEY(w) (kl == sizeof(w) - 1 && memcmp(k, w, kl) == 0)

/*
 * Whether object obj's @type (a string, or the first 8 strings of an array)
 * holds one of words.  @type is looked for among obj's first 8 members only:
 * each string of an object is asked, so a whole scan would make an object
 * of m members cost m^2.
 */
static int
type_names(const td_json *j, uint32_t obj, const char *const *words)
{
	uint32_t	t = td_json_first(j, obj),
				e,
				seen = 0;

	for (; t != UINT32_MAX && seen < 8; t = td_json_next(j, t), seen++)
		if (j->vals[t].has_key && j->vals[t].key_len == 5 &&
			memcmp(j->pool + j->vals[t].key_off, "@type", 5) == 0)
			break;
	if (t == UINT32_MAX || seen == 8)
		return 0;
	seen = 0;
	e = j->vals[t].type == TD_JSON_ARRAY ? td_json_first(j, t) : t;
	for (; e != UINT32_MAX && seen < 8; e = (t == e ? UINT32_MAX : td_json_next(j, e)), seen++)
		if (j->vals[e].type == TD_JSON_STRING)
			for (const char *const *w = words; *w; w++)
				if (td_bytes_hold(j->pool + j->vals[e].str_off, j->vals[e].str_len, *w))
					return 1;
	return 0;
}

static const char *const site_types[] = {"Organization", "WebSite", "Person", "Brand", NULL};
static const char *const item_types[] = {"Product", "Offer", NULL};

/* Whether string value v (a member of an object) is text about the content. */
static int
content_string(const td_json *j, uint32_t v)
{
	const td_json_val *x = &j->vals[v];
	const char *k = j->pool + x->key_off;
	size_t		kl = x->key_len;
	uint32_t	obj = x->parent;

	if (KEY("articleBody") || KEY("text") || KEY("reviewBody") || KEY("headline"))
		return 1;
	if (KEY("description"))
		return !type_names(j, obj, site_types);
	if (!KEY("name"))
		return 0;
	if (type_names(j, obj, item_types))
		return 1;
	/* under an itemListElement: at most TD_JSON_MAX_DEPTH containers up */
	for (uint32_t a = obj; a != UINT32_MAX; a = j->vals[a].parent)
		if (j->vals[a].has_key && j->vals[a].key_len == 15 &&
			memcmp(j->pool + j->vals[a].key_off, "itemListElement", 15) == 0)
			return 1;
	return 0;
}

#undef KEY

/* Appends s[0, len) and a '\0' (a segment end) to sd, within the byte bound. */
static td_status
sd_append(td_buf *sd, const char *s, size_t len)
{
	td_status	st;

	if (sd->len >= TD_ANCHOR_MAX_SD_BYTES)
		return TD_OK;
	if (len > TD_ANCHOR_MAX_SD_BYTES - sd->len)
		len = TD_ANCHOR_MAX_SD_BYTES - sd->len;
	if ((st = td_buf_append(sd, s, len)) != TD_OK)
		return st;
	return td_buf_putc(sd, '\0');
}

/* The content strings of one JSON-LD block into sd; a block that does not parse adds nothing. */
static td_status
sd_jsonld(td_env *env, const char *text, size_t len, td_buf *sd)
{
	td_json		j;
	td_status	st = td_json_parse(env, text, len, TD_ANCHOR_MAX_JSON_VALUES, &j);

	if (st == TD_EFORMAT || st == TD_ELIMIT)
		st = TD_OK;
	else if (st == TD_OK)
		for (uint32_t v = 0; v < j.n_vals && sd->len < TD_ANCHOR_MAX_SD_BYTES; v++)
		{
			if (td_poll_every(env, v, POLL_EVERY))
			{
				st = td_fail(env, TD_EINTR, "structured text interrupted");
				break;
			}
			if (j.vals[v].type == TD_JSON_STRING && j.vals[v].has_key &&
				j.vals[v].parent != UINT32_MAX && content_string(&j, v) &&
				(st = sd_append(sd, j.pool + j.vals[v].str_off, j.vals[v].str_len)) != TD_OK)
				break;
		}
	td_json_free(&j);
	return st;
}

/*
 * Whether element i marks a post's time or author: <time>, a datetime
 * attribute, or an itemprop, class or id holding author, byline, username,
 * timestamp, posted, datePublished or dateCreated (ASCII case ignored, the
 * first 128 bytes of each value).
 */
static int
meta_mark(const td_tree *t, uint32_t i)
{
	const td_node *nd = &t->nodes[i];

	if (nd->tag == TD_TAG_TIME)
		return 1;
	for (uint32_t a = nd->attr_first; a < nd->attr_first + nd->attr_count; a++)
	{
		const td_attr *at = &t->attrs[a];
		const char *nm = t->strings + at->name_off,
				   *v = t->strings + at->value_off;
		char		low[128];
		size_t		n = 0;

		if (at->name_len == 8 && memcmp(nm, "datetime", 8) == 0)
			return 1;
		if (!((at->name_len == 5 && memcmp(nm, "class", 5) == 0) ||
			  (at->name_len == 2 && memcmp(nm, "id", 2) == 0) ||
			  (at->name_len == 8 && memcmp(nm, "itemprop", 8) == 0)))
			continue;
		for (; n < at->value_len && n < sizeof(low); n++)
			low[n] = (char) td_ascii_lower((unsigned char) v[n]);
		/* one pass, the words tried by their first letter */
		for (size_t k = 0; k < n; k++)
		{
			const char *w = low + k;
			size_t		r = n - k;

#define AT(word) (r >= sizeof(word) - 1 && memcmp(w, word, sizeof(word) - 1) == 0)
			switch (*w)
			{
				case 'a':
					if (AT("author"))
						return 1;
					break;
				case 'b':
					if (AT("byline"))
						return 1;
					break;
				case 'u':
					if (AT("username"))
						return 1;
					break;
				case 't':
					if (AT("timestamp"))
						return 1;
					break;
				case 'p':
					if (AT("posted"))
						return 1;
					break;
				case 'd':
					if (AT("datepublished") || AT("datecreated"))
						return 1;
					break;
				default:
					break;
			}
#undef AT
		}
	}
	return 0;
}

/* Whether element i has an itemprop token naming body text. */
static int
itemprop_body(const td_tree *t, uint32_t i)
{
	uint32_t	l = 0;
	const char *v = td_node_attr(t, i, "itemprop", &l);
	size_t		k = 0;

	while (v && k < l)
	{
		size_t		b;

		while (k < l && td_is_html_space((unsigned char) v[k]))
			k++;
		b = k;
		while (k < l && !td_is_html_space((unsigned char) v[k]))
			k++;
#define TOK(w) (k - b == sizeof(w) - 1 && memcmp(v + b, w, k - b) == 0)
		if (TOK("description") || TOK("articleBody") || TOK("reviewBody") || TOK("text"))
			return 1;
#undef TOK
	}
	return 0;
}

/*
 * The grams of the structured text into set; *words its words.  Two passes:
 * count (to reserve), then add.
 */
static td_status
sd_grams(td_env *env, const td_buf *sd, td_u64set *set, uint64_t *words)
{
	for (int pass = 0; pass < 2; pass++)
	{
		uint64_t	w1 = 0,
					w2 = 0,
					count = 0;
		size_t		pos = 0,
					seg_end;
		td_status	st;

		for (size_t seg = 0; seg < sd->len; seg = seg_end + 1)
		{
			const char *nul = memchr(sd->data + seg, '\0', sd->len - seg);
			int			have = 0;	/* words of the segment so far, up to 2 */
			uint64_t	h;

			seg_end = nul ? (size_t) (nul - sd->data) : sd->len;
			pos = seg;
			while (next_word(sd->data, seg_end, &pos, 1, &h))
			{
				if (td_poll_every(env, ++count, POLL_EVERY))
					return td_fail(env, TD_EINTR, "structured text interrupted");
				if (pass == 1)
				{
					if (have >= 1)
						td_u64set_add(set, gram2(w2, h));
					if (have >= 2)
						td_u64set_add(set, gram3(w1, w2, h));
				}
				w1 = w2;
				w2 = h;
				if (have < 2)
					have++;
			}
		}
		*words = count;
		if (pass == 0 && count > 0 && (st = td_u64set_reserve(set, 2 * count)) != TD_OK)
			return st;
		if (count == 0)
			break;
	}
	return TD_OK;
}

/* ---- the page's words against the set ------------------------------------ */

/*
 * words[i], sd[i] of each visible text node i: its words and its structured
 * words.  hs: scratch for a node's word hashes.
 */
static td_status
page_words(const td_tree *t, const uint32_t *vis, const td_u64set *set, uint32_t *words,
		   uint32_t *sd, uint64_t **hs, size_t *hcap)
{
	td_env	   *env = t->env;
	uint64_t	ph[2] = {0, 0};	/* the last two words of the stream, older first */
	uint32_t	pn[2] = {0, 0};	/* their text nodes */
	uint8_t		pc[2] = {0, 0};	/* whether each is covered */
	int			np = 0;

	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];
		const char *s;
		size_t		pos = 0,
					nw = 0;
		uint64_t	h;
		td_status	st;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "structured text interrupted");
		if (nd->kind != TD_TEXT || (nd->flags & TD_F_INHIDDEN) || vis[i] == 0)
			continue;
		s = td_node_str(t, i);
		while (next_word(s, nd->str_len, &pos, 0, &h))
		{
			if (nw == *hcap && (st = td_grow(env, (void **) hs, hcap, nw + 1, sizeof(uint64_t))) != TD_OK)
				return st;
			(*hs)[nw++] = h;
		}
		words[i] = (uint32_t) nw;
		for (size_t k = 0; k < nw; k++)
		{
			uint8_t		cov = 0;

			h = (*hs)[k];
			if (np == 2 && td_u64set_has(set, gram3(ph[0], ph[1], h)))
				pc[0] = pc[1] = cov = 1;
			if (nw < 3 && k >= 1 && td_u64set_has(set, gram2(ph[1], h)))
				pc[1] = cov = 1;
			if (np == 2)
				sd[pn[0]] += pc[0];
			else
				np++;
			ph[0] = ph[1];
			pn[0] = pn[1];
			pc[0] = pc[1];
			ph[1] = h;
			pn[1] = i;
			pc[1] = cov;
		}
	}
	/* the last two words of the stream (np of them) */
	if (np == 2)
		sd[pn[0]] += pc[0];
	if (np >= 1)
		sd[pn[1]] += pc[1];
	return TD_OK;
}

/* ---- the title heading ---------------------------------------------------- */

typedef struct words32
{
	uint64_t	h[TITLE_WORDS];
	int			n;
} words32;

static void
words_of(const char *s, size_t len, words32 *w)
{
	size_t		pos = 0;
	uint64_t	h;

	w->n = 0;
	while (w->n < TITLE_WORDS && next_word(s, len, &pos, 0, &h))
		w->h[w->n++] = h;
}

/* shared words / the larger word count */
static double
match(const words32 *a, const words32 *b)
{
	int			common = 0;

	if (a->n == 0 || b->n == 0)
		return 0;
	for (int x = 0; x < a->n; x++)
		for (int y = 0; y < b->n; y++)
			if (a->h[x] == b->h[y])
			{
				common++;
				break;
			}
	return (double) common / (a->n > b->n ? a->n : b->n);
}

static const char *const separators[] = {" | ", " - ", " \xe2\x80\x93 ", " \xe2\x80\x94 ",
" :: ", " \xc2\xbb ", " \xc2\xb7 ", NULL};

/* The title candidates (up to 2) from <title>'s text and og:title. */
static int
title_candidates(const char *title, size_t tl, const char *og, size_t ol, words32 *c)
{
	int			n = 0;
	size_t		first = tl;

	for (const char *const *sp = separators; *sp; sp++)
	{
		size_t		sl = strlen(*sp);

		for (size_t k = 0; k + sl <= tl; k++)
			if (memcmp(title + k, *sp, sl) == 0)
			{
				first = k < first ? k : first;
				break;
			}
	}
	if (title)
		words_of(title, first, &c[n++]);	/* the whole title when it has no separator */
	if (og)
		words_of(og, ol, &c[n++]);
	return n;
}

/*
 * The words of heading i: its visible text nodes among its first
 * TD_ANCHOR_HEAD_NODES nodes, their first TD_ANCHOR_HEAD_BYTES bytes (nested
 * headings read the same text again: bounded per heading).
 */
static void
heading_words(const td_tree *t, uint32_t i, words32 *w)
{
	uint32_t	end = t->nodes[i].end;
	size_t		budget = TD_ANCHOR_HEAD_BYTES;

	if (end - i > TD_ANCHOR_HEAD_NODES)
		end = i + TD_ANCHOR_HEAD_NODES;
	w->n = 0;
	for (uint32_t k = i + 1; k < end && w->n < TITLE_WORDS && budget > 0; k++)
		if (t->nodes[k].kind == TD_TEXT && !(t->nodes[k].flags & TD_F_INHIDDEN))
		{
			words32		more;
			size_t		l = t->nodes[k].str_len < budget ? t->nodes[k].str_len : budget;

			budget -= l;
			words_of(td_node_str(t, k), l, &more);
			for (int x = 0; x < more.n && w->n < TITLE_WORDS; x++)
				w->h[w->n++] = more.h[x];
		}
}

/*
 * The title heading (TD_NONE when none) and *how: 1 matched, 0.5 the first
 * h1.
 */
static td_status
title_heading(const td_tree *t, const char *title, size_t tl, const char *og, size_t ol,
			  uint32_t *anchor, float *how)
{
	words32		cand[2],
				hw;
	int			nc = title_candidates(title, tl, og, ol, cand);
	uint32_t	first_h1 = TD_NONE;

	*anchor = TD_NONE;
	*how = 0;
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (td_poll_every(t->env, i, POLL_EVERY))
			return td_fail(t->env, TD_EINTR, "title heading interrupted");
		if (nd->kind != TD_ELEM || (nd->flags & TD_F_INHIDDEN) ||
			(nd->tag != TD_TAG_H1 && nd->tag != TD_TAG_H2 && nd->tag != TD_TAG_H3))
			continue;
		if (nd->tag == TD_TAG_H1 && first_h1 == TD_NONE)
			first_h1 = i;
		if (nc == 0)
		{
			if (first_h1 != TD_NONE)
				break;
			continue;
		}
		heading_words(t, i, &hw);
		for (int c = 0; c < nc; c++)
			if (match(&hw, &cand[c]) >= TITLE_MATCH)
			{
				*anchor = i;
				*how = 1;
				return TD_OK;
			}
	}
	if (first_h1 != TD_NONE)
	{
		*anchor = first_h1;
		*how = 0.5f;
	}
	return TD_OK;
}

/* ---- the rows ---------------------------------------------------------- */

td_status
td_anchor_rows(const td_tree *t, const uint32_t *vis, const uint32_t *which, uint32_t n_rows,
			   float *out, size_t stride)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes,
				anchor = TD_NONE;
	uint32_t   *words = NULL,
			   *sd = NULL,
			   *lcad = NULL,
			   *marked = NULL;	/* per element: its element children with B_META */
	uint8_t    *bits = NULL;
	uint64_t   *hs = NULL;
	size_t		hcap = 0;
	uint64_t	sd_words = 0;
	td_buf		sdb;
	td_u64set	set;
	const char *title = NULL,
			   *og = NULL;
	uint32_t	tl = 0,
				ol = 0;
	float		p_title = 0;
	td_status	st = TD_OK;

	td_buf_init(&sdb, env);
	td_u64set_init(&set, env);
	if (which == NULL)
		n_rows = n;
	if (n == 0)
		return TD_OK;
	words = td_alloc(env, sizeof(uint32_t) * n);
	sd = td_alloc(env, sizeof(uint32_t) * n);
	lcad = td_alloc(env, sizeof(uint32_t) * n);
	bits = td_alloc(env, n);
	marked = td_alloc(env, sizeof(uint32_t) * n);
	if (!words || !sd || !lcad || !bits || !marked)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for anchor columns");
		goto done;
	}
	memset(words, 0, sizeof(uint32_t) * n);
	memset(sd, 0, sizeof(uint32_t) * n);
	memset(bits, 0, n);
	memset(marked, 0, sizeof(uint32_t) * n);
	/* the sources: JSON-LD blocks, microdata content, <title>, og:title */
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (td_poll_every(env, i - 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "structured text interrupted");
			goto done;
		}
		if (nd->kind == TD_TEXT && nd->parent != TD_NONE)
		{
			const td_node *p = &t->nodes[nd->parent];
			uint32_t	l = 0;
			const char *ty;

			if (p->tag == TD_TAG_TITLE && !title)
			{
				title = td_node_str(t, i);
				tl = nd->str_len;
			}
			else if (p->tag == TD_TAG_SCRIPT && sdb.len < TD_ANCHOR_MAX_SD_BYTES &&
					 (ty = td_node_attr(t, nd->parent, "type", &l)) != NULL && td_bytes_hold(ty, l, "ld+json") &&
					 (st = sd_jsonld(env, td_node_str(t, i), nd->str_len, &sdb)) != TD_OK)
				goto done;
			continue;
		}
		if (nd->kind != TD_ELEM)
			continue;
		if (meta_mark(t, i))
			bits[i] |= B_META;
		if (nd->attr_count == 0)
			continue;
		if (nd->tag == TD_TAG_META && !og)
		{
			uint32_t	l = 0;
			const char *pr = td_node_attr(t, i, "property", &l);

			if (pr && l == 8 && td_ascii_iprefix(pr, l, "og:title", 8))
				og = td_node_attr(t, i, "content", &ol);
		}
		if (itemprop_body(t, i))
		{
			uint32_t	l = 0;
			const char *c = td_node_attr(t, i, "content", &l);

			if (c && (st = sd_append(&sdb, c, l)) != TD_OK)
				goto done;
		}
	}
	if ((st = sd_grams(env, &sdb, &set, &sd_words)) != TD_OK)
		goto done;
	if (sd_words > 0 &&
		(st = page_words(t, vis, &set, words, sd, &hs, &hcap)) != TD_OK)
		goto done;
	/*
	 * subtree sums and marks, children after parents: bottom-up is one
	 * backward pass (a node's own is final when it is met)
	 */
	for (uint32_t i = n - 1; i >= 1; i--)
	{
		uint32_t	p = t->nodes[i].parent;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "anchor columns interrupted");
			goto done;
		}
		words[p] += words[i];
		sd[p] += sd[i];
		if (bits[i] & B_META)
		{
			bits[p] |= B_META;
			marked[p] += t->nodes[i].kind == TD_ELEM;
		}
	}
	if ((st = title_heading(t, title, tl, og, ol, &anchor, &p_title)) != TD_OK)
		goto done;
	for (uint32_t x = anchor; x != TD_NONE; x = t->nodes[x].parent)
		bits[x] |= B_CHAIN;
	/* inherited: sd_in, and the depth of the lowest ancestor on the heading's chain */
	lcad[0] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		uint32_t	p = t->nodes[i].parent;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "anchor columns interrupted");
			goto done;
		}
		bits[i] |= bits[p] & (B_SD_IN | B_POST);
		if ((bits[i] & B_META) && t->nodes[i].kind == TD_ELEM && marked[p] >= TD_ANCHOR_POSTS)
			bits[i] |= B_POST;
		if (sd[i] >= TD_ANCHOR_SD_IN_WORDS && 2 * (uint64_t) sd[i] >= words[i])
			bits[i] |= B_SD_IN;
		lcad[i] = (bits[i] & B_CHAIN) ? t->nodes[i].depth : lcad[p];
	}
	for (uint32_t j = 0; j < n_rows; j++)
	{
		uint32_t	i = which ? which[j] : j;
		float	   *c = out + (size_t) j * stride;
		const td_node *nd = &t->nodes[i];

		if (nd->kind != TD_ELEM)
			continue;
		c[TD_AN_SD_SHARE] = words[i] ? (float) sd[i] / (float) words[i] : 0;
		c[TD_AN_SD_IN] = (bits[i] & B_SD_IN) ? 1 : 0;
		c[TD_AN_SD_LOG] = (float) log1p(sd[i]);
		c[TD_AN_POST_LIKE] = (bits[i] & B_POST) ? 1 : 0;
		c[TD_AN_P_SD_SHARE] = words[0] ? (float) sd[0] / (float) words[0] : 0;
		c[TD_AN_P_SD_LOG] = (float) log1p((double) sd_words);
		c[TD_AN_P_TITLE] = p_title;
		if (anchor != TD_NONE)
		{
			uint32_t	d = nd->depth - lcad[i] + t->nodes[anchor].depth - lcad[i];

			c[TD_AN_T_BEFORE] = nd->end <= anchor ? 1 : 0;
			c[TD_AN_T_CONTAINS] = i <= anchor && anchor < nd->end ? 1 : 0;
			c[TD_AN_T_DIST] = (float) (d < MAX_DIST ? d : MAX_DIST);
		}
		else
			c[TD_AN_T_BEFORE] = c[TD_AN_T_CONTAINS] = c[TD_AN_T_DIST] = 0;
	}
done:
	td_free(env, words);
	td_free(env, sd);
	td_free(env, lcad);
	td_free(env, bits);
	td_free(env, marked);
	td_free(env, hs);
	td_buf_free(&sdb);
	td_u64set_free(&set);
	return st;
}
