/*
 * test_labels.c — structural fingerprints and structural training labels
 * (labels.h): what changes a structural fingerprint and what does not, which
 * blocks the rule marks (link-dense, shape on >= threshold of the pages),
 * which it leaves, existing marks kept, allocation failures.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tree_helpers.h"
#include "counting.h"
#include "site/fingerprint.h"
#include "page/labels.h"
#include "site/profile.h"
#include "base/tree.h"

static td_env env;

/* Structural fingerprint of the element with the given id. */
static uint64_t
sfp_of_id(const char *html, const char *id)
{
	td_tree    *t = parse_env(&env, html);
	uint64_t   *sfp,
				r = 0;
	uint32_t	i;

	if (!t)
		return 0;
	sfp = calloc(t->n_nodes, sizeof(uint64_t));
	CHECK(td_struct_fingerprints(t, sfp) == TD_OK, "structural fingerprints of %s", html);
	if ((i = node_of_id(t, id)) != TD_NONE)
		r = sfp[i];
	free(sfp);
	td_tree_free(t);
	return r;
}

static void
test_struct_fingerprints(void)
{
	uint64_t	a = sfp_of_id("<ul id=r><li><a href=/x>Storm hits coast</a></li><li><a href=/y>Vote delayed</a></li></ul>", "r");
	uint64_t	b = sfp_of_id("<ul id=r><li><a href=/p class=new>Team wins cup</a></li>\n<li><a href=/q>Prices rise again today</a></li></ul>", "r");
	uint64_t	c = sfp_of_id("<ul id=r><li><a href=/x>Storm</a></li><li><a href=/y>Vote</a></li><li><a href=/z>Cup</a></li></ul>", "r");
	uint64_t	d = sfp_of_id("<ul id=r><li><a href=/x>Storm</a></li><li><b>Vote</b></li></ul>", "r");
	uint64_t	e = sfp_of_id("<ol id=r><li><a href=/x>Storm</a></li><li><a href=/y>Vote</a></li></ol>", "r");
	uint64_t	i1 = sfp_of_id("<p id=r><img src=/a/one.jpg> caption</p>", "r");
	uint64_t	i2 = sfp_of_id("<p id=r><img src=/a/two.jpg> other words</p>", "r");
	uint64_t	h1 = sfp_of_id("<div id=r>text<script>var a = 1;</script></div>", "r");
	uint64_t	h2 = sfp_of_id("<div id=r>more text<script>x()</script><style>p{}</style></div>", "r");

	CHECK(a != 0 && a == b, "text, attributes and white space do not change a structural fingerprint");
	CHECK(a != c, "one more item changes it");
	CHECK(a != d, "another tag changes it");
	CHECK(a != e, "the element's own tag changes it");
	CHECK(i1 != 0 && i1 == i2, "media sources do not change it");
	CHECK(h1 != 0 && h1 == h2, "hidden content does not change it");
	CHECK(sfp_of_id("<div id=r><span></span></div>", "r") == 0, "an empty element is not counted");
	CHECK(sfp_of_id("<div id=r>   </div>", "r") == 0, "a blank element is not counted");
}

/*
 * Page k of a small site: a navigation bar (same on every page), a
 * "most read" teaser list whose links change per page but not its shape,
 * the article (paragraph count and text vary), a list of plain text items
 * with a fixed shape (not link-dense), and on page 0 only a link-dense box.
 */
static char *
site_page(int k)
{
	static const char *words[] = {"storm", "vote", "cup", "prices", "river", "school", "train", "budget"};
	char	   *b = malloc(8192);
	int			n = 0;

	n += snprintf(b + n, 8192 - n, "<html><body><div id=wrap>"
				  "<ul id=nav><li><a href=/>Home</a></li><li><a href=/news>News</a></li></ul>"
				  "<div id=main><h1>The %s story</h1>", words[k % 8]);
	for (int p = 0; p < 2 + k % 3; p++)
		n += snprintf(b + n, 8192 - n, "<p>Paragraph %d about the %s and the %s, with words "
					  "that make a sentence of some length.</p>", p, words[(k + p) % 8], words[(k + p + 3) % 8]);
	n += snprintf(b + n, 8192 - n, "<ul id=facts><li>Fact %s</li><li>Fact %s</li><li>Fact %s</li></ul></div>",
				  words[(k + 1) % 8], words[(k + 2) % 8], words[(k + 5) % 8]);
	n += snprintf(b + n, 8192 - n, "<div id=side><div id=most><h3>Most read</h3><ul>");
	for (int i = 0; i < 3; i++)
		n += snprintf(b + n, 8192 - n, "<li><a href=/s/%d>The %s of the %s</a></li>", k * 10 + i,
					  words[(k + i) % 8], words[(k + 2 * i + 1) % 8]);
	n += snprintf(b + n, 8192 - n, "</ul></div>");
	if (k == 0)
		n += snprintf(b + n, 8192 - n, "<div id=once><a href=/o1>Only here</a> <a href=/o2>and here</a></div>");
	snprintf(b + n, 8192 - n, "</div></div></body></html>");
	return b;
}

#define N_PAGES 6

static void
structural_profile(td_tree **t, td_buf *ser, td_profile_view *view)
{
	td_profile_settings set = {TD_UNIT_NODE, TD_FP_SCHEME, 0, 1 << 20, 0};
	td_profile *prof;

	CHECK(td_profile_create(&env, &set, &prof) == TD_OK, "profile");
	for (int k = 0; k < N_PAGES; k++)
	{
		uint64_t   *sfp = malloc(sizeof(uint64_t) * t[k]->n_nodes),
				   *pf = malloc(sizeof(uint64_t) * t[k]->n_nodes);

		td_struct_fingerprints(t[k], sfp);
		td_profile_add_page(prof, pf, td_page_fingerprints(t[k], sfp, pf));
		free(sfp);
		free(pf);
	}
	td_buf_init(ser, &env);
	td_profile_serialize(prof, ser);
	td_profile_free(prof);
	CHECK(td_profile_view_init(&env, ser->data, ser->len, view) == TD_OK, "profile view");
}

