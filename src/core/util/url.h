/*
 * url.h — the one URL module: how a URL is split (td_url_split), which
 * site it belongs to (td_url_same_site), its directory and basename for the
 * sandwich's peer (td_url_directory, td_url_basename), RFC 3986 §5.2
 * reference resolution and the normal form of the link functions, and the
 * hyperlink distance of Alarte's thesis (seed 003, Def. 2.2.4–2.2.5); pure C.
 *
 * Only http and https URLs with a host come out of td_url_resolve: a link
 * elsewhere (mailto:, javascript:, ftp:...) is not a page of the crawl.  The
 * normal form, so that the same page always has the same string (and a
 * crawl table keyed by it is found by equality):
 *   - ASCII white space and C0 controls trimmed at both ends, tab/CR/LF
 *     removed inside (as browsers do); '\' read as '/' before the query;
 *   - scheme and host lower-case (non-ASCII host bytes percent-encoded, so
 *     a URL is always ASCII); trailing dots of the host removed; the
 *     port removed when empty or the scheme's default (80, 443), leading
 *     zeros dropped; userinfo kept as written;
 *   - dot segments removed (RFC 3986 §5.2.4), an empty path becomes "/";
 *   - percent-encoding: %XX of unreserved characters decoded, other hex
 *     digits upper-case, a lone '%' written %25, and bytes not allowed in a
 *     URL (space, controls, non-ASCII, "<>\^`{|}) percent-encoded;
 *   - the fragment removed, and an empty query ("?" alone) too.
 * A reference "http:g" with the base's scheme and no authority is read as
 * relative (RFC 3986 §5.4.2's backward-compatible reading, as browsers do).
 *
 * The other functions read a URL as written (td_url_split), without that
 * clean-up: a page's URL or an href as stored, or a normal form.
 */
#ifndef TD_URL_H
#define TD_URL_H

#include "base/env.h"

/* Longest URL produced; longer ones are refused (TD_EARG). */
#define TD_URL_MAX_LEN 8192

/*
 * Resolves ref against base and appends the normal form to out (which is
 * not cleared).  base may be NULL, then ref must be absolute.  base need not
 * be normalised, but must be an absolute http(s) URL with a host.  TD_EARG
 * (message in env->errmsg, out unchanged) when base or ref is unusable: the
 * caller decides whether that is an error (a base) or a skip (an href).
 */
td_status	td_url_resolve(td_env *env, const char *base, size_t base_len,
						   const char *ref, size_t ref_len, td_buf *out);

/* A part of a URL: n bytes at p; defined 0 when the URL has no such part. */
typedef struct td_url_slice
{
	const char *p;
	size_t		n;
	int			defined;
} td_url_slice;

/* The parts of a URL reference (RFC 3986 §3), without their delimiters. */
typedef struct td_url_parts
{
	td_url_slice scheme,		/* before ':' */
				authority,		/* after "//": [userinfo@]host[:port] */
				path,			/* always defined, maybe empty */
				query,			/* after '?' ("?" alone: defined, empty) */
				fragment;		/* after '#' */
} td_url_parts;

/*
 * The URL splitter every URL function uses: RFC 3986 Appendix B on the bytes
 * as written (no clean-up, no decoding), so it never fails.  A scheme only
 * when it has §3.1's syntax (a letter, then letters, digits, '+', '-', '.',
 * then ':'): "a b://x" and "://x" are relative paths.  An authority after
 * "scheme:" or at the start, introduced by "//" and ending at the first '/',
 * '?' or '#'; the path then to the first '?' or '#'; the query to the
 * first '#'; the fragment to the end.
 */
void		td_url_split(const char *url, size_t len, td_url_parts *parts);

/* 1 for http, 2 for https (the scheme in any case), 0 for any other or none. */
int			td_url_web_scheme(const td_url_parts *parts);

