/*
 * page_quality.c — quality and speed of page-level detection (pagelevel.h)
 * against gold text, beside site-level stripping (marks.h) and their
 * combinations.  Writes predicted text per variant and scores each with
 * ../shared/eval/score.py (run from the repository root).
 *
 *   page_quality sites SITES_DIR OUT_DIR
 *       Leave-half-out over the sites (name order): a model trained on the
 *       even-indexed sites scores the odd ones and vice versa, so no site
 *       is scored by a model that saw it.  Variants (OUT_DIR/<variant>/):
 *         all     every visible text (reference)
 *         basic   classifier only: every rendered element with a score >=
 *                 TD_BASIC_THRESH (default: the page threshold) dropped
 *                 (the paper's "Basic"; the page itself, depth <= 2, kept)
 *         smooth  td_page_level alone (the paper's "Smooth")
 *         site    td_mark_template at 0.1 with the site's full profile
 *         or      site-level drops OR page-level drops, as clean_text
 *                 combines them (td_keep_main_labels: short labels in the
 *                 page's <main> not site-level drops, TD_MAIN_LABELS=0
 *                 turns it off; td_combine_drops: page level drops
 *                 nothing of the main region, and nothing when the region
 *                 holds under TD_MIN_REGION, default 0.15, of the text site
 *                 level keeps); run at TD_THRESH=0.6 for clean_text
 *         g*      with TD_GUARDS=1, the variants of site level inside the
 *                 page's content measured for issue 12 (content_guard);
 *                 TD_GUARDS=K > 1: only the K-th and later
 *         orx     the plain union of site-level and page-level drops
 *         orst    "or" with site-level marks OR structural marks (labels.h)
 *                 as the site's drops: what clean_text would give with a
 *                 structural profile beside the text one (not built)
 *         rem     page-level on the page with site-level template removed
 *                 (rendered to HTML without it, parsed again)
 *         pt*, ps*, pa*, sh*  with TD_PROF=1: the profile as evidence
 *                 (run_prof)
 *         orefd   with TD_OREFD=1: "or" with page level's drops chosen by
 *                 td_page_expected_f1, as without a profile (orefdn: the
 *                 main region not protected); with TD_GBDT=1 for the trees
 *   page_quality pages DATASET_DIR OUT_DIR SITES_DIR
 *       Model trained on every site of SITES_DIR (plus, with TD_HOSTS=1,
 *       the dataset's own train-split hosts with >= 5 pages, labelled by
 *       site-level marks from their own profiles: the paper's scheme);
 *       scores the dataset pages whose manifest split is TD_SPLIT (default:
 *       every page; "test" for dragnet).  Variants all, basic, smooth.
 *
 * Training labels: site-level marks OR structural marks (labels.h, from
 * each site's structural profile at TD_STRUCT_THETA, default 0.1);
 * TD_STRUCT=0 trains on the site-level marks alone.  Gold labels
 * (gold_labels.h): TD_GOLD=1 (pages mode) adds the dataset's train-split
 * pages labelled from their gold text; TD_GOLD_TRAIN=DATASET_DIR (either
 * mode) adds that dataset's train split the same way; TD_NOSITES=1 (pages,
 * kfold and sites modes) leaves the sites out of training; TD_SITES_GOLD=1
 * trains on the sites' pages labelled by their gold text, =2 by gold OR
 * their site-level labels, =3 by both; TD_GT_HOSTS=1 labels a gold
 * dataset's hosts of 5 train pages or more by site level (untested_host;
 * issue 12, twelfth session).  The built-in model's recipe is
 * TD_GOLD_TRAIN=../shared/corpus/pages/dragnet (bench/page_quality.sh).
 * TD_DUMP=STRING prints the scores of every element of the pages whose URL
 * contains STRING (pages mode), to stderr.  TD_SEGDUMP=FILE (sites mode)
 * writes one row per page-level segment that site level keeps: its words,
 * gold words and signals that might tell content from template there
 * (how the main-region rule of clean_text was found).
 *
 * Environment: TD_MIN_AREA, TD_PENALTY, TD_THRESH, TD_BASIC_THRESH,
 * TD_LEVELS override td_page_opts_default; TD_BASE=1 passes the manifest
 * URL as base_url (pages mode); TD_LAMBDA the trainer's L2 strength;
 * TD_MODEL_OUT writes the trained model's JSON (pages mode).  TD_GBDT=1
 * trains and scores gradient-boosted trees over the features and the page
 * context instead (every mode; TD_GB_* below, at gb_add_page): the
 * variants that score with td_page_level use them; "basic" and
 * TD_MODEL_OUT/TD_MODEL_IN still mean the logistic model (then untrained).
 *
 * Build (from the repository root): make build/bench/page_quality
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "site/fingerprint.h"
#include "util/fnv.h"
#include "page/labels.h"
#include "page/logreg.h"
#include "page/pagelevel.h"
#include "page/repeats.h"
#include "page/isotonic.h"
#include "site/profile.h"
#include "base/render.h"
#include "site/marks.h"
#include "base/tree.h"
#include "base/tags.h"

#include "corpus.h"
#include "gold_labels.h"
#include "folds.h"
#include "page/logreg_json.h"
#include "page/default_model.h"
#include "page/context.h"
#include "page/gbdt.h"
#include "page/default_gbdt.h"
#include "base/hash.h"

static td_env env;
static td_page_opts popts;
static double basic_thresh;
static double min_region = TD_DEFAULT_MIN_REGION_SHARE;	/* "or": td_combine_drops */

typedef struct page
{
	char	   *rel;			/* <site>/<name> without .html, or <id> */
	char	   *url;
	int			group;			/* site index; -1 when none */
	int			test;			/* scored */
	td_tree    *tree;
	uint8_t    *site_drop;		/* NULL when no site-level marks */
	uint8_t    *train_drop;		/* training labels (site-level OR structural) */
	uint32_t   *site_count;		/* profile count per node (site-level marks) */
	int			gold;			/* labels from a gold text: 2 of WCXB, 1 of another set */
	double		type_w;			/* TD_GB_TYPEW: its page type's row weight (1 unless set) */
	uint8_t    *clean_drop;		/* site drops as clean_text takes them (td_keep_main_labels) */
	uint8_t    *or_drop;		/* TD_PROF: clean_text's drops today ("or") */
	float	   *pl_smooth;		/* TD_PROF: page level's smoothed scores (held-out model) */
	uint8_t    *pl_region;		/* TD_PROF: its main region */
} page;

static page *pages;
static int	n_pages,
			cap_pages;
static double t_parse;

static double t_ctx;			/* TD_PROF: td_context_rows(_of) while scoring */

static td_tree *
parse_file(const char *path)
{
	size_t		len;
	char	   *html = bench_read_file(path, &len);
	td_tree    *t;
	double		t0 = bench_now();

	if (!html)
		return NULL;
	t = bench_parse_bytes(&env, html, len, path);
	t_parse += bench_now() - t0;
	free(html);
	return t;
}

static page *
add_page(void)
{
	if (n_pages == cap_pages)
	{
		cap_pages = cap_pages ? 2 * cap_pages : 1024;
		pages = realloc(pages, sizeof(page) * cap_pages);
	}
	memset(&pages[n_pages], 0, sizeof(page));
	pages[n_pages].type_w = 1.0;
	return &pages[n_pages++];
}

/*
 * Training labels of pages [from, to): site-level marks OR structural ones
 * (labels.h) from the site's structural profile; TD_STRUCT=0 leaves the
 * site-level marks alone, TD_STRUCT_THETA sets the share (default 0.1).
 */
/*
 * The serialized profile of pages [from, to) in *ser (caller frees) and its
 * view: of text fingerprints, or of structural ones (labels.h).
 */
static void
pages_profile(int from, int to, int structural, td_buf *ser, td_profile_view *view)
{
	td_profile_settings set = {TD_UNIT_NODE, TD_FP_SCHEME, 0, 1 << 20, 0};
	td_profile *prof;

	td_profile_create(&env, &set, &prof);
	for (int i = from; i < to; i++)
	{
		td_tree    *t = pages[i].tree;
		uint64_t   *fp = malloc(sizeof(uint64_t) * t->n_nodes),
				   *pf = malloc(sizeof(uint64_t) * t->n_nodes);

		if (structural)
			td_struct_fingerprints(t, fp);
		else
			td_fingerprints(t, fp);
		td_profile_add_page(prof, pf, td_page_fingerprints(t, fp, pf));
		free(fp);
		free(pf);
	}
	td_buf_init(ser, &env);
	td_profile_serialize(prof, ser);
	td_profile_free(prof);
	if (td_profile_view_init(&env, ser->data, ser->len, view) != TD_OK)
	{
		fprintf(stderr, "bad profile\n");
		exit(1);
	}
}

static void
struct_marks(int from, int to)
{
	td_buf		ser;
	td_profile_view view;
	double		theta = getenv("TD_STRUCT_THETA") ? atof(getenv("TD_STRUCT_THETA")) : 0.1;

	for (int i = from; i < to; i++)
	{
		pages[i].train_drop = malloc(pages[i].tree->n_nodes);
		memcpy(pages[i].train_drop, pages[i].site_drop, pages[i].tree->n_nodes);
	}
	if (getenv("TD_STRUCT") && !atoi(getenv("TD_STRUCT")))
		return;
	pages_profile(from, to, 1, &ser, &view);
	for (int i = from; i < to; i++)
		if (td_mark_structural(pages[i].tree, &view, theta, pages[i].train_drop) != TD_OK)
			exit(1);
	td_buf_free(&ser);
}

/* Site-level marks of pages [from, to) (one site), profile from all of them. */
static void
site_marks(int from, int to)
{
	td_buf		ser;
	td_profile_view view;

	pages_profile(from, to, 0, &ser, &view);
	for (int i = from; i < to; i++)
	{
		td_marks	m;

		if (td_mark_template(pages[i].tree, &view, 0.1, &m) != TD_OK)
		{
			fprintf(stderr, "%s: %s\n", pages[i].rel, env.errmsg);
			exit(1);
		}
		pages[i].site_drop = malloc(pages[i].tree->n_nodes);
		memcpy(pages[i].site_drop, m.drop, pages[i].tree->n_nodes);
		pages[i].site_count = malloc(sizeof(uint32_t) * pages[i].tree->n_nodes);
		memcpy(pages[i].site_count, m.pages, sizeof(uint32_t) * pages[i].tree->n_nodes);
		/* clean_text's site drops: short labels in <main> kept (TD_MAIN_LABELS=0: not) */
		if (!getenv("TD_MAIN_LABELS") || atoi(getenv("TD_MAIN_LABELS")))
			if (td_keep_main_labels(pages[i].tree, &m, TD_MAIN_LABEL_MAX) != TD_OK)
				exit(1);
		pages[i].clean_drop = malloc(pages[i].tree->n_nodes);
		memcpy(pages[i].clean_drop, m.drop, pages[i].tree->n_nodes);
		td_marks_free(pages[i].tree, &m);
	}
	td_buf_free(&ser);
	struct_marks(from, to);
}

/* The index of host in *names (n of them), appended when new. */
static int
host_group(char ***names, int *n, const char *host)
{
	int			g;

	for (g = 0; g < *n && strcmp((*names)[g], host); g++)
		;
	if (g == *n)
	{
		*names = realloc(*names, sizeof(char *) * (*n + 1));
		(*names)[(*n)++] = strdup(host);
	}
	return g;
}

static int
cmp_host(const void *a, const void *b)
{
	const page *x = a,
			   *y = b;
	int			c = x->group - y->group;

	return c ? c : strcmp(x->rel, y->rel);
}

/*
 * Pages [first, n_pages) sorted by group (their host), and every group of at
 * least 5 pages that ok(from, to, arg) accepts labelled by site level from
 * its own profile (TD_HOSTS, TD_GT_HOSTS).  Returns the pages labelled.
 */
static int
site_marks_by_host(int first, int (*ok) (int from, int to, void *arg), void *arg)
{
	int			labelled = 0;

	qsort(pages + first, n_pages - first, sizeof(page), cmp_host);
	for (int from = first, to; from < n_pages; from = to)
	{
		for (to = from; to < n_pages && pages[to].group == pages[from].group; to++)
			;
		if (to - from >= 5 && ok(from, to, arg))
		{
			site_marks(from, to);
			labelled += to - from;
		}
	}
	return labelled;
}


/* Every site of a sites folder: pages parsed, site-level marks. */
/*
 * TD_SITES_GOLD: pages [from, to) of one site labelled by their gold text (1),
 * or with their site-level labels: template where either says so (2), where
 * both do (3).
 */
static void
sites_gold_labels(const char *sites, int from, int to, int mode)
{
	const char *how = getenv("TD_GB_LABEL");
	char		path[8192];

	for (int i = from; i < to; i++)
	{
		uint8_t    *g;

		snprintf(path, sizeof(path), "%s/%s.txt", sites, pages[i].rel);
		g = how && *how ?
			gold_labels_rule(pages[i].tree, path, gold_rule_named(how), NULL, NULL) :
			gold_labels(pages[i].tree, path);
		if (!g)
			continue;
		if (mode >= 2)
			for (uint32_t k = 0; k < pages[i].tree->n_nodes; k++)
				g[k] = mode == 2 ? (g[k] || pages[i].train_drop[k]) :
					(g[k] && pages[i].train_drop[k]);
		pages[i].train_drop = g;
	}
}

static int
load_sites(const char *sites)
{
	DIR		   *d = opendir(sites);
	struct dirent *e;
	char	   *names[1024];
	int			n_sites = 0;

	while (d && (e = readdir(d)) && n_sites < 1024)
		if (e->d_name[0] != '.')
			names[n_sites++] = strdup(e->d_name);
	if (d)
		closedir(d);
	qsort(names, n_sites, sizeof(char *), bench_cmp_str);
	for (int s = 0; s < n_sites; s++)
	{
		char		dir[4096],
					path[8192];
		DIR		   *sd;
		char	   *files[2048];
		int			nf = 0,
					from = n_pages;

		snprintf(dir, sizeof(dir), "%s/%s", sites, names[s]);
		if (!(sd = opendir(dir)))
			continue;
		while ((e = readdir(sd)) && nf < 2048)
			if (strstr(e->d_name, ".html"))
				files[nf++] = strdup(e->d_name);
		closedir(sd);
		qsort(files, nf, sizeof(char *), bench_cmp_str);
		for (int i = 0; i < nf; i++)
		{
			td_tree    *t;
			page	   *p;

			snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
			if ((t = parse_file(path)))
			{
				p = add_page();
				p->tree = t;
				p->group = s;
				snprintf(path, sizeof(path), "%s/%.*s", names[s], (int) (strlen(files[i]) - 5), files[i]);
				p->rel = strdup(path);
			}
			free(files[i]);
		}
		site_marks(from, n_pages);
		if (getenv("TD_SITES_GOLD") && atoi(getenv("TD_SITES_GOLD")))
			sites_gold_labels(sites, from, n_pages, atoi(getenv("TD_SITES_GOLD")));
		free(names[s]);
	}
	return n_sites;
}

/*
 * TD_GBDT=1 (issue 12): the tree classifier (page/gbdt.h) over the features
 * and the page context (page/context.h) instead of the logistic model; its
 * rows are those td_trainer_add_page takes.  TD_GB_TREES, TD_GB_DEPTH,
 * TD_GB_LR, TD_GB_SUB, TD_GB_SEED (the row sampling's), TD_GB_BINS, TD_GB_MINLEAF, TD_GB_LAMBDA set the
 * trainer's options; TD_GB_NOCTX=1 trains on the element's features and its
 * size class alone; TD_GB_DROP=name,name... zeroes those context features
 * (ablation); TD_GB_PAGEW=1 weighs each page's rows 1/sqrt(rows of the page)
 * (then all rows rescaled to mean weight 1), TD_GB_WCXBW=w multiplies the
 * rows of WCXB's gold-labelled pages (a dataset path holding "wcxb") by w,
 * TD_GB_SITESW=w those of the pages labelled by site level (the sites),
 * TD_GB_TYPEW=type:w,... those of gold pages by page type (type_weight);
 * TD_GB_LABEL=f1|PCT labels the gold pages' training rows by another rule
 * (td_gold_labels_rule, gold_train_labels; issue 12, eighth session);
 * TD_GB_SPLITS=1 prints how often each feature splits; TD_GB_WRITE=FILE
 * (pages mode) writes the fitted trees as C (gb_write_c: the built-in tree
 * model, bench/gen_default_gbdt.sh).
 */
static int	use_gbdt;
static float *gb_x,
		   *gb_w;
