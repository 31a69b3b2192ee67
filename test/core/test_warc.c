/*
 * test_warc.c — the WARC reader (src/core/warc/warc.h): records, offsets and
 * lengths of plain, per-record gzip and whole-file gzip input read through
 * sources of every chunk size; payload decoding; errors that name offsets,
 * and going on after them; limits; interrupts; failed allocations without
 * leaks; dates and charsets.  Reads test/warc/samples/ (run from the
 * repository's root, as make core-check does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "check.h"
#include "counting.h"
#include "warc/warc.h"

/* A memory source that hands out at most chunk bytes per call. */
typedef struct chunked
{
	const uint8_t *data;
	size_t		len,
				pos,
				chunk;
} chunked;

static td_status
chunked_read(void *arg, td_env *env, uint8_t *buf, size_t cap, size_t *got)
{
	chunked    *c = arg;
	size_t		n = c->len - c->pos;

	(void) env;
	if (n > cap)
		n = cap;
	if (n > c->chunk)
		n = c->chunk;
	memcpy(buf, c->data + c->pos, n);
	c->pos += n;
	*got = n;
	return TD_OK;
}

static uint8_t *
slurp(const char *path, size_t *len)
{
	FILE	   *f = fopen(path, "rb");
	uint8_t    *b;
	long		n;

	if (f == NULL)
	{
		printf("cannot open %s (run from the repository root)\n", path);
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	b = malloc((size_t) n + 1);
	if (fread(b, 1, (size_t) n, f) != (size_t) n)
		exit(1);
	fclose(f);
	*len = (size_t) n;
	return b;
}

/* gzip of in[0..n) appended to out (one member). */
static size_t
gzip_member(const uint8_t *in, size_t n, uint8_t *out, size_t cap)
{
	z_stream	z;
	size_t		made;

	memset(&z, 0, sizeof(z));
	deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
	z.next_in = (Bytef *) in;
	z.avail_in = (uInt) n;
	z.next_out = out;
	z.avail_out = (uInt) cap;
	if (deflate(&z, Z_FINISH) != Z_STREAM_END)
		exit(1);
	made = cap - z.avail_out;
	deflateEnd(&z);
	return made;
}

/* What a test keeps of a record. */
typedef struct rec_summary
{
	char		type[32];
	char		uri[256];
	long long	offset;
	long long	length;
	int			status;
	size_t		payload_len;
	unsigned long crc;
	char		charset[16];
	char		media[64];
} rec_summary;

#define MAX_RECS 32

/*
 * Reads all records of data through a source of chunk bytes; errors are
 * recorded as type "!" with the message in uri (going on after them) until
 * the end.  Returns the count.
 */
static int
read_all(const uint8_t *data, size_t len, size_t chunk, const td_warc_limits *limits,
		 rec_summary *out, td_warc_want_fn want)
{
	td_env		env;
	td_warc_reader *r;
	chunked		src = {data, len, 0, chunk};
	int			n = 0,
				guard = 0;

	td_env_default(&env);
	if (td_warc_open(&env, limits, chunked_read, &src, &r) != TD_OK)
		return -1;
	td_warc_set_filter(r, want, NULL);
	while (n < MAX_RECS && guard++ < 1000)
	{
		td_warc_record *rec;
		td_status	st = td_warc_next(r, &rec);
		rec_summary *s = &out[n];

		memset(s, 0, sizeof(*s));
		if (st != TD_OK)
		{
			strcpy(s->type, "!");
			snprintf(s->uri, sizeof(s->uri), "%s", env.errmsg);
			n++;
			if (st != TD_EFORMAT && st != TD_ELIMIT)
				break;
			continue;
		}
		if (rec == NULL)
			break;
		snprintf(s->type, sizeof(s->type), "%.*s", (int) rec->type.n, rec->type.p ? rec->type.p : "");
		snprintf(s->uri, sizeof(s->uri), "%.*s", (int) rec->target_uri.n,
				 rec->target_uri.p ? rec->target_uri.p : "");
		s->offset = (long long) rec->offset;
		s->length = (long long) rec->length;
		s->status = rec->http_status;
		s->payload_len = rec->payload ? rec->payload_len : (size_t) -1;
		s->crc = rec->payload ? crc32(0, rec->payload, (uInt) rec->payload_len) : 0;
		snprintf(s->charset, sizeof(s->charset), "%s", rec->charset_pg ? rec->charset_pg : "");
		snprintf(s->media, sizeof(s->media), "%s", rec->media_type ? rec->media_type : "");
		n++;
	}
	td_warc_close(r);
	return n;
}

static int
same_records(const rec_summary *a, const rec_summary *b, int n, int with_offsets)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		if (strcmp(a[i].type, b[i].type) || strcmp(a[i].uri, b[i].uri) ||
			a[i].status != b[i].status || a[i].payload_len != b[i].payload_len ||
			a[i].crc != b[i].crc || strcmp(a[i].charset, b[i].charset) ||
			strcmp(a[i].media, b[i].media))
			return 0;
		if (with_offsets && (a[i].offset != b[i].offset || a[i].length != b[i].length))
			return 0;
	}
	return 1;
}

