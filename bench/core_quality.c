/*
 * core_quality.c — site-level stripping over a folder of sites with the core
 * alone (no server), for measuring quality and tuning the fingerprint scheme.
 *
 *   core_quality SITES_DIR PRED_DIR [threshold] [mode]
 *
 * For every every page of SITES_DIR/<site>: build the site's profile from all its
 * pages, then write the clean text of each page to PRED_DIR/<site>/NNN.txt.
 * mode "all" writes the all-visible-text baseline instead.  Score with
 * ../shared/eval/score.py SITES_DIR PRED_DIR.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "fingerprint.h"
#include "profile.h"
#include "render.h"
#include "strip.h"
#include "tree.h"

#include "corpus.h"


int
main(int argc, char **argv)
{
	const char *sites = argc > 1 ? argv[1] : "../shared/corpus/sites";
	const char *pred = argc > 2 ? argv[2] : "/tmp/td_pred";
	double		threshold = argc > 3 ? atof(argv[3]) : 0.1;
	const char *mode = argc > 4 ? argv[4] : "strip";
	DIR		   *d = opendir(sites);
	struct dirent *e;
	td_env		env;
	double		bytes = 0;
	clock_t		t0 = clock();

	td_env_default(&env);
	mkdir(pred, 0755);
	while (d && (e = readdir(d)))
	{
		char		dir[4096],
					path[8192];
		char	   *names[1024];
		int			n,
					i;
		td_profile_settings set = {TD_UNIT_NODE, TD_FP_SCHEME, 0, 1 << 20};
		td_profile *prof;
		td_buf		ser;
		td_profile_view view;

		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", sites, e->d_name);
		if ((n = bench_site_pages(dir, names, 1024)) < 0)
			continue;

		td_profile_create(&env, &set, &prof);
		for (i = 0; i < n; i++)
		{
			td_tree    *t;
			uint64_t   *fp,
					   *pf;

			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			if (!(t = bench_parse_file(&env, path)))
				continue;
			fp = malloc(sizeof(uint64_t) * t->n_nodes);
			pf = malloc(sizeof(uint64_t) * t->n_nodes);
			td_fingerprints(t, fp);
			td_profile_add_page(prof, pf, td_page_fingerprints(t, fp, pf));
			free(fp);
			free(pf);
			td_tree_free(t);
		}
		td_buf_init(&ser, &env);
		td_profile_serialize(prof, &ser);
		td_profile_free(prof);
		if (td_profile_view_init(&env, ser.data, ser.len, &view) != TD_OK)
		{
			fprintf(stderr, "%s: bad profile: %s\n", e->d_name, env.errmsg);
			return 1;
		}
		for (i = 0; i < n; i++)
		{
			td_tree    *t;
			td_marks	m;
			td_buf		out;
			int			strip = strcmp(mode, "all") != 0;

			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			if (!(t = bench_parse_file(&env, path)))
				continue;
			td_buf_init(&out, &env);
			if (strip && td_mark_template(t, &view, threshold, &m) != TD_OK)
			{
				fprintf(stderr, "%s: %s\n", path, env.errmsg);
				return 1;
			}
			td_render_text(t, strip ? m.drop : NULL, &out);
			if (strip)
				td_marks_free(t, &m);
			bench_write_pred(pred, e->d_name, names[i], out.data, out.len);
			td_buf_free(&out);
			td_tree_free(t);
			free(names[i]);
		}
		td_buf_free(&ser);
	}
	if (d)
		closedir(d);
	fprintf(stderr, "%.1f s CPU\n", (double) (clock() - t0) / CLOCKS_PER_SEC);
	(void) bytes;
	return 0;
}
