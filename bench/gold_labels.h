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
#include <string.h>

#include "base/tree.h"
#include "page/gold_labels.h"

#include "corpus.h"

/*
 * One byte per node, 1 = template by rule (td_gold_labels_rule: a share in
 * percent or TD_GOLD_F1), and (when all_out) the words and gold words per
 * subtree; NULL when the gold file is missing.
 */
static uint8_t *
gold_labels_rule(const td_tree *t, const char *gold_path, int rule, uint32_t **all_out,
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
	st = td_gold_labels_rule(t, g, glen, rule, drop, all, good);
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

/* The same by td_gold_labels' rule (TD_GOLD_SHARE). */
static inline uint8_t *
gold_labels_counts(const td_tree *t, const char *gold_path, uint32_t **all_out,
				   uint32_t **good_out)
{
	return gold_labels_rule(t, gold_path, TD_GOLD_SHARE, all_out, good_out);
}

/* One byte per node, 1 = template; NULL when the gold file is missing. */
static inline uint8_t *
gold_labels(const td_tree *t, const char *gold_path)
{
	return gold_labels_counts(t, gold_path, NULL, NULL);
}

/*
 * A label rule by name: "f1" is TD_GOLD_F1, digits a share in percent,
 * NULL or empty td_gold_labels' TD_GOLD_SHARE; anything else exits.
 */
static inline int
gold_rule_named(const char *name)
{
	if (!name || !*name)
		return TD_GOLD_SHARE;
	if (strcmp(name, "f1") == 0)
		return TD_GOLD_F1;
	if (name[0] >= '0' && name[0] <= '9' && atoi(name) <= 100)
		return atoi(name);
	fprintf(stderr, "label rule %s: f1 or a share in percent\n", name);
	exit(1);
}

#endif
