/*
 * test_util.c — the shared helpers of src/core/util: white space classes,
 * sorting, interrupt polls.
 */
#include <ctype.h>
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "util/sort.h"

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

/* td_sort_u64 and td_sort_distinct against qsort on a copy of a[0..n). */
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
	free(mine);
	free(ref);
}

static void
test_sort(void)
{
	uint64_t	a[1000];

	td_sort_u64(NULL, 0);
	CHECK(td_sort_distinct(NULL, 0) == 0, "empty");
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

int
main(void)
{
	test_ascii();
	test_sort();
	test_poll();
	return check_done("test_util");
}
