/*
 * menu.c — the n-complete-subdigraph search of Algorithm 2 (menu.h).
 *
 * "connections" are kept as, per page read, the sorted positions (in
 * Algorithm 1's order) of the key page's links it links to; l <-> l' is a
 * mutual link when each list holds the other.  The CS containing the new
 * page is a maximum clique among the pages read that are mutually linked
 * with it, found by a depth-first search cut off at n (the recursion depth
 * is at most n, never the page's depth).
 */
#include "menu/menu.h"

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "util/poll.h"

/* clique search steps between two polls of env->interrupted */
#define POLL_EVERY 4096

typedef struct td_menu_read
{
	uint32_t	pos;			/* position in links.order */
	uint32_t   *out;			/* sorted positions it links to */
	uint32_t	n_out;
} read_page;

typedef struct search
{
	td_env	   *env;
	uint32_t	target;			/* members sought besides the new page */
	uint8_t    *adj;			/* m × m mutual links among the candidates */
	uint32_t	m;
	uint32_t   *cur,
			   *best;
	uint32_t	best_len;
	uint32_t   *level;			/* target levels of m candidates each */
	uint64_t	steps;
} search;

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *) a,
				y = *(const uint32_t *) b;

	return x < y ? -1 : x > y;
}

static int
links_to(const read_page *p, uint32_t pos)
{
	return p->n_out > 0 && bsearch(&pos, p->out, p->n_out, sizeof(uint32_t), cmp_u32) != NULL;
}

/* The position in links.order of url, TD_NONE when the key page has no such link. */
static uint32_t
find_pos(const td_links *links, const uint32_t *slots, uint32_t cap, const char *u, size_t ul)
{
	uint32_t	h = (uint32_t) td_hash64(u, ul, 0x4d454e55ULL) & (cap - 1);

	for (; slots[h] != TD_NONE; h = (h + 1) & (cap - 1))
	{
		uint32_t	idx = links->order[slots[h]];

		if (links->v[idx].url_len == ul && memcmp(td_link_url(links, idx), u, ul) == 0)
			return slots[h];
	}
	return TD_NONE;
}

/* Depth-first maximum clique among cand (indices into the candidates), capped at target. */
static td_status
clique(search *s, uint32_t depth, const uint32_t *cand, uint32_t n_cand)
{
	td_status	st;

	if (depth > s->best_len)
	{
		memcpy(s->best, s->cur, depth * sizeof(uint32_t));
		s->best_len = depth;
	}
	for (uint32_t i = 0; i < n_cand && s->best_len < s->target; i++)
	{
		uint32_t   *next = s->level + (size_t) depth * s->m;
		uint32_t	n_next = 0;

		if (depth + (n_cand - i) <= s->best_len)
			break;
		if (td_poll_every(s->env, ++s->steps, POLL_EVERY))
			return td_fail(s->env, TD_EINTR, "interrupted");
		for (uint32_t j = i + 1; j < n_cand; j++)
			if (s->adj[(size_t) cand[i] * s->m + cand[j]])
				next[n_next++] = cand[j];
		s->cur[depth] = cand[i];
		if ((st = clique(s, depth + 1, next, n_next)) != TD_OK)
			return st;
	}
	return TD_OK;
}

/*
 * The largest CS containing page k (the last read), capped at n: written to
 * cs (positions, ascending) with its size.
 */
