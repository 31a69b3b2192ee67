/*
 * test_logreg.c — the per-size-class logistic regression: a separable set is
 * learned, a problem with a closed-form optimum is solved to it, the KKT
 * conditions hold with a penalty, fits are bit-identical run to run, the
 * JSON form round-trips (also reordered, as jsonb stores it) and invalid
 * texts are refused, and allocation failure at every k is TD_ENOMEM
 * without a leak.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "page/logreg.h"
#include "base/tree.h"
#include "page/logreg_json.h"

static td_env env;

/* A fixed-seed generator: the same rows on every machine. */
static uint64_t rng = 88172645463325252ULL;

static double
uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double) (rng >> 11) / 9007199254740992.0;
}

static void
add(td_trainer *tr, double a, double b, int label, int cls)
{
	float		x[TD_N_FEATURES] = {0};

	x[TD_FEAT_TEXT_BEFORE] = a;
	x[TD_FEAT_LINKS_PER_WORD] = b;
	CHECK(td_trainer_add(tr, x, label, cls) == TD_OK, "add: %s", env.errmsg);
}

static double
score(const td_logreg *m, double a, double b, int cls)
{
	float		x[TD_N_FEATURES] = {0};

	x[TD_FEAT_TEXT_BEFORE] = a;
	x[TD_FEAT_LINKS_PER_WORD] = b;
	return td_logreg_score(m, cls, x);
}

static void
test_separable(void)
{
	td_trainer	tr;
	td_logreg	m;
	td_train_stats st;
	int			right = 0;

	td_trainer_init(&tr, &env);
	for (int i = 0; i < 200; i++)
	{
		double		a = uniform(),
					b = uniform();

		/* template when a + b > 1.1, a clear margin around the line */
		if (fabs(a + b - 1.1) < 0.1)
			continue;
		add(&tr, a, b, a + b > 1.1, 2);
	}
	CHECK(td_trainer_fit(&tr, NULL, &m, &st) == TD_OK, "fit: %s", env.errmsg);
	CHECK(st.converged[2] && st.grad_norm[2] <= 1e-9, "converged in %d, %g", st.iterations[2], st.grad_norm[2]);
	for (size_t r = 0; r < tr.n; r++)
	{
		const float *x = tr.x + r * TD_N_FEATURES;

		right += (td_logreg_score(&m, 2, x) > 0.5) == tr.y[r];
	}
	CHECK(right == (int) tr.n, "%d of %zu right", right, tr.n);
	CHECK(score(&m, 0.1, 0.1, 2) < 0.05 && score(&m, 0.95, 0.95, 2) > 0.95, "confident far away");
	/* the other classes had no rows: they say nothing */
	CHECK(score(&m, 0.9, 0.9, 0) == 0.5 && score(&m, 0.1, 0.1, 3) == 0.5, "empty classes");
	CHECK(m.cls[2].n_rows == tr.n && m.cls[0].n_rows == 0, "row counts");
	td_trainer_free(&tr);
}

/*
 * One binary feature, no penalty: the optimum reproduces the observed
 * frequencies, 3/10 template where x = 0 and 8/10 where x = 1, so the raw
 * weight is logit(0.8) - logit(0.3).
 */
