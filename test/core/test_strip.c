/*
 * test_strip.c — fingerprints (what changes them and what does not) and
 * site-level marking (theta, the "2 other pages" rule, the 85% rule).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "site/fingerprint.h"
#include "site/profile.h"
#include "base/render.h"
#include "site/marks.h"
#include "base/tree.h"

static td_env env;

static td_tree *
parse(const char *html)
{
	td_tree    *t = NULL;
	td_limits	lim;

	td_limits_default(&lim);
	if (td_parse_html(&env, html, strlen(html), "UTF-8", &lim, &t) != TD_OK)
		return NULL;
	return t;
}

/* Fingerprint of the first element with the given id attribute. */
static uint64_t
fp_of_id(const char *html, const char *id)
{
	td_tree    *t = parse(html);
	uint64_t   *fp,
				r = 0;
	uint32_t	i,
				len;

	if (!t)
		return 0;
	fp = calloc(t->n_nodes, sizeof(uint64_t));
	td_fingerprints(t, fp);
	for (i = 0; i < t->n_nodes; i++)
	{
		const char *v = t->nodes[i].kind == TD_ELEM ? td_node_attr(t, i, "id", &len) : NULL;

		if (v && len == strlen(id) && memcmp(v, id, len) == 0)
		{
			r = fp[i];
			break;
		}
	}
	free(fp);
	td_tree_free(t);
	return r;
}

static void
test_fingerprint_stability(void)
{
	uint64_t	a = fp_of_id("<ul id=n><li class=active><a href='/a?sid=1'>Home</a></li><li><a href='/b'>News</a></li></ul>", "n");
	uint64_t	b = fp_of_id("<ul id=n><li><a href='/a?sid=2'>Home</a></li>\n  <li class=active><a href='/b'>News</a></li></ul>", "n");
	uint64_t	c = fp_of_id("<ul id=n><li><a href='/a'>Home</a></li><li><a href='/b'>Sports</a></li></ul>", "n");
	uint64_t	d1 = fp_of_id("<div id=f>Updated 2026-11-21 13:05, &copy; 2025 <script>var t=1;</script></div>", "f");
	uint64_t	d2 = fp_of_id("<div id=f>Updated   2026-11-9 9:47, &copy; 2026<script>var t=2;</script></div>", "f");
	uint64_t	d3 = fp_of_id("<div id=f>Updated 2026-11-22 9:47, &copy; 2026 or 2.5</div>", "f");
	uint64_t	d4 = fp_of_id("<div id=f>Updated 2026-11-22 9:47, &copy; 2026 or 3.5</div>", "f");
	uint64_t	e1 = fp_of_id("<div id=x><p>a</p><p>b</p></div>", "x");
	uint64_t	e2 = fp_of_id("<div id=x><p>b</p><p>a</p></div>", "x");
	uint64_t	f1 = fp_of_id("<div id=x><p>a</p></div>", "x");
	uint64_t	f2 = fp_of_id("<section id=x><p>a</p></section>", "x");

	CHECK(a != 0 && a == b, "attributes and re-indentation do not change a fingerprint");
	CHECK(a != c, "different link text changes it");
	CHECK(d1 != 0 && d1 == d2, "dates, times, years, scripts and white space do not change it");
	CHECK(d3 != d4, "other figures change it: a content table's figures are not template");
	CHECK(fp_of_id("<td id=c>194</td>", "c") != fp_of_id("<td id=c>377</td>", "c"), "plain numbers differ");
	CHECK(fp_of_id("<td id=c>8.1 Problem</td>", "c") != fp_of_id("<td id=c>8.2 Problem</td>", "c"),
		  "section numbers differ");
	CHECK(fp_of_id("<td id=c>1987</td>", "c") == fp_of_id("<td id=c>2024</td>", "c"), "years match");
	CHECK(fp_of_id("<td id=c>A1987</td>", "c") != fp_of_id("<td id=c>A2024</td>", "c"),
		  "digits inside a word are not a year");
	CHECK(e1 != e2, "child order matters");
	CHECK(f1 != f2, "the tag matters");
	CHECK(fp_of_id("<p>Call <code id=c>foo()</code> first.</p>", "c") == 0,
		  "an inline element inside running text is not counted");
	CHECK(fp_of_id("<p><code id=c>foo()</code></p>", "c") != 0,
		  "an inline element alone in its block is counted");
	CHECK(fp_of_id("<div id=e>  </div>", "e") == 0, "an element with nothing visible is not counted");
	CHECK(fp_of_id("<div><img id=i src=x.png></div>", "i") != 0, "a void element is counted");
}

