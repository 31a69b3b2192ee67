/*
 * warc.c — the streaming WARC reader (warc.h).
 *
 * Two layers.  The stream gives the decompressed bytes in windows; for gzip
 * a window never holds bytes of two members, so the reader knows the member
 * a record starts in and whether it ends where the member ends.  The record
 * parser reads a header (bounded), then the block: kept (bounded) when the
 * caller wants it, else read past a window at a time.  An HTTP response block
 * is then split into status, header fields and a body whose transfer and
 * content codings are undone into a second bounded buffer.
 */
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "warc/warc.h"
#include "util/poll.h"

#define RAW_SIZE ((size_t) 128 << 10)
#define WIN_SIZE ((size_t) 128 << 10)
#define MAX_FIELDS 4096

struct td_warc_reader
{
	td_env	   *env;
	td_warc_limits limits;
	td_warc_read_fn read;
	void	   *read_arg;
	td_warc_want_fn want;
	void	   *want_arg;

	/* raw input: raw[raw_pos..raw_len) unread, raw[0] at file offset raw_base */
	uint8_t    *raw;
	size_t		raw_len;
	size_t		raw_pos;
	uint64_t	raw_base;
	int			raw_eof;

	int			started;		/* the format is known */
	int			gz;
	int			zs_init;
	z_stream	zs;
	int			mem_open;		/* inside a member */
	uint64_t	mem_start_raw;	/* the current (or last) member */
	uint64_t	mem_start_upos;
	uint64_t	mem_end_raw;	/* valid when !mem_open */

	/* decompressed window: win[win_pos..win_len), win[0] at upos_base */
	uint8_t    *win;
	size_t		win_len;
	size_t		win_pos;
	uint64_t	upos_base;
	int			at_line_start;	/* the byte at the window position starts a line */

	uint64_t	next_poll;
	uint64_t	steps;			/* for td_poll_every in body decoding */
	int			broken;			/* ENOMEM / EINTR: unusable */
	int			resync;			/* skip to the next "WARC/" line */
	int			gz_hunt;		/* skip raw bytes to the next gzip member */
	uint64_t	skip_block;		/* bytes to read past before the next record */
	uint64_t	err_offset;		/* offset of the record that failed */

	td_buf		hdr;
	td_buf		block;
	td_buf		body;
	td_buf		body2;
	td_warc_field *fields;
	size_t		fields_cap;
	td_warc_field *http_fields;
	size_t		http_cap;
	char		media_type[128];
	z_stream	bz;				/* content-coding inflater */
	int			bz_init;
	td_warc_record rec;
};

/* ---- zlib's memory through the env -------------------------------------- */

static voidpf
z_alloc(voidpf opaque, uInt items, uInt size)
{
	td_env	   *env = opaque;

	size_t		n = (size_t) items * size;

	return env->alloc(env->arg, n > 0 ? n : 1);
}

static void
z_free(voidpf opaque, voidpf p)
{
	td_env	   *env = opaque;

	if (p)
		env->free(env->arg, p);
}

void
td_warc_limits_default(td_warc_limits *limits)
{
	limits->max_header = TD_WARC_MAX_HEADER_DEFAULT;
	limits->max_payload = TD_WARC_MAX_PAYLOAD_DEFAULT;
}

td_status
td_warc_mem_read(void *arg, td_env *env, uint8_t *buf, size_t cap, size_t *got)
{
	td_warc_mem *m = arg;
	size_t		n = m->len - m->pos;

	(void) env;
	if (n > cap)
		n = cap;
	if (n)
		memcpy(buf, m->data + m->pos, n);
	m->pos += n;
	*got = n;
	return TD_OK;
}

