/*
 * test_sandwich.c — the sandwich algorithm: the LCS against a brute-force
 * dynamic programme on random small sequences (exact within budget, a
 * valid common subsequence beyond it), the unit splitter (scripts cut where
 * the page's tree cuts them), the masked page,
 * the URL helpers and edit distance, ENOMEM at every allocation and
 * interrupts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "sandwich/peer.h"
#include "base/render.h"
#include "base/tags.h"
#include "sandwich/sandwich.h"
#include "base/tree.h"
#include "util/url.h"

static unsigned long rng = 12345;

static unsigned
rnd(unsigned n)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned) ((rng >> 33) % n);
}

static uint32_t
dp_lcs(const uint64_t *a, uint32_t n, const uint64_t *b, uint32_t m)
{
	uint32_t   *t = calloc((size_t) (n + 1) * (m + 1), sizeof(uint32_t));
	uint32_t	i,
				j,
				r;

	for (i = 1; i <= n; i++)
		for (j = 1; j <= m; j++)
		{
			uint32_t	up = t[(i - 1) * (m + 1) + j],
						left = t[i * (m + 1) + j - 1];

			t[i * (m + 1) + j] = a[i - 1] == b[j - 1] ? t[(i - 1) * (m + 1) + j - 1] + 1
				: up > left ? up : left;
		}
	r = t[n * (m + 1) + m];
	free(t);
	return r;
}

/* The marked units of a and of b are the same sequence, of length lcs. */
static int
valid_common(const uint64_t *a, uint32_t n, const uint8_t *in_a,
			 const uint64_t *b, uint32_t m, const uint8_t *in_b, uint32_t lcs)
{
	uint32_t	i = 0,
				j = 0,
				k = 0;

	for (;;)
	{
		while (i < n && !in_a[i])
			i++;
		while (j < m && !in_b[j])
			j++;
		if (i == n || j == m)
			return i == n && j == m && k == lcs;
		if (a[i] != b[j])
			return 0;
		i++, j++, k++;
	}
}

static void
test_lcs_random(void)
{
	td_env		env;
	int			round;
	int			exact = 0,
				valid = 0,
				budgeted = 0;

	td_env_default(&env);
	for (round = 0; round < 3000; round++)
	{
		uint32_t	n = rnd(25),
					m = rnd(25),
					alpha = 1 + rnd(6),
					i,
					lcs,
					want;
		uint64_t	a[25],
					b[25];
		uint8_t		in_a[25],
					in_b[25];

		for (i = 0; i < n; i++)
			a[i] = rnd(alpha);	/* 0 included: the set keeps it aside */
		for (i = 0; i < m; i++)
			b[i] = rnd(alpha);
		/* sometimes b is a mutation of a, as a peer page is */
		if (round % 3 == 0 && n > 0)
		{
			m = n;
			memcpy(b, a, n * sizeof(uint64_t));
			for (i = 0; i < 1 + rnd(4); i++)
				b[rnd(m)] = 100 + rnd(3);
		}
		want = dp_lcs(a, n, b, m);
		CHECK(td_sw_lcs(&env, a, n, b, m, 0, in_a, in_b, &lcs) == TD_OK, "lcs");
		exact += lcs == want;
		valid += valid_common(a, n, in_a, b, m, in_b, lcs);
		/* a budget of 1 stops after the common ends: still a common subsequence */
		CHECK(td_sw_lcs(&env, a, n, b, m, 1, in_a, in_b, &lcs) == TD_OK, "lcs budget");
		budgeted += valid_common(a, n, in_a, b, m, in_b, lcs) && lcs <= want;
	}
	CHECK(exact == 3000, "exact LCS length on %d of 3000", exact);
	CHECK(valid == 3000, "valid common subsequence on %d of 3000", valid);
	CHECK(budgeted == 3000, "budgeted: valid and not longer on %d of 3000", budgeted);
}

