/*
 * fuzz_links.c — libFuzzer target for the URL parser and the link
 * extractor: the first line is a base URL, the second an href resolved
 * against it, the rest a page whose links are extracted and ordered.
 * Besides the sanitizers, it aborts when a result breaks what url.h and
 * links.h promise: a resolved URL is a fixed point of normalisation,
 * splits, has no fragment, no byte that must be encoded and no dot segment;
 * every ordered link is a distinct extracted URL.
 */
#include <stdlib.h>
#include <string.h>

#include "menu/links.h"
#include "util/url.h"

int			LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
check_url(td_env *env, const char *u, size_t n)
{
	td_buf		again;
	td_url_parts p;
	size_t		path_off,
				path_end;

	if (n == 0 || n > TD_URL_MAX_LEN || memchr(u, '#', n) != NULL)
		abort();
	td_url_split(u, n, &p);
	if (td_url_web_scheme(&p) == 0 || !p.authority.defined || p.authority.n == 0 ||
		p.path.n == 0 || p.path.p[0] != '/' || p.fragment.defined)
		abort();
	for (size_t k = 0; k < n; k++)
		if ((unsigned char) u[k] <= 0x20 || (unsigned char) u[k] >= 0x7f)
			abort();
	path_off = (size_t) (p.path.p - u);
	path_end = path_off + p.path.n;
	for (size_t k = path_off; k + 2 < path_end + 1; k++)
		if (u[k] == '/' && u[k + 1] == '.' && (k + 2 == path_end || u[k + 2] == '/'))
			abort();
	td_buf_init(&again, env);
	if (td_url_resolve(env, NULL, 0, u, n, &again) != TD_OK || again.len != n ||
		memcmp(again.data, u, n) != 0)
		abort();
	td_buf_free(&again);
	(void) td_url_hdistance(u, n, u, n);
	if (td_url_hdistance(u, n, u, n) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const char *s = (const char *) data;
	const char *nl1 = memchr(s, '\n', size);
	const char *nl2;
	const char *base,
			   *ref,
			   *html;
	size_t		base_len,
				ref_len,
				html_len;
	td_env		env;
	td_buf		out;
	td_status	st;
	td_tree    *tree = NULL;
	td_links	links;

	if (nl1 == NULL)
		return 0;
	nl2 = memchr(nl1 + 1, '\n', size - (size_t) (nl1 + 1 - s));
	if (nl2 == NULL)
		return 0;
	base = s;
	base_len = (size_t) (nl1 - s);
	ref = nl1 + 1;
	ref_len = (size_t) (nl2 - ref);
	html = nl2 + 1;
	html_len = size - (size_t) (html - s);
	td_env_default(&env);

	td_buf_init(&out, &env);
	st = td_url_resolve(&env, base, base_len, ref, ref_len, &out);
	if (st == TD_OK)
		check_url(&env, out.data, out.len);
	else if (st != TD_EARG || out.len != 0)
		abort();
	td_buf_free(&out);

	if (td_parse_html(&env, html, html_len, "UTF-8", NULL, &tree) != TD_OK)
		return 0;
	td_links_init(&links, &env);
	st = td_links_extract(tree, base, base_len, (unsigned) html_len & 3, &links);
	if (st == TD_OK)
	{
		for (uint32_t i = 0; i < links.n; i++)
			check_url(&env, td_link_url(&links, i), links.v[i].url_len);
		if (td_links_order(tree, &links, base, base_len) != TD_OK || links.n_order > links.n)
			abort();
		for (uint32_t i = 0; i < links.n_order; i++)
			for (uint32_t j = i + 1; j < links.n_order && j < i + 64; j++)
				if (links.order[i] == links.order[j])
					abort();
	}
	else if (st != TD_EARG)
		abort();
	td_links_free(&links);
	td_tree_free(tree);
	return 0;
}
