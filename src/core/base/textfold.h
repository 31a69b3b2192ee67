/*
 * textfold.h — the streaming hash of visible text shared by node
 * fingerprints (fingerprint.c) and table text chunks (chunk.c): white space
 * runs folded to one space and trimmed, and optionally each group of digits
 * of a date or a time folded to one '0' (fingerprint.c says why).  Text may
 * arrive in pieces (the text nodes of a chunk); td_text_fold_break puts a
 * word break between two pieces.  No allocation.
 */
#ifndef TD_TEXTFOLD_H
#define TD_TEXTFOLD_H

#include <stddef.h>
#include <stdint.h>

typedef struct td_text_fold
{
	char		win[256];
	size_t		w;
	uint64_t	h;
	int			any;			/* a non-blank byte was hashed */
	int			pending_space;
	unsigned char prev;			/* last byte seen (0 at a piece boundary) */
} td_text_fold;

void		td_text_fold_init(td_text_fold *tf, uint64_t seed);
/* Hashes s[0..len); a date or time must lie inside one piece to be folded. */
void		td_text_fold_add(td_text_fold *tf, const char *s, size_t len, int fold_dates);
/* White space between the previous piece and the next (folded like any). */
void		td_text_fold_break(td_text_fold *tf);
/* The hash, never 0; 0 when every byte was blank. */
uint64_t	td_text_fold_finish(td_text_fold *tf);

#endif
