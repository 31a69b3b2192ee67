/*
 * pagelevel.c — page-level template detection (pagelevel.h; seed 000 §5.3).
 *
 * Steps, each a loop over the node array (no recursion, interrupt-polled):
 *
 *   1. features of every element (features.h) and the classifier score
 *      x(i) of every shown element;
 *   2. shown nodes: the root (node 0, always, with x = 0: the page itself is
 *      content, and as y(root) <= y(c) for every node anyway, pinning it low
 *      costs nothing but the root's own segment) and every element that is
 *      rendered (not hidden, not inside a hidden element) with
 *      A_i >= max(min_area, 1) that is not inline in running text (a link
 *      in a sentence is a word of it), except <html> and <body>: they are the page
 *      too, so they are rolled into the root.  Shown, they scored like any
 *      container, and one scoring >= threshold took the whole page with it
 *      (dragnet's test split: 11 of 415 pages came out empty, 7 now;
 *      bench/README.md, "Gold labels").  Every other node (a rendered element with
 *      0 < A_i < min_area, an empty or never rendered element, a text node)
 *      is hidden and rolled into its nearest shown ancestor, whose weight is
 *      the number of nodes it stands for: 1 + the nodes rolled into it (§5.3
 *      rolls in small elements with k + 1; counting every node measured
 *      better — bench/README.md, "Training labels");
 *   3. what is apart from the page (a dialog: <dialog>, role=dialog,
 *      aria-modal; an element with a screen-reader-only class; one its
 *      inline style hides that no control on the page shows; a forum's
 *      signature or poster statistics; a section that a heading names as
 *      other pages, rails.h; a <select>'s options; the page's <footer>)
 *      scores 1 whatever the classifier says; hidden text, a forum's
 *      furniture, a rail, a <select> and the page's footer not when they
 *      hold over half of the page, nor the first four when they hold its
 *      main block;
 *      penalty gamma_i = c * A_root / A_i (the root's: c);
 *   4. td_isotonic_smooth over the shown nodes, parent = nearest shown
 *      ancestor;
 *   5. every node's smoothed score (hidden elements: their shown ancestor's;
 *      text: -1), segment (the shown node that starts the segment of the
 *      nearest shown ancestor-or-self; what is apart is a segment of its own,
 *      smoothed 1 throughout), drop (smooth >= threshold, with subtrees; the
 *      root is never dropped).
 */
#include <math.h>
#include <string.h>

#include "page/isotonic.h"
#include "base/hash.h"
#include "base/render.h"
#include "base/tags.h"
#include "page/pagelevel.h"
#include "page/default_model.h"
#include "page/default_gbdt.h"
#include "page/context.h"
#include "page/gbdt.h"
#include "page/rails.h"
#include "util/ascii.h"
#include "util/poll.h"
#include "util/sort.h"

#define POLL_EVERY	4096		/* nodes between two polls of env->interrupted */

/*
 * Defaults not in pagelevel.h (which this file may only extend, and does
 * not): the smallest area judged on its own (10 since the eleventh session of
 * issue 12: finer units for the trees; 40 before, bench/README.md), and the
 * smoothing memory budget
 * (td_isotonic_bytes: a 2,000,000-node page at 101 levels needs ~100 MB).
 */
#define TD_DEFAULT_MIN_AREA			10
#define TD_DEFAULT_PAGE_MAX_BYTES	((size_t) 256 << 20)

/* Whether v[0, len), a role value, takes role dialog or alertdialog (its first token). */
static int
dialog_role(const char *v, size_t len)
{
	size_t		k = 0,
				n;
	const char *t = td_html_next_token(v, len, &k, &n);

	return t && ((n == 6 && td_ascii_iprefix(t, n, "dialog", 6)) ||
				 (n == 11 && td_ascii_iprefix(t, n, "alertdialog", 11)));
}

/* A class name and its length, for the lists below. */
typedef struct class_name
{
	const char *s;
	size_t		n;
} class_name;

#define CLASS_NAME(s) {s, sizeof(s) - 1}

/* Whether token t[0, n) is one of names[0, count), A-Z folded when fold. */
static int
one_of(const char *t, size_t n, const class_name *names, size_t count, int fold)
{
	for (size_t j = 0; j < count; j++)
		if (n == names[j].n &&
			(fold ? td_ascii_iprefix(t, n, names[j].s, n) : memcmp(t, names[j].s, n) == 0))
			return 1;
	return 0;
}

/*
 * Screen-reader-only tokens: the frameworks' names for text drawn nowhere
 * but read aloud (Bootstrap and Tailwind sr-only, Bootstrap 5
 * visually-hidden, HTML5 Boilerplate visuallyhidden, WordPress
 * screen-reader-text, Drupal element-invisible); exact case.
 */
static const class_name screen_reader_only[] = {
	CLASS_NAME("sr-only"), CLASS_NAME("visually-hidden"), CLASS_NAME("visuallyhidden"),
	CLASS_NAME("screen-reader-text"), CLASS_NAME("element-invisible")};

/*
 * What a forum repeats around each post, besides signatures (forum_token):
 * the poster's statistics and title under their name (joined, posts,
 * reactions, "Senior Member": XenForo's message-userExtras,
 * message-userTitle and userBanner, vBulletin's userinfo_extra and
 * userstats, phpBB's profile-posts and profile-joined, MyBB's
 * author_statistics) and the buttons under each post (Reply, Quote,
 * Report: XenForo's message-actionBar, MyBB's postbit_buttons, phpBB's
 * post-buttons); any case.
 */
static const class_name post_furniture[] = {
	CLASS_NAME("message-userextras"), CLASS_NAME("userinfo_extra"), CLASS_NAME("userstats"),
	CLASS_NAME("user-stats"), CLASS_NAME("author_statistics"), CLASS_NAME("profile-posts"),
	CLASS_NAME("profile-joined"), CLASS_NAME("message-usertitle"), CLASS_NAME("userbanner"),
	CLASS_NAME("message-actionbar"), CLASS_NAME("postbit_buttons"), CLASS_NAME("post-buttons")};

