/*
 * metadata_dump.c — page_metadata's core on a folder of pages, for
 * bench/metadata_quality.py (bench/README.md#page-metadata).
 *
 *   build/bench/metadata_dump [-d|-c] DIR < ids_and_urls.tsv
 *
 * Reads "id<TAB>url" lines (manifest.tsv's first two columns), parses
 * DIR/id.html as the extension does (charset sniffed) and prints
 * "id<TAB>json" with the URL as base_url; the total CPU seconds on stderr.
 * -d detects the language even where the page declares one (the detector
 * measured against the declarations: bench/README.md#language).
 * -c prints the title's candidates instead: a header line "#\tid\tfold\ttext\t"
 * and the feature names (title_model.h), then one line per candidate,
 * "id<TAB>fold<TAB>text<TAB>values", fold the page's of 5 by registered
 * domain (folds.h), for bench/metadata_title_train.py.
 */
#include "corpus.h"
#include "folds.h"
#include "meta/metadata.h"
#include "meta/title_model.h"

#define NAME(n) " " #n
static const char feature_names[] = TD_TITLE_FEATURES(NAME);

int
main(int argc, char **argv)
{
	char		line[16384];
	double		cpu = 0;
	int			pages = 0;
	int			force = argc == 3 && strcmp(argv[1], "-d") == 0;
	int			cands = argc == 3 && strcmp(argv[1], "-c") == 0;

	if (argc != 2 + force + cands)
	{
		fprintf(stderr, "usage: %s [-d|-c] DIR < id<TAB>url lines\n", argv[0]);
		return 2;
	}
	if (cands)
		printf("#\tid\tfold\ttext\t%s\n", feature_names + 1);
	while (fgets(line, sizeof(line), stdin))
	{
		char	   *tab = strchr(line, '\t');
		char		path[20480];
		td_env		env;
		td_tree    *tree;
		td_buf		out,
					cand;
		td_meta_options opt = {0};
		double		t0;

		line[strcspn(line, "\r\n")] = 0;
		if (!tab)
			continue;
		*tab = 0;
		snprintf(path, sizeof(path), "%s/%s.html", argv[1 + force + cands], line);
		td_env_default(&env);
		tree = bench_parse_file(&env, path);
		if (!tree)
			continue;
		opt.base_url = tab + 1;
		opt.base_len = strlen(tab + 1);
		opt.detect_language = 1;
		opt.force_detect = force;
		td_buf_init(&out, &env);
		td_buf_init(&cand, &env);
		opt.title_candidates = cands ? &cand : NULL;
		t0 = bench_cpu_now();
		if (td_page_metadata(tree, &opt, &out) != TD_OK)
			fprintf(stderr, "%s: %s\n", line, env.errmsg);
		else
		{
			cpu += bench_cpu_now() - t0;
			pages++;
			if (!cands)
				printf("%s\t%.*s\n", line, (int) out.len, out.data);
			for (size_t a = 0, b; a < cand.len; a = b + 1)
			{
				for (b = a; b < cand.len && cand.data[b] != '\n'; b++)
					;
				printf("%s\t%d\t%.*s\n", line, fold_of(tab + 1, 5), (int) (b - a), cand.data + a);
			}
		}
		td_buf_free(&out);
		td_buf_free(&cand);
		td_tree_free(tree);
	}
	fprintf(stderr, "%d pages, metadata %.3f CPU s (parsing not counted)\n", pages, cpu);
	return 0;
}
