/*
 * shingle.h — near-duplicate signatures (seed §6.2): word shingles with the
 * smallest hashes kept, MinHash signatures and LSH band keys.  Every value
 * is a fixed function of the text's bytes (td_hash64, little-endian), so
 * stored signatures compare across machines and versions; changing any
 * definition below is a format change.
 *
 * Text normalisation (td_shingle_words):
 *   The input is UTF-8.  A word is a maximal run of "word" code points:
 *   ASCII letters and digits, and every non-ASCII code point that is not in
 *   the separator ranges below.  Words are lower-cased (A-Z, Latin-1
 *   U+00C0-U+00DE except U+00D7, Greek U+0391-U+03AB, Cyrillic
 *   U+0400-U+042F; nothing else is case-folded) and joined by one space
 *   (0x20).  Separators: every other ASCII byte; U+0080-U+00BF, U+00D7,
 *   U+00F7; U+2000-U+2BFF (punctuation, symbols, arrows, box drawing,
 *   dingbats); U+2E00-U+2E7F; U+3000-U+303F; U+FE30-U+FE4F; U+FEFF;
 *   U+FF00-U+FF0F, U+FF1A-U+FF20, U+FF3B-U+FF40, U+FF5B-U+FF65; U+FFFD;
 *   U+1F000-U+1FAFF (emoji); and each byte of invalid UTF-8.  (So a script
 *   written without spaces, like Chinese, is one word per run.)
 *
 * Shingle hash: a window of `width` consecutive words is the bytes of those
 * words joined by single spaces; its hash is
 *     td_hash64(window bytes, length, TD_SHINGLE_SEED).
 * A text of 1 <= n < width words has one window, all n words; a text of no
 * words has none.  Values are the 64-bit hashes read as signed int64 (two's
 * complement), which is how they sort and compare in SQL.
 *
 * MinHash: each window's base hash is td_hash64(window, len, TD_MINHASH_SEED);
 * function j (0 <= j < k) maps it to perm(base ^ key_j), where
 *     key_j = td_hash64(le64(j), 8, TD_MINHASH_SEED)
 * and perm is the splitmix64 finaliser (a bijection):
 *     z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9; z = (z ^ z >> 27) * 0x94d049bb133111eb;
 *     z ^ z >> 31.
 * Signature position j is the smallest perm value (signed int64) over the
 * windows.  A text of no words has the empty signature.
 *
 * Band keys: for bands dividing k, r = k / bands, band i's key is
 *     td_hash64(le64(sig[i*r]) ... le64(sig[i*r + r - 1]), 8r, TD_BAND_SEED + i),
 * so equal values in different bands give different keys.
 */
#ifndef TD_SHINGLE_H
#define TD_SHINGLE_H

#include <stddef.h>
#include <stdint.h>

#include "base/env.h"

#define TD_SHINGLE_SEED		0x5348494e474c4531ULL	/* "SHINGLE1" */
#define TD_MINHASH_SEED		0x4d494e4841534831ULL	/* "MINHASH1" */
#define TD_BAND_SEED		0x4c534842414e4431ULL	/* "LSHBAND1" */

#define TD_SHINGLE_MAX_WIDTH	256
#define TD_SHINGLE_MAX_KEEP		4096
#define TD_MINHASH_MAX_K		4096

/*
 * Normalises text (see above) into out, which must hold len + 1 bytes: words
 * separated by single spaces, no leading or trailing space, NUL-terminated.
 * Returns the number of words; *outlen gets the byte length.
 */
size_t		td_shingle_words(const char *text, size_t len, char *out, size_t *outlen);

/*
 * The `keep` smallest distinct shingle hashes of text, ascending (signed),
 * into out (room for keep values); *nout gets how many (< keep when the text
 * has fewer distinct windows).  TD_EARG for width outside 1..256 or keep
 * outside 1..4096; TD_ENOMEM; TD_EINTR.
 */
td_status	td_shingles(td_env *env, const char *text, size_t len, int width, int keep,
						int64_t *out, size_t *nout);

/*
 * MinHash signature of text: out gets k values (room for k), *nout = k, or
 * *nout = 0 for a text of no words.  TD_EARG for width outside 1..256 or k
 * outside 1..4096; TD_ENOMEM; TD_EINTR.
 */
td_status	td_minhash(td_env *env, const char *text, size_t len, int width, int k,
					   int64_t *out, size_t *nout);

/* Share of equal positions of two signatures of n values (0 when n = 0). */
double		td_minhash_similarity(const int64_t *a, const int64_t *b, size_t n);

/*
 * Band keys of a signature of k values into out (room for bands values), in
 * band order.  TD_EARG unless 1 <= bands <= 4096 and bands divides k.
 */
td_status	td_minhash_bands(td_env *env, const int64_t *sig, size_t k, int bands,
							 int64_t *out);

/* Number of values in both strictly ascending arrays. */
size_t		td_shingle_overlap(const int64_t *a, size_t na, const int64_t *b, size_t nb);

/* Sorts ascending and removes duplicates in place; returns the new length. */
size_t		td_shingle_sort_unique(int64_t *v, size_t n);

#endif							/* TD_SHINGLE_H */