/*
 * Whether class token t[0, n) names what a forum repeats around each post:
 * a signature (a token that is "signature", ends in "-signature" or
 * "_signature", begins with "signature-", or is postsignature or
 * signaturecontainer: phpBB, vBulletin, XenForo, IPS, Stack Exchange's
 * "asked by" card) or one of post_furniture.  A thread's text is its posts
 * (wcxb-dev's forum gold leaves these out).  A token with more after
 * "signature", "digital-signature-row", is a product's words.
 */
static int
forum_token(const char *t, size_t n)
{
	return (n == 9 && td_ascii_iprefix(t, n, "signature", 9)) ||
		(n > 10 && td_ascii_iprefix(t, n, "signature-", 10)) ||
		(n == 13 && td_ascii_iprefix(t, n, "postsignature", 13)) ||
		(n == 18 && td_ascii_iprefix(t, n, "signaturecontainer", 18)) ||
		(n > 10 && (t[n - 10] == '-' || t[n - 10] == '_') &&
		 td_ascii_iprefix(t + n - 9, 9, "signature", 9)) ||
		one_of(t, n, post_furniture, sizeof(post_furniture) / sizeof(post_furniture[0]), 1);
}

/* Whether a style value says display:none (td_style_compact: in its first 256 non-blank bytes). */
static int
style_display_none(const char *v, size_t len)
{
	char		s[TD_STYLE_HEAD];

	return td_bytes_hold(s, td_style_compact(v, len, s), "display:none");
}

/*
 * Whether a class value names content a page control shows: a part of a
 * token (between spaces, dashes and underscores) beginning with a
 * disclosure word -- the frameworks' tab panes and collapsible and accordion
 * bodies (Bootstrap tab-pane, collapse, accordion-body; jQuery UI
 * ui-tabs-panel, ui-accordion-content; Chakra chakra-collapse), toggled and
 * expanded text, FAQ answers, "read more" and spoiler text.
 */
static int
control_shown_class(const char *v, size_t len)
{
	static const char *const words[] = {"tab", "collaps", "accordion", "toggle", "expand", "faq",
	"answer", "more", "spoiler", "reveal", "disclosure"};

	for (size_t k = 0; k < len; k++)
	{
		if (k > 0 && v[k - 1] != ' ' && v[k - 1] != '-' && v[k - 1] != '_' &&
			v[k - 1] != '\t' && v[k - 1] != '\n')
			continue;
		for (size_t j = 0; j < sizeof(words) / sizeof(words[0]); j++)
			if (td_ascii_iprefix(v + k, len - k, words[j], strlen(words[j])))
				return 1;
	}
	return 0;
}

/* What an attribute names, for controlled_ids. */
enum
{
	NAMES_NONE,
	NAMES_IDS,					/* aria-controls: a list of ids */
	NAMES_REF					/* href, data-target, data-bs-target: "#id" */
};

static int
control_attr(const char *nm, size_t nl)
{
	if (nl == 13 && memcmp(nm, "aria-controls", 13) == 0)
		return NAMES_IDS;
	if ((nl == 4 && memcmp(nm, "href", 4) == 0) ||
		(nl == 11 && memcmp(nm, "data-target", 11) == 0) ||
		(nl == 14 && memcmp(nm, "data-bs-target", 14) == 0))
		return NAMES_REF;
	return NAMES_NONE;
}

/*
 * Hashes of the ids a control on the page names (aria-controls' tokens, an
 * href, data-target or data-bs-target "#id"), sorted and distinct, into
 * *ids (allocated with tree->env; NULL when none) and *n.
 */
static td_status
controlled_ids(const td_tree *t, uint64_t **ids, size_t *n)
{
	size_t		cap = 0,
				m = 0;
	uint64_t   *a;

	*ids = NULL;
	*n = 0;
	for (uint32_t k = 0; k < t->n_attrs; k++)
	{
		const td_attr *at = &t->attrs[k];
		int			names = control_attr(t->strings + at->name_off, at->name_len);

		/* a list of ids holds at most one per two bytes */
		cap += names == NAMES_IDS ? 1 + at->value_len / 2 : names == NAMES_REF;
	}
	if (cap == 0)
		return TD_OK;
	if (!(a = td_alloc(t->env, sizeof(uint64_t) * cap)))
		return td_fail(t->env, TD_ENOMEM, "out of memory for controlled ids");
	for (uint32_t k = 0; k < t->n_attrs; k++)
	{
		const td_attr *at = &t->attrs[k];
		const char *v = t->strings + at->value_off;
		size_t		len = at->value_len,
					p = 0,
					tl;
		const char *tok;
		int			names = control_attr(t->strings + at->name_off, at->name_len);

		if (td_poll_every(t->env, k, POLL_EVERY))
		{
			td_free(t->env, a);
			return td_fail(t->env, TD_EINTR, "page-level detection interrupted");
		}
		if (names == NAMES_IDS)
		{
			while ((tok = td_html_next_token(v, len, &p, &tl)) != NULL && m < cap)
				a[m++] = td_hash64(tok, tl, 0);
		}
		else if (names == NAMES_REF)
		{
			td_trim_html_space(&v, &len);
			if (len > 1 && v[0] == '#' && m < cap)
				a[m++] = td_hash64(v + 1, len - 1, 0);
		}
	}
	*n = td_sort_distinct(a, m);
	*ids = a;
	return TD_OK;
}

/*
 * Whether element i is the page's main block or holds it (features.h): a
 * page that hides its content until a script shows it has not hidden its
 * content.
 */
