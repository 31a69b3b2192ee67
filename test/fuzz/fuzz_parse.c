/*
 * fuzz_parse.c — libFuzzer target for the page parser and the renderers.
 *
 * Input: fuzz_page_input.h (encoding, a failing allocation, limits, the
 * page).  Beyond what the sanitizers catch, the target aborts when a tree
 * breaks a promise of tree.h or an output is not valid UTF-8 or breaks the
 * text rule.  (That the tree parsed with media_attrs_only is the full one's
 * is fuzz_slim's check: a second parse per input halved this target's runs.)
 * td_sniff_markup sees the same bytes first: it must answer TD_OK or
 * TD_ENOTHTML with its message.
 */
#include <stdlib.h>
#include <string.h>

#include "site/fingerprint.h"
#include "base/render.h"
#include "base/nodeinfo.h"
#include "base/tags.h"
#include "base/tree.h"
#include "base/charset.h"
#include "base/markup.h"


/*
 * The target's own checks are not coverage-instrumented: their branches on
 * every byte would cost more than the code under test and guide nothing.
 */
#define CHECKER __attribute__((no_sanitize("coverage")))

#include "fuzz_common.h"
#include "fuzz_page_input.h"

CHECKER static void
check_tree(const td_tree *t, const td_limits *l)
{
	require(t->n_nodes >= 1 && t->n_nodes <= l->max_nodes);
	require(t->nodes[0].kind == TD_ROOT && t->nodes[0].end == t->n_nodes);
	require(valid_utf8((const unsigned char *) t->strings, t->n_strings));
	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *n = &t->nodes[i];
		const td_node *p = &t->nodes[n->parent];
		uint8_t		inherit = (p->flags & (TD_F_PRE | TD_F_INHIDDEN)) |
			((p->flags & TD_F_HIDDEN) ? TD_F_INHIDDEN : 0);
		uint32_t	next = i + 1;

		require(n->parent < i && n->end > i && n->end <= p->end);
		require(n->depth == p->depth + 1 && n->depth <= l->max_depth + 1);
		require(n->flags == (inherit | (n->kind == TD_ELEM ? td_tag_flags(n->tag) : 0)));
		require((size_t) n->str_off + n->str_len <= t->n_strings);
		/* tree.c drops the attributes of a start tag past the 1000th */
		require(n->attr_count <= 1000);
		require(n->kind != TD_TEXT || (n->end == i + 1 && n->str_len > 0));
		for (uint32_t c = n->first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
		{
			require(c == next && t->nodes[c].parent == i);
			next = t->nodes[c].end;
		}
		require(next == n->end);
	}
}

/* The text rule: no empty line, no blank at either end of a line. */
CHECKER static void
check_text(const td_buf *b)
{
	const char *s = b->data;

	if (b->len == 0)
		return;
	require(valid_utf8((const unsigned char *) s, b->len));
	require(s[0] != ' ' && s[0] != '\n' && s[b->len - 1] != ' ' && s[b->len - 1] != '\n');
	for (size_t i = 0; i + 1 < b->len; i++)
		require(!(s[i] == '\n' && (s[i + 1] == '\n' || s[i + 1] == ' ')) &&
				!(s[i] == ' ' && (s[i + 1] == '\n' || s[i + 1] == ' ')));
}

/*
 * The path and text of nodes a and b: a path starts at the root, a text
 * keeps the text rule, and td_nodeinfo's are the one-node functions'.  One
 * td_nodeinfo serves both nodes (building it renders the page's text and
 * every path: it was a tenth of a run when built for each node), and the
 * one-node outputs serve both checks.
 */
static void
check_nodes(const td_tree *t, td_env *env, uint32_t a, uint32_t b)
{
	td_nodeinfo ni;
	td_buf		want,
				got;
	uint32_t	length;
	int			have = td_nodeinfo_build(t, TD_NODEINFO_PATHS | TD_NODEINFO_TEXT, &ni) == TD_OK;

	td_buf_init(&want, env);
	td_buf_init(&got, env);
	for (int k = 0; k < 2; k++)
	{
		uint32_t	i = k ? b : a;

		want.len = got.len = 0;
		if (td_node_path(t, i, &want) == TD_OK)
		{
			require(want.len > 0 && want.data[0] == '/');
			if (have && td_nodeinfo_path(&ni, i, TD_PATH_ALL_STEPS, &got) == TD_OK)
				require(want.len == got.len && memcmp(want.data, got.data, want.len) == 0);
		}
		want.len = got.len = 0;
		if (td_render_node_text(t, i, NULL, &want) == TD_OK)
		{
			check_text(&want);
			if (have && td_nodeinfo_text(&ni, i, UINT32_MAX, &got, &length) == TD_OK)
				require(want.len == got.len && (want.len == 0 || memcmp(want.data, got.data, want.len) == 0));
		}
	}
	td_nodeinfo_free(&ni);
	td_buf_free(&want);
	td_buf_free(&got);
}

static void
exercise(const td_tree *t, td_env *env)
{
	uint32_t   *len = malloc(sizeof(uint32_t) * t->n_nodes);
	uint8_t    *drop = calloc(t->n_nodes, 1);
	td_buf		b;
	uint32_t	last = t->n_nodes - 1;

	require(len != NULL && drop != NULL);
	td_visible_lengths(t, len);
	for (uint32_t i = 0; i < t->n_nodes; i++)
		drop[i] = (len[i] % 3) == 1;
	td_buf_init(&b, env);
	if (td_render_text(t, NULL, &b) == TD_OK)
		check_text(&b);
	b.len = 0;
	if (td_render_text(t, drop, &b) == TD_OK)
		check_text(&b);
	b.len = 0;
	if (td_render_html(t, drop, &b) == TD_OK)
		require(valid_utf8((const unsigned char *) b.data, b.len));
	b.len = 0;
	if (td_render_explain(t, drop, NULL, &b) == TD_OK)	/* drop's 0/1 as reasons */
		require(valid_utf8((const unsigned char *) b.data, b.len));
	check_nodes(t, env, last / 2, last);
	td_buf_free(&b);
	free(len);
	free(drop);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	td_env		env;
	fuzz_page	in;
	td_tree    *tree = NULL;
	td_status	st;

	if (!fuzz_page_read(data, size, &in))
		return 0;
	fuzz_env(&env, in.fail_at);

	st = td_sniff_markup(&env, in.page, in.len, in.enc);
	require(st == TD_OK || (st == TD_ENOTHTML && strncmp(env.errmsg, "input is not HTML: ", 19) == 0));

	st = td_parse_html(&env, in.page, in.len, in.enc, &in.limits, &tree);
	require((st == TD_OK) == (tree != NULL));
	require(st == TD_OK || st == TD_ENOMEM || st == TD_ELIMIT);
	if (st != TD_OK)
		return 0;
	check_tree(tree, &in.limits);
	fail_at = -1;
	exercise(tree, &env);
	td_tree_free(tree);
	return 0;
}
