/*
 * test_pagelevel.c — page-level detection (pagelevel.h) with an explicit
 * small model built here (so nothing depends on the default model's
 * numbers): exact drops on a hand page with a nav, an article and a footer;
 * segments start exactly where the smoothed score changes and nest; hidden
 * small nodes take their shown ancestor's score; penalty 0 reproduces the
 * scores, a huge penalty leaves one segment; the default model loads and
 * scores in [0, 1]; dialogs and screen-reader-only text dropped whatever
 * the model says; an empty page; a 100,000-deep page (no recursion);
 * allocation failure at every k (TD_ENOMEM, no leak); interrupts; invalid
 * options (TD_EARG); the no-profile decisions (the fallback, its start by
 * page type, the expected-F1 threshold) on scores set by hand.
 */
#include <math.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "page/isotonic.h"
#include "page/pagelevel.h"
#include "base/tags.h"
#include "base/tree.h"
#include "page/default_model.h"
#include "page/logreg_json.h"

static td_env env;

static const char page_html[] =
	"<html><head><title>A page</title><script>var x = 1;</script></head><body>"
	"<nav><a href=/>Home</a> <a href=/news>News</a> <a href=/about>About us</a></nav>"
	"<div><h1>The article title</h1>"
	"<p>An article of some length, with sentences that say things. It goes on for a while, "
	"as articles do, so that its area is large.</p>"
	"<p>A second paragraph follows the first one; it has <b>bold</b> words and a "
	"<a href=/x>link</a> too. Then it ends.</p></div>"
	"<footer><a href=/c>Copyright 2024 Example</a> <a href=/p>Privacy</a></footer>"
	"</body></html>";

static td_tree *
parse_env(td_env *e, const char *html, size_t len, uint32_t max_depth)
{
	td_tree    *t = NULL;
	td_limits	lim;

	td_limits_default(&lim);
	if (max_depth)
		lim.max_depth = max_depth;
	CHECK(td_parse_html(e, html, len, "UTF-8", &lim, &t) == TD_OK, "parse: %s", e->errmsg);
	return t;
}

static td_tree *
parse(const char *html)
{
	return parse_env(&env, html, strlen(html), 0);
}

/* template = inside nav/footer: sigmoid(10 * in_template_area - 5) */
static void
small_model(td_logreg *m)
{
	td_logreg_init(m);
	for (int c = 0; c < TD_N_SIZE_CLASSES; c++)
	{
		m->cls[c].bias = -5;
		m->cls[c].weight[TD_FEAT_IN_TEMPLATE_AREA] = 10;
	}
}

/* 1 when node i is nav/footer or inside one. */
static int
in_tag(const td_tree *t, uint32_t i)
{
	for (; i != TD_NONE; i = t->nodes[i].parent)
		if (t->nodes[i].kind == TD_ELEM &&
			((t->nodes[i].str_len == 3 && memcmp(td_node_str(t, i), "nav", 3) == 0) ||
			 (t->nodes[i].str_len == 6 && memcmp(td_node_str(t, i), "footer", 6) == 0)))
			return 1;
	return 0;
}

/* Invariants of any result: segments, smooth of hidden nodes, drops. */
static void
check_structure(const td_tree *t, const td_page_marks *m, double threshold)
{
	bool		seg_ok = true,
				nest_ok = true,
				drop_ok = true,
				range_ok = true;

	CHECK(m->n_nodes == t->n_nodes, "n_nodes");
	CHECK(m->seg_start[0] == 1 && m->segment[0] == 0 && m->drop[0] == 0, "root");
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];
		uint32_t	p = nd->parent;
		bool		anc = false;

		if (nd->kind == TD_TEXT)
		{
			range_ok &= m->smooth[i] == -1 && m->score[i] == -1 && !m->seg_start[i];
			seg_ok &= m->segment[i] == m->segment[p];
		}
		else
		{
			range_ok &= m->smooth[i] >= 0 && m->smooth[i] <= 1 &&
				(m->score[i] == -1 || (m->score[i] >= 0 && m->score[i] <= 1));
			/* a segment starts exactly where the smoothed score changes */
			seg_ok &= (m->seg_start[i] != 0) == (m->smooth[i] != m->smooth[p]);
			/* y(parent) <= y(child) */
			seg_ok &= m->smooth[p] <= m->smooth[i];
			seg_ok &= m->segment[i] == (m->seg_start[i] ? i : m->segment[p]);
			drop_ok &= m->drop[i] == (m->drop[p] || m->smooth[i] >= threshold);
		}
		for (uint32_t a = i; a != TD_NONE; a = t->nodes[a].parent)
			anc |= a == m->segment[i];
		nest_ok &= anc && m->seg_start[m->segment[i]];
		if (nd->kind == TD_TEXT)
			drop_ok &= m->drop[i] == m->drop[p];
	}
	CHECK(range_ok, "score and smooth ranges");
	CHECK(seg_ok, "segments start where the smoothed score changes");
	CHECK(nest_ok, "a node's segment starts at an ancestor-or-self");
	CHECK(drop_ok, "drops: smooth >= threshold, with subtrees");
}

static void
test_hand_page(void)
{
	td_tree    *t = parse(page_html);
	td_logreg	model;
	td_page_opts o;
	td_page_marks m;
	bool		exact = true,
				hidden_ok = true,
				page_ok = true,
				same = true;
	int			n_seg = 0,
				n_hidden = 0;

	small_model(&model);
	td_page_opts_default(&o);
	CHECK(o.penalty == 0.01 && o.threshold == 0.5 && o.min_area > 0, "defaults");

	/* every non-empty element shown */
	o.min_area = 1;
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		exact &= m.drop[i] == in_tag(t, i);
		/* segments in the template: at nav and footer themselves */
		if (in_tag(t, i) && m.seg_start[i])
			n_seg += 1 + !in_tag(t, t->nodes[i].parent) * 100;
	}
	CHECK(exact, "exactly nav and footer dropped");
	CHECK(n_seg == 202, "segments start at nav and footer and nowhere inside: %d", n_seg);
	td_page_marks_free(t, &m);

	/* default min_area: the links are hidden, take their ancestor's value */
	td_page_opts_default(&o);
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		uint32_t	a = t->nodes[i].parent;

		exact &= m.drop[i] == 0 || in_tag(t, i);
		if (t->nodes[i].kind != TD_ELEM || m.score[i] != -1)
			continue;
		n_hidden++;
		while (a != 0 && m.score[a] == -1)
			a = t->nodes[a].parent;
		hidden_ok &= m.smooth[i] == m.smooth[a];
		if (t->nodes[i].tag == TD_TAG_HTML || t->nodes[i].tag == TD_TAG_BODY)
			page_ok &= m.smooth[i] == m.smooth[0] && m.drop[i] == 0 && m.area[i] >= o.min_area;
		else
			hidden_ok &= m.area[i] < o.min_area || (t->nodes[i].flags & (TD_F_HIDDEN | TD_F_INHIDDEN));
	}
	/* <html> and <body> are the page: rolled into the root, never dropped */
	CHECK(page_ok, "html and body take the root's value");
	CHECK(n_hidden >= 5, "hidden small elements: %d", n_hidden);
	CHECK(hidden_ok, "hidden elements take their shown ancestor's smoothed score");
	CHECK(exact, "nothing outside nav/footer dropped");
	td_page_marks_free(t, &m);

	/* penalty 0, exact levels: y = x (the scores are monotone down the tree) */
	td_page_opts_default(&o);
	o.min_area = 1;
	o.penalty = 0;
	o.levels = 0;
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	for (uint32_t i = 1; i < t->n_nodes; i++)
		if (m.score[i] >= 0)
			same &= m.smooth[i] == m.score[i];
	CHECK(same, "penalty 0: smoothed = classifier scores");
	td_page_marks_free(t, &m);

	/*
	 * huge penalty: one segment, nothing dropped (the root is content), but
	 * the page's <footer>: apart, a segment of its own, dropped
	 */
	o.penalty = 1e12;
	o.levels = TD_ISO_DEFAULT_LEVELS;
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	n_seg = 0;
	for (uint32_t i = 0, foot = TD_NONE; i < t->n_nodes; i++)
	{
		if (t->nodes[i].tag == TD_TAG_FOOTER)
			foot = i;
		n_seg += m.seg_start[i];
		if (foot != TD_NONE && i < t->nodes[foot].end)
			exact &= m.drop[i] == 1 && m.segment[i] == foot;
		else
			exact &= m.drop[i] == 0 && m.segment[i] == 0;
	}
	CHECK(n_seg == 2 && exact, "huge penalty: one segment and the footer's (%d), no other drop", n_seg);
	td_page_marks_free(t, &m);
	td_tree_free(t);
}

