/*
 * test_rails.c — sections that a heading names as other pages (rails.h):
 * the phrases, on whole words, in any case and spacing, in the languages
 * listed, and the headings that only look like them; a section's extent
 * (a title bar climbed, the siblings up to the next section, a run of cards
 * whose titles are headings); what is not a rail (over half the page, a
 * long heading, a heading hidden); a 100,000-deep page; an interrupt.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "tree_helpers.h"
#include "base/render.h"
#include "page/rails.h"

static td_env env;

static bool
names_rail(const char *s)
{
	return td_rail_heading(s, strlen(s));
}

static void
test_phrases(void)
{
	static const char *const yes[] = {
		"You may also like", "  YOU   MIGHT ALSO\tLIKE  ", "Related Articles",
		"Related articles:", "Related", "Recommended:", "Customers who bought this item also bought",
		"More from The Verge", "Similar threads", "Recently viewed items",
		"- Related posts", "Don\xe2\x80\x99t miss", "\xc3\x84hnliche Produkte",
		"Vous aimerez aussi", "Tambi\xc3\xa9n te puede interesar", "Prodotti correlati",
		"Gerelateerde artikelen",
	};
	static const char *const no[] = {
		"", "   ", "Related work", "Recommended settings", "More information",
		"Relatedness of species", "Morelos", "Things you may also like",
		"Trending", "Latest news", "Top stories", "Moreover", "Related-party transactions",
		"Recommendedation", "Recommended Posts",
	};

	for (size_t k = 0; k < sizeof(yes) / sizeof(yes[0]); k++)
		CHECK(names_rail(yes[k]), "\"%s\" names a rail", yes[k]);
	for (size_t k = 0; k < sizeof(no) / sizeof(no[0]); k++)
		CHECK(!names_rail(no[k]), "\"%s\" does not", no[k]);
	/* bounded by len: the bytes after it are not read */
	CHECK(!td_rail_heading("Related articles", 5), "\"Relat\" alone is no phrase");
	CHECK(td_rail_heading("Related articles", 7), "\"Related\" alone is one");
}

/* The ids of the elements marked, in document order, space-separated. */
static char *
marked(const td_tree *t, const uint8_t *rail)
{
	static char out[512];
	size_t		o = 0;

	out[0] = 0;
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		uint32_t	len = 0;
		const char *id = rail[i] ? td_node_attr(t, i, "id", &len) : NULL;

		if (rail[i] && o + len + 2 < sizeof(out))
			o += snprintf(out + o, sizeof(out) - o, "%s%.*s", o ? " " : "", (int) len,
						  id ? id : "?");
	}
	return out;
}

static char *
rails_of(const char *html)
{
	td_tree    *t = parse_env(&env, html);
	uint32_t   *vis;
	uint8_t    *rail;
	char	   *s;

	CHECK(t != NULL, "parse");
	vis = malloc(sizeof(uint32_t) * t->n_nodes);
	rail = malloc(t->n_nodes);
	td_visible_lengths(t, vis);
	CHECK(td_rail_sections(t, vis, rail) == TD_OK, "rails: %s", env.errmsg);
	s = strdup(marked(t, rail));
	free(vis);
	free(rail);
	td_tree_free(t);
	return s;
}

#define LONG_TEXT \
	"<p>The product's own description runs here at length, with its materials, its care and " \
	"its sizes, so that the page holds far more words than any rail of other products does.</p>"

static void
expect(const char *html, const char *want, const char *what)
{
	char	   *got = rails_of(html);

	CHECK(strcmp(got, want) == 0, "%s: marked \"%s\", want \"%s\"", what, got, want);
	free(got);
}

static void
test_sections(void)
{
	expect("<body><main><h1>A dress</h1>" LONG_TEXT "</main>"
		   "<section><div id=bar><span><h2>You may also like</h2></span></div>"
		   "<ul id=grid><li>Pants, 95 euros</li><li>Shirt, 40 euros</li></ul>"
		   "<p id=more>Three more cards</p></section><footer id=f>Shop footer</footer></body>",
		   "bar grid more", "the heading's wrappers climbed, the cards after them, not the footer");
	expect("<body><div>" LONG_TEXT "<div id=box><h4 id=h>Don't miss</h4><ul id=l>"
		   "<li>The Sentencing Project</li></ul></div><p id=after>The story goes on here.</p>"
		   "</div></body>",
		   "h l", "a box ends the section: the story after it stays");
	expect("<body><article>" LONG_TEXT "<h2 id=h>Related articles</h2><ul id=r><li>One</li>"
		   "<li>Two</li></ul><h2>Comments</h2><div id=c>A reader wrote this.</div>"
		   "</article></body>",
		   "h r", "up to the next heading of its level");
	expect("<body><article>" LONG_TEXT "<h3 id=h>Related posts</h3>"
		   "<div id=a class=card><h3>Post A</h3><p>About A</p></div>"
		   "<div id=b class=card><h3>Post B</h3><p>About B</p></div>"
		   "<div id=n class=box><h3>Newsletter</h3><p>Sign up</p></div></article></body>",
		   "h a b", "cards whose titles are headings, up to another section");
	expect("<body><div>" LONG_TEXT "<h2 id=h>Similar threads</h2><div id=s>Thread one</div>"
		   "<div id=big><h1>The next part</h1></div></div></body>",
		   "h s", "a higher heading inside a sibling ends it");
	expect("<body><p>Short intro.</p><h2>Latest posts</h2><h2>Related posts</h2>"
		   "<div>" LONG_TEXT LONG_TEXT "</div></body>",
		   "", "a rail over half of the page is the page");
	expect("<body>" LONG_TEXT "<h2>Related articles that explain at great length what this "
		   "heading is about, and more</h2><ul><li>One</li></ul></body>",
		   "", "a heading over 80 characters is a title");
	expect("<body>" LONG_TEXT "<h2>Related work</h2><p>Earlier studies found this.</p></body>",
		   "", "no phrase, no rail");
	expect("<body>" LONG_TEXT "<h2 id=h>Related</h2></body>", "h",
		   "a heading with nothing after it is its own section");
}

static void
test_deep_and_interrupt(void)
{
	td_tree    *t = parse_nested_divs(&env, "<body>" LONG_TEXT, 100000,
									  "<h2>Related products</h2><p>A card whose name is long, a card</p></body>");
	uint32_t   *vis;
	uint8_t    *rail;
	size_t		n_marked = 0;

	CHECK(t != NULL, "deep parse");
	vis = malloc(sizeof(uint32_t) * t->n_nodes);
	rail = malloc(t->n_nodes);
	td_visible_lengths(t, vis);
	CHECK(td_rail_sections(t, vis, rail) == TD_OK, "deep: %s", env.errmsg);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		n_marked += rail[i];
	CHECK(n_marked == 2, "deep: the heading and its card (%zu marked)", n_marked);
	{
		counting	cn = {0, -1, 1};
		td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &cn, ""};
		td_env	   *own = t->env;

		t->env = &cenv;
		CHECK(td_rail_sections(t, vis, rail) == TD_EINTR, "interrupted");
		t->env = own;
		n_marked = 0;
		for (uint32_t i = 0; i < t->n_nodes; i++)
			n_marked += rail[i];
		CHECK(n_marked == 0, "interrupted: nothing marked");
	}
	free(vis);
	free(rail);
	td_tree_free(t);
}

int
main(void)
{
	td_env_default(&env);
	test_phrases();
	test_sections();
	test_deep_and_interrupt();
	return check_done("test_rails");
}
