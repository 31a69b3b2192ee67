/*
 * test_chunk.c — table text chunks (seed 002 §3): where the delimiters cut,
 * what goes into a chunk fingerprint, the page key of exact duplicates,
 * marking against a chunk profile, and the bounds (deep and large pages,
 * allocation failures, interrupts).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tree_helpers.h"
#include "counting.h"
#include "site/chunk.h"
#include "site/fingerprint.h"
#include "site/profile.h"
#include "base/render.h"
#include "site/marks.h"
#include "base/tags.h"
#include "base/tree.h"

static td_env env;

static td_tree *
parse(const char *html)
{
	return parse_env(&env, html);
}

/* Number of chunks of html; fps (if given) receives up to 16 of them. */
static uint32_t
chunks_of(const char *html, uint64_t *fps)
{
	td_tree    *t = parse(html);
	td_chunks	c;
	uint32_t	n;

	if (t == NULL || td_page_chunks(t, TD_CHUNK_FOLD_DATES, &c) != TD_OK)
		return UINT32_MAX;
	n = c.n;
	if (fps)
		memcpy(fps, c.fp, (n < 16 ? n : 16) * sizeof(uint64_t));
	td_chunks_free(t, &c);
	td_tree_free(t);
	return n;
}

static uint64_t
only_chunk(const char *html)
{
	uint64_t	fp[16];

	return chunks_of(html, fp) == 1 ? fp[0] : 0;
}

static uint64_t
key_of(const char *html)
{
	td_tree    *t = parse(html);
	uint64_t	k = 0;

	if (t && td_page_key(t, &k) != TD_OK)
		k = 0;
	td_tree_free(t);
	return k;
}

static void
test_delimiters(void)
{
	uint64_t	fp[16];
	static const char *delims[] = {"table", "caption", "thead", "tbody", "tfoot", "tr",
		"td", "th", "colgroup", "col", "map", "area"};
	size_t		i;

	CHECK(chunks_of("<div>a</div><div>b <b>c</b></div><p>d</p>", NULL) == 1,
		  "no table: the page is one chunk");
	CHECK(chunks_of("<p>a</p><table><tr><td>x</td><td>y</td></tr></table><p>b</p>", fp) == 4,
		  "a | x | y | b");
	CHECK(fp[0] == only_chunk("<p>a</p>") && fp[3] == only_chunk("b"), "text before and after the table");
	CHECK(fp[1] == only_chunk("<td>x</td>"), "a cell's text is its chunk");
	CHECK(chunks_of("<p>a</p><map name=m><area href=/x></map><p>b</p>", NULL) == 2,
		  "an image map cuts");
	CHECK(chunks_of("a<img src=x.png>b<br>c<span>d</span>", NULL) == 1, "other tags do not cut");
	CHECK(chunks_of("<table><tr><td> </td><td>\n</td></tr></table>", NULL) == 0,
		  "blank chunks are not counted");
	CHECK(chunks_of("", NULL) == 0, "empty page: no chunk");
	CHECK(chunks_of("<script>var a = '<table>';</script>x<style>td{}</style>", fp) == 1 &&
		  fp[0] == only_chunk("x"), "hidden text is not in a chunk");
	for (i = 0; i < sizeof(delims) / sizeof(delims[0]); i++)
	{
		uint16_t	tag = td_tag_lookup(delims[i], strlen(delims[i]));

		CHECK(td_chunk_delimiter(tag), "%s delimits", delims[i]);
	}
	CHECK(!td_chunk_delimiter(td_tag_lookup("div", 3)) && !td_chunk_delimiter(td_tag_lookup("li", 2)),
		  "div and li do not");
}

static void
test_fingerprints(void)
{
	uint64_t	a = only_chunk("<td>Home   News\n About</td>");

	CHECK(a != 0, "a chunk has a fingerprint");
	CHECK(a == only_chunk("<td> Home News About </td>"), "white space is folded");
	CHECK(a == only_chunk("<td><a href=/>Home</a> <a href=/n class=active>News</a> About</td>"),
		  "inline tags and attributes do not count");
	CHECK(a != only_chunk("<td>Home News</td>"), "text counts");
	CHECK(only_chunk("<td>Updated 2024-03-15</td>") != only_chunk("<td>Updated 2024-03-16</td>"),
		  "digits are kept (TD_CHUNK_FOLD_DATES 0)");
	CHECK(only_chunk("<td>x</td>") == only_chunk("<p>x</p>"), "a chunk is its text alone");
}

static void
test_page_fingerprints(void)
{
	td_tree    *t = parse("<table><tr><td>menu</td></tr></table>body<table><tr><td>menu</td></tr></table>");
	td_chunks	c;
	uint64_t	out[8];
	size_t		n;

	CHECK(td_page_chunks(t, 0, &c) == TD_OK && c.n == 3, "menu | body | menu");
	n = td_chunk_page_fingerprints(&c, 42, out);
	CHECK(n == 3, "the menu once, the body, the page entry: %zu", n);
	CHECK(out[0] < out[1] && out[1] < out[2], "sorted");
	CHECK(out[0] == td_chunk_page_entry(42) || out[1] == td_chunk_page_entry(42) ||
		  out[2] == td_chunk_page_entry(42), "the page entry is there");
	CHECK(c.of[0] == TD_NONE, "the root is in no chunk");
	td_chunks_free(t, &c);
	td_tree_free(t);
}

