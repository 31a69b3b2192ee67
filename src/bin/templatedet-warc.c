/*
 * templatedet-warc — WARC files (.warc, .warc.gz) as COPY input, for
 *
 *   \copy pages(url, fetched, status, html) FROM PROGRAM 'templatedet-warc crawl.warc.gz'
 *
 * Writes one line per record on stdout, columns url, fetched, status, html,
 * in COPY's text format (default) or CSV (--csv).  By default only response
 * records whose payload is HTML (text/html, application/xhtml+xml); --all
 * writes every record (status and url empty where a record has none).  The
 * html column is the payload with its HTTP codings undone, decoded to UTF-8
 * from the charset the HTTP header declares, else the one the page's bytes
 * announce (BOM, <meta>), else windows-1252, as the page functions do for
 * bytea; invalid bytes become U+FFFD.  --raw writes the payload as bytea hex
 * instead (\x...), for a bytea column.
 *
 * The reader is the extension's own (src/core/warc/): the same records, the
 * same errors naming the offset.  A bad record stops with exit status 1,
 * or with --skip-bad is reported on stderr and skipped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/charset.h"
#include "base/decode.h"
#include "warc/warc.h"

typedef struct options
{
	int			csv;
	int			all;
	int			raw;
	int			skip_bad;
	size_t		max_payload;
} options;

static td_status
file_read(void *arg, td_env *env, uint8_t *buf, size_t cap, size_t *got)
{
	FILE	   *f = arg;

	*got = fread(buf, 1, cap, f);
	if (*got == 0 && ferror(f))
		return td_fail(env, TD_EFORMAT, "read error: %s", strerror(errno));
	return TD_OK;
}

/* One field in COPY text format (\N for NULL) or CSV. */
static void
put_field(FILE *out, const options *o, const char *s, size_t n, int is_null)
{
	size_t		i;

	if (is_null)
	{
		if (!o->csv)
			fputs("\\N", out);
		return;
	}
	if (o->csv)
	{
		putc('"', out);
		for (i = 0; i < n; i++)
		{
			if (s[i] == '"')
				putc('"', out);
			putc(s[i], out);
		}
		putc('"', out);
		return;
	}
	for (i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		switch (c)
		{
			case '\\':
				fputs("\\\\", out);
				break;
			case '\n':
				fputs("\\n", out);
				break;
			case '\r':
				fputs("\\r", out);
				break;
			case '\t':
				fputs("\\t", out);
				break;
			case '\b':
				fputs("\\b", out);
				break;
			case '\f':
				fputs("\\f", out);
				break;
			case '\v':
				fputs("\\v", out);
				break;
			default:
				putc(c, out);
		}
	}
}

static int
is_html(const char *media)
{
	return media && (strcmp(media, "text/html") == 0 ||
					 strcmp(media, "application/xhtml+xml") == 0);
}

static void
put_record(FILE *out, const options *o, td_env *env, const td_warc_record *rec)
{
	char		date[64];
	char		status[16];
	const char *sep = o->csv ? "," : "\t";

	put_field(out, o, rec->target_uri.p, rec->target_uri.n, rec->target_uri.p == NULL);
	fputs(sep, out);
	if (rec->has_date)
	{
		time_t		secs = (time_t) (rec->date_usec / 1000000);
		long		usec = (long) (rec->date_usec % 1000000);
		struct tm	tm;
		size_t		k;

		if (usec < 0)
		{
			usec += 1000000;
			secs--;
		}
		gmtime_r(&secs, &tm);
		k = strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm);
		if (usec)
			k += (size_t) snprintf(date + k, sizeof(date) - k, ".%06ld", usec);
		snprintf(date + k, sizeof(date) - k, "+00");
		put_field(out, o, date, strlen(date), 0);
	}
	else
		put_field(out, o, NULL, 0, 1);
	fputs(sep, out);
	snprintf(status, sizeof(status), "%d", rec->http_status);
	put_field(out, o, status, strlen(status), rec->http_status < 0);
	fputs(sep, out);
	if (rec->payload == NULL)
		put_field(out, o, NULL, 0, 1);
	else if (o->raw)
	{
		static const char hex[] = "0123456789abcdef";
		size_t		i;

		if (o->csv)
			fputs("\"\\x", out);
		else
			fputs("\\\\x", out);
		for (i = 0; i < rec->payload_len; i++)
		{
			putc(hex[rec->payload[i] >> 4], out);
			putc(hex[rec->payload[i] & 15], out);
		}
		if (o->csv)
			putc('"', out);
	}
	else
	{
		const char *bytes = (const char *) rec->payload;
		size_t		len = rec->payload_len,
					bom = 0,
					text_len = 0;
		const char *encoding = NULL;
		const char *text = NULL;
		char	   *owned = NULL;
		char		declared[64];
		td_status	st = TD_EARG;

		if (rec->charset.p && rec->charset.n < sizeof(declared))
		{
			memcpy(declared, rec->charset.p, rec->charset.n);
			declared[rec->charset.n] = '\0';
			st = td_decode_input(env, bytes, len, declared, &text, &text_len, &owned);
		}
		if (st != TD_OK)
		{
			/* none declared, or one iconv does not know: as the page functions sniff */
			encoding = td_sniff_charset(bytes, len, &bom);
			st = td_decode_input(env, bytes + bom, len - bom, encoding, &text, &text_len, &owned);
		}
		if (st != TD_OK)
		{
			fprintf(stderr, "templatedet-warc: %s\n", env->errmsg);
			exit(1);
		}
		put_field(out, o, text, text_len, 0);
		free(owned);
	}
	putc('\n', out);
}

