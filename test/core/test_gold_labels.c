/*
 * test_gold_labels.c — element labels from gold text (gold_labels.h): the
 * 85% rule on 3-gram matched words, elements without words taking their
 * parent's label, hidden text not counted, the word counts, allocation
 * failures without leaks, interrupts; td_gold_labels_rule's other shares
 * and the F1 rule (TD_GOLD_F1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tree_helpers.h"
#include "counting.h"
#include "page/gold_labels.h"
#include "base/tree.h"

static const char page[] =
	"<html><head><title>T</title><script>var story = 'the quick brown fox jumps';</script></head>"
	"<body><nav id=nav><a href=/>Home page link</a> <a href=/a>About us here</a></nav>"
	"<div id=wrap><article id=art><h1 id=h>The Quick Brown Fox</h1>"
	"<p id=p1>The quick brown fox jumps over the lazy dog every morning.</p>"
	"<p id=p2>Then it sleeps under the old oak tree until noon.</p>"
	"<div id=empty><img src=x.png></div>"
	"<p id=mixed>Share this story with your friends and family today.</p></article>"
	"<footer id=foot>Copyright 2026 Example Company, all rights reserved.</footer></div></body></html>";

/* The gold: the heading and the two paragraphs, with different spacing and case. */
static const char gold[] =
	"THE QUICK BROWN FOX\n\nthe quick  brown fox jumps over the lazy dog every morning.\n"
	"Then it sleeps under the old oak tree until noon.";

static void
test_rule(void)
{
	td_env		env;
	td_tree    *t;
	uint8_t    *drop;
	uint32_t   *all,
			   *good;

	td_env_default(&env);
	t = parse_env(&env, page);
	CHECK(t != NULL, "parse");
	if (!t)
		return;
	drop = calloc(t->n_nodes, 1);
	all = calloc(t->n_nodes, sizeof(uint32_t));
	good = calloc(t->n_nodes, sizeof(uint32_t));
	CHECK(td_gold_labels(t, gold, strlen(gold), drop, all, good) == TD_OK, "%s", env.errmsg);
	CHECK(drop[node_of_id(t, "nav")] == 1, "nav is template");
	CHECK(drop[node_of_id(t, "foot")] == 1, "footer is template");
	CHECK(drop[node_of_id(t, "mixed")] == 1, "a paragraph not in the gold is template");
	CHECK(drop[node_of_id(t, "p1")] == 0 && drop[node_of_id(t, "p2")] == 0, "gold paragraphs kept");
	CHECK(drop[node_of_id(t, "h")] == 0, "gold heading kept (case and spacing ignored)");
	CHECK(drop[node_of_id(t, "art")] == 0, "article: 23 of 32 words are content");
	CHECK(drop[node_of_id(t, "empty")] == 0, "no words: the parent's label");
	CHECK(drop[0] == 0, "the root is never template");
	/* words: h1 4, p1 11, p2 10, mixed 9; the script's words are hidden */
	CHECK(all[node_of_id(t, "art")] == 34, "article words %u", all[node_of_id(t, "art")]);
	CHECK(good[node_of_id(t, "art")] == 25, "article content words %u", good[node_of_id(t, "art")]);
	CHECK(good[node_of_id(t, "nav")] == 0 && all[node_of_id(t, "nav")] == 6, "nav words");
	/* the 85% rule: an element is template under 15% content */
	CHECK(all[node_of_id(t, "wrap")] > 0 &&
		  100 * good[node_of_id(t, "wrap")] >= 15 * all[node_of_id(t, "wrap")] &&
		  drop[node_of_id(t, "wrap")] == 0, "wrapper kept");
	/* without the counts, the same labels */
	{
		uint8_t    *d2 = calloc(t->n_nodes, 1);

		CHECK(td_gold_labels(t, gold, strlen(gold), d2, NULL, NULL) == TD_OK, "no counts");
		CHECK(memcmp(d2, drop, t->n_nodes) == 0, "same labels without the counts");
		/* an empty gold: every element with words is template */
		CHECK(td_gold_labels(t, "", 0, d2, NULL, NULL) == TD_OK, "empty gold");
		CHECK(d2[node_of_id(t, "p1")] == 1 && d2[node_of_id(t, "art")] == 1, "empty gold drops all");
		free(d2);
	}
	free(drop);
	free(all);
	free(good);
	td_tree_free(t);
}

