/*
 * gbdt_json.h — the text form of a tree model (gbdt.h), and the model
 * argument of the page-level functions, either kind (gbdt_json.c).
 *
 * Text form (JSON, for jsonb):
 *   {"kind": "gbdt", "version": 1, "feature_scheme": 2,
 *    "features": [names of the row's columns, in order],
 *    "base": b,
 *    "trees": [[feature, left, value, feature, left, value, ...], ...]}
 * One triple per node, in the tree's order (the root first): an inner node
 * is (index into "features", its left child's index inside the tree — the
 * right child is left + 1 —, threshold: a row goes left when its value <=
 * threshold); a leaf is (-1, 0, its value).  Thresholds and leaf values
 * are written with 9 significant digits (floats read back bit for bit), the
 * base with 17.  "features" must be this build's row (features.h, then
 * context.h) or a prefix of it.  Any key order and white space; unknown keys
 * skipped.
 *
 * The parser is bounded before it builds anything: the text's length
 * (TD_GBDT_MAX_BYTES), then in a first pass that allocates nothing the
 * counts (trees, nodes per tree, all nodes, features, keys, nesting); only
 * then are the arrays allocated and filled in a second pass, and the model
 * passes td_gbdt_check (children after their parent, depth, features in
 * range, finite values) before it is returned.  Anything wrong is
 * TD_EFORMAT with a message naming it.
 */
#ifndef TD_GBDT_JSON_H
#define TD_GBDT_JSON_H

#include "page/gbdt.h"
#include "page/logreg.h"

#define TD_GBDT_MAX_BYTES	(8 * 1024 * 1024)	/* of the text, or of the jsonb */

td_status	td_gbdt_serialize(const td_gbdt *m, td_buf *out);

/* *out's arrays are allocated with env (out->owned = 1; td_gbdt_free). */
td_status	td_gbdt_parse(td_env *env, const char *text, size_t len, td_gbdt *out);

/* The model argument of the page-level functions: either kind. */
typedef enum td_model_kind
{
	TD_MODEL_LOGISTIC = 1,		/* logreg.h, logreg_json.h (no "kind", or "logistic") */
	TD_MODEL_GBDT = 2			/* gbdt.h, this file ("kind": "gbdt") */
} td_model_kind;

typedef struct td_page_model
{
	td_model_kind kind;
	td_logreg	logreg;			/* TD_MODEL_LOGISTIC */
	td_gbdt		gbdt;			/* TD_MODEL_GBDT */
} td_page_model;

/*
 * Either kind from its text: the top-level "kind" key picks the parser
 * (absent: the logistic model, whose texts have none).  Text over
 * TD_GBDT_MAX_BYTES, or over TD_MODEL_MAX_BYTES for the logistic kind, is
 * refused before it is read.  TD_EFORMAT, TD_ENOMEM.
 */
td_status	td_page_model_parse(td_env *env, const char *text, size_t len, td_page_model *out);
void		td_page_model_free(td_env *env, td_page_model *m);

#endif							/* TD_GBDT_JSON_H */
