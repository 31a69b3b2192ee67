/*
 * logreg.c — four logistic regressions by node size and their trainer
 * (logreg.h); their JSON form is in logreg_json.c.
 */
#include <math.h>
#include <string.h>

#include "page/logreg.h"
#include "util/poll.h"

#define D			(TD_N_FEATURES + 1)	/* bias + weights */
#define POLL_EVERY	65536		/* rows or nodes between two polls */

/* ---- model ---------------------------------------------------------------- */

void
td_logreg_init(td_logreg *m)
{
	memset(m, 0, sizeof(*m));
	for (int c = 0; c < TD_N_SIZE_CLASSES; c++)
		for (int j = 0; j < TD_N_FEATURES; j++)
			m->cls[c].scale[j] = 1.0;
}

/* 1 / (1 + e^-z) without overflow for large |z|. */
static inline double
sigmoid(double z)
{
	if (z >= 0)
		return 1.0 / (1.0 + exp(-z));
	else
	{
		double		e = exp(z);

		return e / (1.0 + e);
	}
}

/* ln(1 + e^z), stable. */
static inline double
softplus(double z)
{
	return z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
}

double
td_logreg_score(const td_logreg *m, int size_class, const float *x)
{
	const td_logreg_class *c;
	double		z;

	if (size_class < 0 || size_class >= TD_N_SIZE_CLASSES)
		size_class = size_class < 0 ? 0 : TD_N_SIZE_CLASSES - 1;
	c = &m->cls[size_class];
	z = c->bias;
	for (int j = 0; j < TD_N_FEATURES; j++)
		z += c->weight[j] * (((double) x[j] - c->mean[j]) / c->scale[j]);
	/*
	 * A model's numbers are finite, but a forged one (weights and means near
	 * 1e308, scales near 1e-308) can make two terms +inf and -inf: their NaN
	 * would leave the node unscored and the smoothing meaningless.  Such a
	 * node is scored "no information" (found by test/fuzz/fuzz_model.c).
	 */
	if (isnan(z))
		return 0.5;
	return sigmoid(z);
}

/* ---- rows ------------------------------------------------------------------ */

void
td_train_opts_default(td_train_opts *o)
{
	o->lambda = 1.0;
	o->lambda_bias = 1e-6;
	o->tol = 1e-9;
	o->max_iter = 100;
	o->balance = 0;
}

void
td_trainer_init(td_trainer *tr, td_env *env)
{
	memset(tr, 0, sizeof(*tr));
	tr->env = env;
}

void
td_trainer_free(td_trainer *tr)
{
	td_free(tr->env, tr->x);
	td_free(tr->env, tr->y);
	td_free(tr->env, tr->cls);
	td_trainer_init(tr, tr->env);
}

td_status
td_trainer_add(td_trainer *tr, const float *x, int label, int size_class)
{
	td_env	   *env = tr->env;

	if ((label != 0 && label != 1) || size_class < 0 || size_class >= TD_N_SIZE_CLASSES)
		return td_fail(env, TD_EARG, "invalid training row: label %d, size class %d",
					   label, size_class);
	for (int j = 0; j < TD_N_FEATURES; j++)
		if (!isfinite(x[j]))
			return td_fail(env, TD_EARG, "feature %s is not finite", td_feature_names[j]);
	if (tr->n >= SIZE_MAX / TD_N_FEATURES - 1)
		return td_fail(env, TD_ENOMEM, "too many training rows");
	/* grow each array before writing any: a failure leaves n rows intact */
	if (td_grow(env, (void **) &tr->x, &tr->cap_x, (tr->n + 1) * TD_N_FEATURES, sizeof(float)) != TD_OK ||
		td_grow(env, (void **) &tr->y, &tr->cap_y, tr->n + 1, 1) != TD_OK ||
		td_grow(env, (void **) &tr->cls, &tr->cap_cls, tr->n + 1, 1) != TD_OK)
		return TD_ENOMEM;
	memcpy(tr->x + tr->n * TD_N_FEATURES, x, sizeof(float) * TD_N_FEATURES);
	tr->y[tr->n] = (uint8_t) label;
	tr->cls[tr->n] = (uint8_t) size_class;
	tr->n++;
	return TD_OK;
}