static uint8_t *gb_y;
static size_t gb_n,
			gb_cap;
static uint8_t gb_zero[TD_N_ROW];
static size_t gb_fit_rows;		/* the last fit's rows (TD_GB_WRITE) */

static uint32_t
gb_dims(void)
{
	return getenv("TD_GB_NOCTX") && atoi(getenv("TD_GB_NOCTX")) ? TD_N_FEATURES + 1 : TD_N_ROW;
}

static void
gb_init_drop(void)
{
	const char *d = getenv("TD_GB_DROP");

	for (int c = 0; d && c < TD_N_CONTEXT; c++)
	{
		const char *p = strstr(d, td_context_names[c]);
		size_t		l = strlen(td_context_names[c]);

		if (p && (p == d || p[-1] == ',') && (p[l] == 0 || p[l] == ','))
			gb_zero[TD_N_FEATURES + c] = 1;
	}
}

/*
 * TD_GB_ROWW=[p][words|sqrt|log] (issue 12, sixth session): row weights
 * closer to the metric (word F1 averaged over pages).  words / sqrt / log:
 * each row weighs its element's visible characters + 1, their square root
 * or ln(2 + characters); a leading "p": then the page's rows are rescaled
 * to sum to the page's weight (each page counts alike); "p" alone: every
 * row of a page weighs weight / rows.  Applied to rows n0.. (one page, in
 * node order; TD_GB_PAGEW's weights replaced), before gb_fit rescales all
 * weights to mean 1.
 */
static void
gb_row_weights(const td_tree *t, const td_features *f, size_t n0, double weight)
{
	const char *how = getenv("TD_GB_ROWW");
	int			per_page;
	double		sum = 0;
	size_t		r = n0;

	if (!how || !*how || gb_n == n0)
		return;
	per_page = how[0] == 'p';
	how += per_page;
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];
		double		v = f->visible[i],
					g = 1;

		if (nd->kind != TD_ELEM || (nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) || f->area[i] == 0)
			continue;
		if (strcmp(how, "words") == 0)
			g = v + 1;
		else if (strcmp(how, "sqrt") == 0)
			g = sqrt(v + 1);
		else if (strcmp(how, "log") == 0)
			g = log(2 + v);
		gb_w[r++] = (float) (weight * g);
		sum += g;
	}
	if (per_page && sum > 0)
		for (r = n0; r < gb_n; r++)
			gb_w[r] = (float) (gb_w[r] / sum);
}

static void
gb_add_page(const td_tree *t, const td_features *f, const uint8_t *label, double weight)
{
	float	   *rows;
	uint32_t	d = gb_dims();
	size_t		n0 = gb_n;

	if (td_context_rows(t, f, &rows) != TD_OK)
		exit(1);
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (nd->kind != TD_ELEM || (nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) || f->area[i] == 0)
			continue;
		if (gb_n == gb_cap)
		{
			gb_cap = gb_cap ? 2 * gb_cap : 1 << 20;
			gb_x = realloc(gb_x, sizeof(float) * d * gb_cap);
			gb_w = realloc(gb_w, sizeof(float) * gb_cap);
			gb_y = realloc(gb_y, gb_cap);
		}
		memcpy(gb_x + gb_n * d, rows + (size_t) i * TD_N_ROW, sizeof(float) * d);
		for (uint32_t j = 0; j < d; j++)
			if (gb_zero[j])
				gb_x[gb_n * d + j] = 0;
		gb_y[gb_n] = label[i] != 0;
		gb_w[gb_n] = (float) weight;
		gb_n++;
	}
	if (getenv("TD_GB_PAGEW") && atoi(getenv("TD_GB_PAGEW")) && gb_n > n0)
		for (size_t r = n0; r < gb_n; r++)
			gb_w[r] /= (float) sqrt((double) (gb_n - n0));
	gb_row_weights(t, f, n0, weight);
	td_free(&env, rows);
}

/* A page's training rows: the logistic trainer's or (TD_GBDT) the trees'. */
static void
add_train_page(td_trainer *tr, page *p)
{
	td_features f;

	if (td_compute_features(p->tree, NULL, 0, &f) != TD_OK)
	{
		fprintf(stderr, "%s: %s\n", p->rel, env.errmsg);
		exit(1);
	}
	if (use_gbdt)
		gb_add_page(p->tree, &f, p->train_drop,
					p->type_w *
					(p->gold == 2 && getenv("TD_GB_WCXBW") ? atof(getenv("TD_GB_WCXBW")) :
					 p->gold == 0 && getenv("TD_GB_SITESW") ? atof(getenv("TD_GB_SITESW")) : 1.0));
	else if (td_trainer_add_page(tr, p->tree, &f, p->train_drop) != TD_OK)
	{
		fprintf(stderr, "%s: %s\n", p->rel, env.errmsg);
		exit(1);
	}
	td_features_free(p->tree, &f);
}

/* The trainer's options: td_gbdt_opts_default, then TD_GB_* (above). */
static void
gb_opts(td_gbdt_opts *o)
{
	td_gbdt_opts_default(o);
	if (getenv("TD_GB_TREES"))
		o->n_trees = atoi(getenv("TD_GB_TREES"));
	if (getenv("TD_GB_DEPTH"))
		o->max_depth = atoi(getenv("TD_GB_DEPTH"));
	if (getenv("TD_GB_LR"))
		o->shrinkage = atof(getenv("TD_GB_LR"));
	if (getenv("TD_GB_SUB"))
		o->subsample = atof(getenv("TD_GB_SUB"));
	if (getenv("TD_GB_SEED"))
		o->seed = strtoull(getenv("TD_GB_SEED"), NULL, 10);
	if (getenv("TD_GB_BINS"))
		o->n_bins = atoi(getenv("TD_GB_BINS"));
	if (getenv("TD_GB_MINLEAF"))
		o->min_leaf = atof(getenv("TD_GB_MINLEAF"));
	if (getenv("TD_GB_LAMBDA"))
		o->lambda = atof(getenv("TD_GB_LAMBDA"));
}

/* Weights w[0 .. n) rescaled to mean 1. */
static void
gb_norm(float *w, size_t n)
{
	double		sw = 0;

	for (size_t r = 0; r < n; r++)
		sw += w[r];
	for (size_t r = 0; r < n && sw > 0; r++)
		w[r] *= (float) (n / sw);
}

/*
 * Fits the trees to the rows gathered so far (exits on failure), timed, then
 * forgets the rows; TD_GB_SPLITS=1 prints the split counts.
 */
static void
gb_fit(td_gbdt *out)
{
	td_gbdt_opts o;
	uint32_t	d = gb_dims();
	double		t0 = bench_now();

	gb_opts(&o);
	gb_norm(gb_w, gb_n);
	if (out->owned)
		td_gbdt_free(&env, out);
	if (td_gbdt_train(&env, gb_x, gb_y, gb_w, gb_n, d, &o, out) != TD_OK)
	{
		fprintf(stderr, "gbdt: %s\n", env.errmsg);
		exit(1);
	}
	fprintf(stderr, "gbdt trees: %zu rows, %d trees of depth %d in %.1f s\n", gb_n, o.n_trees,
			o.max_depth, bench_now() - t0);
	if (getenv("TD_GB_SPLITS"))
	{
		/* how often each feature splits (a rough importance) */
		int			cnt[TD_N_ROW] = {0};

		for (uint32_t k = 0; k < out->n_nodes; k++)
			if (!TD_GBDT_IS_LEAF(&out->nodes[k]))
				cnt[out->nodes[k].feature]++;
		fprintf(stderr, "gbdt trees splits:");
		for (uint32_t j = 0; j < d; j++)
			if (cnt[j])
				fprintf(stderr, " %s %d", td_row_name(j), cnt[j]);
		fprintf(stderr, "\n");
	}
	gb_fit_rows = gb_n;
	gb_n = 0;
}

/*
 * TD_GB_WRITE=FILE (pages mode, with TD_GBDT=1): writes the fitted trees as
 * the built-in tree model, src/core/page/default_gbdt.c (a C initializer:
 * nothing parsed at run time).  The header names the command; cmd is that
 * command, the rest comes from the fit.  Deterministic: the same rows give
 * the same file, byte for byte (hex floats, no time stamps).
 */
/* The model's arrays and struct. */
static void
gb_write_model(FILE *o, const td_gbdt *m)
{
	fprintf(o, "static const uint32_t tree_first[%u] = {", m->n_trees + 1);
	for (uint32_t t = 0; t <= m->n_trees; t++)
		fprintf(o, "%s%u,", t % 12 ? " " : "\n\t", m->tree_first[t]);
	fprintf(o, "\n};\n\n/* {feature, left child (right: left + 1; 0: a leaf), threshold or leaf value} */\n"
			"static const td_gbdt_node nodes[%u] = {", m->n_nodes);
	for (uint32_t t = 0; t < m->n_trees; t++)
	{
		fprintf(o, "\n\t/* tree %u */", t);
		for (uint32_t k = m->tree_first[t]; k < m->tree_first[t + 1]; k++)
		{
			const td_gbdt_node *nd = &m->nodes[k];

			if (TD_GBDT_IS_LEAF(nd))
				fprintf(o, "%s{0, 0, %af},", (k - m->tree_first[t]) % 4 ? " " : "\n\t", nd->value);
			else
				fprintf(o, "%s{%u, %u, %af},", (k - m->tree_first[t]) % 4 ? " " : "\n\t",
						(unsigned) nd->feature, (unsigned) nd->left, nd->value);
		}
	}
	fprintf(o, "\n};\n\nstatic const td_gbdt model = {\n\t%u, %u, %u, %a,\n"
			"\ttree_first, nodes, 0\n};\n\n", m->n_features, m->n_trees, m->n_nodes, m->base);
}

static void
gb_write_c(const char *path, const td_gbdt *m, size_t rows, int n_train)
{
	FILE	   *o = fopen(path, "w");
	uint32_t	w = m->n_features;

	if (!o)
	{
		perror(path);
		exit(1);
	}
	fprintf(o, "/*\n"
			" * default_gbdt.c — the built-in page-level tree model (td_default_gbdt;\n"
			" * default_gbdt.h): page level without a site profile scores with it.\n"
			" * GENERATED, do not edit: from the repository root, with the corpus at\n"
			" * ../shared/corpus and WCXB's dev set unpacked at /work/data/wcxb-dev\n"
			" * (bench/README.md, \"wcxb-dev\"), run (about 4 minutes on 2 loaded cores)\n"
			" *\n"
			" *   bash bench/gen_default_gbdt.sh\n"
			" *\n"
			" * Training set: %d pages, %zu element rows (every shown element with an\n"
			" * area): sites/ (site-level OR structural marks), dragnet's train split\n"
			" * and all of wcxb-dev (labels from their gold text by the %s rule;\n"
			" * WCXB's rows weigh %s; row weights %s).  Not trained on: dragnet's\n"
			" * test split, cleaneval, readability.\n"
			" * %u trees of depth %s, shrinkage %s, the rest\n"
			" * td_gbdt_opts_default; %u nodes.  Rows: the element's features\n"
			" * (features.h) then the page context (context.h), %u floats.\n",
			n_train, rows,
			getenv("TD_GB_LABEL") && *getenv("TD_GB_LABEL") ? getenv("TD_GB_LABEL") : "15",
			getenv("TD_GB_WCXBW") ? getenv("TD_GB_WCXBW") : "1",
			getenv("TD_GB_ROWW") && *getenv("TD_GB_ROWW") ? getenv("TD_GB_ROWW") : "1",
			m->n_trees, getenv("TD_GB_DEPTH") ? getenv("TD_GB_DEPTH") : "4",
			getenv("TD_GB_LR") ? getenv("TD_GB_LR") : "0.1", m->n_nodes, w);
	fprintf(o, " * td_gbdt_serialize gives its JSON form.\n"
			" */\n"
			"#include \"page/default_gbdt.h\"\n\n"
			"#include \"page/context.h\"\n\n");
	fprintf(o, "_Static_assert(TD_FEAT_SCHEME == %d, \"trees trained under feature scheme %d\");\n",
			TD_FEAT_SCHEME, TD_FEAT_SCHEME);
	fprintf(o, "_Static_assert(TD_N_ROW == %u, \"trees trained on rows of %u features: "
			"regenerate (bash bench/gen_default_gbdt.sh)\");\n", w, w);
	fprintf(o, "\n/* the row's columns when the trees were trained (test_gbdt.c compares) */\n"
			"const char *const td_default_gbdt_names[] = {\n");
	for (uint32_t j = 0; j < w; j++)
		fprintf(o, "\t\"%s\",\n", td_row_name(j));
	fprintf(o, "\tNULL\n};\n\n");
	gb_write_model(o, m);
	fprintf(o, "const td_gbdt *\ntd_default_gbdt(void)\n{\n\treturn &model;\n}\n");
	if (fclose(o))
	{
		perror(path);
		exit(1);
	}
}

/* Rows of every page of group g (or all with g = -1, or those with site marks). */
static void
train_rows(td_trainer *tr, int (*want) (const page *, int), int arg)
{
	for (int i = 0; i < n_pages; i++)
		if (pages[i].site_drop && want(&pages[i], arg))
			add_train_page(tr, &pages[i]);
}

static void
fit(td_trainer *tr, td_logreg *m)
{
	td_train_opts o;

	if (use_gbdt)
	{
		td_logreg_init(m);		/* unused: popts.gbdt scores */
		return;
	}
	td_train_opts_default(&o);
	if (getenv("TD_LAMBDA"))
		o.lambda = atof(getenv("TD_LAMBDA"));
	if (getenv("TD_MAXITER"))
		o.max_iter = atoi(getenv("TD_MAXITER"));
	if (td_trainer_fit(tr, &o, m, NULL) != TD_OK)
	{
		fprintf(stderr, "fit: %s\n", env.errmsg);
		exit(1);
	}
}

static void
mkdirs(const char *path)
{
	char		buf[8192];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/')
		{
			*p = 0;
			mkdir(buf, 0755);
			*p = '/';
		}
	mkdir(buf, 0755);
}

static void
write_text(const char *out, const char *variant, const char *rel, const td_tree *t,
		   const uint8_t *drop)
{
	char		path[8192];
	td_buf		b;
	FILE	   *o;
	char	   *slash;

	snprintf(path, sizeof(path), "%s/%s/%s.txt", out, variant, rel);
	slash = strrchr(path, '/');
	*slash = 0;
	mkdirs(path);
	*slash = '/';
	td_buf_init(&b, &env);
	td_render_text(t, drop, &b);
	o = fopen(path, "wb");
	fwrite(b.data ? b.data : "", 1, b.len, o);
	fclose(o);
	td_buf_free(&b);
}

static double t_level;
static int	n_level;

/* Page-level drops of t (caller frees), timed; *region (when not NULL) the main region. */
static uint8_t *
page_level(const td_tree *t, const td_logreg *m, const char *url, uint8_t **region)
{
	td_page_marks pm;
	td_page_opts o = popts;
	uint8_t    *drop;
	double		t0 = bench_now();

	if (url && getenv("TD_BASE") && atoi(getenv("TD_BASE")))
	{
		o.base_url = url;
		o.base_len = strlen(url);
	}
	if (td_page_level(t, m, &o, &pm) != TD_OK)
	{
		fprintf(stderr, "page level: %s\n", env.errmsg);
		exit(1);
	}
	t_level += bench_now() - t0;
	n_level++;
	if (getenv("TD_DUMP") && url && strstr(url, getenv("TD_DUMP")))
		for (uint32_t k = 0; k < t->n_nodes; k++)
			if (pm.score[k] >= 0 && pm.area[k] >= 40)
			{
				uint32_t	il = 0,
							cll = 0;
				const char *id = td_node_attr(t, k, "id", &il),
						   *cl = td_node_attr(t, k, "class", &cll);

				fprintf(stderr, "%*s%u <%.*s id=%.*s cl=%.*s> area %u score %.3f smooth %.3f%s%s\n",
						(int) t->nodes[k].depth, "", k, (int) t->nodes[k].str_len, td_node_str(t, k),
						id ? (int) (il < 20 ? il : 20) : 0, id ? id : "",
						cl ? (int) (cll < 30 ? cll : 30) : 0, cl ? cl : "", pm.area[k], pm.score[k], pm.smooth[k],
						pm.seg_start[k] ? " SEG" : "", pm.drop[k] ? " DROP" : "");
			}
	drop = pm.drop;
	pm.drop = NULL;
	if (region)
	{
		*region = pm.main_region;
		pm.main_region = NULL;
	}
	td_page_marks_free(t, &pm);
	return drop;
}

