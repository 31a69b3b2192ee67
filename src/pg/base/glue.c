/*
 * glue.c — the backend's td_env, status → ereport, the parse protocol,
 * encoding conversion and varlena buffers shared by every SQL surface.
 */
#include "pg/base/glue.h"

#include <math.h>

#include "site/chunk.h"
#include "site/fingerprint.h"
#include "base/render.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/xml.h"
#include "base/charset.h"

/*
 * The core must never see an ereport: allocation failures come back as NULL
 * (MCXT_ALLOC_NO_OOM) and become TD_ENOMEM, reported once the core has
 * unwound and freed what it held.  HUGE because a 1 GB page's arrays exceed
 * MaxAllocSize.  A size beyond even MaxAllocHugeSize would be an ERROR
 * ("invalid memory alloc request size") raised through the core's frames:
 * it is a NULL here too.
 */
static void *
pg_alloc(void *arg, size_t size)
{
	if (!AllocHugeSizeIsValid(size))
		return NULL;
	return MemoryContextAllocExtended((MemoryContext) arg, size,
									  MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
}

/* PG15 has no repalloc_extended: allocate, copy, free. */
static void *
pg_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	void	   *np = pg_alloc(arg, new_size);

	if (np == NULL)
		return NULL;
	if (p != NULL)
	{
		memcpy(np, p, Min(old_size, new_size));
		pfree(p);
	}
	return np;
}

static void
pg_free(void *arg, void *p)
{
	pfree(p);
}

/*
 * Only report an interrupt that CHECK_FOR_INTERRUPTS() can act on: with
 * interrupts held off, InterruptPending stays set and a retry would spin.
 * Like every callback the core calls, it only reads flags and never raises
 * an error: the core returns TD_EINTR and the glue handles the interrupt.
 */
static int
pg_interrupted(void *arg)
{
	return InterruptPending && INTERRUPTS_CAN_BE_PROCESSED();
}

/*
 * QueryCancelPending / ProcDiePending with interrupts processable: the next
 * CHECK_FOR_INTERRUPTS() throws (a cancel is only ignored while reading a
 * command, never while a function runs).
 */
static int
pg_cancel_pending(void *arg)
{
	return (QueryCancelPending || ProcDiePending) && INTERRUPTS_CAN_BE_PROCESSED();
}

void
td_pg_env_cancel_only(td_env *env)
{
	env->interrupted = pg_cancel_pending;
}

void
td_pg_env_init(td_env *env, MemoryContext cxt)
{
	memset(env, 0, sizeof(*env));
	env->alloc = pg_alloc;
	env->realloc = pg_realloc;
	env->free = pg_free;
	env->interrupted = pg_interrupted;
	env->arg = cxt;
}

void
td_pg_report(td_env *env, td_status status, const char *limit_setting)
{
	const char *msg = env->errmsg[0] ? env->errmsg : "templatedet core error";

	switch (status)
	{
		case TD_ENOMEM:
			ereport(ERROR,
					(errcode(ERRCODE_OUT_OF_MEMORY),
					 errmsg("out of memory"),
					 errdetail("%s", msg)));
			break;
		case TD_ELIMIT:
			if (limit_setting)
				ereport(ERROR,
						(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
						 errmsg("%s", msg),
						 errhint("Raise the setting \"%s\" to accept larger input.",
								 limit_setting)));
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s", msg)));
			break;
		case TD_EFORMAT:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid tdprofile: %s", msg)));
			break;
		case TD_EARG:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s", msg)));
			break;
		case TD_EINTR:
			/* Callers go through TD_PG_CALL; reaching here is a bug. */
			CHECK_FOR_INTERRUPTS();
			elog(ERROR, "templatedet: unexpected interrupt status");
			break;
		case TD_EPARSER:
		default:
			ereport(ERROR,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("templatedet: %s", msg)));
			break;
	}
	pg_unreachable();
}

void
td_pg_limits(td_limits *limits)
{
	td_limits_default(limits);
	limits->max_bytes = (size_t) td_guc_max_page_bytes;
	limits->max_nodes = (uint32_t) td_guc_max_nodes;
	limits->max_depth = (uint32_t) td_guc_max_depth;
}

void
td_pg_profile_settings(td_profile_settings *settings, uint8_t unit)
{
	memset(settings, 0, sizeof(*settings));
	settings->unit = unit;
	settings->fp_scheme = unit == TD_UNIT_CHUNK ? TD_CHUNK_SCHEME : TD_FP_SCHEME;
	settings->eps_ppm = (uint32_t) rint(td_guc_profile_error * 1000000.0);
	settings->capacity = (uint32_t) td_guc_profile_capacity;
	settings->dedup_capacity = (uint32_t) td_guc_profile_dedup_pages;
}

