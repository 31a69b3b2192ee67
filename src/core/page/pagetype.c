/*
 * pagetype.c — page-level features and the page-type softmax (pagetype.h).
 */
#include "page/pagetype.h"

#include <math.h>
#include <string.h>

#include "base/tags.h"
#include "util/ascii.h"
#include "util/fnv.h"
#include "util/poll.h"
#include "util/sort.h"

#define PT_POLL 4096			/* nodes between two polls */

static const char *const type_names[TD_PT_N_TYPES] = {
#define TD_PT_NAME(id, name) name,
	TD_PT_TYPES(TD_PT_NAME)
#undef TD_PT_NAME
};

static const char *const feature_names[TD_PT_N_FEATURES] = {
#define TD_PT_FEAT_NAME(id, name) name,
	TD_PT_FEATURES(TD_PT_FEAT_NAME)
#undef TD_PT_FEAT_NAME
};

const char *
td_page_type_name(int k)
{
	return k >= 0 && k < TD_PT_N_TYPES ? type_names[k] : NULL;
}

const char *
td_pt_feature_name(int k)
{
	return k >= 0 && k < TD_PT_N_FEATURES ? feature_names[k] : NULL;
}

/* ---- small text helpers ------------------------------------------------ */

static int
is_alnum(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* s[0..n) equals the lower-case word w, ASCII case-insensitively. */
static int
eq_ci(const char *s, size_t n, const char *w)
{
	size_t		k;

	for (k = 0; k < n; k++)
		if (w[k] == '\0' || td_ascii_lower((unsigned char) s[k]) != w[k])
			return 0;
	return w[k] == '\0';
}

/*
 * The length of the lower-case word w when it begins s[0..n), ASCII
 * case-insensitively, else 0 (w non-empty): eq_ci(s, strlen(w), w) without
 * the strlen.
 */
static size_t
prefix_ci(const char *s, size_t n, const char *w)
{
	size_t		k;

	for (k = 0; w[k] != '\0'; k++)
		if (k >= n || td_ascii_lower((unsigned char) s[k]) != w[k])
			return 0;
	return k;
}

/* s[0..n) contains the lower-case word w, ASCII case-insensitively. */
static int
contains_ci(const char *s, size_t n, const char *w)
{
	size_t		m = strlen(w);

	for (size_t i = 0; i + m <= n; i++)
		if (td_ascii_lower((unsigned char) s[i]) == w[0] && eq_ci(s + i, m, w))
			return 1;
	return 0;
}

/* A word list: the index of the word s[0..n) is in, or -1. */
static int
in_list(const char *s, size_t n, const char *const *list)
{
	for (int k = 0; list[k]; k++)
		if (eq_ci(s, n, list[k]))
			return k;
	return -1;
}

/* ---- structured-data types (JSON-LD, microdata, RDFa) ----------------- */

typedef struct named_feat
{
	const char *name;
	int			feat;
} named_feat;

static const named_feat ld_types[] = {
	{"product", TD_PTF_LD_PRODUCT}, {"productgroup", TD_PTF_LD_PRODUCT},
	{"individualproduct", TD_PTF_LD_PRODUCT}, {"productmodel", TD_PTF_LD_PRODUCT},
	{"vehicle", TD_PTF_LD_PRODUCT}, {"car", TD_PTF_LD_PRODUCT},
	{"offer", TD_PTF_LD_OFFER}, {"aggregateoffer", TD_PTF_LD_OFFER},
	{"article", TD_PTF_LD_ARTICLE}, {"newsarticle", TD_PTF_LD_ARTICLE},
	{"blogposting", TD_PTF_LD_ARTICLE}, {"blog", TD_PTF_LD_ARTICLE},
	{"report", TD_PTF_LD_ARTICLE}, {"scholarlyarticle", TD_PTF_LD_ARTICLE},
	{"liveblogposting", TD_PTF_LD_ARTICLE}, {"opinionnewsarticle", TD_PTF_LD_ARTICLE},
	{"reportagenewsarticle", TD_PTF_LD_ARTICLE}, {"analysisnewsarticle", TD_PTF_LD_ARTICLE},
	{"backgroundnewsarticle", TD_PTF_LD_ARTICLE},
	{"discussionforumposting", TD_PTF_LD_FORUM}, {"socialmediaposting", TD_PTF_LD_FORUM},
	{"comment", TD_PTF_LD_FORUM},
	{"qapage", TD_PTF_LD_QA}, {"question", TD_PTF_LD_QA}, {"answer", TD_PTF_LD_QA},
	{"itemlist", TD_PTF_LD_LIST}, {"collectionpage", TD_PTF_LD_LIST},
	{"searchresultspage", TD_PTF_LD_LIST}, {"offercatalog", TD_PTF_LD_LIST},
	{"breadcrumblist", TD_PTF_LD_BREADCRUMB},
	{"faqpage", TD_PTF_LD_FAQ},
	{"techarticle", TD_PTF_LD_TECH}, {"apireference", TD_PTF_LD_TECH},
	{"softwareapplication", TD_PTF_LD_TECH}, {"softwaresourcecode", TD_PTF_LD_TECH},
	{"webapi", TD_PTF_LD_TECH}, {"mobileapplication", TD_PTF_LD_TECH},
	{"webapplication", TD_PTF_LD_TECH}, {"howto", TD_PTF_LD_TECH},
	{"service", TD_PTF_LD_SERVICE}, {"localbusiness", TD_PTF_LD_SERVICE},
	{"professionalservice", TD_PTF_LD_SERVICE}, {"financialservice", TD_PTF_LD_SERVICE},
	{"legalservice", TD_PTF_LD_SERVICE}, {"medicalbusiness", TD_PTF_LD_SERVICE},
	{"homeandconstructionbusiness", TD_PTF_LD_SERVICE}, {"contactpage", TD_PTF_LD_SERVICE},
	{"aboutpage", TD_PTF_LD_SERVICE},
	{"review", TD_PTF_LD_REVIEW}, {"aggregaterating", TD_PTF_LD_REVIEW},
	{"event", TD_PTF_LD_EVENT}, {"course", TD_PTF_LD_EVENT}, {"jobposting", TD_PTF_LD_EVENT},
	{NULL, 0}
};

/* A type value ("Product", "https://schema.org/Product", "schema:Product"). */
static void
note_type(const char *s, size_t n, double *x)
{
	size_t		k = n;

	while (k > 0 && s[k - 1] != '/' && s[k - 1] != ':' && s[k - 1] != '#')
		k--;
	s += k;
	n -= k;
	for (int i = 0; ld_types[i].name; i++)
		if (eq_ci(s, n, ld_types[i].name))
			x[ld_types[i].feat] = 1.0;
}

/* Space-separated type values (itemtype, typeof). */
static void
note_types(const char *s, size_t n, double *x)
{
	if (n > TD_PT_MAX_ATTR_BYTES)
		n = TD_PT_MAX_ATTR_BYTES;
	for (size_t i = 0; i < n;)
	{
		size_t		j = i;

		while (j < n && !td_is_c_space((unsigned char) s[j]))
			j++;
		if (j > i)
			note_type(s + i, j - i, x);
		i = j + 1;
	}
}

/* Position after the JSON string starting at s[i] == '"' (its content [i+1, end-1)). */
static size_t
json_string_end(const char *s, size_t n, size_t i)
{
	for (i++; i < n && s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i < n ? i + 1 : n;
}

static size_t
skip_ws(const char *s, size_t n, size_t i)
{
	while (i < n && td_is_c_space((unsigned char) s[i]))
		i++;
	return i;
}

/*
 * The "@type" values of a JSON-LD text: every "@type" key followed by a
 * string or an array of strings, wherever it is (no JSON parse: a linear
 * scan that malformed JSON cannot make longer).
 */
static void
scan_jsonld(const char *s, size_t n, double *x)
{
	static const char key[] = "\"@type\"";
	size_t		m = sizeof(key) - 1;

	for (size_t i = 0; i + m <= n; i++)
	{
		size_t		j;

		if (s[i] != '"' || memcmp(s + i, key, m) != 0)
			continue;
		j = skip_ws(s, n, i + m);
		if (j >= n || s[j] != ':')
			continue;
		j = skip_ws(s, n, j + 1);
		if (j < n && s[j] == '"')
		{
			size_t		e = json_string_end(s, n, j);

			note_type(s + j + 1, e >= j + 2 ? e - j - 2 : 0, x);
			i = e - 1;
		}
		else if (j < n && s[j] == '[')
		{
			for (j = skip_ws(s, n, j + 1); j < n && s[j] == '"';)
			{
				size_t		e = json_string_end(s, n, j);

				note_type(s + j + 1, e >= j + 2 ? e - j - 2 : 0, x);
				j = skip_ws(s, n, e);
				if (j < n && s[j] == ',')
					j = skip_ws(s, n, j + 1);
			}
			i = j > i ? j - 1 : i;
		}
	}
}

/* ---- id/class tokens --------------------------------------------------- */

typedef struct tok_group
{
	const char *prefix;
	int			feat;
} tok_group;

/*
 * The entries of a word table (words, or structs whose first member is the
 * word; the last entry's NULL) by the word's first letter, a to z, in table
 * order: so a
 * scan tries only the words that can match.  The tables here hold at most
 * 12 words of one letter.
 */
#define BY_LETTER_CAP 32
typedef struct by_letter
{
	uint8_t		n[26];
	uint8_t		at[26][BY_LETTER_CAP];
	uint32_t	second[26];		/* bit per second letter a to z of the words;
								 * SECOND_ANY: one's second byte is not a letter */
} by_letter;

#define SECOND_ANY	(1u << 26)

static void
index_words(by_letter *b, const void *table, size_t stride)
{
	const char *const *w;

	memset(b->n, 0, sizeof(b->n));
	memset(b->second, 0, sizeof(b->second));
	for (size_t k = 0; *(w = (const char *const *) ((const char *) table + k * stride)) != NULL; k++)
	{
		int			c = (*w)[0] - 'a',
					c2 = (*w)[0] ? (*w)[1] : 0;

		if (c >= 0 && c < 26 && b->n[c] < BY_LETTER_CAP)
		{
			b->at[c][b->n[c]++] = (uint8_t) k;
			b->second[c] |= c2 >= 'a' && c2 <= 'z' ? 1u << (c2 - 'a') : SECOND_ANY;
		}
	}
}

/*
 * Whether a word of ix starting with letter ch (a to z) can begin at s[i]
 * by the byte after it: a quick no for most tries, which prefix_ci would
 * refuse at that byte.
 */
static inline int
second_may(const by_letter *ix, int ch, const char *s, size_t n, size_t i)
{
	uint32_t	m = ix->second[ch - 'a'];
	int			c2 = i + 1 < n ? td_ascii_lower((unsigned char) s[i + 1]) : 0;

	return (m & SECOND_ANY) || (c2 >= 'a' && c2 <= 'z' && (m >> (c2 - 'a') & 1));
}

static const tok_group tok_groups[] = {
	{"comment", TD_PTF_TOK_COMMENT}, {"repl", TD_PTF_TOK_COMMENT}, {"respond", TD_PTF_TOK_COMMENT},
	{"post", TD_PTF_TOK_POST}, {"message", TD_PTF_TOK_POST}, {"thread", TD_PTF_TOK_POST},
	{"topic", TD_PTF_TOK_POST}, {"forum", TD_PTF_TOK_POST}, {"answer", TD_PTF_TOK_POST},
	{"discussion", TD_PTF_TOK_POST},
	{"author", TD_PTF_TOK_USER}, {"avatar", TD_PTF_TOK_USER}, {"user", TD_PTF_TOK_USER},
	{"member", TD_PTF_TOK_USER}, {"profile", TD_PTF_TOK_USER}, {"signature", TD_PTF_TOK_USER},
	{"product", TD_PTF_TOK_PRODUCT}, {"sku", TD_PTF_TOK_PRODUCT}, {"variant", TD_PTF_TOK_PRODUCT},
	{"quantity", TD_PTF_TOK_PRODUCT}, {"qty", TD_PTF_TOK_PRODUCT}, {"stock", TD_PTF_TOK_PRODUCT},
	{"price", TD_PTF_TOK_PRICE}, {"currency", TD_PTF_TOK_PRICE},
	{"cart", TD_PTF_TOK_CART}, {"basket", TD_PTF_TOK_CART}, {"checkout", TD_PTF_TOK_CART},
	{"buy", TD_PTF_TOK_CART}, {"addtocart", TD_PTF_TOK_CART},
	{"rating", TD_PTF_TOK_RATING}, {"review", TD_PTF_TOK_RATING}, {"star", TD_PTF_TOK_RATING},
	{"doc", TD_PTF_TOK_DOCS}, {"toc", TD_PTF_TOK_DOCS}, {"api", TD_PTF_TOK_DOCS},
	{"highlight", TD_PTF_TOK_DOCS}, {"syntax", TD_PTF_TOK_DOCS}, {"code", TD_PTF_TOK_DOCS},
	{"sourcecode", TD_PTF_TOK_DOCS}, {"method", TD_PTF_TOK_DOCS}, {"param", TD_PTF_TOK_DOCS},
	{"card", TD_PTF_TOK_GRID}, {"grid", TD_PTF_TOK_GRID}, {"tile", TD_PTF_TOK_GRID},
	{"item", TD_PTF_TOK_GRID}, {"result", TD_PTF_TOK_GRID}, {"teaser", TD_PTF_TOK_GRID},
	{"listing", TD_PTF_TOK_GRID},
	{"pagination", TD_PTF_TOK_PAGING}, {"pager", TD_PTF_TOK_PAGING}, {"paging", TD_PTF_TOK_PAGING},
	{"next", TD_PTF_TOK_PAGING}, {"prev", TD_PTF_TOK_PAGING},
	{"filter", TD_PTF_TOK_FILTER}, {"facet", TD_PTF_TOK_FILTER}, {"sort", TD_PTF_TOK_FILTER},
	{"refine", TD_PTF_TOK_FILTER},
	{"service", TD_PTF_TOK_SERVICE}, {"contact", TD_PTF_TOK_SERVICE},
	{"testimonial", TD_PTF_TOK_SERVICE}, {"pricing", TD_PTF_TOK_SERVICE},
	{"cta", TD_PTF_TOK_SERVICE}, {"hero", TD_PTF_TOK_SERVICE}, {"team", TD_PTF_TOK_SERVICE},
	{"feature", TD_PTF_TOK_SERVICE}, {"benefit", TD_PTF_TOK_SERVICE}, {"plan", TD_PTF_TOK_SERVICE},
	{"article", TD_PTF_TOK_ARTICLE}, {"entry", TD_PTF_TOK_ARTICLE}, {"byline", TD_PTF_TOK_ARTICLE},
	{"share", TD_PTF_TOK_ARTICLE}, {"related", TD_PTF_TOK_ARTICLE}, {"story", TD_PTF_TOK_ARTICLE},
	{"headline", TD_PTF_TOK_ARTICLE},
	{NULL, 0}
};

/* Bits (1 << (feat - TD_PTF_TOK_COMMENT)) of the groups whose keyword begins a token of s. */
static uint32_t
token_groups(const by_letter *ix, const char *s, size_t n)
{
	uint32_t	bits = 0;

	if (n > TD_PT_MAX_ATTR_BYTES)
		n = TD_PT_MAX_ATTR_BYTES;
	for (size_t i = 0; i < n;)
	{
		size_t		j = i + 1;

		if (!is_alnum((unsigned char) s[i]))
		{
			i++;
			continue;
		}
		/* a token ends at a non-alphanumeric and before a camelCase hump */
		while (j < n && is_alnum((unsigned char) s[j]) &&
			   !(s[j] >= 'A' && s[j] <= 'Z' && s[j - 1] >= 'a' && s[j - 1] <= 'z'))
			j++;
		{
			int			c = td_ascii_lower((unsigned char) s[i]) - 'a';

			for (int e = 0; c >= 0 && c < 26 && e < ix->n[c]; e++)
			{
				const tok_group *g = &tok_groups[ix->at[c][e]];

				if (prefix_ci(s + i, j - i, g->prefix))
					bits |= 1u << (g->feat - TD_PTF_TOK_COMMENT);
			}
		}
		i = j;
	}
	return bits;
}

/* ---- the URL ----------------------------------------------------------- */

static const char *const url_product[] = {"product", "products", "p", "dp", "item", "buy", "sku", "prod", NULL};
static const char *const url_forum[] = {"forum", "forums", "thread", "threads", "t", "topic", "topics",
	"community", "discussion", "discussions", "board", "boards", "viewtopic", "showthread", "r", "comments", NULL};
static const char *const url_qa[] = {"questions", "question", "q", "answers", "qa", NULL};
static const char *const url_docs[] = {"docs", "doc", "documentation", "api", "reference", "manual",
	"guide", "guides", "learn", "developer", "developers", "wiki", "kb", "tutorial", "tutorials",
	"handbook", "sdk", NULL};
static const char *const url_list[] = {"category", "categories", "tag", "tags", "c", "collections",
	"collection", "archive", "archives", "browse", "list", "lists", "catalog", "shop", "store",
	"department", "brand", "brands", NULL};
static const char *const url_search[] = {"search", "results", "find", NULL};
static const char *const url_blog[] = {"blog", "blogs", "news", "article", "articles", "post", "posts",
	"story", "stories", NULL};
static const char *const url_service[] = {"services", "service", "solutions", "pricing", "contact",
	"about", "features", "plans", "consulting", "support", NULL};

/* A path segment in one of these lists sets its feature. */
static const struct
{
	const char *const *list;
	int			feature;
}			url_words[] = {
	{url_product, TD_PTF_URL_PRODUCT}, {url_forum, TD_PTF_URL_FORUM}, {url_qa, TD_PTF_URL_QA},
	{url_docs, TD_PTF_URL_DOCS}, {url_list, TD_PTF_URL_LIST}, {url_search, TD_PTF_URL_SEARCH},
	{url_blog, TD_PTF_URL_BLOG}, {url_service, TD_PTF_URL_SERVICE},
};

static void
url_features(const char *u, size_t n, double *x)
{
	size_t		i = 0,
				q,
				depth = 0;
	const char *last = NULL;
	size_t		last_len = 0;

	if (n > TD_PT_MAX_URL)
		n = TD_PT_MAX_URL;
	x[TD_PTF_HAS_URL] = 1.0;
	/* past scheme://authority when there is one */
	for (size_t k = 0; k + 2 < n && k < 32; k++)
		if (u[k] == ':' && u[k + 1] == '/' && u[k + 2] == '/')
		{
			for (i = k + 3; i < n && u[i] != '/' && u[i] != '?' && u[i] != '#'; i++)
				;
			break;
		}
	for (q = i; q < n && u[q] != '?' && u[q] != '#'; q++)
		;
	while (i < q)
	{
		size_t		j = i,
					e;
		int			digits = 1;

		while (j < q && u[j] != '/')
			j++;
		e = j;
		/* "viewtopic.php" is "viewtopic" */
		for (size_t k = i; k < j; k++)
			if (u[k] == '.')
			{
				e = k;
				break;
			}
		if (j > i)
		{
			depth++;
			last = u + i;
			last_len = j - i;
			for (size_t k = i; k < j; k++)
				digits &= u[k] >= '0' && u[k] <= '9';
			for (size_t g = 0; g < sizeof(url_words) / sizeof(url_words[0]); g++)
				if (in_list(u + i, e - i, url_words[g].list) >= 0)
					x[url_words[g].feature] = 1.0;
			if (digits && j - i == 4 && (u[i] == '1' || u[i] == '2'))
				x[TD_PTF_URL_DATE] = 1.0;
			/* /page/2 */
			if (eq_ci(u + i, j - i, "page") && j + 1 < q && u[j + 1] >= '0' && u[j + 1] <= '9')
				x[TD_PTF_URL_PAGE] = 1.0;
		}
		i = j + 1;
	}
	x[TD_PTF_URL_DEPTH] = log1p((double) depth);
	if (last)
	{
		size_t		hyphens = 0;

		for (size_t k = 0; k < last_len; k++)
			hyphens += last[k] == '-' || last[k] == '_';
		x[TD_PTF_URL_SLUG] = log1p((double) hyphens);
	}
	/* the query: page=N, p=N; q=, s=, query=, search */
	if (q < n && u[q] == '?')
	{
		size_t		e = q;

		while (e < n && u[e] != '#')
			e++;
		for (size_t k = q; k < e; k++)
		{
			int			start = u[k] == '?' || u[k] == '&';

			if (!start)
				continue;
			if ((contains_ci(u + k + 1, e - k - 1 < 6 ? e - k - 1 : 6, "page=")) ||
				(k + 3 < e && td_ascii_lower((unsigned char) u[k + 1]) == 'p' && u[k + 2] == '=' &&
				 u[k + 3] >= '0' && u[k + 3] <= '9'))
				x[TD_PTF_URL_PAGE] = 1.0;
			if ((k + 2 < e && (td_ascii_lower((unsigned char) u[k + 1]) == 'q' ||
							   td_ascii_lower((unsigned char) u[k + 1]) == 's') &&
				 u[k + 2] == '=') ||
				contains_ci(u + k + 1, e - k - 1 < 7 ? e - k - 1 : 7, "query=") ||
				contains_ci(u + k + 1, e - k - 1 < 6 ? e - k - 1 : 6, "search"))
				x[TD_PTF_URL_SEARCH] = 1.0;
		}
	}
}

/* ---- visible text: prices, "add to cart" ------------------------------- */

static const char *const cart_phrases[] = {"add to cart", "add to bag", "add to basket",
	"buy now", "add to trolley", "in den warenkorb", "ajouter au panier", "add to wishlist", NULL};

/* Currency signs: $, €, £, ¥, ₹ (UTF-8); the length of the one at s[i], or 0. */
static size_t
currency_at(const unsigned char *s, size_t n, size_t i)
{
	if (s[i] == '$')
		return 1;
	if (i + 1 < n && s[i] == 0xC2 && (s[i + 1] == 0xA3 || s[i + 1] == 0xA5))
		return 2;
	if (i + 2 < n && s[i] == 0xE2 && s[i + 1] == 0x82 && (s[i + 2] == 0xAC || s[i + 2] == 0xB9))
		return 3;
	return 0;
}

/*
 * Prices: a currency sign right before a digit (a space allowed) or right
 * after one; 1 when one starts at s[i].
 */
static int
price_at(const unsigned char *s, size_t n, size_t i)
{
	size_t		m = currency_at(s, n, i),
				j;

	if (m == 0)
		return 0;
	j = i + m;
	if (j < n && s[j] == ' ')
		j++;
	return (j < n && s[j] >= '0' && s[j] <= '9') ||
		(i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') ||
		(i > 1 && s[i - 1] == ' ' && s[i - 2] >= '0' && s[i - 2] <= '9');
}

/*
 * The length of the "add to cart" phrase at s[i], or 0; ix: cart_phrases by
 * first letter, ch: s[i] lower-cased, a to z.
 */
static inline size_t
cart_at(const by_letter *ix, const char *s, size_t n, size_t i, int ch)
{
	if (!second_may(ix, ch, s, n, i))
		return 0;
	for (int e = 0; e < ix->n[ch - 'a']; e++)
	{
		size_t		m = prefix_ci(s + i, n - i, cart_phrases[ix->at[ch - 'a'][e]]);

		if (m > 0)
			return m;
	}
	return 0;
}

static uint32_t
count_cart(const by_letter *ix, const char *s, size_t n)
{
	uint32_t	c = 0;

	for (size_t i = 0; i < n; i++)
	{
		int			ch = td_ascii_lower((unsigned char) s[i]);
		size_t		m = ch >= 'a' && ch <= 'z' ? cart_at(ix, s, n, i, ch) : 0;

		if (m > 0)
		{
			c++;
			i += m - 1;
		}
	}
	return c;
}

/* Phrases of visible text, whole words, ASCII case-insensitive, by group. */
static const named_feat phrases[] = {
	{"posted by", TD_PTF_PH_FORUM}, {"replies", TD_PTF_PH_FORUM}, {"reply", TD_PTF_PH_FORUM},
	{"joined", TD_PTF_PH_FORUM}, {"views", TD_PTF_PH_FORUM}, {"quote", TD_PTF_PH_FORUM},
	{"members", TD_PTF_PH_FORUM}, {"upvote", TD_PTF_PH_FORUM}, {"answered", TD_PTF_PH_FORUM},
	{"in stock", TD_PTF_PH_PRODUCT}, {"out of stock", TD_PTF_PH_PRODUCT}, {"sku", TD_PTF_PH_PRODUCT},
	{"free shipping", TD_PTF_PH_PRODUCT}, {"quantity", TD_PTF_PH_PRODUCT},
	{"specifications", TD_PTF_PH_PRODUCT}, {"customer reviews", TD_PTF_PH_PRODUCT},
	{"contact us", TD_PTF_PH_SERVICE}, {"get a quote", TD_PTF_PH_SERVICE},
	{"our services", TD_PTF_PH_SERVICE}, {"free consultation", TD_PTF_PH_SERVICE},
	{"call us", TD_PTF_PH_SERVICE}, {"request a", TD_PTF_PH_SERVICE}, {"get started", TD_PTF_PH_SERVICE},
	{"our team", TD_PTF_PH_SERVICE}, {"testimonials", TD_PTF_PH_SERVICE}, {"why choose", TD_PTF_PH_SERVICE},
	{"book a", TD_PTF_PH_SERVICE},
	{"results", TD_PTF_PH_LISTING}, {"showing", TD_PTF_PH_LISTING}, {"sort by", TD_PTF_PH_LISTING},
	{"filter", TD_PTF_PH_LISTING}, {"load more", TD_PTF_PH_LISTING}, {"next page", TD_PTF_PH_LISTING},
	{"read more", TD_PTF_PH_LISTING}, {"view all", TD_PTF_PH_LISTING}, {"see all", TD_PTF_PH_LISTING},
	{"parameters", TD_PTF_PH_DOCS}, {"returns", TD_PTF_PH_DOCS}, {"example", TD_PTF_PH_DOCS},
	{"syntax", TD_PTF_PH_DOCS}, {"installation", TD_PTF_PH_DOCS}, {"deprecated", TD_PTF_PH_DOCS},
	{"arguments", TD_PTF_PH_DOCS}, {"note", TD_PTF_PH_DOCS},
	{"min read", TD_PTF_PH_ARTICLE}, {"published", TD_PTF_PH_ARTICLE}, {"updated", TD_PTF_PH_ARTICLE},
	{"written by", TD_PTF_PH_ARTICLE}, {"related articles", TD_PTF_PH_ARTICLE},
	{"comments", TD_PTF_PH_ARTICLE},
	{NULL, 0}
};

/*
 * The visible text s[0..n) in one scan: returns its non-blank bytes and adds
 * its prices (price_at), "add to cart" phrases (cart_at; none can begin inside
 * another, so no skipping is needed) and whole-word phrases (by group, into
 * cnt[]).
 */
static uint32_t
scan_text(const by_letter *ix, const by_letter *ix_cart, const char *str, size_t n,
		  uint32_t *cnt, uint32_t *prices, uint32_t *cart)
{
	const unsigned char *s = (const unsigned char *) str;
	uint32_t	nonblank = 0;

	for (size_t i = 0; i < n; i++)
	{
		unsigned char b = s[i];
		int			ch;

		if (td_is_c_space(b))
			continue;
		nonblank++;
		if (b == '$' || b == 0xC2 || b == 0xE2)
		{
			*prices += price_at(s, n, i);
			continue;
		}
		ch = td_ascii_lower(b);
		if (ch < 'a' || ch > 'z')
			continue;
		*cart += cart_at(ix_cart, str, n, i, ch) > 0;
		if (i > 0 && is_alnum(s[i - 1]))
			continue;
		/* a word begins: the first phrase of its letter that matches, whole */
		if (!second_may(ix, ch, str, n, i))
			continue;
		for (int e = 0; e < ix->n[ch - 'a']; e++)
		{
			const named_feat *p = &phrases[ix->at[ch - 'a'][e]];
			size_t		m = prefix_ci(str + i, n - i, p->name);

			if (m > 0 && (i + m == n || !is_alnum(s[i + m])))
			{
				cnt[p->feat]++;
				break;
			}
		}
	}
	return nonblank;
}

/* ---- the tree pass ----------------------------------------------------- */

/* Flags a node inherits from its ancestors (in[] per node). */
#define IN_A		0x01
#define IN_REP		0x02
#define IN_P		0x04
#define IN_LI		0x08
#define IN_CELL		0x10
#define IN_CODE		0x20
#define IN_HEAD		0x40
#define IN_ART		0x80

/* The (parent, tag + class) key of element i, never 0. */
static uint64_t
group_key(const td_tree *t, uint32_t i)
{
	uint32_t	cl = 0;
	const char *c = td_node_attr(t, i, "class", &cl);
	uint64_t	h = TD_FNV_OFFSET ^ ((uint64_t) t->nodes[i].parent * 0x9E3779B97F4A7C15ULL);

	h = td_fnv_bytes(h, td_node_str(t, i), t->nodes[i].str_len);
	h = td_fnv_byte(h, '|');
	if (cl > TD_PT_MAX_ATTR_BYTES)
		cl = TD_PT_MAX_ATTR_BYTES;
	h = td_fnv_bytes(h, c, c ? cl : 0);
	return h ? h : 1;
}

/* Whether element i is shown (not hidden, not inside a hidden element). */
static int
shown(const td_node *nd)
{
	return !(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN));
}

td_status
td_page_type_features(const td_tree *t, const char *url, size_t url_len, double *x)
{
	td_env	   *env = t->env;
	uint8_t    *in;
	uint64_t   *keys;			/* the group keys of the shown elements, sorted */
	uint64_t   *order;			/* the same keys in node order (pass 2 reads them) */
	size_t		nkeys = 0,
				next_key = 0;
	uint32_t	n = t->n_nodes,
				elems = 0;
	double		text = 0,
				c_a = 0,
				c_rep = 0,
				c_p = 0,
				c_li = 0,
				c_cell = 0,
				c_code = 0,
				c_head = 0,
				c_art = 0;
	uint32_t	cnt[TD_PT_N_FEATURES];
	by_letter	ix_phrases,
				ix_tokens,
				ix_cart;
	uint32_t	prices = 0,
				cart = 0,
				links = 0,
				groups = 0,
				group_max = 0,
				group_items = 0;

	memset(x, 0, sizeof(double) * TD_PT_N_FEATURES);
	memset(cnt, 0, sizeof(cnt));
	index_words(&ix_phrases, phrases, sizeof(phrases[0]));
	index_words(&ix_tokens, tok_groups, sizeof(tok_groups[0]));
	index_words(&ix_cart, cart_phrases, sizeof(cart_phrases[0]));
	for (uint32_t i = 0; i < n; i++)
		elems += t->nodes[i].kind == TD_ELEM;
	in = td_alloc(env, n + 1);
	keys = td_alloc(env, 3 * ((size_t) elems + 1) * sizeof(uint64_t));
	if (!in || !keys)
	{
		td_free(env, in);
		td_free(env, keys);
		return td_fail(env, TD_ENOMEM, "out of memory for the page type's features");
	}

	/* pass 1: same-shape sibling groups (shown elements under an element) */
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];

		if (td_poll_every(env, i - 1, PT_POLL))
			goto interrupted;
		if (nd->kind == TD_ELEM && shown(nd))
			keys[nkeys++] = group_key(t, i);
	}
	/* pass 2 visits the same elements in the same order: it reads their keys from here */
	order = keys + elems + 1;
	memcpy(order, keys, nkeys * sizeof(uint64_t));
	td_radix_sort_u64(keys, order + elems + 1, nkeys);
	/* the groups of three or more; their keys, once each, kept at the front (still sorted) */
	for (size_t j = 0; j < nkeys;)
	{
		size_t		e = j + 1;

		while (e < nkeys && keys[e] == keys[j])
			e++;
		if (e - j >= 3)
		{
			keys[groups++] = keys[j];
			group_items += (uint32_t) (e - j);
			if (e - j > group_max)
				group_max = (uint32_t) (e - j);
		}
		j = e;
	}

	/* pass 2: tags, inherited flags, text, attributes */
	in[0] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		uint8_t		f = in[nd->parent];

		if (td_poll_every(env, i, PT_POLL))
			goto interrupted;
		if (nd->kind == TD_TEXT)
		{
			double		c;

			in[i] = f;
			if (nd->flags & TD_F_INHIDDEN)
				continue;
			c = scan_text(&ix_phrases, &ix_cart, td_node_str(t, i), nd->str_len, cnt, &prices,
						  &cart);
			text += c;
			c_a += (f & IN_A) ? c : 0;
			c_rep += (f & IN_REP) ? c : 0;
			c_p += (f & IN_P) ? c : 0;
			c_li += (f & IN_LI) ? c : 0;
			c_cell += (f & IN_CELL) ? c : 0;
			c_code += (f & IN_CODE) ? c : 0;
			c_head += (f & IN_HEAD) ? c : 0;
			c_art += (f & IN_ART) ? c : 0;
			continue;
		}
		if (nd->kind != TD_ELEM)
		{
			in[i] = f;
			continue;
		}
		/* head and script elements: og:type, JSON-LD */
		if (nd->tag == TD_TAG_META)
		{
			uint32_t	pl = 0,
						cl = 0;
			const char *p = td_node_attr(t, i, "property", &pl);
			const char *c = td_node_attr(t, i, "content", &cl);

			if (!p)
				p = td_node_attr(t, i, "name", &pl);
			if (p && c && eq_ci(p, pl, "og:type"))
			{
				if (cl >= 7 && eq_ci(c, 7, "article"))
					x[TD_PTF_OG_ARTICLE] = 1.0;
				else if (cl >= 7 && eq_ci(c, 7, "product"))
					x[TD_PTF_OG_PRODUCT] = 1.0;
				else if (eq_ci(c, cl, "website"))
					x[TD_PTF_OG_WEBSITE] = 1.0;
			}
		}
		if (nd->tag == TD_TAG_SCRIPT)
		{
			uint32_t	tl = 0;
			const char *ty = td_node_attr(t, i, "type", &tl);

			if (ty && tl <= 64 && contains_ci(ty, tl, "ld+json"))
			{
				size_t		budget = TD_PT_MAX_JSONLD;

				for (uint32_t k = i + 1; k < nd->end && budget > 0; k++)
					if (t->nodes[k].kind == TD_TEXT)
					{
						size_t		len = t->nodes[k].str_len < budget ? t->nodes[k].str_len : budget;

						scan_jsonld(td_node_str(t, k), len, x);
						budget -= len;
					}
			}
		}
		if (!shown(nd))
		{
			in[i] = f;
			continue;
		}
		{
			uint32_t	len = 0;
			const char *v;
			uint32_t	bits = 0,
						seen = 0;

			/* itemtype, typeof, class, id: one pass, the first of each (as td_node_attr) */
			for (uint32_t k = nd->attr_first; k < nd->attr_first + nd->attr_count; k++)
			{
				const td_attr *a = &t->attrs[k];
				const char *nm = t->strings + a->name_off;
				int			which = a->name_len == 8 && memcmp(nm, "itemtype", 8) == 0 ? 1 :
					a->name_len == 6 && memcmp(nm, "typeof", 6) == 0 ? 2 :
					a->name_len == 5 && memcmp(nm, "class", 5) == 0 ? 4 :
					a->name_len == 2 && nm[0] == 'i' && nm[1] == 'd' ? 8 : 0;

				if (which == 0 || (seen & which))
					continue;
				seen |= which;
				v = t->strings + a->value_off;
				if (which <= 2)
					note_types(v, a->value_len, x);
				else
					bits |= token_groups(&ix_tokens, v, a->value_len);
			}
			for (int g = 0; g <= TD_PTF_TOK_ARTICLE - TD_PTF_TOK_COMMENT; g++)
				if (bits & (1u << g))
					cnt[TD_PTF_TOK_COMMENT + g]++;
			if ((nd->tag == TD_TAG_INPUT || nd->tag == TD_TAG_BUTTON) &&
				(v = td_node_attr(t, i, "value", &len)) != NULL)
				cart += count_cart(&ix_cart, v, len > TD_PT_MAX_ATTR_BYTES ? TD_PT_MAX_ATTR_BYTES : len);
		}
		if (td_sorted_has(keys, groups, order[next_key++]))
			f |= IN_REP;
		switch (nd->tag)
		{
			case TD_TAG_A:
				if (td_node_attr(t, i, "href", NULL))
				{
					links++;
					f |= IN_A;
				}
				break;
			case TD_TAG_ARTICLE:
				cnt[TD_PTF_LOG_ARTICLE]++;
				f |= IN_ART;
				break;
			case TD_TAG_MAIN:
				cnt[TD_PTF_LOG_MAIN]++;
				f |= IN_ART;
				break;
			case TD_TAG_SECTION:
				cnt[TD_PTF_LOG_SECTION]++;
				break;
			case TD_TAG_FORM:
				cnt[TD_PTF_LOG_FORM]++;
				break;
			case TD_TAG_INPUT:
				cnt[TD_PTF_LOG_INPUT]++;
				break;
			case TD_TAG_BUTTON:
				cnt[TD_PTF_LOG_BUTTON]++;
				break;
			case TD_TAG_SELECT:
				cnt[TD_PTF_LOG_SELECT]++;
				break;
			case TD_TAG_TEXTAREA:
				cnt[TD_PTF_LOG_TEXTAREA]++;
				break;
			case TD_TAG_PRE:
				cnt[TD_PTF_LOG_PRE]++;
				f |= IN_CODE;
				break;
			case TD_TAG_CODE:
				cnt[TD_PTF_LOG_CODE]++;
				f |= IN_CODE;
				break;
			case TD_TAG_TABLE:
				cnt[TD_PTF_LOG_TABLE]++;
				break;
			case TD_TAG_TD:
			case TD_TAG_TH:
				cnt[TD_PTF_LOG_CELLS]++;
				f |= IN_CELL;
				break;
			case TD_TAG_H1:
				cnt[TD_PTF_LOG_H1]++;
				/* fall through */
			case TD_TAG_H2:
			case TD_TAG_H3:
			case TD_TAG_H4:
			case TD_TAG_H5:
			case TD_TAG_H6:
				cnt[TD_PTF_LOG_HEADINGS]++;
				f |= IN_HEAD;
				break;
			case TD_TAG_LI:
				cnt[TD_PTF_LOG_LI]++;
				f |= IN_LI;
				break;
			case TD_TAG_P_:
				cnt[TD_PTF_LOG_P]++;
				f |= IN_P;
				break;
			case TD_TAG_IMG:
				cnt[TD_PTF_LOG_IMG]++;
				break;
			case TD_TAG_NAV:
				cnt[TD_PTF_LOG_NAV]++;
				break;
			case TD_TAG_ASIDE:
				cnt[TD_PTF_LOG_ASIDE]++;
				break;
			case TD_TAG_TIME:
				cnt[TD_PTF_LOG_TIME]++;
				break;
			case TD_TAG_DL:
				cnt[TD_PTF_LOG_DL]++;
				break;
			case TD_TAG_BLOCKQUOTE:
				cnt[TD_PTF_LOG_BLOCKQUOTE]++;
				break;
			case TD_TAG_FIGURE:
				cnt[TD_PTF_LOG_FIGURE]++;
				break;
			case TD_TAG_VIDEO:
			case TD_TAG_IFRAME:
				cnt[TD_PTF_LOG_VIDEO]++;
				break;
			default:
				break;
		}
		in[i] = f;
	}
	td_free(env, in);
	td_free(env, keys);

	for (int k = 0; k < TD_PT_N_FEATURES; k++)
		if (cnt[k])
			x[k] = log1p((double) cnt[k]);
	x[TD_PTF_LOG_TEXT] = log1p(text);
	x[TD_PTF_LOG_ELEMENTS] = log1p((double) elems);
	x[TD_PTF_LOG_LINKS] = log1p((double) links);
	x[TD_PTF_LINKS_PER_KCHAR] = 1000.0 * links / (text + 1000.0);
	if (text > 0)
	{
		x[TD_PTF_LINK_SHARE] = c_a / text;
		x[TD_PTF_SHARE_P] = c_p / text;
		x[TD_PTF_SHARE_LI] = c_li / text;
		x[TD_PTF_SHARE_CELLS] = c_cell / text;
		x[TD_PTF_SHARE_CODE] = c_code / text;
		x[TD_PTF_SHARE_HEADINGS] = c_head / text;
		x[TD_PTF_SHARE_ARTICLE] = c_art / text;
		x[TD_PTF_SHARE_REPEATED] = c_rep / text;
	}
	x[TD_PTF_LOG_REP_GROUPS] = log1p((double) groups);
	x[TD_PTF_LOG_REP_MAX] = log1p((double) group_max);
	x[TD_PTF_LOG_REP_ITEMS] = log1p((double) group_items);
	x[TD_PTF_P_CHARS] = cnt[TD_PTF_LOG_P] ? log1p(c_p / cnt[TD_PTF_LOG_P]) : 0.0;
	x[TD_PTF_LOG_PRICES] = log1p((double) prices);
	x[TD_PTF_ADD_TO_CART] = log1p((double) cart);
	if (url != NULL)
		url_features(url, url_len, x);
	return TD_OK;

