/*
 * model_agg.c — the aggregates train_template_model(html, profile
 * [, base_url]) and train_template_model(html, gold [, base_url]) → jsonb
 * model, and the setting templatedet.max_training_rows.
 *
 * Labels come from site-level detection (seed §5.1): each page is marked
 * against its site's profile at θ = 0.1 (td_mark_template: nodes on ≥ θ of
 * the pages, and the 85% rule); or, in the gold form, from the page's gold
 * text, the text a person marked as its content (td_gold_labels: an element
 * is template when under 15% of its words are in 3-grams of the gold).  A
 * gold text is bounded as pages are (templatedet.max_page_bytes, a page
 * error).  Every shown element with an area becomes
 * a training row (features, label, size class) in the core trainer, which
 * lives in the aggregate context.  The final function fits the four
 * logistic regressions and returns what td_logreg_serialize writes, as jsonb.
 *
 * Bounded: the first templatedet.max_training_rows rows are kept (first-N,
 * not a reservoir: the model stays a deterministic function of the rows in
 * the order they arrive, and pages past the cap are not even parsed); a
 * NOTICE says when the cap was reached.  A row takes TD_N_FEATURES floats
 * plus 2 bytes (about 200 bytes), so the default cap of 2,000,000 rows is
 * about 400 MB.
 *
 * Not parallel (no combine function): the trainer's result depends on the
 * order of its rows (sums in floating point), so partial states merged in
 * whatever order workers finish would give a different model from run to
 * run; the cost is in parsing, which a single backend does at about a
 * thousand pages per second.
 */
#include "pg/page/page_common.h"
#include "pg/site/profile_arg.h"

#include <limits.h>

#include "site/marks.h"
#include "utils/fmgrprotos.h"
#include "utils/guc.h"
#include "utils/jsonb.h"
#include "page/logreg_json.h"
#include "page/gold_labels.h"

PG_FUNCTION_INFO_V1(train_template_model_transfn_text);
PG_FUNCTION_INFO_V1(train_template_model_transfn_bytea);
PG_FUNCTION_INFO_V1(train_template_model_finalfn);
PG_FUNCTION_INFO_V1(train_template_model_gold_transfn_text);
PG_FUNCTION_INFO_V1(train_template_model_gold_transfn_bytea);

int			td_guc_max_training_rows = 2000000;

void
td_pg_page_settings_init(void)
{
	DefineCustomIntVariable("templatedet.max_training_rows",
							"Most training rows (elements) train_template_model keeps.",
							"The first rows are kept; pages past the limit are skipped. A row takes about 200 bytes.",
							&td_guc_max_training_rows,
							2000000, 1, INT_MAX,
							PGC_USERSET, 0,
							NULL, NULL, NULL);
}

typedef struct train_state
{
	td_env		env;			/* allocates in the aggregate context; cancel-only */
	td_trainer	tr;
	size_t		cap;			/* max_training_rows when the state was made */
	int64		pages;			/* pages whose rows were added */
	int64		skipped;		/* pages not used because the cap was reached */
	int64		rows;			/* pages (with labels) of the group so far, for the error context */
	int64		unread;			/* pages left out by templatedet.on_error = skip */
} train_state;

static train_state *
state_create(MemoryContext cxt)
{
	train_state *state = MemoryContextAllocZero(cxt, sizeof(train_state));

	td_pg_env_init(&state->env, cxt);
	td_pg_env_cancel_only(&state->env);
	td_trainer_init(&state->tr, &state->env);
	state->cap = (size_t) td_guc_max_training_rows;
	return state;
}

/* A status from the state's cancel-only env: EINTR means the query ends. */
static void
check_state_status(train_state *state, td_status st)
{
	if (st == TD_EINTR)
	{
		CHECK_FOR_INTERRUPTS();
		elog(ERROR, "templatedet: training interrupted");
	}
	if (st != TD_OK)
		td_pg_report(&state->env, st, "templatedet.max_training_rows");
}

/*
 * Adds the rows of one page (argument 1) labelled against the profile (2),
 * or with gold, from the gold text (2).
 */
