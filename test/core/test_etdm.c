/*
 * test_etdm.c — the equality probability of seed 003 Def. 3.2.2 on node
 * pairs worked out by hand, the exact top-down mapping (Def. 3.3.1) on
 * small trees, t-of-n votes, parameter checks, ENOMEM at every allocation,
 * interrupts, and deep and wide pages.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "menu/etdm.h"
#include "base/render.h"
#include "base/tree.h"

static td_env env;

static td_tree *
parse_in(td_env *e, const char *html, uint32_t max_depth)
{
	td_tree    *t = NULL;
	td_limits	lim;

	td_limits_default(&lim);
	if (max_depth)
		lim.max_depth = max_depth;
	if (td_parse_html(e, html, strlen(html), "UTF-8", &lim, &t) != TD_OK)
		return NULL;
	return t;
}

static td_tree *
parse(const char *html)
{
	return parse_in(&env, html, 0);
}

/* The first element with attribute id="name" or, failing that, data-k="name". */
static uint32_t
find(const td_tree *t, const char *key, const char *name)
{
	uint32_t	i,
				len;

	for (i = 0; i < t->n_nodes; i++)
	{
		const char *v = t->nodes[i].kind == TD_ELEM ? td_node_attr(t, i, key, &len) : NULL;

		if (v && len == strlen(name) && memcmp(v, name, len) == 0)
			return i;
	}
	return TD_NONE;
}

static double
prob(const char *a, const char *b, const td_etdm_params *p)
{
	td_tree    *ta = parse(a),
			   *tb = parse(b);
	td_etdm_page pa,
				pb;
	double		r;

	td_etdm_page_build(ta, p, &pa);
	td_etdm_page_build(tb, p, &pb);
	r = td_etdm_equality(&pa, find(ta, "data-k", "n"), &pb, find(tb, "data-k", "n"), p);
	td_etdm_page_free(&pa);
	td_etdm_page_free(&pb);
	td_tree_free(ta);
	td_tree_free(tb);
	return r;
}

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

