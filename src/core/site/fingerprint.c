/*
 * fingerprint.c — h(i) of seed 000 §3: one 64-bit value per node for its
 * whole subtree.
 *
 * What goes in (scheme 1, chosen by measurement on the development corpus,
 * see README "Fingerprints"): the element's tag name, then, in document
 * order, each child's contribution — a child element's fingerprint, or a
 * text node's text with white space runs folded.  Images and other embedded
 * media add the file name of their src (no directories, query or fragment:
 * archives and CDNs rewrite those per page), so a logo is the same on every
 * page while content images differ.  Left out, because they change
 * between pages of one site without changing what the reader sees: other
 * attributes (an "active" class, session ids in links), hidden content
 * (script, style, noscript, template, head), comments, and the digits of
 * dates and times ("© 2024", "Updated 2024-03-15 13:24" match on every
 * page).  Other figures are kept: folding every digit also made every row of
 * a content table ("Station Road | 194 | 377"), every ingredient ("275 g
 * cream") and every numbered heading template.
 *
 * Which nodes are counted: every visible element with some content, except
 * elements that sit inside running text (an inline element with non-blank
 * text beside it, like <code>x</code> in a sentence: a word of its paragraph,
 * not a unit of the page's layout) and separators (br, wbr, hr), whose
 * removal would glue the words around them together.
 */
#include <string.h>

#include "site/fingerprint.h"
#include "base/hash.h"
#include "base/tags.h"
#include "util/sort.h"
#include "base/textfold.h"
#include "util/poll.h"

#define SEED_TEXT	0x74657874ULL	/* "text" */
#define SEED_TAG	0x0074616eULL
#define ROOT_TAG	0x726f6f74ULL	/* "root" */
#define SEED_PAGE	0x70616765ULL	/* "page" */
#define POLL_EVERY	65536		/* nodes between two polls of env->interrupted */

/* Hash of a text node; 0 for blank text. */
static uint64_t
text_hash(const char *s, size_t len)
{
	td_text_fold tf;

	td_text_fold_init(&tf, SEED_TEXT);
	td_text_fold_add(&tf, s, len, 1);
	return td_text_fold_finish(&tf);
}

static int
is_media(const td_node *n)
{
	return n->tag == TD_TAG_IMG || n->tag == TD_TAG_EMBED || n->tag == TD_TAG_INPUT ||
		n->tag == TD_TAG_VIDEO || n->tag == TD_TAG_AUDIO || n->tag == TD_TAG_OBJECT;
}

static int
is_separator(const td_node *n)
{
	return n->tag == TD_TAG_BR || n->tag == TD_TAG_WBR || n->tag == TD_TAG_HR;
}

/* The element's own part of its fingerprint: its tag, and a media element's src. */
static uint64_t
tag_hash(const td_tree *t, uint32_t i)
{
	const td_node *n = &t->nodes[i];
	uint64_t	h;
	const char *src;
	uint32_t	len,
				k;

	if (n->kind == TD_ROOT)
		return ROOT_TAG;
	if (n->tag != TD_TAG_UNKNOWN)
		h = SEED_TAG + n->tag;
	else
		h = td_hash64(td_node_str(t, i), n->str_len, SEED_TAG);
	if (is_media(n) &&
		((src = td_node_attr(t, i, "src", &len)) != NULL ||
		 (src = td_node_attr(t, i, "data", &len)) != NULL))
	{
		uint32_t	start = 0;

		for (k = 0; k < len && src[k] != '?' && src[k] != '#'; k++)
			if (src[k] == '/')
				start = k + 1;
		h = td_hash_mix(h, td_hash64(src + start, k - start, SEED_TAG));
	}
	return h;
}

static inline int
is_visible(const td_node *n)
{
	return !(n->flags & (TD_F_HIDDEN | TD_F_INHIDDEN));
}

/*
 * Once a parent has consumed its children's contributions, it clears those
 * that are not counted: text nodes, and inline elements in running text.
 */
static void
clear_uncounted_children(const td_tree *t, uint32_t i, uint64_t *fp)
{
	int			running_text = 0;
	uint32_t	c;

	for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == TD_TEXT && fp[c] != 0)
			running_text = 1;
	for (c = t->nodes[i].first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
	{
		const td_node *n = &t->nodes[c];

		if (n->kind == TD_TEXT ||
			(running_text && !(n->flags & TD_F_BLOCK)) ||
			is_separator(n))
			fp[c] = 0;
	}
}

td_status
td_fingerprints(const td_tree *t, uint64_t *fp)
{
	td_env	   *env = t->env;
	uint32_t	i;

	/* Children come after parents in the array: a reverse loop sees them first. */
	for (i = t->n_nodes; i-- > 0;)
	{
		const td_node *n = &t->nodes[i];
		uint64_t	h;
		int			any = 0;
		uint32_t	c;

		if (td_poll_every(env, i, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		if (!is_visible(n))
		{
			fp[i] = 0;
			continue;
		}
		if (n->kind == TD_TEXT)
		{
			fp[i] = text_hash(td_node_str(t, i), n->str_len);
			continue;
		}
		h = tag_hash(t, i);
		for (c = n->first_child; c != TD_NONE; c = t->nodes[c].next_sibling)
		{
			if (fp[c] == 0)
				continue;
			h = td_hash_mix(h, fp[c]);
			any = 1;
		}
		clear_uncounted_children(t, i, fp);
		/* An element with nothing visible in it is not counted; media are content by themselves. */
		if (!any && !is_media(n) && !is_separator(n))
			fp[i] = 0;
		else
			fp[i] = h ? h : 1;
	}
	return TD_OK;
}

size_t
td_page_fingerprints(const td_tree *t, const uint64_t *fp, uint64_t *out)
{
	size_t		n = 0;
	size_t		i;

	for (i = 0; i < t->n_nodes; i++)
		if (fp[i] != 0)
			out[n++] = fp[i];
	return td_sort_distinct(out, n);
}

/*
 * The exact content key of a page: in document order, every visible element's
 * tag and depth (with an image's file name, as in its fingerprint) and every
 * visible non-blank text (white space folded, digits kept) with its depth.
 * Other attributes, comments and hidden content are left out, so a mirrored
 * copy whose links were rewritten has the same key.
 */
td_status
td_page_key(const td_tree *t, uint64_t *key)
{
	td_env	   *env = t->env;
	uint64_t	h = SEED_PAGE;
	uint32_t	i = 0;

	while (i < t->n_nodes)
	{
		const td_node *n = &t->nodes[i];

		if (td_poll_every(env, i + 1, POLL_EVERY))
			return td_fail(env, TD_EINTR, "interrupted");
		if (!is_visible(n))
		{
			i = n->end > i ? n->end : i + 1;	/* skip the hidden subtree */
			continue;
		}
		if (n->kind == TD_TEXT)
		{
			td_text_fold tf;
			uint64_t	th;

			td_text_fold_init(&tf, SEED_TEXT);
			td_text_fold_add(&tf, td_node_str(t, i), n->str_len, 0);
			th = td_text_fold_finish(&tf);
			if (th != 0)
				h = td_hash_mix(td_hash_mix(h, n->depth), th);
		}
		else
			h = td_hash_mix(td_hash_mix(h, n->depth), tag_hash(t, i));
		i++;
	}
	*key = h ? h : 1;
	return TD_OK;
}
