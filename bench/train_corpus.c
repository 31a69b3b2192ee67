/*
 * train_corpus.c — trains the page-level classifier from site-level labels
 * (seed 000 §5.1) over a folder of sites and measures it on held-out sites.
 *
 *   train_corpus [--write-default FILE.c] [--gold DATASET_DIR] SITES_DIR PRED_DIR
 *                [parity] [threshold] [model.json]
 *
 * Sites are taken in name order; those whose index has the given parity
 * (default 0: the 1st, 3rd, ...) are for training, the others for testing.
 * Every site's profile is built from all its pages; nodes are labelled with
 * td_mark_template at threshold (default 0.1, with its 85% rule) OR with
 * td_mark_structural (labels.h) at the same threshold over the site's
 * profile of structural fingerprints (link-dense blocks whose shape recurs
 * while their text changes: teaser lists, most-popular boxes).  The model
 * is fit on the training sites' rows; on the test sites it reports per size
 * class the node-level accuracy at 0.5 and the AUC against the site-level
 * labels, and writes each test page's text with every node scoring > 0.5
 * dropped (with its subtree) to PRED_DIR/<site>/NNN.txt: score with
 * ../shared/eval/score.py against a gold folder holding the test sites only.
 * --gold DATASET_DIR adds that dataset's train-split pages (manifest.tsv),
 * labelled from their gold text (gold_labels.h), to the training rows; the
 * built-in model is trained with --gold ../shared/corpus/pages/dragnet.
 * TD_LAMBDA and TD_BALANCE in the environment override the trainer's options.
 *
 * Build (from the repository root):
 *   cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Isrc/core $(xml2-config --cflags) \
 *      -o build/bench/train_corpus bench/train_corpus.c $(find src/core -name "*.c") $(xml2-config --libs) -lm
 *
 * First measure, before structural labels (scheme 1, lambda 1, unbalanced; 30 sites, two folds):
 * held-out node AUC 0.881 / 0.859, accuracy 0.798 / 0.764; text of nodes
 * scoring <= 0.5, site-averaged F1 0.876 / 0.893 (site-level stripping on
 * the same sites 0.908 / 0.878, all visible text 0.751 / 0.749).
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "site/fingerprint.h"
#include "page/labels.h"
#include "page/logreg.h"
#include "site/profile.h"
#include "base/render.h"
#include "site/marks.h"
#include "base/tree.h"

#include "corpus.h"
#include "gold_labels.h"
#include "page/default_model.h"
#include "page/logreg_json.h"

/* The serialized profile of every page of a site (of structural fingerprints, labels.h, with structural). */
static int
site_profile(td_env *env, const char *dir, char **names, int n, int structural, td_buf *ser,
			 td_profile_view *view)
{
	td_profile_settings set = {TD_UNIT_NODE, TD_FP_SCHEME, 0, 1 << 20, 0};
	td_profile *prof;
	char		path[8192];

	td_profile_create(env, &set, &prof);
	for (int i = 0; i < n; i++)
	{
		td_tree    *t;
		uint64_t   *fp,
				   *pf;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!(t = bench_parse_file(env, path)))
			continue;
		fp = malloc(sizeof(uint64_t) * t->n_nodes);
		pf = malloc(sizeof(uint64_t) * t->n_nodes);
		if (structural)
			td_struct_fingerprints(t, fp);
		else
			td_fingerprints(t, fp);
		td_profile_add_page(prof, pf, td_page_fingerprints(t, fp, pf));
		free(fp);
		free(pf);
		td_tree_free(t);
	}
	td_buf_init(ser, env);
	td_profile_serialize(prof, ser);
	td_profile_free(prof);
	return td_profile_view_init(env, ser->data, ser->len, view) == TD_OK;
}

typedef struct scored
{
	float		score;
	uint8_t		label;
	uint8_t		cls;
} scored;

static scored *results;
static size_t n_results,
			cap_results;

static int
cmp_score(const void *a, const void *b)
{
	float		x = ((const scored *) a)->score,
				y = ((const scored *) b)->score;

	return (x > y) - (x < y);
}