static void
test_known_optimum(void)
{
	td_trainer	tr;
	td_logreg	m;
	td_train_opts o;
	td_train_stats st;
	double		w;

	td_trainer_init(&tr, &env);
	for (int i = 0; i < 10; i++)
		add(&tr, 0, 0, i < 3, 1);
	for (int i = 0; i < 10; i++)
		add(&tr, 1, 0, i < 8, 1);
	td_train_opts_default(&o);
	o.lambda = 0;
	o.lambda_bias = 0;
	o.tol = 1e-12;
	CHECK(td_trainer_fit(&tr, &o, &m, &st) == TD_OK, "fit");
	CHECK(st.converged[1] && st.iterations[1] < 20, "Newton converges fast: %d", st.iterations[1]);
	CHECK(fabs(score(&m, 0, 0, 1) - 0.3) < 1e-10, "p(x=0) = %.15g", score(&m, 0, 0, 1));
	CHECK(fabs(score(&m, 1, 0, 1) - 0.8) < 1e-10, "p(x=1) = %.15g", score(&m, 1, 0, 1));
	w = m.cls[1].weight[TD_FEAT_TEXT_BEFORE] / m.cls[1].scale[TD_FEAT_TEXT_BEFORE];
	CHECK(fabs(w - (log(0.8 / 0.2) - log(0.3 / 0.7))) < 1e-9, "raw weight %.15g", w);
	CHECK(m.cls[1].mean[TD_FEAT_TEXT_BEFORE] == 0.5 && m.cls[1].scale[TD_FEAT_TEXT_BEFORE] == 0.5,
		  "standardization");
	CHECK(m.cls[1].weight[TD_FEAT_MARGIN] == 0 && m.cls[1].scale[TD_FEAT_MARGIN] == 1,
		  "a constant feature gets weight 0, scale 1");
	td_trainer_free(&tr);
}

/* With a penalty: the gradient of the penalized objective vanishes (KKT). */
static void
test_kkt(void)
{
	td_trainer	tr;
	td_logreg	m;
	td_train_opts o;
	double		g[3] = {0};
	const td_logreg_class *k;

	td_trainer_init(&tr, &env);
	for (int i = 0; i < 500; i++)
	{
		double		a = uniform(),
					b = uniform();

		add(&tr, a, b, uniform() < 1 / (1 + exp(-(3 * a - 2 * b))), 3);
	}
	td_train_opts_default(&o);
	o.lambda = 2.5;
	o.lambda_bias = 0.5;
	o.balance = 1;
	CHECK(td_trainer_fit(&tr, &o, &m, NULL) == TD_OK, "fit");
	k = &m.cls[3];
	{
		double		npos = k->n_template,
					n = k->n_rows;

		for (size_t r = 0; r < tr.n; r++)
		{
			const float *x = tr.x + r * TD_N_FEATURES;
			double		p = td_logreg_score(&m, 3, x);
			double		w = tr.y[r] ? n / (2 * npos) : n / (2 * (n - npos));
			double		e = w * (p - tr.y[r]);

			g[0] += e;
			g[1] += e * (x[TD_FEAT_TEXT_BEFORE] - k->mean[TD_FEAT_TEXT_BEFORE]) / k->scale[TD_FEAT_TEXT_BEFORE];
			g[2] += e * (x[TD_FEAT_LINKS_PER_WORD] - k->mean[TD_FEAT_LINKS_PER_WORD]) / k->scale[TD_FEAT_LINKS_PER_WORD];
		}
	}
	g[0] += 0.5 * k->bias;
	g[1] += 2.5 * k->weight[TD_FEAT_TEXT_BEFORE];
	g[2] += 2.5 * k->weight[TD_FEAT_LINKS_PER_WORD];
	CHECK(fabs(g[0]) < 1e-6 && fabs(g[1]) < 1e-6 && fabs(g[2]) < 1e-6,
		  "gradient %g %g %g", g[0], g[1], g[2]);
	CHECK(k->weight[TD_FEAT_TEXT_BEFORE] > 0 && k->weight[TD_FEAT_LINKS_PER_WORD] < 0, "signs");
	td_trainer_free(&tr);
}

static void
fill(td_trainer *tr, int n)
{
	float		x[TD_N_FEATURES];
	bool		ok = true;

	for (int i = 0; i < n; i++)
	{
		double		z = 0;

		for (int j = 0; j < TD_N_FEATURES; j++)
		{
			x[j] = (j % 5 == 0) ? (uniform() < 0.3) : uniform();
			z += (j % 3 - 1) * x[j];
		}
		ok &= td_trainer_add(tr, x, uniform() < 1 / (1 + exp(-z)), i % TD_N_SIZE_CLASSES) == TD_OK;
	}
	CHECK(ok, "rows added");
}

