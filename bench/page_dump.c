/*
 * page_dump.c — page level's outputs, page by page, to prove that a speed
 * change gives the same output (bench/README.md, "Page-level speed, seventh
 * session"): run before and after the change, then cmp the two dumps.
 *
 * For every page of DIR (DIR/NAME.html or DIR/SITE/NAME.html, in name order;
 * a page under DIR/SITE/ gets the base URL https://SITE/): one line with
 * FNV-1a hashes of td_page_level's marks with the built-in trees (score,
 * smooth, segment, seg_start, drop, reason, area, main_region, visible), of
 * the same with the built-in logistic model, of every node's features and
 * context rows (td_context_rows), the expected-F1 decision's threshold and
 * drops, and td_page_type's
 * probabilities (printed exactly, %a).
 *
 * build: make build/bench/page_dump
 * run:   build/bench/page_dump DIR > dump.txt
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/tree.h"
#include "page/context.h"
#include "page/default_gbdt.h"
#include "page/features.h"
#include "page/pagelevel.h"
#include "page/pagetype.h"

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	if (!p)
		return h * 31 + 7;
	for (size_t k = 0; k < n; k++)
		h = (h ^ s[k]) * 1099511628211ULL;
	return h;
}

static uint64_t
marks_hash(const td_page_marks *m, uint32_t n)
{
	uint64_t	h = 14695981039346656037ULL;

	h = fnv(h, m->score, sizeof(float) * n);
	h = fnv(h, m->smooth, sizeof(float) * n);
	h = fnv(h, m->segment, sizeof(uint32_t) * n);
	h = fnv(h, m->seg_start, n);
	h = fnv(h, m->drop, n);
	h = fnv(h, m->reason, n);
	h = fnv(h, m->area, sizeof(uint32_t) * n);
	h = fnv(h, m->main_region, n);
	h = fnv(h, m->visible, sizeof(uint32_t) * n);
	return h;
}

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

static char *names[8000];
static int	n_names;

static void
walk(const char *dir, int depth)
{
	DIR		   *dd = opendir(dir);
	struct dirent *e;
	char		p[4096];

	if (!dd)
		return;
	while ((e = readdir(dd)))
	{
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR)
		{
			if (depth < 1)
				walk(p, depth + 1);
		}
		else if (strstr(e->d_name, ".html") && n_names < 8000)
			names[n_names++] = strdup(p);
	}
	closedir(dd);
}

static void
dump_page(td_env *env, const td_limits *lim, const char *root, const char *path)
{
	FILE	   *f = fopen(path, "rb");
	long		len;
	char	   *d;
	size_t		bom = 0;
	const char *enc;
	td_tree    *t = NULL;
	char		url[1024] = "";
	const char *rel = path + strlen(root) + 1;
	const char *slash = strchr(rel, '/');
	td_page_opts o;
	td_page_marks m;
	td_features feat;
	float	   *rows = NULL;
	double		used = 0,
				prob[16];
	int			best = -1;
	uint32_t	n;

	if (!f)
		return;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	d = malloc(len + 1);
	if (fread(d, 1, len, f) != (size_t) len)
	{
		fclose(f);
		free(d);
		return;
	}
	fclose(f);
	if (slash)
		snprintf(url, sizeof url, "https://%.*s/", (int) (slash - rel), rel);
	printf("%s", rel);
	enc = td_sniff_charset(d, len, &bom);
	if (td_parse_html(env, d + bom, len - bom, enc, lim, &t) != TD_OK || !t)
	{
		printf(" unparsed\n");
		free(d);
		return;
	}
	n = t->n_nodes;
	printf(" n=%u", n);

	/* the built-in trees, then the expected-F1 decision on their marks */
	td_page_opts_default(&o);
	o.gbdt = td_default_gbdt();
	o.base_url = url[0] ? url : NULL;
	o.base_len = strlen(url);
	if (td_page_level(t, NULL, &o, &m) == TD_OK)
	{
		printf(" trees=%016llx", (unsigned long long) marks_hash(&m, n));
		if (td_page_expected_f1(t, &m, &used) == TD_OK)
			printf(" efd=%a/%016llx", used,
				   (unsigned long long) fnv(fnv(14695981039346656037ULL, m.drop, n), m.reason, n));
		td_page_marks_free(t, &m);
	}
	else
		printf(" trees=failed");

	/* the built-in logistic model */
	o.gbdt = NULL;
	if (td_page_level(t, NULL, &o, &m) == TD_OK)
	{
		printf(" logreg=%016llx", (unsigned long long) marks_hash(&m, n));
		td_page_marks_free(t, &m);
	}
	else
		printf(" logreg=failed");

	/* every node's features and context rows */
	if (td_compute_features(t, o.base_url, o.base_len, &feat) == TD_OK)
	{
		uint64_t	h = fnv(14695981039346656037ULL, feat.x, sizeof(float) * TD_N_FEATURES * n);

		h = fnv(h, feat.area, sizeof(uint32_t) * n);
		h = fnv(h, feat.size_class, n);
		printf(" features=%016llx", (unsigned long long) h);
		if (td_context_rows(t, &feat, &rows) == TD_OK)
		{
			printf(" rows=%016llx",
				   (unsigned long long) fnv(14695981039346656037ULL, rows, sizeof(float) * TD_N_ROW * n));
			td_free(env, rows);
		}
		td_features_free(t, &feat);
	}

	/* the page type, without and with the URL */
	for (int u = 0; u < 2; u++)
		if (td_page_type(t, u ? url : NULL, u ? strlen(url) : 0, prob, &best) == TD_OK)
		{
			printf(" type%d=%d", u, best);
			for (int k = 0; k < TD_PT_N_TYPES; k++)
				printf(",%a", prob[k]);
		}
	printf("\n");
	td_tree_free(t);
	free(d);
}

int
main(int argc, char **argv)
{
	const char *root = argc > 1 ? argv[1] : "../shared/corpus/sites";
	td_env		env;
	td_limits	lim;

	td_env_default(&env);
	td_limits_default(&lim);
	walk(root, 0);
	qsort(names, n_names, sizeof(names[0]), cmp_name);
	for (int i = 0; i < n_names; i++)
		dump_page(&env, &lim, root, names[i]);
	return 0;
}