static int
only_responses(void *arg, const char *type, size_t len)
{
	(void) arg;
	return len == 8 && memcmp(type, "response", 8) == 0 ? 2 : 0;
}

static void
test_samples(void)
{
	size_t		plain_len,
				gz_len,
				one_len;
	uint8_t    *plain = slurp("test/warc/samples/example.warc", &plain_len);
	uint8_t    *gz = slurp("test/warc/samples/example.warc.gz", &gz_len);
	uint8_t    *one = slurp("test/warc/samples/example-bad-non-chunked.warc.gz", &one_len);
	rec_summary a[MAX_RECS],
				b[MAX_RECS];
	static const size_t chunks[] = {1, 2, 3, 7, 64, 1000, 1 << 20};
	int			n,
				m,
				i;
	static const long long plain_off[] = {0, 488, 1197, 2566, 3370, 4316};
	static const long long gz_off[] = {0, 353, 784, 2012, 2621, 3207};
	static const long long gz_len_expected[] = {353, 431, 1228, 609, 586, 609};

	n = read_all(plain, plain_len, 1 << 20, NULL, a, NULL);
	CHECK(n == 6, "example.warc: %d records", n);
	for (i = 0; i < 6 && i < n; i++)
		CHECK(a[i].offset == plain_off[i] && a[i].length ==
			  (i < 5 ? plain_off[i + 1] : (long long) plain_len) - plain_off[i],
			  "plain record %d at %lld+%lld", i, a[i].offset, a[i].length);
	CHECK(strcmp(a[2].type, "response") == 0 && a[2].status == 200 &&
		  a[2].payload_len == 1270 && strcmp(a[2].media, "text/html") == 0,
		  "the response: %s %d %zu %s", a[2].type, a[2].status, a[2].payload_len, a[2].media);
	CHECK(a[4].status == 200 && a[4].payload_len == 0, "the revisit has no payload");
	CHECK(strcmp(a[3].media, "application/http") == 0 && a[3].payload_len == 493,
		  "a request's payload is its block");

	for (i = 0; i < (int) (sizeof(chunks) / sizeof(chunks[0])); i++)
	{
		m = read_all(plain, plain_len, chunks[i], NULL, b, NULL);
		CHECK(m == n && same_records(a, b, n, 1), "plain, %zu-byte reads", chunks[i]);
		m = read_all(gz, gz_len, chunks[i], NULL, b, NULL);
		CHECK(m == n && same_records(a, b, n, 0), "gzip, %zu-byte reads", chunks[i]);
		if (m == 6)
		{
			int			k;

			for (k = 0; k < 6; k++)
				CHECK(b[k].offset == gz_off[k] && b[k].length == gz_len_expected[k],
					  "gzip record %d at %lld+%lld (%zu-byte reads)", k, b[k].offset,
					  b[k].length, chunks[i]);
		}
		m = read_all(one, one_len, chunks[i], NULL, b, NULL);
		CHECK(m == n && same_records(a, b, n, 0), "one gzip stream, %zu-byte reads", chunks[i]);
		if (m == 6)
			CHECK(b[3].offset == 0 && b[3].length == -1,
				  "a record inside one stream has no length: %lld", b[3].length);
	}
	/* the filter: only the response, from every form */
	m = read_all(gz, gz_len, 5, NULL, b, only_responses);
	CHECK(m == 1 && same_records(&a[2], b, 1, 0), "types filter on gzip: %d", m);
	m = read_all(plain, plain_len, 5, NULL, b, only_responses);
	CHECK(m == 1 && same_records(&a[2], b, 1, 1), "types filter on plain: %d", m);
	free(plain);
	free(gz);
	free(one);
}