static void
test_determinism_and_json(void)
{
	td_trainer	tr;
	td_logreg	m1,
				m2,
				back;
	td_buf		b1,
				b2;

	td_trainer_init(&tr, &env);
	fill(&tr, 2000);
	CHECK(td_trainer_fit(&tr, NULL, &m1, NULL) == TD_OK, "fit 1");
	CHECK(td_trainer_fit(&tr, NULL, &m2, NULL) == TD_OK, "fit 2");
	CHECK(memcmp(&m1, &m2, sizeof(m1)) == 0, "two fits are bit-identical");

	td_buf_init(&b1, &env);
	td_buf_init(&b2, &env);
	CHECK(td_logreg_serialize(&m1, &b1) == TD_OK, "serialize");
	CHECK(td_logreg_parse(&env, b1.data, b1.len, &back) == TD_OK, "parse: %s", env.errmsg);
	CHECK(memcmp(&m1, &back, sizeof(m1)) == 0, "round trip is exact");
	CHECK(td_logreg_serialize(&back, &b2) == TD_OK && b1.len == b2.len &&
		  memcmp(b1.data, b2.data, b1.len) == 0, "same text again");
	td_buf_free(&b2);

	/* as jsonb might give it back: unknown keys, other order, other spacing */
	{
		const char *cls = strstr(b1.data, "\"classes\"");
		const char *feat = strstr(b1.data, "\"features\"");
		td_buf		r;

		td_buf_init(&r, &env);
		const char *head = "{\n\"extra\": {\"a\": [1, -2.5e+3, {\"b\": null}], \"c\": true},";
		char		tail[128];

		snprintf(tail, sizeof(tail), ",\"version\":1,\"size_bounds\":[40,4e2,4000.0],\"feature_scheme\":%d}  ",
				 TD_FEAT_SCHEME);

		td_buf_append(&r, head, strlen(head));
		td_buf_append(&r, cls, b1.len - (cls - b1.data) - 1);	/* classes, without the final } */
		td_buf_append(&r, ",", 1);
		td_buf_append(&r, feat, cls - feat - 2);	/* features, no trailing ", " */
		td_buf_append(&r, tail, strlen(tail));
		CHECK(td_logreg_parse(&env, r.data, r.len, &back) == TD_OK, "reordered: %s", env.errmsg);
		CHECK(memcmp(&m1, &back, sizeof(m1)) == 0, "reordered text gives the same model");
		td_buf_free(&r);
	}

	/* every proper prefix is refused */
	{
		bool		all = true;

		for (size_t k = 0; k < b1.len; k++)
			all &= td_logreg_parse(&env, b1.data, k, &back) == TD_EFORMAT;
		CHECK(all, "truncated texts refused");
	}
	td_buf_free(&b1);
	td_trainer_free(&tr);
}

/* Replaces the first occurrence of from in a model's text and parses it. */
static td_status
parse_edited(const td_logreg *m, const char *from, const char *to)
{
	td_buf		b,
				e;
	char	   *at;
	td_logreg	out;
	td_status	st;

	td_buf_init(&b, &env);
	td_buf_init(&e, &env);
	td_logreg_serialize(m, &b);
	td_buf_terminate(&b);
	at = strstr(b.data, from);
	CHECK(at != NULL, "'%s' in the model text", from);
	if (!at)
	{
		td_buf_free(&b);
		td_buf_free(&e);
		return TD_OK;
	}
	td_buf_append(&e, b.data, at - b.data);
	td_buf_append(&e, to, strlen(to));
	td_buf_append(&e, at + strlen(from), b.len - (at - b.data) - strlen(from));
	st = td_logreg_parse(&env, e.data, e.len, &out);
	td_buf_free(&b);
	td_buf_free(&e);
	return st;
}