static void
test_equality(void)
{
	td_etdm_params p;
	double		r,
				want;

	td_etdm_params_default(&p);
	CHECK(p.w_classes == 0.5 && p.w_position == 0.2 && p.w_attributes == 0.2 &&
		  p.w_children == 0.1, "tuned weights of 5.2.3");
	CHECK(p.not_attributes == 0.25 && p.not_children == 1.0 &&
		  p.not_classes > 0.75 && p.not_classes < 1.0, "missing-attribute probabilities");
	CHECK(p.activate_position == 1, "activatePosition on");

	/* tag differs: 0, whatever else is equal */
	CHECK(prob("<div data-k=n id=a class=x></div>", "<span data-k=n id=a class=x></span>", &p) == 0.0, "tags");
	/* same tag and same id: 1, whatever else differs */
	CHECK(prob("<div data-k=n id=a class=x><b></b></div>", "<p></p><div data-k=n id=a class=y title=t></div>", &p) == 1.0,
		  "ids");

	/*
	 * Example 3.2.5 with its weights (0.4, 0.1, 0.1, 0.4): classes equal,
	 * attributes {data-k, float, color, bg} vs {data-k, float, color, fg}:
	 * 3 of 5; children 2 vs 3; position: the 11th of 12 vs the 9th of 10
	 * children, both second from the right: c' < c, max(0, 8 - 10, 1 - 1) = 0.
	 */
	{
		td_etdm_params ex = p;
		char		a[512] = "<body>",
					b[512] = "<body>";
		int			k;

		ex.w_classes = 0.4, ex.w_attributes = 0.1, ex.w_children = 0.1, ex.w_position = 0.4;
		for (k = 0; k < 10; k++)
			strcat(a, "<i></i>");
		strcat(a, "<div data-k=n class=Author float color bg><b></b><b></b></div><i></i></body>");
		for (k = 0; k < 8; k++)
			strcat(b, "<i></i>");
		strcat(b, "<div data-k=n class=Author float color fg><b></b><b></b><b></b></div><i></i></body>");
		r = prob(a, b, &ex);
		want = 0.4 * 1 + 0.1 * (3.0 / 5.0) + 0.1 * (2.0 / 3.0) + 0.4 * 1;
		CHECK(NEAR(r, want), "example 3.2.5: %g, want %g", r, want);
	}

	/*
	 * Nothing to compare: P_nc, P_na (data-k is the only attribute: equal
	 * sets, so use the id-less form without attributes below), P_nch.
	 */
	{
		td_tree    *ta = parse("<p>a</p><p>b</p>"),
				   *tb = parse("<p>c</p><p>d</p>");
		td_etdm_page pa,
					pb;
		uint32_t	x = ta->nodes[ta->nodes[0].end - 1].parent,	/* second p */
					y = tb->nodes[tb->nodes[0].end - 1].parent;

		td_etdm_page_build(ta, &p, &pa);
		td_etdm_page_build(tb, &p, &pb);
		r = td_etdm_equality(&pa, x, &pb, y, &p);
		want = 0.5 * p.not_classes + 0.2 * 1 + 0.2 * p.not_attributes + 0.1 * 1;
		CHECK(NEAR(r, want), "p with one child each: %g, want %g", r, want);
		/* the text nodes: different text never maps with compare_text */
		CHECK(td_etdm_equality(&pa, x + 1, &pb, y + 1, &p) == 0.0, "texts differ");
		td_etdm_page_free(&pa);
		td_etdm_page_free(&pb);
		p.compare_text = 0;
		td_etdm_page_build(ta, &p, &pa);
		td_etdm_page_build(tb, &p, &pb);
		r = td_etdm_equality(&pa, x + 1, &pb, y + 1, &p);
		want = 0.5 * p.not_classes + 0.2 * 1 + 0.2 * p.not_attributes + 0.1 * p.not_children;
		CHECK(NEAR(r, want), "#text nodes without text comparison: %g, want %g", r, want);
		p.compare_text = 1;
		td_etdm_page_free(&pa);
		td_etdm_page_free(&pb);
		td_tree_free(ta);
		td_tree_free(tb);
	}

	/* classes: Jaccard of the sets (duplicates and order do not count) */
	r = prob("<div data-k=n class='a b c'></div>", "<div data-k=n class='c  a a d'></div>", &p);
	want = 0.5 * (2.0 / 4.0) + 0.2 * 1 + 0.2 * 1 + 0.1 * p.not_children;
	CHECK(NEAR(r, want), "class sets: %g, want %g", r, want);
	/* one side without classes: 0, not P_nc */
	r = prob("<div data-k=n class=a></div>", "<div data-k=n></div>", &p);
	want = 0.5 * 0 + 0.2 * 1 + 0.2 * 1 + 0.1 * p.not_children;
	CHECK(NEAR(r, want), "classes on one side: %g, want %g", r, want);

	/* position: c' = c: 1 - |i - i'| / c*; the 1st of 4 vs the 3rd of 4 */
	r = prob("<div data-k=n></div><i></i><i></i><i></i>", "<i></i><i></i><div data-k=n></div><i></i>", &p);
	want = 0.5 * p.not_classes + 0.2 * (1 - 2.0 / 4) + 0.2 * 1 + 0.1 * p.not_children;
	CHECK(NEAR(r, want), "position, same count: %g, want %g", r, want);
	/* c' > c: the 2nd of 3 vs the 4th of 6: max(0, 1 - 3, 1 - 2) = 0 */
	r = prob("<i></i><div data-k=n></div><i></i>", "<i></i><i></i><i></i><div data-k=n></div><i></i><i></i>", &p);
	want = 0.5 * p.not_classes + 0.2 * 1 + 0.2 * 1 + 0.1 * p.not_children;
	CHECK(NEAR(r, want), "position, more in the peer: %g, want %g", r, want);
	/* c' < c: the 4th of 5 (j = 1) vs the 1st of 2 (j' = 1): max(0, 0 - 3, 1 - 1) = 0 → 1 */
	r = prob("<i></i><i></i><i></i><div data-k=n></div><i></i>", "<div data-k=n></div><i></i>", &p);
	want = 0.5 * p.not_classes + 0.2 * 1 + 0.2 * 1 + 0.1 * p.not_children;
	CHECK(NEAR(r, want), "position, fewer in the peer: %g, want %g", r, want);
	/* c' > c: the 1st of 2 vs the 3rd of 3: max(0, 0 - 2, 1 - 0) = 1 → 1 - 1/2 */
	r = prob("<div data-k=n></div><i></i>", "<i></i><i></i><div data-k=n></div>", &p);
	want = 0.5 * p.not_classes + 0.2 * 0.5 + 0.2 * 1 + 0.1 * p.not_children;
	CHECK(NEAR(r, want), "position, shifted: %g, want %g", r, want);
	/* children: min / max */
	r = prob("<ul data-k=n><li><li></ul>", "<ul data-k=n><li><li><li><li><li></ul>", &p);
	want = 0.5 * p.not_classes + 0.2 * 1 + 0.2 * 1 + 0.1 * (2.0 / 5);
	CHECK(NEAR(r, want), "children: %g, want %g", r, want);
	/* attributes: names only (values do not count), class and id left out */
	r = prob("<a data-k=n href=/x title=a id=p1>x</a>", "<a data-k=n href=/y rel=r id=p2>x</a>", &p);
	want = 0.5 * p.not_classes + 0.2 * 1 + 0.2 * (2.0 / 4) + 0.1 * 1;
	CHECK(NEAR(r, want), "attribute names: %g, want %g", r, want);
}

