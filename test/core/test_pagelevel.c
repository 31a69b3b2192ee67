/*
 * test_pagelevel.c — page-level detection (pagelevel.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pagelevel.h"
#include "tree.h"

static td_env env;

static td_tree *
parse(const char *html)
{
	td_tree    *t = NULL;
	td_limits	lim;

	td_limits_default(&lim);
	CHECK(td_parse_html(&env, html, strlen(html), "UTF-8", &lim, &t) == TD_OK, "parse: %s", env.errmsg);
	return t;
}

static void
test_default_model(void)
{
	td_tree    *t = parse("<html><body><nav><a href=/>Home</a> <a href=/a>About us</a></nav>"
						  "<p>An article of some length with sentences. It says things.</p></body></html>");
	td_page_opts o;
	td_page_marks m;
	int			ok = 1;

	CHECK(td_default_model() != NULL, "default model");
	td_page_opts_default(&o);
	CHECK(td_page_level(t, NULL, &o, &m) == TD_OK, "page level: %s", env.errmsg);
	for (uint32_t i = 0; i < m.n_nodes; i++)
		if (t->nodes[i].kind != TD_TEXT)
			ok &= m.smooth[i] >= 0 && m.smooth[i] <= 1;
	CHECK(ok, "smoothed scores in [0, 1]");
	td_page_marks_free(t, &m);
	td_tree_free(t);
}

int
main(void)
{
	td_env_default(&env);
	test_default_model();
	return check_done("test_pagelevel");
}
