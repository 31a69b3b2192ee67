/*
 * peer.h — choosing a sandwich peer (seed 001 §4: the page in the same
 * directory whose name is closest by edit distance): the edit distance
 * between names.  A URL's directory and name are util/url.h's
 * td_url_directory and td_url_basename.
 */
#ifndef TD_PEER_H
#define TD_PEER_H

#include "base/env.h"

/* Longest input (code points) td_edit_distance accepts: its cost is the product. */
#define TD_EDIT_MAX_CHARS 4096

/*
 * Levenshtein distance (insertions, deletions, substitutions of one code
 * point each, cost 1) between UTF-8 strings a and b; each byte of invalid
 * UTF-8 counts as one character.  O(|a|·|b|) time, O(min) memory;
 * TD_ELIMIT when either is over TD_EDIT_MAX_CHARS code points.
 */
td_status	td_edit_distance(td_env *env, const char *a, size_t alen,
							 const char *b, size_t blen, uint32_t *dist);

#endif							/* TD_PEER_H */