static void
test_default_model(void)
{
	td_tree    *t = parse(page_html);
	const td_logreg *dm = td_default_model();
	td_page_opts o;
	td_page_marks m;
	td_buf		b;
	td_logreg	back;
	int			shown = 0;

	CHECK(dm != NULL, "default model");
	CHECK(dm == td_default_model(), "the same model each call");
	td_buf_init(&b, &env);
	CHECK(td_logreg_serialize(dm, &b) == TD_OK, "serialize");
	CHECK(td_logreg_parse(&env, b.data, b.len, &back) == TD_OK, "parse back: %s", env.errmsg);
	CHECK(memcmp(&back, dm, sizeof(back)) == 0, "round trip");
	td_buf_free(&b);
	td_page_opts_default(&o);
	CHECK(td_page_level(t, NULL, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	for (uint32_t i = 0; i < m.n_nodes; i++)
		shown += m.score[i] >= 0;
	CHECK(shown > 2, "scored elements: %d", shown);
	td_page_marks_free(t, &m);
	td_tree_free(t);
}

static void
test_empty_and_deep(void)
{
	td_tree    *t = parse("");
	td_page_opts o;
	td_page_marks m;
	td_logreg	model;
	size_t		depth = 100000,
				len = depth * 11 + 64;
	char	   *html = malloc(len),
			   *p = html;
	uint32_t	deepest = 0;
	bool		ok = true;

	small_model(&model);
	td_page_opts_default(&o);
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "empty page: %s", env.errmsg);
	CHECK(t->n_nodes == 0 || (m.drop[0] == 0 && m.seg_start[0] == 1), "empty page marks");
	td_page_marks_free(t, &m);
	td_tree_free(t);

	p += sprintf(p, "<nav>");
	for (size_t i = 0; i < depth; i++)
		p += sprintf(p, "<div>");
	p += sprintf(p, "some deep text here, long enough to have an area of forty or more");
	t = parse_env(&env, html, p - html, 200000);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].depth > deepest)
			deepest = t->nodes[i].depth;
	CHECK(deepest >= depth, "deep tree: %u", deepest);
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "deep page: %s", env.errmsg);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].depth >= 3)
			ok &= m.drop[i] == 1;
	CHECK(ok, "the deep nav is dropped");
	td_page_marks_free(t, &m);
	td_tree_free(t);
	free(html);
}

/*
 * td_combine_drops: the union, except that page level drops nothing of the
 * main region (keep) nor what holds it, and nothing at all when the region
 * holds under min_region_share of the visible text site level keeps.
 * Visible text: the div 42 characters, the ul 20, the nav 10.
 */
#define COMBINE_PAGE "<body><main><div><p>aaaaaaaaaa bbbbbbbbbb</p><p>cccccccccc dddddddddd</p></div>" \
	"<ul><li>eeeeeeeeee</li><li>ffffffffff</li></ul></main><nav>gggggggggg</nav></body>"

static void
mark_subtree(const td_tree *t, enum td_tag_id tag, uint8_t *marks)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
		if (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag == tag)
			memset(marks + i, 1, t->nodes[i].end - i);
}

static void
test_combine(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t = parse_env(&cenv, COMBINE_PAGE, strlen(COMBINE_PAGE), 0);
	uint32_t	n = t->n_nodes;
	uint8_t    *site = calloc(n, 1),
			   *page = calloc(n, 1),
			   *keep = calloc(n, 1),
			   *drop = malloc(n),
			   *want = calloc(n, 1);

	/* site drops the nav; page level drops all of main; the region is the div */
	mark_subtree(t, TD_TAG_NAV, site);
	mark_subtree(t, TD_TAG_MAIN, page);
	mark_subtree(t, TD_TAG_DIV, keep);
	mark_subtree(t, TD_TAG_NAV, want);
	mark_subtree(t, TD_TAG_UL, want);
	CHECK(td_combine_drops(t, site, page, keep, 0.6, drop) == TD_OK, "combine");
	CHECK(memcmp(drop, want, n) == 0,
		  "region 42/62 >= 0.6: page level drops the ul, neither the div nor main that holds it");
	{
		uint8_t    *why = malloc(n),
				   *site_why = calloc(n, 1),
				   *page_why = calloc(n, 1),
				   *drop2 = malloc(n);
		int			ok = 1;

		for (uint32_t i = 0; i < n; i++)
		{
			site_why[i] = site[i] ? (i > 0 && site[t->nodes[i].parent] ? TD_REASON_INSIDE : TD_REASON_SITE_SHARE) : 0;
			page_why[i] = page[i] ? (i > 0 && page[t->nodes[i].parent] ? TD_REASON_INSIDE : TD_REASON_PAGE_SCORE) : 0;
		}
		CHECK(td_combine_explained(t, site, site_why, page, page_why, keep, 0.6, drop2, why) == TD_OK &&
			  memcmp(drop, drop2, n) == 0, "explained: the same drops");
		for (uint32_t i = 0; i < n; i++)
		{
			const td_node *nd = &t->nodes[i];
			uint8_t		w = nd->kind != TD_ELEM ? why[i] :
				nd->tag == TD_TAG_NAV ? TD_REASON_SITE_SHARE :
				nd->tag == TD_TAG_MAIN ? TD_REASON_MAIN_REGION :
				nd->tag == TD_TAG_UL ? TD_REASON_PAGE_SCORE :
				nd->tag == TD_TAG_LI ? TD_REASON_INSIDE : why[i];

			if (!(why[i] == w && (drop2[i] != 0) == td_reason_removes(why[i])))
				printf("# node %u %.*s: why %s, want %s, drop %d\n", i, (int) nd->str_len,
					   td_node_str(t, i), td_reason_name(why[i]), td_reason_name(w), drop2[i]);
			ok &= why[i] == w && (drop2[i] != 0) == td_reason_removes(why[i]);
		}
		CHECK(ok, "nav by its share, ul by its score, its items inside it, main kept as the region");
		CHECK(td_combine_explained(t, site, site_why, page, page_why, keep, 0.7, drop2, why) == TD_OK,
			  "combine");
		for (uint32_t i = 0; i < n; i++)
			ok &= t->nodes[i].kind != TD_ELEM || t->nodes[i].tag != TD_TAG_UL ||
				why[i] == TD_REASON_SMALL_REGION;
		CHECK(ok, "region 42/62 < 0.7: the ul kept, page level not applied");
		free(why);
		free(site_why);
		free(page_why);
		free(drop2);
	}
	CHECK(td_combine_drops(t, site, page, keep, 0.7, drop) == TD_OK, "combine");
	CHECK(memcmp(drop, site, n) == 0, "region 42/62 < 0.7: site level alone");
	memset(keep, 0, n);
	CHECK(td_combine_drops(t, site, page, keep, 0, drop) == TD_OK, "combine");
	for (uint32_t i = 0; i < n; i++)
		want[i] = site[i] || page[i];
	CHECK(memcmp(drop, want, n) == 0, "an empty region at share 0: the union");
	CHECK(td_combine_drops(t, site, page, keep, 0.15, drop) == TD_OK &&
		  memcmp(drop, site, n) == 0, "an empty region at share 0.15: site level alone");
	CHECK(td_combine_drops(t, site, page, NULL, 0.15, drop) == TD_OK &&
		  memcmp(drop, want, n) == 0, "no region: the union");
	CHECK(td_combine_drops(t, NULL, page, keep, 0.15, drop) == TD_OK && memcmp(drop, page, n) == 0,
		  "no site marks: page level alone");
	/* out of memory: TD_ENOMEM, nothing leaked */
	mark_subtree(t, TD_TAG_DIV, keep);
	for (long budget = 0; budget < 2; budget++)
	{
		c.budget = budget;
		CHECK(td_combine_drops(t, site, page, keep, 0.15, drop) == TD_ENOMEM,
			  "out of memory after %ld allocations", budget);
	}
	c.budget = -1;
	free(keep);
	free(site);
	free(page);
	free(drop);
	free(want);
	td_tree_free(t);
	CHECK(c.live == 0, "no leak");
}

