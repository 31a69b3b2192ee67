/*
 * fuzz_page.c — libFuzzer target for page level (pagelevel.h: features,
 * page context, the built-in trees, what is apart, rails.h's sections,
 * smoothing) and the expected-F1 decision on arbitrary pages.
 *
 * Input: byte 0 the allocation that fails (0: none; k: the (3k)th, so that
 * the failure lands in every step of a small page); the rest is the page
 * (UTF-8, max_nodes 4096).  Beyond the sanitizers (leaks included), it
 * aborts when:
 *   - td_rail_sections marks the root or a node that is not an element;
 *   - td_page_level or td_page_expected_f1 fails otherwise than for memory,
 *     or leaves marks behind when it fails;
 *   - the marks break pagelevel.h's promises: scores and smoothed scores in
 *     [0, 1] on elements and -1 on text, a parent's smoothed score at most
 *     its child's, a segment starting exactly where the smoothed score
 *     changes and at an ancestor-or-self, the root never dropped, a drop
 *     taking its whole subtree; and after the decision the threshold used
 *     over 0 (over 1: nothing dropped) and every element's drop the
 *     smoothed score's at it.
 */
#include <stdlib.h>

#include "base/render.h"
#include "base/tree.h"
#include "page/default_gbdt.h"
#include "page/pagelevel.h"
#include "page/rails.h"
#include "fuzz_common.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* pagelevel.h's promises on marks made at threshold th. */
CHECKER static void
check_marks(const td_tree *t, const td_page_marks *m, double th)
{
	require(m->n_nodes == t->n_nodes);
	require(m->drop[0] == 0 && m->seg_start[0] == 1 && m->segment[0] == 0);
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];
		uint32_t	p = nd->parent,
					s = m->segment[i],
					a = i;

		if (nd->kind == TD_TEXT)
		{
			require(m->smooth[i] == -1 && m->score[i] == -1 && !m->seg_start[i]);
			require(s == m->segment[p] && m->drop[i] == m->drop[p]);
			continue;
		}
		require(m->smooth[i] >= 0 && m->smooth[i] <= 1);
		require(m->score[i] == -1 || (m->score[i] >= 0 && m->score[i] <= 1));
		require(m->smooth[p] <= m->smooth[i]);
		require((m->seg_start[i] != 0) == (m->smooth[i] != m->smooth[p]));
		require(s == (m->seg_start[i] ? i : m->segment[p]));
		require(m->drop[i] == (m->drop[p] || m->smooth[i] >= th));
		while (a != TD_NONE && a != s)
			a = t->nodes[a].parent;
		require(a == s && m->seg_start[s]);
	}
}

CHECKER static void
check_freed(const td_page_marks *m)
{
	require(!m->score && !m->smooth && !m->segment && !m->seg_start && !m->drop &&
			!m->reason && !m->area && !m->main_region && !m->visible);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_limits	lim;
	td_tree    *t = NULL;
	td_page_opts o;
	td_page_marks m;
	td_status	st;
	double		used = 0;

	if (size < 1)
		return 0;
	fuzz_env(&env, -1);
	td_limits_default(&lim);
	lim.max_nodes = 4096;
	if (td_parse_html(&env, (const char *) data + 1, size - 1, "UTF-8", &lim, &t) != TD_OK)
		return 0;

	{
		uint32_t   *vis = malloc(sizeof(uint32_t) * (t->n_nodes + 1));
		uint8_t    *rail = malloc(t->n_nodes + 1);

		td_visible_lengths(t, vis);
		require(td_rail_sections(t, vis, rail) == TD_OK);
		require(t->n_nodes == 0 || rail[0] == 0);
		for (uint32_t i = 0; i < t->n_nodes; i++)
			require(!rail[i] || t->nodes[i].kind == TD_ELEM);
		free(vis);
		free(rail);
	}

	/* page level's allocations, counted from its first */
	fail_at = data[0] ? 3L * data[0] : -1;
	n_allocs = 0;

	td_page_opts_default(&o);
	o.gbdt = td_default_gbdt();
	st = td_page_level(t, NULL, &o, &m);
	if (st != TD_OK)
	{
		require(st == TD_ENOMEM && fail_at >= 0);
		check_freed(&m);
		td_tree_free(t);
		return 0;
	}
	check_marks(t, &m, o.threshold);
	st = td_page_expected_f1(t, &m, &used);
	if (st == TD_OK)
	{
		require(used > 0);		/* over 1: nothing dropped */
		check_marks(t, &m, used);
	}
	else
		require(st == TD_ENOMEM && fail_at >= 0);
	td_page_marks_free(t, &m);
	td_tree_free(t);
	return 0;
}
