/*
 * test_features.c — node features of hand-written pages against values
 * worked out by hand, the intra-site link rule with and without a base URL,
 * the area and size classes, the main block, an empty page, a 100,000-level page (no
 * recursion), interrupts, and allocation failure at every allocation.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "base/tags.h"
#include "page/features.h"
#include "base/tree.h"
#include "util/url.h"

static td_env env;

static td_tree *
parse(const char *html)
{
	td_tree    *t = NULL;
	td_status	st = td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t);

	CHECK(st == TD_OK, "parse: %s", env.errmsg);
	return t;
}

/* The nth element (0-based) named name, or TD_NONE. */
static uint32_t
find(const td_tree *t, const char *name, int nth)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].str_len == strlen(name) &&
			memcmp(td_node_str(t, i), name, strlen(name)) == 0 && nth-- == 0)
			return i;
	return TD_NONE;
}

/* Features are floats: compare with float precision. */
#define FEQ(f, i, id, want) \
	CHECK(fabs(td_feature_row(f, i)[TD_FEAT_##id] - (double) (want)) < 1e-6, \
		  "node %u %s = %.9g, want %.9g", i, #id, td_feature_row(f, i)[TD_FEAT_##id], (double) (want))

/*
 * Visible text: "Home" 4 + "Other site" 9 + "Bake the apple pie. It is
 * good!" 25 + "Copyright 2024 Example" 20 = 58 characters; the deepest node
 * is a link's text at depth 6.
 */
static const char *page =
"<html><head><title>Apple pie recipe</title></head><body>"
"<ul class=\"site-nav\"><li><a href=\"/\">Home</a></li>"
"<li><a href=\"http://other.com/x\">Other site</a></li></ul>"
"<p>Bake the apple pie. It is good!</p>"
"<footer id=\"pageFooter\">Copyright 2024 Example</footer>"
"</body></html>";

static void
test_hand_page(void)
{
	td_tree    *t = parse(page);
	td_features f;
	uint32_t	ul,
				p,
				ft,
				a1;

	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	ul = find(t, "ul", 0);
	p = find(t, "p", 0);
	ft = find(t, "footer", 0);
	a1 = find(t, "a", 1);

	/* the navigation list: first on the page, all links */
	FEQ(&f, ul, TEXT_BEFORE, 0);
	FEQ(&f, ul, TEXT_AFTER, 45.0 / 58);
	FEQ(&f, ul, MARGIN, 0);
	FEQ(&f, ul, PAGE_SHARE, 13.0 / 58);
	FEQ(&f, ul, LOG_AREA, log(14.0));
	FEQ(&f, ul, LINKS_PER_WORD, 2.0 / 3);
	FEQ(&f, ul, ANCHOR_TEXT, 1);
	FEQ(&f, ul, ANCHOR_SIZE, 1.5);
	FEQ(&f, ul, INTRA_LINKS, 0.5);
	/* ul 9 + class 17, li 9 + a 7 + href 9 + "Home" 4, li 9 + a 7 + href 26 + text 10 */
	FEQ(&f, ul, VISIBLE_PER_BYTE, 13.0 / 107);
	FEQ(&f, ul, TITLE_WORDS, 0);
	FEQ(&f, ul, DEPTH, 3.0 / 6);
	FEQ(&f, ul, LOG_CHILDREN, log(3.0));
	FEQ(&f, ul, PUNCT_PER_WORD, 0);
	FEQ(&f, ul, AVG_WORD_LEN, 13.0 / 3);
	FEQ(&f, ul, LOG_MEDIA, 0);
	FEQ(&f, ul, TAG_LIST, 1);
	FEQ(&f, ul, TAG_P, 0);
	FEQ(&f, ul, TOK_NAV, 1);
	FEQ(&f, ul, TOK_MENU, 0);
	FEQ(&f, ul, TOK_CONTENT, 0);
	FEQ(&f, ul, IN_TEMPLATE_AREA, 1);
	FEQ(&f, ul, IN_CONTENT_AREA, 0);
	CHECK(f.area[ul] == 13 && f.size_class[ul] == 0, "ul area %u class %u", f.area[ul], f.size_class[ul]);

	/* a link inside it inherits the template area */
	FEQ(&f, a1, TAG_A, 1);
	FEQ(&f, a1, ANCHOR_TEXT, 1);
	FEQ(&f, a1, ANCHOR_SIZE, 2);
	FEQ(&f, a1, INTRA_LINKS, 0);
	FEQ(&f, a1, IN_TEMPLATE_AREA, 1);
	FEQ(&f, a1, TOK_NAV, 0);

	/* the content paragraph: in the middle, sentences, title words */
	FEQ(&f, p, TEXT_BEFORE, 13.0 / 58);
	FEQ(&f, p, TEXT_AFTER, 20.0 / 58);
	FEQ(&f, p, MARGIN, 13.0 / 58);
	FEQ(&f, p, PAGE_SHARE, 25.0 / 58);
	FEQ(&f, p, LINKS_PER_WORD, 0);
	FEQ(&f, p, ANCHOR_TEXT, 0);
	FEQ(&f, p, ANCHOR_SIZE, 0);
	FEQ(&f, p, INTRA_LINKS, 0);
	FEQ(&f, p, VISIBLE_PER_BYTE, 25.0 / 38);
	FEQ(&f, p, TITLE_WORDS, 2.0 / 7);
	FEQ(&f, p, DEPTH, 3.0 / 6);
	FEQ(&f, p, LOG_CHILDREN, 0);
	FEQ(&f, p, PUNCT_PER_WORD, 2.0 / 7);
	FEQ(&f, p, AVG_WORD_LEN, 23.0 / 7);
	FEQ(&f, p, TAG_P, 1);
	FEQ(&f, p, IN_TEMPLATE_AREA, 0);
	CHECK(f.area[p] == 25 && f.size_class[p] == 0, "p area %u", f.area[p]);

	/* the footer: last on the page, camelCase id */
	FEQ(&f, ft, TEXT_BEFORE, 38.0 / 58);
	FEQ(&f, ft, TEXT_AFTER, 0);
	FEQ(&f, ft, MARGIN, 0);
	FEQ(&f, ft, PAGE_SHARE, 20.0 / 58);
	FEQ(&f, ft, VISIBLE_PER_BYTE, 20.0 / 55);
	FEQ(&f, ft, TITLE_WORDS, 0);
	FEQ(&f, ft, AVG_WORD_LEN, 20.0 / 3);
	FEQ(&f, ft, TAG_FOOTER, 1);
	FEQ(&f, ft, TOK_FOOTER, 1);
	FEQ(&f, ft, TOK_NAV, 0);
	FEQ(&f, ft, IN_TEMPLATE_AREA, 1);

	/* body holds everything; non-elements have all-zero rows */
	FEQ(&f, find(t, "body", 0), PAGE_SHARE, 1);
	FEQ(&f, find(t, "body", 0), LINKS_PER_WORD, 2.0 / 13);
	FEQ(&f, find(t, "body", 0), LOG_CHILDREN, log(4.0));
	{
		bool		zero = true;

		for (int k = 0; k < TD_N_FEATURES; k++)
			zero &= td_feature_row(&f, 0)[k] == 0 && td_feature_row(&f, ul + 3)[k] == 0;
		CHECK(zero && t->nodes[ul + 3].kind == TD_TEXT, "root and text rows are zero");
	}
	td_features_free(t, &f);

	/* base URL of the linked host: both links are intra-site */
	CHECK(td_compute_features(t, "https://www.Other.com/page", 26, &f) == TD_OK, "features");
	FEQ(&f, ul, INTRA_LINKS, 1);
	td_features_free(t, &f);
	/* another host: only the relative one */
	CHECK(td_compute_features(t, "https://example.com/", 20, &f) == TD_OK, "features");
	FEQ(&f, ul, INTRA_LINKS, 0.5);
	td_features_free(t, &f);
	/* a base URL without a host counts like none */
	CHECK(td_compute_features(t, "page.html", 9, &f) == TD_OK, "features");
	FEQ(&f, ul, INTRA_LINKS, 0.5);
	td_features_free(t, &f);
	td_tree_free(t);
}

/*
 * The main block (features.h) worked out by hand.  Visible characters
 * (non-blank): the menu link 27, p1 31 with 3 commas, p2 33; page 91.
 * p1 scores 1 + 3 + 0.31 = 4.31 and p2 1.33, in full to the story and in half
 * to body; the menu's text belongs to its div (<a> is inline), which scores
 * 1.27 to body and 0.635 to html.  Candidates: story 5.64 + 5 (div) + 25
 * ("story" is a content token) = 35.64; body (1.27 + 2.155 + 0.665) *
 * (1 - 27/91); html 0.635 * (1 - 27/91).
 */
static void
test_main_block(void)
{
	td_tree    *t = parse("<html><body>"
						  "<div id=\"nav\"><a href=\"/a\">Aaaaaaaaaa aaaaaaaaaa aaaaaaa</a></div>"
						  "<div class=\"story\"><p>One, two, three, four and five words.</p>"
						  "<p>Another paragraph of some length here.</p></div>"
						  "</body></html>");
	td_features f;
	uint32_t	html = find(t, "html", 0),
				body = find(t, "body", 0),
				nav = find(t, "div", 0),
				story = find(t, "div", 1),
				p1 = find(t, "p", 0);
	double		body_score = 4.09 * 64 / 91;

	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	FEQ(&f, story, IN_MAIN, 1);
	FEQ(&f, story, HAS_MAIN, 0);
	FEQ(&f, story, MAIN_SHARE, 1);
	FEQ(&f, story, REL_SCORE, 1);
	FEQ(&f, p1, IN_MAIN, 1);
	FEQ(&f, p1, MAIN_SHARE, 1);
	FEQ(&f, p1, REL_SCORE, 0);
	FEQ(&f, body, IN_MAIN, 0);
	FEQ(&f, body, HAS_MAIN, 1);
	FEQ(&f, body, MAIN_SHARE, 64.0 / 91);
	FEQ(&f, body, REL_SCORE, body_score / 35.64);
	FEQ(&f, html, HAS_MAIN, 1);
	FEQ(&f, html, REL_SCORE, 0.635 * 64 / 91 / 35.64);
	FEQ(&f, nav, IN_MAIN, 0);
	FEQ(&f, nav, HAS_MAIN, 0);
	FEQ(&f, nav, MAIN_SHARE, 0);
	FEQ(&f, nav, REL_SCORE, 0);
	td_features_free(t, &f);
	td_tree_free(t);

	/* no element with 25 characters of its own: no main block, all zero */
	t = parse("<html><body><p>Short text.</p><ul><li>Item</li></ul></body></html>");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM)
		{
			FEQ(&f, i, IN_MAIN, 0);
			FEQ(&f, i, HAS_MAIN, 0);
			FEQ(&f, i, MAIN_SHARE, 0);
			FEQ(&f, i, REL_SCORE, 0);
		}
	td_features_free(t, &f);
	td_tree_free(t);
}

/* Whether main_region[] is 1 on exactly the subtrees of the given roots. */
static bool
region_is(const td_tree *t, const td_features *f, const uint32_t *roots, int n_roots)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		bool		in = false;

		for (int k = 0; k < n_roots; k++)
			in |= i >= roots[k] && i < t->nodes[roots[k]].end;
		if (f->main_region[i] != in)
			return false;
	}
	return true;
}

