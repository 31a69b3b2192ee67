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

#include "fingerprint.h"
#include "hash.h"
#include "tags.h"

#define SEED_TEXT	0x74657874ULL	/* "text" */
#define SEED_TAG	0x0074616eULL
#define ROOT_TAG	0x726f6f74ULL	/* "root" */


static inline int
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* A streaming hash over a small window, so no allocation is needed. */
typedef struct text_hasher
{
	char		win[256];
	size_t		w;
	uint64_t	h;
} text_hasher;

static inline void
put_byte(text_hasher *th, char c)
{
	th->win[th->w++] = c;
	if (th->w == sizeof(th->win))
	{
		th->h = td_hash_mix(th->h, td_hash64(th->win, th->w, th->h));
		th->w = 0;
	}
}

static inline int
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static inline int
is_alnum(unsigned char c)
{
	return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80;
}

/*
 * Whether the numeric token s[0..len) (digits and - / : . between them,
 * standing between non-alphanumerics) is a date or a time: three groups
 * (2024-03-15, 15/03/2024, 20.03.2024), hours and minutes (13:24), or a lone
 * year from 1900 to 2099.  Those change from page to page inside template
 * blocks (bylines, footers, "updated" lines); other figures are content.
 */
static int
is_date_or_time(const char *s, size_t len)
{
	int			groups = 1,
				colons = 0;
	size_t		digits = 0,
				k;

	for (k = 0; k < len; k++)
	{
		if (is_digit((unsigned char) s[k]))
		{
			if (++digits > 4)
				return 0;
			continue;
		}
		colons += s[k] == ':';
		groups++;
		digits = 0;
	}
	if (colons > 0)
		return colons == groups - 1 && groups <= 3;
	if (groups == 3)
		return 1;
	return groups == 1 && len == 4 && (memcmp(s, "19", 2) == 0 || memcmp(s, "20", 2) == 0);
}

/* Length of the numeric token at s[i] (digits with single separators between them). */
static size_t
numeric_token(const char *s, size_t i, size_t len)
{
	size_t		j = i;

	while (j < len)
	{
		unsigned char c = (unsigned char) s[j];

		if (is_digit(c))
			j++;
		else if ((c == '-' || c == '/' || c == ':' || c == '.') &&
				 j + 1 < len && is_digit((unsigned char) s[j + 1]))
			j++;
		else
			break;
	}
	return j - i;
}

/*
 * Hash of a text with white space runs folded to one space and trimmed, so
 * that re-indented markup keeps its fingerprint, and each group of digits
 * in a date or a time folded to one '0'.  Returns 0 for blank text.
 */
static uint64_t
text_hash(const char *s, size_t len)
{
	text_hasher th = {.w = 0, .h = SEED_TEXT};
	int			pending_space = 0;
	int			any = 0;
	size_t		i = 0;

	while (i < len)
	{
		unsigned char c = (unsigned char) s[i];
		size_t		n,
					k;
		int			fold;

		if (is_space(c))
		{
			pending_space = any;
			i++;
			continue;
		}
		if (pending_space)
		{
			put_byte(&th, ' ');
			pending_space = 0;
		}
		any = 1;
		if (!is_digit(c) || (i > 0 && is_alnum((unsigned char) s[i - 1])))
		{
			put_byte(&th, (char) c);
			i++;
			continue;
		}
		n = numeric_token(s, i, len);
		fold = (i + n == len || !is_alnum((unsigned char) s[i + n])) && is_date_or_time(s + i, n);
		for (k = i; k < i + n; k++)
		{
			/* A folded group of digits becomes one '0': 9:47 and 13:05 match. */
			if (fold && is_digit((unsigned char) s[k]) && k > i && is_digit((unsigned char) s[k - 1]))
				continue;
			put_byte(&th, fold && is_digit((unsigned char) s[k]) ? '0' : s[k]);
		}
		i += n;
	}
	if (!any)
		return 0;
	if (th.w)
		th.h = td_hash_mix(th.h, td_hash64(th.win, th.w, th.h));
	return th.h ? th.h : 1;
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

/* In-place heap sort: no recursion, no allocation, O(n log n) whatever the input. */
static void
sift_down(uint64_t *a, size_t start, size_t n)
{
	size_t		root = start;

	while (2 * root + 1 < n)
	{
		size_t		child = 2 * root + 1;
		uint64_t	tmp;

		if (child + 1 < n && a[child] < a[child + 1])
			child++;
		if (a[root] >= a[child])
			return;
		tmp = a[root];
		a[root] = a[child];
		a[child] = tmp;
		root = child;
	}
}

static void
sort_u64(uint64_t *a, size_t n)
{
	size_t		i;

	for (i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (i = n; i-- > 1;)
	{
		uint64_t	tmp = a[0];

		a[0] = a[i];
		a[i] = tmp;
		sift_down(a, 0, i);
	}
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

		if ((i & 0xffff) == 0 && env->interrupted(env->arg))
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
	size_t		i,
				w;

	for (i = 0; i < t->n_nodes; i++)
		if (fp[i] != 0)
			out[n++] = fp[i];
	sort_u64(out, n);
	for (i = 0, w = 0; i < n; i++)
		if (w == 0 || out[w - 1] != out[i])
			out[w++] = out[i];
	return w;
}
