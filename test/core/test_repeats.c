/*
 * test_repeats.c — later copies of a kept block (repeats.h): a quoted post,
 * a responsive duplicate and a table of contents lose their copy, with the
 * right reasons; siblings, table text, the same place of two records, short
 * lines, hidden text and blocks already dropped are left, and each
 * exception switched off lets its copy go; a block holding another block is no unit; the
 * minimum word count; a 100,000-deep page (no recursion); allocation
 * failure at every step and an interrupt leave the marks unchanged and
 * nothing leaked.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "tree_helpers.h"
#include "base/reason.h"
#include "base/render.h"
#include "page/repeats.h"

static td_env env;

/* The text of the page without what drop removes. */
static char *
text_of(const td_tree *t, const uint8_t *drop)
{
	td_buf		b;
	char	   *s;

	td_buf_init(&b, t->env);
	CHECK(td_render_text(t, drop, &b) == TD_OK, "render");
	s = strndup(b.data ? b.data : "", b.len);
	td_buf_free(&b);
	return s;
}

static size_t
count(const char *hay, const char *needle)
{
	size_t		k = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		k++;
	return k;
}

/* Runs td_drop_repeats on html with nothing dropped before (or #pre dropped). */
static char *
run(const char *html, uint32_t min_words, td_tree **out, uint8_t **drop, uint8_t **reason)
{
	td_tree    *t = parse_env(&env, html);
	uint32_t	pre;

	CHECK(t != NULL, "parse");
	*drop = calloc(t->n_nodes, 1);
	*reason = calloc(t->n_nodes, 1);
	if ((pre = node_of_id(t, "pre")) != TD_NONE)
		for (uint32_t j = pre; j < t->nodes[pre].end; j++)
			(*drop)[j] = 1, (*reason)[j] = TD_REASON_PAGE_SCORE;
	CHECK(td_drop_repeats(t, min_words, TD_REPEAT_DEFAULT, *drop, *reason) == TD_OK, "repeats: %s", env.errmsg);
	*out = t;
	return text_of(t, *drop);
}

static void
done(td_tree *t, uint8_t *drop, uint8_t *reason, char *s)
{
	free(drop);
	free(reason);
	free(s);
	td_tree_free(t);
}

static void
test_copies(void)
{
	td_tree    *t;
	uint8_t    *drop,
			   *reason;
	uint32_t	q;
	char	   *s = run("<body><div class=post><p id=orig>The first post says this at length.</p></div>"
						"<div class=post><blockquote><p id=quote>The first post says "
						"this  at length.</p></blockquote><p>And the reply answers it.</p></div>"
						"<div class=mobile><h2>Blue wool <b>scarf</b>, hand made</h2></div>"
						"<div class=desktop><h1 id=second>Blue wool scarf, hand made</h1></div>"
						"</body>", TD_REPEAT_MIN_WORDS, &t, &drop, &reason);

	CHECK(count(s, "The first post says this at length.") == 1, "the quote goes: %s", s);
	CHECK(count(s, "And the reply answers it.") == 1, "the reply stays");
	CHECK(count(s, "Blue wool scarf, hand made") == 1, "one product name: %s", s);
	q = node_of_id(t, "quote");
	CHECK(q != TD_NONE && drop[q] && reason[q] == TD_REASON_REPEAT &&
		  drop[q + 1] && reason[q + 1] == TD_REASON_INSIDE, "the quote's reasons");
	q = node_of_id(t, "orig");
	CHECK(q != TD_NONE && !drop[q] && reason[q] == TD_REASON_NONE, "the first copy stays");
	q = node_of_id(t, "second");
	CHECK(q != TD_NONE && drop[q] && reason[q] == TD_REASON_REPEAT, "the second name goes");
	done(t, drop, reason, s);

	/* a table of contents: the headings stay, the links go */
	s = run("<body><ul><li id=toc><a href=#a>Where the money goes</a></li>"
			"<li><a href=#b>What is left over</a></li></ul>"
			"<h2 id=a>Where the money goes</h2><p>Text.</p>"
			"<h2 id=b>What is left over</h2><p>More.</p></body>",
			TD_REPEAT_MIN_WORDS, &t, &drop, &reason);
	q = node_of_id(t, "toc");
	CHECK(q != TD_NONE && drop[q] && reason[q] == TD_REASON_REPEAT, "the link copy goes");
	q = node_of_id(t, "a");
	CHECK(q != TD_NONE && !drop[q], "the heading stays");
	CHECK(count(s, "Where the money goes") == 1 && count(s, "What is left over") == 1, "%s", s);
	done(t, drop, reason, s);

	/* links only: the first stays */
	s = run("<body><div><p><a href=/x>Read the whole story</a></p></div>"
			"<section><p><a href=/x>Read the whole story</a></p></section></body>",
			TD_REPEAT_MIN_WORDS, &t, &drop, &reason);
	CHECK(count(s, "Read the whole story") == 1, "%s", s);
	done(t, drop, reason, s);
}