/* ---- allocation failures, interrupts, options --------------------------- */

/* Element i with id="id". */
static uint32_t
by_id(const td_tree *t, const char *id)
{
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		uint32_t	len;
		const char *v = td_node_attr(t, i, "id", &len);

		if (v && len == strlen(id) && memcmp(v, id, len) == 0)
			return i;
	}
	return TD_NONE;
}

/*
 * Apart from the page: a <dialog> (open or not), role dialog or alertdialog
 * (the first token, any case; aria-modal="false" beside it changes nothing),
 * aria-modal="true" and a screen-reader-only class token score 1 whatever
 * the model says, each a segment of its own, dropped with everything in
 * them, whatever their size (a dialog holding most of the page's text is a
 * cookie dialog's vendor list); aria-modal="false" alone, a role whose first
 * token is another and a class that only starts like one (or in other case)
 * are the model's.
 */
#define DIALOG_ARTICLE "<p>An article of some length, with sentences that say things. " \
	"It goes on for a while, as articles do, so that its area is large, larger than " \
	"all the boxes below together, which matters for the last rule tested here.</p>"

static void
test_dialogs(void)
{
	static const char *const dropped[] = {"b", "c", "d", "e", "f", "i", "j", "k"},
			   *const kept[] = {"a", "g", "h", "l", "m"};
	td_tree    *t = parse("<body><div id=a>" DIALOG_ARTICLE "</div>"
						  "<div id=b role=\" Dialog \"><p>We use cookies here.</p>"
						  "<div><p>Accept all cookies</p></div></div>"
						  "<div id=c aria-modal=\" true \"><p>Sign up for our newsletter.</p></div>"
						  "<dialog id=d><p>A closed dialog is not rendered.</p></dialog>"
						  "<div id=e role=alertdialog><p>Your session expires soon.</p></div>"
						  "<dialog id=f open><p>An open dialog, a window still.</p></dialog>"
						  "<div id=g aria-modal=false><p>Not modal, a box of text.</p></div>"
						  "<div id=h role=\"region dialog\"><p>A region with a dialog.</p></div>"
						  "<div id=i role=dialog aria-modal=False><p>A pop-up plugin's box.</p></div>"
						  "<div id=j class=\"card  sr-only\"><p>Regular price, sale price</p></div>"
						  "<div id=k class=screen-reader-text><p>Opens in a new window</p></div>"
						  "<div id=l class=sr-only-focusable-x><p>Skip to the content</p></div>"
						  "<div id=m class=Visually-Hidden><p>Another case, another class</p></div>"
						  "</body>");
	td_logreg	model;
	td_page_opts o;
	td_page_marks m;

	small_model(&model);
	for (int pass = 0; pass < 2; pass++)
	{
		td_page_opts_default(&o);
		if (pass)
			o.min_area = 1;
		CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
		check_structure(t, &m, o.threshold);
		for (size_t k = 0; k < 8; k++)
		{
			uint32_t	i = by_id(t, dropped[k]),
						d;
			bool		inside = true;

			CHECK(i != TD_NONE && m.drop[i] && m.smooth[i] == 1 && m.seg_start[i] &&
				  m.reason[i] == TD_REASON_PAGE_SCORE,
				  "#%s apart: dropped, scored 1, its own segment", dropped[k]);
			for (d = i + 1; i != TD_NONE && d < t->nodes[i].end; d++)
				inside &= m.drop[d] && m.segment[d] == i &&
					(t->nodes[d].kind == TD_TEXT || m.smooth[d] == 1);
			CHECK(inside, "everything in #%s dropped with it", dropped[k]);
		}
		for (size_t k = 0; k < 5; k++)
		{
			uint32_t	i = by_id(t, kept[k]);

			CHECK(i != TD_NONE && !m.drop[i] && m.smooth[i] < o.threshold,
				  "#%s is the model's: kept", kept[k]);
		}
		td_page_marks_free(t, &m);
	}
	td_tree_free(t);

	/* a dialog that holds most of the page is apart all the same */
	t = parse("<body><div id=b role=dialog>" DIALOG_ARTICLE "</div><p id=s>A short line.</p></body>");
	td_page_opts_default(&o);
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	CHECK(2 * (uint64_t) m.visible[by_id(t, "b")] > m.visible[0], "the dialog over half the page");
	CHECK(m.drop[by_id(t, "b")] && m.smooth[by_id(t, "b")] == 1 && m.seg_start[by_id(t, "b")],
		  "a page-sized dialog is apart");
	CHECK(m.smooth[by_id(t, "s")] < 1 && m.segment[by_id(t, "s")] != by_id(t, "b"), "the line outside it is the model's");
	td_page_marks_free(t, &m);
	td_tree_free(t);
}

/*
 * Page level (the default options, small_model) on t: each element of
 * dropped[] is apart (dropped, scored 1, its own segment), each of kept[]
 * the model's; frees t.
 */
static void
check_apart(td_tree *t, const char *const *dropped, size_t n_dropped,
			const char *const *kept, size_t n_kept, const char *what)
{
	td_logreg	model;
	td_page_opts o;
	td_page_marks m;

	small_model(&model);
	td_page_opts_default(&o);
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	check_structure(t, &m, o.threshold);
	for (size_t k = 0; k < n_dropped; k++)
	{
		uint32_t	i = by_id(t, dropped[k]);

		CHECK(i != TD_NONE && m.drop[i] && m.smooth[i] == 1 && m.seg_start[i],
			  "#%s %s: apart, dropped", dropped[k], what);
	}
	for (size_t k = 0; k < n_kept; k++)
	{
		uint32_t	i = by_id(t, kept[k]);

		CHECK(i != TD_NONE && m.smooth[i] < 1, "#%s is the model's", kept[k]);
	}
	td_page_marks_free(t, &m);
	td_tree_free(t);
}

