/*
 * test_markup.c — td_sniff_markup: binary signatures, NUL bytes (but not in
 * UTF-16), the tag density of large inputs, and what stays allowed.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/markup.h"

static td_status
sniff(td_env *env, const char *b, size_t len, const char *enc)
{
	env->errmsg[0] = '\0';
	return td_sniff_markup(env, b, len, enc);
}

static void
expect_refused(td_env *env, const char *b, size_t len, const char *enc, const char *word)
{
	td_status	st = sniff(env, b, len, enc);

	CHECK(st == TD_ENOTHTML && strncmp(env->errmsg, "input is not HTML: ", 19) == 0 &&
		  strstr(env->errmsg, word) != NULL,
		  "expected a refusal about \"%s\", got %d: %s", word, st, env->errmsg);
}

static void
test_signatures(td_env *env)
{
	static const struct
	{
		const char *bytes;
		size_t		len;
		const char *word;
	}			cases[] = {
		{"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", 15, "PDF"},
		{"\x1f\x8b\x08\x00\x00\x00\x00\x00", 8, "gzip"},
		{"PK\x03\x04\x14\x00", 6, "zip"},
		{"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "PNG"},
		{"\xff\xd8\xff\xe0\0\x10JFIF", 10, "JPEG"},
		{"GIF89a\x01\0\x01\0", 10, "GIF"},
		{"RIFF\x24\0\0\0WEBPVP8 ", 16, "WebP"},
		{"\x7f" "ELF\x02\x01\x01", 7, "ELF"},
		{"\xcf\xfa\xed\xfe\x07\0\0\x01", 8, "Mach-O"},
		{"\0asm\x01\0\0\0", 8, "WebAssembly"},
		{"7z\xbc\xaf\x27\x1c\0\x04", 8, "7z"},
		{"BZh91AY&SY\x12\x34", 12, "bzip2"},
		{"\xfd" "7zXZ\0\0\x04", 8, "xz"},
		{"\x28\xb5\x2f\xfd\x04\0", 6, "zstd"},
		{"\0\0\0\x18" "ftypmp42", 12, "ISO media"},
	};
	char		pe[128];
	size_t		i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		expect_refused(env, cases[i].bytes, cases[i].len, "UTF-8", cases[i].word);
	/* PE: MZ, and "PE\0\0" where offset 60 points */
	memset(pe, 'x', sizeof(pe));
	memcpy(pe, "MZ", 2);
	pe[60] = 80;
	pe[61] = pe[62] = pe[63] = 0;
	memcpy(pe + 80, "PE\0\0", 4);
	expect_refused(env, pe, sizeof(pe), "windows-1252", "PE");
	/* ... but a text that starts with "MZ" or "BZh9" is text */
	CHECK(sniff(env, "MZ is a postcode area.", 22, "UTF-8") == TD_OK, "MZ text: %s", env->errmsg);
	CHECK(sniff(env, "BZh9 is not a file here", 23, "UTF-8") == TD_OK, "BZh text: %s", env->errmsg);
	/* signatures need their whole length */
	CHECK(sniff(env, "%PDF", 4, "UTF-8") == TD_OK, "a prefix of a signature is text");
}

static void
test_nul(td_env *env)
{
	static const char le[] = "<\0h\0t\0m\0l\0>\0h\0i\0<\0/\0h\0t\0m\0l\0>\0";
	static const char be[] = "\0<\0h\0t\0m\0l\0>\0h\0i\0<\0/\0h\0t\0m\0l\0>";
	char	   *b = malloc(TD_MARKUP_NUL_BYTES + 10);

	expect_refused(env, "<p>a\0b</p>", 10, "UTF-8", "NUL byte at offset 4");
	expect_refused(env, "<p>a\0b</p>", 10, NULL, "NUL byte at offset 4");
	CHECK(sniff(env, le, sizeof(le) - 1, "UTF-16LE") == TD_OK, "UTF-16LE page: %s", env->errmsg);
	CHECK(sniff(env, be, sizeof(be) - 1, "UTF-16BE") == TD_OK, "UTF-16BE page: %s", env->errmsg);
	expect_refused(env, le, sizeof(le) - 1, "windows-1252", "NUL byte at offset 1");
	/* a NUL past the first TD_MARKUP_NUL_BYTES is the parser's business */
	memset(b, 'a', TD_MARKUP_NUL_BYTES + 10);
	memcpy(b, "<p>", 3);
	b[TD_MARKUP_NUL_BYTES] = '\0';
	CHECK(sniff(env, b, TD_MARKUP_NUL_BYTES + 10, "UTF-8") == TD_OK, "late NUL: %s", env->errmsg);
	b[TD_MARKUP_NUL_BYTES - 1] = '\0';
	expect_refused(env, b, TD_MARKUP_NUL_BYTES + 10, "UTF-8", "NUL byte at offset 8191");
	free(b);
}

static void
test_density(td_env *env)
{
	size_t		len = TD_MARKUP_SPARSE_MIN + 1;
	size_t		need = len / TD_MARKUP_SPARSE_BYTES;	/* 4 */
	char	   *b = malloc(len);
	size_t		i;

	memset(b, 'a', len);
	CHECK(sniff(env, b, TD_MARKUP_SPARSE_MIN, "UTF-8") == TD_OK, "64 KB of text is text");
	expect_refused(env, b, len, "UTF-8", "0 tags in 65537 bytes");
	/* need - 1 tags: refused; need: accepted, wherever they are */
	for (i = 0; i + 1 < need; i++)
		memcpy(b + 1000 + i * 20000, "<b>", 3);
	expect_refused(env, b, len, "UTF-8", "3 tags");
	memcpy(b + len - 3, "</b", 3);
	CHECK(sniff(env, b, len, "UTF-8") == TD_OK, "4 tags in 64 KB + 1: %s", env->errmsg);
	/* what is not a tag start: "< b", "<3", "<<" */
	memcpy(b + len - 3, "< b", 3);
	expect_refused(env, b, len, "UTF-8", "3 tags");
	/* a page that says it is one is not held to the density */
	memcpy(b, "\n <!DOCTYPE html>", 17);
	CHECK(sniff(env, b, len, "UTF-8") == TD_OK, "doctype opening: %s", env->errmsg);
	memcpy(b, "\n <HTML lang=en  ", 17);
	CHECK(sniff(env, b, len, "UTF-8") == TD_OK, "html opening: %s", env->errmsg);
	memcpy(b, "\n  html lang=en  ", 17);	/* no "<": no opening */
	expect_refused(env, b, len, "UTF-8", "tags");
	free(b);
}

int
main(void)
{
	td_env		env;

	td_env_default(&env);
	test_signatures(&env);
	test_nul(&env);
	test_density(&env);
	CHECK(sniff(&env, "", 0, "UTF-8") == TD_OK, "empty input");
	CHECK(sniff(&env, "just a sentence", 15, "UTF-8") == TD_OK, "short text");
	return check_done("test_markup");
}