td_status
td_warc_open(td_env *env, const td_warc_limits *limits, td_warc_read_fn read,
			 void *read_arg, td_warc_reader **out)
{
	td_warc_reader *r = td_alloc(env, sizeof(*r));

	*out = NULL;
	if (r == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory allocating the WARC reader");
	memset(r, 0, sizeof(*r));
	r->env = env;
	if (limits)
		r->limits = *limits;
	else
		td_warc_limits_default(&r->limits);
	r->read = read;
	r->read_arg = read_arg;
	r->raw = td_alloc(env, RAW_SIZE);
	r->win = td_alloc(env, WIN_SIZE);
	if (r->raw == NULL || r->win == NULL)
	{
		td_warc_close(r);
		return td_fail(env, TD_ENOMEM, "out of memory allocating the WARC reader");
	}
	r->at_line_start = 1;
	td_buf_init(&r->hdr, env);
	td_buf_init(&r->block, env);
	td_buf_init(&r->body, env);
	td_buf_init(&r->body2, env);
	*out = r;
	return TD_OK;
}

void
td_warc_set_filter(td_warc_reader *r, td_warc_want_fn want, void *want_arg)
{
	r->want = want;
	r->want_arg = want_arg;
}

int
td_warc_is_gzip(const td_warc_reader *r)
{
	return r->gz;
}

void
td_warc_close(td_warc_reader *r)
{
	td_env	   *env;

	if (r == NULL)
		return;
	env = r->env;
	if (r->zs_init)
		inflateEnd(&r->zs);
	if (r->bz_init)
		inflateEnd(&r->bz);
	td_buf_free(&r->hdr);
	td_buf_free(&r->block);
	td_buf_free(&r->body);
	td_buf_free(&r->body2);
	td_free(env, r->fields);
	td_free(env, r->http_fields);
	td_free(env, r->raw);
	td_free(env, r->win);
	td_free(env, r);
}

/* ---- the stream ----------------------------------------------------------- */

static uint64_t
upos(const td_warc_reader *r)
{
	return r->upos_base + r->win_pos;
}

/* Whether the window holds a gzip member's first decompressed byte, unread. */
static int
at_member_first_byte(const td_warc_reader *r)
{
	return r->gz && r->win_pos == 0 && r->upos_base == r->mem_start_upos;
}

/* Where a message puts the current position: file offset, and stream offset for gzip. */
static uint64_t
raw_pos(const td_warc_reader *r)
{
	return r->raw_base + r->raw_pos;
}

static td_status
poll_work(td_warc_reader *r)
{
	if (td_poll_past(r->env, r->raw_base + r->raw_pos + r->upos_base + r->win_len,
					 &r->next_poll, (uint64_t) 1 << 20))
	{
		r->broken = 1;
		return td_fail(r->env, TD_EINTR, "WARC reading interrupted");
	}
	return TD_OK;
}

/* At least n (<= RAW_SIZE) unread raw bytes, unless the input ends first. */
static td_status
raw_ensure(td_warc_reader *r, size_t n)
{
	while (r->raw_len - r->raw_pos < n && !r->raw_eof)
	{
		size_t		got = 0;
		td_status	st;

		if (r->raw_pos > 0)
		{
			memmove(r->raw, r->raw + r->raw_pos, r->raw_len - r->raw_pos);
			r->raw_base += r->raw_pos;
			r->raw_len -= r->raw_pos;
			r->raw_pos = 0;
		}
		st = r->read(r->read_arg, r->env, r->raw + r->raw_len, RAW_SIZE - r->raw_len, &got);
		if (st != TD_OK)
		{
			r->broken = 1;
			return st;
		}
		if (got == 0)
			r->raw_eof = 1;
		r->raw_len += got;
	}
	return TD_OK;
}

static void
start_format(td_warc_reader *r)
{
	r->started = 1;
	r->gz = r->raw_len - r->raw_pos >= 2 && r->raw[r->raw_pos] == 0x1f &&
		r->raw[r->raw_pos + 1] == 0x8b;
}

/*
 * Makes the window non-empty; *eof at the end of the stream.  With
 * stay_in_member, a gzip window is only filled from the open member (for
 * the probe of whether a record ends where its member does): *eof then
 * means the member is over.
 */
static td_status
fill(td_warc_reader *r, int stay_in_member, int *eof)
{
	td_status	st;

	*eof = 0;
	if (r->win_pos < r->win_len)
		return TD_OK;
	r->upos_base += r->win_len;
	r->win_pos = r->win_len = 0;
	if ((st = poll_work(r)) != TD_OK)
		return st;
	if (!r->started)
	{
		if ((st = raw_ensure(r, 2)) != TD_OK)
			return st;
		start_format(r);
	}
	if (!r->gz)
	{
		/* plain: the window is the raw buffer's unread bytes, copied */
		if ((st = raw_ensure(r, 1)) != TD_OK)
			return st;
		if (r->raw_pos == r->raw_len)
		{
			*eof = 1;
			return TD_OK;
		}
		r->win_len = r->raw_len - r->raw_pos;
		if (r->win_len > WIN_SIZE)
			r->win_len = WIN_SIZE;
		memcpy(r->win, r->raw + r->raw_pos, r->win_len);
		r->raw_pos += r->win_len;
		return TD_OK;
	}
	for (;;)
	{
		size_t		avail;
		int			ret;

		if (!r->mem_open)
		{
			if (stay_in_member)
			{
				*eof = 1;
				return TD_OK;
			}
			if ((st = raw_ensure(r, 3)) != TD_OK)
				return st;
			if (r->raw_pos == r->raw_len)
			{
				*eof = 1;
				return TD_OK;
			}
			while (r->gz_hunt)
			{
				/* after bad gzip data: on to the next member's magic bytes */
				uint8_t    *m;

				if (r->raw_len - r->raw_pos < 3)
				{
					r->raw_pos = r->raw_len;
					*eof = 1;
					return TD_OK;
				}
				if (r->raw[r->raw_pos] == 0x1f && r->raw[r->raw_pos + 1] == 0x8b &&
					r->raw[r->raw_pos + 2] == 8)
					break;
				m = memchr(r->raw + r->raw_pos + 1, 0x1f, r->raw_len - r->raw_pos - 1);
				r->raw_pos = m ? (size_t) (m - r->raw) : r->raw_len;
				if ((st = raw_ensure(r, 3)) != TD_OK)
					return st;
				if ((st = poll_work(r)) != TD_OK)
					return st;
			}
			r->gz_hunt = 0;
			if (r->raw_len - r->raw_pos < 3 || r->raw[r->raw_pos] != 0x1f ||
				r->raw[r->raw_pos + 1] != 0x8b || r->raw[r->raw_pos + 2] != 8)
			{
				r->err_offset = raw_pos(r);
				r->gz_hunt = 1;
				return td_fail(r->env, TD_EFORMAT,
							   "the bytes at offset %llu are not a gzip member",
							   (unsigned long long) raw_pos(r));
			}
			if (!r->zs_init)
			{
				memset(&r->zs, 0, sizeof(r->zs));
				r->zs.zalloc = z_alloc;
				r->zs.zfree = z_free;
				r->zs.opaque = r->env;
				if (inflateInit2(&r->zs, 16 + MAX_WBITS) != Z_OK)
				{
					r->broken = 1;
					return td_fail(r->env, TD_ENOMEM, "out of memory starting inflate");
				}
				r->zs_init = 1;
			}
			else
				inflateReset(&r->zs);
			r->mem_open = 1;
			r->mem_start_raw = raw_pos(r);
			r->mem_start_upos = r->upos_base;
		}
		if ((st = raw_ensure(r, 1)) != TD_OK)
			return st;
		avail = r->raw_len - r->raw_pos;
		if (avail == 0)
		{
			r->err_offset = r->mem_start_raw;
			r->mem_open = 0;
			return td_fail(r->env, TD_EFORMAT,
						   "the gzip member at offset %llu is truncated at offset %llu",
						   (unsigned long long) r->mem_start_raw,
						   (unsigned long long) raw_pos(r));
		}
		r->zs.next_in = r->raw + r->raw_pos;
		r->zs.avail_in = (uInt) avail;
		r->zs.next_out = r->win;
		r->zs.avail_out = (uInt) WIN_SIZE;
		ret = inflate(&r->zs, Z_NO_FLUSH);
		r->raw_pos += avail - r->zs.avail_in;
		r->win_len = WIN_SIZE - r->zs.avail_out;
		if (ret == Z_STREAM_END)
		{
			r->mem_open = 0;
			r->mem_end_raw = raw_pos(r);
		}
		else if (ret == Z_MEM_ERROR)
		{
			r->broken = 1;
			return td_fail(r->env, TD_ENOMEM, "out of memory in inflate");
		}
		else if (ret != Z_OK && ret != Z_BUF_ERROR)
		{
			r->err_offset = r->mem_start_raw;
			r->mem_open = 0;
			r->win_len = 0;
			r->gz_hunt = 1;
			return td_fail(r->env, TD_EFORMAT,
						   "corrupt gzip data in the member at offset %llu, near offset %llu: %s",
						   (unsigned long long) r->mem_start_raw,
						   (unsigned long long) raw_pos(r),
						   r->zs.msg ? r->zs.msg : "inflate failed");
		}
		if (r->win_len > 0)
			return TD_OK;
		if ((st = poll_work(r)) != TD_OK)
			return st;
	}
}

/* The next byte, or -1 at the end of the stream (status in *st). */
static int
peek_byte(td_warc_reader *r, td_status *st)
{
	int			eof;

	*st = fill(r, 0, &eof);
	if (*st != TD_OK || eof)
		return -1;
	return r->win[r->win_pos];
}

static void
advance(td_warc_reader *r, size_t n)
{
	r->at_line_start = r->win[r->win_pos + n - 1] == '\n';
	r->win_pos += n;
}

/*
 * Reads past n bytes (keep NULL) or appends them to keep; *got is how many
 * there were before the stream ended.
 */
static td_status
take(td_warc_reader *r, uint64_t n, td_buf *keep, uint64_t *got)
{
	*got = 0;
	while (*got < n)
	{
		int			eof;
		size_t		k;
		td_status	st = fill(r, 0, &eof);

		if (st != TD_OK)
			return st;
		if (eof)
			return TD_OK;
		k = r->win_len - r->win_pos;
		if (k > n - *got)
			k = (size_t) (n - *got);
		if (keep && (st = td_buf_append(keep, r->win + r->win_pos, k)) != TD_OK)
		{
			r->broken = 1;
			return st;
		}
		advance(r, k);
		*got += k;
	}
	return TD_OK;
}

/* Skips to the next line that starts with "WARC/" (or the end). */
static td_status
resync(td_warc_reader *r)
{
	for (;;)
	{
		int			eof;
		td_status	st = fill(r, 0, &eof);
		uint8_t    *p,
				   *nl;
		size_t		k;

		if (st != TD_OK)
			return st;
		if (eof)
			return TD_OK;
		/* a member's first byte starts a line too */
		if (at_member_first_byte(r))
			r->at_line_start = 1;
		p = r->win + r->win_pos;
		k = r->win_len - r->win_pos;
		if (r->at_line_start && p[0] == 'W' &&
			memcmp(p, "WARC/", k < 5 ? k : 5) == 0)
			return TD_OK;		/* (a split "WARC/" is judged by the header parser) */
		nl = memchr(p, '\n', k);
		advance(r, nl ? (size_t) (nl - p) + 1 : k);
	}
}

/* ---- header parsing -------------------------------------------------------- */

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int
slice_ieq(td_slice s, const char *lit)
{
	size_t		n = strlen(lit),
				i;

	if (s.n != n)
		return 0;
	for (i = 0; i < n; i++)
		if (lower((unsigned char) s.p[i]) != lower((unsigned char) lit[i]))
			return 0;
	return 1;
}

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static td_slice
trim(const char *p, size_t n)
{
	td_slice	s;

	while (n && is_space((unsigned char) p[0]))
		p++, n--;
	while (n && is_space((unsigned char) p[n - 1]))
		n--;
	s.p = p;
	s.n = n;
	return s;
}

static td_slice
strip_angle(td_slice s)
{
	if (s.n >= 2 && s.p[0] == '<' && s.p[s.n - 1] == '>')
	{
		s.p++;
		s.n -= 2;
	}
	return s;
}

/*
 * Splits header lines in buf[0..len) (after the first line, which starts at
 * 0 and ends at first_end) into fields, joining continuation lines in
 * place.  Returns the count, or -1 for a line without a colon (its offset
 * relative to buf in *bad).
 */
static td_status
split_fields(td_warc_reader *r, char *buf, size_t len, size_t first_end,
			 td_warc_field **fields, size_t *cap, size_t *nout, size_t *bad)
{
	size_t		pos = first_end,
				n = 0;

	*bad = SIZE_MAX;
	while (pos < len)
	{
		char	   *line = buf + pos;
		char	   *nl = memchr(line, '\n', len - pos);
		size_t		ll = nl ? (size_t) (nl - line) : len - pos;
		size_t		next = pos + ll + (nl ? 1 : 0);
		char	   *colon;

		if (ll > 0 && line[ll - 1] == '\r')
			ll--;
		if (ll == 0)
		{
			pos = next;
			continue;
		}
		if ((line[0] == ' ' || line[0] == '\t') && n > 0)
		{
			/* continuation: append to the previous value with one space */
			td_warc_field *f = &(*fields)[n - 1];
			td_slice	t = trim(line, ll);
			char	   *end = (char *) f->value.p + f->value.n;

			if (t.n)
			{
				/* the value grows in place: the bytes between are consumed */
				*end = ' ';
				memmove(end + 1, t.p, t.n);
				f->value.n += 1 + t.n;
			}
			pos = next;
			continue;
		}
		colon = memchr(line, ':', ll);
		if (colon == NULL || colon == line)
		{
			*bad = pos;
			*nout = n;
			return TD_OK;
		}
		if (n >= MAX_FIELDS)
			return td_fail(r->env, TD_ELIMIT, "more than %d header fields", MAX_FIELDS);
		{
			td_status	st = td_grow(r->env, (void **) fields, cap, n + 1, sizeof(td_warc_field));

			if (st != TD_OK)
			{
				r->broken = 1;
				return st;
			}
		}
		(*fields)[n].name = trim(line, (size_t) (colon - line));
		(*fields)[n].value = trim(colon + 1, ll - (size_t) (colon - line) - 1);
		n++;
		pos = next;
	}
	*nout = n;
	return TD_OK;
}

static const td_warc_field *
find_field(const td_warc_field *f, size_t n, const char *name)
{
	size_t		i;

	for (i = 0; i < n; i++)
		if (slice_ieq(f[i].name, name))
			return &f[i];
	return NULL;
}

static td_slice
field_value(const td_warc_field *f, size_t n, const char *name)
{
	const td_warc_field *x = find_field(f, n, name);
	td_slice	none = {NULL, 0};

	return x ? x->value : none;
}

/* Parses decimal digits into *v; 0 on anything else or overflow of limit. */
static int
parse_uint(td_slice s, uint64_t limit, uint64_t *v)
{
	size_t		i;
	uint64_t	x = 0;

	if (s.n == 0 || s.n > 19)
		return 0;
	for (i = 0; i < s.n; i++)
	{
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
		x = x * 10 + (uint64_t) (s.p[i] - '0');
	}
	if (x > limit)
		return 0;
	*v = x;
	return 1;
}

static int64_t
days_from_civil(int64_t y, unsigned m, unsigned d)
{
	/* Howard Hinnant's algorithm */
	int64_t		era;
	unsigned	yoe,
				doy,
				doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned) (y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t) doe - 719468;
}

