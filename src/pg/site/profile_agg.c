/*
 * profile_agg.c — the aggregates template_profile(html [, unit]) and
 * template_profile_union(tdprofile).
 *
 * The state is the core's td_profile (a hash table) living in the aggregate
 * context, with the td_env it allocates through.  Each page is parsed in a
 * scratch context deleted once its fingerprints (node unit) or chunk
 * fingerprints (chunk unit) are in the profile, so memory is the profile's
 * table, its page keys (exact duplicates are counted once) and one page.
 * Partial aggregation ships states in the state form of the serialized
 * format (with the page keys, so the combine step tallies the duplicates
 * that different workers counted); the final tdprofile has no keys.
 *
 * template_profile's transition type is tdprofile itself, not internal: Citus
 * splits an aggregate into worker partials and a coordinator combine only when
 * its transition type is a real type with a text form (worker_partial_agg and
 * coord_combine_agg in Citus ship it through the type's output and input
 * functions); internal is a pseudo-type, so Citus would pull every page to
 * the coordinator.  In memory the state is an expanded object (utils/
 * expandeddatum.h) wrapping the same profile_state: the executor (and Citus)
 * keep a read-write expanded state in place between rows instead of copying
 * it, and flatten it to the state form (a valid tdprofile, with page keys)
 * only when it crosses a process or a node.  template_profile_union keeps the
 * internal state with serialize/deserialize functions.
 */
#include "pg/base/glue.h"

#include "site/chunk.h"
#include "site/fingerprint.h"
#include "utils/builtins.h"
#include "utils/expandeddatum.h"
#include "utils/memutils.h"

PG_FUNCTION_INFO_V1(template_profile_transfn_text);
PG_FUNCTION_INFO_V1(template_profile_transfn_bytea);
PG_FUNCTION_INFO_V1(template_profile_union_transfn);
PG_FUNCTION_INFO_V1(template_profile_combinefn);
PG_FUNCTION_INFO_V1(template_profile_serialfn);
PG_FUNCTION_INFO_V1(template_profile_deserialfn);
PG_FUNCTION_INFO_V1(template_profile_finalfn);
PG_FUNCTION_INFO_V1(template_profile_state_transfn_text);
PG_FUNCTION_INFO_V1(template_profile_state_transfn_bytea);
PG_FUNCTION_INFO_V1(template_profile_state_combinefn);
PG_FUNCTION_INFO_V1(template_profile_state_finalfn);

typedef struct profile_state
{
	td_env		env;			/* allocates in the context the state lives in */
	td_profile *profile;
	uint8_t		unit;			/* TD_UNIT_NODE or TD_UNIT_CHUNK */
	bool		dedup;			/* compute page keys (templatedet.profile_dedup_pages > 0) */
	int64		rows;			/* non-NULL pages of the group so far, for the error context */
} profile_state;

static MemoryContext
agg_context(FunctionCallInfo fcinfo, const char *fname)
{
	MemoryContext cxt;

	if (!AggCheckCallContext(fcinfo, &cxt))
		elog(ERROR, "%s called in non-aggregate context", fname);
	return cxt;
}

/* A new, empty state of unit in cxt with the current settings. */
static profile_state *
state_create(MemoryContext cxt, uint8_t unit)
{
	profile_state *state = MemoryContextAllocZero(cxt, sizeof(profile_state));
	td_profile_settings settings;
	td_status	st;

	td_pg_env_init(&state->env, cxt);
	td_pg_env_cancel_only(&state->env);
	td_pg_profile_settings(&settings, unit);
	state->unit = unit;
	state->dedup = settings.dedup_capacity > 0;
	st = td_profile_create(&state->env, &settings, &state->profile);
	if (st != TD_OK)
		td_pg_report(&state->env, st, "templatedet.profile_capacity");
	return state;
}

/* A state in cxt loaded from a serialized profile (validated by the core). */
static profile_state *
state_from_bytes(MemoryContext cxt, const bytea *b)
{
	profile_state *state = MemoryContextAllocZero(cxt, sizeof(profile_state));
	td_profile *p = NULL;

	td_pg_env_init(&state->env, cxt);
	td_pg_env_cancel_only(&state->env);
	TD_PG_CALL(&state->env, p = NULL,
			   td_profile_deserialize(&state->env, VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b),
									  (uint32_t) td_guc_profile_capacity, &p),
			   "templatedet.profile_capacity");
	td_profile_set_dedup_capacity(p, (uint32_t) td_guc_profile_dedup_pages);
	state->profile = p;
	state->unit = td_profile_unit(p);
	state->dedup = td_guc_profile_dedup_pages > 0;
	return state;
}

