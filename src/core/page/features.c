/*
 * features.c — per-element features for the page-level classifier
 * (features.h documents each one).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "page/features.h"
#include "page/evidence.h"
#include "base/render.h"
#include "base/tags.h"
#include "page/mainblock.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "util/sort.h"
#include "util/url.h"

const char *const td_feature_names[TD_N_FEATURES] = {
#define TD_FEAT_NAME(id, name) name,
	TD_FEATURE_LIST(TD_FEAT_NAME)
#undef TD_FEAT_NAME
};

/* ---- words ---------------------------------------------------------------- */

/*
 * Bytes of word separator at p: 0 when p starts a word byte (ASCII letter or
 * digit, any other non-ASCII byte), 2 for a no-break space (C2 A0), which
 * separates words like a space, else 1.
 */
static inline int
sep_len(const unsigned char *p, const unsigned char *end)
{
	if (*p >= 0x80)
		return (*p == 0xC2 && p + 1 < end && p[1] == 0xA0) ? 2 : 0;
	return ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) ? 0 : 1;
}

/* Finds the next word at or after *p; returns 0 when there is none. */
static int
next_word(const unsigned char **p, const unsigned char *end,
		  const unsigned char **ws, const unsigned char **we)
{
	const unsigned char *s = *p;
	int			k;

	while (s < end && (k = sep_len(s, end)) > 0)
		s += k;
	if (s == end)
	{
		*p = end;
		return 0;
	}
	*ws = s;
	while (s < end && sep_len(s, end) == 0)
		s++;
	*we = s;
	*p = s;
	return 1;
}

/* FNV-1a of a word, ASCII lower-cased. */
static uint64_t
word_hash(const unsigned char *s, const unsigned char *e)
{
	uint64_t	h = 14695981039346656037ULL;

	for (; s < e; s++)
	{
		unsigned char c = *s;

		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		h = (h ^ c) * 1099511628211ULL;
	}
	return h;
}

/* Words too common to say a block is about the page's subject (sorted). */
static const char *const stop_words[] = {
	"a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "in",
	"is", "it", "its", "of", "on", "or", "that", "the", "this", "to", "was",
	"with"
};

static int
is_stop_word(const unsigned char *s, const unsigned char *e)
{
	size_t		len = e - s;
	char		low[8];

	if (len >= sizeof(low))
		return 0;
	for (size_t k = 0; k < len; k++)
		low[k] = (s[k] >= 'A' && s[k] <= 'Z') ? s[k] + ('a' - 'A') : s[k];
	low[len] = '\0';
	for (size_t k = 0; k < sizeof(stop_words) / sizeof(stop_words[0]); k++)
		if (strcmp(low, stop_words[k]) == 0)
			return 1;
	return 0;
}

/*
 * What a word must have to be worth hashing against the title's words: its
 * first byte (ASCII lower-cased) and its length (63 for 63 and more) among
 * the title words'.  Two words with equal word_hash have both (barring a
 * 64-bit collision), so the filter changes no count; it spares the hash and
 * the search for most of a page's words.
 */
typedef struct title_filter
{
	uint64_t	first[4];		/* bit per first byte */
	uint64_t	len;			/* bit per length, 63 for 63 and more */
} title_filter;

static inline void
filter_add(title_filter *tf, const unsigned char *s, const unsigned char *e)
{
	unsigned char c = td_ascii_lower(*s);
	size_t		len = e - s;

	tf->first[c >> 6] |= 1ULL << (c & 63);
	tf->len |= 1ULL << (len < 63 ? len : 63);
}

static inline int
filter_may(const title_filter *tf, const unsigned char *s, const unsigned char *e)
{
	unsigned char c = td_ascii_lower(*s);
	size_t		len = e - s;

	return (tf->first[c >> 6] >> (c & 63)) & (tf->len >> (len < 63 ? len : 63)) & 1;
}

/*
 * The distinct non-stop words of the first <title>, hashed and sorted, in a
 * new array (*out NULL when there is no title word).
 */
