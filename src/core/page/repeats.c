/*
 * repeats.c — later copies of a kept leaf block are dropped (repeats.h).
 *
 * Loops over the nodes, one read of the leaf blocks' text and one sort of
 * their hashes; no recursion, and the path comparison of two copies stops
 * after PARALLEL_STEPS.  The marks are written only at the end, after the
 * last poll and the last allocation, so a failure leaves drop and reason
 * as they were.
 */
#include "page/repeats.h"

#include "base/reason.h"
#include "base/render.h"
#include "base/tags.h"
#include "page/context.h"
#include "util/fnv.h"
#include "util/poll.h"
#include "util/sort.h"

#define POLL_PERIOD 4096

/* Per-node state bits. */
#define ST_GONE		0x01		/* dropped, or inside a dropped node */
#define ST_LINK		0x02		/* an <a> or inside one */
#define ST_INNER	0x04		/* holds a block element other than <br> */
#define ST_COPY		0x08		/* a later copy: to be dropped */
#define ST_CELL		0x10		/* a <td> or <th>, or inside one */

typedef struct unit
{
	uint64_t	hash;			/* its kept visible text, white space folded */
	uint32_t	node;			/* the leaf block */
	uint8_t		link_only;		/* every word of it is link text */
} unit;

typedef struct sort_ctx
{
	const unit *u;
} sort_ctx;

static int
unit_cmp(const void *ctx, uint32_t a, uint32_t b)
{
	const unit *u = ((const sort_ctx *) ctx)->u;

	if (u[a].hash != u[b].hash)
		return u[a].hash < u[b].hash ? -1 : 1;
	return u[a].node < u[b].node ? -1 : u[a].node > u[b].node;
}

static int
is_line_block(const td_node *n)
{
	return n->kind == TD_ELEM && (n->flags & TD_F_BLOCK) && n->tag != TD_TAG_BR;
}

/* The text of a unit as the renderer writes it: white space runs folded, words counted. */
typedef struct text_hash
{
	uint64_t	h;
	uint32_t	words;
	int			in_word;		/* the last byte hashed was part of a word */
	int			space;			/* white space is pending before the next word */
} text_hash;

static void
hash_text(text_hash *th, const unsigned char *p, const unsigned char *end)
{
	uint64_t	h = th->h;

	while (p < end)
	{
		size_t		n = (*p > ' ' && *p < 0x80) ? 0 : td_text_space_len(p, end);

		if (n > 0)
		{
			th->space = th->words > 0;
			th->in_word = 0;
			p += n;
			continue;
		}
		if (!th->in_word)
		{
			if (th->space)
				h = td_fnv_byte(h, ' ');
			th->words++;
			th->in_word = 1;
			th->space = 0;
		}
		h = td_fnv_byte(h, *p++);
	}
	th->h = h;
}

/*
 * The unit of leaf block b: its kept visible text hashed, its words
 * counted; *link_only when every text holding a word is link text.
 */
static uint32_t
hash_block(const td_tree *t, uint32_t b, const uint8_t *st, uint64_t *hash, uint8_t *link_only)
{
	text_hash	th = {TD_FNV_OFFSET, 0, 0, 0};

	*link_only = 1;
	for (uint32_t j = b + 1; j < t->nodes[b].end;)
	{
		const td_node *n = &t->nodes[j];

		if ((st[j] & ST_GONE) || (n->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)))
		{
			j = n->end;
			continue;
		}
		if (n->kind == TD_TEXT)
		{
			const unsigned char *p = (const unsigned char *) td_node_str(t, j);
			uint32_t	before = th.words;

			hash_text(&th, p, p + n->str_len);
			if (th.words > before && !(st[j] & ST_LINK))
				*link_only = 0;
		}
		j++;
	}
	*hash = th.h;
	return th.words;
}

/*
 * Whether a and b sit at the same place of two records of one list: the
 * same depth, and the same shape (context.h: name and class) at every step
 * up to the common ancestor (a method's parameter note in each method of a
 * reference page).
 * Up to PARALLEL_STEPS steps, so a deep page costs no more than that.
 */
#define PARALLEL_STEPS 32

static int
parallel(const td_tree *t, uint32_t a, uint32_t b)
{
	if (t->nodes[a].depth != t->nodes[b].depth)
		return 0;
	for (int k = 0; k < PARALLEL_STEPS && a != TD_NONE && b != TD_NONE; k++)
	{
		if (a == b)
			return 1;
		if (td_node_shape(t, a) != td_node_shape(t, b))
			return 0;
		a = t->nodes[a].parent;
		b = t->nodes[b].parent;
	}
	return 0;
}

