/*
 * profile_format.c — the serialized profile (profile_format.h): writing and
 * reading its fields, and the validation that makes a view of untrusted
 * bytes safe to read.
 */
#include <string.h>

#include "site/profile_format.h"
#include "util/crc32c.h"
#include "util/poll.h"

/* Keys and entries between two polls of env->interrupted. */
#define POLL_EVERY		65536
/* Bytes checksummed between two polls (a few ms of work). */
#define CRC_SLICE		((size_t) 1 << 20)

static const uint8_t profile_magic[4] = {'T', 'D', 'P', 'F'};

/* ---- byte order: the serialized form is little-endian, maybe unaligned ---- */

static inline uint16_t
load_le16(const uint8_t *b)
{
	return (uint16_t) (b[0] | b[1] << 8);
}

static inline uint32_t
load_le32(const uint8_t *b)
{
	return (uint32_t) b[0] | (uint32_t) b[1] << 8 |
		(uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
}

static inline uint64_t
load_le64(const uint8_t *b)
{
	return (uint64_t) load_le32(b) | (uint64_t) load_le32(b + 4) << 32;
}

static inline void
store_le16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t) v;
	b[1] = (uint8_t) (v >> 8);
}

static inline void
store_le32(uint8_t *b, uint32_t v)
{
	store_le16(b, (uint16_t) v);
	store_le16(b + 2, (uint16_t) (v >> 16));
}

static inline void
store_le64(uint8_t *b, uint64_t v)
{
	store_le32(b, (uint32_t) v);
	store_le32(b + 4, (uint32_t) (v >> 32));
}

/* ---- writing and reading fields ------------------------------------------- */

void
td_profile_put_header(uint8_t *b, const td_profile_view *h)
{
	memcpy(b, profile_magic, 4);
	store_le16(b + 4, TD_PROFILE_VERSION);
	b[6] = h->unit;
	b[7] = h->flags;
	store_le32(b + 8, h->fp_scheme);
	store_le32(b + 12, h->eps_ppm);
	store_le64(b + 16, h->pages);
	store_le64(b + 24, h->error);
	store_le64(b + 32, h->n_entries);
	store_le64(b + 40, h->duplicates);
	store_le64(b + 48, h->overcounted);
	store_le64(b + 56, h->unchecked);
	store_le64(b + 64, h->n_keys);
	store_le64(b + 72, h->skipped);
	store_le32(b + TD_PROFILE_CRC_OFFSET, 0);
}

/* The CRC-32C of a version 3 profile: every byte but the checksum field's. */
static td_status
profile_crc(td_env *env, const uint8_t *b, size_t len, uint32_t *out)
{
	uint32_t	crc = td_crc32c_update(TD_CRC32C_INIT, b, TD_PROFILE_CRC_OFFSET);
	size_t		pos = TD_PROFILE_HEADER_SIZE;

	while (pos < len)
	{
		size_t		slice = len - pos < CRC_SLICE ? len - pos : CRC_SLICE;

		if (env != NULL && td_interrupted(env))
			return td_fail(env, TD_EINTR, "profile validation interrupted");
		crc = td_crc32c_update(crc, b + pos, slice);
		pos += slice;
	}
	*out = td_crc32c_final(crc);
	return TD_OK;
}

void
td_profile_seal(uint8_t *b, size_t len)
{
	uint32_t	crc = 0;

	(void) profile_crc(NULL, b, len, &crc);
	store_le32(b + TD_PROFILE_CRC_OFFSET, crc);
}

void
td_profile_put_entry(uint8_t *b, uint64_t fp, uint32_t count, uint32_t delta)
{
	store_le64(b, fp);
	store_le32(b + 8, count);
	store_le32(b + 12, delta);
}

void
td_profile_put_key(uint8_t *b, uint64_t key)
{
	store_le64(b, key);
}

void
td_profile_view_entry(const td_profile_view *view, uint64_t i,
					  uint64_t *fp, uint32_t *count, uint32_t *delta)
{
	const uint8_t *e = view->entries + i * TD_PROFILE_ENTRY_SIZE;

	*fp = load_le64(e);
	*count = load_le32(e + 8);
	*delta = load_le32(e + 12);
}

