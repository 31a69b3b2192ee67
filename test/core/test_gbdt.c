/*
 * test_gbdt.c — the tree classifier (page/gbdt.h) and the page-context
 * features (page/context.h): an interaction a linear model cannot learn (XOR
 * of two features) learnt; bit-identical models from two runs; weights that
 * matter; hand-built trees scored; every bound of td_gbdt_check refusing a
 * broken model; bad options refused; interrupts and allocation failure in
 * training; context features of a hand-written page; td_page_level with a
 * tree model.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "base/tags.h"
#include "base/tree.h"
#include "page/context.h"
#include "page/default_gbdt.h"
#include "page/gbdt.h"
#include "page/gbdt_json.h"
#include "page/pagelevel.h"

static td_env env;
static uint64_t rng;

static double
uniform(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double) (rng >> 11) / 9007199254740992.0;
}

/* n rows of d = 3: label = (x0 > 0.5) XOR (x1 > 0.5), x2 noise. */
static void
xor_rows(size_t n, float *x, uint8_t *y)
{
	for (size_t r = 0; r < n; r++)
	{
		x[3 * r] = (float) uniform();
		x[3 * r + 1] = (float) uniform();
		x[3 * r + 2] = (float) uniform();
		y[r] = (x[3 * r] > 0.5) != (x[3 * r + 1] > 0.5);
	}
}

static void
test_xor(void)
{
	enum {N = 4000};
	float	   *x = malloc(sizeof(float) * 3 * N);
	uint8_t    *y = malloc(N);
	td_gbdt		a,
				b;
	td_gbdt_opts o;
	int			right = 0;

	rng = 1;
	xor_rows(N, x, y);
	td_gbdt_opts_default(&o);
	o.n_trees = 50;
	o.max_depth = 2;
	o.subsample = 0.5;
	CHECK(td_gbdt_train(&env, x, y, NULL, N, 3, &o, &a) == TD_OK, "train: %s", env.errmsg);
	CHECK(td_gbdt_check(&env, &a) == TD_OK, "a trained model passes the check: %s", env.errmsg);
	CHECK(a.n_trees == 50 && a.n_features == 3, "%u trees, %u features", a.n_trees, a.n_features);
	for (size_t r = 0; r < N; r++)
		right += (td_gbdt_score(&a, x + 3 * r) >= 0.5) == y[r];
	CHECK(right > 0.97 * N, "XOR learnt: %d of %d right", right, N);
	/* fresh points */
	{
		float		p[4][3] = {{0.2f, 0.2f, 0.5f}, {0.8f, 0.2f, 0.5f}, {0.2f, 0.8f, 0.1f}, {0.9f, 0.9f, 0.9f}};

		CHECK(td_gbdt_score(&a, p[0]) < 0.2 && td_gbdt_score(&a, p[3]) < 0.2,
			  "same sides: %g %g", td_gbdt_score(&a, p[0]), td_gbdt_score(&a, p[3]));
		CHECK(td_gbdt_score(&a, p[1]) > 0.8 && td_gbdt_score(&a, p[2]) > 0.8,
			  "opposite sides: %g %g", td_gbdt_score(&a, p[1]), td_gbdt_score(&a, p[2]));
	}
	/* deterministic: the same rows, the same model, bit for bit */
	CHECK(td_gbdt_train(&env, x, y, NULL, N, 3, &o, &b) == TD_OK, "train again");
	CHECK(a.n_nodes == b.n_nodes && a.base == b.base &&
		  memcmp(a.nodes, b.nodes, sizeof(td_gbdt_node) * a.n_nodes) == 0 &&
		  memcmp(a.tree_first, b.tree_first, sizeof(uint32_t) * (a.n_trees + 1)) == 0,
		  "two runs give the same model");
	td_gbdt_free(&env, &b);
	/* the batched walk (rows in lockstep blocks, a partial block at the end): the same margins, bit for bit */
	{
		enum {NB = 8 * 37 + 5};
		uint32_t	which[NB];
		double		mg[NB];
		int			same = 1;

		for (uint32_t j = 0; j < NB; j++)
			which[j] = (j * 7919u) % N;
		if (NB > 3)
			x[3 * which[3] + 1] = NAN;	/* NaN goes right in both */
		td_gbdt_margins(&a, x, 3, which, NB, mg);
		for (uint32_t j = 0; j < NB; j++)
			same &= mg[j] == td_gbdt_margin(&a, x + 3 * (size_t) which[j]);
		CHECK(same, "batched margins equal td_gbdt_margin on %d rows", NB);
	}
	/* another seed samples other rows: another model */
	o.seed = 2;
	CHECK(td_gbdt_train(&env, x, y, NULL, N, 3, &o, &b) == TD_OK, "train, seed 2");
	CHECK(a.n_nodes != b.n_nodes || memcmp(a.nodes, b.nodes, sizeof(td_gbdt_node) * a.n_nodes) != 0,
		  "the seed matters");
	td_gbdt_free(&env, &b);
	td_gbdt_free(&env, &a);
	free(x);
	free(y);
}

