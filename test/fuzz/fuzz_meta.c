/*
 * fuzz_meta.c — libFuzzer target for the whole metadata extraction
 * (meta/metadata.h) over random HTML: the page parser, JSON-LD, microdata,
 * <meta>, bylines, dates, title rules, URL resolution and CLD2.
 *
 * Input: byte 0's bit 0 passes a base URL (https://fuzz.example/dir/page),
 * bit 1 runs language detection, bit 2 runs it even on a declared language
 * (force_detect), bit 3 asks for the title's candidates (title_candidates:
 * at most 64 lines, each a text, a tab and TD_TITLE_NF values), bits 4-7
 * make an allocation fail (times
 * 5; 0 for none); the rest is the page (UTF-8).  td_page_metadata never
 * crashes and returns TD_OK, or TD_ENOMEM on a failed allocation with
 * everything freed; its output is valid UTF-8 and one JSON object that
 * the JSON-LD reader reads back, with only the keys metadata.h names.
 * Seeds (test/fuzz/fuzz-meta/): pages with JSON-LD, microdata, Open Graph,
 * bylines, titles with site names, a title of many parts and headings
 * (title-candidates).
 */
#include <stdlib.h>
#include <string.h>

#include "base/tree.h"
#include "util/jsonld.h"
#include "meta/metadata.h"
#include "meta/title_model.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#include "fuzz_common.h"

CHECKER static int
known_key(const char *k, size_t n)
{
	static const char *const keys[] = {"title", "authors", "published", "modified",
		"description", "site_name", "canonical_url", "language", "language_confidence",
		"language_source", "image", "keywords", "types", NULL};

	for (int i = 0; keys[i]; i++)
		if (strlen(keys[i]) == n && memcmp(keys[i], k, n) == 0)
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char base[] = "https://fuzz.example/dir/page";
	td_env		env;
	td_tree    *tree = NULL;
	td_buf		out,
				cand;
	td_meta_options opt = {0};
	td_limits	lim;
	td_status	st;

	if (size < 1)
		return 0;
	td_env_default(&env);
	td_limits_default(&lim);
	lim.max_nodes = 4096;
	if (td_parse_html(&env, (const char *) data + 1, size - 1, "UTF-8", &lim, &tree) != TD_OK)
		return 0;
	if (data[0] & 1)
	{
		opt.base_url = base;
		opt.base_len = sizeof(base) - 1;
	}
	opt.detect_language = (data[0] & 2) != 0;
	opt.force_detect = (data[0] & 4) != 0;
	fail_at = (data[0] >> 4) ? (long) (data[0] >> 4) * 5 : -1;
	n_allocs = 0;
	env.alloc = f_alloc;
	env.realloc = f_realloc;
	env.free = f_free;
	td_buf_init(&out, &env);
	td_buf_init(&cand, &env);
	if (data[0] & 8)
		opt.title_candidates = &cand;
	st = td_page_metadata(tree, &opt, &out);
	require(st == TD_OK || (st == TD_ENOMEM && fail_at >= 0));
	fail_at = -1;
	if (st == TD_OK)
	{
		td_json		j;

		require(valid_utf8((const unsigned char *) out.data, out.len));
		require(td_json_parse(&env, out.data, out.len, 0, &j) == TD_OK);
		require(j.vals[0].type == TD_JSON_OBJECT);
		for (uint32_t k = td_json_first(&j, 0); k != UINT32_MAX; k = td_json_next(&j, k))
			require(known_key(j.pool + j.vals[k].key_off, j.vals[k].key_len));
		td_json_free(&j);
		/* the candidates: one line each, a text without tab or newline, then the values */
		{
			size_t		lines = 0;

			for (size_t a = 0, b; a < cand.len; a = b + 1, lines++)
			{
				size_t		tabs = 0,
							spaces = 0,
							tab = 0;

				for (b = a; b < cand.len && cand.data[b] != '\n'; b++)
					if (cand.data[b] == '\t')
						tabs++, tab = b;
				require(b < cand.len && tabs == 1 && tab > a);
				for (size_t k = tab; k < b; k++)
					spaces += cand.data[k] == ' ';
				require(spaces == TD_TITLE_NF - 1);
			}
			require(lines <= 64);
		}
	}
	td_buf_free(&cand);
	td_buf_free(&out);
	td_tree_free(tree);
	return 0;
}
