/*
 * warc_records.c — warc_records(filename | data, skip_bad, types, max_payload):
 * the records of a WARC file on the server or of WARC bytes, one row per
 * record (core: warc/warc.h).
 *
 * A value-per-call set-returning function: the reader lives in the call's
 * multi-call context and holds one record at a time, so memory stays at
 * about one record (its block, its decoded payload) however large the file
 * is, and a LIMIT stops the reading.  The file is opened with AllocateFile
 * (closed at the end of the transaction whatever happens) and closed when the
 * scan ends or is shut down early.
 */
#include "pg/base/glue.h"

#include "catalog/pg_authid_d.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "storage/fd.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/timestamp.h"

#include "warc/warc.h"

PG_FUNCTION_INFO_V1(td_warc_records_file);
PG_FUNCTION_INFO_V1(td_warc_records_bytea);

#define WARC_COLS 12
#define MAX_TYPES 64

typedef struct warc_scan
{
	td_env		env;
	td_warc_reader *reader;
	FILE	   *file;
	char	   *filename;		/* NULL for the bytea form */
	int			io_errno;
	td_warc_mem mem;
	bool		skip_bad;
	int			ntypes;
	char	   *types[MAX_TYPES];
	size_t		type_lens[MAX_TYPES];
	bool		done;
	ExprContext *econtext;		/* where shutdown_scan is registered */
} warc_scan;

static td_status
file_read(void *arg, td_env *env, uint8_t *buf, size_t cap, size_t *got)
{
	warc_scan  *s = arg;

	*got = fread(buf, 1, cap, s->file);
	if (*got == 0 && ferror(s->file))
	{
		s->io_errno = errno;
		return td_fail(env, TD_EFORMAT, "could not read the file");
	}
	return TD_OK;
}

static int
want_type(void *arg, const char *type, size_t len)
{
	warc_scan  *s = arg;
	int			i;

	for (i = 0; i < s->ntypes; i++)
		if (s->type_lens[i] == len && pg_strncasecmp(s->types[i], type, len) == 0)
			return 2;
	return 0;
}

static void
close_scan(warc_scan *s)
{
	if (s->file)
	{
		FreeFile(s->file);
		s->file = NULL;
	}
}

static void
shutdown_scan(Datum arg)
{
	close_scan((warc_scan *) DatumGetPointer(arg));
}

/* Raises the error of a failed status, or (skip_bad) warns and returns. */
static void
report(warc_scan *s, td_status st)
{
	const char *what = s->filename;	/* NULL for the bytea form */

	if (s->io_errno)
	{
		errno = s->io_errno;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", s->filename)));
	}
	switch (st)
	{
		case TD_EINTR:
			CHECK_FOR_INTERRUPTS();
			ereport(ERROR,
					(errcode(ERRCODE_QUERY_CANCELED),
					 errmsg("WARC reading interrupted")));
			break;
		case TD_EFORMAT:
			if (what)
				ereport(s->skip_bad ? WARNING : ERROR,
						(errcode(ERRCODE_BAD_COPY_FILE_FORMAT),
						 errmsg("invalid WARC file \"%s\": %s", what, s->env.errmsg),
						 s->skip_bad ? errdetail("The reader skips to the next record.") : 0));
			else
				ereport(s->skip_bad ? WARNING : ERROR,
						(errcode(ERRCODE_BAD_COPY_FILE_FORMAT),
						 errmsg("invalid WARC data: %s", s->env.errmsg),
						 s->skip_bad ? errdetail("The reader skips to the next record.") : 0));
			return;
		case TD_ELIMIT:
			ereport(s->skip_bad ? WARNING : ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s%s%s%s", what ? "WARC file \"" : "WARC data: ",
							what ? what : "", what ? "\": " : "", s->env.errmsg),
					 strstr(s->env.errmsg, "max_payload") ?
					 errhint("Raise the argument max_payload to accept larger records.") : 0));
			return;
		default:
			td_pg_report(&s->env, st, NULL);
	}
}