static void
test_params(void)
{
	td_etdm_params p;

	td_etdm_params_default(&p);
	CHECK(td_etdm_check_params(&env, &p) == TD_OK, "defaults are valid");
	p.similarity_threshold = NAN;
	CHECK(td_etdm_check_params(&env, &p) == TD_EARG && strstr(env.errmsg, "similarity_threshold"), "NaN");
	td_etdm_params_default(&p);
	p.not_classes = 1.5;
	CHECK(td_etdm_check_params(&env, &p) == TD_EARG && strstr(env.errmsg, "not_classes"), "%s", env.errmsg);
	td_etdm_params_default(&p);
	p.w_children = 0.3;
	CHECK(td_etdm_check_params(&env, &p) == TD_EARG && strstr(env.errmsg, "must be 1"), "%s", env.errmsg);
}

/* The keys (data-k) of the key nodes mapped onto a peer, in order, as "a b c". */
static void
mapped_keys(const char *key, const char *peer, const td_etdm_params *p, char *out)
{
	td_tree    *kt = parse(key),
			   *pt = parse(peer);
	td_etdm_page kp,
				pp;
	uint32_t   *match = malloc(sizeof(uint32_t) * kt->n_nodes);
	uint32_t	i,
				len;

	td_etdm_page_build(kt, p, &kp);
	td_etdm_page_build(pt, p, &pp);
	CHECK(td_etdm_map(&kp, &pp, p, match) == TD_OK, "map");
	out[0] = 0;
	for (i = 0; i < kt->n_nodes; i++)
	{
		const char *v = kt->nodes[i].kind == TD_ELEM ? td_node_attr(kt, i, "data-k", &len) : NULL;

		if (v && match[i] != TD_NONE)
		{
			const char *w = td_node_attr(pt, match[i], "data-k", &len);

			strncat(out, v, len);
			strcat(out, "=");
			if (w)
				strncat(out, w, len);
			strcat(out, " ");
		}
	}
	free(match);
	td_etdm_page_free(&kp);
	td_etdm_page_free(&pp);
	td_tree_free(kt);
	td_tree_free(pt);
}

static void
test_mapping(void)
{
	td_etdm_params p;
	char		got[1024];

	td_etdm_params_default(&p);
	/* top-down: a child maps only under mapped parents */
	mapped_keys("<div data-k=a class=m><p data-k=b>x</p></div>",
				"<div data-k=A class=m><p data-k=B>y</p></div>", &p, got);
	CHECK(strcmp(got, "a=A b=B ") == 0, "nested: %s", got);
	mapped_keys("<div data-k=a class=m><p data-k=b>x</p></div>",
				"<div data-k=A class=other title=t><p data-k=B>x</p></div>", &p, got);
	CHECK(strcmp(got, "") == 0, "parent not mapped, child not either: %s", got);
	/* the best pair first, then before/after: order kept */
	mapped_keys("<p data-k=a class=x></p><p data-k=b class=y></p><p data-k=c class=z></p>",
				"<p data-k=C class=z></p><p data-k=A class=x></p><p data-k=B class=y></p>", &p, got);
	CHECK(strcmp(got, "a=A b=B ") == 0, "order kept: %s", got);
	p.activate_position = 0;
	mapped_keys("<p data-k=a class=x></p><p data-k=b class=y></p><p data-k=c class=z></p>",
				"<p data-k=C class=z></p><p data-k=A class=x></p><p data-k=B class=y></p>", &p, got);
	CHECK(strcmp(got, "a=A b=B c=C ") == 0, "order free: %s", got);
	p.activate_position = 1;
	/* the threshold: a weak pair is not mapped */
	mapped_keys("<section data-k=a class=x></section>", "<section data-k=A class=y title=t></section>", &p, got);
	CHECK(strcmp(got, "") == 0, "below the threshold: %s", got);
	p.similarity_threshold = 0.2;
	mapped_keys("<section data-k=a class=x></section>", "<section data-k=A class=y title=t></section>", &p, got);
	CHECK(strcmp(got, "a=A ") == 0, "above a lower threshold: %s", got);
	td_etdm_params_default(&p);
	/* inserted nodes in the peer: the rest still maps around them */
	mapped_keys("<li data-k=a class=i></li><li data-k=b class=i></li>",
				"<li data-k=A class=i></li><b></b><b></b><li data-k=B class=i></li>", &p, got);
	CHECK(strcmp(got, "a=A b=B ") == 0, "around insertions: %s", got);
}

