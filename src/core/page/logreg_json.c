/*
 * logreg_json.c — the text form of a model (logreg.h): written with every
 * number to 17 significant digits so it reads back bit for bit, and read
 * back in any key order with unknown keys skipped, as jsonb returns it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page/logreg.h"
#include "page/logreg_json.h"
#include "page/json_reader.h"

static td_status
put_num(td_buf *out, double v)
{
	char		s[40];
	int			k = snprintf(s, sizeof(s), "%.17g", v);

	return td_buf_append(out, s, k);
}

static td_status
put_str(td_buf *out, const char *s)
{
	return td_buf_append(out, s, strlen(s));
}

static td_status
put_array(td_buf *out, const char *key, const double *v, int n)
{
	td_status	st = put_str(out, key);

	for (int j = 0; j < n && st == TD_OK; j++)
	{
		if (j > 0)
			st = put_str(out, ", ");
		if (st == TD_OK)
			st = put_num(out, v[j]);
	}
	return st != TD_OK ? st : put_str(out, "]");
}

td_status
td_logreg_serialize(const td_logreg *m, td_buf *out)
{
	char		s[128];
	td_status	st;

	snprintf(s, sizeof(s),
			 "{\"version\": %d, \"feature_scheme\": %d, \"size_bounds\": [%d, %d, %d], \"features\": [",
			 TD_LOGREG_VERSION, TD_FEAT_SCHEME, TD_SIZE_BOUND_1, TD_SIZE_BOUND_2, TD_SIZE_BOUND_3);
	st = put_str(out, s);
	/* feature names are plain ASCII identifiers: no escaping needed */
	for (int j = 0; j < TD_N_FEATURES && st == TD_OK; j++)
	{
		snprintf(s, sizeof(s), "%s\"%s\"", j ? ", " : "", td_feature_names[j]);
		st = put_str(out, s);
	}
	if (st == TD_OK)
		st = put_str(out, "], \"classes\": [");
	for (int c = 0; c < TD_N_SIZE_CLASSES && st == TD_OK; c++)
	{
		const td_logreg_class *k = &m->cls[c];

		snprintf(s, sizeof(s), "%s{\"rows\": %u, \"template\": %u, \"bias\": ",
				 c ? ", " : "", k->n_rows, k->n_template);
		st = put_str(out, s);
		if (st == TD_OK)
			st = put_num(out, k->bias);
		if (st == TD_OK)
			st = put_array(out, ", \"weights\": [", k->weight, TD_N_FEATURES);
		if (st == TD_OK)
			st = put_array(out, ", \"mean\": [", k->mean, TD_N_FEATURES);
		if (st == TD_OK)
			st = put_array(out, ", \"scale\": [", k->scale, TD_N_FEATURES);
		if (st == TD_OK)
			st = put_str(out, "}");
	}
	if (st == TD_OK)
		st = put_str(out, "]}");
	if (st != TD_OK)
		return td_fail(out->env, TD_ENOMEM, "out of memory writing a model");
	return TD_OK;
}

/* The JSON reader (json_reader.h): this shape's values, unknown keys skipped. */

static const char *
j_class(jr *r, td_logreg_class *k)
{
	int			seen = 0,
				keys = 0;
	const char *s;
	size_t		len;
	const char *err;

	if (!j_lit(r, '{'))
		return "a class is not an object";
	if (j_lit(r, '}'))
		return "a class lacks bias, weights, mean or scale";
	do
	{
		if ((err = j_key(r, ++keys, &s, &len)) != NULL)
			return err;
		if (key_is(s, len, "bias"))
		{
			if (!j_num(r, &k->bias))
				return "bad bias";
			seen |= 1;
		}
		else if (key_is(s, len, "weights"))
		{
			if (!j_num_array(r, k->weight, TD_N_FEATURES))
				return "bad weights (wrong count or not finite numbers)";
			seen |= 2;
		}
		else if (key_is(s, len, "mean"))
		{
			if (!j_num_array(r, k->mean, TD_N_FEATURES))
				return "bad mean (wrong count or not finite numbers)";
			seen |= 4;
		}
		else if (key_is(s, len, "scale"))
		{
			if (!j_num_array(r, k->scale, TD_N_FEATURES))
				return "bad scale (wrong count or not finite numbers)";
			for (int j = 0; j < TD_N_FEATURES; j++)
				if (!(k->scale[j] > 0))
					return "a scale is not positive";
			seen |= 8;
		}
		else if (key_is(s, len, "rows"))
		{
			if (!j_uint(r, &k->n_rows))
				return "bad rows";
		}
		else if (key_is(s, len, "template"))
		{
			if (!j_uint(r, &k->n_template))
				return "bad template";
		}
		else if ((err = j_skip(r, TD_MODEL_MAX_ARRAY)) != NULL)
			return err;
	} while (j_lit(r, ','));
	if (!j_lit(r, '}'))
		return "unterminated class";
	return seen == 15 ? NULL : "a class lacks bias, weights, mean or scale";
}