static int
digits(const char *s, size_t n, int *v)
{
	size_t		i;

	*v = 0;
	for (i = 0; i < n; i++)
	{
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*v = *v * 10 + (s[i] - '0');
	}
	return 1;
}

int
td_warc_parse_date(const char *s, size_t n, int64_t *usec)
{
	int			y = 0,
				mo = 1,
				d = 1,
				h = 0,
				mi = 0,
				sec = 0;
	int64_t		frac = 0;
	size_t		pos;

	/* YYYY[-MM[-DD[Thh:mm[:ss[.f+]]Z]]] as the W3C profile of ISO 8601 allows */
	if (n < 4 || !digits(s, 4, &y))
		return 0;
	pos = 4;
	if (pos < n)
	{
		if (n < 7 || s[4] != '-' || !digits(s + 5, 2, &mo))
			return 0;
		pos = 7;
	}
	if (pos < n)
	{
		if (n < 10 || s[7] != '-' || !digits(s + 8, 2, &d))
			return 0;
		pos = 10;
	}
	if (pos < n)
	{
		if (n < 17 || s[10] != 'T' || !digits(s + 11, 2, &h) || s[13] != ':' ||
			!digits(s + 14, 2, &mi))
			return 0;
		pos = 16;
		if (s[pos] == ':')
		{
			if (n < 19 || !digits(s + 17, 2, &sec))
				return 0;
			pos = 19;
			if (pos < n && s[pos] == '.')
			{
				int			nd = 0;

				pos++;
				while (pos < n && s[pos] >= '0' && s[pos] <= '9')
				{
					if (nd < 6)
					{
						frac = frac * 10 + (s[pos] - '0');
						nd++;
					}
					pos++;
				}
				if (nd == 0)
					return 0;
				while (nd < 6)
					frac *= 10, nd++;
			}
		}
		if (pos + 1 != n || s[pos] != 'Z')
			return 0;
	}
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return 0;
	*usec = ((days_from_civil(y, (unsigned) mo, (unsigned) d) * 86400 +
			  h * 3600 + mi * 60 + sec) * 1000000) + frac;
	return 1;
}