/* Bytes as UTF-8 text: invalid sequences and NUL become U+FFFD. */
static void
append_utf8(StringInfo out, const char *p, size_t n)
{
	size_t		i = 0;

	while (i < n)
	{
		unsigned char c = (unsigned char) p[i];
		int			l;

		if (c >= 0x01 && c < 0x80)
		{
			appendStringInfoChar(out, (char) c);
			i++;
			continue;
		}
		l = c ? pg_utf_mblen((const unsigned char *) p + i) : 1;
		if (c != 0 && l > 1 && (size_t) l <= n - i &&
			pg_utf8_islegal((const unsigned char *) p + i, l))
		{
			appendBinaryStringInfo(out, p + i, l);
			i += l;
		}
		else
		{
			appendStringInfoString(out, "\xEF\xBF\xBD");
			i++;
		}
	}
}

static Datum
slice_text(StringInfo buf, td_slice s)
{
	resetStringInfo(buf);
	append_utf8(buf, s.p, s.n);
	return PointerGetDatum(td_pg_utf8_to_text(buf->data, buf->len));
}

static bool
same_name(td_slice a, td_slice b)
{
	return a.n == b.n && pg_strncasecmp(a.p, b.p, a.n) == 0;
}

/* A string of the jsonb being built: a copy of s (UTF-8, as the record's bytes become). */
static void
push_string(JsonbParseState **state, JsonbIteratorToken token, const StringInfo s)
{
	JsonbValue	v;

	v.type = jbvString;
	v.val.string.len = s->len;
	v.val.string.val = pnstrdup(s->data, s->len);
	pushJsonbValue(state, token, &v);
}

/*
 * {"name": "value", ...}: names lower-cased, repeated fields joined by ", ",
 * pushed as jsonb values (no JSON text to parse again).
 */
static void
push_fields(JsonbParseState **state, StringInfo tmp, const td_warc_field *f, size_t n)
{
	size_t		i,
				j;

	pushJsonbValue(state, WJB_BEGIN_OBJECT, NULL);
	for (i = 0; i < n; i++)
	{
		bool		seen = false;

		for (j = 0; j < i && !seen; j++)
			seen = same_name(f[i].name, f[j].name);
		if (seen)
			continue;
		resetStringInfo(tmp);
		append_utf8(tmp, f[i].name.p, f[i].name.n);
		for (j = 0; j < (size_t) tmp->len; j++)
			tmp->data[j] = pg_ascii_tolower((unsigned char) tmp->data[j]);
		push_string(state, WJB_KEY, tmp);
		resetStringInfo(tmp);
		append_utf8(tmp, f[i].value.p, f[i].value.n);
		for (j = i + 1; j < n; j++)
			if (same_name(f[i].name, f[j].name))
			{
				appendStringInfoString(tmp, ", ");
				append_utf8(tmp, f[j].value.p, f[j].value.n);
			}
		push_string(state, WJB_VALUE, tmp);
	}
	pushJsonbValue(state, WJB_END_OBJECT, NULL);
}

static Datum
headers_jsonb(const td_warc_record *rec)
{
	JsonbParseState *state = NULL;
	JsonbValue *res;
	StringInfoData tmp;

	initStringInfo(&tmp);
	pushJsonbValue(&state, WJB_BEGIN_OBJECT, NULL);
	appendStringInfoString(&tmp, "warc");
	push_string(&state, WJB_KEY, &tmp);
	push_fields(&state, &tmp, rec->fields, rec->nfields);
	if (rec->http_status >= 0)
	{
		resetStringInfo(&tmp);
		appendStringInfoString(&tmp, "http");
		push_string(&state, WJB_KEY, &tmp);
		push_fields(&state, &tmp, rec->http_fields, rec->nhttp_fields);
	}
	res = pushJsonbValue(&state, WJB_END_OBJECT, NULL);
	return JsonbPGetDatum(JsonbValueToJsonb(res));
}

