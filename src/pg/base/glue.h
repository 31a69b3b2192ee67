/*
 * glue.h — what every SQL-facing file of templatedet shares: the td_env of
 * the backend, the mapping of core statuses to ereport, the settings, the
 * per-call memory context, encoding conversion and the parse protocol.
 */
#ifndef TD_PG_GLUE_H
#define TD_PG_GLUE_H

#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/memutils.h"

#include "site/profile.h"
#include "site/marks.h"
#include "base/env.h"
#include "base/tree.h"
#include "base/nodeinfo.h"

#include "pg/base/settings.h"

/*
 * Page errors: a page that cannot be read (over max_page_bytes or max_nodes,
 * not HTML).  Under templatedet.on_error = error they are ERRORs; under
 * skip, a WARNING (the first TD_PG_SKIP_WARNINGS of a statement in full,
 * then one summary every TD_PG_SKIP_SUMMARY_EVERY skipped pages, and the
 * count when the statement's outermost executor or utility command ends:
 * td_pg_skip_summary_init) and the page has no result: the functions that
 * read pages return false / NULL and their callers return NULL, no rows, or
 * leave the page out of an aggregate.
 * Arguments that are not pages (thresholds, profiles, models), out of memory
 * and interrupts are always ERRORs.  Every page ERROR and WARNING carries a
 * CONTEXT naming the page: its size, its row in the aggregate group (row > 0)
 * and its first bytes, escaped.
 */
#define TD_PG_SKIP_WARNINGS			10
#define TD_PG_SKIP_SUMMARY_EVERY	1000

typedef struct td_pg_page_ref
{
	ErrorContextCallback cb;
	const char *data;			/* the page as given (before any conversion) */
	size_t		len;
	int64		row;			/* row number in the aggregate group, 0 outside */
} td_pg_page_ref;

/*
 * Installs the executor hooks that end a statement which skipped pages with
 * one WARNING saying how many (called from _PG_init).
 */
extern void td_pg_skip_summary_init(void);

/* Pushes an error context naming the page; pop it once the page is read. */
extern void td_pg_page_context_push(td_pg_page_ref *ref, const char *data, size_t len, int64 row);
extern void td_pg_page_context_pop(td_pg_page_ref *ref);

/*
 * Reports a page error (sqlcode, message, hint may be NULL) as on_error
 * says: never returns under error; under skip warns and returns.
 */
extern void td_pg_page_error(int sqlcode, const char *msg, const char *hint);

/*
 * A page error (54000) when len is over max_bytes: false when the page is
 * then skipped (templatedet.on_error).  what names it in the message
 * ("page", "gold text").
 */
extern bool td_pg_check_page_size(const char *what, size_t len, size_t max_bytes);

/*
 * A core environment whose memory lives in cxt.  The env must outlive
 * everything allocated with it (trees and profiles keep a pointer to it).
 */
extern void td_pg_env_init(td_env *env, MemoryContext cxt);

/*
 * Makes env report only interrupts that will end the query (cancel,
 * timeout, termination), for core calls that cannot be retried because an
 * interrupt leaves their target half-changed (merging into a profile).
 */
extern void td_pg_env_cancel_only(td_env *env);

/*
 * A fresh context for one call's scratch work, under the current one (so an
 * ERROR releases it with the query); delete it when done.  A macro because
 * context names must be string constants.
 */
#define td_pg_scratch_context(name) \
	AllocSetContextCreate(CurrentMemoryContext, (name), ALLOCSET_DEFAULT_SIZES)

/*
 * Raises the ERROR that corresponds to status (never TD_OK or TD_EINTR).
 * limit_setting names the setting to raise in the hint for TD_ELIMIT.
 */
extern void td_pg_report(td_env *env, td_status status, const char *limit_setting) pg_attribute_noreturn();

/*
 * Runs a core call until it finishes without a harmless interrupt.  TD_EINTR
 * means the core saw InterruptPending and returned after freeing what it
 * held; CHECK_FOR_INTERRUPTS() then either throws (cancel, timeout) or
 * handles the interrupt and returns, and the call is run again from scratch.
 * reset runs before each attempt (e.g. to empty an output buffer), so the
 * call must be idempotent given reset.
 */
#define TD_PG_CALL(env, reset, call, limit_setting) \
	do { \
		td_status	td_pg_st_; \
		for (;;) \
		{ \
			reset; \
			td_pg_st_ = (call); \
			if (td_pg_st_ != TD_EINTR) \
				break; \
			CHECK_FOR_INTERRUPTS(); \
		} \
		if (td_pg_st_ != TD_OK) \
			td_pg_report((env), td_pg_st_, (limit_setting)); \
	} while (0)

/* Returns t as text, or NULL when t is NULL (a skipped page). */
#define TD_PG_RETURN_TEXT_OR_NULL(t) \
	do { \
		text	   *td_pg_t_ = (t); \
		if (td_pg_t_ == NULL) \
			PG_RETURN_NULL(); \
		PG_RETURN_TEXT_P(td_pg_t_); \
	} while (0)

/* Limits from the settings. */
extern void td_pg_limits(td_limits *limits);

/* Profile settings for a new aggregate state of unit TD_UNIT_*, from the settings. */
extern void td_pg_profile_settings(td_profile_settings *settings, uint8_t unit);

