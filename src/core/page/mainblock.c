/*
 * mainblock.c — the page's main block (features.h), found the way
 * Readability.js finds its article: the top candidate, which the
 * main-block features describe, and the main region around it (the top
 * candidate refined and joined with its siblings), which clean_text keeps
 * from page-level drops when a site profile has already stripped the
 * template (pagelevel.h, td_combine_drops).
 */
#include <string.h>

#include "page/mainblock.h"
#include "base/tags.h"
#include "util/poll.h"

static double candidate_init(const td_node *nd, const acc *ai);

#define TOP_CANDIDATES 5		/* Readability.js's nbTopCandidates */
#define MIN_ALTERNATIVES 3		/* its MINIMUM_TOPCANDIDATES */

/* Keeps ranked[] the TOP_CANDIDATES best candidates, best first. */
static void
top_insert(uint32_t *ranked, const double *score, uint32_t i)
{
	int			k = TOP_CANDIDATES;

	while (k > 0 && (ranked[k - 1] == TD_NONE || score[ranked[k - 1]] < score[i]))
		k--;
	if (k == TOP_CANDIDATES)
		return;
	memmove(ranked + k + 1, ranked + k, sizeof(uint32_t) * (TOP_CANDIDATES - 1 - k));
	ranked[k] = i;
}

static int
is_frame(const td_tree *t, uint32_t i)
{
	return i == 0 || t->nodes[i].tag == TD_TAG_BODY || t->nodes[i].tag == TD_TAG_HTML;
}

static int
only_element_child(const td_tree *t, uint32_t i)
{
	int			c = 0;

	for (uint32_t k = t->nodes[t->nodes[i].parent].first_child; k != TD_NONE;
		 k = t->nodes[k].next_sibling)
		c += t->nodes[k].kind == TD_ELEM;
	return c == 1;
}

/*
 * Readability.js's three steps after it picks the top candidate, which keep
 * it from settling on one section of an article cut into sections: an
 * ancestor of at least three of the other top candidates scoring within 75%
 * of it takes its place; then, going up, the first ancestor scoring above
 * the one below it (stopping where scores fall under a third); then an only
 * child gives way to its parent.  The page frame (body, html) is never it.
 * An element that is no candidate scores its initial score, as there.
 * Ancestors are at most the page's depth: bounded by the parser.
 */
static uint32_t
refine_top(const td_tree *t, const acc *a, const double *score, const uint32_t *ranked,
		   uint32_t top, double *top_score)
{
	uint32_t	alt[TOP_CANDIDATES];
	int			n_alt = 0;
	double		last,
				floor;

	for (int k = 1; k < TOP_CANDIDATES && ranked[k] != TD_NONE; k++)
		if (score[ranked[k]] >= 0.75 * score[top])
			alt[n_alt++] = ranked[k];
	if (n_alt >= MIN_ALTERNATIVES)
		for (uint32_t p = t->nodes[top].parent; !is_frame(t, p); p = t->nodes[p].parent)
		{
			int			c = 0;

			for (int k = 0; k < n_alt; k++)
				c += alt[k] > p && alt[k] < t->nodes[p].end;
			if (c >= MIN_ALTERNATIVES)
			{
				top = p;
				break;
			}
		}
	last = score[top] != 0 ? score[top] : candidate_init(&t->nodes[top], &a[top]);
	floor = last / 3;
	for (uint32_t p = t->nodes[top].parent; !is_frame(t, p); p = t->nodes[p].parent)
	{
		if (score[p] == 0)		/* no candidate */
			continue;
		if (score[p] < floor)
			break;
		if (score[p] > last)
		{
			top = p;
			last = score[p];
			break;
		}
		last = score[p];
	}
	*top_score = score[top] != 0 ? score[top] : last;
	while (!is_frame(t, t->nodes[top].parent) && only_element_child(t, top))
		top = t->nodes[top].parent;
	return top;
}

static int
same_class(const td_tree *t, uint32_t x, uint32_t y)
{
	uint32_t	lx = 0,
				ly = 0;
	const char *cx = td_node_attr(t, x, "class", &lx),
			   *cy = td_node_attr(t, y, "class", &ly);

	return cx && cy && lx > 0 && lx == ly && memcmp(cx, cy, lx) == 0;
}

/*
 * Readability.js's sibling join: the main region is the (refined) top
 * candidate with those of its siblings that score at least max(10, 20% of
 * it) (a sibling of the same class gets 20% of it as a bonus), and the
 * paragraphs beside it that read as text (over 80 characters with under 25%
 * link text, or shorter with no link and a sentence end).
 */
