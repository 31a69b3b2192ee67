/*
 * context.c — page-context features for the tree classifier (context.h).
 */
#include "page/context.h"

#include <math.h>
#include <string.h>

#include "base/hash.h"
#include "base/render.h"
#include "base/tags.h"
#include "util/ascii.h"
#include "util/poll.h"

#define POLL_EVERY 4096
#define TMPL_SMALL_SHARE 0.3

const char *const td_context_names[TD_N_CONTEXT] = {
#define TD_CTX_NAME(id, name) name,
	TD_CONTEXT_LIST(TD_CTX_NAME)
#undef TD_CTX_NAME
};

const char *
td_row_name(uint32_t j)
{
	return j < TD_N_FEATURES ? td_feature_names[j] : td_context_names[j - TD_N_FEATURES];
}

uint64_t
td_node_shape(const td_tree *t, uint32_t i)
{
	uint32_t	cl = 0;
	const char *c = td_node_attr(t, i, "class", &cl);
	uint64_t	h = td_hash64(c ? c : "", c ? cl : 0, (uint64_t) t->nodes[i].tag + 1);

	if (t->nodes[i].tag == TD_TAG_UNKNOWN)
		h = td_hash_mix(h, td_hash64(td_node_str(t, i), t->nodes[i].str_len, 0));
	return h;
}

static int
attr_is(const td_tree *t, uint32_t i, const char *name, const char *value)
{
	uint32_t	l = 0;
	const char *v = td_node_attr(t, i, name, &l);
	size_t		vl = strlen(value);

	return v && l == vl && td_ascii_iprefix(v, l, value, vl);
}

/* JSON-LD and og:type flags of the page into page[]. */
static void
page_kind(const td_tree *t, uint32_t i, float *page)
{
	const td_node *nd = &t->nodes[i];

	if (nd->kind == TD_TEXT && nd->parent != TD_NONE &&
		t->nodes[nd->parent].tag == TD_TAG_SCRIPT)
	{
		uint32_t	l = 0;
		const char *ty = td_node_attr(t, nd->parent, "type", &l);
		const char *s = td_node_str(t, i);

		if (!ty || !td_bytes_hold(ty, l, "ld+json"))
			return;
		if (td_bytes_hold(s, nd->str_len, "\"Product\""))
			page[TD_CTX_P_LD_PRODUCT] = 1;
		if (td_bytes_hold(s, nd->str_len, "\"Article\"") ||
			td_bytes_hold(s, nd->str_len, "\"NewsArticle\"") ||
			td_bytes_hold(s, nd->str_len, "\"BlogPosting\""))
			page[TD_CTX_P_LD_ARTICLE] = 1;
		if (td_bytes_hold(s, nd->str_len, "\"DiscussionForumPosting\"") ||
			td_bytes_hold(s, nd->str_len, "\"QAPage\"") ||
			td_bytes_hold(s, nd->str_len, "\"Question\""))
			page[TD_CTX_P_LD_FORUM] = 1;
		if (td_bytes_hold(s, nd->str_len, "\"ItemList\"") ||
			td_bytes_hold(s, nd->str_len, "\"CollectionPage\"") ||
			td_bytes_hold(s, nd->str_len, "\"SearchResultsPage\"") ||
			td_bytes_hold(s, nd->str_len, "\"OfferCatalog\""))
			page[TD_CTX_P_LD_LIST] = 1;
		return;
	}
	if (nd->kind != TD_ELEM)
		return;
	if (nd->tag == TD_TAG_META && attr_is(t, i, "property", "og:type"))
	{
		uint32_t	l = 0;
		const char *v = td_node_attr(t, i, "content", &l);

		if (v && l >= 7 && td_bytes_hold(v, l, "article"))
			page[TD_CTX_P_OG_ARTICLE] = 1;
		if (v && l >= 7 && td_bytes_hold(v, l, "product"))
			page[TD_CTX_P_OG_PRODUCT] = 1;
	}
	if (nd->tag == TD_TAG_ARTICLE)
		page[TD_CTX_P_ARTICLES] += 1;
	if (nd->tag == TD_TAG_MAIN || attr_is(t, i, "role", "main"))
		page[TD_CTX_P_HAS_MAIN] = 1;
}

