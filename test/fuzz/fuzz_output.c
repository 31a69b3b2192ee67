/*
 * fuzz_output.c — libFuzzer target for the output renderers (output/): a
 * fuzzed page parsed, then written as safe HTML and as Markdown.
 *
 * Input: byte 0 the options: bit 0 links, bit 1 images (Markdown), bit 2 a
 * base URL, bits 3-4 the drop marks (none, every 3rd node, every 5th, every
 * element whose byte below is odd), bits 5-7 an allocation that fails (1-7:
 * the (n*3)th; 0: none); byte 1 the limits: max_nodes 64 << (bits 0-2),
 * max_depth 4, 16, 28 or 40 (bits 3-4), bit 5 the later copies of kept
 * blocks dropped too (td_drop_repeats, at 1 + bits 6-7 words, the
 * allocation of byte 0's bits failing there instead); the rest is the page (UTF-8).
 * Beyond the sanitizers, it aborts when:
 *   - td_drop_repeats fails otherwise than for memory, removes a drop, changes
 *     the marks when it fails, or drops a block without its subtree;
 *   - the safe HTML holds a tag or attribute it should not: every '<' opens
 *     a tag of the allowed list, every attribute is href, src, alt, colspan
 *     or rowspan with a quoted value, and no address (href, src) holds
 *     "javascript:" or "vbscript:" or starts with "data:" (any case), so no
 *     "<script", no " on..." event handler and no script URL get through;
 *   - the Markdown holds raw HTML (a '<' not escaped and not opening a link
 *     destination), or either output is not valid UTF-8 or not linear in the
 *     page (over 64 bytes a byte plus 4 kB).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/tree.h"
#include "output/markdown.h"
#include "output/safehtml.h"
#include "base/reason.h"
#include "page/repeats.h"

static long fail_at;
static long n_allocs;

static void *
f_alloc(void *arg, size_t size)
{
	(void) arg;
	if (fail_at >= 0 && n_allocs++ >= fail_at)
		return NULL;
	return malloc(size);
}

static void *
f_realloc(void *arg, void *p, size_t old_size, size_t new_size)
{
	(void) arg;
	(void) old_size;
	if (fail_at >= 0 && n_allocs++ >= fail_at)
		return NULL;
	return realloc(p, new_size);
}

#define CHECKER __attribute__((no_sanitize("coverage")))

#include <stdio.h>
#define require(cond) require_at((cond), __LINE__)
static void
require_at(int cond, int line)
{
	if (!cond)
	{
		fprintf(stderr, "fuzz_output: check at line %d failed\n", line);
		abort();
	}
}

CHECKER static int
valid_utf8(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len;)
	{
		unsigned char c = s[i];
		size_t		n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 :
			c >= 0xF0 && c <= 0xF4 ? 4 : 0;

		if (n == 0 || i + n > len)
			return 0;
		for (size_t k = 1; k < n; k++)
			if ((s[i + k] & 0xC0) != 0x80)
				return 0;
		i += n;
	}
	return 1;
}

static const char *const allowed_tags[] = {
	"h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "ul", "ol", "li", "dl", "dt", "dd", "table",
	"caption", "thead", "tbody", "tfoot", "tr", "th", "td", "pre", "code", "blockquote", "figure",
	"figcaption", "img", "a", "em", "strong", "b", "i", "sub", "sup", NULL
};
static const char *const allowed_attrs[] = {"href", "src", "alt", "colspan", "rowspan", NULL};

CHECKER static int
in_list(const char *const *list, const char *s, size_t n)
{
	for (; *list; list++)
		if (strlen(*list) == n && memcmp(*list, s, n) == 0)
			return 1;
	return 0;
}

CHECKER static int
has_ci(const char *s, size_t n, const char *needle)
{
	size_t		k = strlen(needle);

	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return 1;
	return 0;
}

/* Every tag allowed, every attribute allowed, no script URL in a value. */
CHECKER static void
check_safe_html(const char *s, size_t n)
{
	size_t		i = 0;

	while (i < n)
	{
		size_t		start;

		if (s[i++] != '<')
		{
			require(s[i - 1] != '>');	/* text escapes '>' too */
			continue;
		}
		if (i < n && s[i] == '/')
			i++;
		start = i;
		while (i < n && s[i] >= 'a' && s[i] <= 'z')
			i++;
		while (i < n && s[i] >= '1' && s[i] <= '6')
			i++;
		require(in_list(allowed_tags, s + start, i - start));
		while (i < n && s[i] == ' ')
		{
			size_t		name = ++i,
						value;

			while (i < n && s[i] >= 'a' && s[i] <= 'z')
				i++;
			require(in_list(allowed_attrs, s + name, i - name));
			require(i + 1 < n && s[i] == '=' && s[i + 1] == '"');
			i += 2;
			value = i;
			while (i < n && s[i] != '"')
			{
				require(s[i] != '<' && s[i] != '>');
				i++;
			}
			require(i < n);
			/* an address (href, src: not alt, which is text) */
			if (s[name] == 'h' || s[name] == 's')
				require(!has_ci(s + value, i - value, "javascript:") &&
						!has_ci(s + value, i - value, "vbscript:") &&
						!(i - value >= 5 && strncasecmp(s + value, "data:", 5) == 0));
			i++;
		}
		require(i < n && s[i] == '>');
		i++;
	}
}

/*
 * Whether s[k] is backslash-escaped: an odd run of backslashes before it,
 * from the line's start i on ("\\\\`" is an escaped backslash, then a
 * backtick that opens a code span).
 */
