/*
 * menu_quality.c — the complete-subdigraph search (seed 003 Algorithm 2) on a
 * folder of sites with the core alone: each site folder stands for the crawl
 * table, each page's URL is https://<site>/<its original path from SOURCE>.
 *
 *   menu_quality SITES_DIR OUT_TSV [n [max_reads [PRED_DIR [t]]]]
 *
 * For every page of every site as the key page: the links are resolved
 * against the page URL, Wayback Machine addresses stand for their originals
 * (TD_LINKS_UNWRAP_ARCHIVE), links are visited in Algorithm 1's order and a
 * "page load" reads the site's file for that URL, a directory URL reading
 * its index.html as a web server does, and a table holding each page once
 * (a second URL of a page already read in this search is not in the
 * table); a link to a page that is not in the folder is skipped.  Where no n-CS can be formed from the pages present,
 * the peers are completed as strip_menu does, with the other pages read in
 * Algorithm 1's order, then with the site's other pages ordered by
 * hyperlink distance from the key page (link relevance, Def. 2.2.12; ties
 * in file order), and the row says so.  OUT_TSV gets one row per key page:
 *   site  key  cs_size  complete  pages_read  lookups  peers(NNN,NNN,...)  source
 * with source "cs", "cs+read", "cs+distance" or "cs+read+distance"; the summary on
 * stdout gives, per site and overall, how often a complete CS was found and
 * the pages read per key page.  With PRED_DIR, each key page is then
 * stripped by ETDM (etdm.h, default parameters) against its peers with t
 * votes (default 2), and its text written to PRED_DIR/<site>/NNN.txt; score
 * with ../shared/eval/score.py SITES_DIR PRED_DIR.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "menu/etdm.h"
#include "menu/links.h"
#include "menu/menu.h"
#include "base/render.h"
#include "util/url.h"

#include "corpus.h"

#define MAX_PAGES 1024

typedef struct site
{
	char		dir[4096];
	int			n;
	char	   *num[MAX_PAGES];	/* "001" */
	char	   *url[MAX_PAGES];	/* normalised */
	td_env		env;
	int			reads;			/* pages loaded through the loader */
	char		seen[MAX_PAGES];	/* read during this key page's search */
} site;