/* Classifier only: every rendered element scoring >= basic_thresh. */
static uint8_t *
basic(const td_tree *t, const td_logreg *m)
{
	td_features f;
	uint8_t    *drop = calloc(t->n_nodes, 1);

	if (td_compute_features(t, NULL, 0, &f) != TD_OK)
		exit(1);
	for (uint32_t k = 1; k < t->n_nodes; k++)
	{
		const td_node *nd = &t->nodes[k];

		if (drop[nd->parent])
			drop[k] = 1;
		else if (nd->kind == TD_ELEM && !(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) &&
				 f.area[k] > 0 && nd->depth > 2 &&
				 td_logreg_score(m, f.size_class[k], td_feature_row(&f, k)) >= basic_thresh)
			drop[k] = 1;
	}
	td_features_free(t, &f);
	return drop;
}

static void
score(const char *gold, const char *out, const char *variant)
{
	char		cmd[16384];

	snprintf(cmd, sizeof(cmd), "printf '%%-7s ' %s; /usr/bin/python3 %s %s %s/%s",
			 variant, getenv("TD_SCORE") ? getenv("TD_SCORE") : "../shared/eval/score.py", gold, out, variant);
	fflush(stdout);
	if (system(cmd) != 0)
		fprintf(stderr, "score.py failed\n");
}

/* TD_NOSITES=1 in sites mode: the half models learn from TD_GOLD_TRAIN alone */
static int	sites_untrained;

static int
in_group_parity(const page *p, int parity)
{
	return p->group == -2 || (!sites_untrained && p->group % 2 == parity);
}

static int
any_page(const page *p, int arg)
{
	return 1;
}

static void column(const char *line, int col, char *buf, size_t size);
static void fallback_drops(const td_tree *t, const td_page_marks *pm, uint8_t *drop);

/*
 * With TD_TEXTS_X, one line of OUT/texts_x.tsv beside each line of texts.tsv
 * (issue 12, seventh session, bench/txt_rules.py): whether the text lies in
 * an <a>, its parent element's name, the name of its nearest ancestor among
 * the text containers below (else "-"), and the link density (visible
 * characters inside <a> over all) of its nearest shown element and of its
 * parent, and how many elements of its container's tag share the container's
 * parent (1: none besides it; 0: no container) and the same of its nearest
 * shown element (repetition: the items of a grid or list).
 */
typedef struct texts_x
{
	const char *out;
	FILE	   *o;
	uint8_t    *in_a;
	uint32_t   *ctx,			/* nearest container ancestor, TD_NONE for none */
			   *shown,			/* nearest shown element (score >= 0) */
			   *rep;			/* elements of the same tag under the same parent */
	double	   *lnk,
			   *tot;
} texts_x;

static int
texts_x_container(uint16_t tag)
{
	switch (tag)
	{
		case TD_TAG_P_: case TD_TAG_LI: case TD_TAG_TD: case TD_TAG_TH: case TD_TAG_H1:
		case TD_TAG_H2: case TD_TAG_H3: case TD_TAG_H4: case TD_TAG_H5: case TD_TAG_H6:
		case TD_TAG_DD: case TD_TAG_DT: case TD_TAG_PRE: case TD_TAG_BLOCKQUOTE:
		case TD_TAG_FIGCAPTION: case TD_TAG_CAPTION: case TD_TAG_LABEL: case TD_TAG_BUTTON:
		case TD_TAG_OPTION: case TD_TAG_A: case TD_TAG_SPAN: case TD_TAG_STRONG:
		case TD_TAG_B_: case TD_TAG_EM: case TD_TAG_SMALL: case TD_TAG_TIME: case TD_TAG_CODE:
			return 1;
		default:
			return 0;
	}
}

static void
texts_x_prepare(const td_tree *t, const td_page_marks *tm, const uint32_t *vis, texts_x *x)
{
	uint32_t	n = t->n_nodes ? t->n_nodes : 1;
	char		path[8192];

	snprintf(path, sizeof(path), "%s/texts_x.tsv", x->out);
	x->in_a = calloc(n, 1);
	x->ctx = malloc(sizeof(uint32_t) * n);
	x->shown = malloc(sizeof(uint32_t) * n);
	x->lnk = calloc(n, sizeof(double));
	x->tot = calloc(n, sizeof(double));
	x->rep = calloc(n, sizeof(uint32_t));
	if (!(x->o = fopen(path, "a")) || !x->in_a || !x->ctx || !x->shown || !x->lnk || !x->tot ||
		!x->rep)
		exit(1);
	{
		uint32_t	cnt[TD_TAG_COUNT] = {0};

		for (uint32_t i = 0; i < t->n_nodes; i++)
		{
			uint32_t	c;

			for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
				if (t->nodes[c].kind == TD_ELEM && t->nodes[c].tag < TD_TAG_COUNT)
					cnt[t->nodes[c].tag]++;
			for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
				if (t->nodes[c].kind == TD_ELEM && t->nodes[c].tag < TD_TAG_COUNT)
					x->rep[c] = cnt[t->nodes[c].tag];
			for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
				if (t->nodes[c].kind == TD_ELEM && t->nodes[c].tag < TD_TAG_COUNT)
					cnt[t->nodes[c].tag] = 0;
		}
	}
	x->ctx[0] = TD_NONE;
	x->shown[0] = 0;
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];

		x->in_a[i] = x->in_a[nd->parent] || (nd->kind == TD_ELEM && nd->tag == TD_TAG_A);
		x->ctx[i] = nd->kind == TD_ELEM && texts_x_container(nd->tag) ? i : x->ctx[nd->parent];
		x->shown[i] = nd->kind == TD_ELEM && tm->score[i] >= 0 ? i : x->shown[nd->parent];
		if (nd->kind == TD_TEXT)
		{
			x->tot[i] = vis[i];
			x->lnk[i] = x->in_a[i] ? vis[i] : 0;
		}
	}
	/* preorder: a child's index is over its parent's */
	for (uint32_t i = t->n_nodes; i-- > 1;)
	{
		x->tot[t->nodes[i].parent] += x->tot[i];
		x->lnk[t->nodes[i].parent] += x->lnk[i];
	}
}

static void
texts_x_line(const td_tree *t, texts_x *x, uint32_t i)
{
	uint32_t	p = t->nodes[i].parent,
				c = x->ctx[i],
				s = x->shown[i];
	const char *pn = td_tag_name(t->nodes[p].tag);

	fprintf(x->o, "%d\t%s\t%s\t%.4f\t%.4f\t%u\t%u\n", x->in_a[i], pn ? pn : "?",
			c == TD_NONE ? "-" : td_tag_name(t->nodes[c].tag),
			x->tot[s] > 0 ? x->lnk[s] / x->tot[s] : 0.0,
			x->tot[p] > 0 ? x->lnk[p] / x->tot[p] : 0.0,
			c == TD_NONE ? 0 : x->rep[c], x->rep[s]);
}

static void
texts_x_done(texts_x *x)
{
	if (x->o)
		fclose(x->o);
	free(x->in_a);
	free(x->ctx);
	free(x->shown);
	free(x->lnk);
	free(x->tot);
	free(x->rep);
}

/*
 * Per text node that writes words, one line of OUT/texts.tsv (issue 12, the
 * expected-F1 decision, bench/efd_rules.py): page, its group (kfold: the
 * fold), its drop score (the largest smoothed score of its element
 * ancestors: dropped at th when that is >= th, kept above; -1 for none), the raw score
 * of its nearest shown element (-1 for the root's), its visible characters,
 * 1 when it joins the previous written text with no separator (a word may
 * run across both), and its text (tabs and line breaks as spaces).  Every
 * threshold's output follows from the lines alone, without rendering again.
 */
static void
texts_dump(const char *out, const page *pg, const td_page_marks *tm, const uint32_t *vis)
{
	const td_tree *t = pg->tree;
	uint32_t	n = t->n_nodes;
	float	   *m = malloc(sizeof(float) * (n ? n : 1)),
			   *raw = malloc(sizeof(float) * (n ? n : 1));
	td_text_ranges r;
	td_buf		b;
	char		path[8192];
	FILE	   *o;
	uint32_t	prev_end = TD_NONE;
	texts_x	x = {0};

	x.out = out;
	r.byte_start = malloc(sizeof(uint32_t) * (n ? n : 1));
	r.byte_end = malloc(sizeof(uint32_t) * (n ? n : 1));
	r.char_start = malloc(sizeof(uint32_t) * (n ? n : 1));
	r.char_end = malloc(sizeof(uint32_t) * (n ? n : 1));
	td_buf_init(&b, &env);
	if (td_render_text_ranges(t, &b, &r) != TD_OK)
		exit(1);
	snprintf(path, sizeof(path), "%s/texts.tsv", out);
	if (!(o = fopen(path, "a")))
		exit(1);
	if (getenv("TD_TEXTS_X"))
		texts_x_prepare(t, tm, vis, &x);
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (i == 0)
		{
			m[i] = -1;
			raw[i] = -1;
			continue;
		}
		m[i] = m[nd->parent];
		if (nd->kind == TD_ELEM && tm->smooth[i] > m[i])
			m[i] = tm->smooth[i];
		raw[i] = tm->score[i] >= 0 ? tm->score[i] : raw[nd->parent];
		if (nd->kind != TD_TEXT || r.byte_start[i] == TD_NONE)
			continue;
		fprintf(o, "%s\t%d\t%.9g\t%.6g\t%u\t%d\t", pg->rel, pg->group, m[i], raw[i], vis[i],
				prev_end != TD_NONE && r.byte_start[i] == prev_end);
		for (uint32_t k = r.byte_start[i]; k < r.byte_end[i]; k++)
		{
			char		c = b.data[k];

			fputc(c == '\t' || c == '\n' || c == '\r' ? ' ' : c, o);
		}
		fputc('\n', o);
		prev_end = r.byte_end[i];
		if (x.o)
			texts_x_line(t, &x, i);
	}
	fclose(o);
	texts_x_done(&x);
	td_buf_free(&b);
	free(r.byte_start);
	free(r.byte_end);
	free(r.char_start);
	free(r.char_end);
	free(m);
	free(raw);
}

/*
 * Candidate clean_text rules without a profile (issue 12), from one run of
 * page level with model m: fb (fallback_drops), region (no page-level drop
 * in the main region, none at all when the region holds under TD_MIN_REGION
 * of the visible text: td_combine_drops with an empty site), fbregion (both).
 */
static void
no_profile_variants(const char *out, const page *pg, const td_logreg *m)
{
	td_page_marks tm;
	uint8_t    *d = malloc(pg->tree->n_nodes),
			   *e = malloc(pg->tree->n_nodes),
			   *z = calloc(pg->tree->n_nodes, 1);
	int			orefd = pg->clean_drop && getenv("TD_OREFD") && atoi(getenv("TD_OREFD"));

	if (td_page_level(pg->tree, m, &popts, &tm) != TD_OK)
		exit(1);
	fallback_drops(pg->tree, &tm, e);
	write_text(out, "fb", pg->rel, pg->tree, e);
	if (getenv("TD_STEPS"))
	{
		/*
		 * Drops at each threshold (variants t50, t60... from the smoothed
		 * scores), region2 (page level dropping nothing of the main region,
		 * whatever its share), and per page in OUT/stats.tsv: visible
		 * characters, kept at each threshold, in the main region, kept by
		 * region2.  For choosing a rule offline (bench/fb_rules.py).
		 */
		static const double th[] = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95};
		uint32_t   *vis = malloc(sizeof(uint32_t) * pg->tree->n_nodes);
		double		total = 0,
					kept[6] = {0},
					reg = 0,
					kept2 = 0;
		char		path[8192],
					name[16];
		FILE	   *so;
		const td_tree *t = pg->tree;

		td_visible_lengths(t, vis);
		for (int q = 0; q < 6; q++)
		{
			for (uint32_t i = 0; i < t->n_nodes; i++)
			{
				d[i] = i > 0 && (d[t->nodes[i].parent] ||
								 (t->nodes[i].kind == TD_ELEM && tm.smooth[i] >= th[q]));
				if (t->nodes[i].kind == TD_TEXT && !d[i])
					kept[q] += vis[i];
			}
			snprintf(name, sizeof(name), "t%02.0f", th[q] * 100);
			write_text(out, name, pg->rel, t, d);
		}
		if (td_combine_drops(t, z, tm.drop, tm.main_region, 0.0, d) != TD_OK)
			exit(1);
		write_text(out, "region2", pg->rel, t, d);
		for (uint32_t i = 0; i < t->n_nodes; i++)
			if (t->nodes[i].kind == TD_TEXT)
			{
				total += vis[i];
				reg += tm.main_region[i] ? vis[i] : 0;
				kept2 += d[i] ? 0 : vis[i];
			}
		snprintf(path, sizeof(path), "%s/stats.tsv", out);
		if ((so = fopen(path, "a")))
		{
			fprintf(so, "%s\t%.0f", pg->rel, total);
			for (int q = 0; q < 6; q++)
				fprintf(so, "\t%.0f", kept[q]);
			fprintf(so, "\t%.0f\t%.0f\n", reg, kept2);
			fclose(so);
		}
		texts_dump(out, pg, &tm, vis);
		free(vis);
	}
	if (td_combine_drops(pg->tree, z, tm.drop, tm.main_region, min_region, d) != TD_OK)
		exit(1);
	write_text(out, "region", pg->rel, pg->tree, d);
	if (getenv("TD_STEPS") || orefd)
	{
		/* the core's decision without a profile (td_page_expected_f1): variant efd */
		if (td_page_expected_f1(pg->tree, &tm, NULL) != TD_OK)
			exit(1);
		if (getenv("TD_STEPS"))
		{
			write_text(out, "efd", pg->rel, pg->tree, tm.drop);
			/*
			 * and without the later copies of a kept block (repeats.h):
			 * efdr<flags>[m<words>] for each FLAGS[:WORDS] in TD_REPEAT_FLAGS
			 * (a comma list, default TD_REPEAT_DEFAULT at TD_REPEAT_MIN words)
			 */
			const char *fl = getenv("TD_REPEAT_FLAGS");
			char		list[256];

			snprintf(list, sizeof(list), "%s", fl ? fl : "7");
			for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ","))
			{
				char		vname[32];
				const char *colon = strchr(tok, ':');
				uint32_t	words = colon ? (uint32_t) atoi(colon + 1) : TD_REPEAT_MIN_WORDS;

				memcpy(d, tm.drop, pg->tree->n_nodes);
				if (td_drop_repeats(pg->tree, words, (unsigned) atoi(tok), d, NULL) != TD_OK)
					exit(1);
				snprintf(vname, sizeof(vname), "efdr%dm%u", atoi(tok), words);
				write_text(out, vname, pg->rel, pg->tree, d);
			}
		}
	}
	if (orefd)
	{
		/*
		 * clean_text with a profile if its page level were the one without
		 * (the expected-F1 decision above): site drops OR those, the main
		 * region protected as "or" protects it (variant orefd; orefdn: not
		 * protected).
		 */
		if (td_combine_drops(pg->tree, pg->clean_drop, tm.drop, tm.main_region, min_region, d) != TD_OK)
			exit(1);
		write_text(out, "orefd", pg->rel, pg->tree, d);
		if (td_combine_drops(pg->tree, pg->clean_drop, tm.drop, NULL, min_region, d) != TD_OK)
			exit(1);
		write_text(out, "orefdn", pg->rel, pg->tree, d);
	}
	if (getenv("TD_BUILTIN_TREES") && atoi(getenv("TD_BUILTIN_TREES")))
	{
		/* the built-in trees as clean_text uses them: fallback (bfb) and expected F1 (befd) */
		td_page_opts bo = popts;
		td_page_marks bm;

		bo.gbdt = td_default_gbdt();
		for (int v = 0; v < 2; v++)
		{
			if (td_page_level(pg->tree, NULL, &bo, &bm) != TD_OK ||
				(v ? td_page_expected_f1(pg->tree, &bm, NULL) :
				 td_page_fallback(pg->tree, &bm, TD_DEFAULT_PAGE_THRESHOLD,
								  TD_DEFAULT_FALLBACK_SHARE, NULL)) != TD_OK)
				exit(1);
			write_text(out, v ? "befd" : "bfb", pg->rel, pg->tree, bm.drop);
			td_page_marks_free(pg->tree, &bm);
		}
	}
	free(d);
	free(e);
	free(z);
	td_page_marks_free(pg->tree, &tm);
}

/*
 * TD_GOLD_TYPES=article,documentation (experiment): only pages of those
 * WCXB page types (manifest column 3) train, in kfold and TD_GOLD_TRAIN.
 */
