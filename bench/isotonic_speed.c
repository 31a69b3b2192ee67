/*
 * isotonic_speed.c — td_isotonic_smooth on synthetic page-like trees (each node
 * hangs under one of the last node's 0..3 nearest ancestors, random scores,
 * weights 1..3, penalties 0.01..1).  Prints the median and best milliseconds
 * per call and the bytes the call allocates, per size and number of levels.
 *
 * build: make build/bench/isotonic_speed   (make bench-tools: every bench tool)
 * run:   build/bench/isotonic_speed [ROUNDS]   (default 21)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "page/isotonic.h"

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
	double		da = *(const double *) a,
				db = *(const double *) b;

	return (da > db) - (da < db);
}

static void
run(uint32_t n, uint32_t levels, int rounds)
{
	uint32_t   *parent = malloc(n * sizeof(uint32_t));
	uint32_t   *path = malloc(n * sizeof(uint32_t));
	double	   *x = malloc(n * sizeof(double));
	double	   *w = malloc(n * sizeof(double));
	double	   *g = malloc(n * sizeof(double));
	double	   *y = malloc(n * sizeof(double));
	uint8_t    *seg = malloc(n);
	double	   *ms = malloc(rounds * sizeof(double));
	uint32_t	depth = 0,
				segs = 0;
	double		cost = 0;
	td_env		env;

	td_env_default(&env);
	parent[0] = UINT32_MAX;
	path[depth++] = 0;
	for (uint32_t i = 1; i < n; i++)
	{
		uint32_t	up = rng() % 4;

		while (up-- > 0 && depth > 1)
			depth--;
		parent[i] = path[depth - 1];
		path[depth++] = i;
	}
	for (uint32_t i = 0; i < n; i++)
	{
		x[i] = (double) (rng() >> 11) / 9007199254740992.0;
		w[i] = 1 + rng() % 3;
		g[i] = 0.01 * (1 + rng() % 100);
	}
	for (int r = 0; r < rounds; r++)
	{
		double		t0 = now_ms();

		if (td_isotonic_smooth(&env, n, parent, x, w, g, levels, SIZE_MAX,
							   y, seg, &cost) != TD_OK)
		{
			fprintf(stderr, "isotonic_speed: %s\n", env.errmsg);
			exit(1);
		}
		ms[r] = now_ms() - t0;
	}
	for (uint32_t i = 0; i < n; i++)
		segs += seg[i];
	qsort(ms, rounds, sizeof(double), cmp_double);
	printf("n=%6u K=%-5s median %8.3f ms  best %8.3f ms  %10zu bytes  %u segments\n",
		   n, levels ? (levels == 101 ? "101" : "1001") : "exact", ms[rounds / 2], ms[0],
		   td_isotonic_bytes(n, levels), segs);
	free(parent);
	free(path);
	free(x);
	free(w);
	free(g);
	free(y);
	free(seg);
	free(ms);
}

int
main(int argc, char **argv)
{
	int			rounds = argc > 1 ? atoi(argv[1]) : 21;

	if (rounds < 1)
		rounds = 1;
	run(2000, 101, rounds);
	run(20000, 101, rounds);
	run(100000, 101, rounds);
	run(20000, 1001, rounds);
	run(2000, 0, rounds);
	run(5000, 0, rounds);
	return 0;
}
