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

/*
 * A small JSON reader for exactly this shape.  Values it does not expect
 * are skipped whole (a loop with a depth counter, not recursion).
 */
typedef struct jr
{
	td_env	   *env;
	const char *p;
	const char *end;
	char		msg[96];		/* a message with numbers (over a bound) */
} jr;

/* a bound's value in a string literal */
#define TD_STR_(x) #x
#define TD_STR(x) TD_STR_(x)

/* "what (at most bound)" in r->msg; what is a format of one %zu, n. */
static const char *
j_over(jr *r, const char *what, size_t n, int bound)
{
	int			k = snprintf(r->msg, sizeof(r->msg), what, n);

	if (k > 0 && (size_t) k < sizeof(r->msg))
		snprintf(r->msg + k, sizeof(r->msg) - k, " (at most %d)", bound);
	return r->msg;
}

static void
j_ws(jr *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static int
j_lit(jr *r, char c)
{
	j_ws(r);
	if (r->p < r->end && *r->p == c)
	{
		r->p++;
		return 1;
	}
	return 0;
}

/* A string; *s and *len point into the text (escapes left as they are). */
static int
j_str(jr *r, const char **s, size_t *len)
{
	if (!j_lit(r, '"'))
		return 0;
	*s = r->p;
	while (r->p < r->end && *r->p != '"')
	{
		if ((unsigned char) *r->p < 0x20)
			return 0;
		if (*r->p == '\\')
			r->p++;
		r->p++;
	}
	if (r->p >= r->end)
		return 0;
	*len = r->p - *s;
	r->p++;
	return 1;
}

static int
j_num(jr *r, double *v)
{
	const char *s;
	char		buf[512];
	char	   *e;
	size_t		n;

	j_ws(r);
	s = r->p;
	/* JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p >= r->end || *r->p < '0' || *r->p > '9')
		return 0;
	if (*r->p == '0')
		r->p++;
	else
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	if (r->p < r->end && *r->p == '.')
	{
		r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return 0;
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E'))
	{
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return 0;
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	n = r->p - s;
	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, &e);
	return e == buf + n && isfinite(*v);
}

/*
 * Skips one value of any kind (a value of a key this reader does not know);
 * NULL, or what is wrong with it.  Its nesting and the elements of each of
 * its arrays and objects are bounded like the model's own.
 */
static const char *
j_skip(jr *r)
{
	int			depth = 0;
	size_t		count[TD_MODEL_MAX_DEPTH];	/* elements so far, per level */

	do
	{
		const char *s;
		size_t		len;
		double		v;

		j_ws(r);
		if (r->p >= r->end)
			return "bad value";
		if (*r->p == '{' || *r->p == '[')
		{
			if (depth == TD_MODEL_MAX_DEPTH)
				return "a value nested deeper than " TD_STR(TD_MODEL_MAX_DEPTH) " levels";
			r->p++;
			count[depth++] = 1;
			continue;
		}
		if (*r->p == '}' || *r->p == ']')
		{
			if (depth == 0)
				return "bad value";
			r->p++;
			depth--;
		}
		else if (*r->p == '"')
		{
			if (!j_str(r, &s, &len))
				return "bad value";
		}
		else if (*r->p == ',' || *r->p == ':')
		{
			if (depth == 0)
				return "bad value";
			if (*r->p == ',' && ++count[depth - 1] > TD_MODEL_MAX_ARRAY)
				return "an array or object of more than " TD_STR(TD_MODEL_MAX_ARRAY) " elements";
			r->p++;
			continue;
		}
		else if (r->end - r->p >= 4 && (memcmp(r->p, "true", 4) == 0 || memcmp(r->p, "null", 4) == 0))
			r->p += 4;
		else if (r->end - r->p >= 5 && memcmp(r->p, "false", 5) == 0)
			r->p += 5;
		else if (!j_num(r, &v))
			return "bad value";
	} while (depth > 0);
	return NULL;
}

/* A key of an object (the n-th, from 1) and its colon; NULL, or what is wrong. */
static const char *
j_key(jr *r, int n, const char **s, size_t *len)
{
	if (n > TD_MODEL_MAX_KEYS)
		return "an object of more than " TD_STR(TD_MODEL_MAX_KEYS) " keys";
	if (!j_str(r, s, len))
		return "bad key";
	if (*len > TD_MODEL_MAX_NAME)
		return j_over(r, "a key of %zu bytes", *len, TD_MODEL_MAX_NAME);
	if (!j_lit(r, ':'))
		return "bad key";
	return NULL;
}

static int
key_is(const char *s, size_t len, const char *key)
{
	return strlen(key) == len && memcmp(s, key, len) == 0;
}

static int
j_num_array(jr *r, double *v, int n)
{
	if (!j_lit(r, '['))
		return 0;
	for (int j = 0; j < n; j++)
		if ((j > 0 && !j_lit(r, ',')) || !j_num(r, &v[j]))
			return 0;
	return j_lit(r, ']');
}

static int
j_uint(jr *r, uint32_t *u)
{
	double		v;

	if (!j_num(r, &v) || v < 0 || v > UINT32_MAX || v != floor(v))
		return 0;
	*u = (uint32_t) v;
	return 1;
}

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
		else if ((err = j_skip(r)) != NULL)
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

	if (!j_lit(r, '{'))
		return "not a JSON object";
	if (j_lit(r, '}'))
		return "empty object";
	do
	{
		const char *err;

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
		else if ((err = j_skip(r)) != NULL)
			return err;
	} while (j_lit(r, ','));
	if (!j_lit(r, '}'))
		return "unterminated object";
	j_ws(r);
	if (r->p != r->end)
		return "text after the model";
	if (seen != 31)
		return "missing version, feature_scheme, size_bounds, features or classes";
	return NULL;
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
