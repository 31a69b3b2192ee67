/*
 * fuzz_profile.c — libFuzzer target for the site profile.
 *
 * Every input is used twice:
 *  - as profile bytes (format v1, v2 and v3, stored form and state form with
 *    page keys), as they are and, if they are v3, with their checksum
 *    recomputed (td_profile_seal: else a mutation only ever meets the
 *    checksum): the view and deserialization must never crash or leak, must
 *    agree, and valid bytes must round-trip exactly (serialize . deserialize
 *    is the identity, keys included) with view counts equal to the entries;
 *    a v1 or v2 profile re-serializes as v3 with the same entries and keys;
 *  - as a script of pages fed to profiles of small capacities (forced pruning,
 *    unsorted pages with repeats, exact duplicate pages by page key, a full
 *    key table, merges): whatever the script, the result must serialize to
 *    valid bytes in both forms, count every page either once or as a
 *    duplicate, and keep the lossy-counting guarantee for the fingerprints
 *    whose true counts (over the pages counted) the script tracks.
 * Any violated property calls abort(), which libFuzzer reports as a crash.
 */
#include <stdlib.h>
#include <string.h>

#include "site/profile.h"
#include "fuzz_common.h"

#define TEMPLATES 8				/* fingerprints 1..8, counted exactly */

/*
 * The target's own bookkeeping (reading entries back, the true counts, the
 * guarantee's search) is CHECKER: its comparisons are of values the target
 * computed, and tracing them was a tenth of a run (bench/README.md#fuzz-targets).
 */
