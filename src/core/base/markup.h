/*
 * markup.h — whether bytes given as a page can be markup at all (markup.c):
 * the binary files (executables, archives, images, PDFs) that a crawl or a
 * careless load puts in an html column and that a tag soup parser would
 * turn into junk text, fingerprints and shingles.
 *
 * Three tests, in this order, each cheap next to parsing:
 *  - a known binary signature at the start (PDF, gzip, zip, PNG, JPEG, GIF,
 *    RIFF (WebP, WAVE, AVI), ELF, PE, Mach-O and Java class, wasm, 7z, bzip2,
 *    xz, zstd, lz4, RAR, OLE2 (old Office), SQLite, Ogg, MP4/ISO media,
 *    WOFF fonts);
 *  - a NUL byte in the first TD_MARKUP_NUL_BYTES, unless the encoding is
 *    UTF-16 (a page with a UTF-16 BOM: every other byte of its ASCII is NUL);
 *  - almost no tags in a large input: over TD_MARKUP_SPARSE_MIN bytes with
 *    fewer than one tag start ('<' then a letter, '/', '!' or '?', NULs of a
 *    UTF-16 page skipped) per TD_MARKUP_SPARSE_BYTES bytes, unless it opens
 *    with "<!doctype html" or "<html" (a saved page can be mostly one inline
 *    data: URL).
 * Small inputs without tags are text, which the parser reads as a page of
 * one paragraph: that stays allowed.
 */
#ifndef TD_MARKUP_H
#define TD_MARKUP_H

#include "base/env.h"

#define TD_MARKUP_NUL_BYTES		8192
#define TD_MARKUP_SPARSE_MIN	(64 * 1024)
#define TD_MARKUP_SPARSE_BYTES	(16 * 1024)

/*
 * TD_OK when bytes (len of them, after any BOM, in encoding as
 * td_sniff_charset names it; NULL: UTF-8) may be markup; else TD_ENOTHTML
 * with "input is not HTML: <why>" in env->errmsg, or TD_EINTR.  Reads at
 * most all the bytes, polling env while it counts tags.
 */
td_status	td_sniff_markup(td_env *env, const char *bytes, size_t len, const char *encoding);

#endif							/* TD_MARKUP_H */
