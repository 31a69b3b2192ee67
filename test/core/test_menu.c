/*
 * test_menu.c — URL resolution (the RFC 3986 §5.4 table), the normal form,
 * hyperlink and DOM distances (seed 003's examples), Algorithm 1's order and
 * Algorithm 2's complete-subdigraph search over an in-memory crawl, with
 * ENOMEM at every allocation and interrupts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "menu/links.h"
#include "menu/menu.h"
#include "util/url.h"

static const char *
resolve(const char *base, const char *ref)
{
	static char out[1024];
	td_env		env;
	td_buf		b;
	td_status	st;

	td_env_default(&env);
	td_buf_init(&b, &env);
	st = td_url_resolve(&env, base, base ? strlen(base) : 0, ref, strlen(ref), &b);
	if (st != TD_OK)
		snprintf(out, sizeof(out), "ERR");
	else
		snprintf(out, sizeof(out), "%.*s", (int) b.len, b.data);
	td_buf_free(&b);
	return out;
}

#define RES(base, ref, want) \
	CHECK(strcmp(resolve(base, ref), want) == 0, "%s + %s = %s, want %s", base ? base : "-", ref, resolve(base, ref), want)

static void
test_rfc3986(void)
{
	const char *b = "http://a/b/c/d;p?q";

	/* §5.4.1 normal examples ("g:h" is not a web URL: skipped) */
	RES(b, "g:h", "ERR");
	RES(b, "g", "http://a/b/c/g");
	RES(b, "./g", "http://a/b/c/g");
	RES(b, "g/", "http://a/b/c/g/");
	RES(b, "/g", "http://a/g");
	RES(b, "//g", "http://g/");	/* RFC: http://g; an empty path is "/" */
	RES(b, "?y", "http://a/b/c/d;p?y");
	RES(b, "g?y", "http://a/b/c/g?y");
	RES(b, "#s", "http://a/b/c/d;p?q");	/* fragments removed */
	RES(b, "g#s", "http://a/b/c/g");
	RES(b, "g?y#s", "http://a/b/c/g?y");
	RES(b, ";x", "http://a/b/c/;x");
	RES(b, "g;x", "http://a/b/c/g;x");
	RES(b, "g;x?y#s", "http://a/b/c/g;x?y");
	RES(b, "", "http://a/b/c/d;p?q");
	RES(b, ".", "http://a/b/c/");
	RES(b, "./", "http://a/b/c/");
	RES(b, "..", "http://a/b/");
	RES(b, "../", "http://a/b/");
	RES(b, "../g", "http://a/b/g");
	RES(b, "../..", "http://a/");
	RES(b, "../../", "http://a/");
	RES(b, "../../g", "http://a/g");
	/* §5.4.2 abnormal examples */
	RES(b, "../../../g", "http://a/g");
	RES(b, "../../../../g", "http://a/g");
	RES(b, "/./g", "http://a/g");
	RES(b, "/../g", "http://a/g");
	RES(b, "g.", "http://a/b/c/g.");
	RES(b, ".g", "http://a/b/c/.g");
	RES(b, "g..", "http://a/b/c/g..");
	RES(b, "..g", "http://a/b/c/..g");
	RES(b, "./../g", "http://a/b/g");
	RES(b, "./g/.", "http://a/b/c/g/");
	RES(b, "g/./h", "http://a/b/c/g/h");
	RES(b, "g/../h", "http://a/b/c/h");
	RES(b, "g;x=1/./y", "http://a/b/c/g;x=1/y");
	RES(b, "g;x=1/../y", "http://a/b/c/y");
	RES(b, "g?y/./x", "http://a/b/c/g?y/./x");
	RES(b, "g?y/../x", "http://a/b/c/g?y/../x");
	RES(b, "g#s/./x", "http://a/b/c/g");
	RES(b, "g#s/../x", "http://a/b/c/g");
	RES(b, "http:g", "http://a/b/c/g");	/* the backward-compatible reading */
}