static td_status
title_words(const td_tree *t, uint64_t **out, size_t *n_out, title_filter *tf)
{
	td_env	   *env = t->env;
	uint32_t	ti = TD_NONE;
	size_t		n = 0,
				cap = 0;
	uint64_t   *h = NULL;

	*out = NULL;
	*n_out = 0;
	memset(tf, 0, sizeof(*tf));
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag == TD_TAG_TITLE)
		{
			ti = i;
			break;
		}
	if (ti == TD_NONE)
		return TD_OK;
	for (uint32_t c = ti + 1; c < t->nodes[ti].end; c++)
	{
		const unsigned char *p,
				   *end,
				   *ws,
				   *we;

		if (t->nodes[c].kind != TD_TEXT)
			continue;
		p = (const unsigned char *) td_node_str(t, c);
		end = p + t->nodes[c].str_len;
		while (next_word(&p, end, &ws, &we))
		{
			if (is_stop_word(ws, we))
				continue;
			if (td_grow(env, (void **) &h, &cap, n + 1, sizeof(uint64_t)) != TD_OK)
			{
				td_free(env, h);
				return TD_ENOMEM;
			}
			h[n++] = word_hash(ws, we);
			filter_add(tf, ws, we);
		}
	}
	*out = h;
	*n_out = td_sort_distinct(h, n);
	return TD_OK;
}

/*
 * Per byte: 0 for a separator (sep_len 1: ASCII other than letters and
 * digits), 1 for a word byte (ASCII letters and digits, non-ASCII bytes), 2
 * for C2, a word byte unless a no-break space (C2 A0) starts there.
 */
#define WB16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
static const unsigned char word_class[256] = {
	WB16(0), WB16(0), WB16(0),
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,	/* 0-9 */
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* A-O */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,	/* P-Z */
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* a-o */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,	/* p-z */
	WB16(1), WB16(1), WB16(1), WB16(1),
	1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* C2 */
	WB16(1), WB16(1), WB16(1)
};
#undef WB16

/*
 * Counts of one visible text node, in one pass: the words of next_word
 * (runs of word bytes; a no-break space separates), their bytes and those
 * found in the title, and the sentence ends: a run of . ! ? not followed
 * by a letter or digit ends a sentence ("3.5" and "e.g" do not, "..."
 * counts once).
 */
static void
scan_text(const unsigned char *p, const unsigned char *end,
		  const uint64_t *title, size_t n_title, const title_filter *tf, acc *a)
{
	const unsigned char *s = p;

	while (s < end)
	{
		const unsigned char *ws;

		if (!word_class[*s])
		{
			/* a separator: . ! ? may end a sentence, the other bytes nothing */
			if ((*s == '.' || *s == '!' || *s == '?') &&
				(s + 1 == end || (s[1] != '.' && s[1] != '!' && s[1] != '?' &&
								  sep_len(s + 1, end) != 0)))
				a->punct++;
			s++;
			continue;
		}
		if (*s == 0xC2 && s + 1 < end && s[1] == 0xA0)
		{
			s += 2;				/* a no-break space */
			continue;
		}
		ws = s++;
		for (unsigned c; s < end && (c = word_class[*s]) != 0; s++)
			if (c == 2 && s + 1 < end && s[1] == 0xA0)
				break;
		a->words++;
		a->word_bytes += s - ws;
		if (n_title > 0 && filter_may(tf, ws, s) && td_sorted_has(title, n_title, word_hash(ws, s)))
			a->title++;
	}
}

/* ---- id/class tokens ---------------------------------------------------- */

/*
 * The id/class keywords and the feature each sets, tried by the token's
 * first byte: KW(word) when the token begins with word, KW_EXACT(word) when
 * it equals word.  Tokens are lower-cased, at least 1 byte.
 */
#define KW(w, feat) \
	if (len >= sizeof(w) - 1 && memcmp(tok, w, sizeof(w) - 1) == 0) \
		bits |= TOK_BIT(feat)
