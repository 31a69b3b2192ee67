/*
 * charset.h — the encoding of raw page bytes, picked the way browsers do
 * without the network (charset.c).
 */
#ifndef TD_CHARSET_H
#define TD_CHARSET_H

#include <stddef.h>

/*
 * Picks the encoding of raw page bytes the way browsers do, without the
 * network: a BOM, else a <meta charset> or <meta http-equiv=content-type>
 * in the first 1024 bytes, else UTF-8 when the bytes are valid UTF-8 and not
 * all ASCII (as browsers' detectors find; a quarter of the corpus declares
 * its charset too late to be seen), else such a <meta> in the rest of the
 * <head> (up to 64 KB), else windows-1252.  Returns a static name that
 * libxml2 knows ("UTF-8", "UTF-16LE", "Shift_JIS", "windows-1252", ...).
 * *bom_len is set to the BOM's length (bytes to skip), 0 when none.
 */
const char *td_sniff_charset(const char *bytes, size_t len, size_t *bom_len);

#endif							/* TD_CHARSET_H */