static void
test_normal_form(void)
{
	RES(NULL, "HTTP://Example.COM:80/%7Euser/a%2fb?%7e#x", "http://example.com/~user/a%2Fb?~");
	RES(NULL, "https://x.org:443", "https://x.org/");
	RES(NULL, "https://x.org:0443/", "https://x.org/");
	RES(NULL, "https://x.org:80/", "https://x.org:80/");
	RES(NULL, "http://x.org:8080/a", "http://x.org:8080/a");
	RES(NULL, "http://x.org:/", "http://x.org/");
	RES(NULL, "http://x.org./a", "http://x.org/a");
	RES(NULL, " \t http://x.org/a b\n ", "http://x.org/a%20b");
	RES(NULL, "http://x.org/a\tb\r\nc", "http://x.org/abc");
	RES(NULL, "http://x.org/\xc3\xa9t\xc3\xa9", "http://x.org/%C3%A9t%C3%A9");
	RES(NULL, "http://x.org\\a\\b?c\\d", "http://x.org/a/b?c\\d");
	RES(NULL, "http://x.org/a?", "http://x.org/a");
	RES(NULL, "http://x.org/%zz%4", "http://x.org/%25zz%254");
	RES(NULL, "http://u:p@X.org/", "http://u:p@x.org/");
	RES(NULL, "http://[::1]:8080/", "http://[::1]:8080/");
	RES(NULL, "http://x.org/a/./b/../c", "http://x.org/a/c");
	RES("http://x.org/a/b", "//y.org", "http://y.org/");
	RES("http://x.org/a/b", "HTTPS://y.org/Q", "https://y.org/Q");
	/* unusable: not web, no host, bad port or host, no base */
	RES(NULL, "http://x.org:99999/", "ERR");
	RES(NULL, "http://x.org:8a/", "ERR");
	RES(NULL, "http://", "ERR");
	RES(NULL, "http:///a", "ERR");
	RES(NULL, "http://a b/", "ERR");
	RES(NULL, "http://[::1/", "ERR");
	RES(NULL, "http://[::g]/", "ERR");
	{
		td_env		env;
		td_buf		b;

		td_env_default(&env);
		td_buf_init(&b, &env);
		CHECK(td_url_resolve(&env, NULL, 0, "http://a\0b/", 11, &b) == TD_EARG && b.len == 0, "NUL in host");
		td_buf_free(&b);
	}
	RES(NULL, "http://\xc3\xa9T%c3%a9.org/", "http://%C3%A9t%C3%A9.org/");
	RES(NULL, "mailto:a@b.org", "ERR");
	RES(NULL, "ftp://x.org/", "ERR");
	RES(NULL, "/a/b", "ERR");
	RES(NULL, "", "ERR");
	RES("http://x.org/", "javascript:void(0)", "ERR");
	RES("not a url", "g", "ERR");
	RES("mailto:x@y", "g", "ERR");
}

static int
hd(const char *a, const char *b)
{
	return td_url_hdistance(a, strlen(a), b, strlen(b));
}

static void
test_hdistance(void)
{
	/* seed 003 Example 2.2.3 and the examples after Def. 2.2.5 and in 2.2.6, 2.2.13 */
	const char *k = "http://www.upv.es/research/math/index.html";
	const char *bbc = "http://www.bbc.com/news/";

	CHECK(hd(k, "http://www.upv.es/research/math/pi.html") == 0, "same folder");
	CHECK(hd(k, "http://www.upv.es/sport/") == -2, "sport %d", hd(k, "http://www.upv.es/sport/"));
	CHECK(hd(k, "http://www.upv.es/research/math/news/computers.html") == 1, "subfolder");
	CHECK(hd(k, "http://www.tesco.es/") == -3, "other host %d", hd(k, "http://www.tesco.es/"));
	CHECK(hd("http://u.es/research/maths/", "http://u.es/research/maths/geometry/") == 1, "+1");
	CHECK(hd("http://u.es/research/maths/", "http://u.es/research/") == -1, "-1");
	CHECK(hd("http://u.es/research/maths/", "http://u.es/research/physics/dynamics") == -1, "-1 b");
	CHECK(hd(bbc, "http://www.bbc.com/news/world/europe/") == 2, "+2");
	CHECK(hd(bbc, "http://www.bbc.com/") == -1, "root");
	CHECK(hd(bbc, "http://www.bbc.com/news/uk/") == 1, "uk");
	CHECK(hd(bbc, "http://www.bbc.com/sport/0/football/28497920/") == -1, "sport");
	CHECK(hd(bbc, "http://www.bbc.com/news/also_in_the_news/") == 1, "also");
	CHECK(hd("http://www.bbc.com/news", "http://www.bbc.com/news/technology") == 1, "tech");
	CHECK(hd("http://www.bbc.com/news", "http://www.bbc.com/weather") == -1, "weather");
	CHECK(hd("http://www.bbc.com/news", "http://www.bbc.com/sport/0/formula1/26599556") == -1, "f1");
	CHECK(hd("http://bbc.com/news", "https://www.bbc.com:8080/news?x=1") == 0, "www, port, scheme, query");
	CHECK(hd(bbc, "not a url") == -2, "unsplittable");

	CHECK(td_url_same_site("http://www.a.org/", 17, "https://a.org:81/x", 18), "same site");
	CHECK(!td_url_same_site("http://www.a.org/", 17, "http://b.a.org/", 15), "subdomain");
	CHECK(!td_url_same_site("http://a.org/", 13, "mailto:x", 8), "not a URL");
}

