/*
 * dates.h — the dates of a page's metadata, normalized to ISO 8601.
 *
 * Accepts what pages publish: ISO 8601 dates and timestamps (2024-03-05,
 * 2024-03-05T14:30:00+01:00, 2024-03-05 14:30:00.123Z, 20240305),
 * 2024/03/05, RFC 822/1123 ("Tue, 05 Mar 2024 14:30:00 GMT"), English
 * dates in words ("March 5, 2024", "5 March 2024", "Mar 5 2024"), numeric
 * dates in the one order that is a date ("09/25/2025", "25/09/2025";
 * "17.05.2021" day first), with a time after a space, a comma, a dash, a
 * bar, "at" or "@", on a 24- or 12-hour clock ("9:05 pm").  A numeric
 * day-month order that is ambiguous (05/03/2024) is refused: a date is
 * omitted rather than guessed wrong.  Years 1990-2099 only.
 */
#ifndef TD_DATES_H
#define TD_DATES_H

#include <stddef.h>

#define TD_DATE_MAX 32			/* "2024-03-05T14:30:00+01:00" and its NUL */

/*
 * Writes s[0..len) normalized into out: "YYYY-MM-DD" when s holds a date
 * alone, "YYYY-MM-DDTHH:MM:SS" with "Z" or "+HH:MM" when it holds a time
 * (and its zone) too.  Returns 1, or 0 (out empty) when s is not a date it
 * can read whole; surrounding white space is ignored.
 */
int			td_date_normalize(const char *s, size_t len, char out[TD_DATE_MAX]);

/*
 * The first date in a short text ("Published on March 5, 2024 at 9:00",
 * "Posted 2024-03-05 | 4 min read"): td_date_normalize of the longest run
 * of words that reads as a date, starting at one of the first 8 words.
 * Words are separated by white space; at most 8 words are tried per start.
 * A date led by "updated" or "modified" is not taken (not a publication).
 */
int			td_date_find(const char *s, size_t len, char out[TD_DATE_MAX]);

#endif							/* TD_DATES_H */
