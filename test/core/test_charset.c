/*
 * test_charset.c — encoding sniffing of raw page bytes: BOMs, the <meta>
 * prescan, label mapping, and that every name it returns decodes a page.
 */
#include <string.h>

#include "check.h"
#include "base/render.h"
#include "base/tree.h"
#include "base/charset.h"

static void
check_sniff(const char *bytes, size_t len, const char *want, size_t want_bom, int line)
{
	size_t		bom = 99;
	const char *got = td_sniff_charset(bytes, len, &bom);

	CHECK(strcmp(got, want) == 0 && bom == want_bom, "line %d: got %s (bom %zu), want %s (bom %zu)",
		  line, got, bom, want, want_bom);
}

#define SNIFF(s, want) check_sniff(s, strlen(s), want, 0, __LINE__)

/* The name a <meta charset=label> yields. */
static void
check_label(const char *label, const char *want, int line)
{
	char		page[128];

	snprintf(page, sizeof(page), "<meta charset=\"%s\">", label);
	check_sniff(page, strlen(page), want, 0, line);
}

#define LABEL(label, want) check_label(label, want, __LINE__)

static void
test_bom(void)
{
	check_sniff("\xEF\xBB\xBF<meta charset=big5>", 22, "UTF-8", 3, __LINE__);
	check_sniff("\xFF\xFE<\0p\0>\0", 8, "UTF-16LE", 2, __LINE__);
	check_sniff("\xFE\xFF\0<\0p\0>", 8, "UTF-16BE", 2, __LINE__);
	check_sniff("\xEF\xBB", 2, "windows-1252", 0, __LINE__);
	check_sniff("", 0, "windows-1252", 0, __LINE__);
	check_sniff(NULL, 0, "windows-1252", 0, __LINE__);
}