static const char *
j_model(jr *r, td_logreg *m)
{
	int			seen = 0,
				keys = 0;
	const char *s;
	size_t		len;
	double		v;
	const char *err;

	if ((err = j_model_begin(r)) != NULL)
		return err;
	do
	{
		if ((err = j_key(r, ++keys, &s, &len)) != NULL)
			return err;
		if (key_is(s, len, "version"))
		{
			if (!j_num(r, &v) || v != TD_LOGREG_VERSION)
				return "unsupported model version";
			seen |= 1;
		}
		else if (key_is(s, len, "feature_scheme"))
		{
			if (!j_num(r, &v) || v != TD_FEAT_SCHEME)
				return "model of another feature scheme";
			seen |= 2;
		}
		else if (key_is(s, len, "size_bounds"))
		{
			double		b[3];

			if (!j_num_array(r, b, 3) || b[0] != TD_SIZE_BOUND_1 ||
				b[1] != TD_SIZE_BOUND_2 || b[2] != TD_SIZE_BOUND_3)
				return "model of other size bounds";
			seen |= 4;
		}
		else if (key_is(s, len, "features"))
		{
			if (!j_lit(r, '['))
				return "features is not an array";
			for (int j = 0; j < TD_N_FEATURES; j++)
			{
				if ((j > 0 && !j_lit(r, ',')) || !j_str(r, &s, &len))
					return "feature list differs from this build's";
				if (len > TD_MODEL_MAX_NAME)
					return j_over(r, "a feature name of %zu bytes", len, TD_MODEL_MAX_NAME);
				if (!key_is(s, len, td_feature_names[j]))
					return "feature list differs from this build's";
			}
			if (!j_lit(r, ']'))
				return "feature list differs from this build's";
			seen |= 8;
		}
		else if (key_is(s, len, "classes"))
		{
			if (!j_lit(r, '['))
				return "classes is not an array";
			for (int c = 0; c < TD_N_SIZE_CLASSES; c++)
			{
				if (c > 0 && !j_lit(r, ','))
					return "not four classes";
				if ((err = j_class(r, &m->cls[c])) != NULL)
					return err;
			}
			if (!j_lit(r, ']'))
				return "not four classes";
			seen |= 16;
		}
		else if ((err = j_skip(r, TD_MODEL_MAX_ARRAY)) != NULL)
			return err;
	} while (j_lit(r, ','));
	return j_model_end(r, seen, 31, "missing version, feature_scheme, size_bounds, features or classes");
}

td_status
td_logreg_parse(td_env *env, const char *text, size_t len, td_logreg *out)
{
	jr			r = {env, text, text + len, {0}};
	td_logreg	m;
	const char *err;

	/* before anything is read: work and time are linear in len */
	if (len > TD_MODEL_MAX_BYTES)
		return td_fail(env, TD_EFORMAT, "invalid template model: %zu bytes of text (at most %d)",
					   len, TD_MODEL_MAX_BYTES);
	td_logreg_init(&m);
	if ((err = j_model(&r, &m)) != NULL)
		return td_fail(env, TD_EFORMAT, "invalid template model: %s (at byte %zu)",
					   err, (size_t) (r.p - text));
	*out = m;
	return TD_OK;
}
