/*
 * test_pagetype.c — the page type (pagetype.h): the features of small
 * hand-written pages (JSON-LD and microdata types, og:type, prices, "add to
 * cart", repeated sibling groups, tokens, the URL's path and query), the
 * built-in model's verdict on a product page, a forum thread and a
 * documentation page, probabilities that sum to 1, allocation failures
 * without leaks, interrupts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tree_helpers.h"
#include "counting.h"
#include "forum_page.h"
#include "page/pagetype.h"
#include "base/tree.h"

static const char product_page[] =
	"<html><head><title>Trail Runner 3 shoes</title>"
	"<meta property=\"og:type\" content=\"product\">"
	"<script type=\"application/ld+json\">{\"@context\": \"https://schema.org\", \"@type\": \"Product\","
	" \"name\": \"Trail Runner 3\", \"offers\": {\"@type\": [\"Offer\"], \"price\": \"89.00\"}}</script>"
	"</head><body><nav><a href=/>Shop</a> <a href=/men>Men</a> <a href=/women>Women</a></nav>"
	"<div class=product-detail><h1>Trail Runner 3</h1><p class=price>$89.00</p>"
	"<p>A light trail shoe with a grippy sole.</p>"
	"<form class=cart><select name=size><option>8</option><option>9</option></select>"
	"<input name=qty value=1><button class=add-to-cart>Add to cart</button></form>"
	"<div class=review-stars>4.5 of 5 stars</div></div>"
	"<ul class=related><li class=product-card><a href=/p/1>Trail Runner 2</a> $59.00</li>"
	"<li class=product-card><a href=/p/2>Road Racer</a> $99.00</li>"
	"<li class=product-card><a href=/p/3>Hiker Mid</a> $129.00</li></ul></body></html>";


static const char docs_page[] =
	"<html><head><title>parse() - API reference</title></head><body>"
	"<nav class=docs-sidebar><ul><li><a href=/docs/intro>Introduction</a></li>"
	"<li><a href=/docs/api/parse>parse()</a></li><li><a href=/docs/api/render>render()</a></li></ul></nav>"
	"<main><h1>parse()</h1><p>Parses a string of HTML into a tree and returns it.</p>"
	"<h2>Syntax</h2><pre><code>tree = parse(html, options)</code></pre>"
	"<h2>Parameters</h2><dl><dt><code>html</code></dt><dd>The markup to parse, as a string.</dd>"
	"<dt><code>options</code></dt><dd>An object of settings; see <a href=/docs/api/options>options</a>.</dd></dl>"
	"<h2>Return value</h2><p>A <code>Tree</code> whose root is the document.</p>"
	"<h2>Example</h2><pre><code>const t = parse('&lt;p&gt;hi&lt;/p&gt;');\nconsole.log(t.root);</code></pre>"
	"</main></body></html>";

static int
type_of(const char *html, const char *url, double *prob)
{
	td_env		env;
	td_tree    *t;
	int			best = -1;
	double		p[TD_PT_N_TYPES];

	td_env_default(&env);
	t = parse_env(&env, html);
	if (!t)
		return -1;
	if (td_page_type(t, url, url ? strlen(url) : 0, p, &best) != TD_OK)
		best = -2;
	if (prob)
		memcpy(prob, p, sizeof(p));
	td_tree_free(t);
	return best;
}

static void
features_of(const char *html, const char *url, double *x)
{
	td_env		env;
	td_tree    *t;

	td_env_default(&env);
	memset(x, 0, sizeof(double) * TD_PT_N_FEATURES);
	t = parse_env(&env, html);
	CHECK(t != NULL, "parse");
	if (!t)
		return;
	CHECK(td_page_type_features(t, url, url ? strlen(url) : 0, x) == TD_OK, "%s", env.errmsg);
	td_tree_free(t);
}

static void
test_names(void)
{
	CHECK(strcmp(td_page_type_name(TD_PT_ARTICLE), "article") == 0, "article");
	CHECK(strcmp(td_page_type_name(TD_PT_LISTING), "listing") == 0, "listing");
	CHECK(td_page_type_name(TD_PT_N_TYPES) == NULL && td_page_type_name(-1) == NULL, "out of range");
	CHECK(strcmp(td_pt_feature_name(TD_PTF_LD_PRODUCT), "ld_product") == 0, "feature name");
	CHECK(td_pt_feature_name(TD_PT_N_FEATURES) == NULL, "feature out of range");
}

static void
test_features(void)
{
	double		x[TD_PT_N_FEATURES];

	features_of(product_page, "https://shop.example/p/trail-runner-3", x);
	CHECK(x[TD_PTF_LD_PRODUCT] == 1 && x[TD_PTF_LD_OFFER] == 1, "JSON-LD Product and Offer (in an array)");
	CHECK(x[TD_PTF_LD_ARTICLE] == 0 && x[TD_PTF_LD_FORUM] == 0, "no other JSON-LD type");
	CHECK(x[TD_PTF_OG_PRODUCT] == 1 && x[TD_PTF_OG_ARTICLE] == 0, "og:type product");
	CHECK(fabs(x[TD_PTF_LOG_PRICES] - log(5.0)) < 1e-12, "4 prices: %g", exp(x[TD_PTF_LOG_PRICES]) - 1);
	CHECK(fabs(x[TD_PTF_ADD_TO_CART] - log(2.0)) < 1e-12, "one add to cart: %g", exp(x[TD_PTF_ADD_TO_CART]) - 1);
	/* tokens: product-detail, 3 product-card; add-to-cart and cart */
	CHECK(fabs(x[TD_PTF_TOK_PRODUCT] - log(5.0)) < 1e-12, "product tokens %g", exp(x[TD_PTF_TOK_PRODUCT]) - 1);
	CHECK(fabs(x[TD_PTF_TOK_CART] - log(3.0)) < 1e-12, "cart tokens %g", exp(x[TD_PTF_TOK_CART]) - 1);
	CHECK(x[TD_PTF_TOK_RATING] > 0, "review-stars");
	/* repeated groups: the three li.product-card, the three nav links */
	CHECK(fabs(x[TD_PTF_LOG_REP_GROUPS] - log(3.0)) < 1e-12, "rep groups %g", exp(x[TD_PTF_LOG_REP_GROUPS]) - 1);
	CHECK(x[TD_PTF_SHARE_REPEATED] > 0.2 && x[TD_PTF_SHARE_REPEATED] < 0.6, "share repeated %g",
		  x[TD_PTF_SHARE_REPEATED]);
	CHECK(x[TD_PTF_URL_PRODUCT] == 1 && x[TD_PTF_URL_FORUM] == 0 && x[TD_PTF_HAS_URL] == 1, "url /p/");
	CHECK(fabs(x[TD_PTF_URL_SLUG] - log(3.0)) < 1e-12, "slug of 2 hyphens");
	CHECK(fabs(x[TD_PTF_URL_DEPTH] - log(3.0)) < 1e-12, "depth 2");
	CHECK(x[TD_PTF_LINK_SHARE] > 0 && x[TD_PTF_LINK_SHARE] < 1, "link share");

	features_of(forum_page, NULL, x);
	CHECK(x[TD_PTF_LD_FORUM] == 1, "DiscussionForumPosting");
	CHECK(x[TD_PTF_HAS_URL] == 0 && x[TD_PTF_URL_DEPTH] == 0, "no URL, no URL features");
	CHECK(fabs(x[TD_PTF_LOG_TIME] - log(4.0)) < 1e-12, "3 time elements");
	CHECK(x[TD_PTF_TOK_COMMENT] > 0 && x[TD_PTF_TOK_POST] > 0 && x[TD_PTF_TOK_USER] > 0, "forum tokens");
	/* "Reply" three times and "Post reply"; not inside "replying" */
	CHECK(fabs(x[TD_PTF_PH_FORUM] - log(5.0)) < 1e-12, "forum phrases %g", exp(x[TD_PTF_PH_FORUM]) - 1);
	CHECK(x[TD_PTF_PH_PRODUCT] == 0 && x[TD_PTF_PH_DOCS] == 0, "no product or docs phrases");

	features_of(docs_page, "https://lib.example/docs/api/parse?page=2", x);
	CHECK(x[TD_PTF_URL_DOCS] == 1 && x[TD_PTF_URL_PAGE] == 1, "docs URL, page=2");
	CHECK(fabs(x[TD_PTF_LOG_PRE] - log(3.0)) < 1e-12, "2 pre");
	CHECK(x[TD_PTF_SHARE_CODE] > 0.1, "share of code %g", x[TD_PTF_SHARE_CODE]);
	CHECK(x[TD_PTF_TOK_DOCS] > 0 && x[TD_PTF_LOG_DL] > 0 && x[TD_PTF_LOG_MAIN] > 0, "docs markers");
	CHECK(x[TD_PTF_LOG_PRICES] == 0 && x[TD_PTF_ADD_TO_CART] == 0, "no prices");
	/* the headings Syntax, Parameters and Example, and "returns it" ("Return value" is not) */
	CHECK(fabs(x[TD_PTF_PH_DOCS] - log(5.0)) < 1e-12, "docs phrases %g", exp(x[TD_PTF_PH_DOCS]) - 1);
	features_of("<p>Replying to notes, noteworthy; IN STOCK now.</p>", NULL, x);
	CHECK(x[TD_PTF_PH_FORUM] == 0 && x[TD_PTF_PH_DOCS] == 0, "whole words only");
	CHECK(fabs(x[TD_PTF_PH_PRODUCT] - log(2.0)) < 1e-12, "case-insensitive");

	/* microdata, RDFa, camelCase tokens, query search, /page/N, a year */
	features_of("<body><div itemscope itemtype=\"http://schema.org/FAQPage https://schema.org/ItemList\">"
				"<div typeof=\"schema:TechArticle\" class=\"ipsComment\">a</div></div>"
				"<p>10 \xe2\x82\xac and \xc2\xa3" "5 and 20 \xe2\x82\xac</p></body>",
				"/blog/2024/page/3/?q=shoes", x);
	CHECK(x[TD_PTF_LD_FAQ] == 1 && x[TD_PTF_LD_LIST] == 1 && x[TD_PTF_LD_TECH] == 1, "itemtype, typeof");
	CHECK(x[TD_PTF_TOK_COMMENT] > 0, "camelCase ipsComment");
	CHECK(x[TD_PTF_URL_PAGE] == 1 && x[TD_PTF_URL_SEARCH] == 1 && x[TD_PTF_URL_DATE] == 1 &&
		  x[TD_PTF_URL_BLOG] == 1, "relative URL: /page/3, q=, 2024, blog");
	CHECK(fabs(x[TD_PTF_LOG_PRICES] - log(4.0)) < 1e-12, "euro and pound prices %g",
		  exp(x[TD_PTF_LOG_PRICES]) - 1);

	/* an empty page and malformed JSON-LD */
	features_of("", NULL, x);
	CHECK(x[TD_PTF_LOG_TEXT] == 0 && x[TD_PTF_LINK_SHARE] == 0, "empty page");
	features_of("<script type=application/ld+json>{\"@type\" : [\"Product\", \"Offer\"</script>"
				"<script type=application/ld+json>\"@type\":\"Article</script><p>x</p>", NULL, x);
	CHECK(x[TD_PTF_LD_PRODUCT] == 1 && x[TD_PTF_LD_OFFER] == 1, "unclosed array still read");
	CHECK(x[TD_PTF_LD_ARTICLE] == 0, "an unterminated string is not a type");
}

