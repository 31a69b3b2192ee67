/*
 * sandwich_quality.c — the sandwich algorithm over a folder of sites with
 * the core alone (no server): writes each page's kept text for scoring.
 *
 *   sandwich_quality SITES_DIR PRED_DIR PEER UNIT [RENDER]
 *
 * PEER chooses each page's peer among the other pages of its site:
 *   url      seed 001 §4: same directory (url_directory of the page's
 *            original path, from the site's SOURCE file), closest basename by
 *            edit distance, ties by path; a page alone in its directory keeps
 *            everything.  The same rule as the SQL query in README.md.
 *   nearest  the page whose visible text is most similar: highest
 *            minhash_similarity of minhash(html_text(page)) (width 5, k 128),
 *            ties by file order; in SQL the same functions give it.
 *   prev     the page before it in file order (the first page takes the
 *            second): "the last page crawled" of the paper's §3.
 *   none     no peer: all visible text.
 * UNIT is line or token.  RENDER is mask (default: the page's markup kept,
 * the text of template units removed, as sandwich_strip does) or fragment
 * (the page's kept units alone, concatenated and parsed as a fragment).
 * Prints CPU seconds of the sandwich step (split, LCS, mask, parse, render)
 * and of parsing and rendering the same pages alone, and their ratio.
 * Score with ../shared/eval/score.py SITES_DIR PRED_DIR.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sandwich/peer.h"
#include "base/render.h"
#include "sandwich/sandwich.h"
#include "dedup/shingle.h"
#include "base/tree.h"

#include "corpus.h"
#include "base/charset.h"
#include "util/url.h"

#define MAX_PAGES 1024
#define MH_K 128

typedef struct page
{
	char	   *name;			/* NNN.html */
	char	   *path;			/* original path from SOURCE, or the name */
	char	   *html;
	size_t		len;
	const char *enc;
	size_t		bom;
	int64_t		mh[MH_K];
	size_t		n_mh;
} page;

static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The original path of NNN.html from the site's SOURCE ("NNN<TAB>path<TAB>..."). */
static char *
source_path(const char *dir, const char *name)
{
	char		p[8192],
				line[8192];
	FILE	   *f;
	char	   *found = NULL;

	snprintf(p, sizeof(p), "%s/SOURCE", dir);
	if (!(f = fopen(p, "r")))
		return strdup(name);
	while (!found && fgets(line, sizeof(line), f))
	{
		char	   *tab = strchr(line, '\t'),
				   *tab2;

		if (tab && tab - line == 3 && strncmp(line, name, 3) == 0 &&
			(tab2 = strchr(tab + 1, '\t')) != NULL)
			found = strndup(tab + 1, (size_t) (tab2 - tab - 1));
	}
	fclose(f);
	return found ? found : strdup(name);
}

static char *
buf_str(td_buf *b)
{
	char	   *s = strndup(b->data ? b->data : "", b->len);

	b->len = 0;
	return s;
}

/* The peer of page i under rule, or -1. */
static int
choose_peer(td_env *env, page *pg, int n, int i, const char *rule)
{
	int			j,
				best = -1;

	if (strcmp(rule, "prev") == 0)
		return n < 2 ? -1 : i > 0 ? i - 1 : 1;
	if (strcmp(rule, "nearest") == 0)
	{
		double		bs = -1;

		for (j = 0; j < n; j++)
		{
			double		s;

			if (j == i)
				continue;
			s = pg[i].n_mh && pg[j].n_mh ? td_minhash_similarity(pg[i].mh, pg[j].mh, MH_K) : 0;
			if (s > bs)
				bs = s, best = j;
		}
		return best;
	}
	if (strcmp(rule, "url") == 0)
	{
		td_buf		b;
		char	   *dir,
				   *base;
		uint32_t	bd = UINT32_MAX;

		td_buf_init(&b, env);
		td_url_directory(pg[i].path, strlen(pg[i].path), &b);
		dir = buf_str(&b);
		td_url_basename(pg[i].path, strlen(pg[i].path), &b);
		base = buf_str(&b);
		for (j = 0; j < n; j++)
		{
			char	   *dj,
					   *bj;
			uint32_t	d;

			if (j == i)
				continue;
			td_url_directory(pg[j].path, strlen(pg[j].path), &b);
			dj = buf_str(&b);
			td_url_basename(pg[j].path, strlen(pg[j].path), &b);
			bj = buf_str(&b);
			if (strcmp(dj, dir) == 0 &&
				td_edit_distance(env, base, strlen(base), bj, strlen(bj), &d) == TD_OK &&
				(d < bd || (d == bd && strcmp(pg[j].path, pg[best].path) < 0)))
				bd = d, best = j;
			free(dj);
			free(bj);
		}
		free(dir);
		free(base);
		td_buf_free(&b);
		return best;
	}
	return -1;
}