/* Builds the serialized profile of the given pages (exact counting). */
static td_buf
profile_of(const char **pages, int n)
{
	td_profile_settings set = {TD_UNIT_NODE, TD_FP_SCHEME, 0, 4096, 0};
	td_profile *p = NULL;
	td_buf		out;
	int			i;

	td_buf_init(&out, &env);
	td_profile_create(&env, &set, &p);
	for (i = 0; i < n; i++)
	{
		td_tree    *t = parse(pages[i]);
		uint64_t   *fp = calloc(t->n_nodes, sizeof(uint64_t));
		uint64_t   *pf = calloc(t->n_nodes, sizeof(uint64_t));

		td_fingerprints(t, fp);
		td_profile_add_page(p, pf, td_page_fingerprints(t, fp, pf));
		free(fp);
		free(pf);
		td_tree_free(t);
	}
	td_profile_serialize(p, &out);
	td_profile_free(p);
	return out;
}

/* What the last strip() removed and why: "tag:reason " per removed element. */
static char last_reasons[4096];

/* strip() applies td_keep_main_labels at this max_len after marking (0: not). */
static uint32_t keep_labels;

/* Clean text of html against the profile; caller frees. */
static char *
strip(const td_buf *prof, const char *html, double threshold, td_status *status)
{
	td_profile_view v;
	td_tree    *t = parse(html);
	td_marks	m;
	td_buf		out;
	char	   *r = NULL;

	td_buf_init(&out, &env);
	*status = td_profile_view_init(&env, prof->data, prof->len, &v);
	if (*status == TD_OK)
		*status = td_mark_template(t, &v, threshold, &m);
	if (*status == TD_OK && keep_labels)
		*status = td_keep_main_labels(t, &m, keep_labels);
	if (*status == TD_OK)
	{
		last_reasons[0] = '\0';
		for (uint32_t i = 0; i < t->n_nodes; i++)
		{
			size_t		len = strlen(last_reasons);

			CHECK((m.drop[i] != 0) == td_reason_removes(m.reason[i]), "reason %u of node %u", m.reason[i], i);
			if (m.drop[i] && t->nodes[i].kind == TD_ELEM)
				snprintf(last_reasons + len, sizeof(last_reasons) - len, "%.*s:%s ",
						 (int) t->nodes[i].str_len, td_node_str(t, i), td_reason_name(m.reason[i]));
		}
		td_render_text(t, m.drop, &out);
		td_buf_terminate(&out);
		r = strdup(out.data);
		td_marks_free(t, &m);
	}
	td_buf_free(&out);
	td_tree_free(t);
	return r;
}

#define SITE_PAGE(active, body, date) \
	"<html><head><title>T</title></head><body>" \
	"<div id=head><h1>Example Site</h1></div>" \
	"<ul id=nav><li" active "><a href=/>Home</a></li><li><a href=/news>News</a></li></ul>" \
	"<div id=main>" body "</div>" \
	"<div id=foot><p>Copyright Example " date "</p><p><a href=/about>About</a> | <a href=/legal>Legal notice and privacy</a></p></div></body></html>"

