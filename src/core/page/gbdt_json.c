/*
 * gbdt_json.c — the text form of a tree model and the model argument of
 * either kind (gbdt_json.h).
 */
#include "page/gbdt_json.h"

#include "page/context.h"
#include "page/json_reader.h"
#include "page/logreg_json.h"

static td_status
put_fmt(td_buf *out, const char *fmt, double v)
{
	char		s[48];
	int			k = snprintf(s, sizeof(s), fmt, v);

	return td_buf_append(out, s, k);
}

td_status
td_gbdt_serialize(const td_gbdt *m, td_buf *out)
{
	char		s[96];
	td_status	st;

	if (m->n_features > TD_N_ROW)
		return td_fail(out->env, TD_EARG, "a tree model of %u features has no names in this build",
					   m->n_features);
	snprintf(s, sizeof(s), "{\"kind\": \"gbdt\", \"version\": %d, \"feature_scheme\": %d, \"features\": [",
			 TD_GBDT_VERSION, TD_FEAT_SCHEME);
	st = td_buf_append(out, s, strlen(s));
	/* feature names are plain ASCII identifiers: no escaping needed */
	for (uint32_t j = 0; j < m->n_features && st == TD_OK; j++)
	{
		snprintf(s, sizeof(s), "%s\"%s\"", j ? ", " : "", td_row_name(j));
		st = td_buf_append(out, s, strlen(s));
	}
	if (st == TD_OK)
		st = td_buf_append(out, "], \"base\": ", 11);
	if (st == TD_OK)
		st = put_fmt(out, "%.17g", m->base);
	if (st == TD_OK)
		st = td_buf_append(out, ", \"trees\": [", 12);
	for (uint32_t t = 0; t < m->n_trees && st == TD_OK; t++)
	{
		st = td_buf_append(out, t ? ", [" : "[", t ? 3 : 1);
		for (uint32_t k = m->tree_first[t]; k < m->tree_first[t + 1] && st == TD_OK; k++)
		{
			const td_gbdt_node *nd = &m->nodes[k];

			if (TD_GBDT_IS_LEAF(nd))
				snprintf(s, sizeof(s), "%s-1, 0, ", k > m->tree_first[t] ? ", " : "");
			else
				snprintf(s, sizeof(s), "%s%u, %u, ", k > m->tree_first[t] ? ", " : "",
						 (unsigned) nd->feature, (unsigned) nd->left);
			st = td_buf_append(out, s, strlen(s));
			if (st == TD_OK)
				st = put_fmt(out, "%.9g", nd->value);
		}
		if (st == TD_OK)
			st = td_buf_append(out, "]", 1);
	}
	if (st == TD_OK)
		st = td_buf_append(out, "]}", 2);
	if (st != TD_OK)
		return td_fail(out->env, TD_ENOMEM, "out of memory writing a tree model");
	return TD_OK;
}

/* "more than N what" in r->msg. */
static const char *
j_more(jr *r, size_t n, const char *what)
{
	snprintf(r->msg, sizeof(r->msg), "more than %zu %s", n, what);
	return r->msg;
}

/* Whether the next value is an integer in [lo, hi]. */
static int
j_int(jr *r, long lo, long hi, long *out)
{
	double		v;

	if (!j_num(r, &v) || v != floor(v) || v < lo || v > hi)
		return 0;
	*out = (long) v;
	return 1;
}

/*
 * "trees": with m->nodes NULL, counts (m->n_trees, m->n_nodes, each under
 * its bound); otherwise fills the arrays sized by that count (m->n_trees,
 * m->n_nodes from the first pass), never past them.
 */
