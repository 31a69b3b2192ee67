/*
 * textfold.c — the folded text hash of textfold.h.  Bytes go through a
 * 256-byte window hashed with td_hash64 and mixed into the running state,
 * so a text of any length hashes without allocation; the exact bytes of
 * this stream define fingerprint scheme 1 and chunk scheme 1, so they must
 * not change within those schemes.
 */
#include <string.h>

#include "base/hash.h"
#include "base/textfold.h"
#include "util/ascii.h"

static inline int
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Whether the numeric token s[0..len) (digits and - / : . between them,
 * standing between non-alphanumerics) is a date or a time: three groups
 * (2024-03-15, 15/03/2024, 20.03.2024), hours and minutes (13:24), or a lone
 * year from 1900 to 2099.  Those change from page to page inside template
 * blocks (bylines, footers, "updated" lines); other figures are content.
 */
static int
is_date_or_time(const char *s, size_t len)
{
	int			groups = 1,
				colons = 0;
	size_t		digits = 0,
				k;

	for (k = 0; k < len; k++)
	{
		if (is_digit((unsigned char) s[k]))
		{
			if (++digits > 4)
				return 0;
			continue;
		}
		colons += s[k] == ':';
		groups++;
		digits = 0;
	}
	if (colons > 0)
		return colons == groups - 1 && groups <= 3;
	if (groups == 3)
		return 1;
	return groups == 1 && len == 4 && (memcmp(s, "19", 2) == 0 || memcmp(s, "20", 2) == 0);
}

/* Length of the numeric token at s[i] (digits with single separators between them). */
static size_t
numeric_token(const char *s, size_t i, size_t len)
{
	size_t		j = i;

	while (j < len)
	{
		unsigned char c = (unsigned char) s[j];

		if (is_digit(c))
			j++;
		else if ((c == '-' || c == '/' || c == ':' || c == '.') &&
				 j + 1 < len && is_digit((unsigned char) s[j + 1]))
			j++;
		else
			break;
	}
	return j - i;
}

static inline void
put_byte(td_text_fold *tf, char c)
{
	tf->win[tf->w++] = c;
	if (tf->w == sizeof(tf->win))
	{
		tf->h = td_hash_mix(tf->h, td_hash64(tf->win, tf->w, tf->h));
		tf->w = 0;
	}
}

/* Appends s[0..n) as put_byte would, a window's worth at a time. */
static inline void
put_bytes(td_text_fold *tf, const char *s, size_t n)
{
	while (n > 0)
	{
		size_t		k = sizeof(tf->win) - tf->w;

		if (k > n)
			k = n;
		memcpy(tf->win + tf->w, s, k);
		tf->w += k;
		s += k;
		n -= k;
		if (tf->w == sizeof(tf->win))
		{
			tf->h = td_hash_mix(tf->h, td_hash64(tf->win, tf->w, tf->h));
			tf->w = 0;
		}
	}
}

/* Neither white space nor a digit: the bytes that go in unchanged. */
static inline int
is_plain(unsigned char c)
{
	return c > ' ' ? !is_digit(c) : !td_is_c_space(c);
}

void
td_text_fold_init(td_text_fold *tf, uint64_t seed)
{
	tf->w = 0;
	tf->h = seed;
	tf->any = 0;
	tf->pending_space = 0;
	tf->prev = 0;
}

void
td_text_fold_break(td_text_fold *tf)
{
	tf->pending_space = tf->any;
	tf->prev = 0;
}

void
td_text_fold_add(td_text_fold *tf, const char *s, size_t len, int fold_dates)
{
	size_t		i = 0;

	while (i < len)
	{
		unsigned char c = (unsigned char) s[i];
		unsigned char before = i > 0 ? (unsigned char) s[i - 1] : tf->prev;
		size_t		n,
					k;
		int			fold;

		if (td_is_c_space(c))
		{
			tf->pending_space = tf->any;
			i++;
			continue;
		}
		if (tf->pending_space)
		{
			put_byte(tf, ' ');
			tf->pending_space = 0;
		}
		tf->any = 1;
		if (is_plain(c))
		{
			/* most of a text: a run of bytes that go in unchanged */
			size_t		j = i + 1;

			while (j < len && is_plain((unsigned char) s[j]))
				j++;
			put_bytes(tf, s + i, j - i);
			i = j;
			continue;
		}
		if (!fold_dates || !is_digit(c) || td_word_byte(before))
		{
			put_byte(tf, (char) c);
			i++;
			continue;
		}
		n = numeric_token(s, i, len);
		fold = (i + n == len || !td_word_byte((unsigned char) s[i + n])) && is_date_or_time(s + i, n);
		for (k = i; k < i + n; k++)
		{
			/* A folded group of digits becomes one '0': 9:47 and 13:05 match. */
			if (fold && is_digit((unsigned char) s[k]) && k > i && is_digit((unsigned char) s[k - 1]))
				continue;
			put_byte(tf, fold && is_digit((unsigned char) s[k]) ? '0' : s[k]);
		}
		i += n;
	}
	if (len > 0)
		tf->prev = (unsigned char) s[len - 1];
}

uint64_t
td_text_fold_finish(td_text_fold *tf)
{
	if (!tf->any)
		return 0;
	if (tf->w)
		tf->h = td_hash_mix(tf->h, td_hash64(tf->win, tf->w, tf->h));
	tf->w = 0;
	return tf->h ? tf->h : 1;
}
