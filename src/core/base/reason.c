/*
 * reason.c — names of the removal reasons (reason.h).
 */
#include "base/reason.h"

const char *
td_reason_name(uint8_t reason)
{
	static const char *const names[TD_REASON_COUNT] = {
		[TD_REASON_NONE] = "",
		[TD_REASON_SITE_SHARE] = "site-share",
		[TD_REASON_ANCESTOR] = "85%-rule",
		[TD_REASON_INSIDE] = "inside-removed",
		[TD_REASON_PAGE_SCORE] = "page-score",
		[TD_REASON_CHUNK_SHARE] = "chunk-share",
		[TD_REASON_MAIN_REGION] = "kept-main-region",
		[TD_REASON_SMALL_REGION] = "kept-small-region",
		[TD_REASON_REPEAT] = "repeat",
	};

	return reason < TD_REASON_COUNT ? names[reason] : "?";
}
