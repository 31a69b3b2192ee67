/*
 * test_util.c — the shared helpers of src/core/util: white space classes,
 * sorting, interrupt polls, the set of 64-bit keys, CRC-32C.
 */
#include <ctype.h>
#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "util/ascii.h"
#include "util/crc32c.h"
#include "util/poll.h"
#include "util/sort.h"
#include "util/u64set.h"

/* ---- white space ------------------------------------------------------- */

static void
test_ascii(void)
{
	int			html = 0,
				c_only = 0;

	setlocale(LC_CTYPE, "C");
	for (int c = 0; c < 256; c++)
	{
		int			want_html = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';

		CHECK(td_is_html_space((unsigned char) c) == want_html, "html space 0x%02x", c);
		CHECK(td_is_c_space((unsigned char) c) == (isspace(c) != 0), "C space 0x%02x", c);
		html += td_is_html_space((unsigned char) c);
		c_only += td_is_c_space((unsigned char) c) && !td_is_html_space((unsigned char) c);
	}
	/* the two differ in vertical tab alone */
	CHECK(html == 5 && c_only == 1 && td_is_c_space('\v') && !td_is_html_space('\v'),
		  "%d html, %d C only", html, c_only);
	/* a signed char passes the byte, not a negative number */
	CHECK(!td_is_c_space((char) 0x85) && !td_is_html_space((char) 0xA0), "high bytes");
}

/* ---- sorting ------------------------------------------------------------- */

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint64_t
next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a,
				y = *(const uint64_t *) b;

	return (x > y) - (x < y);
}

/* td_sort_u64, td_radix_sort_u64 and td_sort_distinct against qsort on a copy of a[0..n). */
static void
check_sort(const uint64_t *a, size_t n, const char *what)
{
	uint64_t   *mine = malloc((n + 1) * sizeof(uint64_t));
	uint64_t   *ref = malloc((n + 1) * sizeof(uint64_t));
	size_t		distinct = 0;

	memcpy(mine, a, n * sizeof(uint64_t));
	memcpy(ref, a, n * sizeof(uint64_t));
	td_sort_u64(mine, n);
	qsort(ref, n, sizeof(uint64_t), cmp_u64);
	CHECK(memcmp(mine, ref, n * sizeof(uint64_t)) == 0, "%s: sorted, n = %zu", what, n);
	{
		uint64_t   *tmp = malloc((n + 1) * sizeof(uint64_t));

		memcpy(mine, a, n * sizeof(uint64_t));
		td_radix_sort_u64(mine, tmp, n);
		CHECK(memcmp(mine, ref, n * sizeof(uint64_t)) == 0, "%s: radix-sorted, n = %zu", what, n);
		free(tmp);
	}
	for (size_t i = 0; i < n; i++)
		distinct += i == 0 || ref[i] != ref[i - 1];
	memcpy(mine, a, n * sizeof(uint64_t));
	CHECK(td_sort_distinct(mine, n) == distinct, "%s: %zu distinct", what, distinct);
	for (size_t i = 1; i < distinct; i++)
		if (!(mine[i - 1] < mine[i]))
		{
			CHECK(0, "%s: distinct not ascending at %zu", what, i);
			break;
		}
	/* td_sorted_has finds every key of a and, between or beyond them, none else */
	{
		bool		found = true,
					none = true;

		for (size_t i = 0; i < n; i++)
			found &= td_sorted_has(mine, distinct, a[i]) == 1;
		for (size_t i = 0; i < distinct; i++)
			if (mine[i] < UINT64_MAX && (i + 1 == distinct || mine[i + 1] > mine[i] + 1))
				none &= td_sorted_has(mine, distinct, mine[i] + 1) == 0;
		CHECK(found && none, "%s: td_sorted_has, n = %zu", what, n);
	}
	free(mine);
	free(ref);
}

