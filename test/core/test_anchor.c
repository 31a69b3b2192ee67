/*
 * test_anchor.c — the anchor columns (page/anchor.h) of hand-written pages
 * against values worked out by hand: words shared with JSON-LD's content
 * strings (3-grams across inline elements, 2-grams of short texts, HTML
 * inside a string, keys and types that are not content, a block that does
 * not parse) and with microdata content; the title heading (matched, the
 * first h1, none) and the columns around it; post-like siblings; their place in
 * td_context_rows' rows; a 100,000-level page (no recursion); interrupts
 * and allocation failure at every allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "tree_helpers.h"
#include "base/render.h"
#include "base/tags.h"
#include "page/anchor.h"
#include "page/context.h"
#include "page/features.h"

static counting cnt = {0, -1, 0};
static td_env env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};

static const char *page =
"<html><head><title>Blue Widget Deluxe | Shop</title>"
"<meta property=\"og:title\" content=\"The Blue Widget\">"
"<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@graph\":["
"{\"@type\":\"Organization\",\"description\":\"Shop sells widgets to everyone everywhere since ever\"},"
"{\"@type\":\"Product\",\"name\":\"Blue Widget Deluxe\","
"\"description\":\"The blue widget deluxe is made of solid oak and ships in a box\","
"\"review\":{\"@type\":\"Review\",\"reviewBody\":\"<p>Works <b>very</b> well indeed</p>\","
"\"author\":\"Ann Other Person\"}},"
"{\"@type\":\"ItemList\",\"itemListElement\":[{\"@type\":\"ListItem\",\"name\":\"Red Lamp\"}]}]}"
"</script>"
"<script type=\"application/ld+json\">{\"description\": \"Green apples fall far\" oops}</script>"
"<script type=\"text/javascript\">var x = {\"description\": \"Yellow pears fall far\"};</script>"
"</head><body>"
"<header id=\"head\"><h1 id=\"logo\">Shop</h1><a href=\"/\">Home</a></header>"
"<div id=\"main\"><h1 id=\"title\">Blue Widget Deluxe</h1>"
"<p id=\"desc\">The blue widget deluxe is made of solid oak and ships in a box.</p>"
"<p id=\"part\">Ships today. The blue widget deluxe is great.</p>"
"<p id=\"split\">made of <b>solid oak</b> and ships</p>"
"<p id=\"review\">Works very well indeed</p>"
"<p id=\"author\">Ann Other Person</p>"
"<p id=\"micro\">Hand made in a small town by careful people</p>"
"<meta itemprop=\"description\" content=\"Hand made in a small town by careful people\">"
"<p id=\"apples\">Green apples fall far</p><p id=\"pears\">Yellow pears fall far</p>"
"</div>"
"<ul id=\"list\"><li><a id=\"lamp\" href=\"/l\">Red Lamp</a></li><li><a id=\"lamp2\" href=\"/m\">Lamp Red</a></li></ul>"
"<footer id=\"foot\">Shop sells widgets to everyone everywhere since ever</footer>"
"<aside id=\"aside\">one two three four five six seven eight nine ten one two three four five six seven eight nine ten "
"one two three four five six seven eight nine ten one two three four five six seven eight nine ten</aside>"
"</body></html>";

#define NEAR(a, b) (fabs((double) (a) - (double) (b)) < 1e-5)
#define AN(out, i, id) ((out)[(size_t) (i) * TD_N_ANCHOR + TD_AN_##id])

/* The anchor columns of every node of t (n_nodes x TD_N_ANCHOR, calloc'd), or NULL. */
static float *
anchor_cols(td_tree *t, td_status *st)
{
	uint32_t   *vis = malloc(sizeof(uint32_t) * t->n_nodes);
	float	   *out = calloc((size_t) t->n_nodes * TD_N_ANCHOR, sizeof(float));

	td_visible_lengths(t, vis);
	*st = td_anchor_rows(t, vis, NULL, t->n_nodes, out, TD_N_ANCHOR);
	free(vis);
	return out;
}