static int
holds_main(const td_features *f, uint32_t i, uint32_t parent)
{
	const float *x = td_feature_row(f, i);

	return x[TD_FEAT_HAS_MAIN] > 0 ||
		(x[TD_FEAT_IN_MAIN] > 0 && td_feature_row(f, parent)[TD_FEAT_IN_MAIN] == 0);
}

/* Whether tag opens a section whose <footer> is its own, not the page's (HTML's contentinfo). */
static int
sectioning(int tag)
{
	return tag == TD_TAG_ARTICLE || tag == TD_TAG_ASIDE || tag == TD_TAG_MAIN ||
		tag == TD_TAG_NAV || tag == TD_TAG_SECTION;
}

/* What apart_kind finds. */
enum
{
	APART_NOT,
	APART_WINDOW,				/* a dialog or screen-reader-only text */
	APART_HIDDEN,				/* hidden by its style, shown by no control */
	APART_FURNITURE,			/* what a forum repeats around each post */
	APART_RAIL,					/* a section a heading names as other pages (rails.h) */
	APART_CONTROL,				/* a <select>'s options */
	APART_PAGE_FOOTER			/* the page's <footer> (in_section) */
};

/*
 * Whether element i is apart from the page.  A dialog: a <dialog> (its
 * implicit role), role dialog or alertdialog, or aria-modal="true" -- a
 * window over the page, not part of it: cookie banners, sign-in and
 * newsletter pop-ups, cart drawers, quick views, lightboxes (Readability
 * drops these roles and Trafilatura the element); modal or not
 * (aria-modal="false" is the default and marks pop-up plugins' overlays as
 * well), open or not.  Or screen-reader-only text: a product card's
 * "Regular price", a link's "opens in a new window", seen by no reader.
 * Both APART_WINDOW.  Or hidden by its inline style (display:none) and
 * nothing a control on the page shows (no role or aria-* attribute, no
 * disclosure class, no id a control names: controlled_ids): a gallery's
 * captions, a slide-in's form, APART_HIDDEN.  Or what a forum repeats
 * around each post (forum_token), APART_FURNITURE.  Or a <select>: a
 * closed one shows a single option, and its list (countries, sort orders,
 * a shop's categories) is a control, not the page's words: APART_CONTROL.
 * One pass over its attributes.
 */
static int
apart_kind(const td_tree *tree, uint32_t i, const uint64_t *ids, size_t n_ids)
{
	const td_node *nd = &tree->nodes[i];
	const char *style = NULL,
			   *id = NULL,
			   *cls = NULL;
	size_t		style_len = 0,
				id_len = 0,
				cls_len = 0;
	int			shown_by_control = 0,
				furniture = 0;

	if (nd->kind != TD_ELEM)
		return APART_NOT;
	if (nd->tag == TD_TAG_DIALOG)
		return APART_WINDOW;
	for (uint32_t a = nd->attr_first; a < nd->attr_first + nd->attr_count; a++)
	{
		const td_attr *at = &tree->attrs[a];
		const char *nm = tree->strings + at->name_off,
				   *v = tree->strings + at->value_off;
		size_t		len = at->value_len;

		if (at->name_len == 5 && memcmp(nm, "class", 5) == 0)
		{
			size_t		k = 0,
						n;
			const char *t;

			/* one pass over the tokens: a screen-reader-only one wins */
			furniture = 0;
			while ((t = td_html_next_token(v, len, &k, &n)) != NULL)
			{
				if (one_of(t, n, screen_reader_only,
						   sizeof(screen_reader_only) / sizeof(screen_reader_only[0]), 0))
					return APART_WINDOW;
				furniture |= forum_token(t, n);
			}
			cls = v, cls_len = len;
		}
		else if (at->name_len == 4 && memcmp(nm, "role", 4) == 0)
		{
			if (dialog_role(v, len))
				return APART_WINDOW;
			shown_by_control = 1;
		}
		else if (at->name_len == 10 && memcmp(nm, "aria-modal", 10) == 0)
		{
			td_trim_html_space(&v, &len);
			if (len == 4 && td_ascii_iprefix(v, len, "true", 4))
				return APART_WINDOW;
			shown_by_control = 1;
		}
		else if (at->name_len > 5 && memcmp(nm, "aria-", 5) == 0)
			shown_by_control = 1;
		else if (at->name_len == 5 && memcmp(nm, "style", 5) == 0)
			style = v, style_len = len;
		else if (at->name_len == 2 && memcmp(nm, "id", 2) == 0)
			id = v, id_len = len;
	}
	if (furniture)
		return APART_FURNITURE;
	if (nd->tag == TD_TAG_SELECT)
		return APART_CONTROL;
	/* the style, class and id read only for an element that may be hidden */
	if (!style || shown_by_control || !style_display_none(style, style_len) ||
		(cls && control_shown_class(cls, cls_len)))
		return APART_NOT;
	if (id && n_ids)
	{
		td_trim_html_space(&id, &id_len);
		if (td_sorted_has(ids, n_ids, td_hash64(id, id_len, 0)))
			return APART_NOT;
	}
	return APART_HIDDEN;
}

void
td_page_opts_default(td_page_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->penalty = TD_DEFAULT_PENALTY;
	o->threshold = TD_DEFAULT_PAGE_THRESHOLD;
	o->min_area = TD_DEFAULT_MIN_AREA;
	o->levels = TD_ISO_DEFAULT_LEVELS;
	o->max_bytes = TD_DEFAULT_PAGE_MAX_BYTES;
	o->base_url = NULL;
	o->base_len = 0;
	o->gbdt = NULL;
}

void
td_page_marks_free(const td_tree *tree, td_page_marks *marks)
{
	td_env	   *env = tree->env;

	td_free(env, marks->score);
	td_free(env, marks->smooth);
	td_free(env, marks->segment);
	td_free(env, marks->seg_start);
	td_free(env, marks->drop);
	td_free(env, marks->reason);
	td_free(env, marks->area);
	td_free(env, marks->main_region);
	td_free(env, marks->visible);
	memset(marks, 0, sizeof(*marks));
}

