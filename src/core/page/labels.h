/*
 * labels.h — training labels for the page-level classifier beyond the
 * site-level marks (marks.h): blocks whose STRUCTURE repeats across a site's
 * pages while their text changes (most-popular lists, related-story
 * teasers, "from other sites" boxes).  Used by the trainers only; site-level
 * stripping (td_mark_template) does not use them.
 */
#ifndef TD_LABELS_H
#define TD_LABELS_H

#include "site/profile.h"
#include "base/tree.h"

/*
 * Structural fingerprint of every node's subtree: element tag names in
 * document order and one fixed marker per non-blank text node — no text, no
 * attributes, no media sources.  sfp[i] == 0 exactly where the text
 * fingerprint (fingerprint.h) is 0 (not counted).  A site's structural
 * profile is an ordinary profile (profile.h) of td_page_fingerprints over
 * these values.
 */
td_status	td_struct_fingerprints(const td_tree *tree, uint64_t *sfp);

/*
 * ORs into drop[] (one byte per node, typically td_mark_template's drop)
 * every element below depth 2 whose structural fingerprint occurs on at
 * least max(ceil(threshold * pages), 3) of sprof's pages and whose subtree
 * is link-dense: at least two anchors, and anchor text at least half of its
 * visible text (non-blank bytes).  Descendants of marked nodes are marked.
 */
td_status	td_mark_structural(const td_tree *tree, const td_profile_view *sprof,
							   double threshold, uint8_t *drop);

#endif
