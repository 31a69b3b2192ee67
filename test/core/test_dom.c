/*
 * test_dom.c — the page tree: shapes of known pages, decoding, limits,
 * interrupts and allocation failures (run under ASan/UBSan with leak checks).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "site/fingerprint.h"
#include "base/render.h"
#include "base/tags.h"
#include "base/tree.h"

/* ---- helpers -------------------------------------------------------------- */

/* An allocator that fails from call number budget on (never if < 0) and counts live blocks. */
typedef struct counting
{
	long		budget;
	long		calls;
	long		live;
	long		polls;
	long		interrupt_at;	/* interrupted() answers 1 from this poll on (never if < 0) */
} counting;

static void *
c_alloc(void *arg, size_t size)
{
	counting   *c = arg;

	if (c->budget >= 0 && c->calls++ >= c->budget)
		return NULL;
	c->live++;
	return malloc(size);
}

static void *
c_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	counting   *c = arg;
	void	   *np;

	(void) old_size;
	if (c->budget >= 0 && c->calls++ >= c->budget)
		return NULL;
	np = realloc(p, new_size);
	if (np && p == NULL)
		c->live++;
	return np;
}

static void
c_free(void *arg, void *p)
{
	counting   *c = arg;

	if (p)
		c->live--;
	free(p);
}

static int
c_interrupted(void *arg)
{
	counting   *c = arg;

	c->polls++;
	return c->interrupt_at >= 0 && c->polls > c->interrupt_at;
}

static void
counting_env(td_env *env, counting *c)
{
	memset(c, 0, sizeof(*c));
	c->budget = -1;
	c->interrupt_at = -1;
	td_env_default(env);
	env->alloc = c_alloc;
	env->realloc = c_realloc;
	env->free = c_free;
	env->interrupted = c_interrupted;
	env->arg = c;
}

static td_tree *
parse(const char *html, size_t len, const char *enc)
{
	static td_env env;
	td_tree    *t = NULL;
	td_status	st;

	td_env_default(&env);
	st = td_parse_html(&env, html, len, enc, NULL, &t);
	CHECK(st == TD_OK && t != NULL, "parse failed: %d %s", st, env.errmsg);
	return t;
}

static td_tree *
parse_s(const char *html)
{
	return parse(html, strlen(html), "UTF-8");
}

/*
 * The tree as a string: elements as name[children], text in quotes, so that
 * a whole tree is compared at once.  Iterative, like everything over trees.
 */
static char *
shape(const td_tree *t)
{
	td_env		env;
	td_buf		b;
	uint32_t	prev = TD_NONE;

	td_env_default(&env);
	td_buf_init(&b, &env);
	for (uint32_t j = 1; j < t->n_nodes; j++)
	{
		const td_node *n = &t->nodes[j];

		for (uint32_t k = prev; k != TD_NONE && k != n->parent; k = t->nodes[k].parent)
			if (t->nodes[k].kind == TD_ELEM)
				td_buf_putc(&b, ']');
		if (prev != TD_NONE && prev != n->parent)
			td_buf_putc(&b, ' ');
		if (n->kind == TD_ELEM)
		{
			td_buf_append(&b, td_node_str(t, j), n->str_len);
			td_buf_putc(&b, '[');
		}
		else
		{
			td_buf_putc(&b, '"');
			td_buf_append(&b, td_node_str(t, j), n->str_len);
			td_buf_putc(&b, '"');
		}
		prev = j;
	}
	for (uint32_t k = prev; k != TD_NONE && k != 0; k = t->nodes[k].parent)
		if (t->nodes[k].kind == TD_ELEM)
			td_buf_putc(&b, ']');
	td_buf_terminate(&b);
	return b.data;
}

static void
check_shape(const td_tree *t, const char *want)
{
	char	   *got = shape(t);

	CHECK(strcmp(got, want) == 0, "shape\n  got:  %s\n  want: %s", got, want);
	free(got);
}

/* Every structural promise of tree.h, checked on one tree. */
static int
invariants_hold(const td_tree *t)
{
	const td_node *nodes = t->nodes;

	if (t->n_nodes == 0 || nodes[0].kind != TD_ROOT || nodes[0].parent != TD_NONE ||
		nodes[0].end != t->n_nodes || nodes[0].depth != 0)
		return 0;
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		const td_node *n = &nodes[i];
		uint32_t	expect_child = i + 1;

		if (n->end <= i || n->end > t->n_nodes)
			return 0;
		if (i > 0)
		{
			const td_node *p = &nodes[n->parent];
			uint8_t		inherit = p->flags & (TD_F_PRE | TD_F_INHIDDEN);
			uint8_t		own;

			if (n->parent >= i || n->end > p->end || n->depth != p->depth + 1)
				return 0;
			if (p->flags & TD_F_HIDDEN)
				inherit |= TD_F_INHIDDEN;
			own = n->kind == TD_ELEM ? td_tag_flags(n->tag) : 0;
			/* a <noscript> outside hidden elements may be shown (tree.c) */
			if (n->kind == TD_ELEM && n->tag == TD_TAG_NOSCRIPT && !(inherit & TD_F_INHIDDEN) &&
				!(n->flags & TD_F_HIDDEN))
				own &= (uint8_t) ~TD_F_HIDDEN;
			if (n->flags != (inherit | own))
				return 0;
			if ((size_t) n->str_off + n->str_len > t->n_strings)
				return 0;
		}
		if (n->kind == TD_TEXT && (n->end != i + 1 || n->str_len == 0))
			return 0;
		/* children tile the subtree in order */
		for (uint32_t c = n->first_child; c != TD_NONE; c = nodes[c].next_sibling)
		{
			if (c != expect_child || nodes[c].parent != i)
				return 0;
			expect_child = nodes[c].end;
		}
		if (expect_child != n->end)
			return 0;
	}
	return 1;
}

static char *
text_of(const td_tree *t)
{
	td_env		env;
	td_buf		b;

	td_env_default(&env);
	td_buf_init(&b, &env);
	td_render_text(t, NULL, &b);
	td_buf_terminate(&b);
	return b.data;
}

static void
check_text(const td_tree *t, const char *want)
{
	char	   *got = text_of(t);

	CHECK(strcmp(got, want) == 0, "text\n  got:  [%s]\n  want: [%s]", got, want);
	free(got);
}

static uint32_t
find_elem(const td_tree *t, const char *name, int nth)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].str_len == strlen(name) &&
			memcmp(td_node_str(t, i), name, strlen(name)) == 0 && nth-- == 0)
			return i;
	return TD_NONE;
}

