/*
 * dates.c — reading dates (dates.h).  A small cursor over the bytes; no
 * locale, no allocation.
 */
#include <stdio.h>
#include <string.h>

#include "meta/dates.h"
#include "util/ascii.h"

typedef struct cur
{
	const char *s;
	size_t		i,
				n;
} cur;

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Whether s begins with word (lower case, ASCII case folded) and a blank or ':'. */
static int
word_is(const char *s, size_t n, const char *word)
{
	size_t		k = strlen(word);

	if (!td_ascii_iprefix(s, n, word, k))
		return 0;
	return n == k || is_blank(s[k]) || s[k] == ':';
}

static int
at_digit(const cur *c)
{
	return c->i < c->n && c->s[c->i] >= '0' && c->s[c->i] <= '9';
}

/* Exactly k digits (and not a longer run). */
static int
digits(cur *c, int k, int *v)
{
	*v = 0;
	for (int m = 0; m < k; m++)
	{
		if (!at_digit(c))
			return 0;
		*v = *v * 10 + (c->s[c->i++] - '0');
	}
	return !at_digit(c);
}

/* One or two digits. */
static int
digits12(cur *c, int *v)
{
	if (!at_digit(c))
		return 0;
	*v = c->s[c->i++] - '0';
	if (at_digit(c))
		*v = *v * 10 + (c->s[c->i++] - '0');
	return !at_digit(c);
}

static int
eat(cur *c, char ch)
{
	if (c->i < c->n && c->s[c->i] == ch)
	{
		c->i++;
		return 1;
	}
	return 0;
}

static void
skip_space(cur *c)
{
	while (c->i < c->n && (is_blank(c->s[c->i]) || c->s[c->i] == ','))
		c->i++;
}

static int
valid_date(int y, int m, int d)
{
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

	if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
		return 0;
	return !(m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)));
}

/* An English month name or its 3-letter abbreviation (optionally with '.'). */
static int
month_word(cur *c, int *m)
{
	static const char *const names[] = {"january", "february", "march", "april", "may", "june",
		"july", "august", "september", "october", "november", "december"};
	char		w[16];
	size_t		k = 0;

	while (c->i + k < c->n && k < sizeof(w) - 1 &&
		   ((c->s[c->i + k] | 0x20) >= 'a' && (c->s[c->i + k] | 0x20) <= 'z'))
	{
		w[k] = (char) (c->s[c->i + k] | 0x20);
		k++;
	}
	w[k] = 0;
	if (k < 3)
		return 0;
	for (int x = 0; x < 12; x++)
		if ((k == 3 && strncmp(names[x], w, 3) == 0) || strcmp(names[x], w) == 0 ||
			(k == 4 && x == 8 && strcmp(w, "sept") == 0))
		{
			*m = x + 1;
			c->i += k;
			eat(c, '.');
			return 1;
		}
	return 0;
}

