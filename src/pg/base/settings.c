/*
 * settings.c — the module's entry point and its settings (templatedet.*).
 *
 * The size and node limits only turn oversized input into an ERROR; they
 * never change a result.  max_depth does change the tree of pages nested
 * deeper than it (deeper start tags are flattened), and profile_error /
 * profile_capacity change what template_profile keeps: see the COMMENTs in
 * the extension script for how that bears on volatility.  on_error turns a
 * page error into a WARNING and no result (glue.c: td_pg_page_error).
 */
#include "pg/base/glue.h"
#include "pg/page/page_common.h"

#include <limits.h>

#include "utils/guc.h"

PG_MODULE_MAGIC;

int			td_guc_max_page_bytes = TD_DEFAULT_MAX_BYTES;
int			td_guc_max_nodes = TD_DEFAULT_MAX_NODES;
int			td_guc_max_depth = TD_DEFAULT_MAX_DEPTH;
double		td_guc_profile_error = 0.01;
int			td_guc_profile_capacity = 262144;
int			td_guc_profile_dedup_pages = 2097152;
int			td_guc_on_error = TD_ON_ERROR_ERROR;

static const struct config_enum_entry on_error_options[] = {
	{"error", TD_ON_ERROR_ERROR, false},
	{"skip", TD_ON_ERROR_SKIP, false},
	{NULL, 0, false}
};

void		_PG_init(void);

void
_PG_init(void)
{
	DefineCustomIntVariable("templatedet.max_page_bytes",
							"Largest page, in bytes, that templatedet parses.",
							"Larger pages raise an error (SQLSTATE 54000) before any parsing.",
							&td_guc_max_page_bytes,
							TD_DEFAULT_MAX_BYTES, 1, 1024 * 1024 * 1024,
							PGC_USERSET, GUC_UNIT_BYTE,
							NULL, NULL, NULL);

	DefineCustomIntVariable("templatedet.max_nodes",
							"Most nodes (elements and texts) of one parsed page.",
							"Pages with more nodes raise an error (SQLSTATE 54000).",
							&td_guc_max_nodes,
							TD_DEFAULT_MAX_NODES, 1, INT_MAX,
							PGC_USERSET, 0,
							NULL, NULL, NULL);

	/*
	 * Superuser-only: a different depth changes the tree (and so the output)
	 * of pages nested deeper than it, and the page functions are IMMUTABLE
	 * so that they can be indexed.  Like a text search configuration, it is
	 * an installation decision, not a per-query knob.
	 */
	DefineCustomIntVariable("templatedet.max_depth",
							"Deepest element nesting kept in the page tree.",
							"Start tags nested deeper are flattened into the deepest open element; their content is kept.",
							&td_guc_max_depth,
							TD_DEFAULT_MAX_DEPTH, 16, 100000,
							PGC_SUSET, 0,
							NULL, NULL, NULL);

	DefineCustomRealVariable("templatedet.profile_error",
							 "Error share eps of new profiles (lossy counting); 0 keeps exact counts.",
							 "A fingerprint's page count may be underestimated by at most eps times the number of pages.",
							 &td_guc_profile_error,
							 0.01, 0.0, 0.5,
							 PGC_USERSET, 0,
							 NULL, NULL, NULL);

	DefineCustomIntVariable("templatedet.profile_capacity",
							"Most entries a profile holds in memory while it is built.",
							"When full, the profile prunes its rarest fingerprints and its error bound grows.",
							&td_guc_profile_capacity,
							262144, 1024, 64 * 1024 * 1024,
							PGC_USERSET, 0,
							NULL, NULL, NULL);

	/*
	 * 16 to 32 bytes of state per distinct page (profile.h); the default
	 * holds 2,097,152 pages in at most 32 MB (16 MB at 1,000,000 pages).
	 */
	DefineCustomIntVariable("templatedet.profile_dedup_pages",
							"Most distinct pages whose content key a profile being built keeps, to count exact duplicate pages once; 0 counts every page.",
							"Pages counted once it is full are not checked: later copies of them are counted again (profile_info: unchecked_pages).",
							&td_guc_profile_dedup_pages,
							2097152, 0, 256 * 1024 * 1024,
							PGC_USERSET, 0,
							NULL, NULL, NULL);

	/*
	 * Like max_page_bytes, it never changes the result of a page that has
	 * one: it only chooses between an ERROR and no result (NULL, no rows, a
	 * page left out of an aggregate) for a page that has none.
	 */
	DefineCustomEnumVariable("templatedet.on_error",
							 "What a page that cannot be read does: error (the default) stops the statement, skip leaves the page out with a WARNING.",
							 "Page errors are pages over max_page_bytes or max_nodes and input that is not HTML (SQLSTATEs 54000 and 22023); bad arguments, out of memory and cancels are always errors.",
							 &td_guc_on_error,
							 TD_ON_ERROR_ERROR, on_error_options,
							 PGC_USERSET, 0,
							 NULL, NULL, NULL);

	td_pg_page_settings_init();	/* page-level settings (model_agg.c) */
	td_pg_skip_summary_init();	/* the skipped pages of a statement (glue.c) */

	MarkGUCPrefixReserved("templatedet");
}