static void
test_unwrap(void)
{
	const char *w = "https://web.archive.org/web/20090311083212/http://news.bbc.co.uk:80/2/hi/x.stm";
	const char *w2 = "http://web.archive.org/web/20090311083212im_/https://a.org/i.png";
	size_t		off = td_url_unwrap_archive(w, strlen(w));

	CHECK(off > 0 && strcmp(w + off, "http://news.bbc.co.uk:80/2/hi/x.stm") == 0, "unwrap %zu", off);
	off = td_url_unwrap_archive(w2, strlen(w2));
	CHECK(off > 0 && strcmp(w2 + off, "https://a.org/i.png") == 0, "flags");
	CHECK(td_url_unwrap_archive("https://web.archive.org/web/x/http://a/", 39) == 0, "no timestamp");
	CHECK(td_url_unwrap_archive("https://archive.org/web/1/http://a/", 35) == 0, "other host");
	CHECK(td_url_unwrap_archive("https://web.archive.org/web/1/ftp://a/", 38) == 0, "not web");
}

static td_tree *
parse(td_env *env, const char *html)
{
	td_tree    *t = NULL;

	if (td_parse_html(env, html, strlen(html), "UTF-8", NULL, &t) != TD_OK)
		return NULL;
	return t;
}

/* The ordered URLs joined by spaces, for comparison. */
static const char *
order_str(const td_links *l)
{
	static char out[4096];
	size_t		n = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < l->n_order; i++)
	{
		uint32_t	idx = l->order[i];

		n += snprintf(out + n, sizeof(out) - n, "%s%s", i ? " " : "", td_link_url(l, idx));
	}
	return out;
}

