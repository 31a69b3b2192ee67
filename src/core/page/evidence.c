/*
 * evidence.c — more page-context columns for the tree classifier
 * (evidence.h).
 */
#include "page/evidence.h"

#include <string.h>

#include "base/hash.h"
#include "util/ascii.h"
#include "util/poll.h"

#define POLL_EVERY 4096
#define SEC_SHARE 0.25

/* Inherited bits (element or an ancestor). */
#define B_UGC		0x01
#define B_BODY		0x02
#define B_PRODUCT	0x04
#define B_TAB		0x08
#define B_HIDDEN	0x10
#define B_TOP		0x20

/* Whether tok[0, len) equals w (wl bytes) or, with prefix, begins with it. */
static inline int
word_is(const char *tok, size_t len, const char *w, size_t wl, int prefix)
{
	return (prefix ? len >= wl : len == wl) && memcmp(tok, w, wl) == 0;
}

#define WORD(w, prefix) word_is(tok, len, w, sizeof(w) - 1, prefix)

/* Bits of one lower-cased id/class token (dispatched on its first byte). */
uint8_t
td_evidence_token(const char *tok, size_t len)
{
	switch (tok[0])
	{
		case 'p':
			return WORD("post", 0) || WORD("posts", 0) ? B_UGC : 0;
		case 'r':
			return WORD("reply", 1) || WORD("review", 1) ? B_UGC : 0;
		case 'a':
			return WORD("answer", 1) ? B_UGC : 0;
		case 'm':
			return WORD("message", 1) ? B_UGC : 0;
		case 'f':
			return WORD("forum", 1) ? B_UGC : 0;
		case 'd':
			return WORD("discussion", 1) ? B_UGC : 0;
		case 'q':
			return WORD("question", 1) ? B_UGC : 0;
		case 't':
			if (WORD("thread", 1) || WORD("topic", 1) || WORD("testimonial", 1))
				return B_UGC;
			return WORD("tab", 0) || WORD("tabs", 0) || WORD("tabpanel", 1) ||
				WORD("tabpane", 1) || WORD("tabcontent", 1) ? B_TAB : 0;
		default:
			return 0;
	}
}

#undef WORD

/*
 * Whether a style value hides: display:none or visibility:hidden in its
 * first 256 non-blank bytes, blanks ignored.
 */
static int
style_hides(const char *v, size_t len)
{
	char		s[TD_STYLE_HEAD];
	size_t		n = td_style_compact(v, len, s);

	return td_bytes_hold(s, n, "display:none") || td_bytes_hold(s, n, "visibility:hidden");
}

#define NAME(w) (nl == sizeof(w) - 1 && memcmp(nm, w, nl) == 0)

/*
 * The element's own bits, from one pass over its attributes and its id/class
 * tokens' bits (name_bits: td_features.name_ev); *cls, *cls_len: its class
 * value ("" when none).
 */