static void
test_kept(void)
{
	td_tree    *t;
	uint8_t    *drop,
			   *reason;
	bool		none = true;
	/* each pair differs in its path, so only the exception named can keep it */
	char	   *s = run("<body><div><p>Lorem ipsum dolor sit amet.</p><h3>Lorem ipsum dolor sit amet.</h3></div>"
						"<table><tr><td>Not sold in stores</td></tr><tr><th>Not sold in stores</th></tr></table>"
						"<table><tr><td><div>Sets the heading colour.</div></td></tr></table>"
						"<ul><li><div>Sets the heading colour.</div></li></ul>"
						"<div class=method><h3>open()</h3><dl><dd>The path of the file to read.</dd></dl></div>"
						"<div class=method><h3>open(mode)</h3><dl><dd>The path of the file to read.</dd></dl></div>"
						"<div><p>Read more</p></div><section><p>Read more</p></section>"
						"<template><p>Hidden words are not shown here</p></template>"
						"<section><p>Hidden words are not shown here</p></section>"
						"<div id=pre><p>A dropped block is no copy.</p></div>"
						"<section><p>A dropped block is no copy.</p></section>"
						"<div>Some inline text <p>then a block</p></div>"
						"<section>Some inline text <p>and another block</p></section>"
						"</body>", TD_REPEAT_MIN_WORDS, &t, &drop, &reason);

	CHECK(count(s, "Lorem ipsum dolor sit amet.") == 2, "siblings stay: %s", s);
	CHECK(count(s, "Not sold in stores") == 2, "cells stay");
	CHECK(count(s, "Sets the heading colour.") == 2, "a copy of a table's text stays");
	CHECK(count(s, "The path of the file to read.") == 2, "the same place of two records stays");
	CHECK(count(s, "Read more") == 2, "under three words stays");
	CHECK(count(s, "Hidden words are not shown here") == 1, "a hidden copy is none");
	CHECK(count(s, "A dropped block is no copy.") == 1, "a dropped copy is none");
	CHECK(count(s, "Some inline text") == 2, "a block holding a block is no unit");
	for (uint32_t i = 0; i < t->n_nodes; i++)
		none &= reason[i] != TD_REASON_REPEAT;
	CHECK(none, "no repeat reason");
	done(t, drop, reason, s);

	/* each exception off: its copy goes */
	{
		static const struct
		{
			unsigned	off;
			const char *html,
					   *text;
		}			cases[] = {
			{TD_REPEAT_KEEP_SIBLINGS, "<div><p>Lorem ipsum dolor sit amet.</p><h3>Lorem ipsum dolor sit amet.</h3></div>",
			"Lorem ipsum dolor sit amet."},
			{TD_REPEAT_KEEP_IN_TABLES, "<table><tr><td>Not sold in stores</td></tr><tr><th>Not sold in stores</th></tr></table>",
			"Not sold in stores"},
			{TD_REPEAT_KEEP_PARALLEL, "<div class=m><dl><dd>The path of the file.</dd></dl></div>"
			"<div class=m><dl><dd>The path of the file.</dd></dl></div>", "The path of the file."},
		};

		for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		{
			td_tree    *t2 = parse_env(&env, cases[k].html);
			uint8_t    *d2 = calloc(t2->n_nodes, 1);

			CHECK(td_drop_repeats(t2, TD_REPEAT_MIN_WORDS, TD_REPEAT_DEFAULT & ~cases[k].off, d2, NULL) ==
				  TD_OK, "flags");
			s = text_of(t2, d2);
			CHECK(count(s, cases[k].text) == 1, "exception %u off: %s", cases[k].off, s);
			free(s);
			free(d2);
			td_tree_free(t2);
		}
	}

	/* the minimum: two words go at 2 */
	s = run("<body><div><p>Read more</p></div><section><p>Read more</p></section></body>", 2,
			&t, &drop, &reason);
	CHECK(count(s, "Read more") == 1, "%s", s);
	done(t, drop, reason, s);
}

static void
test_deep_and_failures(void)
{
	td_tree    *t = parse_nested_divs(&env, "<body><p>Deep down the same words here.</p>", 100000,
									  "<p>Deep down the same words here.</p></body>");
	uint8_t    *drop,
			   *keep;
	char	   *s;

	CHECK(t != NULL, "deep parse");
	drop = calloc(t->n_nodes, 1);
	CHECK(td_drop_repeats(t, TD_REPEAT_MIN_WORDS, TD_REPEAT_DEFAULT, drop, NULL) == TD_OK, "deep: %s", env.errmsg);
	s = text_of(t, drop);
	CHECK(count(s, "Deep down the same words here.") == 1, "deep copy dropped");
	free(s);
	free(drop);
	td_tree_free(t);

	t = parse_env(&env, "<body><div><p>The same words again here.</p></div>"
				  "<section><p>The same words again here.</p></section></body>");
	drop = calloc(t->n_nodes, 1);
	keep = calloc(t->n_nodes, 1);
	for (long budget = 0; budget < 8; budget++)
	{
		counting	cn = {0, budget, 0};
		td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &cn, ""};
		td_env	   *own = t->env;
		td_status	st;

		t->env = &cenv;
		st = td_drop_repeats(t, TD_REPEAT_MIN_WORDS, TD_REPEAT_DEFAULT, drop, NULL);
		t->env = own;
		CHECK(cn.live == 0, "nothing leaked at budget %ld", budget);
		if (st == TD_OK)
		{
			CHECK(memcmp(drop, keep, t->n_nodes) != 0, "the copy goes once memory suffices");
			break;
		}
		CHECK(st == TD_ENOMEM && memcmp(drop, keep, t->n_nodes) == 0,
			  "budget %ld: out of memory, marks unchanged", budget);
	}
	{
		counting	cn = {0, -1, 1};
		td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &cn, ""};
		td_env	   *own = t->env;

		memset(drop, 0, t->n_nodes);
		t->env = &cenv;
		CHECK(td_drop_repeats(t, TD_REPEAT_MIN_WORDS, TD_REPEAT_DEFAULT, drop, NULL) == TD_EINTR && cn.live == 0 &&
			  memcmp(drop, keep, t->n_nodes) == 0, "interrupt: marks unchanged");
		t->env = own;
	}
	free(drop);
	free(keep);
	td_tree_free(t);
}

int
main(void)
{
	td_env_default(&env);
	test_copies();
	test_kept();
	test_deep_and_failures();
	return check_done("test_repeats");
}
