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
 * a scale <= 0 is TD_EFORMAT.
 */
td_status	td_logreg_serialize(const td_logreg *m, td_buf *out);
td_status	td_logreg_parse(td_env *env, const char *text, size_t len, td_logreg *out);

#endif							/* TD_LOGREG_JSON_H */
