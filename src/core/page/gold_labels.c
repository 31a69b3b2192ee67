/*
 * gold_labels.c — element labels from a page's gold text (gold_labels.h).
 */
#include "page/gold_labels.h"

#include <string.h>

#include "util/ascii.h"
#include "util/fnv.h"
#include "util/poll.h"

/* Words hashed between two polls of env->interrupted. */
#define GOLD_POLL 65536

typedef struct word_list
{
	td_env	   *env;
	uint64_t   *h;				/* word hashes */
	uint32_t   *owner;			/* text node of each word (NULL for the gold) */
	size_t		n,
				cap_h,
				cap_owner;
} word_list;

/* Appends the word hashes of s[0..n) to w, each owned by node. */
static td_status
words_of(word_list *w, const char *s, size_t n, uint32_t node, int owned)
{
	for (size_t i = 0; i < n;)
	{
		uint64_t	h = TD_FNV_OFFSET;

		if (!td_word_byte((unsigned char) s[i]))
		{
			i++;
			continue;
		}
		while (i < n && td_word_byte((unsigned char) s[i]))
		{
			unsigned char c = (unsigned char) s[i++];

			if (c >= 'A' && c <= 'Z')
				c += 32;
			h = td_fnv_byte(h, c);
		}
		if (td_grow(w->env, (void **) &w->h, &w->cap_h, w->n + 1, sizeof(uint64_t)) != TD_OK ||
			(owned && td_grow(w->env, (void **) &w->owner, &w->cap_owner, w->n + 1,
							  sizeof(uint32_t)) != TD_OK))
			return td_fail(w->env, TD_ENOMEM, "out of memory for the gold labels' words");
		if (owned)
			w->owner[w->n] = node;
		w->h[w->n++] = h;
		if (td_poll_every(w->env, w->n, GOLD_POLL))
			return td_fail(w->env, TD_EINTR, "gold labels interrupted");
	}
	return TD_OK;
}

/* The 3-gram starting at word i; never 0 (0 marks an empty slot). */
static uint64_t
tri(const uint64_t *w, size_t i)
{
	uint64_t	h = (w[i] * 31 + w[i + 1]) * 1000003ULL + w[i + 2] + 1;

	return h ? h : 1;
}

td_status
td_gold_labels(const td_tree *t, const char *gold, size_t gold_len, uint8_t *drop,
			   uint32_t *all_out, uint32_t *good_out)
{
	return td_gold_labels_rule(t, gold, gold_len, TD_GOLD_SHARE, drop, all_out, good_out);
}

/* Node k's label under rule from its subtree's words all and content words good. */
static uint8_t
rule_label(const td_tree *t, uint32_t k, int rule, uint64_t all, uint64_t good, uint64_t gw,
		   const uint8_t *drop)
{
	if (rule == TD_GOLD_F1)
	{
		if (!all || t->nodes[k].kind != TD_ELEM)
			return drop[t->nodes[k].parent];
		/* o (G - g) > G g, in integers: G >= g (the caller took the larger) */
		return (all - good) * (gw - good) > gw * good;
	}
	return all ? 100 * good < (uint64_t) rule * all : drop[t->nodes[k].parent];
}

td_status
td_gold_labels_rule(const td_tree *t, const char *gold, size_t gold_len, int rule,
					uint8_t *drop, uint32_t *all_out, uint32_t *good_out)
{
	td_env	   *env = t->env;
	word_list	gw,
				pw;
	uint64_t   *set = NULL;
	uint8_t    *hit = NULL;
	uint32_t   *all = all_out,
			   *good = good_out;
	size_t		hcap;
	uint64_t	gold_words;		/* G of the F1 rule */
	td_status	st;

	if (rule != TD_GOLD_F1 && (rule < 0 || rule > 100))
		return td_fail(env, TD_EARG, "gold label rule %d is not a share in percent or TD_GOLD_F1",
					   rule);
	memset(&gw, 0, sizeof(gw));
	memset(&pw, 0, sizeof(pw));
	gw.env = pw.env = env;
	if ((st = words_of(&gw, gold, gold_len, 0, 0)) != TD_OK)
		goto done;
	for (uint32_t k = 0; k < t->n_nodes; k++)
		if (t->nodes[k].kind == TD_TEXT && !(t->nodes[k].flags & TD_F_INHIDDEN) &&
			(st = words_of(&pw, td_node_str(t, k), t->nodes[k].str_len, k, 1)) != TD_OK)
			goto done;
	for (hcap = 16; hcap < 4 * gw.n + 16; hcap *= 2)
		;
	st = TD_ENOMEM;
	set = td_alloc(env, hcap * sizeof(uint64_t));
	hit = td_alloc(env, pw.n + 1);
	if (!all)
		all = td_alloc(env, (t->n_nodes + 1) * sizeof(uint32_t));
	if (!good)
		good = td_alloc(env, (t->n_nodes + 1) * sizeof(uint32_t));
	if (!set || !hit || !all || !good)
	{
		td_fail(env, TD_ENOMEM, "out of memory for the gold labels");
		goto done;
	}
	memset(set, 0, hcap * sizeof(uint64_t));
	memset(hit, 0, pw.n + 1);
	memset(all, 0, t->n_nodes * sizeof(uint32_t));
	memset(good, 0, t->n_nodes * sizeof(uint32_t));
	for (size_t i = 0; i + 2 < gw.n; i++)
	{
		uint64_t	h = tri(gw.h, i);
		size_t		j = h & (hcap - 1);

		while (set[j] && set[j] != h)
			j = (j + 1) & (hcap - 1);
		set[j] = h;
		if (td_poll_every(env, i + 1, GOLD_POLL))
		{
			st = td_fail(env, TD_EINTR, "gold labels interrupted");
			goto done;
		}
	}
	for (size_t i = 0; i + 2 < pw.n; i++)
	{
		uint64_t	h = tri(pw.h, i);
		size_t		j = h & (hcap - 1);

		while (set[j] && set[j] != h)
			j = (j + 1) & (hcap - 1);
		if (set[j] == h)
			hit[i] = hit[i + 1] = hit[i + 2] = 1;
		if (td_poll_every(env, i + 1, GOLD_POLL))
		{
			st = td_fail(env, TD_EINTR, "gold labels interrupted");
			goto done;
		}
	}
	for (size_t i = 0; i < pw.n; i++)
	{
		all[pw.owner[i]]++;
		good[pw.owner[i]] += hit[i];
	}
	/* children before parents: a reverse loop over the preorder */
	for (uint32_t k = t->n_nodes; k-- > 1;)
	{
		all[t->nodes[k].parent] += all[k];
		good[t->nodes[k].parent] += good[k];
	}
	if (t->n_nodes > 0)
		drop[0] = 0;
	gold_words = gw.n > good[0] ? gw.n : good[0];
	for (uint32_t k = 1; k < t->n_nodes; k++)
		drop[k] = rule_label(t, k, rule, all[k], good[k], gold_words, drop);
	st = TD_OK;
done:
	td_free(env, gw.h);
	td_free(env, pw.h);
	td_free(env, pw.owner);
	td_free(env, set);
	td_free(env, hit);
	if (all != all_out)
		td_free(env, all);
	if (good != good_out)
		td_free(env, good);
	return st;
}
