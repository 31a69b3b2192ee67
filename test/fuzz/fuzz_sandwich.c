/*
 * fuzz_sandwich.c — libFuzzer target for the sandwich algorithm on untrusted
 * bytes: the first byte picks the unit and the encodings, the rest is the
 * page and its peer, split at the first 0xFF byte (or halved).  Besides the
 * sanitizers, it aborts when a result breaks what sandwich.h promises: a
 * page against no peer or an empty one comes back whole (decoded), a page
 * against itself loses every unit, the LCS of small unit sequences has the
 * length a brute-force dynamic programme finds and is a common subsequence.
 */
#include <stdlib.h>
#include <string.h>

#include "sandwich/sandwich.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static uint32_t
dp_lcs(const uint64_t *a, uint32_t n, const uint64_t *b, uint32_t m)
{
	uint32_t	t[65][65];
	uint32_t	i,
				j;

	for (i = 0; i <= n; i++)
		for (j = 0; j <= m; j++)
			t[i][j] = i == 0 || j == 0 ? 0
				: a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1
				: t[i - 1][j] > t[i][j - 1] ? t[i - 1][j] : t[i][j - 1];
	return t[n][m];
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char *encs[4] = {NULL, "windows-1252", "Shift_JIS", "UTF-16LE"};
	td_env		env;
	td_sw_unit	unit;
	const char *page,
			   *peer,
			   *enc;
	const unsigned char *split;
	size_t		plen,
				qlen;
	td_buf		whole,
				out;
	td_sw_stats st;

	if (size < 1)
		return 0;
	unit = data[0] & 1 ? TD_SW_TOKEN : TD_SW_LINE;
	enc = encs[(data[0] >> 1) & 3];
	data++, size--;
	split = memchr(data, 0xFF, size);
	plen = split ? (size_t) (split - data) : size / 2;
	page = (const char *) data;
	peer = (const char *) data + plen + (split != NULL);
	qlen = size - plen - (split != NULL);
	td_env_default(&env);

	td_buf_init(&whole, &env);
	if (td_sandwich_mask(&env, page, plen, enc, NULL, 0, NULL, unit, &whole, &st) != TD_OK ||
		st.common != 0)
		abort();
	td_buf_init(&out, &env);
	if (td_sandwich_mask(&env, page, plen, enc, "", 0, NULL, unit, &out, &st) != TD_OK ||
		st.common != 0 || out.len != whole.len || (out.len && memcmp(out.data, whole.data, out.len)))
		abort();
	out.len = 0;
	if (td_sandwich_mask(&env, page, plen, enc, page, plen, enc, unit, &out, &st) != TD_OK ||
		st.common != st.page_units || out.len > whole.len)
		abort();
	out.len = 0;
	if (td_sandwich_mask(&env, page, plen, enc, peer, qlen, NULL, unit, &out, &st) != TD_OK ||
		st.common > st.page_units || st.common > st.peer_units || out.len > whole.len)
		abort();
	td_buf_free(&out);
	td_buf_free(&whole);

	/* the LCS itself on the raw bytes' units, against the dynamic programme */
	{
		td_sw_units a,
					b;
		uint8_t		in_a[64],
					in_b[64];
		uint32_t	lcs,
					i = 0,
					j = 0,
					k = 0;

		if (td_sw_split(&env, page, plen, unit, &a) != TD_OK)
			abort();
		if (td_sw_split(&env, peer, qlen, unit, &b) != TD_OK)
			abort();
		if (a.n <= 64 && b.n <= 64)
		{
			if (td_sw_lcs(&env, a.hash, a.n, b.hash, b.n, 0, in_a, in_b, &lcs) != TD_OK ||
				lcs != dp_lcs(a.hash, a.n, b.hash, b.n))
				abort();
			for (;;)
			{
				while (i < a.n && !in_a[i])
					i++;
				while (j < b.n && !in_b[j])
					j++;
				if (i == a.n || j == b.n)
					break;
				if (a.hash[i++] != b.hash[j++])
					abort();
				k++;
			}
			if (k != lcs || i != a.n || j != b.n)
				abort();
		}
		td_sw_units_free(&a);
		td_sw_units_free(&b);
	}
	return 0;
}