/* ---- charsets ----------------------------------------------------------------- */

const char *
td_warc_charset_to_pg(const char *label, size_t len)
{
	static const char *const map[][2] = {
		{"utf-8", "UTF8"}, {"utf8", "UTF8"}, {"unicode-1-1-utf-8", "UTF8"},
		{"us-ascii", "WIN1252"}, {"ascii", "WIN1252"}, {"iso-8859-1", "WIN1252"},
		{"iso8859-1", "WIN1252"}, {"iso_8859-1", "WIN1252"}, {"latin1", "WIN1252"},
		{"l1", "WIN1252"}, {"windows-1252", "WIN1252"}, {"cp1252", "WIN1252"},
		{"x-cp1252", "WIN1252"}, {"cp819", "WIN1252"}, {"ibm819", "WIN1252"},
		{"iso-8859-2", "LATIN2"}, {"iso8859-2", "LATIN2"}, {"latin2", "LATIN2"},
		{"iso-8859-3", "LATIN3"}, {"latin3", "LATIN3"},
		{"iso-8859-4", "LATIN4"}, {"latin4", "LATIN4"},
		{"iso-8859-5", "ISO_8859_5"}, {"iso8859-5", "ISO_8859_5"},
		{"iso-8859-6", "ISO_8859_6"}, {"iso-8859-7", "ISO_8859_7"},
		{"iso-8859-8", "ISO_8859_8"}, {"iso-8859-8-i", "ISO_8859_8"},
		{"iso-8859-9", "WIN1254"}, {"latin5", "WIN1254"}, {"windows-1254", "WIN1254"},
		{"iso-8859-10", "LATIN6"}, {"iso-8859-13", "LATIN7"},
		{"iso-8859-14", "LATIN8"}, {"iso-8859-15", "LATIN9"}, {"iso8859-15", "LATIN9"},
		{"latin9", "LATIN9"}, {"iso-8859-16", "LATIN10"},
		{"windows-1250", "WIN1250"}, {"cp1250", "WIN1250"},
		{"windows-1251", "WIN1251"}, {"cp1251", "WIN1251"},
		{"windows-1253", "WIN1253"}, {"windows-1255", "WIN1255"},
		{"windows-1256", "WIN1256"}, {"windows-1257", "WIN1257"},
		{"windows-1258", "WIN1258"}, {"windows-874", "WIN874"}, {"tis-620", "WIN874"},
		{"koi8-r", "KOI8R"}, {"koi8r", "KOI8R"}, {"koi8-u", "KOI8U"},
		{"ibm866", "WIN866"}, {"cp866", "WIN866"},
		{"shift_jis", "SJIS"}, {"shift-jis", "SJIS"}, {"sjis", "SJIS"}, {"x-sjis", "SJIS"},
		{"ms_kanji", "SJIS"}, {"windows-31j", "SJIS"}, {"csshiftjis", "SJIS"},
		{"euc-jp", "EUC_JP"}, {"x-euc-jp", "EUC_JP"},
		{"euc-kr", "UHC"}, {"ks_c_5601-1987", "UHC"}, {"windows-949", "UHC"},
		{"gb2312", "GBK"}, {"gbk", "GBK"}, {"x-gbk", "GBK"}, {"cp936", "GBK"},
		{"gb18030", "GB18030"}, {"big5", "BIG5"}, {"big5-hkscs", "BIG5"},
	};
	td_slice	t = trim(label, len);
	size_t		i;

	if (t.n >= 2 && (t.p[0] == '"' || t.p[0] == '\'') && t.p[t.n - 1] == t.p[0])
	{
		t.p++;
		t.n -= 2;
	}
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (slice_ieq(t, map[i][0]))
			return map[i][1];
	return NULL;
}

