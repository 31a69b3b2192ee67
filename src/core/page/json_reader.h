/*
 * json_reader.h — the small JSON reader of the model text forms
 * (logreg_json.c, gbdt_json.c): a cursor over the text, each function
 * reading one token or value in place (strings are left escaped and point
 * into the text).  Values a parser does not expect are skipped whole (a loop
 * with a depth counter, not recursion), under bounds on nesting, key count,
 * key length and elements.  Static inline: each parser compiles its own
 * copy, nothing is exported.
 */
#ifndef TD_JSON_READER_H
#define TD_JSON_READER_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/env.h"
#include "page/logreg_json.h"

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
static inline const char *
j_over(jr *r, const char *what, size_t n, int bound)
{
	int			k = snprintf(r->msg, sizeof(r->msg), what, n);

	if (k > 0 && (size_t) k < sizeof(r->msg))
		snprintf(r->msg + k, sizeof(r->msg) - k, " (at most %d)", bound);
	return r->msg;
}

static inline void
j_ws(jr *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static inline int
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
static inline int
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

static inline int
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
 * NULL, or what is wrong with it.  Its nesting is bounded by
 * TD_MODEL_MAX_DEPTH and the elements of each of its arrays and objects by
 * max_elems.
 */
static inline const char *
j_skip(jr *r, size_t max_elems)
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
			if (*r->p == ',' && ++count[depth - 1] > max_elems)
			{
				snprintf(r->msg, sizeof(r->msg), "an array or object of more than %zu elements",
						 max_elems);
				return r->msg;
			}
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
static inline const char *
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

static inline int
key_is(const char *s, size_t len, const char *key)
{
	return strlen(key) == len && memcmp(s, key, len) == 0;
}

static inline int
j_num_array(jr *r, double *v, int n)
{
	if (!j_lit(r, '['))
		return 0;
	for (int j = 0; j < n; j++)
		if ((j > 0 && !j_lit(r, ',')) || !j_num(r, &v[j]))
			return 0;
	return j_lit(r, ']');
}

static inline int
j_uint(jr *r, uint32_t *u)
{
	double		v;

	if (!j_num(r, &v) || v < 0 || v > UINT32_MAX || v != floor(v))
		return 0;
	*u = (uint32_t) v;
	return 1;
}

/* A model object's opening brace and at least one key after it; NULL, or what is wrong. */
static inline const char *
j_model_begin(jr *r)
{
	if (!j_lit(r, '{'))
		return "not a JSON object";
	if (j_lit(r, '}'))
		return "empty object";
	return NULL;
}

/*
 * After a model object's last key: its closing brace, then nothing but
 * white space to the end of the text, then every required key seen (the
 * seen bits equal to all); NULL, or what is wrong (missing: the keys named).
 */
static inline const char *
j_model_end(jr *r, unsigned seen, unsigned all, const char *missing)
{
	if (!j_lit(r, '}'))
		return "unterminated object";
	j_ws(r);
	if (r->p != r->end)
		return "text after the model";
	if (seen != all)
		return missing;
	return NULL;
}

#endif							/* TD_JSON_READER_H */
