/*
 * tree.h — the page tree: an HTML page as flat arrays, built from libxml2's
 * HTML SAX events (tree.c is the only module that touches libxml2).
 *
 * Nodes are stored in document order (preorder).  Node 0 is the document
 * root (kind TD_ROOT); a node's subtree is the index range [i, nodes[i].end),
 * so a parent always has a smaller index than its children and a reverse loop
 * over the array visits children before parents: every per-node computation
 * is a loop, never a recursion that a deep page could overflow.
 */
#ifndef TD_TREE_H
#define TD_TREE_H

#include "base/env.h"

#define TD_NONE UINT32_MAX

typedef enum td_kind
{
	TD_ROOT = 0,
	TD_ELEM = 1,
	TD_TEXT = 2
} td_kind;

/* Per-node flags (td_node.flags). */
#define TD_F_BLOCK		0x01	/* element breaks lines (div, p, li, br, h1...) */
#define TD_F_HIDDEN		0x02	/* element never rendered: script, style, noscript, template, head... */
#define TD_F_VOID		0x04	/* void element (br, img, meta...): no end tag in HTML output */
#define TD_F_PRE		0x08	/* node is <pre>/<textarea>/<listing> or inside one: keep whitespace */
#define TD_F_INHIDDEN	0x10	/* node is inside a hidden element (text not visible) */
#define TD_F_RAWTEXT	0x20	/* element whose content is raw text (script, style): not escaped in HTML */

typedef struct td_node
{
	uint32_t	parent;			/* TD_NONE for the root */
	uint32_t	first_child;	/* TD_NONE when none */
	uint32_t	next_sibling;	/* TD_NONE when none */
	uint32_t	end;			/* one past the last node of this subtree */
	uint32_t	depth;			/* root = 0 */
	uint32_t	str_off;		/* element: lower-case name; text: decoded UTF-8 text */
	uint32_t	str_len;
	uint32_t	attr_first;		/* element: index into tree->attrs */
	uint16_t	attr_count;
	uint16_t	tag;			/* td_tag id from tags.h, TD_TAG_UNKNOWN for others */
	uint8_t		kind;			/* td_kind */
	uint8_t		flags;			/* TD_F_* */
} td_node;

typedef struct td_attr
{
	uint32_t	name_off;		/* lower-case name in tree->strings */
	uint32_t	name_len;
	uint32_t	value_off;		/* decoded UTF-8 value */
	uint32_t	value_len;
} td_attr;

typedef struct td_tree
{
	td_env	   *env;
	td_node    *nodes;
	uint32_t	n_nodes;
	td_attr    *attrs;
	uint32_t	n_attrs;
	char	   *strings;		/* all names, texts and values; not NUL-separated */
	size_t		n_strings;
	uint32_t	clamped;		/* start tags flattened because of max_depth */
	size_t		cap_nodes, cap_attrs, cap_strings;	/* allocator bookkeeping */
} td_tree;

typedef struct td_limits
{
	size_t		max_bytes;		/* input size; over it: TD_ELIMIT before parsing */
	uint32_t	max_nodes;		/* nodes created; over it: TD_ELIMIT */
	uint32_t	max_depth;		/* deeper start tags are flattened into the deepest
								 * open element (clamped, content kept), as
								 * browsers do at 512 */
	int			media_attrs_only;	/* keep only the src and data attributes (what
									 * fingerprints read): the same elements, visible
									 * texts and fingerprints, parsed faster (script
									 * text may lose attribute-like bytes); for
									 * callers that render no HTML and read no other
									 * attribute.  0 by default */
} td_limits;

#define TD_DEFAULT_MAX_BYTES	(64 * 1024 * 1024)
#define TD_DEFAULT_MAX_NODES	2000000
#define TD_DEFAULT_MAX_DEPTH	512

void		td_limits_default(td_limits *limits);

/*
 * Parses HTML bytes in the given encoding (an IANA/libxml2 name such as
 * "UTF-8", "windows-1252", "Shift_JIS"; NULL means UTF-8) in recover mode,
 * without network access.  Malformed HTML is not an error.  On TD_OK *out is
 * a tree to release with td_tree_free; on failure *out is NULL and every
 * byte allocated, libxml2's included, has been freed.
 */
td_status	td_parse_html(td_env *env, const char *html, size_t len,
						  const char *encoding, const td_limits *limits,
						  td_tree **out);

void		td_tree_free(td_tree *tree);

static inline const char *
td_node_str(const td_tree *t, uint32_t i)
{
	return t->strings + t->nodes[i].str_off;
}

/* The value of attribute name (lower-case) of element i, or NULL. */
const char *td_node_attr(const td_tree *t, uint32_t i, const char *name, uint32_t *len);

#endif							/* TD_TREE_H */
