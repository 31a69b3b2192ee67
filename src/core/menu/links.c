/*
 * links.c — link extraction and Algorithm 1 of seed 003 (links.h).
 *
 * The DOM distance to the nearest other link is computed for all links at
 * once: a reverse pass gives every node its two nearest links below it
 * through different children, then each link walks up its ancestors, so the
 * whole is O(nodes + links × depth) instead of links².
 */
#include "menu/links.h"

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/tags.h"
#include "util/poll.h"
#include "util/url.h"

#define POLL_EVERY 4096
#define FAR UINT32_MAX

void
td_links_init(td_links *links, td_env *env)
{
	memset(links, 0, sizeof(*links));
	links->env = env;
	td_buf_init(&links->urls, env);
}

void
td_links_free(td_links *links)
{
	td_free(links->env, links->v);
	td_free(links->env, links->order);
	td_buf_free(&links->urls);
	links->v = NULL;
	links->order = NULL;
	links->n = links->n_order = 0;
	links->cap = 0;
}

/* The document's first <base href>, resolved, appended to out (nothing when none). */
static td_status
base_href(td_env *env, const td_tree *tree, const char *page, size_t page_len, td_buf *out)
{
	for (uint32_t i = 0; i < tree->n_nodes; i++)
	{
		const char *href;
		uint32_t	hl;
		td_status	st;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		if (tree->nodes[i].kind != TD_ELEM || tree->nodes[i].tag != TD_TAG_BASE ||
			(href = td_node_attr(tree, i, "href", &hl)) == NULL)
			continue;
		st = td_url_resolve(env, page, page_len, href, hl, out);
		return st == TD_EARG ? TD_OK : st;	/* an unusable <base> is ignored */
	}
	return TD_OK;
}

/*
 * Replaces the URL at off..end of urls by its original when it is a Wayback
 * address; TD_EARG (urls unchanged) when the original is not a web URL.
 */
static td_status
unwrap(td_env *env, td_buf *urls, size_t off)
{
	size_t		inner = td_url_unwrap_archive(urls->data + off, urls->len - off);
	td_buf		orig;
	td_status	st;

	if (inner == 0)
		return TD_OK;
	td_buf_init(&orig, env);
	st = td_url_resolve(env, NULL, 0, urls->data + off + inner, urls->len - off - inner, &orig);
	if (st == TD_OK)
	{
		urls->len = off;
		st = td_buf_append(urls, orig.data, orig.len);
	}
	td_buf_free(&orig);
	return st;
}

td_status
td_links_extract(const td_tree *tree, const char *page_url, size_t url_len,
				 unsigned flags, td_links *links)
{
	td_env	   *env = links->env;
	td_buf		page,
				base;
	const char *site;			/* the page's site host (td_url_base_site) */
	size_t		site_len;
	td_status	st;

	td_buf_init(&page, env);
	td_buf_init(&base, env);
	if ((st = td_url_resolve(env, NULL, 0, page_url, url_len, &page)) != TD_OK)
		goto done;
	if ((st = base_href(env, tree, page.data, page.len, &base)) != TD_OK)
		goto done;
	if (base.len == 0 && (st = td_buf_append(&base, page.data, page.len)) != TD_OK)
		goto done;
	/* an archived page is on its original's site */
	if ((flags & TD_LINKS_UNWRAP_ARCHIVE) && (st = unwrap(env, &page, 0)) != TD_OK)
	{
		if (st != TD_EARG)
			goto done;
		st = TD_OK;				/* not a web original: the page stays on the archive */
	}
	td_url_base_site(page.data, page.len, &site, &site_len);

	for (uint32_t i = 0; i < tree->n_nodes; i++)
	{
		const td_node *nd = &tree->nodes[i];
		const char *href;
		uint32_t	hl;
		size_t		off = links->urls.len;
		td_link    *l;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		if (nd->kind != TD_ELEM || (nd->tag != TD_TAG_A && nd->tag != TD_TAG_AREA) ||
			(href = td_node_attr(tree, i, "href", &hl)) == NULL)
			continue;
		st = td_url_resolve(env, base.data, base.len, href, hl, &links->urls);
		if (st == TD_EARG)
		{
			st = TD_OK;			/* a malformed or non-web href: not a link */
			continue;
		}
		if (st != TD_OK)
			goto done;
		if ((flags & TD_LINKS_UNWRAP_ARCHIVE) &&
			(st = unwrap(env, &links->urls, off)) != TD_OK)
		{
			if (st != TD_EARG)
				goto done;
			st = TD_OK;
			links->urls.len = off;
			continue;
		}
		if ((flags & TD_LINKS_SAME_DOMAIN) && !td_url_same_site_host(site, site_len,
												  links->urls.data + off, links->urls.len - off))
		{
			links->urls.len = off;
			continue;
		}
		if (links->urls.len > UINT32_MAX / 2)
		{
			st = td_fail(env, TD_ELIMIT, "the page's links are over 2 GB");
			goto done;
		}
		if ((st = td_grow(env, (void **) &links->v, &links->cap, (size_t) links->n + 1,
						  sizeof(td_link))) != TD_OK)
			goto done;
		l = &links->v[links->n++];
		l->node = i;
		l->url_off = (uint32_t) off;
		l->url_len = (uint32_t) (links->urls.len - off);
		if ((st = td_buf_putc(&links->urls, '\0')) != TD_OK)	/* each URL NUL-terminated */
			goto done;
		l->hdist = 0;
		l->ddist = FAR;
	}
done:
	td_buf_free(&page);
	td_buf_free(&base);
	return st;
}

