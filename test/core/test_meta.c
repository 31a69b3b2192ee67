/*
 * test_meta.c — page metadata (meta/metadata.h), its JSON reader
 * (util/jsonld.h) and dates (meta/dates.h) on hand-written inputs, compared
 * with exact expected outputs; every allocation failure of a metadata call
 * returns TD_ENOMEM with nothing leaked; an interrupt stops it.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "base/tree.h"
#include "meta/dates.h"
#include "util/jsonld.h"
#include "meta/langdetect.h"
#include "meta/metadata.h"
#include "meta/title_model.h"

static td_env env;

static void
check_date(const char *in, const char *want, int line)
{
	char		out[TD_DATE_MAX];
	int			ok = td_date_normalize(in, strlen(in), out);

	CHECK(want ? ok && strcmp(out, want) == 0 : !ok && out[0] == 0,
		  "line %d: [%s] -> [%s] (%d), want [%s]", line, in, out, ok, want ? want : "(none)");
}

static void
test_dates(void)
{
	check_date("2024-03-05", "2024-03-05", __LINE__);
	check_date("  2024-03-05\n", "2024-03-05", __LINE__);
	check_date("2024-03-05T14:30:00+01:00", "2024-03-05T14:30:00+01:00", __LINE__);
	check_date("2024-03-05T14:30:00.123Z", "2024-03-05T14:30:00Z", __LINE__);
	check_date("2024-03-05T14:30", "2024-03-05T14:30:00", __LINE__);
	check_date("2024-03-05 14:30:00 +0000", "2024-03-05T14:30:00+00:00", __LINE__);
	check_date("2024-03-05T14:30:00-0500", "2024-03-05T14:30:00-05:00", __LINE__);
	check_date("2024/3/5", "2024-03-05", __LINE__);
	check_date("20240305", "2024-03-05", __LINE__);
	check_date("March 5, 2024", "2024-03-05", __LINE__);
	check_date("Mar. 5th 2024", "2024-03-05", __LINE__);
	check_date("5 March 2024", "2024-03-05", __LINE__);
	check_date("Tue, 05 Mar 2024 14:30:00 GMT", "2024-03-05T14:30:00Z", __LINE__);
	check_date("2024-02-29", "2024-02-29", __LINE__);
	/* numeric days when only one order is a date; dots are day first */
	check_date("09/25/2025", "2025-09-25", __LINE__);
	check_date("25/09/2025", "2025-09-25", __LINE__);
	check_date("12/12/2025", "2025-12-12", __LINE__);
	check_date("17.05.2021", "2021-05-17", __LINE__);
	check_date("05.03.2024", "2024-03-05", __LINE__);
	/* a time after a comma, a dash or a bar; a 12-hour clock */
	check_date("Thu, 09/25/2025 - 11:38", "2025-09-25T11:38:00", __LINE__);
	check_date("2019-02-23, 09:14 PM", "2019-02-23T21:14:00", __LINE__);
	check_date("Feb 14, 2026 | 9:05 pm", "2026-02-14T21:05:00", __LINE__);
	check_date("Sun Dec 17, 2023 12:23 am", "2023-12-17T00:23:00", __LINE__);
	check_date("30 Sep 2022, 11:07a.m.", "2022-09-30T11:07:00", __LINE__);
	/* refused: ambiguous, impossible, out of range, trailing words */
	check_date("05/03/2024", NULL, __LINE__);
	check_date("05-03-2024", NULL, __LINE__);
	check_date("13/13/2024", NULL, __LINE__);
	check_date("2024-03-05 13:00 pm", NULL, __LINE__);
	check_date("2024-03-05 9:00 amx", NULL, __LINE__);
	check_date("2023-02-29", NULL, __LINE__);
	check_date("2024-13-01", NULL, __LINE__);
	check_date("1850-01-01", NULL, __LINE__);
	check_date("2024-03-05 and more", NULL, __LINE__);
	check_date("2024-03-05T25:00", NULL, __LINE__);
	check_date("2024-03-05T10:00+15:00", NULL, __LINE__);
	check_date("yesterday", NULL, __LINE__);
	check_date("", NULL, __LINE__);
}

static void
check_find(const char *in, const char *want, int line)
{
	char		out[TD_DATE_MAX];
	int			ok = td_date_find(in, strlen(in), out);

	CHECK(want ? ok && strcmp(out, want) == 0 : !ok && out[0] == 0,
		  "line %d: [%s] -> [%s] (%d), want [%s]", line, in, out, ok, want ? want : "(none)");
}

static void
test_date_find(void)
{
	check_find("Published on March 5, 2024 at 9:00", "2024-03-05T09:00:00", __LINE__);
	check_find("Posted March 5, 2024, in News", "2024-03-05", __LINE__);
	check_find("2024-03-05 | Tides", "2024-03-05", __LINE__);
	check_find("Posted 2024-03-05 | 4 min read", "2024-03-05", __LINE__);
	check_find("By Ann Lee  5 March 2024", "2024-03-05", __LINE__);
	check_find("Updated: March 5, 2024", NULL, __LINE__);
	check_find("4 min read", NULL, __LINE__);
	check_find("one two three four five six seven eight 2024-03-05", NULL, __LINE__);
}

