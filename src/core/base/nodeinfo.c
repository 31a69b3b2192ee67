/*
 * nodeinfo.c — paths and subtree texts of every node of a page (nodeinfo.h).
 */
#include "base/nodeinfo.h"

#include <stdio.h>
#include <string.h>

#include "util/poll.h"
#include "util/sort.h"

#define POLL_EVERY 4096

/* Children of one parent, by name ("text()" for text), then in document order. */
static int
cmp_sibling(const void *ctx, uint32_t a, uint32_t b)
{
	const td_tree *t = ctx;
	const td_node *na = &t->nodes[a];
	const td_node *nb = &t->nodes[b];
	int			c;

	if (na->parent != nb->parent)
		return na->parent < nb->parent ? -1 : 1;
	if (na->kind != nb->kind)
		return na->kind < nb->kind ? -1 : 1;
	if (na->kind == TD_ELEM)
	{
		if (na->str_len != nb->str_len)
			return na->str_len < nb->str_len ? -1 : 1;
		c = memcmp(td_node_str(t, a), td_node_str(t, b), na->str_len);
		if (c != 0)
			return c;
	}
	return a < b ? -1 : a > b;
}

/* Whether a and b are children of one parent with one name. */
static int
same_group(const td_tree *t, uint32_t a, uint32_t b)
{
	const td_node *na = &t->nodes[a];
	const td_node *nb = &t->nodes[b];

	if (na->parent != nb->parent || na->kind != nb->kind)
		return 0;
	return na->kind != TD_ELEM ||
		(na->str_len == nb->str_len &&
		 memcmp(td_node_str(t, a), td_node_str(t, b), na->str_len) == 0);
}

/*
 * Below this many children, a parent's children are numbered by comparing
 * each with the earlier ones; above, by sorting them (cmp_sibling).
 */
#define SMALL_FAMILY 16

/*
 * position[] of every node, one parent at a time: its children grouped by
 * name in document order, each numbered within its group (0 when alone).
 * Most parents have a few children, numbered by direct comparison; a wide
 * parent's are sorted, so a parent of k children costs O(k log k).  (One
 * sort of every node of the page was a fifth of page_segments' time.)
 */
static td_status
build_positions(const td_tree *t, td_nodeinfo *ni)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	uint32_t   *kids;
	uint32_t	max_depth = 0;
	uint64_t	polls = 0,
				next_poll = 0;
	td_status	st = TD_OK;

	ni->position = td_alloc(env, (size_t) n * sizeof(uint32_t));
	kids = td_alloc(env, (size_t) n * sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++)
		if (t->nodes[i].depth > max_depth)
			max_depth = t->nodes[i].depth;
	ni->chain = td_alloc(env, ((size_t) max_depth + 1) * sizeof(uint32_t));
	if (!ni->position || !kids || !ni->chain)
	{
		td_free(env, kids);
		return td_fail(env, TD_ENOMEM, "out of memory numbering a page's nodes");
	}
	if (n > 0)
		ni->position[0] = 0;
	for (uint32_t p = 0; p < n && st == TD_OK; p++)
	{
		uint32_t	k = 0;

		for (uint32_t c = t->nodes[p].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
			kids[k++] = c;
		if (k == 0)
			continue;
		/* a poll before the first family and then every POLL_EVERY children */
		if (polls >= next_poll)
		{
			next_poll = polls + POLL_EVERY;
			if (td_interrupted(env))
			{
				st = td_fail(env, TD_EINTR, "interrupted");
				break;
			}
		}
		polls += k;
		if (k <= SMALL_FAMILY)
		{
			for (uint32_t a = 0; a < k; a++)
			{
				uint32_t	rank = 1,
							same = 1;

				for (uint32_t b = 0; b < k; b++)
					if (b != a && same_group(t, kids[a], kids[b]))
					{
						same++;
						rank += b < a;
					}
				ni->position[kids[a]] = same > 1 ? rank : 0;
			}
		}
		else if ((st = td_sort_index(env, kids, k, cmp_sibling, t)) == TD_OK)
		{
			for (uint32_t r = 0; r < k;)
			{
				uint32_t	run = r + 1;

				while (run < k && same_group(t, kids[r], kids[run]))
					run++;
				for (uint32_t q = r; q < run; q++)
					ni->position[kids[q]] = run - r > 1 ? q - r + 1 : 0;
				r = run;
			}
		}
	}
	td_free(env, kids);
	return st;
}

