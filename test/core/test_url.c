/*
 * test_url.c — the one URL module (util/url.h) where its three former
 * readers met: the splitter's parts, the site host, the same-site rule as the
 * page-level feature reads hrefs (as written) and as the menu method reads
 * links (resolved first), and directory and basename.  Each case below gave
 * the same answer under the former readers (features.c's td_url_host and
 * td_link_is_intra, url.c's td_url_same_site on normal forms, peer.c's
 * text reading) unless its comment says what changed and why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/url.h"

/* The parts of url as "scheme|authority|path|query|fragment", '-' for an absent part. */
static const char *
parts_str(const char *url)
{
	static char out[512];
	td_url_parts p;
	const td_url_slice *s[5];
	size_t		o = 0;

	td_url_split(url, strlen(url), &p);
	s[0] = &p.scheme, s[1] = &p.authority, s[2] = &p.path, s[3] = &p.query, s[4] = &p.fragment;
	for (int k = 0; k < 5; k++)
	{
		if (s[k]->defined)
			o += snprintf(out + o, sizeof(out) - o, "%s%.*s", k ? "|" : "", (int) s[k]->n, s[k]->p);
		else
			o += snprintf(out + o, sizeof(out) - o, "%s-", k ? "|" : "");
	}
	return out;
}

#define SPLIT(url, want) \
	CHECK(strcmp(parts_str(url), want) == 0, "split(%s) = %s, want %s", url, parts_str(url), want)

static void
test_split(void)
{
	SPLIT("https://u:p@Example.com:8080/a/b.html?x=1#top", "https|u:p@Example.com:8080|/a/b.html|x=1|top");
	SPLIT("http://a.org", "http|a.org||-|-");
	SPLIT("http://a.org?q", "http|a.org||q|-");
	SPLIT("http://a.org/?", "http|a.org|/||-");
	SPLIT("http://a.org#f?g", "http|a.org||-|f?g");
	SPLIT("//a.org/x", "-|a.org|/x|-|-");
	SPLIT("/a/b", "-|-|/a/b|-|-");
	SPLIT("a/b?c", "-|-|a/b|c|-");
	SPLIT("", "-|-||-|-");
	SPLIT("mailto:x@y.org", "mailto|-|x@y.org|-|-");
	SPLIT("http:g", "http|-|g|-|-");
	SPLIT("C:/x/y.html", "C|-|/x/y.html|-|-");
	SPLIT("file:///x", "file||/x|-|-");
	/* no scheme: a letter must start it, and no byte outside letters, digits, + - . */
	SPLIT(" http://a.org", "-|-| http://a.org|-|-");
	SPLIT("a b://x/y", "-|-|a b://x/y|-|-");
	SPLIT("://x", "-|-|://x|-|-");
	SPLIT("1http://x", "-|-|1http://x|-|-");
	SPLIT("a+b.c-d://x", "a+b.c-d|x||-|-");
	/* as written: a '\' is a byte like another */
	SPLIT("http://a.org\\b?c", "http|a.org\\b||c|-");
}

static const char *
site_host(const char *url)
{
	static char out[256];
	td_url_parts p;
	const char *h;
	size_t		n;

	td_url_split(url, strlen(url), &p);
	if (!td_url_site_host(&p, &h, &n))
		return "NULL";
	snprintf(out, sizeof(out), "%.*s", (int) n, h);
	return out;
}

#define HOST(url, want) \
	CHECK(strcmp(site_host(url), want) == 0, "site_host(%s) = %s, want %s", url, site_host(url), want)

static void
test_site_host(void)
{
	/* features.c's td_url_host cases */
	HOST("https://www.Example.com:8080/path?q", "Example.com");
	HOST("example.com/x", "NULL");
	HOST("http://", "NULL");
	HOST("http://[::1]:5432/x", "[::1]");
	/* userinfo to the last '@', port, one trailing dot, www. in any case */
	HOST("http://a@b@WWW.x.org.:80/", "x.org");
	HOST("http://x.org../", "x.org.");
	HOST("http://www./", "www");
	HOST("http://www.x/", "x");
	HOST("http://@:80/", "NULL");
	HOST("http://./", "NULL");
	HOST("ftp://x.org/", "x.org");	/* the scheme is not read */
	HOST("//x.org", "x.org");
	HOST("http:x.org", "NULL");
	/* the host ends at a '\' (browsers' '/'), before the userinfo is looked for */
	HOST("http://x.org\\a@b/", "x.org");
	HOST("http:\\\\x.org", "NULL");
	HOST("http://[::1", "[::1");
}

