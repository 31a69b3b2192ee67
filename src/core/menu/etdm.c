/*
 * etdm.c — equality probability (seed 003 Def. 3.2.2), exact top-down
 * mapping (Def. 3.3.1) and t-of-n votes (§3.1, §5.2.2).  See etdm.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "menu/etdm.h"
#include "base/hash.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "util/sort.h"

#define SEED_NAME	0x4554444d4e414d45ULL	/* "ETDMNAME" */
#define SEED_TEXT	0x4554444d54455854ULL	/* "ETDMTEXT" */
#define SEED_SET	0x4554444d53455453ULL	/* "ETDMSETS" */
#define ROOT_NAME	1
#define POLL_EVERY	65536		/* nodes between two polls of env->interrupted */

void
td_etdm_params_default(td_etdm_params *p)
{
	p->w_classes = TD_ETDM_W_CLASSES;
	p->w_position = TD_ETDM_W_POSITION;
	p->w_attributes = TD_ETDM_W_ATTRIBUTES;
	p->w_children = TD_ETDM_W_CHILDREN;
	p->not_classes = TD_ETDM_NOT_CLASSES;
	p->not_attributes = TD_ETDM_NOT_ATTRIBUTES;
	p->not_children = TD_ETDM_NOT_CHILDREN;
	p->similarity_threshold = TD_ETDM_SIMILARITY;
	p->activate_position = 1;
	p->compare_text = 1;
}

static int
in_unit(double v)
{
	return v >= 0.0 && v <= 1.0;	/* false for NaN */
}

td_status
td_etdm_check_params(td_env *env, const td_etdm_params *p)
{
	const struct
	{
		const char *name;
		double		v;
	}			unit[] = {
		{"w_classes", p->w_classes}, {"w_position", p->w_position},
		{"w_attributes", p->w_attributes}, {"w_children", p->w_children},
		{"not_classes", p->not_classes}, {"not_attributes", p->not_attributes},
		{"not_children", p->not_children}, {"similarity_threshold", p->similarity_threshold},
	};
	double		sum = p->w_classes + p->w_position + p->w_attributes + p->w_children;
	size_t		k;

	for (k = 0; k < sizeof(unit) / sizeof(unit[0]); k++)
		if (!in_unit(unit[k].v))
			return td_fail(env, TD_EARG, "%s must be in [0, 1], got %g", unit[k].name, unit[k].v);
	/* a probability: the weighted sum must stay in [0, 1] and reach 1 */
	if (fabs(sum - 1.0) > 1e-9)
		return td_fail(env, TD_EARG,
					   "w_classes + w_position + w_attributes + w_children must be 1, got %g", sum);
	return TD_OK;
}

/* ---- node attributes (Def. 3.2.1) ---------------------------------------- */

static td_status
push_set(td_etdm_page *pg, td_env *env, uint64_t h)
{
	if (pg->n_sets >= UINT32_MAX)
		return td_fail(env, TD_ELIMIT, "too many classes and attributes on one page");
	if (td_grow(env, (void **) &pg->sets, &pg->cap_sets, pg->n_sets + 1, sizeof(uint64_t)) != TD_OK)
		return TD_ENOMEM;
	pg->sets[pg->n_sets++] = h;
	return TD_OK;
}

/* The next word of s[*pos..len) (runs of non-space), its length in *wlen; NULL at the end. */
static const char *
next_word(const char *s, size_t len, size_t *pos, size_t *wlen)
{
	size_t		a = *pos,
				b;

	while (a < len && td_is_html_space(s[a]))
		a++;
	for (b = a; b < len && !td_is_html_space(s[b]); b++)
		;
	*pos = b;
	*wlen = b - a;
	return b > a ? s + a : NULL;
}

/* The words of s (white space folded), hashed in order. */
static uint64_t
hash_words(const char *s, size_t len, uint64_t h)
{
	size_t		pos = 0,
				wlen;
	const char *w;

	while ((w = next_word(s, len, &pos, &wlen)) != NULL)
		h = td_hash_mix(h, td_hash64(w, wlen, SEED_SET));
	return h;
}

