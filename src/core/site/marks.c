/*
 * marks.c — site-level template marking: SITELEVEL of seed 000 §3 step 1,
 * with the 85% ancestor rule of §5.1 measured on visible text.
 */
#include <math.h>
#include <string.h>

#include "site/chunk.h"
#include "site/fingerprint.h"
#include "base/render.h"
#include "site/marks.h"
#include "base/tags.h"
#include "util/ascii.h"
#include "util/poll.h"

#define POLL_EVERY	65536		/* nodes between two polls of env->interrupted */

static void *
alloc_array(td_env *env, size_t n, size_t elem)
{
	return td_alloc(env, n * elem);
}

void
td_marks_free(const td_tree *tree, td_marks *m)
{
	td_free(tree->env, m->drop);
	td_free(tree->env, m->reason);
	td_free(tree->env, m->pages);
	td_free(tree->env, m->visible);
	memset(m, 0, sizeof(*m));
}

static td_status
check_arguments(td_env *env, const td_profile_view *p, double threshold, uint8_t unit)
{
	uint32_t	scheme = unit == TD_UNIT_CHUNK ? TD_CHUNK_SCHEME : TD_FP_SCHEME;

	if (p->unit != unit)
		return td_fail(env, TD_EARG, "this needs a %s profile, got a %s profile",
					   unit == TD_UNIT_CHUNK ? "chunk" : "node",
					   p->unit == TD_UNIT_CHUNK ? "chunk" : "node");
	if (p->fp_scheme != scheme)
		return td_fail(env, TD_EARG,
					   "profile was built with fingerprint scheme %u, this version computes scheme %u; "
					   "build the profile again", (unsigned) p->fp_scheme, (unsigned) scheme);
	if (!(threshold > 0.0 && threshold <= 1.0))
		return td_fail(env, TD_EARG, "threshold must be in (0, 1], got %g", threshold);
	if (p->error > 0 && threshold * (double) p->pages <= (double) p->error)
		return td_fail(env, TD_EARG,
					   "threshold %g is within the profile's error bound (%llu of %llu pages); "
					   "build the profile with a smaller templatedet.profile_error",
					   threshold, (unsigned long long) p->error, (unsigned long long) p->pages);
	return TD_OK;
}

/* Pages a unit must occur on to be template: theta N, and 2 besides this page. */
static uint64_t
min_pages(const td_profile_view *p, double threshold, int self_in_profile)
{
	uint64_t	min_count = (uint64_t) ceil(threshold * (double) p->pages - 1e-9);

	if (min_count < (uint64_t) (2 + self_in_profile))
		min_count = 2 + self_in_profile;
	return min_count;
}

/* The page itself is never dropped by the 85% rule: it would return nothing. */
static int
is_page_frame(const td_tree *t, uint32_t i)
{
	const td_node *n = &t->nodes[i];

	return n->kind == TD_ROOT || (n->depth <= 2 && n->kind == TD_ELEM &&
								  (n->str_len == 4 && (memcmp(td_node_str(t, i), "html", 4) == 0 ||
													   memcmp(td_node_str(t, i), "body", 4) == 0)));
}

/*
 * tmpl[i] = visible characters of node i inside template nodes.  With a
 * budget > 0 it also applies the 85% rule: an element more than 85%
 * template whose rest is at most TD_ANCESTOR_MAX_REST characters becomes
 * template, as long as the rests it drops add up to at most budget.
 */
static td_status
template_text(const td_tree *t, td_marks *m, uint32_t *tmpl, uint64_t budget)
{
	td_env	   *env = t->env;
	uint64_t	spent = 0;
	uint32_t	i;

	for (i = t->n_nodes; i-- > 0;)
	{
		uint32_t	c;
		uint64_t	sum = 0;
		uint32_t	rest;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		if (m->drop[i])
		{
			tmpl[i] = m->visible[i];
			continue;
		}
		for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
			sum += tmpl[c];
		tmpl[i] = (uint32_t) (sum < m->visible[i] ? sum : m->visible[i]);
		rest = m->visible[i] - tmpl[i];
		if (t->nodes[i].kind != TD_TEXT && m->visible[i] > 0 &&
			(double) tmpl[i] > TD_ANCESTOR_SHARE * (double) m->visible[i] &&
			rest <= TD_ANCESTOR_MAX_REST && spent + rest <= budget &&
			!is_page_frame(t, i))
		{
			m->drop[i] = 1;
			m->reason[i] = TD_REASON_ANCESTOR;
			tmpl[i] = m->visible[i];
			spent += rest;
		}
	}
	return TD_OK;
}