static void
test_hand(void)
{
	td_tree    *t = parse_env(&env, page);
	td_status	st;
	float	   *o;
	uint32_t	desc,
				part,
				split,
				review,
				author,
				micro,
				apples,
				pears,
				lamp,
				lamp2,
				foot,
				logo,
				head,
				title,
				mainel,
				body;

	CHECK(t != NULL, "parsed");
	if (!t)
		return;
	o = anchor_cols(t, &st);
	CHECK(st == TD_OK, "anchor rows: %d", (int) st);
	desc = node_of_id(t, "desc");
	part = node_of_id(t, "part");
	split = node_of_id(t, "split");
	review = node_of_id(t, "review");
	author = node_of_id(t, "author");
	micro = node_of_id(t, "micro");
	apples = node_of_id(t, "apples");
	pears = node_of_id(t, "pears");
	lamp = node_of_id(t, "lamp");
	lamp2 = node_of_id(t, "lamp2");
	foot = node_of_id(t, "foot");
	logo = node_of_id(t, "logo");
	head = node_of_id(t, "head");
	title = node_of_id(t, "title");
	mainel = node_of_id(t, "main");
	body = t->nodes[mainel].parent;

	/* structured words */
	CHECK(NEAR(AN(o, desc, SD_SHARE), 1) && AN(o, desc, SD_IN) == 1 &&
		  NEAR(AN(o, desc, SD_LOG), log1p(14)), "Product.description: %g %g %g",
		  AN(o, desc, SD_SHARE), AN(o, desc, SD_IN), AN(o, desc, SD_LOG));
	/* ships today [the blue widget deluxe is] great: 5 of 8 */
	CHECK(NEAR(AN(o, part, SD_SHARE), 5.0 / 8),
		  "a part: %g (5/8)", AN(o, part, SD_SHARE));
	CHECK(NEAR(AN(o, split, SD_SHARE), 1), "3-grams across inline elements: %g",
		  AN(o, split, SD_SHARE));
	CHECK(NEAR(AN(o, review, SD_SHARE), 1), "reviewBody, its tags skipped: %g",
		  AN(o, review, SD_SHARE));
	CHECK(NEAR(AN(o, author, SD_SHARE), 0), "author is not a content key: %g",
		  AN(o, author, SD_SHARE));
	CHECK(NEAR(AN(o, micro, SD_SHARE), 1), "microdata description content: %g",
		  AN(o, micro, SD_SHARE));
	CHECK(NEAR(AN(o, apples, SD_SHARE), 0), "a block that does not parse: %g",
		  AN(o, apples, SD_SHARE));
	CHECK(NEAR(AN(o, pears, SD_SHARE), 0), "a script that is not JSON-LD: %g",
		  AN(o, pears, SD_SHARE));
	CHECK(NEAR(AN(o, lamp, SD_SHARE), 1) && NEAR(AN(o, lamp2, SD_SHARE), 0),
		  "ListItem name by its 2-gram, not the same words reversed: %g %g",
		  AN(o, lamp, SD_SHARE), AN(o, lamp2, SD_SHARE));
	CHECK(NEAR(AN(o, foot, SD_SHARE), 0) && AN(o, foot, SD_IN) == 0,
		  "Organization.description is not the content: %g", AN(o, foot, SD_SHARE));
	CHECK(AN(o, mainel, SD_IN) == 1 && AN(o, t->nodes[desc].first_child, SD_IN) == 0,
		  "sd_in on the element holding them; text nodes get no columns");
	CHECK(AN(o, part, SD_IN) == 1, "sd_in inherited from #main");
	CHECK(AN(o, body, SD_IN) == 0 && AN(o, node_of_id(t, "aside"), SD_IN) == 0,
		  "body holds under half structured words");
	/* 43 of 2 + 55 + 4 + 8 + 40 words */
	CHECK(NEAR(AN(o, desc, P_SD_SHARE), 43.0 / 109) &&
		  NEAR(AN(o, desc, P_SD_SHARE), AN(o, foot, P_SD_SHARE)), "page share %g",
		  AN(o, desc, P_SD_SHARE));
	/* blue widget deluxe (3) + 14 + works very well indeed (4) + red lamp (2) + 9 */
	CHECK(NEAR(AN(o, foot, P_SD_LOG), log1p(3 + 14 + 4 + 2 + 9)), "structured words %g",
		  expm1(AN(o, foot, P_SD_LOG)));

	/* the title heading: #title (the title's first part), not the logo */
	CHECK(AN(o, desc, P_TITLE) == 1, "matched: %g", AN(o, desc, P_TITLE));
	CHECK(AN(o, head, T_BEFORE) == 1 && AN(o, logo, T_BEFORE) == 1 &&
		  AN(o, head, T_CONTAINS) == 0, "the header is before it");
	CHECK(AN(o, title, T_CONTAINS) == 1 && AN(o, title, T_DIST) == 0 &&
		  AN(o, title, T_BEFORE) == 0, "the heading itself");
	CHECK(AN(o, mainel, T_CONTAINS) == 1 && AN(o, mainel, T_DIST) == 1 &&
		  AN(o, body, T_CONTAINS) == 1 && AN(o, body, T_DIST) == 2, "its ancestors");
	CHECK(AN(o, desc, T_CONTAINS) == 0 && AN(o, desc, T_BEFORE) == 0 &&
		  AN(o, desc, T_DIST) == 2, "a sibling after it: %g", AN(o, desc, T_DIST));
	CHECK(AN(o, lamp, T_DIST) == 5 && AN(o, logo, T_DIST) == 4, "cousins: %g %g",
		  AN(o, lamp, T_DIST), AN(o, logo, T_DIST));
	free(o);
	td_tree_free(t);
}