static const char *
j_trees(jr *r, td_gbdt *m)
{
	int			fill = m->nodes != NULL;
	uint32_t	t = 0,
				k = 0,
				cap_trees = m->n_trees,
				cap_nodes = m->n_nodes;

	if (!j_lit(r, '['))
		return "trees is not an array";
	if (j_lit(r, ']'))
		return "no trees";
	do
	{
		uint32_t	local = 0;

		if (t == TD_GBDT_MAX_TREES)
			return j_more(r, TD_GBDT_MAX_TREES, "trees");
		if (!j_lit(r, '['))
			return "a tree is not an array";
		if (fill && t >= cap_trees)
			return "trees changed between passes";
		if (fill)
			((uint32_t *) m->tree_first)[t] = k;
		do
		{
			long		f,
						left;
			double		v;

			if (local == TD_GBDT_MAX_TREE_NODES)
				return j_more(r, TD_GBDT_MAX_TREE_NODES, "nodes in a tree");
			if (k == TD_GBDT_MAX_NODES)
				return j_more(r, TD_GBDT_MAX_NODES, "nodes");
			if (!j_int(r, -1, TD_GBDT_MAX_FEATURES - 1, &f) || !j_lit(r, ','))
				return "bad node feature (an integer from -1, a leaf, to the features' count - 1)";
			if (!j_int(r, 0, TD_GBDT_MAX_TREE_NODES - 1, &left) || (f < 0 && left != 0) ||
				!j_lit(r, ','))
				return "bad node child (an index inside the tree; 0 for a leaf)";
			if (!j_num(r, &v) || !isfinite((float) v))
				return "bad node value (a finite number)";
			if (fill && k >= cap_nodes)
				return "trees changed between passes";
			if (fill)
				((td_gbdt_node *) m->nodes)[k] = (td_gbdt_node) {
					f < 0 ? 0 : (uint16_t) f, (uint16_t) left, (float) v
				};
			local++;
			k++;
		} while (j_lit(r, ','));
		if (!j_lit(r, ']'))
			return "a tree is not a list of (feature, left, value) triples";
		t++;
	} while (j_lit(r, ','));
	if (!j_lit(r, ']'))
		return "unterminated trees";
	if (fill)
		((uint32_t *) m->tree_first)[t] = k;
	m->n_trees = t;
	m->n_nodes = k;
	return NULL;
}

static const char *
j_gbdt(jr *r, td_gbdt *m)
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
		if (key_is(s, len, "kind"))
		{
			if (!j_str(r, &s, &len) || !key_is(s, len, "gbdt"))
				return "kind is not \"gbdt\"";
		}
		else if (key_is(s, len, "version"))
		{
			if (!j_num(r, &v) || v != TD_GBDT_VERSION)
				return "unsupported tree model version";
			seen |= 1;
		}
		else if (key_is(s, len, "feature_scheme"))
		{
			if (!j_num(r, &v) || v != TD_FEAT_SCHEME)
				return "model of another feature scheme";
			seen |= 2;
		}
		else if (key_is(s, len, "features"))
		{
			uint32_t	j = 0;

			if (!j_lit(r, '['))
				return "features is not an array";
			if (!j_lit(r, ']'))
			{
				do
				{
					if (j == TD_N_ROW)
						return "more features than this build's rows have";
					if (!j_str(r, &s, &len))
						return "bad feature name";
					if (len > TD_MODEL_MAX_NAME)
						return j_over(r, "a feature name of %zu bytes", len, TD_MODEL_MAX_NAME);
					if (!key_is(s, len, td_row_name(j)))
						return "feature list differs from this build's";
					j++;
				} while (j_lit(r, ','));
				if (!j_lit(r, ']'))
					return "unterminated features";
			}
			m->n_features = j;
			seen |= 4;
		}
		else if (key_is(s, len, "base"))
		{
			if (!j_num(r, &m->base))
				return "bad base";
			seen |= 8;
		}
		else if (key_is(s, len, "trees"))
		{
			if (seen & 16)
				return "trees given twice";
			if ((err = j_trees(r, m)) != NULL)
				return err;
			seen |= 16;
		}
		else if ((err = j_skip(r, TD_MODEL_MAX_ARRAY)) != NULL)
			return err;
	} while (j_lit(r, ','));
	return j_model_end(r, seen, 31, "missing version, feature_scheme, features, base or trees");
}

