/*
 * rails.c — sections that a heading names as other pages (rails.h).
 */
#include <string.h>

#include "base/tags.h"
#include "page/context.h"
#include "page/rails.h"
#include "util/ascii.h"
#include "util/poll.h"

#define POLL_EVERY		4096
#define HEAD_BYTES		(4 * TD_RAIL_HEAD_MAX + 8)

/*
 * The phrases, lower-case, matched at the heading's start on whole words.
 * English first (most of the web's shops and news), then the languages
 * most crawled after it.  Sidebars' "Trending", "Latest news" and "Top
 * stories" are left out: on a hub page they name the content
 * (bench/README.md, "Issue 12, nineteenth session"); so is "Recommended
 * posts", the Invision forums' title over the thread itself.
 */
static const char *const rail_phrases[] = {
	"you may also like", "you might also like", "you may like", "you might like",
	"you may also be interested", "you might also be interested",
	"you may be interested", "you might be interested",
	"you may also enjoy", "you might also enjoy",
	"customers also", "customers who bought", "customers who viewed",
	"people also", "shoppers also", "frequently bought together",
	"related articles", "related article", "related posts", "related post",
	"related products", "related product", "related items", "related stories",
	"related content", "related reading", "related news", "related links",
	"related topics", "related videos", "related threads", "related questions",
	"related guides", "related searches",
	"similar products", "similar items", "similar threads", "similar posts",
	"similar articles", "similar questions", "similar listings", "similar stories",
	"recently viewed", "recommended for you", "recommended products",
	"recommended articles", "recommended stories", "recommended reading",
	"recommended videos",
	"more from", "more like this", "more stories", "more articles", "more posts",
	"read next", "also read", "don't miss", "don\xe2\x80\x99t miss",
	/* German */
	"das k\xc3\xb6nnte", "dies k\xc3\xb6nnte", "\xc3\xa4hnliche ", "\xc3\x84hnliche ",
	"weitere artikel", "weitere produkte", "mehr zum thema", "kunden kauften auch",
	"kunden haben sich auch", "passend dazu", "auch interessant",
	/* French */
	"vous aimerez", "vous aimeriez", "vous pourriez aussi", "\xc3\xa0 lire aussi",
	"\xc3\x80 lire aussi", "a lire aussi", "lire aussi", "sur le m\xc3\xaame sujet",
	"articles similaires", "produits similaires", "articles li\xc3\xa9s",
	"produits associ\xc3\xa9s", "les clients ont aussi", "dans la m\xc3\xaame cat\xc3\xa9gorie",
	/* Spanish */
	"tambi\xc3\xa9n te puede", "tambien te puede", "te puede interesar",
	"te podr\xc3\xad" "a interesar", "productos relacionados", "art\xc3\xad" "culos relacionados",
	"noticias relacionadas", "productos similares", "quiz\xc3\xa1s te interese",
	/* Italian */
	"potrebbe interessarti", "potrebbero interessarti", "ti potrebbe",
	"articoli correlati", "prodotti correlati", "prodotti simili",
	/* Portuguese */
	"voc\xc3\xaa tamb\xc3\xa9m pode", "voce tambem pode", "produtos relacionados",
	"artigos relacionados", "veja tamb\xc3\xa9m", "leia tamb\xc3\xa9m", "produtos semelhantes",
	/* Dutch */
	"gerelateerde", "vergelijkbare", "misschien ook", "ook interessant",
};

/* The headings that are the phrase alone ("Related", "Recommended:"). */
static const char *const rail_words[] = {"related", "recommended", "see more", "more"};

/* text[0, len) into out, lower-case, blanks collapsed, leading punctuation skipped. */
static size_t
fold_heading(const char *text, size_t len, char *out, size_t cap)
{
	size_t		o = 0;
	int			blank = 0;

	for (size_t k = 0; k < len && o + 1 < cap; k++)
	{
		unsigned char c = (unsigned char) text[k];

		if (td_is_html_space(c))
		{
			blank = o > 0;
			continue;
		}
		if (o == 0 && !td_word_byte(c))
			continue;
		if (blank)
			out[o++] = ' ', blank = 0;
		if (o + 1 < cap)
			out[o++] = (char) td_ascii_lower(c);
	}
	return o;
}

/* Whether a phrase matched at s[0, at) ends on a word's end in s[0, n). */
static int
word_end(const char *s, size_t n, size_t at)
{
	unsigned char c;

	if (at >= n)
		return 1;
	c = (unsigned char) s[at];
	return !td_word_byte(c) || s[at - 1] == ' ';
}

int
td_rail_heading(const char *text, size_t len)
{
	char		h[HEAD_BYTES];
	size_t		n = fold_heading(text, len, h, sizeof(h));
	size_t		bare = n;

	if (n == 0)
		return 0;
	for (size_t p = 0; p < sizeof(rail_phrases) / sizeof(rail_phrases[0]); p++)
	{
		size_t		pl = strlen(rail_phrases[p]);

		if (pl <= n && memcmp(h, rail_phrases[p], pl) == 0 && word_end(h, n, pl))
			return 1;
	}
	/* the phrase alone: trailing punctuation and blanks dropped */
	while (bare > 0 && !td_word_byte((unsigned char) h[bare - 1]))
		bare--;
	for (size_t p = 0; p < sizeof(rail_words) / sizeof(rail_words[0]); p++)
		if (strlen(rail_words[p]) == bare && memcmp(h, rail_words[p], bare) == 0)
			return 1;
	return 0;
}