CHECKER static uint32_t
le32(const uint8_t *b)
{
	return (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
}

CHECKER static uint64_t
le64(const uint8_t *b)
{
	return (uint64_t) le32(b) | (uint64_t) le32(b + 4) << 32;
}

static void
check_bytes(td_env *env, const uint8_t *data, size_t size)
{
	td_profile_view v;
	td_profile *p = NULL;
	td_profile *small = NULL;
	td_status	rv = td_profile_view_init(env, data, size, &v);
	td_status	rd = td_profile_deserialize(env, data, size, 0, &p);
	td_buf		out;
	uint64_t	i;

	require(rv == rd);
	if (rv != TD_OK)
	{
		require(rv == TD_EFORMAT && p == NULL && env->errmsg[0] != '\0');
		return;
	}
	for (i = 0; i < v.n_entries; i++)
	{
		const uint8_t *e = v.entries + i * TD_PROFILE_ENTRY_SIZE;

		require(td_profile_view_count(&v, le64(e)) == le32(e + 8));
		require(td_profile_view_count(&v, le64(e) + 1) == 0 ||
				(i + 1 < v.n_entries && le64(e + TD_PROFILE_ENTRY_SIZE) == le64(e) + 1));
	}
	td_buf_init(&out, env);
	require(((v.flags & TD_PROFILE_F_KEYS) ? td_profile_serialize_state(p, &out) :
			 td_profile_serialize(p, &out)) == TD_OK);
	if (v.version == TD_PROFILE_VERSION)
		require(out.len == size && memcmp(out.data, data, size) == 0);
	else
	{
		/* an older version re-serializes as the current one: the same entries and keys */
		size_t		old_header = v.version == 1 ? TD_PROFILE_V1_HEADER_SIZE : TD_PROFILE_V2_HEADER_SIZE;

		require(out.len == size + TD_PROFILE_HEADER_SIZE - old_header);
		require(memcmp(out.data + TD_PROFILE_HEADER_SIZE, data + old_header,
					   size - old_header) == 0);
	}

	/* loading into a small capacity (16 or 64) prunes, and must stay valid */
	out.len = 0;
	require(td_profile_deserialize(env, data, size, 16u << (2 * (size & 1)), &small) == TD_OK);
	require(td_profile_entries(small) <= (16u << (2 * (size & 1))));
	require(td_profile_serialize(small, &out) == TD_OK);
	require(td_profile_view_init(env, out.data, out.len, &v) == TD_OK);
	td_buf_free(&out);
	td_profile_free(small);
	td_profile_free(p);
}

/*
 * Mutated current-version bytes almost never keep a right checksum: with
 * it recomputed, the checks behind it get fuzzed as well.
 */
static void
check_resealed(td_env *env, const uint8_t *data, size_t size)
{
	uint8_t    *copy;

	if (size < TD_PROFILE_HEADER_SIZE || data[4] != TD_PROFILE_VERSION || data[5] != 0)
		return;
	copy = malloc(size);
	require(copy != NULL);
	memcpy(copy, data, size);
	td_profile_seal(copy, size);
	check_bytes(env, copy, size);
	free(copy);
}

/* count <= truth <= count + delta for the tracked fingerprints, truth <= E if absent. */
CHECKER static void
check_guarantee(td_env *env, const td_profile *p, const uint32_t *truth, uint32_t capacity)
{
	td_profile_view v;
	td_buf		out;
	uint64_t	i;
	uint64_t	fp;

	td_buf_init(&out, env);
	require(td_profile_serialize(p, &out) == TD_OK);
	require(td_profile_view_init(env, out.data, out.len, &v) == TD_OK);
	require(td_profile_entries(p) <= capacity);
	for (fp = 1; fp <= TEMPLATES; fp++)
	{
		const uint8_t *e = NULL;

		for (i = 0; i < v.n_entries && e == NULL; i++)
			if (le64(v.entries + i * TD_PROFILE_ENTRY_SIZE) == fp)
				e = v.entries + i * TD_PROFILE_ENTRY_SIZE;
		if (e == NULL)
			require(truth[fp] <= v.error);
		else
			require(le32(e + 8) <= truth[fp] && truth[fp] <= (uint64_t) le32(e + 8) + le32(e + 12));
	}
	td_buf_free(&out);
}

/* Adds a page; truth counts its templates only when the profile counted it. */
CHECKER static void
add(td_profile *p, uint64_t key, const uint64_t *fps, size_t n, uint8_t tmpl, uint32_t *truth)
{
	int			counted;
	int			b;

	require(td_profile_add_keyed_page(p, key, fps, n, &counted) == TD_OK);
	if (counted)
		for (b = 0; b < TEMPLATES; b++)
			truth[b + 1] += (tmpl >> b) & 1;
}

/* The state form is valid and its tallies add up. */
CHECKER static void
check_state(td_env *env, const td_profile *p, uint64_t added)
{
	td_profile_view v;
	td_buf		out;

	td_buf_init(&out, env);
	require(td_profile_serialize_state(p, &out) == TD_OK);
	require(td_profile_view_init(env, out.data, out.len, &v) == TD_OK);
	require(v.pages + v.duplicates == added);
	td_buf_free(&out);
}

/*
 * The script: byte 0 sets eps (0 .. 1 in steps of 0.005) and, by its top
 * bit, the unit; byte 1 the capacity, 16 << (2 * (bits 0-1)): 16 to 1024;
 * then each byte pair is a page: the bits of the first pick template
 * fingerprints (bit 7 also repeats one, unsorted), the low three bits of
 * the second give the number of fresh unique fingerprints (0 to 7), bit 6
 * gives the page a key, and its top bit sends the page to one of two
 * parts, merged at the end.  A page without unique fingerprints is keyed
 * by its template bits alone (so such pages repeat exactly); others by
 * their position.  The key table holds 16 keys, so later pages go
 * unchecked.  All pages also go to one whole profile.
 *
 * Each fresh fingerprint costs the capacity rule's passes once the table
 * is full (tens of slot visits): small capacities and at most 7 fresh
 * fingerprints a page make the rule run after a few pages and keep a run
 * short, so that runs are many.
 */
static void
run_script(td_env *env, const uint8_t *data, size_t size)
{
	td_profile_settings s = {TD_UNIT_NODE, 1, 0, 1024, 16};
	td_profile *whole;
	td_profile *part[2];
	uint32_t	truth[TEMPLATES + 1] = {0};
	uint32_t	ptruth[2][TEMPLATES + 1] = {{0}};
	uint64_t	fps[8 + TEMPLATES + 1];
	uint64_t	next_unique = 1000;
	uint64_t	added[2] = {0, 0};
	size_t		k;
	int			b;

	if (size < 2)
		return;
	s.eps_ppm = (uint32_t) (data[0] % 201) * 5000;
	s.unit = data[0] >> 7 ? TD_UNIT_CHUNK : TD_UNIT_NODE;
	s.capacity = 16u << (2 * (data[1] & 3));
	require(td_profile_create(env, &s, &whole) == TD_OK);
	require(td_profile_create(env, &s, &part[0]) == TD_OK);
	require(td_profile_create(env, &s, &part[1]) == TD_OK);
	for (k = 2; k + 1 < size; k += 2)
	{
		uint8_t		tmpl = data[k];
		uint8_t		uniq = data[k + 1];
		uint64_t	key = 0;
		size_t		n = 0;

		/*
		 * Templates, then fresh fingerprints: sorted and distinct, as
		 * td_page_fingerprints gives them, unless bit 7 repeats one at the
		 * end (the profile then sorts a copy: that path is slower, and
		 * taken only when the script asks for it).
		 */
		for (b = 0; b < TEMPLATES; b++)
			if (tmpl & (1 << b))
				fps[n++] = (uint64_t) b + 1;
		for (b = 0; b < (uniq & 7); b++)
			fps[n++] = next_unique++;
		if (tmpl & 0x80)
			fps[n++] = 8;
		if (uniq & 64)
			key = (uniq & 7) == 0 ? 1 + (uint64_t) tmpl : 1000 + k;
		add(whole, key, fps, n, tmpl, truth);
		add(part[uniq >> 7], key, fps, n, tmpl, ptruth[uniq >> 7]);
		added[uniq >> 7]++;
	}
	check_guarantee(env, whole, truth, s.capacity);
	check_state(env, whole, added[0] + added[1]);
	check_state(env, part[0], added[0]);
	check_state(env, part[1], added[1]);
	require(td_profile_merge(part[0], part[1]) == TD_OK);
	check_state(env, part[0], added[0] + added[1]);
	for (b = 1; b <= TEMPLATES; b++)
		ptruth[0][b] += ptruth[1][b];
	check_guarantee(env, part[0], ptruth[0], s.capacity);
	td_profile_free(whole);
	td_profile_free(part[0]);
	td_profile_free(part[1]);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	td_env		env;

	td_env_default(&env);
	check_bytes(&env, data, size);
	check_resealed(&env, data, size);
	run_script(&env, data, size);
	return 0;
}
