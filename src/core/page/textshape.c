/*
 * textshape.c — how an element's text is written (textshape.h).
 */
#include "page/textshape.h"

#include <math.h>
#include <string.h>

#include "util/ascii.h"
#include "util/poll.h"

#define POLL_EVERY 4096

/*
 * English closed-class words, written for this list (common knowledge, not
 * copied from another project's list; Debian's multilingual lists,
 * liblingua-stopwords-perl, are Artistic/GPL-1+, not the PostgreSQL
 * Licence): articles and determiners, pronouns, prepositions, conjunctions,
 * auxiliaries, a few adverbs, and the pieces an apostrophe leaves (it's,
 * don't, we'll, they're, I've).  Left out on purpose: closed-class words that
 * are common as interface labels (read more, sign up, log out, about us, all,
 * off, down, May), so a menu of them does not read as prose.  Sorted (strcmp
 * order): binary search.
 */
static const char *const stop_words[] = {
	"a", "about", "above", "across", "after", "again", "against", "along", "also",
	"although", "am", "among", "an", "and", "any", "are", "around", "as", "at", "be",
	"because", "been", "before", "behind", "being", "below", "beneath", "beside",
	"besides", "between", "beyond", "both", "but", "by", "can", "could", "did", "do",
	"does", "doing", "during", "each", "either", "even", "ever", "every", "few", "for",
	"from", "had", "has", "have", "having", "he", "her", "here", "hers", "herself",
	"him", "himself", "his", "how", "however", "i", "if", "in", "inside", "into", "is",
	"it", "its", "itself", "just", "ll", "many", "me", "might", "mine", "most", "much",
	"must", "my", "myself", "near", "neither", "never", "no", "nor", "not", "now",
	"of", "on", "once", "only", "onto", "or", "other", "our", "ours", "ourselves",
	"outside", "over", "own", "past", "re", "s", "same", "shall", "she", "should",
	"since", "so", "some", "still", "such", "t", "than", "that", "the", "their",
	"theirs", "them", "themselves", "then", "there", "therefore", "these", "they",
	"this", "those", "though", "through", "throughout", "thus", "to", "too", "toward",
	"towards", "under", "underneath", "unless", "until", "upon", "ve", "very", "via",
	"was", "we", "were", "what", "when", "whenever", "where", "whereas", "whether",
	"which", "while", "who", "whom", "whose", "why", "will", "with", "within",
	"without", "would", "yet", "you", "your", "yours", "yourself", "yourselves"
};

#define N_STOP (sizeof(stop_words) / sizeof(stop_words[0]))
#define STOP_MAX_LEN 10			/* the longest word above ("themselves") */

int
td_textshape_stop_word(const char *w, size_t len)
{
	char		low[STOP_MAX_LEN + 1];
	size_t		lo = 0,
				hi = N_STOP;

	if (len == 0 || len > STOP_MAX_LEN)
		return 0;
	for (size_t k = 0; k < len; k++)
	{
		unsigned char c = (unsigned char) w[k];

		if (c >= 0x80)
			return 0;
		low[k] = (char) td_ascii_lower(c);
	}
	low[len] = '\0';
	while (lo < hi)
	{
		size_t		mid = (lo + hi) / 2;
		int			c = strcmp(low, stop_words[mid]);

		if (c == 0)
			return 1;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return 0;
}

/* Whether the text s[0, len) ends with . ! or ?, closing quotes and brackets skipped. */
static int
ends_sentence(const unsigned char *s, size_t len)
{
	while (len > 0)
	{
		unsigned char c = s[len - 1];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ')' ||
			c == ']' || c == '"' || c == '\'')
			len--;
		else if (len >= 3 && s[len - 3] == 0xE2 && s[len - 2] == 0x80 &&
				 (c == 0x99 || c == 0x9D))	/* ’ ” */
			len -= 3;
		else if (len >= 2 && s[len - 2] == 0xC2 && (c == 0xBB || c == 0xA0))	/* » nbsp */
			len -= 2;
		else
			return c == '.' || c == '!' || c == '?';
	}
	return -1;					/* blank: says nothing */
}