#define P31 "<p>One, two, three, four and five words.</p>"	/* 31 visible, 3 commas: 4.31 */

/*
 * The main region (features.h) worked out by hand; every paragraph is
 * P31 (scores 4.31) but the last, 88 visible characters without a comma.
 * 1. Sections of a chapter: sec1 (three paragraphs) scores 5 + 12.93 =
 *    17.93, the chapter 5 + (12.93 + 4.31 + 4.31) / 2 + 1.88 = 17.655: sec1
 *    is the main block, and the chapter no ancestor of three alternatives
 *    nor above it.  Siblings: sec2 9.31 + 20% of 17.93 for its class =
 *    12.90 >= 10 joins; sec3 9.31, of another class, does not; the long
 *    paragraph joins as text.
 * 2. Four equal sections (9.31) in a <section> (0 + 4 * 2.155 = 8.62): sec1
 *    is the main block; sec2..sec4 and the wrapper are within 75% of it, and
 *    the wrapper holds three of them, so the region is the wrapper.
 * 3. An only child gives way to its parent.
 */
static void
test_main_region(void)
{
	td_tree    *t = parse("<html><body>"
						  "<div id=\"nav\"><a href=\"/a\">Aaaaaaaaaa aaaaaaaaaa aaaaaaa</a></div>"
						  "<div><div class=\"sec\">" P31 P31 P31 "</div>"
						  "<div class=\"sec\">" P31 "</div><div class=\"other\">" P31 "</div>"
						  "<p>Aaaaaaaaaa aaaaaaaaaa aaaaaaaaaa aaaaaaaaaa aaaaaaaaaa "
						  "aaaaaaaaaa aaaaaaaaaa aaaaaaaaaa aaaaaaaa</p></div>"
						  "</body></html>");
	td_features f;
	uint32_t	sec1 = find(t, "div", 2),
				sec2 = find(t, "div", 3),
				sec3 = find(t, "div", 4),
				long_p = find(t, "p", 5),
				want[3] = {sec1, sec2, long_p};

	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	FEQ(&f, sec1, IN_MAIN, 1);
	FEQ(&f, sec2, IN_MAIN, 0);
	CHECK(region_is(t, &f, want, 3), "region: sec1, sec2 (same class) and the long paragraph");
	CHECK(!f.main_region[sec3], "sec3 of another class stays out");
	td_features_free(t, &f);
	td_tree_free(t);

	t = parse("<html><body><div id=\"nav\"><a href=\"/a\">Aaaaaaaaaa aaaaaaaaaa aaaaaaa</a></div>"
			  "<section><div>" P31 "</div><div>" P31 "</div><div>" P31 "</div><div>" P31 "</div>"
			  "</section></body></html>");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	FEQ(&f, find(t, "div", 1), IN_MAIN, 1);
	FEQ(&f, find(t, "div", 2), IN_MAIN, 0);
	want[0] = find(t, "section", 0);
	CHECK(region_is(t, &f, want, 1), "region: the section holding three alternatives");
	td_features_free(t, &f);
	td_tree_free(t);

	t = parse("<html><body><p>x</p><div id=\"outer\"><div class=\"story\">" P31 P31 "</div></div>"
			  "</body></html>");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	FEQ(&f, find(t, "div", 1), IN_MAIN, 1);
	want[0] = find(t, "div", 0);
	CHECK(region_is(t, &f, want, 1), "region: the parent of an only child");
	td_features_free(t, &f);
	td_tree_free(t);

	/* no main block: no region */
	t = parse("<html><body><p>Short text.</p></body></html>");
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features: %s", env.errmsg);
	CHECK(region_is(t, &f, want, 0), "no main block, an empty region");
	td_features_free(t, &f);
	td_tree_free(t);
}

