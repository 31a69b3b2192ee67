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
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/render.h"
#include "base/tree.h"
#include "page/anchor.h"

int
main(int argc, char **argv)
{
	DIR		   *dd;
	struct dirent *e;
	td_env		envs,
			   *env = &envs;
	td_limits	lim;

	if (argc != 2 || !(dd = opendir(argv[1])))
	{
		fprintf(stderr, "usage: anchor_stats DIR\n");
		return 2;
	}
	td_env_default(env);
	td_limits_default(&lim);
	printf("id\tsd_words\tp_sd_share\tp_title\n");
	while ((e = readdir(dd)))
	{
		char		p[4096];
		FILE	   *f;
		long		len;
		char	   *d;
		size_t		bom = 0;
		td_tree    *t = NULL;
		uint32_t   *vis;
		float		c[TD_N_ANCHOR] = {0};
		uint32_t	which;
		size_t		nl = strlen(e->d_name);

		if (nl < 6 || strcmp(e->d_name + nl - 5, ".html") != 0)
			continue;
		snprintf(p, sizeof p, "%s/%s", argv[1], e->d_name);
		if (!(f = fopen(p, "rb")))
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		fseek(f, 0, SEEK_SET);
		d = malloc(len + 1);
		if (fread(d, 1, len, f) != (size_t) len)
			len = 0;
		fclose(f);
		if (len > 0 && td_parse_html(env, d + bom, len - bom, td_sniff_charset(d, len, &bom), &lim, &t) == TD_OK && t)
		{
			vis = malloc(sizeof(uint32_t) * t->n_nodes);
			td_visible_lengths(t, vis);
			/* the first element's row carries the page columns */
			for (which = 1; which < t->n_nodes && t->nodes[which].kind != TD_ELEM; which++)
				;
			if (getenv("ANCHOR_SKIP"))
				;
			else if (which < t->n_nodes && td_anchor_rows(t, vis, &which, 1, c, TD_N_ANCHOR) == TD_OK)
				printf("%.*s\t%.0f\t%.4f\t%.1f\n", (int) (nl - 5), e->d_name,
					   expm1(c[TD_AN_P_SD_LOG]), c[TD_AN_P_SD_SHARE], c[TD_AN_P_TITLE]);
			free(vis);
			td_tree_free(t);
		}
		free(d);
	}
	closedir(dd);
	return 0;
}
