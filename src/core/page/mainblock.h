/*
 * mainblock.h — what features.c and mainblock.c share: the per-node
 * counts the feature pass accumulates, and the main block (features.h).
 * Private to the core.
 */
#ifndef TD_FEATURES_INT_H
#define TD_FEATURES_INT_H

#include "page/features.h"

/* Interrupts are polled once per this many nodes. */
#define POLL_EVERY 65536

/* Per-node counts; own values first, then summed over the subtree. */
typedef struct acc
{
	uint64_t	bytes;			/* approximate HTML bytes */
	uint32_t	words;
	uint32_t	word_bytes;
	uint32_t	punct;			/* sentence ends */
	uint32_t	title;			/* words found in the title */
	uint32_t	a_vis;			/* visible chars inside links */
	uint32_t	a_words;		/* words inside links */
	uint32_t	links;
	uint32_t	intra;
	uint32_t	media;
	uint32_t	children;		/* element children (not summed) */
	uint32_t	tok;			/* bit per TOK_* feature (not summed) */
	uint8_t		in_link;		/* inside an <a href> (inherited) */
	uint8_t		in_tmpl;		/* in_template_area (inherited) */
	uint8_t		in_content;		/* in_content_area (inherited) */
} acc;

#define TOK_BIT(feature)	(1u << ((feature) - TD_FEAT_TOK_NAV))
#define TEMPLATE_TOKS		((TOK_BIT(TD_FEAT_TOK_CONTENT) - 1))

static inline double
ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

/*
 * The main block (features.h): candidate scores into score[] (0 where
 * none), the top candidate into *top (TD_NONE when no element qualifies),
 * and into region[] (when not NULL) 1 on every node of the main region.
 * scratch holds 3 * n entries.
 */
td_status	td_main_block(const td_tree *t, const uint32_t *vis, const acc *a,
						  uint32_t *scratch, double *score, uint32_t *top, uint8_t *region);

#endif							/* TD_FEATURES_INT_H */