static void
test_names(void)
{
	bool		ok = true;

	CHECK(TD_N_FEATURES == 52, "feature count %d", TD_N_FEATURES);
	CHECK(strcmp(td_feature_names[0], "text_before") == 0, "first name");
	CHECK(strcmp(td_feature_names[TD_N_FEATURES - 1], "rel_score") == 0, "last name");
	for (int i = 0; i < TD_N_FEATURES; i++)
		for (int j = i + 1; j < TD_N_FEATURES; j++)
			ok &= strcmp(td_feature_names[i], td_feature_names[j]) != 0;
	CHECK(ok, "names are distinct");
}

static void
check_intra(const char *href, const char *base, int want, int line)
{
	CHECK(td_url_same_site(base, base ? strlen(base) : 0, href, strlen(href)) == want,
		  "line %d: same_site(%s, %s) != %d", line, base ? base : "NULL", href, want);
}

#define INTRA(href, base, want) check_intra(href, base, want, __LINE__)

/* The intra-site rule with the page's URL as written (util/url.h). */
static void
test_links(void)
{
	const char *none = NULL;
	const char *base = "https://www.Example.com:8080/path?q";

	/* no base URL: relative is intra, absolute is not */
	INTRA("/about", none, 1);
	INTRA("about.html", none, 1);
	INTRA("../up/x?q=1", none, 1);
	INTRA("#top", none, 1);
	INTRA("", none, 1);
	INTRA("  /padded  ", none, 1);
	INTRA("http://example.com/", none, 0);
	INTRA("HTTPS://example.com/", none, 0);
	INTRA("//example.com/x", none, 0);
	INTRA("mailto:me@example.com", none, 0);
	INTRA("javascript:void(0)", none, 0);
	INTRA("www.example.com/x", none, 1);	/* no scheme: a relative path */

	/* with the page's URL: its host Example.com (www. and port aside) */
	INTRA("/about", base, 1);
	INTRA("http://example.com/a", base, 1);
	INTRA("https://WWW.EXAMPLE.COM", base, 1);
	INTRA("//example.com/x", base, 1);
	INTRA("http://user:pw@example.com:80/", base, 1);
	INTRA("http://example.com./", base, 1);
	INTRA("http://other.com/", base, 0);
	INTRA("http://sub.example.com/", base, 0);
	INTRA("http://example.com.evil.net/", base, 0);
	INTRA("mailto:x@example.com", base, 0);
	INTRA("ftp://example.com/", base, 0);
	/* a base without a host is no base: "example.com/x", "http://" */
	INTRA("http://example.com/", "example.com/x", 0);
	INTRA("x.html", "example.com/x", 1);
	INTRA("http://example.com/", "http://", 0);
	INTRA("http://[::1]/a", "http://[::1]:5432/x", 1);
	INTRA("http://[::2]/a", "http://[::1]:5432/x", 0);
}

