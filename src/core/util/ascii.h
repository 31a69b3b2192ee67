/*
 * ascii.h — which bytes are white space, for the two definitions the code
 * base uses.  They differ in one byte, vertical tab (0x0B), and each caller
 * keeps the one it always had: changing it would change fingerprints, chunk
 * hashes and parsed URLs.  Bytes from 0x80 up are never white space here
 * (U+00A0 and the other Unicode spaces are render.c's business).
 *
 * Other white-space sets stay with their one user: JSON's (logreg_json.c:
 * no form feed), libxml2's blanks (tagbound.c: space, tab, CR, LF) and a
 * URL's (url.c).
 */
#ifndef TD_ASCII_H
#define TD_ASCII_H

#include <stddef.h>
#include <string.h>

/*
 * HTML's "ASCII whitespace" (WHATWG): space, tab, LF, FF, CR.  For what
 * HTML itself splits on: attribute values, <meta> content, hrefs, class
 * lists.
 */
static inline int
td_is_html_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/*
 * C's isspace() in the "C" locale: HTML's white space plus vertical tab.
 * For page text: what counts as blank and where words split.
 */
static inline int
td_is_c_space(unsigned char c)
{
	return td_is_html_space(c) || c == '\v';
}

/* Whether s[0, len) is empty or all td_is_c_space: a blank text. */
static inline int
td_is_c_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!td_is_c_space((unsigned char) s[i]))
			return 0;
	return 1;
}

/* *s, *len without leading and trailing td_is_html_space. */
static inline void
td_trim_html_space(const char **s, size_t *len)
{
	while (*len > 0 && td_is_html_space((unsigned char) (*s)[0]))
		(*s)++, (*len)--;
	while (*len > 0 && td_is_html_space((unsigned char) (*s)[*len - 1]))
		(*len)--;
}

/*
 * The next token of s[0, n), a list HTML splits on td_is_html_space (a
 * class, rel, role or itemprop value), from *k on: its start, its length
 * in *len; NULL when no token is left.  *k moves past the token.
 */
static inline const char *
td_html_next_token(const char *s, size_t n, size_t *k, size_t *len)
{
	size_t		i = *k;

	while (i < n && td_is_html_space((unsigned char) s[i]))
		i++;
	*k = i;
	while (*k < n && !td_is_html_space((unsigned char) s[*k]))
		(*k)++;
	*len = *k - i;
	return *len ? s + i : NULL;
}

/* c with A-Z lower-cased; every other byte as it is. */
static inline unsigned char
td_ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char) (c | 0x20) : c;
}

/*
 * Whether byte c belongs to a word as the scorer counts words (score.py's
 * tokens: ASCII letters and digits, every byte >= 0x80 a letter).
 */
static inline int
td_word_byte(unsigned char c)
{
	return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
		(c >= 'A' && c <= 'Z');
}

/*
 * Whether s[0, len) begins with the n bytes of w, A-Z folded on both sides
 * (page metadata's keys, names and words).
 */
static inline int
td_ascii_iprefix(const char *s, size_t len, const char *w, size_t n)
{
	if (len < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (td_ascii_lower((unsigned char) s[i]) != td_ascii_lower((unsigned char) w[i]))
			return 0;
	return 1;
}

/*
 * Whether s[0, len) holds the bytes of the C string needle, case-sensitive
 * (bounded by len: s need not be NUL-terminated).  For short needles in
 * attribute values and script texts.
 */
static inline int
td_bytes_hold(const char *s, size_t len, const char *needle)
{
	size_t		nl = strlen(needle);

	for (size_t k = 0; k + nl <= len; k++)
		if (s[k] == needle[0] && memcmp(s + k, needle, nl) == 0)
			return 1;
	return 0;
}

/* The room td_style_compact writes into. */
#define TD_STYLE_HEAD 256

/*
 * A style attribute's value v[0, len) as its declarations are compared:
 * the first TD_STYLE_HEAD bytes that are not blanks, lower-cased, into out;
 * returns how many.  "Display : None" reads as "display:none".
 */
static inline size_t
td_style_compact(const char *v, size_t len, char out[TD_STYLE_HEAD])
{
	size_t		n = 0;

	for (size_t k = 0; k < len && n < TD_STYLE_HEAD; k++)
		if (v[k] != ' ' && v[k] != '\t' && v[k] != '\n' && v[k] != '\r')
			out[n++] = (char) td_ascii_lower((unsigned char) v[k]);
	return n;
}

#endif							/* TD_ASCII_H */
