/*
 * tree_helpers.h — what several core unit tests do with a page: parse a
 * NUL-terminated UTF-8 string with the default limits, parse a page of
 * deeply nested divs, find an element by its id.
 */
#ifndef TD_TREE_HELPERS_H
#define TD_TREE_HELPERS_H

#include <stdlib.h>
#include <string.h>

#include "base/tree.h"

/* The page tree of html (UTF-8, default limits) in env, or NULL. */
static inline td_tree *
parse_env(td_env *e, const char *html)
{
	td_tree    *t = NULL;
	td_limits	lim;

	td_limits_default(&lim);
	if (td_parse_html(e, html, strlen(html), "UTF-8", &lim, &t) != TD_OK)
		return NULL;
	return t;
}

/*
 * The page head, depth nested <div>s, tail (UTF-8), parsed with a depth
 * limit that keeps the nesting (2 * depth), in env; NULL when that fails.
 * For the tests that a deep page walks without recursion.
 */
static inline td_tree *
parse_nested_divs(td_env *e, const char *head, size_t depth, const char *tail)
{
	size_t		hl = strlen(head),
				tl = strlen(tail);
	char	   *html = malloc(hl + depth * 5 + tl + 1),
			   *p = html;
	td_tree    *t = NULL;
	td_limits	lim;

	if (!html)
		return NULL;
	memcpy(p, head, hl);
	p += hl;
	for (size_t k = 0; k < depth; k++, p += 5)
		memcpy(p, "<div>", 5);
	memcpy(p, tail, tl + 1);
	td_limits_default(&lim);
	lim.max_depth = 2 * depth;
	if (td_parse_html(e, html, strlen(html), "UTF-8", &lim, &t) != TD_OK)
		t = NULL;
	free(html);
	return t;
}

/* The element whose id attribute is id, or TD_NONE. */
static inline uint32_t
node_of_id(const td_tree *t, const char *id)
{
	uint32_t	len;

	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		const char *v = t->nodes[i].kind == TD_ELEM ? td_node_attr(t, i, "id", &len) : NULL;

		if (v && len == strlen(id) && memcmp(v, id, len) == 0)
			return i;
	}
	return TD_NONE;
}

#endif
