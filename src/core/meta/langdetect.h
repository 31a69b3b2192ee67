/*
 * langdetect.h — the language of a page's text, detected by CLD2 (Compact
 * Language Detector 2, Debian's libcld2).  CLD2 has a C++ API only:
 * langdetect.cpp is the one C++ file of the core, a shim with this C API
 * that catches every C++ exception, so nothing C++ crosses into the C core.
 *
 * Why CLD2 and not libexttextcat: measured on the WCXB dev pages that
 * declare <html lang> (bench/README.md#language), CLD2 agreed with the
 * declaration more often and was wrong once where exttextcat was wrong 21
 * times, and ran about 4 times faster.
 *
 * CLD2 allocates with the C++ allocator and frees it all before returning;
 * it keeps no state between calls and reads only its built-in tables.
 */
#ifndef TD_LANGDETECT_H
#define TD_LANGDETECT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C"
{
#endif

/* Text longer than this is cut (at a UTF-8 boundary) before detection. */
#define TD_LANG_MAX_TEXT	(64 * 1024)

/*
 * Detects the language of UTF-8 text (invalid UTF-8 detects nothing).  On
 * success writes the BCP 47 primary subtag ("en", "he") into code and the
 * share of the text in that language, in [0, 1], into *confidence, and
 * returns 1.  Returns 0 when CLD2 finds no language or says its answer is
 * not reliable: a language is omitted rather than guessed wrong.
 */
int			td_lang_detect(const char *text, size_t len, char code[8], double *confidence);

#ifdef __cplusplus
}
#endif

#endif							/* TD_LANGDETECT_H */