td_status
td_page_level(const td_tree *tree, const td_logreg *model,
			  const td_page_opts *opts, td_page_marks *marks)
{
	td_env	   *env = tree->env;
	uint32_t	n = tree->n_nodes;
	td_features f;
	float	   *rows = NULL;	/* with opts->gbdt: the shown elements' td_context_rows_of */
	td_status	st = TD_OK;
	uint32_t   *near = NULL;	/* nearest shown ancestor-or-self; TD_NONE for the root's none */
	uint32_t   *idx = NULL;		/* node -> shown index, TD_NONE when not shown */
	uint32_t   *sparent = NULL;
	double	   *sx = NULL,
			   *sw = NULL,
			   *sg = NULL,
			   *sy = NULL;
	uint8_t    *sseg = NULL;
	uint8_t    *running = NULL;	/* the element has non-blank text of its own (a sentence) */
	uint8_t    *in_section = NULL;	/* under <article>, <aside>, <main>, <nav> or <section> */
	uint32_t   *apart = NULL;	/* the outermost element apart from the page holding
								 * the node (apart_kind's, a rail), or TD_NONE */
	uint8_t    *rail = NULL;	/* td_rail_sections */
	uint64_t   *ids = NULL;		/* controlled_ids */
	size_t		n_ids = 0;
	uint32_t	m = 0,
				min_area;
	double		a_root,
				cost;

	memset(marks, 0, sizeof(*marks));
	memset(&f, 0, sizeof(f));
	if (!opts)
		return td_fail(env, TD_EARG, "page-level options missing");
	if (!(opts->threshold > 0 && opts->threshold <= 1))
		return td_fail(env, TD_EARG, "page-level threshold must be in (0, 1]");
	if (!(opts->penalty >= 0 && isfinite(opts->penalty)))
		return td_fail(env, TD_EARG, "page-level penalty must be finite and >= 0");
	if (opts->levels == 1 || opts->levels > TD_ISO_MAX_LEVELS)
		return td_fail(env, TD_EARG, "smoothing levels must be 0 or 2..%d", TD_ISO_MAX_LEVELS);
	if (opts->gbdt && opts->gbdt->n_features > TD_N_ROW)
		return td_fail(env, TD_EARG, "the tree model reads %u features, pages have %d",
					   opts->gbdt->n_features, TD_N_ROW);
	if (!opts->gbdt && !model && !(model = td_default_model()))
		return td_fail(env, TD_EFORMAT, "the built-in model does not load");
	if (n == 0)
		return TD_OK;
	min_area = opts->min_area ? opts->min_area : 1;

	marks->n_nodes = n;
	marks->threshold = opts->threshold;
	marks->score = td_alloc(env, sizeof(float) * n);
	marks->smooth = td_alloc(env, sizeof(float) * n);
	marks->segment = td_alloc(env, sizeof(uint32_t) * n);
	marks->seg_start = td_alloc(env, n);
	marks->drop = td_alloc(env, n);
	marks->reason = td_alloc(env, n);
	marks->area = td_alloc(env, sizeof(uint32_t) * n);
	near = td_alloc(env, sizeof(uint32_t) * n);
	idx = td_alloc(env, sizeof(uint32_t) * n);
	running = td_alloc(env, n);
	apart = td_alloc(env, sizeof(uint32_t) * n);
	in_section = td_alloc(env, n);
	if (!marks->score || !marks->smooth || !marks->segment || !marks->seg_start ||
		!marks->drop || !marks->reason || !marks->area || !near || !idx || !running ||
		!apart || !in_section)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for page-level marks");
		goto done;
	}
	if ((st = td_compute_features(tree, opts->base_url, opts->base_len, &f)) != TD_OK)
		goto done;
	memcpy(marks->area, f.area, sizeof(uint32_t) * n);
	marks->main_region = f.main_region;	/* taken over */
	f.main_region = NULL;
	/* shared, not copied: td_context_rows_of reads f.visible, td_page_fallback marks->visible */
	marks->visible = f.visible;
	if ((st = controlled_ids(tree, &ids, &n_ids)) != TD_OK)
		goto done;
	if (!(rail = td_alloc(env, n)))
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for page-level marks");
		goto done;
	}
	if ((st = td_rail_sections(tree, f.visible, rail)) != TD_OK)
		goto done;
	memset(marks->seg_start, 0, n);
	memset(marks->drop, 0, n);
	memset(marks->reason, 0, n);

	/*
	 * Inline elements in running text (a link or <em> beside non-blank text of
	 * its parent) are words of their sentence, not units of the page: they go
	 * with their parent, as site level's fingerprints count them (fingerprint.c)
	 */
	memset(running, 0, n);
	for (uint32_t i = 1; i < n; i++)
		if (tree->nodes[i].kind == TD_TEXT && f.area[i] > 0)
			running[tree->nodes[i].parent] = 1;

	/*
	 * shown nodes, nearest shown ancestor-or-self, classifier scores; what
	 * is apart from the page (apart_kind) scores 1 whatever the classifier
	 * says and is a segment of its own (below).  A window does so whatever
	 * its size: a cookie dialog's vendor list or a "republish this story"
	 * box may hold more words than the page.  Hidden text, a forum's
	 * furniture, a rail and a <select> do not when they hold over half of
	 * the page's visible text or the main block: then they are the page
	 * (shown by a script; a post that a theme wraps in a signature class; a
	 * hub's "Related posts").  Nor the page's <footer> (HTML's contentinfo:
	 * one under no <article>, <aside>, <main>, <nav> or <section>, which
	 * would make it that section's footer: an article's tags, a card's
	 * price) over half of the page; but holding the main block it is apart
	 * all the same: a footer of legal notes is often the page's longest run
	 * of sentences, which the main block's finder takes (bench/README.md,
	 * "twentieth session")
	 */
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];
		int			shown,
					kind;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "page-level detection interrupted");
			goto done;
		}
		marks->score[i] = -1;
		if (i == 0)
			shown = 1;
		else
			shown = nd->kind == TD_ELEM && !(nd->flags & (TD_F_HIDDEN | TD_F_INHIDDEN)) &&
				f.area[i] >= min_area && nd->tag != TD_TAG_HTML && nd->tag != TD_TAG_BODY &&
				((nd->flags & TD_F_BLOCK) || !running[nd->parent]);
		apart[i] = i == 0 ? TD_NONE : apart[nd->parent];
		in_section[i] = i > 0 && (in_section[nd->parent] ||
								  sectioning(tree->nodes[nd->parent].tag));
		if (shown && i > 0 && apart[i] == TD_NONE)
		{
			kind = apart_kind(tree, i, ids, n_ids);
			if (kind == APART_NOT && rail[i])
				kind = APART_RAIL;
			if (kind == APART_NOT && nd->tag == TD_TAG_FOOTER && !in_section[i])
				kind = APART_PAGE_FOOTER;
			if (kind == APART_WINDOW ||
				(kind != APART_NOT && 2 * (uint64_t) f.visible[i] <= f.visible[0] &&
				 (kind == APART_PAGE_FOOTER || !holds_main(&f, i, nd->parent))))
				apart[i] = i;
		}
		if (shown)
		{
			idx[i] = m++;
			near[i] = i;
			if (i > 0 && apart[i] != TD_NONE)
				marks->score[i] = 1.0f;
			else if (i > 0 && opts->gbdt)
				;				/* scored below, all shown elements at once */
			else if (i > 0)
				marks->score[i] = (float) td_logreg_score(model, f.size_class[i],
														  td_feature_row(&f, i));
		}
		else
		{
			idx[i] = TD_NONE;
			near[i] = near[nd->parent];
		}
	}

	sparent = td_alloc(env, sizeof(uint32_t) * m);
	sx = td_alloc(env, sizeof(double) * m);
	if (opts->gbdt && sparent && sx)
	{
		/* the trees: shown elements (not the root, not apart), their rows only, batched */
		uint32_t	ns = 0;

		for (uint32_t i = 1; i < n; i++)
			if (idx[i] != TD_NONE && apart[i] == TD_NONE)
				sparent[ns++] = i;
		if ((st = td_context_rows_of(tree, &f, sparent, ns, &rows)) != TD_OK)
			goto done;
		if (opts->gbdt == td_default_gbdt() &&
			td_gbdt_flat_matches(td_default_gbdt_flat(), opts->gbdt))
			td_gbdt_flat_margins(td_default_gbdt_flat(), rows, TD_N_ROW, NULL, ns, sx);
		else
			td_gbdt_margins(opts->gbdt, rows, TD_N_ROW, NULL, ns, sx);
		for (uint32_t j = 0; j < ns; j++)
			marks->score[sparent[j]] = (float) td_gbdt_prob(sx[j]);
	}

	sw = td_alloc(env, sizeof(double) * m);
	sg = td_alloc(env, sizeof(double) * m);
	sy = td_alloc(env, sizeof(double) * m);
	sseg = td_alloc(env, m);
	if (!sparent || !sx || !sw || !sg || !sy || !sseg)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for page-level smoothing");
		goto done;
	}
	a_root = f.area[0];
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];
		uint32_t	k = idx[i];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "page-level detection interrupted");
			goto done;
		}
		if (k == TD_NONE)
		{
			/* a node not shown is rolled into its nearest shown ancestor */
			sw[idx[near[i]]] += 1;
			continue;
		}
		sparent[k] = i == 0 ? TD_NONE : idx[near[nd->parent]];
		sx[k] = i == 0 ? 0.0 : marks->score[i];
		sw[k] = 1;
		sg[k] = (i == 0 || a_root <= 0) ? opts->penalty : opts->penalty * a_root / f.area[i];
	}

	if ((st = td_isotonic_smooth(env, m, sparent, sx, sw, sg, opts->levels, opts->max_bytes,
								 sy, sseg, &cost)) != TD_OK)
		goto done;

	/* per node: smooth, segment, drop (parents first) */
	for (uint32_t i = 0; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];
		uint32_t	s = near[i],
					k = idx[s];

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "page-level detection interrupted");
			goto done;
		}
		marks->smooth[i] = nd->kind == TD_TEXT ? -1.0f :
			apart[i] != TD_NONE ? 1.0f : (float) sy[k];
		if (apart[i] != TD_NONE)
		{
			/* a segment of its own (unless its parent scores 1 too) */
			marks->seg_start[i] = apart[i] == i && marks->smooth[nd->parent] != 1.0f;
			marks->segment[i] = marks->seg_start[i] ? i : marks->segment[nd->parent];
		}
		else if (i == s)
		{
			marks->seg_start[i] = sseg[k];
			marks->segment[i] = sseg[k] ? i : marks->segment[near[nd->parent]];
		}
		else
			marks->segment[i] = marks->segment[s];
		if (i > 0)
		{
			int			own = nd->kind == TD_ELEM && marks->smooth[i] >= opts->threshold;

			marks->drop[i] = marks->drop[nd->parent] || own;
			marks->reason[i] = own ? TD_REASON_PAGE_SCORE :
				marks->drop[i] ? TD_REASON_INSIDE : TD_REASON_NONE;
		}
	}