#define KW_EXACT(w, feat) \
	if (len == sizeof(w) - 1 && memcmp(tok, w, sizeof(w) - 1) == 0) \
		bits |= TOK_BIT(feat)

static uint32_t
token_bits(const char *tok, size_t len)
{
	uint32_t	bits = 0;

	switch (tok[0])
	{
		case 'a':
			KW_EXACT("ad", TD_FEAT_TOK_AD);
			KW_EXACT("ads", TD_FEAT_TOK_AD);
			KW("advert", TD_FEAT_TOK_AD);
			KW("article", TD_FEAT_TOK_CONTENT);
			break;
		case 'b':
			KW("breadcrumb", TD_FEAT_TOK_BREADCRUMB);
			KW("banner", TD_FEAT_TOK_BANNER);
			break;
		case 'c':
			KW("comment", TD_FEAT_TOK_COMMENT);
			KW("cookie", TD_FEAT_TOK_COOKIE);
			KW("copyright", TD_FEAT_TOK_COPYRIGHT);
			KW("content", TD_FEAT_TOK_CONTENT);
			break;
		case 'e':
			KW("entry", TD_FEAT_TOK_CONTENT);
			break;
		case 'f':
			KW("footer", TD_FEAT_TOK_FOOTER);
			break;
		case 'h':
			KW("header", TD_FEAT_TOK_HEADER);
			break;
		case 'l':
			KW("login", TD_FEAT_TOK_LOGIN);
			break;
		case 'm':
			KW("menu", TD_FEAT_TOK_MENU);
			KW("masthead", TD_FEAT_TOK_HEADER);
			KW("main", TD_FEAT_TOK_CONTENT);
			break;
		case 'n':
			KW("nav", TD_FEAT_TOK_NAV);
			break;
		case 'p':
			KW("post", TD_FEAT_TOK_CONTENT);
			break;
		case 'r':
			KW("related", TD_FEAT_TOK_RELATED);
			break;
		case 's':
			KW("sidebar", TD_FEAT_TOK_SIDEBAR);
			KW("share", TD_FEAT_TOK_SHARE);
			KW("sharing", TD_FEAT_TOK_SHARE);
			KW("social", TD_FEAT_TOK_SOCIAL);
			KW("sponsor", TD_FEAT_TOK_AD);
			KW("signin", TD_FEAT_TOK_LOGIN);
			KW("search", TD_FEAT_TOK_SEARCH);
			KW("story", TD_FEAT_TOK_CONTENT);
			break;
		case 'w':
			KW("widget", TD_FEAT_TOK_WIDGET);
			break;
		default:
			break;
	}
	return bits;
}

#undef KW
#undef KW_EXACT

static inline int
is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/*
 * Tokens of an id or class value: split at non-alphanumerics and camelCase
 * humps; their tok_* bits, and their evidence bits into *ev.
 */