static HeapTuple
record_tuple(TupleDesc desc, const td_warc_record *rec)
{
	Datum		values[WARC_COLS];
	bool		nulls[WARC_COLS];
	StringInfoData buf;

	memset(nulls, 0, sizeof(nulls));
	initStringInfo(&buf);
#define TEXT_COL(col, s) \
	do { \
		if ((s).p) values[col] = slice_text(&buf, (s)); else nulls[col] = true; \
	} while (0)
	TEXT_COL(0, rec->record_id);
	TEXT_COL(1, rec->type);
	TEXT_COL(2, rec->target_uri);
	nulls[3] = true;
	if (rec->has_date)
	{
		TimestampTz ts = (TimestampTz) rec->date_usec -
			(TimestampTz) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;

		if (IS_VALID_TIMESTAMP(ts))
		{
			values[3] = TimestampTzGetDatum(ts);
			nulls[3] = false;
		}
	}
	TEXT_COL(4, rec->ip);
	if (rec->http_status >= 0)
		values[5] = Int32GetDatum(rec->http_status);
	else
		nulls[5] = true;
	if (rec->media_type && rec->media_type[0])
		values[6] = CStringGetTextDatum(rec->media_type);
	else
		nulls[6] = true;
	if (rec->charset_pg)
		values[7] = CStringGetTextDatum(rec->charset_pg);
	else
		nulls[7] = true;
	values[8] = headers_jsonb(rec);
	if (rec->payload)
	{
		bytea	   *b;

		if (rec->payload_len > MaxAllocSize - VARHDRSZ)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("payload of %zu bytes exceeds the maximum value size of 1 GB",
							rec->payload_len)));
		b = palloc(VARHDRSZ + rec->payload_len);
		SET_VARSIZE(b, VARHDRSZ + rec->payload_len);
		memcpy(VARDATA(b), rec->payload, rec->payload_len);
		values[9] = PointerGetDatum(b);
	}
	else
		nulls[9] = true;
	values[10] = Int64GetDatum((int64) rec->offset);
	if (rec->length >= 0)
		values[11] = Int64GetDatum(rec->length);
	else
		nulls[11] = true;
	return heap_form_tuple(desc, values, nulls);
#undef TEXT_COL
}

static void
check_file_privilege(void)
{
	if (!has_privs_of_role(GetUserId(), ROLE_PG_READ_SERVER_FILES))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to read WARC files on the server"),
				 errhint("Only superusers and roles with privileges of the \"pg_read_server_files\" role may read them; "
						 "others can pass the bytes: warc_records(data bytea).")));
}