static void
test_area_tokens(void)
{
	td_tree    *t = parse("<body><div class=\"SidebarWidget ads\"><img src=a.png><img src=b.png>ab"
						  "<noscript><img src=c.png></noscript></div>"
						  "<div id=\"main-content\"><p class=\"headline\">x</p></div>"
						  "<section class=\"advertisement load\">y</section>"
						  "<span class=\"adjust download nav-bar\">z</span></body>");
	td_features f;
	uint32_t	d,
				pp,
				sec,
				sp;

	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	d = find(t, "div", 0);
	/* two visible images (the one in noscript is hidden) */
	CHECK(f.area[d] == 2 + 2 * TD_AREA_PER_MEDIA, "area %u", f.area[d]);
	CHECK(f.size_class[d] == 1, "size class %u", f.size_class[d]);
	FEQ(&f, d, LOG_MEDIA, log(3.0));
	FEQ(&f, d, TOK_SIDEBAR, 1);
	FEQ(&f, d, TOK_WIDGET, 1);
	FEQ(&f, d, TOK_AD, 1);
	FEQ(&f, d, TOK_HEADER, 0);
	pp = find(t, "p", 0);
	FEQ(&f, pp, TOK_HEADER, 0);	/* "headline" is not "header" */
	FEQ(&f, pp, IN_CONTENT_AREA, 1);	/* inherited from main-content */
	FEQ(&f, find(t, "div", 1), TOK_CONTENT, 1);
	sec = find(t, "section", 0);
	FEQ(&f, sec, TOK_AD, 1);
	sp = find(t, "span", 0);
	FEQ(&f, sp, TOK_AD, 0);		/* adjust, download: not ads */
	FEQ(&f, sp, TOK_NAV, 1);
	td_features_free(t, &f);
	td_tree_free(t);

	CHECK(td_size_class(0) == 0 && td_size_class(39) == 0 && td_size_class(40) == 1 &&
		  td_size_class(399) == 1 && td_size_class(400) == 2 && td_size_class(3999) == 2 &&
		  td_size_class(4000) == 3 && td_size_class(UINT32_MAX) == 3, "size class bounds");
}

