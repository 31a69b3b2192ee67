/*
 * chunk.c — table text chunks (chunk.h).  A cut is recorded before the first
 * node of each delimiter element and before the first node after it (its
 * subtree is [d, end) in the flat preorder tree), then one loop in document
 * order hashes the text between cuts: no stack, no recursion.
 */
#include <string.h>

#include "site/chunk.h"
#include "site/fingerprint.h"
#include "base/hash.h"
#include "base/tags.h"
#include "base/textfold.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "util/sort.h"

#define SEED_CHUNK	0x6368756e6bULL	/* "chunk" */
#define SEED_PAGE	0x70616765ULL	/* "page" */
#define POLL_EVERY	65536		/* nodes between two polls of env->interrupted */

int
td_chunk_delimiter(uint16_t tag)
{
	switch (tag)
	{
		case TD_TAG_TABLE:
		case TD_TAG_CAPTION:
		case TD_TAG_THEAD:
		case TD_TAG_TBODY:
		case TD_TAG_TFOOT:
		case TD_TAG_TR:
		case TD_TAG_TD:
		case TD_TAG_TH:
		case TD_TAG_COLGROUP:
		case TD_TAG_COL:
		case TD_TAG_MAP:
		case TD_TAG_AREA:
			return 1;
		default:
			return 0;
	}
}

void
td_chunks_free(const td_tree *t, td_chunks *c)
{
	td_free(t->env, c->of);
	td_free(t->env, c->fp);
	memset(c, 0, sizeof(*c));
}

td_status
td_page_chunks(const td_tree *t, int fold_dates, td_chunks *c)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	uint8_t    *cut;
	td_text_fold tf;
	uint32_t	i;

	memset(c, 0, sizeof(*c));
	cut = td_alloc(env, (size_t) n + 1);
	c->of = td_alloc(env, (size_t) n * sizeof(uint32_t));
	c->fp = td_alloc(env, (size_t) n * sizeof(uint64_t));
	if (cut == NULL || c->of == NULL || c->fp == NULL)
	{
		td_free(env, cut);
		td_chunks_free(t, c);
		return td_fail(env, TD_ENOMEM, "out of memory cutting %u nodes into chunks", n);
	}
	memset(cut, 0, (size_t) n + 1);
	for (i = 0; i < n; i++)
		if (t->nodes[i].kind == TD_ELEM && td_chunk_delimiter(t->nodes[i].tag))
			cut[i] = cut[t->nodes[i].end] = 1;

	td_text_fold_init(&tf, SEED_CHUNK);
	for (i = 0; i <= n; i++)
	{
		const td_node *node;

		if (td_poll_every(env, i + 1, POLL_EVERY))
		{
			td_free(env, cut);
			td_chunks_free(t, c);
			return td_fail(env, TD_EINTR, "interrupted");
		}
		if (cut[i] || i == n)
		{
			uint64_t	h = td_text_fold_finish(&tf);

			if (h != 0)
				c->fp[c->n++] = h;
			td_text_fold_init(&tf, SEED_CHUNK);
		}
		if (i == n)
			break;
		node = &t->nodes[i];
		c->of[i] = TD_NONE;
		if (node->kind != TD_TEXT || (node->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) ||
			td_is_c_blank(td_node_str(t, i), node->str_len))
			continue;
		td_text_fold_break(&tf);
		td_text_fold_add(&tf, td_node_str(t, i), node->str_len, fold_dates);
		c->of[i] = c->n;		/* the chunk being hashed gets this index */
	}
	td_free(env, cut);
	return TD_OK;
}

uint64_t
td_chunk_page_entry(uint64_t page_key)
{
	uint64_t	h = td_hash_mix(SEED_PAGE, page_key);

	return h ? h : 1;
}

size_t
td_chunk_page_fingerprints(const td_chunks *c, uint64_t page_key, uint64_t *out)
{
	memcpy(out, c->fp, (size_t) c->n * sizeof(uint64_t));
	out[c->n] = td_chunk_page_entry(page_key);
	return td_sort_distinct(out, (size_t) c->n + 1);
}
