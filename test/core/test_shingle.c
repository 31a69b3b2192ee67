/*
 * test_shingle.c — shingles, MinHash and band keys.  The goldens freeze the
 * stored format (shingle.h): a change that moves them is a format change,
 * never a silent edit.  Property tests compare the bounded heap with a
 * brute-force reference, and check normalisation, symmetry, bounds, errors,
 * ENOMEM at every allocation and interrupts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "base/hash.h"
#include "dedup/shingle.h"

static const char *fox =
"The quick brown fox jumps over the lazy dog, and the dog sleeps in the warm sun all day long.";

static void
test_goldens(void)
{
	static const int64_t want[8] = {
		-9201016816929760902LL, -4830095636529923386LL, -4788658396438800360LL,
		-4426784769211922177LL, -3377331956246597778LL, -3123841661740725696LL,
		-2770302010686015719LL, -1570325397003587241LL
	};
	static const int64_t want_mh[4] = {
		-9087707971460979832LL, -7753060668604991220LL, -8657354063163707147LL,
		-7486634938304615103LL
	};
	td_env		env;
	int64_t		out[8];
	int64_t		mh[4];
	int64_t		bands[2];
	size_t		n;
	int			i;
	const char *uni = "Héllo, WÖRLD! Привет мир 123";

	td_env_default(&env);
	CHECK(td_shingles(&env, fox, strlen(fox), 6, 8, out, &n) == TD_OK && n == 8, "fox");
	for (i = 0; i < 8; i++)
		CHECK(out[i] == want[i], "fox shingle %d: %lld", i, (long long) out[i]);
	/* the definition, spelled out: one window of all five words, seed SHINGLE1 */
	CHECK(td_shingles(&env, uni, strlen(uni), 6, 8, out, &n) == TD_OK && n == 1, "uni");
	CHECK(out[0] == -6949565452771215135LL, "unicode: %lld", (long long) out[0]);
	CHECK(out[0] == (int64_t) td_hash64("héllo wörld привет мир 123",
										strlen("héllo wörld привет мир 123"),
										0x5348494e474c4531ULL), "definition");
	CHECK(td_shingles(&env, "a b", 3, 6, 8, out, &n) == TD_OK && n == 1 &&
		  out[0] == -4067704974736288762LL, "a b: %lld", (long long) out[0]);

	CHECK(td_minhash(&env, fox, strlen(fox), 5, 4, mh, &n) == TD_OK && n == 4, "minhash");
	for (i = 0; i < 4; i++)
		CHECK(mh[i] == want_mh[i], "minhash %d: %lld", i, (long long) mh[i]);
	CHECK(td_minhash_bands(&env, mh, 4, 2, bands) == TD_OK, "bands");
	CHECK(bands[0] == -5440120486245655670LL && bands[1] == 7304033315111950652LL,
		  "bands %lld %lld", (long long) bands[0], (long long) bands[1]);
}

static size_t
words(const char *s, char *buf)
{
	size_t		len;

	return td_shingle_words(s, strlen(s), buf, &len);
}

static void
test_normalise(void)
{
	char		buf[256];
	size_t		len;

	CHECK(words("", buf) == 0 && buf[0] == '\0', "empty");
	CHECK(words("  ,.;!  ", buf) == 0 && buf[0] == '\0', "punctuation only");
	CHECK(words("Hello,   World!!", buf) == 2 && strcmp(buf, "hello world") == 0, "'%s'", buf);
	CHECK(words("--x--", buf) == 1 && strcmp(buf, "x") == 0, "'%s'", buf);
	CHECK(words("ÀÉÎÕÜ ÆØÞ ×÷", buf) == 2 && strcmp(buf, "àéîõü æøþ") == 0, "latin-1 '%s'", buf);
	CHECK(words("ΑΒΓ Ϊ ЁЖЯ", buf) == 3 && strcmp(buf, "αβγ ϊ ёжя") == 0, "greek, cyrillic '%s'", buf);
	CHECK(words("a\xc2\xa0" "b «c» d—e © f…g ★h 😀i", buf) == 9 &&
		  strcmp(buf, "a b c d e f g h i") == 0, "unicode separators '%s'", buf);
	CHECK(words("東京 都", buf) == 2 && strcmp(buf, "東京 都") == 0, "CJK '%s'", buf);
	/* invalid UTF-8: each bad byte separates (stray continuation, overlong, surrogate, truncated) */
	CHECK(words("a\x80" "b\xc0\xaf" "c\xed\xa0\x80" "d\xe2\x82", buf) == 4 &&
		  strcmp(buf, "a b c d") == 0, "invalid '%s'", buf);
	td_shingle_words("x\0y", 3, buf, &len);
	CHECK(len == 3 && memcmp(buf, "x y", 3) == 0, "NUL separates");
}