static int
attr_is(const td_tree *t, uint32_t i, const char *name, const char *want)
{
	uint32_t	len = 0;
	const char *v = td_node_attr(t, i, name, &len);

	if (want == NULL)
		return v == NULL;
	return v != NULL && len == strlen(want) && memcmp(v, want, len) == 0;
}

/* ---- tests ---------------------------------------------------------------- */

static void
test_tag_table(void)
{
	int			found = 0;

	for (uint16_t id = 1; id < TD_TAG_COUNT; id++)
	{
		const char *name = td_tag_name(id);

		if (td_tag_lookup(name, strlen(name)) == id)
			found++;
		else
			CHECK(0, "td_tag_lookup(\"%s\") does not find id %u", name, (unsigned) id);
		if (id > 1)
			CHECK(strcmp(td_tag_name(id - 1), name) < 0, "tag list not sorted at \"%s\"", name);
	}
	CHECK(found == TD_TAG_COUNT - 1, "%d of %d tags found", found, TD_TAG_COUNT - 1);
	CHECK(td_tag_lookup("foo", 3) == TD_TAG_UNKNOWN, "foo");
	CHECK(td_tag_lookup("h7", 2) == TD_TAG_UNKNOWN, "h7");
	CHECK(td_tag_lookup("d", 1) == TD_TAG_UNKNOWN, "prefix d");
	CHECK(td_tag_lookup("divx", 4) == TD_TAG_UNKNOWN, "divx");
	CHECK(td_tag_lookup("div", 3) == TD_TAG_DIV, "div");
}

static void
test_limits_default(void)
{
	td_limits	l;

	td_limits_default(&l);
	CHECK(l.max_bytes == TD_DEFAULT_MAX_BYTES && l.max_nodes == TD_DEFAULT_MAX_NODES &&
		  l.max_depth == TD_DEFAULT_MAX_DEPTH, "defaults");
}

static void
test_known_page(void)
{
	const char *html =
		"<!DOCTYPE html>\n<html><head><title>T</title>"
		"<meta charset=\"utf-8\"><script>var a = 1 < 2;</script></head>\n"
		"<body class=\"home\"><div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/x\">X</a></div>"
		"<p>One <b>two</b><br>three</p><pre>  a\n  b</pre><img src=\"i.png\" alt=\"\"></body></html>";
	td_tree    *t = parse_s(html);
	uint32_t	body,
				br,
				pre;

	check_shape(t, "html[head[title[\"T\"] meta[] script[\"var a = 1 < 2;\"]] \"\n\" "
				"body[div[a[\"Home\"] \" \" a[\"X\"]] p[\"One \" b[\"two\"] br[] \"three\"] "
				"pre[\"  a\n  b\"] img[]]]");
	CHECK(invariants_hold(t), "invariants");
	body = find_elem(t, "body", 0);
	CHECK(body != TD_NONE && t->nodes[body].tag == TD_TAG_BODY && t->nodes[body].depth == 2, "body");
	CHECK(attr_is(t, body, "class", "home"), "body class");
	CHECK(attr_is(t, find_elem(t, "a", 1), "href", "/x"), "second link");
	CHECK(attr_is(t, find_elem(t, "img", 0), "alt", ""), "empty alt");
	CHECK(attr_is(t, find_elem(t, "img", 0), "title", NULL), "absent attribute");
	br = find_elem(t, "br", 0);
	CHECK(t->nodes[br].flags == (TD_F_BLOCK | TD_F_VOID), "br flags %x", t->nodes[br].flags);
	pre = find_elem(t, "pre", 0);
	CHECK(t->nodes[pre + 1].kind == TD_TEXT && (t->nodes[pre + 1].flags & TD_F_PRE), "pre text flag");
	CHECK(t->nodes[find_elem(t, "script", 0) + 1].flags == TD_F_INHIDDEN, "script text");
	CHECK(t->nodes[find_elem(t, "script", 0)].flags == (TD_F_HIDDEN | TD_F_RAWTEXT | TD_F_INHIDDEN),
		  "script in head flags %x", t->nodes[find_elem(t, "script", 0)].flags);
	CHECK(t->clamped == 0, "no clamping");
	td_tree_free(t);
}

static void
test_edge_inputs(void)
{
	td_env		env;
	td_tree    *t = NULL;

	td_env_default(&env);
	CHECK(td_parse_html(&env, NULL, 0, NULL, NULL, &t) == TD_OK && t != NULL, "empty");
	CHECK(t->n_nodes == 1 && t->nodes[0].end == 1 && t->nodes[0].first_child == TD_NONE, "empty root only");
	check_text(t, "");
	td_tree_free(t);

	t = parse_s(" \n\t ");
	CHECK(t->n_nodes == 1, "blank page is the root only: %u nodes", t->n_nodes);
	td_tree_free(t);

	t = parse_s("hello");
	check_shape(t, "html[body[p[\"hello\"]]]");
	CHECK(invariants_hold(t), "invariants");
	td_tree_free(t);

	t = parse_s("<title>t</title><p>x");
	check_shape(t, "html[head[title[\"t\"]] body[p[\"x\"]]]");
	td_tree_free(t);

	t = parse_s("<p>a<p>b</div></span><li>c");
	check_shape(t, "html[body[p[\"a\"] p[\"b\"] li[\"c\"]]]");
	CHECK(invariants_hold(t), "invariants");
	td_tree_free(t);

	td_tree_free(NULL);
}

static void
test_entities_and_names(void)
{
	td_tree    *t = parse_s("<DIV CLASS=X Data-Id='&quot;q&quot;' hidden>"
							"a&amp;b &lt;&gt; &eacute;&#233;&#x1F600;&nbsp;&bogus; &#0;</DIV>"
							"<A HREF=\"?a=1&amp;b=2\">l</A>");
	uint32_t	div = find_elem(t, "div", 0);

	CHECK(div != TD_NONE && t->nodes[div].tag == TD_TAG_DIV, "lower-case element name");
	CHECK(attr_is(t, div, "class", "X"), "class");
	CHECK(attr_is(t, div, "data-id", "\"q\""), "decoded attribute");
	CHECK(attr_is(t, div, "hidden", ""), "attribute without value");
	CHECK(t->nodes[div].attr_count == 3, "attr count");
	check_shape(t, "html[body[div[\"a&b <> \xC3\xA9\xC3\xA9\xF0\x9F\x98\x80\xC2\xA0&bogus; \"] "
				"a[\"l\"]]]");
	CHECK(attr_is(t, find_elem(t, "a", 0), "href", "?a=1&b=2"), "href");
	td_tree_free(t);
}