static void
test_links(void)
{
	td_env		env;
	td_links	l;
	td_tree    *t;
	const char *html =
	"<html><head><base href='/site/'></head><body>"
	"<ul><li><a href='a.html'>A</a></li><li><a href='b.html#top'>B</a></li></ul>"
	"<div><p><span><a href='sub/c.html'>C</a></span></p></div>"
	"<a href='mailto:x@y'>mail</a><a href='http://other.org/'>out</a><a href='http://x.org:bad/'>bad</a>"
	"<a>no href</a><map><area href='/d/'></map><a href='https://WWW.x.org/site/a.html'>A2</a>"
	"<a href='index.html'>self</a></body></html>";

	td_env_default(&env);
	t = parse(&env, html);
	CHECK(t != NULL, "parse");

	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "http://x.org/site/index.html", 28, TD_LINKS_SAME_DOMAIN, &l) == TD_OK, "extract");
	CHECK(l.n == 6, "same-domain links %u", l.n);
	CHECK(l.n >= 6 && strcmp(td_link_url(&l, 0), "http://x.org/site/a.html") == 0 &&
		  strcmp(td_link_url(&l, 1), "http://x.org/site/b.html") == 0 &&
		  strcmp(td_link_url(&l, 2), "http://x.org/site/sub/c.html") == 0 &&
		  strcmp(td_link_url(&l, 3), "http://x.org/d/") == 0 &&
		  strcmp(td_link_url(&l, 4), "https://www.x.org/site/a.html") == 0, "urls via <base>");
	CHECK(td_links_order(t, &l, "http://x.org/site/index.html", 28) == TD_OK, "order");
	/* hd 0: a, b, www/a (distinct URL); +1: sub/c; -1: /d/; self left out */
	CHECK(l.v[0].hdist == 0 && l.v[2].hdist == 1 && l.v[3].hdist == -1, "hdist");
	/* a and b are 4 apart (a/li/li/a), c is 4 from the body-level links */
	CHECK(l.v[0].ddist == 4 && l.v[1].ddist == 4, "ddist menu %u %u", l.v[0].ddist, l.v[1].ddist);
	CHECK(td_dom_distance(t, l.v[0].node, l.v[1].node) == 4, "a-b");
	CHECK(td_dom_distance(t, l.v[0].node, l.v[0].node) == 0, "self");
	CHECK(td_dom_distance(t, l.v[2].node, l.v[4].node) == 5, "c-A2 %u", td_dom_distance(t, l.v[2].node, l.v[4].node));
	CHECK(l.v[4].ddist == 2, "A2 next to self link? %u", l.v[4].ddist);
	CHECK(strcmp(order_str(&l), "http://x.org/site/a.html http://x.org/site/b.html "
				 "https://www.x.org/site/a.html http://x.org/site/sub/c.html http://x.org/d/") == 0,
		  "order: %s", order_str(&l));
	td_links_free(&l);

	/* without same_domain the other site comes too; a bad page URL is TD_EARG */
	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "http://x.org/site/index.html", 28, 0, &l) == TD_OK && l.n == 7, "all %u", l.n);
	td_links_free(&l);
	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "x.org/site", 10, TD_LINKS_SAME_DOMAIN, &l) == TD_EARG, "bad page url");
	td_links_free(&l);
	td_tree_free(t);

	/* Wayback links stand for their originals when asked */
	t = parse(&env, "<a href='/web/20090101000000/http://x.org:80/a/b.html'>w</a>"
			  "<a href='https://web.archive.org/web/2009im_/http://other.org/i.png'>i</a>"
			  "<a href='/web/2009/mailto:x'>m</a>");
	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "https://web.archive.org/web/2009/http://x.org/", 46,
						   TD_LINKS_UNWRAP_ARCHIVE | TD_LINKS_SAME_DOMAIN, &l) == TD_OK, "unwrap");
	CHECK(l.n == 1 && strcmp(td_link_url(&l, 0), "http://x.org/a/b.html") == 0,
		  "same domain is the original's: %u", l.n);
	td_links_free(&l);
	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "https://web.archive.org/web/2009/http://x.org/", 46,
						   TD_LINKS_UNWRAP_ARCHIVE, &l) == TD_OK && l.n == 3, "unwrap all %u", l.n);
	CHECK(l.n == 3 && strcmp(td_link_url(&l, 0), "http://x.org/a/b.html") == 0 &&
		  strcmp(td_link_url(&l, 1), "http://other.org/i.png") == 0 &&
		  strcmp(td_link_url(&l, 2), "https://web.archive.org/web/2009/mailto:x") == 0, "originals");
	td_links_free(&l);
	td_tree_free(t);
}

static void
test_dom_relevance(void)
{
	/* a lone link deep in the content is farther from the others than menu items */
	const char *html =
	"<body><ul><li><a href='/a/1'>1</a></li><li><a href='/a/2'>2</a></li><li><a href='/a/3'>3</a></li></ul>"
	"<div><div><p><a href='/a/4'>4</a></p></div></div>"
	"<p><a href='/a/5'>5</a> and <a href='/a/6'>6</a></p></body>";
	td_env		env;
	td_links	l;
	td_tree    *t;

	td_env_default(&env);
	t = parse(&env, html);
	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "http://x.org/a/", 15, TD_LINKS_SAME_DOMAIN, &l) == TD_OK && l.n == 6, "extract");
	CHECK(td_links_order(t, &l, "http://x.org/a/", 15) == TD_OK, "order");
	/* 4 is 6 from the others; menu items 4 apart; 5 and 6 are siblings: 2 */
	CHECK(l.v[3].ddist == 6 && l.v[0].ddist == 4 && l.v[4].ddist == 2, "ddist %u %u %u",
		  l.v[3].ddist, l.v[0].ddist, l.v[4].ddist);
	CHECK(strcmp(order_str(&l), "http://x.org/a/4 http://x.org/a/1 http://x.org/a/2 "
				 "http://x.org/a/3 http://x.org/a/5 http://x.org/a/6") == 0, "order: %s", order_str(&l));
	td_links_free(&l);
	td_tree_free(t);

	/* one link alone: no other link, infinitely far */
	t = parse(&env, "<p><a href='/x'>x</a></p>");
	td_links_init(&l, &env);
	CHECK(td_links_extract(t, "http://x.org/", 13, TD_LINKS_SAME_DOMAIN, &l) == TD_OK && td_links_order(t, &l, "http://x.org/", 13) == TD_OK &&
		  l.n == 1 && l.v[0].ddist == TD_NONE && l.n_order == 1, "alone");
	td_links_free(&l);
	td_tree_free(t);
}

/* ---- an in-memory crawl for Algorithm 2 -------------------------------- */