/* Large inputs that take the TD_SW_MAX_D split: still a valid common subsequence. */
static void
test_lcs_heuristic(void)
{
	td_env		env;
	uint32_t	n = 30000,
				m = 30000,
				i,
				lcs;
	uint64_t   *a = malloc(n * sizeof(uint64_t)),
			   *b = malloc(m * sizeof(uint64_t));
	uint8_t    *in_a = malloc(n),
			   *in_b = malloc(m);

	td_env_default(&env);
	for (i = 0; i < n; i++)
		a[i] = 1 + rnd(50);
	for (i = 0; i < m; i++)
		b[i] = 1 + rnd(50);
	CHECK(td_sw_lcs(&env, a, n, b, m, 0, in_a, in_b, &lcs) == TD_OK, "big lcs");
	CHECK(valid_common(a, n, in_a, b, m, in_b, lcs), "big: valid common subsequence");
	/* random sequences over 50 symbols share far more than a tenth */
	CHECK(lcs > n / 10, "big: lcs %u", lcs);
	/* a page against itself: everything */
	CHECK(td_sw_lcs(&env, a, n, a, n, 0, in_a, in_b, &lcs) == TD_OK && lcs == n, "self %u", lcs);
	free(a);
	free(b);
	free(in_a);
	free(in_b);
}

/* The units of s as "text|text|..." with their bytes trimmed. */
static void
units_str(const char *s, td_sw_unit unit, char *out, size_t cap)
{
	td_env		env;
	td_sw_units u;
	uint32_t	i;
	size_t		o = 0;

	td_env_default(&env);
	out[0] = 0;
	if (td_sw_split(&env, s, strlen(s), unit, &u) != TD_OK)
		return;
	for (i = 0; i < u.n; i++)
		o += snprintf(out + o, cap - o, "%s%.*s", i ? "|" : "", (int) u.len[i], s + u.off[i]);
	td_sw_units_free(&u);
}

