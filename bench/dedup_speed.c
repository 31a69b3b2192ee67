/*
 * dedup_speed.c — core speed of td_shingles and td_minhash on text files (no
 * server): every file named on the command line is read, and each function
 * runs over all of them REPS times; the best run is reported in MB/s.
 *
 *   make build/bench/dedup_speed     (make bench-tools: every bench tool)
 *   build/bench/dedup_speed ../shared/corpus/sites/SITE/NNN.txt ...   (every gold text)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dedup/shingle.h"

#define REPS 5

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	char	  **text = calloc(argc, sizeof(char *));
	size_t	   *len = calloc(argc, sizeof(size_t));
	size_t		total = 0;
	int			i;
	int			rep;
	int			m;
	td_env		env;
	static int64_t out[4096];
	struct
	{
		const char *name;
		int			kind;
		int			width;
		int			param;
	}			measures[] = {
		{"shingles (6, 8)", 0, 6, 8},
		{"minhash (5, 128)", 1, 5, 128},
		{"minhash (5, 32)", 1, 5, 32},
		{"words only (normalise)", 2, 0, 0},
	};

	td_env_default(&env);
	for (i = 1; i < argc; i++)
	{
		FILE	   *f = fopen(argv[i], "rb");
		long		n;

		if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0)
		{
			perror(argv[i]);
			return 1;
		}
		rewind(f);
		text[i] = malloc((size_t) n + 1);
		len[i] = fread(text[i], 1, (size_t) n, f);
		fclose(f);
		total += len[i];
	}
	printf("%d files, %.1f MB\n", argc - 1, total / 1048576.0);
	for (m = 0; m < (int) (sizeof(measures) / sizeof(measures[0])); m++)
	{
		double		best = 1e30;
		size_t		check = 0;

		for (rep = 0; rep < REPS; rep++)
		{
			double		t0 = now();

			for (i = 1; i < argc; i++)
			{
				size_t		n = 0;

				if (measures[m].kind == 0)
					td_shingles(&env, text[i], len[i], measures[m].width, measures[m].param, out, &n);
				else if (measures[m].kind == 1)
					td_minhash(&env, text[i], len[i], measures[m].width, measures[m].param, out, &n);
				else
				{
					char	   *buf = malloc(len[i] + 1);

					n = td_shingle_words(text[i], len[i], buf, &n);
					free(buf);
				}
				check += n;
			}
			if (now() - t0 < best)
				best = now() - t0;
		}
		printf("%-24s %8.1f MB/s  (%zu)\n", measures[m].name, total / 1048576.0 / best, check);
	}
	return 0;
}
