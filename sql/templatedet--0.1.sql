-- templatedet 0.1: site profiles, template stripping, clean text.
\echo Use "CREATE EXTENSION templatedet" to load this file. \quit

-- Volatility.  The page functions below are IMMUTABLE: their result depends
-- only on their arguments.  The settings they read are of two kinds:
-- templatedet.max_page_bytes / max_nodes only turn oversized input into an
-- ERROR, never into a different result; templatedet.max_depth changes the
-- tree of pages nested deeper than it, and is therefore superuser-only, an
-- installation decision like a text search configuration (change it, then
-- rebuild indexes over these functions).  The aggregates' transition
-- functions are STABLE: templatedet.profile_error and profile_capacity decide
-- what a new profile keeps.
--
-- COST: a function that parses a page costs about a millisecond per page,
-- thousands of times a plain operator; saying so lets the planner choose
-- parallel plans and evaluate cheap filters first.

---------------------------------------------------------------------------
-- type tdprofile
---------------------------------------------------------------------------
CREATE TYPE tdprofile;

CREATE FUNCTION tdprofile_in(cstring) RETURNS tdprofile
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tdprofile_out(tdprofile) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tdprofile_recv(internal) RETURNS tdprofile
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION tdprofile_send(tdprofile) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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
COMMENT ON FUNCTION tdprofile_in(cstring) IS
	'tdprofile input: base64 of the serialized profile, every field validated';
COMMENT ON FUNCTION tdprofile_out(tdprofile) IS
	'tdprofile output: base64 of the serialized profile';
COMMENT ON FUNCTION tdprofile_recv(internal) IS
	'tdprofile binary input: the serialized profile bytes, every field validated';
COMMENT ON FUNCTION tdprofile_send(tdprofile) IS
	'tdprofile binary output: the serialized profile bytes';

-- tdprofile and bytea share their representation: to bytea is free, from
-- bytea validates.
CREATE FUNCTION tdprofile(bytea) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'tdprofile_from_bytea'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION tdprofile(bytea) IS
	'The serialized profile bytes as a tdprofile, validated (22P03 when invalid)';

CREATE CAST (tdprofile AS bytea) WITHOUT FUNCTION;
CREATE CAST (bytea AS tdprofile) WITH FUNCTION tdprofile(bytea);
COMMENT ON CAST (tdprofile AS bytea) IS
	'The serialized profile bytes (versioned binary format)';
COMMENT ON CAST (bytea AS tdprofile) IS
	'Serialized profile bytes as a tdprofile, validated';

