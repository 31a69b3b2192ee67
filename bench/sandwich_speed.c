/*
 * sandwich_speed.c — the sandwich algorithm on 2 MB pages, core alone.
 *
 *   sandwich_speed [SITE_DIR] [MB]
 *
 * From the pages of one site (default ../shared/corpus/sites/cnn.com-2017, read
 * in file order) it builds three cases of about MB megabytes (default 2):
 *   long     the site's pages concatenated into one page, against the last
 *            page as peer (many template copies, one matched)
 *   thread   the first page repeated until MB long, a numbered comment line
 *            after each of its lines, against the same with other numbers
 *            (half the lines shared, in order; the other half all differ)
 *   both     the concatenation against the concatenation in another order
 *            (both pages MB long, most lines shared out of order)
 * and a minified copy of each (newlines removed), for unit token.  For each:
 * units, LCS length, and the best of 5 runs in CPU milliseconds of the
 * compare step (decode, split both, LCS, masked page: td_sandwich_mask) and
 * of the whole (plus parse and text rendering), beside parsing and
 * rendering the page alone.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/render.h"
#include "sandwich/sandwich.h"
#include "base/tree.h"

#include "corpus.h"

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct sbuf
{
	char	   *p;
	size_t		n,
				cap;
} sbuf;

static void
sb_add(sbuf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap)
	{
		b->cap = (b->n + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static char *
minified(const sbuf *b, size_t *n)
{
	char	   *m = malloc(b->n + 1);
	size_t		i,
				k = 0;

	for (i = 0; i < b->n; i++)
		if (b->p[i] != '\n' && b->p[i] != '\r')
			m[k++] = b->p[i];
	m[k] = 0;
	*n = k;
	return m;
}

static void
run(const char *name, const char *page, size_t plen, const char *peer, size_t qlen, td_sw_unit unit)
{
	td_env		env;
	td_sw_stats st;
	double		best_cmp = 1e9,
				best_all = 1e9,
				best_parse = 1e9;
	int			r;

	td_env_default(&env);
	for (r = 0; r < 5; r++)
	{
		td_buf		m,
					txt;
		td_tree    *t = NULL;
		double		t0 = cpu_ms(),
					t1,
					t2;

		td_buf_init(&m, &env);
		td_buf_init(&txt, &env);
		if (td_sandwich_mask(&env, page, plen, "UTF-8", peer, qlen, "UTF-8", unit, &m, &st) != TD_OK)
		{
			fprintf(stderr, "%s: %s\n", name, env.errmsg);
			exit(1);
		}
		t1 = cpu_ms();
		td_parse_html(&env, m.data, m.len, "UTF-8", NULL, &t);
		td_render_text(t, NULL, &txt);
		t2 = cpu_ms();
		td_tree_free(t);
		td_buf_free(&txt);
		td_buf_free(&m);
		if (t1 - t0 < best_cmp)
			best_cmp = t1 - t0;
		if (t2 - t0 < best_all)
			best_all = t2 - t0;

		t0 = cpu_ms();
		td_buf_init(&txt, &env);
		td_parse_html(&env, page, plen, "UTF-8", NULL, &t);
		td_render_text(t, NULL, &txt);
		t1 = cpu_ms();
		td_tree_free(t);
		td_buf_free(&txt);
		if (t1 - t0 < best_parse)
			best_parse = t1 - t0;
	}
	printf("%-8s %-5s page %5.2f MB peer %5.2f MB: units %7u / %7u, LCS %7u; compare %6.1f ms, "
		   "whole %6.1f ms, parse+render alone %6.1f ms\n",
		   name, unit == TD_SW_TOKEN ? "token" : "line", plen / 1e6, qlen / 1e6,
		   st.page_units, st.peer_units, st.common, best_cmp, best_all, best_parse);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../shared/corpus/sites/cnn.com-2017";
	double		mb = argc > 2 ? atof(argv[2]) : 2.0;
	size_t		target = (size_t) (mb * 1e6);
	char	   *names[1024];
	int			n = 0,
				i;
	DIR		   *d = opendir(dir);
	struct dirent *e;
	char	   *html[1024];
	size_t		len[1024];
	sbuf		longp = {0},
				rot = {0},
				th1 = {0},
				th2 = {0};
	char		path[8192];

	while (d && (e = readdir(d)) && n < 1024)
		if (strstr(e->d_name, ".html"))
			names[n++] = strdup(e->d_name);
	if (d)
		closedir(d);
	if (n < 2)
	{
		fprintf(stderr, "sandwich_speed: need 2 or more pages in %s\n", dir);
		return 2;
	}
	qsort(names, n, sizeof(char *), bench_cmp_str);
	for (i = 0; i < n; i++)
	{
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		html[i] = bench_read_file(path, &len[i]);
	}
	/* long: pages 0..n-2 repeated until the target, peer = last page */
	for (i = 0; longp.n < target; i = (i + 1) % (n - 1))
		sb_add(&longp, html[i], len[i]);
	/* both: the same pages from the middle on */
	for (i = n / 2; rot.n < target; i = (i + 1) % (n - 1))
		sb_add(&rot, html[i], len[i]);
	/* thread: page 0's lines, each content line numbered, until the target */
	{
		const char *p = html[0];
		size_t		k = 0;
		char		num[32];

		while (th1.n < target)
		{
			const char *nl = memchr(p + k, '\n', len[0] - k);
			size_t		e2 = nl ? (size_t) (nl - p) + 1 : len[0];

			snprintf(num, sizeof(num), "<!-- %zu -->", th1.n);
			sb_add(&th1, p + k, e2 - k);
			sb_add(&th1, num, strlen(num));
			sb_add(&th1, "\n", 1);
			snprintf(num, sizeof(num), "<!-- x%zu -->", th2.n);
			sb_add(&th2, p + k, e2 - k);
			sb_add(&th2, num, strlen(num));
			sb_add(&th2, "\n", 1);
			k = e2 >= len[0] ? 0 : e2;
		}
	}
	printf("sandwich_speed: %s, %d pages, target %.1f MB; best of 5, CPU ms\n", dir, n, mb);
	run("long", longp.p, longp.n, html[n - 1], len[n - 1], TD_SW_LINE);
	run("thread", th1.p, th1.n, th2.p, th2.n, TD_SW_LINE);
	run("both", longp.p, longp.n, rot.p, rot.n, TD_SW_LINE);
	{
		size_t		a,
					b;
		char	   *ma = minified(&longp, &a),
				   *mb2 = NULL;
		sbuf		last = {0};

		sb_add(&last, html[n - 1], len[n - 1]);
		mb2 = minified(&last, &b);
		run("long", ma, a, mb2, b, TD_SW_TOKEN);
		free(mb2);
		mb2 = minified(&rot, &b);
		run("both", ma, a, mb2, b, TD_SW_TOKEN);
		free(ma);
		free(mb2);
		ma = minified(&th1, &a);
		mb2 = minified(&th2, &b);
		run("thread", ma, a, mb2, b, TD_SW_TOKEN);
		free(ma);
		free(mb2);
		free(last.p);
	}
	return 0;
}
