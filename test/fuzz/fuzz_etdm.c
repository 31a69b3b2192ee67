/*
 * fuzz_etdm.c — libFuzzer target for ETDM: two fuzzed pages (key and peer,
 * split where the first two bytes say), parameters from the next bytes.
 * Besides the sanitizers, it aborts when a mapping breaks Definition 3.3.1
 * or the votes break etdm.h: a mapped node's parent maps onto the parent of
 * its image, no peer node is taken twice, with activatePosition mapped
 * siblings keep their order, template marks are closed under parents, and
 * strip marks lie inside them.
 */
#include <stdlib.h>
#include <string.h>

#include "menu/etdm.h"
#include "base/tree.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
check_mapping(const td_tree *k, const td_tree *p, const uint32_t *match, int ordered)
{
	uint8_t    *taken = calloc(p->n_nodes, 1);
	uint32_t	i;

	if (match[0] != 0)
		abort();
	for (i = 1; i < k->n_nodes; i++)
	{
		uint32_t	m = match[i];

		if (m == TD_NONE)
			continue;
		if (m >= p->n_nodes || taken[m] || match[k->nodes[i].parent] != p->nodes[m].parent)
			abort();
		taken[m] = 1;
		if (ordered)
		{
			/* the previous mapped sibling maps to an earlier peer sibling */
			uint32_t	s,
						last = TD_NONE;

			for (s = k->nodes[k->nodes[i].parent].first_child; s != i; s = k->nodes[s].next_sibling)
				if (match[s] != TD_NONE)
					last = match[s];
			if (last != TD_NONE && last >= m)
				abort();
		}
	}
	free(taken);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_limits	lim;
	td_etdm_params p;
	td_tree    *kt = NULL,
			   *pt = NULL;
	td_etdm		e;
	size_t		split;
	uint32_t	votes,
				i;

	if (size < 5)
		return 0;
	td_env_default(&env);
	td_limits_default(&lim);
	td_etdm_params_default(&p);
	p.activate_position = data[2] & 1;
	p.compare_text = (data[2] >> 1) & 1;
	p.similarity_threshold = data[3] / 255.0;
	votes = 1 + data[4] % 3;
	split = ((size_t) data[0] << 8 | data[1]) % (size - 4);
	data += 5;
	size -= 5;
	if (split > size)
		split = size;
	if (td_parse_html(&env, (const char *) data, split, "UTF-8", &lim, &kt) != TD_OK ||
		td_parse_html(&env, (const char *) data + split, size - split, "UTF-8", &lim, &pt) != TD_OK)
		goto done;

	{
		td_etdm_page kp,
					pp;
		uint32_t   *match = malloc(sizeof(uint32_t) * kt->n_nodes);

		if (td_etdm_page_build(kt, &p, &kp) != TD_OK || td_etdm_page_build(pt, &p, &pp) != TD_OK ||
			td_etdm_map(&kp, &pp, &p, match) != TD_OK)
			abort();
		check_mapping(kt, pt, match, p.activate_position);
		free(match);
		td_etdm_page_free(&kp);
		td_etdm_page_free(&pp);
	}

	if (td_etdm_init(&e, kt, &p) != TD_OK)
		abort();
	/* the peer three times, the key itself once: votes of 1..3 are all valid */
	if (td_etdm_add_peer(&e, pt) != TD_OK || td_etdm_add_peer(&e, pt) != TD_OK ||
		td_etdm_add_peer(&e, kt) != TD_OK)
		abort();
	{
		uint8_t    *tmpl = malloc(kt->n_nodes),
				   *strip = malloc(kt->n_nodes);

		if (td_etdm_marks(&e, votes, tmpl, strip) != TD_OK || !tmpl[0])
			abort();
		for (i = 1; i < kt->n_nodes; i++)
			if ((tmpl[i] && !tmpl[kt->nodes[i].parent]) || (strip[i] && !tmpl[i]))
				abort();
		free(tmpl);
		free(strip);
	}
	td_etdm_free(&e);
done:
	if (kt)
		td_tree_free(kt);
	if (pt)
		td_tree_free(pt);
	return 0;
}
