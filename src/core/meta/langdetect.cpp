// langdetect.cpp — the C shim over CLD2's C++ API (langdetect.h).
#include <cstdio>				// compact_lang_det.h uses FILE without including it
#include <cstring>

#include <cld2/public/compact_lang_det.h>

#include "meta/langdetect.h"

// CLD2's codes that are not BCP 47 primary subtags: its legacy ISO 639 codes.
static const char *
bcp47(const char *code)
{
	static const char *const legacy[][2] = {{"iw", "he"}, {"in", "id"}, {"ji", "yi"}, {"jw", "jv"}, {"mo", "ro"}};

	for (const auto &l : legacy)
		if (std::strcmp(code, l[0]) == 0)
			return l[1];
	return code;
}

extern "C" int
td_lang_detect(const char *text, size_t len, char code[8], double *confidence)
{
	code[0] = 0;
	*confidence = 0.0;
	if (len > TD_LANG_MAX_TEXT)
	{
		len = TD_LANG_MAX_TEXT;
		// do not cut a character: back up over continuation bytes
		while (len > 0 && (static_cast<unsigned char>(text[len]) & 0xC0) == 0x80)
			len--;
	}
	try
	{
		CLD2::Language lang3[3];
		int			percent3[3];
		double		score3[3];
		int			text_bytes = 0;
		int			valid_prefix = 0;
		bool		reliable = false;
		CLD2::Language lang =
			CLD2::ExtDetectLanguageSummaryCheckUTF8(text, static_cast<int>(len), true, nullptr, 0,
													lang3, percent3, score3, nullptr,
													&text_bytes, &reliable, &valid_prefix);

		if (!reliable || lang == CLD2::UNKNOWN_LANGUAGE || lang == CLD2::TG_UNKNOWN_LANGUAGE)
			return 0;
		const char *c = CLD2::LanguageCode(lang);
		size_t		n = 0;

		if (c == nullptr)
			return 0;
		c = bcp47(c);
		// the primary subtag: letters before the first '-' ("zh-Hant" -> "zh")
		while (c[n] >= 'a' && c[n] <= 'z' && n < 3)
			n++;
		if (n < 2 || (c[n] != 0 && c[n] != '-'))
			return 0;
		std::memcpy(code, c, n);
		code[n] = 0;
		*confidence = percent3[0] / 100.0;
		return 1;
	}
	catch (...)
	{
		code[0] = 0;
		return 0;
	}
}