static void
test_text_merging(void)
{
	char		big[6000 + 64];
	td_tree    *t;

	strcpy(big, "<p>");
	memset(big + 3, 'a', 6000);
	strcpy(big + 6003, "</p>");
	t = parse_s(big);
	CHECK(t->n_nodes == 5 && t->nodes[4].str_len == 6000, "one text node of 6000 bytes: %u nodes", t->n_nodes);
	td_tree_free(t);

	t = parse_s("<p>a<!-- c -->b<?pi x?>c</p>");
	check_shape(t, "html[body[p[\"abc\"]]]");
	td_tree_free(t);

	t = parse_s("<p><b>a</b> <i>b</i>\n</p>");
	check_shape(t, "html[body[p[b[\"a\"] \" \" i[\"b\"] \"\n\"]]]");
	td_tree_free(t);
}

static void
test_hidden_and_pre_flags(void)
{
	td_tree    *t = parse_s("<body><noscript><p>x<b>y</b></p></noscript>"
							"<pre><b>c</b><div>d</div></pre><template><i>t</i></template></body>");
	uint32_t	p = find_elem(t, "p", 0);
	uint32_t	b2 = find_elem(t, "b", 1);
	uint32_t	i = find_elem(t, "i", 0);

	CHECK(invariants_hold(t), "invariants");
	CHECK(t->nodes[p].flags == (TD_F_BLOCK | TD_F_INHIDDEN), "p in noscript %x", t->nodes[p].flags);
	CHECK(t->nodes[p + 2].flags == TD_F_INHIDDEN, "b in noscript");
	CHECK(t->nodes[b2].flags == TD_F_PRE && t->nodes[b2 + 1].flags == TD_F_PRE, "b in pre");
	CHECK(t->nodes[find_elem(t, "div", 0)].flags == (TD_F_BLOCK | TD_F_PRE), "div in pre");
	CHECK(t->nodes[i].flags == TD_F_INHIDDEN, "i in template");
	td_tree_free(t);
}

/* The page's visible text (render.h), heap-allocated. */
static char *
visible(const td_tree *t)
{
	td_env		env;
	td_buf		b;
	char	   *s;

	td_env_default(&env);
	td_buf_init(&b, &env);
	CHECK(td_render_text(t, NULL, &b) == TD_OK, "render");
	s = malloc(b.len + 1);
	if (b.len)
		memcpy(s, b.data, b.len);
	s[b.len] = '\0';
	td_buf_free(&b);
	return s;
}

/*
 * <noscript> is shown when what it would show outweighs the visible text of
 * the rest of the page (non-blank bytes), and only then; its own script and
 * style stay hidden and do not count; a noscript inside another hidden
 * element stays hidden.
 */
static void
test_noscript_shown(void)
{
	/* a shell with the thread inside noscript */
	td_tree    *t = parse_s("<head><noscript><p>head stuff that is long</p></noscript></head>"
							"<body><div id=app>Loading</div><noscript><div><p>First post "
							"here<script>var s = 'a long script body';</script></p>"
							"<noscript><b>nested</b></noscript></div></noscript></body>");
	uint32_t	ns = find_elem(t, "noscript", 1);
	uint32_t	p = find_elem(t, "p", 1);
	uint32_t	sc = find_elem(t, "script", 0);
	char	   *txt = visible(t);

	CHECK(invariants_hold(t), "invariants");
	CHECK(!(t->nodes[ns].flags & (TD_F_HIDDEN | TD_F_INHIDDEN)), "body noscript shown %x", t->nodes[ns].flags);
	CHECK(t->nodes[p].flags == TD_F_BLOCK, "p in shown noscript %x", t->nodes[p].flags);
	CHECK(t->nodes[sc + 1].flags & TD_F_INHIDDEN, "script text in shown noscript stays hidden");
	CHECK(t->nodes[find_elem(t, "b", 0)].flags == 0, "nested noscript shown too");
	CHECK(t->nodes[find_elem(t, "p", 0)].flags & TD_F_INHIDDEN, "noscript in head stays hidden");
	CHECK(strstr(txt, "First post here") && strstr(txt, "nested") && !strstr(txt, "script body") &&
		  !strstr(txt, "head stuff"), "visible text: %s", txt);
	free(txt);
	td_tree_free(t);

	/* a noscript inside a template inside a shown noscript stays hidden */
	t = parse_s("<body><noscript><p>A thread of posts</p><template><noscript><i>t</i></noscript>"
				"</template></noscript></body>");
	CHECK(invariants_hold(t), "invariants with a noscript in a template");
	CHECK((t->nodes[find_elem(t, "noscript", 1)].flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) ==
		  (TD_F_HIDDEN | TD_F_INHIDDEN), "noscript in template stays hidden");
	td_tree_free(t);

	/* the rest of the page outweighs it: hidden, as before */
	t = parse_s("<body><p>An article with enough text of its own.</p>"
				"<noscript><p>Enable JavaScript</p></noscript></body>");
	txt = visible(t);
	CHECK(t->nodes[find_elem(t, "noscript", 0)].flags & TD_F_HIDDEN, "small noscript stays hidden");
	CHECK(!strstr(txt, "Enable"), "visible text: %s", txt);
	free(txt);
	td_tree_free(t);

	/* a script inside noscript does not tip the balance */
	t = parse_s("<body><p>Short</p><noscript><script>a very long script text here</script>x"
				"</noscript></body>");
	CHECK(t->nodes[find_elem(t, "noscript", 0)].flags & TD_F_HIDDEN, "script text not weighed");
	td_tree_free(t);

	/* white space does not count */
	t = parse_s("<body><p>Visible words</p><noscript>\n\n      \n\n      \n  ab</noscript></body>");
	CHECK(t->nodes[find_elem(t, "noscript", 0)].flags & TD_F_HIDDEN, "blank bytes not weighed");
	td_tree_free(t);
}

/* "<div>" * n + inner + "</div>" * n + tail, heap-allocated. */
static char *
nested(int n, const char *inner, const char *tail, size_t *len)
{
	size_t		il = strlen(inner),
				tl = strlen(tail);
	char	   *s = malloc((size_t) n * 11 + il + tl + 1);
	char	   *p = s;

	for (int k = 0; k < n; k++, p += 5)
		memcpy(p, "<div>", 5);
	memcpy(p, inner, il);
	p += il;
	for (int k = 0; k < n; k++, p += 6)
		memcpy(p, "</div>", 6);
	memcpy(p, tail, tl);
	p += tl;
	*p = '\0';
	*len = (size_t) (p - s);
	return s;
}