/* Reference: every window hashed, sorted, deduplicated, the first keep. */
static size_t
reference(const char *text, int width, int keep, int64_t *out)
{
	size_t		len = strlen(text);
	char	   *s = malloc(len + 1);
	size_t		slen;
	size_t		nw = td_shingle_words(text, len, s, &slen);
	size_t	   *start = malloc((nw + 1) * sizeof(size_t));
	int64_t    *all = malloc((nw + 1) * sizeof(int64_t));
	size_t		i;
	size_t		n = 0;
	size_t		w = 0;

	for (i = 0; i < slen; i++)
		if (i == 0 || s[i - 1] == ' ')
			start[w++] = i;
	start[nw] = slen + 1;
	if (nw > 0 && nw < (size_t) width)
		all[n++] = (int64_t) td_hash64(s, slen, TD_SHINGLE_SEED);
	else if (nw > 0)
		for (i = 0; i + width <= nw; i++)
			all[n++] = (int64_t) td_hash64(s + start[i], start[i + width] - 1 - start[i],
										   TD_SHINGLE_SEED);
	n = td_shingle_sort_unique(all, n);
	if (n > (size_t) keep)
		n = keep;
	memcpy(out, all, n * sizeof(int64_t));
	free(s);
	free(start);
	free(all);
	return n;
}

static void
random_text(unsigned *seed, char *buf, size_t words, int vocab)
{
	static const char *seps[] = {" ", ", ", ". ", " - ", "\n", " « "};
	size_t		i;
	size_t		o = 0;

	for (i = 0; i < words; i++)
	{
		*seed = *seed * 1103515245u + 12345u;
		o += sprintf(buf + o, "%sW%u", i ? seps[(*seed >> 8) % 6] : "", (*seed >> 16) % vocab);
	}
	buf[o] = '\0';
}

static void
test_against_reference(void)
{
	static char text[64 * 1024];
	unsigned	seed = 7;
	int			bad = 0;
	int			trial;
	td_env		env;

	td_env_default(&env);
	for (trial = 0; trial < 300; trial++)
	{
		int			width = 1 + trial % 9;
		int			keep = 1 + (trial * 7) % 40;
		int64_t		got[64];
		int64_t		want[64];
		size_t		n;
		size_t		m;

		/* small vocabularies repeat windows, so deduplication is exercised */
		random_text(&seed, text, (size_t) (trial % 50) * (1 + trial % 7), 2 + trial % 30);
		if (td_shingles(&env, text, strlen(text), width, keep, got, &n) != TD_OK)
		{
			bad++;
			continue;
		}
		m = reference(text, width, keep, want);
		bad += n != m || memcmp(got, want, n * sizeof(int64_t)) != 0;
	}
	CHECK(bad == 0, "%d of 300 random texts differ from the reference", bad);
}