static void
test_broken_samples(void)
{
	size_t		len;
	uint8_t    *trunc = slurp("test/warc/samples/example-trunc.warc", &len);
	rec_summary a[MAX_RECS];
	int			n = read_all(trunc, len, 100, NULL, a, NULL);

	CHECK(n == 4, "example-trunc: %d entries", n);
	CHECK(n >= 4 && strcmp(a[2].type, "!") == 0 && strstr(a[2].uri, "offset 1197") != NULL,
		  "the cut record's error names its offset: %s", n >= 3 ? a[2].uri : "");
	CHECK(n >= 4 && strcmp(a[3].type, "request") == 0 && a[3].offset == 2566,
		  "then the next record, at 2566");
	free(trunc);

	trunc = slurp("test/warc/samples/example-iana.org-chunked.warc", &len);
	n = read_all(trunc, len, 333, NULL, a, NULL);
	CHECK(n == 3 && a[1].status == 200 && a[1].payload_len == 7223 &&
		  strcmp(a[1].charset, "UTF8") == 0, "chunked body: %zu bytes, %s",
		  a[1].payload_len, a[1].charset);
	free(trunc);
}

static void
test_bad_input(void)
{
	rec_summary a[MAX_RECS];
	td_warc_limits lim;
	char		buf[4096];
	int			n;
	uint8_t		gz[8192];
	size_t		gl;
	const char *good = "WARC/1.1\r\nWARC-Type: metadata\r\nContent-Length: 2\r\n\r\nok\r\n\r\n";

#define RUN(s) read_all((const uint8_t *) (s), strlen(s), 3, &lim, a, NULL)
	td_warc_limits_default(&lim);

	/* a wrong Content-Length, then a good record: an error, then the record */
	snprintf(buf, sizeof(buf), "WARC/1.0\r\nContent-Length: 3\r\n\r\nabcdef\r\n\r\n%s", good);
	n = RUN(buf);
	CHECK(n == 2 && strcmp(a[0].type, "!") == 0 && strstr(a[0].uri, "offset 0") &&
		  strcmp(a[1].type, "metadata") == 0 && a[1].offset == 41,
		  "wrong Content-Length: %d %s / %s %lld", n, a[0].uri, a[1].type, a[1].offset);

	/* garbage before a record */
	snprintf(buf, sizeof(buf), "garbage\nmore WARC/1.0 garbage\r\n%s", good);
	n = RUN(buf);
	CHECK(n == 2 && strcmp(a[0].type, "!") == 0 && strcmp(a[1].type, "metadata") == 0 &&
		  a[1].offset == 31, "garbage: %d, then %s at %lld", n, a[1].type, a[1].offset);

	/* a 2 GB declared block: a limit error before reading, then truncation */
	n = RUN("WARC/1.0\r\nContent-Length: 2147483648\r\n\r\nabc");
	CHECK(n == 2 && strstr(a[0].uri, "max_payload") && strstr(a[1].uri, "truncated"),
		  "2 GB: %s / %s", a[0].uri, a[1].uri);
	/* a declared length over int64 */
	n = RUN("WARC/1.0\r\nContent-Length: 99999999999999999999\r\n\r\n");
	CHECK(n == 1 && strstr(a[0].uri, "invalid Content-Length"), "huge length: %s", a[0].uri);

	/* a header over the limit, then a good record */
	lim.max_header = 200;
	{
		size_t		k = 0;

		k += (size_t) snprintf(buf + k, sizeof(buf) - k, "WARC/1.0\r\n");
		while (k < 1000)
			k += (size_t) snprintf(buf + k, sizeof(buf) - k, "X-Pad: aaaaaaaaaaaaaaaaaaaaaaa\r\n");
		snprintf(buf + k, sizeof(buf) - k, "\r\n%s", good);
	}
	n = RUN(buf);
	CHECK(n == 2 && strstr(a[0].uri, "over 200 bytes") && strcmp(a[1].type, "metadata") == 0,
		  "long header: %d %s", n, a[0].uri);
	td_warc_limits_default(&lim);

	/* truncated header; empty input; only white space */
	n = RUN("WARC/1.0\r\nWARC-Type: x\r\n");
	CHECK(n == 1 && strstr(a[0].uri, "truncated in its header"), "cut header: %s", a[0].uri);
	CHECK(RUN("") == 0 && RUN("\r\n\r\n\n") == 0, "empty input: no records");

	/* gzip: a corrupt member between two good ones is skipped */
	gl = gzip_member((const uint8_t *) good, strlen(good), gz, sizeof(gz));
	{
		size_t		one = gl;

		gl += gzip_member((const uint8_t *) good, strlen(good), gz + gl, sizeof(gz) - gl);
		memset(gz + one + 12, 0xAA, 6);
		gl += gzip_member((const uint8_t *) good, strlen(good), gz + gl, sizeof(gz) - gl);
		/*
		 * inflate may hand out some garbage before it sees the damage (at the
		 * latest at the CRC): errors naming the member, then the third record
		 */
		n = read_all(gz, gl, 4, &lim, a, NULL);
		CHECK(n >= 3 && a[0].offset == 0 && strcmp(a[0].type, "metadata") == 0 &&
			  strcmp(a[1].type, "!") == 0 && strstr(a[1].uri, "offset 74") &&
			  strcmp(a[n - 1].type, "metadata") == 0 && a[n - 1].offset == (long long) (2 * one) &&
			  a[n - 1].length == (long long) one,
			  "corrupt member: %d %s, last %s at %lld", n, a[1].uri, a[n - 1].type, a[n - 1].offset);
		/* garbage after the last member */
		memcpy(gz + gl, "xyz", 3);
		n = read_all(gz, gl + 3, 4, &lim, a, NULL);
		CHECK(n >= 4 && strstr(a[n - 1].uri, "not a gzip member"), "trailing garbage: %s", a[n - 1].uri);
		n = read_all(gz, one - 5, 4, &lim, a, NULL);
		CHECK(n == 1 && strstr(a[0].uri, "truncated"), "cut member: %s", a[0].uri);
	}
#undef RUN
}