static void
test_types(void)
{
	double		p[TD_PT_N_TYPES],
				sum = 0;
	int			t;

	t = type_of(product_page, "https://shop.example/p/trail-runner-3", p);
	CHECK(t == TD_PT_PRODUCT, "product page: %s (%.3f)", td_page_type_name(t), t >= 0 ? p[t] : 0);
	for (int k = 0; k < TD_PT_N_TYPES; k++)
	{
		CHECK(p[k] >= 0 && p[k] <= 1, "probability %g", p[k]);
		sum += p[k];
	}
	CHECK(fabs(sum - 1) < 1e-9, "probabilities sum to 1: %g", sum);
	t = type_of(product_page, NULL, p);
	CHECK(t == TD_PT_PRODUCT, "product page without URL: %s", td_page_type_name(t));
	t = type_of(forum_page, "https://help.example/forum/t/how-do-i-reset-my-router/123", p);
	CHECK(t == TD_PT_FORUM, "forum thread: %s (%.3f)", td_page_type_name(t), t >= 0 ? p[t] : 0);
	t = type_of(forum_page, NULL, p);
	CHECK(t == TD_PT_FORUM, "forum thread without URL: %s", td_page_type_name(t));
	t = type_of(docs_page, "https://lib.example/docs/api/parse", p);
	CHECK(t == TD_PT_DOCUMENTATION, "docs page: %s (%.3f)", td_page_type_name(t), t >= 0 ? p[t] : 0);
}

