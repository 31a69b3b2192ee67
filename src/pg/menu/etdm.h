/*
 * etdm.h — ETDM (menu-based template extraction, src/core/menu/etdm.h) for
 * SQL functions: the parameter arguments, the vote check, and the votes of
 * peer pages given as datums.  etdm_template and strip_etdm (etdm.c) use
 * it with peers from an array; a function that reads the peers from a
 * table calls the same steps:
 *
 *     td_pg_etdm_params(fcinfo, first, &params);
 *     td_pg_etdm_check_votes(votes, n_peers);
 *     td_pg_etdm_begin(&e, key_tree, &params);
 *     for each peer: td_pg_etdm_add_peer(&e, html_datum, is_bytea);
 *     result = td_pg_etdm_result(&e, votes, as_template);
 *
 * Everything is allocated in the key tree's env context, except the peer
 * trees, each parsed in a context of its own and freed once voted.
 */
#ifndef TD_PG_ETDM_H
#define TD_PG_ETDM_H

#include "pg/base/glue.h"

#include "menu/etdm.h"

/*
 * The parameter arguments after votes, in this SQL order: similarity_threshold,
 * activate_position, compare_text, w_classes, w_position, w_attributes,
 * w_children, not_classes, not_attributes, not_children.
 */
#define TD_PG_ETDM_NPARAMS 10

/* Reads the parameters from arguments first .. first + 9; 22023 when one is out of range. */
extern void td_pg_etdm_params(FunctionCallInfo fcinfo, int first, td_etdm_params *params);

/* 22023 unless 1 <= votes <= peers. */
extern void td_pg_etdm_check_votes(int votes, int peers);

extern void td_pg_etdm_begin(td_etdm *e, const td_tree *key, const td_etdm_params *params);

/* Parses one peer page (text in the server encoding, or raw bytes) and adds its votes. */
extern void td_pg_etdm_add_peer(td_etdm *e, Datum html, bool is_bytea);
/* The same for a peer already parsed (the caller frees it). */
extern void td_pg_etdm_add_peer_tree(td_etdm *e, const td_tree *peer);

/*
 * as_template: the key page's nodes mapped in at least votes peers, as
 * HTML; otherwise the key page's visible text without them.
 */
extern text *td_pg_etdm_result(td_etdm *e, int votes, bool as_template);

#endif							/* TD_PG_ETDM_H */
