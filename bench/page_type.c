/*
 * page_type.c — trains and measures the page-type classifier (pagetype.h)
 * on a WCXB-style dataset (manifest.tsv: id, url, page_type; NNNN.html).
 * Deterministic: fixed order, no randomness, a fixed number of iterations.
 *
 *   page_type features DATASET_DIR > FEATS.tsv
 *       One row per page: id, url, type, fold (of 5, fold_of: by registered
 *       domain, as page_quality kfold), then the TD_PT_N_FEATURES features.
 *   page_type cv FEATS.tsv [LAMBDA [BALANCED [NOURL]]]
 *       5-fold cross-validation by domain: each fold scored by a model
 *       trained on the other four; accuracy, per-type precision / recall /
 *       F1, macro F1 and the confusion matrix (rows: gold type, columns:
 *       predicted); with TD_PT_PRED=FILE also each page's fold and
 *       predicted type and its probability (id, fold, type, prob; for
 *       bench/fb_rules.py and bench/efd_rules.py), then the seven types'
 *       probabilities in TD_PT_TYPES order.
 *       BALANCED=1 weighs each type's pages to the same total;
 *       NOURL=1 trains and scores without the url_* features; NOURL=2
 *       trains with them and scores the pages without their URL (what
 *       page_type(html) without base_url does with the shipped recipe: the
 *       URL's features sit at their mean, td_pt_standardize).
 *   page_type write FEATS.tsv OUT.c [LAMBDA [BALANCED]]
 *       Trains on every page and writes the model as pagetype_model.c.
 *   page_type pred DIR < IDS
 *       The pages DIR/ID.html typed by the built-in model without a URL
 *       (id, -1, type, prob, the seven probabilities), for sets outside
 *       wcxb-dev.
 *
 * Model: multinomial logistic regression (softmax) on standardized
 * features (mean and standard deviation of the training rows; a constant
 * feature gets scale 1), objective = weighted mean cross-entropy +
 * LAMBDA/2 · |W|² (biases not penalized), minimized by Nesterov's
 * accelerated gradient with step 1/L (L from the power iteration on the
 * standardized rows), PT_ITER iterations.
 *
 * Build: make build/bench/page_type
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tree.h"
#include "page/pagetype.h"

#include "corpus.h"
#include "folds.h"

#define NF TD_PT_N_FEATURES
#define NT TD_PT_N_TYPES
#define NFOLD 5
#define PT_ITER 3000

typedef struct row
{
	char		id[16];
	char	   *url;
	int			type;
	int			fold;
	double		x[NF];
} row;

static int
type_of(const char *name)
{
	for (int k = 0; k < NT; k++)
		if (strcmp(td_page_type_name(k), name) == 0)
			return k;
	return -1;
}

/* The next tab-separated field of *s (empty fields kept), without its newline. */
static char *
field(char **s)
{
	char	   *f = *s;

	if (f == NULL)
		return NULL;
	*s = strchr(f, '\t');
	if (*s)
		*(*s)++ = '\0';
	f[strcspn(f, "\n")] = '\0';
	return f;
}