static void
test_deep_nesting(void)
{
	size_t		len;
	char	   *html = nested(100000, "deep <script>hidden()</script><b>text</b>", "<p>after</p>", &len);
	td_env		env;
	td_tree    *t = NULL;
	td_status	st;
	uint32_t	last_div,
				p;

	td_env_default(&env);
	st = td_parse_html(&env, html, len, "UTF-8", NULL, &t);
	CHECK(st == TD_OK, "deep page: %s", env.errmsg);
	/* html (1) and body (2) leave 510 real divs below the default depth of 512 */
	CHECK(t->clamped == 100000 - 510 + 2, "clamped %u", t->clamped);
	CHECK(t->n_nodes == 1 + 2 + 510 + 1 + 2, "nodes %u", t->n_nodes);
	last_div = find_elem(t, "div", 509);
	CHECK(last_div != TD_NONE && t->nodes[last_div].depth == 512, "deepest div");
	CHECK(t->nodes[last_div + 1].kind == TD_TEXT && t->nodes[last_div + 1].str_len == 9 &&
		  memcmp(td_node_str(t, last_div + 1), "deep text", 9) == 0,
		  "flattened text without the script: %.*s", (int) t->nodes[last_div + 1].str_len,
		  td_node_str(t, last_div + 1));
	p = find_elem(t, "p", 0);
	CHECK(p != TD_NONE && t->nodes[t->nodes[p].parent].tag == TD_TAG_BODY, "p after the nest is in body");
	CHECK(invariants_hold(t), "invariants");
	check_text(t, "deep text\nafter");
	td_tree_free(t);
	free(html);
}

static void
test_small_depth(void)
{
	td_env		env;
	td_limits	l;
	td_tree    *t = NULL;
	const char *html = "<div><div><div>a</div></div><p>b</p></div>";

	td_env_default(&env);
	td_limits_default(&l);
	l.max_depth = 4;
	CHECK(td_parse_html(&env, html, strlen(html), NULL, &l, &t) == TD_OK, "parse");
	check_shape(t, "html[body[div[div[\"a\"] p[\"b\"]]]]");
	CHECK(t->clamped == 1, "clamped %u", t->clamped);
	CHECK(invariants_hold(t), "invariants");
	td_tree_free(t);
}

static void
test_big_page(void)
{
	const char *para = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.</p>\n";
	size_t		plen = strlen(para);
	size_t		n = 20 * 1024 * 1024 / plen + 1;
	char	   *html = malloc(n * plen + 1);
	td_tree    *t;
	uint32_t	last;

	for (size_t k = 0; k < n; k++)
		memcpy(html + k * plen, para, plen);
	t = parse(html, n * plen, "UTF-8");
	/* root, html, body, then per paragraph: p, its text, the newline after it */
	CHECK(t->n_nodes == 3 + 3 * n, "nodes %u for %zu paragraphs", t->n_nodes, n);
	last = t->n_nodes - 2;
	CHECK(t->nodes[last].kind == TD_TEXT && t->nodes[last].str_len == plen - 8, "last paragraph text");
	CHECK(invariants_hold(t), "invariants");
	td_tree_free(t);
	free(html);
}

static void
test_invalid_utf8(void)
{
	static const char html[] = "<p>a\xFF" "b\0c\xE2\x82" "d\xC0\xAF" "e\xED\xA0\x80" "f</p>"
		"<meta charset=\"iso-8859-1\"><p>\xC3\xA9 after</p>";
	td_tree    *t = parse(html, sizeof(html) - 1, "UTF-8");
#define R "\xEF\xBF\xBD"

	check_shape(t, "html[body[p[\"a" R "b" R "c" R "d" R R "e" R R R "f\"] meta[] p[\"\xC3\xA9 after\"]]]");
	td_tree_free(t);

	/* NUL as the very first bytes must not look like UTF-16 or UCS-4 to libxml2 */
	t = parse("\0<\0p\0>x", 7, NULL);
	check_text(t, R "<" R "p" R ">x");
	td_tree_free(t);
#undef R
}

static void
test_legacy_encodings(void)
{
	static const char w1252[] = "<p>caf\xE9 \x80 \x93q\x94 \x81!</p><p>after</p>";
	static const char sjis[] = "<p>\x93\xFA\x96\x7B\x8C\xEA \x87\x40 \xFF\xFF x</p><p>after</p>";
	static const char utf16le[] = "<\0p\0>\0h\0i\0 \0\xAC\x20<\0/\0p\0>\0";
	td_tree    *t;

	t = parse(w1252, sizeof(w1252) - 1, "windows-1252");
	check_text(t, "caf\xC3\xA9 \xE2\x82\xAC \xE2\x80\x9Cq\xE2\x80\x9D \xC2\x81!\nafter");
	td_tree_free(t);

	/* 日本語, NEC ① (Windows-31J, as browsers decode Shift_JIS), two bad bytes */
	t = parse(sjis, sizeof(sjis) - 1, "Shift_JIS");
	check_text(t, "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E \xE2\x91\xA0 \xEF\xBF\xBD\xEF\xBF\xBD x\nafter");
	td_tree_free(t);

	t = parse(utf16le, sizeof(utf16le) - 1, "UTF-16LE");
	check_text(t, "hi \xE2\x82\xAC");
	td_tree_free(t);

	/* an odd trailing byte in UTF-16 becomes U+FFFD, not a lost page */
	t = parse(utf16le, 13, "UTF-16LE");
	check_text(t, "hi \xEF\xBF\xBD");
	td_tree_free(t);
}

static void
test_unknown_encoding(void)
{
	td_env		env;
	td_tree    *t = (td_tree *) &env;

	td_env_default(&env);
	CHECK(td_parse_html(&env, "<p>x", 4, "no-such-charset", NULL, &t) == TD_EARG && t == NULL,
		  "unknown encoding");
	CHECK(strstr(env.errmsg, "no-such-charset") != NULL, "message: %s", env.errmsg);
}

static void
test_limits(void)
{
	td_env		env;
	counting	c;
	td_limits	l;
	td_tree    *t = (td_tree *) &c;
	const char *html = "<p>1</p><p>2</p><p>3</p><p>4</p>";	/* 11 nodes */

	counting_env(&env, &c);
	td_limits_default(&l);
	l.max_bytes = 10;
	CHECK(td_parse_html(&env, html, strlen(html), NULL, &l, &t) == TD_ELIMIT && t == NULL, "max_bytes");
	CHECK(c.calls == 0 && c.live == 0, "nothing allocated before the size check: %ld", c.calls);
	CHECK(strstr(env.errmsg, "max_bytes") != NULL, "message: %s", env.errmsg);

	td_limits_default(&l);
	l.max_nodes = 11;
	CHECK(td_parse_html(&env, html, strlen(html), NULL, &l, &t) == TD_OK && t->n_nodes == 11, "at the limit");
	td_tree_free(t);
	l.max_nodes = 10;
	CHECK(td_parse_html(&env, html, strlen(html), NULL, &l, &t) == TD_ELIMIT && t == NULL, "over max_nodes");
	CHECK(strstr(env.errmsg, "max_nodes") != NULL && strstr(env.errmsg, "10") != NULL,
		  "message: %s", env.errmsg);
	CHECK(c.live == 0, "%ld blocks leaked", c.live);
}