/*
 * The page's kept units alone, concatenated (the "fragment" rendering):
 * decoded as td_sandwich_mask does, split and compared the same way.
 */
static td_status
fragment(td_env *env, const page *p, const page *q, td_sw_unit unit, td_buf *out)
{
	td_sw_units pu,
				qu;
	td_buf		pd,
				qd;
	uint8_t    *in;
	uint32_t	lcs,
				i;
	td_status	st;

	/* decode through the mask with no peer: nothing removed, UTF-8 out */
	td_buf_init(&pd, env);
	td_buf_init(&qd, env);
	st = td_sandwich_mask(env, p->html + p->bom, p->len - p->bom, p->enc, NULL, 0, NULL, unit, &pd, NULL);
	if (st == TD_OK && q)
		st = td_sandwich_mask(env, q->html + q->bom, q->len - q->bom, q->enc, NULL, 0, NULL, unit, &qd, NULL);
	memset(&qu, 0, sizeof(qu));
	if (st == TD_OK)
		st = td_sw_split(env, pd.data ? pd.data : "", pd.len, unit, &pu);
	if (st == TD_OK && q)
		st = td_sw_split(env, qd.data ? qd.data : "", qd.len, unit, &qu);
	if (st != TD_OK)
		return st;
	in = malloc(pu.n + 1);
	st = td_sw_lcs(env, pu.hash, pu.n, qu.hash, qu.n, 0, in, NULL, &lcs);
	for (i = 0; st == TD_OK && i < pu.n; i++)
		if (!in[i])
		{
			td_buf_append(out, pd.data + pu.off[i], pu.len[i]);
			if (unit == TD_SW_LINE && pd.data[pu.off[i] + pu.len[i] - 1] != '\n')
				td_buf_putc(out, '\n');
		}
	free(in);
	td_sw_units_free(&pu);
	td_sw_units_free(&qu);
	td_buf_free(&pd);
	td_buf_free(&qd);
	return st;
}