static void
test_meta(void)
{
	SNIFF("<html><head><meta charset=\"utf-8\"></head>", "UTF-8");
	SNIFF("<META CHARSET=Shift_JIS>", "Shift_JIS");
	SNIFF("<meta charset='euc-jp'/>", "EUC-JP");
	SNIFF("<meta\ncharset = gb2312 >", "GBK");
	SNIFF("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">", "KOI8-R");
	SNIFF("<meta content='text/html; charset=\"big5\"' http-equiv='content-type'>", "Big5");
	SNIFF("<meta http-equiv=content-type content=text/html;charset=euc-kr>", "EUC-KR");
	SNIFF("<meta content=\"text/html; charset=utf-8\">", "windows-1252");	/* no http-equiv */
	SNIFF("<meta http-equiv=\"refresh\" content=\"0; charset=utf-8\">", "windows-1252");
	SNIFF("<meta name=x><meta charset=utf-8>", "UTF-8");
	SNIFF("<metadata charset=utf-8>", "windows-1252");
	SNIFF("<!-- <meta charset=utf-8> --><meta charset=big5>", "Big5");
	SNIFF("<a title=\"<meta charset=utf-8>\"><meta charset=sjis>", "Shift_JIS");
	SNIFF("<p>no declaration at all</p>", "windows-1252");
	SNIFF("<meta charset=utf-8 charset=big5>", "UTF-8");	/* the first one counts */
}

static void
test_prescan_window(void)
{
	char		page[1200];
	const char *meta = "<meta charset=utf-8>";

	memset(page, ' ', sizeof(page));
	/* ends at byte 1024 exactly: found */
	memcpy(page + 1024 - strlen(meta), meta, strlen(meta));
	check_sniff(page, sizeof(page), "UTF-8", 0, __LINE__);
	/* one byte later the window misses it, and the scan of the rest of the head finds it */
	memset(page, ' ', sizeof(page));
	memcpy(page + 1025 - strlen(meta), meta, strlen(meta));
	check_sniff(page, sizeof(page), "UTF-8", 0, __LINE__);
}

/* A legacy-charset page whose <meta> comes after a long head of scripts. */
static void
test_late_meta(void)
{
	static char page[70 * 1024];
	const char *tail = "<meta charset=shift_jis></head><body><p>\x93\xFA\x96\x7B</p></body>";
	size_t		n;

	n = (size_t) snprintf(page, sizeof(page), "<head><script>%*s</script>%s", 3000, "", tail);
	check_sniff(page, n, "Shift_JIS", 0, __LINE__);
	/* a <meta> after <body> is not a declaration */
	n = (size_t) snprintf(page, sizeof(page), "<head></head><body>%*s<meta charset=shift_jis><p>\x93\xFA</p>", 3000, "");
	check_sniff(page, n, "windows-1252", 0, __LINE__);
	/* nor one past 64 KB of head */
	n = (size_t) snprintf(page, sizeof(page), "<head><script>%*s</script>%s", 66 * 1024, "", tail);
	check_sniff(page, n, "windows-1252", 0, __LINE__);
	/* valid UTF-8 wins over a late declaration of another charset */
	n = (size_t) snprintf(page, sizeof(page), "<head><script>%*s</script><meta charset=iso-8859-2><p>caf\xC3\xA9</p>", 3000, "");
	check_sniff(page, n, "UTF-8", 0, __LINE__);
}

/* Without a declaration, valid UTF-8 that is not all ASCII is UTF-8. */
static void
test_undeclared(void)
{
	char		page[2100];

	SNIFF("<p>caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80</p>", "UTF-8");
	SNIFF("<p>caf\xE9</p>", "windows-1252");
	SNIFF("<p>\x93quoted\x94</p>", "windows-1252");
	SNIFF("<p>\xC3\xA9 then \xE9</p>", "windows-1252");
	SNIFF("<p>cut \xE6\x97</p>", "windows-1252");
	SNIFF("<p>surrogate \xED\xA0\x80</p>", "windows-1252");
	SNIFF("<p>overlong \xC0\xAF</p>", "windows-1252");
	SNIFF("<p>ascii only</p>", "windows-1252");
	/* a declaration in the window wins over the bytes */
	SNIFF("<meta charset=iso-8859-2><p>\xC3\xA9</p>", "ISO-8859-2");
	/* a meta past the window: the bytes decide */
	memset(page, ' ', sizeof(page));
	memcpy(page + 2000, "<meta charset=utf-8>\xC3\xA9", 22);
	check_sniff(page, 2022, "UTF-8", 0, __LINE__);
}

static void
test_labels(void)
{
	LABEL("UTF8", "UTF-8");
	LABEL(" utf-8 ", "UTF-8");
	LABEL("utf-16", "UTF-8");
	LABEL("iso-8859-1", "windows-1252");
	LABEL("ISO_8859-1", "windows-1252");
	LABEL("latin1", "windows-1252");
	LABEL("us-ascii", "windows-1252");
	LABEL("x-sjis", "Shift_JIS");
	LABEL("sjis", "Shift_JIS");
	LABEL("windows-31j", "Shift_JIS");
	LABEL("gbk", "GBK");
	LABEL("GB18030", "GB18030");
	LABEL("iso-8859-2", "ISO-8859-2");
	LABEL("iso8859-15", "ISO-8859-15");
	LABEL("iso88595", "ISO-8859-5");
	LABEL("iso-8859-9", "windows-1254");
	LABEL("iso-8859-8-i", "ISO-8859-8");
	LABEL("iso-8859-12", "windows-1252");
	LABEL("cp1251", "windows-1251");
	LABEL("windows-1250", "windows-1250");
	LABEL("x-cp1253", "windows-1253");
	LABEL("windows-1259", "windows-1252");
	LABEL("ks_c_5601-1987", "EUC-KR");
	LABEL("koi8-u", "KOI8-U");
	LABEL("tis-620", "windows-874");
	LABEL("no-such-label", "windows-1252");
	LABEL("", "windows-1252");
}

/* Every name the sniffer can return decodes an ASCII page through td_parse_html. */
static void
test_names_decode(void)
{
	static const char *const labels[] = {
		"utf-8", "latin1", "sjis", "euc-jp", "gbk", "gb18030", "big5", "euc-kr", "koi8-r",
		"koi8-u", "ibm866", "windows-874", "iso-8859-2", "iso-8859-3", "iso-8859-4",
		"iso-8859-5", "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-10",
		"iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "windows-1250",
		"windows-1251", "windows-1253", "windows-1254", "windows-1255", "windows-1256",
		"windows-1257", "windows-1258", "macintosh"
	};
	td_env		env;
	int			ok = 0;
	int			n = (int) (sizeof(labels) / sizeof(labels[0]));

	td_env_default(&env);
	for (int i = 0; i < n; i++)
	{
		char		page[128];
		size_t		bom;
		const char *name;
		td_tree    *t = NULL;
		td_buf		b;

		snprintf(page, sizeof(page), "<meta charset=%s><p>ok</p>", labels[i]);
		name = td_sniff_charset(page, strlen(page), &bom);
		if (td_parse_html(&env, page, strlen(page), name, NULL, &t) != TD_OK)
		{
			CHECK(0, "%s (%s): %s", labels[i], name, env.errmsg);
			continue;
		}
		td_buf_init(&b, &env);
		td_render_text(t, NULL, &b);
		if (b.len == 2 && memcmp(b.data, "ok", 2) == 0)
			ok++;
		else
			CHECK(0, "%s (%s) decodes to [%.*s]", labels[i], name, (int) b.len, b.data);
		td_buf_free(&b);
		td_tree_free(t);
	}
	CHECK(ok == n, "%d of %d names decode", ok, n);
}

/* A windows-1252 page with a meta for itself, end to end. */
static void
test_sniffed_page(void)
{
	static const char page[] = "<meta http-equiv=Content-Type content='text/html; charset=iso-8859-1'>"
		"<p>na\xEFve \x93quoted\x94 \x80</p>";
	td_env		env;
	td_tree    *t = NULL;
	td_buf		b;
	size_t		bom;
	const char *name = td_sniff_charset(page, sizeof(page) - 1, &bom);

	td_env_default(&env);
	CHECK(strcmp(name, "windows-1252") == 0, "%s", name);
	CHECK(td_parse_html(&env, page, sizeof(page) - 1, name, NULL, &t) == TD_OK, "parse");
	td_buf_init(&b, &env);
	td_render_text(t, NULL, &b);
	td_buf_terminate(&b);
	CHECK(strcmp(b.data, "na\xC3\xAFve \xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC") == 0, "%s", b.data);
	td_buf_free(&b);
	td_tree_free(t);
}

int
main(void)
{
	test_bom();
	test_meta();
	test_prescan_window();
	test_undeclared();
	test_late_meta();
	test_labels();
	test_names_decode();
	test_sniffed_page();
	return check_done("test_charset");
}