static void
test_tiny_and_insensitive(void)
{
	td_env		env;
	int64_t		a[8];
	int64_t		b[8];
	int64_t		sa[16];
	int64_t		sb[16];
	size_t		na;
	size_t		nb;

	td_env_default(&env);
	CHECK(td_shingles(&env, "", 0, 6, 8, a, &na) == TD_OK && na == 0, "empty: none");
	CHECK(td_shingles(&env, "?!", 2, 6, 8, a, &na) == TD_OK && na == 0, "no words: none");
	CHECK(td_minhash(&env, "", 0, 5, 16, sa, &na) == TD_OK && na == 0, "empty signature");
	/* fewer words than width: one shingle of the whole text */
	CHECK(td_shingles(&env, "one two", 7, 6, 8, a, &na) == TD_OK && na == 1, "tiny");
	CHECK(td_shingles(&env, "one two", 7, 2, 8, b, &nb) == TD_OK && nb == 1 && a[0] == b[0],
		  "tiny = exact width");
	/* repeated windows count once */
	CHECK(td_shingles(&env, "a a a a a a a a a", 17, 2, 8, a, &na) == TD_OK && na == 1, "repeats");

	CHECK(td_shingles(&env, fox, strlen(fox), 6, 8, a, &na) == TD_OK, "fox");
	{
		const char *shout =
		"THE QUICK -- brown FOX; jumps over\tthe lazy dog!! and The Dog sleeps (in) the warm sun... all day long";

		CHECK(td_shingles(&env, shout, strlen(shout), 6, 8, b, &nb) == TD_OK &&
			  na == nb && memcmp(a, b, na * 8) == 0, "case and punctuation insensitive");
		CHECK(td_minhash(&env, fox, strlen(fox), 5, 16, sa, &na) == TD_OK &&
			  td_minhash(&env, shout, strlen(shout), 5, 16, sb, &nb) == TD_OK &&
			  td_minhash_similarity(sa, sb, 16) == 1.0, "minhash insensitive");
	}
	/* determinism */
	CHECK(td_shingles(&env, fox, strlen(fox), 6, 8, a, &na) == TD_OK &&
		  td_shingles(&env, fox, strlen(fox), 6, 8, b, &nb) == TD_OK &&
		  na == 8 && nb == 8 && memcmp(a, b, na * 8) == 0, "deterministic");
}

static void
test_overlap_similarity(void)
{
	static char t1[16384];
	static char t2[16384];
	int64_t		a[1024];
	int64_t		b[1024];
	int64_t		u[] = {-5, 1, 3, 9, 12};
	int64_t		v[] = {-7, -5, 3, 4, 12, 20};
	size_t		na;
	size_t		nb;
	unsigned	seed = 99;
	td_env		env;
	double		s;
	int			i;
	size_t		nw = 0;

	td_env_default(&env);
	CHECK(td_shingle_overlap(u, 5, v, 6) == 3, "overlap 3");
	CHECK(td_shingle_overlap(v, 6, u, 5) == 3, "symmetric");
	CHECK(td_shingle_overlap(u, 5, u, 5) == 5, "self");
	CHECK(td_shingle_overlap(u, 0, v, 6) == 0, "empty");
	{
		int64_t		w[] = {3, 1, 3, -2, 1};

		CHECK(td_shingle_sort_unique(w, 5) == 3 && w[0] == -2 && w[1] == 1 && w[2] == 3,
			  "sort unique");
	}

	/* Jaccard of word 1-grams: t1 words 0..599, t2 words 200..799 -> 400 / 800 = 0.5 */
	for (i = 0; i < 600; i++)
		nw += sprintf(t1 + nw, "w%d ", i);
	nw = 0;
	for (i = 200; i < 800; i++)
		nw += sprintf(t2 + nw, "w%d ", i);
	CHECK(td_minhash(&env, t1, strlen(t1), 1, 1024, a, &na) == TD_OK && na == 1024, "t1");
	CHECK(td_minhash(&env, t2, strlen(t2), 1, 1024, b, &nb) == TD_OK && nb == 1024, "t2");
	s = td_minhash_similarity(a, b, 1024);
	/* standard error sqrt(0.25 / 1024) = 0.016: 4 sigma */
	CHECK(fabs(s - 0.5) < 0.063, "Jaccard 0.5 estimated as %f", s);
	CHECK(s == td_minhash_similarity(b, a, 1024), "similarity symmetric");
	CHECK(td_minhash_similarity(a, a, 1024) == 1.0, "self 1");
	CHECK(td_minhash_similarity(a, a, 0) == 0.0, "empty 0");

	/* unrelated random texts: similarity near 0, always in [0, 1] */
	random_text(&seed, t1, 500, 100000);
	random_text(&seed, t2, 500, 100000);
	td_minhash(&env, t1, strlen(t1), 5, 256, a, &na);
	td_minhash(&env, t2, strlen(t2), 5, 256, b, &nb);
	s = td_minhash_similarity(a, b, 256);
	CHECK(s >= 0 && s < 0.05, "unrelated %f", s);
	td_shingles(&env, t1, strlen(t1), 6, 8, a, &na);
	td_shingles(&env, t2, strlen(t2), 6, 8, b, &nb);
	CHECK(td_shingle_overlap(a, na, b, nb) == 0, "unrelated shingles");
}