static td_status
largest_cs(td_env *env, const read_page *pages, uint32_t k, uint32_t n, uint32_t *cs,
		   uint32_t *cs_size)
{
	search		s;
	uint32_t   *cand;
	uint32_t   *all;
	td_status	st = TD_OK;

	memset(&s, 0, sizeof(s));
	s.env = env;
	s.target = n - 1;
	cand = td_alloc(env, (size_t) (k + 1) * sizeof(uint32_t));
	if (!cand)
		return td_fail(env, TD_ENOMEM, "out of memory");
	for (uint32_t j = 0; j < k; j++)
		if (links_to(&pages[k], pages[j].pos) && links_to(&pages[j], pages[k].pos))
			cand[s.m++] = j;
	*cs_size = 1;
	cs[0] = pages[k].pos;
	if (s.m == 0 || s.target == 0)
		goto done;

	s.adj = td_alloc(env, (size_t) s.m * s.m);
	s.cur = td_alloc(env, (size_t) n * sizeof(uint32_t));
	s.best = td_alloc(env, (size_t) n * sizeof(uint32_t));
	s.level = td_alloc(env, (size_t) n * s.m * sizeof(uint32_t));
	all = td_alloc(env, (size_t) s.m * sizeof(uint32_t));
	if (!s.adj || !s.cur || !s.best || !s.level || !all)
	{
		td_free(env, all);
		st = td_fail(env, TD_ENOMEM, "out of memory");
		goto done;
	}
	for (uint32_t a = 0; a < s.m; a++)
	{
		/* m is bounded only by max_pages_read: poll once per row */
		if (td_interrupted(env))
		{
			td_free(env, all);
			st = td_fail(env, TD_EINTR, "interrupted");
			goto done;
		}
		all[a] = a;
		for (uint32_t b = 0; b < s.m; b++)
			s.adj[(size_t) a * s.m + b] = (uint8_t) (a != b &&
													 links_to(&pages[cand[a]], pages[cand[b]].pos) &&
													 links_to(&pages[cand[b]], pages[cand[a]].pos));
	}
	st = clique(&s, 0, all, s.m);
	td_free(env, all);
	if (st != TD_OK)
		goto done;
	for (uint32_t i = 0; i < s.best_len; i++)
		cs[(*cs_size)++] = pages[cand[s.best[i]]].pos;
	qsort(cs, *cs_size, sizeof(uint32_t), cmp_u32);
done:
	td_free(env, cand);
	td_free(env, s.adj);
	td_free(env, s.cur);
	td_free(env, s.best);
	td_free(env, s.level);
	return st;
}

/* The positions (sorted, distinct, not self) of the key page's links that page links to. */
static td_status
page_out(td_env *env, const td_tree *page, const td_links *key, const uint32_t *slots,
		 uint32_t cap, uint32_t self, unsigned flags, read_page *rp)
{
	td_links	pl;
	td_status	st;
	uint32_t	n = 0;

	td_links_init(&pl, env);
	st = td_links_extract(page, td_link_url(key, key->order[self]),
						  key->v[key->order[self]].url_len, flags & TD_LINKS_UNWRAP_ARCHIVE, &pl);
	if (st == TD_OK && pl.n > 0)
	{
		rp->out = td_alloc(env, (size_t) pl.n * sizeof(uint32_t));
		if (!rp->out)
			st = td_fail(env, TD_ENOMEM, "out of memory");
	}
	for (uint32_t i = 0; st == TD_OK && i < pl.n; i++)
	{
		uint32_t	pos = find_pos(key, slots, cap, td_link_url(&pl, i), pl.v[i].url_len);

		if (pos != TD_NONE && pos != self)
			rp->out[n++] = pos;
	}
	if (st == TD_OK && n > 0)
	{
		uint32_t	w = 1;

		qsort(rp->out, n, sizeof(uint32_t), cmp_u32);
		for (uint32_t i = 1; i < n; i++)
			if (rp->out[i] != rp->out[w - 1])
				rp->out[w++] = rp->out[i];
		n = w;
	}
	rp->n_out = n;
	td_links_free(&pl);
	return st;
}

td_status
td_menu_search_begin(td_menu_search *s, td_env *env, const td_tree *key, const char *key_url,
					 size_t key_len, const td_menu_options *opt, td_menu_result *out)
{
	td_links   *links = &out->links;
	uint32_t	most_reads;
	td_status	st;

	memset(s, 0, sizeof(*s));
	s->env = env;
	s->out = out;
	s->n = opt->n;
	s->max_reads = opt->max_reads;
	s->flags = opt->flags;
	s->cap = 1;
	memset(out, 0, sizeof(*out));
	td_links_init(links, env);
	if (opt->n < 1 || opt->n > TD_MENU_MAX_N)
		return td_fail(env, TD_EARG, "n must be between 1 and %d", TD_MENU_MAX_N);
	if ((st = td_links_extract(key, key_url, key_len, opt->flags, links)) != TD_OK ||
		(st = td_links_order(key, links, key_url, key_len)) != TD_OK)
		return st;

	while (s->cap < 2 * (links->n_order + 1))
		s->cap <<= 1;
	most_reads = opt->max_reads < links->n_order ? opt->max_reads : links->n_order;
	s->slots = td_alloc(env, (size_t) s->cap * sizeof(uint32_t));
	s->pages = td_alloc(env, ((size_t) most_reads + 1) * sizeof(read_page));
	out->cs = td_alloc(env, (size_t) opt->n * sizeof(uint32_t));
	out->read = td_alloc(env, ((size_t) most_reads + 1) * sizeof(uint32_t));
	s->cs = td_alloc(env, (size_t) opt->n * sizeof(uint32_t));
	if (!s->slots || !s->pages || !out->cs || !out->read || !s->cs)
		return td_fail(env, TD_ENOMEM, "out of memory");
	memset(s->slots, 0xff, (size_t) s->cap * sizeof(uint32_t));
	for (uint32_t p = 0; p < links->n_order; p++)
	{
		const char *u = td_link_url(links, links->order[p]);
		uint32_t	ul = links->v[links->order[p]].url_len;
		uint32_t	h = (uint32_t) td_hash64(u, ul, 0x4d454e55ULL) & (s->cap - 1);

		while (s->slots[h] != TD_NONE)
			h = (h + 1) & (s->cap - 1);
		s->slots[h] = p;
	}
	return TD_OK;
}

