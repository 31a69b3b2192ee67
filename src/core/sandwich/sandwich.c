/*
 * sandwich.c — units, the LCS (Myers, linear space) and the masked page of
 * the sandwich algorithm; the contract is in sandwich.h.
 */
#include <limits.h>
#include <string.h>
#include <strings.h>

#include "base/hash.h"
#include "base/decode.h"
#include "base/tagbound.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "util/u64set.h"
#include "sandwich/sandwich.h"

/* ---- lexer: tag and text tokens, as the HTML parser reads them ---------- */

enum
{
	TK_TEXT,
	TK_TAG
};

enum
{
	RAW_NONE,
	RAW_SCRIPT,
	RAW_STYLE
};

typedef struct lexer
{
	const char *s;
	size_t		len;
	size_t		pos;
	int			raw;			/* RAW_SCRIPT or RAW_STYLE right after such a start tag */
} lexer;

static inline int
is_alpha(unsigned char c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static inline int
markup_at(const lexer *lx, size_t i)
{
	unsigned char c;

	if (lx->s[i] != '<' || i + 1 >= lx->len)
		return 0;
	c = (unsigned char) lx->s[i + 1];
	return is_alpha(c) || c == '/' || c == '!' || c == '?';
}

/* Where the text starting at i ends: at the next markup, or at len. */
static size_t
text_end(const lexer *lx, size_t i)
{
	for (;;)
	{
		const char *lt = memchr(lx->s + i, '<', lx->len - i);

		if (lt == NULL)
			return lx->len;
		i = (size_t) (lt - lx->s);
		if (markup_at(lx, i))
			return i;
		i++;
	}
}

/*
 * Where raw text (script/style content) starting at i ends: at its end tag.
 * A script ends where the page's tree ends it (td_script_end: its HTML
 * escape states); a style at the first "</style".
 */
static size_t
raw_text_end(const lexer *lx, size_t i)
{
	if (lx->raw == RAW_SCRIPT)
		return td_script_end(lx->s, lx->len, i);
	for (;;)
	{
		const char *lt = memchr(lx->s + i, '<', lx->len - i);

		if (lt == NULL)
			return lx->len;
		i = (size_t) (lt - lx->s);
		if (lx->len - i >= 7 && strncasecmp(lx->s + i, "</style", 7) == 0)
			return i;
		i++;
	}
}

/* One past the markup starting at i (a '<' for which markup_at holds). */
static size_t
tag_end(lexer *lx, size_t i)
{
	const char *s = lx->s;
	size_t		len = lx->len,
				name = i + 1,
				name_end;

	if (len - i >= 4 && memcmp(s + i, "<!--", 4) == 0)
	{
		size_t		j;

		for (j = i + 4; j + 3 <= len; j++)
			if (s[j] == '-' && s[j + 1] == '-' && s[j + 2] == '>')
				return j + 3;
		return len;
	}
	for (name_end = name; name_end < len && is_alpha((unsigned char) s[name_end]); name_end++)
		;
	if (name_end - name == 6 && strncasecmp(s + name, "script", 6) == 0)
		lx->raw = RAW_SCRIPT;
	else if (name_end - name == 5 && strncasecmp(s + name, "style", 5) == 0)
		lx->raw = RAW_STYLE;
	for (i = name_end; i < len; i++)
	{
		if (s[i] == '>')
			return i + 1;
		if (s[i] == '=')
		{
			while (i + 1 < len && td_is_c_space((unsigned char) s[i + 1]))
				i++;
			if (i + 1 < len && (s[i + 1] == '"' || s[i + 1] == '\''))
			{
				const char *q = memchr(s + i + 2, s[i + 1], len - i - 2);

				if (q == NULL)
					return len;
				i = (size_t) (q - s);
			}
		}
	}
	return len;
}

/* The next token: 0 at the end, else its kind, start and end. */
static int
lex_next(lexer *lx, int *kind, size_t *start, size_t *end)
{
	size_t		i = lx->pos;

	if (i >= lx->len)
		return 0;
	*start = i;
	if (lx->raw != RAW_NONE)
	{
		size_t		e = raw_text_end(lx, i);

		lx->raw = RAW_NONE;
		if (e > i)
		{
			*kind = TK_TEXT;
			*end = lx->pos = e;
			return 1;
		}
	}
	if (markup_at(lx, i))
	{
		*kind = TK_TAG;
		*end = lx->pos = tag_end(lx, i);
		return 1;
	}
	*kind = TK_TEXT;
	*end = lx->pos = text_end(lx, i);
	return 1;
}

/* ---- units ------------------------------------------------------------ */

int
td_sw_unit_parse(const char *name, size_t len)
{
	if (len == 4 && memcmp(name, "line", 4) == 0)
		return TD_SW_LINE;
	if (len == 5 && memcmp(name, "token", 5) == 0)
		return TD_SW_TOKEN;
	return -1;
}

void
td_sw_units_free(td_sw_units *u)
{
	if (u->env)
	{
		td_free(u->env, u->off);
		td_free(u->env, u->len);
		td_free(u->env, u->hash);
	}
	memset(u, 0, sizeof(*u));
}

static size_t
count_byte(const char *s, size_t len, char c)
{
	size_t		n = 0;
	const char *p = s,
			   *end = s + len;

	while ((p = memchr(p, c, (size_t) (end - p))) != NULL)
		n++, p++;
	return n;
}

/* Adds bytes [a, b) as a unit unless they are blank; hashed without outer blanks. */
static inline void
add_unit(td_sw_units *u, const char *s, size_t a, size_t b)
{
	size_t		ta = a,
				tb = b;

	while (ta < tb && td_is_c_space((unsigned char) s[ta]))
		ta++;
	while (tb > ta && td_is_c_space((unsigned char) s[tb - 1]))
		tb--;
	if (ta == tb)
		return;
	u->off[u->n] = (uint32_t) a;
	u->len[u->n] = (uint32_t) (b - a);
	u->hash[u->n] = td_hash64(s + ta, tb - ta, TD_SW_SEED);
	u->n++;
}

td_status
td_sw_split(td_env *env, const char *s, size_t len, td_sw_unit unit, td_sw_units *out)
{
	size_t		bound,
				next_poll = POLL_BYTES;

	memset(out, 0, sizeof(*out));
	if (len >= (size_t) INT32_MAX)
		return td_fail(env, TD_ELIMIT, "page of %zu bytes is too large to split into units", len);
	/* an upper bound on the units, so the arrays are allocated once */
	bound = unit == TD_SW_LINE ? count_byte(s, len, '\n') + 1 : 2 * count_byte(s, len, '<') + 2;
	out->env = env;
	out->cap = bound;
	out->off = td_alloc(env, bound * sizeof(uint32_t));
	out->len = td_alloc(env, bound * sizeof(uint32_t));
	out->hash = td_alloc(env, bound * sizeof(uint64_t));
	if (!out->off || !out->len || !out->hash)
	{
		td_sw_units_free(out);
		return td_fail(env, TD_ENOMEM, "out of memory for %zu units", bound);
	}

	if (unit == TD_SW_LINE)
	{
		size_t		i = 0;

		while (i < len)
		{
			const char *nl = memchr(s + i, '\n', len - i);
			size_t		e = nl ? (size_t) (nl - s) + 1 : len;

			add_unit(out, s, i, e);
			i = e;
			if (td_poll_bytes(env, i, &next_poll))
			{
				td_sw_units_free(out);
				return td_fail(env, TD_EINTR, "sandwich: splitting interrupted");
			}
		}
	}
	else
	{
		lexer		lx = {s, len, 0, RAW_NONE};
		int			kind;
		size_t		a,
					b;

		while (lex_next(&lx, &kind, &a, &b))
		{
			add_unit(out, s, a, b);
			if (td_poll_bytes(env, b, &next_poll))
			{
				td_sw_units_free(out);
				return td_fail(env, TD_EINTR, "sandwich: splitting interrupted");
			}
		}
	}
	return TD_OK;
}

/* ---- LCS ---------------------------------------------------------------- */

/* Units between two polls of env->interrupted. */
#define POLL_UNITS 65536

/* The set of the n hashes v. */
static td_status
hset_build(td_env *env, td_u64set *h, const uint64_t *v, uint32_t n)
{
	size_t		i;

	td_u64set_init(h, env);
	if (td_u64set_reserve(h, n) != TD_OK)
		return td_fail(env, TD_ENOMEM, "out of memory for a set of %u hashes", n);
	for (i = 0; i < n; i++)
	{
		if (td_poll_every(env, i + 1, POLL_UNITS))
		{
			td_u64set_free(h);
			return td_fail(env, TD_EINTR, "sandwich interrupted");
		}
		(void) td_u64set_add(h, v[i]);
	}
	return TD_OK;
}

/*
 * The units of v that occur in other: their hashes into *rv and their
 * indices in v into *ri (both allocated), their count into *rn.
 */
static td_status
reduce(td_env *env, const uint64_t *v, uint32_t n, const uint64_t *other, uint32_t on,
	   uint64_t **rv, uint32_t **ri, uint32_t *rn)
{
	td_u64set	h;
	uint32_t	i,
				k = 0;
	td_status	st;

	*rv = NULL;
	*ri = NULL;
	if ((st = hset_build(env, &h, other, on)) != TD_OK)
		return st;
	*rv = td_alloc(env, (size_t) n * sizeof(uint64_t));
	*ri = td_alloc(env, (size_t) n * sizeof(uint32_t));
	if (*rv == NULL || *ri == NULL)
	{
		td_u64set_free(&h);
		td_free(env, *rv);
		td_free(env, *ri);
		*rv = NULL;
		*ri = NULL;
		return td_fail(env, TD_ENOMEM, "out of memory for %u units", n);
	}
	for (i = 0; i < n; i++)
	{
		if (td_poll_every(env, i + 1, POLL_UNITS))
		{
			td_u64set_free(&h);
			td_free(env, *rv);
			td_free(env, *ri);
			*rv = NULL;
			*ri = NULL;
			return td_fail(env, TD_EINTR, "sandwich interrupted");
		}
		if (td_u64set_has(&h, v[i]))
		{
			(*rv)[k] = v[i];
			(*ri)[k] = i;
			k++;
		}
	}
	td_u64set_free(&h);
	*rn = k;
	return TD_OK;
}

typedef struct lcs_ctx
{
	td_env	   *env;
	const uint64_t *xv,
			   *yv;
	uint8_t    *mx,
			   *my;				/* matched, on the reduced sequences */
	int32_t    *fd,
			   *bd;				/* furthest x per diagonal k = x - y, offset below */
	long		off;
	uint64_t	work,
				budget,
				next_poll;
} lcs_ctx;

#define WORK_POLL ((uint64_t) 1 << 16)

/* Charges w comparisons; TD_EINTR when the env asks to stop. */
static inline int
charge(lcs_ctx *c, uint64_t w)
{
	c->work += w;
	return td_poll_past(c->env, c->work, &c->next_poll, WORK_POLL);
}

/*
 * Myers' middle snake of x[xoff, xlim) and y[yoff, ylim) (both non-empty,
 * no common first or last unit): a point on an optimal path that splits the
 * edit distance in halves, into *xmid, *ymid.  After TD_SW_MAX_D steps, the
 * furthest-reaching path's point instead (GNU diff's heuristic).  Returns 1
 * when interrupted, -1 when no point inside the region could be chosen.
 */
static int
middle_snake(lcs_ctx *c, long xoff, long xlim, long yoff, long ylim, long *xmid, long *ymid)
{
	int32_t    *fd = c->fd + c->off,
			   *bd = c->bd + c->off;
	const uint64_t *xv = c->xv,
			   *yv = c->yv;
	long		dmin = xoff - ylim,
				dmax = xlim - yoff,
				fmid = xoff - yoff,
				bmid = xlim - ylim,
				fmin = fmid,
				fmax = fmid,
				bmin = bmid,
				bmax = bmid,
				steps;
	int			odd = (fmid - bmid) & 1;

	fd[fmid] = (int32_t) xoff;
	bd[bmid] = (int32_t) xlim;
	for (steps = 1;; steps++)
	{
		long		d;
		uint64_t	w = 0;

		/* forward: extend each diagonal's furthest path by one edit and its snake */
		if (fmin > dmin)
			fd[--fmin - 1] = -1;
		else
			++fmin;
		if (fmax < dmax)
			fd[++fmax + 1] = -1;
		else
			--fmax;
		for (d = fmax; d >= fmin; d -= 2)
		{
			long		tlo = fd[d - 1],
						thi = fd[d + 1],
						x = tlo >= thi ? tlo + 1 : thi,
						y = x - d,
						x0 = x;

			while (x < xlim && y < ylim && xv[x] == yv[y])
				x++, y++;
			w += 1 + (uint64_t) (x - x0);
			fd[d] = (int32_t) x;
			if (odd && bmin <= d && d <= bmax && bd[d] <= x)
			{
				*xmid = x;
				*ymid = y;
				return charge(c, w) ? 1 : 0;
			}
		}
		/* backward, from the ends */
		if (bmin > dmin)
			bd[--bmin - 1] = INT32_MAX;
		else
			++bmin;
		if (bmax < dmax)
			bd[++bmax + 1] = INT32_MAX;
		else
			--bmax;
		for (d = bmax; d >= bmin; d -= 2)
		{
			long		tlo = bd[d - 1],
						thi = bd[d + 1],
						x = tlo < thi ? tlo : thi - 1,
						y = x - d,
						x0 = x;

			while (x > xoff && y > yoff && xv[x - 1] == yv[y - 1])
				x--, y--;
			w += 1 + (uint64_t) (x0 - x);
			bd[d] = (int32_t) x;
			if (!odd && fmin <= d && d <= fmax && x <= fd[d])
			{
				*xmid = x;
				*ymid = y;
				return charge(c, w) ? 1 : 0;
			}
		}
		if (charge(c, w))
			return 1;

		if (steps >= (c->work > c->budget ? TD_SW_MAX_D_SPENT : TD_SW_MAX_D))
		{
			/* too expensive: split where a path got furthest */
			long		fbest = -1,
						fx = 0,
						bbest = LONG_MAX,
						bx = 0;

			for (d = fmax; d >= fmin; d -= 2)
			{
				long		x = fd[d] < xlim ? fd[d] : xlim,
							y = x - d;

				if (y > ylim)
					x = ylim + d, y = ylim;
				if (fbest < x + y)
					fbest = x + y, fx = x;
			}
			for (d = bmax; d >= bmin; d -= 2)
			{
				long		x = bd[d] > xoff ? bd[d] : xoff,
							y = x - d;

				if (y < yoff)
					x = yoff + d, y = yoff;
				if (x + y < bbest)
					bbest = x + y, bx = x;
			}
			if (fbest - (xoff + yoff) >= (xlim + ylim) - bbest)
			{
				*xmid = fx;
				*ymid = fbest - fx;
			}
			else
			{
				*xmid = bx;
				*ymid = bbest - bx;
			}
			if ((*xmid == xoff && *ymid == yoff) || (*xmid == xlim && *ymid == ylim))
				return -1;
			return 0;
		}
	}
}

typedef struct region
{
	int32_t		xoff,
				xlim,
				yoff,
				ylim;
} region;

/* Marks an LCS of the reduced sequences of lengths n and m. */
static td_status
lcs_reduced(lcs_ctx *c, uint32_t n, uint32_t m)
{
	td_env	   *env = c->env;
	region	   *stack = NULL;
	size_t		cap = 0,
				top = 0;
	td_status	st = TD_OK;

	if (n == 0 || m == 0)
		return TD_OK;
	if ((st = td_grow(env, (void **) &stack, &cap, 64, sizeof(region))) != TD_OK)
		return st;
	stack[top++] = (region)
	{
		0, (int32_t) n, 0, (int32_t) m
	};
	while (top > 0)
	{
		region		r = stack[--top];
		long		xoff = r.xoff,
					xlim = r.xlim,
					yoff = r.yoff,
					ylim = r.ylim,
					xmid,
					ymid,
					x0 = xoff;
		int			rc;

		/* common ends are in the LCS */
		while (xoff < xlim && yoff < ylim && c->xv[xoff] == c->yv[yoff])
			c->mx[xoff++] = 1, c->my[yoff++] = 1;
		while (xlim > xoff && ylim > yoff && c->xv[xlim - 1] == c->yv[ylim - 1])
			c->mx[--xlim] = 1, c->my[--ylim] = 1;
		if (charge(c, 1 + (uint64_t) (xoff - x0) + (uint64_t) (r.xlim - xlim)))
		{
			st = td_fail(env, TD_EINTR, "sandwich: diff interrupted");
			break;
		}
		if (xoff == xlim || yoff == ylim)
			continue;
		rc = middle_snake(c, xoff, xlim, yoff, ylim, &xmid, &ymid);
		if (rc > 0)
		{
			st = td_fail(env, TD_EINTR, "sandwich: diff interrupted");
			break;
		}
		if (rc < 0)
			continue;			/* nothing matched in this region: kept */
		if ((st = td_grow(env, (void **) &stack, &cap, top + 2, sizeof(region))) != TD_OK)
			break;
		stack[top++] = (region)
		{
			(int32_t) xmid, (int32_t) xlim, (int32_t) ymid, (int32_t) ylim
		};
		stack[top++] = (region)
		{
			(int32_t) xoff, (int32_t) xmid, (int32_t) yoff, (int32_t) ymid
		};
	}
	td_free(env, stack);
	return st;
}

td_status
td_sw_lcs(td_env *env, const uint64_t *a, uint32_t n, const uint64_t *b, uint32_t m,
		  uint64_t work_budget, uint8_t *in_a, uint8_t *in_b, uint32_t *lcs)
{
	lcs_ctx		c;
	uint64_t   *xv = NULL,
			   *yv = NULL;
	uint32_t   *xi = NULL,
			   *yi = NULL,
				rn = 0,
				rm = 0,
				i,
				k = 0;
	td_status	st;

	memset(in_a, 0, n);
	if (in_b)
		memset(in_b, 0, m);
	*lcs = 0;
	if ((uint64_t) n + m >= (uint64_t) INT32_MAX / 2)
		return td_fail(env, TD_ELIMIT, "sandwich: %u and %u units are too many to compare", n, m);
	if (n == 0 || m == 0)
		return TD_OK;

	memset(&c, 0, sizeof(c));
	c.env = env;
	c.budget = work_budget ? work_budget
		: TD_SW_WORK_MIN + (uint64_t) TD_SW_WORK_PER_UNIT * ((uint64_t) n + m);
	c.next_poll = WORK_POLL;

	st = reduce(env, a, n, b, m, &xv, &xi, &rn);
	if (st == TD_OK)
		st = reduce(env, b, m, a, n, &yv, &yi, &rm);
	if (st == TD_OK && rn > 0 && rm > 0)
	{
		size_t		diags = (size_t) rn + rm + 3;

		c.xv = xv;
		c.yv = yv;
		c.off = (long) rm + 1;
		c.mx = td_alloc(env, rn);
		c.my = td_alloc(env, rm);
		c.fd = td_alloc(env, diags * sizeof(int32_t));
		c.bd = td_alloc(env, diags * sizeof(int32_t));
		if (!c.mx || !c.my || !c.fd || !c.bd)
			st = td_fail(env, TD_ENOMEM, "out of memory comparing %u and %u units", n, m);
		else
		{
			memset(c.mx, 0, rn);
			memset(c.my, 0, rm);
			st = lcs_reduced(&c, rn, rm);
		}
		if (st == TD_OK)
		{
			for (i = 0; i < rn; i++)
				if (c.mx[i])
					in_a[xi[i]] = 1, k++;
			if (in_b)
				for (i = 0; i < rm; i++)
					if (c.my[i])
						in_b[yi[i]] = 1;
			*lcs = k;
		}
		td_free(env, c.mx);
		td_free(env, c.my);
		td_free(env, c.fd);
		td_free(env, c.bd);
	}
	td_free(env, xv);
	td_free(env, xi);
	td_free(env, yv);
	td_free(env, yi);
	if (st != TD_OK)
	{
		memset(in_a, 0, n);
		if (in_b)
			memset(in_b, 0, m);
	}
	return st;
}

/* ---- the masked page ---------------------------------------------------- */

/*
 * Appends the page's markup and the text outside the dropped units: walks
 * the tokens and the dropped units (both in source order) side by side.
 */
static td_status
write_masked(td_env *env, const char *s, size_t len, const td_sw_units *u,
			 const uint8_t *drop, td_buf *out)
{
	lexer		lx = {s, len, 0, RAW_NONE};
	int			kind;
	size_t		a,
				b,
				next_poll = POLL_BYTES;
	uint32_t	j = 0;
	td_status	st = TD_OK;

	while (st == TD_OK && lex_next(&lx, &kind, &a, &b))
	{
		size_t		p = a;

		if (td_poll_bytes(env, b, &next_poll))
			return td_fail(env, TD_EINTR, "sandwich: writing interrupted");
		if (kind == TK_TAG)
		{
			st = td_buf_append(out, s + a, b - a);
			continue;
		}
		/* text: leave out its bytes inside dropped units */
		while (st == TD_OK && p < b)
		{
			size_t		ds,
						de;

			while (j < u->n && (!drop[j] || (size_t) u->off[j] + u->len[j] <= p))
				j++;
			if (j == u->n || u->off[j] >= b)
			{
				st = td_buf_append(out, s + p, b - p);
				break;
			}
			ds = u->off[j] > p ? u->off[j] : p;
			de = (size_t) u->off[j] + u->len[j] < b ? (size_t) u->off[j] + u->len[j] : b;
			if (ds > p)
				st = td_buf_append(out, s + p, ds - p);
			p = de;
		}
	}
	return st;
}

td_status
td_sandwich_mask(td_env *env, const char *page, size_t page_len, const char *page_enc,
				 const char *peer, size_t peer_len, const char *peer_enc,
				 td_sw_unit unit, td_buf *out, td_sw_stats *stats)
{
	const char *pt = NULL,
			   *qt = NULL;
	size_t		pl = 0,
				ql = 0;
	char	   *powned = NULL,
			   *qowned = NULL;
	td_sw_units pu,
				qu;
	uint8_t    *drop = NULL;
	uint32_t	common = 0;
	td_status	st;

	memset(&pu, 0, sizeof(pu));
	memset(&qu, 0, sizeof(qu));
	if (stats)
		memset(stats, 0, sizeof(*stats));
	st = td_decode_input(env, page, page_len, page_enc, &pt, &pl, &powned);
	if (st == TD_OK && peer != NULL)
		st = td_decode_input(env, peer, peer_len, peer_enc, &qt, &ql, &qowned);
	if (st == TD_OK)
		st = td_sw_split(env, pt, pl, unit, &pu);
	if (st == TD_OK && peer != NULL)
		st = td_sw_split(env, qt, ql, unit, &qu);
	if (st == TD_OK)
	{
		drop = td_alloc(env, pu.n);
		if (drop == NULL)
			st = td_fail(env, TD_ENOMEM, "out of memory for %u units", pu.n);
	}
	if (st == TD_OK)
		st = td_sw_lcs(env, pu.hash, pu.n, qu.hash, qu.n, 0, drop, NULL, &common);
	if (st == TD_OK)
		st = write_masked(env, pt, pl, &pu, drop, out);
	if (st == TD_OK && stats)
	{
		stats->page_units = pu.n;
		stats->peer_units = qu.n;
		stats->common = common;
	}
	td_free(env, drop);
	td_sw_units_free(&pu);
	td_sw_units_free(&qu);
	td_free(env, powned);
	td_free(env, qowned);
	return st;
}