/*
 * prefix + "<p" + n attributes made by attr(k) + ">" + "after</p>", heap-allocated;
 * attr writes attribute k (with its leading separator) at out and returns its length.
 */
static char *
many_attrs(const char *prefix, int n, size_t (*attr) (char *out, int k), size_t *len)
{
	size_t		pl = strlen(prefix);
	char	   *s = malloc(pl + (size_t) n * 32 + 64);
	char	   *p = s;

	memcpy(p, prefix, pl);
	p += pl;
	memcpy(p, "<p", 2);
	p += 2;
	for (int k = 0; k < n; k++)
		p += attr(p, k);
	memcpy(p, ">after</p>", 10);
	p += 10;
	*p = '\0';
	*len = (size_t) (p - s);
	return s;
}

static size_t
attr_bare(char *out, int k)
{
	return (size_t) sprintf(out, " a%d", k);
}

/* values holding '>' and blanks, then names glued to the closing quote */
static size_t
attr_quoted(char *out, int k)
{
	return (size_t) sprintf(out, k % 2 ? "b%d=' > x'" : " c%d=\"> y z\"", k);
}

/*
 * Parses a page of many attributes: the first 1000 kept, the text after
 * intact.  That libxml2 sees at most 1000 is what keeps the parse linear
 * (its duplicate check is quadratic); the time is measured in
 * bench/hostile_speed.c, not here.
 */
static void
check_many_attrs(const char *what, const char *prefix, int n, size_t (*attr) (char *, int),
				 const char *enc)
{
	size_t		len;
	char	   *html = many_attrs(prefix, n, attr, &len);
	td_env		env;
	td_tree    *t = NULL;
	uint32_t	p;
	char		name[32];

	td_env_default(&env);
	CHECK(td_parse_html(&env, html, len, enc, NULL, &t) == TD_OK, "%s: %s", what, env.errmsg);
	/* the last p: text before the tag may be in a p that libxml2 implies */
	p = TD_NONE;
	for (int k = 0; find_elem(t, "p", k) != TD_NONE; k++)
		p = find_elem(t, "p", k);
	CHECK(p != TD_NONE && t->nodes[p].attr_count == (n < 1000 ? n : 1000), "%s: %u attributes kept",
		  what, p == TD_NONE ? 0 : t->nodes[p].attr_count);
	CHECK(p != TD_NONE && td_node_attr(t, p, attr == attr_bare ? "a0" : "c0", NULL) != NULL, "%s: first kept", what);
	sprintf(name, attr == attr_bare ? "a%d" : (n > 999 && 999 % 2) ? "b%d" : "c%d", (n < 1000 ? n : 1000) - 1);
	CHECK(p != TD_NONE && td_node_attr(t, p, name, NULL) != NULL, "%s: %s kept", what, name);
	sprintf(name, attr == attr_bare ? "a%d" : "c%d", 1000);
	CHECK(p != TD_NONE && td_node_attr(t, p, name, NULL) == NULL, "%s: %s dropped", what, name);
	CHECK(p != TD_NONE && t->nodes[p + 1].kind == TD_TEXT && t->nodes[p + 1].str_len == 5 &&
		  memcmp(td_node_str(t, p + 1), "after", 5) == 0, "%s: text after the tag", what);
	CHECK(invariants_hold(t), "%s: invariants", what);
	td_tree_free(t);
	free(html);
}

static void
test_many_attributes(void)
{
	check_many_attrs("100,000 bare", "", 100000, attr_bare, "UTF-8");
	check_many_attrs("100,000 quoted", "", 100000, attr_quoted, "UTF-8");
	check_many_attrs("windows-1252", "<b>\xE9</b>", 100000, attr_bare, "windows-1252");
	check_many_attrs("1000 kept whole", "", 1000, attr_bare, "UTF-8");
	check_many_attrs("1001", "", 1001, attr_bare, "UTF-8");
	/* constructs that could make a scan lose track of where tags are */
	check_many_attrs("after a script", "<script>a<b c=\"</script>", 100000, attr_bare, "UTF-8");
	check_many_attrs("after a style", "<STYLE>x</stylex> <i a='</STYLE >", 100000, attr_bare, "UTF-8");
	check_many_attrs("after a comment", "<!-- <b c=\" --!><!---->", 100000, attr_bare, "UTF-8");
	check_many_attrs("after an end tag", "</p a=\"<q>\" >", 100000, attr_bare, "UTF-8");
	check_many_attrs("after a doctype", "<!DOCTYPE html PUBLIC \"x>\" <b c=\">", 100000, attr_bare, "UTF-8");
	check_many_attrs("after a PI", "<?pi <b c=\"?>", 100000, attr_bare, "UTF-8");
	check_many_attrs("after bogus quotes", "<i x\" a=\"v>w\" =\"q>", 100000, attr_bare, "UTF-8");
}

/*
 * Attribute names that libxml2 2.9 does not read as names (it skips their
 * bytes to a blank or '>') are read as HTML reads them, so that a '>' in
 * their value does not end the tag and put the rest of the value on the
 * page as text.  want: the page's visible text; el, name, value: an
 * attribute the element must have.
 */
static void
check_odd_names(const char *what, const char *html, const char *want,
				const char *el, const char *name, const char *value)
{
	td_tree    *t = parse_s(html);
	char	   *v = visible(t);

	CHECK(strcmp(v, want) == 0, "%s: visible text \"%s\"", what, v);
	CHECK(attr_is(t, find_elem(t, el, 0), name, value), "%s: %s's %s", what, el, name);
	CHECK(invariants_hold(t), "%s: invariants", what);
	free(v);
	td_tree_free(t);
}

