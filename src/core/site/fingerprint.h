/*
 * fingerprint.h — a 64-bit fingerprint per node of its whole subtree
 * (seed 000 §3 step 1, "h(i)").  What goes into it is chosen by measurement
 * on the development corpus so that a node keeps its fingerprint across pages
 * when only incidental details change; README documents the choice.
 */
#ifndef TD_FINGERPRINT_H
#define TD_FINGERPRINT_H

#include "base/tree.h"

/* Changes whenever the definition of a fingerprint changes; stored in profiles. */
#define TD_FP_SCHEME 1

/*
 * fp[i] for every node; fp[i] == 0 means "not counted" (text nodes, hidden
 * elements, nodes with nothing in them).  Never 0 for a counted node.
 */
td_status	td_fingerprints(const td_tree *tree, uint64_t *fp);

/*
 * The distinct non-zero fingerprints of a page, sorted ascending, written to
 * out (which must hold tree->n_nodes entries); returns their number.  This is
 * what a page contributes to a profile: document frequency, not occurrences.
 */
size_t		td_page_fingerprints(const td_tree *tree, const uint64_t *fp, uint64_t *out);

/*
 * The page's exact content key, for counting exact duplicate pages once in a
 * profile: two pages have the same key when they show the same text in the
 * same element structure (fingerprint.c says what is left out).  Never 0.
 */
td_status	td_page_key(const td_tree *tree, uint64_t *key);

#endif
