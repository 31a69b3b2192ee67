/*
 * lang_compare.c — the language detector choice (bench/README.md#language):
 * reads file names on stdin, detects each file's language (its first 64 KB)
 * with libexttextcat, prints "name<TAB>code" and the total detection time.
 * Its twin lang_compare_cld2.cc does the same with CLD2.  Not part of the
 * extension; built by hand (the command is in bench/README.md).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <libexttextcat/textcat.h>

int
main(void)
{
	static char buf[65536];
	char		name[4096];
	double		total = 0;
	void	   *h = special_textcat_Init("/usr/share/libexttextcat/fpdb.conf",
										 "/usr/share/libexttextcat/");

	if (!h)
		return 1;
	while (fgets(name, sizeof name, stdin))
	{
		FILE	   *f;
		size_t		n;
		struct timespec a, b;
		char	   *r;

		name[strcspn(name, "\n")] = 0;
		if (!(f = fopen(name, "rb")))
			continue;
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[n] = 0;
		clock_gettime(CLOCK_MONOTONIC, &a);
		r = textcat_Classify(h, buf, n);
		clock_gettime(CLOCK_MONOTONIC, &b);
		total += (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
		printf("%s\t%s\n", name, r);
	}
	fprintf(stderr, "exttextcat seconds %.3f\n", total);
	textcat_Done(h);
	return 0;
}
