/*
 * is_html.c — is_html(html) → whether the bytes can be a page at all
 * (base/markup.h): for a WHERE clause that keeps executables, archives and
 * images out of the page functions, which refuse them (SQLSTATE 22023).
 * Not bounded by templatedet.max_page_bytes: it only reads bytes.
 */
#include "pg/base/glue.h"

#include "base/charset.h"
#include "base/markup.h"

PG_FUNCTION_INFO_V1(is_html_text);
PG_FUNCTION_INFO_V1(is_html_bytea);

static bool
is_html(FunctionCallInfo fcinfo, bool is_bytea)
{
	struct varlena *arg = PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(0));
	const char *data = VARDATA_ANY(arg);
	size_t		len = VARSIZE_ANY_EXHDR(arg);
	const char *encoding = "UTF-8";
	td_env		env;
	td_status	st;

	/* as the page functions see it: bytea's BOM skipped, text in an ASCII-compatible encoding */
	if (is_bytea)
	{
		size_t		bom_len = 0;

		encoding = td_sniff_charset(data, len, &bom_len);
		data += bom_len;
		len -= bom_len;
	}
	td_pg_env_init(&env, CurrentMemoryContext);
	while ((st = td_sniff_markup(&env, data, len, encoding)) == TD_EINTR)
		CHECK_FOR_INTERRUPTS();
	if (st != TD_OK && st != TD_ENOTHTML)
		td_pg_report(&env, st, NULL);
	return st == TD_OK;
}

Datum
is_html_text(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(is_html(fcinfo, false));
}

Datum
is_html_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(is_html(fcinfo, true));
}