uint64_t
td_profile_view_key(const td_profile_view *view, uint64_t i)
{
	return load_le64(view->keys + i * TD_PROFILE_KEY_SIZE);
}

/* ---- validation and lookups ------------------------------------------------ */

/* The duplicate fields of versions 2 and 3; v1 has none (its pages were all counted unchecked). */
static td_status
check_v2_fields(td_env *env, const uint8_t *b, size_t len, size_t header, td_profile_view *v)
{
	if (len < header)
		return td_fail(env, TD_EFORMAT,
					   "profile is truncated: %zu bytes, the header alone takes %zu",
					   len, header);
	v->duplicates = load_le64(b + 40);
	v->overcounted = load_le64(b + 48);
	v->unchecked = load_le64(b + 56);
	v->n_keys = load_le64(b + 64);
	if (v->overcounted > v->pages || v->unchecked > v->pages)
		return td_fail(env, TD_EFORMAT,
					   "profile duplicate tallies (%llu overcounted, %llu unchecked) exceed its %llu pages",
					   (unsigned long long) v->overcounted, (unsigned long long) v->unchecked,
					   (unsigned long long) v->pages);
	if (!(v->flags & TD_PROFILE_F_KEYS) && v->n_keys != 0)
		return td_fail(env, TD_EFORMAT, "profile has %llu page keys but no page-key flag",
					   (unsigned long long) v->n_keys);
	if ((v->flags & TD_PROFILE_F_KEYS) &&
		(v->n_keys > v->pages || v->n_keys + v->overcounted + v->unchecked != v->pages))
		return td_fail(env, TD_EFORMAT,
					   "profile page keys (%llu) + overcounted (%llu) + unchecked (%llu) do not add up to its %llu pages",
					   (unsigned long long) v->n_keys, (unsigned long long) v->overcounted,
					   (unsigned long long) v->unchecked, (unsigned long long) v->pages);
	return TD_OK;
}

/*
 * The checksum of version 3, checked first (so a changed byte is reported
 * as such, not as whatever field it broke), and its skipped pages.
 */
static td_status
check_v3_crc(td_env *env, const uint8_t *b, size_t len, td_profile_view *v)
{
	uint32_t	stored;
	uint32_t	crc = 0;		/* set by profile_crc; gcc cannot see it */
	td_status	st;

	if (len < TD_PROFILE_HEADER_SIZE)
		return td_fail(env, TD_EFORMAT,
					   "profile is truncated: %zu bytes, the header alone takes %d",
					   len, TD_PROFILE_HEADER_SIZE);
	stored = load_le32(b + TD_PROFILE_CRC_OFFSET);
	if ((st = profile_crc(env, b, len, &crc)) != TD_OK)
		return st;
	if (crc != stored)
		return td_fail(env, TD_EFORMAT,
					   "profile checksum mismatch (stored 0x%08x, computed 0x%08x): the bytes were changed, cut or extended",
					   (unsigned) stored, (unsigned) crc);
	v->skipped = load_le64(b + 72);
	if (v->skipped > TD_PROFILE_MAX_PAGES)
		return td_fail(env, TD_EFORMAT, "profile claims %llu skipped pages, over the maximum of %u",
					   (unsigned long long) v->skipped, (unsigned) TD_PROFILE_MAX_PAGES);
	return TD_OK;
}