/* The marks' arrays with visible lengths, and the template text scratch; TD_ENOMEM frees all. */
static td_status
prepare_marks(const td_tree *t, td_marks *m, uint32_t **tmpl)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;

	m->n_nodes = n;
	m->drop = alloc_array(env, n, sizeof(uint8_t));
	m->reason = alloc_array(env, n, sizeof(uint8_t));
	m->pages = alloc_array(env, n, sizeof(uint32_t));
	m->visible = alloc_array(env, n, sizeof(uint32_t));
	*tmpl = alloc_array(env, n, sizeof(uint32_t));
	if (!m->drop || !m->reason || !m->pages || !m->visible || !*tmpl)
	{
		td_free(env, *tmpl);
		*tmpl = NULL;
		td_marks_free(t, m);
		return td_fail(env, TD_ENOMEM, "out of memory marking %u nodes", n);
	}
	td_visible_lengths(t, m->visible);
	return TD_OK;
}

/*
 * A dropped node's descendants are dropped too (the renderers skip them
 * anyway); one no rule dropped by itself is dropped as inside its ancestor.
 */
static void
drop_descendants(const td_tree *t, td_marks *m)
{
	uint32_t	i;

	for (i = 1; i < t->n_nodes; i++)
		if (m->drop[t->nodes[i].parent])
		{
			if (!m->drop[i])
				m->reason[i] = TD_REASON_INSIDE;
			m->drop[i] = 1;
		}
}

td_status
td_mark_template(const td_tree *t, const td_profile_view *p, double threshold, td_marks *m)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	uint64_t   *fp = NULL;
	uint32_t   *tmpl = NULL;
	uint64_t	min_count;
	uint64_t	budget;
	td_status	st;
	uint32_t	i;

	memset(m, 0, sizeof(*m));
	if ((st = check_arguments(env, p, threshold, TD_UNIT_NODE)) != TD_OK)
		return st;
	if ((st = prepare_marks(t, m, &tmpl)) != TD_OK)
		return st;
	if ((fp = alloc_array(env, n, sizeof(uint64_t))) == NULL)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory marking %u nodes", n);
		goto done;
	}
	if ((st = td_fingerprints(t, fp)) != TD_OK)
		goto done;

	/* The page's own root fingerprint tells whether the profile counted this page. */
	m->self_in_profile = fp[0] != 0 && td_profile_view_count(p, fp[0]) > 0;
	min_count = min_pages(p, threshold, m->self_in_profile);

	for (i = 0; i < n; i++)
	{
		m->pages[i] = fp[i] ? td_profile_view_count(p, fp[i]) : 0;
		m->drop[i] = m->pages[i] >= min_count;
		m->reason[i] = m->drop[i] ? TD_REASON_SITE_SHARE : TD_REASON_NONE;
	}

	/*
	 * Bottom-up, twice: first what the page keeps without the 85% rule, then
	 * the rule, which may take at most a share of that from the page.
	 */
	if ((st = template_text(t, m, tmpl, 0)) != TD_OK)
		goto done;
	budget = (uint64_t) (TD_ANCESTOR_MAX_LOSS * (double) (m->visible[0] - tmpl[0]));
	if ((st = template_text(t, m, tmpl, budget)) != TD_OK)
		goto done;

	drop_descendants(t, m);
	st = TD_OK;

done:
	td_free(env, fp);
	td_free(env, tmpl);
	if (st != TD_OK)
		td_marks_free(t, m);
	return st;
}

td_status
td_mark_chunks(const td_tree *t, const td_profile_view *p, double threshold, td_marks *m)
{
	td_env	   *env = t->env;
	td_chunks	ch;
	uint32_t   *tmpl = NULL;
	uint64_t	key;
	uint64_t	min_count;
	td_status	st;
	uint32_t	i;

	memset(m, 0, sizeof(*m));
	memset(&ch, 0, sizeof(ch));
	if ((st = check_arguments(env, p, threshold, TD_UNIT_CHUNK)) != TD_OK ||
		(st = prepare_marks(t, m, &tmpl)) != TD_OK)
		return st;
	if ((st = td_page_chunks(t, TD_CHUNK_FOLD_DATES, &ch)) != TD_OK ||
		(st = td_page_key(t, &key)) != TD_OK)
		goto done;

	m->self_in_profile = td_profile_view_count(p, td_chunk_page_entry(key)) > 0;
	min_count = min_pages(p, threshold, m->self_in_profile);
	for (i = 0; i < t->n_nodes; i++)
	{
		m->pages[i] = ch.of[i] != TD_NONE ? td_profile_view_count(p, ch.fp[ch.of[i]]) : 0;
		m->drop[i] = ch.of[i] != TD_NONE && m->pages[i] >= min_count;
		m->reason[i] = m->drop[i] ? TD_REASON_CHUNK_SHARE : TD_REASON_NONE;
	}
	/* with no budget, the ancestor rule drops exactly the elements whose text is all template */
	if ((st = template_text(t, m, tmpl, 0)) != TD_OK)
		goto done;
	drop_descendants(t, m);

done:
	td_chunks_free(t, &ch);
	td_free(env, tmpl);
	if (st != TD_OK)
		td_marks_free(t, m);
	return st;
}