/* Every node's text slice: a text node's own, an element's from its first word to its last. */
static td_status
build_text(const td_tree *t, td_nodeinfo *ni)
{
	td_env	   *env = t->env;
	size_t		bytes = (size_t) t->n_nodes * sizeof(uint32_t);
	td_text_ranges *r = &ni->ranges;
	td_status	st;

	r->byte_start = td_alloc(env, bytes);
	r->byte_end = td_alloc(env, bytes);
	r->char_start = td_alloc(env, bytes);
	r->char_end = td_alloc(env, bytes);
	if (!r->byte_start || !r->byte_end || !r->char_start || !r->char_end)
		return td_fail(env, TD_ENOMEM, "out of memory indexing a page's text");
	if ((st = td_render_text_ranges(t, &ni->text, r)) != TD_OK)
		return st;
	/* children after their parent: a reverse loop sees a parent's last child first */
	for (uint32_t i = t->n_nodes; i-- > 1;)
	{
		uint32_t	p = t->nodes[i].parent;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		if (r->byte_start[i] == TD_NONE)
			continue;
		r->byte_start[p] = r->byte_start[i];
		r->char_start[p] = r->char_start[i];
		if (r->byte_end[p] == TD_NONE)
		{
			r->byte_end[p] = r->byte_end[i];
			r->char_end[p] = r->char_end[i];
		}
	}
	return TD_OK;
}

td_status
td_nodeinfo_build(const td_tree *tree, unsigned what, td_nodeinfo *ni)
{
	td_status	st = TD_OK;

	memset(ni, 0, sizeof(*ni));
	ni->tree = tree;
	td_buf_init(&ni->text, tree->env);
	if (what & TD_NODEINFO_PATHS)
		st = build_positions(tree, ni);
	if (st == TD_OK && (what & TD_NODEINFO_TEXT))
		st = build_text(tree, ni);
	return st;
}

void
td_nodeinfo_free(td_nodeinfo *ni)
{
	td_env	   *env;

	if (ni->tree == NULL)
		return;
	env = ni->tree->env;
	td_free(env, ni->position);
	td_free(env, ni->chain);
	td_buf_free(&ni->text);
	td_free(env, ni->ranges.byte_start);
	td_free(env, ni->ranges.byte_end);
	td_free(env, ni->ranges.char_start);
	td_free(env, ni->ranges.char_end);
	memset(ni, 0, sizeof(*ni));
}

td_status
td_nodeinfo_path(td_nodeinfo *ni, uint32_t i, uint32_t max_steps, td_buf *out)
{
	const td_tree *t = ni->tree;
	uint32_t	depth = t->nodes[i].depth;
	uint32_t	steps = depth;
	td_status	st = TD_OK;

	if (i == 0)
		return td_buf_putc(out, '/');
	if (max_steps == 0)
		max_steps = 1;			/* a node's own step is always printed */
	if (steps > max_steps)
	{
		steps = max_steps;
		st = td_buf_append(out, TD_PATH_ELIDED, sizeof(TD_PATH_ELIDED) - 1);
	}
	for (uint32_t k = steps, v = i; k > 0; k--, v = t->nodes[v].parent)
		ni->chain[k - 1] = v;
	for (uint32_t k = 0; k < steps && st == TD_OK; k++)
	{
		uint32_t	v = ni->chain[k];
		const td_node *n = &t->nodes[v];

		st = td_buf_putc(out, '/');
		if (st == TD_OK)
		{
			if (n->kind == TD_TEXT)
				st = td_buf_append(out, "text()", 6);
			else
				st = td_buf_append(out, td_node_str(t, v), n->str_len);
		}
		if (st == TD_OK && ni->position[v] > 0)
		{
			char		num[16];
			int			len = snprintf(num, sizeof(num), "[%u]", (unsigned) ni->position[v]);

			st = td_buf_append(out, num, (size_t) len);
		}
	}
	return st;
}

td_status
td_nodeinfo_text(const td_nodeinfo *ni, uint32_t i, uint32_t max_chars, td_buf *out,
				 uint32_t *length)
{
	const td_text_ranges *r = &ni->ranges;
	const unsigned char *s;
	size_t		len,
				cut = 0;
	uint32_t	chars = 0;

	if (r->byte_start[i] == TD_NONE)
	{
		if (length)
			*length = 0;
		return TD_OK;
	}
	if (length)
		*length = r->char_end[i] - r->char_start[i];
	s = (const unsigned char *) ni->text.data + r->byte_start[i];
	len = r->byte_end[i] - r->byte_start[i];
	/* up to the lead byte of code point max_chars + 1 */
	for (; cut < len; cut++)
		if ((s[cut] & 0xC0) != 0x80 && chars++ == max_chars)
			break;
	return td_buf_append(out, s, cut);
}