/* Weights: rows of weight 0 are not learnt from; heavier rows pull the base. */
static void
test_weights(void)
{
	float		x[200],
				w[200];
	uint8_t		y[200];
	td_gbdt		m;
	td_gbdt_opts o;

	for (int r = 0; r < 200; r++)
	{
		x[r] = (float) r;
		y[r] = r < 100;
		w[r] = r < 100 ? 0.0f : 1.0f;
	}
	td_gbdt_opts_default(&o);
	o.n_trees = 20;
	o.subsample = 1;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_OK, "train: %s", env.errmsg);
	CHECK(td_gbdt_score(&m, &x[10]) < 0.2, "weightless positives are not learnt: %g",
		  td_gbdt_score(&m, &x[10]));
	td_gbdt_free(&env, &m);
	for (int r = 0; r < 200; r++)
		w[r] = 1.0f;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_OK, "train");
	CHECK(td_gbdt_score(&m, &x[10]) > 0.8 && td_gbdt_score(&m, &x[150]) < 0.2,
		  "a threshold on x: %g %g", td_gbdt_score(&m, &x[10]), td_gbdt_score(&m, &x[150]));
	td_gbdt_free(&env, &m);
	w[3] = -1;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "a negative weight");
	w[3] = NAN;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "a NaN weight");
	w[3] = 1;
	y[5] = 2;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "a label 2");
	y[5] = 1;
	o.n_trees = 0;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "0 trees");
	td_gbdt_opts_default(&o);
	o.max_depth = TD_GBDT_MAX_DEPTH + 1;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "too deep");
	td_gbdt_opts_default(&o);
	o.n_bins = 256;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "too many bins");
	td_gbdt_opts_default(&o);
	o.shrinkage = 0;
	CHECK(td_gbdt_train(&env, x, y, w, 200, 1, &o, &m) == TD_EARG, "shrinkage 0");
	td_gbdt_opts_default(&o);
	CHECK(td_gbdt_train(&env, x, y, w, 0, 1, &o, &m) == TD_EARG, "no rows");
	CHECK(td_gbdt_train(&env, x, y, w, 200, 0, &o, &m) == TD_EARG, "no features");
}

/* A hand-built model: two trees over 2 features. */
static td_gbdt_node hand_nodes[] = {
	/* tree 0: x0 <= 1 ? (x1 <= 0 ? -1 : 2) : 0.5 */
	{0, 1, 1.0f}, {1, 3, 0.0f}, {0, 0, 0.5f}, {0, 0, -1.0f}, {0, 0, 2.0f},
	/* tree 1: a leaf */
	{0, 0, 0.25f},
};
static uint32_t hand_first[] = {0, 5, 6};

static void
hand(td_gbdt *m, td_gbdt_node *nodes, uint32_t *first)
{
	memcpy(nodes, hand_nodes, sizeof(hand_nodes));
	memcpy(first, hand_first, sizeof(hand_first));
	memset(m, 0, sizeof(*m));
	m->n_features = 2;
	m->n_trees = 2;
	m->n_nodes = 6;
	m->base = -0.25;
	m->nodes = nodes;
	m->tree_first = first;
}

