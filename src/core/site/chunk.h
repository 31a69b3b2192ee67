/*
 * chunk.h — table text chunks (seed 002 §3): "consecutive terms extracted
 * between a pair of closest HTML table tags", where a delimiter is a table
 * or image-map tag or its end tag.
 *
 * Delimiters (td_chunk_delimiter): table, caption, thead, tbody, tfoot,
 * tr, td, th, colgroup, col (the table tags) and map, area (the image-map
 * tags).  Both the start and the end of such an element cut the text, as the
 * paper's first pass stores a chunk "whenever a delimiter tag or its
 * respective end tag is encountered"; every delimiter cuts, shown or hidden.
 * No other tag cuts: a page without tables is one chunk.
 *
 * A chunk's text is its visible text nodes (not script, style, head...) in
 * document order with a word break between nodes; its fingerprint hashes
 * that text with white space folded (textfold.h).  Digits are kept as they
 * are (TD_CHUNK_FOLD_DATES = 0), as the paper counts them: folding dates
 * and times as node fingerprints do was measured on the development corpus
 * and moved site-averaged F1 by +0.0002 only (README "Quality").  A chunk
 * with no visible character has no fingerprint and is not counted.
 */
#ifndef TD_CHUNK_H
#define TD_CHUNK_H

#include "base/tree.h"

/* Changes whenever what goes into a chunk fingerprint changes; stored in chunk profiles. */
#define TD_CHUNK_SCHEME		1
#ifndef TD_CHUNK_FOLD_DATES		/* 1 only in a measurement build (bench/core_quality) */
#define TD_CHUNK_FOLD_DATES	0
#endif

typedef struct td_chunks
{
	uint32_t   *of;				/* per node: its chunk for a non-blank visible text node, else TD_NONE */
	uint64_t   *fp;				/* per chunk: fingerprint, never 0 */
	uint32_t	n;				/* chunks */
} td_chunks;

/* Whether an element with this td_tag id delimits chunks. */
int			td_chunk_delimiter(uint16_t tag);

/*
 * Cuts the page into chunks.  fold_dates 0 is the chunk scheme; 1 folds
 * dates and times as node fingerprints do (for measuring).  Arrays are
 * allocated with tree->env; release with td_chunks_free.
 */
td_status	td_page_chunks(const td_tree *tree, int fold_dates, td_chunks *chunks);
void		td_chunks_free(const td_tree *tree, td_chunks *chunks);

/*
 * What a page contributes to a chunk profile, sorted and distinct, written to
 * out (room for chunks->n + 1): its chunk fingerprints and the page's own
 * entry, td_chunk_page_entry(page_key), by which stripping tells whether the
 * profile counted the page.  Returns the number written.
 */
size_t		td_chunk_page_fingerprints(const td_chunks *chunks, uint64_t page_key, uint64_t *out);
uint64_t	td_chunk_page_entry(uint64_t page_key);

#endif
