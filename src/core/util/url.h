/*
 * url.h — URL reference resolution (RFC 3986 §5.2) and normalisation, and the
 * hyperlink distance of Alarte's thesis (seed 003, Def. 2.2.4–2.2.5), in pure
 * C for the menu-based method (links.h, menu.h).
 *
 * Only http and https URLs with a host come out: a link elsewhere (mailto:,
 * javascript:, ftp:...) is not a page of the crawl.  The normal form, so that
 * the same page always has the same string (and a crawl table keyed by it
 * is found by equality):
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

/* The parts of a normalised URL (offsets into it). */
typedef struct td_url_parts
{
	size_t		host_off,		/* host[:port], without userinfo */
				host_len;
	size_t		path_off,		/* starts with '/' */
				path_len;
	size_t		query_off,		/* after '?', 0 when none */
				query_len;
} td_url_parts;

/* Splits a URL produced by td_url_resolve.  Returns 0 when it is not one. */
int			td_url_split(const char *url, size_t len, td_url_parts *parts);

/*
 * Same domain (seed 003 §5.2.4): the hosts of two normalised URLs are equal,
 * ignoring the port, a leading "www." and the scheme (http and https of one
 * host are one site), as td_url_host does for the page-level features.
 */
int			td_url_same_site(const char *a, size_t a_len, const char *b, size_t b_len);

/*
 * Hyperlink distance from h to h2 (seed 003 Def. 2.2.5), both normalised
 * URLs.  A link is the word sequence host/dir/dir/...: the path's segments,
 * without empty ones and without the last one when it names a file (it has
 * a '.', e.g. index.html; "/news" and "/news/" are both the directory news),
 * query and scheme ignored.  With c the words the two share from the start:
 * 0 when equal, +(|h2| - c) when h2 extends h, else -(|h| - c).
 */
int			td_url_hdistance(const char *h, size_t h_len, const char *h2, size_t h2_len);

/*
 * A Wayback Machine address (http(s)://web.archive.org/web/<digits>[flags]/
 * <url>) stands for <url>: returns the offset of <url> inside url, or 0 when
 * url is not one.  Used where archived pages are read as their originals.
 */
size_t		td_url_unwrap_archive(const char *url, size_t len);

#endif							/* TD_URL_H */
