/*
 * warc.h — a streaming reader of WARC files (ISO 28500, WARC/1.0 and 1.1),
 * plain or gzip-compressed (warc.c).
 *
 * The reader pulls bytes through a callback (a file, a memory block) and
 * returns one record at a time; it holds at most one record's header and,
 * for a record the caller wants, its block and decoded payload, each bounded
 * by td_warc_limits.  A .warc.gz is read as a sequence of gzip members (one
 * per record, as the standard recommends, or one for the whole file, or
 * anything between): inflate is reset at every member end.
 *
 * Offsets.  For a plain file a record's offset and length are its bytes in
 * the file.  For a gzip file they are those of the gzip members that hold the
 * record, as CDX indexes give them: offset is where the member in which the
 * record starts begins, length runs to the end of the member in which it
 * ends; length is -1 when the record does not start and end on member
 * boundaries (a file compressed as one stream), since no byte range of the
 * file then holds it alone.  Messages name the (compressed) offset and, for
 * gzip, the offset in the decompressed stream too.
 *
 * Errors.  A record that cannot be read returns TD_EFORMAT (bad syntax,
 * truncation, a wrong Content-Length, corrupt gzip) or TD_ELIMIT (over a
 * limit) with a message naming its offset.  The reader may be asked for the
 * next record after such an error: it then skips to the next line that starts
 * with "WARC/" (or the next gzip member, after corrupt gzip data), or over
 * the declared block of a record that was over a limit.
 */
#ifndef TD_WARC_H
#define TD_WARC_H

#include <stddef.h>
#include <stdint.h>

#include "base/env.h"

/*
 * Reads up to cap bytes into buf, setting *got (0 at the end of the input).
 * Returns TD_OK, or a failed status with env->errmsg set.
 */
typedef td_status (*td_warc_read_fn) (void *arg, td_env *env, uint8_t *buf, size_t cap,
									  size_t *got);

typedef struct td_warc_limits
{
	size_t		max_header;		/* WARC header plus HTTP header bytes of a record */
	size_t		max_payload;	/* block bytes kept, and decoded payload bytes */
} td_warc_limits;

#define TD_WARC_MAX_HEADER_DEFAULT ((size_t) 1 << 20)
#define TD_WARC_MAX_PAYLOAD_DEFAULT ((size_t) 64 << 20)

void		td_warc_limits_default(td_warc_limits *limits);

/* A byte range inside the record (not NUL-terminated); p NULL when absent. */
typedef struct td_slice
{
	const char *p;
	size_t		n;
} td_slice;

typedef struct td_warc_field
{
	td_slice	name;			/* as written */
	td_slice	value;			/* leading and trailing white space removed,
								 * continuation lines joined by one space */
} td_warc_field;

typedef struct td_warc_record
{
	uint64_t	offset;			/* see "Offsets" above */
	int64_t		length;			/* -1: not a byte range of its own */
	uint64_t	stream_offset;	/* offset in the decompressed stream */
	td_slice	version;		/* "WARC/1.0" */
	td_slice	type;			/* WARC-Type */
	td_slice	record_id;		/* WARC-Record-ID, without <> */
	td_slice	target_uri;		/* WARC-Target-URI, without <> (wget writes them) */
	td_slice	date;			/* WARC-Date as written */
	int			has_date;		/* date parsed into date_usec */
	int64_t		date_usec;		/* microseconds since 1970-01-01 00:00 UTC */
	td_slice	ip;				/* WARC-IP-Address */
	td_slice	warc_content_type;	/* Content-Type of the record */
	uint64_t	content_length; /* Content-Length of the block */

	td_warc_field *fields;		/* every WARC header field, in order */
	size_t		nfields;

	/* A response or revisit record whose block is an HTTP response: */
	int			http_status;	/* -1 when the block is not an HTTP response */
	td_warc_field *http_fields; /* its header fields, in order */
	size_t		nhttp_fields;

	/*
	 * The media type (lower-case, without parameters) of the payload: the
	 * HTTP Content-Type for an HTTP response, else the record's Content-Type.
	 */
	char	   *media_type;
	/* The charset parameter of that Content-Type, as written, and PostgreSQL's name for it. */
	td_slice	charset;
	const char *charset_pg;		/* static, NULL when unknown or absent */

	/*
	 * The payload: for an HTTP response, the body with its chunked transfer
	 * coding and its gzip/deflate content coding undone (a body whose coding
	 * cannot be undone is given as recorded, with payload_decoded 0); for
	 * other records, the whole block.  NULL when the caller did not want it.
	 */
	const uint8_t *payload;
	size_t		payload_len;
	int			payload_decoded;	/* 1: a transfer or content coding was undone */
} td_warc_record;

typedef struct td_warc_reader td_warc_reader;

/*
 * Which records next returns, and which it reads the block of.  want_type
 * is called with the record's WARC-Type: 0 skips the record (its block is
 * read past without being kept, inflated once), 1 returns it without its
 * payload, 2 returns it with its payload.  NULL: every record with payload.
 */
typedef int (*td_warc_want_fn) (void *arg, const char *type, size_t type_len);

td_status	td_warc_open(td_env *env, const td_warc_limits *limits,
						 td_warc_read_fn read, void *read_arg, td_warc_reader **out);
void		td_warc_set_filter(td_warc_reader *r, td_warc_want_fn want, void *want_arg);

/*
 * The next record in *rec (valid until the next call), or *rec NULL at the
 * end of the input.  After a failed status the reader can go on (see Errors);
 * TD_ENOMEM and TD_EINTR leave it unusable.
 */
td_status	td_warc_next(td_warc_reader *r, td_warc_record **rec);

/* Whether the input is gzip (known after the first td_warc_next). */
int			td_warc_is_gzip(const td_warc_reader *r);

void		td_warc_close(td_warc_reader *r);

/* A reader source over a memory block. */
typedef struct td_warc_mem
{
	const uint8_t *data;
	size_t		len;
	size_t		pos;
} td_warc_mem;

td_status	td_warc_mem_read(void *arg, td_env *env, uint8_t *buf, size_t cap, size_t *got);

/*
 * PostgreSQL's name of the encoding an IANA charset label names (WHATWG's
 * label rules: case and surrounding white space ignored, iso-8859-1 and
 * us-ascii read as windows-1252 as browsers do), or NULL when PostgreSQL
 * cannot convert from it (UTF-16, ISO-2022-JP) or the label is unknown.
 */
const char *td_warc_charset_to_pg(const char *label, size_t len);

/* Parses a WARC-Date (ISO 8601 UTC, W3C profile; fraction allowed). */
int			td_warc_parse_date(const char *s, size_t n, int64_t *usec);

#endif							/* TD_WARC_H */