static void
test_hand_and_check(void)
{
	td_gbdt_node nodes[6];
	uint32_t	first[3];
	td_gbdt		m;
	float		a[2] = {0, 0},
				b[2] = {0, 5},
				c[2] = {3, -7},
				nan2[2] = {NAN, 0};

	hand(&m, nodes, first);
	CHECK(td_gbdt_check(&env, &m) == TD_OK, "hand model: %s", env.errmsg);
	CHECK(fabs(td_gbdt_margin(&m, a) - (-1.0)) < 1e-9, "margin a %g", td_gbdt_margin(&m, a));
	CHECK(fabs(td_gbdt_margin(&m, b) - 2.0) < 1e-9, "margin b %g", td_gbdt_margin(&m, b));
	CHECK(fabs(td_gbdt_margin(&m, c) - 0.5) < 1e-9, "margin c %g", td_gbdt_margin(&m, c));
	CHECK(fabs(td_gbdt_margin(&m, nan2) - 0.5) < 1e-9, "NaN goes right: %g", td_gbdt_margin(&m, nan2));
	CHECK(fabs(td_gbdt_score(&m, b) - 1 / (1 + exp(-2.0))) < 1e-9, "score b");
	{
		/* the batched walk: the same margins, rows picked by index, in that order */
		float		rows[4][3] = {{3, -7, 99}, {NAN, 0, 99}, {0, 5, 99}, {0, 0, 99}};
		uint32_t	which[4] = {3, 2, 0, 1};
		double		mg[4];
		const double want[4] = {-1.0, 2.0, 0.5, 0.5};

		td_gbdt_margins(&m, &rows[0][0], 3, which, 4, mg);
		for (int j = 0; j < 4; j++)
			CHECK(fabs(mg[j] - want[j]) < 1e-9, "batched margin %d: %g, want %g", j, mg[j], want[j]);
		CHECK(td_gbdt_prob(NAN) == 0.5 && fabs(td_gbdt_prob(2.0) - td_gbdt_score(&m, b)) < 1e-12,
			  "prob of a margin");
	}

	hand(&m, nodes, first);
	nodes[0].feature = 2;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "feature"), "feature out of range: %s", env.errmsg);
	hand(&m, nodes, first);
	nodes[2] = (td_gbdt_node) {0, 1, 0.5f};
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "children"), "a child before its parent (a loop): %s", env.errmsg);
	hand(&m, nodes, first);
	nodes[1].left = 1;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "a node its own child");
	hand(&m, nodes, first);
	nodes[1].left = 4;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "a right child in the next tree");
	hand(&m, nodes, first);
	nodes[1].feature = 0xFFFF;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "feature"), "the largest feature index: %s", env.errmsg);
	hand(&m, nodes, first);
	nodes[2].feature = 1;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "a leaf reads"), "a leaf reading a feature: %s", env.errmsg);
	hand(&m, nodes, first);
	nodes[4].value = INFINITY;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "finite"), "an infinite leaf: %s", env.errmsg);
	hand(&m, nodes, first);
	nodes[0].value = NAN;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "a NaN threshold");
	hand(&m, nodes, first);
	m.base = NAN;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "a NaN base");
	hand(&m, nodes, first);
	first[1] = 0;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "an empty tree");
	hand(&m, nodes, first);
	first[2] = 5;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "offsets short of the nodes");
	hand(&m, nodes, first);
	m.n_features = 0;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "no features");
	hand(&m, nodes, first);
	m.n_features = TD_GBDT_MAX_FEATURES + 1;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "too many features");
	hand(&m, nodes, first);
	m.n_trees = TD_GBDT_MAX_TREES + 1;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "too many trees");
	hand(&m, nodes, first);
	m.n_nodes = TD_GBDT_MAX_NODES + 1;
	CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT, "too many nodes");
	{
		/* one tree over uint16 indices: refused before its nodes are read */
		uint32_t	big = TD_GBDT_MAX_TREE_NODES + 1,
					bf[2] = {0, big};
		td_gbdt_node *bn = calloc(big, sizeof(td_gbdt_node));

		memset(&m, 0, sizeof(m));
		m.n_features = 1;
		m.n_trees = 1;
		m.n_nodes = big;
		m.nodes = bn;
		m.tree_first = bf;
		CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "more than"),
			  "a tree of %u nodes: %s", big, env.errmsg);
		free(bn);
	}

	/* a chain deeper than TD_GBDT_MAX_DEPTH */
	{
		enum {D = TD_GBDT_MAX_DEPTH + 1};
		td_gbdt_node chain[2 * D + 1];
		uint32_t	cf[2] = {0, 2 * D + 1};

		for (int k = 0; k < D; k++)
		{
			/* right (2k + 2) goes on down, left (2k + 1) is a leaf */
			chain[2 * k] = (td_gbdt_node) {0, (uint16_t) (2 * k + 1), 0.0f};
			chain[2 * k + 1] = (td_gbdt_node) {0, 0, 1.0f};
		}
		chain[2 * D] = (td_gbdt_node) {0, 0, 2.0f};
		memset(&m, 0, sizeof(m));
		m.n_features = 1;
		m.n_trees = 1;
		m.n_nodes = 2 * D + 1;
		m.nodes = chain;
		m.tree_first = cf;
		CHECK(td_gbdt_check(&env, &m) == TD_EFORMAT && strstr(env.errmsg, "deeper"), "depth %d: %s", D, env.errmsg);
		m.n_nodes = 2 * D - 1;	/* depth D - 1: fine */
		cf[1] = 2 * D - 1;
		chain[2 * D - 2] = (td_gbdt_node) {0, 0, 2.0f};
		CHECK(td_gbdt_check(&env, &m) == TD_OK, "depth %d: %s", D - 1, env.errmsg);
	}
}

