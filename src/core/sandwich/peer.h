/*
 * peer.h — choosing a sandwich peer from URLs (seed 001 §4: the page in the
 * same directory whose name is closest by edit distance).
 *
 * A URL is read as text, not normalised: its path ends at the first '?' or
 * '#'; after "scheme://" the path starts at the first '/' following the
 * host.  The directory is everything up to and including the path's last
 * '/' (a URL without a path gets "/" appended: "https://a.org" → "https://a.org/");
 * the basename is the rest of the path plus the query, without the
 * fragment ("/news/story.php?id=7#top" → "story.php?id=7"), so dynamic pages
 * of one script are told apart by their query.
 */
#ifndef TD_PEER_H
#define TD_PEER_H

#include "base/env.h"

/* Longest input (code points) td_edit_distance accepts: its cost is the product. */
#define TD_EDIT_MAX_CHARS 4096

/* Appends the directory of url to out. */
td_status	td_url_directory(const char *url, size_t len, td_buf *out);

/* Appends the basename of url to out. */
td_status	td_url_basename(const char *url, size_t len, td_buf *out);

/*
 * Levenshtein distance (insertions, deletions, substitutions of one code
 * point each, cost 1) between UTF-8 strings a and b; each byte of invalid
 * UTF-8 counts as one character.  O(|a|·|b|) time, O(min) memory;
 * TD_ELIMIT when either is over TD_EDIT_MAX_CHARS code points.
 */
td_status	td_edit_distance(td_env *env, const char *a, size_t alen,
							 const char *b, size_t blen, uint32_t *dist);

#endif							/* TD_PEER_H */