static uint32_t
value_bits(const char *v, size_t len, uint8_t *ev)
{
	uint32_t	bits = 0;
	char		tok[32];
	size_t		tl = 0;

	for (size_t k = 0; k <= len; k++)
	{
		unsigned char c = k < len ? (unsigned char) v[k] : 0;
		int			hump = k > 0 && k < len && c >= 'A' && c <= 'Z' &&
			v[k - 1] >= 'a' && v[k - 1] <= 'z';

		if (!is_alnum(c) || hump)
		{
			if (tl > 0)
			{
				bits |= token_bits(tok, tl);
				*ev |= td_evidence_token(tok, tl);
			}
			tl = 0;
			if (!is_alnum(c))
				continue;
		}
		/* longer tokens are cut: only their beginning is matched anyway */
		if (tl < sizeof(tok))
			tok[tl++] = (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
	}
	return bits;
}

/* ---- features ------------------------------------------------------------ */

int
td_size_class(uint32_t area)
{
	return area < TD_SIZE_BOUND_1 ? 0 : area < TD_SIZE_BOUND_2 ? 1 :
		area < TD_SIZE_BOUND_3 ? 2 : 3;
}

static int
is_media(uint16_t tag)
{
	return tag == TD_TAG_IMG || tag == TD_TAG_SVG || tag == TD_TAG_VIDEO ||
		tag == TD_TAG_CANVAS || tag == TD_TAG_IFRAME || tag == TD_TAG_EMBED ||
		tag == TD_TAG_OBJECT;
}

void
td_features_free(const td_tree *tree, td_features *f)
{
	td_free(tree->env, f->x);
	td_free(tree->env, f->area);
	td_free(tree->env, f->size_class);
	td_free(tree->env, f->main_region);
	td_free(tree->env, f->visible);
	td_free(tree->env, f->name_ev);
	f->name_ev = NULL;
	f->main_region = NULL;
	f->visible = NULL;
	f->x = NULL;
	f->area = NULL;
	f->size_class = NULL;
	f->n_nodes = 0;
}

/* The down pass: inherited flags, own counts, tokens; bytes per node. */
static td_status
own_counts(const td_tree *t, const char *base_url, size_t base_len,
		   const uint32_t *vis, const uint64_t *title, size_t n_title,
		   const title_filter *tf, acc *a, uint8_t *name_ev)
{
	td_env	   *env = t->env;
	const char *site;			/* the page's site host, found once for all its links */
	size_t		site_len;

	td_url_base_site(base_url, base_len, &site, &site_len);
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		const td_node *n = &t->nodes[i];
		acc		   *ai = &a[i];
		const acc  *ap = i > 0 ? &a[n->parent] : NULL;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		if (ap)
		{
			ai->in_link = ap->in_link;
			ai->in_tmpl = ap->in_tmpl;
			ai->in_content = ap->in_content;
		}
		if (n->kind == TD_TEXT)
		{
			const unsigned char *p = (const unsigned char *) td_node_str(t, i);

			ai->bytes = n->str_len;
			if (n->flags & TD_F_INHIDDEN)
				continue;
			scan_text(p, p + n->str_len, title, n_title, tf, ai);
			if (ai->in_link)
			{
				ai->a_vis = vis[i];
				ai->a_words = ai->words;
			}
			continue;
		}
		if (n->kind != TD_ELEM)
			continue;
		a[n->parent].children++;
		ai->bytes = (n->flags & TD_F_VOID) ? n->str_len + 2 : 2 * (uint64_t) n->str_len + 5;
		for (uint32_t k = 0; k < n->attr_count; k++)
		{
			const td_attr *at = &t->attrs[n->attr_first + k];
			const char *name = t->strings + at->name_off;

			ai->bytes += (uint64_t) at->name_len + at->value_len + 4;
			if ((at->name_len == 2 && memcmp(name, "id", 2) == 0) ||
				(at->name_len == 5 && memcmp(name, "class", 5) == 0))
				ai->tok |= value_bits(t->strings + at->value_off, at->value_len, &name_ev[i]);
		}
		if (n->flags & TD_F_INHIDDEN)
			continue;
		if (n->tag == TD_TAG_A)
		{
			uint32_t	hl;
			const char *href = td_node_attr(t, i, "href", &hl);

			if (href)
			{
				ai->links = 1;
				ai->intra = td_url_same_site_host(site, site_len, href, hl);
				ai->in_link = 1;
			}
		}
		if (is_media(n->tag))
			ai->media = 1;
		if (n->tag == TD_TAG_NAV || n->tag == TD_TAG_HEADER || n->tag == TD_TAG_FOOTER ||
			n->tag == TD_TAG_ASIDE || (ai->tok & TEMPLATE_TOKS))
			ai->in_tmpl = 1;
		if (n->tag == TD_TAG_ARTICLE || n->tag == TD_TAG_MAIN ||
			(ai->tok & TOK_BIT(TD_FEAT_TOK_CONTENT)))
			ai->in_content = 1;
	}
	return TD_OK;
}