static void
test_json(void)
{
	td_json		j;
	const char *s;
	char		deep[200];
	uint32_t	v;

	s = "<!--{\"a\": [1, \"x\\u00e9\\ud83d\\ude00\\u0000\", {\"b\": true,},], \"c\": null}-->";
	CHECK(td_json_parse(&env, s, strlen(s), 0, &j) == TD_OK, "parse: %s", env.errmsg);
	CHECK(j.n_vals == 7, "values %u", j.n_vals);
	CHECK(j.vals[0].type == TD_JSON_OBJECT && j.vals[0].end == 7, "top");
	v = td_json_member(&j, 0, "a");
	CHECK(v == 1 && j.vals[v].type == TD_JSON_ARRAY && j.vals[v].end == 6, "a");
	v = td_json_next(&j, td_json_first(&j, 1));
	CHECK(j.vals[v].type == TD_JSON_STRING && j.vals[v].str_len == 10 &&
		  memcmp(j.pool + j.vals[v].str_off, "x\xC3\xA9\xF0\x9F\x98\x80\xEF\xBF\xBD", 10) == 0,
		  "string escapes");
	CHECK(td_json_member(&j, td_json_next(&j, v), "b") == 5, "nested member");
	CHECK(td_json_member(&j, 0, "c") == 6 && j.vals[6].type == TD_JSON_NULL, "null");
	CHECK(td_json_member(&j, 0, "zz") == UINT32_MAX, "absent");
	td_json_free(&j);

	/* refused */
	{
		static const char *const bad[] = {"{\"a\": 1", "{\"a\" 1}", "{a: 1}", "[1 2]",
		"\"abc", "{\"a\": tru}", "[1] x", "", "{\"a\": \"\\q\"}"};

		for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		{
			CHECK(td_json_parse(&env, bad[k], strlen(bad[k]), 0, &j) == TD_EFORMAT,
				  "refused: %s", bad[k]);
			td_json_free(&j);
		}
	}
	/* depth: 64 nested arrays are read, 65 are not */
	memset(deep, '[', 64);
	memset(deep + 64, ']', 64);
	CHECK(td_json_parse(&env, deep, 128, 0, &j) == TD_OK, "depth 64: %s", env.errmsg);
	td_json_free(&j);
	memset(deep, '[', 65);
	memset(deep + 65, ']', 65);
	CHECK(td_json_parse(&env, deep, 130, 0, &j) == TD_EFORMAT, "depth 65");
	td_json_free(&j);
	/* the value limit */
	s = "[1, 2, 3, 4]";
	CHECK(td_json_parse(&env, s, strlen(s), 4, &j) == TD_EFORMAT, "5 values over 4");
	td_json_free(&j);
	CHECK(td_json_parse(&env, s, strlen(s), 5, &j) == TD_OK, "5 values");
	td_json_free(&j);
}

static void
check_meta(const char *html, const char *base, const char *want, int line)
{
	td_tree    *t = NULL;
	td_buf		b;
	td_meta_options opt = {base, base ? strlen(base) : 0, 0, 0, NULL};

	CHECK(td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t) == TD_OK, "parse");
	td_buf_init(&b, &env);
	CHECK(td_page_metadata(t, &opt, &b) == TD_OK, "line %d: %s", line, env.errmsg);
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, want) == 0, "line %d\n  got:  [%s]\n  want: [%s]", line, b.data, want);
	td_buf_free(&b);
	td_tree_free(t);
}

/*
 * The title candidates of html (td_meta_options.title_candidates): the
 * value of feature f of the candidate whose text is text, -1 when there is
 * none such; *n the number of candidates.
 */
static double
cand_feature(const char *html, const char *base, const char *text, int f, int *n)
{
	td_tree    *t = NULL;
	td_buf		b,
				c;
	td_meta_options opt = {base, base ? strlen(base) : 0, 0, 0, &c};
	double		v = -1;

	*n = 0;
	CHECK(td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t) == TD_OK, "parse");
	td_buf_init(&b, &env);
	td_buf_init(&c, &env);
	CHECK(td_page_metadata(t, &opt, &b) == TD_OK, "%s", env.errmsg);
	td_buf_terminate(&c);
	for (char *line = c.data; line && *line;)
	{
		char	   *nl = strchr(line, '\n'),
				   *tab = strchr(line, '\t');

		(*n)++;
		if (tab && (size_t) (tab - line) == strlen(text) && memcmp(line, text, strlen(text)) == 0)
		{
			char	   *p = tab + 1;

			for (int k = 0; k < f; k++)
				p = strchr(p, ' ') + 1;
			v = strtod(p, NULL);
		}
		line = nl ? nl + 1 : NULL;
	}
	td_buf_free(&b);
	td_buf_free(&c);
	td_tree_free(t);
	return v;
}

static void
check_cand(const char *html, const char *base, const char *text, int f, double want, int line)
{
	int			n;
	double		v = cand_feature(html, base, text, f, &n);

	CHECK(v == want, "line %d: candidate [%s] feature %d = %g, want %g", line, text, f, v, want);
}

/* 24 texts: the byline region after a headline ends before what follows */
#define FILLER "<p>a</p><p>b</p><p>c</p><p>d</p><p>e</p><p>f</p><p>g</p><p>h</p><p>i</p><p>j</p>" \
	"<p>k</p><p>l</p><p>m</p><p>n</p><p>o</p><p>p</p><p>q</p><p>r</p><p>s</p><p>t</p>" \
	"<p>u</p><p>v</p><p>w</p><p>x</p>"