static void
start_scan(FunctionCallInfo fcinfo, FuncCallContext *funcctx, bool is_file)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext old = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
	warc_scan  *s = palloc0(sizeof(warc_scan));
	td_warc_limits limits;
	TupleDesc	desc;
	td_status	st;

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "warc_records: return type must be a row type");
	funcctx->tuple_desc = BlessTupleDesc(desc);
	funcctx->user_fctx = s;

	s->skip_bad = !PG_ARGISNULL(1) && PG_GETARG_BOOL(1);
	td_warc_limits_default(&limits);
	if (!PG_ARGISNULL(3))
	{
		int64		max = PG_GETARG_INT64(3);

		if (max < 0 || max > (int64) (MaxAllocSize - VARHDRSZ))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("max_payload must be between 0 and %d bytes, got " INT64_FORMAT,
							(int) (MaxAllocSize - VARHDRSZ), max)));
		limits.max_payload = (size_t) max;
	}
	if (!PG_ARGISNULL(2))
	{
		ArrayType  *a = PG_GETARG_ARRAYTYPE_P(2);
		Datum	   *elems;
		bool	   *enulls;
		int			n,
					i;

		deconstruct_array(a, TEXTOID, -1, false, TYPALIGN_INT, &elems, &enulls, &n);
		if (n > MAX_TYPES)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("types must have at most %d elements, got %d", MAX_TYPES, n)));
		for (i = 0; i < n; i++)
		{
			if (enulls[i])
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("types must not contain NULL elements")));
			s->types[i] = TextDatumGetCString(elems[i]);
			s->type_lens[i] = strlen(s->types[i]);
		}
		s->ntypes = n;
	}

	/* the core reports only interrupts that end the query: it cannot resume */
	td_pg_env_init(&s->env, funcctx->multi_call_memory_ctx);
	td_pg_env_cancel_only(&s->env);
	if (is_file)
	{
		s->filename = text_to_cstring(PG_GETARG_TEXT_PP(0));
		s->file = AllocateFile(s->filename, PG_BINARY_R);
		if (s->file == NULL)
			ereport(ERROR,
					(errcode_for_file_access(),
					 errmsg("could not open file \"%s\" for reading: %m", s->filename)));
		/* closes the file when the scan is shut down before its end (LIMIT) */
		if (rsinfo && IsA(rsinfo, ReturnSetInfo) && rsinfo->econtext)
		{
			s->econtext = rsinfo->econtext;
			RegisterExprContextCallback(s->econtext, shutdown_scan, PointerGetDatum(s));
		}
		st = td_warc_open(&s->env, &limits, file_read, s, &s->reader);
	}
	else
	{
		bytea	   *data = PG_GETARG_BYTEA_PP(0);

		s->mem.data = (const uint8_t *) VARDATA_ANY(data);
		s->mem.len = VARSIZE_ANY_EXHDR(data);
		st = td_warc_open(&s->env, &limits, td_warc_mem_read, &s->mem, &s->reader);
	}
	if (st != TD_OK)
		td_pg_report(&s->env, st, NULL);
	if (!PG_ARGISNULL(2))		/* even empty: no type is wanted */
		td_warc_set_filter(s->reader, want_type, s);
	MemoryContextSwitchTo(old);
}

static Datum
warc_records(FunctionCallInfo fcinfo, bool is_file)
{
	FuncCallContext *funcctx;
	warc_scan  *s;

	if (SRF_IS_FIRSTCALL())
	{
		if (is_file)
			check_file_privilege();
		funcctx = SRF_FIRSTCALL_INIT();
		if (PG_ARGISNULL(0))
			SRF_RETURN_DONE(funcctx);
		start_scan(fcinfo, funcctx, is_file);
	}
	funcctx = SRF_PERCALL_SETUP();
	s = funcctx->user_fctx;
	while (s && !s->done)
	{
		td_warc_record *rec = NULL;
		td_status	st;

		CHECK_FOR_INTERRUPTS();
		st = td_warc_next(s->reader, &rec);
		if (st != TD_OK)
		{
			if (st != TD_EFORMAT && st != TD_ELIMIT)
				s->skip_bad = false;
			report(s, st);		/* returns only when skipping */
			continue;
		}
		if (rec == NULL)
			break;
		SRF_RETURN_NEXT(funcctx, HeapTupleGetDatum(record_tuple(funcctx->tuple_desc, rec)));
	}
	if (s)
	{
		/* SRF_RETURN_DONE frees s: the callback must not run after it */
		s->done = true;
		close_scan(s);
		if (s->econtext)
			UnregisterExprContextCallback(s->econtext, shutdown_scan, PointerGetDatum(s));
	}
	SRF_RETURN_DONE(funcctx);
}

Datum
td_warc_records_file(PG_FUNCTION_ARGS)
{
	return warc_records(fcinfo, true);
}

Datum
td_warc_records_bytea(PG_FUNCTION_ARGS)
{
	return warc_records(fcinfo, false);
}

PG_FUNCTION_INFO_V1(td_warc_charset_to_pg_sql);

Datum
td_warc_charset_to_pg_sql(PG_FUNCTION_ARGS)
{
	text	   *label = PG_GETARG_TEXT_PP(0);
	const char *pg = td_warc_charset_to_pg(VARDATA_ANY(label), VARSIZE_ANY_EXHDR(label));

	if (pg == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(pg));
}