td_status
td_textshape_rows(const td_tree *t, const uint32_t *which, uint32_t n_rows, float *out,
				  size_t stride)
{
	td_env	   *env = t->env;
	uint32_t	n = t->n_nodes;
	char	   *block;
	uint32_t   *blk,			/* per node: its nearest block-level element (0: none) */
			   *bw,				/* per block element: words of its block ... */
			   *bs,				/* ... and stop words */
			   *words,			/* per node: words of the subtree ... */
			   *stops,			/* ... stop words ... */
			   *longw,			/* ... words in long blocks ... */
			   *goodw;			/* ... words in long blocks of prose */
	double	   *held,			/* per node: blocks held (sum of shares) ... */
			   *ended;			/* ... of which those ending a sentence */
	uint8_t    *bend;			/* per block element: 1 ends a sentence */
	float		p_stop;
	td_status	st = TD_OK;

	if (n == 0)
		return TD_OK;
	block = td_alloc(env, (size_t) n * (2 * 8 + 7 * 4 + 1));
	if (!block)
		return td_fail(env, TD_ENOMEM, "out of memory for text-shape columns");
	held = (double *) block;
	ended = held + n;
	blk = (uint32_t *) (ended + n);
	bw = blk + n;
	words = bw + n;
	stops = words + n;
	longw = stops + n;
	goodw = longw + n;
	bs = goodw + n;
	bend = (uint8_t *) (bs + n);
	memset(block, 0, (size_t) n * (2 * 8 + 7 * 4 + 1));
	/* down: each node's block, each visible text node's words and stop words */
	for (uint32_t i = 1; i < n; i++)
	{
		const td_node *nd = &t->nodes[i];
		const unsigned char *s,
				   *e;
		uint32_t	b = blk[nd->parent];
		int			end;

		if (td_poll_every(env, i - 1, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "text-shape columns interrupted");
			goto done;
		}
		if (nd->kind == TD_ELEM && (nd->flags & TD_F_BLOCK))
			b = i;
		blk[i] = b;
		if (nd->kind != TD_TEXT || (nd->flags & TD_F_INHIDDEN))
			continue;
		s = (const unsigned char *) td_node_str(t, i);
		e = s + nd->str_len;
		for (const unsigned char *p = s; p < e;)
		{
			const unsigned char *w;

			while (p < e && !td_word_byte(*p))
				p++;
			if (p == e)
				break;
			w = p;
			while (p < e && td_word_byte(*p))
				p++;
			words[i]++;
			stops[i] += td_textshape_stop_word((const char *) w, p - w);
		}
		bw[b] += words[i];
		bs[b] += stops[i];
		if ((end = ends_sentence(s, nd->str_len)) >= 0)
			bend[b] = (uint8_t) end;
	}
	/* up: each text node's share of its block, then sums into the parents */
	for (uint32_t i = n - 1; i >= 1; i--)
	{
		const td_node *nd = &t->nodes[i];
		uint32_t	p = nd->parent;

		if (td_poll_every(env, i, POLL_EVERY))
		{
			st = td_fail(env, TD_EINTR, "text-shape columns interrupted");
			goto done;
		}
		if (nd->kind == TD_TEXT && words[i] > 0)
		{
			uint32_t	b = blk[i];

			held[i] = (double) words[i] / bw[b];
			ended[i] = bend[b] ? held[i] : 0;
			longw[i] = bw[b] >= TD_TS_LONG_WORDS ? words[i] : 0;
			goodw[i] = bw[b] >= TD_TS_LONG_WORDS &&
				bs[b] >= TD_TS_PROSE_STOP * bw[b] ? words[i] : 0;
		}
		words[p] += words[i];
		stops[p] += stops[i];
		longw[p] += longw[i];
		goodw[p] += goodw[i];
		held[p] += held[i];
		ended[p] += ended[i];
	}
	p_stop = words[0] ? (float) stops[0] / words[0] : 0;
	for (uint32_t j = 0; j < n_rows; j++)
	{
		uint32_t	i = which ? which[j] : j;
		float	   *c = out + (size_t) j * stride;

		if (i == 0 || t->nodes[i].kind != TD_ELEM)
			continue;
		c[TD_TS_P_STOP] = p_stop;
		if (words[i] == 0)
		{
			c[TD_TS_STOP] = c[TD_TS_BLOCK_WORDS] = c[TD_TS_LONG] = c[TD_TS_SENT_END] = 0;
			c[TD_TS_PROSE] = c[TD_TS_STOP_REL] = 0;
			continue;
		}
		c[TD_TS_STOP] = (float) stops[i] / words[i];
		c[TD_TS_BLOCK_WORDS] = (float) log1p(words[i] / held[i]);
		c[TD_TS_LONG] = (float) longw[i] / words[i];
		c[TD_TS_SENT_END] = (float) (ended[i] / held[i]);
		c[TD_TS_PROSE] = (float) goodw[i] / words[i];
		c[TD_TS_STOP_REL] = c[TD_TS_STOP] - p_stop;
	}
done:
	td_free(env, block);
	return st;
}
