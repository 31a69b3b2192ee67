/*
 * test_render.c — visible text, HTML output, visible lengths and node paths
 * of hand-written pages, compared with exact expected outputs.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/render.h"
#include "base/reason.h"
#include "base/tags.h"
#include "base/tree.h"

static td_env env;

static td_tree *
parse(const char *html)
{
	td_tree    *t = NULL;
	td_status	st = td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t);

	CHECK(st == TD_OK, "parse: %s", env.errmsg);
	return t;
}

typedef td_status (*renderer) (const td_tree *t, const uint8_t *drop, td_buf *out);

/* Renders html with drop marks on the nth elements named in drop_names ("" for none). */
static void
check_render(renderer render, const char *html, const char *drop_name, int drop_nth,
			 const char *want, int line)
{
	td_tree    *t = parse(html);
	uint8_t    *drop = NULL;
	td_buf		b;

	if (drop_name)
	{
		drop = calloc(t->n_nodes, 1);
		for (uint32_t i = 0; i < t->n_nodes; i++)
			if (t->nodes[i].kind == TD_ELEM && t->nodes[i].str_len == strlen(drop_name) &&
				memcmp(td_node_str(t, i), drop_name, strlen(drop_name)) == 0 && drop_nth-- == 0)
				drop[i] = 1;
	}
	td_buf_init(&b, &env);
	CHECK(render(t, drop, &b) == TD_OK, "render");
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, want) == 0, "line %d\n  got:  [%s]\n  want: [%s]", line, b.data, want);
	td_buf_free(&b);
	free(drop);
	td_tree_free(t);
}

#define TEXT(html, want) check_render(td_render_text, html, NULL, 0, want, __LINE__)
#define TEXT_DROP(html, name, nth, want) check_render(td_render_text, html, name, nth, want, __LINE__)
#define HTML(html, want) check_render(td_render_html, html, NULL, 0, want, __LINE__)
#define HTML_DROP(html, name, nth, want) check_render(td_render_html, html, name, nth, want, __LINE__)

static void
test_text_rules(void)
{
	TEXT("", "");
	TEXT("plain", "plain");
	TEXT("<div>Hello <b>world</b>!</div><p>Second   line\n here </p>"
		 "<ul><li>one</li><li> two </li></ul>x<br>y<br><br>z",
		 "Hello world!\nSecond line here\none\ntwo\nx\ny\nz");
	TEXT("<p>a<span> </span>b</p><p><i>c</i><i>d</i></p>", "a b\ncd");
	TEXT("<h1>  Title  </h1>\n\n<p>\n\n</p><div><div><p>deep</p></div></div>", "Title\ndeep");
	TEXT("<table><tr><td>&nbsp;</td><td>a&nbsp;&nbsp;b</td></tr></table>\xE3\x80\x80z", "a b\nz");
	TEXT("<p>a &amp; b &lt;c&gt; caf&eacute;</p>", "a & b <c> caf\xC3\xA9");
	TEXT("<p>x</p><pre>  code  line1\n\n    line2  \n</pre><p>y</p>", "x\ncode line1\nline2\ny");
	TEXT("<pre><b>a\nb</b> c</pre>", "a\nb c");
}

/* Zero-width characters are dropped; the word around one stays one word. */
static void
test_text_zero_width(void)
{
	TEXT("<p>tem\xe2\x80\x8bplate \xef\xbb\xbfword\xe2\x81\xa0s</p><p>\xe2\x80\x8c\xe2\x80\x8d</p>"
		 "<pre>a\xe2\x80\x8b" "b</pre>", "template words\nab");
	/* a lone lead byte of one at the end is text */
	TEXT("<p>x\xe2\x80</p>", "x\xef\xbf\xbd");
}

/* The <title> line html_text adds when asked. */
static void
test_title(void)
{
	const char *pages[][2] = {
		{"<html><head><title>  The\n <b>Title</b>\xe2\x80\x8b </title></head><body>x</body></html>",
		"The Title"},
		{"<title>a</title><title>b</title>", "a"},
		{"<p>no title</p>", ""},
	};

	for (size_t k = 0; k < sizeof(pages) / sizeof(pages[0]); k++)
	{
		td_tree    *t = parse(pages[k][0]);
		td_buf		b;

		td_buf_init(&b, &env);
		td_buf_append(&b, ">", 1);
		CHECK(td_render_title(t, &b) == TD_OK, "title");
		td_buf_terminate(&b);
		CHECK(strcmp(b.data + 1, pages[k][1]) == 0, "title %zu: got [%s] want [%s]", k,
			  b.data + 1, pages[k][1]);
		td_buf_free(&b);
		td_tree_free(t);
	}
}

