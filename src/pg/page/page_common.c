/*
 * page_common.c — the model argument of the page-level functions, their
 * argument checks, and one run of the page-level pipeline.
 *
 * A model is a jsonb of a few kilobytes (logistic) or a few hundred (trees);
 * parsing it per row would cost more than the row's classifier: it is
 * parsed once per distinct model per query (argcache.h), as profiles are
 * validated.  Anything over the bounds of logreg_json.h or gbdt_json.h is
 * refused before it is detoasted (its size) or turned into text (its
 * shape), so a huge jsonb costs no memory.
 *
 * Which classifier page level uses: the model argument's, of either kind;
 * without one, the built-in trees (default_gbdt.h) for page level alone and
 * the built-in logistic model (default_model.h) beside a site profile.
 */
#include "pg/page/page_common.h"

#include <math.h>

#include "pg/base/argcache.h"
#include "access/detoast.h"
#include "pg/site/profile_arg.h"
#include "page/isotonic.h"
#include "page/repeats.h"
#include "mb/pg_wchar.h"
#include "utils/jsonb.h"
#include "page/default_gbdt.h"
#include "page/logreg_json.h"

/* 22023 for a model over a bound: fmt (one %zu, n) says what, then the bound. */
static void
bad_model(const char *fmt, size_t n, int bound)
{
	char		what[96];

	snprintf(what, sizeof(what), fmt, n);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid template model: %s (at most %d)", what, bound),
			 errhint("Pass a model made by train_template_model, or NULL for the built-in model.")));
}

/* The value of key in object jc, as a container, if it is an array or object. */
static JsonbContainer *
member(JsonbContainer *jc, const char *key)
{
	JsonbValue	v;

	if (getKeyJsonValueFromContainer(jc, key, strlen(key), &v) == NULL ||
		v.type != jbvBinary)
		return NULL;
	return v.val.binary.data;
}

/* An array member key of jc is at most TD_MODEL_MAX_ARRAY long. */
static JsonbContainer *
check_array(JsonbContainer *jc, const char *key)
{
	JsonbContainer *a = member(jc, key);

	if (a != NULL && JsonContainerIsArray(a) && JsonContainerSize(a) > TD_MODEL_MAX_ARRAY)
		bad_model(psprintf("\"%s\" has %%zu elements", key), JsonContainerSize(a),
				  TD_MODEL_MAX_ARRAY);
	return a != NULL && JsonContainerIsArray(a) ? a : NULL;
}

static void
check_keys(JsonbContainer *jc)
{
	if (JsonContainerIsObject(jc) && JsonContainerSize(jc) > TD_MODEL_MAX_KEYS)
		bad_model("an object of %zu keys", JsonContainerSize(jc), TD_MODEL_MAX_KEYS);
}

/* Whether the object's "kind" is the string kind. */
static bool
kind_is(JsonbContainer *jc, const char *kind)
{
	JsonbValue	v;

	return getKeyJsonValueFromContainer(jc, "kind", 4, &v) != NULL && v.type == jbvString &&
		v.val.string.len == (int) strlen(kind) && memcmp(v.val.string.val, kind, v.val.string.len) == 0;
}

/*
 * A tree model's bounds (gbdt_json.h) on the jsonb: its keys, its feature
 * list, its tree count and the length of each tree's array (three numbers
 * a node), each a look-up in jsonb's binary form.
 */
static void
check_gbdt_shape(JsonbContainer *root)
{
	JsonbContainer *a;
	size_t		nodes = 0;

	if ((a = member(root, "features")) != NULL && JsonContainerIsArray(a) &&
		JsonContainerSize(a) > TD_GBDT_MAX_FEATURES)
		bad_model("\"features\" has %zu elements", JsonContainerSize(a), TD_GBDT_MAX_FEATURES);
	if ((a = member(root, "trees")) == NULL || !JsonContainerIsArray(a))
		return;					/* the parser says what is wrong */
	if (JsonContainerSize(a) > TD_GBDT_MAX_TREES)
		bad_model("%zu trees", JsonContainerSize(a), TD_GBDT_MAX_TREES);
	for (uint32 i = 0; i < JsonContainerSize(a); i++)
	{
		JsonbValue *e = getIthJsonbValueFromContainer(a, i);

		if (e->type == jbvBinary && JsonContainerIsArray(e->val.binary.data))
		{
			size_t		n = JsonContainerSize(e->val.binary.data) / 3;

			if (n > TD_GBDT_MAX_TREE_NODES)
				bad_model("a tree of %zu nodes", n, TD_GBDT_MAX_TREE_NODES);
			nodes += n;
		}
		pfree(e);
	}
	if (nodes > TD_GBDT_MAX_NODES)
		bad_model("%zu nodes", nodes, TD_GBDT_MAX_NODES);
}

/*
 * The bounds of logreg_json.h or gbdt_json.h on the jsonb itself, before it
 * becomes text: its size for its kind, its keys, the lengths of its arrays
 * and of the feature names.  Each is a look-up in jsonb's sorted binary
 * form, no copy.  (Values under keys the parser skips are bounded by the
 * size here, and in detail by the parser.)
 */