/* AUC by the rank sum (ties get their mean rank) over rows of class c (-1: all). */
static double
auc(int c, size_t *n_out, size_t *pos_out, double *acc_out)
{
	scored	   *v = malloc(sizeof(scored) * (n_results + 1));
	size_t		n = 0,
				pos = 0,
				right = 0;
	double		rank_sum = 0;

	for (size_t i = 0; i < n_results; i++)
		if (c < 0 || results[i].cls == c)
			v[n++] = results[i];
	qsort(v, n, sizeof(scored), cmp_score);
	for (size_t i = 0; i < n;)
	{
		size_t		j = i;

		while (j < n && v[j].score == v[i].score)
			j++;
		for (size_t k = i; k < j; k++)
			if (v[k].label)
			{
				rank_sum += (i + 1 + j) / 2.0;
				pos++;
			}
		i = j;
	}
	for (size_t i = 0; i < n; i++)
		right += (v[i].score > 0.5) == v[i].label;
	free(v);
	*n_out = n;
	*pos_out = pos;
	*acc_out = n ? (double) right / n : 0;
	if (pos == 0 || pos == n)
		return 0;
	return (rank_sum - pos * (pos + 1) / 2.0) / ((double) pos * (n - pos));
}

/*
 * --gold DATASET_DIR: the dataset's train-split pages (manifest.tsv column
 * "split"), labelled from their gold text, join the training rows.
 */