static void
test_odd_attribute_names(void)
{
	char	   *html = malloc(5000 * 12 + 64);
	char	   *p = html;
	td_tree    *t;
	uint32_t	i;

	check_odd_names("Alpine", "<button class=\"b\" @click.prevent=\"open = !open; "
					"$nextTick(() => $refs.x.focus())\" :aria-expanded=\"open\">Menu</button>"
					"<p>after</p>", "Menu\nafter", "button", "class", "b");
	check_odd_names("Alpine's name", "<button @click.prevent=\"a => b\">Menu</button>",
					"Menu", "button", "_click.prevent", "a => b");
	check_odd_names("Angular", "<div (keyup)=\"n > 2 && go()\" [value]=\"a > b\" "
					"*ngIf=\"x > 1\" id=d>text</div>", "text", "div", "id", "d");
	check_odd_names("a slash between attributes", "<a href=\"/x\" /title=\"a > b\">link</a>",
					"link", "a", "title", "a > b");
	check_odd_names("a quote inside a name", "<i x\"y=\"p > q\" id=z>text</i>", "text",
					"i", "x_y", "p > q");
	/* HTML: '=' may start a name, which then ends at the first '>' */
	check_odd_names("'=' first", "<i =\"x>y\">z</i>", "y\">z", "i", "__x", "");
	/* libxml2 starts a new name after 100 name bytes: a digit there would be skipped */
	p += sprintf(p, "<b @");
	memset(p, 'a', 99);
	p += 99;
	sprintf(p, "1bc=\"p > q\" id=k>text</b>");
	check_odd_names("a name of 103 bytes", html, "text", "b", "id", "k");

	/* a '/' before the bound's cut is a blank, not the "/>" that would close the div */
	p = html + sprintf(html, "<div");
	for (int k = 0; k < 999; k++)
		p += sprintf(p, " a%d", k);
	sprintf(p, " x/c=1>inside</div>");
	t = parse_s(html);
	i = find_elem(t, "div", 0);
	CHECK(i != TD_NONE && t->nodes[i].attr_count == 1000 && t->nodes[i + 1].kind == TD_TEXT &&
		  t->nodes[i + 1].parent == i, "a '/' at the bound: the div holds its text");
	td_tree_free(t);

	/* the attribute bound holds for odd names: 5000 of them, 1000 kept */
	p = html + sprintf(html, "<p");
	for (int k = 0; k < 5000; k++)
		p += sprintf(p, " @a%d=\"> v\"", k % 10);
	sprintf(p, ">after</p>");
	t = parse_s(html);
	i = find_elem(t, "p", 0);
	CHECK(i != TD_NONE && t->nodes[i].attr_count <= 1000, "5000 odd names: %u kept",
		  i == TD_NONE ? 0 : t->nodes[i].attr_count);
	CHECK(i != TD_NONE && t->nodes[i + 1].kind == TD_TEXT && t->nodes[i + 1].str_len == 5 &&
		  memcmp(td_node_str(t, i + 1), "after", 5) == 0, "5000 odd names: text after the tag");
	CHECK(invariants_hold(t), "5000 odd names: invariants");
	td_tree_free(t);
	free(html);
}

/*
 * Where libxml2 would read markup inside script or style text (right after
 * the start tag, and after "</scriptx"), the bound neutralizes a byte so that
 * libxml2 reads raw text as HTML does: the many-attribute tag stays text
 * (found by fuzzing: "<style/c><body" + 1,349 attributes escaped the bound).
 */
static void
check_raw_hides(const char *what, const char *prefix)
{
	size_t		len;
	char	   *html = many_attrs(prefix, 100000, attr_bare, &len);
	td_env		env;
	td_tree    *t = NULL;
	uint32_t	most = 0;
	td_buf		b;

	td_env_default(&env);
	CHECK(td_parse_html(&env, html, len, "UTF-8", NULL, &t) == TD_OK, "%s: %s", what, env.errmsg);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].attr_count > most)
			most = t->nodes[i].attr_count;
	CHECK(most <= 1000, "%s: an element kept %u attributes", what, most);
	td_buf_init(&b, &env);
	CHECK(td_render_text(t, NULL, &b) == TD_OK && b.len == 0, "%s: all of it is raw text (%zu visible bytes)",
		  what, b.len);
	CHECK(invariants_hold(t), "%s: invariants", what);
	td_buf_free(&b);
	td_tree_free(t);
	free(html);
}

static void
test_raw_text_markup(void)
{
	check_raw_hides("<body> right after <style>", "<style/c><body");
	check_raw_hides("<BODY> right after <STYLE>", "<STYLE><BODY ");
	check_raw_hides("<noscript> right after <script>", "<script><noscript>");
	check_raw_hides("an end tag right after <script>", "<script></b>");
	check_raw_hides("</scriptx> inside a script", "<script>a</scriptx><body>");
	check_raw_hides("</stylex> right after a style", "<style></stylex><body>");
	check_raw_hides("</script> in a double-escaped script", "<script><!--<script></script><body>");
	check_raw_hides("</SCRIPT> in a double-escaped script", "<script><!-- <SCRIPT/></SCRIPT><body>");
	/* the real end tags still end them */
	check_many_attrs("after an empty style", "<style></style>", 100000, attr_bare, "UTF-8");
	check_many_attrs("after </SCRIPT >", "<script>x</SCRIPT >", 100000, attr_bare, "UTF-8");
	check_many_attrs("after </style/>", "<style></style/>", 100000, attr_bare, "UTF-8");
	check_many_attrs("after an escaped script", "<script><!--<b>--></script>", 100000, attr_bare, "UTF-8");
	check_many_attrs("after a double-escaped one", "<script><!--<script>a</script>--></script>", 100000,
					 attr_bare, "UTF-8");
	check_many_attrs("after an escape ended at once", "<script><!--></script>", 100000, attr_bare, "UTF-8");
}

/* The visible text of html is want (block breaks as newlines). */
static void
check_visible(const char *what, const char *html, const char *want)
{
	td_env		env;
	td_tree    *t = NULL;
	td_buf		b;

	td_env_default(&env);
	CHECK(td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t) == TD_OK, "%s: %s", what, env.errmsg);
	td_buf_init(&b, &env);
	CHECK(td_render_text(t, NULL, &b) == TD_OK && b.len == strlen(want) && memcmp(b.data, want, b.len) == 0,
		  "%s: visible \"%.*s\"", what, (int) b.len, b.data ? b.data : "");
	CHECK(invariants_hold(t), "%s: invariants", what);
	td_buf_free(&b);
	td_tree_free(t);
}

/*
 * Script text as browsers read it: a "</script>" inside a script ends it,
 * unless the script opened "<!--" and then "<script" (HTML's double-escaped
 * state), as old pages that document.write a script tag do.
 */
static void
test_script_escapes(void)
{
	check_visible("document.write of a script, escaped",
				  "<p>a</p><script><!--\ndocument.write('<script src=\"x.js\"></scr' + 'ipt>');\n"
				  "document.write('<SCRIPT SRC=\"y.js\"></SCRIPT>');\n//--></script><p>b</p>",
				  "a\nb");
	check_visible("the same without <!--: the inner end tag ends it",
				  "<p>a</p><script>document.write('<script src=\"y.js\"></script>');</script><p>b</p>",
				  "a\n');\nb");
	check_visible("after --> the next </script> ends it",
				  "<script><!-- <script> --> x </script><p>b</p>", "b");
	check_visible("</script> ends the escaped state's script",
				  "<script><!-- x </script><p>b</p>", "b");
}