done:
	td_free(env, rows);
	td_free(env, ids);
	td_free(env, rail);
	f.visible = NULL;			/* marks->visible's (td_page_marks_free frees it) */
	td_features_free(tree, &f);
	td_free(env, near);
	td_free(env, idx);
	td_free(env, sparent);
	td_free(env, sx);
	td_free(env, sw);
	td_free(env, sg);
	td_free(env, sy);
	td_free(env, sseg);
	td_free(env, running);
	td_free(env, in_section);
	td_free(env, apart);
	if (st != TD_OK)
		td_page_marks_free(tree, marks);
	return st;
}

/*
 * Visible characters page level keeps at threshold th: the page's minus each
 * outermost element dropped at th (smooth >= th, as td_page_level marks).
 */
static double
kept_at(const td_tree *tree, const td_page_marks *marks, const uint32_t *vis, double th)
{
	double		kept = vis[0];

	for (uint32_t i = 1; i < tree->n_nodes; i++)
		if (tree->nodes[i].kind == TD_ELEM && marks->smooth[i] >= th)
		{
			kept -= vis[i];
			i = tree->nodes[i].end - 1;
		}
	return kept;
}

/*
 * The threshold at which nothing the classifier judged is dropped: 1, so
 * that what is apart from the page (smoothed 1: a dialog, hidden text, a
 * page footer) still goes, or 2 (nothing dropped) when nothing else would
 * stay.  A decision that keeps the whole page has not judged its cookie
 * dialog content (bench/README.md, "twentieth session").
 */