static td_status
element_attributes(td_etdm_page *pg, uint32_t i)
{
	const td_tree *t = pg->tree;
	td_env	   *env = t->env;
	const td_node *n = &t->nodes[i];
	td_etdm_node *e = &pg->nodes[i];
	const char *classes = NULL;
	size_t		classes_len = 0;
	uint32_t	k,
				start;
	td_status	st;
	int			seen_class = 0,
				seen_id = 0;

	e->name = td_hash64(td_node_str(t, i), n->str_len, SEED_NAME);
	for (k = 0; k < n->attr_count; k++)
	{
		const td_attr *a = &t->attrs[n->attr_first + k];
		const char *name = t->strings + a->name_off;

		if (a->name_len == 5 && memcmp(name, "class", 5) == 0)
		{
			if (!seen_class)
				classes = t->strings + a->value_off, classes_len = a->value_len;
			seen_class = 1;
		}
		else if (a->name_len == 2 && memcmp(name, "id", 2) == 0)
		{
			/* an empty id is no id: "" = "" would make any two such nodes equal */
			if (!seen_id && a->value_len > 0)
				e->id = td_hash64(t->strings + a->value_off, a->value_len, SEED_NAME) | 1;
			seen_id = 1;
		}
	}

	e->sets = (uint32_t) pg->n_sets;
	if (classes)
	{
		size_t		pos = 0,
					wlen;
		const char *w;

		while ((w = next_word(classes, classes_len, &pos, &wlen)) != NULL)
			if ((st = push_set(pg, env, td_hash64(w, wlen, SEED_SET))) != TD_OK)
				return st;
	}
	e->n_classes = (uint32_t) td_sort_distinct(pg->sets + e->sets, pg->n_sets - e->sets);
	pg->n_sets = e->sets + e->n_classes;

	start = (uint32_t) pg->n_sets;
	for (k = 0; k < n->attr_count; k++)
	{
		const td_attr *a = &t->attrs[n->attr_first + k];
		const char *name = t->strings + a->name_off;

		if ((a->name_len == 5 && memcmp(name, "class", 5) == 0) ||
			(a->name_len == 2 && memcmp(name, "id", 2) == 0))
			continue;
		if ((st = push_set(pg, env, td_hash64(name, a->name_len, SEED_SET))) != TD_OK)
			return st;
	}
	e->n_attrs = (uint32_t) td_sort_distinct(pg->sets + start, pg->n_sets - start);
	pg->n_sets = start + e->n_attrs;
	return TD_OK;
}

void
td_etdm_page_free(td_etdm_page *pg)
{
	if (pg->tree)
	{
		td_free(pg->tree->env, pg->nodes);
		td_free(pg->tree->env, pg->sets);
	}
	memset(pg, 0, sizeof(*pg));
}

td_status
td_etdm_page_build(const td_tree *t, const td_etdm_params *p, td_etdm_page *pg)
{
	td_env	   *env = t->env;
	uint64_t	text_name = td_hash64("#text", 5, SEED_NAME);
	td_status	st;
	uint32_t	i;

	memset(pg, 0, sizeof(*pg));
	pg->tree = t;
	pg->nodes = td_alloc(env, (size_t) t->n_nodes * sizeof(td_etdm_node));
	/* never NULL, so that sets + offset is always defined */
	if (pg->nodes && td_grow(env, (void **) &pg->sets, &pg->cap_sets, 16, sizeof(uint64_t)) != TD_OK)
	{
		td_etdm_page_free(pg);
		return TD_ENOMEM;
	}
	if (!pg->nodes)
	{
		td_etdm_page_free(pg);
		return td_fail(env, TD_ENOMEM, "out of memory for %u node attributes", t->n_nodes);
	}
	memset(pg->nodes, 0, (size_t) t->n_nodes * sizeof(td_etdm_node));
	for (i = 0; i < t->n_nodes; i++)
	{
		const td_node *n = &t->nodes[i];
		td_etdm_node *e = &pg->nodes[i];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			td_etdm_page_free(pg);
			return td_fail(env, TD_EINTR, "interrupted");
		}
		if (n->parent != TD_NONE)
			e->index = pg->nodes[n->parent].n_children++;
		if (n->kind == TD_ROOT)
			e->name = ROOT_NAME;
		else if (n->kind == TD_TEXT)
			e->name = p->compare_text ?
				hash_words(td_node_str(t, i), n->str_len, SEED_TEXT) : text_name;
		else if ((st = element_attributes(pg, i)) != TD_OK)
		{
			td_etdm_page_free(pg);
			return st;
		}
	}
	/* children follow their parent in preorder: a reverse loop sees them first */
	for (i = t->n_nodes; i-- > 0;)
	{
		uint64_t	h = pg->nodes[i].name;
		uint32_t	c;

		for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
			h = td_hash_mix(h, pg->nodes[c].subtree);
		pg->nodes[i].subtree = h;
	}
	return TD_OK;
}