static void
test_alloc_interrupt(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	float		x[3 * 300];
	uint8_t		y[300];
	td_gbdt		m;
	td_gbdt_opts o;
	td_status	st = TD_ENOMEM;
	bool		only_enomem = true;
	long		k;

	rng = 3;
	xor_rows(300, x, y);
	td_gbdt_opts_default(&o);
	o.n_trees = 5;
	for (k = 0; k < 100 && st != TD_OK; k++)
	{
		c.budget = k;
		st = td_gbdt_train(&cenv, x, y, NULL, 300, 3, &o, &m);
		if (st != TD_OK && st != TD_ENOMEM)
			only_enomem = false;
		if (st != TD_OK)
			CHECK(c.live == 0, "budget %ld: %ld blocks left", k, c.live);
	}
	CHECK(st == TD_OK && k > 5, "trained after %ld failed allocations", k - 1);
	CHECK(only_enomem, "allocation failures give TD_ENOMEM");
	td_gbdt_free(&cenv, &m);
	CHECK(c.live == 0, "model freed: %ld left", c.live);
	c.budget = -1;
	c.interrupt = 1;
	CHECK(td_gbdt_train(&cenv, x, y, NULL, 300, 3, &o, &m) == TD_EINTR, "interrupted");
	CHECK(c.live == 0, "nothing left after an interrupt: %ld", c.live);
	CHECK(td_gbdt_check(&cenv, &m) == TD_EFORMAT, "a failed training leaves an empty model");
}

/* The nth element (0-based) named name, or TD_NONE. */
static uint32_t
find(const td_tree *t, const char *name, int nth)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].str_len == strlen(name) &&
			memcmp(td_node_str(t, i), name, strlen(name)) == 0 && nth-- == 0)
			return i;
	return TD_NONE;
}

static const char *ctx_page =
"<html><head><title>Shop</title>"
"<meta property=\"og:type\" content=\"product\">"
"<script type=\"application/ld+json\">{\"@type\": \"Product\", \"name\": \"x\"}</script>"
"</head><body>"
"<nav class=\"menu\"><a href=\"/\">Home</a></nav>"
"<main><ul><li class=\"card\">First item text</li><li class=\"card\">Second item</li>"
"<li class=\"card\">Third item</li><li class=\"other\">Odd one</li></ul>"
"<div class=\"comments\"><p>A comment here</p></div></main>"
"</body></html>";

#define CX(row, id) ((row)[TD_N_FEATURES + TD_CTX_##id])