static td_status
check_header(td_env *env, const uint8_t *b, size_t len, td_profile_view *v)
{
	uint64_t	n;
	size_t		header;
	size_t		body;
	td_status	st;

	if (len < TD_PROFILE_V1_HEADER_SIZE)
		return td_fail(env, TD_EFORMAT,
					   "profile is truncated: %zu bytes, the header alone takes %d",
					   len, TD_PROFILE_V1_HEADER_SIZE);
	if (memcmp(b, profile_magic, 4) != 0)
		return td_fail(env, TD_EFORMAT, "not a templatedet profile: bad magic bytes");
	v->version = load_le16(b + 4);
	if (v->version < 1 || v->version > TD_PROFILE_VERSION)
		return td_fail(env, TD_EFORMAT,
					   "unsupported profile format version %u (this build reads versions 1 to %d)",
					   (unsigned) v->version, TD_PROFILE_VERSION);
	if (v->version == 3 && (st = check_v3_crc(env, b, len, v)) != TD_OK)
		return st;
	v->unit = b[6];
	if (v->unit != TD_UNIT_NODE && (v->version == 1 || v->unit != TD_UNIT_CHUNK))
		return td_fail(env, TD_EFORMAT, "unknown profile unit %u", (unsigned) v->unit);
	v->flags = b[7];
	if (v->flags & ~(v->version == 1 ? 0 : TD_PROFILE_F_KEYS))
		return td_fail(env, TD_EFORMAT, "reserved profile flags 0x%02x are set", (unsigned) b[7]);
	v->fp_scheme = load_le32(b + 8);
	v->eps_ppm = load_le32(b + 12);
	if (v->eps_ppm > TD_PROFILE_MAX_EPS_PPM)
		return td_fail(env, TD_EFORMAT, "profile eps of %u ppm is over %u ppm",
					   (unsigned) v->eps_ppm, (unsigned) TD_PROFILE_MAX_EPS_PPM);
	v->pages = load_le64(b + 16);
	if (v->pages > TD_PROFILE_MAX_PAGES)
		return td_fail(env, TD_EFORMAT, "profile claims %llu pages, over the maximum of %u",
					   (unsigned long long) v->pages, (unsigned) TD_PROFILE_MAX_PAGES);
	v->error = load_le64(b + 24);
	if (v->error > v->pages)
		return td_fail(env, TD_EFORMAT, "profile error bound %llu exceeds its %llu pages",
					   (unsigned long long) v->error, (unsigned long long) v->pages);
	n = load_le64(b + 32);
	if (v->version == 1)
	{
		header = TD_PROFILE_V1_HEADER_SIZE;
		v->unchecked = v->pages;
	}
	else
	{
		header = v->version == 2 ? TD_PROFILE_V2_HEADER_SIZE : TD_PROFILE_HEADER_SIZE;
		if ((st = check_v2_fields(env, b, len, header, v)) != TD_OK)
			return st;
	}
	/* compare in units: 16 n + 8 k may overflow, (len - header) / 8 cannot */
	body = (len - header) / TD_PROFILE_KEY_SIZE;
	if ((len - header) % TD_PROFILE_KEY_SIZE != 0 || n > body / 2 ||
		body - 2 * n != v->n_keys)
		return td_fail(env, TD_EFORMAT,
					   "profile size %zu bytes does not match its %llu entries and %llu page keys",
					   len, (unsigned long long) n, (unsigned long long) v->n_keys);
	v->n_entries = n;
	v->entries = b + header;
	v->keys = v->entries + n * TD_PROFILE_ENTRY_SIZE;
	return TD_OK;
}

static td_status
check_keys(td_env *env, const td_profile_view *v)
{
	uint64_t	prev = 0;
	uint64_t	i;

	for (i = 0; i < v->n_keys; i++)
	{
		uint64_t	key = load_le64(v->keys + i * TD_PROFILE_KEY_SIZE);

		if (td_poll_every(env, i + 1, POLL_EVERY))
			return td_fail(env, TD_EINTR, "profile validation interrupted");
		if (key == 0 || key <= prev)
			return td_fail(env, TD_EFORMAT,
						   "profile page key %llu is 0 or not in strictly ascending order",
						   (unsigned long long) i);
		prev = key;
	}
	return TD_OK;
}