static void
test_sort(void)
{
	uint64_t	a[1000];

	td_sort_u64(NULL, 0);
	CHECK(td_sort_distinct(NULL, 0) == 0, "empty");
	CHECK(td_sorted_has(NULL, 0, 0) == 0, "nothing in an empty array");
	for (size_t n = 1; n <= 40; n++)
	{
		for (size_t i = 0; i < n; i++)
			a[i] = next_rand();
		check_sort(a, n, "random");
		for (size_t i = 0; i < n; i++)
			a[i] = next_rand() % 4;
		check_sort(a, n, "few values");
	}
	for (size_t i = 0; i < 1000; i++)
		a[i] = i;
	check_sort(a, 1000, "ascending");
	for (size_t i = 0; i < 1000; i++)
		a[i] = 1000 - i;
	check_sort(a, 1000, "descending");
	for (size_t i = 0; i < 1000; i++)
		a[i] = i % 2 ? UINT64_MAX : 0;
	check_sort(a, 1000, "extremes");
	for (size_t i = 0; i < 1000; i++)
		a[i] = 7;
	check_sort(a, 1000, "one value");
}

/* ---- interrupt polls ----------------------------------------------------- */

typedef struct polls
{
	long		asked;
	int			answer;
} polls;

static int
ask(void *arg)
{
	polls	   *p = arg;

	p->asked++;
	return p->answer;
}

static void
test_poll(void)
{
	polls		p = {0, 0};
	td_env		env;
	td_env		none;
	size_t		next = POLL_BYTES;
	long		first = -1;

	td_env_default(&env);
	env.interrupted = ask;
	env.arg = &p;
	memset(&none, 0, sizeof(none));
	CHECK(!td_interrupted(&none) && !td_poll_every(&none, 0, 1), "no callback: never");

	/* i: steps 0, 4096, 8192; i + 1: steps 4095, 8191, 12287 */
	for (uint32_t i = 0; i < 3 * 4096; i++)
		if (td_poll_every(&env, i, 4096))
			CHECK(0, "answered 0");
	CHECK(p.asked == 3, "asked %ld times from step 0", p.asked);
	p.asked = 0;
	for (uint32_t i = 0; i < 3 * 4096; i++)
		(void) td_poll_every(&env, i + 1, 4096);
	CHECK(p.asked == 3, "asked %ld times from step 4095", p.asked);
	p.asked = 0;
	(void) td_poll_every(&env, 0 + 1, 4096);
	CHECK(p.asked == 0, "i + 1: not at step 0");
	(void) td_poll_every(&env, 4095 + 1, 4096);
	CHECK(p.asked == 1, "i + 1: at step 4095");
	/* i + 1 at the top of uint32_t wraps to 0: still a poll, as (i & mask) == mask was */
	p.asked = 0;
	(void) td_poll_every(&env, (uint32_t) (UINT32_MAX + 1u), 65536);
	CHECK(p.asked == 1, "wrapped tick");

	p.answer = 1;
	p.asked = 0;
	for (uint32_t i = 1; i < 1000 && first < 0; i++)
		if (td_poll_every(&env, i, 256))
			first = i;
	CHECK(first == 256 && p.asked == 1 && td_interrupted(&env), "stops at %ld", first);

	/* bytes: asked once POLL_BYTES are passed, then POLL_BYTES further on */
	p.asked = 0;
	CHECK(!td_poll_bytes(&env, POLL_BYTES - 1, &next) && p.asked == 0, "before");
	CHECK(td_poll_bytes(&env, POLL_BYTES + 10, &next) && next == 2 * POLL_BYTES + 10, "at");
	CHECK(!td_poll_bytes(&env, 2 * POLL_BYTES, &next) && p.asked == 1, "between");
}

/* ---- the set of 64-bit keys ---------------------------------------------- */

/*
 * The page-key table profile.c had before it used td_u64set, as it was:
 * which keys a merge keeps under the dedup capacity follows the order of
 * the slots, so the set must lay keys out exactly as this did.
 */
typedef struct old_keys
{
	uint64_t   *keys;
	size_t		nslots;
	size_t		n;
} old_keys;