/* ---- equality probability (Def. 3.2.2) ----------------------------------- */

static double
jaccard(const uint64_t *a, uint32_t na, const uint64_t *b, uint32_t nb, double none)
{
	uint32_t	i = 0,
				j = 0,
				common = 0;

	if (na == 0 && nb == 0)
		return none;
	while (i < na && j < nb)
	{
		if (a[i] == b[j])
			common++, i++, j++;
		else if (a[i] < b[j])
			i++;
		else
			j++;
	}
	return (double) common / (double) (na + nb - common);
}

/* P_p: c, c' children of the parents; i, i' from the left; j, j' from the right. */
static double
position(const td_etdm_page *a, uint32_t x, const td_etdm_page *b, uint32_t y)
{
	uint32_t	px = a->tree->nodes[x].parent,
				py = b->tree->nodes[y].parent;
	double		c = px == TD_NONE ? 1 : a->nodes[px].n_children;
	double		c2 = py == TD_NONE ? 1 : b->nodes[py].n_children;
	double		i = a->nodes[x].index,
				i2 = b->nodes[y].index;
	double		j = c - 1 - i,
				j2 = c2 - 1 - i2;
	double		cmin = c < c2 ? c : c2;
	double		d;

	if (c2 == c)
		d = fabs(i - i2);
	else if (c2 > c)
		d = fmax(0.0, fmax(i - i2, j - j2));
	else
		d = fmax(0.0, fmax(i2 - i, j2 - j));
	return 1.0 - d / cmin;
}

double
td_etdm_equality(const td_etdm_page *a, uint32_t x, const td_etdm_page *b, uint32_t y,
				 const td_etdm_params *p)
{
	const td_etdm_node *n1 = &a->nodes[x],
			   *n2 = &b->nodes[y];
	double		pc,
				pa,
				pch;

	if (n1->name != n2->name)
		return 0.0;
	if (n1->id != 0 && n1->id == n2->id)
		return 1.0;
	pc = jaccard(a->sets + n1->sets, n1->n_classes, b->sets + n2->sets, n2->n_classes,
				 p->not_classes);
	pa = jaccard(a->sets + n1->sets + n1->n_classes, n1->n_attrs,
				 b->sets + n2->sets + n2->n_classes, n2->n_attrs, p->not_attributes);
	if (n1->n_children == 0 && n2->n_children == 0)
		pch = p->not_children;
	else
		pch = (double) (n1->n_children < n2->n_children ? n1->n_children : n2->n_children) /
			(double) (n1->n_children > n2->n_children ? n1->n_children : n2->n_children);
	return p->w_classes * pc + p->w_attributes * pa + p->w_children * pch +
		p->w_position * position(a, x, b, y);
}

/* ---- exact top-down mapping (Def. 3.3.1) --------------------------------- */

/*
 * A candidate pair and its rank as one integer, sorted ascending: the
 * probability descending (to 40 bits: equal below 1e-12 counts as a tie),
 * then Definition 3.3.1's ties, which it leaves open: identical subtrees
 * first (a list shifted by one item then maps item to item, not place to
 * place), then the pair nearest the proportional diagonal (to 23 bits);
 * the sort is stable and pairs are made row by row, so then the leftmost.
 */
typedef struct cell
{
	uint64_t	key;
	uint32_t	r,
				c;				/* positions among the two sibling lists */
} cell;

#define P_BITS		40
#define SKEW_BITS	23