static void
test_context(void)
{
	td_tree    *t = NULL;
	td_features f;
	float	   *rows;
	uint32_t	li0,
				li3,
				ul,
				p,
				nav,
				a;

	CHECK(td_parse_html(&env, ctx_page, strlen(ctx_page), "UTF-8", NULL, &t) == TD_OK, "parse");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	CHECK(td_context_rows(t, &f, &rows) == TD_OK, "context: %s", env.errmsg);
	li0 = find(t, "li", 0);
	li3 = find(t, "li", 3);
	ul = find(t, "ul", 0);
	p = find(t, "p", 0);
	nav = find(t, "nav", 0);
	a = find(t, "a", 0);
	{
		const float *r0 = rows + (size_t) li0 * TD_N_ROW,
				   *r3 = rows + (size_t) li3 * TD_N_ROW,
				   *ru = rows + (size_t) ul * TD_N_ROW,
				   *rp = rows + (size_t) p * TD_N_ROW,
				   *ra = rows + (size_t) a * TD_N_ROW,
				   *rn = rows + (size_t) nav * TD_N_ROW;
		double		vis = strlen("Home") + strlen("Firstitemtext") + strlen("Seconditem") +
			strlen("Thirditem") + strlen("Oddone") + strlen("Acommenthere");

		CHECK(memcmp(r0, td_feature_row(&f, li0), sizeof(float) * TD_N_FEATURES) == 0,
			  "the element's own features first");
		CHECK(fabsf(CX(r0, REP_SIB) - (float) log1p(2)) < 1e-6, "li rep_sib %g", CX(r0, REP_SIB));
		CHECK(CX(r3, REP_SIB) == 0, "the odd li has no twin: %g", CX(r3, REP_SIB));
		CHECK(fabsf(CX(ru, REP_KIDS) - (float) log1p(3)) < 1e-6, "ul rep_kids %g", CX(ru, REP_KIDS));
		CHECK(fabsf(CX(r0, IN_REP) - (float) log1p(3)) < 1e-6 && CX(r3, IN_REP) == 0 && CX(ru, IN_REP) == 0,
			  "in_rep %g %g %g", CX(r0, IN_REP), CX(r3, IN_REP), CX(ru, IN_REP));
		CHECK(CX(rp, IN_COMMENT) == 1 && CX(r0, IN_COMMENT) == 0, "in_comment");
		CHECK(CX(rn, TMPL_SMALL) == 1 && CX(ra, TMPL_SMALL) == 1 && CX(r0, TMPL_SMALL) == 0,
			  "tmpl_small from the small nav down");
		CHECK(CX(r0, SIZE_CLASS) == f.size_class[li0], "size class");
		CHECK(CX(r0, P_LD_PRODUCT) == 1 && CX(r0, P_LD_ARTICLE) == 0 && CX(r0, P_LD_FORUM) == 0 &&
			  CX(r0, P_LD_LIST) == 0, "JSON-LD Product only");
		CHECK(CX(r0, P_OG_PRODUCT) == 1 && CX(r0, P_OG_ARTICLE) == 0, "og:type product");
		CHECK(CX(r0, P_HAS_MAIN) == 1 && CX(r0, P_ARTICLES) == 0, "main, no article");
		CHECK(fabs(CX(r0, P_REP_SHARE) - (strlen("Firstitemtext") + strlen("Seconditem") + strlen("Thirditem")) / vis) < 1e-6,
			  "rep share %g", CX(r0, P_REP_SHARE));
		CHECK(fabs(CX(rp, P_COMMENT_SHARE) - strlen("Acommenthere") / vis) < 1e-6, "comment share %g",
			  CX(rp, P_COMMENT_SHARE));
		CHECK(fabs(CX(rp, P_LINK_SHARE) - strlen("Home") / vis) < 1e-6, "link share %g", CX(rp, P_LINK_SHARE));
		CHECK(fabs(CX(rp, P_LOG_CHARS) - log1p(vis)) < 1e-5, "log chars %g", CX(rp, P_LOG_CHARS));
		CHECK(CX(rows + 0, P_LOG_CHARS) == 0, "the root (not an element) is all 0");
	}
	{
		/* the rows of some nodes only: each the same as its full row */
		uint32_t	which[4] = {p, li0, nav, li3};
		float	   *some;

		CHECK(td_context_rows_of(t, &f, which, 4, &some) == TD_OK, "rows of 4 nodes: %s", env.errmsg);
		for (int j = 0; j < 4; j++)
			CHECK(memcmp(some + (size_t) j * TD_N_ROW, rows + (size_t) which[j] * TD_N_ROW,
						 sizeof(float) * TD_N_ROW) == 0, "row %d is node %u's", j, which[j]);
		td_free(&env, some);
	}
	td_free(&env, rows);

	/* page level with a one-leaf tree model: every shown element scores the same */
	{
		td_gbdt_node leaf = {0, 0, 1.0f};
		uint32_t	first[2] = {0, 1};
		td_gbdt		m = {TD_N_ROW, 1, 1, 0.0, first, &leaf, 0};
		td_page_opts o;
		td_page_marks pm;

		td_page_opts_default(&o);
		o.min_area = 1;
		o.gbdt = &m;
		CHECK(td_page_level(t, NULL, &o, &pm) == TD_OK, "page level: %s", env.errmsg);
		CHECK(fabs(pm.score[li0] - 1 / (1 + exp(-1.0))) < 1e-6 && pm.drop[li0], "tree score %g", pm.score[li0]);
		td_page_marks_free(t, &pm);
		leaf.value = -1.0f;
		CHECK(td_page_level(t, NULL, &o, &pm) == TD_OK && !pm.drop[li0], "kept at -1");
		td_page_marks_free(t, &pm);
		m.n_features = TD_N_ROW + 1;
		CHECK(td_page_level(t, NULL, &o, &pm) == TD_EARG, "a model reading more than a row");
		td_page_marks_free(t, &pm);
	}
	td_features_free(t, &f);
	td_tree_free(t);
}


/* Parses text as a model of either kind; its status, env.errmsg says why. */
static td_status
parse_any(const char *text, td_page_model *pm)
{
	return td_page_model_parse(&env, text, strlen(text), pm);
}

