/*
 * evidence.c — more page-context columns for the tree classifier
 * (evidence.h).
 */
#include "page/evidence.h"

#include <math.h>
#include <string.h>

#include "base/hash.h"
#include "base/tags.h"
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

/* Whether s[0, len) holds needle (case-sensitive, bounded by len). */
static int
holds(const char *s, size_t len, const char *needle)
{
	size_t		nl = strlen(needle);

	for (size_t k = 0; k + nl <= len; k++)
		if (s[k] == needle[0] && memcmp(s + k, needle, nl) == 0)
			return 1;
	return 0;
}

static int
starts(const char *tok, size_t len, const char *w)
{
	size_t		wl = strlen(w);

	return len >= wl && memcmp(tok, w, wl) == 0;
}

static int
equals(const char *tok, size_t len, const char *w)
{
	return len == strlen(w) && memcmp(tok, w, len) == 0;
}

/* Bits of one lower-cased id/class token. */
static uint8_t
token_evidence(const char *tok, size_t len)
{
	static const char *const ugc[] = {"reply", "review", "answer", "message", "thread",
	"topic", "forum", "discussion", "question", "testimonial"};
	uint8_t		b = 0;

	if (equals(tok, len, "post") || equals(tok, len, "posts"))
		b |= B_UGC;
	for (size_t k = 0; k < sizeof(ugc) / sizeof(ugc[0]); k++)
		if (starts(tok, len, ugc[k]))
			b |= B_UGC;
	if (equals(tok, len, "tab") || equals(tok, len, "tabs") || starts(tok, len, "tabpanel") ||
		starts(tok, len, "tabpane") || starts(tok, len, "tabcontent"))
		b |= B_TAB;
	return b;
}

/*
 * Bits of an id or class value: tokens split at bytes other than ASCII
 * letters and digits and before an upper-case letter following a
 * lower-case one (camelCase), lower-cased, cut to 31 bytes.
 */
static uint8_t
name_evidence(const char *v, size_t len)
{
	char		tok[32];
	size_t		tl = 0;
	uint8_t		b = 0;

	for (size_t k = 0; k <= len; k++)
	{
		unsigned char c = k < len ? (unsigned char) v[k] : 0;
		int			alnum = (c >= '0' && c <= '9') || td_ascii_lower(c) != c ||
			(c >= 'a' && c <= 'z');
		int			hump = alnum && k > 0 && td_ascii_lower(c) != c &&
			v[k - 1] >= 'a' && v[k - 1] <= 'z';

		if ((!alnum || hump) && tl > 0)
		{
			b |= token_evidence(tok, tl);
			tl = 0;
		}
		if (alnum && tl < sizeof(tok) - 1)
			tok[tl++] = (char) td_ascii_lower(c);
	}
	return b;
}

/* Whether a style value hides: display:none or visibility:hidden, blanks ignored. */
static int
style_hides(const char *v, size_t len)
{
	char		s[256];
	size_t		n = 0;

	for (size_t k = 0; k < len && n < sizeof(s); k++)
		if (v[k] != ' ' && v[k] != '\t' && v[k] != '\n' && v[k] != '\r')
			s[n++] = (char) td_ascii_lower((unsigned char) v[k]);
	return holds(s, n, "display:none") || holds(s, n, "visibility:hidden");
}