td_status
td_trainer_add_page(td_trainer *tr, const td_tree *tree, const td_features *f,
					const uint8_t *template)
{
	size_t		n0 = tr->n;

	if (f->n_nodes != tree->n_nodes)
		return td_fail(tr->env, TD_EARG, "features of another tree");
	for (uint32_t i = 0; i < tree->n_nodes; i++)
	{
		const td_node *n = &tree->nodes[i];
		td_status	st;

		if (n->kind != TD_ELEM || (n->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) || f->area[i] == 0)
			continue;
		if (td_poll_every(tr->env, i, POLL_EVERY))
			st = td_fail(tr->env, TD_EINTR, "interrupted");
		else
			st = td_trainer_add(tr, td_feature_row(f, i), template[i] != 0, f->size_class[i]);
		if (st != TD_OK)
		{
			tr->n = n0;
			return st;
		}
	}
	return TD_OK;
}

/* ---- fitting ------------------------------------------------------------ */

typedef struct fit_ctx
{
	const td_trainer *tr;
	int			c;				/* size class */
	const td_logreg_class *m;	/* mean, scale */
	double		sw[2];			/* sample weight of a negative, a positive row */
	const td_train_opts *o;
} fit_ctx;

/* Row r's standardized vector with a leading 1 for the bias. */
static inline void
row_vec(const fit_ctx *fc, size_t r, double *v)
{
	const float *x = fc->tr->x + r * TD_N_FEATURES;

	v[0] = 1.0;
	for (int j = 0; j < TD_N_FEATURES; j++)
		v[j + 1] = ((double) x[j] - fc->m->mean[j]) / fc->m->scale[j];
}

static inline double
dot(const double *a, const double *b)
{
	double		s = 0;

	for (int j = 0; j < D; j++)
		s += a[j] * b[j];
	return s;
}

static double
penalty(const fit_ctx *fc, const double *beta)
{
	double		s = fc->o->lambda_bias * beta[0] * beta[0];

	for (int j = 1; j < D; j++)
		s += fc->o->lambda * beta[j] * beta[j];
	return 0.5 * s;
}

/* The objective: weighted log loss plus the penalty.  NAN when interrupted. */
static double
objective(const fit_ctx *fc, const double *beta)
{
	const td_trainer *tr = fc->tr;
	double		v[D];
	double		s = 0;

	for (size_t r = 0; r < tr->n; r++)
	{
		double		z;

		if (td_poll_every(tr->env, r, POLL_EVERY))
			return NAN;
		if (tr->cls[r] != fc->c)
			continue;
		row_vec(fc, r, v);
		z = dot(beta, v);
		s += fc->sw[tr->y[r]] * softplus(tr->y[r] ? -z : z);
	}
	return s + penalty(fc, beta);
}

/* Gradient g and Hessian h (upper triangle filled, then mirrored). */
static td_status
grad_hess(const fit_ctx *fc, const double *beta, double *g, double *h)
{
	const td_trainer *tr = fc->tr;
	double		v[D];

	memset(g, 0, sizeof(double) * D);
	memset(h, 0, sizeof(double) * D * D);
	for (size_t r = 0; r < tr->n; r++)
	{
		double		p,
					w,
					e;

		if (td_poll_every(tr->env, r, POLL_EVERY))
			return td_fail(tr->env, TD_EINTR, "interrupted");
		if (tr->cls[r] != fc->c)
			continue;
		row_vec(fc, r, v);
		p = sigmoid(dot(beta, v));
		w = fc->sw[tr->y[r]];
		e = w * (p - tr->y[r]);
		w *= p * (1 - p);
		for (int a = 0; a < D; a++)
		{
			double		wa = w * v[a];

			g[a] += e * v[a];
			if (wa == 0)
				continue;		/* one-hot features are mostly 0 */
			for (int b = a; b < D; b++)
				h[a * D + b] += wa * v[b];
		}
	}
	g[0] += fc->o->lambda_bias * beta[0];
	h[0] += fc->o->lambda_bias;
	for (int a = 1; a < D; a++)
	{
		g[a] += fc->o->lambda * beta[a];
		h[a * D + a] += fc->o->lambda;
	}
	for (int a = 0; a < D; a++)
		for (int b = 0; b < a; b++)
			h[a * D + b] = h[b * D + a];
	return TD_OK;
}