void
td_pg_check_threshold(double threshold)
{
	if (isnan(threshold) || threshold <= 0.0 || threshold > 1.0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("threshold must be in (0, 1], got %g", threshold)));
}

static void
check_page_size(size_t len, size_t max_bytes)
{
	/*
	 * Checked here as well as in the core, so the message can give the sizes
	 * before any conversion or allocation.
	 */
	if (len > max_bytes)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("page of %zu bytes exceeds templatedet.max_page_bytes (%zu bytes)",
						len, max_bytes),
				 errhint("Raise the setting \"templatedet.max_page_bytes\" to accept larger pages.")));
}

/*
 * One parse under PostgreSQL's libxml2 protocol (as utils/adt/xml.c does):
 * pg_xml_init installs our error context and disables external entity
 * loading; the core frees libxml2's memory on every path it returns by, and
 * PG_CATCH restores libxml2's global state if an ERROR escapes (e.g. from
 * CHECK_FOR_INTERRUPTS between attempts).
 */
static td_tree *
parse_bytes(td_env *env, const char *data, size_t len, const char *encoding,
			bool check_size, bool media_attrs_only)
{
	td_limits	limits;
	PgXmlErrorContext *volatile xmlerrcxt;
	td_tree    *volatile result = NULL;

	td_pg_limits(&limits);
	limits.media_attrs_only = media_attrs_only;
	if (check_size)
		check_page_size(len, limits.max_bytes);
	else
		limits.max_bytes = SIZE_MAX;

	xmlerrcxt = pg_xml_init(PG_XML_STRICTNESS_LEGACY);
	PG_TRY();
	{
		td_tree    *tree = NULL;

		TD_PG_CALL(env, tree = NULL,
				   td_parse_html(env, data, len, encoding, &limits, &tree),
				   "templatedet.max_nodes");
		result = tree;
	}
	PG_CATCH();
	{
		pg_xml_done(xmlerrcxt, true);
		PG_RE_THROW();
	}
	PG_END_TRY();
	pg_xml_done(xmlerrcxt, false);
	return result;
}

td_tree *
td_pg_parse_bytes(td_env *env, const char *data, size_t len, const char *encoding,
				  bool check_size)
{
	return parse_bytes(env, data, len, encoding, check_size, false);
}

void
td_pg_page_arg(FunctionCallInfo fcinfo, int argno, bool is_bytea,
			   const char **data, size_t *len, const char **encoding)
{
	td_pg_page_datum(PG_GETARG_DATUM(argno), is_bytea, data, len, encoding);
}

void
td_pg_page_datum(Datum html, bool is_bytea, const char **data, size_t *len,
				 const char **encoding)
{
	struct varlena *arg = PG_DETOAST_DATUM_PACKED(html);

	*data = VARDATA_ANY(arg);
	*len = VARSIZE_ANY_EXHDR(arg);
	check_page_size(*len, (size_t) td_guc_max_page_bytes);
	if (is_bytea)
	{
		size_t		bom_len = 0;

		*encoding = td_sniff_charset(*data, *len, &bom_len);
		*data += bom_len;
		*len -= bom_len;
	}
	else
	{
		/* text: the server encoding, converted to the core's UTF-8 */
		const char *utf8 = pg_server_to_any(*data, (int) *len, PG_UTF8);

		if (utf8 != *data)
			*len = strlen(utf8);
		*data = utf8;
		*encoding = "UTF-8";
	}
}

static td_tree *
parse_arg(td_env *env, FunctionCallInfo fcinfo, int argno, bool is_bytea,
		  bool media_attrs_only)
{
	const char *data,
			   *encoding;
	size_t		len;

	td_pg_page_arg(fcinfo, argno, is_bytea, &data, &len, &encoding);
	return parse_bytes(env, data, len, encoding, true, media_attrs_only);
}

td_tree *
td_pg_parse_arg(td_env *env, FunctionCallInfo fcinfo, int argno, bool is_bytea)
{
	return parse_arg(env, fcinfo, argno, is_bytea, false);
}

td_tree *
td_pg_parse_arg_slim(td_env *env, FunctionCallInfo fcinfo, int argno, bool is_bytea)
{
	return parse_arg(env, fcinfo, argno, is_bytea, true);
}