static void
add_page(train_state *state, FunctionCallInfo fcinfo, bool is_bytea, bool gold)
{
	const td_profile_view *view = gold ? NULL : td_pg_profile_arg(fcinfo, 2);
	MemoryContext scratch = td_pg_scratch_context("templatedet training page");
	td_env		env;
	td_tree    *tree;
	td_marks	marks;
	uint8_t    *drop;
	const char *gold_text = NULL;
	size_t		gold_len = 0;
	td_features f;
	const char *base = NULL;
	size_t		base_len = 0;

	if (PG_NARGS() > 3 && !PG_ARGISNULL(3))
		base = td_pg_utf8_arg(fcinfo, 3, &base_len);

	/* the gold text is bounded as pages are, before the page is parsed */
	if (gold)
	{
		gold_text = td_pg_utf8_arg(fcinfo, 2, &gold_len);
		if (!td_pg_check_page_size("gold text", gold_len, (size_t) td_guc_max_page_bytes))
		{
			state->unread++;	/* skipped (templatedet.on_error) */
			MemoryContextDelete(scratch);
			return;
		}
	}
	td_pg_env_init(&env, scratch);
	tree = td_pg_parse_row(&env, fcinfo, 1, is_bytea, false, state->rows);
	if (tree == NULL)
	{
		state->unread++;		/* skipped (templatedet.on_error); the glue warned */
		MemoryContextDelete(scratch);
		return;
	}
	if (gold)
	{
		drop = MemoryContextAllocHuge(scratch, Max(tree->n_nodes, 1));
		TD_PG_CALL(&env, (void) 0, td_gold_labels(tree, gold_text, gold_len, drop, NULL, NULL),
				   NULL);
	}
	else
	{
		TD_PG_CALL(&env, memset(&marks, 0, sizeof(marks)),
				   td_mark_template(tree, view, TD_DEFAULT_THRESHOLD, &marks), NULL);
		drop = marks.drop;
	}
	memset(&f, 0, sizeof(f));
	TD_PG_CALL(&env, (td_features_free(tree, &f), memset(&f, 0, sizeof(f))),
			   td_compute_features(tree, base, base_len, &f), NULL);

	/* on failure the trainer takes this page's rows back */
	check_state_status(state, td_trainer_add_page(&state->tr, tree, &f, drop));
	if (state->tr.n > state->cap)
		state->tr.n = state->cap;	/* first-N: the rest of this page goes */
	state->pages++;

	MemoryContextDelete(scratch);
}

/*
 * NULL pages and NULL profiles or gold texts are skipped (a page without
 * them has no labels).
 */
static Datum
train_transfn(FunctionCallInfo fcinfo, bool is_bytea, bool gold)
{
	MemoryContext aggcxt;
	train_state *state = PG_ARGISNULL(0) ? NULL : (train_state *) PG_GETARG_POINTER(0);

	if (!AggCheckCallContext(fcinfo, &aggcxt))
		elog(ERROR, "train_template_model_transfn called in non-aggregate context");
	if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
	{
		if (state == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(state);
	}
	if (state == NULL)
		state = state_create(aggcxt);
	state->rows++;
	if (state->tr.n >= state->cap)
		state->skipped++;
	else
		add_page(state, fcinfo, is_bytea, gold);
	PG_RETURN_POINTER(state);
}

Datum
train_template_model_transfn_text(PG_FUNCTION_ARGS)
{
	return train_transfn(fcinfo, false, false);
}

Datum
train_template_model_transfn_bytea(PG_FUNCTION_ARGS)
{
	return train_transfn(fcinfo, true, false);
}

Datum
train_template_model_gold_transfn_text(PG_FUNCTION_ARGS)
{
	return train_transfn(fcinfo, false, true);
}

Datum
train_template_model_gold_transfn_bytea(PG_FUNCTION_ARGS)
{
	return train_transfn(fcinfo, true, true);
}

/* Fits the model; the state is only read, so window use is fine. */
Datum
train_template_model_finalfn(PG_FUNCTION_ARGS)
{
	train_state *state;
	td_train_opts opts;
	td_logreg	model;
	td_env		env;
	td_buf		buf;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	state = (train_state *) PG_GETARG_POINTER(0);
	if (state->tr.n >= state->cap)
		ereport(NOTICE,
				(errmsg("train_template_model kept the first %zu training rows, from %lld pages; %lld more pages were not used",
						state->cap, (long long) state->pages, (long long) state->skipped),
				 errhint("Raise the setting \"templatedet.max_training_rows\" to train on more rows.")));
	if (state->unread > 0)
		ereport(NOTICE,
				(errmsg("train_template_model left out %lld pages that could not be read (templatedet.on_error is \"skip\")",
						(long long) state->unread)));

	td_train_opts_default(&opts);
	check_state_status(state, td_trainer_fit(&state->tr, &opts, &model, NULL));

	td_pg_env_init(&env, CurrentMemoryContext);
	td_buf_init(&buf, &env);
	TD_PG_CALL(&env, buf.len = 0, td_logreg_serialize(&model, &buf), NULL);
	TD_PG_CALL(&env, (void) 0, td_buf_terminate(&buf), NULL);
	return DirectFunctionCall1(jsonb_in, CStringGetDatum(buf.data));
}