/*
 * dst += src.  An interrupted merge leaves dst half-merged and unusable, so
 * it cannot be retried: the state's env only reports interrupts that end
 * the query (td_pg_env_cancel_only), and CHECK_FOR_INTERRUPTS() throws.
 */
static void
state_merge(profile_state *dst, const profile_state *src)
{
	td_status	st = td_profile_merge(dst->profile, src->profile);

	if (st == TD_EINTR)
	{
		CHECK_FOR_INTERRUPTS();
		elog(ERROR, "templatedet: profile merge interrupted");
	}
	if (st != TD_OK)
		td_pg_report(&dst->env, st, "templatedet.profile_capacity");
}

/*
 * Adds one page (argument 1 of fcinfo) to state, or counts it as skipped
 * (templatedet.on_error = skip; the glue has warned).
 */
static void
add_page(profile_state *state, FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext scratch = td_pg_scratch_context("templatedet page");
	td_env		env;
	td_tree    *tree;
	uint64_t   *fp;
	uint64_t   *distinct;
	size_t		n;
	td_status	st;

	uint64_t	key = 0;
	int			counted;

	td_pg_env_init(&env, scratch);
	state->rows++;
	tree = td_pg_parse_row(&env, fcinfo, 1, is_bytea, true, state->rows);
	if (tree == NULL)
	{
		st = td_profile_skip_page(state->profile);
		if (st != TD_OK)
			td_pg_report(&state->env, st, NULL);
		MemoryContextDelete(scratch);
		return;
	}

	/* room for every node's fingerprint, or every chunk's plus the page entry */
	distinct = MemoryContextAllocHuge(scratch, sizeof(uint64_t) * ((Size) tree->n_nodes + 1));
	/* a chunk profile also needs the key for its page entry (chunk.h) */
	if (state->dedup || state->unit == TD_UNIT_CHUNK)
		TD_PG_CALL(&env, (void) 0, td_page_key(tree, &key), NULL);
	if (state->unit == TD_UNIT_CHUNK)
	{
		td_chunks	chunks;

		TD_PG_CALL(&env, memset(&chunks, 0, sizeof(chunks)),
				   td_page_chunks(tree, TD_CHUNK_FOLD_DATES, &chunks), NULL);
		n = td_chunk_page_fingerprints(&chunks, key, distinct);
	}
	else
	{
		fp = MemoryContextAllocHuge(scratch, sizeof(uint64_t) * Max(tree->n_nodes, 1));
		TD_PG_CALL(&env, (void) 0, td_fingerprints(tree, fp), NULL);
		n = td_page_fingerprints(tree, fp, distinct);
	}

	/* the state's env is cancel-only: a half-added page is never retried */
	st = td_profile_add_keyed_page(state->profile, key, distinct, n, &counted);
	if (st == TD_EINTR)
	{
		CHECK_FOR_INTERRUPTS();
		elog(ERROR, "templatedet: page add interrupted");
	}
	if (st != TD_OK)
		td_pg_report(&state->env, st, "templatedet.profile_capacity");

	MemoryContextDelete(scratch);
}

/* The unit argument (argument 2 of the two-argument form): 'node' or 'chunk'. */
static uint8_t
unit_arg(FunctionCallInfo fcinfo)
{
	char	   *unit;

	if (PG_NARGS() < 3)
		return TD_UNIT_NODE;
	if (PG_ARGISNULL(2))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("profile unit must be 'node' or 'chunk', got NULL")));
	unit = text_to_cstring(PG_GETARG_TEXT_PP(2));
	if (strcmp(unit, "node") == 0)
		return TD_UNIT_NODE;
	if (strcmp(unit, "chunk") == 0)
		return TD_UNIT_CHUNK;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("profile unit must be 'node' or 'chunk', got '%s'", unit)));
	pg_unreachable();
}

/* Every row (and every partial) of one template_profile has the same unit. */
static void
check_same_unit(uint8_t a, uint8_t b)
{
	if (a != b)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("profile unit must be the same for every row of a template_profile")));
}

