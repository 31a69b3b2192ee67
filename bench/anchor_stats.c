/*
 * anchor_stats.c — how many pages have structured text and a title heading
 * (page/anchor.h; bench/README.md, "Issue 12, eighth session"): one line per
 * page of DIR (DIR/NAME.html): its name, exp(p_sd_log) - 1 (words of the
 * structured text), p_sd_share and p_title.
 *
 * build: make build/bench/anchor_stats
 * run:   build/bench/anchor_stats DIR > stats.tsv
 * ANCHOR_SKIP=1 parses and counts visible text only: the difference of the
 * two runs' CPU times is the columns' cost.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "base/render.h"
#include "page/anchor.h"

static char *names[20000];

int
main(int argc, char **argv)
{
	td_env		env;
	int			n;

	if (argc != 2 || (n = bench_site_pages(argv[1], names, 20000)) < 0)
	{
		fprintf(stderr, "usage: anchor_stats DIR\n");
		return 2;
	}
	td_env_default(&env);
	printf("id\tsd_words\tp_sd_share\tp_title\n");
	for (int k = 0; k < n; k++)
	{
		char		p[4096];
		td_tree    *t;
		uint32_t   *vis,
					which;
		float		c[TD_N_ANCHOR] = {0};

		snprintf(p, sizeof p, "%s/%s", argv[1], names[k]);
		if (!(t = bench_parse_file(&env, p)))
			continue;
		vis = malloc(sizeof(uint32_t) * t->n_nodes);
		td_visible_lengths(t, vis);
		/* the first element's row carries the page columns */
		for (which = 1; which < t->n_nodes && t->nodes[which].kind != TD_ELEM; which++)
			;
		if (getenv("ANCHOR_SKIP"))
			;
		else if (which < t->n_nodes && td_anchor_rows(t, vis, &which, 1, c, TD_N_ANCHOR) == TD_OK)
			printf("%.*s\t%.0f\t%.4f\t%.1f\n", (int) (strlen(names[k]) - 5), names[k],
				   expm1(c[TD_AN_P_SD_LOG]), c[TD_AN_P_SD_SHARE], c[TD_AN_P_TITLE]);
		free(vis);
		td_tree_free(t);
		free(names[k]);
	}
	return 0;
}