static void
test_metadata(void)
{
	check_meta("", NULL, "{}", __LINE__);
	/* JSON-LD @graph: the article's fields, an author by @id, the publisher as site name */
	check_meta("<title>Tides | Gazette</title><script type=\"application/ld+json\">"
			   "{\"@graph\": [{\"@type\": [\"NewsArticle\"], \"headline\": \"Tides\", "
			   "\"author\": [{\"@id\": \"#p\"}, \"Bo Chen\"], \"datePublished\": \"2024-03-05\", "
			   "\"publisher\": {\"name\": \"Gazette\"}}, {\"@type\": \"Person\", \"@id\": \"#p\", "
			   "\"name\": \"Ann Lee\"}]}</script>", NULL,
			   "{\"title\": \"Tides\", \"authors\": [\"Ann Lee\", \"Bo Chen\"], "
			   "\"published\": \"2024-03-05\", \"site_name\": \"Gazette\", "
			   "\"types\": [\"NewsArticle\", \"Person\"]}", __LINE__);
	/* an Organization as author is no person; an FAQ's questions are no title */
	check_meta("<script type=\"application/ld+json\">[{\"@type\": \"FAQPage\", \"mainEntity\": "
			   "[{\"@type\": \"Question\", \"name\": \"Why?\"}]}, {\"@type\": \"Article\", "
			   "\"author\": {\"@type\": \"Organization\", \"name\": \"Acme\"}}]</script>"
			   "<title>Answers</title>", NULL,
			   "{\"title\": \"Answers\", \"types\": [\"FAQPage\", \"Article\", \"Question\"]}",
			   __LINE__);
	/* a headline cut short is replaced by the title that continues it */
	check_meta("<title>A very long headline that a plugin cut at a fixed length of one hundred "
			   "and ten characters and then went on | Site</title><script type=\"application/ld+json\">"
			   "{\"@type\": \"Article\", \"headline\": \"A very long headline that a plugin cut "
			   "at a fixed length of one hundred\"}</script>", "https://site.example/a",
			   "{\"title\": \"A very long headline that a plugin cut at a fixed length of one hundred "
			   "and ten characters and then went on\", \"types\": [\"Article\"]}", __LINE__);
	/* values escaped twice are unescaped once more; white space folded */
	check_meta("<meta property=\"og:title\" content=\"Fish &amp;amp; chips &amp;#8211; \n a  guide to the best\">",
			   NULL, "{\"title\": \"Fish & chips \xE2\x80\x93 a guide to the best\"}", __LINE__);
	/* bylines: "By", a date after the name, credentials, two names */
	check_meta("<p class=\"byline\">By Jane Doe, MD and John Roe on March 3, 2024</p>", NULL,
			   "{\"authors\": [\"Jane Doe\", \"John Roe\"]}", __LINE__);
	check_meta("<a rel=\"author\" href=\"/u/1\">Ann Lee</a><div class=\"author-bio\">Long</div>",
			   NULL, "{\"authors\": [\"Ann Lee\"]}", __LINE__);
	/* citation_author is "Last, First"; a URL is no author */
	check_meta("<meta name=\"citation_author\" content=\"Curie, Marie\">"
			   "<meta name=\"citation_author\" content=\"Perrin, Jean\">"
			   "<meta property=\"article:author\" content=\"https://fb.example/x\">", NULL,
			   "{\"authors\": [\"Marie Curie\", \"Jean Perrin\"]}", __LINE__);
	/* microdata: the first top-level item; its author's name; a nested item's name is not the title */
	check_meta("<div itemscope itemtype=\"http://schema.org/BlogPosting\">"
			   "<span itemprop=\"publisher\" itemscope><span itemprop=\"name\">Pub</span></span>"
			   "<h2 itemprop=\"headline\">Post</h2><span itemprop=\"author\" itemscope "
			   "itemtype=\"http://schema.org/Person\"><span itemprop=\"name\">Kim</span></span>"
			   "<time itemprop=\"datePublished\" datetime=\"2020-01-02\">Jan 2</time></div>", NULL,
			   "{\"title\": \"Post\", \"authors\": [\"Kim\"], \"published\": \"2020-01-02\", "
			   "\"site_name\": \"Pub\", \"types\": [\"BlogPosting\", \"Person\"]}", __LINE__);
	/* the title: a single <h1> wins; the site name (host) is cut; a svg <title> is no title */
	check_meta("<title>Home - Tides</title><h1>Tides today</h1>", NULL,
			   "{\"title\": \"Tides today\"}", __LINE__);
	check_meta("<svg><title>icon</title></svg><title>Tides \xE2\x80\x94 Harbour</title>",
			   "https://www.harbour.example/", "{\"title\": \"Tides\"}", __LINE__);
	/* a short part holding the host's own name is the site ("doom9" of forum.doom9.org) */
	check_meta("<title>Wrong refresh rate - Doom9's Forum</title>", "https://forum.doom9.org/t/1",
			   "{\"title\": \"Wrong refresh rate\"}", __LINE__);
	check_meta("<title>Tea prices - a brewing guide</title>", "https://www.teatimes.co.uk/a",
			   "{\"title\": \"Tea prices - a brewing guide\"}", __LINE__);
	check_meta("<title>Tea prices - Tea Times Online</title>", "https://www.teatimes.co.uk/a",
			   "{\"title\": \"Tea prices\"}", __LINE__);
	/* canonical and image resolved against the base; without a base a relative one is omitted */
	check_meta("<link rel=\"canonical\" href=\"/a?b\"><meta property=\"og:image\" content=\"i.png\">",
			   "https://x.example/dir/page", "{\"canonical_url\": \"https://x.example/a?b\", "
			   "\"image\": \"https://x.example/dir/i.png\"}", __LINE__);
	check_meta("<link rel=\"canonical\" href=\"/a\">", NULL, "{}", __LINE__);
	/* language: declared, primary subtag; an unreadable declaration is none */
	check_meta("<html lang=\"PT-br\">", NULL, "{\"language\": \"pt\", \"language_confidence\": "
			   "1.00, \"language_source\": \"declared\"}", __LINE__);
	check_meta("<html lang=\"x-klingon\">", NULL, "{}", __LINE__);
	/* detected from the main region when it holds enough text, not from the menu */
	{
		const char *html = "<nav>Startseite Nachrichten Sport Wetter Kontakt Impressum "
			"Datenschutz Anmelden Registrieren Suche</nav><article>The harbour is quiet this "
			"morning; the boats come back slowly and the fishermen mend their nets for the "
			"day ahead while the gulls wait on the pier and the tide turns. By noon the market "
			"opens and the first crates of fish are sold.</article>";
		td_tree    *t = NULL;
		td_buf		b;
		td_meta_options opt = {NULL, 0, 1, 0, NULL};

		CHECK(td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t) == TD_OK, "parse");
		td_buf_init(&b, &env);
		CHECK(td_page_metadata(t, &opt, &b) == TD_OK, "detect");
		td_buf_terminate(&b);
		CHECK(strstr(b.data, "\"language\": \"en\"") != NULL &&
			  strstr(b.data, "\"language_source\": \"detected\"") != NULL, "main region: %s", b.data);
		td_buf_free(&b);
		td_tree_free(t);
	}
	/* keywords split on commas, duplicates (case folded) once */
	check_meta("<meta name=\"keywords\" content=\"sea, Tides,,sea\">", NULL,
			   "{\"keywords\": [\"sea\", \"Tides\"]}", __LINE__);
	/* what follows " | " is cut; a second <h1> leaves the title to the metadata */
	check_meta("<title>Tides explained | Guides | Harbour</title><h1>A</h1><h1>B</h1>", NULL,
			   "{\"title\": \"Tides explained\"}", __LINE__);
	/*
	 * a single <h1> that shares nothing with the title is a section name,
	 * not the title, where og:title and <title> agree; where they do not
	 * (or one is missing) the <h1> is the title
	 */
	check_meta("<meta property=\"og:title\" content=\"Rowing for beginners\">"
			   "<title>Rowing for beginners | Club</title><h1>Our blog</h1>", NULL,
			   "{\"title\": \"Rowing for beginners\"}", __LINE__);
	check_meta("<title>Rowing for beginners</title><h1>First strokes on the water</h1>", NULL,
			   "{\"title\": \"First strokes on the water\"}", __LINE__);
	check_meta("<meta property=\"og:title\" content=\"Learn to row\"><title>Rowing for beginners"
			   "</title><h1>First strokes on the water</h1>", NULL,
			   "{\"title\": \"First strokes on the water\"}", __LINE__);
	/* a JSON-LD headline sharing no word with what the page shows is no title */
	check_meta("<script type=\"application/ld+json\">{\"@type\": \"Article\", \"headline\": "
			   "\"Post #2\"}</script><title>Tide tables explained</title>", NULL,
			   "{\"title\": \"Tide tables explained\", \"types\": [\"Article\"]}", __LINE__);
	/* one that shares words is the rules' title (the ranker may prefer <title>, whole) */
	check_cand("<script type=\"application/ld+json\">{\"@type\": \"Article\", \"headline\": "
			   "\"Tide tables\"}</script><title>Tide tables explained</title>", NULL, "Tide tables",
			   TD_TF_rule, 1, __LINE__);
	/* dates: a dateline, the first <time> outside header/footer, not an update */
	check_meta("<header><time datetime=\"2020-01-01\">x</time></header><p class=\"updated\">"
			   "Updated May 1, 2024</p><time datetime=\"2024-03-05\">x</time>", NULL,
			   "{\"published\": \"2024-03-05\"}", __LINE__);
	check_meta("<div class=\"post-date\">Posted on March 3, 2024 by Ann</div>", NULL,
			   "{\"published\": \"2024-03-03\"}", __LINE__);
	/* bylines that name a reviewer, a date or a label give no author */
	check_meta("<p class=\"author\">Medically reviewed by Dr. Ann Lee</p>", NULL, "{}", __LINE__);
	check_meta("<span class=\"author\">Sun</span>", NULL, "{}", __LINE__);
	/* a heading's permalink mark is not the title's (Sphinx "¶", an icon font's U+F0C1) */
	check_meta("<title>Models | Docs</title><h1>Models <a class=\"headerlink\">\xC2\xB6</a></h1>",
			   NULL, "{\"title\": \"Models\"}", __LINE__);
	check_meta("<title>Views</title><h1>Views\xEF\x83\x81</h1>", NULL, "{\"title\": \"Views\"}",
			   __LINE__);
	/* a candidate that is only the site's name yields; kept when nothing else is a title */
	check_meta("<meta property=\"og:title\" content=\"Robomow\"><title>Which mower fits | Robomow"
			   "</title>", "https://www.robomow.example/blog/1",
			   "{\"title\": \"Which mower fits\"}", __LINE__);
	check_meta("<meta property=\"og:title\" content=\"Glossier\"><title>Glossier</title>"
			   "<h1>Custom skincare set</h1>", "https://www.glossier.example/a",
			   "{\"title\": \"Custom skincare set\"}", __LINE__);
	check_meta("<title>Home</title>", NULL, "{\"title\": \"Home\"}", __LINE__);
	/* what follows the last dash goes when it is shorter; a range stays */
	check_meta("<title>Retirement planning calculator - Funds Inc</title>", NULL,
			   "{\"title\": \"Retirement planning calculator\"}", __LINE__);
	check_meta("<title>Player squad 2024 - 2025</title>", NULL,
			   "{\"title\": \"Player squad 2024 - 2025\"}", __LINE__);
	check_meta("<title>Tides - how the moon moves the sea</title>", NULL,
			   "{\"title\": \"Tides - how the moon moves the sea\"}", __LINE__);
	/* an empty <h1> and a repeated one are not more headlines: the single-h1 rule holds */
	check_meta("<title>Tide tables | Harbour</title><h1></h1><h1>Tide tables today</h1>"
			   "<h1>TIDE TABLES TODAY</h1>", NULL, "{\"title\": \"Tide tables today\"}", __LINE__);
	/* any <h1>, not only the first, picks the part of the title it equals */
	check_meta("<title>Introduction - From zero to proofs</title><h1>Proofs book</h1>"
			   "<h1>Introduction</h1>", NULL, "{\"title\": \"Introduction\"}", __LINE__);
	/* soft hyphens and zero widths are invisible */
	check_meta("<title>Assis&shy;tance pro\xC2\xADgram\xE2\x80\x8B</title>", NULL,
			   "{\"title\": \"Assistance program\"}", __LINE__);
	/* a role after the name is cut; a role, a label or a template key alone is no name */
	check_meta("<p class=\"byline\">Jane Doe Senior Writer</p>", NULL,
			   "{\"authors\": [\"Jane Doe\"]}", __LINE__);
	check_meta("<p class=\"byline\">Recipe by Jane Doe</p>", NULL,
			   "{\"authors\": [\"Jane Doe\"]}", __LINE__);
	check_meta("<p class=\"byline\">Head of Marketing</p>", NULL, "{}", __LINE__);
	check_meta("<p class=\"author\">Posted by</p>", NULL, "{}", __LINE__);
	check_meta("<meta name=\"author\" content=\"page.head.extra.author\">", NULL, "{}", __LINE__);
	check_meta("<meta name=\"author\" content=\"Podium Staff\">", NULL,
			   "{\"authors\": [\"Podium Staff\"]}", __LINE__);
	/* a forum's first poster when nothing else names an author, not the header's user */
	check_meta("<header><a class=\"username\">me</a></header><div class=\"post\">"
			   "<a class=\"username\">kim42</a><p>Hi</p></div><div class=\"post\">"
			   "<a class=\"username\">lee</a></div>", NULL, "{\"authors\": [\"kim42\"]}", __LINE__);
	check_meta("<post-el author=\"kim42\"></post-el>", NULL, "{\"authors\": [\"kim42\"]}", __LINE__);
	check_meta("<span class=\"author\">Ann Lee</span><a class=\"username\">kim42</a>", NULL,
			   "{\"authors\": [\"Ann Lee\"]}", __LINE__);
	/* no date markup: the date under the h1, not an update's; else the URL's day */
	check_meta("<h1>Tides</h1><p>by ann</p><p>March 5, 2024</p><p>Text of May 1, 2023</p>", NULL,
			   "{\"title\": \"Tides\", \"published\": \"2024-03-05\"}", __LINE__);
	/* the byline region's updated date when it shows no other; the first other one when it does */
	check_meta("<h1>Tides</h1><span>Updated</span><span>March 5, 2024</span>", NULL,
			   "{\"title\": \"Tides\", \"published\": \"2024-03-05\"}", __LINE__);
	check_meta("<h1>Tides</h1><p>Last updated on: March 5, 2024</p><p>Posted May 1, 2023</p>", NULL,
			   "{\"title\": \"Tides\", \"published\": \"2023-05-01\"}", __LINE__);
	/* an <h1> in a <header>: its byline region is read there too; else no <h1>: the first <h2> */
	check_meta("<header><h1>Tides</h1><p>Dec 26, 2025</p></header>", NULL,
			   "{\"title\": \"Tides\", \"published\": \"2025-12-26\"}", __LINE__);
	check_meta("<header><p>Dec 26, 2025</p></header><h1>Tides</h1>", NULL,
			   "{\"title\": \"Tides\"}", __LINE__);
	check_meta("<h2>Forum topic</h2><p>by kim &raquo; Sun Dec 17, 2023 11:23 am</p>", NULL,
			   "{\"published\": \"2023-12-17T11:23:00\"}", __LINE__);
	/* nothing after the headline: the texts right before it, not farther */
	check_meta("<p>Published</p><p>Oct 14, 2025</p><h1>Tides</h1><p>Text</p>", NULL,
			   "{\"title\": \"Tides\", \"published\": \"2025-10-14\"}", __LINE__);
	check_meta("<p>Oct 14, 2025</p><p>a</p><p>b</p><p>c</p><p>d</p><h1>Tides</h1>", NULL,
			   "{\"title\": \"Tides\"}", __LINE__);
	/* an element marked as an update's date, when nothing else dates the page */
	check_meta("<p class=\"byline__pub-dates\">Updated March 13, 2024</p>", NULL,
			   "{\"published\": \"2024-03-13\"}", __LINE__);
	check_meta("<div class=\"date-modified\">16 December 2025</div><p class=\"date\">May 9, 2024</p>",
			   NULL, "{\"published\": \"2024-05-09\"}", __LINE__);
	/* publication-date <meta> keys by their ending; an itemprop <meta> of no item, not a card's */
	check_meta("<meta name=\"w-published-date\" content=\"2025-05-27T06:03:43Z\">", NULL,
			   "{\"published\": \"2025-05-27T06:03:43Z\"}", __LINE__);
	check_meta("<meta name=\"published\" content=\"July 17, 2025\">", NULL,
			   "{\"published\": \"2025-07-17\"}", __LINE__);
	check_meta("<meta name=\"unpublished\" content=\"July 17, 2025\">", NULL, "{}", __LINE__);
	check_meta("<span itemprop=\"datePublished\" content=\"2026-03-13\">Mar 13</span>"
			   "<meta itemprop=\"datePublished\" content=\"2020-12-23T11:48:54-08:00\">", NULL,
			   "{\"published\": \"2020-12-23T11:48:54-08:00\"}", __LINE__);
	check_meta("<title>Tides</title>", "https://x.example/2024/03/05/tides",
			   "{\"title\": \"Tides\", \"published\": \"2024-03-05\"}", __LINE__);
	check_meta("<title>Tides</title>", "https://x.example/blog/2024-03-05-tides",
			   "{\"title\": \"Tides\", \"published\": \"2024-03-05\"}", __LINE__);
	check_meta("<title>Tides</title>", "https://x.example/p/12024-03-05", "{\"title\": \"Tides\"}",
			   __LINE__);
	check_meta("<title>Tides</title><meta property=\"article:published_time\" content=\"2020-01-02\">",
			   "https://x.example/2024/03/05/tides",
			   "{\"title\": \"Tides\", \"published\": \"2020-01-02\"}", __LINE__);
	/* bylines in the text: "By Jane", or the label and the name after it */
	check_meta("<p>By Amy Wilhelm</p>", NULL, "{\"authors\": [\"Amy Wilhelm\"]}", __LINE__);
	check_meta("<p>Written by <a href=\"/a/x\">Ann Lee</a></p>", NULL,
			   "{\"authors\": [\"Ann Lee\"]}", __LINE__);
	check_meta("<h3>Author:</h3><p>Lisa D. Ellis</p>", NULL, "{\"authors\": [\"Lisa D. Ellis\"]}",
			   __LINE__);
	check_meta("<p>By David at 11:22</p>", NULL, "{\"authors\": [\"David\"]}", __LINE__);
	/* not: mid-sentence, lower case, far from the label, "Author Spotlight", the footer, a menu */
	check_meta("<p><i>A Book</i> by Kan Sen, 1721.</p>", NULL, "{}", __LINE__);
	check_meta("<p>By clicking subscribe you agree</p>", NULL, "{}", __LINE__);
	check_meta("<p>By</p><p>a</p><p>b</p><p>c</p><p>d</p><p>Ann Lee</p>", NULL, "{}", __LINE__);
	check_meta("<h2>Author Spotlight</h2>", NULL, "{}", __LINE__);
	check_meta("<footer><p>By Ann Lee</p></footer>", NULL, "{}", __LINE__);
	check_meta("<select><option>Author</option><option>Post time</option></select>", NULL, "{}",
			   __LINE__);
	/* a name may begin with "The"; "The Author" is a label */
	check_meta("<p class=\"byline\">By The Currency editors</p>", NULL,
			   "{\"authors\": [\"The Currency editors\"]}", __LINE__);
	check_meta("<p class=\"byline\">The Author</p>", NULL, "{}", __LINE__);
	/* twitter:labelN "Written by" names twitter:dataN; another label does not */
	check_meta("<meta name=\"twitter:data1\" content=\"Tyler Brown\">"
			   "<meta name=\"twitter:label1\" content=\"Written by\">"
			   "<meta name=\"twitter:label2\" content=\"Est. reading time\">"
			   "<meta name=\"twitter:data2\" content=\"4 minutes\">", NULL,
			   "{\"authors\": [\"Tyler Brown\"]}", __LINE__);
	check_meta("<meta name=\"twitter:label2\" content=\"Est. reading time\">"
			   "<meta name=\"twitter:data2\" content=\"Four minutes\">", NULL, "{}", __LINE__);
	/* a structured author name may hold digits (a user name); a byline's may not */
	check_meta("<script type=\"application/ld+json\">{\"@type\": \"DiscussionForumPosting\", "
			   "\"author\": {\"@type\": \"Person\", \"name\": \"Pippin06\"}}</script>", NULL,
			   "{\"authors\": [\"Pippin06\"], \"types\": [\"DiscussionForumPosting\"]}",
			   __LINE__);
	check_meta("<p class=\"byline\">Pippin06</p>", NULL, "{}", __LINE__);
	/* JSON-LD that is not JSON is ignored */
	check_meta("<script type=\"application/ld+json\">{\"headline\": </script><title>T</title>",
			   NULL, "{\"title\": \"T\"}", __LINE__);
	/* <time pubdate> outside the chrome over the markup's date; a comment's is not the page's */
	check_meta("<html><body><script type=\"application/ld+json\">{\"@type\": \"Article\", "
			   "\"datePublished\": \"2025-11-29\"}</script><article><p>Published "
			   "<time pubdate datetime=\"2025-08-13\">August 13, 2025</time></p></article>", NULL,
			   "{\"published\": \"2025-08-13\", \"types\": [\"Article\"]}", __LINE__);
	check_meta("<meta property=\"article:published_time\" content=\"2025-12-19\">"
			   "<div class=\"comment\"><time pubdate datetime=\"2025-12-18\">Dec 18</time></div>",
			   NULL, "{\"published\": \"2025-12-19\"}", __LINE__);
	/* a namespace's "date" meta key; an update's is not one */
	check_meta("<meta name=\"ms.date\" content=\"2025-03-06T00:00:00Z\">", NULL,
			   "{\"published\": \"2025-03-06T00:00:00Z\"}", __LINE__);
	check_meta("<meta name=\"update_date\" content=\"2025-03-06\">", NULL, "{}", __LINE__);
	/*
	 * an <h1> that is only the site's name with no date near it: the next
	 * heading's own date (a forum post heading); an <h1> that is the
	 * article's is not skipped
	 */
	check_meta("<h1>Arch Linux</h1>" FILLER "<h2>#1 <a href=\"#p1\">2025-11-01 15:14:37</a></h2>"
			   "<p>Registered: 2020-01-02</p>", "https://bbs.archlinux.org/viewtopic.php?id=1",
			   "{\"published\": \"2025-11-01T15:14:37\"}", __LINE__);
	check_meta("<h1>Ports of the North</h1>" FILLER "<h2>#1 <a href=\"#p1\">2025-11-01 15:14:37</a>"
			   "</h2>", "https://bbs.archlinux.org/viewtopic.php?id=1",
			   "{\"title\": \"Ports of the North\"}", __LINE__);
	/*
	 * an <h1> that is only the site's name (its logo) is not a second
	 * headline: the rules' choice (the ranker's answer on this bare page is
	 * <title>'s first part, test_title_ranker)
	 */
	check_cand("<title>Eat Out | Houstonia Magazine</title><h1>Houstonia Magazine</h1>"
			   "<h1>Hottest New Restaurants</h1>", "https://www.houstoniamag.com/eat",
			   "Hottest New Restaurants", TD_TF_rule, 1, __LINE__);
	/* an <h1> equal to <title>'s last part is the site's logo, not the title */
	check_meta("<title>A brief intro to git \xE2\x80\xA2 Cory Dransfeldt</title><h1>Cory Dransfeldt</h1>",
			   "https://coryd.dev/posts/git", "{\"title\": \"A brief intro to git\"}", __LINE__);
	/* a label element inside an <h1> (a forum's prefix tag) is not its words */
	check_meta("<h1><span class=\"label label--primary\">Tips</span><span>&nbsp;</span>"
			   "Which lathe to buy?</h1>", NULL, "{\"title\": \"Which lathe to buy?\"}", __LINE__);
	/* a heading inside an <h1> ends it (an HTML5 parser closes the <h1> there) */
	check_meta("<h1>Top Strategies<div></div><h3>Posted on July 1, 2024 by infuy</h3></h1>", NULL,
			   "{\"title\": \"Top Strategies\"}", __LINE__);
	/* a reference escaped twice in JSON-LD ("&amp;#8230;") is decoded */
	check_meta("<script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
			   "\"headline\": \"And finally&amp;#8230; AT&amp;T &amp;amp; more\"}</script>", NULL,
			   "{\"title\": \"And finally\xE2\x80\xA6 AT&T & more\", \"types\": [\"NewsArticle\"]}",
			   __LINE__);
	/*
	 * no base URL: the host is the canonical address's, read again after
	 * the byline region's date has grown the value pool (ASan: no use
	 * after free)
	 */
	for (int k = 0; k < 64; k++)
	{
		char		page[512],
					want[512];

		snprintf(page, sizeof(page), "<link rel=\"canonical\" href=\"https://www.gazette.example/%.*s\">"
				 "<title>Tides | Gazette</title><h1>Tides</h1><p>March %d, 2024</p>", k,
				 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
				 k % 28 + 1);
		snprintf(want, sizeof(want), "{\"title\": \"Tides\", \"published\": \"2024-03-%02d\", "
				 "\"canonical_url\": \"https://www.gazette.example/%.*s\"}", k % 28 + 1, k,
				 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
		check_meta(page, NULL, want, __LINE__);
	}
	/* a dateline element that holds more than its date: its first text */
	check_meta("<div class=\"meta date-header\"><span>Posted on April 13, 2023</span>"
			   "<div class=\"tags\"><span>Tags:</span> <a>metadata</a> <a>scholarly publishing</a> "
			   "<a>persistent identifiers</a> <a>research infrastructure</a> <a>open science</a> "
			   "<a>community building and outreach across research institutions</a></div></div>", NULL, "{\"published\": \"2023-04-13\"}", __LINE__);
}