interrupted:
	td_free(env, in);
	td_free(env, keys);
	return td_fail(env, TD_EINTR, "page type interrupted");
}

void
td_pt_standardize(const double *mean, const double *scale, const double *x, double *z)
{
	int			url = x[TD_PTF_HAS_URL] != 0;

	for (int j = 0; j < TD_PT_N_FEATURES; j++)
	{
		double		v = (x[j] - mean[j]) / scale[j];

		z[j] = j == TD_PTF_HAS_URL || (!url && j > TD_PTF_HAS_URL) || !isfinite(v) ? 0.0 : v;
	}
}

void
td_page_type_probs(const td_pt_model *m, const double *x, double *prob)
{
	double		z[TD_PT_N_TYPES],
				zx[TD_PT_N_FEATURES],
				top = -INFINITY,
				sum = 0;

	td_pt_standardize(m->mean, m->scale, x, zx);
	for (int k = 0; k < TD_PT_N_TYPES; k++)
	{
		double		s = m->bias[k];

		for (int j = 0; j < TD_PT_N_FEATURES; j++)
			s += m->weight[k][j] * zx[j];
		z[k] = isfinite(s) ? s : 0.0;
		if (z[k] > top)
			top = z[k];
	}
	for (int k = 0; k < TD_PT_N_TYPES; k++)
		sum += (prob[k] = exp(z[k] - top));
	for (int k = 0; k < TD_PT_N_TYPES; k++)
		prob[k] /= sum;
}

td_status
td_page_type(const td_tree *tree, const char *url, size_t url_len, double *prob, int *best)
{
	double		x[TD_PT_N_FEATURES],
				p[TD_PT_N_TYPES];
	td_status	st = td_page_type_features(tree, url, url_len, x);

	if (st != TD_OK)
		return st;
	td_page_type_probs(td_pt_default_model(url != NULL), x, p);
	if (prob)
		memcpy(prob, p, sizeof(p));
	if (best)
	{
		*best = 0;
		for (int k = 1; k < TD_PT_N_TYPES; k++)
			if (p[k] > p[*best])
				*best = k;
	}
	return TD_OK;
}
