/*
 * etdm.h — menu-based template extraction, the template half (seed 003,
 * chapter 3 and §5.2; seed 004 §4): the equality probability of two DOM
 * nodes (Definition 3.2.2, weights tuned in §5.2.3), the exact top-down
 * mapping between a key page and one peer (Definition 3.3.1) and t-of-n
 * votes over n peers (§3.1, §5.2.2): a key node is template when it is
 * mapped in at least t of the n peers.
 *
 * Node attributes (Definition 3.2.1): tag, id, the set of classes, the set
 * of attribute names other than class and id, the number of children and
 * the child index.  Children are the DOM's childNodes: elements and text
 * nodes, white-space runs included (comments are not in the page tree).
 * A text node's tag is "#text", as in the DOM; with compare_text (the
 * default, not in the thesis: it matches whole DOM subtrees of one site and
 * never compares text, so every paragraph of a shared layout would be
 * template) two text nodes are also required to hold the same text, white
 * space folded.
 *
 * Nothing recurses: the mapping walks the trees with an explicit stack,
 * and Definition 3.3.1's split into before/after sets is computed by
 * taking candidate pairs in descending probability and keeping those that
 * fit between the pairs already kept, which picks the same pairs.
 * Two sibling lists are compared pair by pair when one of them has at
 * most 2·TD_ETDM_BAND+1 nodes and they make at most TD_ETDM_MAX_CELLS
 * pairs; otherwise each key child is compared only with the peer's
 * children within TD_ETDM_BAND places of its proportional position (fewer
 * for lists over 8,192 nodes), so one mapping makes at most
 * (2·TD_ETDM_BAND+1)·(key nodes + peer nodes) comparisons and holds at most
 * TD_ETDM_MAX_CELLS candidate pairs.
 */
#ifndef TD_ETDM_H
#define TD_ETDM_H

#include "base/tree.h"

/* §5.2.3: weights after tuning (the first were 0.4, 0.4, 0.1, 0.1). */
#define TD_ETDM_W_CLASSES		0.5
#define TD_ETDM_W_POSITION		0.2
#define TD_ETDM_W_ATTRIBUTES	0.2
#define TD_ETDM_W_CHILDREN		0.1
/* notClassesProbability: "higher than 0,75 and lower than 1"; the midpoint. */
#define TD_ETDM_NOT_CLASSES		0.875
#define TD_ETDM_NOT_ATTRIBUTES	0.25
#define TD_ETDM_NOT_CHILDREN	1.0
/* similarityThreshold: no value in the thesis; measured on the corpus (README). */
#define TD_ETDM_SIMILARITY		0.5
/* §5.2.2: n = 3 peers, t = 2 votes. */
#define TD_ETDM_PEERS			3
#define TD_ETDM_VOTES			2
#define TD_ETDM_BAND			64
#define TD_ETDM_MAX_CELLS		(1u << 20)

typedef struct td_etdm_params
{
	double		w_classes;		/* weights of Definition 3.2.2; they must sum to 1 */
	double		w_position;
	double		w_attributes;
	double		w_children;
	double		not_classes;	/* P_c when neither node has a class */
	double		not_attributes; /* P_a when neither node has other attributes */
	double		not_children;	/* P_ch when neither node has children */
	double		similarity_threshold;	/* P_t: pairs below it are never mapped */
	int			activate_position;	/* 1: mapped siblings keep their order */
	int			compare_text;	/* 1: text nodes map only onto the same text */
} td_etdm_params;

void		td_etdm_params_default(td_etdm_params *p);

/* TD_EARG with a message naming the parameter when p is out of range. */
td_status	td_etdm_check_params(td_env *env, const td_etdm_params *p);

/* The node attributes of Definition 3.2.1, one entry per tree node. */
typedef struct td_etdm_node
{
	uint64_t	name;			/* tag (or text) key: equal names = equal tags */
	uint64_t	id;				/* hash of the id value; 0 when none */
	uint64_t	subtree;		/* names of the whole subtree, in order: ties */
	uint32_t	sets;			/* offset in page->sets: classes, then attribute names */
	uint32_t	n_classes;		/* sorted distinct hashes */
	uint32_t	n_attrs;
	uint32_t	n_children;
	uint32_t	index;			/* child index from the left, 0-based */
} td_etdm_node;

typedef struct td_etdm_page
{
	const td_tree *tree;
	td_etdm_node *nodes;
	uint64_t   *sets;
	size_t		n_sets,
				cap_sets;
} td_etdm_page;

/* The attributes of every node of tree (allocated with tree->env). */
td_status	td_etdm_page_build(const td_tree *tree, const td_etdm_params *p, td_etdm_page *out);
void		td_etdm_page_free(td_etdm_page *page);

/* P=(a.i, b.j) of Definition 3.2.2, in [0, 1]. */
double		td_etdm_equality(const td_etdm_page *a, uint32_t i, const td_etdm_page *b,
							 uint32_t j, const td_etdm_params *p);

/*
 * The exact top-down mapping of Definition 3.3.1 from the key page onto a
 * peer: match[i] = the peer node key node i is mapped to, or TD_NONE.  The
 * roots (documents) always map (Algorithm 3's root(p_k) ≜ root(p)).
 * match holds key->tree->n_nodes entries.
 */
td_status	td_etdm_map(const td_etdm_page *key, const td_etdm_page *peer,
						const td_etdm_params *p, uint32_t *match);

/*
 * Votes of n peers on one key page: add the peers one at a time (each peer
 * tree may be freed after td_etdm_add_peer returns), then read the marks.
 */
typedef struct td_etdm
{
	td_etdm_params params;
	td_etdm_page key;
	uint32_t   *match;			/* scratch: the last peer's mapping */
	uint32_t   *votes;			/* per key node: peers it is mapped in */
	uint32_t	peers;
} td_etdm;

td_status	td_etdm_init(td_etdm *e, const td_tree *key, const td_etdm_params *p);
td_status	td_etdm_add_peer(td_etdm *e, const td_tree *peer);

/*
 * Marks for a vote threshold t in [1, peers] (else TD_EARG).  template (may
 * be NULL): 1 for key nodes mapped in at least t peers (a top-down closed
 * set: the root and the ancestors of every template node).  strip (may be
 * NULL): 1 for the nodes whose whole subtree is template, the drop marks
 * that leave the key page's text without the template.
 */
td_status	td_etdm_marks(const td_etdm *e, uint32_t t, uint8_t *template_marks, uint8_t *strip);
void		td_etdm_free(td_etdm *e);

#endif
