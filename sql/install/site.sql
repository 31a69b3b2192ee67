-- ===========================================================================
-- site profiles: the tdprofile type, template_profile, template_profile_union,
-- profile_info, strip_template, template_nodes, table text chunks
-- (src/core/site/, src/pg/site/)
-- ===========================================================================

---------------------------------------------------------------------------
-- type tdprofile
---------------------------------------------------------------------------
CREATE TYPE tdprofile;

CREATE FUNCTION tdprofile_in(cstring) RETURNS tdprofile
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tdprofile_in(cstring) IS
	'tdprofile input: base64 of the serialized profile, every field validated';
CREATE FUNCTION tdprofile_out(tdprofile) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tdprofile_out(tdprofile) IS
	'tdprofile output: base64 of the serialized profile';
CREATE FUNCTION tdprofile_recv(internal) RETURNS tdprofile
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tdprofile_recv(internal) IS
	'tdprofile binary input: the serialized profile bytes, every field validated';
CREATE FUNCTION tdprofile_send(tdprofile) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tdprofile_send(tdprofile) IS
	'tdprofile binary output: the serialized profile bytes';

CREATE TYPE tdprofile (
	INPUT = tdprofile_in,
	OUTPUT = tdprofile_out,
	RECEIVE = tdprofile_recv,
	SEND = tdprofile_send,
	INTERNALLENGTH = VARIABLE,
	STORAGE = extended
);
COMMENT ON TYPE tdprofile IS
	'A site profile: on how many of a site''s pages each DOM subtree fingerprint occurs. Text form is base64 of the versioned binary format.';

-- tdprofile and bytea share their representation: to bytea is free, from
-- bytea validates.
CREATE FUNCTION tdprofile(bytea) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'tdprofile_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tdprofile(bytea) IS
	'The serialized profile bytes as a tdprofile, validated (22P03 when invalid)';

CREATE CAST (tdprofile AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (tdprofile AS bytea) IS
	'The serialized profile bytes (versioned binary format)';
CREATE CAST (bytea AS tdprofile) WITH FUNCTION tdprofile(bytea);
COMMENT ON CAST (bytea AS tdprofile) IS
	'Serialized profile bytes as a tdprofile, validated';

---------------------------------------------------------------------------
-- aggregates template_profile(html) and template_profile_union(tdprofile)
---------------------------------------------------------------------------
-- template_profile's transition state is a tdprofile (in memory an expanded object,
-- flat it is the state form with page keys), not internal: Citus splits only
-- aggregates whose transition type is a real type into worker partials and a
-- coordinator combine (src/pg/site/profile_agg.c).
CREATE FUNCTION template_profile_transfn(tdprofile, text) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(tdprofile, text) IS
	'template_profile transition: parses one page and counts its distinct fingerprints';
CREATE FUNCTION template_profile_transfn(tdprofile, bytea) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(tdprofile, bytea) IS
	'template_profile transition: parses one page (charset from BOM or <meta>, else windows-1252) and counts its distinct fingerprints';
CREATE FUNCTION template_profile_combinefn(tdprofile, tdprofile) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_combinefn' LANGUAGE C STABLE PARALLEL SAFE COST 100;
COMMENT ON FUNCTION template_profile_combinefn(tdprofile, tdprofile) IS
	'template_profile combine: merges a partial profile (state form, with page keys; from a parallel worker or a Citus worker) into the state';
CREATE FUNCTION template_profile_finalfn(tdprofile) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_finalfn' LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION template_profile_finalfn(tdprofile) IS
	'template_profile final: the stored profile (without the page keys of the state)';
CREATE FUNCTION template_profile_union_transfn(internal, tdprofile) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE COST 100;
COMMENT ON FUNCTION template_profile_union_transfn(internal, tdprofile) IS
	'template_profile_union transition: merges one stored profile';
CREATE FUNCTION template_profile_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE COST 100;
COMMENT ON FUNCTION template_profile_combinefn(internal, internal) IS
	'template_profile combine: merges two partial profiles';
CREATE FUNCTION template_profile_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION template_profile_serialfn(internal) IS
	'template_profile serialize: a partial profile in the tdprofile binary format';
CREATE FUNCTION template_profile_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION template_profile_deserialfn(bytea, internal) IS
	'template_profile deserialize: a partial profile from the tdprofile binary format';
CREATE FUNCTION template_profile_finalfn(internal) RETURNS tdprofile
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION template_profile_finalfn(internal) IS
	'template_profile final: the profile as a tdprofile';