static int
type_trains(const char *type)
{
	const char *want = getenv("TD_GOLD_TYPES");
	size_t		n = strlen(type);

	if (!want || !*want)
		return 1;
	for (const char *p = want; p && *p;)
	{
		const char *e = strchr(p, ',');
		size_t		l = e ? (size_t) (e - p) : strlen(p);

		if (l == n && strncmp(p, type, n) == 0)
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/*
 * TD_GB_TYPEW=type:w[,type:w...] (trees): the rows of gold pages of these
 * page types (manifest column 3, as TD_GOLD_TYPES) weigh w times (fifteenth
 * session: do the hard types' few pages teach more at a higher weight?).
 */
static double
type_weight(const char *type)
{
	const char *want = getenv("TD_GB_TYPEW");
	size_t		n = strlen(type);

	for (const char *p = want; p && *p;)
	{
		const char *c = strchr(p, ':');
		const char *e = strchr(p, ',');

		if (c && (!e || c < e) && (size_t) (c - p) == n && strncmp(p, type, n) == 0)
			return atof(c + 1);
		p = e ? e + 1 : NULL;
	}
	return 1.0;
}

/* Whether a manifest's header line names a "split" column. */
static int
has_split(const char *header)
{
	return strstr(header, "\tsplit") != NULL;
}

/*
 * A gold-labelled page's labels (gold_path: its gold text; a missing file
 * leaves both NULL): site_drop by td_gold_labels' 15% rule, train_drop, the
 * rows the trees and the logistic model learn, by TD_GB_LABEL=f1|PCT
 * (td_gold_labels_rule; issue 12, eighth session; unset: the same 15% rule,
 * one array for both).
 */
static void
gold_train_labels(page *p, const char *gold_path)
{
	const char *how = getenv("TD_GB_LABEL");

	p->site_drop = p->train_drop = gold_labels(p->tree, gold_path);
	if (how && *how && p->site_drop)
		p->train_drop = gold_labels_rule(p->tree, gold_path, gold_rule_named(how), NULL, NULL);
}

/*
 * TD_GOLD_TRAIN=DIR[:DIR...] (either mode): each dataset's train-split pages
 * (every page when its manifest has no split column, as wcxb-dev), labelled
 * from their gold text (gold_labels), join the training rows (in sites mode
 * those of both halves).
 */
/*
 * TD_GT_HOSTS=1: a gold dataset's train-split hosts with >= 5 pages and no
 * test page are labelled by site level from their own profile, as TD_HOSTS
 * does in pages mode, instead of by their gold text (twelfth session).
 */
typedef struct tested_hosts
{
	char	  **names;			/* the train pages' hosts, by group */
	int			n;
	char	  **test;			/* the test pages' hosts */
	int			n_test;
} tested_hosts;

static int
untested_host(int from, int to, void *arg)
{
	const tested_hosts *th = arg;
	const char *h = th->names[pages[from].group];

	for (int k = 0; k < th->n_test; k++)
		if (strcmp(th->test[k], h) == 0)
			return 0;
	return *h != 0;
}

static void
load_gold_train_one(const char *dataset)
{
	char		path[8192],
				line[65536],
				id[1024],
				sp[64],
				host[1024];
	FILE	   *mf;
	int			all = 0,
				first = n_pages,
				hosts = getenv("TD_GT_HOSTS") && atoi(getenv("TD_GT_HOSTS"));
	tested_hosts th = {NULL, 0, NULL, 0};

	snprintf(path, sizeof(path), "%s/manifest.tsv", dataset);
	if (!(mf = fopen(path, "r")))
	{
		fprintf(stderr, "%s: cannot open\n", path);
		exit(1);
	}
	while (fgets(line, sizeof(line), mf))
	{
		td_tree    *t;
		page	   *p;
		double		type_w = 1.0;

		column(line, 0, id, sizeof(id));
		column(line, 7, sp, sizeof(sp));
		if (strcmp(id, "id") == 0)
		{
			all = !has_split(line);
			continue;
		}
		column(line, 2, host, sizeof(host));
		if (!all && strcmp(sp, "train") != 0)
		{
			if (hosts)
				(void) host_group(&th.test, &th.n_test, host);
			continue;
		}
		if (all)
		{
			char		ty[64];

			column(line, 2, ty, sizeof(ty));
			if (!type_trains(ty))
				continue;
			type_w = type_weight(ty);
		}
		snprintf(path, sizeof(path), "%s/%s.html", dataset, id);
		if (!(t = parse_file(path)))
			continue;
		p = add_page();
		p->tree = t;
		p->rel = strdup(id);
		p->group = -2;
		p->type_w = type_w;
		snprintf(path, sizeof(path), "%s/%s.txt", dataset, id);
		gold_train_labels(p, path);
		p->gold = strstr(dataset, "wcxb") ? 2 : 1;
		if (hosts)
			p->group = host_group(&th.names, &th.n, host);
	}
	fclose(mf);
	if (hosts && !all)
		fprintf(stderr, "TD_GT_HOSTS: %d pages labelled by their host's profile\n",
				site_marks_by_host(first, untested_host, &th));
	for (int i = first; i < n_pages; i++)
		pages[i].group = -2;
	for (int g = 0; g < th.n; g++)
		free(th.names[g]);
	for (int k = 0; k < th.n_test; k++)
		free(th.test[k]);
	free(th.names);
	free(th.test);
}

static void
load_gold_train(const char *list)
{
	char	   *copy = strdup(list),
			   *save = NULL;

	for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save))
		load_gold_train_one(d);
	free(copy);
}

/*
 * TD_SEGDUMP: one row per page-level segment root that site level keeps:
 * what it holds (words, gold words) beside signals that might tell content
 * from template there.
 */
static void
seg_dump(FILE *o, const page *pg, const td_logreg *m, const char *sites)
{
	td_page_marks pm;
	td_features f;
	uint32_t   *all,
			   *good;
	char		path[8192];
	uint8_t    *in_a = calloc(pg->tree->n_nodes, 1);
	const td_tree *t = pg->tree;
	double		kept = 0;

	snprintf(path, sizeof(path), "%s/%s.txt", sites, pg->rel);
	free(gold_labels_counts(t, path, &all, &good));
	if (td_page_level(t, m, &popts, &pm) != TD_OK || td_compute_features(t, NULL, 0, &f) != TD_OK)
		exit(1);
	for (uint32_t k = 1; k < t->n_nodes; k++)
	{
		in_a[k] = in_a[t->nodes[k].parent] || (t->nodes[k].kind == TD_ELEM && t->nodes[k].tag == TD_TAG_A);
		if (t->nodes[k].kind == TD_TEXT && !pg->site_drop[k] && !(t->nodes[k].flags & TD_F_INHIDDEN))
			kept += all[k];
	}
	for (uint32_t k = 1; k < t->n_nodes; k++)
	{
		double		w = 0, g = 0, rep = 0, rep3 = 0, lw = 0, maxsc = 0;
		const float *x = td_feature_row(&f, k);

		if (!pm.drop[k] || pm.drop[t->nodes[k].parent] || pg->site_drop[k])
			continue;
		for (uint32_t j = k; j < t->nodes[k].end; j++)
		{
			if (t->nodes[j].kind == TD_ELEM && pm.score[j] > maxsc)
				maxsc = pm.score[j];
			if (t->nodes[j].kind != TD_TEXT || pg->site_drop[j] || (t->nodes[j].flags & TD_F_INHIDDEN))
				continue;
			w += all[j];
			g += good[j];
			rep += pg->site_count[t->nodes[j].parent] >= 2 ? all[j] : 0;
			rep3 += pg->site_count[t->nodes[j].parent] >= 3 ? all[j] : 0;
			lw += in_a[j] ? all[j] : 0;
		}
		if (w == 0)
			continue;
		fprintf(o, "%s\t%u\t%.*s\t%.0f\t%.0f\t%.0f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.0f\t%.0f\t%.3f\t%.3f\t%.3f\n",
				pg->rel, k, (int) t->nodes[k].str_len, td_node_str(t, k), w, g, kept,
				rep / w, rep3 / w, lw / w, pm.smooth[k], maxsc,
				(float) f.main_region[k], x[TD_FEAT_IN_MAIN], x[TD_FEAT_MAIN_SHARE], x[TD_FEAT_REL_SCORE],
				x[TD_FEAT_TEXT_BEFORE]);
	}
	td_features_free(t, &f);
	td_page_marks_free(t, &pm);
	free(all);
	free(good);
	free(in_a);
}

/* Whether the subtree of i holds a visible letter (ASCII or any non-ASCII byte). */
static int
has_letter(const td_tree *t, uint32_t i)
{
	for (uint32_t j = i; j < t->nodes[i].end; j++)
	{
		const unsigned char *s = (const unsigned char *) td_node_str(t, j);

		if (t->nodes[j].kind != TD_TEXT || (t->nodes[j].flags & TD_F_INHIDDEN))
			continue;
		for (uint32_t k = 0; k < t->nodes[j].str_len; k++)
			if (s[k] >= 0x80 || (unsigned) ((s[k] | 0x20) - 'a') < 26u)
				return 1;
	}
	return 0;
}

/* Whether the next element sibling of i (the block a label heads) is kept by site level. */
static int
next_kept(const td_tree *t, const uint8_t *drop, uint32_t i)
{
	for (uint32_t j = t->nodes[i].next_sibling; j != TD_NONE; j = t->nodes[j].next_sibling)
		if (t->nodes[j].kind == TD_ELEM)
			return !drop[j];
	return 0;
}

/* Pages of pg's site (the profile's N). */
static uint32_t
site_pages(const page *pg)
{
	uint32_t	n = 0;

	for (int i = 0; i < n_pages; i++)
		n += pages[i].group == pg->group;
	return n;
}

/*
 * The page's one <main> element or role=main (a <main role=main> inside
 * <main> is the same); TD_NONE when there is none or several.
 */
static uint32_t
single_main(const td_tree *t)
{
	uint32_t	c = TD_NONE;
	int			found = 0;

	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		uint32_t	rl = 0;
		const char *role = t->nodes[i].kind == TD_ELEM ? td_node_attr(t, i, "role", &rl) : NULL;

		if (t->nodes[i].kind == TD_ELEM && !(t->nodes[i].flags & TD_F_INHIDDEN) &&
			(t->nodes[i].tag == TD_TAG_MAIN || (role && rl == 4 && strncasecmp(role, "main", 4) == 0)))
		{
			if (c != TD_NONE && i < t->nodes[c].end)
				continue;		/* <main role=main> inside <main>: the same */
			found++;
			c = i;
		}
	}
	return found == 1 ? c : TD_NONE;
}

/*
 * Issue 12, site level inside the page's content (experiment, sites mode):
 * the site-level drops of pg with every outermost dropped node that lies in
 * the content container C and holds under min_len visible characters kept.
 * C by mode: 'm' the page's single <main> element or role=main (none when
 * there is none or several), 'r' the main region (region[]), 'k' the
 * deepest element below <body> holding at least 90% of the visible text
 * site level keeps; 't' no container, but the node lies in a <table> site
 * level keeps (cells judged with their table).  nonlink: only nodes whose
 * visible text is under half anchor text.  Returns a malloc'd array.
 */
static uint8_t *
content_guard(const page *pg, const uint8_t *region, int mode, uint32_t min_len, int nonlink,
			  int flags)
{
	uint32_t   *anch = NULL;
	uint8_t    *opened;
	const td_tree *t = pg->tree;
	uint32_t	n = t->n_nodes;
	uint8_t    *d = malloc(n ? n : 1),
			   *in_c = calloc(n ? n : 1, 1);
	uint32_t   *vis = malloc(sizeof(uint32_t) * (n ? n : 1));
	uint32_t	c = TD_NONE;

	memcpy(d, pg->site_drop, n);
	td_visible_lengths(t, vis);
	if (mode == 'm')
		c = single_main(t);
	else if (mode == 'k')
	{
		/* site-kept visible text per subtree */
		uint32_t   *kept = calloc(n ? n : 1, sizeof(uint32_t));

		for (uint32_t i = n; i-- > 1;)
		{
			if (t->nodes[i].kind == TD_TEXT && !pg->site_drop[i])
				kept[i] = vis[i];
			kept[t->nodes[i].parent] += kept[i];
		}
		for (uint32_t i = 1; i < n; i++)
			if (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag != TD_TAG_HTML &&
				t->nodes[i].tag != TD_TAG_BODY && kept[i] >= 0.9 * kept[0] && kept[0] > 0)
				c = i;			/* preorder: the last one found is the deepest */
		free(kept);
	}
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (mode == 'r')
			in_c[i] = region[i];
		else if (mode == 't')
			in_c[i] = in_c[nd->parent] || (nd->kind == TD_ELEM && nd->tag == TD_TAG_TABLE && !pg->site_drop[i]);
		else
			in_c[i] = in_c[nd->parent] || i == c;
	}
	if (nonlink)
	{
		/* anchor text per subtree, into in_a (reused as counts below) */
		uint8_t    *ina = calloc(n ? n : 1, 1);

		anch = calloc(n ? n : 1, sizeof(uint32_t));
		for (uint32_t i = 1; i < n; i++)
			ina[i] = ina[t->nodes[i].parent] || (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag == TD_TAG_A);
		for (uint32_t i = n; i-- > 1;)
		{
			if (t->nodes[i].kind == TD_TEXT && ina[i])
				anch[i] = vis[i];
			anch[t->nodes[i].parent] += anch[i];
		}
		free(ina);
	}
	opened = calloc(n ? n : 1, 1);
	for (uint32_t i = 1; i < n; i++)
	{
		uint32_t	p = t->nodes[i].parent;

		if (!d[i] || !in_c[i] || i == c || (d[p] && !opened[p]))
			continue;
		if (vis[i] < min_len &&
			(!anch || 2 * anch[i] < vis[i]) && (!(flags & 1) || has_letter(t, i)) &&
			(!(flags & 2) || 2 * pg->site_count[i] >= site_pages(pg)) &&
			(!(flags & 4) || next_kept(t, pg->site_drop, i)))
		{
			memset(d + i, 0, t->nodes[i].end - i);
			for (uint32_t a = p; a != TD_NONE && opened[a] && d[a]; a = t->nodes[a].parent)
				d[a] = 0;		/* the opened blocks around it: their other children stay dropped */
			i = t->nodes[i].end - 1;
		}
		else if ((flags & 8) && vis[i] >= min_len)
			opened[i] = 1;		/* too large: judge its children */
	}
	free(opened);
	free(in_c);
	free(vis);
	free(anch);
	return d;
}

/* The guarded variants: name "g<mode><min_len>". */
static const struct
{
	int			mode;
	uint32_t	len;
	int			nonlink;
	int			flags;			/* 1 letters, 2 share >= 0.5, 4 next sibling kept, 8 open larger blocks */
}			guards[] = {
	{'m', 50, 0, 0}, {'m', 100, 0, 0}, {'m', 200, 0, 0}, {'m', 400, 0, 0},
	{'m', 100, 1, 0}, {'m', 200, 1, 0}, {'m', 400, 1, 0}, {'m', 1000, 1, 0},
	{'m', 100, 1, 1}, {'m', 200, 1, 1}, {'m', 400, 1, 1}, {'m', 200, 0, 1}, {'m', 200, 1, 3}, {'m', 200, 1, 5},
	{'r', 50, 0, 0}, {'r', 100, 0, 0}, {'r', 200, 0, 0}, {'r', 100, 1, 0}, {'r', 200, 1, 0},
	{'k', 50, 0, 0}, {'k', 100, 0, 0}, {'k', 200, 0, 0}, {'k', 100, 1, 0}, {'k', 200, 1, 0}, {'k', 400, 1, 0},
	{'k', 200, 1, 1}, {'k', 200, 1, 5},
	{'t', 50, 0, 0}, {'t', 100, 0, 0}, {'t', 200, 0, 0}, {'t', 200, 1, 0},
	{'m', 200, 1, 9}, {'m', 100, 1, 9}, {'m', 400, 1, 9}, {'m', 200, 0, 9},
};
#define N_GUARDS ((int) (sizeof(guards) / sizeof(guards[0])))