/*
 * Page level (the default options, small_model) on html: the smoothed score
 * of the element whose id is id, and in *share its visible characters over
 * the page's.
 */
static float
smooth_of(const char *html, const char *id, double *share)
{
	td_tree    *t = parse(html);
	td_logreg	model;
	td_page_opts o;
	td_page_marks m;
	float		y = -1;

	small_model(&model);
	td_page_opts_default(&o);
	CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	if (m.smooth)
	{
		y = m.smooth[by_id(t, id)];
		*share = (double) m.visible[by_id(t, id)] / m.visible[0];
	}
	td_page_marks_free(t, &m);
	td_tree_free(t);
	return y;
}

/*
 * Hidden by its inline style (display:none, any case and spacing) and apart
 * from the page: a gallery's captions, a slide-in's form.  Spared, the
 * model's: what a control on the page shows (a role or aria-* attribute; an
 * id that an href, aria-controls token, data-target or data-bs-target names;
 * a class part starting with a disclosure word: tab-pane, chakra-collapse,
 * faq-answer), another style (visibility:hidden), and a hidden element that
 * holds the page's main block: a page that shows its content by script.
 */
static void
test_hidden_apart(void)
{
	static const char *const dropped[] = {"n", "o", "w"},
			   *const kept[] = {"p", "q", "r", "s", "t", "v", "x", "y", "z"};
	td_tree    *t = parse("<body><div id=a>" DIALOG_ARTICLE "</div>"
						  "<div id=n style=\"color: red; DISPLAY : none\"><p>Sign up for the newsletter</p></div>"
						  "<cite id=o style=display:none><p>Photo: a caption of a slide</p></cite>"
						  "<div id=p class=\"tab-pane fade\" style=display:none><p>Specifications of it</p></div>"
						  "<div id=q class=chakra-collapse style=display:none><p>Answer to a question</p></div>"
						  "<div id=r role=region style=display:none><p>A region shown on demand</p></div>"
						  "<div id=s aria-labelledby=h style=display:none><p>A labelled panel of text</p></div>"
						  "<a href=\"#t\">Show more</a><div id=t style=display:none><p>The rest of the story</p></div>"
						  "<button aria-controls=\"u v\">Open</button><div id=v style=display:none><p>A panel of text</p></div>"
						  "<div id=w class=paytable style=display:none><p>Not a tab, a pay table</p></div>"
						  "<div id=x style=visibility:hidden><p>Hidden another way</p></div>"
						  "<div id=y data-bs-target=#z>Toggle</div><div id=z style=display:none><p>Opened by the toggle</p></div>"
						  "</body>");
	double		share = 0;
	float		y;

	check_apart(t, dropped, sizeof(dropped) / sizeof(dropped[0]), kept,
				sizeof(kept) / sizeof(kept[0]), "hidden");

	/* the article hidden, the rest a long list of links: the main block is not apart */
	y = smooth_of("<body><div id=a style=\"display:none\">" DIALOG_ARTICLE "</div><ul>"
			  "<li><a href=/1>First link of a long list of links</a></li>"
			  "<li><a href=/2>Second link of a long list of links</a></li>"
			  "<li><a href=/3>Third link of a long list of links</a></li>"
			  "<li><a href=/4>Fourth link of a long list of links</a></li>"
			  "<li><a href=/5>Fifth link of a long list of links</a></li>"
			  "<li><a href=/6>Sixth link of a long list of links</a></li>"
			  "<li><a href=/7>Seventh link of a long list of links</a></li></ul></body>", "a", &share);
	CHECK(2 * share <= 1, "the article under half the page");
	CHECK(y < 1, "a hidden main block is the model's");
}

/*
 * What a forum repeats around each post is apart: a signature (class token
 * "signature", "*-signature", "*_signature", "signature-*", postsignature,
 * signaturecontainer, any case), the poster's statistics and title and the
 * buttons under a post (XenForo's, vBulletin's, phpBB's, MyBB's class
 * names), with hidden text's guard: not
 * when it holds over half of the page.  A token with more after
 * "signature" is not one ("digital-signature-row", "e-signature-apis"), nor
 * a word that holds it ("signatures"), nor a statistics name with more
 * ("userstats-chart"); a dialog inside such an element is a window.
 */
static void
test_forum_furniture(void)
{
	static const char *const dropped[] = {"b", "c", "d", "e", "f", "g", "h", "i",
	"j", "k", "l", "m", "n", "o"},
			   *const kept[] = {"p", "q", "r", "s", "t"};
	td_tree    *t = parse("<body><div id=a>" DIALOG_ARTICLE "</div>"
						  "<div id=b class=signature><p>My rig: a blue bike</p></div>"
						  "<div id=c class=\"post-signature owner\"><p>asked May 2 by Kumiko</p></div>"
						  "<div id=d class=message-Signature><p>Sent from my phone</p></div>"
						  "<div id=e class=ipsEntry__signature><p>Moderator of this board</p></div>"
						  "<div id=f class=signature-content-wrapper><p>Ride on, friends</p></div>"
						  "<div id=g class=postsignature><p>Quote of the day here</p></div>"
						  "<div id=h class=signaturecontainer><p>Links to my shop</p></div>"
						  "<div id=i class=\"signature\" role=dialog><p>A dialog all the same</p></div>"
						  "<div id=j class=message-userExtras><p>Joined May 2, messages 90</p></div>"
						  "<div id=k class=\"x userinfo_extra\"><p>Posts: 1,024 and counting</p></div>"
						  "<dd id=l class=profile-posts><p>Posts: 9179 in this forum</p></dd>"
						  "<div id=m class=author_statistics><p>Threads 4, reputation 12</p></div>"
						  "<h5 id=n class=\"userTitle message-userTitle\">Senior Member</h5>"
						  "<div id=o class=\"message-actionBar actionBar\"><a>Reply</a> <a>Report</a></div>"
						  "<div id=p class=digital-signature-row><p>Signs documents online</p></div>"
						  "<div id=q class=e-signature-apis><p>An API for signing</p></div>"
						  "<div id=r class=signatures><p>Three hundred names signed</p></div>"
						  "<div id=s class=nosignature><p>A word that holds it</p></div>"
						  "<div id=t class=userstats-chart><p>A chart of the users</p></div>"
						  "</body>");
	double		share = 0;
	float		y;

	check_apart(t, dropped, sizeof(dropped) / sizeof(dropped[0]), kept,
				sizeof(kept) / sizeof(kept[0]), "a forum's furniture");

	/* a theme that wraps the thread in a signature class: the page, not apart */
	y = smooth_of("<body><div id=b class=signature>" DIALOG_ARTICLE "</div><p>A short line.</p></body>",
				  "b", &share);
	CHECK(2 * share > 1, "the signature over half the page");
	CHECK(y < 1, "a page-sized signature is the model's");
}

/*
 * A section that a heading names as other pages (rails.h) is apart: the
 * heading's wrapper and the cards after it, not what follows the next
 * heading; under the same words a section over half of the page is the
 * model's.
 */
