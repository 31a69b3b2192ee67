/*
 * page_common.c — the model argument of the page-level functions, their
 * argument checks, and one run of the page-level pipeline.
 *
 * A model is a jsonb of a few kilobytes; parsing it per row would cost more
 * than the row's classifier.  fn_extra keeps the last model seen, keyed on
 * the detoasted jsonb bytes (a join passes the same model on every row), as
 * profile_arg.c does for profiles.
 */
#include "pg/page/page_common.h"

#include <math.h>

#include "page/isotonic.h"
#include "mb/pg_wchar.h"
#include "utils/jsonb.h"
#include "page/default_model.h"
#include "page/logreg_json.h"

struct td_pg_page_extra
{
	void	   *profile_extra;	/* td_pg_profile_arg's fn_extra */
	bool		model_valid;
	Size		model_key_len;
	char	   *model_key;		/* the jsonb bytes of the cached model */
	td_logreg	model;
	MemoryContext cxt;			/* holds model_key; reset on a miss */
};

td_pg_page_extra *
td_pg_page_extra_get(FunctionCallInfo fcinfo)
{
	FmgrInfo   *flinfo = fcinfo->flinfo;
	td_pg_page_extra *x = (td_pg_page_extra *) flinfo->fn_extra;

	if (x == NULL)
	{
		x = MemoryContextAllocZero(flinfo->fn_mcxt, sizeof(td_pg_page_extra));
		x->cxt = AllocSetContextCreate(flinfo->fn_mcxt, "templatedet model cache",
									   ALLOCSET_SMALL_SIZES);
		flinfo->fn_extra = x;
	}
	return x;
}

const td_logreg *
td_pg_model_arg(FunctionCallInfo fcinfo, int argno)
{
	td_pg_page_extra *x;
	Jsonb	   *jb;
	Size		len;
	char	   *json;
	td_env		env;
	td_status	st;

	if (PG_ARGISNULL(argno))
		return td_default_model();

	x = td_pg_page_extra_get(fcinfo);
	jb = PG_GETARG_JSONB_P(argno);
	len = VARSIZE(jb);
	if (x->model_valid && x->model_key_len == len && memcmp(x->model_key, jb, len) == 0)
		return &x->model;

	MemoryContextReset(x->cxt);
	x->model_valid = false;
	json = JsonbToCString(NULL, &jb->root, len);

	td_pg_env_init(&env, CurrentMemoryContext);
	for (;;)
	{
		st = td_logreg_parse(&env, json, strlen(json), &x->model);
		if (st != TD_EINTR)
			break;
		CHECK_FOR_INTERRUPTS();
	}
	if (st == TD_EFORMAT || st == TD_EARG)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s", env.errmsg),
				 errhint("Pass a model made by train_template_model, or NULL for the built-in model.")));
	if (st != TD_OK)
		td_pg_report(&env, st, NULL);
	pfree(json);

	x->model_key = MemoryContextAlloc(x->cxt, len);
	memcpy(x->model_key, jb, len);
	x->model_key_len = len;
	x->model_valid = true;
	return &x->model;
}

/*
 * td_pg_profile_arg keeps its cache in fn_extra, which the page functions
 * use for their own: lend it its slot for the call, and take it back even
 * when the call throws (a caught error must not leave fn_extra pointing at
 * the wrong struct).
 */
const td_profile_view *
td_pg_page_profile_arg(FunctionCallInfo fcinfo, int argno)
{
	FmgrInfo   *flinfo = fcinfo->flinfo;
	td_pg_page_extra *x;
	const td_profile_view *view = NULL;

	if (PG_ARGISNULL(argno))
		return NULL;
	x = td_pg_page_extra_get(fcinfo);
	flinfo->fn_extra = x->profile_extra;
	PG_TRY();
	{
		view = td_pg_profile_arg(fcinfo, argno);
	}
	PG_FINALLY();
	{
		x->profile_extra = flinfo->fn_extra;
		flinfo->fn_extra = x;
	}
	PG_END_TRY();
	return view;
}

void
td_pg_check_penalty(double penalty)
{
	if (isnan(penalty) || isinf(penalty) || penalty < 0.0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("penalty must be a finite number >= 0, got %g", penalty)));
}

void
td_pg_page_level(td_env *env, const td_tree *tree, const td_logreg *model,
				 double penalty, double threshold, text *base_url,
				 td_page_marks *marks)
{
	td_page_opts opts;

	td_page_opts_default(&opts);
	opts.penalty = penalty;
	opts.threshold = threshold;
	/* enough for any page that parsed: memory is bounded by max_nodes */
	opts.max_bytes = td_isotonic_bytes((uint32_t) td_guc_max_nodes, opts.levels);
	if (base_url != NULL)
	{
		const char *raw = VARDATA_ANY(base_url);
		int			len = (int) VARSIZE_ANY_EXHDR(base_url);
		const char *utf8 = pg_server_to_any(raw, len, PG_UTF8);

		opts.base_url = utf8;
		opts.base_len = utf8 == raw ? (size_t) len : strlen(utf8);
	}

	memset(marks, 0, sizeof(*marks));
	TD_PG_CALL(env, (td_page_marks_free(tree, marks), memset(marks, 0, sizeof(*marks))),
			   td_page_level(tree, model, &opts, marks), "templatedet.max_nodes");
}