/*
 * The media type (lower-case, no parameters) of a Content-Type value into
 * r->media_type, and its charset parameter into *charset.
 */
static void
content_type(td_warc_reader *r, td_slice ct, td_slice *charset)
{
	size_t		i = 0,
				n = 0;

	charset->p = NULL;
	charset->n = 0;
	r->media_type[0] = '\0';
	if (ct.p == NULL)
		return;
	while (i < ct.n && ct.p[i] != ';')
	{
		if (!is_space((unsigned char) ct.p[i]) && n + 1 < sizeof(r->media_type))
			r->media_type[n++] = (char) lower((unsigned char) ct.p[i]);
		i++;
	}
	r->media_type[n] = '\0';
	while (i < ct.n)
	{
		size_t		start,
					vstart;

		i++;					/* ';' */
		while (i < ct.n && is_space((unsigned char) ct.p[i]))
			i++;
		start = i;
		while (i < ct.n && ct.p[i] != '=' && ct.p[i] != ';')
			i++;
		if (i >= ct.n || ct.p[i] != '=')
			continue;
		vstart = ++i;
		while (i < ct.n && ct.p[i] != ';')
			i++;
		{
			td_slice	name = trim(ct.p + start, vstart - 1 - start);

			if (slice_ieq(name, "charset"))
			{
				*charset = trim(ct.p + vstart, i - vstart);
				if (charset->n >= 2 && charset->p[0] == '"' && charset->p[charset->n - 1] == '"')
				{
					charset->p++;
					charset->n -= 2;
				}
			}
		}
	}
}

/* ---- HTTP ------------------------------------------------------------------- */

/* Undoes chunked transfer coding of in[0..n) into out; 0 when malformed. */
static td_status
dechunk(td_warc_reader *r, const uint8_t *in, size_t n, td_buf *out, int *ok)
{
	size_t		pos = 0;

	*ok = 0;
	for (;;)
	{
		uint64_t	size = 0;
		size_t		digits_seen = 0;
		const uint8_t *nl;

		while (pos < n)
		{
			int			c = in[pos],
						v;

			if (c >= '0' && c <= '9')
				v = c - '0';
			else if (c >= 'a' && c <= 'f')
				v = c - 'a' + 10;
			else if (c >= 'A' && c <= 'F')
				v = c - 'A' + 10;
			else
				break;
			if (size > (UINT64_MAX >> 4))
				return TD_OK;
			size = size * 16 + (uint64_t) v;
			digits_seen++;
			pos++;
		}
		if (digits_seen == 0)
			return TD_OK;
		/* chunk extensions up to the line end */
		nl = memchr(in + pos, '\n', n - pos);
		if (nl == NULL)
			return TD_OK;
		pos = (size_t) (nl - in) + 1;
		if (td_poll_every(r->env, ++r->steps, 4096))
		{
			r->broken = 1;
			return td_fail(r->env, TD_EINTR, "WARC reading interrupted");
		}
		if (size == 0)
		{
			*ok = 1;			/* trailers, if any, are ignored */
			return TD_OK;
		}
		if (size > n - pos)
			return TD_OK;
		if (out->len + size > r->limits.max_payload)
			return td_fail(r->env, TD_ELIMIT, "the de-chunked payload is over max_payload (%zu bytes)", r->limits.max_payload);
		{
			td_status	st = td_buf_append(out, in + pos, (size_t) size);

			if (st != TD_OK)
			{
				r->broken = 1;
				return st;
			}
		}
		pos += (size_t) size;
		if (pos < n && in[pos] == '\r')
			pos++;
		if (pos < n && in[pos] == '\n')
			pos++;
		else if (pos < n)
			return TD_OK;
		if (pos >= n)
		{
			/* ended without the last chunk: accept what came (truncated captures) */
			*ok = 1;
			return TD_OK;
		}
	}
}