td_status
td_menu_search_next(td_menu_search *s, const char **url, size_t *len)
{
	const td_links *links = &s->out->links;
	uint32_t	idx;

	*url = NULL;
	*len = 0;
	if (s->next >= links->n_order || s->n_read >= s->max_reads || s->out->cs_size == s->n)
		return TD_OK;
	if (td_interrupted(s->env))
		return td_fail(s->env, TD_EINTR, "interrupted");
	idx = links->order[s->next];
	s->out->lookups++;
	*url = td_link_url(links, idx);
	*len = links->v[idx].url_len;
	return TD_OK;
}

td_status
td_menu_search_add(td_menu_search *s, td_tree *page)
{
	td_status	st = td_menu_search_add_kept(s, page);

	td_tree_free(page);
	return st;
}

td_status
td_menu_search_add_kept(td_menu_search *s, const td_tree *page)
{
	td_menu_result *out = s->out;
	read_page  *rp = &s->pages[s->n_read];
	uint32_t	p = s->next++;
	uint32_t	cs_size = 0;
	td_status	st;

	if (page == NULL)
		return TD_OK;			/* not in the crawl: skipped */
	out->read[out->pages_read++] = p;
	rp->pos = p;
	rp->out = NULL;
	rp->n_out = 0;
	st = page_out(s->env, page, &out->links, s->slots, s->cap, p, s->flags, rp);
	s->n_read++;
	if (st != TD_OK)
		return st;
	if ((st = largest_cs(s->env, s->pages, s->n_read - 1, s->n, s->cs, &cs_size)) != TD_OK)
		return st;
	if (cs_size > out->cs_size)
	{
		memcpy(out->cs, s->cs, cs_size * sizeof(uint32_t));
		out->cs_size = cs_size;
	}
	return TD_OK;
}

td_status
td_menu_search_end(td_menu_search *s, td_status st)
{
	td_env	   *env = s->env;

	if (st != TD_OK)
		td_menu_result_free(s->out);
	for (uint32_t i = 0; s->pages && i < s->n_read; i++)
		td_free(env, s->pages[i].out);
	td_free(env, s->pages);
	td_free(env, s->slots);
	td_free(env, s->cs);
	memset(s, 0, sizeof(*s));
	return st;
}

td_status
td_menu_pages(td_env *env, const td_tree *key, const char *key_url, size_t key_len,
			  const td_menu_options *opt, td_page_loader load, void *arg,
			  td_menu_result *out)
{
	td_menu_search s;
	const char *url;
	size_t		len;
	td_status	st = td_menu_search_begin(&s, env, key, key_url, key_len, opt, out);

	while (st == TD_OK && (st = td_menu_search_next(&s, &url, &len)) == TD_OK && url != NULL)
	{
		td_tree    *page = NULL;

		if ((st = load(arg, url, len, &page)) == TD_OK)
			st = td_menu_search_add(&s, page);
	}
	return td_menu_search_end(&s, st);
}

void
td_menu_result_free(td_menu_result *res)
{
	td_env	   *env = res->links.env;

	if (env)
	{
		td_free(env, res->cs);
		td_free(env, res->read);
	}
	td_links_free(&res->links);
	res->cs = NULL;
	res->read = NULL;
	res->cs_size = 0;
}