static size_t
old_home(uint64_t key, size_t nslots)
{
	key ^= key >> 31;
	key *= 0x94d049bb133111ebULL;
	key ^= key >> 29;
	return (size_t) key & (nslots - 1);
}

static uint64_t *
old_probe(const old_keys *t, uint64_t key)
{
	size_t		i = old_home(key, t->nslots);

	while (t->keys[i] != key && t->keys[i] != 0)
		i = (i + 1) & (t->nslots - 1);
	return &t->keys[i];
}

static void
old_reserve(old_keys *t, size_t need)
{
	size_t		nslots = 16;
	uint64_t   *old = t->keys;
	size_t		oldn = t->nslots;

	if (need == 0)
		return;
	while (nslots / 2 < need)
		nslots *= 2;
	if (nslots <= t->nslots)
		return;
	t->keys = calloc(nslots, sizeof(uint64_t));
	t->nslots = nslots;
	for (size_t i = 0; i < oldn; i++)
		if (old[i] != 0)
			*old_probe(t, old[i]) = old[i];
	free(old);
}

static void
test_u64set_layout(void)
{
	td_env		env;
	td_u64set	s;
	old_keys	t = {NULL, 0, 0};
	int			same = 1;

	td_env_default(&env);
	td_u64set_init(&s, &env);
	/* grown one key at a time, as pages are added, with small keys and random ones */
	for (size_t i = 0; i < 5000; i++)
	{
		uint64_t	key = i % 3 ? next_rand() : i + 1;

		old_reserve(&t, t.n + 1);
		CHECK(td_u64set_reserve(&s, s.n + 1) == TD_OK, "reserve");
		if (*old_probe(&t, key) != key)
		{
			*old_probe(&t, key) = key;
			t.n++;
		}
		(void) td_u64set_add(&s, key);
		if (s.nslots != t.nslots || s.n != t.n ||
			memcmp(s.slot, t.keys, t.nslots * sizeof(uint64_t)) != 0)
			same = 0;
	}
	CHECK(same, "the same slots as the old page-key table");
	/* a large reservation at once, as a merge or a deserialization makes */
	CHECK(td_u64set_reserve(&s, 100000) == TD_OK, "big reserve");
	old_reserve(&t, 100000);
	CHECK(s.nslots == t.nslots && memcmp(s.slot, t.keys, t.nslots * sizeof(uint64_t)) == 0,
		  "the same slots after a big reservation");
	td_u64set_free(&s);
	free(t.keys);
}

static void
test_u64set(void)
{
	counting	c = {0, -1, 0};
	td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
	td_u64set	s;
	int			ok = 1;

	td_u64set_init(&s, &env);
	CHECK(!td_u64set_has(&s, 0) && !td_u64set_has(&s, 42) && c.live == 0, "empty, nothing allocated");
	CHECK(td_u64set_add(&s, 42) == -1 && s.n == 0, "no room reserved");
	CHECK(td_u64set_add(&s, 0) == 1 && td_u64set_add(&s, 0) == 0 && td_u64set_has(&s, 0) &&
		  s.n == 1, "0 is held aside, without room");
	CHECK(td_u64set_reserve(&s, 0) == TD_OK && s.nslots == 0, "reserving nothing");
	CHECK(td_u64set_reserve(&s, 8) == TD_OK && s.nslots == 16, "8 keys: 16 slots");
	for (uint64_t k = 1; k <= 8; k++)
		ok &= td_u64set_add(&s, k * 1000) == 1;
	CHECK(ok && s.n == 9, "8 added");
	CHECK(td_u64set_add(&s, 5000) == 0, "held already");
	CHECK(td_u64set_add(&s, 9000) == -1 && !td_u64set_has(&s, 9000), "full at load 1/2");
	CHECK(td_u64set_reserve(&s, 8) == TD_OK && s.nslots == 16, "room there already");

	/* growing keeps every key; a failed growth changes nothing */
	c.budget = 0;
	CHECK(td_u64set_reserve(&s, 9) == TD_ENOMEM && s.nslots == 16 && s.n == 9 &&
		  td_u64set_has(&s, 8000), "ENOMEM leaves the set");
	c.budget = -1;
	CHECK(td_u64set_reserve(&s, 1000) == TD_OK && s.nslots == 2048, "grown");
	ok = 1;
	for (uint64_t k = 1; k <= 8; k++)
		ok &= td_u64set_has(&s, k * 1000);
	CHECK(ok && td_u64set_has(&s, 0) && !td_u64set_has(&s, 1), "members kept");
	for (uint64_t k = 0; k < 991; k++)
		ok &= td_u64set_add(&s, next_rand() | 1) == 1;
	CHECK(ok && s.n == 1000, "filled to the reservation: %zu", s.n);
	CHECK(td_u64set_reserve(&s, SIZE_MAX / 2) == TD_ENOMEM && s.nslots == 2048, "overflow");

	td_u64set_free(&s);
	CHECK(c.live == 0 && s.n == 0 && !td_u64set_has(&s, 0) && !td_u64set_has(&s, 1000),
		  "freed and empty");
	CHECK(td_u64set_reserve(&s, 1) == TD_OK && td_u64set_add(&s, 7) == 1, "usable again");
	td_u64set_free(&s);
	CHECK(c.live == 0, "no leak");
}