static int
heading_level(const td_node *nd)
{
	if (nd->kind != TD_ELEM || nd->tag < TD_TAG_H1 || nd->tag > TD_TAG_H6)
		return 0;
	return 1 + (nd->tag - TD_TAG_H1);
}

/*
 * The nodes the walks below visit, counted for the interrupt polls: a walk
 * over a section's subtrees can be the whole page.
 */
typedef struct walk
{
	td_env	   *env;
	uint64_t	steps;
	int			stopped;
} walk;

static inline int
step(walk *w)
{
	if (!w->stopped && td_poll_every(w->env, w->steps++, POLL_EVERY))
		w->stopped = 1;
	return !w->stopped;
}

/* The heading's visible text (its text nodes outside hidden elements), at most cap bytes. */
static size_t
heading_text(const td_tree *tree, uint32_t h, char *out, size_t cap, walk *w)
{
	size_t		o = 0;

	for (uint32_t j = h + 1; j < tree->nodes[h].end && o < cap && step(w); j++)
	{
		const td_node *nd = &tree->nodes[j];
		size_t		take;

		if (nd->kind != TD_TEXT || (nd->flags & TD_F_INHIDDEN))
			continue;
		if (o > 0)
			out[o++] = ' ';
		take = nd->str_len < cap - o ? nd->str_len : cap - o;
		memcpy(out + o, td_node_str(tree, j), take);
		o += take;
	}
	return o;
}

static uint32_t
next_elem(const td_tree *tree, uint32_t s)
{
	while (s != TD_NONE && tree->nodes[s].kind != TD_ELEM)
		s = tree->nodes[s].next_sibling;
	return s;
}

/*
 * Whether sibling s opens another section: it is a heading of level <=
 * level, or holds a higher one, or one of the same level while it is not
 * one of a run of same-shape cards (whose titles are headings too).
 */
static int
opens_section(const td_tree *tree, uint32_t prev, uint32_t s, int level, walk *w)
{
	int			top = 7;		/* the highest heading level inside s */
	uint32_t	nx;

	for (uint32_t j = s; j < tree->nodes[s].end && top >= level && step(w); j++)
	{
		int			l = heading_level(&tree->nodes[j]);

		if (l > 0 && l < top)
			top = l;
	}
	if (top > level)
		return 0;
	if (top < level || heading_level(&tree->nodes[s]) > 0)
		return 1;
	nx = next_elem(tree, tree->nodes[s].next_sibling);
	/* cards: the same shape (context.h) as a sibling beside */
	return !((prev != TD_NONE && td_node_shape(tree, prev) == td_node_shape(tree, s)) ||
			 (nx != TD_NONE && td_node_shape(tree, s) == td_node_shape(tree, nx)));
}

td_status
td_rail_sections(const td_tree *tree, const uint32_t *vis, uint8_t *rail)
{
	uint32_t	n = tree->n_nodes;
	int			found = 0;
	char		text[HEAD_BYTES];
	walk		w = {tree->env, 0, 0};

	memset(rail, 0, n);
	for (uint32_t h = 1; h < n && found < TD_RAIL_MAX_HEADINGS && step(&w); h++)
	{
		const td_node *nd = &tree->nodes[h];
		int			level = heading_level(nd);
		uint32_t	top = h,
					prev = TD_NONE,
					first,
					stop;
		uint64_t	held;

		if (level == 0 || vis[h] == 0 || vis[h] > TD_RAIL_HEAD_MAX ||
			(nd->flags & TD_F_INHIDDEN) ||
			!td_rail_heading(text, heading_text(tree, h, text, sizeof(text), &w)))
			continue;
		found++;
		for (uint32_t p = nd->parent; p != TD_NONE && tree->nodes[p].kind == TD_ELEM &&
			 tree->nodes[p].tag != TD_TAG_BODY && tree->nodes[p].tag != TD_TAG_HTML &&
			 vis[p] <= vis[h]; p = tree->nodes[p].parent)
			top = p;
		/* the section: top and its siblings up to the next section */
		held = vis[top];
		first = next_elem(tree, tree->nodes[top].next_sibling);
		for (stop = first; stop != TD_NONE && step(&w) &&
			 !opens_section(tree, prev, stop, level, &w);
			 prev = stop, stop = next_elem(tree, tree->nodes[stop].next_sibling))
			held += vis[stop];
		if (w.stopped)
			break;
		if (2 * held > vis[0])
			continue;			/* the page, not a rail */
		rail[top] = 1;
		for (uint32_t s = first; s != stop; s = next_elem(tree, tree->nodes[s].next_sibling))
			rail[s] = 1;
	}
	if (w.stopped)
	{
		memset(rail, 0, n);
		return td_fail(tree->env, TD_EINTR, "rail sections interrupted");
	}
	return TD_OK;
}