/* Inflates gzip or zlib/raw deflate in[0..n) into out; *ok 0 when corrupt. */
static td_status
uncompress_body(td_warc_reader *r, const uint8_t *in, size_t n, int gzip, td_buf *out, int *ok)
{
	int			attempt;

	*ok = 0;
	for (attempt = 0; attempt < 2; attempt++)
	{
		/* gzip: 16+; deflate: zlib wrapper first, then raw deflate (as browsers) */
		int			wbits = gzip ? 16 + MAX_WBITS : attempt == 0 ? MAX_WBITS : -MAX_WBITS;
		int			ret = Z_OK;
		size_t		pos = 0;

		if (gzip && attempt > 0)
			break;
		out->len = 0;
		if (r->bz_init)
		{
			/* the last body's inflater, state and window kept: no allocation */
			if (inflateReset2(&r->bz, wbits) != Z_OK)
			{
				r->broken = 1;
				return td_fail(r->env, TD_EARG, "inflateReset2 failed");
			}
		}
		else
		{
			memset(&r->bz, 0, sizeof(r->bz));
			r->bz.zalloc = z_alloc;
			r->bz.zfree = z_free;
			r->bz.opaque = r->env;
			if (inflateInit2(&r->bz, wbits) != Z_OK)
			{
				r->broken = 1;
				return td_fail(r->env, TD_ENOMEM, "out of memory starting inflate");
			}
			r->bz_init = 1;
		}
		while (ret != Z_STREAM_END)
		{
			uint8_t		tmp[16384];
			size_t		chunk = n - pos > (size_t) 1 << 20 ? (size_t) 1 << 20 : n - pos;
			size_t		made;
			td_status	st;

			r->bz.next_in = (Bytef *) in + pos;
			r->bz.avail_in = (uInt) chunk;
			r->bz.next_out = tmp;
			r->bz.avail_out = sizeof(tmp);
			ret = inflate(&r->bz, Z_NO_FLUSH);
			pos += chunk - r->bz.avail_in;
			made = sizeof(tmp) - r->bz.avail_out;
			if (ret == Z_MEM_ERROR)
			{
				r->broken = 1;
				return td_fail(r->env, TD_ENOMEM, "out of memory in inflate");
			}
			if (ret != Z_OK && ret != Z_STREAM_END && !(ret == Z_BUF_ERROR && made > 0))
				break;
			if (out->len + made > r->limits.max_payload)
				return td_fail(r->env, TD_ELIMIT,
							   "the decompressed payload is over max_payload (%zu bytes)", r->limits.max_payload);
			if ((st = td_buf_append(out, tmp, made)) != TD_OK)
			{
				r->broken = 1;
				return st;
			}
			if (td_poll_every(r->env, ++r->steps, 64))
			{
				r->broken = 1;
				return td_fail(r->env, TD_EINTR, "WARC reading interrupted");
			}
			if (ret == Z_STREAM_END)
				break;
			if (pos >= n && made == 0)
				break;			/* truncated stream: keep what came */
		}
		if (ret == Z_STREAM_END || (out->len > 0 && pos >= n))
		{
			*ok = 1;
			return TD_OK;
		}
	}
	return TD_OK;
}

static int
has_token(td_slice v, const char *tok)
{
	size_t		i = 0;

	while (i < v.n)
	{
		size_t		start;
		td_slice	t;

		while (i < v.n && (v.p[i] == ',' || is_space((unsigned char) v.p[i])))
			i++;
		start = i;
		while (i < v.n && v.p[i] != ',')
			i++;
		t = trim(v.p + start, i - start);
		if (slice_ieq(t, tok))
			return 1;
	}
	return 0;
}

/* The HTTP response in the block: status, fields, decoded body. */
static td_status
parse_http(td_warc_reader *r, int keep_payload)
{
	td_warc_record *rec = &r->rec;
	char	   *b = r->block.data;
	size_t		n = r->block.len,
				hend = 0,
				i,
				bad;
	int			status = 0;
	td_status	st;
	td_slice	ct,
				te,
				ce;
	const uint8_t *body;
	size_t		body_len;

	if (n < 12 || memcmp(b, "HTTP/", 5) != 0)
		return TD_OK;
	/* the header ends at the first empty line */
	for (i = 0; i < n; i++)
		if (b[i] == '\n')
		{
			if (i + 1 < n && b[i + 1] == '\n')
			{
				hend = i + 2;
				break;
			}
			if (i + 2 < n && b[i + 1] == '\r' && b[i + 2] == '\n')
			{
				hend = i + 3;
				break;
			}
		}
	if (hend == 0)
		hend = n;				/* a header without body */
	if (hend > r->limits.max_header)
		return td_fail(r->env, TD_ELIMIT,
					   "the HTTP header of the record at offset %llu is over %zu bytes",
					   (unsigned long long) rec->offset, r->limits.max_header);
	/* "HTTP/1.1 200 OK" */
	{
		char	   *sp = memchr(b, ' ', hend);
		int			k;

		if (sp == NULL || (size_t) (sp - b) + 4 > hend)
			return TD_OK;
		sp++;
		for (k = 0; k < 3; k++)
		{
			if (sp[k] < '0' || sp[k] > '9')
				return TD_OK;
			status = status * 10 + (sp[k] - '0');
		}
		if ((size_t) (sp - b) + 3 < hend && sp[3] != ' ' && sp[3] != '\r' && sp[3] != '\n')
			return TD_OK;
	}
	{
		char	   *nl = memchr(b, '\n', hend);
		size_t		first_end = nl ? (size_t) (nl - b) + 1 : hend;

		st = split_fields(r, b, hend, first_end, &r->http_fields, &r->http_cap,
						  &rec->nhttp_fields, &bad);
		if (st == TD_ELIMIT)
			return td_fail(r->env, TD_ELIMIT,
						   "the HTTP header of the WARC record at offset %llu has more than %d fields",
						   (unsigned long long) rec->offset, MAX_FIELDS);
		if (st != TD_OK)
			return st;
	}
	rec->http_status = status;
	rec->http_fields = r->http_fields;
	ct = field_value(r->http_fields, rec->nhttp_fields, "Content-Type");
	content_type(r, ct, &rec->charset);
	rec->media_type = r->media_type;
	rec->charset_pg = rec->charset.p ? td_warc_charset_to_pg(rec->charset.p, rec->charset.n) : NULL;
	if (!keep_payload)
		return TD_OK;

	body = (const uint8_t *) b + hend;
	body_len = n - hend;
	rec->payload = body;
	rec->payload_len = body_len;
	te = field_value(r->http_fields, rec->nhttp_fields, "Transfer-Encoding");
	ce = field_value(r->http_fields, rec->nhttp_fields, "Content-Encoding");
	r->body.len = 0;
	r->body2.len = 0;
	if (te.p && has_token(te, "chunked"))
	{
		int			ok;

		if ((st = dechunk(r, body, body_len, &r->body, &ok)) != TD_OK)
			return st;
		if (ok)
		{
			rec->payload = (const uint8_t *) (r->body.data ? r->body.data : "");
			rec->payload_len = r->body.len;
			rec->payload_decoded = 1;
		}
	}
	if (ce.p && (has_token(ce, "gzip") || has_token(ce, "x-gzip") || has_token(ce, "deflate")))
	{
		int			ok;

		st = uncompress_body(r, rec->payload, rec->payload_len, !has_token(ce, "deflate"),
							 &r->body2, &ok);
		if (st != TD_OK)
			return st;
		if (ok)
		{
			rec->payload = (const uint8_t *) (r->body2.data ? r->body2.data : "");
			rec->payload_len = r->body2.len;
			rec->payload_decoded = 1;
		}
	}
	return TD_OK;
}