int
main(int argc, char **argv)
{
	const char *sites = argc > 1 ? argv[1] : "../shared/corpus/sites";
	const char *pred = argc > 2 ? argv[2] : "/tmp/td_sandwich";
	const char *rule = argc > 3 ? argv[3] : "url";
	td_sw_unit	unit = argc > 4 && strcmp(argv[4], "token") == 0 ? TD_SW_TOKEN : TD_SW_LINE;
	int			frag = argc > 5 && strcmp(argv[5], "fragment") == 0;
	DIR		   *d = opendir(sites);
	struct dirent *e;
	td_env		env;
	double		t_sw = 0,
				t_parse = 0;
	long		pages = 0,
				no_peer = 0;

	td_env_default(&env);
	mkdir(pred, 0755);
	while (d && (e = readdir(d)))
	{
		char		dir[4096],
					path[8192];
		static page pg[MAX_PAGES];
		int			n = 0,
					i;
		DIR		   *sd;
		struct dirent *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", sites, e->d_name);
		if (!(sd = opendir(dir)))
			continue;
		while ((f = readdir(sd)) && n < MAX_PAGES)
			if (strstr(f->d_name, ".html"))
				pg[n++].name = strdup(f->d_name);
		closedir(sd);
		qsort(pg, n, sizeof(page), bench_cmp_str);	/* name is the first field */
		snprintf(path, sizeof(path), "%s/%s", pred, e->d_name);
		mkdir(path, 0755);

		for (i = 0; i < n; i++)
		{
			td_tree    *t;
			td_buf		txt;

			snprintf(path, sizeof(path), "%s/%s", dir, pg[i].name);
			pg[i].html = bench_read_file(path, &pg[i].len);
			pg[i].path = source_path(dir, pg[i].name);
			pg[i].enc = td_sniff_charset(pg[i].html, pg[i].len, &pg[i].bom);
			pg[i].n_mh = 0;
			if (strcmp(rule, "nearest") == 0 &&
				(t = bench_parse_bytes(&env, pg[i].html, pg[i].len, path)) != NULL)
			{
				td_buf_init(&txt, &env);
				td_render_text(t, NULL, &txt);
				td_minhash(&env, txt.data ? txt.data : "", txt.len, 5, MH_K, pg[i].mh, &pg[i].n_mh);
				td_buf_free(&txt);
				td_tree_free(t);
			}
		}
		for (i = 0; i < n; i++)
		{
			int			j = choose_peer(&env, pg, n, i, rule);
			const page *q = j >= 0 ? &pg[j] : NULL;
			td_buf		masked,
						out;
			td_tree    *t = NULL;
			td_limits	lim;
			td_status	st;
			double		c0 = cpu_now();
			FILE	   *o;

			no_peer += q == NULL;
			td_limits_default(&lim);
			td_buf_init(&masked, &env);
			td_buf_init(&out, &env);
			if (frag)
				st = fragment(&env, &pg[i], q, unit, &masked);
			else
				st = td_sandwich_mask(&env, pg[i].html + pg[i].bom, pg[i].len - pg[i].bom, pg[i].enc,
									  q ? q->html + q->bom : NULL, q ? q->len - q->bom : 0,
									  q ? q->enc : NULL, unit, &masked, NULL);
			if (st == TD_OK)
				st = td_parse_html(&env, masked.data ? masked.data : "", masked.len, "UTF-8", &lim, &t);
			if (st == TD_OK)
				st = td_render_text(t, NULL, &out);
			t_sw += cpu_now() - c0;
			if (st != TD_OK)
			{
				fprintf(stderr, "%s/%s: %s\n", dir, pg[i].name, env.errmsg);
				return 1;
			}
			td_tree_free(t);

			/* the reference: the same page parsed and rendered, nothing removed */
			c0 = cpu_now();
			t = bench_parse_bytes(&env, pg[i].html, pg[i].len, pg[i].name);
			masked.len = 0;
			td_render_text(t, NULL, &masked);
			td_tree_free(t);
			t_parse += cpu_now() - c0;

			snprintf(path, sizeof(path), "%s/%s/%.*s.txt", pred, e->d_name,
					 (int) (strlen(pg[i].name) - 5), pg[i].name);
			o = fopen(path, "wb");
			fwrite(out.data ? out.data : "", 1, out.len, o);
			fclose(o);
			td_buf_free(&out);
			td_buf_free(&masked);
			pages++;
		}
		for (i = 0; i < n; i++)
		{
			free(pg[i].name);
			free(pg[i].path);
			free(pg[i].html);
		}
	}
	if (d)
		closedir(d);
	fprintf(stderr, "sandwich peer=%s unit=%s render=%s: %ld pages (%ld without a peer); "
			"CPU %.3f s sandwich, %.3f s parse+render alone, ratio %.2f\n",
			rule, unit == TD_SW_TOKEN ? "token" : "line", frag ? "fragment" : "mask",
			pages, no_peer, t_sw, t_parse, t_parse > 0 ? t_sw / t_parse : 0);
	return 0;
}
