/*
 * gold_labels.h — training labels from a page's gold main text, for the
 * bench drivers that train the page-level classifier on labelled pages
 * (page_quality.c, train_corpus.c: the built-in model).  A page word is
 * content when it starts, continues or ends a run of three words that also
 * occurs in the gold text (score.py's tokens: lower-cased letter/digit runs;
 * bytes >= 0x80 count as letters); an element is template when fewer than
 * GOLD_SHARE percent (15: the complement of §5.1's 85% rule) of its
 * subtree's words are content; an element without words takes its parent's
 * label.  Measured (bench/README.md, "Gold labels"): labelling an element
 * template below 50% content taught the models that every container holding
 * comments is template, and Basic F1 on dragnet fell to 0.37.
 */
#ifndef TD_BENCH_GOLD_LABELS_H
#define TD_BENCH_GOLD_LABELS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/tree.h"

#include "corpus.h"

#define GOLD_SHARE 15

static int
word_byte(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

/* Appends the word hashes of s[0..n) to *w (growing *cap). */
static void
words_of(const char *s, size_t n, uint64_t **w, size_t *nw, size_t *cap, uint32_t node,
		 uint32_t **owner)
{
	for (size_t i = 0; i < n;)
	{
		uint64_t	h = 1469598103934665603ULL;

		if (!word_byte((unsigned char) s[i]))
		{
			i++;
			continue;
		}
		while (i < n && word_byte((unsigned char) s[i]))
		{
			unsigned char c = (unsigned char) s[i++];

			if (c >= 'A' && c <= 'Z')
				c += 32;
			h = (h ^ c) * 1099511628211ULL;
		}
		if (*nw == *cap)
		{
			*cap = *cap ? 2 * *cap : 1024;
			*w = realloc(*w, sizeof(uint64_t) * *cap);
			if (owner)
				*owner = realloc(*owner, sizeof(uint32_t) * *cap);
		}
		if (owner)
			(*owner)[*nw] = node;
		(*w)[(*nw)++] = h;
	}
}

static uint64_t
tri(const uint64_t *w, size_t i)
{
	return (w[i] * 31 + w[i + 1]) * 1000003ULL + w[i + 2] + 1;
}

static uint8_t *gold_labels_counts(const td_tree *t, const char *gold_path,
									uint32_t **all_out, uint32_t **good_out);

/* One byte per node, 1 = template; NULL when the gold file is missing. */
static uint8_t *
gold_labels(const td_tree *t, const char *gold_path)
{
	return gold_labels_counts(t, gold_path, NULL, NULL);
}

/* gold_labels, and (when all_out) the words and gold words per subtree. */
static uint8_t *
gold_labels_counts(const td_tree *t, const char *gold_path, uint32_t **all_out,
				   uint32_t **good_out)
{
	size_t		glen,
				ng = 0,
				cg = 0,
				np = 0,
				cp = 0,
				hcap;
	char	   *g = bench_read_file(gold_path, &glen);
	uint64_t   *gw = NULL,
			   *pw = NULL,
			   *set;
	uint32_t   *owner = NULL;
	uint8_t    *hit,
			   *drop = calloc(t->n_nodes, 1);
	uint32_t   *all = calloc(t->n_nodes, sizeof(uint32_t)),
			   *good = calloc(t->n_nodes, sizeof(uint32_t));

	if (!g)
		return NULL;
	words_of(g, glen, &gw, &ng, &cg, 0, NULL);
	free(g);
	for (uint32_t k = 0; k < t->n_nodes; k++)
		if (t->nodes[k].kind == TD_TEXT && !(t->nodes[k].flags & TD_F_INHIDDEN))
			words_of(td_node_str(t, k), t->nodes[k].str_len, &pw, &np, &cp, k, &owner);
	for (hcap = 16; hcap < 4 * ng + 16; hcap *= 2)
		;
	set = calloc(hcap, sizeof(uint64_t));
	for (size_t i = 0; i + 2 < ng; i++)
	{
		uint64_t	h = tri(gw, i);
		size_t		j = h & (hcap - 1);

		while (set[j] && set[j] != h)
			j = (j + 1) & (hcap - 1);
		set[j] = h;
	}
	hit = calloc(np + 1, 1);
	for (size_t i = 0; i + 2 < np; i++)
	{
		uint64_t	h = tri(pw, i);
		size_t		j = h & (hcap - 1);

		while (set[j] && set[j] != h)
			j = (j + 1) & (hcap - 1);
		if (set[j] == h)
			hit[i] = hit[i + 1] = hit[i + 2] = 1;
	}
	for (size_t i = 0; i < np; i++)
	{
		all[owner[i]]++;
		good[owner[i]] += hit[i];
	}
	for (uint32_t k = t->n_nodes; k-- > 1;)
	{
		all[t->nodes[k].parent] += all[k];
		good[t->nodes[k].parent] += good[k];
	}
	for (uint32_t k = 1; k < t->n_nodes; k++)
		drop[k] = all[k] ? 100 * (uint64_t) good[k] < GOLD_SHARE * (uint64_t) all[k]
			: drop[t->nodes[k].parent];
	free(gw);
	free(pw);
	free(owner);
	free(set);
	free(hit);
	if (all_out)
	{
		*all_out = all;
		*good_out = good;
	}
	else
	{
		free(all);
		free(good);
	}
	return drop;
}

#endif