static int
add_gold_pages(td_env *env, td_trainer *tr, const char *dataset, double *t_feat)
{
	char		path[8192],
				line[65536];
	FILE	   *mf;
	int			n = 0;

	snprintf(path, sizeof(path), "%s/manifest.tsv", dataset);
	if (!(mf = fopen(path, "r")))
	{
		fprintf(stderr, "%s: cannot open\n", path);
		exit(1);
	}
	while (fgets(line, sizeof(line), mf))
	{
		char	   *col[8];
		char	   *p = line;
		int			c;
		td_tree    *t;
		td_features f;
		uint8_t    *drop;
		double		t0;

		for (c = 0; c < 8 && p; c++)
		{
			col[c] = p;
			if ((p = strchr(p, '\t')))
				*p++ = 0;
		}
		if (c < 8 || strcmp(col[0], "id") == 0 || strncmp(col[7], "train", 5) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s.html", dataset, col[0]);
		if (!(t = bench_parse_file(env, path)))
			continue;
		snprintf(path, sizeof(path), "%s/%s.txt", dataset, col[0]);
		t0 = bench_now();
		if (!(drop = gold_labels(t, path)) || td_compute_features(t, NULL, 0, &f) != TD_OK ||
			td_trainer_add_page(tr, t, &f, drop) != TD_OK)
		{
			fprintf(stderr, "%s: cannot label or train\n", path);
			exit(1);
		}
		*t_feat += bench_now() - t0;
		td_features_free(t, &f);
		free(drop);
		td_tree_free(t);
		n++;
	}
	fclose(mf);
	return n;
}

/*
 * The model as a C initializer of td_default_model() (hex floats: the exact
 * doubles).  cmd is the command line that made it, for the header.
 */
static int
write_default(const td_logreg *m, const char *path, const char *cmd, int pages, int gold_pages,
			  size_t rows)
{
	FILE	   *o = fopen(path, "wb");

	if (!o)
		return 0;
	fprintf(o, "/*\n"
			" * default_model.c — the built-in page-level model (td_default_model,\n"
			" * default_model.h).  GENERATED, do not edit: from the repository root, with\n"
			" * the corpus checked out next to it (../shared/corpus), run\n"
			" *\n"
			" *   (build build/bench/train_corpus with the cc line in bench/train_corpus.c)\n"
			" *   %s\n"
			" *\n"
			" * Training set: %d pages, %zu element rows.  The sites' pages are\n"
			" * labelled by site-level template marks (td_mark_template, threshold\n"
			" * 0.1, each site's profile built from all its pages; seed 000 §5.1) OR\n"
			" * structural marks (td_mark_structural, labels.h, threshold 0.1, each\n"
			" * site's profile of structural fingerprints); %d of the pages are a\n"
			" * dataset's train split labelled from their gold text\n"
			" * (bench/gold_labels.h).  td_train_opts_default.\n"
			" * Only the weights ship, never the pages.  A C initializer, not JSON text\n"
			" * parsed at first use: nothing to allocate, nothing that can fail, no\n"
			" * static state (so no thread-safety question even outside a PostgreSQL\n"
			" * backend).  td_logreg_serialize gives its JSON form.\n"
			" */\n"
			"#include \"page/default_model.h\"\n\n"
			"_Static_assert(TD_FEAT_SCHEME == %d, \"default model trained under feature scheme %d\");\n"
			"_Static_assert(TD_N_FEATURES == %d, \"default model has %d features\");\n"
			"_Static_assert(TD_N_SIZE_CLASSES == %d, \"default model has %d size classes\");\n\n"
			"static const td_logreg default_model = {{\n",
			cmd, pages, rows, gold_pages, TD_FEAT_SCHEME, TD_FEAT_SCHEME, TD_N_FEATURES, TD_N_FEATURES,
			TD_N_SIZE_CLASSES, TD_N_SIZE_CLASSES);
	for (int c = 0; c < TD_N_SIZE_CLASSES; c++)
	{
		const td_logreg_class *k = &m->cls[c];
		const double *arr[3] = {k->weight, k->mean, k->scale};

		fprintf(o, "\t{\t\t\t\t\t\t\t/* size class %d */\n\t\t%a,\n", c, k->bias);
		for (int a = 0; a < 3; a++)
		{
			fprintf(o, "\t\t{\t\t\t\t\t\t/* %s */\n", a == 0 ? "weight" : a == 1 ? "mean" : "scale");
			for (int j = 0; j < TD_N_FEATURES; j++)
				fprintf(o, "\t\t\t%a,\t/* %s */\n", arr[a][j], td_feature_names[j]);
			fprintf(o, "\t\t},\n");
		}
		fprintf(o, "\t\t%u, %u\n\t},\n", k->n_rows, k->n_template);
	}
	fprintf(o, "}};\n\n"
			"const td_logreg *\n"
			"td_default_model(void)\n"
			"{\n"
			"\treturn &default_model;\n"
			"}\n");
	return fclose(o) == 0;
}

int
main(int argc, char **argv)
{
	const char *default_out = NULL,
			   *gold = NULL;

	if (argc > 2 && strcmp(argv[1], "--write-default") == 0)
	{
		default_out = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc > 2 && strcmp(argv[1], "--gold") == 0)
	{
		gold = argv[2];
		argv += 2;
		argc -= 2;
	}
	const char *sites = argc > 1 ? argv[1] : "../shared/corpus/sites";
	const char *pred = argc > 2 ? argv[2] : "/tmp/td_pred_page";
	int			parity = default_out ? -1 : argc > 3 ? atoi(argv[3]) : 0;
	double		threshold = argc > 4 ? atof(argv[4]) : 0.1;
	const char *model_out = argc > 5 ? argv[5] : NULL;
	DIR		   *d = opendir(sites);
	struct dirent *e;
	char	   *site_names[1024];
	int			n_sites = 0;
	td_env		env;
	td_trainer	tr;
	td_logreg	model;
	td_train_stats stats;
	td_train_opts opts;
	double		t_feat = 0,
				t_fit,
				t0;
	int			train_pages = 0,
				test_pages = 0,
				gold_pages = 0;

	td_env_default(&env);
	td_trainer_init(&tr, &env);
	td_train_opts_default(&opts);
	if (getenv("TD_LAMBDA"))
		opts.lambda = atof(getenv("TD_LAMBDA"));
	if (getenv("TD_BALANCE"))
		opts.balance = atoi(getenv("TD_BALANCE"));
	mkdir(pred, 0755);
	while (d && (e = readdir(d)) && n_sites < 1024)
		if (e->d_name[0] != '.')
			site_names[n_sites++] = strdup(e->d_name);
	if (d)
		closedir(d);
	qsort(site_names, n_sites, sizeof(char *), bench_cmp_str);

	if (gold)
		gold_pages = add_gold_pages(&env, &tr, gold, &t_feat);
	train_pages += gold_pages;

	/* two rounds: 0 trains on the training sites, 1 tests on the others */
	for (int round = 0; round < 2; round++)
	{
		if (round == 1)
		{
			t0 = bench_now();
			if (td_trainer_fit(&tr, &opts, &model, &stats) != TD_OK)
			{
				fprintf(stderr, "fit: %s\n", env.errmsg);
				return 1;
			}
			t_fit = bench_now() - t0;
			printf("training: %d pages, %zu rows, features %.2f s (%.0f pages/s), fit %.2f s\n",
				   train_pages, tr.n, t_feat, train_pages / t_feat, t_fit);
			for (int c = 0; c < TD_N_SIZE_CLASSES; c++)
				printf("  class %d: %u rows, %u template (%.1f%%), %d Newton iterations, |g| %.1e%s\n",
					   c, model.cls[c].n_rows, model.cls[c].n_template,
					   100.0 * model.cls[c].n_template / (model.cls[c].n_rows ? model.cls[c].n_rows : 1),
					   stats.iterations[c], stats.grad_norm[c], stats.converged[c] ? "" : " (max_iter)");
			if (model_out)
			{
				td_buf		b;
				FILE	   *o = fopen(model_out, "wb");

				td_buf_init(&b, &env);
				td_logreg_serialize(&model, &b);
				fwrite(b.data, 1, b.len, o);
				fclose(o);
				td_buf_free(&b);
			}
			if (default_out)
			{
				char		cmd[1024];

				snprintf(cmd, sizeof(cmd), "build/bench/train_corpus --write-default %s%s%s %s",
						 default_out, gold ? " --gold " : "", gold ? gold : "", sites);
				if (!write_default(&model, default_out, cmd, train_pages, gold_pages, tr.n))
				{
					fprintf(stderr, "%s: cannot write\n", default_out);
					return 1;
				}
				printf("wrote %s\n", default_out);
			}
		}
		for (int s = 0; s < n_sites; s++)
		{
			char		dir[4096],
						path[8192];
			char	   *names[1024];
			int			n;
			td_buf		ser,
						sser;
			td_profile_view view,
						sview;

			if ((parity < 0 || s % 2 == parity) != (round == 0))
				continue;
			snprintf(dir, sizeof(dir), "%s/%s", sites, site_names[s]);
			n = bench_site_pages(dir, names, 1024);
			if (n < 0)
				n = 0;
			if (!site_profile(&env, dir, names, n, 0, &ser, &view) ||
				!site_profile(&env, dir, names, n, 1, &sser, &sview))
			{
				fprintf(stderr, "%s: bad profile\n", site_names[s]);
				return 1;
			}
			if (round == 1)
			{
				snprintf(path, sizeof(path), "%s/%s", pred, site_names[s]);
				mkdir(path, 0755);
			}
			for (int i = 0; i < n; i++)
			{
				td_tree    *t;
				td_marks	m;
				td_features f;

				snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
				if (!(t = bench_parse_file(&env, path)))
					continue;
				if (td_mark_template(t, &view, threshold, &m) != TD_OK ||
					td_mark_structural(t, &sview, threshold, m.drop) != TD_OK)
				{
					fprintf(stderr, "%s: %s\n", path, env.errmsg);
					return 1;
				}
				t0 = bench_now();
				if (td_compute_features(t, NULL, 0, &f) != TD_OK)
				{
					fprintf(stderr, "%s: %s\n", path, env.errmsg);
					return 1;
				}
				if (round == 0)
				{
					if (td_trainer_add_page(&tr, t, &f, m.drop) != TD_OK)
					{
						fprintf(stderr, "%s: %s\n", path, env.errmsg);
						return 1;
					}
					t_feat += bench_now() - t0;
					train_pages++;
				}
				else
				{
					uint8_t    *drop = calloc(t->n_nodes, 1);
					td_buf		out;
					FILE	   *o;

					for (uint32_t k = 0; k < t->n_nodes; k++)
					{
						const td_node *nd = &t->nodes[k];
						double		p;

						if (nd->kind != TD_ELEM || (nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) ||
							f.area[k] == 0)
							continue;
						p = td_logreg_score(&model, f.size_class[k], td_feature_row(&f, k));
						/* the page itself is never dropped */
						drop[k] = p > 0.5 && nd->depth > 2;
						if (n_results == cap_results)
						{
							cap_results = cap_results ? 2 * cap_results : 1 << 16;
							results = realloc(results, sizeof(scored) * cap_results);
						}
						results[n_results].score = p;
						results[n_results].label = m.drop[k] != 0;
						results[n_results].cls = f.size_class[k];
						n_results++;
					}
					td_buf_init(&out, &env);
					td_render_text(t, drop, &out);
					snprintf(path, sizeof(path), "%s/%s/%.*s.txt", pred, site_names[s],
							 (int) (strlen(names[i]) - 5), names[i]);
					o = fopen(path, "wb");
					fwrite(out.data ? out.data : "", 1, out.len, o);
					fclose(o);
					td_buf_free(&out);
					free(drop);
					test_pages++;
				}
				td_features_free(t, &f);
				td_marks_free(t, &m);
				td_tree_free(t);
			}
			for (int i = 0; i < n; i++)
				free(names[i]);
			td_buf_free(&ser);
			td_buf_free(&sser);
		}
	}
	printf("held-out: %d pages, %zu nodes\n", test_pages, n_results);
	for (int c = -1; c < TD_N_SIZE_CLASSES; c++)
	{
		size_t		n,
					pos;
		double		acc,
					a = auc(c, &n, &pos, &acc);

		printf("  %-7s %8zu nodes, %5.1f%% template, accuracy %.3f, AUC %.3f\n",
			   c < 0 ? "all" : c == 0 ? "class 0" : c == 1 ? "class 1" : c == 2 ? "class 2" : "class 3",
			   n, 100.0 * pos / (n ? n : 1), acc, a);
	}
	td_trainer_free(&tr);
	free(results);
	return 0;
}
