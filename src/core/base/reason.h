/*
 * reason.h — why a node is removed (or kept against a rule), recorded by the
 * code that decides it, beside its drop mark: site/marks.c (site level),
 * page/pagelevel.c (page level and td_combine_explained, clean_text's
 * combination).  One byte per node; TD_REASON_NONE for a node kept by
 * every rule.
 */
#ifndef TD_REASON_H
#define TD_REASON_H

#include <stdint.h>

typedef enum td_reason
{
	TD_REASON_NONE = 0,			/* kept */
	TD_REASON_SITE_SHARE,		/* its fingerprint is on >= threshold of the profile's pages */
	TD_REASON_ANCESTOR,			/* the 85% rule: its text is (almost) all template */
	TD_REASON_INSIDE,			/* inside a removed ancestor */
	TD_REASON_PAGE_SCORE,		/* page level: smoothed score >= threshold */
	TD_REASON_CHUNK_SHARE,		/* a table text chunk on >= threshold of the profile's pages */
	TD_REASON_MAIN_REGION,		/* kept: page level would remove it, but it is, holds or lies in
								 * the page's main region */
	TD_REASON_SMALL_REGION,		/* kept: page level would remove it, but the main region
								 * holds too little of what site level keeps, so page
								 * level is not applied to this page */
	TD_REASON_REPEAT,			/* a later copy of a block the output already holds (repeats.h) */
	TD_REASON_COUNT
} td_reason;

/* A short name ("site-share", "85%-rule", ...); "" for TD_REASON_NONE. */
const char *td_reason_name(uint8_t reason);

/* Whether reason removes the node (the kept reasons do not). */
static inline int
td_reason_removes(uint8_t reason)
{
	return reason != TD_REASON_NONE && reason != TD_REASON_MAIN_REGION &&
		reason != TD_REASON_SMALL_REGION;
}

#endif							/* TD_REASON_H */
