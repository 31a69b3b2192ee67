/*
 * jsonld.c — the bounded, iterative JSON reader of jsonld.h.
 */
#include <string.h>

#include "util/jsonld.h"
#include "util/ascii.h"
#include "util/poll.h"

/* Skips white space and the wrappers pages put around a block. */
static size_t
skip_filler(const char *s, size_t len, size_t i)
{
	static const char *const wrap[] = {"<!--", "-->", "//<![CDATA[", "//]]>", "<![CDATA[", "]]>"};

	for (;;)
	{
		size_t		k;

		while (i < len && td_is_html_space((unsigned char) s[i]))
			i++;
		for (k = 0; k < sizeof(wrap) / sizeof(wrap[0]); k++)
		{
			size_t		n = strlen(wrap[k]);

			if (len - i >= n && memcmp(s + i, wrap[k], n) == 0)
			{
				i += n;
				break;
			}
		}
		if (k == sizeof(wrap) / sizeof(wrap[0]))
			return i;
	}
}

static td_status
pool_put(td_json *j, const void *p, size_t n)
{
	if (j->n_pool + n > UINT32_MAX)
		return td_fail(j->env, TD_ELIMIT, "JSON-LD text too long");
	if (j->n_pool + n > j->cap_pool &&
		td_grow(j->env, (void **) &j->pool, &j->cap_pool, j->n_pool + n, 1) != TD_OK)
		return TD_ENOMEM;
	memcpy(j->pool + j->n_pool, p, n);
	j->n_pool += n;
	return TD_OK;
}

