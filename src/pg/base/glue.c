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
#include "base/markup.h"
#include "access/parallel.h"
#include "access/xact.h"
#include "executor/executor.h"
#include "tcop/utility.h"
#include "storage/proc.h"
#include "utils/timestamp.h"

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
		case TD_ENOTHTML:
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

/* ---- page errors: on_error, the rate-limited WARNINGs, the page's context ---- */

/* Bytes of the page the context shows, escaped (at most 4 characters each). */
#define CONTEXT_BYTES	40

static void
page_context_callback(void *arg)
{
	const td_pg_page_ref *ref = (const td_pg_page_ref *) arg;
	StringInfoData head;
	size_t		i;

	initStringInfo(&head);
	for (i = 0; i < ref->len && i < CONTEXT_BYTES; i++)
	{
		unsigned char c = (unsigned char) ref->data[i];

		if (c == '"' || c == '\\')
			appendStringInfo(&head, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			appendStringInfoChar(&head, (char) c);
		else
			appendStringInfo(&head, "\\x%02x", c);
	}
	if (ref->row > 0)
		errcontext("page of %zu bytes, row " INT64_FORMAT " of the aggregate's group, starting \"%s\"%s",
				   ref->len, ref->row, head.data, ref->len > CONTEXT_BYTES ? "..." : "");
	else
		errcontext("page of %zu bytes starting \"%s\"%s",
				   ref->len, head.data, ref->len > CONTEXT_BYTES ? "..." : "");
	pfree(head.data);
}

void
td_pg_page_context_push(td_pg_page_ref *ref, const char *data, size_t len, int64 row)
{
	ref->data = data;
	ref->len = len;
	ref->row = row;
	ref->cb.callback = page_context_callback;
	ref->cb.arg = ref;
	ref->cb.previous = error_context_stack;
	error_context_stack = &ref->cb;
}

void
td_pg_page_context_pop(td_pg_page_ref *ref)
{
	Assert(error_context_stack == &ref->cb);
	error_context_stack = ref->cb.previous;
}

/*
 * Skipped pages of the running statement (by its transaction and start
 * time; a top-level utility statement, which may commit along the way, as
 * CALL does, by its start: its counters start afresh when it does).
 */
static LocalTransactionId skip_lxid = InvalidLocalTransactionId;
static TimestampTz skip_stmt_start = 0;
static uint64 skip_count = 0;
static uint64 skip_reported = 0;	/* of skip_count, said in the summary */
static bool skip_utility = false;	/* the statement running is a top-level utility one */

/* Whether the skip counters are the running statement's. */
static bool
skip_this_statement(void)
{
	return skip_stmt_start == GetCurrentStatementStartTimestamp() &&
		(skip_utility || skip_lxid == MyProc->lxid);
}

/* Counters for the statement starting now. */
static void
skip_start_statement(void)
{
	skip_lxid = MyProc->lxid;
	skip_stmt_start = GetCurrentStatementStartTimestamp();
	skip_count = 0;
	skip_reported = 0;
}

void
td_pg_page_error(int sqlcode, const char *msg, const char *hint)
{
	if (td_guc_on_error != TD_ON_ERROR_SKIP)
		ereport(ERROR,
				(errcode(sqlcode),
				 errmsg("%s", msg),
				 hint ? errhint("%s", hint) : 0));

	if (!skip_this_statement())
		skip_start_statement();
	skip_count++;
	if (skip_count <= TD_PG_SKIP_WARNINGS)
		ereport(WARNING,
				(errcode(sqlcode),
				 errmsg("page skipped: %s", msg),
				 errdetail("templatedet.on_error is \"skip\": the page has no result%s.",
						   skip_count == TD_PG_SKIP_WARNINGS ?
						   "; further skipped pages of this statement are only counted, in a WARNING every "
						   CppAsString2(TD_PG_SKIP_SUMMARY_EVERY) : "")));
	else if (skip_count % TD_PG_SKIP_SUMMARY_EVERY == 0)
		ereport(WARNING,
				(errcode(sqlcode),
				 errmsg("templatedet: " UINT64_FORMAT " pages skipped in this statement so far", skip_count),
				 errdetail("The last one: %s", msg)));
}

/*
 * The summary of skipped pages when a top-level statement ends: one WARNING
 * with the count, so that a bulk job learns how many pages it left out, not
 * only the first WARNINGs.  Only the outermost executor or utility command
 * of the statement reports (level counts the executors and utility commands
 * running: a query run by a function the statement calls, or by a DO block,
 * or the query of a COPY ... TO or CREATE TABLE AS, ends before the
 * statement does), as pg_stat_statements tells nested queries.  The utility
 * hook also reports the statements that read pages without an executor of
 * their own: COPY ... FROM's WHERE clause and generated columns, and counts
 * a CALL's pages across the transactions its procedure commits.  A parallel
 * worker runs its own executor and reports its own count, relayed by the
 * leader with a "parallel worker" context, as the page WARNINGs are;
 * counting every worker's pages in the leader would need shared memory for
 * a message (test/skip.sh checks that the reports add up).  A statement that
 * ends in an ERROR reports nothing more.
 */
static ExecutorRun_hook_type prev_executor_run = NULL;
static ExecutorFinish_hook_type prev_executor_finish = NULL;
static ExecutorEnd_hook_type prev_executor_end = NULL;
static ProcessUtility_hook_type prev_process_utility = NULL;
static int	exec_level = 0;

/*
 * The summary WARNING, when the outermost executor or utility command ends
 * (utility_end: the counters are that statement's, whatever transactions it
 * ran).
 */
static void
skip_summary(bool utility_end)
{
	if (exec_level == 0 && skip_count > skip_reported && (utility_end || skip_this_statement()))
	{
		skip_reported = skip_count;
		ereport(WARNING,
				(errmsg("templatedet: " UINT64_FORMAT " %s skipped in this statement",
						skip_count, skip_count == 1 ? "page" : "pages"),
				 IsParallelWorker() ?
				 errdetail("Counted by one parallel worker: the leader and each worker report their own pages.") :
				 errdetail("templatedet.on_error is \"skip\": the skipped pages have no result.")));
	}
}

static void
skip_executor_run(QueryDesc *queryDesc, ScanDirection direction, uint64 count, bool execute_once)
{
	exec_level++;
	PG_TRY();
	{
		if (prev_executor_run)
			prev_executor_run(queryDesc, direction, count, execute_once);
		else
			standard_ExecutorRun(queryDesc, direction, count, execute_once);
	}
	PG_FINALLY();
	{
		exec_level--;
	}
	PG_END_TRY();
}

static void
skip_executor_finish(QueryDesc *queryDesc)
{
	exec_level++;
	PG_TRY();
	{
		if (prev_executor_finish)
			prev_executor_finish(queryDesc);
		else
			standard_ExecutorFinish(queryDesc);
	}
	PG_FINALLY();
	{
		exec_level--;
	}
	PG_END_TRY();
}

static void
skip_executor_end(QueryDesc *queryDesc)
{
	if (prev_executor_end)
		prev_executor_end(queryDesc);
	else
		standard_ExecutorEnd(queryDesc);
	skip_summary(false);
}

static void
skip_process_utility(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree,
					 ProcessUtilityContext context, ParamListInfo params,
					 QueryEnvironment *queryEnv, DestReceiver *dest, QueryCompletion *qc)
{
	bool		outermost = exec_level == 0;

	if (outermost)
	{
		/* nothing of it is counted yet (utility statements are not planned) */
		skip_start_statement();
		skip_utility = true;
	}
	exec_level++;
	PG_TRY();
	{
		if (prev_process_utility)
			prev_process_utility(pstmt, queryString, readOnlyTree, context, params,
								 queryEnv, dest, qc);
		else
			standard_ProcessUtility(pstmt, queryString, readOnlyTree, context, params,
									queryEnv, dest, qc);
	}
	PG_FINALLY();
	{
		exec_level--;
		if (outermost)
			skip_utility = false;
	}
	PG_END_TRY();
	if (outermost)
		skip_summary(true);
}

void
td_pg_skip_summary_init(void)
{
	prev_executor_run = ExecutorRun_hook;
	ExecutorRun_hook = skip_executor_run;
	prev_executor_finish = ExecutorFinish_hook;
	ExecutorFinish_hook = skip_executor_finish;
	prev_executor_end = ExecutorEnd_hook;
	ExecutorEnd_hook = skip_executor_end;
	prev_process_utility = ProcessUtility_hook;
	ProcessUtility_hook = skip_process_utility;
}

/*
 * The size check of a page (what: "page") or of what is bounded as pages
 * are (a gold text): false when it is over and skipped.
 */
bool
td_pg_check_page_size(const char *what, size_t len, size_t max_bytes)
{
	char		msg[200];

	/*
	 * Checked here as well as in the core, so the message can give the sizes
	 * before any conversion or allocation.
	 */
	if (len <= max_bytes)
		return true;
	snprintf(msg, sizeof(msg), "%s of %zu bytes exceeds templatedet.max_page_bytes (%zu bytes)",
			 what, len, max_bytes);
	td_pg_page_error(ERRCODE_PROGRAM_LIMIT_EXCEEDED, msg,
					 "Raise the setting \"templatedet.max_page_bytes\" to accept larger pages.");
	return false;
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

	volatile td_status st = TD_OK;

	td_pg_limits(&limits);
	limits.media_attrs_only = media_attrs_only;
	if (check_size)
	{
		if (!td_pg_check_page_size("page", len, limits.max_bytes))
			return NULL;
	}
	else
		limits.max_bytes = SIZE_MAX;

	xmlerrcxt = pg_xml_init(PG_XML_STRICTNESS_LEGACY);
	PG_TRY();
	{
		td_tree    *tree = NULL;

		/* TD_PG_CALL's loop, keeping the status: a page over a limit is a page error */
		for (;;)
		{
			tree = NULL;
			st = td_parse_html(env, data, len, encoding, &limits, &tree);
			if (st != TD_EINTR)
				break;
			CHECK_FOR_INTERRUPTS();
		}
		if (st != TD_OK && st != TD_ELIMIT)
			td_pg_report(env, st, NULL);
		result = tree;
	}
	PG_CATCH();
	{
		pg_xml_done(xmlerrcxt, true);
		PG_RE_THROW();
	}
	PG_END_TRY();
	pg_xml_done(xmlerrcxt, false);
	if (st == TD_ELIMIT)
	{
		td_pg_page_error(ERRCODE_PROGRAM_LIMIT_EXCEEDED, env->errmsg,
						 "Raise the setting \"templatedet.max_nodes\" to accept larger input.");
		return NULL;
	}
	return result;
}

td_tree *
td_pg_parse_bytes(td_env *env, const char *data, size_t len, const char *encoding,
				  bool check_size)
{
	return parse_bytes(env, data, len, encoding, check_size, false);
}

bool
td_pg_page_arg(FunctionCallInfo fcinfo, int argno, bool is_bytea,
			   const char **data, size_t *len, const char **encoding)
{
	return td_pg_page_datum(PG_GETARG_DATUM(argno), is_bytea, data, len, encoding);
}

/* The page's bytes as the core reads them; false when it is skipped. */
static bool
page_bytes(struct varlena *arg, bool is_bytea, const char **data, size_t *len,
		   const char **encoding)
{
	td_env		env;
	td_status	st;

	*data = VARDATA_ANY(arg);
	*len = VARSIZE_ANY_EXHDR(arg);
	if (!td_pg_check_page_size("page", *len, (size_t) td_guc_max_page_bytes))
		return false;
	*encoding = "UTF-8";
	if (is_bytea)
	{
		size_t		bom_len = 0;

		*encoding = td_sniff_charset(*data, *len, &bom_len);
		*data += bom_len;
		*len -= bom_len;
	}
	/* not markup: checked on the bytes as given (text: server encoding, ASCII-compatible) */
	td_pg_env_init(&env, CurrentMemoryContext);
	while ((st = td_sniff_markup(&env, *data, *len, *encoding)) == TD_EINTR)
		CHECK_FOR_INTERRUPTS();
	if (st == TD_ENOTHTML)
	{
		td_pg_page_error(ERRCODE_INVALID_PARAMETER_VALUE, env.errmsg,
						 "is_html() tells pages from other bytes, for a WHERE clause.");
		return false;
	}
	if (st != TD_OK)
		td_pg_report(&env, st, NULL);
	if (!is_bytea)
	{
		/* text: the server encoding, converted to the core's UTF-8 */
		const char *utf8 = pg_server_to_any(*data, (int) *len, PG_UTF8);

		if (utf8 != *data)
			*len = strlen(utf8);
		*data = utf8;
	}
	return true;
}

bool
td_pg_page_datum(Datum html, bool is_bytea, const char **data, size_t *len,
				 const char **encoding)
{
	struct varlena *arg = PG_DETOAST_DATUM_PACKED(html);
	td_pg_page_ref ref;
	bool		ok;

	td_pg_page_context_push(&ref, VARDATA_ANY(arg), VARSIZE_ANY_EXHDR(arg), 0);
	ok = page_bytes(arg, is_bytea, data, len, encoding);
	td_pg_page_context_pop(&ref);
	return ok;
}

/* A page argument parsed, with its context pushed the whole time; NULL when skipped. */
static td_tree *
parse_page(td_env *env, Datum html, bool is_bytea, bool media_attrs_only, int64 row)
{
	struct varlena *arg = PG_DETOAST_DATUM_PACKED(html);
	const char *data,
			   *encoding;
	size_t		len;
	td_pg_page_ref ref;
	td_tree    *tree = NULL;

	td_pg_page_context_push(&ref, VARDATA_ANY(arg), VARSIZE_ANY_EXHDR(arg), row);
	if (page_bytes(arg, is_bytea, &data, &len, &encoding))
		tree = parse_bytes(env, data, len, encoding, true, media_attrs_only);
	td_pg_page_context_pop(&ref);
	return tree;
}

td_tree *
td_pg_parse_arg(td_env *env, FunctionCallInfo fcinfo, int argno, bool is_bytea)
{
	return parse_page(env, PG_GETARG_DATUM(argno), is_bytea, false, 0);
}

td_tree *
td_pg_parse_arg_slim(td_env *env, FunctionCallInfo fcinfo, int argno, bool is_bytea)
{
	return parse_page(env, PG_GETARG_DATUM(argno), is_bytea, true, 0);
}

td_tree *
td_pg_parse_row(td_env *env, FunctionCallInfo fcinfo, int argno, bool is_bytea, bool slim,
				int64 row)
{
	return parse_page(env, PG_GETARG_DATUM(argno), is_bytea, slim, row);
}

td_tree *
td_pg_parse_datum(td_env *env, Datum html, bool is_bytea)
{
	return parse_page(env, html, is_bytea, false, 0);
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

const char *
td_pg_utf8_arg_opt(FunctionCallInfo fcinfo, int argno, size_t *len)
{
	*len = 0;
	return PG_ARGISNULL(argno) ? NULL : td_pg_utf8_arg(fcinfo, argno, len);
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
	TD_PG_CALL(env, buf->len = 0, td_nodeinfo_path(ni, i, TD_PG_PATH_STEPS, buf), NULL);
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