/* A tag of few attributes whose values hold '>' and thousands of blanks stays whole. */
static void
test_long_quoted_value(void)
{
	size_t		n = 30000;
	char	   *html = malloc(n * 2 + 64);
	td_tree    *t;
	uint32_t	p,
				len = 0;
	const char *v;

	strcpy(html, "<p title=\"");
	for (size_t k = 0; k < n; k++)
		memcpy(html + 10 + 2 * k, k % 100 == 50 ? "> " : "a ", 2);
	strcpy(html + 10 + 2 * n, "\" id=x>text</p>");
	t = parse_s(html);
	p = find_elem(t, "p", 0);
	v = td_node_attr(t, p, "title", &len);
	CHECK(t->nodes[p].attr_count == 2 && attr_is(t, p, "id", "x"), "two attributes");
	CHECK(v != NULL && len == 2 * n && memcmp(v, html + 10, len) == 0, "value whole: %u bytes", len);
	check_shape(t, "html[body[p[\"text\"]]]");
	td_tree_free(t);
	free(html);
}

/* Pages with every construct the attribute bound looks at parse as before it. */
static void
test_constructs_unchanged(void)
{
	td_tree    *t = parse_s("<!DOCTYPE html PUBLIC \"-//x\" \"y>\"><!-- <p a=\" -->"
							"<script>if (a<b && c>d) s = \"</p>\";</script>"
							"<p x=\"a>b\" y='c\"d' z=e\"f =g h/>one</p junk=\">\">"
							"<?pi <q r=\"?>two<style>p{a:'<'}</style><br/>three");
	uint32_t	p = find_elem(t, "p", 0);

	/*
	 * "h/>" closes the p at once; the end tag's junk ends at its first '>';
	 * "=g" is a name (HTML's reading: html_attr), "_g" for libxml2
	 */
	check_shape(t, "html[head[script[\"if (a<b && c>d) s = \"</p>\";\"]] body[p[] \"one\">two\" "
				"style[\"p{a:'<'}\"] br[] \"three\"]]");
	CHECK(p != TD_NONE && t->nodes[p].attr_count == 5, "p attributes %u", t->nodes[p].attr_count);
	CHECK(attr_is(t, p, "x", "a>b") && attr_is(t, p, "y", "c\"d") && attr_is(t, p, "z", "e\"f") &&
		  attr_is(t, p, "_g", "") && attr_is(t, p, "h", ""), "p attribute values");
	td_tree_free(t);
}

/* Decoding and scanning a page of 20 MB poll env->interrupted and stop cleanly. */
static void
test_interrupt_decoding(void)
{
	size_t		len = 20 * 1024 * 1024;
	char	   *html = malloc(len);
	const char *encs[] = {"UTF-8", "windows-1252", "ISO-8859-2"};
	td_env		env;
	counting	c;
	td_tree    *t;

	for (size_t k = 0; k < len; k++)
		html[k] = "<p a=b>x\xE9 \n"[k % 12];
	for (int e = 0; e < 3; e++)
	{
		t = (td_tree *) &c;
		counting_env(&env, &c);
		c.interrupt_at = 0;
		CHECK(td_parse_html(&env, html, len, encs[e], NULL, &t) == TD_EINTR && t == NULL,
			  "%s: interrupted: %s", encs[e], env.errmsg);
		CHECK(c.polls == 1 && c.live == 0, "%s: %ld polls, %ld blocks left", encs[e], c.polls, c.live);
	}

	/* valid UTF-8: 4 polls checking it (every 4 MB), the 5th scanning the tags */
	for (size_t k = 0; k < len; k++)
		html[k] = "<p a=b>x \n"[k % 11];
	t = (td_tree *) &c;
	counting_env(&env, &c);
	c.interrupt_at = 4;
	CHECK(td_parse_html(&env, html, len, "UTF-8", NULL, &t) == TD_EINTR && t == NULL && c.live == 0 &&
		  c.polls == 5, "tag scan interrupted: %ld polls, %s", c.polls, env.errmsg);
	free(html);
}

/* A page big enough for many interrupt polls, with every kind of node and event. */
static char *
busy_page(size_t *len)
{
	const char *unit = "<div class=\"c\"><p>word &amp; <b>bold</b><!-- c --></p>"
		"<script>x<y</script><br></div>\n";
	size_t		ul = strlen(unit);
	int			n = 4000;
	char	   *s = malloc(ul * n + 1);

	for (int k = 0; k < n; k++)
		memcpy(s + ul * k, unit, ul);
	s[ul * n] = '\0';
	*len = ul * n;
	return s;
}

static void
test_interrupt(void)
{
	size_t		len;
	char	   *html = busy_page(&len);
	td_env		env;
	counting	c;
	td_tree    *t;
	int			stopped = 0;

	for (long at = 0; at < 12; at++)
	{
		counting_env(&env, &c);
		c.interrupt_at = at;
		t = (td_tree *) &c;
		if (td_parse_html(&env, html, len, NULL, NULL, &t) == TD_EINTR && t == NULL && c.live == 0 &&
			c.polls == at + 1)
			stopped++;
	}
	CHECK(stopped == 12, "%d of 12 interrupted parses stopped cleanly", stopped);

	counting_env(&env, &c);
	CHECK(td_parse_html(&env, html, len, NULL, NULL, &t) == TD_OK, "uninterrupted");
	CHECK(c.polls >= 12, "polled %ld times", c.polls);
	td_tree_free(t);
	CHECK(c.live == 0, "leak");
	free(html);
}

/* Fails allocation k = 0, 1, 2... until the parse succeeds: every failure is clean. */
static void
check_alloc_failures(const char *what, const char *html, size_t len, const char *enc)
{
	td_env		env;
	counting	c;
	int			clean = 0,
				k;

	for (k = 0; k < 10000; k++)
	{
		td_tree    *t = (td_tree *) &c;
		td_status	st;

		counting_env(&env, &c);
		c.budget = k;
		st = td_parse_html(&env, html, len, enc, NULL, &t);
		if (st == TD_OK)
		{
			td_tree_free(t);
			break;
		}
		if (st == TD_ENOMEM && t == NULL && c.live == 0)
			clean++;
	}
	CHECK(k > 5 && clean == k, "%s: %d of %d allocation failures clean", what, clean, k);
}