static void
test_http_codings(void)
{
	/* a gzip-coded, chunked body, and a deflate (raw) body */
	static const char page[] = "<html><body><p>Hello, chunked and gzipped world</p></body></html>";
	uint8_t		z[8192],
				body[1024],
				rec[4096];
	size_t		zl = gzip_member((const uint8_t *) page, strlen(page), z, sizeof(z));
	size_t		bl = 0,
				rl;
	rec_summary a[MAX_RECS];
	td_warc_limits lim;
	int			n;
	char		http[256];
	size_t		hl;

	bl += (size_t) snprintf((char *) body, sizeof(body), "%zx\r\n", (size_t) 10);
	memcpy(body + bl, z, 10);
	bl += 10;
	bl += (size_t) snprintf((char *) body + bl, sizeof(body) - bl, "\r\n%zx;ext=1\r\n", zl - 10);
	memcpy(body + bl, z + 10, zl - 10);
	bl += zl - 10;
	memcpy(body + bl, "\r\n0\r\n\r\n", 7);
	bl += 7;
	hl = (size_t) snprintf(http, sizeof(http),
						   "HTTP/1.1 404 Not Found\r\nContent-Type: Text/HTML; Charset=\"ISO-8859-1\"\r\n"
						   "Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n");
	rl = (size_t) snprintf((char *) rec, sizeof(rec),
						   "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: <http://a.test/x>\r\n"
						   "WARC-Date: 2024-02-29T23:59:59.123456Z\r\nContent-Length: %zu\r\n\r\n",
						   hl + bl);
	memcpy(rec + rl, http, hl);
	rl += hl;
	memcpy(rec + rl, body, bl);
	rl += bl;
	memcpy(rec + rl, "\r\n\r\n", 4);
	rl += 4;
	td_warc_limits_default(&lim);
	n = read_all(rec, rl, 11, &lim, a, NULL);
	CHECK(n == 1 && a[0].status == 404 && a[0].payload_len == strlen(page) &&
		  a[0].crc == crc32(0, (const Bytef *) page, (uInt) strlen(page)) &&
		  strcmp(a[0].charset, "WIN1252") == 0 && strcmp(a[0].media, "text/html") == 0 &&
		  strcmp(a[0].uri, "http://a.test/x") == 0,
		  "chunked gzip body: %d %d %zu %s %s %s", n, a[0].status, a[0].payload_len,
		  a[0].charset, a[0].media, a[0].uri);
	/* a gzip bomb: 1 MB of 'a' in a small block, over max_payload once inflated */
	{
		size_t		big = 1 << 20;
		char	   *aaa = malloc(big);
		uint8_t    *bomb = malloc(big);
		size_t		bz;

		memset(aaa, 'a', big);
		hl = (size_t) snprintf(http, sizeof(http),
							   "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n");
		rl = (size_t) snprintf((char *) bomb, big,
							   "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: %zu\r\n\r\n%s",
							   hl + gzip_member((const uint8_t *) aaa, big, z, sizeof(z)), http);
		bz = gzip_member((const uint8_t *) aaa, big, bomb + rl, big - rl);
		memcpy(bomb + rl + bz, "\r\n\r\n", 4);
		lim.max_payload = 100000;
		n = read_all(bomb, rl + bz + 4, 4096, &lim, a, NULL);
		CHECK(n == 1 && strstr(a[0].uri, "max_payload"), "bomb bounded: %s", a[0].uri);
		lim.max_payload = big;
		n = read_all(bomb, rl + bz + 4, 4096, &lim, a, NULL);
		CHECK(n == 1 && a[0].payload_len == big, "bomb within the limit: %zu", a[0].payload_len);
		free(aaa);
		free(bomb);
	}
}