static void
test_text_rules(void)
{
	/* "e.g." ends no sentence mid-word; "3.5" none; "..." once; NBSP splits words */
	td_tree    *t = parse("<p>Pi is 3.5, e.g. wow... Yes?!\xC2\xA0" "Caf\xC3\xA9</p>");
	td_features f;
	uint32_t	p;

	CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	p = find(t, "p", 0);
	/* words: Pi is 3 5 e g wow Yes Café = 9; sentence ends: "g." "wow..." "Yes?!" */
	FEQ(&f, p, PUNCT_PER_WORD, 3.0 / 9);
	FEQ(&f, p, AVG_WORD_LEN, (2 + 2 + 1 + 1 + 1 + 1 + 3 + 3 + 5) / 9.0);
	td_features_free(t, &f);
	td_tree_free(t);
}

static void
test_empty(void)
{
	const char *pages[] = {"", "   ", "<html></html>", "<title>only a title</title>", "<p></p>"};

	for (size_t k = 0; k < sizeof(pages) / sizeof(pages[0]); k++)
	{
		td_tree    *t = parse(pages[k]);
		td_features f;
		bool		finite = true;

		CHECK(td_compute_features(t, NULL, 0, &f) == TD_OK, "empty page %zu", k);
		CHECK(f.n_nodes == t->n_nodes, "rows");
		for (size_t i = 0; i < (size_t) f.n_nodes * TD_N_FEATURES; i++)
			finite &= isfinite(f.x[i]) && f.x[i] >= 0;
		CHECK(finite, "page %zu: features finite, non-negative", k);
		CHECK(f.area[0] == 0, "no area");
		td_features_free(t, &f);
		td_tree_free(t);
	}
}

