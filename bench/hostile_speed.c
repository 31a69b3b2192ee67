/*
 * hostile_speed.c — parse time of pages built to be slow, against a plain
 * page of the same size parsed beside them (the reference): one tag with
 * 100,000 attributes (libxml2's duplicate check is quadratic; the tag bound
 * keeps 1,000, src/core/base/tagbound.c), the same with names libxml2 does
 * not read (the scan rewrites them), and 100,000 nested divs (clamped at
 * max_depth, src/core/base/tree.c).  These were timed assertions in test_dom once;
 * tests do not time, this bench does.
 *
 * build: make build/bench/hostile_speed   (make bench-tools: every bench tool)
 * run:   build/bench/hostile_speed [ROUNDS]   (default 5; best of the rounds)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/tree.h"

static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Best CPU time of rounds parses of html. */
static double
best_parse(const char *html, size_t len, int rounds)
{
	double		best = 1e9;

	for (int r = 0; r < rounds; r++)
	{
		td_env		env;
		td_tree    *t = NULL;
		double		t0 = cpu_now(),
					dt;

		td_env_default(&env);
		if (td_parse_html(&env, html, len, "UTF-8", NULL, &t) != TD_OK)
		{
			fprintf(stderr, "parse: %s\n", env.errmsg);
			exit(1);
		}
		dt = cpu_now() - t0;
		td_tree_free(t);
		best = dt < best ? dt : best;
	}
	return best;
}

/* n copies of unit between head and tail, as one string. */
static char *
build(const char *head, const char *unit, int n, const char *tail, size_t *len)
{
	size_t		hl = strlen(head),
				ul = strlen(unit),
				tl = strlen(tail);
	char	   *s = malloc(hl + ul * (size_t) n + tl + 1),
			   *p = s;

	memcpy(p, head, hl);
	p += hl;
	for (int k = 0; k < n; k++, p += ul)
		memcpy(p, unit, ul);
	memcpy(p, tail, tl + 1);
	*len = (size_t) (p - s) + tl;
	return s;
}

static void
report(const char *what, const char *html, size_t len, int rounds)
{
	size_t		plen;
	/* the reference: as many bytes of ordinary paragraphs */
	char	   *plain = build("<html><body>", "<p>Some words, here.</p>", (int) (len / 24) + 1,
							  "</body></html>", &plen);
	double		ref = best_parse(plain, plen, rounds),
				t = best_parse(html, len, rounds);

	printf("%-34s %8.1f KB  %8.2f ms  reference %8.2f ms  %6.2fx\n", what, len / 1e3, t * 1e3,
		   ref * 1e3, t / ref);
	free(plain);
}

int
main(int argc, char **argv)
{
	/* each page: head, 100,000 copies of unit, tail */
	static const struct
	{
		const char *what,
				   *head,
				   *unit,
				   *tail;
	}			pages[] = {
		{"one tag, 100,000 bare attributes", "<html><body><p", " a", ">after</p></body></html>"},
		{"one tag, 100,000 quoted attributes", "<html><body><p", " c=\"> y z\"", ">after</p></body></html>"},
		/* names libxml2 does not read, rewritten by the tag scan (tagbound.c, html_attr) */
		{"one tag, 100,000 odd names", "<html><body><p", " @c=\"> y z\"", ">after</p></body></html>"},
		{"100,000 tags with an odd name", "<html><body>", "<p @click=\"a => b\">x</p>", "</body></html>"},
		{"100,000 nested divs", "<html><body>", "<div>", "deep text</body></html>"},
	};
	int			rounds = argc > 1 ? atoi(argv[1]) : 5;

	for (size_t k = 0; k < sizeof(pages) / sizeof(pages[0]); k++)
	{
		size_t		len;
		char	   *html = build(pages[k].head, pages[k].unit, 100000, pages[k].tail, &len);

		report(pages[k].what, html, len, rounds);
		free(html);
	}
	return 0;
}
