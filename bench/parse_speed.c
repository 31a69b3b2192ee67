/*
 * parse_speed.c — td_parse_html against libxml2 building an xmlDoc, on every
 * page of a folder of sites (DIR/<site>/NNN.html), both decoding the page
 * with the encoding td_sniff_charset picks.  Prints MB per CPU-second and the ratio.
 *
 * build: make build/bench/parse_speed   (make bench-tools: every bench tool)
 * run:   build/bench/parse_speed [DIR] [ROUNDS]   (default ../shared/corpus/sites, 3)
 */
#define _DEFAULT_SOURCE			/* DT_DIR */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libxml/HTMLparser.h>

#include "base/tree.h"
#include "base/charset.h"

typedef struct page
{
	char	   *data;
	size_t		len;
	const char *encoding;
} page;

static page *pages;
static size_t n_pages,
			cap_pages;

static void
load(const char *path)
{
	FILE	   *f = fopen(path, "rb");
	long		len;
	size_t		bom;
	page	   *p;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0)
	{
		perror(path);
		exit(1);
	}
	rewind(f);
	if (n_pages == cap_pages)
	{
		cap_pages = cap_pages ? cap_pages * 2 : 256;
		pages = realloc(pages, cap_pages * sizeof(page));
	}
	p = &pages[n_pages++];
	p->data = malloc((size_t) len + 1);
	if (fread(p->data, 1, (size_t) len, f) != (size_t) len)
		exit(1);
	fclose(f);
	p->encoding = td_sniff_charset(p->data, (size_t) len, &bom);
	memmove(p->data, p->data + bom, (size_t) len - bom);
	p->len = (size_t) len - bom;
}

static void
load_dir(const char *dir)
{
	DIR		   *d = opendir(dir);
	struct dirent *e;
	char		path[4096];

	if (d == NULL)
	{
		perror(dir);
		exit(1);
	}
	while ((e = readdir(d)) != NULL)
	{
		size_t		n = strlen(e->d_name);

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (n > 5 && strcmp(e->d_name + n - 5, ".html") == 0)
			load(path);
		else if (e->d_type == DT_DIR)
			load_dir(path);
	}
	closedir(d);
}

static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double
run_tree(int rounds)
{
	td_env		env;
	double		t0 = cpu_now();

	td_env_default(&env);
	for (int r = 0; r < rounds; r++)
		for (size_t i = 0; i < n_pages; i++)
		{
			td_tree    *t;

			if (td_parse_html(&env, pages[i].data, pages[i].len, pages[i].encoding, NULL, &t) != TD_OK)
			{
				fprintf(stderr, "page %zu: %s\n", i, env.errmsg);
				exit(1);
			}
			td_tree_free(t);
		}
	return cpu_now() - t0;
}

static double
run_xmldoc(int rounds)
{
	double		t0 = cpu_now();

	for (int r = 0; r < rounds; r++)
		for (size_t i = 0; i < n_pages; i++)
		{
			htmlDocPtr	doc = htmlReadMemory(pages[i].data, (int) pages[i].len, NULL, pages[i].encoding,
											 HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR |
											 HTML_PARSE_NOWARNING | HTML_PARSE_IGNORE_ENC);

			xmlFreeDoc(doc);
		}
	return cpu_now() - t0;
}

static void
quiet(void *ctx, const char *msg,...)
{
	(void) ctx;
	(void) msg;
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../shared/corpus/sites";
	int			rounds = argc > 2 ? atoi(argv[2]) : 3;
	double		mb = 0,
				t_tree,
				t_doc;

	xmlInitParser();
	xmlSetGenericErrorFunc(NULL, quiet);
	load_dir(dir);
	for (size_t i = 0; i < n_pages; i++)
		mb += pages[i].len / 1e6;
	mb *= rounds;
	run_tree(1);				/* warm caches and iconv modules */
	run_xmldoc(1);
	t_tree = run_tree(rounds);
	t_doc = run_xmldoc(rounds);
	printf("%zu pages, %.1f MB x %d rounds\n", n_pages, mb / rounds, rounds);
	printf("td_parse_html (SAX tree): %6.1f MB/s\n", mb / t_tree);
	printf("htmlReadMemory (xmlDoc):  %6.1f MB/s\n", mb / t_doc);
	printf("ratio: %.2fx\n", t_doc / t_tree);
	return 0;
}
