/*
 * page_common.h — what the page-level SQL functions share (page_common.c): the
 * model argument (jsonb, validated once per distinct model per query), the
 * checks of their numeric arguments, and one call of the page-level
 * pipeline (pagelevel.h) on a parsed page.
 *
 * The page functions are not STRICT, because their optional arguments
 * default to NULL: a NULL page gives NULL (no rows for the set-returning
 * ones); a NULL model, profile or base_url means "none" (the built-in
 * model, page-level only, no page URL); a NULL number (penalty, threshold,
 * min_pages) gives NULL, as an unknown value gives an unknown result.
 */
#ifndef TD_PG_PAGE_H
#define TD_PG_PAGE_H

#include "pg/base/glue.h"

#include "page/pagelevel.h"
#include "page/logreg_json.h"
#include "page/gbdt_json.h"

/* templatedet.max_training_rows (model_agg.c) */
extern int	td_guc_max_training_rows;

/* Defines the page-level settings; called from _PG_init. */
extern void td_pg_page_settings_init(void);

/*
 * The model argument argno: NULL (SQL NULL) means the built-in models
 * (td_pg_page_level); a jsonb of either kind is parsed by
 * td_page_model_parse (an invalid model is ERROR 22023 with the core's
 * message) and cached across calls (argcache.h: fn_extra is the cache's).
 */
extern const td_page_model *td_pg_model_arg(FunctionCallInfo fcinfo, int argno);

/* The profile argument argno (td_pg_profile_arg), NULL when the argument is NULL. */
extern const td_profile_view *td_pg_page_profile_arg(FunctionCallInfo fcinfo, int argno);

/* 22023 unless penalty is finite and >= 0. */
extern void td_pg_check_penalty(double penalty);

/*
 * Runs the page-level pipeline on tree (scores, smoothing, segments, drop
 * marks with the given threshold) with model, or when it is NULL with the
 * built-in trees (default_gbdt.h) or, with_profile (beside site level), the
 * built-in logistic model (default_model.h).  base_url (UTF-8, base_len
 * bytes; from td_pg_utf8_arg_opt) may be NULL.  The smoothing
 * memory budget is what a page of templatedet.max_nodes nodes needs, so a
 * page that parsed is never refused by it.  marks are allocated in the
 * tree's env.
 */
extern void td_pg_page_level(td_env *env, const td_tree *tree, const td_page_model *model,
							 bool with_profile, double penalty, double threshold,
							 const char *base_url, size_t base_len, td_page_marks *marks);

/*
 * The decision of page level alone on marks td_pg_page_level made at
 * TD_DEFAULT_PAGE_THRESHOLD (clean_text and its outputs, explain_html and
 * node_scores without a profile): with the built-in trees (model NULL) the
 * threshold of the best expected F1 (td_page_expected_f1, whose content
 * probabilities were fitted to those trees' scores), with a model argument
 * the fallback (td_page_fallback).
 */
extern void td_pg_page_alone(td_env *env, const td_tree *tree, const td_page_model *model,
							 td_page_marks *marks);

/*
 * clean_text's drops from site level's (site_drop and site_reason, or both
 * NULL: none) and page level's marks: td_combine_explained with the main
 * region kept, then the later copies of kept blocks (td_drop_repeats,
 * repeats.h).  drop and reason (may be NULL) hold one byte per node.
 * clean_text's decision and node_scores both end here, so their reasons
 * agree.
 */
extern void td_pg_clean_drops(td_env *env, const td_tree *tree, const uint8_t *site_drop,
							  const uint8_t *site_reason, const td_page_marks *page,
							  uint8_t *drop, uint8_t *reason);

#endif							/* TD_PG_PAGE_H */
