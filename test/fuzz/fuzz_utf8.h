/*
 * fuzz_utf8.h — the fuzz targets' check that bytes are valid UTF-8 (no
 * overlong forms, no surrogates, nothing above U+10FFFF), kept out of the
 * coverage the fuzzer steers by: it checks outputs, it is not under test.
 */
#ifndef TD_FUZZ_UTF8_H
#define TD_FUZZ_UTF8_H

#include <stddef.h>

#ifndef CHECKER
#define CHECKER __attribute__((no_sanitize("coverage")))
#endif

CHECKER static int
valid_utf8(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len;)
	{
		unsigned char c = s[i];
		size_t		n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 :
			c >= 0xF0 && c <= 0xF4 ? 4 : 0;
		unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
		unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;

		if (n == 0 || i + n > len)
			return 0;
		for (size_t k = 1; k < n; k++, lo = 0x80, hi = 0xBF)
			if (s[i + k] < lo || s[i + k] > hi)
				return 0;
		i += n;
	}
	return 1;
}

#endif							/* TD_FUZZ_UTF8_H */
