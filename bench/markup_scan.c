/*
 * markup_scan.c — td_sniff_markup (src/core/base/markup.h) over files named
 * one per line on stdin, as the SQL functions see them (charset sniffed, BOM
 * skipped): prints each refused file with the reason, and a summary with the
 * sparsest tag density among the accepted files over 64 KB (how far the
 * corpus is from the "almost no tags" rule).  Not a test: bench/README.md
 * has the commands and their figures.
 *
 *   cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Isrc/core $(xml2-config --cflags) \
 *      -o build/bench/markup_scan bench/markup_scan.c src/core/base/markup.c \
 *      src/core/base/charset.c src/core/base/env.c
 *   find ../shared/corpus -name '*.html' | build/bench/markup_scan
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/markup.h"

static size_t
count_tags(const char *b, size_t len)
{
	size_t		n = 0;
	size_t		i;

	for (i = 0; i + 1 < len; i++)
		if (b[i] == '<' && (((b[i + 1] | 0x20) >= 'a' && (b[i + 1] | 0x20) <= 'z') ||
							b[i + 1] == '/' || b[i + 1] == '!' || b[i + 1] == '?'))
			n++;
	return n;
}

int
main(void)
{
	char		path[4096];
	size_t		files = 0,
				refused = 0,
				large = 0;
	double		sparsest = -1;
	char		sparsest_path[4096] = "";
	td_env		env;

	td_env_default(&env);
	while (fgets(path, sizeof(path), stdin))
	{
		FILE	   *f;
		char	   *data;
		long		size;
		size_t		bom = 0;
		const char *enc;

		path[strcspn(path, "\n")] = '\0';
		if ((f = fopen(path, "rb")) == NULL)
			continue;
		fseek(f, 0, SEEK_END);
		size = ftell(f);
		fseek(f, 0, SEEK_SET);
		data = malloc(size > 0 ? (size_t) size : 1);
		if (size < 0 || fread(data, 1, (size_t) size, f) != (size_t) size)
		{
			fclose(f);
			free(data);
			continue;
		}
		fclose(f);
		files++;
		enc = td_sniff_charset(data, (size_t) size, &bom);
		if (td_sniff_markup(&env, data + bom, (size_t) size - bom, enc) != TD_OK)
		{
			refused++;
			printf("refused %s (%ld bytes): %s\n", path, size, env.errmsg);
		}
		else if ((size_t) size - bom > TD_MARKUP_SPARSE_MIN)
		{
			double		per16k = count_tags(data + bom, (size_t) size - bom) * 16384.0 / (double) (size - bom);

			large++;
			if (sparsest < 0 || per16k < sparsest)
			{
				sparsest = per16k;
				snprintf(sparsest_path, sizeof(sparsest_path), "%s", path);
			}
		}
		free(data);
	}
	printf("%zu files, %zu refused, %zu accepted over 64 KB", files, refused, large);
	if (sparsest >= 0)
		printf("; sparsest of those: %.1f tags per 16 KB (%s)", sparsest, sparsest_path);
	printf("\n");
	return 0;
}