static void
test_titles(void)
{
	static const struct
	{
		const char *html;
		const char *anchor;		/* id of the heading, NULL none */
		float		how;
	}			cases[] = {
		{"<title>News - Daily Paper</title><h1 id=a>Daily Paper</h1><h2 id=b>Big News</h2>", "a", 0.5f},
		{"<title>Big News Today - Daily Paper</title><h1 id=a>Daily Paper</h1><h2 id=b>Big news today</h2>", "b", 1},
		{"<meta property=og:title content=\"Big News Today\"><h3 id=b>Big news, today!</h3>", "b", 1},
		{"<title>Big News</title><h1 hidden id=a>x</h1><h2 id=b>Big News</h2>", "b", 1},
		{"<title>Big News</title><h2 id=b>Other</h2><p>No h1</p>", NULL, 0},
		{"<p>No headings at all</p>", NULL, 0},
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
	{
		td_tree    *t = parse_env(&env, cases[k].html);
		td_status	st;
		float	   *o;
		uint32_t	want = cases[k].anchor ? node_of_id(t, cases[k].anchor) : TD_NONE,
					got = TD_NONE,
					elem = TD_NONE;

		if (!t)
		{
			CHECK(0, "case %zu parsed", k);
			continue;
		}
		o = anchor_cols(t, &st);
		for (uint32_t i = 1; i < t->n_nodes; i++)
			if (t->nodes[i].kind == TD_ELEM)
			{
				elem = elem == TD_NONE ? i : elem;
				if (AN(o, i, T_CONTAINS) == 1 && AN(o, i, T_DIST) == 0)
					got = i;
			}
		CHECK(st == TD_OK && got == want && AN(o, elem, P_TITLE) == cases[k].how &&
			  AN(o, elem, P_SD_LOG) == 0,
			  "case %zu: heading %u (want %u), p_title %g", k, got, want, AN(o, elem, P_TITLE));
		free(o);
		td_tree_free(t);
	}
}

/*
 * The bounds: @type among an object's first 8 members only (the ninth's
 * Organization is not seen, its description counts), a heading's first
 * 4,096 bytes.
 */
static void
test_bounds(void)
{
	char	   *html = malloc(8192),
			   *p = html;
	td_tree    *t;
	td_status	st;
	float	   *o;

	p += sprintf(p, "<title>Deep Title Words</title><script type=application/ld+json>{");
	for (int k = 0; k < 8; k++)
		p += sprintf(p, "\"k%d\":%d,", k, k);
	p += sprintf(p, "\"@type\":\"Organization\",\"description\":\"four words here now\"}</script>"
				 "<p id=d>four words here now</p><h1 id=h>");
	memset(p, '.', 4096);
	p += 4096;
	sprintf(p, "Deep Title Words</h1>");
	t = parse_env(&env, html);
	CHECK(t != NULL, "parsed");
	if (t)
	{
		o = anchor_cols(t, &st);
		CHECK(st == TD_OK && NEAR(AN(o, node_of_id(t, "d"), SD_SHARE), 1),
			  "@type past the eighth member is not read: %g", AN(o, node_of_id(t, "d"), SD_SHARE));
		CHECK(AN(o, node_of_id(t, "h"), P_TITLE) == 0.5f,
			  "words past a heading's 4,096th byte are not read: %g", AN(o, node_of_id(t, "h"), P_TITLE));
		free(o);
		td_tree_free(t);
	}
	free(html);
}

/* post_like: three of four siblings hold a time or author mark */
static void
test_posts(void)
{
	td_tree    *t = parse_env(&env,
							  "<div id=list><div id=a><span class=\"post-Author\">Ann</span><p id=pa>One</p></div>"
							  "<div id=b><time>today</time><p>Two</p></div>"
							  "<div id=c><p data-x=1 datetime=\"2020\">Three</p></div>"
							  "<div id=d><p>Four</p></div></div>"
							  "<div id=two><div id=e><time>x</time></div><div id=f><time>y</time></div></div>");
	td_status	st;
	float	   *o;

	CHECK(t != NULL, "parsed");
	if (!t)
		return;
	o = anchor_cols(t, &st);
	CHECK(st == TD_OK && AN(o, node_of_id(t, "a"), POST_LIKE) == 1 &&
		  AN(o, node_of_id(t, "b"), POST_LIKE) == 1 && AN(o, node_of_id(t, "c"), POST_LIKE) == 1 &&
		  AN(o, node_of_id(t, "pa"), POST_LIKE) == 1, "three marked siblings and inside them");
	CHECK(AN(o, node_of_id(t, "d"), POST_LIKE) == 0 && AN(o, node_of_id(t, "list"), POST_LIKE) == 0,
		  "the unmarked sibling, the parent");
	CHECK(AN(o, node_of_id(t, "e"), POST_LIKE) == 0, "two marked siblings are not posts");
	free(o);
	td_tree_free(t);
}

/*
 * The columns sit at TD_ROW_ANCHOR of td_context_rows' rows in the
 * experiment's builds (-DTD_EXP_ANCHOR; context.h), and not in the row
 * otherwise.
 */
#ifdef TD_EXP_ANCHOR
static void
test_rows(void)
{
	td_tree    *t = parse_env(&env, page);
	td_features f;
	float	   *r = NULL,
			   *o;
	td_status	st;
	int			same = 1;

	CHECK(t && td_compute_features(t, NULL, 0, &f) == TD_OK, "features");
	CHECK(td_context_rows(t, &f, &r) == TD_OK, "context rows");
	o = anchor_cols(t, &st);
	for (uint32_t i = 0; i < t->n_nodes && r; i++)
		same &= memcmp(o + (size_t) i * TD_N_ANCHOR, r + (size_t) i * TD_N_ROW + TD_ROW_ANCHOR,
					   sizeof(float) * TD_N_ANCHOR) == 0;
	CHECK(same && TD_ROW_ANCHOR + TD_N_ANCHOR <= TD_N_ROW, "rows hold the anchor columns");
	CHECK(strcmp(td_row_name(TD_ROW_ANCHOR), "sd_share") == 0, "named: %s",
		  td_row_name(TD_ROW_ANCHOR));
	free(o);
	td_free(&env, r);
	td_features_free(t, &f);
	td_tree_free(t);
}
#else
static void
test_rows(void)
{
	CHECK(strcmp(td_row_name(TD_N_ROW - 1), "p_top_links") == 0, "the row ends with evidence.h's: %s",
		  td_row_name(TD_N_ROW - 1));
}
#endif

/* 100,000 nested divs: no recursion; the deep text is structured, every div holds it. */
static void
test_deep(void)
{
	td_tree    *t = parse_nested_divs(&env,
									  "<html><head><title>Deep Page Title</title><script type=\"application/ld+json\">"
									  "{\"articleBody\":\"one two three four five\"}</script></head><body>",
									  100000, "<h1>Deep page title</h1><p>one two three four five</p></body></html>");
	td_status	st;
	float	   *o;
	uint32_t	deep = TD_NONE,
				top = TD_NONE;

	CHECK(t != NULL, "deep page parsed");
	if (!t)
		return;
	o = anchor_cols(t, &st);
	for (uint32_t i = 1; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag == TD_TAG_DIV)
		{
			top = top == TD_NONE ? i : top;
			deep = i;
		}
	CHECK(st == TD_OK && t->nodes[deep].depth > 100000, "deep: %d, depth %u", (int) st,
		  t->nodes[deep].depth);
	CHECK(NEAR(AN(o, top, SD_SHARE), 5.0 / 8) && AN(o, deep, SD_IN) == 0 && AN(o, top, SD_IN) == 0,
		  "the top div: %g", AN(o, top, SD_SHARE));
	CHECK(AN(o, top, T_CONTAINS) == 1 && AN(o, top, T_DIST) == 64 && AN(o, deep, T_DIST) == 1 &&
		  AN(o, top, P_TITLE) == 1, "distance capped: %g %g", AN(o, top, T_DIST), AN(o, deep, T_DIST));
	free(o);
	td_tree_free(t);
}

/* Every allocation failing in turn: TD_ENOMEM, nothing leaked; an interrupt: TD_EINTR. */
static void
test_failures(void)
{
	td_tree    *t = parse_env(&env, page);
	uint32_t   *vis;
	float	   *out,
			   *good;
	long		live;
	int			ok = 0;
	td_status	st;

	CHECK(t != NULL, "parsed");
	vis = malloc(sizeof(uint32_t) * t->n_nodes);
	out = calloc((size_t) t->n_nodes * TD_N_ANCHOR, sizeof(float));
	td_visible_lengths(t, vis);
	good = anchor_cols(t, &st);
	live = cnt.live;
	for (long k = 0; k < 100 && !ok; k++)
	{
		cnt.budget = k;
		st = td_anchor_rows(t, vis, NULL, t->n_nodes, out, TD_N_ANCHOR);
		cnt.budget = -1;
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: %d", k, (int) st);
		CHECK(cnt.live == live, "budget %ld: %ld blocks leaked", k, cnt.live - live);
		ok = st == TD_OK;
	}
	CHECK(ok && memcmp(out, good, sizeof(float) * t->n_nodes * TD_N_ANCHOR) == 0,
		  "succeeds with enough allocations, the same columns");
	cnt.interrupt = 1;
	CHECK(td_anchor_rows(t, vis, NULL, t->n_nodes, out, TD_N_ANCHOR) == TD_EINTR, "interrupted");
	cnt.interrupt = 0;
	CHECK(cnt.live == live, "nothing leaked after the interrupt");
	free(vis);
	free(out);
	free(good);
	td_tree_free(t);
}

int
main(void)
{
	test_hand();
	test_titles();
	test_bounds();
	test_posts();
	test_rows();
	test_deep();
	test_failures();
	return check_done("test_anchor");
}