/*
 * TD_PROF=1 (issue 12, sites mode): the site profile as evidence, not a
 * veto.  Trees (gbdt.h) over the element's row (features.h + context.h)
 * with a profile block appended (prof_names: the node's site share, its
 * parent's, that of its outermost site-dropped ancestor-or-self, site
 * level's drop before and after td_keep_main_labels, the share of its and
 * its parent's text site level keeps, the page's text site level drops,
 * in <main>, in the main region, the share its table keeps, ln of the
 * site's pages, today's "or" decision and page level's smoothed score),
 * trained on sites/ gold labels (gold_labels.h; TD_PROF_LABEL=PCT another
 * share than 15%) with folds by domain (prof_fold: the years of one site,
 * bbc.co.uk-2005 ... -2017, -cpe, are one domain; TD_PROF_K folds, default
 * 5, domains dealt round-robin in name order; 0: the rules sh* alone).
 * Each node's decision comes from its own probability, top-down: an element
 * at or over the threshold goes with its subtree (variants ptNN, threshold
 * NN/100; psNN the probabilities smoothed as td_page_level smooths; paA_B
 * asymmetric: A for nodes "or" drops, B for the others).  The profile of a
 * page is that of all its site's pages (as "or" has it); "or" and page
 * level's score come from the held-out half model of run_sites.
 * TD_PROF_GOLD=1 also trains on the pages of TD_GOLD_TRAIN (gold labels,
 * the profile block NaN); TD_PROF_W=site|page weighs rows (prof_weights);
 * TD_PROF_DROP=name,... leaves profile columns out (NaN); TD_GB_* as for
 * TD_GBDT; TD_PROF_DIFF=FILE writes the outermost nodes where pt50 and "or"
 * disagree, with their gold label.  Sixth session: TD_PROF_LABEL=f1|opt|optl
 * labels fit for the top-down decision (prof_labels); TD_PROF_SHOWN=1 rows
 * of page level's shown elements only (prof_has_row); TD_PROF_NOEV=1 the
 * row without evidence.h's columns, 2 the features alone (no context.h
 * columns: what the logistic page level computes anyway), 3 the profile
 * block alone; TD_PROF_KEPT=FILE the outermost elements "or" keeps that
 * the labels call template (prof_kept).
 */
#define PROF_LIST(X) \
	X("s_share") X("s_parent_share") X("s_drop_share") X("s_drop") X("s_clean_drop") \
	X("s_kept_frac") X("s_parent_kept_frac") X("s_page_dropped") X("s_in_main") \
	X("s_in_region") X("s_table_kept") X("s_log_pages") X("s_or_drop") X("s_page_smooth")
#define PROF_NAME(n) n,
static const char *const prof_names[] = {PROF_LIST(PROF_NAME)};
#define N_PROF ((int) (sizeof(prof_names) / sizeof(prof_names[0])))
#define PROF_ROW (TD_N_ROW + N_PROF)

/*
 * The fold of a site folder: its domain (the name up to a "-", so the
 * years of one site are one domain), numbered in name order, modulo k.
 */
static int
prof_fold(const char *rel, int k)
{
	static char *dom[1024];
	static int	n_dom;
	size_t		l = strcspn(rel, "-/");
	int			d;

	for (d = 0; d < n_dom; d++)
		if (strlen(dom[d]) == l && strncmp(dom[d], rel, l) == 0)
			break;
	if (d == n_dom && n_dom < 1024)
		dom[n_dom++] = strndup(rel, l);
	return d % k;
}

/* TD_PROF_DROP=name,name...: profile columns left out (NaN). */
static int
prof_dropped(int j)
{
	static int	dropped[N_PROF + 1];	/* read once: the rows are timed */

	if (!dropped[N_PROF])
	{
		const char *d = getenv("TD_PROF_DROP");

		for (int q = 0; q < N_PROF; q++)
		{
			const char *p = d ? strstr(d, prof_names[q]) : NULL;
			size_t		l = strlen(prof_names[q]);

			dropped[q] = p && (p == d || p[-1] == ',') && (p[l] == 0 || p[l] == ',');
		}
		dropped[N_PROF] = 1;
	}
	return dropped[j];
}

/*
 * The shown elements of page level (td_page_level): rendered, not hidden,
 * area >= popts.min_area (at least 1), not <html> or <body>.  With
 * TD_PROF_SHOWN=1 prof_rows has rows for these only (td_context_rows_of);
 * otherwise for every rendered element with an area, <html> and <body>
 * included.
 */
static int
prof_shown_only(void)
{
	static int	shown = -1;		/* read once: the rows are timed */

	if (shown < 0)
		shown = getenv("TD_PROF_SHOWN") && atoi(getenv("TD_PROF_SHOWN"));
	return shown;
}

static int
prof_has_row(const td_tree *t, const td_features *f, uint32_t i)
{
	const td_node *nd = &t->nodes[i];

	if (i == 0 || nd->kind != TD_ELEM || (nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) || f->area[i] == 0)
		return 0;
	if (!prof_shown_only())
		return 1;
	return f->area[i] >= (popts.min_area ? popts.min_area : 1) && nd->tag != TD_TAG_HTML &&
		nd->tag != TD_TAG_BODY;
}

/* Words of a gold text, as td_gold_labels cuts them. */
static uint32_t
gold_words(const char *path)
{
	size_t		len;
	char	   *g = bench_read_file(path, &len);
	uint32_t	n = 0;
	int			in = 0;

	for (size_t i = 0; g && i < len; i++)
	{
		unsigned char c = (unsigned char) g[i];
		int			w = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;

		n += w && !in;
		in = w;
	}
	free(g);
	return n;
}

/*
 * Labels fit for a top-down decision (TD_PROF_LABEL=f1|opt|optl; issue 12,
 * sixth session), from the words all[] and 3-gram-matched gold words good[]
 * of every subtree (td_gold_labels) and the gold text's word count gt
 * (f1, a node template when dropping it alone from a page that keeps exactly
 * the gold raises the page's word F1, is the core's td_gold_labels_rule
 * TD_GOLD_F1 since the eighth session; run_prof calls it):
 *   opt   the drops (an antichain of elements with a row) that maximize the
 *         page's word F1 = 2 TP / (TP + FP + gt), by Dinkelbach: for lambda
 *         the F1 of the last drops, a text node is worth (2 - lambda) g -
 *         lambda o, a subtree's worth is its kept text's, and an element goes
 *         when its subtree is worth < 0, or 0 while it holds words
 *         (OPT_GOES; children before parents, a reverse loop over the
 *         preorder); until lambda stops rising.  A node under a drop is
 *         template too;
 *   optl  the same worths, each element labelled as if its ancestors were
 *         kept: template when it would go (what the top-down decision asks
 *         of a node whose ancestors stay).
 * Elements without a row (prof_has_row) cannot go.  Writes lab[]; text and
 * other nodes get their parent's label.
 */
static void
prof_labels(const td_tree *t, const uint32_t *all, const uint32_t *good, uint32_t gt,
			const char *how, uint8_t *lab)
{
	uint32_t	nn = t->n_nodes;
	td_features f;
	uint8_t    *can = calloc(nn ? nn : 1, 1);
	double	   *best = malloc(sizeof(double) * (nn ? nn : 1)),
				lambda = 0;

	if (td_compute_features(t, NULL, 0, &f) != TD_OK)
		exit(1);
	for (uint32_t i = 0; i < nn; i++)
		can[i] = prof_has_row(t, &f, i);
	td_features_free(t, &f);
	if (gt < good[0])
		gt = good[0];
	lab[0] = 0;
	/*
	 * An element goes when its subtree is worth less than nothing, or
	 * nothing while it holds words (its words all go anyway: the highest
	 * element that loses them goes, not each of its children).
	 */
#define OPT_GOES(v) (can[v] && (best[v] < 0 || (best[v] < 1e-9 && all[v] > 0)))
	for (int it = 0; it < 30; it++)
	{
		double		tp = 0,
					fp = 0,
					f1;

		for (uint32_t v = 0; v < nn; v++)
			best[v] = t->nodes[v].kind == TD_TEXT && !(t->nodes[v].flags & TD_F_INHIDDEN)
				? (2 - lambda) * good[v] - lambda * (all[v] - good[v]) : 0;
		for (uint32_t v = nn; v-- > 1;)
			best[t->nodes[v].parent] += OPT_GOES(v) ? 0 : best[v];
		for (uint32_t v = 1; v < nn; v++)
		{
			lab[v] = lab[t->nodes[v].parent] || OPT_GOES(v);
			if (!lab[v] && t->nodes[v].kind == TD_TEXT && !(t->nodes[v].flags & TD_F_INHIDDEN))
			{
				tp += good[v];
				fp += all[v] - good[v];
			}
		}
		f1 = tp + fp + gt > 0 ? 2 * tp / (tp + fp + gt) : 1;
		if (f1 <= lambda + 1e-9)
			break;
		lambda = f1;
	}
	if (strcmp(how, "optl") == 0)
		for (uint32_t v = 1; v < nn; v++)
			lab[v] = can[v] ? OPT_GOES(v) : lab[t->nodes[v].parent];
#undef OPT_GOES
	free(can);
	free(best);
}

/*
 * Rows of pg's rendered elements with an area (as gb_add_page): row, then
 * the profile block; with prof 0 the block is NaN.  Appends to *x / *y,
 * which[] gets the node of each row (NULL: not kept).  Returns rows added.
 */
static size_t
prof_rows(const page *pg, int prof, const uint8_t *label, float **x, uint8_t **y,
		  size_t *n, size_t *cap, uint32_t *which)
{
	const td_tree *t = pg->tree;
	uint32_t	nn = t->n_nodes;
	td_features f;
	float	   *rows;
	uint32_t   *vis,
			   *kept = calloc(nn ? nn : 1, sizeof(uint32_t)),
			   *tab = malloc(sizeof(uint32_t) * (nn ? nn : 1)),
				c = TD_NONE;
	uint8_t    *in_m = calloc(nn ? nn : 1, 1);
	uint32_t   *drop_anc = malloc(sizeof(uint32_t) * (nn ? nn : 1));
	double		np = prof ? site_pages(pg) : 1;
	size_t		n0 = *n;
	uint32_t   *rowof = NULL,
				nrow = 0;
	int			noev = getenv("TD_PROF_NOEV") ? atoi(getenv("TD_PROF_NOEV")) : 0;
	double		t0;

	if (td_compute_features(t, NULL, 0, &f) != TD_OK)
		exit(1);
	if (prof_shown_only())
	{
		/* the shown elements' rows only, as td_page_level computes them */
		uint32_t   *sel = malloc(sizeof(uint32_t) * (nn ? nn : 1));

		rowof = malloc(sizeof(uint32_t) * (nn ? nn : 1));
		for (uint32_t i = 0; i < nn; i++)
		{
			rowof[i] = nrow;
			if (prof_has_row(t, &f, i))
				sel[nrow++] = i;
		}
		t0 = bench_now();
		if (td_context_rows_of(t, &f, sel, nrow, &rows) != TD_OK)
			exit(1);
		free(sel);
	}
	else
	{
		t0 = bench_now();
		if (td_context_rows(t, &f, &rows) != TD_OK)
			exit(1);
	}
	if (which)
		t_ctx += bench_now() - t0;	/* scoring: the context rows' share of "rows" */
	vis = f.visible;
	if (prof)
	{
		for (uint32_t i = nn; i-- > 1;)
		{
			if (t->nodes[i].kind == TD_TEXT && !pg->site_drop[i])
				kept[i] = vis[i];
			kept[t->nodes[i].parent] += kept[i];
		}
		c = single_main(t);
		tab[0] = TD_NONE;
		drop_anc[0] = TD_NONE;
		for (uint32_t i = 1; i < nn; i++)
		{
			uint32_t	p = t->nodes[i].parent;

			in_m[i] = in_m[p] || i == c;
			tab[i] = t->nodes[i].kind == TD_ELEM && t->nodes[i].tag == TD_TAG_TABLE ? i : tab[p];
			drop_anc[i] = drop_anc[p] != TD_NONE ? drop_anc[p] : pg->site_drop[i] ? i : TD_NONE;
		}
	}
	for (uint32_t i = 1; i < nn; i++)
	{
		const td_node *nd = &t->nodes[i];
		float	   *r;
		uint32_t	p = nd->parent;

		if (!prof_has_row(t, &f, i))
			continue;
		if (*n == *cap)
		{
			*cap = *cap ? 2 * *cap : 1 << 18;
			*x = realloc(*x, sizeof(float) * PROF_ROW * *cap);
			if (y)
				*y = realloc(*y, *cap);
		}
		r = *x + *n * PROF_ROW;
		memcpy(r, rows + (size_t) (rowof ? rowof[i] : i) * TD_N_ROW, sizeof(float) * TD_N_ROW);
		/* TD_PROF_NOEV=1 without evidence.h's columns (the fifth session's row),
		 * 2 the features alone (no context.h columns), 3 no element row */
		for (int j = noev == 1 ? TD_ROW_EVIDENCE : noev == 2 ? TD_N_FEATURES : noev == 3 ? 0 : TD_N_ROW;
			 j < TD_N_ROW; j++)
			r[j] = NAN;
		r += TD_N_ROW;
		if (!prof)
			for (int j = 0; j < N_PROF; j++)
				r[j] = NAN;
		else
		{
			r[0] = pg->site_count[i] / np;
			r[1] = pg->site_count[p] / np;
			r[2] = drop_anc[i] != TD_NONE ? pg->site_count[drop_anc[i]] / np : 0;
			r[3] = pg->site_drop[i];
			r[4] = pg->clean_drop[i];
			r[5] = vis[i] ? (float) kept[i] / vis[i] : 1;
			r[6] = vis[p] ? (float) kept[p] / vis[p] : 1;
			r[7] = vis[0] ? 1 - (float) kept[0] / vis[0] : 0;
			r[8] = in_m[i];
			r[9] = f.main_region[i];
			r[10] = tab[i] != TD_NONE && vis[tab[i]] ? (float) kept[tab[i]] / vis[tab[i]] : NAN;
			r[11] = (float) log(np);
			r[12] = pg->or_drop ? pg->or_drop[i] : NAN;
			r[13] = pg->pl_smooth ? pg->pl_smooth[i] : NAN;
			for (int j = 0; j < N_PROF; j++)
				if (prof_dropped(j))
					r[j] = NAN;
		}
		if (y)
			(*y)[*n] = label[i] != 0;
		if (which)
			which[*n - n0] = i;
		(*n)++;
	}
	td_free(&env, rows);
	td_features_free(t, &f);
	free(kept);
	free(tab);
	free(in_m);
	free(drop_anc);
	free(rowof);
	return *n - n0;
}

/*
 * Smoothed drops from per-node probabilities (prob < 0: no row), as
 * td_page_level smooths its scores: shown = the root and rendered
 * elements with area >= popts.min_area but <html>/<body>, the others
 * rolled into their nearest shown ancestor; penalty c * A_root / A_i.
 */
static void
prof_smooth(const td_tree *t, const float *prob, uint8_t *drop, double th)
{
	td_features f;
	uint32_t	n = t->n_nodes,
				m = 0;
	uint32_t   *near = malloc(sizeof(uint32_t) * n),
			   *idx = malloc(sizeof(uint32_t) * n),
			   *sp = malloc(sizeof(uint32_t) * n);
	double	   *sx = calloc(n, sizeof(double)),
			   *sw = calloc(n, sizeof(double)),
			   *sg = calloc(n, sizeof(double)),
			   *sy = calloc(n, sizeof(double)),
				cost;
	uint8_t    *seg = calloc(n, 1);

	if (td_compute_features(t, NULL, 0, &f) != TD_OK)
		exit(1);
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		int			shown = i == 0 || (nd->kind == TD_ELEM && !(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) &&
									  f.area[i] >= popts.min_area && nd->tag != TD_TAG_HTML &&
									  nd->tag != TD_TAG_BODY && prob[i] >= 0);

		if (shown)
		{
			idx[i] = m;
			near[i] = i;
			sp[m] = i == 0 ? TD_NONE : idx[near[nd->parent]];
			sx[m] = i == 0 ? 0 : prob[i];
			sw[m] = 1;
			sg[m] = i == 0 || f.area[0] == 0 ? popts.penalty : popts.penalty * f.area[0] / f.area[i];
			m++;
		}
		else
		{
			idx[i] = TD_NONE;
			near[i] = near[nd->parent];
			sw[idx[near[i]]] += 1;
		}
	}
	if (td_isotonic_smooth(&env, m, sp, sx, sw, sg, popts.levels, popts.max_bytes, sy, seg, &cost) != TD_OK)
		exit(1);
	drop[0] = 0;
	for (uint32_t i = 1; i < n; i++)
		drop[i] = drop[t->nodes[i].parent] ||
			(t->nodes[i].kind == TD_ELEM && sy[idx[near[i]]] >= th);
	td_features_free(t, &f);
	free(near);
	free(idx);
	free(sp);
	free(sx);
	free(sw);
	free(sg);
	free(sy);
	free(seg);
}