typedef struct crawl
{
	const char *const *urls;
	const char *const *html;
	int			n;
	int			loads;
	int			fail_at;		/* return TD_ELIMIT on this load (0: never) */
	td_env		env;			/* the pages' (malloc) */
} crawl;

static td_status
load(void *arg, const char *url, size_t len, td_tree **page)
{
	crawl	   *c = arg;

	*page = NULL;
	c->loads++;
	if (c->fail_at && c->loads == c->fail_at)
		return TD_ELIMIT;
	for (int i = 0; i < c->n; i++)
		if (strlen(c->urls[i]) == len && memcmp(c->urls[i], url, len) == 0)
		{
			td_env_default(&c->env);
			return td_parse_html(&c->env, c->html[i], strlen(c->html[i]), "UTF-8", NULL, page);
		}
	return TD_OK;
}

/*
 * key links (Algorithm 1 order): /s/p1 /s/p2 /s/p3 /s/p4 /missing /s/p5.
 * p1, p2, p4, p5 link to each other (the menu), p3 links to nobody.
 */
#define MENU "<ul><li><a href='/s/p1'>1</a></li><li><a href='/s/p2'>2</a></li>" \
	"<li><a href='/s/p4'>4</a></li><li><a href='/s/p5'>5</a></li></ul>"
static const char *const crawl_urls[] = {
	"http://x.org/s/p1", "http://x.org/s/p2", "http://x.org/s/p3", "http://x.org/s/p4",
	"http://x.org/s/p5"
};
static const char *const crawl_html[] = {
	MENU "<p>one</p>", MENU "<p>two</p>", "<p>three, no links</p>", MENU, MENU
};
static const char *key_html =
"<ul><li><a href='p1'>1</a></li><li><a href='p2'>2</a></li><li><a href='p3'>3</a></li>"
"<li><a href='p4'>4</a></li><li><a href='missing'>m</a></li><li><a href='p5'>5</a></li></ul>";

static void
test_menu_pages(void)
{
	td_env		env;
	td_tree    *key;
	td_menu_result res;
	td_menu_options opt = {3, 100, TD_LINKS_SAME_DOMAIN};
	crawl		c = {crawl_urls, crawl_html, 5, 0, 0, {0}};
	const char *ku = "http://x.org/s/key";

	td_env_default(&env);
	key = parse(&env, key_html);
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_OK, "run");
	/* p1, p2 (2-CS), p3 (nothing), p4: {p1, p2, p4} is the 3-CS; p5 never read */
	CHECK(res.cs_size == 3 && res.pages_read == 4 && res.lookups == 4, "3-CS %u %u %u",
		  res.cs_size, res.pages_read, res.lookups);
	CHECK(res.cs_size == 3 && res.cs[0] == 0 && res.cs[1] == 1 && res.cs[2] == 3, "members");
	CHECK(res.read[0] == 0 && res.read[1] == 1 && res.read[2] == 2 && res.read[3] == 3, "read");
	td_menu_result_free(&res);

	/* n = 4: the missing page is skipped, p5 completes it */
	opt.n = 4;
	c.loads = 0;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_OK &&
		  res.cs_size == 4 && res.pages_read == 5 && res.lookups == 6 && res.cs[3] == 5,
		  "4-CS %u %u %u", res.cs_size, res.pages_read, res.lookups);
	td_menu_result_free(&res);

	/* n = 5 cannot be formed: the largest (4) comes back; max_reads bounds the reads */
	opt.n = 5;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_OK &&
		  res.cs_size == 4 && res.pages_read == 5, "largest %u", res.cs_size);
	td_menu_result_free(&res);
	opt.max_reads = 2;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_OK &&
		  res.cs_size == 2 && res.pages_read == 2, "bounded %u %u", res.cs_size, res.pages_read);
	td_menu_result_free(&res);
	opt.max_reads = 100;
	opt.n = 1;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_OK &&
		  res.cs_size == 1 && res.pages_read == 1, "n=1");
	td_menu_result_free(&res);

	/* errors: bad n, bad key URL, the loader's own status */
	opt.n = 0;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_EARG, "n=0");
	opt.n = TD_MENU_MAX_N + 1;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_EARG, "n big");
	opt.n = 3;
	CHECK(td_menu_pages(&env, key, "key", 3, &opt, load, &c, &res) == TD_EARG, "bad url");
	c.loads = 0;
	c.fail_at = 2;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_ELIMIT, "loader");
	c.fail_at = 0;
	td_tree_free(key);
}