static uint64_t
cell_key(double p, int differ, uint32_t r, uint32_t c, uint32_t c1, uint32_t c2)
{
	const uint64_t pmax = (UINT64_C(1) << P_BITS) - 1;
	uint64_t	a = (uint64_t) r * c2,
				b = (uint64_t) c * c1;
	double		skew = (double) (a > b ? a - b : b - a) / ((double) c1 * c2);
	uint64_t	q = (uint64_t) (p * (double) pmax + 0.5);
	uint64_t	s = (uint64_t) (skew * (double) ((UINT64_C(1) << SKEW_BITS) - 1));

	return (pmax - (q > pmax ? pmax : q)) << (SKEW_BITS + 1) |
		(uint64_t) (differ != 0) << SKEW_BITS | s;
}

/* LSD radix sort by key, stable; tmp holds n cells.  Bytes all alike are skipped. */
static void
sort_cells(cell *v, cell *tmp, size_t n)
{
	cell	   *from = v,
			   *to = tmp;
	int			shift;

	for (shift = 0; shift < 64; shift += 8)
	{
		size_t		count[257] = {0},
					i;
		cell	   *swap;

		for (i = 0; i < n; i++)
			count[((from[i].key >> shift) & 0xff) + 1]++;
		for (i = 0; i < 256 && count[i + 1] != n; i++)
			;
		if (i < 256)
			continue;
		for (i = 1; i < 257; i++)
			count[i] += count[i - 1];
		for (i = 0; i < n; i++)
			to[count[(from[i].key >> shift) & 0xff]++] = from[i];
		swap = from, from = to, to = swap;
	}
	if (from != v)
		memcpy(v, from, n * sizeof(cell));
}

typedef struct mapper
{
	td_env	   *env;
	const td_etdm_page *key,
			   *peer;
	const td_etdm_params *p;
	uint32_t   *stack,
			   *rows,
			   *cols,
			   *fen,			/* Fenwick tree over rows: which rows are mapped */
			   *row_col;		/* the column a mapped row took, TD_NONE otherwise */
	uint8_t    *col_used;
	cell	   *cells,
			   *sorted;			/* the radix sort's other buffer */
	size_t		n_cells,
				cap_cells,
				cap_sorted;
	uint64_t	work;
} mapper;

static void
fen_add(uint32_t *fen, uint32_t n, uint32_t r)
{
	for (r++; r <= n; r += r & (0u - r))
		fen[r]++;
}

/* Mapped rows in [0, r). */
static uint32_t
fen_prefix(const uint32_t *fen, uint32_t r)
{
	uint32_t	s = 0;

	for (; r > 0; r -= r & (0u - r))
		s += fen[r];
	return s;
}

/* The k-th (1-based) mapped row. */
static uint32_t
fen_find(const uint32_t *fen, uint32_t n, uint32_t k)
{
	uint32_t	pos = 0,
				step = 1;

	while (step * 2 <= n)
		step *= 2;
	for (; step > 0; step /= 2)
		if (pos + step <= n && fen[pos + step] < k)
		{
			pos += step;
			k -= fen[pos];
		}
	return pos;					/* 0-based row = 1-based index pos + 1, minus 1 */
}

/*
 * With activatePosition, a pair (r, c) fits when it falls strictly between
 * the mapped rows around r: taking pairs in descending probability this
 * way gives Definition 3.3.1's best pair of every before/after set.
 */
static int
fits_in_order(mapper *m, uint32_t c1, uint32_t mapped, uint32_t r, uint32_t c)
{
	uint32_t	below = fen_prefix(m->fen, r);

	if (below > 0 && m->row_col[fen_find(m->fen, c1, below)] >= c)
		return 0;
	if (below < mapped && m->row_col[fen_find(m->fen, c1, below + 1)] <= c)
		return 0;
	return 1;
}

static td_status
add_cell(mapper *m, double p, uint32_t r, uint32_t c, uint32_t c1, uint32_t c2)
{
	cell	   *x;

	if (td_grow(m->env, (void **) &m->cells, &m->cap_cells, m->n_cells + 1, sizeof(cell)) != TD_OK)
		return TD_ENOMEM;
	x = &m->cells[m->n_cells++];
	x->key = cell_key(p, m->key->nodes[m->rows[r]].subtree != m->peer->nodes[m->cols[c]].subtree,
					  r, c, c1, c2);
	x->r = r;
	x->c = c;
	return TD_OK;
}

