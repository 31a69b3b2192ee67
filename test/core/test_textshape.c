/*
 * test_textshape.c — the text-shape columns (page/textshape.h) of
 * hand-written pages against values worked out by hand: stop-word shares,
 * words per text block (inline markup does not split a block; an inline
 * element holds a share of its block), long blocks, sentence ends (closing
 * quotes skipped), the page's share, script text left out; the stop list's
 * lookup; the rows of some nodes; a 100,000-level page (no recursion); interrupts and allocation failure.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "tree_helpers.h"
#include "page/textshape.h"

static counting cnt = {0, -1, 0};
static td_env env = {c_alloc, c_realloc, c_free, c_interrupted, &cnt, ""};

/*
 * Words: the menu 3 (Home, Shop, About: one a stop word; three blocks of
 * one word); #p1 18, 12 of them stop words (It was the of the and we to the
 * with of our; "all" is left out of the list), one block ending a sentence;
 * #p2 3 (Price, 42, USD) in one block, of which <b> holds 2: no sentence
 * end; #q 3 (He said stop: one stop word) ending '."'; #spec 11, long but
 * without stop words (not prose).  The script's words are not visible.
 * Page: 38 words, 14 stop words.
 */
static const char *page =
"<html><head><title>T</title><script>var s = \"the of and to\";</script></head><body>"
"<ul id=\"menu\"><li><a href=\"/\">Home</a></li><li><a href=\"/a\">Shop</a></li>"
"<li><a href=\"/b\">About</a></li></ul>"
"<div id=\"post\"><p id=\"p1\">It was the best of the days, and we went to the sea "
"with all of our friends.</p>"
"<p id=\"p2\">Price: <b id=\"b\">42 USD</b></p></div>"
"<blockquote id=\"q\">He said \"stop.\" </blockquote>"
"<p id=\"spec\">Red Blue Green Large Small Medium Cotton Wool Silk Linen 42</p>"
"</body></html>";

#define TS(rows, i, id) ((rows)[(size_t) (i) * TD_N_TEXTSHAPE + TD_##id])

/* The columns of every node of t (calloc'd: 0 where not written), or NULL. */
static float *
shape_rows(const td_tree *t)
{
	float	   *r = calloc((size_t) t->n_nodes * TD_N_TEXTSHAPE, sizeof(float));

	if (r && td_textshape_rows(t, NULL, t->n_nodes, r, TD_N_TEXTSHAPE) != TD_OK)
	{
		free(r);
		r = NULL;
	}
	return r;
}
#define NEAR(a, b) (fabs((double) (a) - (double) (b)) < 1e-5)