CHECKER static int
escaped(const char *s, size_t i, size_t k)
{
	size_t		run = 0;

	while (k - run > i && s[k - run - 1] == '\\')
		run++;
	return run % 2 == 1;
}

/*
 * No raw HTML: outside code (a fenced block, or after an unescaped backtick
 * on the line) a '<' is escaped ("\\<") or opens a link destination ("](<").
 */
CHECKER static void
check_markdown(const char *s, size_t n)
{
	int			fence = 0;
	size_t		i = 0;

	while (i < n)
	{
		size_t		end = i,
					k = i;
		int			tick = 0;

		while (end < n && s[end] != '\n')
			end++;
		/* a fence line: after the container prefixes ("> ", "- ", "1. ", blanks), ``` */
		while (k < end && (s[k] == ' ' || s[k] == '>' || s[k] == '-' || s[k] == '.' ||
						   (s[k] >= '0' && s[k] <= '9')))
			k++;
		{
			size_t		run = 0;

			while (k + run < end && s[k + run] == '`')
				run++;
			/* an opener's info string has no backtick: "```a``b```" is a code span */
			if (!fence && run >= 3 && memchr(s + k + run, '`', end - k - run) == NULL)
			{
				fence = (int) run;	/* opens: closed by a line of at least run backticks */
				i = end + 1;
				continue;
			}
			if (fence && run >= (size_t) fence && k + run == end)
			{
				fence = 0;
				i = end + 1;
				continue;
			}
		}
		if (!fence)
			for (k = i; k < end; k++)
			{
				if (s[k] == '`' && !escaped(s, i, k))
					tick = 1;
				if (s[k] == '<' && !tick)
					require(escaped(s, i, k) ||
							(k >= i + 2 && s[k - 1] == '(' && s[k - 2] == ']'));
			}
		i = end + 1;
	}
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	td_env		env;
	td_limits	limits;
	td_tree    *tree = NULL;
	uint8_t    *drop = NULL;
	td_buf		out;
	td_md_options o = {NULL, 0, 0, 0};
	const char *base = "http://a.example/b/c?d#e";
	int			mode;
	td_status	st;

	if (size < 2)
		return 0;
	td_env_default(&env);
	env.alloc = f_alloc;
	env.realloc = f_realloc;
	fail_at = -1;
	td_limits_default(&limits);
	limits.max_bytes = 1 << 20;
	limits.max_nodes = 64u << (data[1] & 7);
	limits.max_depth = 4 + 12 * ((data[1] >> 3) & 3);
	if (td_parse_html(&env, (const char *) data + 2, size - 2, "UTF-8", &limits, &tree) != TD_OK)
		return 0;
	mode = (data[0] >> 3) & 3;
	if (mode != 0)
	{
		drop = calloc(tree->n_nodes, 1);
		for (uint32_t i = 1; i < tree->n_nodes; i++)
			drop[i] = mode == 1 ? i % 3 == 0 : mode == 2 ? i % 5 == 0 :
				tree->nodes[i].kind == TD_ELEM && (data[2 + (i % (size - 2 ? size - 2 : 1)) % size] & 1);
	}
	if (data[1] & 0x20)
	{
		/* clean_text's last step (repeats.h): only adds drops, each a whole subtree */
		uint8_t    *before = calloc(tree->n_nodes, 1),
				   *reason = calloc(tree->n_nodes, 1);

		if (!drop)
			drop = calloc(tree->n_nodes, 1);
		memcpy(before, drop, tree->n_nodes);
		n_allocs = 0;
		fail_at = (data[0] >> 5) ? (long) (data[0] >> 5) : -1;
		st = td_drop_repeats(tree, 1 + (data[1] >> 6), TD_REPEAT_DEFAULT, drop, reason);
		fail_at = -1;
		require(st == TD_OK || st == TD_ENOMEM);
		for (uint32_t i = 0; i < tree->n_nodes; i++)
		{
			require(drop[i] >= before[i]);
			require(st == TD_OK || drop[i] == before[i]);
			if (reason[i] == TD_REASON_REPEAT)
				for (uint32_t j = i + 1; j < tree->nodes[i].end; j++)
					require(drop[j]);
		}
		free(before);
		free(reason);
	}
	o.links = data[0] & 1;
	o.images = (data[0] >> 1) & 1;
	if (data[0] & 4)
	{
		o.base = base;
		o.base_len = strlen(base);
	}
	n_allocs = 0;
	fail_at = (data[0] >> 5) ? (long) (data[0] >> 5) * 3 : -1;

	td_buf_init(&out, &env);
	st = td_render_safe_html(tree, drop, o.base, o.base_len, &out);
	require(st == TD_OK || st == TD_ENOMEM);
	if (st == TD_OK)
	{
		require(valid_utf8((const unsigned char *) out.data, out.len));
		require(out.len <= 64 * size + 4096);
		check_safe_html(out.data, out.len);
	}
	td_buf_free(&out);

	td_buf_init(&out, &env);
	st = td_render_markdown(tree, drop, &o, &out);
	require(st == TD_OK || st == TD_ENOMEM);
	if (st == TD_OK)
	{
		require(valid_utf8((const unsigned char *) out.data, out.len));
		require(out.len <= 64 * size + 4096);
		check_markdown(out.data, out.len);
	}
	td_buf_free(&out);
	fail_at = -1;
	free(drop);
	td_tree_free(tree);
	return 0;
}