/* Text of key without the template of the peers at t votes, or the template HTML. */
static void
vote(const char *key, const char **peers, int n, uint32_t t, int as_html, char *out)
{
	td_tree    *kt = parse(key);
	td_etdm_params p;
	td_etdm		e;
	uint8_t    *marks = calloc(kt->n_nodes, 1);
	td_buf		b;
	int			k;
	uint32_t	i;

	td_etdm_params_default(&p);
	CHECK(td_etdm_init(&e, kt, &p) == TD_OK, "init");
	for (k = 0; k < n; k++)
	{
		td_tree    *pt = parse(peers[k]);

		CHECK(td_etdm_add_peer(&e, pt) == TD_OK, "add");
		td_tree_free(pt);
	}
	CHECK(td_etdm_marks(&e, 0, marks, NULL) == TD_EARG, "t = 0");
	CHECK(td_etdm_marks(&e, (uint32_t) n + 1, marks, NULL) == TD_EARG, "t > n");
	CHECK(td_etdm_marks(&e, t, as_html ? marks : NULL, as_html ? NULL : marks) == TD_OK, "marks");
	td_buf_init(&b, &env);
	if (as_html)
	{
		for (i = 0; i < kt->n_nodes; i++)
			marks[i] = !marks[i];
		td_render_html(kt, marks, &b);
	}
	else
		td_render_text(kt, marks, &b);
	td_buf_terminate(&b);
	strcpy(out, b.data ? b.data : "");
	td_buf_free(&b);
	free(marks);
	td_etdm_free(&e);
	td_tree_free(kt);
}

static void
test_votes(void)
{
	const char *key = "<nav class=m>Home</nav><footer class=f>Shop</footer><main>Key text</main>";
	const char *peers[3] = {
		"<nav class=m>Home</nav><footer class=f>Shop</footer><main>One</main>",
		"<nav class=m>Home</nav><footer class=g>Elsewhere</footer><main>Two</main>",
		"<aside>Three</aside>",
	};
	char		got[1024];

	vote(key, peers, 3, 1, 0, got);
	CHECK(strcmp(got, "Key text") == 0, "t = 1: %s", got);
	vote(key, peers, 3, 2, 0, got);
	CHECK(strcmp(got, "Shop\nKey text") == 0, "t = 2: %s", got);
	vote(key, peers, 3, 3, 0, got);
	CHECK(strcmp(got, "Home\nShop\nKey text") == 0, "t = 3: %s", got);
	vote(key, peers, 3, 2, 1, got);
	CHECK(strcmp(got, "<!DOCTYPE html><html><body><nav class=\"m\">Home</nav><main></main></body></html>") == 0,
		  "template at t = 2: %s", got);
}

/* init + 3 peers + marks with the given env; the trees come from env too. */
static td_status
run_all(td_env *e, const char *key, const char *peer, uint32_t t, uint8_t *marks)
{
	td_tree    *kt = parse_in(&env, key, 0),
			   *pt = parse_in(&env, peer, 0);
	td_etdm_params p;
	td_etdm		v;
	td_status	st;
	int			k;

	kt->env = e;				/* the trees were parsed with malloc; the ETDM runs on e */
	pt->env = e;
	td_etdm_params_default(&p);
	if ((st = td_etdm_init(&v, kt, &p)) == TD_OK)
	{
		for (k = 0; k < 3 && st == TD_OK; k++)
			st = td_etdm_add_peer(&v, pt);
		if (st == TD_OK)
			st = td_etdm_marks(&v, t, marks, NULL);
		td_etdm_free(&v);
	}
	kt->env = &env;
	pt->env = &env;
	td_tree_free(kt);
	td_tree_free(pt);
	return st;
}