/* ---- records ------------------------------------------------------------------ */

/* Whether the first bytes of the header can start "WARC/<digit>". */
static int
version_prefix_ok(const char *h, size_t n)
{
	static const char v[] = "WARC/";
	size_t		i;

	for (i = 0; i < n && i < 5; i++)
		if (h[i] != v[i])
			return 0;
	return n <= 5 || (h[5] >= '0' && h[5] <= '9');
}

/*
 * Reads the record header into r->hdr up to and including its empty line.
 * A first line that is not "WARC/<version>" fails as soon as it is seen,
 * so that the reader can resync from the next line.
 */
static td_status
read_header(td_warc_reader *r, const char *where)
{
	r->hdr.len = 0;
	for (;;)
	{
		int			eof;
		td_status	st = fill(r, 0, &eof);
		uint8_t    *p,
				   *nl;
		size_t		k;

		if (st != TD_OK)
			return st;
		if (eof)
			return td_fail(r->env, TD_EFORMAT,
						   "the WARC record at offset %s is truncated in its header", where);
		p = r->win + r->win_pos;
		k = r->win_len - r->win_pos;
		nl = memchr(p, '\n', k);
		if (nl)
			k = (size_t) (nl - p) + 1;
		if (r->hdr.len < 6)
		{
			/* the version line, checked before anything else is read */
			size_t		m = k < 6 - r->hdr.len ? k : 6 - r->hdr.len;
			char		first[6];

			memcpy(first, r->hdr.data ? r->hdr.data : "", r->hdr.len);
			memcpy(first + r->hdr.len, p, m);
			if (!version_prefix_ok(first, r->hdr.len + m) ||
				(nl && r->hdr.len + k < 7))
			{
				char		shown[20];
				size_t		i,
							n = k < 16 ? k : 16;

				for (i = 0; i < n; i++)
					shown[i] = p[i] >= 0x20 && p[i] < 0x7f ? (char) p[i] : '?';
				shown[n] = '\0';
				advance(r, k);
				return td_fail(r->env, TD_EFORMAT,
							   "no WARC record at offset %s: the line starts with \"%s\", not \"WARC/1.0\"",
							   where, shown);
			}
		}
		if (r->hdr.len + k > r->limits.max_header)
			return td_fail(r->env, TD_ELIMIT,
						   "the header of the WARC record at offset %s is over %zu bytes",
						   where, r->limits.max_header);
		if ((st = td_buf_append(&r->hdr, p, k)) != TD_OK)
		{
			r->broken = 1;
			return st;
		}
		advance(r, k);
		if (nl)
		{
			/* an empty line ends the header: "\n\n" or "\n\r\n" */
			size_t		n = r->hdr.len;

			if ((n >= 2 && r->hdr.data[n - 2] == '\n') ||
				(n >= 3 && r->hdr.data[n - 2] == '\r' && r->hdr.data[n - 3] == '\n'))
				return TD_OK;
		}
	}
}

static int
want(td_warc_reader *r, td_slice type)
{
	if (r->want == NULL)
		return 2;
	return r->want(r->want_arg, type.p ? type.p : "", type.n);
}

static td_status
record_error(td_warc_reader *r, td_status st, uint64_t offset)
{
	if (st == TD_EFORMAT || st == TD_ELIMIT)
	{
		if (!r->skip_block)
			r->resync = 1;
		r->err_offset = offset;
	}
	else
		r->broken = 1;
	return st;
}

/* " (stream offset N)" for gzip messages */
static void
offset_text(td_warc_reader *r, uint64_t offset, uint64_t stream, char *buf, size_t cap)
{
	if (r->gz)
		snprintf(buf, cap, "%llu (byte %llu of the decompressed stream)",
				 (unsigned long long) offset, (unsigned long long) stream);
	else
		snprintf(buf, cap, "%llu", (unsigned long long) offset);
}