static void
test_alloc_failures(void)
{
	size_t		len;
	char	   *html = busy_page(&len);

	check_alloc_failures("busy utf-8", html, len / 20, "UTF-8");
	check_alloc_failures("invalid utf-8", "<p a=b>x\xFFy</p><p>z", sizeof("<p a=b>x\xFFy</p><p>z") - 1, "UTF-8");
	check_alloc_failures("shift_jis", "<p a=b>\x93\xFA</p><p>z<br>y", sizeof("<p a=b>\x93\xFA</p><p>z<br>y") - 1, "Shift_JIS");
	check_alloc_failures("windows-1252", "<p a=b>\x93q\x94</p><p>z<br>y", sizeof("<p a=b>\x93q\x94</p><p>z<br>y") - 1, "windows-1252");
	free(html);
}

/*
 * media_attrs_only: the same elements, texts, flags and fingerprints as a
 * full parse, the same src and data, and no other attribute.
 */
static void
check_slim_same(const char *what, const char *html, size_t len)
{
	td_env		env;
	td_limits	lim;
	td_tree    *f = NULL,
			   *s = NULL;
	uint64_t   *ff,
			   *fs;
	bool		same = true;

	td_env_default(&env);
	td_limits_default(&lim);
	CHECK(td_parse_html(&env, html, len, "UTF-8", &lim, &f) == TD_OK, "%s: full: %s", what, env.errmsg);
	lim.media_attrs_only = 1;
	CHECK(td_parse_html(&env, html, len, "UTF-8", &lim, &s) == TD_OK, "%s: slim: %s", what, env.errmsg);
	if (f == NULL || s == NULL || f->n_nodes != s->n_nodes)
	{
		CHECK(false, "%s: node counts %u, %u", what, f ? f->n_nodes : 0, s ? s->n_nodes : 0);
		td_tree_free(f);
		td_tree_free(s);
		return;
	}
	ff = malloc(sizeof(uint64_t) * f->n_nodes);
	fs = malloc(sizeof(uint64_t) * s->n_nodes);
	td_fingerprints(f, ff);
	td_fingerprints(s, fs);
	for (uint32_t i = 0; i < f->n_nodes; i++)
	{
		const td_node *x = &f->nodes[i];
		const td_node *y = &s->nodes[i];

		same &= x->kind == y->kind && x->tag == y->tag && x->parent == y->parent &&
			x->flags == y->flags && x->str_len == y->str_len &&
			memcmp(td_node_str(f, i), td_node_str(s, i), x->str_len) == 0 && ff[i] == fs[i];
		for (int k = 0; k < 2 && x->kind == TD_ELEM; k++)
		{
			const char *name = k ? "data" : "src";
			uint32_t	lx = 0,
						ly = 0;
			const char *vx = td_node_attr(f, i, name, &lx);
			const char *vy = td_node_attr(s, i, name, &ly);

			same &= (vx == NULL) == (vy == NULL) && lx == ly && (vx == NULL || memcmp(vx, vy, lx) == 0);
		}
		same &= y->attr_count <= 2;
	}
	CHECK(same, "%s: slim tree equals the full one", what);
	free(ff);
	free(fs);
	td_tree_free(f);
	td_tree_free(s);
}

static void
test_media_attrs_only(void)
{
	static const char *const pages[] = {
		"<p class=a id=b>x</p><img src=a.png alt=x><img SRC='b.png' src=c.png alt=y>"
		"<object data=\"o.swf\" data=p type=q></object><IMG ALT=z SRC=A.PNG>",
		/* an unquoted value must not run into "/>" */
		"<img src=\\\"a.jpg\\\" alt=b /><img src=a/><img src=a /><img src='q'/>t",
		"<img alt=\"a>b\" src=\"c>d.png\" title='e\"f'>x<img src = \"c\" >",
		"<script src=x.js type=y>var a='<img src=z>';</script><style media=x>p{}</style>t",
		"<img\"src=a><img/src=b>x<img src><img data><p src=s data=d>y</p>",
		"<br/><p id=x/>text<a href=h>link</a>",
		"<!DOCTYPE html PUBLIC \"-//x\" \"y>\"><!-- <img src=\" -->"
		"<p x=\"a>b\" y='c\"d' z=e\"f =g h/>one</p junk=\">\"><?pi <q r=\"?>two",
		"<img src=\"unterminated",
		"<video data=v src=w><source src=s1><source src=s2></video><embed src=e>",
		/* "<?" then U+FFFD is text, not a PI (libxml2's names): the quote is h's */
		"<?\xef\xbf\xbd<c h=\"><f\">>x",
		"<?\xe6\x97\xa5 <c h=\"><f\">>y",
		/* odd names (html_attr): rewritten in the full tree, dropped in the slim one */
		"<button @click=\"a => b\" src=x>t</button><img (load)=\"f() > 0\" src=y.png>u",
	};
	char	   *html;
	char	   *p;

	for (size_t k = 0; k < sizeof(pages) / sizeof(pages[0]); k++)
	{
		char		what[32];

		sprintf(what, "page %zu", k);
		check_slim_same(what, pages[k], strlen(pages[k]));
	}

	/* names cut at 100 characters: the rest is read as another name */
	html = malloc(400);
	p = html;
	*p++ = '<';
	memset(p, 'a', 101);
	p += 101;
	strcpy(p, "src=x.png>t<img ");
	p += strlen(p);
	memset(p, 'b', 100);
	p += 100;
	strcpy(p, "src=y.png>u");
	check_slim_same("long names", html, strlen(html));
	free(html);

	/* a src past the 1000th attribute is dropped either way */
	html = malloc(1001 * 4 + 64);
	p = html;
	p += sprintf(p, "<img");
	for (int k = 0; k < 1000; k++)
		p += sprintf(p, " a%d", k % 10);
	sprintf(p, " src=late.png>t");
	check_slim_same("src after 1000 attributes", html, strlen(html));
	free(html);
}

int
main(void)
{
	test_tag_table();
	test_limits_default();
	test_known_page();
	test_edge_inputs();
	test_entities_and_names();
	test_text_merging();
	test_hidden_and_pre_flags();
	test_noscript_shown();
	test_deep_nesting();
	test_small_depth();
	test_big_page();
	test_invalid_utf8();
	test_legacy_encodings();
	test_unknown_encoding();
	test_limits();
	test_interrupt();
	test_interrupt_decoding();
	test_many_attributes();
	test_odd_attribute_names();
	test_raw_text_markup();
	test_script_escapes();
	test_long_quoted_value();
	test_constructs_unchanged();
	test_media_attrs_only();
	test_alloc_failures();
	return check_done("test_dom");
}