/* A forged model whose terms are +inf and -inf scores 0.5, not NaN. */
static void
test_extreme_score(void)
{
	td_logreg	m;
	float		x[TD_N_FEATURES] = {0};

	td_logreg_init(&m);
	m.cls[0].weight[0] = m.cls[0].weight[1] = 1e300;
	m.cls[0].mean[0] = 1e300;
	m.cls[0].mean[1] = -1e300;
	m.cls[0].scale[0] = m.cls[0].scale[1] = 1e-300;
	CHECK(td_logreg_score(&m, 0, x) == 0.5, "inf - inf scores 0.5, got %g", td_logreg_score(&m, 0, x));
	m.cls[0].mean[1] = 0;
	CHECK(td_logreg_score(&m, 0, x) == 0.0, "-inf alone scores 0, got %g", td_logreg_score(&m, 0, x));
}

static void
test_invalid(void)
{
	td_logreg	m,
				out;
	const char *bad[] = {"", "{}", "[]", "null", "{\"version\": 1}", "{\"version\": 1,}"};

	td_logreg_init(&m);
	m.cls[1].bias = -1.25;
	m.cls[2].weight[3] = 1e-300;
	m.cls[3].mean[0] = -0.0;
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		CHECK(td_logreg_parse(&env, bad[k], strlen(bad[k]), &out) == TD_EFORMAT, "refused: %s", bad[k]);
	CHECK(parse_edited(&m, "\"version\": 1", "\"version\": 2") == TD_EFORMAT, "other version");
	CHECK(parse_edited(&m, "\"feature_scheme\": 2", "\"feature_scheme\": 9") == TD_EFORMAT, "other scheme");
	CHECK(parse_edited(&m, ", \"rel_score\"", "") == TD_EFORMAT, "one feature fewer");
	CHECK(parse_edited(&m, "\"rel_score\"", "\"rel_score\", \"extra\"") == TD_EFORMAT,
		  "one feature more");
	CHECK(parse_edited(&m, "\"text_before\"", "\"text_after\"") == TD_EFORMAT, "renamed feature");
	CHECK(parse_edited(&m, "[40, 400, 4000]", "[40, 400, 5000]") == TD_EFORMAT, "other bounds");
	CHECK(parse_edited(&m, "\"weights\": [0, ", "\"weights\": [") == TD_EFORMAT, "one weight fewer");
	CHECK(parse_edited(&m, "\"weights\": [0, ", "\"weights\": [0, 0, ") == TD_EFORMAT, "one weight more");
	CHECK(parse_edited(&m, "\"scale\": [1, ", "\"scale\": [0, ") == TD_EFORMAT, "zero scale");
	CHECK(parse_edited(&m, "\"bias\": -1.25", "\"bias\": NaN") == TD_EFORMAT, "NaN");
	CHECK(parse_edited(&m, "\"bias\": -1.25", "\"bias\": 1e999") == TD_EFORMAT, "infinite");
	CHECK(parse_edited(&m, "\"bias\": -1.25", "\"bias\": 01") == TD_EFORMAT, "leading zero");
	CHECK(parse_edited(&m, "\"bias\": -1.25", "\"bias\": \"1\"") == TD_EFORMAT, "string number");
	CHECK(parse_edited(&m, "\"bias\": -1.25, ", "") == TD_EFORMAT, "missing bias");
	CHECK(parse_edited(&m, "]}", "]} x") == TD_EFORMAT, "trailing text");
	CHECK(parse_edited(&m, "\"bias\": -1.25", "\"bias\": -1.25e0") == TD_OK, "exponent is fine");
}