static void
test_json(void)
{
	td_gbdt_node nodes[6];
	uint32_t	first[3];
	td_gbdt		m;
	td_page_model pm;
	td_buf		b,
				b2;
	float		rows[3][2] = {{0, 0}, {0, 5}, {3, -7}};

	/* the hand model, with the row's first two names */
	hand(&m, nodes, first);
	m.base = -0.1;
	nodes[2].value = 0.1f;		/* not exact in decimal */
	td_buf_init(&b, &env);
	CHECK(td_gbdt_serialize(&m, &b) == TD_OK, "serialize");
	td_buf_terminate(&b);
	CHECK(strstr(b.data, "\"kind\": \"gbdt\"") && strstr(b.data, "[0, 1, 1, 1, 3, 0, -1, 0, 0.100000001,"),
		  "the text form: %s", b.data);
	CHECK(parse_any(b.data, &pm) == TD_OK && pm.kind == TD_MODEL_GBDT, "parsed back: %s", env.errmsg);
	CHECK(pm.gbdt.n_trees == 2 && pm.gbdt.n_nodes == 6 && pm.gbdt.n_features == 2 &&
		  pm.gbdt.base == m.base && memcmp(pm.gbdt.nodes, nodes, sizeof(nodes)) == 0 &&
		  memcmp(pm.gbdt.tree_first, first, sizeof(first)) == 0, "bit for bit");
	for (int r = 0; r < 3; r++)
		CHECK(td_gbdt_margin(&pm.gbdt, rows[r]) == td_gbdt_margin(&m, rows[r]), "same margin %d", r);
	td_buf_init(&b2, &env);
	CHECK(td_gbdt_serialize(&pm.gbdt, &b2) == TD_OK && b2.len == b.len &&
		  memcmp(b.data, b2.data, b.len) == 0, "written again: the same text");
	td_buf_free(&b2);
	td_page_model_free(&env, &pm);
	td_buf_free(&b);

	/* the built-in trees: valid, their row is this build's, their text reads back */
	{
		const td_gbdt *d = td_default_gbdt();
		uint32_t	j = 0;

		CHECK(td_gbdt_check(&env, d) == TD_OK, "built-in trees pass the check: %s", env.errmsg);
		for (; td_default_gbdt_names[j] && j < TD_N_ROW; j++)
			CHECK(strcmp(td_default_gbdt_names[j], td_row_name(j)) == 0, "column %u: %s, trained as %s",
				  j, td_row_name(j), td_default_gbdt_names[j]);
		CHECK(j == d->n_features && d->n_features == TD_N_ROW, "built-in trees read %u of %d columns (names %u)",
			  d->n_features, TD_N_ROW, j);
		td_buf_init(&b, &env);
		CHECK(td_gbdt_serialize(d, &b) == TD_OK, "serialize the built-in trees");
		CHECK(td_page_model_parse(&env, b.data, b.len, &pm) == TD_OK && pm.gbdt.n_nodes == d->n_nodes &&
			  memcmp(pm.gbdt.nodes, d->nodes, sizeof(td_gbdt_node) * d->n_nodes) == 0,
			  "built-in trees read back: %s", env.errmsg);
		td_page_model_free(&env, &pm);
		td_buf_free(&b);
	}

	/* either kind: no kind or "logistic" is the logistic parser's */
	CHECK(parse_any("{\"version\": 1}", &pm) == TD_EFORMAT && strstr(env.errmsg, "missing version, feature_scheme, size_bounds"),
		  "no kind: logistic: %s", env.errmsg);
	CHECK(parse_any("{\"kind\": \"logistic\", \"version\": 1}", &pm) == TD_EFORMAT &&
		  strstr(env.errmsg, "size_bounds"), "kind logistic: %s", env.errmsg);
	CHECK(parse_any("{\"kind\": \"forest\"}", &pm) == TD_EFORMAT && strstr(env.errmsg, "unknown kind"),
		  "another kind: %s", env.errmsg);
	CHECK(parse_any("{\"kind\": 2}", &pm) == TD_EFORMAT && strstr(env.errmsg, "not a string"), "kind 2: %s", env.errmsg);

	/* what a tree model's parser refuses */
	{
		static const struct
		{
			const char *text;
			const char *why;
		}			bad[] = {
			{"{\"kind\": \"gbdt\", \"version\": 2, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-1, 0, 1]]}", "version"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 1, \"features\": [], \"base\": 0, \"trees\": [[-1, 0, 1]]}", "feature scheme"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [\"margin\"], \"base\": 0, \"trees\": [[-1, 0, 1]]}", "feature list differs"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": []}", "no trees"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"trees\": [[-1, 0, 1]]}", "missing"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-1, 1, 1]]}", "bad node child"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-2, 0, 1]]}", "bad node feature"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-1, 0, 1e39]]}", "finite"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-1, 0, ]]}", "bad node value"},
			/* structure: td_gbdt_check after the counts */
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [\"text_before\"], \"base\": 0, \"trees\": [[0, 1, 0.5, -1, 0, 1]]}", "children"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [\"text_before\"], \"base\": 0, \"trees\": [[1, 1, 0.5, -1, 0, 1, -1, 0, 2]]}", "out of range"},
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-1, 0, 1]]} x", "text after"},
			/* a second "trees" (jsonb keeps one key; text may not): sized by neither */
			{"{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [\"text_before\"], \"base\": 0, \"trees\": [[-1, 0, 1], [-1, 0, 1]], \"trees\": [[-1, 0, 1]]}", "twice"},
		};

		for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
			CHECK(parse_any(bad[k].text, &pm) == TD_EFORMAT && strstr(env.errmsg, bad[k].why) &&
				  strstr(env.errmsg, "invalid template model"),
				  "bad model %zu (%s): %s", k, bad[k].why, env.errmsg);
		CHECK(parse_any("{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [\"text_before\"], \"base\": 0.5, \"trees\": [[0, 1, 0.5, -1, 0, 1, -1, 0, 2]]}", &pm) == TD_OK &&
			  pm.gbdt.n_nodes == 3 && pm.gbdt.nodes[0].feature == 0 && TD_GBDT_IS_LEAF(&pm.gbdt.nodes[1]),
			  "a good small model: %s", env.errmsg);
		td_page_model_free(&env, &pm);
	}

	/* counts over their bounds: refused in the first pass, nothing allocated */
	{
		counting	c = {0, 0, 0};	/* any allocation fails: TD_ENOMEM */
		td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
		td_buf		t;
		const char *head = "{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [";

		td_buf_init(&t, &env);
		td_buf_append(&t, head, strlen(head));
		for (int k = 0; k <= TD_GBDT_MAX_TREES; k++)
			td_buf_append(&t, k ? ", [-1, 0, 1]" : "[-1, 0, 1]", k ? 12 : 10);
		td_buf_append(&t, "]}", 2);
		CHECK(td_page_model_parse(&cenv, t.data, t.len, &pm) == TD_EFORMAT &&
			  strstr(cenv.errmsg, "more than 4096 trees"),
			  "4097 trees, refused with no allocation: %s", cenv.errmsg);
		t.len = strlen(head);
		td_buf_append(&t, "[", 1);
		for (int k = 0; k <= TD_GBDT_MAX_TREE_NODES; k++)
			td_buf_append(&t, k ? ", -1, 0, 1" : "-1, 0, 1", k ? 10 : 8);
		td_buf_append(&t, "]]}", 3);
		CHECK(td_page_model_parse(&cenv, t.data, t.len, &pm) == TD_EFORMAT &&
			  strstr(cenv.errmsg, "more than 65535 nodes in a tree"),
			  "a tree of 65536 nodes: %s", cenv.errmsg);
		/* allocation failure in the second pass */
		{
			const char *ok = "{\"kind\": \"gbdt\", \"version\": 1, \"feature_scheme\": 2, \"features\": [], \"base\": 0, \"trees\": [[-1, 0, 1]]}";

			CHECK(td_page_model_parse(&cenv, ok, strlen(ok), &pm) == TD_ENOMEM && c.live == 0,
				  "out of memory: %s", cenv.errmsg);
		}
		td_buf_free(&t);
		CHECK(td_page_model_parse(&env, "{}", TD_GBDT_MAX_BYTES + 1, &pm) == TD_EFORMAT &&
			  strstr(env.errmsg, "bytes of text"), "over the byte bound before a byte is read: %s", env.errmsg);
	}
}

