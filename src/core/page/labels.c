/*
 * labels.c — structural training labels (labels.h).
 *
 * Site-level marks (marks.c) call template what repeats with its text; a
 * most-popular list or a related-stories box repeats only with its shape, so
 * they call it content, and a classifier trained on them learns to score
 * teaser lists low.  This rule adds, for training only, the link-dense
 * blocks whose shape without text recurs across the site's pages.  Measured
 * in bench/README.md ("Training labels").
 */
#include <math.h>
#include <string.h>

#include "site/fingerprint.h"
#include "base/hash.h"
#include "page/labels.h"
#include "base/tags.h"
#include "util/ascii.h"

#define SEED_STRUCT 0x73747275ULL
#define TEXT_MARK	0x54ULL

td_status
td_struct_fingerprints(const td_tree *t, uint64_t *sfp)
{
	td_env	   *env = t->env;
	uint64_t   *fp = td_alloc(env, sizeof(uint64_t) * (t->n_nodes ? t->n_nodes : 1));
	td_status	st;

	if (!fp)
		return td_fail(env, TD_ENOMEM, "out of memory for structural fingerprints");
	if ((st = td_fingerprints(t, fp)) != TD_OK)
	{
		td_free(env, fp);
		return st;
	}
	for (uint32_t i = t->n_nodes; i-- > 0;)
	{
		const td_node *n = &t->nodes[i];
		uint64_t	h;
		int			any = 0;

		if (n->flags & (TD_F_HIDDEN | TD_F_INHIDDEN))
		{
			sfp[i] = 0;
			continue;
		}
		if (n->kind == TD_TEXT)
		{
			sfp[i] = !td_is_c_blank(td_node_str(t, i), n->str_len) ? TEXT_MARK : 0;
			continue;
		}
		if (n->kind == TD_ROOT)
			h = SEED_STRUCT;
		else if (n->tag != TD_TAG_UNKNOWN)
			h = SEED_STRUCT + n->tag;
		else
			h = td_hash64(td_node_str(t, i), n->str_len, SEED_STRUCT);
		for (uint32_t c = n->first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
			if (sfp[c])
			{
				h = td_hash_mix(h, sfp[c]);
				any = 1;
			}
		sfp[i] = (any || fp[i]) ? (h ? h : 1) : 0;
	}
	/* count only what the text fingerprint counts */
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (!fp[i])
			sfp[i] = 0;
	td_free(env, fp);
	return TD_OK;
}

td_status
td_mark_structural(const td_tree *t, const td_profile_view *p, double threshold,
				   uint8_t *drop)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	uint64_t   *sfp;
	uint32_t   *text,
			   *atext,
			   *anchors;
	uint8_t    *in_a;
	uint64_t	min_count;
	td_status	st;

	if (!(threshold > 0 && threshold <= 1))
		return td_fail(env, TD_EARG, "structural label threshold must be in (0, 1]");
	if (n == 0)
		return TD_OK;
	sfp = td_alloc(env, sizeof(uint64_t) * n);
	text = td_alloc(env, sizeof(uint32_t) * n);
	atext = td_alloc(env, sizeof(uint32_t) * n);
	anchors = td_alloc(env, sizeof(uint32_t) * n);
	in_a = td_alloc(env, n);
	if (!sfp || !text || !atext || !anchors || !in_a)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for structural labels");
		goto done;
	}
	if ((st = td_struct_fingerprints(t, sfp)) != TD_OK)
		goto done;
	/* text and anchor text per subtree (non-blank bytes), anchors per subtree */
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		in_a[i] = (i > 0 && in_a[nd->parent]) || (nd->kind == TD_ELEM && nd->tag == TD_TAG_A);
		text[i] = atext[i] = 0;
		anchors[i] = nd->kind == TD_ELEM && nd->tag == TD_TAG_A &&
			!(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN));
		if (nd->kind == TD_TEXT && !(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)))
		{
			const char *s = td_node_str(t, i);

			for (uint32_t k = 0; k < nd->str_len; k++)
				text[i] += !td_is_c_space((unsigned char) s[k]);
			if (in_a[i])
				atext[i] = text[i];
		}
	}
	for (uint32_t i = n; i-- > 1;)
	{
		uint32_t	pa = t->nodes[i].parent;

		text[pa] += text[i];
		atext[pa] += atext[i];
		anchors[pa] += anchors[i];
	}
	min_count = (uint64_t) ceil(threshold * (double) p->pages - 1e-9);
	if (min_count < 3)
		min_count = 3;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (drop[i] || !sfp[i] || nd->kind != TD_ELEM || nd->depth <= 2)
			continue;
		if (td_profile_view_count(p, sfp[i]) < min_count)
			continue;
		/* link-dense: at least two anchors holding at least half of the text */
		if (anchors[i] >= 2 && text[i] > 0 && 2 * (uint64_t) atext[i] >= text[i])
			drop[i] = 1;
	}
	for (uint32_t i = 1; i < n; i++)
		if (drop[t->nodes[i].parent])
			drop[i] = 1;
	st = TD_OK;
done:
	td_free(env, sfp);
	td_free(env, text);
	td_free(env, atext);
	td_free(env, anchors);
	td_free(env, in_a);
	return st;
}
