/*
 * walk.c — the tree walk and text pieces the output renderers share
 * (walk.h).  Elements are closed without a stack, as render.c does: before
 * node j, the nodes from the previously visited one up to j's parent
 * (exclusive) are the elements that ended in between.
 */
#include "output/walk.h"
#include "base/render.h"
#include "util/poll.h"

/* Closes the elements from k up to stop (exclusive). */
static td_status
close_to(const td_tree *t, const td_walk_hooks *hooks, void *state, uint32_t k, uint32_t stop)
{
	td_status	st = TD_OK;

	while (k != stop && k != TD_NONE && st == TD_OK)
	{
		if (t->nodes[k].kind == TD_ELEM)
			st = hooks->close(state, k);
		k = t->nodes[k].parent;
	}
	return st;
}

td_status
td_walk(const td_tree *tree, const uint8_t *drop, const td_walk_hooks *hooks, void *state,
		td_env *env)
{
	uint32_t	prev = TD_NONE;
	uint32_t	j = 0;
	uint64_t	steps = 0;
	td_status	st = TD_OK;

	while (j < tree->n_nodes && st == TD_OK)
	{
		const td_node *n = &tree->nodes[j];

		if (td_poll_every(env, ++steps, 4096))
			return td_fail(env, TD_EINTR, "interrupted");
		st = close_to(tree, hooks, state, prev, n->parent);
		if (st != TD_OK)
			break;
		if ((drop && drop[j]) || (n->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)))
		{
			prev = n->parent;
			j = n->end;
			continue;
		}
		if (n->kind == TD_ELEM)
			st = hooks->open(state, j);
		else if (n->kind == TD_TEXT)
			st = hooks->text(state, j);
		prev = j;
		j++;
	}
	if (st == TD_OK)
		st = close_to(tree, hooks, state, prev, TD_NONE);
	return st;
}

int
td_text_piece(const unsigned char **p, const unsigned char *end, int keep_blanks,
			  const unsigned char **word, size_t *len)
{
	const unsigned char *q = *p;
	size_t		w;

	for (;;)
	{
		if (q >= end)
		{
			*p = q;
			return TD_PIECE_END;
		}
		if (!keep_blanks && (w = td_text_space_len(q, end)) > 0)
		{
			while (q < end && (w = td_text_space_len(q, end)) > 0)
				q += w;
			*p = q;
			return TD_PIECE_BLANK;
		}
		if ((w = td_text_zw_len(q, end)) == 0)
			break;
		q += w;
	}
	*word = q;
	/* visible ASCII, most of any text, is neither blank nor zero-width: decided inline */
	while (q < end && ((*q > ' ' && *q < 0x80) ||
					   ((keep_blanks || td_text_space_len(q, end) == 0) && td_text_zw_len(q, end) == 0)))
		q++;
	*len = (size_t) (q - *word);
	*p = q;
	return TD_PIECE_WORD;
}
