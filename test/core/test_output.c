/*
 * test_output.c — the output renderers (output/): clean HTML that is safe
 * to show, Markdown whose syntax says what the page's structure says and
 * whose text never turns into markup, and the URLs both let through.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/render.h"
#include "base/tree.h"
#include "output/markdown.h"
#include "output/outurl.h"
#include "output/safehtml.h"

static td_env env;

static td_tree *
parse(const char *html)
{
	td_tree    *t = NULL;
	td_status	st = td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t);

	CHECK(st == TD_OK, "parse: %s", env.errmsg);
	return t;
}

/* Drops the first element named drop_name (NULL: none). */
static uint8_t *
drop_first(const td_tree *t, const char *drop_name)
{
	uint8_t    *drop = calloc(t->n_nodes, 1);

	for (uint32_t i = 0; drop_name && i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].str_len == strlen(drop_name) &&
			memcmp(td_node_str(t, i), drop_name, strlen(drop_name)) == 0)
		{
			drop[i] = 1;
			break;
		}
	return drop;
}

static void
check_md(const char *html, const char *base, int links, int images, const char *drop_name,
		 const char *want, int line)
{
	td_tree    *t = parse(html);
	uint8_t    *drop = drop_first(t, drop_name);
	td_md_options o = {base, base ? strlen(base) : 0, links, images};
	td_buf		b;

	td_buf_init(&b, &env);
	CHECK(td_render_markdown(t, drop, &o, &b) == TD_OK, "markdown: %s", env.errmsg);
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, want) == 0, "line %d\n  got:  [%s]\n  want: [%s]", line, b.data, want);
	td_buf_free(&b);
	free(drop);
	td_tree_free(t);
}

static void
check_html(const char *html, const char *base, const char *drop_name, const char *want, int line)
{
	td_tree    *t = parse(html);
	uint8_t    *drop = drop_first(t, drop_name);
	td_buf		b;

	td_buf_init(&b, &env);
	CHECK(td_render_safe_html(t, drop, base, base ? strlen(base) : 0, &b) == TD_OK,
		  "safe html: %s", env.errmsg);
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, want) == 0, "line %d\n  got:  [%s]\n  want: [%s]", line, b.data, want);
	td_buf_free(&b);
	free(drop);
	td_tree_free(t);
}

#define MD(html, want) check_md(html, NULL, 0, 0, NULL, want, __LINE__)
#define MD_LINKS(html, base, want) check_md(html, base, 1, 1, NULL, want, __LINE__)
#define MD_DROP(html, name, want) check_md(html, NULL, 0, 0, name, want, __LINE__)
#define SAFE(html, want) check_html(html, NULL, NULL, want, __LINE__)
#define SAFE_BASE(html, base, want) check_html(html, base, NULL, want, __LINE__)

static void
test_md_blocks(void)
{
	MD("<h1>Title</h1><p>One <b>two</b> three.</p>", "# Title\n\nOne **two** three.");
	MD("<h3>a # b #</h3>", "### a \\# b \\#");
	MD("<div>a</div><div>b</div>", "a\n\nb");
	MD("<p>x<br>y<br></p>", "x\\\ny");
	MD("<blockquote><p>q1</p><p>q2</p></blockquote><p>after</p>", "> q1\n>\n> q2\n\nafter");
	MD("<hr><p>x</p>", "***\n\nx");
	/* a blank line before a list or quote that follows another block, none inside a tight list */
	MD("<p>x</p><blockquote>q</blockquote>", "x\n\n> q");
	MD("<h2>h</h2><ul><li>a</li><li>b</li></ul><p>x</p><ol><li>c</li></ol>",
	   "## h\n\n- a\n- b\n\nx\n\n1. c");
	/* nested lists: the child indented by its parent's marker width */
	MD("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>", "- a\n  - b\n- c");
	MD("<ol><li>a</li><li>b<ol><li>c</li></ol></li></ol>", "1. a\n2. b\n   1. c");
	MD("<ol><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li><li>6</li><li>7</li><li>8</li>"
	   "<li>9</li><li>ten<p>more</p></li></ol>",
	   "1. 1\n2. 2\n3. 3\n4. 4\n5. 5\n6. 6\n7. 7\n8. 8\n9. 9\n10. ten\n\n    more");
	MD("<ul><li></li><li><p>p1</p><p>p2</p></li></ul>", "- p1\n\n  p2");
	MD("<ul><li><blockquote>q</blockquote></li></ul>", "- > q");
	/* a paragraph between two items: "2." cannot interrupt it */
	MD("<ol><li>a</li> / <li>b</li></ol>", "1. a\n\n/\n\n2. b");
	MD("<dl><dt>term</dt><dd>def</dd></dl>", "term\n\ndef");
	/* headings and cells hold one line: blocks inside are blanks */
	MD("<h2><div>a</div><div>b</div></h2>", "## a b");
	MD_DROP("<p>keep</p><nav>menu</nav><p>also</p>", "nav", "keep\n\nalso");
	MD("<script>x()</script><style>p{}</style><p>only</p>", "only");
}