static void
test_text_hidden(void)
{
	TEXT("<html><head><title>T</title><style>p{color:red}</style>"
		 "<script>var x;</script></head><body>a<script>b()</script>"
		 "<noscript>c</noscript><template><p>d</p></template>e<!-- f -->g</body></html>",
		 "aeg");
	TEXT("<p>a</p><select><option>one<option>two</select>", "a\none\ntwo");
}

static void
test_text_drop(void)
{
	TEXT_DROP("<p>a<span>x</span>b</p>", "span", 0, "ab");
	TEXT_DROP("<div>a<div>x</div>b</div>", "div", 1, "a\nb");
	TEXT_DROP("<div>a</div><div>b</div>", "body", 0, "");
	TEXT_DROP("<ul><li>1</li><li>2</li><li>3</li></ul>", "li", 1, "1\n3");
}

static void
test_node_text(void)
{
	td_tree    *t = parse("<div>a<p>b <i>c</i></p><noscript><p>h</p></noscript>d</div>");
	td_buf		b;
	uint32_t	p = TD_NONE,
				hidden_p = TD_NONE;

	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].tag == TD_TAG_P_)
		{
			if (p == TD_NONE)
				p = i;
			else
				hidden_p = i;
		}
	td_buf_init(&b, &env);
	td_buf_append(&b, "PFX", 3);
	CHECK(td_render_node_text(t, p, NULL, &b) == TD_OK, "node text");
	CHECK(b.len == 6 && memcmp(b.data, "PFXb c", 6) == 0, "appended: %.*s", (int) b.len, b.data);
	b.len = 0;
	CHECK(td_render_node_text(t, hidden_p, NULL, &b) == TD_OK && b.len == 0, "p inside noscript");
	CHECK(td_render_node_text(t, p + 1, NULL, &b) == TD_OK && b.len == 1 && b.data[0] == 'b',
		  "a text node on its own: %.*s", (int) b.len, b.data);
	b.len = 0;
	CHECK(td_render_node_text(t, 0, NULL, &b) == TD_OK && b.len == 7 &&
		  memcmp(b.data, "a\nb c\nd", 7) == 0, "root: %.*s", (int) b.len, b.data);
	td_buf_free(&b);
	td_tree_free(t);
}

static void
test_html(void)
{
	HTML("", "<!DOCTYPE html>");
	HTML("<p class='a\"b' title=\"x&amp;y<z>\">1 &lt; 2 &amp;&amp; 3 &gt; \"q\"</p>",
		 "<!DOCTYPE html><html><body><p class=\"a&quot;b\" title=\"x&amp;y&lt;z&gt;\">"
		 "1 &lt; 2 &amp;&amp; 3 &gt; \"q\"</p></body></html>");
	HTML("<p>a<br>b<img src=i.png alt>c<hr></p>",
		 "<!DOCTYPE html><html><body><p>a<br>b<img src=\"i.png\" alt=\"\">c</p><hr></body></html>");
	HTML("<head><style>a > b { x: \"&amp;\" }</style><script>if (a < b && c) d();</script></head>",
		 "<!DOCTYPE html><html><head><style>a > b { x: \"&amp;\" }</style>"
		 "<script>if (a < b && c) d();</script></head></html>");
	/* libxml2 keeps the newline after <pre> that a browser drops, so a browser reads the output as the input */
	HTML("<pre>\n  x\n</pre><textarea>a&lt;b</textarea>",
		 "<!DOCTYPE html><html><body><pre>\n  x\n</pre><textarea>a&lt;b</textarea></body></html>");
	HTML("<div><span>caf\xC3\xA9</span></div>\xE2\x82\xAC",
		 "<!DOCTYPE html><html><body><div><span>caf\xC3\xA9</span></div>\xE2\x82\xAC</body></html>");
	HTML_DROP("<div id=nav><a href=/>home</a></div><p>keep</p>", "div", 0,
			  "<!DOCTYPE html><html><body><p>keep</p></body></html>");
	HTML_DROP("<ul><li>1<li>2<li>3</ul>", "li", 1,
			  "<!DOCTYPE html><html><body><ul><li>1</li><li>3</li></ul></body></html>");
	HTML_DROP("<p>x</p>", "html", 0, "<!DOCTYPE html>");
}