/*
 * Row weights (TD_PROF_W): "site" every site (or gold page: its own
 * group) weighs the same in all, "page" 1/sqrt(rows of the page's group),
 * otherwise NULL (every row 1).  Rescaled to mean 1.
 */
static float *
prof_weights(const int *site_of, size_t n)
{
	const char *how = getenv("TD_PROF_W");
	float	   *w;
	double		sum = 0;
	int			sq;

	if (!how || (strcmp(how, "site") != 0 && strcmp(how, "page") != 0) || n == 0)
		return NULL;
	sq = strcmp(how, "page") == 0;
	w = malloc(sizeof(float) * n);
	for (size_t a = 0; a < n;)
	{
		size_t		b = a;

		while (b < n && site_of[b] == site_of[a])
			b++;
		for (size_t r = a; r < b; r++)
			w[r] = (float) (sq ? 1 / sqrt((double) (b - a)) : 1.0 / (b - a));
		a = b;
	}
	for (size_t r = 0; r < n; r++)
		sum += w[r];
	for (size_t r = 0; r < n; r++)
		w[r] *= (float) (n / sum);
	return w;
}

/*
 * Asymmetric variants pa<A>_<B>: a node today's rule ("or") drops goes at
 * probability >= A/100 (or without a row), one it keeps at >= B/100.
 */
static const int asym[][2] = {{20, 60}, {30, 60}, {40, 60}, {20, 70}, {30, 70}, {40, 70},
{20, 80}, {30, 80}, {40, 80}, {50, 60}, {50, 70}, {10, 70}, {20, 50}, {20, 90}, {10, 80}, {5, 80}};
#define N_ASYM ((int) (sizeof(asym) / sizeof(asym[0])))

/* Rules sh<A>_<B>: page level at A/100 on nodes on at least B% of the site's pages. */
static const int shv[][2] = {{40, 30}, {50, 30}, {40, 50}, {50, 50}, {50, 5}};
#define N_SHV ((int) (sizeof(shv) / sizeof(shv[0])))

/*
 * TD_PROF_KEPT=FILE (error analysis of the precision "or" loses): the
 * outermost elements "or" keeps that the labels call template, one line
 * each: page, tag, class (40 bytes), visible characters, the page's kept
 * characters, site share, site level's drop before and after
 * td_keep_main_labels, in the page's one <main>, page level's smoothed score.
 */
static void
prof_kept(const page *pg, const uint8_t *lab, const char *file)
{
	static FILE *kf;
	const td_tree *t = pg->tree;
	uint32_t	nn = t->n_nodes,
				kept = 0,
				c = single_main(t);
	uint32_t   *vis = malloc(sizeof(uint32_t) * (nn ? nn : 1));
	uint8_t    *in_m = calloc(nn ? nn : 1, 1);
	double		np = site_pages(pg);

	if (!kf && !(kf = fopen(file, "w")))
		exit(1);
	td_visible_lengths(t, vis);
	for (uint32_t v = 1; v < nn; v++)
	{
		in_m[v] = in_m[t->nodes[v].parent] || v == c;
		if (t->nodes[v].kind == TD_TEXT && !pg->or_drop[v])
			kept += vis[v];
	}
	for (uint32_t v = 1; v < nn; v++)
	{
		uint32_t	p = t->nodes[v].parent,
					cl = 0;
		const char *cls;

		if (t->nodes[v].kind != TD_ELEM || pg->or_drop[v] || !lab[v] || (p && lab[p]) || vis[v] == 0)
			continue;
		cls = td_node_attr(t, v, "class", &cl);
		fprintf(kf, "%s\t%.*s\t%.*s\t%u\t%u\t%.3f\t%d\t%d\t%d\t%.3f\n", pg->rel,
				(int) t->nodes[v].str_len, td_node_str(t, v), cls ? (int) (cl < 40 ? cl : 40) : 0,
				cls ? cls : "", vis[v], kept, pg->site_count[v] / np, pg->site_drop[v],
				pg->clean_drop[v], in_m[v], pg->pl_smooth ? pg->pl_smooth[v] : -1);
	}
	free(vis);
	free(in_m);
}

static void
run_prof(const char *sites, const char *out, int n_site_pages)
{
	int			k = getenv("TD_PROF_K") ? atoi(getenv("TD_PROF_K")) : 5;
	static const int th[] = {30, 40, 50, 60, 70, 80, 90};
	uint8_t   **gold = calloc(n_pages, sizeof(uint8_t *));
	char		path[8192];
	double		t1,
				t2,
				t3,
				t_feat = 0,
				t_rows = 0,
				t_walk = 0;

	/* the rules sh* first: no model */
	for (int i = 0; i < n_site_pages; i++)
	{
		const td_tree *t = pages[i].tree;
		uint8_t    *pd = malloc(t->n_nodes),
				   *od = malloc(t->n_nodes);
		double		np = site_pages(&pages[i]);

		for (int q = 0; q < N_SHV; q++)
		{
			char		name[16];

			pd[0] = 0;
			for (uint32_t v = 1; v < t->n_nodes; v++)
				pd[v] = pd[t->nodes[v].parent] ||
					(t->nodes[v].kind == TD_ELEM && pages[i].pl_smooth[v] >=
					 (pages[i].site_count[v] >= shv[q][1] / 100.0 * np ? shv[q][0] / 100.0 : popts.threshold));
			if (td_combine_drops(t, pages[i].clean_drop, pd, pages[i].pl_region, min_region, od) != TD_OK)
				exit(1);
			snprintf(name, sizeof(name), "sh%d_%d", shv[q][0], shv[q][1]);
			write_text(out, name, pages[i].rel, t, od);
		}
		free(pd);
		free(od);
	}
	for (int q = 0; q < N_SHV; q++)
	{
		char		name[16];

		snprintf(name, sizeof(name), "sh%d_%d", shv[q][0], shv[q][1]);
		score(sites, out, name);
	}
	if (k <= 0)
		return;					/* TD_PROF_K=0: the rules alone */
	for (int i = 0; i < n_site_pages; i++)
	{
		uint32_t   *all = NULL,
				   *good = NULL;
		const td_tree *t = pages[i].tree;
		const char *lab;
		int			opt;

		snprintf(path, sizeof(path), "%s/%s.txt", sites, pages[i].rel);
		lab = getenv("TD_PROF_LABEL");
		opt = lab && strncmp(lab, "opt", 3) == 0;
		/*
		 * f1 or TD_PROF_LABEL=PCT (template under PCT% gold words, a whole
		 * percent since the eighth session): the core's rules
		 */
		if (!(gold[i] = gold_labels_rule(t, path, gold_rule_named(opt ? NULL : lab), &all, &good)))
		{
			gold[i] = calloc(t->n_nodes, 1);
			continue;
		}
		/* opt, optl: the F1-optimal drops */
		if (opt)
			prof_labels(t, all, good, gold_words(path), lab, gold[i]);
		if (getenv("TD_PROF_KEPT"))
			prof_kept(&pages[i], gold[i], getenv("TD_PROF_KEPT"));
		free(all);
		free(good);
	}
	for (int fold = 0; fold < k; fold++)
	{
		float	   *x = NULL,
				   *w = NULL;
		uint8_t    *y = NULL;
		int		   *site_of = NULL;
		size_t		n = 0,
					cap = 0;
		td_gbdt_opts o;
		td_gbdt		m;
		double		t0 = bench_now();
		int			ntest = 0;

		memset(&m, 0, sizeof(m));
		for (int i = 0; i < n_pages; i++)
		{
			size_t		n0 = n;

			if (i < n_site_pages && prof_fold(pages[i].rel, k) == fold)
			{
				ntest++;
				continue;
			}
			if (i >= n_site_pages && !(getenv("TD_PROF_GOLD") && atoi(getenv("TD_PROF_GOLD"))))
				break;
			prof_rows(&pages[i], i < n_site_pages, i < n_site_pages ? gold[i] : pages[i].train_drop,
					  &x, &y, &n, &cap, NULL);
			site_of = realloc(site_of, sizeof(int) * (n + 1));
			for (size_t r = n0; r < n; r++)
				site_of[r] = i < n_site_pages ? pages[i].group : 1024 + i;
		}
		if (ntest == 0)
			continue;
		gb_opts(&o);
		free(w);
		w = prof_weights(site_of, n);
		if (td_gbdt_train(&env, x, y, w, n, PROF_ROW, &o, &m) != TD_OK)
		{
			fprintf(stderr, "prof gbdt: %s\n", env.errmsg);
			exit(1);
		}
		fprintf(stderr, "prof fold %d: %zu rows, %d test pages, fit %.1f s\n", fold, n, ntest,
				bench_now() - t0);
		if (getenv("TD_GB_SPLITS"))
		{
			int			cnt[PROF_ROW] = {0};

			for (uint32_t q = 0; q < m.n_nodes; q++)
				if (!TD_GBDT_IS_LEAF(&m.nodes[q]))
					cnt[m.nodes[q].feature]++;
			fprintf(stderr, "prof splits:");
			for (int j = 0; j < PROF_ROW; j++)
				if (cnt[j])
					fprintf(stderr, " %s %d", j < TD_N_ROW ? td_row_name(j) : prof_names[j - TD_N_ROW], cnt[j]);
			fprintf(stderr, "\n");
		}
		for (int i = 0; i < n_site_pages; i++)
		{
			const td_tree *t = pages[i].tree;
			uint32_t   *which;
			size_t		pn = 0,
						pcap = 0;
			float	   *px = NULL;
			double	   *mg;
			float	   *prob;
			uint8_t    *d;

			if (prof_fold(pages[i].rel, k) != fold)
				continue;
			which = malloc(sizeof(uint32_t) * (t->n_nodes + 1));
			t1 = bench_now();
			{
				td_features f;

				if (td_compute_features(t, NULL, 0, &f) != TD_OK)
					exit(1);
				td_features_free(t, &f);
			}
			t2 = bench_now();
			prof_rows(&pages[i], 1, NULL, &px, NULL, &pn, &pcap, which);
			t3 = bench_now();
			mg = malloc(sizeof(double) * (pn + 1));
			td_gbdt_margins(&m, px, PROF_ROW, NULL, pn, mg);
			t_feat += t2 - t1;
			t_rows += t3 - t2;
			t_walk += bench_now() - t3;
			prob = malloc(sizeof(float) * t->n_nodes);
			d = malloc(t->n_nodes);
			for (uint32_t q = 0; q < t->n_nodes; q++)
				prob[q] = -1;
			for (size_t j = 0; j < pn; j++)
				prob[which[j]] = (float) td_gbdt_prob(mg[j]);
			for (int q = 0; q < (int) (sizeof(th) / sizeof(th[0])); q++)
			{
				char		name[16];

				d[0] = 0;
				for (uint32_t v = 1; v < t->n_nodes; v++)
					d[v] = d[t->nodes[v].parent] || prob[v] >= th[q] / 100.0;
				snprintf(name, sizeof(name), "pt%d", th[q]);
				write_text(out, name, pages[i].rel, t, d);
				prof_smooth(t, prob, d, th[q] / 100.0);
				snprintf(name, sizeof(name), "ps%d", th[q]);
				write_text(out, name, pages[i].rel, t, d);
			}
			if (getenv("TD_PROF_DIFF"))
			{
				/* outermost nodes where the trees at 0.5 and "or" disagree */
				static FILE *df;
				uint32_t   *vis = malloc(sizeof(uint32_t) * t->n_nodes);
				uint8_t    *pd = calloc(t->n_nodes, 1);

				if (!df)
					df = fopen(getenv("TD_PROF_DIFF"), "w");
				td_visible_lengths(t, vis);
				for (uint32_t v = 1; v < t->n_nodes; v++)
					pd[v] = pd[t->nodes[v].parent] || prob[v] >= 0.5;
				for (uint32_t v = 1; v < t->n_nodes; v++)
				{
					uint32_t	par = t->nodes[v].parent,
								cl = 0;
					const char *c;

					if (t->nodes[v].kind != TD_ELEM || pd[v] == pages[i].or_drop[v] ||
						pd[par] != pages[i].or_drop[par] || vis[v] == 0)
						continue;
					c = td_node_attr(t, v, "class", &cl);
					fprintf(df, "%s\t%s\t%.*s\t%.*s\t%u\t%d\t%.3f\t%d\t%d\n", pages[i].rel,
							pd[v] ? "tree_drops" : "tree_keeps", (int) t->nodes[v].str_len,
							td_node_str(t, v), c ? (int) (cl < 40 ? cl : 40) : 0, c ? c : "",
							vis[v], gold[i][v], prob[v], pages[i].site_drop[v], pages[i].clean_drop[v]);
				}
				free(vis);
				free(pd);
			}
			for (int a = 0; a < N_ASYM; a++)
			{
				char		name[16];
				const uint8_t *od = pages[i].or_drop;

				d[0] = 0;
				for (uint32_t v = 1; v < t->n_nodes; v++)
					d[v] = d[t->nodes[v].parent] ||
						(od && od[v] ? prob[v] >= asym[a][0] / 100.0 || prob[v] < 0
						 : prob[v] >= asym[a][1] / 100.0);
				snprintf(name, sizeof(name), "pa%d_%d", asym[a][0], asym[a][1]);
				write_text(out, name, pages[i].rel, t, d);
			}
			free(which);
			free(px);
			free(mg);
			free(prob);
			free(d);
		}
		td_gbdt_free(&env, &m);
		free(x);
		free(y);
		free(w);
		free(site_of);
	}
	printf("prof scoring of %d pages: features %.2f s, rows (features again, context, profile block) %.2f s "
		   "(context rows %.2f s), walks %.2f s; parse %.2f s, td_page_level %.2f s for %d runs\n",
		   n_site_pages, t_feat, t_rows, t_ctx, t_walk, t_parse, t_level, n_level);
	for (int q = 0; q < (int) (sizeof(th) / sizeof(th[0])); q++)
	{
		char		name[16];

		snprintf(name, sizeof(name), "pt%d", th[q]);
		score(sites, out, name);
		snprintf(name, sizeof(name), "ps%d", th[q]);
		score(sites, out, name);
	}
	for (int a = 0; a < N_ASYM; a++)
	{
		char		name[16];

		snprintf(name, sizeof(name), "pa%d_%d", asym[a][0], asym[a][1]);
		score(sites, out, name);
	}
	for (int i = 0; i < n_site_pages; i++)
		free(gold[i]);
	free(gold);
}