/* template_profile(html text|bytea [, unit]): NULL pages are skipped. */
static Datum
profile_transfn(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext aggcxt = agg_context(fcinfo, "template_profile_transfn");
	profile_state *state = PG_ARGISNULL(0) ? NULL : (profile_state *) PG_GETARG_POINTER(0);
	uint8_t		unit = unit_arg(fcinfo);

	if (state != NULL)
		check_same_unit(state->unit, unit);
	if (PG_ARGISNULL(1))
	{
		if (state == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(state);
	}
	if (state == NULL)
		state = state_create(aggcxt, unit);
	add_page(state, fcinfo, is_bytea);
	PG_RETURN_POINTER(state);
}

Datum
template_profile_transfn_text(PG_FUNCTION_ARGS)
{
	return profile_transfn(fcinfo, false);
}

Datum
template_profile_transfn_bytea(PG_FUNCTION_ARGS)
{
	return profile_transfn(fcinfo, true);
}

/* template_profile_union(tdprofile): merges stored profiles. */
Datum
template_profile_union_transfn(PG_FUNCTION_ARGS)
{
	MemoryContext aggcxt = agg_context(fcinfo, "template_profile_union_transfn");
	profile_state *state = PG_ARGISNULL(0) ? NULL : (profile_state *) PG_GETARG_POINTER(0);
	bytea	   *p;

	if (PG_ARGISNULL(1))
	{
		if (state == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(state);
	}
	p = PG_GETARG_BYTEA_PP(1);

	if (state == NULL)
		state = state_from_bytes(aggcxt, p);
	else
	{
		MemoryContext scratch = td_pg_scratch_context("templatedet union");
		profile_state *other = state_from_bytes(scratch, p);

		state_merge(state, other);
		MemoryContextDelete(scratch);
	}
	PG_RETURN_POINTER(state);
}

Datum
template_profile_combinefn(PG_FUNCTION_ARGS)
{
	MemoryContext aggcxt = agg_context(fcinfo, "template_profile_combinefn");
	profile_state *s1 = PG_ARGISNULL(0) ? NULL : (profile_state *) PG_GETARG_POINTER(0);
	profile_state *s2 = PG_ARGISNULL(1) ? NULL : (profile_state *) PG_GETARG_POINTER(1);

	if (s2 == NULL)
	{
		if (s1 == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(s1);
	}
	/* s2 may live in a short-lived context: always copy it into ours */
	if (s1 == NULL)
		s1 = state_create(aggcxt, s2->unit);
	state_merge(s1, s2);
	PG_RETURN_POINTER(s1);
}

/*
 * The serialized profile, in a bytea allocated in the current context: the
 * state form (with page keys) between workers, the stored form at the end.
 */
static bytea *
state_serialize(profile_state *state, bool with_keys)
{
	td_env		env;
	td_buf		buf;

	td_pg_env_init(&env, CurrentMemoryContext);
	td_pg_varbuf_init(&buf, &env);
	TD_PG_CALL(&env, td_pg_varbuf_reset(&buf),
			   with_keys ? td_profile_serialize_state(state->profile, &buf) :
			   td_profile_serialize(state->profile, &buf),
			   "templatedet.profile_capacity");
	return td_pg_varbuf_bytea(&buf);
}

Datum
template_profile_serialfn(PG_FUNCTION_ARGS)
{
	profile_state *state = (profile_state *) PG_GETARG_POINTER(0);

	PG_RETURN_BYTEA_P(state_serialize(state, true));
}

Datum
template_profile_deserialfn(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);

	/* AggCheckCallContext is only a sanity check: deserialize is per row */
	(void) agg_context(fcinfo, "template_profile_deserialfn");
	PG_RETURN_POINTER(state_from_bytes(CurrentMemoryContext, b));
}

/* The tdprofile; the state is only read, so window use is fine. */
Datum
template_profile_finalfn(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_BYTEA_P(state_serialize((profile_state *) PG_GETARG_POINTER(0), false));
}

/* ------------------------------------------------------------------------
 * template_profile with a tdprofile transition state (an expanded object)
 * ------------------------------------------------------------------------ */

typedef struct profile_eoh
{
	ExpandedObjectHeader hdr;
	profile_state *state;		/* in hdr.eoh_context */
	bytea	   *flat;			/* the state form, cached by get_flat_size */
} profile_eoh;

static Size profile_eoh_flat_size(ExpandedObjectHeader *eohptr);
static void profile_eoh_flatten(ExpandedObjectHeader *eohptr, void *result, Size size);

static const ExpandedObjectMethods profile_eoh_methods = {
	profile_eoh_flat_size,
	profile_eoh_flatten
};

static Size
profile_eoh_flat_size(ExpandedObjectHeader *eohptr)
{
	profile_eoh *e = (profile_eoh *) eohptr;

	if (e->flat == NULL)
	{
		MemoryContext old = MemoryContextSwitchTo(e->hdr.eoh_context);

		e->flat = state_serialize(e->state, true);
		MemoryContextSwitchTo(old);
	}
	return VARSIZE(e->flat);
}

static void
profile_eoh_flatten(ExpandedObjectHeader *eohptr, void *result, Size size)
{
	profile_eoh *e = (profile_eoh *) eohptr;

	Assert(e->flat != NULL && VARSIZE(e->flat) == size);
	memcpy(result, e->flat, size);
}

/* A new expanded state in its own context under parent (the aggregate's). */
static profile_eoh *
eoh_new(MemoryContext parent)
{
	MemoryContext cxt = AllocSetContextCreate(parent, "templatedet profile state",
											  ALLOCSET_DEFAULT_SIZES);
	profile_eoh *e = MemoryContextAllocZero(cxt, sizeof(profile_eoh));

	EOH_init_header(&e->hdr, &profile_eoh_methods, cxt);
	return e;
}

/* The profile_eoh behind d if d points to one (read-write or read-only), else NULL. */
static profile_eoh *
eoh_of(Datum d)
{
	ExpandedObjectHeader *h;

	if (!VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)))
		return NULL;
	h = DatumGetEOHP(d);
	return h->eoh_methods == &profile_eoh_methods ? (profile_eoh *) h : NULL;
}

