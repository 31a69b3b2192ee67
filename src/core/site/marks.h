/*
 * marks.h — site-level template marking (seed 000 §3 step 1 and §5.1).
 *
 * A counted node is template when its fingerprint occurs on at least
 * threshold * N of the profile's pages and on at least 2 pages other than
 * this one (whether this page is in the profile is read from its root
 * fingerprint), so a page never makes its own content template.  Then,
 * bottom-up, an element whose visible text is more than 85% inside template
 * nodes is template too, provided what is not template in it is at most
 * TD_ANCESTOR_MAX_REST visible characters: the rule is there for the small
 * things that differ per page inside a template block (the current page's
 * name in a menu, a date); a longer rest is content, as when a page's only
 * wrapper holds a large site menu and a short article; and all that the
 * rule drops from a page adds up to at most TD_ANCESTOR_MAX_LOSS of the
 * text the page keeps without it, so a page whose content is a few words
 * beside a large template keeps them.  The page itself (root, html, body)
 * is never dropped by this rule.  Descendants of a template node are
 * template.
 */
#ifndef TD_STRIP_H
#define TD_STRIP_H

#include "site/profile.h"
#include "base/tree.h"
#include "base/reason.h"

#define TD_DEFAULT_THRESHOLD	0.1
#define TD_ANCESTOR_SHARE		0.85
#define TD_ANCESTOR_MAX_REST	100
#define TD_ANCESTOR_MAX_LOSS	0.1

typedef struct td_marks
{
	uint8_t    *drop;			/* 1 = template (node and subtree dropped), per node */
	uint8_t    *reason;			/* why (base/reason.h), set where drop is */
	uint32_t   *pages;			/* profile count of the node's fingerprint, per node */
	uint32_t   *visible;		/* visible characters of the subtree, per node */
	uint32_t	n_nodes;
	int			self_in_profile;	/* 1 when the page's own root fingerprint is in the profile */
} td_marks;

/*
 * Computes fingerprints and marks against a node profile (a chunk profile is
 * TD_EARG).  threshold must be in (0, 1] and above the profile's error share
 * E/N (else TD_EARG).  marks arrays are allocated with tree->env; release
 * with td_marks_free.
 */
td_status	td_mark_template(const td_tree *tree, const td_profile_view *profile,
							 double threshold, td_marks *marks);

/*
 * Table text chunks (chunk.h) against a chunk profile: the text nodes of a
 * chunk on at least threshold * N pages and on at least 2 pages other than
 * this one are template (pages[] holds their chunk's count; elements 0).
 * Then an element whose visible text is all template is template too, so
 * that clean HTML loses the emptied table cells and rows (the page frame
 * excepted).  Same arguments and errors as td_mark_template.
 */
td_status	td_mark_chunks(const td_tree *tree, const td_profile_view *profile,
						   double threshold, td_marks *marks);

/* td_mark_template or td_mark_chunks, by the profile's unit. */
td_status	td_mark_site(const td_tree *tree, const td_profile_view *profile,
						 double threshold, td_marks *marks);
void		td_marks_free(const td_tree *tree, td_marks *marks);

/*
 * Site profiles as evidence inside the page's declared content (clean_text
 * with a profile; issue 12): a node site level drops (an outermost one) is
 * kept when it lies inside the page's one <main> element (or role="main"),
 * holds under max_len visible characters, under half of them link text,
 * and a letter.  A short label that repeats on every page of a generated
 * site is part of the content it labels (javadoc's "Method Summary" and
 * "Modifier and Type", a results table's header); repeated links there
 * (previous / next, tags) and digit-only gutters (code line numbers) stay
 * template, and so does everything outside <main> or on a page with none
 * or several.  Measured on sites/ (bench/README.md, "Site level inside the
 * page's content"): 0.951 -> 0.958.  drop and reason of marks are cleared
 * on the subtrees kept.  TD_ENOMEM, TD_EINTR.
 */
#define TD_MAIN_LABEL_MAX	200
td_status	td_keep_main_labels(const td_tree *tree, td_marks *marks, uint32_t max_len);

#endif