static void
run_sites(const char *sites, const char *out)
{
	int			n_site_pages;
	td_logreg	model[2];
	static td_gbdt gmodel[2];

	load_sites(sites);
	printf("%d pages parsed in %.2f s (%.0f pages/s)\n", n_pages, t_parse, n_pages / t_parse);
	n_site_pages = n_pages;
	sites_untrained = getenv("TD_NOSITES") && atoi(getenv("TD_NOSITES"));
	if (getenv("TD_GOLD_TRAIN"))
		load_gold_train(getenv("TD_GOLD_TRAIN"));
	for (int p = 0; p < 2 && getenv("TD_MODEL_IN"); p++)
	{
		size_t		len;
		char	   *json = bench_read_file(getenv("TD_MODEL_IN"), &len);

		if (!json || td_logreg_parse(&env, json, len, &model[p]) != TD_OK)
		{
			fprintf(stderr, "TD_MODEL_IN: cannot read a model\n");
			exit(1);
		}
		free(json);
	}
	for (int p = 0; p < 2 && !getenv("TD_MODEL_IN"); p++)
	{
		td_trainer	tr;

		td_trainer_init(&tr, &env);
		train_rows(&tr, in_group_parity, p);
		fit(&tr, &model[p]);
		if (use_gbdt)
			gb_fit(&gmodel[p]);
		td_trainer_free(&tr);
	}
	for (int i = 0; i < n_site_pages; i++)
	{
		page	   *pg = &pages[i];
		const td_logreg *m = &model[1 - pg->group % 2];	/* trained on the other half */
		uint8_t    *region = NULL;
		uint8_t    *b,
				   *s,
				   *o = malloc(pg->tree->n_nodes);
		td_buf		html;
		td_tree    *t2;

		if (use_gbdt)
			popts.gbdt = &gmodel[1 - pg->group % 2];
		b = basic(pg->tree, m);
		s = page_level(pg->tree, m, NULL, &region);
		if (td_combine_drops(pg->tree, pg->clean_drop, s, region, min_region, o) != TD_OK)
			exit(1);
		write_text(out, "or", pg->rel, pg->tree, o);
		{
			/* "or" without the later copies of a kept block (repeats.h; TD_OR_REPEAT flags) */
			uint8_t    *r = malloc(pg->tree->n_nodes);

			memcpy(r, o, pg->tree->n_nodes);
			if (td_drop_repeats(pg->tree, TD_REPEAT_MIN_WORDS,
								getenv("TD_OR_REPEAT") ? (unsigned) atoi(getenv("TD_OR_REPEAT")) :
								TD_REPEAT_DEFAULT, r, NULL) != TD_OK)
				exit(1);
			write_text(out, "orr", pg->rel, pg->tree, r);
			free(r);
		}
		if (getenv("TD_PROF") && atoi(getenv("TD_PROF")))
		{
			td_page_marks pm;

			pg->or_drop = malloc(pg->tree->n_nodes);
			memcpy(pg->or_drop, o, pg->tree->n_nodes);
			if (td_page_level(pg->tree, m, &popts, &pm) != TD_OK)
				exit(1);
			pg->pl_smooth = pm.smooth;
			pm.smooth = NULL;
			pg->pl_region = pm.main_region;
			pm.main_region = NULL;
			td_page_marks_free(pg->tree, &pm);
		}
		if (td_combine_drops(pg->tree, pg->site_drop, s, NULL, min_region, o) != TD_OK)
			exit(1);
		write_text(out, "orx", pg->rel, pg->tree, o);
		if (td_combine_drops(pg->tree, pg->train_drop, s, region, min_region, o) != TD_OK)
			exit(1);
		write_text(out, "orst", pg->rel, pg->tree, o);
		for (int g = 0; g < N_GUARDS && getenv("TD_GUARDS"); g++)
		{
			if (atoi(getenv("TD_GUARDS")) > 1 && g < atoi(getenv("TD_GUARDS")))
				continue;		/* TD_GUARDS=K > 1: from the K-th variant on */
			uint8_t    *gd = content_guard(pg, region, guards[g].mode, guards[g].len, guards[g].nonlink,
										   guards[g].flags);
			char		name[32];

			if (td_combine_drops(pg->tree, gd, s, region, min_region, o) != TD_OK)
				exit(1);
			snprintf(name, sizeof(name), "g%c%u%s%d", guards[g].mode, guards[g].len,
					 guards[g].nonlink ? "n" : "", guards[g].flags);
			write_text(out, name, pg->rel, pg->tree, o);
			free(gd);
		}
		if (getenv("TD_SEGDUMP"))
		{
			static FILE *so;

			if (!so)
				so = fopen(getenv("TD_SEGDUMP"), "w");
			seg_dump(so, pg, m, sites);
			fflush(so);
		}
		write_text(out, "all", pg->rel, pg->tree, NULL);
		write_text(out, "basic", pg->rel, pg->tree, b);
		write_text(out, "smooth", pg->rel, pg->tree, s);
		write_text(out, "site", pg->rel, pg->tree, pg->site_drop);
		no_profile_variants(out, pg, m);
		/* page-level on what site-level keeps */
		td_buf_init(&html, &env);
		td_render_html(pg->tree, pg->site_drop, &html);
		t2 = bench_parse_bytes(&env, html.data, html.len, "page");
		td_buf_free(&html);
		if (t2)
		{
			uint8_t    *r = page_level(t2, m, NULL, NULL);

			write_text(out, "rem", pg->rel, t2, r);
			free(r);
			td_tree_free(t2);
		}
		free(b);
		free(s);
		free(o);
		free(region);
	}
	printf("td_page_level: %d runs in %.2f s (%.0f pages/s; parse alone %.0f pages/s)\n",
		   n_level, t_level, n_level / t_level, n_pages / t_parse);
	{
		const char *v[] = {"all", "basic", "smooth", "site", "or", "orr", "orx", "orst", "rem", "fb", "region",
		"fbregion"};

		for (int k = 0; k < 12; k++)
			score(sites, out, v[k]);
	}
	if (getenv("TD_PROF") && atoi(getenv("TD_PROF")))
		run_prof(sites, out, n_site_pages);
}

/* Manifest column col (0-based) of a tab-separated line, copied to buf. */
static void
column(const char *line, int col, char *buf, size_t size)
{
	const char *p = line,
			   *q;

	for (int c = 0; c < col && p; c++)
		p = (p = strchr(p, '\t')) ? p + 1 : NULL;
	if (!p)
	{
		buf[0] = 0;
		return;
	}
	q = p + strcspn(p, "\t\r\n");
	snprintf(buf, size, "%.*s", (int) (q - p), p);
}

/* TD_HOSTS: a host none of whose pages is a test page */
static int
no_test_page(int from, int to, void *arg)
{
	for (int i = from; i < to; i++)
		if (pages[i].test)
			return 0;
	return 1;
}

static void
run_pages(const char *dataset, const char *out, const char *sites)
{
	const char *split = getenv("TD_SPLIT");
	int			hosts = getenv("TD_HOSTS") && atoi(getenv("TD_HOSTS"));
	char		path[8192],
				gold[8192],
				line[65536];
	FILE	   *mf;
	int			first,
				n_test = 0;
	char	  **host_names = NULL;
	int			n_hosts = 0;
	td_trainer	tr;
	td_logreg	model;
	double		t_pages;

	load_sites(sites);
	if (getenv("TD_GOLD_TRAIN"))
		load_gold_train(getenv("TD_GOLD_TRAIN"));
	first = n_pages;
	snprintf(path, sizeof(path), "%s/manifest.tsv", dataset);
	if (!(mf = fopen(path, "r")))
	{
		fprintf(stderr, "%s: cannot open\n", path);
		exit(1);
	}
	snprintf(gold, sizeof(gold), "%s/gold", out);
	mkdirs(gold);
	t_parse = 0;
	while (fgets(line, sizeof(line), mf))
	{
		char		id[1024],
					url[8192],
					host[1024],
					sp[64];
		int			test,
					g;
		td_tree    *t;
		page	   *p;

		if (strncmp(line, "id\t", 3) == 0)
			continue;
		column(line, 0, id, sizeof(id));
		column(line, 1, url, sizeof(url));
		column(line, 2, host, sizeof(host));
		column(line, 7, sp, sizeof(sp));
		test = !split || strcmp(sp, split) == 0;
		if (!test && !((hosts || (getenv("TD_GOLD") && atoi(getenv("TD_GOLD")))) &&
					   strcmp(sp, "train") == 0))
			continue;
		snprintf(path, sizeof(path), "%s/%s.html", dataset, id);
		if (!(t = parse_file(path)))
			continue;
		g = host_group(&host_names, &n_hosts, host);
		p = add_page();
		p->tree = t;
		p->rel = strdup(id);
		p->url = strdup(url);
		p->group = 100000 + g;
		p->test = test;
		if (test)
		{
			char		dst[8192];

			n_test++;
			snprintf(path, sizeof(path), "%s/%s.html", dataset, id);
			for (int e = 0; e < 2; e++)
			{
				char		cwd[4096],
							abs[8192 + 4096];

				if (!getcwd(cwd, sizeof(cwd)))
					exit(1);
				snprintf(abs, sizeof(abs), "%s%s%s/%s.%s", dataset[0] == '/' ? "" : cwd,
						 dataset[0] == '/' ? "" : "/", dataset, id, e ? "txt" : "html");
				snprintf(dst, sizeof(dst), "%s/%s.%s", gold, id, e ? "txt" : "html");
				unlink(dst);
				if (symlink(abs, dst))
					perror(dst);
			}
		}
	}
	fclose(mf);
	t_pages = t_parse;
	if (getenv("TD_GOLD") && atoi(getenv("TD_GOLD")))
		for (int i = first; i < n_pages; i++)
			if (!pages[i].test)
			{
				snprintf(path, sizeof(path), "%s/%s.txt", dataset, pages[i].rel);
				gold_train_labels(&pages[i], path);
				pages[i].gold = 1;
			}
	if (getenv("TD_NOSITES") && atoi(getenv("TD_NOSITES")))
		for (int i = 0; i < first; i++)
			pages[i].site_drop = NULL;
	/* train-split hosts with >= 5 pages: site-level labels from their own profile */
	if (hosts)
		(void) site_marks_by_host(first, no_test_page, NULL);
	td_trainer_init(&tr, &env);
	train_rows(&tr, any_page, 0);
	fit(&tr, &model);
	if (use_gbdt)
	{
		static td_gbdt gm;

		gb_fit(&gm);
		popts.gbdt = &gm;
		if (getenv("TD_GB_WRITE"))
		{
			int			n_train = 0;

			for (int i = 0; i < n_pages; i++)
				n_train += pages[i].site_drop != NULL;
			gb_write_c(getenv("TD_GB_WRITE"), &gm, gb_fit_rows, n_train);
		}
	}
	printf("trained on %zu rows\n", tr.n);
	td_trainer_free(&tr);
	if (getenv("TD_MODEL_OUT"))
	{
		td_buf		b;
		FILE	   *o = fopen(getenv("TD_MODEL_OUT"), "wb");

		td_buf_init(&b, &env);
		td_logreg_serialize(&model, &b);
		fwrite(b.data, 1, b.len, o);
		fclose(o);
		td_buf_free(&b);
	}
	for (int i = first; i < n_pages; i++)
	{
		page	   *pg = &pages[i];
		uint8_t    *b,
				   *s;

		if (!pg->test)
			continue;
		b = basic(pg->tree, &model);
		s = page_level(pg->tree, &model, pg->url, NULL);
		write_text(out, "all", pg->rel, pg->tree, NULL);
		write_text(out, "basic", pg->rel, pg->tree, b);
		write_text(out, "smooth", pg->rel, pg->tree, s);
		free(b);
		free(s);
		no_profile_variants(out, pg, &model);
	}
	printf("%d test pages; parse %.0f pages/s; td_page_level %.0f pages/s\n",
		   n_test, (n_pages - first) / t_pages, n_level / t_level);
	score(gold, out, "all");
	score(gold, out, "basic");
	score(gold, out, "smooth");
	score(gold, out, "fb");
	score(gold, out, "region");
	score(gold, out, "fbregion");
}

/* 1 when element i has an id/class token beginning with "comment" or an ancestor has. */
static int
under_token(const td_tree *t, const td_features *f, uint32_t i, int feat)
{
	for (; i != TD_NONE && i > 0; i = t->nodes[i].parent)
		if (t->nodes[i].kind == TD_ELEM && td_feature_row(f, i)[feat] > 0)
			return 1;
	return 0;
}

/* Tag name + class attribute of element i as one hash (sibling shapes). */
static uint64_t
shape_of(const td_tree *t, uint32_t i)
{
	uint32_t	cl = 0;
	const char *c = td_node_attr(t, i, "class", &cl);
	uint64_t	h = td_fnv_bytes(TD_FNV_OFFSET, td_node_str(t, i), t->nodes[i].str_len);

	h = td_fnv_byte(h, '|');
	return td_fnv_bytes(h, c, c ? cl : 0);
}

/* Element children of i with the shape of child c (c included). */
static int
same_shape_siblings(const td_tree *t, uint32_t parent, uint64_t shape)
{
	int			n = 0;

	for (uint32_t c = t->nodes[parent].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == TD_ELEM && shape_of(t, c) == shape)
			n++;
	return n;
}

/* Gold words lost in template areas, by what made the area (tag or token). */
static double tmpl_why[TD_N_FEATURES];
static double tmpl_why_tag[4];
static const char *const tmpl_tags[4] = {"nav", "header", "footer", "aside"};

static void
tmpl_reason(const td_tree *t, const td_features *f, uint32_t r, double w)
{
	for (uint32_t i = r; i != TD_NONE && i > 0; i = t->nodes[i].parent)
	{
		const float *x = td_feature_row(f, i);

		if (t->nodes[i].kind != TD_ELEM)
			continue;
		for (int k = 0; k < 4; k++)
			if (x[TD_FEAT_TAG_NAV + k] > 0)
			{
				tmpl_why_tag[k] += w;
				return;
			}
		for (int k = TD_FEAT_TOK_NAV; k < TD_FEAT_TOK_CONTENT; k++)
			if (x[k] > 0)
			{
				tmpl_why[k] += w;
				return;
			}
	}
}

/* Causes of lost gold words (TD_CAUSES): one counter per cause. */
enum
{
	C_KEPT, C_COMMENT, C_TMPL, C_LINKS, C_REPEAT, C_OTHER, C_N
};
static const char *const cause_names[C_N] = {"kept", "comment", "template_area", "link_dense",
	"repeated", "other"};

/*
 * TD_CAUSES_EV=FILE (with TD_CAUSES): per page and per mark of the row
 * (features and page context, ev_cols below) read on the nearest element
 * above each visible text, four word counts: gold words, gold words dropped,
 * other words, other words kept (bench/ev_causes.py sums them by type).
 */
static const struct
{
	const char *name;
	int			col;
	float		min;
}			ev_cols[] = {
	{"in_comment", TD_N_FEATURES + TD_CTX_IN_COMMENT, 0.5f},
	{"in_template_area", TD_FEAT_IN_TEMPLATE_AREA, 0.5f},
	{"tmpl_small", TD_N_FEATURES + TD_CTX_TMPL_SMALL, 0.5f},
	{"anchor_text>=0.5", TD_FEAT_ANCHOR_TEXT, 0.5f},
	{"in_rep", TD_N_FEATURES + TD_CTX_IN_REP, 0.01f},
	{"in_main", TD_FEAT_IN_MAIN, 0.5f},
	{"in_content_area", TD_FEAT_IN_CONTENT_AREA, 0.5f},
	{"tag_list", TD_FEAT_TAG_LIST, 0.5f},
	{"tag_table", TD_FEAT_TAG_TABLE, 0.5f},
	{"tag_heading", TD_FEAT_TAG_HEADING, 0.5f},
	{"tag_a", TD_FEAT_TAG_A, 0.5f},
	{"p_ld_product", TD_N_FEATURES + TD_CTX_P_LD_PRODUCT, 0.5f},
	{"p_ld_forum", TD_N_FEATURES + TD_CTX_P_LD_FORUM, 0.5f},
	{"p_ld_list", TD_N_FEATURES + TD_CTX_P_LD_LIST, 0.5f},
#define EVC(id, name) {name, TD_ROW_EVIDENCE + TD_##id, 0.01f},
	TD_EVIDENCE_LIST(EVC)
#undef EVC
};
#define N_EV_COLS (sizeof(ev_cols) / sizeof(ev_cols[0]))

static void
causes_ev(const page *pg, const char *type, const td_features *f, const uint32_t *all,
		  const uint32_t *good, const uint8_t *drop)
{
	static FILE *o;
	const td_tree *t = pg->tree;
	double		c[N_EV_COLS][4];
	float	   *rows;

	if (!o)
	{
		o = fopen(getenv("TD_CAUSES_EV"), "w");
		fprintf(o, "id\ttype");
		for (size_t k = 0; k < N_EV_COLS; k++)
			fprintf(o, "\t%s:gold\t%s:gold_lost\t%s:other\t%s:other_kept", ev_cols[k].name,
					ev_cols[k].name, ev_cols[k].name, ev_cols[k].name);
		fprintf(o, "\n");
	}
	if (td_context_rows(t, f, &rows) != TD_OK)
		exit(1);
	memset(c, 0, sizeof(c));
	for (uint32_t j = 1; j < t->n_nodes; j++)
	{
		uint32_t	e = t->nodes[j].parent;

		if (t->nodes[j].kind != TD_TEXT || (t->nodes[j].flags & TD_F_INHIDDEN))
			continue;
		while (e != TD_NONE && t->nodes[e].kind != TD_ELEM)
			e = t->nodes[e].parent;
		if (e == TD_NONE)
			continue;
		for (size_t k = 0; k < N_EV_COLS; k++)
		{
			if (rows[(size_t) e * TD_N_ROW + ev_cols[k].col] < ev_cols[k].min)
				continue;
			c[k][0] += good[j];
			c[k][1] += drop[j] ? good[j] : 0;
			c[k][2] += all[j] - good[j];
			c[k][3] += drop[j] ? 0 : all[j] - good[j];
		}
	}
	fprintf(o, "%s\t%s", pg->rel, type);
	for (size_t k = 0; k < N_EV_COLS; k++)
		fprintf(o, "\t%.0f\t%.0f\t%.0f\t%.0f", c[k][0], c[k][1], c[k][2], c[k][3]);
	fprintf(o, "\n");
	fflush(o);
	td_free(&env, rows);
}

/*
 * Gold words of page pg (3-gram matched, gold_labels.h) by what became of
 * them under drop: kept, or lost in a dropped subtree whose top element is
 * (first that applies) under a comment-classed element, in a template area
 * (nav/header/footer/aside, template classes), link-dense (anchor text >=
 * 0.5), one of >= 3 same-shape siblings or holding >= 3 same-shape children,
 * or none of those.  Also split: raw score of the top element >= threshold
 * (classifier) or below (smoothing), and top element inside the main region
 * or not.  Writes one row to o.
 */
