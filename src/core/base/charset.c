/*
 * charset.c — the encoding of raw page bytes, picked the way browsers do
 * without the network: a BOM, else the <meta> prescan of the WHATWG HTML
 * standard over the first 1024 bytes, else UTF-8 when every byte is valid
 * UTF-8 and some are not ASCII, else the same prescan over the rest of the
 * <head> (to <body>, at most HEAD_SCAN_BYTES: long heads of scripts and
 * styles put the <meta> past 1024 bytes, and Chromium keeps looking there
 * too), else windows-1252.  Labels are mapped as the
 * WHATWG encoding standard says (iso-8859-1 and us-ascii are windows-1252,
 * gb2312 is GBK...) to names the decoder in tree.c accepts.
 */
#include <string.h>

#include "base/tree.h"
#include "base/charset.h"
#include "util/ascii.h"

#define PRESCAN_BYTES 1024
#define HEAD_SCAN_BYTES (64 * 1024)

/* Labels outside the ISO-8859-n and windows-125n families. */
static const struct
{
	const char *label;
	const char *name;
}			labels[] = {
	{"utf-8", "UTF-8"}, {"utf8", "UTF-8"}, {"unicode-1-1-utf-8", "UTF-8"},
	{"unicode11utf8", "UTF-8"}, {"unicode20utf8", "UTF-8"}, {"x-unicode20utf8", "UTF-8"},
	/* a <meta> that can be read as ASCII is not UTF-16: browsers use UTF-8 */
	{"utf-16", "UTF-8"}, {"utf-16le", "UTF-8"}, {"utf-16be", "UTF-8"},
	{"unicode", "UTF-8"}, {"ucs-2", "UTF-8"},
	{"us-ascii", "windows-1252"}, {"ascii", "windows-1252"}, {"ansi_x3.4-1968", "windows-1252"},
	{"latin1", "windows-1252"}, {"l1", "windows-1252"}, {"cp819", "windows-1252"},
	{"ibm819", "windows-1252"}, {"csisolatin1", "windows-1252"}, {"iso-ir-100", "windows-1252"},
	{"iso_8859-1:1987", "windows-1252"}, {"x-user-defined", "windows-1252"},
	{"shift_jis", "Shift_JIS"}, {"shift-jis", "Shift_JIS"}, {"sjis", "Shift_JIS"},
	{"x-sjis", "Shift_JIS"}, {"ms932", "Shift_JIS"}, {"ms_kanji", "Shift_JIS"},
	{"windows-31j", "Shift_JIS"}, {"csshiftjis", "Shift_JIS"},
	{"euc-jp", "EUC-JP"}, {"x-euc-jp", "EUC-JP"}, {"cseucpkdfmtjapanese", "EUC-JP"},
	{"gbk", "GBK"}, {"x-gbk", "GBK"}, {"gb2312", "GBK"}, {"gb_2312", "GBK"},
	{"gb_2312-80", "GBK"}, {"chinese", "GBK"}, {"csgb2312", "GBK"},
	{"csiso58gb231280", "GBK"}, {"iso-ir-58", "GBK"}, {"gb18030", "GB18030"},
	{"big5", "Big5"}, {"big5-hkscs", "Big5"}, {"cn-big5", "Big5"}, {"csbig5", "Big5"},
	{"x-x-big5", "Big5"},
	{"euc-kr", "EUC-KR"}, {"cseuckr", "EUC-KR"}, {"korean", "EUC-KR"},
	{"ks_c_5601-1987", "EUC-KR"}, {"ks_c_5601-1989", "EUC-KR"}, {"ksc5601", "EUC-KR"},
	{"ksc_5601", "EUC-KR"}, {"csksc56011987", "EUC-KR"}, {"iso-ir-149", "EUC-KR"},
	{"windows-949", "EUC-KR"},
	{"koi8-r", "KOI8-R"}, {"koi8_r", "KOI8-R"}, {"koi8", "KOI8-R"}, {"koi", "KOI8-R"},
	{"cskoi8r", "KOI8-R"}, {"koi8-u", "KOI8-U"}, {"koi8-ru", "KOI8-U"},
	{"ibm866", "IBM866"}, {"cp866", "IBM866"}, {"866", "IBM866"},
	{"windows-874", "windows-874"}, {"tis-620", "windows-874"}, {"dos-874", "windows-874"},
	{"latin2", "ISO-8859-2"}, {"l2", "ISO-8859-2"}, {"latin3", "ISO-8859-3"},
	{"latin4", "ISO-8859-4"}, {"cyrillic", "ISO-8859-5"}, {"arabic", "ISO-8859-6"},
	{"greek", "ISO-8859-7"}, {"hebrew", "ISO-8859-8"}, {"latin5", "windows-1254"},
	{"latin6", "ISO-8859-10"}, {"l9", "ISO-8859-15"}, {"macintosh", "macintosh"},
	{"mac", "macintosh"}, {"x-mac-roman", "macintosh"}
};