static uint8_t
own_evidence(const td_tree *t, uint32_t i, uint8_t name_bits, const char **cls, uint32_t *cls_len)
{
	const td_node *nd = &t->nodes[i];
	uint8_t		b = name_bits;

	*cls = "";
	*cls_len = 0;
	for (uint32_t a = nd->attr_first; a < nd->attr_first + nd->attr_count; a++)
	{
		const td_attr *at = &t->attrs[a];
		const char *nm = t->strings + at->name_off,
				   *v = t->strings + at->value_off;
		size_t		nl = at->name_len,
					vl = at->value_len;

		if (NAME("class"))
		{
			*cls = v;
			*cls_len = at->value_len;
		}
		else if (NAME("itemprop"))
		{
			if (td_bytes_hold(v, vl, "description") || td_bytes_hold(v, vl, "articleBody") ||
				td_bytes_hold(v, vl, "reviewBody") || td_bytes_hold(v, vl, "text"))
				b |= B_BODY;
			if (td_bytes_hold(v, vl, "offers"))
				b |= B_PRODUCT;
		}
		else if (NAME("itemtype"))
		{
			if (td_bytes_hold(v, vl, "Product") || td_bytes_hold(v, vl, "Offer"))
				b |= B_PRODUCT;
			if (td_bytes_hold(v, vl, "Comment") || td_bytes_hold(v, vl, "Review") ||
				td_bytes_hold(v, vl, "Answer") || td_bytes_hold(v, vl, "Question") ||
				td_bytes_hold(v, vl, "DiscussionForumPosting"))
				b |= B_UGC;
		}
		else if (NAME("role"))
		{
			if (vl == 8 && td_ascii_iprefix(v, vl, "tabpanel", 8))
				b |= B_TAB;
		}
		else if (NAME("hidden"))
			b |= B_HIDDEN;
		else if (NAME("aria-hidden"))
		{
			if (vl == 4 && td_ascii_iprefix(v, vl, "true", 4))
				b |= B_HIDDEN;
		}
		else if (NAME("style") && style_hides(v, vl))
			b |= B_HIDDEN;
	}
	return b;
}

#undef NAME

/*
 * Same-shape sibling groups: a hash table of slots (0 empty, else 1 + the
 * group's index) over (parent, name, class), the groups stored densely.
 */
typedef struct groups
{
	uint32_t   *slot;
	uint32_t	mask;
	uint64_t   *key;
	uint32_t   *count;
	double	   *text,
			   *anchor;
	uint32_t	n;
} groups;

/* The group of key k (created when new). */
static uint32_t
group_of(groups *g, uint64_t k)
{
	uint32_t	s = (uint32_t) (k & g->mask);

	while (g->slot[s] && g->key[g->slot[s] - 1] != k)
		s = (s + 1) & g->mask;
	if (!g->slot[s])
	{
		g->key[g->n] = k;
		g->count[g->n] = 0;
		g->text[g->n] = 0;
		g->anchor[g->n] = 0;
		g->slot[s] = ++g->n;
	}
	return g->slot[s] - 1;
}

td_status
td_evidence_rows(const td_tree *t, const td_features *f, const uint32_t *vis,
				 const uint32_t *which, uint32_t n_rows, float *out, size_t stride)
{
	return td_evidence_rows_grouped(t, f, vis, NULL, 0, which, n_rows, out, stride);
}

