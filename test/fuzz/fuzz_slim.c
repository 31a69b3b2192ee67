/*
 * fuzz_slim.c — libFuzzer target: a page parsed with media_attrs_only (the
 * slim tree the profile and the page functions read) is the full tree in
 * every node, flag, fingerprint and visible text, with the same src and
 * data attributes.
 *
 * Input: fuzz_page_input.h, the format of fuzz_parse (one seed set serves
 * both); the failing allocation is fuzz_parse's matter, so here nothing
 * fails.  A page the full parse refuses (a limit) is not compared.
 */
#include <stdlib.h>
#include <string.h>

#include "base/tree.h"
#include "site/fingerprint.h"

#include "fuzz_common.h"
#include "fuzz_page_input.h"

/*
 * The same page parsed with media_attrs_only: the same nodes, flags,
 * fingerprints and visible texts, and the same src and data attributes.
 */
static void
check_slim(const td_tree *full, const char *page, size_t len, const char *enc,
		   const td_limits *limits, td_env *env)
{
	td_limits	lim = *limits;
	td_tree    *s = NULL;
	uint64_t   *ff,
			   *fs;

	lim.media_attrs_only = 1;
	require(td_parse_html(env, page, len, enc, &lim, &s) == TD_OK);
	require(s->n_nodes == full->n_nodes);
	ff = malloc(sizeof(uint64_t) * full->n_nodes);
	fs = malloc(sizeof(uint64_t) * s->n_nodes);
	require(ff != NULL && fs != NULL);
	require(td_fingerprints(full, ff) == TD_OK && td_fingerprints(s, fs) == TD_OK);
	for (uint32_t i = 0; i < s->n_nodes; i++)
	{
		const td_node *x = &full->nodes[i];
		const td_node *y = &s->nodes[i];

		require(x->kind == y->kind && x->tag == y->tag && x->parent == y->parent &&
				x->flags == y->flags && ff[i] == fs[i]);
		/*
		 * Where the attribute scan and libxml2 disagree on what is a tag
		 * (NUL bytes, say), attribute bytes may go from what libxml2 reads
		 * as script text: hidden, never fingerprinted or rendered as text.
		 */
		if (!(x->flags & TD_F_INHIDDEN))
			require(x->str_len == y->str_len &&
					memcmp(td_node_str(full, i), td_node_str(s, i), x->str_len) == 0);
		for (int k = 0; k < 2 && x->kind == TD_ELEM; k++)
		{
			uint32_t	lx = 0,
						ly = 0;
			const char *vx = td_node_attr(full, i, k ? "data" : "src", &lx);
			const char *vy = td_node_attr(s, i, k ? "data" : "src", &ly);

			require((vx == NULL) == (vy == NULL) && lx == ly && (vx == NULL || memcmp(vx, vy, lx) == 0));
		}
	}
	free(ff);
	free(fs);
	td_tree_free(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	td_env		env;
	fuzz_page	in;
	td_tree    *tree = NULL;

	if (!fuzz_page_read(data, size, &in))
		return 0;
	fuzz_env(&env, -1);
	if (td_parse_html(&env, in.page, in.len, in.enc, &in.limits, &tree) != TD_OK)
		return 0;
	check_slim(tree, in.page, in.len, in.enc, &in.limits, &env);
	td_tree_free(tree);
	return 0;
}