static void
test_page_key(void)
{
	uint64_t	k = key_of("<html><body><div class=a><p>Hello  world</p><a href=/x>x</a></div></body></html>");

	CHECK(k != 0, "a key");
	CHECK(k == key_of("<html><body>\n<div class=b><p>Hello world</p><!-- c --><a href=/mirror/x>x</a></div>"
					  "<script>s()</script></body></html>"),
		  "attributes, white space, comments and scripts do not change it");
	CHECK(k != key_of("<html><body><div><p>Hello world!</p><a>x</a></div></body></html>"), "text does");
	CHECK(k != key_of("<html><body><div><p>Hello world</p></div><a>x</a></body></html>"), "structure does");
	CHECK(key_of("<p>Updated 2024-03-15</p>") != key_of("<p>Updated 2024-03-16</p>"),
		  "exact: dates count");
	CHECK(key_of("") != 0, "never 0");
}

/* A chunk profile of pages (exact counting, duplicates detected). */
static td_buf
chunk_profile(const char **pages, int n)
{
	td_profile_settings set = {TD_UNIT_CHUNK, TD_CHUNK_SCHEME, 0, 4096, 1024};
	td_profile *p = NULL;
	td_buf		out;
	int			i;

	td_buf_init(&out, &env);
	td_profile_create(&env, &set, &p);
	for (i = 0; i < n; i++)
	{
		td_tree    *t = parse(pages[i]);
		td_chunks	c;
		uint64_t	key;
		uint64_t   *pf = calloc(t->n_nodes + 1, sizeof(uint64_t));
		int			counted;

		td_page_chunks(t, TD_CHUNK_FOLD_DATES, &c);
		td_page_key(t, &key);
		td_profile_add_keyed_page(p, key, pf, td_chunk_page_fingerprints(&c, key, pf), &counted);
		free(pf);
		td_chunks_free(t, &c);
		td_tree_free(t);
	}
	td_profile_serialize(p, &out);
	td_profile_free(p);
	return out;
}

static char *
strip_with(const td_buf *prof, const char *html, double threshold, td_status *st, int as_html)
{
	td_profile_view v;
	td_tree    *t = parse(html);
	td_marks	m;
	td_buf		out;
	char	   *r = NULL;

	td_buf_init(&out, &env);
	*st = td_profile_view_init(&env, prof->data, prof->len, &v);
	if (*st == TD_OK)
		*st = td_mark_site(t, &v, threshold, &m);
	if (*st == TD_OK)
	{
		if (as_html)
			td_render_html(t, m.drop, &out);
		else
			td_render_text(t, m.drop, &out);
		td_buf_terminate(&out);
		r = strdup(out.data);
		td_marks_free(t, &m);
	}
	td_buf_free(&out);
	td_tree_free(t);
	return r;
}

#define PAGE(body) \
	"<html><body><table><tr><td><a href=/>Home</a> | <a href=/n>News</a></td></tr></table>" \
	body "<table><tr><td>(c) Example</td></tr></table></body></html>"