static void
test_strip_site(void)
{
	const char *pages[] = {
		SITE_PAGE(" class=active", "<p>First story about cats.</p><p>Shared line.</p>", "2024"),
		SITE_PAGE("", "<p>Second story about dogs.</p><p>Shared line.</p>", "2025"),
		SITE_PAGE("", "<p>Third story about birds.</p>", "2026"),
	};
	td_buf		prof = profile_of(pages, 3);
	td_status	st;
	char	   *r;

	r = strip(&prof, pages[0], 0.1, &st);
	CHECK(st == TD_OK && r && strcmp(r, "First story about cats.\nShared line.") == 0,
		  "a page in the profile keeps its content and a line on only one other page: got [%s]", r ? r : "(null)");
	free(r);

	r = strip(&prof, SITE_PAGE("", "<p>A new story.</p><p>Shared line.</p>", "2027"), 0.1, &st);
	CHECK(st == TD_OK && r && strcmp(r, "A new story.") == 0,
		  "a page outside the profile loses what occurs on 2 profile pages: got [%s]", r ? r : "(null)");
	free(r);

	r = strip(&prof, SITE_PAGE("", "<p>A new story.</p><p>Shared line.</p>", "2027"), 1.0, &st);
	CHECK(st == TD_OK && r && strcmp(r, "A new story.\nShared line.") == 0,
		  "threshold 1.0 keeps what is on 2 of 3 pages and drops what is on all: got [%s]", r ? r : "(null)");
	free(r);

	r = strip(&prof, pages[0], 0.0, &st);
	CHECK(st == TD_EARG && r == NULL, "threshold 0 is rejected");
	r = strip(&prof, pages[0], 1.5, &st);
	CHECK(st == TD_EARG && r == NULL, "threshold above 1 is rejected");
	prof.data[8]++;				/* the fingerprint scheme field */
	td_profile_seal((uint8_t *) prof.data, prof.len);	/* a true profile of another scheme */
	r = strip(&prof, pages[0], 0.1, &st);
	CHECK(st == TD_EARG && r == NULL && strstr(env.errmsg, "fingerprint scheme") != NULL,
		  "a profile of another fingerprint scheme is rejected: %s", env.errmsg);
	prof.data[8]--;
	td_buf_free(&prof);
}

static void
test_ancestor_rule(void)
{
	/* The nav differs per page by one short item, so only the 85% rule can drop it. */
	const char *pages[] = {
		"<body><div id=nav><p>Home page link</p><p>Archive page link</p><p>Contact form</p><p>x1</p></div><div><p>Alpha content: the article of this page, a sentence or two long.</p></div></body>",
		"<body><div id=nav><p>Home page link</p><p>Archive page link</p><p>Contact form</p><p>y2</p></div><div><p>Beta content: the article of this page, a sentence or two long.</p></div></body>",
		"<body><div id=nav><p>Home page link</p><p>Archive page link</p><p>Contact form</p><p>z3</p></div><div><p>Gamma content: the article of this page, a sentence or two long.</p></div></body>",
	};
	td_buf		prof = profile_of(pages, 3);
	td_status	st;
	char	   *r = strip(&prof, "<body><div id=nav><p>Home page link</p><p>Archive page link</p><p>Contact form</p><p>w4</p></div><div><p>Delta content: the article of this page, a sentence or two long.</p></div></body>", 0.5, &st);

	CHECK(st == TD_OK && r && strcmp(r, "Delta content: the article of this page, a sentence or two long.") == 0,
		  "an element more than 85%% template is dropped whole: got [%s]", r ? r : "(null)");
	/* the div by the 85% rule, its shared paragraphs by their share, the new one inside */
	CHECK(strcmp(last_reasons, "div:85%-rule p:site-share p:site-share p:site-share p:inside-removed ") == 0,
		  "reasons: %s", last_reasons);
	free(r);
	td_buf_free(&prof);
}

/* A page's only wrapper holding a large site menu and a short article keeps the article. */
static void
test_ancestor_rule_keeps_content(void)
{
	char		menu[4096] = "<ul>";
	char		page[3][8192];
	const char *pages[3];
	const char *bodies[] = {
		"Alpha: a short article of about one hundred and fifty characters, long enough to be content, too short to outweigh a large site menu.",
		"Beta: another short article of about one hundred and fifty characters, long enough to be content, too short to outweigh the menu.",
		"Gamma: a third short article of about one hundred and fifty characters, long enough to be content, too short to outweigh the menu.",
	};
	td_buf		prof;
	td_status	st;
	char	   *r;
	int			i;

	for (i = 0; i < 40; i++)
		snprintf(menu + strlen(menu), sizeof(menu) - strlen(menu), "<li>Chapter %c of the book</li>", 'A' + i % 26);
	strcat(menu, "</ul>");
	for (i = 0; i < 3; i++)
	{
		snprintf(page[i], sizeof(page[i]), "<body><div>%s<p>%s</p></div></body>", menu, bodies[i]);
		pages[i] = page[i];
	}
	prof = profile_of(pages, 3);
	r = strip(&prof, pages[1], 0.1, &st);
	CHECK(st == TD_OK && r && strcmp(r, bodies[1]) == 0,
		  "the wrapper is more than 85%% menu but its rest is content: got [%s]", r ? r : "(null)");
	free(r);

	/* A new page whose whole content is three words, well under the 100-character cap. */
	snprintf(page[0], sizeof(page[0]), "<body><div>%s<p>Short unique words.</p></div></body>", menu);
	r = strip(&prof, page[0], 0.1, &st);
	CHECK(st == TD_OK && r && strcmp(r, "Short unique words.") == 0,
		  "the rule never takes a page's only content: got [%s]", r ? r : "(null)");
	free(r);
	td_buf_free(&prof);
}