/* A model's text with an unknown key of value val (len bytes) first. */
static td_status
parse_with_extra(const td_logreg *m, const char *key, const char *val, size_t len)
{
	td_buf		b,
				e;
	td_logreg	out;
	td_status	st;

	td_buf_init(&b, &env);
	td_buf_init(&e, &env);
	td_logreg_serialize(m, &b);
	td_buf_append(&e, "{\"", 2);
	td_buf_append(&e, key, strlen(key));
	td_buf_append(&e, "\": ", 3);
	td_buf_append(&e, val, len);
	td_buf_append(&e, ", ", 2);
	td_buf_append(&e, b.data + 1, b.len - 1);
	st = td_logreg_parse(&env, e.data, e.len, &out);
	td_buf_free(&b);
	td_buf_free(&e);
	return st;
}

/* Text of n copies of unit between open and close, separated by sep. */
static char *
repeated(const char *open, const char *unit, const char *sep, const char *close, size_t n,
		 size_t *len)
{
	size_t		cap = strlen(open) + n * (strlen(unit) + strlen(sep)) + strlen(close) + 1;
	char	   *s = malloc(cap),
			   *p = s;

	p += sprintf(p, "%s", open);
	for (size_t k = 0; k < n; k++)
		p += sprintf(p, "%s%s", k ? sep : "", unit);
	p += sprintf(p, "%s", close);
	*len = p - s;
	return s;
}

/* The bounds of logreg_json.h: at the bound accepted, one over refused, named. */
static void
test_bounds(void)
{
	td_logreg	m,
				out;
	size_t		len;
	char	   *s;
	char		name[TD_MODEL_MAX_NAME + 2];

	td_logreg_init(&m);
	/* text length: refused before it is read (a valid prefix and then spaces) */
	{
		td_buf		b;

		td_buf_init(&b, &env);
		td_logreg_serialize(&m, &b);
		while (b.len <= TD_MODEL_MAX_BYTES)
			td_buf_append(&b, "        ", 8);
		CHECK(td_logreg_parse(&env, b.data, b.len, &out) == TD_EFORMAT &&
			  strstr(env.errmsg, "bytes of text (at most 1048576)") != NULL,
			  "over TD_MODEL_MAX_BYTES: %s", env.errmsg);
		b.len = TD_MODEL_MAX_BYTES;
		CHECK(td_logreg_parse(&env, b.data, b.len, &out) == TD_OK, "at TD_MODEL_MAX_BYTES: %s",
			  env.errmsg);
		td_buf_free(&b);
	}
	/* key length */
	memset(name, 'k', sizeof(name));
	name[TD_MODEL_MAX_NAME] = '\0';
	CHECK(parse_with_extra(&m, name, "1", 1) == TD_OK, "key of TD_MODEL_MAX_NAME bytes: %s",
		  env.errmsg);
	name[TD_MODEL_MAX_NAME] = 'k';
	name[TD_MODEL_MAX_NAME + 1] = '\0';
	CHECK(parse_with_extra(&m, name, "1", 1) == TD_EFORMAT &&
		  strstr(env.errmsg, "a key of 65 bytes (at most 64)") != NULL, "long key: %s", env.errmsg);
	/* a feature name */
	{
		char		feat[TD_MODEL_MAX_NAME + 4];

		memset(feat, 'f', sizeof(feat));
		feat[0] = '"';
		feat[TD_MODEL_MAX_NAME + 2] = '"';
		feat[TD_MODEL_MAX_NAME + 3] = '\0';
		CHECK(parse_edited(&m, "\"text_before\"", feat) == TD_EFORMAT &&
			  strstr(env.errmsg, "a feature name of 65 bytes (at most 64)") != NULL,
			  "long feature name: %s", env.errmsg);
	}
	/* elements of a skipped array and keys of a skipped object */
	s = repeated("[", "0", ",", "]", TD_MODEL_MAX_ARRAY, &len);
	CHECK(parse_with_extra(&m, "extra", s, len) == TD_OK, "array at the bound: %s", env.errmsg);
	free(s);
	s = repeated("[", "0", ",", "]", TD_MODEL_MAX_ARRAY + 1, &len);
	CHECK(parse_with_extra(&m, "extra", s, len) == TD_EFORMAT &&
		  strstr(env.errmsg, "more than 1024 elements") != NULL, "long array: %s", env.errmsg);
	free(s);
	/* nesting of a skipped value */
	{
		char		open[TD_MODEL_MAX_DEPTH + 2],
					close[TD_MODEL_MAX_DEPTH + 2];

		memset(open, '[', sizeof(open));
		memset(close, ']', sizeof(close));
		open[TD_MODEL_MAX_DEPTH] = close[TD_MODEL_MAX_DEPTH] = '\0';
		s = repeated(open, "", "", close, 0, &len);
		CHECK(parse_with_extra(&m, "extra", s, len) == TD_OK, "nesting at the bound: %s", env.errmsg);
		free(s);
		open[TD_MODEL_MAX_DEPTH] = '[';
		close[TD_MODEL_MAX_DEPTH] = ']';
		open[TD_MODEL_MAX_DEPTH + 1] = close[TD_MODEL_MAX_DEPTH + 1] = '\0';
		s = repeated(open, "", "", close, 0, &len);
		CHECK(parse_with_extra(&m, "extra", s, len) == TD_EFORMAT &&
			  strstr(env.errmsg, "nested deeper than 32") != NULL, "deep nesting: %s", env.errmsg);
		free(s);
	}
	/* keys of the model object: its 5, "a" and TD_MODEL_MAX_KEYS - 6 more fit */
	{
		char		keys[TD_MODEL_MAX_KEYS * 16];
		char	   *p = keys;

		/* the value of "a", then the other keys: 0, "x0": 0, "x1": 0, ... */
		p += sprintf(p, "0");
		for (int k = 0; k < TD_MODEL_MAX_KEYS - 6; k++)
			p += sprintf(p, ", \"x%d\": 0", k);
		CHECK(parse_with_extra(&m, "a", keys, strlen(keys)) == TD_OK,
			  "TD_MODEL_MAX_KEYS keys: %s", env.errmsg);
		strcat(keys, ", \"last\": 0");
		CHECK(parse_with_extra(&m, "a", keys, strlen(keys)) == TD_EFORMAT &&
			  strstr(env.errmsg, "more than 64 keys") != NULL, "too many keys: %s", env.errmsg);
	}
}

