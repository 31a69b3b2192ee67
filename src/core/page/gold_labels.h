/*
 * gold_labels.h — training labels from a page's gold main text (text a
 * person marked as the page's content), for training the page-level
 * classifier on labelled pages: train_template_model(html, gold) and the
 * bench drivers (page_quality.c, train_corpus.c: the built-in model).
 *
 * A page word is content when it starts, continues or ends a run of three
 * words that also occurs in the gold text (score.py's tokens: lower-cased
 * runs of ASCII letters and digits, every byte >= 0x80 counting as a
 * letter); an element is template when fewer than TD_GOLD_SHARE percent
 * (15: the complement of seed §5.1's 85% rule) of its subtree's words are
 * content; an element without words takes its parent's label.  Only
 * visible text counts (text nodes outside hidden elements).  Measured
 * (bench/README.md, "Gold labels"): labelling an element template below 50%
 * content taught the models that every container holding comments is
 * template, and F1 on dragnet fell to 0.37.
 *
 * O(words of page and gold), expected, with one hash set of the gold's
 * 3-grams; no recursion; polls env->interrupted.
 */
#ifndef TD_GOLD_LABELS_H
#define TD_GOLD_LABELS_H

#include "base/tree.h"

#define TD_GOLD_SHARE 15

/*
 * The label rules of td_gold_labels_rule: a share in percent (0..100: an
 * element is template when fewer than that share of its subtree's words are
 * content; td_gold_labels is TD_GOLD_SHARE), or TD_GOLD_F1: an element is
 * template when dropping it alone from a page that keeps exactly the gold
 * raises the page's word F1 (bench/README.md, "The profile as evidence,
 * sixth session"): with g its content words, o its other words and G the
 * gold's words (at least the page's content words), o (G - g) > G g.  A
 * small block goes when most of its words are not gold, a container only
 * when its other words outweigh its gold ones by G / (G - g), so a
 * navigation block that repeats a few of the article's words is template
 * and the article holding them is not.  Under TD_GOLD_F1 text nodes take
 * their parent's label.
 */
#define TD_GOLD_F1 (-1)

/*
 * Labels every node of tree from gold (UTF-8 bytes, gold_len): drop[i] = 1
 * when node i is template by the rule above (drop[0], the root, is always
 * 0).  all and good (may be NULL, else one uint32_t per
 * node) receive the words of each subtree and the content words among
 * them.  Memory through tree->env; TD_ENOMEM or TD_EINTR leave drop
 * undefined.
 */
td_status	td_gold_labels(const td_tree *tree, const char *gold, size_t gold_len,
						   uint8_t *drop, uint32_t *all, uint32_t *good);

/*
 * The same with the rule chosen: rule is a share in percent (0..100) or
 * TD_GOLD_F1 (above); anything else is TD_EARG.
 */
td_status	td_gold_labels_rule(const td_tree *tree, const char *gold, size_t gold_len,
								int rule, uint8_t *drop, uint32_t *all, uint32_t *good);

#endif							/* TD_GOLD_LABELS_H */