static void
test_html_appends(void)
{
	td_tree    *t = parse("<b>x</b>");
	td_buf		b;

	td_buf_init(&b, &env);
	td_buf_append(&b, "HDR", 3);
	CHECK(td_render_html(t, NULL, &b) == TD_OK, "render");
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, "HDR<!DOCTYPE html><html><body><b>x</b></body></html>") == 0, "%s", b.data);
	td_buf_free(&b);
	td_tree_free(t);
}

/*
 * The parser never leaves "</script" inside a script's text, but a tree
 * could: the renderer must not let it close the element early.
 */
static void
test_html_raw_guard(void)
{
	static char strings[] = "scriptx</SCRIPT>y</b>";
	td_node		nodes[3];
	td_tree		t;
	td_buf		b;

	memset(nodes, 0, sizeof(nodes));
	memset(&t, 0, sizeof(t));
	nodes[0] = (td_node) {TD_NONE, 1, TD_NONE, 3, 0, 0, 0, 0, 0, 0, TD_ROOT, 0};
	nodes[1] = (td_node) {0, 2, TD_NONE, 3, 1, 0, 6, 0, 0, TD_TAG_SCRIPT, TD_ELEM,
		TD_F_HIDDEN | TD_F_RAWTEXT};
	nodes[2] = (td_node) {1, TD_NONE, TD_NONE, 3, 2, 6, 15, 0, 0, 0, TD_TEXT, TD_F_INHIDDEN};
	t.env = &env;
	t.nodes = nodes;
	t.n_nodes = 3;
	t.strings = strings;
	t.n_strings = sizeof(strings) - 1;
	td_buf_init(&b, &env);
	CHECK(td_render_html(&t, NULL, &b) == TD_OK, "render");
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, "<!DOCTYPE html><script>x<\\/SCRIPT>y</b></script>") == 0, "%s", b.data);
	td_buf_free(&b);
}

static void
test_visible_lengths(void)
{
	td_tree    *t = parse("<div><p>ab c</p><script>xyz</script><p>\xC3\xA9&nbsp;\xC3\xBC \xE6\x97\xA5</p></div>");
	uint32_t   *len = calloc(t->n_nodes, sizeof(uint32_t));
	char		got[256];
	size_t		off = 0;

	td_visible_lengths(t, len);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		off += (size_t) snprintf(got + off, sizeof(got) - off, "%s%u", i ? "," : "", len[i]);
	/* root html body div p "ab c" script "xyz" p "é ü 日" */
	CHECK(strcmp(got, "6,6,6,6,3,3,0,0,3,3") == 0, "lengths %s", got);
	free(len);
	td_tree_free(t);
}

static void
check_path(const td_tree *t, uint32_t i, const char *want)
{
	td_buf		b;

	td_buf_init(&b, &env);
	CHECK(td_node_path(t, i, &b) == TD_OK, "path");
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, want) == 0, "path of %u: got %s, want %s", i, b.data, want);
	td_buf_free(&b);
}

static void
test_paths(void)
{
	td_tree    *t = parse("<body><div><p>a</p><p>b</p></div><div><p>c</p>d<span>e</span>f</div></body>");

	/* 0 root, 1 html, 2 body, 3 div, 4 p, 5 "a", 6 p, 7 "b", 8 div, 9 p, 10 "c", 11 "d", 12 span... */
	check_path(t, 0, "/");
	check_path(t, 2, "/html/body");
	check_path(t, 3, "/html/body/div[1]");
	check_path(t, 6, "/html/body/div[1]/p[2]");
	check_path(t, 7, "/html/body/div[1]/p[2]/text()");
	check_path(t, 9, "/html/body/div[2]/p");
	check_path(t, 11, "/html/body/div[2]/text()[1]");
	check_path(t, 14, "/html/body/div[2]/text()[2]");
	td_tree_free(t);
}

