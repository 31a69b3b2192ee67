/*
 * markup.c — refusing bytes that cannot be markup (markup.h).
 */
#include <string.h>

#include "base/markup.h"
#include "util/poll.h"

typedef struct signature
{
	size_t		offset;			/* where the magic bytes start */
	size_t		len;
	const char *magic;
	const char *name;
} signature;

/*
 * Magic numbers of file formats that are never a page.  Only ones that a
 * text page cannot start with by accident: each has a byte that is not
 * printable ASCII, or is long and specific ("%PDF-", "SQLite format 3").
 */
static const signature signatures[] = {
	{0, 5, "%PDF-", "a PDF document"},
	{0, 2, "\x1f\x8b", "gzip data"},
	{0, 4, "PK\x03\x04", "a zip archive"},
	{0, 4, "PK\x05\x06", "a zip archive"},
	{0, 4, "PK\x07\x08", "a zip archive"},
	{0, 8, "\x89PNG\r\n\x1a\n", "a PNG image"},
	{0, 3, "\xff\xd8\xff", "a JPEG image"},
	{0, 6, "GIF87a", "a GIF image"},
	{0, 6, "GIF89a", "a GIF image"},
	{8, 4, "WEBP", "a WebP image"},
	{8, 4, "WAVE", "RIFF audio"},
	{8, 4, "AVI ", "RIFF video"},
	{0, 4, "\x7f" "ELF", "an ELF executable"},
	{0, 4, "\xfe\xed\xfa\xce", "a Mach-O executable"},
	{0, 4, "\xfe\xed\xfa\xcf", "a Mach-O executable"},
	{0, 4, "\xce\xfa\xed\xfe", "a Mach-O executable"},
	{0, 4, "\xcf\xfa\xed\xfe", "a Mach-O executable"},
	{0, 4, "\xca\xfe\xba\xbe", "a Mach-O universal binary or Java class"},
	{0, 4, "\0asm", "a WebAssembly module"},
	{0, 6, "7z\xbc\xaf\x27\x1c", "a 7z archive"},
	{0, 6, "\xfd" "7zXZ\0", "xz data"},
	{0, 4, "\x28\xb5\x2f\xfd", "zstd data"},
	{0, 4, "\x04\x22\x4d\x18", "lz4 data"},
	{0, 6, "Rar!\x1a\x07", "a RAR archive"},
	{0, 8, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an OLE2 (old Office) document"},
	{0, 16, "SQLite format 3\0", "an SQLite database"},
	{0, 5, "OggS\0", "Ogg media"},
	{4, 4, "ftyp", "ISO media (MP4, MOV, HEIF)"},
	{0, 4, "wOFF", "a WOFF font"},
	{0, 4, "wOF2", "a WOFF2 font"},
};

static inline uint32_t
load_le32(const uint8_t *b)
{
	return (uint32_t) b[0] | (uint32_t) b[1] << 8 |
		(uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
}

/* The name of the binary format bytes start with, or NULL. */
static const char *
binary_signature(const uint8_t *b, size_t len)
{
	size_t		i;

	for (i = 0; i < sizeof(signatures) / sizeof(signatures[0]); i++)
	{
		const signature *s = &signatures[i];

		if (len >= s->offset + s->len && memcmp(b + s->offset, s->magic, s->len) == 0 &&
			(s->offset != 8 || memcmp(b, "RIFF", 4) == 0) &&
			(s->offset != 4 || (b[0] == 0 && b[1] == 0)))	/* ftyp: a small box size */
			return s->name;
	}
	/* bzip2: "BZh", a block size digit, then a block or end-of-stream magic */
	if (len >= 10 && memcmp(b, "BZh", 3) == 0 && b[3] >= '1' && b[3] <= '9' &&
		(memcmp(b + 4, "1AY&SY", 6) == 0 || memcmp(b + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0))
		return "bzip2 data";
	/* PE: the DOS stub's "MZ" and, where e_lfanew points, "PE\0\0" */
	if (len >= 64 && b[0] == 'M' && b[1] == 'Z')
	{
		uint32_t	pe = load_le32(b + 60);

		if (pe <= len - 4 && memcmp(b + pe, "PE\0\0", 4) == 0)
			return "a PE (Windows) executable";
	}
	return NULL;
}

static int
wide_encoding(const char *encoding)
{
	return encoding != NULL && strncmp(encoding, "UTF-16", 6) == 0;
}

/* Whether a '<' at b[i] starts a tag: a letter, '/', '!' or '?' after it, NULs skipped. */
static int
tag_start(const uint8_t *b, size_t len, size_t i)
{
	size_t		j = i + 1;
	size_t		end = i + 4 < len ? i + 4 : len;
	uint8_t		c;

	while (j < end && b[j] == 0)
		j++;
	if (j >= len)
		return 0;
	c = b[j];
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '/' || c == '!' || c == '?';
}

/*
 * Whether bytes open with "<!doctype html" or "<html" (case-insensitive,
 * after white space; NULs skipped, for UTF-16): a page that says it is one,
 * however much of it is an inline data: URL, is not held to the tag density.
 */
static int
opens_as_html(const uint8_t *b, size_t len)
{
	static const char *const openings[] = {"<!doctype html", "<html"};
	size_t		limit = len < 1024 ? len : 1024;
	size_t		start = 0;
	int			k;

	while (start < limit && (b[start] == 0 || b[start] == ' ' || b[start] == '\t' ||
							 b[start] == '\n' || b[start] == '\r' || b[start] == '\f'))
		start++;
	for (k = 0; k < 2; k++)
	{
		const char *o = openings[k];
		size_t		i = start;

		while (*o != '\0' && i < limit)
		{
			if (b[i] != 0)
			{
				uint8_t		c = b[i] >= 'A' && b[i] <= 'Z' ? (uint8_t) (b[i] | 0x20) : b[i];

				if (c != (uint8_t) *o && !(*o == ' ' && (c == '\t' || c == '\n')))
					break;
				o++;
			}
			i++;
		}
		if (*o == '\0')
			return 1;
	}
	return 0;
}

td_status
td_sniff_markup(td_env *env, const char *bytes, size_t len, const char *encoding)
{
	const uint8_t *b = (const uint8_t *) bytes;
	const char *format = binary_signature(b, len);
	const uint8_t *nul;
	size_t		need;
	size_t		tags = 0;
	size_t		i = 0;
	size_t		next_poll = 0;

	if (format != NULL)
		return td_fail(env, TD_ENOTHTML, "input is not HTML: it starts like %s", format);
	if (!wide_encoding(encoding) &&
		(nul = memchr(b, 0, len < TD_MARKUP_NUL_BYTES ? len : TD_MARKUP_NUL_BYTES)) != NULL)
		return td_fail(env, TD_ENOTHTML, "input is not HTML: a NUL byte at offset %zu",
					   (size_t) (nul - b));
	if (len <= TD_MARKUP_SPARSE_MIN || opens_as_html(b, len))
		return TD_OK;
	/* one tag per TD_MARKUP_SPARSE_BYTES, rounded down: stop counting once there */
	need = len / TD_MARKUP_SPARSE_BYTES;
	while (i < len)
	{
		const uint8_t *lt = memchr(b + i, '<', len - i);

		if (lt == NULL)
			break;
		i = (size_t) (lt - b);
		if (td_poll_bytes(env, i, &next_poll))
			return td_input_interrupted(env);
		if (tag_start(b, len, i) && ++tags >= need)
			return TD_OK;
		i++;
	}
	return td_fail(env, TD_ENOTHTML,
				   "input is not HTML: %zu tags in %zu bytes, fewer than one per %d bytes",
				   tags, len, TD_MARKUP_SPARSE_BYTES);
}
