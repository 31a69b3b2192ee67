/*
 * test_hash.c — td_hash64 and td_hash_mix are frozen: their values are stored
 * on disk inside profiles, so any change here is a format change (a new
 * TD_FP_SCHEME), never a silent edit.  The goldens must hold on every host,
 * whatever its endianness, and for data at any alignment.
 */
#include <string.h>

#include "check.h"
#include "base/hash.h"

typedef struct golden
{
	const char *text;
	uint64_t	seed0;			/* td_hash64(text, strlen(text), 0) */
	uint64_t	seed5eed;		/* td_hash64(text, strlen(text), 0x5eed) */
} golden;

static const golden goldens[] = {
	{"", 0x333af275b9934d4aULL, 0x78a669658d0f105fULL},
	{"a", 0x9cdd5821b8238567ULL, 0x64c238ed7ccff1c7ULL},
	{"abc", 0x9e91ce75093a95dcULL, 0x781fb8b70ae92f39ULL},
	{"12345678", 0x0bb7bd685e0aca76ULL, 0x6cb6bce39a80aca4ULL},
	{"123456789", 0x04f63e5e82977d36ULL, 0x2107fe139da0bffdULL},
	{"the quick brown fox jumps over the lazy dog",
	0xf693db2fb3d944f6ULL, 0xb35155b202dcd202ULL},
};

static void
test_goldens(void)
{
	unsigned char bytes[256];
	size_t		i;

	for (i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++)
	{
		const golden *g = &goldens[i];
		size_t		len = strlen(g->text);

		CHECK(td_hash64(g->text, len, 0) == g->seed0, "\"%s\", seed 0", g->text);
		CHECK(td_hash64(g->text, len, 0x5eed) == g->seed5eed, "\"%s\", seed 0x5eed", g->text);
	}
	for (i = 0; i < 256; i++)
		bytes[i] = (unsigned char) i;
	CHECK(td_hash64(bytes, 256, 1) == 0xfb940e945fc863e0ULL, "bytes 0..255, seed 1");
	CHECK(td_hash_mix(0, 0) == 0x642b3651143776feULL, "mix(0, 0)");
	CHECK(td_hash_mix(0x0123456789abcdefULL, 42) == 0x1c25f41bc1d8f130ULL, "mix(.., 42)");
}

/* Every length up to a few blocks, at every offset within a word. */
static void
test_alignment(void)
{
	unsigned char src[64];
	unsigned char shifted[64 + 8];
	size_t		len;
	size_t		off;
	int			bad = 0;

	for (len = 0; len < sizeof(src); len++)
		src[len] = (unsigned char) (len * 37 + 11);
	for (len = 0; len <= sizeof(src); len++)
	{
		uint64_t	want = td_hash64(src, len, 99);

		for (off = 1; off < 8; off++)
		{
			memcpy(shifted + off, src, len);
			bad += td_hash64(shifted + off, len, 99) != want;
		}
	}
	CHECK(bad == 0, "%d hashes depend on alignment", bad);
}

/* The tail marker keeps trailing zero bytes from vanishing. */
static void
test_lengths_differ(void)
{
	unsigned char zeros[16] = {0};
	size_t		a;
	size_t		b;
	int			same = 0;

	for (a = 0; a <= 16; a++)
		for (b = a + 1; b <= 16; b++)
			same += td_hash64(zeros, a, 0) == td_hash64(zeros, b, 0);
	CHECK(same == 0, "zero runs of different lengths collide %d times", same);
}

int
main(void)
{
	test_goldens();
	test_alignment();
	test_lengths_differ();
	return check_done("test_hash");
}
