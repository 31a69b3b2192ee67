// lang_compare_cld2.cc — lang_compare.c's twin with CLD2 (bench/README.md#language).
#include <cstdio>
#include <cstring>
#include <ctime>
#include <cld2/public/compact_lang_det.h>

int
main()
{
	static char buf[65536];
	char		name[4096];
	double		total = 0;

	while (fgets(name, sizeof name, stdin))
	{
		name[strcspn(name, "\n")] = 0;
		FILE	   *f = fopen(name, "rb");
		if (!f)
			continue;
		size_t		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		CLD2::Language l3[3];
		int			pct[3], tb;
		double		sc[3];
		bool		rel;
		int			valid;
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		CLD2::Language l = CLD2::ExtDetectLanguageSummaryCheckUTF8(buf, (int) n, true, NULL, 0,
			l3, pct, sc, NULL, &tb, &rel, &valid);
		clock_gettime(CLOCK_MONOTONIC, &b);
		total += (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
		printf("%s\t%s\t%d\t%d\n", name, CLD2::LanguageCode(l), pct[0], rel);
	}
	fprintf(stderr, "cld2 seconds %.3f\n", total);
	return 0;
}
