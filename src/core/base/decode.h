/*
 * decode.h — page bytes to valid UTF-8 without NUL, the first thing the
 * bytes go through before libxml2 sees them (decode.c; used by tree.c).
 */
#ifndef TD_DECODE_H
#define TD_DECODE_H

#include "base/env.h"

/*
 * Turns the page bytes into valid UTF-8 without NUL: *text points at the
 * input itself when no change is needed, else at *owned (to free with
 * td_free).
 */
td_status	td_decode_input(td_env *env, const char *html, size_t len, const char *encoding,
							const char **text, size_t *text_len, char **owned);

#endif							/* TD_DECODE_H */