/* A weekday word ("Tue", "Tuesday") and what follows it, if present. */
static void
skip_weekday(cur *c)
{
	static const char *const days[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
	size_t		k = 0;

	while (c->i + k < c->n && (c->s[c->i + k] | 0x20) >= 'a' && (c->s[c->i + k] | 0x20) <= 'z')
		k++;
	if (k < 3)
		return;
	for (int x = 0; x < 7; x++)
		if (((c->s[c->i] | 0x20) == days[x][0]) && ((c->s[c->i + 1] | 0x20) == days[x][1]) &&
			((c->s[c->i + 2] | 0x20) == days[x][2]))
		{
			c->i += k;
			skip_space(c);
			return;
		}
}

/*
 * A time "HH:MM[:SS[.fff]]" and an optional zone (Z, +HH:MM, +HHMM, +HH,
 * GMT, UTC); *zone receives "", "Z" or "+HH:MM".
 */
static int
read_time(cur *c, int *h, int *mi, int *se, char zone[8])
{
	int			zh,
				zm = 0;

	*se = 0;
	zone[0] = 0;
	if (!digits12(c, h) || !eat(c, ':') || !digits(c, 2, mi))
		return 0;
	if (eat(c, ':'))
	{
		if (!digits(c, 2, se))
			return 0;
		if (eat(c, '.') || eat(c, ','))
		{
			if (!at_digit(c))
				return 0;
			while (at_digit(c))
				c->i++;
		}
	}
	if (*h > 24 || *mi > 59 || *se > 60 || (*h == 24 && (*mi || *se)))
		return 0;
	while (c->i < c->n && c->s[c->i] == ' ')
		c->i++;
	/* a 12-hour clock: "9:05 pm", "11:23 a.m." */
	if (c->n - c->i >= 2 && ((c->s[c->i] | 0x20) == 'a' || (c->s[c->i] | 0x20) == 'p') &&
		((c->s[c->i + 1] | 0x20) == 'm' ||
		 (c->n - c->i >= 4 && c->s[c->i + 1] == '.' && (c->s[c->i + 2] | 0x20) == 'm' &&
		  c->s[c->i + 3] == '.')))
	{
		int			pm = (c->s[c->i] | 0x20) == 'p';

		if (*h < 1 || *h > 12)
			return 0;
		*h = pm ? (*h % 12) + 12 : *h % 12;
		c->i += c->s[c->i + 1] == '.' ? 4 : 2;
		if (c->i < c->n && ((c->s[c->i] | 0x20) >= 'a' && (c->s[c->i] | 0x20) <= 'z'))
			return 0;
		while (c->i < c->n && c->s[c->i] == ' ')
			c->i++;
	}
	if (eat(c, 'Z') || eat(c, 'z'))
		strcpy(zone, "Z");
	else if (c->n - c->i >= 3 && (strncmp(c->s + c->i, "GMT", 3) == 0 ||
								  strncmp(c->s + c->i, "UTC", 3) == 0))
	{
		c->i += 3;
		strcpy(zone, "Z");
	}
	if (c->i < c->n && (c->s[c->i] == '+' || c->s[c->i] == '-'))
	{
		char		sign = c->s[c->i++];
		size_t		k = 0;

		while (c->i + k < c->n && c->s[c->i + k] >= '0' && c->s[c->i + k] <= '9')
			k++;
		if (k == 4)				/* +HHMM */
		{
			zh = (c->s[c->i] - '0') * 10 + (c->s[c->i + 1] - '0');
			zm = (c->s[c->i + 2] - '0') * 10 + (c->s[c->i + 3] - '0');
			c->i += 4;
		}
		else if (k == 2)		/* +HH or +HH:MM */
		{
			digits(c, 2, &zh);
			if (eat(c, ':') && !digits(c, 2, &zm))
				return 0;
		}
		else
			return 0;
		if (zh < 0 || zh > 14 || zm < 0 || zm > 59)
			return 0;
		zone[0] = sign;
		zone[1] = (char) ('0' + zh / 10);
		zone[2] = (char) ('0' + zh % 10);
		zone[3] = ':';
		zone[4] = (char) ('0' + zm / 10);
		zone[5] = (char) ('0' + zm % 10);
		zone[6] = 0;
	}
	return 1;
}

int
td_date_normalize(const char *s, size_t len, char out[TD_DATE_MAX])
{
	cur			c = {s, 0, len};
	int			y = 0,
				m = 0,
				d = 0,
				h = -1,
				mi = 0,
				se = 0;
	char		zone[8] = "";

	out[0] = 0;
	while (c.n > 0 && is_blank(s[c.n - 1]))
		c.n--;
	skip_space(&c);
	skip_weekday(&c);
	if (at_digit(&c))
	{
		size_t		start = c.i;
		int			v;

		/* YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD, YYYYMMDD[THH...] */
		if (digits(&c, 4, &y))
		{
			char		sep = c.i < c.n ? c.s[c.i] : 0;

			if ((sep == '-' || sep == '/' || sep == '.') && (c.i++, digits12(&c, &m)) &&
				eat(&c, sep) && digits12(&c, &d))
				;
			else
				return 0;
		}
		else if ((c.i = start, digits(&c, 8, &v)))
		{
			y = v / 10000;
			m = v / 100 % 100;
			d = v % 100;
		}
		/*
		 * D/M/YYYY or M/D/YYYY when only one order is a date (a number
		 * over 12 is the day, or both are equal); D.M.YYYY (the order
		 * of every country that writes dots)
		 */
		else if ((c.i = start, digits12(&c, &v)) && c.i < c.n &&
				 (c.s[c.i] == '/' || c.s[c.i] == '.' || c.s[c.i] == '-') && c.i + 1 < c.n &&
				 c.s[c.i + 1] >= '0' && c.s[c.i + 1] <= '9')
		{
			char		sep = c.s[c.i++];
			int			w;

			if (!digits12(&c, &w) || !eat(&c, sep) || !digits(&c, 4, &y))
				return 0;
			if (sep == '.' || (v > 12 && w <= 12) || v == w)
				d = v, m = w;
			else if (w > 12 && v <= 12)
				m = v, d = w;
			else
				return 0;
		}
		/* D Month YYYY */
		else if ((c.i = start, digits12(&c, &d)))
		{
			if (c.i + 1 < c.n && (c.s[c.i] == 's' || c.s[c.i] == 'n' || c.s[c.i] == 'r' ||
								  c.s[c.i] == 't'))
				c.i += 2;		/* 1st, 2nd, 3rd, 4th */
			skip_space(&c);
			eat(&c, '-');
			if (!month_word(&c, &m))
				return 0;
			skip_space(&c);
			eat(&c, '-');
			if (!digits(&c, 4, &y))
				return 0;
		}
		else
			return 0;
	}
	else
	{
		/* Month D[,] YYYY */
		if (!month_word(&c, &m))
			return 0;
		skip_space(&c);
		if (!digits12(&c, &d))
			return 0;
		if (c.i + 1 < c.n && (c.s[c.i] == 's' || c.s[c.i] == 'n' || c.s[c.i] == 'r' ||
							  c.s[c.i] == 't'))
			c.i += 2;
		skip_space(&c);
		if (!digits(&c, 4, &y))
			return 0;
	}
	if (!valid_date(y, m, d))
		return 0;
	/* a time: 'T' or a space (after a comma, a dash, a bar, "at" or "@"), then H:MM */
	if (c.i < c.n)
	{
		if (c.s[c.i] == ',' && c.i + 1 < c.n && c.s[c.i + 1] == ' ')
			c.i++;
		if (c.s[c.i] == 'T' || c.s[c.i] == 't' || c.s[c.i] == ' ')
		{
			c.i++;
			while (c.i < c.n && c.s[c.i] == ' ')
				c.i++;
			if (c.n - c.i >= 2 && strncmp(c.s + c.i, "at", 2) == 0)
				c.i += 2;
			else if (c.i < c.n && (c.s[c.i] == '-' || c.s[c.i] == '|' || c.s[c.i] == '@'))
				c.i++;
			while (c.i < c.n && c.s[c.i] == ' ')
				c.i++;
			if (!read_time(&c, &h, &mi, &se, zone))
				return 0;
		}
		if (c.i < c.n)
			return 0;
	}
	{
		char		tmp[96];		/* the fields are in range: at most 25 bytes */
		size_t		n;

		if (h < 0)
			snprintf(tmp, sizeof(tmp), "%04d-%02d-%02d", y, m, d);
		else
			snprintf(tmp, sizeof(tmp), "%04d-%02d-%02dT%02d:%02d:%02d%s", y, m, d, h, mi,
					 se > 59 ? 59 : se, zone);
		n = strlen(tmp);
		n = n < TD_DATE_MAX ? n : TD_DATE_MAX - 1;
		memcpy(out, tmp, n);
		out[n] = 0;
	}
	return 1;
}

int
td_date_find(const char *s, size_t len, char out[TD_DATE_MAX])
{
	size_t		starts[8],
				n_starts = 0;

	out[0] = 0;
	for (size_t i = 0; i < len && n_starts < 8; i++)
		if (!is_blank(s[i]) && (i == 0 || is_blank(s[i - 1])))
			starts[n_starts++] = i;
	for (size_t k = 0; k < n_starts; k++)
	{
		size_t		best = 0;
		size_t		words = 0;
		char		d[TD_DATE_MAX];

		if (k > 0 && (word_is(s + starts[k - 1], len - starts[k - 1], "updated") ||
					  word_is(s + starts[k - 1], len - starts[k - 1], "modified")))
			return 0;
		for (size_t e = starts[k]; e <= len && words < 8; e++)
			if (e == len || is_blank(s[e]))
			{
				size_t		end = e;

				words++;

				/* punctuation after the date ("March 5, 2024," "2024-03-05 |") */
				while (end > starts[k] && (s[end - 1] == ',' || s[end - 1] == '.' ||
										   s[end - 1] == ';' || s[end - 1] == '|'))
					end--;
				if (td_date_normalize(s + starts[k], end - starts[k], d))
				{
					best = e;
					memcpy(out, d, TD_DATE_MAX);
				}
				while (e < len && is_blank(s[e]))
					e++;
			}
		if (best)
			return 1;
	}
	out[0] = 0;
	return 0;
}