/*
 * Parses the html argument argno of fcinfo (a separate C entry point per
 * argument type, so this never depends on fn_expr being set) (text: server encoding converted
 * to UTF-8; bytea: charset sniffed from BOM / <meta>, else windows-1252)
 * under PostgreSQL's libxml2 protocol.  The tree lives in env's context.
 * NULL when the page was skipped (a page error under on_error = skip).
 */
extern td_tree *td_pg_parse_arg(td_env *env, FunctionCallInfo fcinfo, int argno,
								 bool is_bytea);
/* The same for a text or bytea datum (a page read from a table). */
extern td_tree *td_pg_parse_datum(td_env *env, Datum html, bool is_bytea);

/*
 * td_pg_parse_arg for the aggregates: row is the page's row number in its
 * group (for the error context), slim as td_pg_parse_arg_slim.
 */
extern td_tree *td_pg_parse_row(td_env *env, FunctionCallInfo fcinfo, int argno,
								 bool is_bytea, bool slim, int64 row);

/*
 * td_pg_parse_arg's tree without the attributes fingerprints do not read
 * (td_limits.media_attrs_only): parsed about a third faster, for the
 * functions that neither render HTML nor read other attributes.
 */
extern td_tree *td_pg_parse_arg_slim(td_env *env, FunctionCallInfo fcinfo, int argno,
									  bool is_bytea);

/*
 * The html argument argno as bytes for the core, without parsing: text is
 * converted to UTF-8, bytea has its charset sniffed and BOM skipped.  Over
 * templatedet.max_page_bytes (54000) or not HTML (22023): a page error, and
 * false when skipped.
 */
extern bool td_pg_page_arg(FunctionCallInfo fcinfo, int argno, bool is_bytea,
						   const char **data, size_t *len, const char **encoding);
/* The same for a text or bytea datum (a page read from a table). */
extern bool td_pg_page_datum(Datum html, bool is_bytea, const char **data, size_t *len,
							 const char **encoding);

/*
 * Parses bytes in encoding (as td_pg_parse_arg does); check_size false for
 * text the core made from a page already checked (it may have grown when
 * decoded to UTF-8).
 */
extern td_tree *td_pg_parse_bytes(td_env *env, const char *data, size_t len,
								  const char *encoding, bool check_size);

/*
 * A td_buf whose first VARHDRSZ bytes are reserved, so that the finished
 * buffer becomes a varlena without copying.
 */
extern void td_pg_varbuf_init(td_buf *buf, td_env *env);
/* Empties a buffer made by td_pg_varbuf_init, keeping the reserved header. */
extern void td_pg_varbuf_reset(td_buf *buf);
/* The buffer as bytea (raw bytes). */
extern bytea *td_pg_varbuf_bytea(td_buf *buf);
/* The buffer (UTF-8) as text in the server encoding. */
extern text *td_pg_varbuf_text(td_buf *buf);
/* How a page is written out: td_render_text or td_render_html. */
typedef td_status (*td_pg_renderer) (const td_tree *tree, const uint8_t *drop, td_buf *out);

/*
 * The page rendered without the nodes marked in drop (may be NULL), as text
 * in CurrentMemoryContext, so it outlives the scratch context of the tree.
 */
extern text *td_pg_render(td_pg_renderer render, const td_tree *tree, const uint8_t *drop);

/* The text argument argno as UTF-8 bytes (converted when the database is not UTF-8). */
extern const char *td_pg_utf8_arg(FunctionCallInfo fcinfo, int argno, size_t *len);
/* The same, or NULL (*len 0) when the argument is NULL. */
extern const char *td_pg_utf8_arg_opt(FunctionCallInfo fcinfo, int argno, size_t *len);

/* UTF-8 bytes as text in the server encoding (copied or converted). */
extern text *td_pg_utf8_to_text(const char *s, size_t len);

/*
 * Prepares ni for the rows of a set-returning function (nodeinfo.h: what is
 * TD_NODEINFO_PATHS and/or TD_NODEINFO_TEXT), in env's context, so that
 * printing every node's path and text costs what is printed.
 */
extern void td_pg_nodeinfo(td_env *env, const td_tree *tree, unsigned what, td_nodeinfo *ni);
/*
 * The path of node i (/html/body/div[2]) as a text datum; buf is scratch
 * space.  At most TD_PG_PATH_STEPS steps: a deeper node's path is "..." and
 * its last TD_PG_PATH_STEPS steps, so that every row of a deep page stays
 * short (a row's node id, depth and parent rebuild the whole path).
 */
#define TD_PG_PATH_STEPS 32
extern Datum td_pg_node_path(td_env *env, td_buf *buf, td_nodeinfo *ni, uint32_t i);

/*
 * The visible text of node i's subtree, its first max_chars characters, as
 * a text datum; *length (may be NULL) is its full length in characters.
 */
#define TD_PG_TEXT_PREVIEW 200	/* max_chars of template_nodes and node_scores */
extern Datum td_pg_node_text(td_env *env, td_buf *buf, const td_nodeinfo *ni, uint32_t i,
							 uint32_t max_chars, int32 *length);

/*
 * The visible text of node i's subtree less the nodes marked in drop, as a
 * text datum: it renders the subtree, so the caller keeps the total linear
 * (page_segments masks every nested segment).
 */
extern Datum td_pg_node_text_masked(td_env *env, td_buf *buf, const td_tree *tree, uint32_t i,
									const uint8_t *drop);

/* Validates a threshold argument: NaN, <= 0 or > 1 is 22023. */
extern void td_pg_check_threshold(double threshold);

#endif							/* TD_PG_GLUE_H */
