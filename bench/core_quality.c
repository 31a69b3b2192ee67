/*
 * core_quality.c — site-level stripping over a folder of sites with the core
 * alone (no server), for measuring quality and tuning the fingerprint scheme.
 *
 *   core_quality SITES_DIR PRED_DIR [threshold] [mode]
 *
 * For every page of SITES_DIR/<site>: build the site's profile from all its
 * pages, then write the clean text of each page to PRED_DIR/<site>/NNN.txt.
 * Modes: "strip" (node profile, every page counted, as before issue 5),
 * "dedup" (node profile, exact duplicate pages counted once, as
 * template_profile does), "chunk" (table text chunk profile, duplicates
 * once), "all" (the all-visible-text baseline).  A threshold above 1 is a
 * page count (seed 002 uses a document frequency of 4): theta = count / N
 * per site, at most 1.  Build: make build/bench/core_quality.  To measure chunk
 * fingerprints with dates and times folded, build the core and it with
 * TD_CHUNK_FOLD_DATES=1: rm -rf build/obj/plain && make build/bench/core_quality
 * BENCH_DEFS=-DTD_CHUNK_FOLD_DATES=1 (rm again afterwards).  Score with
 * ../shared/eval/score.py SITES_DIR PRED_DIR.  Prints the duplicate pages
 * found per site to stderr.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "site/chunk.h"
#include "site/fingerprint.h"
#include "site/profile.h"
#include "base/render.h"
#include "site/marks.h"
#include "base/tree.h"

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
		int			chunk = strcmp(mode, "chunk") == 0;
		int			dedup = chunk || strcmp(mode, "dedup") == 0;
		td_profile_settings set = {chunk ? TD_UNIT_CHUNK : TD_UNIT_NODE,
			chunk ? TD_CHUNK_SCHEME : TD_FP_SCHEME, 0, 1 << 20, dedup ? 1 << 20 : 0};
		double		theta;
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
			uint64_t	key = 0;
			size_t		npf;
			int			counted;

			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			if (!(t = bench_parse_file(&env, path)))
				continue;
			fp = malloc(sizeof(uint64_t) * (t->n_nodes + 1));
			pf = malloc(sizeof(uint64_t) * (t->n_nodes + 1));
			if (dedup)
				td_page_key(t, &key);
			if (chunk)
			{
				td_chunks	ch;

				td_page_chunks(t, TD_CHUNK_FOLD_DATES, &ch);
				npf = td_chunk_page_fingerprints(&ch, key, pf);
				td_chunks_free(t, &ch);
			}
			else
			{
				td_fingerprints(t, fp);
				npf = td_page_fingerprints(t, fp, pf);
			}
			td_profile_add_keyed_page(prof, key, pf, npf, &counted);
			free(fp);
			free(pf);
			td_tree_free(t);
		}
		if (td_profile_duplicates(prof) > 0)
			fprintf(stderr, "%s: %llu duplicate pages of %d\n", e->d_name,
					(unsigned long long) td_profile_duplicates(prof), n);
		td_buf_init(&ser, &env);
		td_profile_serialize(prof, &ser);
		td_profile_free(prof);

		if (td_profile_view_init(&env, ser.data, ser.len, &view) != TD_OK)
		{
			fprintf(stderr, "%s: bad profile: %s\n", e->d_name, env.errmsg);
			return 1;
		}
		theta = threshold <= 1.0 ? threshold :
			threshold >= (double) view.pages ? 1.0 : threshold / (double) view.pages;
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
			if (strip && td_mark_site(t, &view, theta, &m) != TD_OK)
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