/*
 * 100,000 nested divs and a text at the bottom, built by hand: the parser
 * would flatten them at its depth limit, and the point is that features
 * never recurse, whatever tree they get.
 */
static void
test_deep(void)
{
	const uint32_t depth = 100000;
	td_tree		t;
	td_features f;
	static const char strings[] = "divdeep text.";

	memset(&t, 0, sizeof(t));
	t.env = &env;
	t.n_nodes = depth + 2;
	t.nodes = calloc(t.n_nodes, sizeof(td_node));
	t.strings = (char *) strings;
	t.n_strings = sizeof(strings) - 1;
	for (uint32_t i = 0; i < t.n_nodes; i++)
	{
		td_node    *n = &t.nodes[i];

		n->parent = i == 0 ? TD_NONE : i - 1;
		n->first_child = i + 1 < t.n_nodes ? i + 1 : TD_NONE;
		n->next_sibling = TD_NONE;
		n->end = t.n_nodes;
		n->depth = i;
		n->kind = i == 0 ? TD_ROOT : i <= depth ? TD_ELEM : TD_TEXT;
		if (n->kind == TD_ELEM)
		{
			n->str_off = 0;
			n->str_len = 3;
			n->tag = TD_TAG_DIV;
			n->flags = TD_F_BLOCK;
		}
		else if (n->kind == TD_TEXT)
		{
			n->str_off = 3;
			n->str_len = 10;
		}
	}
	CHECK(td_compute_features(&t, NULL, 0, &f) == TD_OK, "deep: %s", env.errmsg);
	FEQ(&f, 1, PAGE_SHARE, 1);
	FEQ(&f, 1, DEPTH, 1.0 / (depth + 1));
	FEQ(&f, depth, DEPTH, (double) depth / (depth + 1));
	FEQ(&f, depth, PUNCT_PER_WORD, 0.5);
	FEQ(&f, 1, LOG_CHILDREN, log(2.0));
	FEQ(&f, depth, LOG_CHILDREN, 0);
	/* every div: 11 bytes per div below it and itself, 10 of text; 9 visible */
	FEQ(&f, depth, VISIBLE_PER_BYTE, 9.0 / 21);
	FEQ(&f, 1, VISIBLE_PER_BYTE, 9.0 / (11.0 * depth + 10));
	CHECK(f.area[1] == 9 && f.area[depth] == 9, "area");
	td_features_free(&t, &f);
	free(t.nodes);
}

/* ---- environments: interrupts, allocation failures ---------------------- */

static void
test_env(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t = NULL;
	td_features f;
	td_status	st = TD_ENOMEM;
	long		k,
				live;
	bool		only_enomem = true;

	CHECK(td_parse_html(&cenv, page, strlen(page), "UTF-8", NULL, &t) == TD_OK, "parse");
	live = c.live;
	for (k = 0; k < 100; k++)
	{
		c.budget = k;
		st = td_compute_features(t, "http://other.com/", 17, &f);
		c.budget = -1;
		if (st == TD_OK)
			break;
		only_enomem &= st == TD_ENOMEM && f.x == NULL && f.area == NULL;
		CHECK(c.live == live, "k=%ld: %ld blocks leaked", k, c.live - live);
	}
	CHECK(st == TD_OK && k > 3, "succeeds after %ld failures", k);
	CHECK(only_enomem, "failures are TD_ENOMEM with nothing allocated");
	td_features_free(t, &f);
	CHECK(c.live == live, "freed");

	c.interrupt = 1;
	CHECK(td_compute_features(t, NULL, 0, &f) == TD_EINTR, "interrupted");
	CHECK(c.live == live, "nothing left after an interrupt");
	c.interrupt = 0;
	td_tree_free(t);
	CHECK(c.live == 0, "all freed");
}

int
main(void)
{
	td_env_default(&env);
	test_main_block();
	test_main_region();
	test_names();
	test_hand_page();
	test_links();
	test_area_tokens();
	test_text_rules();
	test_empty();
	test_deep();
	test_env();
	return check_done("test_features");
}
