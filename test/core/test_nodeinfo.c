/*
 * test_nodeinfo.c — every node's path and text from td_nodeinfo equal what
 * td_node_path and td_render_node_text say for that node alone, previews
 * cut at a code point, and the work of a whole page's rows stays linear:
 * a parent of 40k children costs about 4 times one of 10k (the interrupt
 * callback counts the polls of the preparation, the rows their bytes).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "base/nodeinfo.h"
#include "base/render.h"
#include "base/tree.h"

static td_env env;

/* A counting env that also counts the polls: the steps of the polled loops. */
typedef struct polled
{
	counting	c;				/* first: the counting callbacks read it */
	long		polls;
} polled;

static int
p_interrupted(void *arg)
{
	polled	   *p = arg;

	p->polls++;
	return p->c.interrupt;
}

static td_tree *
parse_env(td_env *e, const char *html, size_t len)
{
	td_tree    *t = NULL;
	td_limits	l;

	td_limits_default(&l);
	CHECK(td_parse_html(e, html, len, "UTF-8", &l, &t) == TD_OK, "parse: %s", e->errmsg);
	return t;
}

/* Code points in s[0..len). */
static uint32_t
chars(const char *s, size_t len)
{
	uint32_t	n = 0;

	for (size_t k = 0; k < len; k++)
		n += ((unsigned char) s[k] & 0xC0) != 0x80;
	return n;
}

/* Every node of html: nodeinfo's path and text are the one-node functions'. */
static void
check_same(const char *html, int line)
{
	td_tree    *t = parse_env(&env, html, strlen(html));
	td_nodeinfo ni;
	td_buf		want,
				got;
	int			bad = 0;

	CHECK(td_nodeinfo_build(t, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni) == TD_OK, "build");
	td_buf_init(&want, &env);
	td_buf_init(&got, &env);
	for (uint32_t i = 0; i < t->n_nodes && !bad; i++)
	{
		uint32_t	length = 12345;

		want.len = got.len = 0;
		CHECK(td_node_path(t, i, &want) == TD_OK && td_nodeinfo_path(&ni, i, TD_PATH_ALL_STEPS, &got) == TD_OK, "path");
		if (want.len != got.len || memcmp(want.data, got.data, want.len) != 0)
		{
			bad = 1;
			CHECK(0, "line %d: path of node %u: got %.*s, want %.*s", line, i,
				  (int) got.len, got.data, (int) want.len, want.data);
		}
		want.len = got.len = 0;
		CHECK(td_render_node_text(t, i, NULL, &want) == TD_OK &&
			  td_nodeinfo_text(&ni, i, UINT32_MAX, &got, &length) == TD_OK, "text");
		if (want.len != got.len || memcmp(want.data, got.data, want.len) != 0 ||
			length != chars(want.data, want.len))
		{
			bad = 1;
			CHECK(0, "line %d: text of node %u: got [%.*s] (%u), want [%.*s]", line, i,
				  (int) got.len, got.data, length, (int) want.len, want.data);
		}
	}
	CHECK(!bad, "line %d: every node the same", line);
	td_buf_free(&want);
	td_buf_free(&got);
	td_nodeinfo_free(&ni);
	td_tree_free(t);
}

#define SAME(html) check_same(html, __LINE__)

static void
test_same(void)
{
	SAME("");
	SAME("plain");
	SAME("<div>Hello <b>world</b>!</div><p>Second   line\n here </p>"
		 "<ul><li>one</li><li> two </li></ul>x<br>y<br><br>z");
	SAME("<p>a<span> </span>b</p><p><i>c</i><i>d</i></p>");
	SAME("<h1>  Title  </h1>\n\n<p>\n\n</p><div><div><p>deep</p></div></div>");
	SAME("<table><tr><td>&nbsp;</td><td>a&nbsp;&nbsp;b</td></tr></table>\xE3\x80\x80z");
	SAME("<p>x</p><pre>  code  line1\n\n    line2  \n</pre><p>y</p><pre><b>a\nb</b> c</pre>");
	SAME("<html><head><title>T</title><style>p{color:red}</style>"
		 "<script>var x;</script></head><body>a<script>b()</script>"
		 "<noscript>c<p>in</p></noscript><template><p>d</p></template>e<!-- f -->g</body></html>");
	SAME("<body><div><p>a</p><p>b</p></div><div><p>c</p>d<span>e</span>f</div>"
		 "<x-a>1</x-a><x-b>2</x-b><x-a>3</x-a><x-ab>4</x-ab></body>");
	/* misnested: the parser's recovery decides the tree, both read the same one */
	SAME("<b><i>a<p>b</b>c</i>d<table><td>e<div>f</table>g</p><a href=x>h<a href=y>i</a>j");
	SAME("<ul><li>caf\xC3\xA9 <li>\xE6\x97\xA5\xE6\x9C\xAC <li> <li>x</ul>");
}

