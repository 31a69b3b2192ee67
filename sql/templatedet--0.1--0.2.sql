-- templatedet 0.1 -> 0.2 (ALTER EXTENSION templatedet UPDATE TO '0.2').
\echo Use "ALTER EXTENSION templatedet UPDATE TO '0.2'" to load this file. \quit

-- Mostly nothing to change: 0.2 is the 0.1 script laid out again, one piece per method
-- (sql/install/, assembled into templatedet--0.2.sql by the Makefile), the same
-- library and the same objects with the same definitions.  The five objects 0.1
-- commented twice -- template_profile(text), template_profile_union(tdprofile),
-- profile_info(tdprofile), strip_template(text, tdprofile, float8) and
-- strip_template_html(text, tdprofile, float8) -- are commented once in 0.2, with
-- the text of 0.1's second COMMENT, the one a 0.1 install holds.  test/upgrade.sh
-- checks that a 0.1 install updated by this script has the catalog of a fresh 0.2
-- install and still reads the profiles it stored.  What 0.2 changes follows.

-- template_profile's transition state: tdprofile instead of internal, so that Citus
-- splits template_profile into worker partials and a coordinator combine (it splits
-- only aggregates whose transition type is not a pseudo-type; src/pg/site/profile_agg.c).
-- An aggregate's transition type cannot be altered: the four template_profile
-- aggregates and their transition functions are dropped and created again (a view
-- that uses template_profile must be dropped before this update and created after).
-- template_profile_union keeps its internal state and functions.
DROP AGGREGATE template_profile(text);
DROP AGGREGATE template_profile(bytea);
DROP AGGREGATE template_profile(text, text);
DROP AGGREGATE template_profile(bytea, text);
DROP FUNCTION template_profile_transfn(internal, text);
DROP FUNCTION template_profile_transfn(internal, bytea);
DROP FUNCTION template_profile_transfn(internal, text, text);
DROP FUNCTION template_profile_transfn(internal, bytea, text);
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
CREATE FUNCTION template_profile_transfn(tdprofile, text, text) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(tdprofile, text, text) IS
	'template_profile transition with a unit: parses one page and counts its distinct node or chunk fingerprints, exact duplicate pages once';
CREATE FUNCTION template_profile_transfn(tdprofile, bytea, text) RETURNS tdprofile
	AS 'MODULE_PATHNAME', 'template_profile_state_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(tdprofile, bytea, text) IS
	'template_profile transition with a unit for raw page bytes (charset from BOM or <meta>, else windows-1252)';

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
