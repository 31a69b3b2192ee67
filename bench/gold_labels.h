/*
 * gold_labels.h — the bench drivers' reading of a page's gold text file into
 * element labels (page_quality.c, train_corpus.c: the built-in model).  The
 * rule itself (3-gram matched words, an element template under 15% content
 * words) is the core's, td_gold_labels (src/core/page/gold_labels.h), the
 * one train_template_model(html, gold) uses.
 */
#ifndef TD_BENCH_GOLD_LABELS_H
#define TD_BENCH_GOLD_LABELS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/tree.h"
#include "page/gold_labels.h"

#include "corpus.h"

/*
 * One byte per node, 1 = template, and (when all_out) the words and gold
 * words per subtree; NULL when the gold file is missing.
 */
static uint8_t *
gold_labels_counts(const td_tree *t, const char *gold_path, uint32_t **all_out,
				   uint32_t **good_out)
{
	size_t		glen;
	char	   *g = bench_read_file(gold_path, &glen);
	uint8_t    *drop = calloc(t->n_nodes + 1, 1);
	uint32_t   *all = calloc(t->n_nodes + 1, sizeof(uint32_t)),
			   *good = calloc(t->n_nodes + 1, sizeof(uint32_t));
	td_status	st;

	if (!g)
	{
		free(drop);
		free(all);
		free(good);
		return NULL;
	}
	st = td_gold_labels(t, g, glen, drop, all, good);
	free(g);
	if (st != TD_OK)
	{
		fprintf(stderr, "%s: %s\n", gold_path, t->env->errmsg);
		exit(1);
	}
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

/* One byte per node, 1 = template; NULL when the gold file is missing. */
static uint8_t *
gold_labels(const td_tree *t, const char *gold_path)
{
	return gold_labels_counts(t, gold_path, NULL, NULL);
}

#endif