static void
test_md_code(void)
{
	MD("<pre>  a  b\n\n  c</pre>", "```\n  a  b\n\n  c\n```");
	MD("<pre>x ``` y</pre>", "````\nx ``` y\n````");
	MD("<pre><code>if (a &lt; b) {\n\treturn;\n}\n</code></pre>", "```\nif (a < b) {\n\treturn;\n}\n```");
	MD("<ul><li>x<pre>l1\nl2</pre></li></ul>", "- x\n\n  ```\n  l1\n  l2\n  ```");
	MD("<p>use <code>a*b</code> or <code>`x`</code></p>", "use `a*b` or `` `x` ``");
	MD("<p>a<code> b </code>c</p>", "a `b` c");
	MD("<p><code>x</code><br>y</p>", "`x`\\\ny");	/* the break after a span still waiting */
	/* side by side they are one span: "`a``b`" would be neither */
	MD("<p><code>root #</code><code>emerge</code> <em><code>x</code></em><code>y</code></p>",
	   "`root #emerge` `x`y");
	MD("<pre>   </pre><p>x</p>", "x");
}

static void
test_md_tables(void)
{
	MD("<table><tr><th>a</th><th>b|c</th></tr><tr><td>1</td><td><code>x|y</code></td></tr></table>",
	   "| a | b\\|c |\n| --- | --- |\n| 1 | `x\\|y` |");
	/* ragged rows padded to the widest */
	MD("<table><tr><td>a</td></tr><tr><td>b</td><td>c</td></tr></table>",
	   "| a |  |\n| --- | --- |\n| b | c |");
	MD("<table><caption>cap</caption><tbody><tr><td><p>x</p><p>y</p></td></tr></tbody></table>",
	   "cap\n\n| x y |\n| --- |");
	/* not simple: colspan, a table inside */
	MD("<table><tr><td colspan=2>a</td></tr><tr><td>b</td><td>c</td></tr></table>", "a\n\nb\n\nc");
	MD("<table><tr><td>out<table><tr><td>in</td></tr></table></td></tr></table>",
	   "out\n\n| in |\n| --- |");
}

static void
test_md_escapes(void)
{
	/* text that would be markup stays text */
	MD("<p>*not em* _nor_ [link](x) `code` &lt;b&gt; a|b ~s~</p>",
	   "\\*not em\\* \\_nor\\_ \\[link\\](x) \\`code\\` \\<b> a\\|b \\~s\\~");
	MD("<p># h</p><p>- li</p><p>+ li</p><p>&gt; q</p><p>2024. year</p><p>3) x</p>",
	   "\\# h\n\n\\- li\n\n\\+ li\n\n\\> q\n\n2024\\. year\n\n3\\) x");
	MD("<p><b>1</b>. bold number</p><p><span>12</span><span>)</span> x</p>",
	   "**1**\\. bold number\n\n12\\) x");
	MD("<p>a<br>===</p><p>b<br>- c</p>", "a\\\n\\===\n\nb\\\n\\- c");
	MD("<p>AT&amp;T &amp;amp; &amp;#1; &amp;#x1f; x &amp; a=1&amp;b=2 snake_case _x x_</p>",
	   "AT&T \\&amp; \\&#1; \\&#x1f; x \\& a=1&b=2 snake_case \\_x x\\_");
	MD("<p>back\\slash</p>", "back\\\\slash");
}