static void
test_hand(void)
{
	td_tree    *t = parse_env(&env, page);
	float	   *r;
	uint32_t	menu,
				post,
				p1,
				p2,
				b,
				q,
				spec;

	CHECK(t != NULL, "parse");
	r = shape_rows(t);
	CHECK(r != NULL, "rows: %s", env.errmsg);
	menu = node_of_id(t, "menu");
	post = node_of_id(t, "post");
	p1 = node_of_id(t, "p1");
	p2 = node_of_id(t, "p2");
	b = node_of_id(t, "b");
	q = node_of_id(t, "q");

	CHECK(NEAR(TS(r, menu, TS_STOP), 1.0 / 3), "menu ts_stop %g", TS(r, menu, TS_STOP));
	CHECK(NEAR(TS(r, menu, TS_BLOCK_WORDS), log(2)), "menu: one word per block (%g)",
		  TS(r, menu, TS_BLOCK_WORDS));
	CHECK(TS(r, menu, TS_LONG) == 0 && TS(r, menu, TS_SENT_END) == 0, "menu: short, no sentences");

	CHECK(NEAR(TS(r, p1, TS_STOP), 12.0 / 18), "p1 ts_stop %g", TS(r, p1, TS_STOP));
	CHECK(NEAR(TS(r, p1, TS_BLOCK_WORDS), log(19)), "p1 block words %g", TS(r, p1, TS_BLOCK_WORDS));
	CHECK(TS(r, p1, TS_LONG) == 1 && TS(r, p1, TS_SENT_END) == 1, "p1: long, a sentence");

	/* <b> is inline: its 2 words sit in p2's block of 3, 2/3 of it */
	CHECK(NEAR(TS(r, p2, TS_BLOCK_WORDS), log(4)) && NEAR(TS(r, b, TS_BLOCK_WORDS), log(4)),
		  "p2 and b: a block of 3 words (%g %g)", TS(r, p2, TS_BLOCK_WORDS), TS(r, b, TS_BLOCK_WORDS));
	CHECK(TS(r, b, TS_STOP) == 0 && TS(r, b, TS_LONG) == 0 && TS(r, b, TS_SENT_END) == 0, "b");

	/* the div: 21 words, two blocks, one long and ending a sentence */
	CHECK(NEAR(TS(r, post, TS_STOP), 12.0 / 21), "post ts_stop %g", TS(r, post, TS_STOP));
	CHECK(NEAR(TS(r, post, TS_BLOCK_WORDS), log(1 + 21.0 / 2)), "post block words %g",
		  TS(r, post, TS_BLOCK_WORDS));
	CHECK(NEAR(TS(r, post, TS_LONG), 18.0 / 21), "post ts_long %g", TS(r, post, TS_LONG));
	CHECK(NEAR(TS(r, post, TS_SENT_END), 0.5), "post ts_sent_end %g", TS(r, post, TS_SENT_END));

	/* prose: long blocks with stop words; relative to the page's share */
	CHECK(TS(r, p1, TS_PROSE) == 1 && NEAR(TS(r, post, TS_PROSE), 18.0 / 21) &&
		  TS(r, menu, TS_PROSE) == 0, "ts_prose %g", TS(r, post, TS_PROSE));
	spec = node_of_id(t, "spec");
	CHECK(TS(r, spec, TS_LONG) == 1 && TS(r, spec, TS_PROSE) == 0, "a long list of labels is not prose");
	CHECK(NEAR(TS(r, p1, TS_STOP_REL), 12.0 / 18 - 14.0 / 38) &&
		  NEAR(TS(r, spec, TS_STOP_REL), -14.0 / 38), "ts_stop_rel %g", TS(r, p1, TS_STOP_REL));

	CHECK(TS(r, q, TS_SENT_END) == 1, "a sentence end inside closing quotes");
	CHECK(NEAR(TS(r, q, TS_STOP), 1.0 / 3), "q ts_stop %g", TS(r, q, TS_STOP));
	CHECK(NEAR(TS(r, menu, TS_P_STOP), 14.0 / 38) && NEAR(TS(r, p1, TS_P_STOP), 14.0 / 38),
		  "p_ts_stop %g: the script's words are not counted", TS(r, menu, TS_P_STOP));
	CHECK(TS(r, 0, TS_P_STOP) == 0, "the root (not an element) stays 0");
	free(r);
	td_tree_free(t);
}

/* The lookup: case folded, whole words only, the list's ends. */
static void
test_words(void)
{
	CHECK(td_textshape_stop_word("The", 3) && td_textshape_stop_word("THEMSELVES", 10),
		  "case folded");
	CHECK(td_textshape_stop_word("a", 1) && td_textshape_stop_word("yourselves", 10),
		  "the sorted list's first and last");
	CHECK(td_textshape_stop_word("with", 4) && td_textshape_stop_word("s", 1), "with, s");
	CHECK(!td_textshape_stop_word("themselvess", 11) && !td_textshape_stop_word("th", 2) &&
		  !td_textshape_stop_word("", 0), "no prefixes, no longer words");
	CHECK(!td_textshape_stop_word("more", 4) && !td_textshape_stop_word("us", 2) &&
		  !td_textshape_stop_word("price", 5), "interface labels and content words");
}