td_status
td_evidence_rows_grouped(const td_tree *t, const td_features *f, const uint32_t *vis,
						 const uint32_t *group, uint32_t n_groups,
						 const uint32_t *which, uint32_t n_rows, float *out, size_t stride)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes,
				cap = 16,
				top = UINT32_MAX;
	uint8_t    *bits;
	uint32_t   *sec,
			   *gid;
	float	   *ig;
	groups		g;
	char	   *block;
	double		total = n ? vis[0] : 0;
	float		top_share = 0,
				top_links = 0;
	td_status	st = TD_OK;

	if (n == 0)
		return TD_OK;
	while (cap < 2 * (uint64_t) n)
		cap *= 2;
	/* one block: the 8-byte arrays first, then the 4-byte ones, then bytes */
	block = td_alloc(env, (size_t) n * (3 * 8 + 4 * 4 + 1) + (size_t) cap * 4);
	if (!block)
		return td_fail(env, TD_ENOMEM, "out of memory for evidence columns");
	g.key = (uint64_t *) block;
	g.text = (double *) (g.key + n);
	g.anchor = g.text + n;
	g.count = (uint32_t *) (g.anchor + n);
	sec = g.count + n;
	gid = sec + n;
	ig = (float *) (gid + n);
	g.slot = (uint32_t *) (ig + n);
	bits = (uint8_t *) (g.slot + cap);
	g.mask = cap - 1;
	g.n = 0;
	if (group)
	{
		/* the caller's groups, numbered as group_of would have numbered them */
		g.n = n_groups;
		memset(g.count, 0, sizeof(uint32_t) * n_groups);
		memset(g.text, 0, sizeof(double) * n_groups);
		memset(g.anchor, 0, sizeof(double) * n_groups);
	}
	else
		memset(g.slot, 0, sizeof(uint32_t) * cap);
	bits[0] = 0;
	sec[0] = 0;
	gid[0] = UINT32_MAX;
	/* down: own bits, sections, groups */
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		const float *x;
		const char *cls;
		uint32_t	cl,
					k;

		if (td_poll_every(env, i - 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "evidence columns interrupted");
			goto done;
		}
		bits[i] = bits[nd->parent];
		sec[i] = sec[nd->parent];
		gid[i] = UINT32_MAX;
		if (nd->kind != TD_ELEM)
			continue;
		x = td_feature_row(f, i);
		bits[i] |= own_evidence(t, i, f->name_ev[i], &cls, &cl);
		if (x[TD_FEAT_PAGE_SHARE] >= SEC_SHARE)
			sec[i] = i;
		k = group ? group[i] :
			group_of(&g, td_hash_mix(td_hash64(cls, cl, nd->parent),
									 td_hash64(td_node_str(t, i), nd->str_len, 0)) | 1);
		g.count[k]++;
		g.text[k] += vis[i];
		g.anchor[k] += vis[i] * (double) x[TD_FEAT_ANCHOR_TEXT];
		gid[i] = k;
	}
	/* the top group */
	for (uint32_t k = 0; k < g.n; k++)
		if (g.count[k] >= 3 && g.text[k] > 0 && (top == UINT32_MAX || g.text[k] > g.text[top]))
			top = k;
	if (top != UINT32_MAX && total > 0)
	{
		top_share = (float) (g.text[top] / total);
		top_links = (float) (g.anchor[top] / g.text[top]);
	}
	/* down again: inherited group columns */
	ig[0] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "evidence columns interrupted");
			goto done;
		}
		ig[i] = ig[nd->parent];
		bits[i] |= bits[nd->parent] & B_TOP;
		if (gid[i] != UINT32_MAX)
		{
			uint32_t	k = gid[i];

			if (g.count[k] >= 3 && total > 0 && (float) (g.text[k] / total) > ig[i])
				ig[i] = (float) (g.text[k] / total);
			if (k == top)
				bits[i] |= B_TOP;
		}
	}
	/* the rows asked for (elements only) */
	for (uint32_t j = 0; j < n_rows; j++)
	{
		uint32_t	i = which ? which[j] : j;
		float	   *c = out + (size_t) j * stride;
		float		share = 0;

		if (i == 0 || t->nodes[i].kind != TD_ELEM)
			continue;
		if (gid[i] != UINT32_MAX && g.count[gid[i]] >= 2 && total > 0)
			share = (float) (g.text[gid[i]] / total);
		c[TD_EV_IN_UGC] = (bits[i] & B_UGC) ? 1 : 0;
		c[TD_EV_IP_BODY] = (bits[i] & B_BODY) ? 1 : 0;
		c[TD_EV_IP_PRODUCT] = (bits[i] & B_PRODUCT) ? 1 : 0;
		c[TD_EV_IN_TAB] = (bits[i] & B_TAB) ? 1 : 0;
		c[TD_EV_CSS_HIDDEN] = (bits[i] & B_HIDDEN) ? 1 : 0;
		c[TD_EV_SEC_LINKS] = sec[i] ? td_feature_row(f, sec[i])[TD_FEAT_ANCHOR_TEXT] : 0;
		c[TD_EV_GRP_SHARE] = share;
		c[TD_EV_IN_GRP_SHARE] = ig[i];
		c[TD_EV_TOP_GRP] = (bits[i] & B_TOP) ? 1 : 0;
		c[TD_EV_P_TOP_SHARE] = top_share;
		c[TD_EV_P_TOP_LINKS] = top_links;
	}
done:
	td_free(env, block);
	return st;
}
