/*
 * fuzz_page_input.h — the input format fuzz_parse and fuzz_slim share, so
 * that one seed set serves both: byte 0 picks the encoding (low 4 bits; 0 =
 * sniff like a bytea page) and, when its high bit is set, an allocation
 * that fails (bits 4-6, times 3); byte 1 the limits: max_nodes 32 << (bits
 * 0-2), so 32 to 4096, and max_depth 4, 16, 28 or 40 (bits 3-4); the rest
 * is the page.  Small limits make node limits and depth clamping happen on
 * small inputs, so the targets' FUZZ_MAX_LEN (Makefile) stays small and
 * runs are many.  Include after fuzz_common.h.
 */
#ifndef TD_FUZZ_PAGE_INPUT_H
#define TD_FUZZ_PAGE_INPUT_H

#include "base/charset.h"
#include "base/env.h"
#include "base/tree.h"

typedef struct fuzz_page
{
	const char *page;			/* the page, after a BOM the sniffer found */
	size_t		len;
	const char *enc;
	td_limits	limits;
	long		fail_at;		/* for fuzz_common.h's allocator; -1: none */
} fuzz_page;

static const char *const fuzz_encodings[] = {
	NULL, "UTF-8", "windows-1252", "Shift_JIS", "UTF-16LE", "UTF-16BE", "EUC-JP",
	"GBK", "Big5", "EUC-KR", "ISO-8859-2", "KOI8-R", "UTF-8", "UTF-8", "UTF-8", "UTF-8"
};

/* Reads data into *in; false when it is too short to hold a page. */
static int
fuzz_page_read(const uint8_t *data, size_t size, fuzz_page *in)
{
	size_t		bom = 0;

	if (size < 2)
		return 0;
	in->page = (const char *) data + 2;
	in->len = size - 2;
	in->enc = fuzz_encodings[data[0] & 0x0F];
	if (in->enc == NULL)
		in->enc = td_sniff_charset(in->page, in->len, &bom);
	in->page += bom;
	in->len -= bom;
	in->fail_at = (data[0] & 0x80) ? ((data[0] >> 4) & 0x07) * 3 : -1;
	td_limits_default(&in->limits);
	in->limits.max_bytes = 1 << 20;
	in->limits.max_nodes = 32u << (data[1] & 7);
	in->limits.max_depth = 4 + 12 * ((data[1] >> 3) & 3);
	return 1;
}

#endif							/* TD_FUZZ_PAGE_INPUT_H */