td_status
td_warc_next(td_warc_reader *r, td_warc_record **out)
{
	td_warc_record *rec = &r->rec;
	td_status	st;

	*out = NULL;
	if (r->broken)
		return td_fail(r->env, TD_EARG, "the WARC reader cannot go on after an earlier error");
	for (;;)
	{
		uint64_t	start,
					got,
					clen = 0;
		size_t		first_end,
					bad;
		char	   *h;
		td_slice	v;
		int			w,
					c,
					at_member_start;
		char		where[96];
		td_slice	cl;

		if (r->skip_block)
		{
			uint64_t	n = r->skip_block;

			r->skip_block = 0;
			if ((st = take(r, n, NULL, &got)) != TD_OK)
				return record_error(r, st, r->err_offset);
			if (got < n)
				return td_fail(r->env, TD_EFORMAT,
							   "the WARC record at offset %llu is truncated: its block ends after %llu of %llu bytes",
							   (unsigned long long) r->err_offset,
							   (unsigned long long) got, (unsigned long long) n);
		}
		if (r->resync)
		{
			r->resync = 0;
			if ((st = resync(r)) != TD_OK)
				return record_error(r, st, r->err_offset);
		}
		/* white space between records */
		for (;;)
		{
			c = peek_byte(r, &st);
			if (st != TD_OK)
				return record_error(r, st, r->err_offset);
			if (c < 0)
				return TD_OK;	/* the end */
			if (!is_space(c))
				break;
			advance(r, 1);
		}
		memset(rec, 0, sizeof(*rec));
		rec->http_status = -1;
		rec->length = -1;
		start = r->gz ? r->mem_start_raw : upos(r);
		rec->offset = start;
		rec->stream_offset = upos(r);
		at_member_start = !r->gz || at_member_first_byte(r);
		offset_text(r, start, rec->stream_offset, where, sizeof(where));

		if ((st = read_header(r, where)) != TD_OK)
			return record_error(r, st, start);
		h = r->hdr.data;
		{
			char	   *nl = memchr(h, '\n', r->hdr.len);
			size_t		ll = (size_t) (nl - h);

			first_end = ll + 1;
			if (ll > 0 && h[ll - 1] == '\r')
				ll--;
			rec->version = trim(h, ll);
		}
		if ((st = split_fields(r, h, r->hdr.len, first_end, &r->fields, &r->fields_cap,
							   &rec->nfields, &bad)) != TD_OK)
		{
			if (st == TD_ELIMIT)
				st = td_fail(r->env, TD_ELIMIT,
							 "the header of the WARC record at offset %s has more than %d fields",
							 where, MAX_FIELDS);
			return record_error(r, st, start);
		}
		if (bad != SIZE_MAX)
			return record_error(r, td_fail(r->env, TD_EFORMAT,
										   "the header of the WARC record at offset %s has a line without a field name at byte %zu",
										   where, bad), start);
		rec->fields = r->fields;
		cl = field_value(r->fields, rec->nfields, "Content-Length");
		if (cl.p == NULL || !parse_uint(cl, (uint64_t) INT64_MAX, &clen))
			return record_error(r, td_fail(r->env, TD_EFORMAT,
										   "the WARC record at offset %s has %s Content-Length",
										   where, cl.p ? "an invalid" : "no"), start);
		rec->content_length = clen;
		rec->type = field_value(r->fields, rec->nfields, "WARC-Type");
		rec->record_id = strip_angle(field_value(r->fields, rec->nfields, "WARC-Record-ID"));
		rec->target_uri = strip_angle(field_value(r->fields, rec->nfields, "WARC-Target-URI"));
		rec->date = field_value(r->fields, rec->nfields, "WARC-Date");
		rec->has_date = rec->date.p && td_warc_parse_date(rec->date.p, rec->date.n, &rec->date_usec);
		rec->ip = field_value(r->fields, rec->nfields, "WARC-IP-Address");
		rec->warc_content_type = field_value(r->fields, rec->nfields, "Content-Type");

		w = want(r, rec->type);
		r->block.len = 0;
		if (w == 0 || (w == 1 && !slice_ieq(rec->type, "response") && !slice_ieq(rec->type, "revisit")))
		{
			/* not wanted, or no payload and nothing to parse: read past */
			if ((st = take(r, clen, NULL, &got)) != TD_OK)
				return record_error(r, st, start);
		}
		else
		{
			uint64_t	keep = clen;

			if (clen > r->limits.max_payload)
			{
				if (w == 1)
					keep = r->limits.max_header < clen ? r->limits.max_header : clen;
				else
				{
					r->skip_block = clen;
					return record_error(r, td_fail(r->env, TD_ELIMIT,
												   "the WARC record at offset %s has a block of %llu bytes, over max_payload (%zu bytes)",
												   where, (unsigned long long) clen,
												   r->limits.max_payload), start);
				}
			}
			if ((st = take(r, keep, &r->block, &got)) != TD_OK)
				return record_error(r, st, start);
			if (got == keep && keep < clen)
			{
				uint64_t	more;

				if ((st = take(r, clen - keep, NULL, &more)) != TD_OK)
					return record_error(r, st, start);
				got += more;
			}
		}
		if (got < clen)
			return record_error(r, td_fail(r->env, TD_EFORMAT,
										   "the WARC record at offset %s is truncated: its block ends after %llu of %llu bytes",
										   where, (unsigned long long) got,
										   (unsigned long long) clen), start);
		/* the block is followed by CRLF CRLF (LF LF tolerated) */
		{
			int			newlines = 0;

			while (newlines < 2)
			{
				c = peek_byte(r, &st);
				if (st != TD_OK)
					return record_error(r, st, start);
				if (c < 0)
					break;		/* a missing end at the end of the file is tolerated */
				if (c == '\r')
				{
					advance(r, 1);
					c = peek_byte(r, &st);
					if (st != TD_OK)
						return record_error(r, st, start);
					if (c < 0)
						break;
				}
				if (c != '\n')
					return record_error(r, td_fail(r->env, TD_EFORMAT,
												   "the WARC record at offset %s does not end where its Content-Length %llu says: no CRLF CRLF at byte %llu of the %s",
												   where, (unsigned long long) clen,
												   (unsigned long long) upos(r),
												   r->gz ? "decompressed stream" : "file"),
										start);
				advance(r, 1);
				newlines++;
			}
		}
		/* offset and length */
		if (!r->gz)
			rec->length = (int64_t) (upos(r) - start);
		else if (at_member_start)
		{
			int			eof = 0;

			if (r->win_pos == r->win_len && r->mem_open)
			{
				/* does the member end here?  inflate on to see */
				if ((st = fill(r, 1, &eof)) != TD_OK)
					return record_error(r, st, start);
			}
			else
				eof = r->win_pos == r->win_len;
			if (eof && !r->mem_open)
				rec->length = (int64_t) (r->mem_end_raw - start);
		}
		if (w == 0)
			continue;
		v = rec->warc_content_type;
		content_type(r, v, &rec->charset);
		rec->media_type = r->media_type;
		rec->charset_pg = rec->charset.p ? td_warc_charset_to_pg(rec->charset.p, rec->charset.n) : NULL;
		if (slice_ieq(rec->type, "response") || slice_ieq(rec->type, "revisit"))
		{
			if ((st = parse_http(r, w == 2)) != TD_OK)
				return record_error(r, st, start);
			if (w == 2 && rec->http_status < 0)
			{
				rec->payload = (const uint8_t *) (r->block.data ? r->block.data : "");
				rec->payload_len = r->block.len;
			}
		}
		else if (w == 2)
		{
			rec->payload = (const uint8_t *) (r->block.data ? r->block.data : "");
			rec->payload_len = r->block.len;
		}
		*out = rec;
		return TD_OK;
	}
}
