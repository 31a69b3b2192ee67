/*
 * links.h — a page's links and their exploration order (seed 003 §2.2:
 * hyperlink distance Def. 2.2.5, DOM distance Def. 2.2.10, link relevance
 * Def. 2.2.12, DOM relevance Def. 2.2.14, Algorithm 1).
 *
 * A link is an <a> or <area> element with an href that resolves (url.h)
 * against the page URL, or against the document's first <base href> when
 * there is one, to an http(s) URL.  Other hrefs (mailto:, javascript:,
 * malformed hosts or ports) are skipped, never an error.
 */
#ifndef TD_LINKS_H
#define TD_LINKS_H

#include "base/tree.h"

typedef struct td_link
{
	uint32_t	node;			/* the a/area element */
	uint32_t	url_off;		/* its normalised absolute URL in td_links.urls */
	uint32_t	url_len;
	int32_t		hdist;			/* hyperlink distance from the page URL (td_links_order) */
	uint32_t	ddist;			/* DOM distance to the nearest other link (td_links_order);
								 * TD_NONE when the page has no other one */
} td_link;

typedef struct td_links
{
	td_env	   *env;
	td_link    *v;				/* in document order */
	uint32_t	n;
	size_t		cap;
	td_buf		urls;			/* the URLs, each followed by a NUL */
	uint32_t   *order;			/* td_links_order: indices into v */
	uint32_t	n_order;
} td_links;

void		td_links_init(td_links *links, td_env *env);
void		td_links_free(td_links *links);

static inline const char *
td_link_url(const td_links *links, uint32_t i)
{
	return links->urls.data + links->v[i].url_off;
}

/* td_links_extract flags */
#define TD_LINKS_SAME_DOMAIN	0x01	/* only links to the page's own site (seed 003 §5.2.4) */
#define TD_LINKS_UNWRAP_ARCHIVE 0x02	/* a Wayback Machine link stands for its original
										 * (td_url_unwrap_archive), for archived pages */

/*
 * Appends the links of tree, in document order, resolved against page_url
 * (an absolute http(s) URL; TD_EARG when it is not).  With
 * TD_LINKS_SAME_DOMAIN, only links to the page's own site (td_url_same_site)
 * are kept (with TD_LINKS_UNWRAP_ARCHIVE, the site of page_url's original).
 * Nested links (an <a> inside an <a>) are kept.  links must be
 * empty (just initialised).
 */
td_status	td_links_extract(const td_tree *tree, const char *page_url, size_t url_len,
							 unsigned flags, td_links *links);

/*
 * Algorithm 1 on the links of td_links_extract: sets hdist (from page_url,
 * normalised) and ddist of every link, then fills order with one link per
 * distinct URL other than page_url itself (getLinks of Algorithm 2: no
 * repeats, no self-link), sorted by
 *   1. link relevance: hdist 0, then +1, +2, ..., then -1, -2, ...;
 *   2. DOM relevance within equal hdist: the larger ddist first (links far
 *      from other links first; no other link counts as infinitely far);
 *   3. document order.
 * A URL takes the place of its best-placed link.  ddist is the DOM distance
 * (Def. 2.2.10: the nodes on both paths below their lowest common ancestor)
 * to the nearest other link of the page, as in the thesis' worked Example
 * 2.2.15: the reference set of Def. 2.2.14 is all the other links (the
 * listing of Algorithm 1 leaves it empty at each group's first choice).
 * Linear in the page size plus a sort.
 */
td_status	td_links_order(const td_tree *tree, td_links *links, const char *page_url,
						   size_t url_len);

/*
 * Link relevance (Def. 2.2.12) as a sort key, smaller first: hyperlink
 * distance 0, +1, +2, ..., then -1, -2, ...
 */
static inline int64_t
td_link_relevance(int32_t hdist)
{
	return hdist >= 0 ? (int64_t) hdist : ((int64_t) 1 << 40) - hdist;
}

/* Def. 2.2.10 between two nodes of one tree (0 for the same node). */
uint32_t	td_dom_distance(const td_tree *tree, uint32_t a, uint32_t b);

#endif							/* TD_LINKS_H */
