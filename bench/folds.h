/*
 * folds.h — the bench's k-fold rule for datasets of pages from many sites
 * (page_quality.c kfold, page_type.c): a page's fold is a hash of its URL's
 * registered domain, so no domain is both trained and scored on.
 */
#ifndef TD_BENCH_FOLDS_H
#define TD_BENCH_FOLDS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/fnv.h"

/*
 * The registered domain of a URL's host ("www." and other subdomains off:
 * the last two labels, three when the second-level one is a generic one
 * under a two-letter country code: co.uk, com.au...), for folds by domain.
 */
static inline void
reg_domain(const char *url, char *buf, size_t size)
{
	const char *h = strstr(url, "://"),
			   *e,
			   *dots[4] = {0};
	int			nd = 0;
	size_t		len;

	h = h ? h + 3 : url;
	e = h + strcspn(h, "/:?#");
	for (const char *q = e; q-- > h;)
		if (*q == '.')
		{
			if (nd < 4)
				dots[nd] = q;
			nd++;
		}
	if (nd >= 2 && e - dots[0] == 3)	/* ".uk": a ccTLD */
	{
		len = dots[0] - dots[1] - 1;
		if (len <= 3 && (strncmp(dots[1] + 1, "co", len) == 0 || strncmp(dots[1] + 1, "com", len) == 0 ||
						 strncmp(dots[1] + 1, "org", len) == 0 || strncmp(dots[1] + 1, "net", len) == 0 ||
						 strncmp(dots[1] + 1, "ac", len) == 0 || strncmp(dots[1] + 1, "gov", len) == 0 ||
						 strncmp(dots[1] + 1, "edu", len) == 0 || strncmp(dots[1] + 1, "ne", len) == 0 ||
						 strncmp(dots[1] + 1, "or", len) == 0))
			h = nd >= 3 ? dots[2] + 1 : h;
		else
			h = dots[1] + 1;
	}
	else if (nd >= 2)
		h = dots[1] + 1;
	snprintf(buf, size, "%.*s", (int) (e - h), h);
	for (char *q = buf; *q; q++)
		if (*q >= 'A' && *q <= 'Z')
			*q += 32;
}

static inline int
fold_of(const char *url, int k)
{
	char		dom[1024];
	uint64_t	h;

	reg_domain(url, dom, sizeof(dom));
	h = td_fnv_bytes(TD_FNV_OFFSET, dom, strlen(dom));
	return (int) (h % (uint64_t) k);
}

#endif