static char *
dup_n(const char *s, size_t n)
{
	char	   *d = malloc(n + 1);

	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

/* Reads SOURCE's "NNN <TAB> path <TAB> ..." lines into URLs. */
static int
read_site(site *s, const char *sites, const char *name)
{
	char		path[8192];
	size_t		len;
	char	   *src,
			   *line;

	snprintf(s->dir, sizeof(s->dir), "%s/%s", sites, name);
	snprintf(path, sizeof(path), "%s/SOURCE", s->dir);
	if ((src = bench_read_file(path, &len)) == NULL)
		return 0;
	s->n = 0;
	td_env_default(&s->env);
	for (line = strtok(src, "\n"); line && s->n < MAX_PAGES; line = strtok(NULL, "\n"))
	{
		char	   *t1 = strchr(line, '\t'),
				   *t2;
		char		raw[8192];
		td_buf		b;

		if (!t1 || t1 - line != 3 || line[0] < '0' || line[0] > '9')
			continue;
		t2 = strchr(t1 + 1, '\t');
		if (!t2)
			t2 = t1 + strlen(t1);
		snprintf(raw, sizeof(raw), "https://%s/%.*s", name, (int) (t2 - t1 - 1), t1 + 1);
		td_buf_init(&b, &s->env);
		if (td_url_resolve(&s->env, NULL, 0, raw, strlen(raw), &b) != TD_OK)
		{
			fprintf(stderr, "%s: unusable URL %s\n", name, raw);
			td_buf_free(&b);
			continue;
		}
		s->num[s->n] = dup_n(line, 3);
		s->url[s->n] = dup_n(b.data, b.len);
		s->n++;
		td_buf_free(&b);
	}
	free(src);
	return s->n > 0;
}

static int
find_exact(const site *s, const char *url, size_t len)
{
	for (int i = 0; i < s->n; i++)
		if (strlen(s->url[i]) == len && memcmp(s->url[i], url, len) == 0)
			return i;
	return -1;
}

/* As a web server answers: a directory URL is its index.html. */
static int
find_url(const site *s, const char *url, size_t len)
{
	int			i = find_exact(s, url, len);
	char		buf[TD_URL_MAX_LEN + 16];

	if (i < 0 && len > 0 && url[len - 1] == '/' && len < TD_URL_MAX_LEN)
	{
		memcpy(buf, url, len);
		memcpy(buf + len, "index.html", 10);
		i = find_exact(s, buf, len + 10);
	}
	return i;
}

static td_tree *
parse_page(site *s, int i)
{
	char		path[8192];

	snprintf(path, sizeof(path), "%s/%s.html", s->dir, s->num[i]);
	return bench_parse_file(&s->env, path);
}

static td_status
load(void *arg, const char *url, size_t len, td_tree **page)
{
	site	   *s = arg;
	int			i = find_url(s, url, len);

	*page = NULL;
	if (i < 0 || s->seen[i])
		return TD_OK;			/* an alias (docs/ and docs/index.html) of a page read: one row */
	s->seen[i] = 1;
	s->reads++;
	*page = parse_page(s, i);
	return TD_OK;
}

/* Appends the page of links.order position pos to peers unless present or full; 1 if added. */
static int
add_peer(const site *s, const td_menu_result *res, uint32_t pos, int *peers, int *n_peers, uint32_t n)
{
	uint32_t	idx = res->links.order[pos];
	int			p = find_url(s, td_link_url(&res->links, idx), res->links.v[idx].url_len);

	if (p < 0 || *n_peers >= (int) n)
		return 0;
	for (int c = 0; c < *n_peers; c++)
		if (peers[c] == p)
			return 0;
	peers[(*n_peers)++] = p;
	return 1;
}

typedef struct ranked
{
	int64_t		group;
	int			idx;
} ranked;

static int
cmp_ranked(const void *a, const void *b)
{
	const ranked *x = a,
			   *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return x->idx - y->idx;
}

/* ETDM of the key page against its peers (t votes), its clean text written to pred. */
static void
strip_with_peers(site *s, const char *name, int k, td_tree *key, const int *peers, int n_peers,
				 int t, const char *pred)
{
	td_etdm_params params;
	td_etdm		etdm;
	uint8_t    *drop = calloc(key->n_nodes, 1);
	td_buf		out;
	char		page[32];

	td_etdm_params_default(&params);
	if (td_etdm_init(&etdm, key, &params) == TD_OK)
	{
		for (int c = 0; c < n_peers; c++)
		{
			td_tree    *peer = parse_page(s, peers[c]);

			if (peer)
			{
				td_etdm_add_peer(&etdm, peer);
				td_tree_free(peer);
			}
		}
		if (etdm.peers >= (uint32_t) t)
			td_etdm_marks(&etdm, (uint32_t) t, NULL, drop);
		td_etdm_free(&etdm);
	}
	td_buf_init(&out, &s->env);
	td_render_text(key, drop, &out);
	snprintf(page, sizeof(page), "%s.html", s->num[k]);
	bench_write_pred(pred, name, page, out.data, out.len);
	td_buf_free(&out);
	free(drop);
}

int
main(int argc, char **argv)
{
	const char *sites = argc > 1 ? argv[1] : "../shared/corpus/sites";
	const char *out_path = argc > 2 ? argv[2] : "/tmp/td_menu_peers.tsv";
	td_menu_options opt = {argc > 3 ? (uint32_t) atoi(argv[3]) : 3,
		argc > 4 ? (uint32_t) atoi(argv[4]) : 100,
	TD_LINKS_SAME_DOMAIN | TD_LINKS_UNWRAP_ARCHIVE};
	const char *pred = argc > 5 ? argv[5] : NULL;
	int			votes = argc > 6 ? atoi(argv[6]) : 2;
	long		peers_cs = 0,
				peers_read = 0,
				peers_fb = 0;
	FILE	   *out = fopen(out_path, "w");
	char	  **names = NULL;
	int			n_names = 0;
	DIR		   *d = opendir(sites);
	struct dirent *e;
	double		sum_complete = 0,
				sum_reads = 0,
				sum_lookups = 0,
				sum_any = 0;
	int			n_sites = 0,
				pages_all = 0,
				complete_all = 0,
				reads_all = 0;

	if (!d || !out)
	{
		fprintf(stderr, "usage: menu_quality SITES_DIR OUT_TSV [n] [max_reads]\n");
		return 2;
	}
	if (pred)
		mkdir(pred, 0755);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
		{
			names = realloc(names, (n_names + 1) * sizeof(char *));
			names[n_names++] = strdup(e->d_name);
		}
	closedir(d);
	qsort(names, n_names, sizeof(char *), bench_cmp_str);

	printf("%-40s %5s %9s %8s %9s %9s\n", "site", "pages", "complete", "any CS>1", "reads/key", "lookups");
	for (int si = 0; si < n_names; si++)
	{
		site		s;
		int			complete = 0,
					multi = 0;
		long		reads = 0,
					lookups = 0;

		memset(&s, 0, sizeof(s));
		if (!read_site(&s, sites, names[si]))
			continue;
		for (int k = 0; k < s.n; k++)
		{
			td_tree    *key = parse_page(&s, k);
			td_menu_result res;
			ranked	   *rk = malloc(s.n * sizeof(ranked));
			int			n_rk = 0,
						n_peers = 0;
			int			peers[TD_MENU_MAX_N];
			int			fallback = 0,
						from_read = 0;

			if (!key)
				continue;
			s.reads = 0;
			memset(s.seen, 0, sizeof(s.seen));
			if (td_menu_pages(&s.env, key, s.url[k], strlen(s.url[k]), &opt, load, &s, &res) != TD_OK)
			{
				fprintf(stderr, "%s %s: %s\n", names[si], s.num[k], s.env.errmsg);
				td_tree_free(key);
				free(rk);
				continue;
			}
			for (uint32_t c = 0; c < res.cs_size; c++)
				add_peer(&s, &res, res.cs[c], peers, &n_peers, opt.n);
			peers_cs += n_peers;
			/* as strip_menu: then the other pages read, in Algorithm 1's order */
			for (uint32_t c = 0; c < res.pages_read; c++)
				if (add_peer(&s, &res, res.read[c], peers, &n_peers, opt.n))
				{
					peers_read++;
					from_read = 1;
				}
			complete += res.cs_size == opt.n;
			multi += res.cs_size > 1;
			reads += res.pages_read;
			lookups += res.lookups;

			/* fallback: the other pages by hyperlink distance (link relevance) */
			for (int j = 0; j < s.n; j++)
			{
				int			hd;
				int			in_cs = 0;

				for (int c = 0; c < n_peers; c++)
					in_cs |= peers[c] == j;
				if (j == k || in_cs)
					continue;
				hd = td_url_hdistance(s.url[k], strlen(s.url[k]), s.url[j], strlen(s.url[j]));
				rk[n_rk].group = td_link_relevance(hd);
				rk[n_rk++].idx = j;
			}
			qsort(rk, n_rk, sizeof(ranked), cmp_ranked);
			for (int j = 0; n_peers < (int) opt.n && j < n_rk; j++)
			{
				peers[n_peers++] = rk[j].idx;
				peers_fb++;
				fallback = 1;
			}
			if (pred)
				strip_with_peers(&s, names[si], k, key, peers, n_peers, votes, pred);

			fprintf(out, "%s\t%s\t%u\t%d\t%u\t%u\t", names[si], s.num[k], res.cs_size,
					res.cs_size == opt.n, res.pages_read, res.lookups);
			for (int c = 0; c < n_peers; c++)
				fprintf(out, "%s%s", c ? "," : "", s.num[peers[c]]);
			fprintf(out, "\t%s%s%s\n", "cs", from_read ? "+read" : "", fallback ? "+distance" : "");
			td_menu_result_free(&res);
			td_tree_free(key);
			free(rk);
		}
		printf("%-40s %5d %8.0f%% %7.0f%% %9.1f %9.1f\n", names[si], s.n, 100.0 * complete / s.n,
			   100.0 * multi / s.n, (double) reads / s.n, (double) lookups / s.n);
		sum_complete += (double) complete / s.n;
		sum_any += (double) multi / s.n;
		sum_reads += (double) reads / s.n;
		sum_lookups += (double) lookups / s.n;
		pages_all += s.n;
		complete_all += complete;
		reads_all += reads;
		n_sites++;
		for (int i = 0; i < s.n; i++)
			free(s.num[i]), free(s.url[i]);
	}
	printf("%-40s %5d %8.0f%% %7.0f%% %9.1f %9.1f   (site-averaged; n = %u, max_reads = %u)\n",
		   "ALL", pages_all, 100.0 * sum_complete / n_sites, 100.0 * sum_any / n_sites,
		   sum_reads / n_sites, sum_lookups / n_sites, opt.n, opt.max_reads);
	printf("pages with a complete %u-CS: %d of %d; pages read per key page (page-averaged): %.1f\n",
		   opt.n, complete_all, pages_all, (double) reads_all / pages_all);
	printf("peers: %ld from the complete subdigraphs, %ld other pages read, %ld by hyperlink distance\n",
		   peers_cs, peers_read, peers_fb);
	fclose(out);
	for (int i = 0; i < n_names; i++)
		free(names[i]);
	free(names);
	return 0;
}