static int
read_file(const char *path, const options *o)
{
	FILE	   *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	td_env		env;
	td_warc_limits lim;
	td_warc_reader *r;
	int			bad = 0;

	if (f == NULL)
	{
		fprintf(stderr, "templatedet-warc: could not open \"%s\": %s\n", path, strerror(errno));
		return 1;
	}
	td_env_default(&env);
	td_warc_limits_default(&lim);
	lim.max_payload = o->max_payload;
	if (td_warc_open(&env, &lim, file_read, f, &r) != TD_OK)
	{
		fprintf(stderr, "templatedet-warc: %s\n", env.errmsg);
		exit(1);
	}
	for (;;)
	{
		td_warc_record *rec;
		td_status	st = td_warc_next(r, &rec);

		if (st != TD_OK)
		{
			/* the reader resumes at the next record after these two only */
			int			skip = o->skip_bad && (st == TD_EFORMAT || st == TD_ELIMIT);

			fprintf(stderr, "templatedet-warc: %s: %s%s\n", path, env.errmsg,
					skip ? " (skipped)" : "");
			bad = 1;
			if (skip)
				continue;
			break;
		}
		if (rec == NULL)
			break;
		if (!o->all && (rec->http_status < 0 || rec->type.n != 8 ||
						memcmp(rec->type.p, "response", 8) != 0 || !is_html(rec->media_type)))
			continue;
		put_record(stdout, o, &env, rec);
	}
	td_warc_close(r);
	if (f != stdin)
		fclose(f);
	return bad && !o->skip_bad;
}

static void
usage(FILE *out)
{
	fputs("usage: templatedet-warc [--csv] [--all] [--raw] [--skip-bad] [--max-payload BYTES] FILE...\n"
		  "Writes the records of WARC files (.warc, .warc.gz; - for stdin) as COPY input with\n"
		  "the columns url, fetched, status, html:\n"
		  "  \\copy pages(url, fetched, status, html) FROM PROGRAM 'templatedet-warc crawl.warc.gz'\n"
		  "  --csv          CSV instead of COPY's text format\n"
		  "  --all          every record, not only HTML responses\n"
		  "  --raw          the payload as bytea hex (\\x...) instead of UTF-8 text\n"
		  "  --skip-bad     report a bad record on stderr and go on with the next\n"
		  "  --max-payload  largest record block and decoded payload kept (default 64 MB)\n",
		  out);
}

int
main(int argc, char **argv)
{
	options		o = {0, 0, 0, 0, TD_WARC_MAX_PAYLOAD_DEFAULT};
	int			i,
				files = 0,
				rc = 0;

	for (i = 1; i < argc; i++)
	{
		if (strcmp(argv[i], "--csv") == 0)
			o.csv = 1;
		else if (strcmp(argv[i], "--all") == 0)
			o.all = 1;
		else if (strcmp(argv[i], "--raw") == 0)
			o.raw = 1;
		else if (strcmp(argv[i], "--skip-bad") == 0)
			o.skip_bad = 1;
		else if (strcmp(argv[i], "--max-payload") == 0 && i + 1 < argc)
		{
			char	   *end;
			unsigned long long v = strtoull(argv[++i], &end, 10);

			if (*end || v == 0 || v > (1ULL << 30))
			{
				fprintf(stderr, "templatedet-warc: --max-payload must be 1..1073741824\n");
				return 2;
			}
			o.max_payload = (size_t) v;
		}
		else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
		{
			usage(stdout);
			return 0;
		}
		else if (argv[i][0] == '-' && argv[i][1] != '\0')
		{
			usage(stderr);
			return 2;
		}
	}
	for (i = 1; i < argc; i++)
	{
		if (strcmp(argv[i], "--max-payload") == 0)
		{
			i++;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			continue;
		files++;
		rc |= read_file(argv[i], &o);
	}
	if (files == 0)
	{
		usage(stderr);
		return 2;
	}
	if (fflush(stdout) != 0)
		return 1;
	return rc;
}
