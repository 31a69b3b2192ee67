/*
 * etdm_speed.c — the time of one ETDM between two pages of about 3,000
 * nodes (issue 6: under 20 ms), beside the parse-only reference measured in
 * the same run: libxml2 parsing both pages into its document tree plus one
 * walk (as bench/parse_ref.c's dom mode).
 *
 *   etdm_speed SITES_DIR [min_nodes [max_nodes [repeats]]]
 *
 * Pairs: two consecutive pages (file name order) of one site, both with
 * min..max nodes (default 2,500..3,500).  Synthetic pairs are added: two
 * pages of one 1,500-item list (3,000 nodes; the banded comparison) and two
 * 3,000-node pages of 140 sections of 10 paragraphs (a shifted copy).
 * Reported per pair (median over pairs of the best of `repeats` runs, CPU):
 * ETDM alone (node attributes of both pages, the mapping, votes), our parse
 * of both, and the reference.
 */
#define _DEFAULT_SOURCE

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "menu/etdm.h"
#include "base/tree.h"

#include "corpus.h"

typedef struct pair
{
	char	   *html[2];
	size_t		len[2];
	uint32_t	nodes[2];
	const char *what;
} pair;

static int
cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/* libxml2 parse + one iterative walk, the reference */
static long
ref_parse(const char *html, size_t len)
{
	htmlDocPtr	doc = htmlReadMemory(html, (int) len, NULL, NULL,
									 HTML_PARSE_RECOVER | HTML_PARSE_NONET |
									 HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	xmlNodePtr	n;
	long		count = 0;

	if (!doc)
		return 0;
	for (n = doc->children; n;)
	{
		count++;
		if (n->children)
			n = n->children;
		else
		{
			while (n && !n->next)
				n = n->parent == (xmlNodePtr) doc ? NULL : n->parent;
			if (n)
				n = n->next;
		}
	}
	xmlFreeDoc(doc);
	return count;
}

static td_tree *
parse(td_env *env, const pair *p, int k)
{
	return bench_parse_bytes(env, p->html[k], p->len[k], "page");
}

static char *
synthetic(int kind, int shift, size_t *len)
{
	char	   *s = malloc(1 << 20),
			   *q = s;
	int			i,
				j;

	q += sprintf(q, "<html><body><div class=menu><a href=/>Home</a></div>");
	if (kind == 0)
	{
		q += sprintf(q, "<ul class=list>");
		for (i = 0; i < 1500; i++)
			q += sprintf(q, "<li>item %d</li>", i + shift);
		q += sprintf(q, "</ul>");
	}
	else
		for (i = 0; i < 140; i++)
		{
			q += sprintf(q, "<section class=s%d>", i % 7);
			for (j = 0; j < 10; j++)
				q += sprintf(q, "<p>para %d</p>", (i + shift) * 10 + j);
			q += sprintf(q, "</section>");
		}
	q += sprintf(q, "</body></html>");
	*len = q - s;
	return s;
}

int
main(int argc, char **argv)
{
	const char *sites = argc > 1 ? argv[1] : "../shared/corpus/sites";
	uint32_t	lo = argc > 2 ? atoi(argv[2]) : 2500,
				hi = argc > 3 ? atoi(argv[3]) : 3500;
	int			repeats = argc > 4 ? atoi(argv[4]) : 5;
	pair		pairs[256];
	int			np = 0,
				i,
				k;
	DIR		   *d = opendir(sites);
	struct dirent *e;
	td_env		env;
	td_etdm_params params;
	double		t_etdm[256],
				t_ours[256],
				t_ref[256];

	td_env_default(&env);
	td_etdm_params_default(&params);
	while (d && (e = readdir(d)) && np < 250)
	{
		char		dir[4096],
					path[8192];
		char	   *names[1024];
		int			n,
					prev = -1;
		char	   *html[1024];
		size_t		len[1024];
		uint32_t	nodes[1024];

		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", sites, e->d_name);
		if ((n = bench_site_pages(dir, names, 1024)) < 0)
			continue;
		for (i = 0; i < n; i++)
		{
			td_tree    *t;

			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			html[i] = bench_read_file(path, &len[i]);
			t = html[i] ? bench_parse_bytes(&env, html[i], len[i], path) : NULL;
			nodes[i] = t ? t->n_nodes : 0;
			if (t)
				td_tree_free(t);
			if (nodes[i] > 0 && nodes[i] >= lo && nodes[i] <= hi)
			{
				if (prev >= 0 && prev == i - 1 && np < 250)
				{
					pairs[np].html[0] = strdup(html[prev]);
					pairs[np].len[0] = len[prev];
					pairs[np].nodes[0] = nodes[prev];
					pairs[np].html[1] = strdup(html[i]);
					pairs[np].len[1] = len[i];
					pairs[np].nodes[1] = nodes[i];
					pairs[np].what = "corpus";
					np++;
				}
				prev = i;
			}
		}
		for (i = 0; i < n; i++)
		{
			free(html[i]);
			free(names[i]);
		}
	}
	if (d)
		closedir(d);
	for (k = 0; k < 2; k++)
	{
		pairs[np].html[0] = synthetic(k, 0, &pairs[np].len[0]);
		pairs[np].html[1] = synthetic(k, 1, &pairs[np].len[1]);
		pairs[np].what = k == 0 ? "list" : "sections";
		np++;
	}

	for (i = 0; i < np; i++)
	{
		pair	   *p = &pairs[i];
		double		best_e = 1e9,
					best_o = 1e9,
					best_r = 1e9;
		int			r;

		for (r = 0; r < repeats; r++)
		{
			double		t0 = bench_cpu_now(),
						t1;
			td_tree    *a = parse(&env, p, 0),
					   *b = parse(&env, p, 1);
			td_etdm		v;
			uint8_t    *marks;

			t1 = bench_cpu_now();
			if (t1 - t0 < best_o)
				best_o = t1 - t0;
			p->nodes[0] = a->n_nodes;
			p->nodes[1] = b->n_nodes;
			marks = malloc(a->n_nodes);
			t0 = bench_cpu_now();
			td_etdm_init(&v, a, &params);
			td_etdm_add_peer(&v, b);
			td_etdm_marks(&v, 1, marks, NULL);
			td_etdm_free(&v);
			t1 = bench_cpu_now();
			if (t1 - t0 < best_e)
				best_e = t1 - t0;
			free(marks);
			td_tree_free(a);
			td_tree_free(b);

			t0 = bench_cpu_now();
			ref_parse(p->html[0], p->len[0]);
			ref_parse(p->html[1], p->len[1]);
			t1 = bench_cpu_now();
			if (t1 - t0 < best_r)
				best_r = t1 - t0;
		}
		t_etdm[i] = best_e * 1000;
		t_ours[i] = best_o * 1000;
		t_ref[i] = best_r * 1000;
		if (p->what[0] != 'c')
			printf("%s: %u + %u nodes: ETDM %.2f ms, our parse %.2f ms, reference %.2f ms (ETDM %.2fx the reference)\n",
				   p->what, p->nodes[0], p->nodes[1], t_etdm[i], t_ours[i], t_ref[i], t_etdm[i] / t_ref[i]);
	}
	if (np > 2)
	{
		int			nc = np - 2;
		double		max_e = 0;

		for (i = 0; i < nc; i++)
			if (t_etdm[i] > max_e)
				max_e = t_etdm[i];
		qsort(t_etdm, nc, sizeof(double), cmp_double);
		qsort(t_ours, nc, sizeof(double), cmp_double);
		qsort(t_ref, nc, sizeof(double), cmp_double);
		printf("corpus: %d pairs of %u..%u-node pages: median ETDM %.2f ms (max %.2f), our parse %.2f ms, "
			   "reference %.2f ms (ETDM %.2fx the reference)\n",
			   nc, lo, hi, t_etdm[nc / 2], max_e, t_ours[nc / 2], t_ref[nc / 2], t_etdm[nc / 2] / t_ref[nc / 2]);
	}
	return 0;
}