static void
join_siblings(const td_tree *t, const uint32_t *vis, const acc *a, const double *score,
			  uint32_t top, double top_score, uint8_t *region)
{
	double		floor = top_score * 0.2 > 10 ? top_score * 0.2 : 10;

	for (uint32_t s = t->nodes[t->nodes[top].parent].first_child; s != TD_NONE;
		 s = t->nodes[s].next_sibling)
	{
		const td_node *nd = &t->nodes[s];
		int			join = s == top;

		if (!join && nd->kind == TD_ELEM && !(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)))
		{
			double		bonus = same_class(t, s, top) ? top_score * 0.2 : 0;

			if (score[s] != 0 && score[s] + bonus >= floor)
				join = 1;
			else if (nd->tag == TD_TAG_P_)
				join = (vis[s] > 80 && ratio(a[s].a_vis, vis[s]) < 0.25) ||
					(vis[s] > 0 && vis[s] <= 80 && a[s].a_vis == 0 && a[s].punct > 0);
		}
		if (join)
			memset(region + s, 1, nd->end - s);
	}
}

/* Readability.js's initial score of a candidate: by tag, and +-25 by class/id. */
static double
candidate_init(const td_node *nd, const acc *ai)
{
	double		s = 0;

	switch (nd->tag)
	{
		case TD_TAG_DIV:
			s = 5;
			break;
		case TD_TAG_PRE:
		case TD_TAG_TD:
		case TD_TAG_BLOCKQUOTE:
			s = 3;
			break;
		case TD_TAG_ADDRESS:
		case TD_TAG_OL:
		case TD_TAG_UL:
		case TD_TAG_DL:
		case TD_TAG_DD:
		case TD_TAG_DT:
		case TD_TAG_LI:
		case TD_TAG_FORM:
			s = -3;
			break;
		case TD_TAG_H1:
		case TD_TAG_H2:
		case TD_TAG_H3:
		case TD_TAG_H4:
		case TD_TAG_H5:
		case TD_TAG_H6:
		case TD_TAG_TH:
			s = -5;
			break;
		default:
			break;
	}
	if (ai->tok & TOK_BIT(TD_FEAT_TOK_CONTENT))
		s += 25;
	if (ai->tok & TEMPLATE_TOKS)
		s -= 25;
	return s;
}

td_status
td_main_block(const td_tree *t, const uint32_t *vis, const acc *a, uint32_t *scratch,
			  double *score, uint32_t *top, uint8_t *region)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	uint32_t   *own = scratch,
			   *commas = scratch + n,
			   *blk = scratch + 2 * (size_t) n;
	uint32_t	ranked[TOP_CANDIDATES] = {TD_NONE, TD_NONE, TD_NONE, TD_NONE, TD_NONE};
	double		best = 0;

	*top = TD_NONE;
	memset(own, 0, sizeof(uint32_t) * n);
	memset(commas, 0, sizeof(uint32_t) * n);
	for (uint32_t i = 0; i < n; i++)
		score[i] = 0;
	blk[0] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		const char *txt = td_node_str(t, i);
		uint32_t	b;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		/* an inline element's text belongs to its nearest block */
		blk[i] = (nd->kind == TD_ELEM && !(nd->flags & TD_F_BLOCK)) ? blk[nd->parent] : i;
		if (nd->kind != TD_TEXT || (nd->flags & TD_F_INHIDDEN))
			continue;
		b = blk[nd->parent];
		own[b] += vis[i];
		for (uint32_t k = 0; k < nd->str_len; k++)
			commas[b] += txt[k] == ',';
	}
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		double		s;

		if (nd->kind != TD_ELEM || (nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) || own[i] < 25)
			continue;
		s = 1 + commas[i] + (own[i] >= 300 ? 3.0 : own[i] / 100.0);
		score[nd->parent] += s;
		if (nd->parent != 0)
			score[t->nodes[nd->parent].parent] += s / 2;
	}
	for (uint32_t i = 1; i < n; i++)
	{
		if (score[i] <= 0 || t->nodes[i].kind != TD_ELEM)
			continue;
		score[i] += candidate_init(&t->nodes[i], &a[i]);
		score[i] *= 1 - ratio(a[i].a_vis, vis[i]);
		if (score[i] > best)
		{
			best = score[i];
			*top = i;
		}
		top_insert(ranked, score, i);
	}
	if (region)
	{
		memset(region, 0, n);
		if (*top != TD_NONE)
		{
			double		top_score;
			uint32_t	r = refine_top(t, a, score, ranked, *top, &top_score);

			join_siblings(t, vis, a, score, r, top_score, region);
		}
	}
	return TD_OK;
}

