/*
 * logreg.h — the page-level classifier (seed 000 §5.2): four L2-regularized
 * logistic regressions, one per node size class (td_size_class of the area
 * A_i), over the features of features.h; and their trainer.
 *
 * Each class standardizes features with the mean and standard deviation of
 * its training rows (a constant feature gets scale 1 and, being always 0
 * after centring, weight 0), so one regularization strength suits every
 * feature whatever its unit.
 *
 * Training rows (features, label, size class) are accumulated one page at a
 * time in a growable buffer (the SQL aggregate feeds pages one by one), then
 * td_trainer_fit fits each class by Newton's method (IRLS) with a
 * backtracking line search: deterministic (fixed order, no randomness: two
 * runs give bit-identical models), stopping when the largest gradient
 * component is at most tol times the class's total sample weight, or after
 * max_iter iterations.
 */
#ifndef TD_LOGREG_H
#define TD_LOGREG_H

#include "page/features.h"

/* Changes whenever the model's meaning or text form changes. */
#define TD_LOGREG_VERSION	1

typedef struct td_logreg_class
{
	double		bias;
	double		weight[TD_N_FEATURES];	/* on standardized features */
	double		mean[TD_N_FEATURES];
	double		scale[TD_N_FEATURES];	/* > 0 */
	uint32_t	n_rows;			/* training rows (informative) */
	uint32_t	n_template;		/* of which labelled template */
} td_logreg_class;

typedef struct td_logreg
{
	td_logreg_class cls[TD_N_SIZE_CLASSES];
} td_logreg;

/* A model that scores every node 0.5 (mean 0, scale 1, all weights 0). */
void		td_logreg_init(td_logreg *m);

/* P(template) of a feature row of the given size class, in [0, 1], never NaN. */
double		td_logreg_score(const td_logreg *m, int size_class, const float *x);

typedef struct td_train_opts
{
	double		lambda;			/* L2 penalty on the weights (not the bias): 1.0 */
	double		lambda_bias;	/* L2 penalty on the bias: 1e-6, keeps it finite */
	double		tol;			/* gradient tolerance, relative: 1e-9 */
	int			max_iter;		/* Newton iterations per class: 100 */
	int			balance;		/* 1: weight rows so that both labels weigh
								 * the same in each class: 0 */
} td_train_opts;

void		td_train_opts_default(td_train_opts *o);

typedef struct td_trainer
{
	td_env	   *env;
	float	   *x;				/* n rows of TD_N_FEATURES */
	uint8_t    *y;				/* 0/1 */
	uint8_t    *cls;			/* 0..3 */
	size_t		n;
	size_t		cap_x,
				cap_y,
				cap_cls;		/* allocator bookkeeping (elements) */
} td_trainer;

typedef struct td_train_stats
{
	int			iterations[TD_N_SIZE_CLASSES];
	double		grad_norm[TD_N_SIZE_CLASSES];	/* final max |gradient| / weight */
	int			converged[TD_N_SIZE_CLASSES];	/* stopped on tol, not max_iter */
} td_train_stats;

void		td_trainer_init(td_trainer *tr, td_env *env);
void		td_trainer_free(td_trainer *tr);

/* One training row; label 0 or 1, size_class 0..3 (else TD_EARG). */
td_status	td_trainer_add(td_trainer *tr, const float *x, int label, int size_class);

/*
 * Every element of a page that is shown and has an area (not hidden, not
 * inside a hidden element, A_i > 0) as a row labelled by template[i] != 0
 * (the drop marks of td_mark_template: §5.1's labels).  On failure the rows
 * of this page are taken back.
 */
td_status	td_trainer_add_page(td_trainer *tr, const td_tree *tree, const td_features *f,
								const uint8_t *template);

/*
 * Fits the four classes.  A class with no rows keeps the 0.5 model; a class
 * with one label only gets that label's smoothed frequency (n+1)/(n+2) as a
 * constant score.  stats may be NULL.
 */
td_status	td_trainer_fit(const td_trainer *tr, const td_train_opts *opts, td_logreg *out,
						   td_train_stats *stats);

#endif							/* TD_LOGREG_H */