static int
feature_intra(const char *base, const char *href)
{
	return td_url_same_site(base, base ? strlen(base) : 0, href, strlen(href));
}

#define INTRA(base, href, want) \
	CHECK(feature_intra(base, href) == want, "same_site(%s, %s) != %d", base ? base : "NULL", href, want)

/*
 * The page-level feature: hrefs as the page has them, against the page's
 * URL as given.  Bytes a browser would clean up (tab, '\', "http:g") are
 * not: the feature's vectors are the ones models were trained on.
 */
static void
test_feature_rule(void)
{
	const char *b = "https://www.Example.com:8080/path?q";

	INTRA(b, "\t/about\n", 1);
	INTRA(b, "\fhttp://example.com/\r", 1);
	INTRA(b, "\vhttp://example.com/", 1);	/* \v is not HTML white space: a relative path */
	INTRA(b, "HTTP://WWW.EXAMPLE.COM.:443/x", 1);
	INTRA(b, "http://www.www.example.com/", 0);
	INTRA(b, "http://example.com../", 0);
	INTRA(b, "http://exa\tmple.com/", 0);
	INTRA(b, "http://example.com\\path", 1);
	INTRA(b, "http:\\\\example.com\\path", 0);
	INTRA(b, "http:about", 0);	/* a scheme and no host (a browser resolves it) */
	INTRA(b, "https:", 0);
	INTRA(b, "//", 0);
	INTRA(b, "tel:+1", 0);
	INTRA(b, "1http://example.com/", 1);	/* no scheme: a relative path */
	INTRA(b, "http://exa%6dple.com/", 0);	/* nothing decoded */
	INTRA("HTTP://EXAMPLE.COM", "http://www.example.com/", 1);
	INTRA("http://[::1]/", "http://[::1]:80/x", 1);
	INTRA(" http://example.com/", "http://example.com/", 1);
	INTRA("ftp://example.com/", "http://example.com/", 1);	/* the base's scheme is not read */
	INTRA("//example.com/", "http://example.com/", 1);
	INTRA("http://./", "http://./", 0);
	INTRA("http://./", "x", 1);
	INTRA("", "http://example.com/", 0);
	INTRA("", "x", 1);
	/*
	 * Changed: trailing white space after the base's host.  features.c
	 * trimmed the page URL at its start only, so the host kept the space and
	 * no absolute link was intra-site; both ends are trimmed now, as for an
	 * href.
	 */
	INTRA("http://example.com ", "http://example.com/", 1);
	INTRA("http://example.com/ ", "http://example.com/", 1);
}

/* Resolves ref against base into out; 0 when it is no link. */
static int
resolve(const char *base, const char *ref, char *out, size_t cap)
{
	td_env		env;
	td_buf		b;
	int			ok;

	td_env_default(&env);
	td_buf_init(&b, &env);
	ok = td_url_resolve(&env, base, strlen(base), ref, strlen(ref), &b) == TD_OK;
	if (ok)
		snprintf(out, cap, "%.*s", (int) b.len, b.data);
	td_buf_free(&b);
	return ok;
}

/* The menu method: the link resolved against the page, both normal forms. */
static int
menu_same(const char *page, const char *href)
{
	char		p[256],
				l[256];

	if (!resolve(page, "", p, sizeof(p)) || !resolve(p, href, l, sizeof(l)))
		return -1;
	return td_url_same_site(p, strlen(p), l, strlen(l));
}

#define MENU(page, href, want) \
	CHECK(menu_same(page, href) == want, "menu same_site(%s, %s) = %d, want %d", page, href, menu_same(page, href), want)