static void
test_rows(void)
{
	td_trainer	tr;
	float		x[TD_N_FEATURES] = {0};
	td_logreg	m;

	td_trainer_init(&tr, &env);
	CHECK(td_trainer_add(&tr, x, 2, 0) == TD_EARG, "label 2");
	CHECK(td_trainer_add(&tr, x, 1, 4) == TD_EARG, "class 4");
	CHECK(td_trainer_add(&tr, x, 1, -1) == TD_EARG, "class -1");
	x[5] = NAN;
	CHECK(td_trainer_add(&tr, x, 1, 0) == TD_EARG, "NaN feature");
	x[5] = 0;
	CHECK(tr.n == 0, "nothing added");
	/* one label only in class 0: a constant (n+1)/(n+2) */
	for (int i = 0; i < 8; i++)
		CHECK(td_trainer_add(&tr, x, 1, 0) == TD_OK, "add");
	CHECK(td_trainer_fit(&tr, NULL, &m, NULL) == TD_OK, "fit");
	CHECK(fabs(td_logreg_score(&m, 0, x) - 0.9) < 1e-12, "one label: %g", td_logreg_score(&m, 0, x));
	td_trainer_free(&tr);
}

/* A parsed page through features into rows. */
static void
test_page_rows(void)
{
	const char *html = "<body><nav><a href=/>Home</a></nav><p>Text of the page.</p>"
		"<script>x()</script><div></div></body>";
	td_tree    *t = NULL;
	td_features f;
	td_trainer	tr;
	uint8_t    *lab;

	CHECK(td_parse_html(&env, html, strlen(html), NULL, NULL, &t) == TD_OK, "parse");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	lab = calloc(t->n_nodes, 1);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		lab[i] = t->nodes[i].kind == TD_ELEM && t->nodes[i].tag != 0 &&
			i > 0 && (strncmp(td_node_str(t, i), "nav", 3) == 0 || strncmp(td_node_str(t, i), "a", 1) == 0);
	td_trainer_init(&tr, &env);
	CHECK(td_trainer_add_page(&tr, t, &f, lab) == TD_OK, "add page");
	/* html, body, nav, a, p: not the script (hidden) nor the empty div */
	CHECK(tr.n == 5, "%zu rows", tr.n);
	CHECK(tr.y[2] == 1 && tr.y[3] == 1 && tr.y[4] == 0, "labels");
	td_trainer_free(&tr);
	free(lab);
	td_features_free(t, &f);
	td_tree_free(t);
}