static void
test_preview(void)
{
	const char *html = "<div><p>caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC</p><p>z</p></div><p></p>";
	td_tree    *t = parse_env(&env, html, strlen(html));
	td_nodeinfo ni;
	td_buf		b;
	uint32_t	div = 3,
				length = 0;

	CHECK(t->nodes[div].str_len == 3 && memcmp(td_node_str(t, div), "div", 3) == 0, "div is node 3");
	CHECK(td_nodeinfo_build(t, TD_NODEINFO_TEXT, &ni) == TD_OK, "build");
	td_buf_init(&b, &env);
	/* "café 日本\nz": 9 code points, 14 bytes */
	CHECK(td_nodeinfo_text(&ni, div, 4, &b, &length) == TD_OK && length == 9 &&
		  b.len == 5 && memcmp(b.data, "caf\xC3\xA9", 5) == 0, "4 chars: %.*s (%u)", (int) b.len, b.data, length);
	b.len = 0;
	CHECK(td_nodeinfo_text(&ni, div, 6, &b, &length) == TD_OK && b.len == 9 &&
		  memcmp(b.data, "caf\xC3\xA9 \xE6\x97\xA5", 9) == 0, "6 chars, cut after a 3-byte one");
	b.len = 0;
	CHECK(td_nodeinfo_text(&ni, div, 9, &b, &length) == TD_OK && b.len == 14, "exactly all");
	b.len = 0;
	CHECK(td_nodeinfo_text(&ni, div, 0, &b, &length) == TD_OK && b.len == 0 && length == 9, "none");
	b.len = 0;
	CHECK(td_nodeinfo_text(&ni, t->n_nodes - 1, 10, &b, &length) == TD_OK && b.len == 0 && length == 0,
		  "empty p");
	td_buf_free(&b);
	td_nodeinfo_free(&ni);
	td_tree_free(t);
}

/*
 * The work of preparing a page and printing every element's path and
 * 200-character preview: polls of the preparation (one per few thousand
 * steps) plus the bytes printed.  A page of one parent with n children.
 */
static double
rows_work(const char *open, const char *child, const char *close, int n, int nest)
{
	size_t		cl = strlen(child);
	char	   *html = malloc(strlen(open) * (size_t) nest + cl * (size_t) n + strlen(close) * (size_t) nest + 1);
	char	   *p = html;
	polled		pc = {{0, -1, 0}, 0};
	td_env		e = {c_alloc, c_realloc, c_free, p_interrupted, &pc, ""};
	td_tree    *t;
	td_nodeinfo ni;
	td_buf		b;
	double		work;

	for (int k = 0; k < nest; k++, p += strlen(open))
		memcpy(p, open, strlen(open));
	for (int k = 0; k < n; k++, p += cl)
		memcpy(p, child, cl);
	for (int k = 0; k < nest; k++, p += strlen(close))
		memcpy(p, close, strlen(close));
	t = parse_env(&e, html, (size_t) (p - html));
	pc.polls = 0;
	CHECK(td_nodeinfo_build(t, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni) == TD_OK, "build");
	td_buf_init(&b, &e);
	work = (double) pc.polls * 4096;
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		if (t->nodes[i].kind != TD_ELEM)
			continue;
		b.len = 0;
		CHECK(td_nodeinfo_path(&ni, i, TD_PATH_ALL_STEPS, &b) == TD_OK, "path");
		CHECK(td_nodeinfo_text(&ni, i, 200, &b, NULL) == TD_OK, "text");
		work += (double) b.len;
	}
	td_buf_free(&b);
	td_nodeinfo_free(&ni);
	td_tree_free(t);
	CHECK(pc.c.live == 0, "nothing leaked (%ld)", pc.c.live);
	free(html);
	return work;
}

static void
check_linear(const char *what, const char *open, const char *child, const char *close, int nest)
{
	double		small = rows_work(open, child, close, 10000, nest);
	double		large = rows_work(open, child, close, 40000, nest);
	double		ratio = large / small;

	/* linear: 4; quadratic: 16 */
	CHECK(ratio > 2 && ratio < 8, "%s: 40k/10k work ratio %.2f (%.0f / %.0f)", what, ratio, large, small);
}

static void
test_linear(void)
{
	check_linear("one parent", "<div>", "<span>x</span>", "</div>", 1);
	check_linear("text siblings", "<div>", "a<br>", "</div>", 1);
	check_linear("misnested", "", "<b><p>x</b><i>", "", 0);
	check_linear("nested 500", "<div>", "<p>word</p>", "</div>", 500);
}

/*
 * A bounded path is the whole path when the node is at most max_steps deep,
 * else TD_PATH_ELIDED and the whole path's last max_steps steps; its own
 * step always.  A deep page's paths stay short, and a long tag name is cut
 * by the parser, so a step is bounded too.
 */