/* A page without words: 0 everywhere. */
static void
test_empty(void)
{
	td_tree    *t = parse_env(&env, "<div id=x><img src=a.png> - | </div>");
	float	   *r;
	uint32_t	x;

	CHECK(t != NULL, "parse");
	r = shape_rows(t);
	CHECK(r != NULL, "rows");
	x = node_of_id(t, "x");
	for (int k = 0; k < TD_N_TEXTSHAPE; k++)
		CHECK(r[(size_t) x * TD_N_TEXTSHAPE + k] == 0, "column %d is 0", k);
	free(r);
	td_tree_free(t);
}

/* The rows of some nodes (which): row j is which[j]'s row of all nodes. */
static void
test_subset(void)
{
	td_tree    *t = parse_env(&env, page);
	float	   *all,
				some[3 * TD_N_TEXTSHAPE] = {0};
	uint32_t	which[3];

	CHECK(t != NULL, "parse");
	all = shape_rows(t);
	CHECK(all != NULL, "all rows");
	which[0] = node_of_id(t, "b");
	which[1] = node_of_id(t, "menu");
	which[2] = node_of_id(t, "p1");
	CHECK(td_textshape_rows(t, which, 3, some, TD_N_TEXTSHAPE) == TD_OK, "three rows: %s",
		  env.errmsg);
	for (uint32_t j = 0; j < 3; j++)
		CHECK(memcmp(some + (size_t) j * TD_N_TEXTSHAPE, all + (size_t) which[j] * TD_N_TEXTSHAPE,
					 sizeof(float) * TD_N_TEXTSHAPE) == 0, "row %u is node %u's", j, which[j]);
	CHECK(TS(some, 2, TS_LONG) == 1, "the third row is p1's");
	free(all);
	td_tree_free(t);
}

/* 100,000 nested divs, a sentence at the bottom: no recursion; the top div holds it. */
static void
test_deep(void)
{
	size_t		depth = 100000;
	td_tree    *t = parse_nested_divs(&env, "<div id=top>", depth,
									  "<p>This is the end of it all, and it is here.</p>");
	float	   *out;
	uint32_t	top;

	CHECK(t != NULL, "parse deep");
	out = calloc((size_t) t->n_nodes * TD_N_TEXTSHAPE, sizeof(float));
	CHECK(td_textshape_rows(t, NULL, t->n_nodes, out, TD_N_TEXTSHAPE) == TD_OK, "deep: %s",
		  env.errmsg);
	top = node_of_id(t, "top");
	CHECK(out[(size_t) top * TD_N_TEXTSHAPE + TD_TS_SENT_END] == 1 &&
		  NEAR(out[(size_t) top * TD_N_TEXTSHAPE + TD_TS_BLOCK_WORDS], log(12)),
		  "the sentence 100,000 levels down");
	free(out);
	td_tree_free(t);
}

/* Every allocation failing in turn: TD_ENOMEM, nothing leaked; an interrupt: TD_EINTR. */
static void
test_failures(void)
{
	td_tree    *t = parse_env(&env, page);
	float	   *out;
	long		live;
	int			ok = 0;

	CHECK(t != NULL, "parse");
	out = calloc((size_t) t->n_nodes * TD_N_TEXTSHAPE, sizeof(float));
	live = cnt.live;
	for (long k = 0; k < 5 && !ok; k++)
	{
		td_status	st;

		cnt.budget = k;
		st = td_textshape_rows(t, NULL, t->n_nodes, out, TD_N_TEXTSHAPE);
		cnt.budget = -1;
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: %d", k, (int) st);
		CHECK(cnt.live == live, "budget %ld: %ld blocks leaked", k, cnt.live - live);
		ok = st == TD_OK;
	}
	CHECK(ok, "succeeds with enough allocations");
	cnt.interrupt = 1;
	CHECK(td_textshape_rows(t, NULL, t->n_nodes, out, TD_N_TEXTSHAPE) == TD_EINTR, "interrupted");
	cnt.interrupt = 0;
	CHECK(cnt.live == live, "nothing leaked after the interrupt");
	free(out);
	td_tree_free(t);
}

int
main(void)
{
	test_hand();
	test_words();
	test_empty();
	test_subset();
	test_deep();
	test_failures();
	return check_done("test_textshape");
}