static int
is_template_marker(const float *x)
{
	if (x[TD_FEAT_TAG_NAV] || x[TD_FEAT_TAG_HEADER] || x[TD_FEAT_TAG_FOOTER] ||
		x[TD_FEAT_TAG_ASIDE])
		return 1;
	for (int k = TD_FEAT_TOK_NAV; k < TD_FEAT_TOK_CONTENT; k++)
		if (x[k])
			return 1;
	return 0;
}

td_status
td_context_rows(const td_tree *t, const td_features *f, float **rows)
{
	return td_context_rows_of(t, f, NULL, t->n_nodes, rows);
}

td_status
td_context_rows_of(const td_tree *t, const td_features *f, const uint32_t *which,
				   uint32_t n_rows, float **rows)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	float	   *r = NULL;
	uint32_t   *vis = NULL,
			   *grp = NULL,
			   *kids = NULL,
			   *inrep = NULL;
	uint8_t    *flag = NULL;	/* bit 1 comment, 2 small template, 4 in a link */
	uint64_t   *hkey = NULL;	/* hash table of (parent, shape) keys ... */
	uint32_t   *hcount = NULL;	/* ... and the elements under each */
	uint32_t   *slot = NULL;	/* per element: its key's slot */
	uint32_t   *hid = NULL;		/* per slot: its group's number, by first element */
	uint32_t   *gid = NULL;		/* per element: its group's number (td_evidence_rows_grouped) */
	uint32_t	hmask,
				n_groups = 0;
	float		page[TD_N_CONTEXT];
	double		total,
				rep = 0,
				com = 0,
				lnk = 0;
	td_status	st = TD_OK;
	int			have_main = 0;

	*rows = NULL;
	if (f->n_nodes != n)
		return td_fail(env, TD_EARG, "features of another tree");
	if (n == 0)
		return TD_OK;
	if (which == NULL)
		n_rows = n;
	r = td_alloc(env, sizeof(float) * ((size_t) n_rows * TD_N_ROW + 1));
	if (!f->visible)
		vis = td_alloc(env, sizeof(uint32_t) * n);
	grp = td_alloc(env, sizeof(uint32_t) * n);
	kids = td_alloc(env, sizeof(uint32_t) * n);
	inrep = td_alloc(env, sizeof(uint32_t) * n);
	flag = td_alloc(env, n);
	/* a power of two at least twice the nodes: load under 1/2 */
	for (hmask = 1; hmask < 2 * n; hmask <<= 1)
		;
	hkey = td_alloc(env, sizeof(uint64_t) * hmask);
	hcount = td_alloc(env, sizeof(uint32_t) * hmask);
	slot = td_alloc(env, sizeof(uint32_t) * n);
	hid = td_alloc(env, sizeof(uint32_t) * hmask);
	gid = td_alloc(env, sizeof(uint32_t) * n);
	hmask--;
	if (!r || (!vis && !f->visible) || !grp || !kids || !inrep || !flag || !hkey || !hcount ||
		!slot || !hid || !gid)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for context features");
		goto done;
	}
	if (vis)
		td_visible_lengths(t, vis);
	else
		vis = f->visible;		/* td_compute_features' (not freed below) */
	total = vis[0];
	memset(page, 0, sizeof(page));
	memset(grp, 0, sizeof(uint32_t) * n);
	memset(kids, 0, sizeof(uint32_t) * n);
	/*
	 * groups: elements counted by their (parent, shape) key in a hash table
	 * (open addressing, keys compared whole: as a sort by key would group
	 * them), then each element gets its key's count
	 */
	memset(hcount, 0, sizeof(uint32_t) * (hmask + 1));
	for (uint32_t i = 1; i < n; i++)
	{
		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "context features interrupted");
			goto done;
		}
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].parent != TD_NONE)
		{
			uint64_t	k = td_hash_mix(td_node_shape(t, i), t->nodes[i].parent);
			uint32_t	h = (uint32_t) (k ^ (k >> 32)) & hmask;

			while (hcount[h] && hkey[h] != k)
				h = (h + 1) & hmask;
			if (hcount[h] == 0)
				hid[h] = n_groups++;
			hkey[h] = k;
			hcount[h]++;
			slot[i] = h;
			gid[i] = hid[h];
		}
		page_kind(t, i, page);
	}
	for (uint32_t i = 1; i < n; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].parent != TD_NONE)
		{
			uint32_t	p = t->nodes[i].parent;

			grp[i] = hcount[slot[i]];
			if (grp[i] > kids[p])
				kids[p] = grp[i];
		}
	/* inherited flags, document order (parents first) */
	inrep[0] = 0;
	flag[0] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		uint32_t	p = nd->parent;
		const float *x = td_feature_row(f, i);

		inrep[i] = inrep[p];
		flag[i] = flag[p];
		if (nd->kind == TD_ELEM)
		{
			if (grp[i] >= 3 && grp[i] > inrep[i])
				inrep[i] = grp[i];
			if (x[TD_FEAT_TOK_COMMENT])
				flag[i] |= 1;
			if (x[TD_FEAT_PAGE_SHARE] < TMPL_SMALL_SHARE && is_template_marker(x))
				flag[i] |= 2;
			if (nd->tag == TD_TAG_A)
				flag[i] |= 4;
			if (!have_main && x[TD_FEAT_IN_MAIN])
			{
				have_main = 1;
				page[TD_CTX_P_MAIN_LINKS] = x[TD_FEAT_ANCHOR_TEXT];
				page[TD_CTX_P_MAIN_SHARE] = x[TD_FEAT_PAGE_SHARE];
			}
		}
		else if (nd->kind == TD_TEXT && !(nd->flags & TD_F_INHIDDEN))
		{
			rep += inrep[i] ? vis[i] : 0;
			com += (flag[i] & 1) ? vis[i] : 0;
			lnk += (flag[i] & 4) ? vis[i] : 0;
		}
	}
	page[TD_CTX_P_ARTICLES] = (float) log1p(page[TD_CTX_P_ARTICLES]);
	page[TD_CTX_P_REP_SHARE] = total > 0 ? (float) (rep / total) : 0;
	page[TD_CTX_P_COMMENT_SHARE] = total > 0 ? (float) (com / total) : 0;
	page[TD_CTX_P_LINK_SHARE] = total > 0 ? (float) (lnk / total) : 0;
	page[TD_CTX_P_LOG_CHARS] = (float) log1p(total);
	/*
	 * The rows: the element's features, then the context columns.  This
	 * loop is the one place columns are written: a new column is filled
	 * here (per page in page[] above, per element below).
	 */
	for (uint32_t j = 0; j < n_rows; j++)
	{
		uint32_t	i = which ? which[j] : j;
		float	   *row = r + (size_t) j * TD_N_ROW,
				   *c = row + TD_N_FEATURES;

		if (t->nodes[i].kind != TD_ELEM)
		{
			memset(row, 0, sizeof(float) * TD_N_ROW);
			continue;
		}
		memcpy(row, td_feature_row(f, i), sizeof(float) * TD_N_FEATURES);
		memcpy(c, page, sizeof(page));
		c[TD_CTX_SIZE_CLASS] = f->size_class[i];
		c[TD_CTX_REP_SIB] = (float) log1p(grp[i] ? grp[i] - 1 : 0);
		c[TD_CTX_REP_KIDS] = (float) log1p(kids[i]);
		c[TD_CTX_IN_REP] = (float) log1p(inrep[i]);
		c[TD_CTX_TMPL_SMALL] = (flag[i] & 2) ? 1 : 0;
		c[TD_CTX_IN_COMMENT] = (flag[i] & 1) ? 1 : 0;
	}
	/* the evidence groups are these (parent, tag, class) groups: not hashed again */
	if ((st = td_evidence_rows_grouped(t, f, vis, gid, n_groups, which, n_rows,
									   r + TD_ROW_EVIDENCE, TD_N_ROW)) != TD_OK)
		goto done;
	*rows = r;
	r = NULL;
done:
	td_free(env, r);
	if (vis != f->visible)
		td_free(env, vis);
	td_free(env, grp);
	td_free(env, kids);
	td_free(env, inrep);
	td_free(env, flag);
	td_free(env, hkey);
	td_free(env, hcount);
	td_free(env, slot);
	td_free(env, hid);
	td_free(env, gid);
	return st;
}