static void
test_bounded(void)
{
	const char *html = "<div><section><div><p>a</p><p>b<i>c</i></p></div></section></div>";
	td_tree    *t = parse_env(&env, html, strlen(html));
	td_nodeinfo ni;
	td_buf		full,
				b;
	int			bad = 0;
	size_t		el = strlen(TD_PATH_ELIDED);

	CHECK(td_nodeinfo_build(t, TD_NODEINFO_PATHS, &ni) == TD_OK, "build");
	td_buf_init(&full, &env);
	td_buf_init(&b, &env);
	for (uint32_t i = 1; i < t->n_nodes && !bad; i++)
		for (uint32_t k = 0; k <= t->nodes[i].depth + 1 && !bad; k++)
		{
			uint32_t	steps = k == 0 ? 1 : k;
			size_t		from;
			uint32_t	seen = 0;

			full.len = b.len = 0;
			CHECK(td_nodeinfo_path(&ni, i, TD_PATH_ALL_STEPS, &full) == TD_OK &&
				  td_nodeinfo_path(&ni, i, k, &b) == TD_OK, "paths");
			/* the suffix of full from its steps-th '/' from the end */
			for (from = full.len; from > 0; from--)
				if (full.data[from - 1] == '/' && ++seen == steps)
					break;
			if (steps >= t->nodes[i].depth)
				bad = b.len != full.len || memcmp(b.data, full.data, full.len) != 0;
			else
				bad = from == 0 || b.len != el + full.len - (from - 1) ||
					memcmp(b.data, TD_PATH_ELIDED, el) != 0 ||
					memcmp(b.data + el, full.data + from - 1, full.len - (from - 1)) != 0;
			CHECK(!bad, "node %u, %u steps: %.*s of %.*s", i, k, (int) b.len, b.data,
				  (int) full.len, full.data);
		}
	b.len = 0;
	CHECK(td_nodeinfo_path(&ni, t->n_nodes - 2, 2, &b) == TD_OK &&
		  b.len == el + strlen("/p[2]/i") && memcmp(b.data + el, "/p[2]/i", 7) == 0,
		  "i, 2 steps: %.*s", (int) b.len, b.data);
	td_buf_free(&full);
	td_buf_free(&b);
	td_nodeinfo_free(&ni);
	td_tree_free(t);

	/* 5,000 deep (max_depth raised) with a 300-byte tag name on the way */
	{
		int			deep = 5000;
		char	   *h = malloc((size_t) deep * 11 + 700);
		char	   *p = h;
		td_limits	l;
		td_tree    *d = NULL;
		size_t		longest = 0;

		p += sprintf(p, "<");
		memset(p, 'x', 300), p += 300;
		p += sprintf(p, ">");
		for (int k = 0; k < deep; k++)
			p += sprintf(p, "<div>");
		p += sprintf(p, "z");
		td_limits_default(&l);
		l.max_depth = 100000;
		CHECK(td_parse_html(&env, h, (size_t) (p - h), "UTF-8", &l, &d) == TD_OK, "parse deep");
		CHECK(td_nodeinfo_build(d, TD_NODEINFO_PATHS, &ni) == TD_OK, "build deep");
		td_buf_init(&b, &env);
		for (uint32_t i = 0; i < d->n_nodes; i++)
		{
			CHECK(d->nodes[i].kind != TD_ELEM || d->nodes[i].str_len <= 100,
				  "tag names are cut by the parser: %u", d->nodes[i].str_len);
			b.len = 0;
			CHECK(td_nodeinfo_path(&ni, i, 32, &b) == TD_OK, "path");
			if (b.len > longest)
				longest = b.len;
		}
		CHECK(d->nodes[d->n_nodes - 1].depth > 5000, "deep: %u", d->nodes[d->n_nodes - 1].depth);
		CHECK(longest <= el + 32 * (1 + 100 + 12), "32 steps: longest path %zu bytes", longest);
		td_buf_free(&b);
		td_nodeinfo_free(&ni);
		td_tree_free(d);
		free(h);
	}
}

/* Preparation fails cleanly: every allocation budget, and interrupted. */
static void
test_failures(void)
{
	const char *html = "<div><p>a</p><p>b</p><x-y>c</x-y></div>";
	counting	c = {0, -1, 0};
	td_env		e = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t = parse_env(&e, html, strlen(html));
	td_nodeinfo ni;
	int			ok = 0;

	for (long budget = 0; budget < 40 && !ok; budget++)
	{
		td_status	st;

		c.budget = budget;
		st = td_nodeinfo_build(t, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni);
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: %d", budget, st);
		ok = st == TD_OK;
		td_nodeinfo_free(&ni);
	}
	CHECK(ok, "builds with enough memory");
	c.budget = -1;
	c.interrupt = 1;
	CHECK(td_nodeinfo_build(t, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni) == TD_EINTR, "interrupted");
	td_nodeinfo_free(&ni);
	c.interrupt = 0;
	td_tree_free(t);
	CHECK(c.live == 0, "nothing leaked (%ld)", c.live);
}

int
main(void)
{
	td_env_default(&env);
	test_same();
	test_preview();
	test_linear();
	test_bounded();
	test_failures();
	return check_done("test_nodeinfo");
}
