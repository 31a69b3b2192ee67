/*
 * peer.c — the edit distance between names that picks a sandwich peer
 * (peer.h).
 */
#include "sandwich/peer.h"
#include "util/poll.h"

/*
 * The next code point of s; a byte that does not start a complete UTF-8
 * sequence is a character of its own (marked with the top bit, so it never
 * equals a code point).
 */
static uint32_t
next_cp(const unsigned char *s, size_t len, size_t *i)
{
	unsigned char c = s[*i];
	size_t		need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
	uint32_t	cp = need == 3 ? c & 0x07u : need == 2 ? c & 0x0Fu : c & 0x1Fu;
	size_t		k;

	if (need == 0 || *i + need >= len)
	{
		(*i)++;
		return c < 0x80 ? c : 0x80000000u | c;
	}
	for (k = 1; k <= need; k++)
	{
		if ((s[*i + k] & 0xC0) != 0x80)
		{
			(*i)++;
			return 0x80000000u | c;
		}
		cp = (cp << 6) | (s[*i + k] & 0x3Fu);
	}
	*i += need + 1;
	return cp;
}

/* The code points of s into a new array; TD_ELIMIT over TD_EDIT_MAX_CHARS. */
static td_status
code_points(td_env *env, const char *s, size_t len, uint32_t **cps, size_t *n)
{
	size_t		i = 0,
				k = 0,
				cap = len < TD_EDIT_MAX_CHARS ? len : TD_EDIT_MAX_CHARS;

	*cps = td_alloc(env, (cap + 1) * sizeof(uint32_t));
	if (*cps == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory for %zu characters", cap);
	while (i < len)
	{
		if (k == TD_EDIT_MAX_CHARS)
		{
			td_free(env, *cps);
			*cps = NULL;
			return td_fail(env, TD_ELIMIT, "edit_distance: a string is over %d characters",
						   TD_EDIT_MAX_CHARS);
		}
		(*cps)[k++] = next_cp((const unsigned char *) s, len, &i);
	}
	*n = k;
	return TD_OK;
}

td_status
td_edit_distance(td_env *env, const char *a, size_t alen, const char *b, size_t blen,
				 uint32_t *dist)
{
	uint32_t   *x = NULL,
			   *y = NULL,
			   *row = NULL;
	size_t		n = 0,
				m = 0,
				i,
				j;
	td_status	st;

	*dist = 0;
	st = code_points(env, a, alen, &x, &n);
	if (st == TD_OK)
		st = code_points(env, b, blen, &y, &m);
	if (st == TD_OK && m > n)
	{
		uint32_t   *t = x;
		size_t		tn = n;

		x = y, y = t, n = m, m = tn;
	}
	/* one row over the shorter string y */
	if (st == TD_OK && (row = td_alloc(env, (m + 1) * sizeof(uint32_t))) == NULL)
		st = td_fail(env, TD_ENOMEM, "out of memory for %zu characters", m);
	if (st == TD_OK)
	{
		for (j = 0; j <= m; j++)
			row[j] = (uint32_t) j;
		for (i = 1; i <= n; i++)
		{
			uint32_t	diag = row[0];

			row[0] = (uint32_t) i;
			for (j = 1; j <= m; j++)
			{
				uint32_t	up = row[j],
							best = diag + (x[i - 1] != y[j - 1]);

				if (up + 1 < best)
					best = up + 1;
				if (row[j - 1] + 1 < best)
					best = row[j - 1] + 1;
				diag = up;
				row[j] = best;
			}
			if (td_poll_every(env, i, 256))
			{
				st = td_fail(env, TD_EINTR, "edit_distance interrupted");
				break;
			}
		}
		if (st == TD_OK)
			*dist = row[m];
	}
	td_free(env, row);
	td_free(env, x);
	td_free(env, y);
	return st;
}
