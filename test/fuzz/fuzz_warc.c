/*
 * fuzz_warc.c — libFuzzer target for the WARC reader: any bytes as a WARC
 * file, read through a source whose read size comes from the first byte,
 * plain or (first byte odd) gzip-compressed first as one member or (bit 1)
 * cut into several members, with small limits so that the limit paths are
 * reached.  Every record is read, going on after errors as skip_bad does.
 * Besides the sanitizers, it aborts when a record breaks what warc.h
 * promises: payloads within max_payload, offsets not decreasing and within
 * the input, a length only for records that have one.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "warc/warc.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

typedef struct src
{
	const uint8_t *data;
	size_t		len,
				pos,
				chunk;
} src;

static td_status
src_read(void *arg, td_env *env, uint8_t *buf, size_t cap, size_t *got)
{
	src		   *s = arg;
	size_t		n = s->len - s->pos;

	(void) env;
	if (n > cap)
		n = cap;
	if (n > s->chunk)
		n = s->chunk;
	memcpy(buf, s->data + s->pos, n);
	s->pos += n;
	*got = n;
	return TD_OK;
}

/*
 * gzip members of in, one per piece of `piece` bytes, into a new buffer.
 * One deflate stream serves every member of every run, reset between them
 * (the same bytes as a fresh stream): setting one up allocated and cleared
 * a quarter of a megabyte, half of a run's time when an input was cut into
 * many members.
 */
static uint8_t *
gzip_pieces(const uint8_t *in, size_t n, size_t piece, size_t *out_len)
{
	static z_stream z;
	static int	z_ready = 0;
	size_t		cap = n + n / 8 + 64 * (n / piece + 2) + 64;
	uint8_t    *out = malloc(cap);
	size_t		pos = 0,
				done = 0;

	do
	{
		size_t		k = n - done < piece ? n - done : piece;

		if (!z_ready)
		{
			memset(&z, 0, sizeof(z));
			if (deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
				abort();
			z_ready = 1;
		}
		else if (deflateReset(&z) != Z_OK)
			abort();
		z.next_in = (Bytef *) in + done;
		z.avail_in = (uInt) k;
		z.next_out = out + pos;
		z.avail_out = (uInt) (cap - pos);
		if (deflate(&z, Z_FINISH) != Z_STREAM_END)
			abort();
		pos = cap - z.avail_out;
		done += k;
	} while (done < n);
	*out_len = pos;
	return out;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	td_env		env;
	td_warc_limits lim;
	td_warc_reader *r;
	src			s;
	uint8_t    *gz = NULL;
	uint64_t	last_offset = 0;
	int			guard = 0;

	if (size < 1)
		return 0;
	td_env_default(&env);
	lim.max_header = 2048;
	lim.max_payload = 16384;
	s.chunk = 1 + (data[0] >> 2) % 64;
	s.data = data + 1;
	s.len = size - 1;
	s.pos = 0;
	if (data[0] & 1)
	{
		size_t		piece = (data[0] & 2) ? 1 + (data[0] >> 2) * 4 : SIZE_MAX;

		gz = gzip_pieces(data + 1, size - 1, piece, &s.len);
		s.data = gz;
	}
	if (td_warc_open(&env, &lim, src_read, &s, &r) != TD_OK)
		abort();
	while (guard++ < 100000)
	{
		td_warc_record *rec;
		td_status	st = td_warc_next(r, &rec);

		if (st == TD_EFORMAT || st == TD_ELIMIT)
			continue;
		if (st != TD_OK)
			abort();
		if (rec == NULL)
			break;
		if (rec->payload && rec->payload_len > lim.max_payload)
			abort();
		if (rec->offset < last_offset || rec->offset > s.len)
			abort();
		if (rec->length >= 0 && rec->offset + (uint64_t) rec->length > s.len)
			abort();
		if (!td_warc_is_gzip(r) && rec->length < 0)
			abort();
		last_offset = rec->offset;
	}
	if (guard >= 100000)
		abort();				/* the reader must always make progress */
	td_warc_close(r);
	free(gz);
	return 0;
}
