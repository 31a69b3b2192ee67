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
-- install and still reads the profiles it stored.  What 0.2 adds is at the end.
--
-- templatedet.control marks the extension trusted from 0.2 on (any database owner may
-- create or update it; docs/reference.md, "Security"): the flag is in the control file,
-- not in the catalog, so this script changes nothing for it either.

-- Added in 0.2 (issue 15): is_html, for a WHERE clause that keeps what is not a page
-- out of the page functions, which refuse it (SQLSTATE 22023).
CREATE FUNCTION is_html(html text) RETURNS boolean
	AS 'MODULE_PATHNAME', 'is_html_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_html(text) IS
	'Whether the text can be a page: false for what the page functions refuse as not HTML (SQLSTATE 22023), e.g. a large input with almost no tags';
CREATE FUNCTION is_html(html bytea) RETURNS boolean
	AS 'MODULE_PATHNAME', 'is_html_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_html(bytea) IS
	'Whether the bytes can be a page: false for binary files (PDF, images, archives, executables), NUL bytes (except in UTF-16) and large inputs with almost no tags';

-- profile_info reports skipped_pages (templatedet.on_error = skip; profile format 3).
COMMENT ON FUNCTION profile_info(tdprofile) IS
	'What a profile holds: format_version, unit (node or chunk), fingerprint_scheme, pages, entries, bytes, error_bound, error_share, eps, duplicates, duplicates_overcounted, unchecked_pages and skipped_pages';