static void
causes(FILE *o, const page *pg, const char *type, const char *gold_path,
	   const td_page_marks *pm, const uint8_t *drop, double thresh)
{
	const td_tree *t = pg->tree;
	td_features f;
	uint32_t   *all,
			   *good;
	double		c[C_N] = {0},
				raw = 0,
				smoothed = 0,
				in_region = 0,
				gold_in_region = 0,
				gold_total = 0,
				vis_words = 0,
				kept_words = 0;
	uint8_t    *lab = gold_labels_counts(t, gold_path, &all, &good);

	if (!lab)
		return;
	free(lab);
	if (td_compute_features(t, NULL, 0, &f) != TD_OK)
		exit(1);
	for (uint32_t j = 1; j < t->n_nodes; j++)
	{
		uint32_t	r;

		if (t->nodes[j].kind != TD_TEXT || (t->nodes[j].flags & TD_F_INHIDDEN))
			continue;
		vis_words += all[j];
		kept_words += drop[j] ? 0 : all[j];
		if (!good[j])
			continue;
		gold_total += good[j];
		gold_in_region += pm->main_region[j] ? good[j] : 0;
		if (!drop[j])
		{
			c[C_KEPT] += good[j];
			continue;
		}
		for (r = j; t->nodes[r].parent != TD_NONE && drop[t->nodes[r].parent]; r = t->nodes[r].parent)
			;
		while (r != TD_NONE && t->nodes[r].kind != TD_ELEM)
			r = t->nodes[r].parent;
		if (r == TD_NONE)
			continue;
		if (pm->score[r] >= thresh)
			raw += good[j];
		else
			smoothed += good[j];
		in_region += pm->main_region[r] ? good[j] : 0;
		if (under_token(t, &f, r, TD_FEAT_TOK_COMMENT))
			c[C_COMMENT] += good[j];
		else if (td_feature_row(&f, r)[TD_FEAT_IN_TEMPLATE_AREA] > 0)
		{
			c[C_TMPL] += good[j];
			tmpl_reason(t, &f, r, good[j]);
		}
		else if (td_feature_row(&f, r)[TD_FEAT_ANCHOR_TEXT] >= 0.5)
			c[C_LINKS] += good[j];
		else
		{
			int			rep = t->nodes[r].parent != TD_NONE &&
				same_shape_siblings(t, t->nodes[r].parent, shape_of(t, r)) >= 3;

			for (uint32_t ch = t->nodes[r].first_child; !rep && ch != TD_NONE; ch = t->nodes[ch].next_sibling)
				rep = t->nodes[ch].kind == TD_ELEM && same_shape_siblings(t, r, shape_of(t, ch)) >= 3;
			c[rep ? C_REPEAT : C_OTHER] += good[j];
		}
	}
	if (getenv("TD_TOPDROP"))
	{
		/* the dropped subtree roots losing the most gold words, to stderr */
		static FILE *td;

		if (!td)
			td = fopen(getenv("TD_TOPDROP"), "w");
		for (uint32_t r = 1; r < t->n_nodes; r++)
			if (drop[r] && !drop[t->nodes[r].parent] && t->nodes[r].kind == TD_ELEM &&
				good[r] >= 0.2 * gold_total && good[r] >= 20)
			{
				uint32_t	il = 0,
							cll = 0;
				const char *id = td_node_attr(t, r, "id", &il),
						   *cl = td_node_attr(t, r, "class", &cll);
				const float *x = td_feature_row(&f, r);

				fprintf(td, "%s\t%s\t%.0f\t%u\t<%.*s id=%.*s class=%.*s>\tdepth %u\tscore %.2f smooth %.2f\tshare %.2f anchor %.2f tmpl %.0f main %.0f region %d\n",
						pg->rel, type, gold_total, good[r], (int) t->nodes[r].str_len, td_node_str(t, r),
						id ? (int) (il < 30 ? il : 30) : 0, id ? id : "",
						cl ? (int) (cll < 60 ? cll : 60) : 0, cl ? cl : "", t->nodes[r].depth,
						pm->score[r], pm->smooth[r], x[TD_FEAT_PAGE_SHARE], x[TD_FEAT_ANCHOR_TEXT],
						x[TD_FEAT_IN_TEMPLATE_AREA], x[TD_FEAT_IN_MAIN], pm->main_region[r]);
			}
	}
	if (getenv("TD_CAUSES_EV"))
		causes_ev(pg, type, &f, all, good, drop);
	fprintf(o, "%s\t%s\t%.0f\t%.0f\t%.0f\t%.0f", pg->rel, type, gold_total, gold_in_region,
			vis_words, kept_words);
	for (int k = 0; k < C_N; k++)
		fprintf(o, "\t%.0f", c[k]);
	fprintf(o, "\t%.0f\t%.0f\t%.0f\n", raw, smoothed, in_region);
	td_features_free(t, &f);
	free(all);
	free(good);
}

/*
 * The less destructive page level (variant fb): drops at the page threshold
 * unless they leave under TD_FB_KEEP (default 0.2) of the page's visible
 * characters; then at the next of TD_FB_STEPS thresholds (default
 * "0.7,0.8,0.9,0.95") that leaves enough; none leaving enough: nothing
 * dropped (all text).  The smoothed scores are monotone down the tree, so a
 * threshold's drops follow from pm->smooth alone.
 */
static void
fallback_drops(const td_tree *t, const td_page_marks *pm, uint8_t *drop)
{
	double		keep = getenv("TD_FB_KEEP") ? atof(getenv("TD_FB_KEEP")) : 0.2;
	const char *steps = getenv("TD_FB_STEPS") ? getenv("TD_FB_STEPS") : "0.7,0.8,0.9,0.95";
	uint32_t   *vis = malloc(sizeof(uint32_t) * (t->n_nodes ? t->n_nodes : 1));
	double		total = 0,
				kept;
	double		th = popts.threshold;
	const char *p = steps;

	td_visible_lengths(t, vis);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_TEXT)
			total += vis[i];
	for (;;)
	{
		kept = 0;
		for (uint32_t i = 0; i < t->n_nodes; i++)
		{
			drop[i] = i > 0 && (drop[t->nodes[i].parent] ||
								(t->nodes[i].kind == TD_ELEM && pm->smooth[i] >= th));
			if (t->nodes[i].kind == TD_TEXT && !drop[i])
				kept += vis[i];
		}
		if (kept >= keep * total || total == 0)
			break;
		if (!p || !*p)
		{
			memset(drop, 0, t->n_nodes);
			break;
		}
		th = atof(p);
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	free(vis);
}

static int
in_other_fold(const page *p, int fold)
{
	return p->group != fold;
}

/*
 * kfold DATASET_DIR OUT_DIR SITES_DIR: every page of the dataset (wcxb-dev:
 * manifest id, url, page_type) scored by a model that never saw its
 * registered domain: TD_FOLDS (default 5) folds by a hash of the domain
 * (fold_of).  Model of fold f: the sites (site-level OR structural labels)
 * + TD_GOLD_TRAIN datasets (gold labels) + with TD_KFOLD_GOLD=1 the
 * dataset's pages of the other folds (gold labels).  Variants: all,
 * builtin (td_page_level with the built-in model at TD_THRESH: what
 * clean_text(html) without a profile does), smooth (the fold's model).
 * Scores overall and per page type (bench/score_types.py).  TD_CAUSES=FILE
 * writes per page the fate of its gold words under builtin (causes()).
 */
static void
run_kfold(const char *dataset, const char *out, const char *sites)
{
	int			k = getenv("TD_FOLDS") ? atoi(getenv("TD_FOLDS")) : 5,
				train_gold = getenv("TD_KFOLD_GOLD") && atoi(getenv("TD_KFOLD_GOLD")),
				first;
	char		path[8192],
				gold[8192],
				line[65536];
	char	  **types;
	FILE	   *mf,
			   *co = getenv("TD_CAUSES") ? fopen(getenv("TD_CAUSES"), "w") : NULL;
	int			fold_n[64] = {0};

	if (k < 2 || k > 64)
		k = 5;
	if (!getenv("TD_NOSITES") || !atoi(getenv("TD_NOSITES")))
		load_sites(sites);
	if (getenv("TD_GOLD_TRAIN"))
		load_gold_train(getenv("TD_GOLD_TRAIN"));
	first = n_pages;
	snprintf(path, sizeof(path), "%s/manifest.tsv", dataset);
	if (!(mf = fopen(path, "r")))
	{
		fprintf(stderr, "%s: cannot open\n", path);
		exit(1);
	}
	snprintf(gold, sizeof(gold), "%s/gold", out);
	mkdirs(gold);
	types = calloc(100000, sizeof(char *));
	while (fgets(line, sizeof(line), mf))
	{
		char		id[1024],
					url[8192],
					type[64],
					abs[8192 + 4096],
					dst[8192],
					cwd[4096];
		td_tree    *t;
		page	   *p;

		if (strncmp(line, "id\t", 3) == 0)
			continue;
		column(line, 0, id, sizeof(id));
		column(line, 1, url, sizeof(url));
		column(line, 2, type, sizeof(type));
		snprintf(path, sizeof(path), "%s/%s.html", dataset, id);
		if (!(t = parse_file(path)))
			continue;
		p = add_page();
		p->tree = t;
		p->rel = strdup(id);
		p->url = strdup(url);
		p->group = fold_of(url, k);
		p->test = 1;
		fold_n[p->group]++;
		types[n_pages - 1 - first] = strdup(type);
		snprintf(path, sizeof(path), "%s/%s.txt", dataset, id);
		if (train_gold && type_trains(type))
		{
			gold_train_labels(p, path);
			p->gold = strstr(dataset, "wcxb") ? 2 : 1;
			p->type_w = type_weight(type);
		}
		if (!getcwd(cwd, sizeof(cwd)))
			exit(1);
		for (int e = 0; e < 2; e++)
		{
			snprintf(abs, sizeof(abs), "%s%s%s/%s.%s", dataset[0] == '/' ? "" : cwd,
					 dataset[0] == '/' ? "" : "/", dataset, id, e ? "txt" : "html");
			snprintf(dst, sizeof(dst), "%s/%s.%s", gold, id, e ? "txt" : "html");
			unlink(dst);
			if (symlink(abs, dst))
				perror(dst);
		}
	}
	fclose(mf);
	printf("%d pages (%d train) in %d folds:", n_pages - first, first, k);
	for (int f = 0; f < k; f++)
		printf(" %d", fold_n[f]);
	printf("\n");
	if (co)
	{
		fprintf(co, "id\ttype\tgold\tgold_in_region\tvis_words\tkept_words");
		for (int c = 0; c < C_N; c++)
			fprintf(co, "\t%s", cause_names[c]);
		fprintf(co, "\traw\tsmoothed\ttop_in_region\n");
	}
	for (int f = 0; f < k; f++)
	{
		td_trainer	tr;
		static td_logreg model;

		if (f > 0 && !train_gold)
			goto trained;		/* the same rows for every fold: one fit */
		td_trainer_init(&tr, &env);
		for (int i = 0; i < first; i++)
			if (pages[i].site_drop)
				add_train_page(&tr, &pages[i]);
		if (train_gold)
			for (int i = first; i < n_pages; i++)
				if (pages[i].site_drop && in_other_fold(&pages[i], f))
					add_train_page(&tr, &pages[i]);
		fit(&tr, &model);
		if (use_gbdt)
		{
			static td_gbdt gm;

			gb_fit(&gm);
			popts.gbdt = &gm;
		}
		printf("fold %d: trained on %zu rows\n", f, tr.n);
		fflush(stdout);
		td_trainer_free(&tr);
trained:
		for (int i = first; i < n_pages; i++)
		{
			page	   *pg = &pages[i];
			uint8_t    *s;
			td_page_marks pm;

			if (pg->group != f)
				continue;
			s = page_level(pg->tree, &model, pg->url, NULL);
			write_text(out, "smooth", pg->rel, pg->tree, s);
			free(s);
			no_profile_variants(out, pg, &model);
			if (getenv("TD_ORACLE"))
			{
				/* the gold labels themselves as drops: the ceiling of element-level decisions */
				uint8_t    *g;

				snprintf(path, sizeof(path), "%s/%s.txt", dataset, pg->rel);
				if ((g = gold_labels(pg->tree, path)))
				{
					/* a subtree goes only when no node in it is labelled content */
					for (uint32_t q = pg->tree->n_nodes; q-- > 1;)
						if (!g[q])
							g[pg->tree->nodes[q].parent] = 0;
					write_text(out, "oracle", pg->rel, pg->tree, g);
					free(g);
				}
			}
			if (co && getenv("TD_CAUSES_FOLD"))
			{
				/* causes under the fold's model instead of the built-in one */
				if (td_page_level(pg->tree, &model, &popts, &pm) != TD_OK)
					exit(1);
				snprintf(path, sizeof(path), "%s/%s.txt", dataset, pg->rel);
				causes(co, pg, types[i - first], path, &pm, pm.drop, popts.threshold);
				td_page_marks_free(pg->tree, &pm);
			}
			if (!td_default_model())
				continue;		/* a build with experiment features (stub_default_model.c) */
			{
				td_page_opts bo = popts;

				bo.gbdt = NULL;
				if (td_page_level(pg->tree, NULL, &bo, &pm) != TD_OK)
					exit(1);
			}
			write_text(out, "builtin", pg->rel, pg->tree, pm.drop);
			write_text(out, "all", pg->rel, pg->tree, NULL);
			if (co && !getenv("TD_CAUSES_FOLD"))
			{
				snprintf(path, sizeof(path), "%s/%s.txt", dataset, pg->rel);
				causes(co, pg, types[i - first], path, &pm, pm.drop, popts.threshold);
			}
			td_page_marks_free(pg->tree, &pm);
		}
	}
	if (co)
	{
		fclose(co);
		fprintf(stderr, "gold words lost in template areas, by tag/token:");
		for (int q = 0; q < 4; q++)
			fprintf(stderr, " %s %.0f", tmpl_tags[q], tmpl_why_tag[q]);
		for (int q = TD_FEAT_TOK_NAV; q < TD_FEAT_TOK_CONTENT; q++)
			fprintf(stderr, " %s %.0f", td_feature_names[q], tmpl_why[q]);
		fprintf(stderr, "\n");
	}
	{
		const char *v[] = {"all", "builtin", "smooth", "fb", "region", "fbregion", "oracle"};

		for (int j = 0; j < (getenv("TD_ORACLE") ? 7 : 6); j++)
		{
			char		cmd[16384];

			snprintf(cmd, sizeof(cmd), "printf '%%-7s ' %s; /usr/bin/python3 bench/score_types.py %s %s/%s %s/manifest.tsv",
					 v[j], gold, out, v[j], dataset);
			fflush(stdout);
			if (system(cmd) != 0)
				fprintf(stderr, "score_types.py failed\n");
		}
	}
}

int
main(int argc, char **argv)
{
	td_env_default(&env);
	td_page_opts_default(&popts);
	if (getenv("TD_MIN_AREA"))
		popts.min_area = atoi(getenv("TD_MIN_AREA"));
	if (getenv("TD_PENALTY"))
		popts.penalty = atof(getenv("TD_PENALTY"));
	if (getenv("TD_THRESH"))
		popts.threshold = atof(getenv("TD_THRESH"));
	if (getenv("TD_LEVELS"))
		popts.levels = atoi(getenv("TD_LEVELS"));
	use_gbdt = getenv("TD_GBDT") && atoi(getenv("TD_GBDT"));
	gb_init_drop();
	basic_thresh = getenv("TD_BASIC_THRESH") ? atof(getenv("TD_BASIC_THRESH")) : popts.threshold;
	if (getenv("TD_MIN_REGION"))
		min_region = atof(getenv("TD_MIN_REGION"));
	if (argc == 4 && strcmp(argv[1], "sites") == 0)
		run_sites(argv[2], argv[3]);
	else if (argc == 5 && strcmp(argv[1], "pages") == 0)
		run_pages(argv[2], argv[3], argv[4]);
	else if (argc == 5 && strcmp(argv[1], "kfold") == 0)
		run_kfold(argv[2], argv[3], argv[4]);
	else
	{
		fprintf(stderr, "usage: page_quality sites SITES_DIR OUT_DIR\n"
				"       page_quality pages DATASET_DIR OUT_DIR SITES_DIR\n"
				"       page_quality kfold DATASET_DIR OUT_DIR SITES_DIR\n");
		return 2;
	}
	return 0;
}