/* A page where one paragraph is 15% content exactly (kept) and one under (dropped). */
static void
test_share_bound(void)
{
	td_env		env;
	td_tree    *t;
	uint8_t    *drop;
	/* 20 words each; the first 3 words of a (3 content words = 15%) and 2 of b (a shared 3-gram spans them) */
	const char *html = "<body><p id=a>alpha beta gamma w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20</p>"
		"<p id=b>x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 x12 x13 x14 x15 x16 x17 x18 y1 y2</p>"
		"<p id=c>y3 z2 z3 z4 z5 z6 z7 z8 z9 z10 z11 z12 z13 z14 z15 z16 z17 z18 z19 z20</p></body>";
	const char *g = "alpha beta gamma. y1 y2 y3";

	td_env_default(&env);
	t = parse_env(&env, html);
	CHECK(t != NULL, "parse");
	if (!t)
		return;
	drop = calloc(t->n_nodes, 1);
	CHECK(td_gold_labels(t, g, strlen(g), drop, NULL, NULL) == TD_OK, "%s", env.errmsg);
	CHECK(drop[node_of_id(t, "a")] == 0, "3 of 20 words: 15%%, kept");
	CHECK(drop[node_of_id(t, "b")] == 1, "2 of 20 words: 10%%, template");
	CHECK(drop[node_of_id(t, "c")] == 1, "1 of 20 words: template");
	free(drop);
	td_tree_free(t);
}

/*
 * td_gold_labels_rule: a box holding 6 gold words and 30 others (17%: content by
 * the 15% rule), a paragraph of 3 gold words and 7 others (30%), inside and
 * beside an article that holds 26 of the gold's 29 words.
 */