static td_status
check_entries(td_env *env, const td_profile_view *v)
{
	uint64_t	prev = 0;
	uint64_t	i;

	for (i = 0; i < v->n_entries; i++)
	{
		const uint8_t *e = v->entries + i * TD_PROFILE_ENTRY_SIZE;
		uint64_t	fp = load_le64(e);
		uint32_t	count = load_le32(e + 8);
		uint32_t	delta = load_le32(e + 12);

		if (td_poll_every(env, i + 1, POLL_EVERY))
			return td_fail(env, TD_EINTR, "profile validation interrupted");
		if (fp == 0)
			return td_fail(env, TD_EFORMAT, "profile entry %llu has fingerprint 0",
						   (unsigned long long) i);
		if (i > 0 && fp <= prev)
			return td_fail(env, TD_EFORMAT,
						   "profile entry %llu is not in strictly ascending fingerprint order",
						   (unsigned long long) i);
		if (count == 0)
			return td_fail(env, TD_EFORMAT, "profile entry %llu has count 0",
						   (unsigned long long) i);
		if ((uint64_t) count + delta > v->pages)
			return td_fail(env, TD_EFORMAT,
						   "profile entry %llu: count %u + delta %u exceeds its %llu pages",
						   (unsigned long long) i, (unsigned) count, (unsigned) delta,
						   (unsigned long long) v->pages);
		if (delta > v->error)
			return td_fail(env, TD_EFORMAT,
						   "profile entry %llu: delta %u exceeds the error bound %llu",
						   (unsigned long long) i, (unsigned) delta,
						   (unsigned long long) v->error);
		prev = fp;
	}
	return TD_OK;
}

td_status
td_profile_view_init(td_env *env, const void *bytes, size_t len, td_profile_view *view)
{
	td_profile_view v;
	td_status	st;

	memset(&v, 0, sizeof(v));
	if ((st = check_header(env, bytes, len, &v)) != TD_OK ||
		(st = check_entries(env, &v)) != TD_OK ||
		(st = check_keys(env, &v)) != TD_OK)
		return st;
	*view = v;
	return TD_OK;
}

uint32_t
td_profile_view_count(const td_profile_view *view, uint64_t fp)
{
	uint64_t	lo = 0;
	uint64_t	hi = view->n_entries;
	int			guesses;

	/*
	 * Fingerprints are hashes, spread evenly over 64 bits: two interpolation
	 * steps land next to the entry in a table of any size, where a binary
	 * search takes log2(n) dependent loads.  A forged profile with skewed
	 * keys only makes the steps useless: the binary search below finishes.
	 */
	for (guesses = 0; guesses < 2 && hi - lo > 16; guesses++)
	{
		uint64_t	first = load_le64(view->entries + lo * TD_PROFILE_ENTRY_SIZE);
		uint64_t	last = load_le64(view->entries + (hi - 1) * TD_PROFILE_ENTRY_SIZE);
		uint64_t	span = hi - 1 - lo;
		uint64_t	at,
					key,
					step;

		if (fp < first || fp > last)
			return 0;
		if (last == first)
			break;
		at = lo + (uint64_t) ((double) (fp - first) / (double) (last - first) * (double) span);
		if (at > hi - 1)
			at = hi - 1;
		key = load_le64(view->entries + at * TD_PROFILE_ENTRY_SIZE);
		if (key == fp)
			return load_le32(view->entries + at * TD_PROFILE_ENTRY_SIZE + 8);
		/* bracket fp by a window around the guess, widened until it holds */
		for (step = 8;; step *= 2)
		{
			if (key < fp)
			{
				uint64_t	end = at + step < hi ? at + step : hi;

				if (end == hi || load_le64(view->entries + (end - 1) * TD_PROFILE_ENTRY_SIZE) >= fp)
				{
					lo = at + 1;
					hi = end;
					break;
				}
				at = end - 1;
			}
			else
			{
				uint64_t	start = at >= lo + step ? at - step : lo;

				if (start == lo || load_le64(view->entries + start * TD_PROFILE_ENTRY_SIZE) <= fp)
				{
					lo = start;
					hi = at;
					break;
				}
				at = start;
			}
		}
	}
	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo) / 2;
		const uint8_t *e = view->entries + mid * TD_PROFILE_ENTRY_SIZE;
		uint64_t	key = load_le64(e);

		if (key == fp)
			return load_le32(e + 8);
		if (key < fp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}
