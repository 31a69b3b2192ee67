/*
 * sandwich.h — the sandwich algorithm (Rowlands, Thomas, Wan, ADCS 2009,
 * seed 001 §3): the longest common subsequence of a page's units and a
 * peer page's units is template; the rest of the page is kept.
 *
 * Units (td_sw_split):
 *   TD_SW_LINE   lines of the raw source (split at '\n'), compared with
 *                leading and trailing blanks (space, tab, CR, FF, VT) ignored;
 *                blank lines are not units.
 *   TD_SW_TOKEN  tag and text tokens (the paper's footnote, for minified
 *                pages): a tag is '<' followed by a letter, '/', '!' or '?'
 *                up to its '>' (quoted attribute values may hold '>';
 *                comments end at "-->"); the content of <script> and <style>
 *                is one text token up to its end tag: a script's where the
 *                page's tree ends it (td_script_end, base/tagbound.h: the
 *                first "</script" + a byte that is no name byte, case
 *                insensitive, outside double-escaped text, so a
 *                document.write('<script ...></script>') after "<!--" stays
 *                in the script), a style's at the first "</style" (the
 *                parser also reads past "</stylex": units may cut such a
 *                style where the parser does not); text is compared with
 *                outer blanks ignored, and blank text is not a unit.
 * Each unit is hashed (td_hash64, seed TD_SW_SEED); units are equal when
 * their hashes are.
 *
 * LCS (td_sw_lcs): units of either page that do not occur in the other
 * cannot be in a common subsequence and are set aside first (as GNU diff
 * does): on two pages of one site this leaves mostly the template, so the
 * edit distance D left is small.  Then Myers' O((N+M)·D) algorithm in
 * linear space (middle snakes, an explicit work stack instead of
 * recursion).  The result is exact while every middle snake is found
 * within TD_SW_MAX_D steps (an edit distance up to about 2·TD_SW_MAX_D in
 * each region split); a search that runs longer splits at its
 * furthest-reaching path instead (GNU diff's heuristic for large inputs),
 * and once the work budget is spent (TD_SW_WORK_PER_UNIT comparisons per
 * unit plus TD_SW_WORK_MIN) searches stop after TD_SW_MAX_D_SPENT steps.
 * Either way the result is a common subsequence, never longer than the
 * true LCS: the method then keeps more text, never less.
 *
 * Rendering (td_sandwich_mask): the page with the text of its LCS units
 * removed and all its markup kept, as UTF-8, to be parsed and rendered as
 * usual.  Keeping the markup keeps what hides text (script, style, head,
 * comments) and what breaks lines, even when the lines that open them are
 * template; bench/sandwich_quality.c measures this against parsing the kept
 * units alone as a fragment.
 */
#ifndef TD_SANDWICH_H
#define TD_SANDWICH_H

#include "base/env.h"

#define TD_SW_SEED			0x53414e4457494348ULL	/* "SANDWICH" */
#define TD_SW_MAX_D			1024
#define TD_SW_MAX_D_SPENT	16
#define TD_SW_WORK_PER_UNIT	128
#define TD_SW_WORK_MIN		((uint64_t) 1 << 22)

typedef enum td_sw_unit
{
	TD_SW_LINE = 0,
	TD_SW_TOKEN = 1
} td_sw_unit;

/* Units of a page, in source order: bytes [off[i], off[i] + len[i]). */
typedef struct td_sw_units
{
	td_env	   *env;
	uint32_t	n;
	uint32_t   *off;
	uint32_t   *len;
	uint64_t   *hash;
	size_t		cap;
} td_sw_units;

/*
 * Splits UTF-8 (or any ASCII-compatible) bytes into units.  len must be
 * below 2 GB.  On failure out holds nothing to free.
 */
td_status	td_sw_split(td_env *env, const char *s, size_t len, td_sw_unit unit,
						td_sw_units *out);
void		td_sw_units_free(td_sw_units *u);

/*
 * A longest common subsequence of a[0..n) and b[0..m) (see above): sets
 * in_a[i] / in_b[j] to 1 for the members, 0 for the others (in_b may be
 * NULL), and *lcs to its length.  work_budget 0 means the default.
 */
td_status	td_sw_lcs(td_env *env, const uint64_t *a, uint32_t n,
					  const uint64_t *b, uint32_t m, uint64_t work_budget,
					  uint8_t *in_a, uint8_t *in_b, uint32_t *lcs);

typedef struct td_sw_stats
{
	uint32_t	page_units;
	uint32_t	peer_units;
	uint32_t	common;			/* units of the page in the LCS (dropped) */
} td_sw_stats;

/*
 * The whole method on raw bytes: page and peer are decoded to UTF-8 from
 * their encodings (NULL: UTF-8; invalid bytes become U+FFFD), split into
 * units, and the page is written to out (appended, UTF-8) with the text of
 * its units in the LCS removed.  peer may be NULL (nothing removed).
 * stats may be NULL.
 */
td_status	td_sandwich_mask(td_env *env, const char *page, size_t page_len,
							 const char *page_enc, const char *peer, size_t peer_len,
							 const char *peer_enc, td_sw_unit unit, td_buf *out,
							 td_sw_stats *stats);

/* "line" / "token" → unit; -1 for anything else. */
int			td_sw_unit_parse(const char *name, size_t len);

#endif							/* TD_SANDWICH_H */
