/*
 * check.h — the core unit tests' tiny harness.  Each test program includes it,
 * uses CHECK(cond, ...) and ends main with return check_done("name").
 * Output: one "not ok" line per failure and a closing "N passed, N failed".
 * Both are flushed at once: stdout is a file under make test (block-buffered),
 * and a sanitizer report (a leak found at exit) ends the program without
 * flushing it, which lost the lines saying what failed.
 */
#ifndef TD_CHECK_H
#define TD_CHECK_H

#include <stdio.h>

static int	check_passed;
static int	check_failed;

#define CHECK(cond, ...) \
	do { \
		if (cond) \
			check_passed++; \
		else \
		{ \
			check_failed++; \
			printf("not ok %s:%d: %s: ", __FILE__, __LINE__, #cond); \
			printf(__VA_ARGS__); \
			printf("\n"); \
			fflush(stdout); \
		} \
	} while (0)

static inline int
check_done(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
	fflush(stdout);
	return check_failed ? 1 : 0;
}

#endif