/*
 * Solves h d = g by Cholesky (h is symmetric positive definite: the penalty
 * makes it so; a pivot that rounding makes tiny is floored, which only
 * shortens the step in that direction).  h is overwritten.
 */
static void
cholesky_solve(double *h, const double *g, double *d)
{
	for (int j = 0; j < D; j++)
	{
		double		s = h[j * D + j];

		for (int k = 0; k < j; k++)
			s -= h[j * D + k] * h[j * D + k];
		s = s > 1e-12 ? sqrt(s) : 1e-6;
		h[j * D + j] = s;
		for (int i = j + 1; i < D; i++)
		{
			double		t = h[i * D + j];

			for (int k = 0; k < j; k++)
				t -= h[i * D + k] * h[j * D + k];
			h[i * D + j] = t / s;
		}
	}
	for (int i = 0; i < D; i++)
	{
		double		t = g[i];

		for (int k = 0; k < i; k++)
			t -= h[i * D + k] * d[k];
		d[i] = t / h[i * D + i];
	}
	for (int i = D; i-- > 0;)
	{
		double		t = d[i];

		for (int k = i + 1; k < D; k++)
			t -= h[k * D + i] * d[k];
		d[i] = t / h[i * D + i];
	}
}

/* Mean and scale of class c's rows; counts of rows and positives. */
static td_status
standardize(const td_trainer *tr, int c, td_logreg_class *m)
{
	double		sum[TD_N_FEATURES] = {0},
				ss[TD_N_FEATURES] = {0};
	size_t		n = 0,
				pos = 0;

	for (size_t r = 0; r < tr->n; r++)
	{
		const float *x = tr->x + r * TD_N_FEATURES;

		if (td_poll_every(tr->env, r, POLL_EVERY))
			return td_fail(tr->env, TD_EINTR, "interrupted");
		if (tr->cls[r] != c)
			continue;
		n++;
		pos += tr->y[r];
		for (int j = 0; j < TD_N_FEATURES; j++)
			sum[j] += x[j];
	}
	for (int j = 0; j < TD_N_FEATURES; j++)
		m->mean[j] = n ? sum[j] / n : 0;
	/* second pass: the centred sum of squares does not cancel catastrophically */
	for (size_t r = 0; r < tr->n; r++)
	{
		const float *x = tr->x + r * TD_N_FEATURES;

		if (tr->cls[r] != c)
			continue;
		for (int j = 0; j < TD_N_FEATURES; j++)
		{
			double		d = x[j] - m->mean[j];

			ss[j] += d * d;
		}
	}
	for (int j = 0; j < TD_N_FEATURES; j++)
	{
		double		sd = n ? sqrt(ss[j] / n) : 0;

		m->scale[j] = sd > 1e-12 ? sd : 1.0;
	}
	m->n_rows = n > UINT32_MAX ? UINT32_MAX : (uint32_t) n;
	m->n_template = pos > UINT32_MAX ? UINT32_MAX : (uint32_t) pos;
	return TD_OK;
}

