/*
 * etdm_quality.c — menu-based template extraction (ETDM, t-of-n votes) over
 * a folder of sites with the core alone (no server), for measuring quality
 * beside site-level stripping (core_quality.c).
 *
 *   etdm_quality SITES_DIR PRED_DIR [n [t [similarity [not_classes [compare_text [position]]]]]]
 *
 * Peers of a page: the n other pages of its site nearest by page number
 * (file name order; at equal distance the earlier page first), standing in
 * for the complete subdigraph the menu method reads from a crawl.  Writes
 * each page's text without its ETDM template to PRED_DIR/<site>/NNN.txt;
 * score with ../shared/eval/score.py SITES_DIR PRED_DIR.  Prints the
 * mappings made and their CPU time.
 */
#define _DEFAULT_SOURCE

#include "menu/etdm.h"
#include "base/render.h"
#include "base/tree.h"

#include "corpus.h"

/* The n pages nearest to page k among npages (not k itself). */
static int
nearest(int k, int npages, int n, int *out)
{
	int			got = 0,
				d;

	for (d = 1; got < n && d < npages; d++)
	{
		if (k - d >= 0 && got < n)
			out[got++] = k - d;
		if (k + d < npages && got < n)
			out[got++] = k + d;
	}
	return got;
}

int
main(int argc, char **argv)
{
	const char *sites = argc > 1 ? argv[1] : "../shared/corpus/sites";
	const char *pred = argc > 2 ? argv[2] : "/tmp/td_pred_etdm";
	int			n = argc > 3 ? atoi(argv[3]) : TD_ETDM_PEERS;
	int			t = argc > 4 ? atoi(argv[4]) : TD_ETDM_VOTES;
	td_etdm_params params;
	DIR		   *d = opendir(sites);
	struct dirent *e;
	td_env		env;
	double		map_time = 0;
	long		mappings = 0;

	td_env_default(&env);
	td_etdm_params_default(&params);
	if (argc > 5)
		params.similarity_threshold = atof(argv[5]);
	if (argc > 6)
		params.not_classes = atof(argv[6]);
	if (argc > 7)
		params.compare_text = atoi(argv[7]);
	if (argc > 8)
		params.activate_position = atoi(argv[8]);
	mkdir(pred, 0755);
	while (d && (e = readdir(d)))
	{
		char		dir[4096],
					path[8192];
		char	   *names[1024];
		td_tree    *trees[1024];
		int			np,
					i;

		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", sites, e->d_name);
		if ((np = bench_site_pages(dir, names, 1024)) < 0)
			continue;
		for (i = 0; i < np; i++)
		{
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			trees[i] = bench_parse_file(&env, path);
		}
		for (i = 0; i < np; i++)
		{
			int			peers[64],
						got,
						k;
			td_etdm		etdm;
			uint8_t    *drop;
			td_buf		out;
			double		t0;

			if (!trees[i])
				continue;
			got = nearest(i, np, n < 64 ? n : 64, peers);
			drop = calloc(trees[i]->n_nodes, 1);
			t0 = bench_now();
			if (td_etdm_init(&etdm, trees[i], &params) != TD_OK)
			{
				fprintf(stderr, "%s: %s\n", names[i], env.errmsg);
				return 1;
			}
			for (k = 0; k < got; k++)
				if (trees[peers[k]] && td_etdm_add_peer(&etdm, trees[peers[k]]) == TD_OK)
					mappings++;
			map_time += bench_now() - t0;
			if (etdm.peers >= (uint32_t) t)
				td_etdm_marks(&etdm, (uint32_t) t, NULL, drop);
			td_etdm_free(&etdm);
			td_buf_init(&out, &env);
			td_render_text(trees[i], drop, &out);
			bench_write_pred(pred, e->d_name, names[i], out.data, out.len);
			td_buf_free(&out);
			free(drop);
		}
		for (i = 0; i < np; i++)
		{
			if (trees[i])
				td_tree_free(trees[i]);
			free(names[i]);
		}
	}
	if (d)
		closedir(d);
	fprintf(stderr, "%ld mappings, %.3f ms each (page attributes included)\n",
			mappings, mappings ? map_time * 1000.0 / mappings : 0.0);
	return 0;
}