td_status
td_mark_site(const td_tree *t, const td_profile_view *p, double threshold, td_marks *m)
{
	if (p->unit == TD_UNIT_CHUNK)
		return td_mark_chunks(t, p, threshold, m);
	return td_mark_template(t, p, threshold, m);
}

/* The page's one <main> element (or role="main", ASCII case-insensitive as in context.c; not nested in another), TD_NONE if none or several. */
static uint32_t
declared_main(const td_tree *t)
{
	uint32_t	c = TD_NONE;

	for (uint32_t i = 1; i < t->n_nodes; i++)
	{
		const td_node *nd = &t->nodes[i];
		uint32_t	len = 0;
		const char *role;

		if (nd->kind != TD_ELEM || (nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)))
			continue;
		role = td_node_attr(t, i, "role", &len);
		if (nd->tag != TD_TAG_MAIN && !(role && len == 4 && td_ascii_iprefix(role, len, "main", 4)))
			continue;
		if (c != TD_NONE && i < t->nodes[c].end)
			continue;			/* <div role="main"> inside <main>: the same content */
		if (c != TD_NONE)
			return TD_NONE;		/* several */
		c = i;
	}
	return c;
}

/*
 * Whether the subtree of i, site-dropped, is a label: a visible letter (an
 * ASCII letter or any non-ASCII character) and link text under half of its
 * visible characters (in_a: inside an <a>, indexed from base).
 */
static int
is_label(const td_tree *t, const td_marks *m, uint32_t i, const uint8_t *in_a, uint32_t base)
{
	uint32_t	anchor = 0;
	int			letter = 0;

	for (uint32_t j = i; j < t->nodes[i].end; j++)
	{
		const unsigned char *s = (const unsigned char *) td_node_str(t, j);

		if (t->nodes[j].kind != TD_TEXT || (t->nodes[j].flags & TD_F_INHIDDEN))
			continue;
		if (in_a[j - base])
			anchor += m->visible[j];
		for (uint32_t k = 0; k < t->nodes[j].str_len && !letter; k++)
			letter = s[k] >= 0x80 || (unsigned) ((s[k] | 0x20) - 'a') < 26u;
	}
	return letter && 2 * (uint64_t) anchor < m->visible[i];
}

td_status
td_keep_main_labels(const td_tree *t, td_marks *m, uint32_t max_len)
{
	td_env	   *env = t->env;
	uint32_t	c = declared_main(t),
				end;
	uint8_t    *in_a;

	if (c == TD_NONE || m->drop == NULL || m->drop[c])
		return TD_OK;
	end = t->nodes[c].end;
	in_a = td_alloc(env, end - c);
	if (in_a == NULL)
		return td_fail(env, TD_ENOMEM, "out of memory for %u nodes of <main>", end - c);
	in_a[0] = t->nodes[c].tag == TD_TAG_A;
	for (uint32_t i = c + 1; i < end; i++)
		in_a[i - c] = in_a[t->nodes[i].parent - c] || (t->nodes[i].kind == TD_ELEM && t->nodes[i].tag == TD_TAG_A);
	for (uint32_t i = c + 1; i < end; i++)
	{
		if (td_poll_every(env, i, POLL_EVERY))
		{
			td_free(env, in_a);
			return td_fail(env, TD_EINTR, "site-level marking interrupted");
		}
		if (!m->drop[i])
			continue;
		/* an outermost dropped node: its parent, inside <main> and kept, is not dropped */
		if (m->visible[i] < max_len && is_label(t, m, i, in_a, c))
		{
			memset(m->drop + i, 0, t->nodes[i].end - i);
			memset(m->reason + i, TD_REASON_NONE, t->nodes[i].end - i);
		}
		i = t->nodes[i].end - 1;
	}
	td_free(env, in_a);
	return TD_OK;
}
