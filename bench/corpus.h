/*
 * corpus.h — what the bench drivers (core_quality, train_corpus,
 * page_quality) share to read a folder of pages: a file read whole, page
 * names in a stable order, a page sniffed and parsed as the extension does.
 */
#ifndef TD_BENCH_CORPUS_H
#define TD_BENCH_CORPUS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/tree.h"
#include "base/charset.h"

static inline double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The whole file, NUL-terminated (not counted in *len); NULL when unreadable. */
static inline char *
bench_read_file(const char *path, size_t *len)
{
	FILE	   *f = fopen(path, "rb");
	char	   *buf;
	long		n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	if (fread(buf, 1, n, f) != (size_t) n)
		n = 0;
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

/* qsort comparator for an array of names. */
static inline int
bench_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* CPU seconds of this process. */
static inline double
bench_cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The .html file names of dir (at most max), sorted, each malloc'd; -1 when dir is unreadable. */
static inline int
bench_site_pages(const char *dir, char **names, int max)
{
	DIR		   *d = opendir(dir);
	struct dirent *f;
	int			n = 0;

	if (!d)
		return -1;
	while ((f = readdir(d)) && n < max)
		if (strstr(f->d_name, ".html"))
			names[n++] = strdup(f->d_name);
	closedir(d);
	qsort(names, n, sizeof(char *), bench_cmp_str);
	return n;
}

/* Writes text as PRED/<site>/<page name without .html>.txt, for score.py. */
static inline void
bench_write_pred(const char *pred, const char *site, const char *page, const char *text, size_t len)
{
	char		path[8192];
	FILE	   *o;

	snprintf(path, sizeof(path), "%s/%s", pred, site);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%.*s.txt", pred, site, (int) (strlen(page) - 5), page);
	if ((o = fopen(path, "wb")) != NULL)
	{
		fwrite(text ? text : "", 1, len, o);
		fclose(o);
	}
}

/* Raw page bytes → tree, charset sniffed as for bytea input; NULL (reported) on failure. */
static inline td_tree *
bench_parse_bytes(td_env *env, const char *html, size_t len, const char *what)
{
	size_t		bom;
	const char *enc = td_sniff_charset(html, len, &bom);
	td_tree    *tree = NULL;
	td_limits	lim;

	td_limits_default(&lim);
	if (td_parse_html(env, html + bom, len - bom, enc, &lim, &tree) != TD_OK)
		fprintf(stderr, "%s: %s\n", what, env->errmsg);
	return tree;
}

static inline td_tree *
bench_parse_file(td_env *env, const char *path)
{
	size_t		len;
	char	   *html = bench_read_file(path, &len);
	td_tree    *tree;

	if (!html)
		return NULL;
	tree = bench_parse_bytes(env, html, len, path);
	free(html);
	return tree;
}

#endif