/* A new expanded state in parent loaded from a flat tdprofile (the state form). */
static profile_eoh *
eoh_from_flat(MemoryContext parent, Datum d)
{
	bytea	   *b = DatumGetByteaPP(d);
	profile_eoh *e = eoh_new(parent);

	e->state = state_from_bytes(e->hdr.eoh_context, b);
	return e;
}

/*
 * Argument i as a state the caller may change: a read-write expanded state
 * is the aggregate's own and is changed in place; anything else (NULL: no
 * state yet; a flat tdprofile, e.g. a partial from another node) gives a new
 * state in aggcxt, or NULL for NULL.  The old flat form is dropped.
 */
static profile_eoh *
eoh_arg_rw(FunctionCallInfo fcinfo, int i, MemoryContext aggcxt)
{
	Datum		d;
	profile_eoh *e;

	if (PG_ARGISNULL(i))
		return NULL;
	d = PG_GETARG_DATUM(i);
	e = eoh_of(d);
	if (e == NULL || !VARATT_IS_EXTERNAL_EXPANDED_RW(DatumGetPointer(d)))
		e = eoh_from_flat(aggcxt, d);	/* flattens a read-only expanded one */
	if (e->flat != NULL)
	{
		pfree(e->flat);
		e->flat = NULL;
	}
	return e;
}

#define EOH_RETURN(e) PG_RETURN_DATUM(EOHPGetRWDatum(&(e)->hdr))

static Datum
profile_state_transfn(FunctionCallInfo fcinfo, bool is_bytea)
{
	MemoryContext aggcxt = agg_context(fcinfo, "template_profile_transfn");
	uint8_t		unit = unit_arg(fcinfo);
	profile_eoh *e;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	e = eoh_arg_rw(fcinfo, 0, aggcxt);
	if (e != NULL)
		check_same_unit(e->state->unit, unit);
	if (e == NULL)
	{
		e = eoh_new(aggcxt);
		e->state = state_create(e->hdr.eoh_context, unit);
	}
	add_page(e->state, fcinfo, is_bytea);
	EOH_RETURN(e);
}

Datum
template_profile_state_transfn_text(PG_FUNCTION_ARGS)
{
	return profile_state_transfn(fcinfo, false);
}

Datum
template_profile_state_transfn_bytea(PG_FUNCTION_ARGS)
{
	return profile_state_transfn(fcinfo, true);
}

/*
 * s1 += s2.  s2 is a flat state form from another process or node (a
 * parallel worker through a tuple queue; a Citus worker through the text
 * form), or an expanded state: only read.
 */
Datum
template_profile_state_combinefn(PG_FUNCTION_ARGS)
{
	MemoryContext aggcxt = agg_context(fcinfo, "template_profile_combinefn");
	profile_eoh *e;
	profile_eoh *other;
	const profile_state *s2;
	MemoryContext scratch = NULL;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	e = eoh_arg_rw(fcinfo, 0, aggcxt);
	other = eoh_of(PG_GETARG_DATUM(1));
	if (e == NULL)
	{
		/* the first partial: taken over as it is */
		EOH_RETURN(eoh_from_flat(aggcxt, PG_GETARG_DATUM(1)));
	}
	if (other != NULL)
		s2 = other->state;
	else
	{
		scratch = td_pg_scratch_context("templatedet combine");
		s2 = state_from_bytes(scratch, PG_GETARG_BYTEA_PP(1));
	}
	check_same_unit(e->state->unit, s2->unit);
	state_merge(e->state, s2);
	if (scratch != NULL)
		MemoryContextDelete(scratch);
	EOH_RETURN(e);
}

/* The stored tdprofile (no page keys); the state is only read. */
Datum
template_profile_state_finalfn(PG_FUNCTION_ARGS)
{
	profile_eoh *e;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	e = eoh_of(PG_GETARG_DATUM(0));
	if (e != NULL)
		PG_RETURN_BYTEA_P(state_serialize(e->state, false));
	else
	{
		bytea	   *b = PG_GETARG_BYTEA_PP(0);
		profile_state *s = state_from_bytes(CurrentMemoryContext, b);

		PG_RETURN_BYTEA_P(state_serialize(s, false));
	}
}