static void
test_marking(void)
{
	const char *pages[] = {
		PAGE("<p>First story.</p>"), PAGE("<p>Second story.</p>"),
		PAGE("<p>Third story.</p>"), PAGE("<p>Fourth story.</p>"),
	};
	const char *mirrored[] = {
		PAGE("<p>First story.</p>"), PAGE("<p>First story.</p>"), PAGE("<p>First story.</p>"),
		PAGE("<p>Second story.</p>"), PAGE("<p>Third story.</p>"), PAGE("<p>Fourth story.</p>"),
	};
	td_buf		prof = chunk_profile(pages, 4);
	td_buf		mirror = chunk_profile(mirrored, 6);
	td_buf		few = chunk_profile(mirrored, 4);
	td_profile_view v;
	td_status	st;
	char	   *r;

	r = strip_with(&prof, pages[1], 0.1, &st, 0);
	CHECK(st == TD_OK && r && strcmp(r, "Second story.") == 0, "menu and footer chunks go: [%s]", r ? r : "");
	free(r);
	r = strip_with(&prof, pages[1], 0.1, &st, 1);
	CHECK(st == TD_OK && r && strstr(r, "<table") == NULL && strstr(r, "Second story.") != NULL,
		  "the emptied tables go from the HTML: [%s]", r ? r : "");
	free(r);
	r = strip_with(&prof, PAGE("<p>New story.</p>"), 1.0, &st, 0);
	CHECK(st == TD_OK && r && strcmp(r, "New story.") == 0, "theta 1 for a page not in the profile");
	free(r);

	/*
	 * The mirrored copies count once: the story is on 1 of 4 pages, not on 3
	 * of 6, where it would be template (3 = 2 other pages + this one).
	 */
	CHECK(td_profile_view_init(&env, mirror.data, mirror.len, &v) == TD_OK && v.pages == 4 &&
		  v.duplicates == 2, "4 distinct pages, 2 duplicates");
	r = strip_with(&mirror, mirrored[0], 0.1, &st, 0);
	CHECK(st == TD_OK && r && strcmp(r, "First story.") == 0, "a mirrored story stays content: [%s]", r ? r : "");
	free(r);

	/* "2 other pages": on 2 pages of which this is one, a chunk stays */
	r = strip_with(&few, mirrored[3], 0.1, &st, 0);
	CHECK(st == TD_OK && r && strcmp(r, "Home | News\nSecond story.\n(c) Example") == 0,
		  "too few pages: everything stays: [%s]", r ? r : "");
	free(r);

	/* wrong unit, bad threshold */
	{
		td_profile_settings set = {TD_UNIT_NODE, TD_FP_SCHEME, 0, 4096, 0};
		td_profile *p;
		td_buf		node;
		td_tree    *t = parse(pages[0]);
		td_marks	m;

		td_profile_create(&env, &set, &p);
		td_buf_init(&node, &env);
		td_profile_serialize(p, &node);
		td_profile_free(p);
		td_profile_view_init(&env, node.data, node.len, &v);
		CHECK(td_mark_chunks(t, &v, 0.1, &m) == TD_EARG && strstr(env.errmsg, "needs a chunk profile"),
			  "a node profile for chunks: %s", env.errmsg);
		td_profile_view_init(&env, prof.data, prof.len, &v);
		CHECK(td_mark_template(t, &v, 0.1, &m) == TD_EARG && strstr(env.errmsg, "needs a node profile"),
			  "a chunk profile for nodes: %s", env.errmsg);
		CHECK(td_mark_chunks(t, &v, 0.0, &m) == TD_EARG, "threshold 0");
		td_buf_free(&node);
		td_tree_free(t);
	}
	td_buf_free(&prof);
	td_buf_free(&mirror);
	td_buf_free(&few);
}

/* Deep nesting of tables and many chunks: loops only, bounded. */
static void
test_bounds(void)
{
	size_t		depth = 100000;
	const char *cell = "<table><tr><td>x</td></tr></table>";
	size_t		cl = strlen(cell);
	char	   *deep = malloc(depth * 16 + 1);
	char	   *html = malloc(depth * cl + 1);
	td_tree    *t;
	td_chunks	c;
	size_t		i;

	for (i = 0; i < depth; i++)
		memcpy(deep + i * 16, "<table><tr><td>x", 16);
	deep[depth * 16] = '\0';
	t = parse(deep);
	CHECK(t != NULL && td_page_chunks(t, 0, &c) == TD_OK && c.n > 0 && c.n <= depth,
		  "deep page (flattened below max_depth): %u chunks", c.n);
	td_chunks_free(t, &c);
	td_tree_free(t);
	free(deep);

	for (i = 0; i < depth; i++)
		memcpy(html + i * cl, cell, cl);
	html[depth * cl] = '\0';
	t = parse(html);
	CHECK(t != NULL && td_page_chunks(t, 0, &c) == TD_OK && c.n == depth,
		  "one chunk per table: %u", c.n);
	td_chunks_free(t, &c);

	/* allocation failures at every step leave nothing behind */
	{
		counting	cnt = {0, -1, 0};
		td_env		ce = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};
		td_tree    *small = parse_env(&ce, PAGE("<p>x</p>"));
		long		k;
		int			ok = 1;

		for (k = 0; k < 4; k++)
		{
			td_status	st;

			cnt.budget = k;
			st = td_page_chunks(small, 0, &c);
			if (st == TD_OK)
				td_chunks_free(small, &c);
			else
				ok &= st == TD_ENOMEM;
		}
		cnt.budget = -1;
		CHECK(ok, "ENOMEM at every allocation");
		td_tree_free(small);
		CHECK(cnt.live == 0, "nothing leaked: %ld", cnt.live);

		/* an interrupt stops a large page */
		small = parse_env(&ce, html);
		cnt.interrupt = 1;
		CHECK(td_page_chunks(small, 0, &c) == TD_EINTR, "interrupted");
		{
			uint64_t	key;

			CHECK(td_page_key(small, &key) == TD_EINTR, "page key interrupted");
		}
		cnt.interrupt = 0;
		td_tree_free(small);
		CHECK(cnt.live == 0, "nothing leaked after the interrupt: %ld", cnt.live);
	}
	td_tree_free(t);
	free(html);
}

int
main(void)
{
	td_env_default(&env);
	test_delimiters();
	test_fingerprints();
	test_page_fingerprints();
	test_page_key();
	test_marking();
	test_bounds();
	return check_done("test_chunk");
}