static void
test_md_emphasis(void)
{
	MD("<p>a <em>b</em> c</p>", "a *b* c");
	MD("<p>a<em> b </em>c</p>", "a *b* c");
	MD("<p><em><strong>both</strong></em></p>", "***both***");
	MD("<p><i>x</i> <b>y</b></p>", "*x* **y**");
	MD("<p>in<b>word</b>s</p>", "inwords");	/* intraword: ambiguous for a parser, left plain */
	MD("<p>(<em>ok</em>)</p>", "(*ok*)");
	MD("<p>a<em>\"q\"</em>b</p>", "a\"q\"b");
	MD("<p><em></em>x<strong> </strong>y</p>", "x y");
	MD("<p><em>a<br>b</em></p>", "*a\\\nb*");
	MD("<p><em>a<div>b</div></em></p>", "a\n\nb");
	MD("<p>caf\xc3\xa9<em>x</em></p>", "caf\xc3\xa9x");
}

static void
test_md_links(void)
{
	MD("<p><a href=\"/x\">t</a> <img src=\"i.png\" alt=\"A\"></p>", "t");
	MD_LINKS("<p><a href=\"/x y\">t <em>e</em></a> <img src=\"i.png\" alt=\"A [1]\"></p>",
			 "http://h.org/d/p",
			 "[t *e*](<http://h.org/x%20y>) ![A \\[1\\]](<http://h.org/d/i.png>)");
	MD_LINKS("<p><a href=\"javascript:alert(1)\">j</a> <a href=\"mailto:a@b.org\">m</a>"
			 " <img src=\"data:image/png;base64,AA\"><a href=\"#\"></a></p>", NULL,
			 "j [m](<mailto:a@b.org>)");
	MD_LINKS("<p><a href=\"r?a=1&amp;b=2|3\">r</a></p>", NULL, "[r](<r?a=1\\&b=2%7C3>)");
	MD_LINKS("<p>yes!<a href=\"/a\">x</a> no!<img src=\"/i\"> b!<b><a href=\"/b\">c</a></b>d</p>", NULL,
			 "yes\\![x](</a>) no!![](</i>) b\\![c](</b>)d");
	MD_LINKS("<p><a href=\"/a\"><a href=\"/b\">x</a></a></p>", "https://h.org/",
			 "[x](<https://h.org/b>)");
}

static void
test_md_limits(void)
{
	/* 40 nested lists: the ones past 32 are paragraphs */
	char		html[4096] = "";
	td_tree    *t;
	td_buf		b;
	td_md_options o = {NULL, 0, 0, 0};
	size_t		widest = 0,
				run = 0;

	for (int k = 0; k < 40; k++)
		strcat(html, "<ul><li>x");
	t = parse(html);
	td_buf_init(&b, &env);
	CHECK(td_render_markdown(t, NULL, &o, &b) == TD_OK, "deep lists");
	for (size_t k = 0; k < b.len; k++)
	{
		run = b.data[k] == '\n' ? 0 : run + 1;
		widest = run > widest ? run : widest;
	}
	CHECK(widest <= 2 * 32 + 1, "deep lists: a line of %zu bytes", widest);
	td_buf_free(&b);
	td_tree_free(t);
}

static void
test_zero_width(void)
{
	const char *html = "<p>tem\xe2\x80\x8bplate \xef\xbb\xbfword\xe2\x81\xa0s \xe2\x80\x8c\xe2\x80\x8d</p>"
		"<pre>a\xe2\x80\x8b" "b</pre>";

	MD(html, "template words\n\n```\nab\n```");
	SAFE(html, "<p>template words</p>\n<pre>ab</pre>");
}