/*
 * The title's candidates and the ranker (title_model.h): the parts of each
 * source at separators and their runs, the features that mark them, the
 * bounds; the shipped weights' choice on pages where it departs from the
 * rules (regenerating title_model.c may change those: review them then).
 */
static void
test_title_ranker(void)
{
	const char *seps = "<title>A1 | B2 | C3 | D4 | E5 | F6 | G7 | H8</title>";
	const char *many = "<title>A1 | B2 | C3 | D4 | E5 | F6 | G7 | H8 | I9</title>";
	char		page[4096];
	int			n;

	/* ": " and " / " split candidates (not the rules' title) */
	check_cand("<title>Collection: Sennheiser</title>", NULL, "Sennheiser", TD_TF_title_part, 1,
			   __LINE__);
	check_cand("<title>Collection: Sennheiser</title>", NULL, "Collection", TD_TF_first_part, 1,
			   __LINE__);
	check_cand("<title>Collection: Sennheiser</title>", NULL, "Collection: Sennheiser", TD_TF_rule,
			   1, __LINE__);
	check_cand("<title>Tides / Harbour</title>", NULL, "Harbour", TD_TF_last_part, 1, __LINE__);
	/* a time is no separator: "10:30" stays whole */
	CHECK(cand_feature("<title>Opens 10:30 daily</title>", NULL, "Opens 10", TD_TF_rule, &n) == -1 &&
		  n == 1, "10:30: %d candidates", n);
	/* agreement: og:title and <title> give the same text; the <h1> too */
	check_cand("<meta property=\"og:title\" content=\"Tides\"><title>Tides</title><h1>Tides</h1>",
			   NULL, "Tides", TD_TF_agree, 2, __LINE__);
	/* where the <h1> sits: a <nav>'s, a <header>'s, the article's */
	check_cand("<title>T</title><body><nav><h1>Menu</h1></nav><h1>Tides</h1>", NULL, "Menu",
			   TD_TF_h1_chrome, 1, __LINE__);
	check_cand("<title>T</title><body><header><h1>Tides</h1></header>", NULL, "Tides",
			   TD_TF_h1_header, 1, __LINE__);
	check_cand("<title>T</title><body><article><h1>Tides</h1></article>", NULL, "Tides",
			   TD_TF_h1_main, 1, __LINE__);
	check_cand("<title>T</title><body><nav><h1>Menu</h1></nav><h1>Tides</h1>", NULL, "Tides",
			   TD_TF_h1_chrome, 0, __LINE__);
	/* the site's name, whole or as a part */
	check_cand("<title>Tides | Gazette</title>", "https://gazette.example/a", "Gazette",
			   TD_TF_site_alone, 1, __LINE__);
	check_cand("<title>Tides | Gazette</title>", "https://gazette.example/a", "Tides | Gazette",
			   TD_TF_site_part, 1, __LINE__);
	/* <title> whole where it has no separator; not where it has parts */
	check_cand("<title>Tides of the North</title><h1>Tides</h1>", NULL, "Tides of the North",
			   TD_TF_title_whole, 1, __LINE__);
	check_cand("<title>Tides | Gazette</title>", NULL, "Tides | Gazette", TD_TF_title_whole, 0,
			   __LINE__);
	check_cand("<title>Tides</title><h1>Tides</h1>", NULL, "Tides", TD_TF_title_whole, 1,
			   __LINE__);
	/* a dash between digits is a range, not a separator: the whole is the one part */
	CHECK(cand_feature("<title>Player squad 2024 - 2025</title>", NULL, "Player squad 2024 - 2025",
					   TD_TF_title_whole, &n) == 1 && n == 1, "a range: %d candidates", n);
	/* a candidate another one continues */
	check_cand("<title>Tides of the North | Gazette</title><h1>Tides</h1>", NULL, "Tides",
			   TD_TF_prefix_of, 1, __LINE__);
	/* bounds: 8 parts give 36 runs; 9 parts are not split; 64 candidates at most */
	CHECK(cand_feature(seps, NULL, "B2 | C3", TD_TF_title_part, &n) == 1 && n == 36,
		  "8 parts: %d candidates", n);
	CHECK(cand_feature(many, NULL, "B2", TD_TF_title_part, &n) == -1 && n == 2,
		  "9 parts: %d candidates (the whole, the rules' first part)", n);
	snprintf(page, sizeof(page), "%s<meta property=\"og:title\" content=\"a | b | c | d | e | f | g | h\">"
			 "<meta name=\"twitter:title\" content=\"i | j | k | l | m | n | o | p\">", seps);
	CHECK(cand_feature(page, NULL, "c | d", TD_TF_meta_part, &n) == 1 && n == 64,
		  "three sources of 8 parts: %d candidates", n);
	/* no title from the rules (a lone <h2>, a logo <h1>): none from the ranker */
	check_meta("<h2>Forum topic</h2>", NULL, "{}", __LINE__);
	/* the shipped weights: a bare page's <title> part over a second <h1> */
	check_meta("<title>Eat Out | Houstonia Magazine</title><h1>Houstonia Magazine</h1>"
			   "<h1>Hottest New Restaurants</h1>", "https://www.houstoniamag.com/eat",
			   "{\"title\": \"Eat Out\"}", __LINE__);
}