static void
test_enomem_interrupt(void)
{
	counting	cnt = {0, -1, 0};
	td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};
	td_env		plain;
	td_tree    *key;
	td_menu_result res;
	td_menu_options opt = {4, 100, TD_LINKS_SAME_DOMAIN};
	crawl		c = {crawl_urls, crawl_html, 5, 0, 0, {0}};
	const char *ku = "http://x.org/s/key";
	int			k,
				ok = 0;

	td_env_default(&plain);
	key = parse(&plain, key_html);
	for (k = 0; k < 400 && !ok; k++)
	{
		td_status	st;

		cnt.budget = k;
		st = td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res);
		if (st == TD_OK)
		{
			ok = 1;
			CHECK(res.cs_size == 4, "size under budget %d", k);
			td_menu_result_free(&res);
		}
		else
			CHECK(st == TD_ENOMEM, "budget %d: %d", k, st);
		CHECK(cnt.live == 0, "leak at budget %d: %ld", k, cnt.live);
	}
	CHECK(ok, "never succeeded");
	cnt.budget = -1;
	cnt.interrupt = 1;
	CHECK(td_menu_pages(&env, key, ku, strlen(ku), &opt, load, &c, &res) == TD_EINTR, "interrupt");
	CHECK(cnt.live == 0, "leak after interrupt");
	td_tree_free(key);
}

/*
 * The steps of td_menu_pages, driven by a caller that reads the pages
 * itself (the database glue): the same result as with a loader, and a
 * caller that stops early (its read failed) ends the search with its own
 * status, nothing leaked.
 */
static void
test_menu_steps(void)
{
	counting	cnt = {0, -1, 0};
	td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};
	td_env		plain;
	td_tree    *key;
	td_menu_search s;
	td_menu_result res;
	td_menu_options opt = {4, 100, TD_LINKS_SAME_DOMAIN};
	crawl		c = {crawl_urls, crawl_html, 5, 0, 0, {0}};
	const char *ku = "http://x.org/s/key";
	const char *url;
	size_t		len;
	td_status	st;
	int			reads = 0;

	td_env_default(&plain);
	key = parse(&plain, key_html);
	st = td_menu_search_begin(&s, &env, key, ku, strlen(ku), &opt, &res);
	while (st == TD_OK && (st = td_menu_search_next(&s, &url, &len)) == TD_OK && url != NULL)
	{
		td_tree    *page = NULL;

		reads++;
		CHECK(url[len] == '\0', "url NUL-terminated");
		if ((st = load(&c, url, len, &page)) == TD_OK)
			st = td_menu_search_add(&s, page);
	}
	CHECK(td_menu_search_end(&s, st) == TD_OK && res.cs_size == 4 && res.pages_read == 5 &&
		  res.lookups == 6 && reads == 6 && res.cs[3] == 5, "steps: 4-CS %u %u %u",
		  res.cs_size, res.pages_read, res.lookups);
	td_menu_result_free(&res);
	CHECK(cnt.live == 0, "steps: leak %ld", cnt.live);

	/* a read fails after two pages: the caller ends the search with its status */
	c.loads = 0;
	st = td_menu_search_begin(&s, &env, key, ku, strlen(ku), &opt, &res);
	for (int k = 0; st == TD_OK && k < 2; k++)
	{
		td_tree    *page = NULL;

		if ((st = td_menu_search_next(&s, &url, &len)) == TD_OK &&
			(st = load(&c, url, len, &page)) == TD_OK)
			st = td_menu_search_add(&s, page);
	}
	CHECK(st == TD_OK && res.pages_read == 2, "two pages read");
	CHECK(td_menu_search_end(&s, TD_ELIMIT) == TD_ELIMIT && res.cs == NULL && res.read == NULL,
		  "ended with the caller's status, result freed");
	CHECK(cnt.live == 0, "early end: leak %ld", cnt.live);

	/* a bad option: end after a failed begin is safe */
	opt.n = 0;
	st = td_menu_search_begin(&s, &env, key, ku, strlen(ku), &opt, &res);
	CHECK(td_menu_search_end(&s, st) == TD_EARG && cnt.live == 0, "failed begin");
	td_tree_free(key);
}

int
main(void)
{
	test_rfc3986();
	test_normal_form();
	test_hdistance();
	test_unwrap();
	test_links();
	test_dom_relevance();
	test_menu_pages();
	test_enomem_interrupt();
	test_menu_steps();
	return check_done("test_menu");
}