/* ---- CRC-32C ----------------------------------------------------------- */

static void
test_crc32c(void)
{
	static const char check[] = "123456789";
	uint8_t		buf[1000];
	uint32_t	crc;
	bool		ok = true;
	size_t		i,
				cut;
	int			b;

	CHECK(td_crc32c(check, 9) == 0xE3069283u, "check value: 0x%08X", (unsigned) td_crc32c(check, 9));
	CHECK(td_crc32c("", 0) == 0, "empty input");
	/* the table against the bitwise definition, entry by entry */
	for (b = 0; b < 256; b++)
	{
		uint32_t	c = (uint32_t) b;
		uint8_t		byte = (uint8_t) b;
		int			k;

		for (k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
		ok &= td_crc32c_update_table(0, &byte, 1) == c;
		ok &= td_crc32c_update(0, &byte, 1) == c;
	}
	CHECK(ok, "table entries (and the CPU's update) are the reflected polynomial 0x82F63B78");
	/* the CPU's update (SSE 4.2, where there is one) is the table's, at every length and offset */
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t) (i * 2654435761u >> 13);
	ok = true;
	for (cut = 0; cut < 16; cut++)
		for (i = 0; cut + i <= 300; i += 7)
			ok &= td_crc32c_update(0x12345678u, buf + cut, i) ==
				td_crc32c_update_table(0x12345678u, buf + cut, i);
	CHECK(ok, "the CPU's update equals the table's");
	CHECK(td_crc32c_final(td_crc32c_update_table(TD_CRC32C_INIT, check, 9)) == 0xE3069283u,
		  "check value by the table");
	/* known vectors (RFC 3720, B.4): 32 zeros, 32 0xff */
	memset(buf, 0, 32);
	CHECK(td_crc32c(buf, 32) == 0x8A9136AAu, "32 zeros: 0x%08X", (unsigned) td_crc32c(buf, 32));
	memset(buf, 0xff, 32);
	CHECK(td_crc32c(buf, 32) == 0x62A8AB43u, "32 0xff: 0x%08X", (unsigned) td_crc32c(buf, 32));
	/* slices give the checksum of the whole */
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t) (i * 131 + 7);
	ok = true;
	for (cut = 0; cut <= sizeof(buf); cut += 37)
	{
		crc = td_crc32c_update(TD_CRC32C_INIT, buf, cut);
		crc = td_crc32c_update(crc, buf + cut, sizeof(buf) - cut);
		ok &= td_crc32c_final(crc) == td_crc32c(buf, sizeof(buf));
	}
	CHECK(ok, "sliced = whole");
}

int
main(void)
{
	test_ascii();
	test_sort();
	test_poll();
	test_u64set();
	test_u64set_layout();
	test_crc32c();
	return check_done("test_util");
}