static void
fill_row(const td_tree *t, uint32_t i, const acc *ai, uint32_t vis, uint32_t before,
		 uint32_t total, uint32_t max_depth, uint32_t area, float *x)
{
	const td_node *n = &t->nodes[i];
	double		after = (double) total - before - vis;
	double		tb = ratio(before, total),
				ta = ratio(after, total);

	x[TD_FEAT_TEXT_BEFORE] = tb;
	x[TD_FEAT_TEXT_AFTER] = ta;
	x[TD_FEAT_MARGIN] = tb < ta ? tb : ta;
	x[TD_FEAT_PAGE_SHARE] = ratio(vis, total);
	x[TD_FEAT_LOG_AREA] = log1p((double) area);
	x[TD_FEAT_LINKS_PER_WORD] = ratio(ai->links, ai->words);
	x[TD_FEAT_ANCHOR_TEXT] = ratio(ai->a_vis, vis);
	x[TD_FEAT_ANCHOR_SIZE] = ratio(ai->a_words, ai->links);
	x[TD_FEAT_INTRA_LINKS] = ratio(ai->intra, ai->links);
	x[TD_FEAT_VISIBLE_PER_BYTE] = ratio(vis, (double) ai->bytes);
	x[TD_FEAT_TITLE_WORDS] = ratio(ai->title, ai->words);
	x[TD_FEAT_DEPTH] = ratio(n->depth, max_depth);
	x[TD_FEAT_LOG_CHILDREN] = log1p((double) ai->children);
	x[TD_FEAT_PUNCT_PER_WORD] = ratio(ai->punct, ai->words);
	x[TD_FEAT_AVG_WORD_LEN] = ratio(ai->word_bytes, ai->words);
	x[TD_FEAT_LOG_MEDIA] = log1p((double) ai->media);
	x[TD_FEAT_TAG_NAV] = n->tag == TD_TAG_NAV;
	x[TD_FEAT_TAG_HEADER] = n->tag == TD_TAG_HEADER;
	x[TD_FEAT_TAG_FOOTER] = n->tag == TD_TAG_FOOTER;
	x[TD_FEAT_TAG_ASIDE] = n->tag == TD_TAG_ASIDE;
	x[TD_FEAT_TAG_LIST] = n->tag == TD_TAG_UL || n->tag == TD_TAG_OL || n->tag == TD_TAG_LI;
	x[TD_FEAT_TAG_A] = n->tag == TD_TAG_A;
	x[TD_FEAT_TAG_P] = n->tag == TD_TAG_P_;
	x[TD_FEAT_TAG_DIV] = n->tag == TD_TAG_DIV;
	x[TD_FEAT_TAG_TABLE] = n->tag == TD_TAG_TABLE || n->tag == TD_TAG_TBODY ||
		n->tag == TD_TAG_TR || n->tag == TD_TAG_TD || n->tag == TD_TAG_TH;
	x[TD_FEAT_TAG_FORM] = n->tag == TD_TAG_FORM;
	x[TD_FEAT_TAG_HEADING] = n->tag >= TD_TAG_H1 && n->tag <= TD_TAG_H6;
	x[TD_FEAT_TAG_ARTICLE] = n->tag == TD_TAG_ARTICLE || n->tag == TD_TAG_MAIN;
	for (int k = TD_FEAT_TOK_NAV; k <= TD_FEAT_TOK_CONTENT; k++)
		x[k] = (ai->tok & TOK_BIT(k)) != 0;
	x[TD_FEAT_IN_TEMPLATE_AREA] = ai->in_tmpl;
	x[TD_FEAT_IN_CONTENT_AREA] = ai->in_content;
}

/* The main-block features of element i (features.h). */
static void
fill_main(const td_tree *t, uint32_t i, uint32_t top, const uint32_t *vis,
		  const double *score, float *x)
{
	int			in = top != TD_NONE && i >= top && i < t->nodes[top].end;
	int			has = top != TD_NONE && i < top && top < t->nodes[i].end;

	x[TD_FEAT_IN_MAIN] = in;
	x[TD_FEAT_HAS_MAIN] = has;
	x[TD_FEAT_MAIN_SHARE] = in ? 1.0 : has ? ratio(vis[top], vis[i]) : 0.0;
	x[TD_FEAT_REL_SCORE] = top == TD_NONE ? 0.0 : score[i] / score[top];
}