static td_status
fit_class(const td_trainer *tr, const td_train_opts *o, int c, td_logreg_class *m,
		  td_train_stats *stats)
{
	td_env	   *env = tr->env;
	fit_ctx		fc = {tr, c, m, {1, 1}, o};
	double		beta[D] = {0},
				g[D],
				d[D],
				trial[D];
	double	   *h;
	double		f,
				total,
				gmax = 0;
	size_t		n,
				pos;
	int			it;
	td_status	st;

	if ((st = standardize(tr, c, m)) != TD_OK)
		return st;
	n = m->n_rows;
	pos = m->n_template;
	memset(m->weight, 0, sizeof(m->weight));
	m->bias = 0;
	if (n == 0)
	{
		td_logreg_class empty;

		memset(&empty, 0, sizeof(empty));
		for (int j = 0; j < TD_N_FEATURES; j++)
			empty.scale[j] = 1.0;
		*m = empty;
		stats->converged[c] = 1;
		return TD_OK;
	}
	if (pos == 0 || pos == n)
	{
		/* one label: no boundary to learn, only a (smoothed) frequency */
		m->bias = log((pos + 1.0) / (n - pos + 1.0));
		stats->converged[c] = 1;
		return TD_OK;
	}
	if (o->balance)
	{
		fc.sw[1] = (double) n / (2.0 * pos);
		fc.sw[0] = (double) n / (2.0 * (n - pos));
	}
	total = fc.sw[1] * pos + fc.sw[0] * (n - pos);
	/* start from the prior log-odds: the first Newton step then refines */
	beta[0] = log((double) pos / (double) (n - pos));
	if (!(h = td_alloc(env, sizeof(double) * D * D)))
		return td_fail(env, TD_ENOMEM, "out of memory for the Hessian");
	f = objective(&fc, beta);
	for (it = 0;; it++)
	{
		double		step = 1.0;
		double		ft = f;
		int			k;

		if (isnan(f))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			break;
		}
		if ((st = grad_hess(&fc, beta, g, h)) != TD_OK)
			break;
		gmax = 0;
		for (int j = 0; j < D; j++)
			gmax = fabs(g[j]) > gmax ? fabs(g[j]) : gmax;
		gmax /= total;
		if (gmax <= o->tol)
		{
			stats->converged[c] = 1;
			break;
		}
		if (it >= o->max_iter)
			break;
		cholesky_solve(h, g, d);
		/* backtracking: halve the Newton step until the objective drops */
		for (k = 0; k < 40; k++, step *= 0.5)
		{
			for (int j = 0; j < D; j++)
				trial[j] = beta[j] - step * d[j];
			ft = objective(&fc, trial);
			if (isnan(ft) || ft <= f)
				break;
		}
		if (isnan(ft))
		{
			st = td_fail(env, TD_EINTR, "interrupted");
			break;
		}
		if (k == 40)
		{
			/* no descent at machine precision: as good as it gets */
			stats->converged[c] = 1;
			break;
		}
		memcpy(beta, trial, sizeof(beta));
		f = ft;
	}
	td_free(env, h);
	stats->iterations[c] = it;
	stats->grad_norm[c] = gmax;
	if (st != TD_OK)
		return st;
	m->bias = beta[0];
	for (int j = 0; j < TD_N_FEATURES; j++)
		m->weight[j] = beta[j + 1];
	return TD_OK;
}

td_status
td_trainer_fit(const td_trainer *tr, const td_train_opts *opts, td_logreg *out,
			   td_train_stats *stats)
{
	td_train_opts def;
	td_train_stats local;
	td_logreg	m;

	if (!opts)
	{
		td_train_opts_default(&def);
		opts = &def;
	}
	if (!(opts->lambda >= 0) || !(opts->lambda_bias >= 0) || !(opts->tol >= 0) ||
		opts->max_iter < 0 || !isfinite(opts->lambda) || !isfinite(opts->lambda_bias))
		return td_fail(tr->env, TD_EARG, "invalid training options");
	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof(*stats));
	td_logreg_init(&m);
	for (int c = 0; c < TD_N_SIZE_CLASSES; c++)
	{
		td_status	st = fit_class(tr, opts, c, &m.cls[c], stats);

		if (st != TD_OK)
			return st;
	}
	*out = m;
	return TD_OK;
}