---------------------------------------------------------------------------
-- aggregates template_profile(html) and template_profile_union(tdprofile)
---------------------------------------------------------------------------
CREATE FUNCTION template_profile_transfn(internal, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'template_profile_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION template_profile_transfn(internal, bytea) RETURNS internal
	AS 'MODULE_PATHNAME', 'template_profile_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION template_profile_union_transfn(internal, tdprofile) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE COST 100;
CREATE FUNCTION template_profile_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE COST 100;
CREATE FUNCTION template_profile_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION template_profile_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION template_profile_finalfn(internal) RETURNS tdprofile
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION template_profile_transfn(internal, text) IS
	'template_profile transition: parses one page and counts its distinct fingerprints';
COMMENT ON FUNCTION template_profile_transfn(internal, bytea) IS
	'template_profile transition: parses one page (charset from BOM or <meta>, else windows-1252) and counts its distinct fingerprints';
COMMENT ON FUNCTION template_profile_union_transfn(internal, tdprofile) IS
	'template_profile_union transition: merges one stored profile';
COMMENT ON FUNCTION template_profile_combinefn(internal, internal) IS
	'template_profile combine: merges two partial profiles';
COMMENT ON FUNCTION template_profile_serialfn(internal) IS
	'template_profile serialize: a partial profile in the tdprofile binary format';
COMMENT ON FUNCTION template_profile_deserialfn(bytea, internal) IS
	'template_profile deserialize: a partial profile from the tdprofile binary format';
COMMENT ON FUNCTION template_profile_finalfn(internal) IS
	'template_profile final: the profile as a tdprofile';

CREATE AGGREGATE template_profile(html text) (
	SFUNC = template_profile_transfn,
	STYPE = internal,
	COMBINEFUNC = template_profile_combinefn,
	SERIALFUNC = template_profile_serialfn,
	DESERIALFUNC = template_profile_deserialfn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
CREATE AGGREGATE template_profile(html bytea) (
	SFUNC = template_profile_transfn,
	STYPE = internal,
	COMBINEFUNC = template_profile_combinefn,
	SERIALFUNC = template_profile_serialfn,
	DESERIALFUNC = template_profile_deserialfn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
CREATE AGGREGATE template_profile_union(profile tdprofile) (
	SFUNC = template_profile_union_transfn,
	STYPE = internal,
	COMBINEFUNC = template_profile_combinefn,
	SERIALFUNC = template_profile_serialfn,
	DESERIALFUNC = template_profile_deserialfn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);

COMMENT ON AGGREGATE template_profile(text) IS
	'Site profile of the pages aggregated: on how many pages each DOM subtree occurs (NULL pages skipped; no pages gives NULL)';
COMMENT ON AGGREGATE template_profile(bytea) IS
	'Site profile of raw page bytes (charset from BOM or <meta>, else windows-1252); NULL pages skipped';
COMMENT ON AGGREGATE template_profile_union(tdprofile) IS
	'Merges stored profiles into one, as if built from all their pages (error bounds add up)';

---------------------------------------------------------------------------
-- profile_info
---------------------------------------------------------------------------
CREATE FUNCTION profile_info(profile tdprofile) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION profile_info(tdprofile) IS
	'What a profile holds: format_version, unit, fingerprint_scheme, pages, entries, bytes, error_bound, error_share and eps';

---------------------------------------------------------------------------
-- stripping
---------------------------------------------------------------------------
CREATE FUNCTION strip_template(html text, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
CREATE FUNCTION strip_template(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
CREATE FUNCTION strip_template_html(html text, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_html_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
CREATE FUNCTION strip_template_html(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_template_html_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;

COMMENT ON FUNCTION strip_template(text, tdprofile, float8) IS
	'Visible text of the page without its template: nodes on at least threshold of the profile''s pages (and on 2 other pages) are removed';
COMMENT ON FUNCTION strip_template(bytea, tdprofile, float8) IS
	'Visible text of the raw page bytes without its template (charset from BOM or <meta>, else windows-1252)';
COMMENT ON FUNCTION strip_template_html(text, tdprofile, float8) IS
	'The page as HTML without its template subtrees';
COMMENT ON FUNCTION strip_template_html(bytea, tdprofile, float8) IS
	'The raw page bytes as UTF-8 HTML without its template subtrees';

CREATE FUNCTION template_nodes(html text, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT node int, OUT parent int, OUT path text, OUT tag text, OUT pages int,
	OUT share float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_nodes_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 200;
CREATE FUNCTION template_nodes(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT node int, OUT parent int, OUT path text, OUT tag text, OUT pages int,
	OUT share float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_nodes_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 200;

COMMENT ON FUNCTION template_nodes(text, tdprofile, float8) IS
	'One row per element of the page in document order: its path, the pages of the profile it occurs on, its share, whether strip_template removes it, and its visible text';
COMMENT ON FUNCTION template_nodes(bytea, tdprofile, float8) IS
	'template_nodes for raw page bytes (charset from BOM or <meta>, else windows-1252)';

---------------------------------------------------------------------------
-- html_text
---------------------------------------------------------------------------
CREATE FUNCTION html_text(html text) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
CREATE FUNCTION html_text(html bytea) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;

COMMENT ON FUNCTION html_text(text) IS
	'All visible text of the page, nothing removed (line breaks at blocks, spaces collapsed, script/style/head skipped)';
COMMENT ON FUNCTION html_text(bytea) IS
	'All visible text of the raw page bytes (charset from BOM or <meta>, else windows-1252)';