#define DOC_PAGE(main_tag, main_end, name, extra) \
	"<body><div id=nav><a href=/>Home</a> <a href=/docs>Docs</a></div>" \
	main_tag "<h1>Class " name "</h1><h3>Method Summary</h3><p>What " name " does, in words.</p>" \
	"<p><a href=/prev>Previous class</a></p><pre>1\n2\n3</pre>" extra main_end \
	"<div id=foot>Copyright notice of the site</div></body>"

/*
 * td_keep_main_labels: inside the page's one <main>, a short repeated label
 * stays; repeated links and digit-only text there go, and everything
 * outside; not on a page with two <main>s; not at or over max_len.
 */
static void
test_main_labels(void)
{
	const char *pages[] = {
		DOC_PAGE("<main>", "</main>", "Alpha", ""),
		DOC_PAGE("<main>", "</main>", "Beta", ""),
		DOC_PAGE("<main>", "</main>", "Gamma", ""),
	};
	td_buf		prof = profile_of(pages, 3);
	td_status	st;
	char	   *r;

	r = strip(&prof, DOC_PAGE("<main>", "</main>", "Delta", ""), 0.1, &st);
	CHECK(st == TD_OK && r && strcmp(r, "Class Delta\nWhat Delta does, in words.") == 0,
		  "site level alone drops the label: got [%s]", r ? r : "(null)");
	free(r);

	keep_labels = TD_MAIN_LABEL_MAX;
	r = strip(&prof, DOC_PAGE("<main>", "</main>", "Delta", ""), 0.1, &st);
	CHECK(st == TD_OK && r && strcmp(r, "Class Delta\nMethod Summary\nWhat Delta does, in words.") == 0,
		  "the label in <main> is kept, its link and line numbers are not: got [%s]", r ? r : "(null)");
	/* the nav and its links, the previous-class paragraph and link, the line numbers, the footer */
	CHECK(strcmp(last_reasons, "div:site-share a:site-share a:site-share p:site-share a:site-share "
				 "pre:site-share div:site-share ") == 0, "reasons: %s", last_reasons);
	free(r);

	r = strip(&prof, DOC_PAGE("<div role=main>", "</div>", "Delta", ""), 0.1, &st);
	CHECK(st == TD_OK && r && strstr(r, "Method Summary"), "role=main counts: got [%s]", r ? r : "(null)");
	free(r);
	r = strip(&prof, DOC_PAGE("<div role=Main>", "</div>", "Delta", ""), 0.1, &st);
	CHECK(st == TD_OK && r && strstr(r, "Method Summary"), "role=Main counts (ASCII case-insensitive): got [%s]",
		  r ? r : "(null)");
	free(r);

	r = strip(&prof, DOC_PAGE("<main>", "</main>", "Delta", "") "<main><p>x</p></main>", 0.1, &st);
	CHECK(st == TD_OK && r && !strstr(r, "Method Summary"), "two <main>s: none counts: got [%s]",
		  r ? r : "(null)");
	free(r);

	keep_labels = 10;
	r = strip(&prof, DOC_PAGE("<main>", "</main>", "Delta", ""), 0.1, &st);
	CHECK(st == TD_OK && r && !strstr(r, "Method Summary"), "13 characters at max_len 10 go: got [%s]",
		  r ? r : "(null)");
	free(r);
	keep_labels = 0;
	td_buf_free(&prof);
}

int
main(void)
{
	td_env_default(&env);
	test_fingerprint_stability();
	test_strip_site();
	test_ancestor_rule();
	test_ancestor_rule_keeps_content();
	test_main_labels();
	return check_done("test_strip");
}