static void
test_failures(void)
{
	size_t		len;
	uint8_t    *gz = slurp("test/warc/samples/example.warc.gz", &len);
	long		k;
	int			saw_ok = 0;

	/* every allocation failing in turn: TD_ENOMEM, nothing leaked */
	for (k = 0; k < 40 && !saw_ok; k++)
	{
		counting	c = {0, k, 0};
		td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
		chunked		src = {gz, len, 0, 100};
		td_warc_reader *r = NULL;
		td_status	st = td_warc_open(&env, NULL, chunked_read, &src, &r);
		int			recs = 0;

		while (st == TD_OK)
		{
			td_warc_record *rec;

			st = td_warc_next(r, &rec);
			if (st != TD_OK || rec == NULL)
				break;
			recs++;
		}
		CHECK(st == TD_OK || st == TD_ENOMEM, "budget %ld: status %d", k, st);
		if (st == TD_OK && recs == 6)
			saw_ok = 1;
		td_warc_close(r);
		CHECK(c.live == 0, "budget %ld: %ld blocks leaked", k, c.live);
	}
	CHECK(saw_ok, "some budget is enough");

	/* an interrupt stops the reader, which then refuses to go on */
	{
		counting	c = {0, -1, 1};
		td_env		env = {c_alloc, c_realloc, c_free, c_interrupted, &c, ""};
		chunked		src = {gz, len, 0, 100};
		td_warc_reader *r;
		td_warc_record *rec;
		td_status	st;

		td_warc_open(&env, NULL, chunked_read, &src, &r);
		st = td_warc_next(r, &rec);
		CHECK(st == TD_EINTR, "interrupted: %d", st);
		st = td_warc_next(r, &rec);
		CHECK(st != TD_OK, "no going on after an interrupt: %d", st);
		td_warc_close(r);
		CHECK(c.live == 0, "interrupt: %ld leaked", c.live);
	}
	free(gz);
}

static void
test_dates_charsets(void)
{
	int64_t		us = 0;

	CHECK(td_warc_parse_date("2017-03-06T04:02:06Z", 20, &us) && us == 1488772926000000LL,
		  "date: %lld", (long long) us);
	CHECK(td_warc_parse_date("2024-02-29T23:59:59.5Z", 22, &us) && us == 1709251199500000LL,
		  "fraction: %lld", (long long) us);
	CHECK(td_warc_parse_date("1999", 4, &us) && us == 915148800000000LL, "year only");
	CHECK(!td_warc_parse_date("2017-13-06T04:02:06Z", 20, &us), "month 13");
	CHECK(!td_warc_parse_date("2017-03-06 04:02:06", 19, &us), "no T, no Z");
	CHECK(!td_warc_parse_date("2017-03-06T04:02:06+01:00", 25, &us), "offsets are not UTC");
	CHECK(strcmp(td_warc_charset_to_pg(" UTF-8 ", 7), "UTF8") == 0, "utf-8");
	CHECK(strcmp(td_warc_charset_to_pg("Latin1", 6), "WIN1252") == 0, "latin1 as browsers");
	CHECK(strcmp(td_warc_charset_to_pg("'gb2312'", 8), "GBK") == 0, "quoted gb2312");
	CHECK(td_warc_charset_to_pg("utf-16le", 8) == NULL, "utf-16: none");
	CHECK(td_warc_charset_to_pg("", 0) == NULL, "empty: none");
}

int
main(void)
{
	test_samples();
	test_broken_samples();
	test_bad_input();
	test_http_codings();
	test_failures();
	test_dates_charsets();
	return check_done("test_warc");
}