static void
test_language(void)
{
	char		code[8];
	double		conf;
	const char *en = "The harbour is quiet this morning; the boats come back slowly and the "
		"fishermen mend their nets for the day ahead while the gulls wait on the pier.";

	CHECK(td_lang_detect(en, strlen(en), code, &conf) == 1 && strcmp(code, "en") == 0 &&
		  conf > 0.5 && conf <= 1.0, "english: %s %f", code, conf);
	CHECK(td_lang_detect("ok", 2, code, &conf) == 0 && code[0] == 0, "too short");
	CHECK(td_lang_detect("\xff\xfe\xfd", 3, code, &conf) == 0, "not UTF-8");
}

/* Every allocation failure: TD_ENOMEM, nothing leaked; an interrupt: TD_EINTR. */
static void
test_failures(void)
{
	counting	c = {0, -1, 0};
	td_env		cenv = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	const char *html = "<title>T | S</title><meta name=\"author\" content=\"A B\">"
		"<script type=\"application/ld+json\">{\"@graph\": [{\"@type\": \"Article\", "
		"\"headline\": \"T\", \"author\": {\"@id\": \"#a\"}}, {\"@id\": \"#a\", \"name\": \"C D\"}]}"
		"</script><p itemscope itemtype=\"x/Article\"><b itemprop=\"name\">N</b></p>";
	td_tree    *t = NULL;
	td_buf		b;
	td_meta_options opt = {"https://s.example/", 18, 0, 0, NULL};
	long		k;
	td_status	st = TD_ENOMEM;
	td_buf		big;

	CHECK(td_parse_html(&cenv, html, strlen(html), "UTF-8", NULL, &t) == TD_OK, "parse");
	for (k = 0; k < 10000 && st == TD_ENOMEM; k++)
	{
		td_buf_init(&b, &cenv);
		c.budget = k;
		st = td_page_metadata(t, &opt, &b);
		c.budget = -1;
		td_buf_free(&b);
	}
	CHECK(st == TD_OK && k > 3, "ok after %ld allocations", k);
	td_tree_free(t);
	CHECK(c.live == 0, "%ld blocks leaked", c.live);

	/* a page of 80,000 nodes is polled */
	td_buf_init(&big, &env);
	for (int i = 0; i < 40000; i++)
		td_buf_append(&big, "<p>x</p>", 8);
	CHECK(td_parse_html(&cenv, big.data, big.len, "UTF-8", NULL, &t) == TD_OK, "parse big");
	td_buf_init(&b, &cenv);
	c.interrupt = 1;
	CHECK(td_page_metadata(t, &opt, &b) == TD_EINTR, "interrupted");
	c.interrupt = 0;
	td_buf_free(&b);
	td_tree_free(t);
	td_buf_free(&big);
	CHECK(c.live == 0, "%ld blocks leaked after the interrupt", c.live);
}

int
main(void)
{
	td_env_default(&env);
	test_dates();
	test_date_find();
	test_json();
	test_metadata();
	test_title_ranker();
	test_language();
	test_failures();
	return check_done("test_meta");
}