/*
 * The flat form (td_gbdt_flatten): a trained model's margins bit-identical
 * to td_gbdt_margins' on random rows with NaNs, picked by index; the hand
 * model's leaves above the depth (padding) too; the built-in trees' flat
 * form equal to default_gbdt_flat.c's (stale after a regeneration without
 * bench/gen_gbdt_flat); a tree deeper than TD_GBDT_FLAT_DEPTH and a feature
 * over 255 refused.
 */
static void
test_flat(void)
{
	enum
	{
		N = 300, D = 7
	};
	static float rows[N][D];
	uint8_t		y[N];
	uint32_t	which[N];
	double		m1[N],
				m2[N];
	td_gbdt		m;
	td_gbdt_opts o;
	td_gbdt_flat fl;
	td_gbdt_flat_tree *trees;
	const td_gbdt *dm = td_default_gbdt();
	td_gbdt_node nodes[16];
	uint32_t	first[3];

	for (int r = 0; r < N; r++)
	{
		for (int k = 0; k < D; k++)
			rows[r][k] = (float) uniform();
		if (r % 17 == 3)
			rows[r][r % D] = NAN;
		y[r] = rows[r][0] + rows[r][1] * rows[r][2] > 0.6;
		which[r] = (uint32_t) (N - 1 - r);
	}
	td_gbdt_opts_default(&o);
	o.n_trees = 30;
	o.max_depth = 6;
	CHECK(td_gbdt_train(&env, &rows[0][0], y, NULL, N, D, &o, &m) == TD_OK, "train: %s", env.errmsg);
	trees = calloc(m.n_trees, sizeof(*trees));
	CHECK(td_gbdt_flatten(&env, &m, trees) == TD_OK, "flatten a trained model: %s", env.errmsg);
	fl = (td_gbdt_flat) {m.n_features, m.n_trees, m.n_nodes, m.base, trees};
	CHECK(td_gbdt_flat_matches(&fl, &m), "the flat form matches its model");
	td_gbdt_margins(&m, &rows[0][0], D, which, N, m1);
	td_gbdt_flat_margins(&fl, &rows[0][0], D, which, N, m2);
	CHECK(memcmp(m1, m2, sizeof(m1)) == 0, "flat margins bit-identical (%g, %g first)", m1[0], m2[0]);
	free(trees);
	td_gbdt_free(&env, &m);

	/* the hand model: leaves at depth 1 and 2, padded */
	hand(&m, nodes, first);
	trees = calloc(m.n_trees, sizeof(*trees));
	CHECK(td_gbdt_flatten(&env, &m, trees) == TD_OK, "flatten the hand model: %s", env.errmsg);
	fl = (td_gbdt_flat) {m.n_features, m.n_trees, m.n_nodes, m.base, trees};
	td_gbdt_margins(&m, &rows[0][0], D, NULL, N, m1);
	td_gbdt_flat_margins(&fl, &rows[0][0], D, NULL, N, m2);
	CHECK(memcmp(m1, m2, sizeof(m1)) == 0, "hand model: flat margins bit-identical");
	m.n_trees = 1;
	CHECK(!td_gbdt_flat_matches(&fl, &m), "another model's flat form does not match");
	free(trees);

	/* the built-in trees and their generated flat form */
	trees = calloc(dm->n_trees, sizeof(*trees));
	CHECK(td_gbdt_flatten(&env, dm, trees) == TD_OK, "flatten the built-in trees: %s", env.errmsg);
	CHECK(td_gbdt_flat_matches(td_default_gbdt_flat(), dm) &&
		  memcmp(td_default_gbdt_flat()->trees, trees, sizeof(*trees) * dm->n_trees) == 0,
		  "default_gbdt_flat.c is default_gbdt.c's flat form (run build/bench/gen_gbdt_flat)");
	free(trees);

	/* a chain 7 deep: node 2j reads feature 0, its left child 2j + 1 is a leaf */
	for (int j = 0; j < 15; j++)
		nodes[j] = (td_gbdt_node) {0, (uint16_t) (j % 2 == 0 && j < 14 ? j + 1 : 0), 0.5f};
	first[0] = 0;
	first[1] = 15;
	m = (td_gbdt) {1, 1, 15, 0.0, first, nodes, 0};
	CHECK(td_gbdt_check(&env, &m) == TD_OK, "the chain is a valid model: %s", env.errmsg);
	trees = calloc(1, sizeof(*trees));
	CHECK(td_gbdt_flatten(&env, &m, trees) == TD_EARG && strstr(env.errmsg, "deeper"),
		  "a tree 7 deep refused: %s", env.errmsg);
	m.n_nodes = first[1] = 13;	/* 6 deep */
	nodes[12].left = 0;
	CHECK(td_gbdt_flatten(&env, &m, trees) == TD_OK, "a tree 6 deep flattened: %s", env.errmsg);
	nodes[0].feature = 256;
	m.n_features = 300;
	CHECK(td_gbdt_flatten(&env, &m, trees) == TD_EARG && strstr(env.errmsg, "255"),
		  "a feature over 255 refused: %s", env.errmsg);
	free(trees);
}