static double
all_but_apart(const td_tree *tree, const td_page_marks *marks, const uint32_t *vis)
{
	return kept_at(tree, marks, vis, 1.0) > 0 ? 1.0 : 2.0;
}

/*
 * The threshold the fallback settles on from start: the first of start, then
 * the ladder above it, whose drops keep at least min_share of the visible
 * text; all_but_apart when none does.
 */
static td_status
fallback_choose(const td_tree *tree, const td_page_marks *marks, const uint32_t *vis,
				double start, double min_share, double *th_out)
{
	static const double ladder[] = {0.6, 0.7, 0.8, 0.9, 0.95};
	const int	n_ladder = (int) (sizeof(ladder) / sizeof(ladder[0]));
	double		th = start;
	int			step = 0;

	/* above 1 (no smoothed score reaches it): nothing dropped */
	while (th <= 1 && kept_at(tree, marks, vis, th) < min_share * vis[0])
	{
		if (td_interrupted(tree->env))
			return td_fail(tree->env, TD_EINTR, "page-level detection interrupted");
		while (step < n_ladder && ladder[step] <= th)
			step++;
		th = step < n_ladder ? ladder[step] : 2.0;
	}
	*th_out = th > 1 ? all_but_apart(tree, marks, vis) : th;
	return TD_OK;
}

/* drop and reason from the smoothed scores at th (recomputed even when unchanged) */
static td_status
fallback_apply(const td_tree *tree, td_page_marks *marks, double th)
{
	for (uint32_t i = 1; i < tree->n_nodes; i++)
	{
		const td_node *nd = &tree->nodes[i];
		int			own = nd->kind == TD_ELEM && marks->smooth[i] >= th;

		if (td_poll_every(tree->env, i, POLL_EVERY))
			return td_fail(tree->env, TD_EINTR, "page-level detection interrupted");
		marks->drop[i] = marks->drop[nd->parent] || own;
		marks->reason[i] = own ? TD_REASON_PAGE_SCORE :
			marks->drop[i] ? TD_REASON_INSIDE : TD_REASON_NONE;
	}
	marks->threshold = th;
	return TD_OK;
}

/* td_page_level's visible lengths, else computed (*own: the caller frees them) */
static uint32_t *
fallback_visible(const td_tree *tree, const td_page_marks *marks, int *own)
{
	uint32_t   *vis = marks->visible;

	*own = 0;
	if (vis)
		return vis;
	if (!(vis = td_alloc(tree->env, sizeof(uint32_t) * tree->n_nodes)))
	{
		td_fail(tree->env, TD_ENOMEM, "out of memory for the page-level fallback of %u nodes",
				tree->n_nodes);
		return NULL;
	}
	td_visible_lengths(tree, vis);
	*own = 1;
	return vis;
}

td_status
td_page_fallback(const td_tree *tree, td_page_marks *marks, double threshold,
				 double min_share, double *used)
{
	uint32_t   *vis;
	double		th = threshold;
	int			own;
	td_status	st;

	if (used)
		*used = threshold;
	if (tree->n_nodes == 0 || marks->smooth == NULL)
		return TD_OK;
	if (!(vis = fallback_visible(tree, marks, &own)))
		return TD_ENOMEM;
	st = fallback_choose(tree, marks, vis, threshold, min_share, &th);
	if (own)
		td_free(tree->env, vis);
	if (st != TD_OK)
		return st;
	if (used)
		*used = th;
	/* marks made at the threshold settled on already hold its drops */
	return th == marks->threshold ? TD_OK : fallback_apply(tree, marks, th);
}

/*
 * td_page_content_prob's table: bins of 0.05 of the score, from
 * EFD_TABLE=1 bench/efd_rules.py on a TD_STEPS k-fold run of the built-in
 * trees' configuration (bench/README.md, "Issue 12, sixth session" for the
 * method, "eleventh session: finer units and more trees" for this table's
 * run); monotone, never 0 or 1.
 */
static const double efd_prob[TD_EFD_BINS] = {
	0.9751, 0.9183, 0.8473, 0.8187, 0.7032, 0.6120, 0.5222, 0.4877, 0.3772, 0.3608,
	0.3608, 0.3406, 0.2771, 0.2458, 0.1956, 0.1924, 0.1558, 0.1102, 0.1076, 0.0309
};

double
td_page_content_prob(double x)
{
	int			b;

	if (!(x >= 0))
		return 1.0;
	b = x >= 1 ? TD_EFD_BINS - 1 : (int) (x * TD_EFD_BINS);
	return efd_prob[b < TD_EFD_BINS ? b : TD_EFD_BINS - 1];
}