static void
test_menu_rule(void)
{
	const char *b = "http://www.a.org/x/";

	/* url.c's td_url_same_site cases */
	MENU("http://www.a.org/", "https://a.org:81/x", 1);
	MENU("http://www.a.org/", "http://b.a.org/", 0);
	MENU("http://a.org/", "mailto:x", -1);	/* resolves to no link */
	/* what resolution reads that the feature does not */
	MENU(b, "http:about", 1);
	MENU(b, "https:about", -1);	/* another scheme: absolute, without a host */
	MENU(b, "http:\\\\www.A.org\\y", 1);
	MENU(b, "http://exa\tmple.com/", 0);
	MENU(b, "http://a.org\t/", 1);
	MENU(b, "http://A.ORG.../", 1);	/* every trailing dot goes in the normal form */
	MENU(b, "//WWW.a.org:80", 1);
	MENU(b, "../../..", 1);
	MENU(b, "http://www.a.org.evil.net/", 0);
	MENU("http://[::1]:8080/", "http://[::1]/", 1);
	/*
	 * Changed: the host "." (a normal form keeps one dot when there is
	 * nothing else) is no site, as features.c read it; url.c called two
	 * "." hosts one site.  No crawl has a page at http://./.
	 */
	MENU("http://./", "/x", 0);
}

static void
dir_case(const char *url, const char *dir, const char *base)
{
	td_env		env;
	td_buf		d,
				b;

	td_env_default(&env);
	td_buf_init(&d, &env);
	td_buf_init(&b, &env);
	CHECK(td_url_directory(url, strlen(url), &d) == TD_OK &&
		  td_url_basename(url, strlen(url), &b) == TD_OK, "%s", url);
	CHECK(d.len == strlen(dir) && memcmp(d.data ? d.data : "", dir, d.len) == 0 &&
		  b.len == strlen(base) && memcmp(b.data ? b.data : "", base, b.len) == 0,
		  "%s: [%.*s] [%.*s], want [%s] [%s]", url, (int) d.len, d.data ? d.data : "",
		  (int) b.len, b.data ? b.data : "", dir, base);
	td_buf_free(&d);
	td_buf_free(&b);
}

static void
test_directory(void)
{
	dir_case("https://example.org#top", "https://example.org/", "");
	dir_case("https://example.org?a#b?c", "https://example.org/", "?a");
	dir_case("https://example.org/a#x/y", "https://example.org/", "a");
	dir_case("https://u@example.org:81", "https://u@example.org:81/", "");
	dir_case("HTTPS://Example.org/A/b", "HTTPS://Example.org/A/", "b");
	dir_case("file:///x/y.html", "file:///x/", "y.html");
	dir_case("file://", "file:///", "");
	dir_case("C:/x/y.html", "C:/x/", "y.html");
	dir_case("x:y://host", "x:y://", "host");
	dir_case("a/b:c//d/e", "a/b:c//d/", "e");
	dir_case("a b://host/x", "a b://host/", "x");
	dir_case("?q", "", "?q");
	dir_case("#f", "", "");
	dir_case("/", "/", "");
	dir_case("https://example.org\\a\\b", "https://example.org\\a\\b/", "");
	/*
	 * Changed: peer.c took any text before the first ':' for a scheme and
	 * never saw an authority after a bare "//"; the splitter reads both as
	 * RFC 3986 does.  Only URLs without a path after the host differ: a
	 * scheme-relative URL is its host's directory now ("//", shared by every
	 * such host, before), and text with an invalid scheme is a relative path.
	 */
	dir_case("//example.org", "//example.org/", "");
	dir_case("//example.org?q", "//example.org/", "?q");
	dir_case(" https://example.org", " https://", "example.org");
	dir_case("\"https://example.org\"", "\"https://", "example.org\"");
	dir_case("://host", "://", "host");
}

/* a script scheme anywhere, tabs and line breaks aside (the renderers' rule) */
static void
test_script_anywhere(void)
{
	static const struct
	{
		const char *s;
		int			want;
	}			cases[] = {
		{"javascript:alert(1)", 1}, {"JaVaScRiPt:x", 1}, {"java\tscr\nipt\r:x", 1},
		{"https://a.example/;javascript:alert(5)", 1}, {"x VBScript:msgbox", 1},
		{"\tjavascript:", 1}, {"javascript", 0}, {"java script:x", 0},
		{"java\x01script:x", 0}, {"vbscript", 0}, {"https://example.org/js", 0}, {"", 0},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(td_url_script_anywhere(cases[i].s, strlen(cases[i].s)) == cases[i].want,
			  "script anywhere in \"%s\": want %d", cases[i].s, cases[i].want);
	/* the length bounds the search: a match past it does not count */
	CHECK(td_url_script_anywhere("javascript:", 10) == 0, "script anywhere, cut");
}

int
main(void)
{
	test_script_anywhere();
	test_split();
	test_site_host();
	test_feature_rule();
	test_menu_rule();
	test_directory();
	return check_done("test_url");
}
