/*
 * profile_format.h — the bytes of a site profile: what the database stores
 * (profile_format.c).  td_profile_view checks them and reads them in place,
 * without copying, for lookups (a search over the sorted entries); the
 * put and get functions are how profile.c writes and reads the table's
 * contents, so that no other file knows an offset.
 *
 * Serialized format, version 3, all integers little-endian:
 *   0  magic "TDPF" (4 bytes)
 *   4  u16 version = 3
 *   6  u8  unit: 0 = DOM node fingerprints, 1 = table text chunks (chunk.h)
 *   7  u8  flags: bit 0 = page keys follow the entries (state form); others 0
 *   8  u32 fingerprint scheme (TD_FP_SCHEME or TD_CHUNK_SCHEME when built)
 *  12  u32 eps in parts per million (0 .. 1000000)
 *  16  u64 pages N   (<= UINT32_MAX)
 *  24  u64 error bound E (<= N)
 *  32  u64 number of entries n
 *  40  u64 duplicates: pages not counted as exact copies of a counted page
 *  48  u64 overcounted (<= N)
 *  56  u64 unchecked (<= N)
 *  64  u64 number of page keys k (0 unless flag bit 0; then k + overcounted
 *      + unchecked = N)
 *  72  u64 skipped pages: left out under templatedet.on_error = skip, not in N
 *      (<= UINT32_MAX)
 *  80  u32 CRC-32C (util/crc32c.h) of every byte of the profile but these four
 *      (bytes 0 .. 79 and 84 .. end), so that any single-byte change is refused
 *  84  n entries of 16 bytes: u64 fp, u32 count, u32 delta;
 *      fp strictly ascending, fp != 0, 1 <= count, count + delta <= N, delta <= E
 *      then k page keys of 8 bytes, strictly ascending, != 0
 *  total size is exactly 84 + 16 n + 8 k; anything else is TD_EFORMAT.
 * Older versions are read as well, without a checksum (their skipped pages
 * read as 0):
 *  - version 2 (0.1's stored profiles): the same first 72 bytes with version
 *    2, then the entries and keys; size 72 + 16 n + 8 k;
 *  - version 1 (node profiles before duplicate detection): the same first 40
 *    bytes with version 1, unit 0 and flags 0, then the entries; size
 *    40 + 16 n; its duplicate counters read as 0 and unchecked as N.
 * The header sizes are chosen so that a version 3 profile whose version
 * field is changed to 1 or 2 is refused by the older reader on its size:
 * 84 - 72 and 84 - 40 are 4 modulo 8, while an older body is a multiple of
 * 8 bytes.  So no single-byte change of a version 3 profile reads, checksum
 * or not.  Every writer writes version 3 (td_profile_put_header, then
 * td_profile_seal once the entries and keys are in place).
 */
#ifndef TD_PROFILE_FORMAT_H
#define TD_PROFILE_FORMAT_H

#include "base/env.h"

#define TD_PROFILE_VERSION		3
#define TD_PROFILE_HEADER_SIZE	84
#define TD_PROFILE_V2_HEADER_SIZE	72
#define TD_PROFILE_CRC_OFFSET	80
#define TD_PROFILE_V1_HEADER_SIZE	40
#define TD_PROFILE_ENTRY_SIZE	16
#define TD_PROFILE_KEY_SIZE		8
#define TD_PROFILE_F_KEYS		0x01
#define TD_UNIT_NODE			0
#define TD_UNIT_CHUNK			1
/* Limits a profile keeps in memory as in bytes. */
#define TD_PROFILE_MAX_PAGES	UINT32_MAX
#define TD_PROFILE_MAX_EPS_PPM	1000000

/* A validated read-only view of serialized bytes. */
typedef struct td_profile_view
{
	const uint8_t *entries;		/* first entry, inside the caller's bytes */
	uint64_t	n_entries;
	const uint8_t *keys;		/* first page key, inside the caller's bytes */
	uint64_t	n_keys;
	uint64_t	pages;
	uint64_t	error;
	uint64_t	duplicates;
	uint64_t	overcounted;
	uint64_t	unchecked;
	uint64_t	skipped;		/* pages left out (version 3; 0 before) */
	uint32_t	eps_ppm;
	uint32_t	fp_scheme;
	uint8_t		unit;
	uint8_t		flags;
	uint16_t	version;
} td_profile_view;

/* Checks every field and entry (TD_EFORMAT with a precise message) and fills view. */
td_status	td_profile_view_init(td_env *env, const void *bytes, size_t len, td_profile_view *view);

/* Pages fp occurs on (the lower bound count), 0 when absent. */
uint32_t	td_profile_view_count(const td_profile_view *view, uint64_t fp);

/*
 * Writes the header of the current version for h's fields (h->version,
 * entries and keys are not read) to b[0..TD_PROFILE_HEADER_SIZE), its
 * checksum still zero: td_profile_seal the whole profile once it is written.
 */
void		td_profile_put_header(uint8_t *b, const td_profile_view *h);

/*
 * Writes the checksum of the len bytes of a profile written by
 * td_profile_put_header and the put functions (the bytes must be complete).
 * Not polled: the writer has just spent longer writing them.
 */
void		td_profile_seal(uint8_t *b, size_t len);

/* Writes one entry to b[0..TD_PROFILE_ENTRY_SIZE). */
void		td_profile_put_entry(uint8_t *b, uint64_t fp, uint32_t count, uint32_t delta);

/* Writes one page key to b[0..TD_PROFILE_KEY_SIZE). */
void		td_profile_put_key(uint8_t *b, uint64_t key);

/* Entry i (< n_entries) of a view. */
void		td_profile_view_entry(const td_profile_view *view, uint64_t i,
								  uint64_t *fp, uint32_t *count, uint32_t *delta);

/* Page key i (< n_keys) of a view. */
uint64_t	td_profile_view_key(const td_profile_view *view, uint64_t i);

#endif							/* TD_PROFILE_FORMAT_H */
