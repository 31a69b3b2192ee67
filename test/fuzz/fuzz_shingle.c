/*
 * fuzz_shingle.c — libFuzzer target for the near-duplicate signatures: any
 * bytes (invalid UTF-8 included) as text, with width, keep, k and bands
 * taken from the first bytes.  Besides the sanitizers, it aborts when a
 * result breaks what shingle.h promises: shingles strictly ascending and at
 * most keep of them, a signature of k values (or none for a text without
 * words) equal to itself, band keys stable.
 */
#include <stdlib.h>
#include <string.h>

#include "dedup/shingle.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	int64_t		sh[64],
				sig[64],
				sig2[64],
				bands[8],
				bands2[8];
	size_t		nsh = 0,
				nsig = 0,
				nsig2 = 0,
				i;
	int			width,
				keep,
				k;
	const char *text;
	size_t		len;
	char	   *words;
	size_t		wlen;

	if (size < 3)
		return 0;
	width = 1 + data[0] % 8;
	keep = 1 + data[1] % 64;
	k = 8 * (1 + data[2] % 8);	/* 8..64, divisible by 8 bands */
	text = (const char *) data + 3;
	len = size - 3;
	td_env_default(&env);

	words = malloc(len + 1);
	td_shingle_words(text, len, words, &wlen);
	if (wlen > len || words[wlen] != '\0' || (wlen > 0 && (words[0] == ' ' || words[wlen - 1] == ' ')))
		abort();
	free(words);

	if (td_shingles(&env, text, len, width, keep, sh, &nsh) != TD_OK || nsh > (size_t) keep)
		abort();
	for (i = 1; i < nsh; i++)
		if (sh[i - 1] >= sh[i])
			abort();
	if (td_shingle_overlap(sh, nsh, sh, nsh) != nsh)
		abort();

	if (td_minhash(&env, text, len, width, k, sig, &nsig) != TD_OK ||
		td_minhash(&env, text, len, width, k, sig2, &nsig2) != TD_OK)
		abort();
	if ((nsig != 0 && nsig != (size_t) k) || nsig != nsig2 || memcmp(sig, sig2, nsig * sizeof(int64_t)) != 0)
		abort();
	if (nsig > 0)
	{
		if (td_minhash_similarity(sig, sig2, nsig) != 1.0)
			abort();
		if (td_minhash_bands(&env, sig, nsig, 8, bands) != TD_OK ||
			td_minhash_bands(&env, sig2, nsig2, 8, bands2) != TD_OK ||
			memcmp(bands, bands2, sizeof(bands)) != 0)
			abort();
	}
	return 0;
}
