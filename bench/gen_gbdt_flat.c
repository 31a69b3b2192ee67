/*
 * gen_gbdt_flat.c — writes src/core/page/default_gbdt_flat.c, the built-in
 * trees (default_gbdt.c) in gbdt.h's flat form (td_gbdt_flatten), which
 * page level walks instead of the nodes: the same trees, the same margins,
 * 1.45x faster (bench/README.md, "Page-level speed, seventh session").
 * bench/gen_default_gbdt.sh runs it after writing default_gbdt.c; test_gbdt.c
 * fails when the two files disagree.
 *
 * build: make build/bench/gen_gbdt_flat
 * run:   build/bench/gen_gbdt_flat > src/core/page/default_gbdt_flat.c
 */
#include <stdio.h>
#include <stdlib.h>

#include "page/default_gbdt.h"
#include "page/gbdt.h"

int
main(void)
{
	const td_gbdt *m = td_default_gbdt();
	td_env		env;
	td_gbdt_flat_tree *trees;

	td_env_default(&env);
	trees = calloc(m->n_trees, sizeof(*trees));
	if (!trees || td_gbdt_flatten(&env, m, trees) != TD_OK)
	{
		fprintf(stderr, "gen_gbdt_flat: %s\n", trees ? env.errmsg : "out of memory");
		return 1;
	}
	printf("/*\n"
		   " * default_gbdt_flat.c — the built-in trees of default_gbdt.c in gbdt.h's flat\n"
		   " * form (td_default_gbdt_flat; default_gbdt.h), which page level walks.\n"
		   " * GENERATED from default_gbdt.c, do not edit: bench/gen_default_gbdt.sh\n"
		   " * runs, after writing default_gbdt.c,\n"
		   " *\n"
		   " *   make build/bench/gen_gbdt_flat\n"
		   " *   build/bench/gen_gbdt_flat > src/core/page/default_gbdt_flat.c\n"
		   " *\n"
		   " * (test_gbdt.c fails when the two files disagree.)\n"
		   " */\n"
		   "#include \"page/default_gbdt.h\"\n\n"
		   "static const td_gbdt_flat_tree trees[%u] = {\n", (unsigned) m->n_trees);
	for (uint32_t t = 0; t < m->n_trees; t++)
	{
		printf("\t{\n\t\t{");
		for (int k = 0; k < TD_GBDT_FLAT_INNER; k++)
			printf("%s%u", k ? ", " : "", (unsigned) trees[t].feature[k]);
		printf("},\n\t\t{");
		for (int k = 0; k < TD_GBDT_FLAT_INNER; k++)
			printf("%s%a", k ? ", " : "", (double) trees[t].threshold[k]);
		printf("},\n\t\t{");
		for (int k = 0; k <= TD_GBDT_FLAT_INNER; k++)
			printf("%s%a", k ? ", " : "", (double) trees[t].leaf[k]);
		printf("}\n\t}%s\n", t + 1 < m->n_trees ? "," : "");
	}
	printf("};\n\n"
		   "static const td_gbdt_flat flat = {\n"
		   "\t%u, %u, %u, %a, trees\n"
		   "};\n\n"
		   "const td_gbdt_flat *\n"
		   "td_default_gbdt_flat(void)\n"
		   "{\n"
		   "\treturn &flat;\n"
		   "}\n", (unsigned) m->n_features, (unsigned) m->n_trees, (unsigned) m->n_nodes, m->base);
	free(trees);
	return 0;
}