/*
 * Starting margins (opts.init): the base is 0 and the trees learn what to
 * add.  Every row starts at +4 (sure positive) while only x < 50 are
 * positive: init + margin must fall below 0 for x >= 50, and for x < 50,
 * already right, the trees add little (fitted from scratch they would add
 * about as much there as they take for x >= 50).  A non-finite start is
 * refused.
 */
static void
test_init(void)
{
	float		x[200];
	uint8_t		y[200];
	double		init[200];
	td_gbdt		m;
	td_gbdt_opts o;

	for (int r = 0; r < 200; r++)
	{
		x[r] = (float) r;
		y[r] = r < 50;
		init[r] = 4.0;
	}
	td_gbdt_opts_default(&o);
	o.n_trees = 50;
	o.subsample = 1;
	o.init = init;
	CHECK(td_gbdt_train(&env, x, y, NULL, 200, 1, &o, &m) == TD_OK, "train from init: %s", env.errmsg);
	CHECK(m.base == 0, "base 0 with init: %g", m.base);
	CHECK(4.0 + td_gbdt_margin(&m, &x[150]) < 0 && 4.0 + td_gbdt_margin(&m, &x[10]) > 0,
		  "init + margin: %g %g", 4.0 + td_gbdt_margin(&m, &x[150]), 4.0 + td_gbdt_margin(&m, &x[10]));
	CHECK(td_gbdt_margin(&m, &x[10]) < 1.0, "little added where init is right: %g",
		  td_gbdt_margin(&m, &x[10]));
	td_gbdt_free(&env, &m);
	init[7] = NAN;
	CHECK(td_gbdt_train(&env, x, y, NULL, 200, 1, &o, &m) == TD_EARG, "a NaN start");
	init[7] = INFINITY;
	CHECK(td_gbdt_train(&env, x, y, NULL, 200, 1, &o, &m) == TD_EARG, "an infinite start");
}

int
main(void)
{
	td_env_default(&env);
	test_xor();
	test_weights();
	test_init();
	test_hand_and_check();
	test_flat();
	test_alloc_interrupt();
	test_context();
	test_json();
	return check_done("test_gbdt");
}