CREATE AGGREGATE template_profile(html text) (
	SFUNC = template_profile_transfn,
	STYPE = tdprofile,
	COMBINEFUNC = template_profile_combinefn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE template_profile(text) IS
	'Site profile of the pages aggregated: on how many pages each DOM subtree occurs (exact duplicate pages counted once; NULL pages skipped; no pages gives NULL)';
CREATE AGGREGATE template_profile(html bytea) (
	SFUNC = template_profile_transfn,
	STYPE = tdprofile,
	COMBINEFUNC = template_profile_combinefn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE template_profile(bytea) IS
	'Site profile of raw page bytes (charset from BOM or <meta>, else windows-1252); NULL pages skipped';
CREATE AGGREGATE template_profile_union(profile tdprofile) (
	SFUNC = template_profile_union_transfn,
	STYPE = internal,
	COMBINEFUNC = template_profile_combinefn,
	SERIALFUNC = template_profile_serialfn,
	DESERIALFUNC = template_profile_deserialfn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE template_profile_union(tdprofile) IS
	'Merges stored profiles of one unit into one, as if built from all their pages (error bounds add up; a page in two of them counts twice)';

---------------------------------------------------------------------------
-- profile_info
---------------------------------------------------------------------------
CREATE FUNCTION profile_info(profile tdprofile) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION profile_info(tdprofile) IS
	'What a profile holds: format_version, unit (node or chunk), fingerprint_scheme, pages, entries, bytes, error_bound, error_share, eps, duplicates, duplicates_overcounted, unchecked_pages and skipped_pages';

---------------------------------------------------------------------------
-- stripping
---------------------------------------------------------------------------
CREATE FUNCTION strip_template(html text, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION strip_template(text, tdprofile, float8) IS
	'Visible text of the page without its template: nodes (node profile) or table text chunks (chunk profile) on at least threshold of the profile''s pages (and on 2 other pages) are removed';
CREATE FUNCTION strip_template(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION strip_template(bytea, tdprofile, float8) IS
	'Visible text of the raw page bytes without its template (charset from BOM or <meta>, else windows-1252)';
CREATE FUNCTION strip_template_html(html text, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_html_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION strip_template_html(text, tdprofile, float8) IS
	'The page as HTML without its template subtrees (node profile) or template chunks and the elements they empty (chunk profile)';
CREATE FUNCTION strip_template_html(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_html_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION strip_template_html(bytea, tdprofile, float8) IS
	'The raw page bytes as UTF-8 HTML without its template subtrees';

CREATE FUNCTION template_nodes(html text, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT node int, OUT parent int, OUT path text, OUT depth int, OUT tag text, OUT pages int,
	OUT share float8, OUT is_template bool, OUT text text, OUT text_length int, OUT reason text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_nodes_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 200;
COMMENT ON FUNCTION template_nodes(text, tdprofile, float8) IS
	'One row per element of the page in document order: its path (its last 32 steps) and depth, the pages of the profile it occurs on, its share, whether strip_template removes it, the first 200 characters of its visible text with the text''s full length, and why strip_template removes it (NULL when kept)';
CREATE FUNCTION template_nodes(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT node int, OUT parent int, OUT path text, OUT depth int, OUT tag text, OUT pages int,
	OUT share float8, OUT is_template bool, OUT text text, OUT text_length int, OUT reason text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_nodes_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 200;
COMMENT ON FUNCTION template_nodes(bytea, tdprofile, float8) IS
	'template_nodes for raw page bytes (charset from BOM or <meta>, else windows-1252)';

---------------------------------------------------------------------------
-- table text chunks (seed 002 §3, issue 5): chunk profiles, template_chunks
---------------------------------------------------------------------------
-- template_profile(html, unit): 'node' (what the one-argument form builds) or
-- 'chunk' (table text chunks, src/core/site/chunk.h).  A second argument, not a
-- DEFAULT or a named one: PostgreSQL allows neither in plain aggregates.
-- Exact duplicate pages are counted once by either form (src/core/site/profile.h).
CREATE FUNCTION template_profile_transfn(tdprofile, text, text) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(tdprofile, text, text) IS
	'template_profile transition with a unit: parses one page and counts its distinct node or chunk fingerprints, exact duplicate pages once';
CREATE FUNCTION template_profile_transfn(tdprofile, bytea, text) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(tdprofile, bytea, text) IS
	'template_profile transition with a unit for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE AGGREGATE template_profile(html text, unit text) (
	SFUNC = template_profile_transfn,
	STYPE = tdprofile,
	COMBINEFUNC = template_profile_combinefn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE template_profile(text, text) IS
	'Site profile with a unit: ''node'' (DOM subtrees, as template_profile(html)) or ''chunk'' (table text chunks: text between table or image-map tags); exact duplicate pages counted once';
CREATE AGGREGATE template_profile(html bytea, unit text) (
	SFUNC = template_profile_transfn,
	STYPE = tdprofile,
	COMBINEFUNC = template_profile_combinefn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE template_profile(bytea, text) IS
	'Site profile of raw page bytes with a unit (''node'' or ''chunk'')';

CREATE FUNCTION template_chunks(html text, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT chunk int, OUT pages int, OUT share float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_chunks_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION template_chunks(text, tdprofile, float8) IS
	'One row per table text chunk of the page in document order, against a chunk profile: the pages it occurs on, its share, whether strip_template removes it, and its text (white space folded)';
CREATE FUNCTION template_chunks(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT chunk int, OUT pages int, OUT share float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_chunks_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION template_chunks(bytea, tdprofile, float8) IS
	'template_chunks for raw page bytes (charset from BOM or <meta>, else windows-1252)';
