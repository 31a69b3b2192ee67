/*
 * repeats.h — a block whose text the kept output already holds is dropped.
 *
 * Pages repeat their own text: a table of contents repeats the headings, a
 * reply quotes the post it answers, a responsive layout writes a product's
 * name and description once for small screens and once for large ones, an
 * advertisement slot repeats its label down an article.  A reader sees one
 * copy and gold text holds one, so a second copy only costs precision
 * (bench/README.md, "Issue 12, fourteenth session").
 *
 * The units are leaf blocks: block elements (TD_F_BLOCK) holding no other
 * block but <br>, their kept visible text hashed (FNV-1a) with white
 * space runs folded to one space, as the text output writes it.  Among the kept leaf blocks of at least min_words words
 * with equal text, the first in document order stays and the others go,
 * except:
 *   - a copy that is a sibling of the one that stays (the same parent): a
 *     list or a column of equal items is what the page says, not a copy;
 *   - copies of which either lies in a table cell (<td>, <th>): a table
 *     repeats values by design, and a reference page's summary table
 *     repeats what its detail sections say (javadoc);
 *   - a copy at the same place of another record of one list as the one
 *     that stays: the same depth, and the same element name and class at
 *     every step up to their common ancestor (a parameter's note under each
 *     of a reference page's methods, a filler paragraph in two sections);
 *     a quote inside a reply, a table of contents and a second layout
 *     differ somewhere on that path;
 *   - when the first copy is all link text and a later one is not (a table
 *     of contents before its headings), the first non-link copy stays.
 */
#ifndef TD_REPEATS_H
#define TD_REPEATS_H

#include "base/tree.h"

#define TD_REPEAT_MIN_WORDS 3

/* The exceptions (flags); TD_REPEAT_DEFAULT has them all. */
#define TD_REPEAT_KEEP_SIBLINGS	0x01	/* a copy beside the one that stays */
#define TD_REPEAT_KEEP_IN_TABLES 0x02	/* either copy in a table cell */
#define TD_REPEAT_PREFER_TEXT	0x04	/* a non-link copy stays before link text */
#define TD_REPEAT_KEEP_PARALLEL	0x08	/* a copy at the same place of another record */
#define TD_REPEAT_DEFAULT		0x0f

/*
 * Marks in drop (1 = removed, whole subtrees marked node by node, as
 * td_combine_explained leaves it) the later copies of kept leaf blocks of
 * at least min_words words, with the exceptions in flags (TD_REPEAT_*:
 * the product passes TD_REPEAT_DEFAULT, fewer are for measuring); reason
 * (may be NULL) gets TD_REASON_REPEAT on each block dropped and
 * TD_REASON_INSIDE below it.  Nodes already dropped are left alone.
 * TD_ENOMEM, TD_EINTR (drop and reason then unchanged).
 */
td_status	td_drop_repeats(const td_tree *tree, uint32_t min_words, unsigned flags,
							uint8_t *drop, uint8_t *reason);

#endif							/* TD_REPEATS_H */