uint32_t
td_dom_distance(const td_tree *tree, uint32_t a, uint32_t b)
{
	uint32_t	d = 0;

	while (tree->nodes[a].depth > tree->nodes[b].depth)
		a = tree->nodes[a].parent, d++;
	while (tree->nodes[b].depth > tree->nodes[a].depth)
		b = tree->nodes[b].parent, d++;
	while (a != b)
	{
		a = tree->nodes[a].parent;
		b = tree->nodes[b].parent;
		d += 2;
	}
	return d;
}

/* Sets ddist of every link (links.h); see the file comment. */
static td_status
nearest_links(const td_tree *tree, td_links *links)
{
	td_env	   *env = links->env;
	uint32_t	n = tree->n_nodes;
	uint32_t   *best1,
			   *best2,
			   *via;
	uint8_t    *is_link;
	td_status	st = TD_OK;

	best1 = td_alloc(env, (size_t) n * sizeof(uint32_t));
	best2 = td_alloc(env, (size_t) n * sizeof(uint32_t));
	via = td_alloc(env, (size_t) n * sizeof(uint32_t));
	is_link = td_alloc(env, n);
	if (!best1 || !best2 || !via || !is_link)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory");
		goto done;
	}
	memset(is_link, 0, n);
	for (uint32_t k = 0; k < links->n; k++)
		is_link[links->v[k].node] = 1;
	for (uint32_t v = 0; v < n; v++)
		best1[v] = best2[v] = FAR, via[v] = TD_NONE;

	/* nearest link strictly below each node, and the nearest through another child */
	for (uint32_t v = n; v-- > 1;)
	{
		uint32_t	p = tree->nodes[v].parent;
		uint32_t	d = is_link[v] ? 0 : best1[v];

		if (td_poll_every(env, v, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		if (d == FAR || p == TD_NONE)
			continue;
		d++;
		if (d < best1[p])
		{
			best2[p] = best1[p];
			best1[p] = d;
			via[p] = v;
		}
		else if (d < best2[p])
			best2[p] = d;
	}

	for (uint32_t k = 0; k < links->n; k++)
	{
		uint32_t	c = links->v[k].node;
		uint32_t	a = tree->nodes[c].parent;
		uint32_t	up = 1;
		uint32_t	d = best1[c];

		if (td_poll_every(env, k + 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		for (; a != TD_NONE; c = a, a = tree->nodes[a].parent, up++)
		{
			uint32_t	other = (via[a] == c) ? best2[a] : best1[a];

			if (is_link[a] && up < d)
				d = up;
			if (other != FAR && up + other < d)
				d = up + other;
		}
		links->v[k].ddist = d;
	}
done:
	td_free(env, best1);
	td_free(env, best2);
	td_free(env, via);
	td_free(env, is_link);
	return st;
}

typedef struct sort_item
{
	int64_t		group;			/* link relevance: smaller first */
	uint32_t	ddist;			/* DOM relevance: larger first */
	uint32_t	idx;			/* document order */
} sort_item;

static int
cmp_item(const void *pa, const void *pb)
{
	const sort_item *a = pa,
			   *b = pb;

	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	if (a->ddist != b->ddist)
		return a->ddist > b->ddist ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

td_status
td_links_order(const td_tree *tree, td_links *links, const char *page_url, size_t url_len)
{
	td_env	   *env = links->env;
	td_buf		key;
	sort_item  *items = NULL;
	uint32_t   *slots = NULL;
	uint32_t	cap = 1;
	td_status	st;

	td_buf_init(&key, env);
	td_free(env, links->order);
	links->order = NULL;
	links->n_order = 0;
	if ((st = td_url_resolve(env, NULL, 0, page_url, url_len, &key)) != TD_OK)
		goto done;
	if ((st = nearest_links(tree, links)) != TD_OK)
		goto done;

	items = td_alloc(env, (size_t) links->n * sizeof(sort_item));
	links->order = td_alloc(env, (size_t) links->n * sizeof(uint32_t));
	while (cap < 2 * (links->n + 1))
		cap <<= 1;
	slots = td_alloc(env, (size_t) cap * sizeof(uint32_t));
	if (!items || !links->order || !slots)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory");
		goto done;
	}
	for (uint32_t k = 0; k < links->n; k++)
	{
		td_link    *l = &links->v[k];
		int32_t		hd = td_url_hdistance(key.data, key.len, td_link_url(links, k), l->url_len);

		l->hdist = hd;
		items[k].group = td_link_relevance(hd);
		items[k].ddist = l->ddist;
		items[k].idx = k;
	}
	qsort(items, links->n, sizeof(sort_item), cmp_item);

	/* one link per distinct URL, the page itself left out */
	memset(slots, 0xff, (size_t) cap * sizeof(uint32_t));
	for (uint32_t k = 0; k < links->n; k++)
	{
		uint32_t	idx = items[k].idx;
		const char *u = td_link_url(links, idx);
		uint32_t	ul = links->v[idx].url_len;
		uint32_t	h = (uint32_t) td_hash64(u, ul, 0x4c494e4b53ULL) & (cap - 1);
		int			seen = 0;

		if (td_poll_every(env, k + 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		if (ul == key.len && memcmp(u, key.data, ul) == 0)
			continue;
		for (; slots[h] != TD_NONE; h = (h + 1) & (cap - 1))
		{
			uint32_t	o = slots[h];

			if (links->v[o].url_len == ul && memcmp(td_link_url(links, o), u, ul) == 0)
			{
				seen = 1;
				break;
			}
		}
		if (seen)
			continue;
		slots[h] = idx;
		links->order[links->n_order++] = idx;
	}
done:
	td_free(env, items);
	td_free(env, slots);
	td_buf_free(&key);
	return st;
}