static void
test_rails_apart(void)
{
	static const char *const dropped[] = {"r", "g"},
			   *const kept[] = {"a", "n"};
	td_tree    *t = parse("<body><div id=a>" DIALOG_ARTICLE "</div>"
						  "<div id=r><h2>You may also like</h2></div>"
						  "<ul id=g><li>Aspen pants, 95 euros</li><li>Terra set, 127 euros</li></ul>"
						  "<h2>Newsletter</h2><p id=n>Sign up for our letters.</p></body>");
	const char *hub = "<body><p>A hub.</p><h2 id=h>Related articles</h2><div id=g>" DIALOG_ARTICLE
		"</div></body>";
	double		share = 0;

	check_apart(t, dropped, sizeof(dropped) / sizeof(dropped[0]), kept,
				sizeof(kept) / sizeof(kept[0]), "a rail");
	CHECK(smooth_of(hub, "g", &share) < 1 && smooth_of(hub, "h", &share) < 1,
		  "a rail over half of the page is the model's");
}

/*
 * The page's <footer> (under no <article>, <aside>, <main>, <nav> or
 * <section>: HTML's contentinfo) and a <select>'s options are apart; an
 * article's or a section's footer is the model's.  Over half of the page,
 * the page's footer is the model's; holding the main block (a footer of
 * legal notes, the longest run of sentences), it is apart all the same.
 */
static void
test_footer_select_apart(void)
{
	static const char *const dropped[] = {"f", "g", "s"},
			   *const kept[] = {"a", "af", "sf", "n"};
	td_tree    *t = parse("<body><article id=a>" DIALOG_ARTICLE
						  "<footer id=af><p>Tags: bikes, rides</p></footer></article>"
						  "<section><footer id=sf><p>A section's own footer</p></footer></section>"
						  "<form><select id=s><option>Afghanistan</option><option>Albania</option>"
						  "<option>Algeria</option></select></form>"
						  "<div><footer id=g><p>In a box, the page's footer still</p></footer></div>"
						  "<p id=n>A short note.</p>"
						  "<footer id=f><p>Copyright 2026, all rights reserved.</p></footer></body>");
	double		share = 0;
	float		y;

	check_apart(t, dropped, sizeof(dropped) / sizeof(dropped[0]), kept,
				sizeof(kept) / sizeof(kept[0]), "a page footer or a select");
	y = smooth_of("<body><p>A line.</p><footer id=f>" DIALOG_ARTICLE "</footer></body>", "f", &share);
	CHECK(2 * share > 1 && y < 1, "a footer over half of the page is the model's");
	y = smooth_of("<body><footer id=f>" DIALOG_ARTICLE "</footer><ul>"
				  "<li><a href=/1>First link of a long list of links</a></li>"
				  "<li><a href=/2>Second link of a long list of links</a></li>"
				  "<li><a href=/3>Third link of a long list of links</a></li>"
				  "<li><a href=/4>Fourth link of a long list of links</a></li>"
				  "<li><a href=/5>Fifth link of a long list of links</a></li>"
				  "<li><a href=/6>Sixth link of a long list of links</a></li>"
				  "<li><a href=/7>Seventh link of a long list of links</a></li></ul></body>", "f", &share);
	CHECK(2 * share <= 1 && y == 1, "a page footer holding the main block is apart");
}

/*
 * td_page_fallback with smoothed scores set by hand: block a (600 visible
 * characters) at sa, b (300) at sb, the rest (a 10-character paragraph)
 * at 0.1; returns the threshold used, drops in m.
 */
static int	fallback_own_visible;	/* 1: fallback_on drops marks.visible first */

static double
fallback_on(td_env *e, double start, float sa, float sb, td_page_marks *m, td_tree **tp,
			td_status *st)
{
	char		html[2048];
	td_tree    *t;
	td_logreg	model;
	td_page_opts o;
	double		used = -1;

	snprintf(html, sizeof(html), "<body><div id=a>%0600d</div><div id=b>%0300d</div>"
			 "<p id=c>0123456789</p></body>", 0, 0);
	t = parse_env(&env, html, strlen(html), 0);
	small_model(&model);
	td_page_opts_default(&o);
	o.min_area = 1;
	CHECK(td_page_level(t, &model, &o, m) == TD_OK, "page level: %s", env.errmsg);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		m->smooth[i] = t->nodes[i].kind == TD_TEXT ? -1.0f : 0.1f;
	m->smooth[by_id(t, "a")] = sa;
	m->smooth[by_id(t, "b")] = sb;
	/* the marks as td_page_level would make them at start */
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		int			own = t->nodes[i].kind == TD_ELEM && m->smooth[i] >= start;

		m->drop[i] = m->drop[t->nodes[i].parent] || own;
		m->reason[i] = own ? TD_REASON_PAGE_SCORE : m->drop[i] ? TD_REASON_INSIDE : TD_REASON_NONE;
	}
	if (fallback_own_visible)
	{
		/* marks without td_page_level's visible lengths: the fallback computes them */
		td_free(&env, m->visible);
		m->visible = NULL;
	}
	t->env = e;
	*st = td_page_fallback(t, m, start, TD_DEFAULT_FALLBACK_SHARE, &used);
	t->env = &env;
	*tp = t;
	return used;
}

/*
 * The fallback of clean_text without a profile: the first threshold of the
 * ladder keeping at least 5% of the visible text, all of it when none does,
 * drops and reasons recomputed at it; a page that keeps enough is left
 * alone.
 */
static void
test_fallback(void)
{
	td_page_marks m;
	td_tree    *t;
	td_status	st;
	double		used;
	uint32_t	a, b, c;

	/* 0.5 and 0.6 keep 10 of 910 characters; 0.7 keeps a */
	used = fallback_on(&env, 0.5, 0.65f, 0.75f, &m, &t, &st);
	a = by_id(t, "a");
	b = by_id(t, "b");
	c = by_id(t, "c");
	CHECK(st == TD_OK && fabs(used - 0.7) < 1e-9, "threshold rises to 0.7, got %g", used);
	CHECK(!m.drop[a] && m.reason[a] == TD_REASON_NONE && !m.drop[a + 1], "a kept");
	CHECK(m.drop[b] && m.reason[b] == TD_REASON_PAGE_SCORE && m.drop[b + 1] &&
		  m.reason[b + 1] == TD_REASON_INSIDE, "b dropped by its score");
	CHECK(!m.drop[c], "c kept");
	td_page_marks_free(t, &m);
	td_tree_free(t);

	/* from 0.6 (the combined threshold) the ladder goes on at 0.7 */
	used = fallback_on(&env, 0.6, 0.65f, 0.75f, &m, &t, &st);
	CHECK(st == TD_OK && fabs(used - 0.7) < 1e-9, "from 0.6: 0.7, got %g", used);
	td_page_marks_free(t, &m);
	td_tree_free(t);

	/* nothing keeps 5% below 1: all the text but what is apart (none here) */
	used = fallback_on(&env, 0.5, 0.97f, 0.99f, &m, &t, &st);
	CHECK(st == TD_OK && used == 1.0, "all text, got %g", used);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		CHECK(!m.drop[i] && m.reason[i] == TD_REASON_NONE, "node %u kept", i);
	td_page_marks_free(t, &m);
	td_tree_free(t);

	/* the same with b apart (smoothed 1): b still goes */
	used = fallback_on(&env, 0.5, 0.97f, 1.0f, &m, &t, &st);
	CHECK(st == TD_OK && used == 1.0 && m.drop[by_id(t, "b")] && !m.drop[by_id(t, "a")] &&
		  !m.drop[by_id(t, "c")], "all text but what is apart, got %g", used);
	td_page_marks_free(t, &m);
	td_tree_free(t);

	/* 0.95 exactly is on the ladder */
	used = fallback_on(&env, 0.5, 0.92f, 0.99f, &m, &t, &st);
	CHECK(st == TD_OK && fabs(used - 0.95) < 1e-9, "0.95, got %g", used);
	td_page_marks_free(t, &m);
	td_tree_free(t);

	/* 0.5 keeps a (600 of 910): unchanged */
	used = fallback_on(&env, 0.5, 0.3f, 0.75f, &m, &t, &st);
	b = by_id(t, "b");
	CHECK(st == TD_OK && used == 0.5 && m.drop[b] && !m.drop[by_id(t, "a")], "unchanged, got %g", used);
	td_page_marks_free(t, &m);
	td_tree_free(t);

	/* allocation failure and interrupt */
	{
		counting	cn = {0, 0, 0};
		td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &cn, ""};

		used = fallback_on(&cenv, 0.5, 0.65f, 0.75f, &m, &t, &st);
		CHECK(st == TD_OK && used == 0.7, "td_page_level's visible lengths: nothing to allocate, %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
		fallback_own_visible = 1;
		used = fallback_on(&cenv, 0.5, 0.65f, 0.75f, &m, &t, &st);
		CHECK(st == TD_ENOMEM && cn.live == 0, "TD_ENOMEM, no leak");
		td_page_marks_free(t, &m);
		td_tree_free(t);
		cn.budget = -1;
		cn.interrupt = 1;
		used = fallback_on(&cenv, 0.5, 0.65f, 0.75f, &m, &t, &st);
		CHECK(st == TD_EINTR && cn.live == 0, "TD_EINTR, no leak");
		td_page_marks_free(t, &m);
		td_tree_free(t);
	}
}

