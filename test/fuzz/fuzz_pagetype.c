/*
 * fuzz_pagetype.c — libFuzzer target for the page type (pagetype.h: JSON-LD
 * scanning, id/class tokens, prices, the URL's path and query) and the gold
 * labels (gold_labels.h: the gold text's words and 3-grams) on arbitrary
 * bytes.
 *
 * Input: byte 0 is the URL's length (255: no URL), then the URL; then two
 * bytes (little-endian) the gold text's length, then the gold; the rest is
 * the page (UTF-8, max_nodes 4096).  Besides the sanitizers, it aborts when
 * a feature is not finite, the probabilities are not a distribution, or
 * the gold labels break gold_labels.h's promises (the root never template,
 * content words at most the words, a parent's words the sum of its
 * children's and its own).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/tree.h"
#include "page/gold_labels.h"
#include "page/pagetype.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_limits	lim;
	td_tree    *t = NULL;
	const char *url = NULL,
			   *gold;
	size_t		url_len = 0,
				gold_len,
				pos;
	double		x[TD_PT_N_FEATURES],
				p[TD_PT_N_TYPES],
				sum = 0;
	int			best = -1;

	if (size < 3)
		return 0;
	pos = 1;
	if (data[0] != 255)
	{
		url_len = data[0] < size - pos ? data[0] : size - pos;
		url = (const char *) data + pos;
		pos += url_len;
	}
	if (size - pos < 2)
		return 0;
	gold_len = data[pos] | (size_t) data[pos + 1] << 8;
	pos += 2;
	if (gold_len > size - pos)
		gold_len = size - pos;
	gold = (const char *) data + pos;
	pos += gold_len;

	td_env_default(&env);
	td_limits_default(&lim);
	lim.max_nodes = 4096;
	if (td_parse_html(&env, (const char *) data + pos, size - pos, "UTF-8", &lim, &t) != TD_OK)
		return 0;

	if (td_page_type_features(t, url, url_len, x) != TD_OK)
		abort();
	for (int j = 0; j < TD_PT_N_FEATURES; j++)
		if (!isfinite(x[j]) || x[j] < 0)
			abort();
	if (td_page_type(t, url, url_len, p, &best) != TD_OK || best < 0 || best >= TD_PT_N_TYPES)
		abort();
	for (int k = 0; k < TD_PT_N_TYPES; k++)
	{
		if (!(p[k] >= 0 && p[k] <= 1) || p[k] > p[best])
			abort();
		sum += p[k];
	}
	if (fabs(sum - 1) > 1e-9)
		abort();

	{
		uint8_t    *drop = malloc(t->n_nodes + 1);
		uint32_t   *all = malloc(sizeof(uint32_t) * (t->n_nodes + 1)),
				   *good = malloc(sizeof(uint32_t) * (t->n_nodes + 1)),
				   *sum_all = calloc(t->n_nodes + 1, sizeof(uint32_t));

		if (td_gold_labels(t, gold, gold_len, drop, all, good) != TD_OK)
			abort();
		if (t->n_nodes > 0 && drop[0] != 0)
			abort();
		for (uint32_t i = 0; i < t->n_nodes; i++)
		{
			if (good[i] > all[i] || drop[i] > 1)
				abort();
			if (i > 0)
				sum_all[t->nodes[i].parent] += all[i];
		}
		for (uint32_t i = 0; i < t->n_nodes; i++)
			if (t->nodes[i].kind != TD_TEXT && sum_all[i] != all[i])
				abort();
		free(drop);
		free(all);
		free(good);
		free(sum_all);
	}
	td_tree_free(t);
	return 0;
}