/* ---- allocation failures, interrupts ---------------------------------- */

static void
test_alloc_failures(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_logreg	ref,
				m;
	td_trainer	tr;
	bool		only_enomem = true,
				leak_free = true;
	long		k;
	td_status	st = TD_ENOMEM;

	/* the reference: the same rows with an unlimited budget */
	rng = 7;
	td_trainer_init(&tr, &cenv);
	fill(&tr, 300);
	CHECK(td_trainer_fit(&tr, NULL, &ref, NULL) == TD_OK, "reference fit");
	td_trainer_free(&tr);

	for (k = 0; k < 1000 && st != TD_OK; k++)
	{
		td_buf		b;

		rng = 7;
		c.budget = k;
		td_trainer_init(&tr, &cenv);
		st = TD_OK;
		for (int i = 0; i < 300 && st == TD_OK; i++)
		{
			float		x[TD_N_FEATURES];
			double		z = 0;
			size_t		n0 = tr.n;

			for (int j = 0; j < TD_N_FEATURES; j++)
			{
				x[j] = (j % 5 == 0) ? (uniform() < 0.3) : uniform();
				z += (j % 3 - 1) * x[j];
			}
			st = td_trainer_add(&tr, x, uniform() < 1 / (1 + exp(-z)), i % TD_N_SIZE_CLASSES);
			if (st != TD_OK)
				only_enomem &= st == TD_ENOMEM && tr.n == n0;
		}
		if (st == TD_OK)
		{
			st = td_trainer_fit(&tr, NULL, &m, NULL);
			only_enomem &= st == TD_OK || st == TD_ENOMEM;
		}
		if (st == TD_OK)
		{
			td_buf_init(&b, &cenv);
			st = td_logreg_serialize(&m, &b);
			only_enomem &= st == TD_OK || st == TD_ENOMEM;
			td_buf_free(&b);
		}
		td_trainer_free(&tr);
		c.budget = -1;
		leak_free &= c.live == 0;
	}
	CHECK(st == TD_OK && k > 10, "succeeds after %ld failures", k);
	CHECK(only_enomem, "failures are TD_ENOMEM, rows intact");
	CHECK(leak_free, "no leak at any k");
	CHECK(memcmp(&ref, &m, sizeof(m)) == 0, "the model after failures is the reference");

	/* an interrupt stops a fit */
	td_trainer_init(&tr, &cenv);
	fill(&tr, 100);
	c.interrupt = 1;
	CHECK(td_trainer_fit(&tr, NULL, &m, NULL) == TD_EINTR, "interrupted");
	c.interrupt = 0;
	td_trainer_free(&tr);
	CHECK(c.live == 0, "freed");
}

int
main(void)
{
	td_env_default(&env);
	test_separable();
	test_known_optimum();
	test_kkt();
	test_determinism_and_json();
	test_invalid();
	test_bounds();
	test_extreme_score();
	test_rows();
	test_page_rows();
	test_alloc_failures();
	return check_done("test_logreg");
}
