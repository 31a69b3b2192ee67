/*
 * logreg_json.h — the text form of a page-level model (logreg_json.c).
 */
#ifndef TD_LOGREG_JSON_H
#define TD_LOGREG_JSON_H

#include "page/logreg.h"

/*
 * Text form (JSON, for jsonb):
 *   {"version": 1, "feature_scheme": 1, "features": [names...],
 *    "size_bounds": [40, 400, 4000],
 *    "classes": [{"rows": n, "template": n, "bias": b, "weights": [...],
 *                 "mean": [...], "scale": [...]}, x4]}
 * Numbers are written with 17 significant digits, so parsing gives back the
 * same doubles.  The parser accepts any key order and white space (jsonb
 * reorders keys) and ignores unknown keys; a different version, feature
 * scheme, feature list or size bounds, a missing key, a non-finite number or
 * a scale <= 0 is TD_EFORMAT; so is a text over one of the bounds below
 * (the message names the bound).
 */
/*
 * Bounds on a model, checked before it is read: a model is a few tens of kB
 * (a trained one is 10-30 kB), so anything far larger is not a
 * model and is refused before memory is spent on it.  The PostgreSQL glue
 * checks the same bounds on the jsonb before turning it into text; the
 * parser checks them again on the text (it allocates nothing, and its work
 * is linear in at most TD_MODEL_MAX_BYTES, so it needs no interrupt polls).
 */
#define TD_MODEL_MAX_BYTES	(1024 * 1024)	/* of the text, or of the jsonb */
#define TD_MODEL_MAX_ARRAY	1024	/* elements of any array (features, weights...) */
#define TD_MODEL_MAX_KEYS	64		/* keys of any object */
#define TD_MODEL_MAX_NAME	64		/* bytes of a key or a feature name */
#define TD_MODEL_MAX_DEPTH	32		/* nesting of skipped (unknown) values */

td_status	td_logreg_serialize(const td_logreg *m, td_buf *out);
td_status	td_logreg_parse(td_env *env, const char *text, size_t len, td_logreg *out);

#endif							/* TD_LOGREG_JSON_H */