td_tree *
td_pg_parse_datum(td_env *env, Datum html, bool is_bytea)
{
	const char *data,
			   *encoding;
	size_t		len;

	td_pg_page_datum(html, is_bytea, &data, &len, &encoding);
	return td_pg_parse_bytes(env, data, len, encoding, true);
}

void
td_pg_varbuf_init(td_buf *buf, td_env *env)
{
	static const char zeros[VARHDRSZ] = {0};

	td_buf_init(buf, env);
	if (td_buf_append(buf, zeros, VARHDRSZ) != TD_OK)
		td_pg_report(env, TD_ENOMEM, NULL);
}

void
td_pg_varbuf_reset(td_buf *buf)
{
	buf->len = VARHDRSZ;
}

static void
check_varlena_size(size_t len)
{
	if (len > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("result of %zu bytes exceeds the maximum value size of 1 GB",
						len - VARHDRSZ)));
}

bytea *
td_pg_varbuf_bytea(td_buf *buf)
{
	Assert(buf->len >= VARHDRSZ);
	check_varlena_size(buf->len);
	SET_VARSIZE(buf->data, buf->len);
	return (bytea *) buf->data;
}

text *
td_pg_varbuf_text(td_buf *buf)
{
	Assert(buf->len >= VARHDRSZ);
	check_varlena_size(buf->len);
	if (GetDatabaseEncoding() == PG_UTF8)
	{
		/* no copy: verify (the core's output comes from libxml2) and wrap */
		(void) pg_verify_mbstr(PG_UTF8, buf->data + VARHDRSZ,
							   (int) (buf->len - VARHDRSZ), false);
		SET_VARSIZE(buf->data, buf->len);
		return (text *) buf->data;
	}
	return td_pg_utf8_to_text(buf->data + VARHDRSZ, buf->len - VARHDRSZ);
}

const char *
td_pg_utf8_arg(FunctionCallInfo fcinfo, int argno, size_t *len)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	const char *data = VARDATA_ANY(t);
	const char *utf8;

	*len = VARSIZE_ANY_EXHDR(t);
	if (GetDatabaseEncoding() == PG_UTF8)
		return data;
	utf8 = pg_server_to_any(data, (int) *len, PG_UTF8);
	if (utf8 != data)
		*len = strlen(utf8);
	return utf8;
}

text *
td_pg_utf8_to_text(const char *s, size_t len)
{
	char	   *conv;

	check_varlena_size(len + VARHDRSZ);
	conv = pg_any_to_server(s, (int) len, PG_UTF8);
	if (conv != s)
		len = strlen(conv);
	return cstring_to_text_with_len(conv, (int) len);
}

text *
td_pg_render(td_pg_renderer render, const td_tree *tree, const uint8_t *drop)
{
	td_env		env;
	td_buf		buf;

	td_pg_env_init(&env, CurrentMemoryContext);
	td_pg_varbuf_init(&buf, &env);
	TD_PG_CALL(&env, td_pg_varbuf_reset(&buf), render(tree, drop, &buf), NULL);
	return td_pg_varbuf_text(&buf);
}

void
td_pg_nodeinfo(td_env *env, const td_tree *tree, unsigned what, td_nodeinfo *ni)
{
	memset(ni, 0, sizeof(*ni));
	TD_PG_CALL(env, td_nodeinfo_free(ni), td_nodeinfo_build(tree, what, ni), NULL);
}

Datum
td_pg_node_path(td_env *env, td_buf *buf, td_nodeinfo *ni, uint32_t i)
{
	TD_PG_CALL(env, buf->len = 0, td_nodeinfo_path(ni, i, buf), NULL);
	return PointerGetDatum(td_pg_utf8_to_text(buf->data ? buf->data : "", buf->len));
}

Datum
td_pg_node_text(td_env *env, td_buf *buf, const td_nodeinfo *ni, uint32_t i,
				uint32_t max_chars, int32 *length)
{
	uint32_t	chars = 0;

	TD_PG_CALL(env, buf->len = 0, td_nodeinfo_text(ni, i, max_chars, buf, &chars), NULL);
	if (length)
		*length = (int32) Min(chars, (uint32_t) PG_INT32_MAX);
	return PointerGetDatum(td_pg_utf8_to_text(buf->data ? buf->data : "", buf->len));
}

Datum
td_pg_node_text_masked(td_env *env, td_buf *buf, const td_tree *tree, uint32_t i,
					   const uint8_t *drop)
{
	TD_PG_CALL(env, buf->len = 0, td_render_node_text(tree, i, drop, buf), NULL);
	return PointerGetDatum(td_pg_utf8_to_text(buf->data ? buf->data : "", buf->len));
}