static void
test_bands(void)
{
	td_env		env;
	int64_t		sig[12] = {1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6};
	int64_t		k6[6];
	int64_t		k2[2];
	int64_t		k1[1];

	td_env_default(&env);
	CHECK(td_minhash_bands(&env, sig, 12, 6, k6) == TD_OK, "6 bands");
	/* bands 0 and 3 hold the same values (1, 2) but their keys differ */
	CHECK(k6[0] != k6[3], "band index mixed in");
	CHECK(td_minhash_bands(&env, sig, 12, 2, k2) == TD_OK && k2[0] != k2[1], "2 bands");
	CHECK(td_minhash_bands(&env, sig, 12, 1, k1) == TD_OK, "1 band");
	CHECK(td_minhash_bands(&env, sig, 12, 5, k6) == TD_EARG &&
		  strstr(env.errmsg, "must divide") != NULL, "5 does not divide 12: %s", env.errmsg);
	CHECK(td_minhash_bands(&env, sig, 12, 0, k6) == TD_EARG, "0 bands");
	CHECK(td_minhash_bands(&env, sig, 0, 4, k6) == TD_OK, "empty signature, no keys");
	sig[7] = 99;				/* band 3 of 6 changes, the others do not */
	{
		int64_t		k6b[6];
		int			i;
		int			same = 0;

		td_minhash_bands(&env, sig, 12, 6, k6b);
		for (i = 0; i < 6; i++)
			same += k6[i] == k6b[i];
		CHECK(same == 5 && k6[3] != k6b[3], "one band changed");
	}
}

static void
test_errors(void)
{
	td_env		env;
	int64_t		out[8];
	size_t		n;

	td_env_default(&env);
	CHECK(td_shingles(&env, fox, strlen(fox), 0, 8, out, &n) == TD_EARG, "width 0");
	CHECK(strcmp(env.errmsg, "width must be between 1 and 256, got 0") == 0, "%s", env.errmsg);
	CHECK(td_shingles(&env, fox, strlen(fox), 257, 8, out, &n) == TD_EARG, "width 257");
	CHECK(td_shingles(&env, fox, strlen(fox), 6, 0, out, &n) == TD_EARG, "keep 0");
	CHECK(td_shingles(&env, fox, strlen(fox), 6, 4097, out, &n) == TD_EARG, "keep 4097");
	CHECK(td_minhash(&env, fox, strlen(fox), 5, 0, out, &n) == TD_EARG, "k 0");
	CHECK(strcmp(env.errmsg, "k must be between 1 and 4096, got 0") == 0, "%s", env.errmsg);
	CHECK(td_minhash(&env, fox, strlen(fox), 5, 4097, out, &n) == TD_EARG, "k 4097");
	CHECK(td_minhash(&env, fox, strlen(fox), -1, 8, out, &n) == TD_EARG, "width -1");
}

static void
test_enomem_and_interrupt(void)
{
	static char text[200000];
	unsigned	seed = 3;
	int64_t		out[128];
	size_t		n;
	long		budget;
	int			bad = 0;

	random_text(&seed, text, 20000, 5000);
	for (budget = 0; budget < 4; budget++)
	{
		counting	c = {0, budget, 0};
		td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
		td_status	s1 = td_shingles(&env, text, strlen(text), 6, 8, out, &n);
		td_status	s2;

		c.budget = budget;
		s2 = td_minhash(&env, text, strlen(text), 5, 128, out, &n);
		bad += c.live != 0;
		bad += (s1 != TD_OK && s1 != TD_ENOMEM) || (s2 != TD_OK && s2 != TD_ENOMEM);
		if (budget == 0)
			bad += s1 != TD_ENOMEM || s2 != TD_ENOMEM;
	}
	CHECK(bad == 0, "%d ENOMEM problems", bad);
	{
		counting	c = {0, -1, 1};
		td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};

		CHECK(td_shingles(&env, text, strlen(text), 6, 8, out, &n) == TD_EINTR && c.live == 0,
			  "shingles interrupted");
		CHECK(td_minhash(&env, text, strlen(text), 5, 128, out, &n) == TD_EINTR && c.live == 0,
			  "minhash interrupted");
	}
}

int
main(void)
{
	test_goldens();
	test_normalise();
	test_against_reference();
	test_tiny_and_insensitive();
	test_overlap_similarity();
	test_bands();
	test_errors();
	test_enomem_and_interrupt();
	return check_done("test_shingle");
}