/* Maps the children of key node k onto the children of peer node q. */
static td_status
map_children(mapper *m, uint32_t k, uint32_t q, uint32_t *match, uint32_t *top)
{
	const td_tree *kt = m->key->tree,
			   *pt = m->peer->tree;
	uint32_t	c1 = 0,
				c2 = 0,
				r,
				c,
				band,
				mapped = 0;
	int			full;
	size_t		x;
	td_status	st;

	for (r = kt->nodes[k].first_child; r != TD_NONE; r = kt->nodes[r].next_sibling)
		m->rows[c1++] = r;
	for (c = pt->nodes[q].first_child; c != TD_NONE; c = pt->nodes[c].next_sibling)
		m->cols[c2++] = c;
	if (c1 == 0 || c2 == 0)
		return TD_OK;

	/*
	 * All pairs when one list is short; otherwise a band around the
	 * proportional diagonal, narrowed so a list never has more than
	 * TD_ETDM_MAX_CELLS candidate pairs.
	 */
	full = (c1 <= 2 * TD_ETDM_BAND + 1 || c2 <= 2 * TD_ETDM_BAND + 1) &&
		(uint64_t) c1 * c2 <= TD_ETDM_MAX_CELLS;
	band = TD_ETDM_BAND;
	if ((uint64_t) c1 * (2 * band + 1) > TD_ETDM_MAX_CELLS)
		band = TD_ETDM_MAX_CELLS / 2 / c1;
	m->n_cells = 0;
	for (r = 0; r < c1; r++)
	{
		uint32_t	lo = 0,
					hi = c2;

		if (!full)
		{
			uint32_t	mid = c1 == 1 ? (c2 - 1) / 2 :
				(uint32_t) (((uint64_t) r * (c2 - 1) + (c1 - 1) / 2) / (c1 - 1));

			lo = mid > band ? mid - band : 0;
			hi = mid + band + 1 < c2 ? mid + band + 1 : c2;
		}
		m->work += hi - lo;
		if (m->work > 0xffff)
		{
			m->work = 0;
			if (td_interrupted(m->env))
				return td_fail(m->env, TD_EINTR, "interrupted");
		}
		for (c = lo; c < hi; c++)
		{
			double		p = td_etdm_equality(m->key, m->rows[r], m->peer, m->cols[c], m->p);

			if (p > 0.0 && p >= m->p->similarity_threshold &&
				(st = add_cell(m, p, r, c, c1, c2)) != TD_OK)
				return st;
		}
	}
	if (m->n_cells == 0)
		return TD_OK;
	if (td_grow(m->env, (void **) &m->sorted, &m->cap_sorted, m->n_cells, sizeof(cell)) != TD_OK)
		return TD_ENOMEM;
	sort_cells(m->cells, m->sorted, m->n_cells);

	memset(m->fen, 0, ((size_t) c1 + 1) * sizeof(uint32_t));
	memset(m->col_used, 0, c2);
	for (r = 0; r < c1; r++)
		m->row_col[r] = TD_NONE;
	for (x = 0; x < m->n_cells && mapped < c1 && mapped < c2; x++)
	{
		r = m->cells[x].r;
		c = m->cells[x].c;
		if (m->row_col[r] != TD_NONE || m->col_used[c])
			continue;
		if (m->p->activate_position && !fits_in_order(m, c1, mapped, r, c))
			continue;
		m->row_col[r] = c;
		m->col_used[c] = 1;
		fen_add(m->fen, c1, r);
		mapped++;
		match[m->rows[r]] = m->cols[c];
		m->stack[(*top)++] = m->rows[r];
	}
	return TD_OK;
}

td_status
td_etdm_map(const td_etdm_page *key, const td_etdm_page *peer, const td_etdm_params *p,
			uint32_t *match)
{
	td_env	   *env = key->tree->env;
	uint32_t	n1 = key->tree->n_nodes,
				n2 = peer->tree->n_nodes;
	mapper		m;
	uint32_t	top = 0,
				i;
	td_status	st = TD_OK;

	memset(&m, 0, sizeof(m));
	m.env = env;
	m.key = key;
	m.peer = peer;
	m.p = p;
	for (i = 0; i < n1; i++)
		match[i] = TD_NONE;
	if (n1 == 0 || n2 == 0)
		return TD_OK;
	m.stack = td_alloc(env, (size_t) n1 * sizeof(uint32_t));
	m.rows = td_alloc(env, (size_t) n1 * sizeof(uint32_t));
	m.cols = td_alloc(env, (size_t) n2 * sizeof(uint32_t));
	m.fen = td_alloc(env, ((size_t) n1 + 1) * sizeof(uint32_t));
	m.row_col = td_alloc(env, (size_t) n1 * sizeof(uint32_t));
	m.col_used = td_alloc(env, n2);
	if (!m.stack || !m.rows || !m.cols || !m.fen || !m.row_col || !m.col_used)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory mapping %u onto %u nodes", n1, n2);
		goto done;
	}

	/* Algorithm 3: root(p_k) ≜ root(p) — both are documents */
	match[0] = 0;
	m.stack[top++] = 0;
	while (top > 0)
	{
		uint32_t	k = m.stack[--top];

		if ((st = map_children(&m, k, match[k], match, &top)) != TD_OK)
			break;
	}