static void
test_split(void)
{
	char		buf[512];
	td_env		env;
	td_sw_units u1,
				u2;

	units_str("a\n\n  \nb\r\nc", TD_SW_LINE, buf, sizeof(buf));
	CHECK(strcmp(buf, "a\n|b\r\n|c") == 0, "lines: [%s]", buf);
	units_str("<p class=\"x>y\">Hi <b>there</b></p>", TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<p class=\"x>y\">|Hi |<b>|there|</b>|</p>") == 0, "tokens: [%s]", buf);
	units_str("<script>if (a<b) x='</p>';</script>a < b<!-- <p> -->c", TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<script>|if (a<b) x='</p>';|</script>|a < b|<!-- <p> -->|c") == 0,
		  "raw text and comments: [%s]", buf);
	units_str("<STYLE>p>a{}</Style > <3 <", TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<STYLE>|p>a{}|</Style >| <3 <") == 0, "style: [%s]", buf);
	units_str("<a href='x", TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<a href='x") == 0, "unterminated: [%s]", buf);
	units_str("", TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(buf[0] == 0, "empty");

	/* outer blanks do not count */
	td_env_default(&env);
	td_sw_split(&env, "  same line\t\n", 13, TD_SW_LINE, &u1);
	td_sw_split(&env, "same line", 9, TD_SW_LINE, &u2);
	CHECK(u1.n == 1 && u2.n == 1 && u1.hash[0] == u2.hash[0], "trimmed hash");
	td_sw_units_free(&u1);
	td_sw_units_free(&u2);

	CHECK(td_sw_unit_parse("line", 4) == TD_SW_LINE && td_sw_unit_parse("token", 5) == TD_SW_TOKEN &&
		  td_sw_unit_parse("lines", 5) == -1 && td_sw_unit_parse("", 0) == -1, "unit names");
}

/* The text of the page's first script as its tree has it ("" when none). */
static void
tree_script_text(const char *html, char *out, size_t cap)
{
	td_env		env;
	td_tree    *t = NULL;

	td_env_default(&env);
	out[0] = 0;
	if (td_parse_html(&env, html, strlen(html), "UTF-8", NULL, &t) != TD_OK)
		return;
	for (uint32_t i = 0; i < t->n_nodes; i++)
	{
		const td_node *n = &t->nodes[i];

		if (n->kind == TD_TEXT && n->parent != TD_NONE && t->nodes[n->parent].tag == TD_TAG_SCRIPT)
		{
			snprintf(out, cap, "%.*s", (int) n->str_len, td_node_str(t, i));
			break;
		}
	}
	td_tree_free(t);
}

/*
 * Token units cut a script where the page's tree does (td_script_end):
 * an inner "</script>" in double-escaped text ("<!--" then "<script") does
 * not end it, one after a plain "<!--" or in plain text does.
 */
static void
test_split_script(void)
{
	const char *dbl = "<script><!--\ndocument.write(\"<script src=x.js></script>\");\n--></script><p>b</p>";
	const char *plain = "<script>document.write(\"<script src=x.js></script>\");</script><p>b</p>";
	const char *esc = "<script><!-- x = '</script>'; --></script><p>b</p>";
	char		buf[512],
				text[256];

	units_str(dbl, TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<script>|<!--\ndocument.write(\"<script src=x.js></script>\");\n-->|</script>|<p>|b|</p>") == 0,
		  "double-escaped: [%s]", buf);
	/* the same text in the tree (the parser blanks the inner '/' so that libxml2 reads on) */
	tree_script_text(dbl, text, sizeof(text));
	CHECK(strcmp(text, "<!--\ndocument.write(\"<script src=x.js>< script>\");\n-->") == 0,
		  "the tree agrees: [%s]", text);
	units_str(plain, TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<script>|document.write(\"<script src=x.js>|</script>|\");|</script>|<p>|b|</p>") == 0,
		  "without <!--: [%s]", buf);
	tree_script_text(plain, text, sizeof(text));
	CHECK(strcmp(text, "document.write(\"<script src=x.js>") == 0, "the tree agrees: [%s]", text);
	units_str(esc, TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<script>|<!-- x = '|</script>|'; -->|</script>|<p>|b|</p>") == 0,
		  "<!-- without <script: [%s]", buf);
	tree_script_text(esc, text, sizeof(text));
	CHECK(strcmp(text, "<!-- x = '") == 0, "the tree agrees: [%s]", text);
	/* "-->" leaves the escaped states: a "<script" after it starts nothing */
	units_str("<script><!-- a --> <script> </script>x</script>", TD_SW_TOKEN, buf, sizeof(buf));
	CHECK(strcmp(buf, "<script>|<!-- a --> <script> |</script>|x|</script>") == 0,
		  "after -->: [%s]", buf);
	/* lines are lines whatever the scripts */
	units_str(dbl, TD_SW_LINE, buf, sizeof(buf));
	CHECK(strcmp(buf, "<script><!--\n|document.write(\"<script src=x.js></script>\");\n|--></script><p>b</p>") == 0,
		  "lines: [%s]", buf);
}

static const char *page_a =
"<html><head><title>Bridge</title><script>\nvar page = 1;\n</script></head><body>\n"
"<div class=nav><a href=/>Home</a> | <a href=/news>News</a></div>\n"
"<h1>Bridge reopens</h1>\n"
"<p>The old bridge reopened.</p>\n"
"<footer>Example Gazette</footer>\n"
"</body></html>\n";

static const char *page_b =
"<html><head><title>Market</title><script>\nvar page = 2;\n</script></head><body>\n"
"<div class=nav><a href=/>Home</a> | <a href=/news>News</a></div>\n"
"<h1>Market moves</h1>\n"
"<p>The market moves.</p>\n"
"<footer>Example Gazette</footer>\n"
"</body></html>\n";

/* td_sandwich_mask, then the parse and text rendering the extension does. */
static td_status
sandwich_text(td_env *env, const char *page, const char *peer, td_sw_unit unit, td_buf *text)
{
	td_buf		masked;
	td_tree    *t = NULL;
	td_status	st;

	td_buf_init(&masked, env);
	st = td_sandwich_mask(env, page, strlen(page), NULL, peer, peer ? strlen(peer) : 0, NULL,
						  unit, &masked, NULL);
	if (st == TD_OK)
		st = td_parse_html(env, masked.data ? masked.data : "", masked.len, "UTF-8", NULL, &t);
	if (st == TD_OK)
		st = td_render_text(t, NULL, text);
	td_tree_free(t);
	td_buf_free(&masked);
	if (st == TD_OK)
		st = td_buf_terminate(text);
	return st;
}

static void
test_mask(void)
{
	td_env		env;
	td_buf		out;
	td_sw_stats stats;
	int			unit;

	td_env_default(&env);
	for (unit = TD_SW_LINE; unit <= TD_SW_TOKEN; unit++)
	{
		td_buf_init(&out, &env);
		CHECK(sandwich_text(&env, page_a, page_b, unit, &out) == TD_OK &&
			  strcmp(out.data, "Bridge reopens\nThe old bridge reopened.") == 0,
			  "unit %d: [%s]", unit, out.data);
		td_buf_free(&out);
		td_buf_init(&out, &env);
		CHECK(sandwich_text(&env, page_a, NULL, unit, &out) == TD_OK &&
			  strcmp(out.data, "Home | News\nBridge reopens\nThe old bridge reopened.\nExample Gazette") == 0,
			  "no peer: [%s]", out.data);
		td_buf_free(&out);
		td_buf_init(&out, &env);
		CHECK(sandwich_text(&env, page_a, page_a, unit, &out) == TD_OK && out.len == 0,
			  "itself as peer: [%s]", out.data);
		td_buf_free(&out);
	}

	/* the masked bytes: markup kept, the dropped lines' text gone */
	td_buf_init(&out, &env);
	CHECK(td_sandwich_mask(&env, page_a, strlen(page_a), NULL, page_b, strlen(page_b), NULL,
						   TD_SW_LINE, &out, &stats) == TD_OK, "mask");
	td_buf_terminate(&out);
	CHECK(strstr(out.data, "<div class=nav><a href=/></a><a href=/news></a></div>") != NULL,
		  "markup of a dropped line kept: [%s]", out.data);
	CHECK(strstr(out.data, "var page = 1;") != NULL, "a changed script line is kept (hidden)");
	CHECK(stats.page_units == 8 && stats.peer_units == 8 && stats.common == 4,
		  "stats %u %u %u", stats.page_units, stats.peer_units, stats.common);
	td_buf_free(&out);

	/* a minified page is one line: line units keep it all, tokens do not */
	{
		const char *a = "<div><nav>Home About</nav><p>First story.</p><footer>Site</footer></div>";
		const char *b = "<div><nav>Home About</nav><p>Second story.</p><footer>Site</footer></div>";

		td_buf_init(&out, &env);
		CHECK(sandwich_text(&env, a, b, TD_SW_LINE, &out) == TD_OK &&
			  strcmp(out.data, "Home About\nFirst story.\nSite") == 0, "minified, lines: [%s]", out.data);
		td_buf_free(&out);
		td_buf_init(&out, &env);
		CHECK(sandwich_text(&env, a, b, TD_SW_TOKEN, &out) == TD_OK &&
			  strcmp(out.data, "First story.") == 0, "minified, tokens: [%s]", out.data);
		td_buf_free(&out);
	}

	/* encodings: a windows-1252 page against its UTF-8 peer */
	{
		const char *a = "<p>Caf\xe9 menu</p>\n<p>Only here</p>\n";
		const char *b = "<p>Caf\xc3\xa9 menu</p>\n<p>Elsewhere</p>\n";

		td_buf_init(&out, &env);
		CHECK(td_sandwich_mask(&env, a, strlen(a), "windows-1252", b, strlen(b), "UTF-8",
							   TD_SW_LINE, &out, &stats) == TD_OK && stats.common == 1,
			  "decoded before comparing: %u", stats.common);
		td_buf_free(&out);
	}
}

static void
test_enomem(void)
{
	int			unit;

	for (unit = TD_SW_LINE; unit <= TD_SW_TOKEN; unit++)
	{
		long		k;
		int			ok = 0;

		for (k = 0; k < 200 && !ok; k++)
		{
			counting	c = {0, k, 0};
			td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
			td_buf		out;
			td_status	st;

			td_buf_init(&out, &env);
			st = td_sandwich_mask(&env, page_a, strlen(page_a), "windows-1252", page_b,
								  strlen(page_b), NULL, unit, &out, NULL);
			td_buf_free(&out);
			CHECK(st == TD_OK || st == TD_ENOMEM, "unit %d budget %ld: status %d", unit, k, st);
			CHECK(c.live == 0, "unit %d budget %ld: %ld blocks leaked", unit, k, c.live);
			ok = st == TD_OK;
		}
		CHECK(ok && k > 5, "unit %d: succeeds after %ld allocations", unit, k);
	}
	{
		long		k;
		int			ok = 0;

		for (k = 0; k < 20 && !ok; k++)
		{
			counting	c = {0, k, 0};
			td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
			uint32_t	d;
			td_status	st = td_edit_distance(&env, "kitten", 6, "sitting", 7, &d);

			CHECK((st == TD_OK && d == 3) || st == TD_ENOMEM, "edit budget %ld: %d", k, st);
			CHECK(c.live == 0, "edit budget %ld: leaked %ld", k, c.live);
			ok = st == TD_OK;
		}
		CHECK(ok, "edit distance succeeds");
	}
}

static void
test_interrupt(void)
{
	counting	c = {0, -1, 1};
	td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	uint32_t	n = 200000,
				i,
				lcs;
	uint64_t   *a = malloc(n * sizeof(uint64_t));
	uint8_t    *in_a = malloc(n);
	char	   *big = malloc(5u << 20);
	td_sw_units u;
	uint32_t	d;

	for (i = 0; i < n; i++)
		a[i] = i + 1;
	CHECK(td_sw_lcs(&env, a, n, a, n, 0, in_a, NULL, &lcs) == TD_EINTR && lcs == 0, "lcs interrupted");
	CHECK(c.live == 0, "lcs interrupted: leaked %ld", c.live);
	memset(big, 'x', 5u << 20);
	for (i = 0; i < (5u << 20); i += 64)
		big[i] = '\n';
	CHECK(td_sw_split(&env, big, 5u << 20, TD_SW_LINE, &u) == TD_EINTR, "split interrupted");
	CHECK(c.live == 0, "split interrupted: leaked %ld", c.live);
	memset(big, 'y', 4000);
	CHECK(td_edit_distance(&env, big, 4000, big + 1, 3000, &d) == TD_EINTR, "edit distance interrupted");
	CHECK(c.live == 0, "edit interrupted: leaked %ld", c.live);
	free(a);
	free(in_a);
	free(big);
}

static void
url_case(const char *url, const char *dir, const char *base)
{
	td_env		env;
	td_buf		d,
				b;

	td_env_default(&env);
	td_buf_init(&d, &env);
	td_buf_init(&b, &env);
	td_url_directory(url, strlen(url), &d);
	td_url_basename(url, strlen(url), &b);
	td_buf_terminate(&d);
	td_buf_terminate(&b);
	CHECK(strcmp(d.data, dir) == 0 && strcmp(b.data, base) == 0,
		  "%s: [%s] [%s]", url, d.data, b.data);
	td_buf_free(&d);
	td_buf_free(&b);
}

static void
test_peer(void)
{
	td_env		env;
	uint32_t	d;
	char	   *long_s = malloc(TD_EDIT_MAX_CHARS + 2);

	url_case("https://example.org/news/bridge.html", "https://example.org/news/", "bridge.html");
	url_case("https://example.org/news/story.php?id=7#top", "https://example.org/news/", "story.php?id=7");
	url_case("https://example.org/news/", "https://example.org/news/", "");
	url_case("https://example.org", "https://example.org/", "");
	url_case("https://example.org?q=a/b", "https://example.org/", "?q=a/b");
	url_case("https://example.org/a?x=/y/z", "https://example.org/", "a?x=/y/z");
	url_case("/docs/a/b.html", "/docs/a/", "b.html");
	url_case("Extraction/html/apple (1).htm", "Extraction/html/", "apple (1).htm");
	url_case("index.html", "", "index.html");
	url_case("", "", "");
	url_case("mailto:x@y.org", "", "mailto:x@y.org");

	td_env_default(&env);
	CHECK(td_edit_distance(&env, "kitten", 6, "sitting", 7, &d) == TD_OK && d == 3, "kitten %u", d);
	CHECK(td_edit_distance(&env, "", 0, "abc", 3, &d) == TD_OK && d == 3, "empty %u", d);
	CHECK(td_edit_distance(&env, "abc", 3, "abc", 3, &d) == TD_OK && d == 0, "same %u", d);
	CHECK(td_edit_distance(&env, "caf\xc3\xa9", 5, "cafe", 4, &d) == TD_OK && d == 1, "utf-8 %u", d);
	CHECK(td_edit_distance(&env, "\xff\xfe", 2, "\xfe", 1, &d) == TD_OK && d == 1, "bad bytes %u", d);
	CHECK(td_edit_distance(&env, "page-10.html", 12, "page-9.html", 11, &d) == TD_OK && d == 2,
		  "pages %u", d);
	memset(long_s, 'a', TD_EDIT_MAX_CHARS + 1);
	CHECK(td_edit_distance(&env, long_s, TD_EDIT_MAX_CHARS, "b", 1, &d) == TD_OK &&
		  d == TD_EDIT_MAX_CHARS, "at the limit %u", d);
	CHECK(td_edit_distance(&env, "b", 1, long_s, TD_EDIT_MAX_CHARS + 1, &d) == TD_ELIMIT,
		  "over the limit");
	free(long_s);
}

int
main(void)
{
	test_lcs_random();
	test_lcs_heuristic();
	test_split();
	test_split_script();
	test_mask();
	test_enomem();
	test_interrupt();
	test_peer();
	return check_done("test_sandwich");
}
