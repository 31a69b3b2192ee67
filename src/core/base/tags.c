/*
 * tags.c — lookup of HTML element names.  The table is sorted by name once at
 * first use so lookups are a binary search; names are short and few.
 */
#include <string.h>

#include "base/tags.h"

#define B TD_F_BLOCK
#define H TD_F_HIDDEN
#define V TD_F_VOID
#define P TD_F_PRE
#define R TD_F_RAWTEXT

typedef struct tag_info
{
	const char *name;
	uint8_t		flags;
} tag_info;

static const tag_info tag_table[TD_TAG_COUNT] = {
	{"", 0},
#define TD_TAG_ROW(id, name, flags) {name, flags},
	TD_TAG_LIST(TD_TAG_ROW)
#undef TD_TAG_ROW
};

/* The X-macro list is written in alphabetical order, so ids are sorted by name. */
uint16_t
td_tag_lookup(const char *name, size_t len)
{
	int			lo = 1,
				hi = TD_TAG_COUNT - 1;

	while (lo <= hi)
	{
		int			mid = (lo + hi) / 2;
		const char *cand = tag_table[mid].name;
		size_t		clen = strlen(cand);
		int			cmp = memcmp(name, cand, len < clen ? len : clen);

		if (cmp == 0)
			cmp = (len > clen) - (len < clen);
		if (cmp == 0)
			return (uint16_t) mid;
		if (cmp < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return TD_TAG_UNKNOWN;
}

uint8_t
td_tag_flags(uint16_t tag)
{
	return tag < TD_TAG_COUNT ? tag_table[tag].flags : 0;
}

const char *
td_tag_name(uint16_t tag)
{
	return tag < TD_TAG_COUNT ? tag_table[tag].name : "";
}