done:
	td_free(env, m.stack);
	td_free(env, m.rows);
	td_free(env, m.cols);
	td_free(env, m.fen);
	td_free(env, m.row_col);
	td_free(env, m.col_used);
	td_free(env, m.cells);
	td_free(env, m.sorted);
	if (st != TD_OK)
		for (i = 0; i < n1; i++)
			match[i] = TD_NONE;
	return st;
}

/* ---- t-of-n votes (§3.1, §5.2.2) ----------------------------------------- */

void
td_etdm_free(td_etdm *e)
{
	const td_tree *t = e->key.tree;

	if (t)
	{
		td_free(t->env, e->match);
		td_free(t->env, e->votes);
	}
	td_etdm_page_free(&e->key);
	memset(e, 0, sizeof(*e));
}

td_status
td_etdm_init(td_etdm *e, const td_tree *key, const td_etdm_params *p)
{
	td_env	   *env = key->env;
	td_status	st;

	memset(e, 0, sizeof(*e));
	if ((st = td_etdm_check_params(env, p)) != TD_OK)
		return st;
	e->params = *p;
	if ((st = td_etdm_page_build(key, p, &e->key)) != TD_OK)
		return st;
	e->match = td_alloc(env, (size_t) key->n_nodes * sizeof(uint32_t));
	e->votes = td_alloc(env, (size_t) key->n_nodes * sizeof(uint32_t));
	if (!e->match || !e->votes)
	{
		td_etdm_free(e);
		return td_fail(env, TD_ENOMEM, "out of memory for the votes of %u nodes", key->n_nodes);
	}
	memset(e->votes, 0, (size_t) key->n_nodes * sizeof(uint32_t));
	return TD_OK;
}

/* On failure the votes are as before the call, so the peer can be added again. */
td_status
td_etdm_add_peer(td_etdm *e, const td_tree *peer)
{
	td_etdm_page pg;
	td_status	st;
	uint32_t	i;

	if ((st = td_etdm_page_build(peer, &e->params, &pg)) != TD_OK)
	{
		/* the caller reads the key's env: give it the peer's message */
		if (peer->env != e->key.tree->env)
			memcpy(e->key.tree->env->errmsg, peer->env->errmsg, sizeof(peer->env->errmsg));
		return st;
	}
	st = td_etdm_map(&e->key, &pg, &e->params, e->match);
	td_etdm_page_free(&pg);
	if (st != TD_OK)
		return st;
	for (i = 0; i < e->key.tree->n_nodes; i++)
		e->votes[i] += e->match[i] != TD_NONE;
	e->peers++;
	return TD_OK;
}

td_status
td_etdm_marks(const td_etdm *e, uint32_t t, uint8_t *tmpl, uint8_t *strip)
{
	const td_tree *tree = e->key.tree;
	uint32_t	n = tree->n_nodes,
				i;

	if (t < 1 || t > e->peers)
		return td_fail(tree->env, TD_EARG, "votes must be between 1 and the number of peers (%u), got %u",
					   e->peers, t);
	if (tmpl)
		for (i = 0; i < n; i++)
			tmpl[i] = e->votes[i] >= t;
	if (strip)
	{
		/* children follow their parent in preorder: a reverse loop sees them first */
		for (i = 0; i < n; i++)
			strip[i] = e->votes[i] >= t;
		for (i = n; i-- > 1;)
			if (!strip[i])
				strip[tree->nodes[i].parent] = 0;
	}
	return TD_OK;
}