/* The element's own bits, from one pass over its attributes. */
static uint8_t
own_evidence(const td_tree *t, uint32_t i)
{
	const td_node *nd = &t->nodes[i];
	uint8_t		b = 0;

	for (uint32_t a = nd->attr_first; a < nd->attr_first + nd->attr_count; a++)
	{
		const td_attr *at = &t->attrs[a];
		const char *nm = t->strings + at->name_off,
				   *v = t->strings + at->value_off;
		size_t		nl = at->name_len,
					vl = at->value_len;

		if (equals(nm, nl, "class") || equals(nm, nl, "id"))
			b |= name_evidence(v, vl);
		else if (equals(nm, nl, "itemprop"))
		{
			if (holds(v, vl, "description") || holds(v, vl, "articleBody") ||
				holds(v, vl, "reviewBody") || holds(v, vl, "text"))
				b |= B_BODY;
			if (holds(v, vl, "offers"))
				b |= B_PRODUCT;
		}
		else if (equals(nm, nl, "itemtype"))
		{
			if (holds(v, vl, "Product") || holds(v, vl, "Offer"))
				b |= B_PRODUCT;
			if (holds(v, vl, "Comment") || holds(v, vl, "Review") || holds(v, vl, "Answer") ||
				holds(v, vl, "Question") || holds(v, vl, "DiscussionForumPosting"))
				b |= B_UGC;
		}
		else if (equals(nm, nl, "role"))
		{
			if (vl == 8 && td_ascii_iprefix(v, vl, "tabpanel", 8))
				b |= B_TAB;
		}
		else if (equals(nm, nl, "hidden"))
			b |= B_HIDDEN;
		else if (equals(nm, nl, "aria-hidden"))
		{
			if (vl == 4 && td_ascii_iprefix(v, vl, "true", 4))
				b |= B_HIDDEN;
		}
		else if (equals(nm, nl, "style") && style_hides(v, vl))
			b |= B_HIDDEN;
	}
	return b;
}

/* Same-shape sibling groups: open addressing on (parent, name, class). */
typedef struct group
{
	uint64_t	key;			/* 0: empty slot */
	uint32_t	count;
	double		text,
				anchor;
} group;

static uint64_t
group_key(const td_tree *t, uint32_t i)
{
	uint32_t	cl = 0;
	const char *c = td_node_attr(t, i, "class", &cl);
	uint64_t	h = td_hash64(td_node_str(t, i), t->nodes[i].str_len, t->nodes[i].parent);

	h = td_hash_mix(h, td_hash64(c ? c : "", c ? cl : 0, 0x9e3779b97f4a7c15ULL));
	return h ? h : 1;
}

