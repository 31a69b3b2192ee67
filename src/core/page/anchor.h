/*
 * anchor.h — what the page says about its own content, as columns of the
 * tree classifier's row (issue 12, page level without a profile): the text
 * of its structured data and its title heading.  Appended to context.h's
 * list after evidence.h's, filled by td_anchor_rows from td_context_rows.
 *
 * Structured text: the string values of JSON-LD blocks (script type
 * *ld+json, read by util/jsonld.h) under the keys description, articleBody,
 * text, reviewBody, headline, and name where the object is a Product, an
 * Offer or sits under an itemListElement; and the content attribute of
 * elements whose microdata itemprop is description, articleBody, reviewBody
 * or text.  Its words (runs of ASCII letters and digits or of bytes >= 0x80,
 * ASCII lower-cased; a tag inside a string skipped) become word 3-grams and
 * 2-grams in one hash set per page.  A visible word of the page is a
 * "structured" word when a 3-gram of the page's word stream that holds it is
 * in the set, or, in a text node of fewer than 3 words, a 2-gram of that
 * node is.
 *
 * The title heading: the first visible h1, h2 or h3 whose words match the
 * title (<title>'s text before its first separator " | ", " - ", " – ",
 * " — ", " :: ", " » " or " · ", or og:title: shared words / the larger
 * word count >= 0.6), else the first visible h1, else none.
 *
 * X(ID, "name") (all 0 on nodes that are not elements):
 *   sd_share    structured words in the element / its words (0 when none)
 *   sd_in       1 when the element or an ancestor holds >= 8 structured words
 *               that are >= half its words
 *   sd_log      ln(1 + structured words in the element)
 *   t_before    1 when the element ends before the title heading begins
 *   t_contains  1 when the element is the title heading or holds it
 *   t_dist      tree distance between the element and the title heading
 *               (edges up to their lowest common ancestor and down), at most
 *               64; 0 when the page has none
 *   post_like   1 when the element or an ancestor is one of >= 3 element
 *               children of one parent that each hold a post's time or
 *               author mark: <time>, a datetime attribute, or an itemprop,
 *               class or id holding author, byline, username, timestamp,
 *               posted, datePublished or dateCreated (forum posts,
 *               comments, reviews, dated list items)
 * and per page:
 *   p_sd_share  structured words of the page / its visible words
 *   p_sd_log    ln(1 + words of the structured text)
 *   p_title     1 when a heading matches the title, 0.5 when the heading is
 *               the first h1 without a match, 0 when there is none
 *
 * O(n + structured-text bytes): one pass for the sources, one over the
 * visible text, two over the nodes; the structured text read is bounded
 * (TD_ANCHOR_MAX_SD_BYTES, TD_ANCHOR_MAX_JSON_VALUES per block; an
 * object's @type looked for among its first 8 members), a heading's words
 * are read from at most TD_ANCHOR_HEAD_NODES nodes and TD_ANCHOR_HEAD_BYTES
 * bytes; polled; no recursion.
 */
#ifndef TD_ANCHOR_H
#define TD_ANCHOR_H

#include "base/tree.h"

#define TD_ANCHOR_LIST(X) \
	X(AN_SD_SHARE, "sd_share") X(AN_SD_IN, "sd_in") X(AN_SD_LOG, "sd_log") \
	X(AN_T_BEFORE, "t_before") X(AN_T_CONTAINS, "t_contains") X(AN_T_DIST, "t_dist") \
	X(AN_POST_LIKE, "post_like") \
	X(AN_P_SD_SHARE, "p_sd_share") X(AN_P_SD_LOG, "p_sd_log") X(AN_P_TITLE, "p_title")

enum td_anchor_id
{
#define TD_AN_ENUM(id, name) TD_##id,
	TD_ANCHOR_LIST(TD_AN_ENUM)
#undef TD_AN_ENUM
	TD_N_ANCHOR
};

#define TD_ANCHOR_MAX_SD_BYTES		((size_t) 1 << 20)
#define TD_ANCHOR_MAX_JSON_VALUES	20000
#define TD_ANCHOR_HEAD_NODES		256
#define TD_ANCHOR_HEAD_BYTES		4096
#define TD_ANCHOR_SD_IN_WORDS		8
#define TD_ANCHOR_POSTS				3

/*
 * Fills the anchor columns of the rows of nodes which[0 .. n_rows) (which
 * NULL: every node, n_rows = n_nodes): out + j * stride is the first anchor
 * column of which[j]'s row (TD_N_ANCHOR floats, in list order); rows of
 * nodes that are not elements (and the root's) are left as they are (the
 * caller has zeroed them).  vis: td_visible_lengths of tree.  Allocates
 * with tree->env; TD_ENOMEM or TD_EINTR (polled) on failure, out then
 * partly filled.  A JSON-LD block that does not parse is skipped.
 */
td_status	td_anchor_rows(const td_tree *tree, const uint32_t *vis, const uint32_t *which,
						   uint32_t n_rows, float *out, size_t stride);

#endif							/* TD_ANCHOR_H */
