/*
 * fuzz_anchor.c — libFuzzer target for page level's anchor columns
 * (page/anchor.h) over random HTML: the page parser, the JSON-LD reader on
 * the page's ld+json blocks, the content strings' words and grams, the
 * page's word stream against them, and the title heading.
 *
 * Input: byte 0's bits 0-5 make an allocation fail (times 3; 0 for none),
 * bit 6 asks for the rows of every second node only (td_anchor_rows' which);
 * the rest is the page (UTF-8).  td_anchor_rows never crashes and returns
 * TD_OK, or TD_ENOMEM on a failed allocation with everything freed; its
 * columns keep anchor.h's promises: shares in [0, 1], flags 0 or 1, before
 * and holding the heading never both, the distance in [0, 64] and 0 on the
 * heading only, the page's columns the same on every element.
 * Seeds (test/fuzz/fuzz-anchor/): pages with JSON-LD of every content key,
 * microdata content, titles and headings.
 */
#include <stdlib.h>
#include <string.h>

#include "base/render.h"
#include "base/tree.h"
#include "page/anchor.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#include "fuzz_common.h"

CHECKER static void
check_cols(const td_tree *t, const uint32_t *which, uint32_t n_rows, const float *out)
{
	const float *first = NULL;
	int			heading = 0;

	for (uint32_t j = 0; j < n_rows; j++)
	{
		uint32_t	i = which ? which[j] : j;
		const float *c = out + (size_t) j * TD_N_ANCHOR;

		if (t->nodes[i].kind != TD_ELEM)
		{
			for (int k = 0; k < TD_N_ANCHOR; k++)
				require(c[k] == 0);
			continue;
		}
		require(c[TD_AN_SD_SHARE] >= 0 && c[TD_AN_SD_SHARE] <= 1);
		require(c[TD_AN_SD_IN] == 0 || c[TD_AN_SD_IN] == 1);
		require(c[TD_AN_POST_LIKE] == 0 || c[TD_AN_POST_LIKE] == 1);
		require(c[TD_AN_SD_LOG] >= 0);
		require(c[TD_AN_T_BEFORE] == 0 || c[TD_AN_T_BEFORE] == 1);
		require(c[TD_AN_T_CONTAINS] == 0 || c[TD_AN_T_CONTAINS] == 1);
		require(!(c[TD_AN_T_BEFORE] == 1 && c[TD_AN_T_CONTAINS] == 1));
		require(c[TD_AN_T_DIST] >= 0 && c[TD_AN_T_DIST] <= 64);
		require(c[TD_AN_P_SD_SHARE] >= 0 && c[TD_AN_P_SD_SHARE] <= 1);
		require(c[TD_AN_P_TITLE] == 0 || c[TD_AN_P_TITLE] == 0.5f || c[TD_AN_P_TITLE] == 1);
		if (c[TD_AN_P_TITLE] == 0)
			require(c[TD_AN_T_BEFORE] == 0 && c[TD_AN_T_CONTAINS] == 0 && c[TD_AN_T_DIST] == 0);
		if (c[TD_AN_T_CONTAINS] == 1 && c[TD_AN_T_DIST] == 0)
			heading++;
		if (!first)
			first = c;
		require(c[TD_AN_P_SD_SHARE] == first[TD_AN_P_SD_SHARE] &&
				c[TD_AN_P_SD_LOG] == first[TD_AN_P_SD_LOG] &&
				c[TD_AN_P_TITLE] == first[TD_AN_P_TITLE]);
	}
	require(heading <= 1);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_tree    *tree = NULL;
	td_limits	lim;
	td_status	st;
	uint32_t   *vis,
			   *which = NULL,
				n_rows;
	float	   *out;

	if (size < 1)
		return 0;
	td_env_default(&env);
	td_limits_default(&lim);
	lim.max_nodes = 4096;
	if (td_parse_html(&env, (const char *) data + 1, size - 1, "UTF-8", &lim, &tree) != TD_OK)
		return 0;
	n_rows = tree->n_nodes;
	vis = malloc(sizeof(uint32_t) * tree->n_nodes);
	if (data[0] & 64)
	{
		n_rows = (tree->n_nodes + 1) / 2;
		which = malloc(sizeof(uint32_t) * n_rows);
		for (uint32_t j = 0; j < n_rows; j++)
			which[j] = 2 * j;
	}
	out = calloc((size_t) n_rows * TD_N_ANCHOR, sizeof(float));
	require(vis && out && (which || !(data[0] & 64)));
	td_visible_lengths(tree, vis);
	/* the tree keeps &env: from here its allocations may fail */
	fuzz_env(&env, (data[0] & 63) ? (long) (data[0] & 63) * 3 : -1);
	st = td_anchor_rows(tree, vis, which, n_rows, out, TD_N_ANCHOR);
	require(st == TD_OK || (st == TD_ENOMEM && fail_at >= 0));
	fail_at = -1;
	if (st == TD_OK)
		check_cols(tree, which, n_rows, out);
	free(out);
	free(which);
	free(vis);
	td_tree_free(tree);
	return 0;
}