static void
test_f1_rule(void)
{
	td_env		env;
	td_tree    *t;
	uint8_t    *drop;
	char		html[2048],
				gold[512];
	size_t		n = 0,
				m = 0;
	uint32_t	box,
				mid,
				art,
				links;

	n += (size_t) sprintf(html + n, "<body><article id=art><p id=pa>");
	for (int i = 1; i <= 20; i++)
		n += (size_t) sprintf(html + n, "a%d ", i);
	n += (size_t) sprintf(html + n, "</p><div id=box>b1 b2 b3 b4 b5 b6<ul id=links><li>");
	for (int i = 1; i <= 30; i++)
		n += (size_t) sprintf(html + n, "j%d ", i);
	sprintf(html + n, "</li></ul></div></article><p id=mid>m1 m2 m3 x1 x2 x3 x4 x5 x6 x7</p></body>");
	for (int i = 1; i <= 20; i++)
		m += (size_t) sprintf(gold + m, "a%d ", i);
	sprintf(gold + m, "\nb1 b2 b3 b4 b5 b6\nm1 m2 m3");

	td_env_default(&env);
	t = parse_env(&env, html);
	CHECK(t != NULL, "parse");
	if (!t)
		return;
	drop = calloc(t->n_nodes, 1);
	box = node_of_id(t, "box");
	mid = node_of_id(t, "mid");
	art = node_of_id(t, "art");
	links = node_of_id(t, "links");

	CHECK(td_gold_labels_rule(t, gold, strlen(gold), TD_GOLD_SHARE, drop, NULL, NULL) == TD_OK, "15%%");
	CHECK(drop[box] == 0 && drop[mid] == 0 && drop[art] == 0 && drop[links] == 1,
		  "15%%: box (17%%) and mid (30%%) are content");
	CHECK(drop[box + 1] == 0, "15%%: the box's own gold text is content");
	CHECK(td_gold_labels_rule(t, gold, strlen(gold), 25, drop, NULL, NULL) == TD_OK, "25%%");
	CHECK(drop[box] == 1 && drop[mid] == 0 && drop[art] == 0, "25%%: box template, mid content");
	CHECK(td_gold_labels_rule(t, gold, strlen(gold), 35, drop, NULL, NULL) == TD_OK, "35%%");
	CHECK(drop[box] == 1 && drop[mid] == 1 && drop[art] == 0, "35%%: box and mid template");

	/* f1: box 30 (29 - 6) > 29 * 6; mid 7 (29 - 3) > 29 * 3; art 30 (29 - 26) < 29 * 26 */
	CHECK(td_gold_labels_rule(t, gold, strlen(gold), TD_GOLD_F1, drop, NULL, NULL) == TD_OK,
		  "%s", env.errmsg);
	CHECK(drop[box] == 1, "f1: a box of 6 gold words and 30 others is template");
	CHECK(drop[mid] == 1, "f1: 3 gold words and 7 others are template");
	CHECK(drop[art] == 0 && drop[node_of_id(t, "pa")] == 0, "f1: the article holding most gold is content");
	CHECK(drop[box + 1] == 1, "f1: a text node takes its element's label");
	CHECK(drop[0] == 0, "f1: the root is never template");

	CHECK(td_gold_labels_rule(t, gold, strlen(gold), 101, drop, NULL, NULL) == TD_EARG, "share 101");
	CHECK(td_gold_labels_rule(t, gold, strlen(gold), -2, drop, NULL, NULL) == TD_EARG, "rule -2");
	free(drop);
	td_tree_free(t);

	/*
	 * G is at least the page's gold words: a 4-word gold said twice, once
	 * among 9 other words: 9 (8 - 4) > 8 * 4 (with G = 4, 9 * 0 < 16: kept).
	 */
	t = parse_env(&env, "<body><p id=x>alpha beta gamma delta</p>"
				  "<div id=y>alpha beta gamma delta k1 k2 k3 k4 k5 k6 k7 k8 k9</div></body>");
	CHECK(t != NULL, "parse");
	if (!t)
		return;
	drop = calloc(t->n_nodes, 1);
	CHECK(td_gold_labels_rule(t, "Alpha beta gamma delta", 22, TD_GOLD_F1, drop, NULL, NULL) == TD_OK,
		  "repeated gold");
	CHECK(drop[node_of_id(t, "x")] == 0 && drop[node_of_id(t, "y")] == 1,
		  "f1: G counts the page's gold words when the page repeats the gold");
	free(drop);
	td_tree_free(t);
}

static void
test_failures(void)
{
	counting	c = {0, -1, 0};
	td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t = parse_env(&env, page);
	uint8_t    *drop;
	long		base;
	int			ok = 0;
	char	   *big;
	size_t		n = 0;

	CHECK(t != NULL, "parse");
	if (!t)
		return;
	drop = calloc(t->n_nodes, 1);
	base = c.live;
	for (long k = 0; k < 200 && !ok; k++)
	{
		td_status	st;

		c.budget = k;
		st = td_gold_labels(t, gold, strlen(gold), drop, NULL, NULL);
		c.budget = -1;
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: status %d", k, (int) st);
		CHECK(c.live == base, "budget %ld: %ld blocks leaked", k, c.live - base);
		ok = st == TD_OK;
	}
	CHECK(ok, "succeeds with enough allocations");

	/* a gold of 100,000 words is polled */
	big = malloc(700001);
	for (int w = 0; w < 100000; w++)
		n += (size_t) sprintf(big + n, "w%d ", w % 100000);
	c.interrupt = 1;
	CHECK(td_gold_labels(t, big, n, drop, NULL, NULL) == TD_EINTR, "interrupted");
	CHECK(c.live == base, "nothing leaked after an interrupt");
	c.interrupt = 0;
	CHECK(td_gold_labels(t, big, n, drop, NULL, NULL) == TD_OK, "then it runs");
	free(big);
	free(drop);
	td_tree_free(t);
	CHECK(c.live == 0, "tree freed");
}

int
main(void)
{
	test_rule();
	test_share_bound();
	test_f1_rule();
	test_failures();
	return check_done("test_gold_labels");
}