static void
test_mark_structural(void)
{
	td_tree    *t[N_PAGES];
	td_buf		ser;
	td_profile_view view;
	bool		most = true,
				items = true,
				kept = true,
				nav = true,
				side_ok = true;

	for (int k = 0; k < N_PAGES; k++)
	{
		char	   *h = site_page(k);

		t[k] = parse_env(&env, h);
		free(h);
	}
	structural_profile(t, &ser, &view);
	for (int k = 0; k < N_PAGES; k++)
	{
		uint8_t    *drop = calloc(t[k]->n_nodes, 1);
		uint32_t	m = node_of_id(t[k], "most"),
					side = node_of_id(t[k], "side");

		CHECK(td_mark_structural(t[k], &view, 0.5, drop) == TD_OK, "marks page %d", k);
		most &= drop[m];
		for (uint32_t i = m + 1; i < t[k]->nodes[m].end; i++)
			items &= drop[i];
		kept &= !drop[node_of_id(t[k], "main")] && !drop[node_of_id(t[k], "facts")] &&
			!drop[node_of_id(t[k], "wrap")];
		/* the sidebar holding only the list has its shape on 5 pages of 6, and is link-dense */
		side_ok &= drop[side] == (k != 0);
		for (uint32_t i = node_of_id(t[k], "main"); i < t[k]->nodes[node_of_id(t[k], "main")].end; i++)
			kept &= !drop[i];
		nav &= drop[node_of_id(t[k], "nav")];	/* same shape and links on every page */
		if (k == 0)
			CHECK(!drop[node_of_id(t[0], "once")], "a link-dense box on one page of six is not template");
		free(drop);
	}
	CHECK(most, "the teaser list whose text changes per page is template on every page");
	CHECK(items, "and everything inside it");
	CHECK(kept, "the article, its text-only list and the containers are not");
	CHECK(nav, "the navigation bar is template too");
	CHECK(side_ok, "the sidebar around the list is template where its shape recurs (not on page 0)");

	/* a block in the page's top levels (depth <= 2) is never marked; existing marks stay */
	{
		uint8_t    *drop = calloc(t[1]->n_nodes, 1);
		uint32_t	f = node_of_id(t[1], "facts");

		drop[f] = 1;
		CHECK(td_mark_structural(t[1], &view, 0.5, drop) == TD_OK, "marks with existing marks");
		CHECK(drop[f] && drop[f + 1], "an existing mark stays and reaches its descendants");
		CHECK(!drop[node_of_id(t[1], "main")], "and does not spread upwards");
		free(drop);
	}

	/* threshold 1: on every page, and at least three pages */
	{
		uint8_t    *drop = calloc(t[2]->n_nodes, 1);

		CHECK(td_mark_structural(t[2], &view, 1.0, drop) == TD_OK && drop[node_of_id(t[2], "most")],
			  "threshold 1: a shape on every page is marked");
		free(drop);
	}

	/* bad thresholds */
	{
		double		bad[] = {0, -0.1, 1.01, NAN};
		uint8_t    *drop = calloc(t[0]->n_nodes, 1);

		for (int i = 0; i < 4; i++)
			CHECK(td_mark_structural(t[0], &view, bad[i], drop) == TD_EARG, "threshold %g refused", bad[i]);
		free(drop);
	}
	td_buf_free(&ser);
	for (int k = 0; k < N_PAGES; k++)
		td_tree_free(t[k]);
}

static void
test_failures(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t[N_PAGES];
	td_buf		ser;
	td_profile_view view;
	td_status	st = TD_ENOMEM;
	uint8_t    *ref,
			   *drop;
	long		k,
				live0;
	bool		only_enomem = true,
				leak_free = true;

	for (int p = 0; p < N_PAGES; p++)
	{
		char	   *h = site_page(p);

		t[p] = parse_env(p == 3 ? &cenv : &env, h);
		free(h);
	}
	structural_profile(t, &ser, &view);
	live0 = c.live;
	ref = calloc(t[3]->n_nodes, 1);
	drop = malloc(t[3]->n_nodes);
	CHECK(td_mark_structural(t[3], &view, 0.5, ref) == TD_OK, "reference");
	for (k = 0; k < 100 && st != TD_OK; k++)
	{
		memset(drop, 0, t[3]->n_nodes);
		c.budget = k;
		st = td_mark_structural(t[3], &view, 0.5, drop);
		c.budget = -1;
		only_enomem &= st == TD_OK || st == TD_ENOMEM;
		leak_free &= c.live == live0;
		if (st == TD_OK)
			CHECK(memcmp(drop, ref, t[3]->n_nodes) == 0, "the result after failures is the reference");
	}
	CHECK(st == TD_OK && k > 3, "succeeds after %ld failures", k);
	CHECK(only_enomem, "failures are TD_ENOMEM");
	CHECK(leak_free, "no leak at any k");
	c.interrupt = 1;
	CHECK(td_mark_structural(t[3], &view, 0.5, drop) == TD_EINTR, "interrupted");
	c.interrupt = 0;
	CHECK(c.live == live0, "no leak after an interrupt");
	free(ref);
	free(drop);
	td_buf_free(&ser);
	for (int p = 0; p < N_PAGES; p++)
		td_tree_free(t[p]);
}

int
main(void)
{
	td_env_default(&env);
	test_struct_fingerprints();
	test_mark_structural();
	test_failures();
	return check_done("labels");
}