static void
test_failures(void)
{
	counting	c = {0, -1, 0};
	td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t = parse_env(&env, forum_page);
	double		x[TD_PT_N_FEATURES],
				ref[TD_PT_N_FEATURES];
	long		base;
	int			ok = 0;

	CHECK(t != NULL, "parse");
	if (!t)
		return;
	base = c.live;
	CHECK(td_page_type_features(t, NULL, 0, ref) == TD_OK, "reference");
	for (long k = 0; k < 10 && !ok; k++)
	{
		td_status	st;

		c.budget = k;
		st = td_page_type_features(t, NULL, 0, x);
		c.budget = -1;
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: status %d", k, (int) st);
		CHECK(c.live == base, "budget %ld: %ld blocks leaked", k, c.live - base);
		ok = st == TD_OK;
	}
	CHECK(ok && memcmp(x, ref, sizeof(x)) == 0, "succeeds, the same features");
	c.interrupt = 1;
	CHECK(td_page_type(t, NULL, 0, NULL, NULL) == TD_EINTR, "interrupted");
	CHECK(c.live == base, "nothing leaked after an interrupt");
	c.interrupt = 0;
	td_tree_free(t);
	CHECK(c.live == 0, "tree freed");
}

int
main(void)
{
	test_names();
	test_features();
	test_types();
	test_failures();
	return check_done("test_pagetype");
}