td_status
td_compute_features(const td_tree *tree, const char *base_url, size_t base_len,
					td_features *f)
{
	td_env	   *env = tree->env;
	uint32_t	n = tree->n_nodes;
	uint32_t   *vis = NULL,
			   *scratch = NULL;
	double	   *cand = NULL;
	acc		   *a = NULL;
	uint64_t   *title = NULL;
	size_t		n_title = 0;
	title_filter tf;
	uint32_t	max_depth = 0,
				run = 0,
				top,
				total;
	td_status	st;

	memset(f, 0, sizeof(*f));
	f->x = td_alloc(env, (size_t) n * TD_N_FEATURES * sizeof(float));
	f->area = td_alloc(env, (size_t) n * sizeof(uint32_t));
	f->size_class = td_alloc(env, n);
	f->main_region = td_alloc(env, n ? n : 1);
	f->name_ev = td_alloc(env, n ? n : 1);
	vis = td_alloc(env, (size_t) n * sizeof(uint32_t));
	a = td_alloc(env, (size_t) n * sizeof(acc));
	scratch = td_alloc(env, (size_t) n * 3 * sizeof(uint32_t));
	cand = td_alloc(env, (size_t) n * sizeof(double));
	if (!f->x || !f->area || !f->size_class || !f->main_region || !f->name_ev || !vis || !a ||
		!scratch || !cand)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory computing features of %u nodes", n);
		goto done;
	}
	f->n_nodes = n;
	memset(a, 0, (size_t) n * sizeof(acc));
	memset(f->name_ev, 0, n);
	td_visible_lengths(tree, vis);
	if ((st = title_words(tree, &title, &n_title, &tf)) != TD_OK)
	{
		st = td_fail(env, st, "out of memory reading the title");
		goto done;
	}
	if ((st = own_counts(tree, base_url, base_len, vis, title, n_title, &tf, a, f->name_ev)) != TD_OK)
		goto done;

	/* up: children follow their parent, so a reverse loop sums subtrees */
	for (uint32_t i = n; i-- > 1;)
	{
		acc		   *c = &a[i],
				   *p = &a[tree->nodes[i].parent];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		p->bytes += c->bytes;
		p->words += c->words;
		p->word_bytes += c->word_bytes;
		p->punct += c->punct;
		p->title += c->title;
		p->a_vis += c->a_vis;
		p->a_words += c->a_words;
		p->links += c->links;
		p->intra += c->intra;
		p->media += c->media;
		if (tree->nodes[i].depth > max_depth)
			max_depth = tree->nodes[i].depth;
	}

	if ((st = td_main_block(tree, vis, a, scratch, cand, &top, f->main_region)) != TD_OK)
		goto done;

	/* rows: visible text before node i is that of the text nodes before it */
	total = n > 0 ? vis[0] : 0;
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];
		uint64_t	area = vis[i] + (uint64_t) TD_AREA_PER_MEDIA * a[i].media;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		f->area[i] = area > UINT32_MAX ? UINT32_MAX : (uint32_t) area;
		f->size_class[i] = td_size_class(f->area[i]);
		if (nd->kind != TD_ELEM)		/* an element's row is written whole below */
			memset(f->x + (size_t) i * TD_N_FEATURES, 0, sizeof(float) * TD_N_FEATURES);
		else
		{
			fill_row(tree, i, &a[i], vis[i], run, total, max_depth, f->area[i],
					 f->x + (size_t) i * TD_N_FEATURES);
			fill_main(tree, i, top, vis, cand, f->x + (size_t) i * TD_N_FEATURES);
		}
		if (nd->kind == TD_TEXT)
			run += vis[i];
	}
	st = TD_OK;
done:
	f->visible = vis;			/* kept: td_context_rows reads it */
	td_free(env, a);
	td_free(env, scratch);
	td_free(env, cand);
	td_free(env, title);
	if (st != TD_OK)
		td_features_free(tree, f);
	return st;
}