/* The smoothed score in a key of td_page_expected_f1 (its float bits, high half). */
static float
key_score(uint64_t key)
{
	uint32_t	bits = (uint32_t) (key >> 32);
	float		f;

	memcpy(&f, &bits, sizeof(f));
	return f;
}

/* Adds the text of a key (its node, low half) to the kept sums. */
static inline void
efd_add(uint64_t key, const uint32_t *vis, const float *raw, double *cw, double *cp)
{
	uint32_t	i = (uint32_t) key;

	*cw += vis[i];
	*cp += td_page_content_prob(raw[i]) * vis[i];
}

/*
 * The page's block (pagelevel.h): the texts of one smoothed score in the
 * range, which every threshold keeps or drops together; w and pw their
 * characters and p-weighted characters, kept whether the threshold under
 * trial keeps them.  w == 0: the page has none.
 */
typedef struct efd_block
{
	float		score;
	double		w,
				pw;
	int			kept;
} efd_block;

/*
 * The page's block from keys[0..k) sorted up: the group of equal scores in
 * [TD_EFD_LO, TD_EFD_HI) holding the most characters, if it holds at least
 * TD_EFD_BLOCK_SHARE of all_w and the texts outside it are expected to hold
 * at least TD_EFD_BLOCK_REST characters of content (all_pw less its pw).
 */
static efd_block
efd_find_block(const uint64_t *keys, size_t k, const uint32_t *vis, const float *raw,
			   double all_w, double all_pw)
{
	efd_block	best = {0, 0, 0, 0};
	size_t		q = 0;

	while (q < k)
	{
		efd_block	g = {key_score(keys[q]), 0, 0, 0};

		while (q < k && key_score(keys[q]) == g.score)
			efd_add(keys[q++], vis, raw, &g.w, &g.pw);
		if (g.score >= TD_EFD_LO && g.score < TD_EFD_HI && g.w > best.w &&
			g.w >= TD_EFD_BLOCK_SHARE * all_w && all_pw - g.pw >= TD_EFD_BLOCK_REST)
			best = g;
	}
	return best;
}

/*
 * E of what is kept (cw characters, cp p-weighted, the block's included
 * when it is kept): with a block, its two outcomes weighed by q, the
 * block's own p-weighted share; the rest of the page by expectation.
 */
static double
efd_e(double cw, double cp, double all_pw, const efd_block *b)
{
	double		q,
				cp_rest,
				all_rest;

	if (b->w <= 0)
		return 2 * cp / (cw + all_pw);
	q = b->pw / b->w;
	cp_rest = cp - (b->kept ? b->pw : 0);
	all_rest = all_pw - b->pw;	/* >= TD_EFD_BLOCK_REST > 0 */
	return q * 2 * (cp_rest + (b->kept ? b->w : 0)) / (cw + all_rest + b->w) +
		(1 - q) * 2 * cp_rest / (cw + all_rest);
}

/*
 * The threshold of td_page_expected_f1 from the page's texts: keys[0..k)
 * sorted up, the characters and raw scores by node (vis, raw), base_w and
 * base_pw the texts no threshold drops, all_w and all_pw the sums of w_i
 * and p_i w_i.  Every p_i is over 0 (td_page_content_prob), so a threshold
 * whose E is 0 keeps no text: then 2, which the caller makes
 * all_but_apart, as td_page_fallback's ladder ends; a lone short
 * paragraph, which the trees may score as template once it is judged on
 * its own, stays.
 */
static double
efd_choose(const uint64_t *keys, size_t k, const uint32_t *vis, const float *raw,
		   double base_w, double base_pw, double all_w, double all_pw)
{
	double		cw = base_w,
				cp = base_pw,
				best_t = TD_EFD_LO,
				best_e,
				e,
				e_default = -1;
	size_t		q = 0;
	float		v;
	efd_block	block = efd_find_block(keys, k, vis, raw, all_w, all_pw);

	/* the texts every threshold of the range keeps */
	while (q < k && key_score(keys[q]) < TD_EFD_LO)
		efd_add(keys[q++], vis, raw, &cw, &cp);
	best_e = e = efd_e(cw, cp, all_pw, &block);
	/* then one group of equal scores at a time, while a threshold in range drops it */
	for (;;)
	{
		/* what TD_DEFAULT_PAGE_THRESHOLD keeps: everything under it, nothing above */
		if (e_default < 0 && (q == k || key_score(keys[q]) >= TD_DEFAULT_PAGE_THRESHOLD))
			e_default = e;
		if (!(q < k && (v = key_score(keys[q])) < TD_EFD_HI))
			break;
		block.kept |= v == block.score;	/* v >= TD_EFD_LO: never a page without a block's 0 */
		while (q < k && key_score(keys[q]) == v)
			efd_add(keys[q++], vis, raw, &cw, &cp);
		e = efd_e(cw, cp, all_pw, &block);
		if (e > best_e)
		{
			best_e = e;
			/* the lowest threshold that keeps this group: the next score, within range */
			best_t = q < k ? fmin(key_score(keys[q]), TD_EFD_HI) : TD_EFD_HI;
		}
	}
	/* the default threshold unless another one is expected to gain more than the margin */
	if (best_e < e_default + TD_EFD_MARGIN)
		return e_default > 0 ? TD_DEFAULT_PAGE_THRESHOLD : 2.0;
	return best_t;
}