/* Long and deep outputs: the renderers do not recurse. */
static void
test_deep(void)
{
	int			n = 50000;
	char	   *html = malloc((size_t) n * 11 + 16);
	char	   *p = html;
	td_limits	l;
	td_tree    *t = NULL;
	td_buf		b;
	int			ok;

	for (int k = 0; k < n; k++, p += 5)
		memcpy(p, "<div>", 5);
	memcpy(p, "x", 1);
	p++;
	for (int k = 0; k < n; k++, p += 6)
		memcpy(p, "</div>", 6);
	td_limits_default(&l);
	l.max_depth = (uint32_t) n + 10;
	CHECK(td_parse_html(&env, html, (size_t) (p - html), NULL, &l, &t) == TD_OK, "parse");
	CHECK(t->n_nodes == (uint32_t) n + 4, "nodes %u", t->n_nodes);
	td_buf_init(&b, &env);
	CHECK(td_render_text(t, NULL, &b) == TD_OK && b.len == 1 && b.data[0] == 'x', "deep text");
	b.len = 0;
	CHECK(td_render_html(t, NULL, &b) == TD_OK, "deep html");
	ok = b.len == strlen("<!DOCTYPE html><html><body></body></html>") + (size_t) n * 11 + 1 &&
		memcmp(b.data + b.len - 20, "</div></body></html>", 20) == 0;
	CHECK(ok, "deep html output of %zu bytes", b.len);
	b.len = 0;
	CHECK(td_node_path(t, t->n_nodes - 1, &b) == TD_OK && b.len == strlen("/html/body/text()") + (size_t) n * 4,
		  "deep path of %zu bytes", b.len);
	td_buf_free(&b);
	td_tree_free(t);
	free(html);
}

/* Fails every allocation of the output buffer: renderers report TD_ENOMEM. */
static void *
no_alloc(void *arg, size_t size)
{
	(void) arg;
	(void) size;
	return NULL;
}

static void *
no_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	(void) arg;
	(void) p;
	(void) old_size;
	(void) new_size;
	return NULL;
}

static void
test_out_of_memory(void)
{
	td_tree    *t = parse("<p>a</p><div>b</div>");
	td_env		poor;
	td_buf		b;

	td_env_default(&poor);
	poor.alloc = no_alloc;
	poor.realloc = no_realloc;
	td_buf_init(&b, &poor);
	CHECK(td_render_text(t, NULL, &b) == TD_ENOMEM, "text");
	CHECK(td_render_html(t, NULL, &b) == TD_ENOMEM, "html");
	CHECK(td_render_node_text(t, 0, NULL, &b) == TD_ENOMEM, "node text");
	CHECK(td_node_path(t, 4, &b) == TD_ENOMEM, "path");
	CHECK(b.data == NULL, "nothing allocated");
	td_tree_free(t);
}

/* explain: labels on the outermost removed nodes, nothing that runs code */
static void
test_explain(void)
{
	td_tree    *t = parse("<body onload=x()><div id=n><p>a</p></div>t<script>s()</script>"
						  "<a href=' JaVa\tScript:y()' onclick=z() title=k>b</a><iframe src=u></iframe>"
						  "<img src=\"data:text/html,q\" alt=i><a href=\"/ok\">c</a></body>");
	uint8_t    *reason = calloc(t->n_nodes, 1);
	float	   *value = calloc(t->n_nodes, sizeof(float));
	td_buf		b;
	const char *want;

	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		value[i] = -1;
		if (t->nodes[i].tag == TD_TAG_DIV)
			reason[i] = TD_REASON_SITE_SHARE, value[i] = 0.925f;
		else if (i > 0 && reason[t->nodes[i].parent])
			reason[i] = TD_REASON_INSIDE;
		else if (t->nodes[i].kind == TD_TEXT && td_node_str(t, i)[0] == 't')
			reason[i] = TD_REASON_PAGE_SCORE;
	}
	td_buf_init(&b, &env);
	CHECK(td_render_explain(t, reason, value, &b) == TD_OK, "explain");
	td_buf_terminate(&b);
	want = "<html><body><div data-td-reason=\"site-share 0.93\" id=\"n\"><p>a</p></div>"
		"<span data-td-reason=\"page-score\">t</span><a title=\"k\">b</a><img alt=\"i\">"
		"<a href=\"/ok\">c</a></body></html>";
	CHECK(strncmp(b.data, "<!DOCTYPE html><style>", 22) == 0 && strstr(b.data, "</div>") &&
		  strcmp(strstr(b.data, "<html>"), want) == 0, "explain got %s", strstr(b.data, "<html>"));
	td_buf_free(&b);
	free(reason);
	free(value);
	td_tree_free(t);
}

int
main(void)
{
	td_env_default(&env);
	test_text_rules();
	test_text_hidden();
	test_text_zero_width();
	test_title();
	test_text_drop();
	test_explain();
	test_node_text();
	test_html();
	test_html_appends();
	test_html_raw_guard();
	test_visible_lengths();
	test_paths();
	test_deep();
	test_out_of_memory();
	return check_done("test_render");
}