static void
test_enomem_and_interrupt(void)
{
	const char *key = "<ul class='m x'><li>a<li>b<li>c</ul><div id=c title=t><p>text</p></div>";
	const char *peer = "<ul class=m><li>a<li>b</ul><div id=c><p>other</p><p>more</p></div>";
	uint8_t		want[64],
				got[64];
	counting	c = {0, -1, 0};
	td_env		e = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	long		k;
	int			ok_at = -1;

	memset(want, 0, sizeof(want));
	memset(got, 0, sizeof(got));
	CHECK(run_all(&env, key, peer, 2, want) == TD_OK, "reference run");
	for (k = 0; k < 1000 && ok_at < 0; k++)
	{
		td_status	st;

		c.budget = k;
		c.live = 0;
		st = run_all(&e, key, peer, 2, got);
		CHECK(c.live == 0, "budget %ld: %ld blocks leaked", k, c.live);
		if (st == TD_OK)
			ok_at = (int) k;
		else
			CHECK(st == TD_ENOMEM, "budget %ld: status %d", k, st);
	}
	CHECK(ok_at > 3, "succeeds once allocations suffice (%d)", ok_at);
	CHECK(memcmp(want, got, sizeof(want)) == 0, "same marks after the failures");

	/* a peer whose own env fails: its message reaches the key's env */
	{
		td_tree    *kt = parse(key),
				   *pt = parse(peer);
		td_etdm_params p;
		td_etdm		v;

		td_etdm_params_default(&p);
		c.budget = 0;
		c.live = 0;
		pt->env = &e;
		env.errmsg[0] = 0;
		CHECK(td_etdm_init(&v, kt, &p) == TD_OK, "init");
		CHECK(td_etdm_add_peer(&v, pt) == TD_ENOMEM && strstr(env.errmsg, "out of memory") && v.peers == 0,
			  "peer ENOMEM reported in the key's env: '%s'", env.errmsg);
		td_etdm_free(&v);
		pt->env = &env;
		td_tree_free(kt);
		td_tree_free(pt);
		CHECK(c.live == 0, "nothing leaked");
	}

	c.budget = -1;
	c.interrupt = 1;
	CHECK(run_all(&e, key, peer, 2, got) == TD_EINTR && c.live == 0, "interrupted, nothing leaked");
}

static void
test_deep_and_wide(void)
{
	enum
	{
		DEPTH = 100000, ITEMS = 3000
	};
	char	   *html = malloc(DEPTH * 11 + 64),
			   *q = html;
	td_tree    *kt,
			   *pt;
	td_etdm_params p;
	td_etdm		e;
	uint8_t    *marks;
	uint32_t	i,
				n_tmpl = 0;
	int			k;

	for (k = 0; k < DEPTH; k++)
		q += sprintf(q, "<div>");
	q += sprintf(q, "deep");
	*q = 0;
	kt = parse_in(&env, html, DEPTH + 10);
	pt = parse_in(&env, html, DEPTH + 10);
	CHECK(kt && kt->n_nodes > DEPTH, "deep tree parsed (%u nodes)", kt ? kt->n_nodes : 0);
	td_etdm_params_default(&p);
	CHECK(td_etdm_init(&e, kt, &p) == TD_OK && td_etdm_add_peer(&e, pt) == TD_OK, "deep ETDM");
	marks = calloc(kt->n_nodes, 1);
	td_etdm_marks(&e, 1, marks, NULL);
	for (i = 0; i < kt->n_nodes; i++)
		n_tmpl += marks[i];
	CHECK(n_tmpl == kt->n_nodes, "a deep page maps onto itself entirely (%u of %u)", n_tmpl, kt->n_nodes);
	free(marks);
	td_etdm_free(&e);
	td_tree_free(kt);
	td_tree_free(pt);
	free(html);

	/* wide lists take the banded comparison: identical lists still map whole */
	html = malloc(ITEMS * 32 + 64);
	q = html + sprintf(html, "<ul>");
	for (k = 0; k < ITEMS; k++)
		q += sprintf(q, "<li>item %d</li>", k);
	kt = parse(html);
	q = html + sprintf(html, "<ul><li>new</li>");
	for (k = 0; k < ITEMS; k++)
		q += sprintf(q, "<li>item %d</li>", k);
	pt = parse(html);
	CHECK(td_etdm_init(&e, kt, &p) == TD_OK && td_etdm_add_peer(&e, pt) == TD_OK, "wide ETDM");
	marks = calloc(kt->n_nodes, 1);
	td_etdm_marks(&e, 1, NULL, marks);
	{
		td_buf		b;

		td_buf_init(&b, &env);
		td_render_text(kt, marks, &b);
		CHECK(b.len == 0, "a shifted wide list maps whole (%zu bytes left)", b.len);
		td_buf_free(&b);
	}
	free(marks);
	td_etdm_free(&e);
	td_tree_free(kt);
	td_tree_free(pt);
	free(html);
}

int
main(void)
{
	td_env_default(&env);
	test_equality();
	test_params();
	test_mapping();
	test_votes();
	test_enomem_and_interrupt();
	test_deep_and_wide();
	return check_done("test_etdm");
}