static void
test_safe_html(void)
{
	SAFE("<div><h1 class=x onclick=\"f()\">T</h1><div>a <b>b</b></div><div>c</div></div>",
		 "<h1>T</h1>\n<p>a <b>b</b></p>\n<p>c</p>");
	SAFE("<ul><li>a<div>b</div>c</li></ul>", "<ul>\n<li>a<br>b<br>c</li>\n</ul>");
	SAFE("<p>x<script>alert(1)</script><style>*{}</style><iframe src=e></iframe>"
		 "<form><input value=v><button onclick=f()>go</button></form></p>",
		 "<p>x</p>\n<p>go</p>");
	SAFE("<p><a href=\"javascript:alert(1)\">j</a> <a href=\" JaVa&#9;script:x\">k</a>"
		 " <a href=\"data:text/html,x\">d</a> <a href=\"mailto:m@x.org\">m</a>"
		 " <img src=\"data:x\" alt=a><img src=\"i.png\" alt=\"&quot;&lt;\" onerror=x></p>",
		 "<p>j k d <a href=\"mailto:m@x.org\">m</a> <img src=\"i.png\" alt=\"&quot;&lt;\"></p>");
	SAFE_BASE("<p><a href=\"../x?a=1&amp;b=2\">r</a></p>", "http://h.org/d/e/p.html",
			  "<p><a href=\"http://h.org/d/x?a=1&amp;b=2\">r</a></p>");
	SAFE("<table><tr><td colspan=3 rowspan=1 style=x>a</td><td colspan=99999>b</td></tr></table>",
		 "<table>\n<tr>\n<td colspan=\"3\">a</td>\n<td>b</td>\n</tr>\n</table>");
	SAFE("<p>1 &lt; 2 &amp;   3<br><br>4</p><pre> x\n  y</pre>",
		 "<p>1 &lt; 2 &amp; 3<br>4</p>\n<pre> x\n  y</pre>");
	SAFE("<figure><img src=\"/a.png\"><figcaption>cap</figcaption></figure>",
		 "<figure>\n<p><img src=\"/a.png\"></p>\n<figcaption>cap</figcaption>\n</figure>");
}

static void
test_out_url(void)
{
	struct
	{
		const char *base,
				   *ref;
		int			mailto;
		const char *want;		/* NULL: refused */
	}			cases[] = {
		{NULL, "http://X.org/a b", 0, "http://x.org/a%20b"},
		{NULL, "rel/a.html", 0, "rel/a.html"},
		{NULL, " \tjava\nscript:alert(1)", 0, NULL},
		{"http://h.org/", "java\nscript:alert(1)", 0, NULL},
		{NULL, "vbscript:x", 0, NULL},
		{NULL, "DATA:text/html,x", 0, NULL},
		{NULL, "mailto:a@b", 0, NULL},
		{NULL, "mailto:a@b", 1, "mailto:a@b"},
		{"http://h.org/a/b", "c", 0, "http://h.org/a/c"},
		{"not a base", "c", 0, "c"},
		{NULL, "a\x01" "b", 0, NULL},
		{NULL, "//x/JavaScript:y", 0, NULL},
		{"http://h.org/", "/q?u=vbscript:1", 0, NULL},
		{NULL, "/j/javascrip", 0, "/j/javascrip"},
		{NULL, "", 0, NULL},
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
	{
		td_buf		b;
		int			ok;
		size_t		blen = cases[k].base ? strlen(cases[k].base) : 0;
		const char *base = td_out_base(&env, cases[k].base, &blen);

		td_buf_init(&b, &env);
		CHECK(td_out_url(&env, base, blen, cases[k].ref, strlen(cases[k].ref), cases[k].mailto,
						 &b, &ok) == TD_OK, "out_url");
		td_buf_terminate(&b);
		if (cases[k].want == NULL)
			CHECK(!ok && b.len == 0, "url %zu: [%s] should be refused, got [%s]", k,
				  cases[k].ref, b.data ? b.data : "");
		else
			CHECK(ok && strcmp(b.data, cases[k].want) == 0, "url %zu: got [%s] want [%s]", k,
				  ok ? b.data : "(refused)", cases[k].want);
		td_buf_free(&b);
	}
}

int
main(void)
{
	td_env_default(&env);
	test_md_blocks();
	test_md_code();
	test_md_tables();
	test_md_escapes();
	test_md_emphasis();
	test_md_links();
	test_md_limits();
	test_zero_width();
	test_safe_html();
	test_out_url();
	return check_done("test_output");
}