/*
 * Marks made at 0.5, the fallback started above it: drops recomputed at the
 * start even when that keeps enough (b at 0.65 kept from 0.7).
 */
static void
test_fallback_above(void)
{
	td_page_marks m;
	td_tree    *t;
	td_status	st;
	double		used;
	uint32_t	b;

	used = fallback_on(&env, 0.5, 0.3f, 0.65f, &m, &t, &st);
	b = by_id(t, "b");
	CHECK(st == TD_OK && used == 0.5 && m.drop[b], "at 0.5: b dropped");
	CHECK(td_page_fallback(t, &m, 0.7, TD_DEFAULT_FALLBACK_SHARE, &used) == TD_OK &&
		  fabs(used - 0.7) < 1e-9, "from 0.7: 0.7, got %g", used);
	CHECK(!m.drop[b] && m.reason[b] == TD_REASON_NONE && !m.drop[b + 1], "from 0.7: b kept");
	td_page_marks_free(t, &m);
	td_tree_free(t);
}

/*
 * td_page_expected_f1 on a page of NB blocks <div id=bK> (efd_len[K]
 * visible characters each) with smoothed and classifier scores set by
 * hand; the marks as td_page_level makes them at 0.5; the threshold used is
 * returned, the drops are in m.
 */
#define EFD_NB 6
#define EFD_LEN_DEFAULT {600, 300, 100, 50, 20, 5}
static int	efd_len[EFD_NB] = EFD_LEN_DEFAULT;

static td_tree *
efd_page(td_page_marks *m, const float *smooth, const float *raw, int nb)
{
	static char html[EFD_NB * 5000 + 256];
	char	   *w = html;
	td_tree    *t;
	td_logreg	model;
	td_page_opts o;

	w += sprintf(w, "<body>");
	for (int k = 0; k < nb; k++)
		w += sprintf(w, "<div id=b%d>%0*d</div>", k, efd_len[k], 0);
	sprintf(w, "</body>");
	t = parse(html);
	small_model(&model);
	td_page_opts_default(&o);
	o.min_area = 1;
	CHECK(td_page_level(t, &model, &o, m) == TD_OK, "page level: %s", env.errmsg);
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		m->smooth[i] = t->nodes[i].kind == TD_TEXT ? -1.0f : 0.0f;
		m->score[i] = -1.0f;
	}
	for (int k = 0; k < nb; k++)
	{
		char		id[16];
		uint32_t	b;

		snprintf(id, sizeof(id), "b%d", k);
		b = by_id(t, id);
		m->smooth[b] = smooth[k];
		m->score[b] = raw[k];
	}
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		int			own = t->nodes[i].kind == TD_ELEM && m->smooth[i] >= 0.5;

		m->drop[i] = m->drop[t->nodes[i].parent] || own;
		m->reason[i] = own ? TD_REASON_PAGE_SCORE : m->drop[i] ? TD_REASON_INSIDE : TD_REASON_NONE;
	}
	m->threshold = 0.5;
	return t;
}

/* Whether block k is dropped (its div and its text). */
static int
efd_dropped(const td_tree *t, const td_page_marks *m, int k)
{
	char		id[16];
	uint32_t	b;

	snprintf(id, sizeof(id), "b%d", k);
	b = by_id(t, id);
	return m->drop[b] && m->drop[b + 1];
}

/*
 * E of keeping the blocks with kept[k], the formula of pagelevel.h written
 * out: the divs of one smoothed score in the range form a group; the
 * largest group (the first of equal ones, as the rule scans scores upwards
 * and takes a larger one only) that holds TD_EFD_BLOCK_SHARE of the text and
 * leaves TD_EFD_BLOCK_REST expected content outside is one outcome.
 */
static double
efd_e(const float *sm, const float *raw, const int *kept, int nb)
{
	double		cp = 0,
				cw = 0,
				all = 0,
				all_w = 0,
				bw = 0,
				bpw = 0,
				q;
	float		bs = -1;
	int			bkept = 0;

	for (int k = 0; k < nb; k++)
	{
		double		pw = td_page_content_prob(raw[k]) * efd_len[k];

		all += pw;
		all_w += efd_len[k];
		if (kept[k])
		{
			cp += pw;
			cw += efd_len[k];
		}
	}
	for (int k = 0; k < nb; k++)
	{
		double		gw = 0,
					gpw = 0;
		int			first = 1;

		for (int j = 0; j < nb; j++)
		{
			first &= !(j < k && sm[j] == sm[k]);
			if (sm[j] == sm[k])
			{
				gw += efd_len[j];
				gpw += td_page_content_prob(raw[j]) * efd_len[j];
			}
		}
		if (!first || sm[k] < TD_EFD_LO || sm[k] >= TD_EFD_HI ||
			gw < TD_EFD_BLOCK_SHARE * all_w || all - gpw < TD_EFD_BLOCK_REST)
			continue;
		if (gw > bw || (gw == bw && sm[k] < bs))
		{
			bw = gw;
			bpw = gpw;
			bs = sm[k];
			bkept = kept[k];
		}
	}
	if (bw == 0)
		return 2 * cp / (cw + all);
	q = bpw / bw;
	cp -= bkept ? bpw : 0;
	all -= bpw;
	return q * 2 * (cp + (bkept ? bw : 0)) / (cw + all + bw) + (1 - q) * 2 * cp / (cw + all);
}

/*
 * The expected-F1 decision: hand cases whose outcome follows from the
 * table (td_page_content_prob) and the formula, then random pages against
 * a brute force over every threshold of the range.
 */