/* ISO-8859-n as WHATWG maps it (1, 9 and 11 are windows code pages there). */
static const char *const iso8859[17] = {
	NULL, "windows-1252", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5",
	"ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "windows-1254", "ISO-8859-10",
	"windows-874", NULL, "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16"
};

static const char *const windows125x[9] = {
	"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
	"windows-1255", "windows-1256", "windows-1257", "windows-1258"
};

static int
lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/* Whether s[0..len) starts with the lower-case ASCII word w, ignoring case. */
static int
starts_with(const char *s, size_t len, const char *w)
{
	size_t		n = strlen(w);

	if (len < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char) s[i]) != w[i])
			return 0;
	return 1;
}

/* Parses a decimal number filling s[0..len) entirely; -1 when it does not. */
static int
whole_number(const char *s, size_t len)
{
	int			v = 0;

	if (len == 0 || len > 2)
		return -1;
	for (size_t i = 0; i < len; i++)
	{
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* The name for the ISO-8859-n / windows-125n / cp125n families, or NULL. */
static const char *
family_name(const char *s, size_t len)
{
	static const char *const iso_prefixes[] = {"iso-8859-", "iso8859-", "iso_8859-", "iso8859"};
	static const char *const win_prefixes[] = {"windows-125", "x-cp125", "cp125"};

	for (size_t i = 0; i < 4; i++)
	{
		size_t		n = strlen(iso_prefixes[i]);

		if (starts_with(s, len, iso_prefixes[i]))
		{
			int			v = whole_number(s + n, len - n);

			/* "iso-8859-8-i" is visual-order Hebrew decoded as ISO-8859-8 */
			if (v < 0 && len == n + 3 && s[n] == '8' && starts_with(s + n + 1, 2, "-i"))
				v = 8;
			return (v > 0 && v <= 16) ? iso8859[v] : NULL;
		}
	}
	for (size_t i = 0; i < 3; i++)
	{
		size_t		n = strlen(win_prefixes[i]);
		int			v;

		if (starts_with(s, len, win_prefixes[i]) && len == n + 1)
		{
			v = s[n] - '0';
			return (v >= 0 && v <= 8) ? windows125x[v] : NULL;
		}
	}
	return NULL;
}

/*
 * Maps an encoding label (WHATWG: surrounding white space ignored, ASCII
 * case-insensitive) to a decoder name; unknown labels give windows-1252, as
 * a browser that cannot use the label falls back to its default.
 */
static const char *
label_to_name(const char *s, size_t len)
{
	const char *fam;

	td_trim_html_space(&s, &len);
	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		if (strlen(labels[i].label) == len && starts_with(s, len, labels[i].label))
			return labels[i].name;
	fam = family_name(s, len);
	return fam ? fam : "windows-1252";
}

typedef struct span
{
	const char *p;
	size_t		len;
} span;

/*
 * The WHATWG "get an attribute" step: reads one attribute at *pos of
 * s[0..end) into name and value (value unquoted, possibly empty) and returns
 * 1, or 0 at the tag's '>' or the end of the bytes.
 */
static int
get_attribute(const char *s, size_t end, size_t *pos, span *name, span *value)
{
	size_t		i = *pos;

	while (i < end && (td_is_html_space((unsigned char) s[i]) || s[i] == '/'))
		i++;
	if (i >= end || s[i] == '>')
	{
		*pos = i;
		return 0;
	}
	name->p = s + i;
	while (i < end && !td_is_html_space((unsigned char) s[i]) && s[i] != '/' && s[i] != '>' &&
		   !(s[i] == '=' && s + i > name->p))
		i++;
	name->len = (size_t) (s + i - name->p);
	value->p = s + i;
	value->len = 0;
	while (i < end && td_is_html_space((unsigned char) s[i]))
		i++;
	if (i < end && s[i] == '=')
	{
		i++;
		while (i < end && td_is_html_space((unsigned char) s[i]))
			i++;
		if (i < end && (s[i] == '"' || s[i] == '\''))
		{
			char		q = s[i++];

			value->p = s + i;
			while (i < end && s[i] != q)
				i++;
			value->len = (size_t) (s + i - value->p);
			if (i < end)
				i++;
		}
		else
		{
			value->p = s + i;
			while (i < end && !td_is_html_space((unsigned char) s[i]) && s[i] != '>')
				i++;
			value->len = (size_t) (s + i - value->p);
		}
	}
	*pos = i;
	return 1;
}

static int
span_is(span sp, const char *w)
{
	return sp.len == strlen(w) && starts_with(sp.p, sp.len, w);
}

/*
 * The charset in a content attribute ("text/html; charset=utf-8"), the
 * WHATWG "extracting a character encoding from a meta element" algorithm.
 */
static int
charset_from_content(span content, span *label)
{
	const char *s = content.p;
	size_t		len = content.len;

	for (size_t i = 0; i + 7 <= len; i++)
	{
		size_t		j;

		if (!starts_with(s + i, len - i, "charset"))
			continue;
		j = i + 7;
		while (j < len && td_is_html_space((unsigned char) s[j]))
			j++;
		if (j >= len || s[j] != '=')
			continue;
		j++;
		while (j < len && td_is_html_space((unsigned char) s[j]))
			j++;
		if (j < len && (s[j] == '"' || s[j] == '\''))
		{
			char		q = s[j++];
			size_t		k = j;

			while (k < len && s[k] != q)
				k++;
			if (k >= len)
				return 0;
			label->p = s + j;
			label->len = k - j;
			return 1;
		}
		label->p = s + j;
		while (j < len && !td_is_html_space((unsigned char) s[j]) && s[j] != ';')
			j++;
		label->len = (size_t) (s + j - label->p);
		return label->len > 0;
	}
	return 0;
}

/* Reads the attributes of a <meta> at *pos; the encoding it declares, or NULL. */
static const char *
meta_charset(const char *s, size_t end, size_t *pos)
{
	span		name,
				value,
				label = {NULL, 0};
	int			http_equiv = 0,
				got_charset = 0,
				got_content = 0;

	while (get_attribute(s, end, pos, &name, &value))
	{
		if (span_is(name, "charset") && !got_charset)
		{
			got_charset = 1;
			label = value;
		}
		else if (span_is(name, "http-equiv") && span_is(value, "content-type"))
			http_equiv = 1;
		else if (span_is(name, "content") && !got_content && !got_charset)
			got_content = charset_from_content(value, &label);
	}
	/* a tag cut by the end of the window declares nothing */
	if (*pos >= end)
		return NULL;
	if (got_charset || (http_equiv && got_content))
		return label_to_name(label.p, label.len);
	return NULL;
}

/* Position just past the next occurrence of w at or after i, or end. */
static size_t
skip_past(const char *s, size_t end, size_t i, const char *w)
{
	size_t		n = strlen(w);

	for (; i + n <= end; i++)
		if (memcmp(s + i, w, n) == 0)
			return i + n;
	return end;
}

static int
is_letter(int c)
{
	c = lower(c);
	return c >= 'a' && c <= 'z';
}

/* The WHATWG prescan of a byte stream: the first <meta> that names an encoding. */
static const char *
prescan(const char *s, size_t end)
{
	size_t		i = 0;
	span		name,
				value;

	while (i < end)
	{
		if (s[i] != '<')
		{
			i++;
			continue;
		}
		if (starts_with(s + i, end - i, "<!--"))
			i = skip_past(s, end, i + 4, "-->");
		else if (starts_with(s + i, end - i, "<meta") && i + 5 < end &&
				 (td_is_html_space((unsigned char) s[i + 5]) || s[i + 5] == '/'))
		{
			const char *found;

			i += 5;
			found = meta_charset(s, end, &i);
			if (found)
				return found;
		}
		else if (i + 1 < end && (is_letter((unsigned char) s[i + 1]) ||
								 (s[i + 1] == '/' && i + 2 < end &&
								  is_letter((unsigned char) s[i + 2]))))
		{
			/* another tag: skip its name and attributes (a quoted '>' does not end it) */
			i++;
			while (i < end && !td_is_html_space((unsigned char) s[i]) && s[i] != '>')
				i++;
			while (get_attribute(s, end, &i, &name, &value))
				;
		}
		else if (starts_with(s + i, end - i, "<!") || starts_with(s + i, end - i, "</") ||
				 starts_with(s + i, end - i, "<?"))
			i = skip_past(s, end, i + 2, ">");
		else
			i++;
	}
	return NULL;
}

/* Where the <head> ends for the late prescan: the first "<body", or HEAD_SCAN_BYTES. */
static size_t
head_end(const char *s, size_t len)
{
	size_t		end = len < HEAD_SCAN_BYTES ? len : HEAD_SCAN_BYTES;

	for (size_t i = 0; i < end; i++)
		if (s[i] == '<' && starts_with(s + i, end - i, "<body"))
			return i;
	return end;
}

/*
 * Whether the bytes are valid UTF-8 with at least one non-ASCII character.
 * Text in a legacy 8-bit charset almost never is, so browsers' detectors
 * conclude UTF-8 here; it matters because crawls often carry the <meta>
 * past the prescan window (a quarter of the dev corpus: Wayback Machine
 * pages put 2-4 KB of script first).
 */
static int
looks_utf8(const unsigned char *s, size_t len)
{
	int			non_ascii = 0;

	for (size_t i = 0; i < len;)
	{
		unsigned char c = s[i];
		size_t		n;
		unsigned char lo = 0x80,
					hi = 0xBF;

		if (c < 0x80)
		{
			i++;
			continue;
		}
		non_ascii = 1;
		if (c >= 0xC2 && c <= 0xDF)
			n = 2;
		else if (c >= 0xE0 && c <= 0xEF)
			n = 3;
		else if (c >= 0xF0 && c <= 0xF4)
			n = 4;
		else
			return 0;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
		else if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
		if (i + n > len || s[i + 1] < lo || s[i + 1] > hi)
			return 0;
		for (size_t k = 2; k < n; k++)
			if (s[i + k] < 0x80 || s[i + k] > 0xBF)
				return 0;
		i += n;
	}
	return non_ascii;
}

const char *
td_sniff_charset(const char *bytes, size_t len, size_t *bom_len)
{
	const unsigned char *u = (const unsigned char *) bytes;
	const char *found;

	*bom_len = 0;
	if (len >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF)
	{
		*bom_len = 3;
		return "UTF-8";
	}
	if (len >= 2 && u[0] == 0xFF && u[1] == 0xFE)
	{
		*bom_len = 2;
		return "UTF-16LE";
	}
	if (len >= 2 && u[0] == 0xFE && u[1] == 0xFF)
	{
		*bom_len = 2;
		return "UTF-16BE";
	}
	found = prescan(bytes, len < PRESCAN_BYTES ? len : PRESCAN_BYTES);
	if (found)
		return found;
	/* Bytes that are valid UTF-8 beat a late declaration: archives re-encode pages and keep the old <meta>. */
	if (looks_utf8(u, len))
		return "UTF-8";
	found = prescan(bytes, head_end(bytes, len));
	return found ? found : "windows-1252";
}