/* Which unit of the group [a, z) of equal texts stays. */
static uint32_t
keeper(const unit *u, const uint32_t *ix, size_t a, size_t z, unsigned flags)
{
	if (!u[ix[a]].link_only || !(flags & TD_REPEAT_PREFER_TEXT))
		return ix[a];
	for (size_t k = a + 1; k < z; k++)
		if (!u[ix[k]].link_only)
			return ix[k];
	return ix[a];
}

td_status
td_drop_repeats(const td_tree *tree, uint32_t min_words, unsigned flags, uint8_t *drop,
				uint8_t *reason)
{
	td_env	   *env = tree->env;
	uint32_t	n = tree->n_nodes;
	uint8_t    *st;
	unit	   *u;
	uint32_t   *ix;
	size_t		nu = 0,
				blocks = 0;
	td_status	rc = TD_OK;

	if (n < 2)
		return TD_OK;
	u = NULL;
	ix = NULL;
	if (!(st = td_alloc(env, n)))
	{
		rc = td_fail(env, TD_ENOMEM, "out of memory finding repeated blocks among %u nodes", n);
		goto done;
	}
	/* parents come before their children */
	st[0] = drop[0] ? ST_GONE : 0;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];
		uint8_t		up = st[nd->parent];

		if (td_poll_every(env, i, POLL_PERIOD))
		{
			rc = td_fail(env, TD_EINTR, "repeated-block detection interrupted");
			goto done;
		}
		st[i] = (up & (ST_GONE | ST_LINK | ST_CELL)) | (drop[i] ? ST_GONE : 0) |
			(nd->kind == TD_ELEM && nd->tag == TD_TAG_A ? ST_LINK : 0) |
			(nd->kind == TD_ELEM && (nd->tag == TD_TAG_TD || nd->tag == TD_TAG_TH) ? ST_CELL : 0);
		blocks += is_line_block(nd);
	}
	u = td_alloc(env, sizeof(unit) * blocks);
	ix = td_alloc(env, sizeof(uint32_t) * blocks);
	if (!u || !ix)
	{
		rc = td_fail(env, TD_ENOMEM, "out of memory finding repeated blocks among %zu blocks", blocks);
		goto done;
	}
	/* children before their parents */
	for (uint32_t i = n; i-- > 1;)
		if (is_line_block(&tree->nodes[i]) || (st[i] & ST_INNER))
			st[tree->nodes[i].parent] |= ST_INNER;
	/* leaf blocks do not nest, so this reads every text once */
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];

		if (td_poll_every(env, i, POLL_PERIOD))
		{
			rc = td_fail(env, TD_EINTR, "repeated-block detection interrupted");
			goto done;
		}
		if (!is_line_block(nd) || (st[i] & (ST_GONE | ST_INNER)) ||
			(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)))
			continue;
		if (hash_block(tree, i, st, &u[nu].hash, &u[nu].link_only) >= (min_words ? min_words : 1))
		{
			u[nu].node = i;
			ix[nu] = (uint32_t) nu;
			nu++;
		}
	}
	{
		sort_ctx	ctx = {u};

		if ((rc = td_sort_index(env, ix, nu, unit_cmp, &ctx)) != TD_OK)
			goto done;
	}
	for (size_t a = 0, z; a < nu; a = z)
	{
		uint32_t	keep;

		for (z = a + 1; z < nu && u[ix[z]].hash == u[ix[a]].hash; z++)
			;
		if (z - a < 2)
			continue;
		keep = keeper(u, ix, a, z, flags);
		for (size_t k = a; k < z; k++)
		{
			const td_node *c = &tree->nodes[u[ix[k]].node];

			if (ix[k] == keep ||
				((flags & TD_REPEAT_KEEP_IN_TABLES) && ((st[u[ix[k]].node] | st[u[keep].node]) & ST_CELL)) ||
				((flags & TD_REPEAT_KEEP_SIBLINGS) && c->parent == tree->nodes[u[keep].node].parent) ||
				((flags & TD_REPEAT_KEEP_PARALLEL) && parallel(tree, u[ix[k]].node, u[keep].node)))
				continue;
			st[u[ix[k]].node] |= ST_COPY;
		}
	}
	/* nothing can fail from here on */
	for (uint32_t i = 1; i < n; i++)
	{
		if (!(st[i] & ST_COPY))
			continue;
		drop[i] = 1;
		if (reason)
			reason[i] = TD_REASON_REPEAT;
		for (uint32_t j = i + 1; j < tree->nodes[i].end; j++)
			if (!drop[j])
			{
				drop[j] = 1;
				if (reason)
					reason[j] = TD_REASON_INSIDE;
			}
	}
done:
	td_free(env, st);
	td_free(env, u);
	td_free(env, ix);
	return rc;
}