static int
cmd_features(const char *dir)
{
	char		path[4096],
				line[8192];
	FILE	   *m;
	td_env		env;
	double		parse_cpu = 0,
				feat_cpu = 0,
				t0;
	size_t		bytes = 0;
	int			pages = 0;

	td_env_default(&env);
	snprintf(path, sizeof(path), "%s/manifest.tsv", dir);
	if (!(m = fopen(path, "r")))
	{
		perror(path);
		return 1;
	}
	printf("id\turl\ttype\tfold");
	for (int j = 0; j < NF; j++)
		printf("\t%s", td_pt_feature_name(j));
	printf("\n");
	while (fgets(line, sizeof(line), m))
	{
		char	   *rest = line,
				   *id = field(&rest),
				   *url = field(&rest),
				   *ty = field(&rest);
		td_tree    *t;
		double		x[NF];

		if (!id || !url || !ty || type_of(ty) < 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s.html", dir, id);
		{
			size_t		len;
			char	   *html = bench_read_file(path, &len);

			if (!html)
				continue;
			t0 = bench_cpu_now();
			t = bench_parse_bytes(&env, html, len, path);
			parse_cpu += bench_cpu_now() - t0;
			free(html);
			if (!t)
				continue;
			bytes += len;
		}
		/* an empty URL is no URL */
		t0 = bench_cpu_now();
		if (td_page_type_features(t, *url ? url : NULL, strlen(url), x) != TD_OK)
		{
			fprintf(stderr, "%s: %s\n", path, env.errmsg);
			td_tree_free(t);
			continue;
		}
		feat_cpu += bench_cpu_now() - t0;
		pages++;
		printf("%s\t%s\t%s\t%d", id, url, ty, fold_of(url, NFOLD));
		for (int j = 0; j < NF; j++)
			printf("\t%.17g", x[j]);
		printf("\n");
		td_tree_free(t);
	}
	fclose(m);
	fprintf(stderr, "%d pages, %.1f MB: parse %.3f CPU-s, page-type features %.3f CPU-s (%.1f%% of parsing)\n",
			pages, bytes / 1e6, parse_cpu, feat_cpu, 100 * feat_cpu / parse_cpu);
	return 0;
}

static row *
read_rows(const char *path, int *n_out)
{
	FILE	   *f = fopen(path, "r");
	static char line[1 << 16];
	row		   *rows = NULL;
	int			n = 0,
				cap = 0;

	if (!f)
	{
		perror(path);
		exit(1);
	}
	if (!fgets(line, sizeof(line), f))
		exit(1);
	while (fgets(line, sizeof(line), f))
	{
		char	   *rest = line,
				   *tok;
		row		   *r;

		if (n == cap)
			rows = realloc(rows, sizeof(row) * (cap = cap ? 2 * cap : 1024));
		r = &rows[n];
		snprintf(r->id, sizeof(r->id), "%.15s", field(&rest));
		r->url = strdup(field(&rest));
		r->type = type_of(field(&rest));
		r->fold = atoi(field(&rest));
		for (int j = 0; j < NF; j++)
		{
			tok = field(&rest);
			if (!tok)
			{
				fprintf(stderr, "%s: short row %s (features of another scheme?)\n", path, r->id);
				exit(1);
			}
			r->x[j] = strtod(tok, NULL);
		}
		n++;
	}
	fclose(f);
	*n_out = n;
	return rows;
}

/* Whether feature j is used (NOURL: the url_* and has_url features are not). */
static int
used(int j, int nourl)
{
	return !nourl || j < TD_PTF_HAS_URL;
}

/*
 * Fits m on the rows with sel[i]; lambda the L2 strength; balanced weights
 * each type's rows to the same total.
 */
static void
fit(const row *rows, int n, const int *sel, double lambda, int balanced, int nourl,
	td_pt_model *m)
{
	double		cnt[NT] = {0},
				wt[NT],
				total = 0,
				L,
				v[NF],
				nv;
	int			ns = 0;
	double	   *z = malloc(sizeof(double) * n * NF);
	double		W[NT][NF + 1],
				Y[NT][NF + 1],
				Wp[NT][NF + 1],
				G[NT][NF + 1];

	memset(m, 0, sizeof(*m));
	for (int i = 0; i < n; i++)
		if (sel[i])
		{
			ns++;
			cnt[rows[i].type]++;
			for (int j = 0; j < NF; j++)
				m->mean[j] += rows[i].x[j];
		}
	for (int j = 0; j < NF; j++)
		m->mean[j] /= ns;
	for (int i = 0; i < n; i++)
		if (sel[i])
			for (int j = 0; j < NF; j++)
				m->scale[j] += (rows[i].x[j] - m->mean[j]) * (rows[i].x[j] - m->mean[j]);
	for (int j = 0; j < NF; j++)
	{
		m->scale[j] = sqrt(m->scale[j] / ns);
		if (!(m->scale[j] > 1e-12) || !used(j, nourl))
		{
			m->scale[j] = 1.0;
			if (!used(j, nourl))
				m->mean[j] = 0.0;
		}
	}
	for (int k = 0; k < NT; k++)
	{
		wt[k] = balanced ? (cnt[k] > 0 ? (double) ns / (NT * cnt[k]) : 0) : 1.0;
		total += wt[k] * cnt[k];
	}
	for (int i = 0; i < n; i++)
	{
		td_pt_standardize(m->mean, m->scale, rows[i].x, z + (size_t) i * NF);
		for (int j = 0; j < NF; j++)
			if (!used(j, nourl))
				z[(size_t) i * NF + j] = 0.0;
	}

	/* L: the largest eigenvalue of the weighted Gram matrix (bias column included), by power iteration */
	for (int j = 0; j < NF; j++)
		v[j] = 1.0;
	nv = 1.0;
	L = 1.0;
	for (int it = 0; it < 100; it++)
	{
		double		u[NF] = {0},
					ub = 0,
					s = 0;

		for (int i = 0; i < n; i++)
			if (sel[i])
			{
				double		d = nv,
							w = wt[rows[i].type] / total;

				for (int j = 0; j < NF; j++)
					d += z[(size_t) i * NF + j] * v[j];
				for (int j = 0; j < NF; j++)
					u[j] += w * d * z[(size_t) i * NF + j];
				ub += w * d;
			}
		for (int j = 0; j < NF; j++)
			s += u[j] * u[j];
		s = sqrt(s + ub * ub);
		if (s <= 0)
			break;
		L = s;
		for (int j = 0; j < NF; j++)
			v[j] = u[j] / s;
		nv = ub / s;
	}
	/* softmax cross-entropy's Hessian is at most 1/2 of the Gram matrix's */
	L = 0.5 * L + lambda;

	memset(W, 0, sizeof(W));
	memcpy(Y, W, sizeof(W));
	for (int it = 0; it < PT_ITER; it++)
	{
		memset(G, 0, sizeof(G));
		for (int i = 0; i < n; i++)
			if (sel[i])
			{
				double		p[NT],
							top = -INFINITY,
							sum = 0,
							w = wt[rows[i].type] / total;
				const double *zi = z + (size_t) i * NF;

				for (int k = 0; k < NT; k++)
				{
					double		s = Y[k][NF];

					for (int j = 0; j < NF; j++)
						s += Y[k][j] * zi[j];
					p[k] = s;
					if (s > top)
						top = s;
				}
				for (int k = 0; k < NT; k++)
					sum += (p[k] = exp(p[k] - top));
				for (int k = 0; k < NT; k++)
				{
					double		g = w * (p[k] / sum - (k == rows[i].type));

					for (int j = 0; j < NF; j++)
						G[k][j] += g * zi[j];
					G[k][NF] += g;
				}
			}
		memcpy(Wp, W, sizeof(W));
		for (int k = 0; k < NT; k++)
			for (int j = 0; j <= NF; j++)
				W[k][j] = Y[k][j] - (G[k][j] + (j < NF ? lambda * Y[k][j] : 0)) / L;
		for (int k = 0; k < NT; k++)
			for (int j = 0; j <= NF; j++)
				Y[k][j] = W[k][j] + (double) it / (it + 3) * (W[k][j] - Wp[k][j]);
	}
	for (int k = 0; k < NT; k++)
	{
		m->bias[k] = W[k][NF];
		for (int j = 0; j < NF; j++)
			m->weight[k][j] = W[k][j];
	}
	free(z);
}

static int
predict(const td_pt_model *m, const double *x, int nourl, double *conf, double *p)
{
	double		xx[NF];
	int			best = 0;

	memcpy(xx, x, sizeof(xx));
	if (nourl)
		for (int j = TD_PTF_HAS_URL; j < NF; j++)
			xx[j] = 0;
	td_page_type_probs(m, xx, p);
	for (int k = 1; k < NT; k++)
		if (p[k] > p[best])
			best = k;
	*conf = p[best];
	return best;
}

static int
cmd_cv(const char *path, double lambda, int balanced, int nourl)
{
	int			n,
				conf[NT][NT] = {{0}},
				right = 0,
				fold_n[NFOLD] = {0};
	row		   *rows = read_rows(path, &n);
	int		   *sel = calloc(n, sizeof(int));
	double		macro = 0;
	td_pt_model *m = malloc(sizeof(td_pt_model));
	FILE	   *po = getenv("TD_PT_PRED") ? fopen(getenv("TD_PT_PRED"), "w") : NULL;

	for (int f = 0; f < NFOLD; f++)
	{
		for (int i = 0; i < n; i++)
			sel[i] = rows[i].fold != f;
		fit(rows, n, sel, lambda, balanced, nourl == 1, m);
		for (int i = 0; i < n; i++)
			if (rows[i].fold == f)
			{
				double		pc,
							prob[NT];
				int			p = predict(m, rows[i].x, nourl, &pc, prob);

				if (po)
				{
					fprintf(po, "%s\t%d\t%s\t%.4f", rows[i].id, f, td_page_type_name(p), pc);
					for (int k = 0; k < NT; k++)
						fprintf(po, "\t%.6f", prob[k]);
					fputc('\n', po);
				}
				conf[rows[i].type][p]++;
				right += p == rows[i].type;
				fold_n[f]++;
			}
	}
	if (po)
		fclose(po);
	printf("pages %d (folds %d/%d/%d/%d/%d), lambda %g, %s, %s\n", n, fold_n[0], fold_n[1],
		   fold_n[2], fold_n[3], fold_n[4], lambda, balanced ? "balanced" : "unweighted",
		   nourl == 1 ? "no URL" : nourl == 2 ? "trained with URLs, scored without" : "with URL");
	printf("accuracy %.3f\n", (double) right / n);
	printf("| type | pages | precision | recall | F1 |\n|---|---|---|---|---|\n");
	for (int k = 0; k < NT; k++)
	{
		int			tp = conf[k][k],
					gold = 0,
					pred = 0;
		double		pr,
					rc,
					f1;

		for (int j = 0; j < NT; j++)
		{
			gold += conf[k][j];
			pred += conf[j][k];
		}
		pr = pred ? (double) tp / pred : 0;
		rc = gold ? (double) tp / gold : 0;
		f1 = pr + rc > 0 ? 2 * pr * rc / (pr + rc) : 0;
		macro += f1 / NT;
		printf("| %s | %d | %.3f | %.3f | %.3f |\n", td_page_type_name(k), gold, pr, rc, f1);
	}
	printf("macro F1 %.3f\n\n| gold \\ predicted |", macro);
	for (int k = 0; k < NT; k++)
		printf(" %s |", td_page_type_name(k));
	printf("\n|---|");
	for (int k = 0; k < NT; k++)
		printf("---|");
	printf("\n");
	for (int k = 0; k < NT; k++)
	{
		printf("| %s |", td_page_type_name(k));
		for (int j = 0; j < NT; j++)
			printf(" %d |", conf[k][j]);
		printf("\n");
	}
	free(sel);
	free(m);
	return 0;
}

static void
put_doubles(FILE *o, const double *v, int n, int names)
{
	for (int j = 0; j < n; j++)
		if (names)
			fprintf(o, "\t\t\t%a,\t/* %s */\n", v[j], td_pt_feature_name(j));
		else
			fprintf(o, "\t\t%a,\t/* %s */\n", v[j], td_pt_feature_name(j));
}

static int
cmd_write(const char *path, const char *out, double lambda, int balanced)
{
	int			n,
				cnt[NT] = {0};
	row		   *rows = read_rows(path, &n);
	int		   *sel = calloc(n, sizeof(int));
	td_pt_model *m = malloc(sizeof(td_pt_model) * 2);
	FILE	   *o;

	for (int i = 0; i < n; i++)
	{
		sel[i] = 1;
		cnt[rows[i].type]++;
	}
	fit(rows, n, sel, lambda, balanced, 0, &m[1]);
	fit(rows, n, sel, lambda, balanced, 1, &m[0]);
	if (!(o = fopen(out, "w")))
	{
		perror(out);
		return 1;
	}
	fprintf(o, "/*\n"
			" * pagetype_model.c — the built-in page-type model (td_pt_default_model,\n"
			" * pagetype.h).  GENERATED, do not edit: from the repository root, with\n"
			" * wcxb-dev unpacked in /work/data (bench/README.md, \"Page type\"), run\n"
			" *\n"
			" *   make build/bench/page_type\n"
			" *   build/bench/page_type features /work/data/wcxb-dev > /tmp/pt-feats.tsv\n"
			" *   build/bench/page_type write /tmp/pt-feats.tsv src/core/page/pagetype_model.c %g %d\n"
			" *\n"
			" * Training set: %d wcxb-dev pages (", lambda, balanced, n);
	for (int k = 0; k < NT; k++)
		fprintf(o, "%s%s%s %d", k ? "," : "", k == 3 ? "\n * " : k ? " " : "",
				td_page_type_name(k), cnt[k]);
	fprintf(o, "),\n"
			" * softmax with L2 %g, %s; models[1] for pages with a URL,\n"
			" * models[0] trained without the url_* features for pages without one.\n"
			" * Only the weights ship, never the pages.\n"
			" */\n"
			"#include \"page/pagetype.h\"\n\n"
			"_Static_assert(TD_PT_SCHEME == %d, \"page-type model trained under feature scheme %d\");\n"
			"_Static_assert(TD_PT_N_FEATURES == %d, \"page-type model has %d features\");\n"
			"_Static_assert(TD_PT_N_TYPES == %d, \"page-type model has %d types\");\n\n"
			"static const td_pt_model models[2] = {\n",
			lambda, balanced ? "types weighted to the same total" : "pages weighted alike",
			TD_PT_SCHEME, TD_PT_SCHEME, NF, NF, NT, NT);
	for (int u = 0; u < 2; u++)
	{
		fprintf(o, "\t{\t\t\t\t\t\t\t/* %s */\n\t{\t\t\t\t\t\t\t/* mean */\n",
				u ? "with a URL" : "without a URL");
		put_doubles(o, m[u].mean, NF, 0);
		fprintf(o, "\t},\n\t{\t\t\t\t\t\t\t/* scale */\n");
		put_doubles(o, m[u].scale, NF, 0);
		fprintf(o, "\t},\n\t{\t\t\t\t\t\t\t/* bias */\n");
		for (int k = 0; k < NT; k++)
			fprintf(o, "\t\t%a,\t/* %s */\n", m[u].bias[k], td_page_type_name(k));
		fprintf(o, "\t},\n\t{\t\t\t\t\t\t\t/* weight */\n");
		for (int k = 0; k < NT; k++)
		{
			fprintf(o, "\t\t{\t\t\t\t\t\t/* %s */\n", td_page_type_name(k));
			put_doubles(o, m[u].weight[k], NF, 1);
			fprintf(o, "\t\t},\n");
		}
		fprintf(o, "\t}\n\t},\n");
	}
	fprintf(o, "};\n\nconst td_pt_model *\ntd_pt_default_model(int with_url)\n{\n"
			"\treturn &models[with_url ? 1 : 0];\n}\n");
	fclose(o);
	free(sel);
	free(m);
	return 0;
}

/*
 * page_type pred DIR < IDS: each page DIR/ID.html (IDS: one ID a line, e.g.
 * a page_quality run's stats.tsv, first column) typed by the built-in model
 * without a URL, as page_type(html) types it: id, -1, type, its probability.
 */
static int
cmd_pred(const char *dir)
{
	char		path[4096],
				line[4096];
	td_env		env;

	td_env_default(&env);
	while (fgets(line, sizeof(line), stdin))
	{
		char	   *rest = line,
				   *id = field(&rest);
		size_t		len;
		char	   *html;
		td_tree    *t;
		double		prob[NT];
		int			best;

		if (!id || !*id)
			continue;
		snprintf(path, sizeof(path), "%s/%s.html", dir, id);
		if (!(html = bench_read_file(path, &len)))
			continue;
		t = bench_parse_bytes(&env, html, len, path);
		free(html);
		if (!t)
			continue;
		if (td_page_type(t, NULL, 0, prob, &best) == TD_OK)
		{
			printf("%s\t-1\t%s\t%.4f", id, td_page_type_name(best), prob[best]);
			for (int k = 0; k < TD_PT_N_TYPES; k++)
				printf("\t%.6f", prob[k]);
			putchar('\n');
		}
		td_tree_free(t);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "features") == 0)
		return cmd_features(argv[2]);
	if (argc >= 3 && strcmp(argv[1], "cv") == 0)
		return cmd_cv(argv[2], argc > 3 ? atof(argv[3]) : 0.03, argc > 4 ? atoi(argv[4]) : 0,
					  argc > 5 ? atoi(argv[5]) : 0);
	if (argc >= 3 && strcmp(argv[1], "pred") == 0)
		return cmd_pred(argv[2]);
	if (argc >= 4 && strcmp(argv[1], "write") == 0)
		return cmd_write(argv[2], argv[3], argc > 4 ? atof(argv[4]) : 0.03,
						 argc > 5 ? atoi(argv[5]) : 0);
	fprintf(stderr, "usage: page_type features DATASET_DIR > FEATS.tsv\n"
			"       page_type cv FEATS.tsv [LAMBDA [BALANCED [NOURL]]]\n"
			"       page_type write FEATS.tsv OUT.c [LAMBDA [BALANCED]]\n"
			"       page_type pred DIR < IDS\n");
	return 2;
}