td_status
td_page_expected_f1(const td_tree *tree, td_page_marks *marks, double *used)
{
	td_env	   *env = tree->env;
	uint32_t	n = tree->n_nodes;
	uint32_t   *vis;
	float	   *above = NULL,	/* the largest smoothed score of an element above or at */
			   *raw = NULL;		/* the classifier score of the nearest shown element */
	uint64_t   *keys = NULL;
	size_t		k = 0;
	double		base_w = 0,
				base_pw = 0,
				all_pw = 0,
				all_w = 0,
				th;
	int			own;
	td_status	st = TD_OK;

	if (used)
		*used = marks->threshold;
	if (n == 0 || marks->smooth == NULL)
		return TD_OK;
	if (!(vis = fallback_visible(tree, marks, &own)))
		return TD_ENOMEM;
	above = td_alloc(env, sizeof(float) * n);
	raw = td_alloc(env, sizeof(float) * n);
	/* keys, then as many again for the radix sort: at most one per text node */
	keys = td_alloc(env, sizeof(uint64_t) * 2 * (size_t) n);
	if (!above || !raw || !keys)
	{
		st = td_fail(env, TD_ENOMEM, "out of memory for the page-level decision of %u nodes", n);
		goto done;
	}
	above[0] = -1;
	raw[0] = -1;
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &tree->nodes[i];
		double		p;

		if (td_poll_every(env, i - 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "page-level detection interrupted");
			goto done;
		}
		above[i] = above[nd->parent];
		if (nd->kind == TD_ELEM && marks->smooth[i] > above[i])
			above[i] = marks->smooth[i];
		raw[i] = marks->score[i] >= 0 ? marks->score[i] : raw[nd->parent];
		if (nd->kind != TD_TEXT || vis[i] == 0)
			continue;
		p = td_page_content_prob(raw[i]) * vis[i];
		all_w += vis[i];
		all_pw += p;
		if (above[i] < 0)
		{
			/* under no smoothed element: kept at every threshold */
			base_w += vis[i];
			base_pw += p;
			continue;
		}
		{
			uint32_t	bits;

			memcpy(&bits, &above[i], sizeof(bits));
			keys[k++] = (uint64_t) bits << 32 | i;
		}
	}
	if (all_w <= 0 || all_pw <= 0)
		goto done;				/* nothing to weigh: the marks stay */
	/* non-negative floats sort as their bits */
	td_radix_sort_u64(keys, keys + k, k);
	th = efd_choose(keys, k, vis, raw, base_w, base_pw, all_w, all_pw);
	if (th > 1)
		th = all_but_apart(tree, marks, vis);
	if (used)
		*used = th;
	if (th != marks->threshold)
		st = fallback_apply(tree, marks, th);

done:
	if (own)
		td_free(env, vis);
	td_free(env, above);
	td_free(env, raw);
	td_free(env, keys);
	return st;
}

td_status
td_combine_drops(const td_tree *tree, const uint8_t *site, const uint8_t *page,
				 const uint8_t *keep, double min_region_share, uint8_t *drop)
{
	return td_combine_explained(tree, site, NULL, page, NULL, keep, min_region_share,
								drop, NULL);
}

/* The reason of a node dropped by site or page level (or inside a dropped one). */
static uint8_t
dropped_why(const uint8_t *site, const uint8_t *site_reason, const uint8_t *page,
			const uint8_t *page_reason, uint32_t i)
{
	if (site && site[i])
		return site_reason ? site_reason[i] : TD_REASON_SITE_SHARE;
	if (page[i])
		return page_reason ? page_reason[i] : TD_REASON_PAGE_SCORE;
	return TD_REASON_INSIDE;
}

td_status
td_combine_explained(const td_tree *tree, const uint8_t *site, const uint8_t *site_reason,
					 const uint8_t *page, const uint8_t *page_reason, const uint8_t *keep,
					 double min_region_share, uint8_t *drop, uint8_t *reason)
{
	td_env	   *env = tree->env;
	uint32_t	n = tree->n_nodes;
	uint32_t   *vis;
	uint8_t    *holds;			/* the subtree holds a node of keep[] */
	double		kept_site = 0,
				kept_region = 0;
	int			page_applies;

	if (!site || !keep)
	{
		for (uint32_t i = 0; i < n; i++)
		{
			drop[i] = (site && site[i]) || page[i];
			if (reason)
				reason[i] = drop[i] ? dropped_why(site, site_reason, page, page_reason, i)
					: TD_REASON_NONE;
		}
		return TD_OK;
	}
	vis = td_alloc(env, sizeof(uint32_t) * (n ? n : 1));
	holds = td_alloc(env, n ? n : 1);
	if (!vis || !holds)
	{
		td_free(env, vis);
		td_free(env, holds);
		return td_fail(env, TD_ENOMEM, "out of memory combining marks of %u nodes", n);
	}
	td_visible_lengths(tree, vis);
	for (uint32_t i = 0; i < n; i++)
	{
		holds[i] = keep[i];
		if (tree->nodes[i].kind == TD_TEXT && !site[i])
		{
			kept_site += vis[i];
			kept_region += keep[i] ? vis[i] : 0;
		}
	}
	for (uint32_t i = n; i-- > 1;)
		holds[tree->nodes[i].parent] |= holds[i];
	page_applies = kept_region >= min_region_share * kept_site;
	for (uint32_t i = 0; i < n; i++)
	{
		int			inside = i > 0 && drop[tree->nodes[i].parent];

		drop[i] = site[i] ||
			(page_applies && i > 0 && (inside || (page[i] && !holds[i])));
		if (reason == NULL)
			continue;
		/* page level's own drops and those inside them that the result keeps apart */
		if (site[i])
			reason[i] = dropped_why(site, site_reason, page, page_reason, i);
		else if (drop[i])
			reason[i] = inside ? TD_REASON_INSIDE : TD_REASON_PAGE_SCORE;
		else if (page[i])
			reason[i] = page_applies ? TD_REASON_MAIN_REGION : TD_REASON_SMALL_REGION;
		else
			reason[i] = TD_REASON_NONE;
	}
	td_free(env, vis);
	td_free(env, holds);
	return TD_OK;
}
