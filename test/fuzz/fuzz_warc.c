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
#include <sanitizer/asan_interface.h>
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

/*
 * The source: not coverage-instrumented (nothing of the reader's to steer
 * by), as the allocator below; its comparisons were a tenth of the time of
 * the slowest inputs, members of one byte read one byte at a time.
 */
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))

NO_COVERAGE static td_status
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
 * The reader's two 128 KB buffers, allocated and freed by every run, were a
 * seventh of a run's time: under ASan each is a fresh mapping (mmap, page
 * faults, munmap).  The allocator below keeps a freed block of BIG bytes or
 * more for the next run's allocation of the same size, poisoned while it is
 * kept, so a use after free is still an ASan report; smaller blocks are
 * malloc's.  A reader opened once per WARC file, as in the server, never
 * sees the difference.  Not coverage-instrumented: the target's own
 * bookkeeping, nothing to steer by.
 */
#define BIG ((size_t) 64 << 10)
#define N_BIG 8

static struct big_block
{
	void	   *p;
	size_t		size;
	int			live;			/* handed out (else kept for reuse) */
} big[N_BIG];

NO_COVERAGE static void *
b_alloc(void *arg, size_t size)
{
	int			slot = -1;

	(void) arg;
	if (size < BIG)
		return malloc(size);
	for (int i = 0; i < N_BIG; i++)
		if (big[i].p != NULL && !big[i].live && big[i].size == size)
		{
			ASAN_UNPOISON_MEMORY_REGION(big[i].p, size);
			big[i].live = 1;
			return big[i].p;
		}
		else if (big[i].p == NULL && slot < 0)
			slot = i;
	if (slot < 0)
		return malloc(size);	/* not kept: freed by b_free as any block */
	big[slot].p = malloc(size);
	big[slot].size = size;
	big[slot].live = big[slot].p != NULL;
	return big[slot].p;
}

NO_COVERAGE static void
b_free(void *arg, void *p)
{
	(void) arg;
	for (int i = 0; p != NULL && i < N_BIG; i++)
		if (big[i].p == p)
		{
			if (!big[i].live)
				abort();		/* a double free */
			big[i].live = 0;
			ASAN_POISON_MEMORY_REGION(p, big[i].size);
			return;
		}
	free(p);
}

NO_COVERAGE static void *
b_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	void	   *q;

	for (int i = 0; p != NULL && i < N_BIG; i++)
		if (big[i].p == p)
		{
			/* a kept block is moved to a new one of the new size */
			q = b_alloc(arg, new_size);
			if (q != NULL)
			{
				memcpy(q, p, old_size < new_size ? old_size : new_size);
				b_free(arg, p);
			}
			return q;
		}
	if (new_size >= BIG)
	{
		q = b_alloc(arg, new_size);
		if (q != NULL && p != NULL)
		{
			memcpy(q, p, old_size < new_size ? old_size : new_size);
			free(p);
		}
		return q;
	}
	return realloc(p, new_size);
}

/*
 * A deflate stream: one per mode serves every member of every run, reset
 * between them (the same bytes as a fresh stream): setting one up allocated
 * and cleared a quarter of a megabyte.  A reset clears the hash table, 64 KB
 * at memLevel 8, so the stream for pieces has memLevel 4 (4 KB; timed
 * natively at pieces of 41 and 253 bytes, a quarter faster than 8 and than
 * 1, whose 128-symbol blocks each cost a Huffman tree); one member keeps
 * memLevel 8 (4 times faster than 1 on 60 KB).
 */
static z_stream *
deflater(int cut)
{
	static z_stream zs[2];
	static int	z_ready[2];
	z_stream   *z = &zs[cut];

	if (!z_ready[cut])
	{
		if (deflateInit2(z, 1, Z_DEFLATED, 16 + MAX_WBITS, cut ? 4 : 8, Z_DEFAULT_STRATEGY) != Z_OK)
			abort();
		z_ready[cut] = 1;
	}
	else if (deflateReset(z) != Z_OK)
		abort();
	return z;
}

/* in[0..n) as one gzip member at out[0..cap); its length */
static size_t
gzip_member(int cut, const uint8_t *in, size_t n, uint8_t *out, size_t cap)
{
	z_stream   *z = deflater(cut);

	z->next_in = (Bytef *) in;
	z->avail_in = (uInt) n;
	z->next_out = out;
	z->avail_out = (uInt) cap;
	if (deflate(z, Z_FINISH) != Z_STREAM_END)
		abort();
	return cap - z->avail_out;
}

/*
 * The members of a cut input, cached by their bytes.  Setting up and
 * finishing a member costs deflate about 5 us however small it is, and
 * inputs cut into pieces of a few bytes made deflate 44% of the target's
 * time; but a
 * mutation changes a few pieces of its parent, and a member is a function
 * of its piece alone (the stream is reset), so most are found here: the
 * reader reads the very bytes it read before.  Static slots, not malloc:
 * libFuzzer reruns an input whose run allocated more than it freed.
 */
#define PIECE_MAX 253			/* 1 + 63 * 4: the largest piece */
#define MEMBER_MAX 320			/* a member of PIECE_MAX bytes is 276 at most */
#define N_MEMBERS 8192

static struct member
{
	uint16_t	in_len;			/* 0: an empty slot */
	uint16_t	out_len;
	uint8_t		in[PIECE_MAX];
	uint8_t		out[MEMBER_MAX];
} members[N_MEMBERS];

NO_COVERAGE static size_t
cached_member(const uint8_t *in, size_t n, uint8_t *out, size_t cap)
{
	uint32_t	h = 2166136261u;
	struct member *m;
	size_t		len;

	for (size_t i = 0; i < n; i++)
		h = (h ^ in[i]) * 16777619u;
	m = &members[(h ^ (uint32_t) n) % N_MEMBERS];
	if (m->in_len == n && memcmp(m->in, in, n) == 0 && m->out_len <= cap)
	{
		memcpy(out, m->out, m->out_len);
		return m->out_len;
	}
	len = gzip_member(1, in, n, out, cap);
	if (n <= PIECE_MAX && len <= MEMBER_MAX)
	{
		m->in_len = (uint16_t) n;
		m->out_len = (uint16_t) len;
		memcpy(m->in, in, n);
		memcpy(m->out, out, len);
	}
	return len;
}

/* gzip members of in, one per piece of `piece` bytes, into a new buffer */
static uint8_t *
gzip_pieces(const uint8_t *in, size_t n, size_t piece, size_t *out_len)
{
	size_t		cap = n + n / 8 + 64 * (n / piece + 2) + 64;
	uint8_t    *out = malloc(cap);
	size_t		pos = 0,
				done = 0;

	if (out == NULL)
		abort();
	if (piece >= n)
		pos = gzip_member(0, in, n, out, cap);
	else
		for (; done < n; done += piece)
		{
			size_t		k = n - done < piece ? n - done : piece;

			pos += cached_member(in + done, k, out + pos, cap - pos);
		}
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
	env.alloc = b_alloc;
	env.realloc = b_realloc;
	env.free = b_free;
	lim.max_header = 2048;
	lim.max_payload = 16384;
	s.chunk = 1 + (data[0] >> 2) % 64;
	s.data = data + 1;
	s.len = size - 1;
	s.pos = 0;
	if (data[0] & 1)
	{
		size_t		piece = (data[0] & 2) ? 1 + (data[0] >> 2) * 4 : SIZE_MAX;

		_Static_assert(1 + (0xFF >> 2) * 4 == PIECE_MAX, "the largest piece");

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