td_status
td_evidence_rows(const td_tree *t, const td_features *f, const uint32_t *vis, float *out,
				 size_t stride)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes,
				cap = 16,
				rmin = UINT32_MAX,
				rmax = 0,
				top = UINT32_MAX;
	uint8_t    *bits = NULL;
	uint32_t   *sec = NULL,
			   *heads = NULL,
			   *gid = NULL;
	float	   *ig = NULL;
	group	   *g = NULL;
	double		total = n ? vis[0] : 0;
	float		top_share = 0,
				top_links = 0;
	td_status	st = TD_OK;

	if (n == 0)
		return TD_OK;
	while (cap < 2 * (uint64_t) n)
		cap *= 2;
	bits = td_alloc(env, n);
	sec = td_alloc(env, sizeof(uint32_t) * n);
	heads = td_alloc(env, sizeof(uint32_t) * n);
	gid = td_alloc(env, sizeof(uint32_t) * n);
	ig = td_alloc(env, sizeof(float) * n);
	g = td_alloc(env, sizeof(group) * cap);
	if (!bits || !sec || !heads || !gid || !ig || !g)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for evidence columns");
		goto done;
	}
	memset(g, 0, sizeof(group) * cap);
	memset(heads, 0, sizeof(uint32_t) * n);
	bits[0] = 0;
	sec[0] = 0;
	gid[0] = UINT32_MAX;
	/* down: own bits, sections, groups, the region's bounds */
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		const float *x = td_feature_row(f, i);

		if (td_poll_every(env, i - 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "evidence columns interrupted");
			goto done;
		}
		bits[i] = bits[nd->parent];
		sec[i] = sec[nd->parent];
		gid[i] = UINT32_MAX;
		if (f->main_region[i])
		{
			rmin = rmin < i ? rmin : i;
			rmax = i;
		}
		if (nd->kind != TD_ELEM)
			continue;
		bits[i] |= own_evidence(t, i);
		if (x[TD_FEAT_PAGE_SHARE] >= SEC_SHARE)
			sec[i] = i;
		if (nd->parent != TD_NONE)
		{
			uint64_t	k = group_key(t, i);
			uint32_t	s = (uint32_t) (k & (cap - 1));

			while (g[s].key && g[s].key != k)
				s = (s + 1) & (cap - 1);
			g[s].key = k;
			g[s].count++;
			g[s].text += vis[i];
			g[s].anchor += vis[i] * (double) x[TD_FEAT_ANCHOR_TEXT];
			gid[i] = s;
		}
	}
	/* the top group */
	for (uint32_t s = 0; s < cap; s++)
		if (g[s].count >= 3 && g[s].text > 0 && (top == UINT32_MAX || g[s].text > g[top].text))
			top = s;
	if (top != UINT32_MAX && total > 0)
	{
		top_share = (float) (g[top].text / total);
		top_links = (float) (g[top].anchor / g[top].text);
	}
	/* up: headings in subtrees */
	for (uint32_t i = n; i-- > 1;)
	{
		const td_node *nd = &t->nodes[i];

		if (nd->kind == TD_ELEM && nd->tag >= TD_TAG_H1 && nd->tag <= TD_TAG_H6)
			heads[i]++;
		heads[nd->parent] += heads[i];
	}
	/* down again: inherited group columns, then the rows */
	ig[0] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		float	   *c = out + (size_t) i * stride;
		float		share = 0;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "evidence columns interrupted");
			goto done;
		}
		ig[i] = ig[nd->parent];
		bits[i] |= bits[nd->parent] & B_TOP;
		if (gid[i] != UINT32_MAX)
		{
			const group *gr = &g[gid[i]];

			share = gr->count >= 2 && total > 0 ? (float) (gr->text / total) : 0;
			if (gr->count >= 3 && share > ig[i])
				ig[i] = share;
			if (gid[i] == top)
				bits[i] |= B_TOP;
		}
		if (nd->kind != TD_ELEM)
			continue;
		c[TD_EV_IN_UGC] = (bits[i] & B_UGC) ? 1 : 0;
		c[TD_EV_IP_BODY] = (bits[i] & B_BODY) ? 1 : 0;
		c[TD_EV_IP_PRODUCT] = (bits[i] & B_PRODUCT) ? 1 : 0;
		c[TD_EV_IN_TAB] = (bits[i] & B_TAB) ? 1 : 0;
		c[TD_EV_CSS_HIDDEN] = (bits[i] & B_HIDDEN) ? 1 : 0;
		c[TD_EV_IN_REGION] = f->main_region[i] ? 1 : 0;
		c[TD_EV_BEFORE_REGION] = rmin != UINT32_MAX && nd->end <= rmin;
		c[TD_EV_AFTER_REGION] = rmin != UINT32_MAX && i > rmax;
		c[TD_EV_LOG_HEADS] = (float) log1p(heads[i]);
		c[TD_EV_HEAD_KCHAR] = vis[i] > 0 ? (float) log1p(1000.0 * heads[i] / vis[i]) : 0;
		c[TD_EV_SEC_LINKS] = sec[i] ? td_feature_row(f, sec[i])[TD_FEAT_ANCHOR_TEXT] : 0;
		c[TD_EV_GRP_SHARE] = share;
		c[TD_EV_IN_GRP_SHARE] = ig[i];
		c[TD_EV_TOP_GRP] = (bits[i] & B_TOP) ? 1 : 0;
		c[TD_EV_P_TOP_SHARE] = top_share;
		c[TD_EV_P_TOP_LINKS] = top_links;
	}
done:
	td_free(env, bits);
	td_free(env, sec);
	td_free(env, heads);
	td_free(env, gid);
	td_free(env, ig);
	td_free(env, g);
	return st;
}
