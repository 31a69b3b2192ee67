/*
 * page_common.c — the model argument of the page-level functions, their
 * argument checks, and one run of the page-level pipeline.
 *
 * A model is a jsonb of a few kilobytes; parsing it per row would cost more
 * than the row's classifier: it is parsed once per distinct model per
 * query (argcache.h), as profiles are validated.
 */
#include "pg/page/page_common.h"

#include <math.h>

#include "pg/base/argcache.h"
#include "pg/site/profile_arg.h"
#include "page/isotonic.h"
#include "mb/pg_wchar.h"
#include "utils/jsonb.h"
#include "page/default_model.h"
#include "page/logreg_json.h"

/* The model of a jsonb's bytes; the model holds no pointers (logreg.h). */
static void
make_model(struct varlena *bytes, MemoryContext cxt, void *value)
{
	Jsonb	   *jb = (Jsonb *) bytes;
	char	   *json = JsonbToCString(NULL, &jb->root, VARSIZE(jb));
	td_env		env;
	td_status	st;

	td_pg_env_init(&env, CurrentMemoryContext);
	for (;;)
	{
		st = td_logreg_parse(&env, json, strlen(json), (td_logreg *) value);
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
}

const td_logreg *
td_pg_model_arg(FunctionCallInfo fcinfo, int argno)
{
	if (PG_ARGISNULL(argno))
		return td_default_model();
	return td_pg_arg_cached(fcinfo, argno, sizeof(td_logreg), make_model);
}

const td_profile_view *
td_pg_page_profile_arg(FunctionCallInfo fcinfo, int argno)
{
	if (PG_ARGISNULL(argno))
		return NULL;
	return td_pg_profile_arg(fcinfo, argno);
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