td_status
td_gbdt_parse(td_env *env, const char *text, size_t len, td_gbdt *out)
{
	jr			r = {env, text, text + len, {0}};
	td_gbdt		m;
	const char *err;
	td_status	st;

	memset(out, 0, sizeof(*out));
	/* before anything is read: work and time are linear in len */
	if (len > TD_GBDT_MAX_BYTES)
		return td_fail(env, TD_EFORMAT, "invalid template model: %zu bytes of text (at most %d)",
					   len, TD_GBDT_MAX_BYTES);
	/* pass 1: syntax and counts, nothing allocated */
	memset(&m, 0, sizeof(m));
	if ((err = j_gbdt(&r, &m)) != NULL)
		return td_fail(env, TD_EFORMAT, "invalid template model: %s (at byte %zu)",
					   err, (size_t) (r.p - text));
	/* pass 2: the same text into arrays of the counted sizes */
	{
		uint32_t	n_trees = m.n_trees,
					n_nodes = m.n_nodes;

		m.tree_first = td_alloc(env, sizeof(uint32_t) * (n_trees + 1));
		m.nodes = td_alloc(env, sizeof(td_gbdt_node) * n_nodes);
		m.owned = 1;
		if (!m.tree_first || !m.nodes)
		{
			td_gbdt_free(env, &m);
			return td_fail(env, TD_ENOMEM, "out of memory for a tree model of %u nodes", n_nodes);
		}
		r.p = text;
		err = j_gbdt(&r, &m);
		if (err || m.n_trees != n_trees || m.n_nodes != n_nodes)
		{
			td_gbdt_free(env, &m);	/* the same text: cannot differ */
			return td_fail(env, TD_EFORMAT, "invalid template model: %s", err ? err : "changed");
		}
	}
	if ((st = td_gbdt_check(env, &m)) != TD_OK)
	{
		char		msg[sizeof(env->errmsg)];

		snprintf(msg, sizeof(msg), "%s", env->errmsg);
		td_gbdt_free(env, &m);
		return td_fail(env, st, "invalid template model: %s", msg);
	}
	*out = m;
	return TD_OK;
}

/*
 * The top-level "kind" of a model text: 0 none, 1 "logistic", 2 "gbdt", -1
 * another (*err says).  Text it cannot read gives the kind seen so far: the
 * parser of that kind then says where the text is wrong.
 */
static int
model_kind(td_env *env, const char *text, size_t len, const char **err)
{
	jr			r = {env, text, text + len, {0}};
	int			keys = 0,
				kind = 0;
	const char *s;
	size_t		l;

	*err = NULL;
	if (!j_lit(&r, '{') || j_lit(&r, '}'))
		return 0;
	do
	{
		if (j_key(&r, ++keys, &s, &l) != NULL)
			return kind;
		if (key_is(s, l, "kind"))
		{
			if (!j_str(&r, &s, &l))
				return (*err = "kind is not a string", -1);
			if (key_is(s, l, "logistic"))
				kind = 1;
			else if (key_is(s, l, "gbdt"))
				kind = 2;
			else
				return (*err = "unknown kind (\"gbdt\"; \"logistic\" or none for the logistic model)", -1);
		}
		/* a tree is the longest array of a model */
		else if (j_skip(&r, 3 * (size_t) TD_GBDT_MAX_TREE_NODES) != NULL)
			return kind;
	} while (j_lit(&r, ','));
	return kind;
}

td_status
td_page_model_parse(td_env *env, const char *text, size_t len, td_page_model *out)
{
	const char *err;
	int			kind;

	memset(out, 0, sizeof(*out));
	if (len > TD_GBDT_MAX_BYTES)
		return td_fail(env, TD_EFORMAT, "invalid template model: %zu bytes of text (at most %d)",
					   len, TD_GBDT_MAX_BYTES);
	kind = model_kind(env, text, len, &err);
	if (kind < 0)
		return td_fail(env, TD_EFORMAT, "invalid template model: %s", err);
	if (kind == 2)
	{
		out->kind = TD_MODEL_GBDT;
		return td_gbdt_parse(env, text, len, &out->gbdt);
	}
	out->kind = TD_MODEL_LOGISTIC;
	return td_logreg_parse(env, text, len, &out->logreg);
}

void
td_page_model_free(td_env *env, td_page_model *m)
{
	if (m->kind == TD_MODEL_GBDT)
		td_gbdt_free(env, &m->gbdt);
	memset(m, 0, sizeof(*m));
}
