/*
 * textshape.h — how an element's text is written, as columns for the tree
 * classifier (issue 12): the classic boilerplate signals our row lacked,
 * jusText's stop-word density and Boilerpipe's words per text block.  A
 * paragraph of description or a forum post is written in sentences of
 * function words; a block of labels, buttons, prices and user names is not.
 * Appended to context.h's list and filled by td_textshape_rows from
 * td_context_rows in builds with -DTD_EXP_TEXTSHAPE only: measured, not in
 * the built-in trees' row (bench/README.md, "Issue 12, ninth session").
 *
 * Words are features.h's (maximal runs of ASCII letters/digits and non-ASCII
 * bytes inside one visible text node).  A "stop word" is one of a compiled-in
 * list of 172 English closed-class words (articles, pronouns,
 * prepositions, conjunctions, auxiliaries and a few adverbs; textshape.c),
 * matched on the ASCII-lower-cased word (a word holding a non-ASCII byte is
 * never one).  A "text block" (Boilerpipe's) is the visible text whose
 * nearest block-level element (base/tags.h's TD_F_BLOCK) is the same: inline
 * markup such as <a> or <b> does not split it.  A block "ends a sentence"
 * when its last non-blank text, closing quotes and brackets skipped, is
 * . ! or ?.
 *
 * Each of an element's words sits in one block, of which some share
 * (its words in the subtree / the block's words) lies in the element: the
 * element holds sum(share) blocks.  X(ID, "name") (all 0 on nodes that are
 * not elements, and on elements without words but for p_ts_stop):
 *   ts_stop         stop words / words of the subtree
 *   ts_block_words  ln(1 + words / blocks held): mean words per text block
 *   ts_long         share of the words in blocks of >= TD_TS_LONG_WORDS words
 *   ts_sent_end     blocks held that end a sentence / blocks held
 *   ts_prose        share of the words in blocks of prose (jusText's "good"
 *                   blocks): >= TD_TS_LONG_WORDS words of which at least
 *                   TD_TS_PROSE_STOP are stop words
 *   ts_stop_rel     ts_stop - p_ts_stop (prose-like for this page)
 * and per page:
 *   p_ts_stop       the page's stop words / words (a language and register
 *                   normaliser: a page not in English has few everywhere)
 *
 * One pass down (document order) and one up (reverse order), O(n + text
 * bytes), the stop list by binary search; polled; no recursion.
 */
#ifndef TD_TEXTSHAPE_H
#define TD_TEXTSHAPE_H

#include <stddef.h>

#include "base/tree.h"

#define TD_TS_LONG_WORDS 10
#define TD_TS_PROSE_STOP 0.3

#define TD_TEXTSHAPE_LIST(X) \
	X(TS_STOP, "ts_stop") X(TS_BLOCK_WORDS, "ts_block_words") X(TS_LONG, "ts_long") \
	X(TS_SENT_END, "ts_sent_end") X(TS_PROSE, "ts_prose") X(TS_STOP_REL, "ts_stop_rel") \
	X(TS_P_STOP, "p_ts_stop")

enum td_textshape_id
{
#define TD_TS_ENUM(id, name) TD_##id,
	TD_TEXTSHAPE_LIST(TD_TS_ENUM)
#undef TD_TS_ENUM
	TD_N_TEXTSHAPE
};

/*
 * Fills the text-shape columns of the rows of nodes which[0 .. n_rows)
 * (which NULL: every node, n_rows = n_nodes): out + j * stride is the first
 * text-shape column of which[j]'s row (TD_N_TEXTSHAPE floats, list order);
 * rows of nodes that are not elements (and the root's) are left as they are
 * (the caller has zeroed them).  Allocates with tree->env; TD_ENOMEM or
 * TD_EINTR (polled) on failure, out then partly filled.
 */
td_status	td_textshape_rows(const td_tree *tree, const uint32_t *which, uint32_t n_rows,
							  float *out, size_t stride);

/* Whether the word w[0, len) is a stop word (ASCII case folded). */
int			td_textshape_stop_word(const char *w, size_t len);

#endif							/* TD_TEXTSHAPE_H */
