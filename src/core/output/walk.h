/*
 * walk.h — what the output renderers (safehtml.c, markdown.c) share: one
 * walk of the page tree calling a renderer's element and text hooks, and
 * the split of a text node into words, blanks and zero-width characters as
 * td_render_text makes it (render.h).
 */
#ifndef TD_OUTWALK_H
#define TD_OUTWALK_H

#include "base/tree.h"

typedef struct td_walk_hooks
{
	td_status	(*open) (void *state, uint32_t elem);	/* an element starts */
	td_status	(*close) (void *state, uint32_t elem);	/* an element ends */
	td_status	(*text) (void *state, uint32_t node);	/* a visible text node */
} td_walk_hooks;

/*
 * Walks the nodes of tree in document order without recursion, calling the
 * hooks, each element's close after its subtree; a node marked in drop (may
 * be NULL) or hidden (script, style, head..., and what they hold) is skipped
 * with its subtree.  Polls env for interrupts (TD_EINTR); stops at the
 * first hook that fails and returns its status.
 */
td_status	td_walk(const td_tree *tree, const uint8_t *drop, const td_walk_hooks *hooks,
					void *state, td_env *env);

enum
{
	TD_PIECE_END = 0,			/* nothing left */
	TD_PIECE_BLANK,				/* a run of white space (Unicode White_Space) */
	TD_PIECE_WORD				/* *word, *len: text without blanks or zero-width characters */
};

/*
 * The next piece of text at *p (< end), moving *p past it; zero-width
 * characters are skipped (the text on either side then comes as two words
 * with no blank between).  With keep_blanks (inside <pre>) blanks are part
 * of the words.
 */
int			td_text_piece(const unsigned char **p, const unsigned char *end, int keep_blanks,
						  const unsigned char **word, size_t *len);

#endif							/* TD_OUTWALK_H */