static void
test_expected_f1(void)
{
	td_page_marks m;
	td_tree    *t;
	double		used;
	int			blocks;

	/* the table: monotone down, 1 for the page's own text */
	CHECK(td_page_content_prob(-1) == 1.0 && td_page_content_prob(0) > 0.9 &&
		  td_page_content_prob(1) < 0.1 && td_page_content_prob(0.999) == td_page_content_prob(1),
		  "content probability ends");
	for (int b = 1; b < 100; b++)
		CHECK(td_page_content_prob(b / 100.0) <= td_page_content_prob((b - 1) / 100.0),
			  "content probability monotone at %d", b);

	/*
	 * b0 (600 characters, content by its score, smoothed 0.55), b1 (300,
	 * junk, 0.8), b2 (100, content, 0.1): 0.5 drops b0 (the fallback keeps
	 * 0.5 too: b2 is 10% of the text), E keeps it: 0.98 at 0.8 against 0.25
	 * at 0.5.
	 */
	{
		float		sm[3] = {0.55f, 0.8f, 0.1f},
					raw[3] = {0.02f, 0.97f, 0.02f};

		t = efd_page(&m, sm, raw, 3);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK, "efd: %s", env.errmsg);
		CHECK(used == (double) 0.8f && !efd_dropped(t, &m, 0) && efd_dropped(t, &m, 1) &&
			  !efd_dropped(t, &m, 2), "content at 0.55 kept, junk at 0.8 dropped: %g", used);
		CHECK(m.reason[by_id(t, "b1")] == TD_REASON_PAGE_SCORE && m.threshold == used,
			  "reasons and threshold of the decision");
		td_page_marks_free(t, &m);
		td_tree_free(t);
	}

	/*
	 * b0's score in the bin of p 0.246, b2's in that of p 0.819: keeping b0
	 * gains E 0.0051 (0.4887 against 0.4836), under the margin: 0.5 stays,
	 * b0 dropped.
	 */
	{
		float		sm[3] = {0.55f, 0.8f, 0.1f},
					raw[3] = {0.67f, 0.97f, 0.17f};
		int			k0[3] = {0, 0, 1},
					k1[3] = {1, 0, 1};

		CHECK(efd_e(sm, raw, k1, 3) > efd_e(sm, raw, k0, 3) &&
			  efd_e(sm, raw, k1, 3) < efd_e(sm, raw, k0, 3) + TD_EFD_MARGIN, "the margin case holds");
		t = efd_page(&m, sm, raw, 3);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK && used == 0.5 &&
			  efd_dropped(t, &m, 0) && efd_dropped(t, &m, 1), "under the margin: 0.5, %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
	}

	/*
	 * One block as one outcome: a post (b0, 1000 characters, p 0.975), a
	 * thread of comments under it (b1, 4000 at smoothed 0.66, raw in the bin
	 * of p 0.341) and a menu (b2, 300 at 0.95).  Texts taken as independent,
	 * keeping b1 is worth E 0.64 against 0.58 without it (the third of it
	 * expected to be gold outweighs); as one block it is all template
	 * with probability 0.66, and E without it is 0.76 against 0.55: dropped.
	 */
	{
		int			len[EFD_NB] = {1000, 4000, 300, 0, 0, 0},
					def[EFD_NB] = EFD_LEN_DEFAULT;
		float		sm[3] = {0.1f, 0.66f, 0.95f},
					raw[3] = {0.02f, 0.55f, 0.97f};
		int			k0[3] = {1, 0, 0},
					k1[3] = {1, 1, 0};
		double		pw0 = td_page_content_prob(0.02) * 1000,
					pw1 = td_page_content_prob(0.55) * 4000,
					pw2 = td_page_content_prob(0.97) * 300,
					all = pw0 + pw1 + pw2;

		memcpy(efd_len, len, sizeof(len));
		CHECK(2 * (pw0 + pw1) / (5000 + all) > 2 * pw0 / (1000 + all),
			  "independent texts would keep the thread");
		CHECK(efd_e(sm, raw, k0, 3) > efd_e(sm, raw, k1, 3) + TD_EFD_MARGIN,
			  "as a block it goes: %g against %g", efd_e(sm, raw, k0, 3), efd_e(sm, raw, k1, 3));
		t = efd_page(&m, sm, raw, 3);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK && !efd_dropped(t, &m, 0) &&
			  efd_dropped(t, &m, 1) && efd_dropped(t, &m, 2), "the thread dropped: %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);

		/* a short page's one block is its content: under 500 expected characters besides */
		efd_len[0] = 400;
		t = efd_page(&m, sm, raw, 3);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK && !efd_dropped(t, &m, 0) &&
			  !efd_dropped(t, &m, 1), "no block on a short page: %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
		memcpy(efd_len, def, sizeof(def));
	}

	/* the range: content smoothed 0.95 dropped (t <= 0.9), junk at 0.2 kept (t >= 0.3) */
	{
		float		sm[3] = {0.95f, 0.2f, 0.6f},
					raw[3] = {0.0f, 0.99f, 0.0f};

		t = efd_page(&m, sm, raw, 3);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK && used == TD_EFD_HI &&
			  efd_dropped(t, &m, 0) && !efd_dropped(t, &m, 1) && !efd_dropped(t, &m, 2),
			  "thresholds in [0.3, 0.9]: %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
	}

	/*
	 * every block above the range: each threshold the rule may take keeps
	 * nothing, so the page is kept whole but for what is apart (1: b2, a
	 * cookie dialog smoothed 1, goes), not emptied; nothing but what is
	 * apart: 2, nothing dropped
	 */
	{
		float		sm[3] = {0.95f, 0.99f, 1.0f},
					raw[3] = {0.99f, 0.99f, 1.0f},
					all_apart[2] = {1.0f, 1.0f};

		t = efd_page(&m, sm, raw, 3);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK && used == 1.0 &&
			  !efd_dropped(t, &m, 0) && !efd_dropped(t, &m, 1) && efd_dropped(t, &m, 2),
			  "never an empty page, never a dialog: %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
		t = efd_page(&m, all_apart, all_apart, 2);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK && used == 2.0 &&
			  !efd_dropped(t, &m, 0) && !efd_dropped(t, &m, 1), "never an empty page: %g", used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
	}

	/* no visible text: the marks stay */
	{
		td_tree    *e = parse("<body><img src=a.png><div><img src=b.png></div></body>");
		td_logreg	model;
		td_page_opts o;

		small_model(&model);
		td_page_opts_default(&o);
		CHECK(td_page_level(e, &model, &o, &m) == TD_OK, "page level");
		CHECK(td_page_expected_f1(e, &m, &used) == TD_OK && used == 0.5, "no text: 0.5");
		td_page_marks_free(e, &m);
		td_tree_free(e);
	}

	/* random pages: the outcome of the best E over every threshold, the margin over 0.5's */
	srand(12);
	blocks = 0;
	for (int trial = 0; trial < 500; trial++)
	{
		float		sm[EFD_NB],
					raw[EFD_NB];
		int			kept[EFD_NB],
					got[EFD_NB];
		double		best = -1,
					e05,
					want;

		for (int k = 0; k < EFD_NB; k++)
		{
			static const int lens[6] = {5, 50, 300, 800, 2000, 4000};

			/* few distinct scores, so groups of equal ones occur */
			sm[k] = (float) (rand() % 12) / 11.0f;
			raw[k] = (float) (rand() % 101) / 100.0f;
			/* lengths from short to long, so that blocks occur or not */
			efd_len[k] = lens[rand() % 6];
		}
		/* every threshold that changes what is kept: 0.3 and each score in (0.3, 0.9) */
		for (int c = -1; c < EFD_NB; c++)
		{
			double		th = c < 0 ? TD_EFD_LO : sm[c];

			if (c >= 0 && !(sm[c] > TD_EFD_LO && sm[c] < TD_EFD_HI))
				continue;
			for (int k = 0; k < EFD_NB; k++)
				kept[k] = sm[k] < th;
			best = fmax(best, efd_e(sm, raw, kept, EFD_NB));
		}
		/* and the range's top, which keeps everything under 0.9 */
		for (int k = 0; k < EFD_NB; k++)
			kept[k] = sm[k] < TD_EFD_HI;
		best = fmax(best, efd_e(sm, raw, kept, EFD_NB));
		for (int k = 0; k < EFD_NB; k++)
			kept[k] = sm[k] < 0.5;
		e05 = efd_e(sm, raw, kept, EFD_NB);
		want = best < e05 + TD_EFD_MARGIN ? e05 : best;
		t = efd_page(&m, sm, raw, EFD_NB);
		CHECK(td_page_expected_f1(t, &m, &used) == TD_OK, "efd %d", trial);
		for (int k = 0; k < EFD_NB; k++)
			got[k] = !efd_dropped(t, &m, k);
		CHECK(fabs(efd_e(sm, raw, got, EFD_NB) - want) < 1e-9 && used >= TD_EFD_LO && used <= TD_EFD_HI,
			  "trial %d: E %g, best %g (0.5: %g), threshold %g", trial, efd_e(sm, raw, got, EFD_NB),
			  want, e05, used);
		td_page_marks_free(t, &m);
		td_tree_free(t);
		/* the trials where the block is one outcome and that changes the best E */
		{
			int			none[EFD_NB] = {0};
			float		apart[EFD_NB];

			for (int k = 0; k < EFD_NB; k++)
				apart[k] = (float) k;	/* no two divs in one group: no block of any size */
			blocks += fabs(efd_e(sm, raw, got, EFD_NB) - efd_e(apart, raw, got, EFD_NB)) > 1e-9 ||
				fabs(efd_e(sm, raw, none, EFD_NB) - efd_e(apart, raw, none, EFD_NB)) > 1e-9;
		}
	}
	CHECK(blocks >= 50, "random pages with a block: %d of 500", blocks);
	{
		int			def[EFD_NB] = EFD_LEN_DEFAULT;

		memcpy(efd_len, def, sizeof(def));
	}

	/* allocation failure at each step, interrupt: the error, nothing leaked */
	{
		float		sm[3] = {0.55f, 0.8f, 0.1f},
					raw[3] = {0.02f, 0.97f, 0.02f};

		for (int own_vis = 0; own_vis < 2; own_vis++)
			for (long budget = 0; budget < 5; budget++)
			{
				counting	cn = {0, budget, 0};
				td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &cn, ""};
				td_status	st;

				t = efd_page(&m, sm, raw, 3);
				if (own_vis)
				{
					td_free(&env, m.visible);
					m.visible = NULL;
				}
				t->env = &cenv;
				st = td_page_expected_f1(t, &m, &used);
				t->env = &env;
				CHECK(cn.live == 0 && (st == TD_ENOMEM || (st == TD_OK && used == (double) 0.8f)),
					  "budget %ld (own visible %d): %d, live %ld", budget, own_vis, st, cn.live);
				td_page_marks_free(t, &m);
				td_tree_free(t);
			}
		{
			counting	cn = {0, -1, 1};
			td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &cn, ""};

			t = efd_page(&m, sm, raw, 3);
			t->env = &cenv;
			CHECK(td_page_expected_f1(t, &m, &used) == TD_EINTR && cn.live == 0, "interrupt");
			t->env = &env;
			td_page_marks_free(t, &m);
			td_tree_free(t);
		}
	}
}