size_t
td_utf8_encode(uint32_t cp, unsigned char b[4])
{
	if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		cp = 0xFFFD;
	if (cp < 0x80)
	{
		b[0] = (unsigned char) cp;
		return 1;
	}
	if (cp < 0x800)
	{
		b[0] = (unsigned char) (0xC0 | (cp >> 6));
		b[1] = (unsigned char) (0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000)
	{
		b[0] = (unsigned char) (0xE0 | (cp >> 12));
		b[1] = (unsigned char) (0x80 | ((cp >> 6) & 0x3F));
		b[2] = (unsigned char) (0x80 | (cp & 0x3F));
		return 3;
	}
	b[0] = (unsigned char) (0xF0 | (cp >> 18));
	b[1] = (unsigned char) (0x80 | ((cp >> 12) & 0x3F));
	b[2] = (unsigned char) (0x80 | ((cp >> 6) & 0x3F));
	b[3] = (unsigned char) (0x80 | (cp & 0x3F));
	return 4;
}

static td_status
put_utf8(td_json *j, uint32_t cp)
{
	unsigned char b[4];

	return pool_put(j, b, td_utf8_encode(cp, b));
}

static int
hex4(const char *s, size_t len, size_t i, uint32_t *v)
{
	*v = 0;
	if (len - i < 4)
		return 0;
	for (int k = 0; k < 4; k++)
	{
		char		c = s[i + k];
		int			d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			return 0;
		*v = *v * 16 + (uint32_t) d;
	}
	return 1;
}

/* A string starting at s[*i] == '"': decoded into the pool; *i past its end. */
static td_status
read_string(td_json *j, const char *s, size_t len, size_t *i, uint32_t *off, uint32_t *n)
{
	size_t		p = *i + 1;
	size_t		start = j->n_pool;
	td_status	st = TD_OK;

	while (st == TD_OK)
	{
		size_t		q = p;

		while (q < len && s[q] != '"' && s[q] != '\\')
			q++;
		if (q >= len)
			return td_fail(j->env, TD_EFORMAT, "unterminated JSON string");
		if (q > p && (st = pool_put(j, s + p, q - p)) != TD_OK)
			return st;
		p = q;
		if (s[p] == '"')
			break;
		/* an escape */
		if (p + 1 >= len)
			return td_fail(j->env, TD_EFORMAT, "unterminated JSON string");
		switch (s[p + 1])
		{
			case '"': case '\\': case '/':
				st = pool_put(j, s + p + 1, 1);
				p += 2;
				break;
			case 'b': st = pool_put(j, "\b", 1); p += 2; break;
			case 'f': st = pool_put(j, "\f", 1); p += 2; break;
			case 'n': st = pool_put(j, "\n", 1); p += 2; break;
			case 'r': st = pool_put(j, "\r", 1); p += 2; break;
			case 't': st = pool_put(j, "\t", 1); p += 2; break;
			case 'u':
				{
					uint32_t	cp,
								lo;

					if (!hex4(s, len, p + 2, &cp))
						return td_fail(j->env, TD_EFORMAT, "invalid \\u escape in JSON string");
					p += 6;
					if (cp >= 0xD800 && cp <= 0xDBFF && len - p >= 6 && s[p] == '\\' &&
						s[p + 1] == 'u' && hex4(s, len, p + 2, &lo) && lo >= 0xDC00 && lo <= 0xDFFF)
					{
						cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
						p += 6;
					}
					st = put_utf8(j, cp);
					break;
				}
			default:
				return td_fail(j->env, TD_EFORMAT, "invalid escape in JSON string");
		}
	}
	if (st != TD_OK)
		return st;
	*off = (uint32_t) start;
	*n = (uint32_t) (j->n_pool - start);
	*i = p + 1;
	return TD_OK;
}

static td_status
new_val(td_json *j, uint32_t max_values, uint8_t type, uint32_t parent, int has_key,
		uint32_t key_off, uint32_t key_len, uint32_t *out)
{
	td_json_val *v;

	if (j->n_vals >= max_values)
		return td_fail(j->env, TD_EFORMAT, "JSON-LD block has more than %u values", max_values);
	if (j->n_vals + 1 > j->cap_vals &&
		td_grow(j->env, (void **) &j->vals, &j->cap_vals, j->n_vals + 1, sizeof(td_json_val)) != TD_OK)
		return TD_ENOMEM;
	v = &j->vals[j->n_vals];
	memset(v, 0, sizeof(*v));
	v->type = type;
	v->parent = parent;
	v->has_key = (uint8_t) has_key;
	v->key_off = key_off;
	v->key_len = key_len;
	v->end = j->n_vals + 1;
	*out = j->n_vals++;
	return TD_OK;
}

td_status
td_json_parse(td_env *env, const char *s, size_t len, uint32_t max_values, td_json *j)
{
	uint32_t	stack[TD_JSON_MAX_DEPTH];
	int			depth = 0;
	size_t		i;
	int			have_key = 0;
	uint32_t	key_off = 0,
				key_len = 0;
	int			done = 0;
	td_status	st;

	memset(j, 0, sizeof(*j));
	j->env = env;
	if (max_values == 0 || max_values > TD_JSON_MAX_VALUES)
		max_values = TD_JSON_MAX_VALUES;
	i = skip_filler(s, len, 0);
	while (!done)
	{
		uint32_t	parent = depth ? stack[depth - 1] : UINT32_MAX;
		int			in_obj = depth && j->vals[parent].type == TD_JSON_OBJECT;
		uint32_t	v;
		unsigned char c;

		if (td_poll_every(env, j->n_vals + 1, 1u << 14))
			return td_fail(env, TD_EINTR, "JSON-LD reading interrupted");
		while (i < len && td_is_html_space((unsigned char) s[i]))
			i++;
		if (i >= len)
			return td_fail(env, TD_EFORMAT, "unexpected end of JSON");
		c = (unsigned char) s[i];
		if (in_obj && !have_key)
		{
			/* a key, or the end of the object (also after a trailing comma) */
			if (c == '}')
				goto close;
			if (c != '"')
				return td_fail(env, TD_EFORMAT, "expected a JSON object key at byte %zu", i);
			if ((st = read_string(j, s, len, &i, &key_off, &key_len)) != TD_OK)
				return st;
			while (i < len && td_is_html_space((unsigned char) s[i]))
				i++;
			if (i >= len || s[i] != ':')
				return td_fail(env, TD_EFORMAT, "expected ':' after a JSON object key");
			i++;
			have_key = 1;
			continue;
		}
		if (c == ']' && depth && !in_obj)
			goto close;
		/* a value */
		if (c == '{' || c == '[')
		{
			if (depth >= TD_JSON_MAX_DEPTH)
				return td_fail(env, TD_EFORMAT, "JSON nested deeper than %d", TD_JSON_MAX_DEPTH);
			if ((st = new_val(j, max_values, c == '{' ? TD_JSON_OBJECT : TD_JSON_ARRAY, parent,
							  have_key, key_off, key_len, &v)) != TD_OK)
				return st;
			have_key = 0;
			stack[depth++] = v;
			i++;
			continue;
		}
		if (c == '"')
		{
			uint32_t	off,
						n;

			if ((st = read_string(j, s, len, &i, &off, &n)) != TD_OK)
				return st;
			if ((st = new_val(j, max_values, TD_JSON_STRING, parent, have_key, key_off, key_len,
							  &v)) != TD_OK)
				return st;
			j->vals[v].str_off = off;
			j->vals[v].str_len = n;
		}
		else if (c == '-' || (c >= '0' && c <= '9'))
		{
			size_t		q = i;
			uint32_t	off = (uint32_t) j->n_pool;

			while (q < len && (strchr("+-.eE", s[q]) != NULL || (s[q] >= '0' && s[q] <= '9')))
				q++;
			if ((st = pool_put(j, s + i, q - i)) != TD_OK ||
				(st = new_val(j, max_values, TD_JSON_NUMBER, parent, have_key, key_off, key_len,
							  &v)) != TD_OK)
				return st;
			j->vals[v].str_off = off;
			j->vals[v].str_len = (uint32_t) (q - i);
			i = q;
		}
		else
		{
			static const char *const words[] = {"null", "false", "true"};
			int			w;

			for (w = 0; w < 3; w++)
				if (len - i >= strlen(words[w]) && memcmp(s + i, words[w], strlen(words[w])) == 0)
					break;
			if (w == 3)
				return td_fail(env, TD_EFORMAT, "unexpected character in JSON at byte %zu", i);
			if ((st = new_val(j, max_values, (uint8_t) (TD_JSON_NULL + w), parent, have_key,
							  key_off, key_len, &v)) != TD_OK)
				return st;
			i += strlen(words[w]);
		}
		have_key = 0;
		goto after;

close:
		i++;
		j->vals[stack[depth - 1]].end = j->n_vals;
		depth--;
		/* fall into after */
after:
		if (depth == 0)
		{
			done = 1;
			break;
		}
		while (i < len && td_is_html_space((unsigned char) s[i]))
			i++;
		if (i >= len)
			return td_fail(env, TD_EFORMAT, "unexpected end of JSON");
		if (s[i] == ',')
		{
			i++;
			continue;
		}
		if (s[i] == (j->vals[stack[depth - 1]].type == TD_JSON_OBJECT ? '}' : ']'))
			goto close;
		return td_fail(env, TD_EFORMAT, "expected ',' or a closing bracket in JSON at byte %zu", i);
	}
	i = skip_filler(s, len, i);
	if (i < len && s[i] == ';')		/* "...};" */
		i = skip_filler(s, len, i + 1);
	if (i < len)
		return td_fail(env, TD_EFORMAT, "text after the JSON value at byte %zu", i);
	return TD_OK;
}

void
td_json_free(td_json *j)
{
	if (j->env)
	{
		td_free(j->env, j->vals);
		td_free(j->env, j->pool);
	}
	memset(j, 0, sizeof(*j));
}

uint32_t
td_json_member(const td_json *j, uint32_t obj, const char *key)
{
	size_t		n = strlen(key);

	if (obj >= j->n_vals || j->vals[obj].type != TD_JSON_OBJECT)
		return UINT32_MAX;
	for (uint32_t k = td_json_first(j, obj); k != UINT32_MAX; k = td_json_next(j, k))
		if (j->vals[k].key_len == n && memcmp(j->pool + j->vals[k].key_off, key, n) == 0)
			return k;
	return UINT32_MAX;
}