static void
check_model_shape(Jsonb *jb)
{
	JsonbContainer *root = &jb->root,
			   *a;

	if (!JB_ROOT_IS_OBJECT(jb))
		return;					/* the parser says what it is */
	check_keys(root);
	if (kind_is(root, "gbdt"))
	{
		check_gbdt_shape(root);
		return;
	}
	if (VARSIZE(jb) > TD_MODEL_MAX_BYTES)
		bad_model("%zu bytes", VARSIZE(jb), TD_MODEL_MAX_BYTES);
	if ((a = check_array(root, "features")) != NULL)
		for (uint32 i = 0; i < JsonContainerSize(a); i++)
		{
			JsonbValue *e = getIthJsonbValueFromContainer(a, i);

			if (e->type == jbvString && e->val.string.len > TD_MODEL_MAX_NAME)
				bad_model("a feature name of %zu bytes", e->val.string.len, TD_MODEL_MAX_NAME);
			pfree(e);
		}
	check_array(root, "size_bounds");
	if ((a = check_array(root, "classes")) != NULL)
		for (uint32 i = 0; i < JsonContainerSize(a); i++)
		{
			JsonbValue *e = getIthJsonbValueFromContainer(a, i);

			if (e->type == jbvBinary && JsonContainerIsObject(e->val.binary.data))
			{
				check_keys(e->val.binary.data);
				check_array(e->val.binary.data, "weights");
				check_array(e->val.binary.data, "mean");
				check_array(e->val.binary.data, "scale");
			}
			pfree(e);
		}
}

/*
 * The model of a jsonb's bytes (td_page_model): a logistic model holds no
 * pointers; a tree model's arrays are allocated in cxt, which lives as long
 * as the cached value.
 */
static void
make_model(struct varlena *bytes, MemoryContext cxt, void *value)
{
	Jsonb	   *jb = (Jsonb *) bytes;
	char	   *json;
	td_env		env;
	td_status	st;

	check_model_shape(jb);
	json = JsonbToCString(NULL, &jb->root, VARSIZE(jb));

	td_pg_env_init(&env, cxt);
	for (;;)
	{
		st = td_page_model_parse(&env, json, strlen(json), (td_page_model *) value);
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

const td_page_model *
td_pg_model_arg(FunctionCallInfo fcinfo, int argno)
{
	Size		size;

	if (PG_ARGISNULL(argno))
		return NULL;
	/* from the toast pointer or header: nothing is detoasted yet */
	size = toast_raw_datum_size(PG_GETARG_DATUM(argno));
	if (size > TD_GBDT_MAX_BYTES)
		bad_model("%zu bytes", size, TD_GBDT_MAX_BYTES);
	return td_pg_arg_cached(fcinfo, argno, sizeof(td_page_model), make_model);
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
td_pg_page_level(td_env *env, const td_tree *tree, const td_page_model *model,
				 bool with_profile, double penalty, double threshold,
				 const char *base_url, size_t base_len, td_page_marks *marks)
{
	td_page_opts opts;
	const td_logreg *logreg = NULL;	/* NULL: the built-in logistic model */

	td_page_opts_default(&opts);
	if (model == NULL)
		opts.gbdt = with_profile ? NULL : td_default_gbdt();
	else if (model->kind == TD_MODEL_GBDT)
		opts.gbdt = &model->gbdt;
	else
		logreg = &model->logreg;
	opts.penalty = penalty;
	opts.threshold = threshold;
	/* enough for any page that parsed: memory is bounded by max_nodes */
	opts.max_bytes = td_isotonic_bytes((uint32_t) td_guc_max_nodes, opts.levels);
	if (base_url != NULL)
	{
		opts.base_url = base_url;
		opts.base_len = base_len;
	}

	memset(marks, 0, sizeof(*marks));
	TD_PG_CALL(env, (td_page_marks_free(tree, marks), memset(marks, 0, sizeof(*marks))),
			   td_page_level(tree, logreg, &opts, marks), "templatedet.max_nodes");
}

void
td_pg_page_alone(td_env *env, const td_tree *tree, const td_page_model *model,
				 td_page_marks *marks)
{
	if (model == NULL)
		TD_PG_CALL(env, (void) 0, td_page_expected_f1(tree, marks, NULL), NULL);
	else
		TD_PG_CALL(env, (void) 0, td_page_fallback(tree, marks, TD_DEFAULT_PAGE_THRESHOLD,
												   TD_DEFAULT_FALLBACK_SHARE, NULL), NULL);
}

void
td_pg_clean_drops(td_env *env, const td_tree *tree, const uint8_t *site_drop,
				  const uint8_t *site_reason, const td_page_marks *page,
				  uint8_t *drop, uint8_t *reason)
{
	TD_PG_CALL(env, (void) 0,
			   td_combine_explained(tree, site_drop, site_reason, page->drop, page->reason,
									page->main_region, TD_DEFAULT_MIN_REGION_SHARE, drop,
									reason), NULL);
	/* a block the output already holds goes the second time */
	TD_PG_CALL(env, (void) 0,
			   td_drop_repeats(tree, TD_REPEAT_MIN_WORDS, TD_REPEAT_DEFAULT, drop, reason), NULL);
}