/*
 * Whether "javascript:" or "vbscript:" (any case) is anywhere in the n bytes
 * at s once the tabs, line feeds and carriage returns a browser drops from a
 * URL are left out.  The renderers refuse such an address wherever the
 * scheme stands ("//x/javascript:..." is harmless, but no reader need check).
 */
int			td_url_script_anywhere(const char *s, size_t n);

/*
 * The host that names a URL's site: the authority, read up to a '\' too
 * (browsers read it as '/' in http(s) URLs), without userinfo (up to the
 * last '@') and port (an IPv6 literal keeps its brackets), without one
 * trailing '.' ("x.org." names x.org), and without a leading "www." in any
 * case when more follows.  0 when the URL has no authority or nothing is
 * left; the host is then NULL.
 */
int			td_url_site_host(const td_url_parts *parts, const char **host, size_t *host_len);

/*
 * Whether the reference ref leads to the site of the page at base (seed
 * 003 §5.2.4's same domain, and the page-level intra_links feature), both
 * as written, leading and trailing HTML white space (space, tab, LF, FF,
 * CR) ignored:
 *   - a relative reference (no scheme, no "//") does, whatever the base:
 *     it resolves against it ("#top", "", "www.x.org/a" are paths);
 *   - one with a scheme other than http or https does not (mailto:,
 *     javascript:, ftp: lead to no page of the site), nor "http:g";
 *   - an http(s) or scheme-relative ("//host") one does when its site host
 *     (td_url_site_host) is the base's, ASCII case ignored: port, scheme,
 *     userinfo and "www." aside, a subdomain is another site; never when
 *     base is NULL or has no site host.
 * The base's scheme is not read.  The menu method resolves a page's links
 * first (td_url_resolve) and compares normal forms: "http:g" there is a
 * relative reference (see above), while the page-level feature reads
 * hrefs as the page has them.
 */
int			td_url_same_site(const char *base, size_t base_len, const char *ref, size_t ref_len);

/*
 * td_url_same_site in two steps, for the many links of one page: the base's
 * site host found once (td_url_base_site: *host NULL when base is NULL or
 * has none), then each reference compared with it.
 */
void		td_url_base_site(const char *base, size_t base_len, const char **host, size_t *host_len);
int			td_url_same_site_host(const char *host, size_t host_len, const char *ref, size_t ref_len);

/*
 * The directory and the basename of a URL, as the sandwich's peer rule
 * (seed 001 §4) compares them, from td_url_split's parts, nothing decoded.
 * The directory is the URL up to and including its path's last '/' (with
 * an authority and an empty path, the URL before its query with "/"
 * appended: "https://a.org" → "https://a.org/"; without a '/', nothing:
 * "index.html", "mailto:x@y.org"); the basename is what follows it up to
 * the fragment ("/news/story.php?id=7#top" → "story.php?id=7"), so dynamic
 * pages of one script are told apart by their query.  Appended to out.
 */
td_status	td_url_directory(const char *url, size_t len, td_buf *out);
td_status	td_url_basename(const char *url, size_t len, td_buf *out);

/*
 * Hyperlink distance from h to h2 (seed 003 Def. 2.2.5), both normalised
 * URLs.  A link is the word sequence host/dir/dir/...: its site host
 * (td_url_site_host), then the path's segments without empty ones and
 * without the last one when it names a file (it has a '.', e.g.
 * index.html; "/news" and "/news/" are both the directory news), query and
 * scheme ignored.  With c the words the two share from the start: 0 when
 * equal, +(|h2| - c) when h2 extends h, else -(|h| - c).
 */
int			td_url_hdistance(const char *h, size_t h_len, const char *h2, size_t h2_len);

/*
 * A Wayback Machine address (http(s)://web.archive.org/web/<digits>[flags]/
 * <url>) stands for <url>: returns the offset of <url> inside url, or 0 when
 * url is not one.  Used where archived pages are read as their originals.
 */
size_t		td_url_unwrap_archive(const char *url, size_t len);

#endif							/* TD_URL_H */
