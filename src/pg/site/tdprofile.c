/*
 * tdprofile.c — the tdprofile type: a varlena holding a profile's serialized
 * bytes (format in profile_format.h).  Text form: base64 of those bytes, so
 * pg_dump and text COPY round-trip; binary form: the bytes themselves.
 * Every way in (text, binary, bytea cast) validates every field, so
 * functions reading a stored profile can trust its layout.
 */
#include "pg/base/glue.h"

#include "common/base64.h"
#include "libpq/pqformat.h"
#include "parser/scansup.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(tdprofile_in);
PG_FUNCTION_INFO_V1(tdprofile_out);
PG_FUNCTION_INFO_V1(tdprofile_recv);
PG_FUNCTION_INFO_V1(tdprofile_send);
PG_FUNCTION_INFO_V1(tdprofile_from_bytea);

/* ERROR 22P03 unless bytes are a valid serialized profile. */
static void
validate(const char *bytes, size_t len)
{
	td_env		env;
	td_profile_view view;

	td_pg_env_init(&env, CurrentMemoryContext);
	TD_PG_CALL(&env, (void) 0, td_profile_view_init(&env, bytes, len, &view), NULL);
}

static bytea *
make_profile(const char *bytes, size_t len)
{
	bytea	   *result;

	validate(bytes, len);
	result = (bytea *) palloc(VARHDRSZ + len);
	SET_VARSIZE(result, VARHDRSZ + len);
	memcpy(VARDATA(result), bytes, len);
	return result;
}

/*
 * Accepts base64 with white space anywhere (encode(..., 'base64') breaks
 * lines every 76 characters), so a profile pasted from bytea works.
 */
Datum
tdprofile_in(PG_FUNCTION_ARGS)
{
	char	   *in = PG_GETARG_CSTRING(0);
	char	   *str = palloc(strlen(in) + 1);
	int			len = 0;
	char	   *bytes;
	int			n;

	for (; *in; in++)
		if (!scanner_isspace(*in))
			str[len++] = *in;
	bytes = palloc(pg_b64_dec_len(len) + 1);
	n = pg_b64_decode(str, len, bytes, pg_b64_dec_len(len) + 1);

	if (n < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: not base64", "tdprofile")));
	PG_RETURN_BYTEA_P(make_profile(bytes, n));
}

Datum
tdprofile_out(PG_FUNCTION_ARGS)
{
	bytea	   *p = PG_GETARG_BYTEA_PP(0);
	int			len = VARSIZE_ANY_EXHDR(p);
	int			enclen = pg_b64_enc_len(len);
	char	   *str = palloc(enclen + 1);
	int			n = pg_b64_encode(VARDATA_ANY(p), len, str, enclen + 1);

	if (n < 0)
		elog(ERROR, "could not encode tdprofile as base64");
	str[n] = '\0';
	PG_RETURN_CSTRING(str);
}

Datum
tdprofile_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			len = buf->len - buf->cursor;
	bytea	   *result = make_profile(buf->data + buf->cursor, len);

	buf->cursor = buf->len;
	PG_RETURN_BYTEA_P(result);
}

/* The binary form is the serialized bytes, exactly as stored. */
Datum
tdprofile_send(PG_FUNCTION_ARGS)
{
	bytea	   *p = PG_GETARG_BYTEA_PP(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, VARDATA_ANY(p), VARSIZE_ANY_EXHDR(p));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* bytea::tdprofile: the same bytes, validated. */
Datum
tdprofile_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);

	validate(VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b));
	PG_RETURN_BYTEA_P(PG_GETARG_BYTEA_P_COPY(0));
}