static void
test_failures(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_tree    *t = parse_env(&cenv, page_html, strlen(page_html), 0);
	td_logreg	model;
	td_page_opts o;
	td_page_marks m,
				ref;
	td_status	st = TD_ENOMEM;
	long		k,
				live0 = c.live;
	bool		only_enomem = true,
				leak_free = true,
				cleared = true;

	small_model(&model);
	td_page_opts_default(&o);
	o.min_area = 1;
	CHECK(td_page_level(t, &model, &o, &ref) == TD_OK, "reference");
	for (k = 0; k < 1000 && st != TD_OK; k++)
	{
		c.budget = k;
		st = td_page_level(t, &model, &o, &m);
		c.budget = -1;
		only_enomem &= st == TD_OK || st == TD_ENOMEM;
		if (st != TD_OK)
			cleared &= !m.score && !m.smooth && !m.segment && !m.seg_start && !m.drop && !m.reason && !m.area &&
				!m.main_region;
		else
			CHECK(memcmp(m.drop, ref.drop, t->n_nodes) == 0 &&
				  memcmp(m.smooth, ref.smooth, sizeof(float) * t->n_nodes) == 0 &&
				  memcmp(m.main_region, ref.main_region, t->n_nodes) == 0,
				  "the result after failures is the reference");
		td_page_marks_free(t, &m);
		leak_free &= c.live == live0 + 9;	/* ref's nine arrays */
	}
	CHECK(st == TD_OK && k > 8, "succeeds after %ld failures", k);
	CHECK(only_enomem, "failures are TD_ENOMEM");
	CHECK(cleared, "marks released after a failure");
	CHECK(leak_free, "no leak at any k");
	td_page_marks_free(t, &ref);

	c.interrupt = 1;
	CHECK(td_page_level(t, &model, &o, &m) == TD_EINTR, "interrupted");
	td_page_marks_free(t, &m);
	c.interrupt = 0;
	CHECK(c.live == live0, "no leak after an interrupt");

	/* invalid options */
	{
		double		bad_thr[] = {0, -0.5, 1.0000001, NAN};
		double		bad_pen[] = {-1e-9, NAN, INFINITY};

		for (int i = 0; i < 4; i++)
		{
			td_page_opts_default(&o);
			o.threshold = bad_thr[i];
			CHECK(td_page_level(t, &model, &o, &m) == TD_EARG, "threshold %g", bad_thr[i]);
			td_page_marks_free(t, &m);
		}
		for (int i = 0; i < 3; i++)
		{
			td_page_opts_default(&o);
			o.penalty = bad_pen[i];
			CHECK(td_page_level(t, &model, &o, &m) == TD_EARG, "penalty %g", bad_pen[i]);
			td_page_marks_free(t, &m);
		}
		td_page_opts_default(&o);
		o.levels = 1;
		CHECK(td_page_level(t, &model, &o, &m) == TD_EARG, "levels 1");
		td_page_marks_free(t, &m);
		td_page_opts_default(&o);
		o.threshold = 1;
		CHECK(td_page_level(t, &model, &o, &m) == TD_OK, "threshold 1 is valid");
		td_page_marks_free(t, &m);
		CHECK(td_page_level(t, &model, NULL, &m) == TD_EARG, "no options");
		td_page_marks_free(t, &m);
	}
	CHECK(c.live == live0, "no leak after bad options");
	td_tree_free(t);
	CHECK(c.live == 0, "tree freed");
}

int
main(void)
{
	td_env_default(&env);
	test_hand_page();
	test_default_model();
	test_empty_and_deep();
	test_dialogs();
	test_hidden_apart();
	test_forum_furniture();
	test_rails_apart();
	test_footer_select_apart();
	test_failures();
	test_combine();
	test_fallback();
	test_fallback_above();
	test_expected_f1();
	return check_done("test_pagelevel");
}
