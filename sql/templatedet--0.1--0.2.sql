-- templatedet 0.1 -> 0.2 (ALTER EXTENSION templatedet UPDATE TO '0.2').
\echo Use "ALTER EXTENSION templatedet UPDATE TO '0.2'" to load this file. \quit

-- Apart from the changes at the end, 0.2 is the 0.1 script laid out again, one piece per method
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

-- issue 15: template_nodes and node_scores return a bounded preview of each node's
-- text (its first 200 characters) and the text's full length (text_length), so a
-- page's rows stay linear in its size however deep it nests, and why the node is
-- removed (reason); its path is bounded (the last 32 steps after "..." when the
-- node is deeper, with depth and parent to rebuild the whole path).  New result
-- columns: dropped and created again.
DROP FUNCTION template_nodes(text, tdprofile, float8);
DROP FUNCTION template_nodes(bytea, tdprofile, float8);
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

DROP FUNCTION node_scores(text, jsonb, text);
DROP FUNCTION node_scores(bytea, jsonb, text);
CREATE FUNCTION node_scores(html text, model jsonb DEFAULT NULL, base_url text DEFAULT NULL,
	OUT node int, OUT parent int, OUT path text, OUT depth int, OUT tag text, OUT area int,
	OUT size_class int, OUT score float8, OUT smoothed float8, OUT text text,
	OUT text_length int, OUT reason text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'node_scores_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 200;
COMMENT ON FUNCTION node_scores(text, jsonb, text) IS
	'One row per element in document order: its path (its last 32 steps) and depth, its area, size class, raw classifier score (NULL when hidden or too small to judge) and smoothed score at the default penalty, the first 200 characters of its visible text with the text''s full length, and why clean_text without a profile removes it (NULL when kept)';
CREATE FUNCTION node_scores(html bytea, model jsonb DEFAULT NULL, base_url text DEFAULT NULL,
	OUT node int, OUT parent int, OUT path text, OUT depth int, OUT tag text, OUT area int,
	OUT size_class int, OUT score float8, OUT smoothed float8, OUT text text,
	OUT text_length int, OUT reason text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'node_scores_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 200;
COMMENT ON FUNCTION node_scores(bytea, jsonb, text) IS
	'node_scores for raw page bytes (charset from BOM or <meta>, else windows-1252)';

-- issue 15: explain_html, clean_text's decision shown on the page.
CREATE FUNCTION explain_html(html text, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'explain_html_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION explain_html(text, tdprofile, jsonb, text, int) IS
	'The page as HTML safe to open (no scripts, frames, event handlers or script URLs) with each block clean_text removes, with the same arguments, marked by its reason (data-td-reason) and coloured by a legend at the top';
CREATE FUNCTION explain_html(html bytea, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'explain_html_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION explain_html(bytea, tdprofile, jsonb, text, int) IS
	'explain_html for raw page bytes (charset from BOM or <meta>, else windows-1252)';

-- issue 12: clean_text without a profile takes page level's threshold of the page's
-- best expected word F1 (with a model argument: 0.5 raised on a page where it keeps
-- under 5% of the visible text); its comment says so (and no longer the 0.1 cap on
-- what page level may take, replaced by the main-region rule), and that later copies of
-- a kept block go.
COMMENT ON FUNCTION clean_text(text, tdprofile, jsonb, text, int) IS
	'Clean text of the page: nodes that site-level stripping (when the profile has at least min_pages pages, threshold 0.1) or page-level detection (smoothed score >= 0.6 then, nothing of the page''s main region) finds template are removed, except short labels site level finds inside the page''s one <main>; without such a profile page-level alone at the threshold in [0.3, 0.9] of the page''s best expected word F1 (0.5 unless another gains over 0.02; with a model argument: 0.5, raised through 0.6 ... 0.95, then none, on a page where that keeps under 5% of the visible text); then a block of 3 words or more whose text a block kept earlier already holds is removed, unless the two sit side by side, in a table or at the same place of two records of one list';

-- New in 0.2: warc_records and warc_charset_to_pg (sql/install/warc.sql).
-- ===========================================================================
-- warc, crawl files (ISO 28500): WARC/1.0 and 1.1 records, plain or gzip
-- (src/core/warc/, src/pg/warc/)
-- ===========================================================================
-- One row per record, read as a stream (one record in memory at a time).  Rows of
-- other WARC-Types than those in types are read past without keeping their blocks.
-- The file form reads files on the server: like pg_read_binary_file it is for
-- superusers and members of pg_read_server_files (checked in C as well).
CREATE TYPE warc_record AS (record_id text, warc_type text, target_uri text,
	date timestamptz, ip text, http_status int, content_type text, charset text,
	headers jsonb, payload bytea, "offset" int8, length int8);
COMMENT ON TYPE warc_record IS
	'A WARC record as warc_records returns it (docs/reference.md: warc_records)';
CREATE FUNCTION warc_records(filename text, skip_bad bool DEFAULT false,
		types text[] DEFAULT NULL, max_payload int8 DEFAULT 67108864)
	RETURNS SETOF warc_record
	AS 'MODULE_PATHNAME', 'td_warc_records_file' LANGUAGE C VOLATILE CALLED ON NULL INPUT
	PARALLEL SAFE COST 1000 ROWS 1000;
COMMENT ON FUNCTION warc_records(text, bool, text[], int8) IS
	'The records of a WARC file (.warc or .warc.gz) on the server: header fields, HTTP status, media type, PostgreSQL charset name, headers as jsonb, the payload with its transfer and content codings undone, and the record''s offset and length in the file; skip_bad warns and resyncs on a bad record instead of failing (22P04)';
REVOKE EXECUTE ON FUNCTION warc_records(text, bool, text[], int8) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION warc_records(text, bool, text[], int8) TO pg_read_server_files;
CREATE FUNCTION warc_records(data bytea, skip_bad bool DEFAULT false,
		types text[] DEFAULT NULL, max_payload int8 DEFAULT 67108864)
	RETURNS SETOF warc_record
	AS 'MODULE_PATHNAME', 'td_warc_records_bytea' LANGUAGE C IMMUTABLE CALLED ON NULL INPUT
	PARALLEL SAFE COST 1000 ROWS 100;
COMMENT ON FUNCTION warc_records(bytea, bool, text[], int8) IS
	'The records of WARC bytes (plain or gzip), as warc_records(filename) gives them';
CREATE FUNCTION warc_charset_to_pg(charset text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_warc_charset_to_pg_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION warc_charset_to_pg(text) IS
	'PostgreSQL''s encoding name for an IANA charset label (as browsers read labels: iso-8859-1 is WIN1252), for convert_from; NULL when PostgreSQL cannot convert from it';

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

-- issue 12: page_type, and train_template_model from gold text
---------------------------------------------------------------------------
-- aggregate train_template_model(html, gold text [, base_url]) → jsonb
---------------------------------------------------------------------------
-- The same model and bounds as the profile form, labelled from each page's
-- gold text (the text a person marked as its content): an element is
-- template when under 15% of its words are in word 3-grams of the gold.
CREATE FUNCTION train_template_model_gold_transfn(internal, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, text, text) IS
	'train_template_model transition: labels one page''s elements from its gold text (template under 15% gold words) and adds them as training rows';
CREATE FUNCTION train_template_model_gold_transfn(internal, bytea, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, bytea, text) IS
	'train_template_model transition from gold text for raw page bytes';
CREATE FUNCTION train_template_model_gold_transfn(internal, text, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, text, text, text) IS
	'train_template_model transition from gold text with the page''s URL (for intra-site links)';
CREATE FUNCTION train_template_model_gold_transfn(internal, bytea, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, bytea, text, text) IS
	'train_template_model transition from gold text for raw page bytes with the page''s URL';

CREATE AGGREGATE train_template_model(html text, gold text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(text, text) IS
	'Page-level model (jsonb) trained on the pages aggregated, labelled from each page''s gold text (an element is template when under 15% of its words are the gold''s); NULL pages or gold texts skipped; the first templatedet.max_training_rows rows kept';
CREATE AGGREGATE train_template_model(html bytea, gold text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(bytea, text) IS
	'train_template_model from gold text for raw page bytes (charset from BOM or <meta>, else windows-1252)';
CREATE AGGREGATE train_template_model(html text, gold text, base_url text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(text, text, text) IS
	'train_template_model from gold text with each page''s URL (for intra-site links)';
CREATE AGGREGATE train_template_model(html bytea, gold text, base_url text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(bytea, text, text) IS
	'train_template_model from gold text for raw page bytes with each page''s URL';

---------------------------------------------------------------------------
-- page_type(html [, base_url]) → (type, confidence, scores)
---------------------------------------------------------------------------
-- Not STRICT: a NULL page gives NULL; a NULL base_url means no URL.
CREATE FUNCTION page_type(html text, base_url text DEFAULT NULL,
	OUT type text, OUT confidence float8, OUT scores jsonb)
	RETURNS record
	AS 'MODULE_PATHNAME', 'page_type_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_type(text, text) IS
	'The page''s kind, one of article, documentation, service, forum, product, collection, listing (the WCXB page types), from page-level features and the URL: the most probable type, its probability, and every type''s probability (scores, rounded to 4 decimals)';
CREATE FUNCTION page_type(html bytea, base_url text DEFAULT NULL,
	OUT type text, OUT confidence float8, OUT scores jsonb)
	RETURNS record
	AS 'MODULE_PATHNAME', 'page_type_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_type(bytea, text) IS
	'page_type for raw page bytes (charset from BOM or <meta>, else windows-1252)';

-- meta: page_metadata (new in 0.2)
CREATE FUNCTION page_metadata(html text, base_url text DEFAULT NULL) RETURNS jsonb
	AS 'MODULE_PATHNAME', 'page_metadata_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_metadata(text, text) IS
	'The page''s metadata as jsonb: title (without the site name), authors, published and modified dates (ISO 8601), description, site_name, canonical_url and image (resolved against base_url), language with language_confidence and language_source (declared or detected), keywords and the JSON-LD/microdata types; from JSON-LD, microdata, <meta>, bylines and <title>, most trusted first; a field not found is omitted';
CREATE FUNCTION page_metadata(html bytea, base_url text DEFAULT NULL) RETURNS jsonb
	AS 'MODULE_PATHNAME', 'page_metadata_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_metadata(bytea, text) IS
	'page_metadata for raw page bytes (charset from BOM or <meta>, else windows-1252)';

-- issue 13: what users take away: html_text with the title line, clean_html and
-- clean_markdown from clean_text's decision.
CREATE FUNCTION html_text(html text, title boolean) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_title_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION html_text(text, boolean) IS
	'html_text, with the page''s <title> as the first line when title is true';
CREATE FUNCTION html_text(html bytea, title boolean) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_title_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION html_text(bytea, boolean) IS
	'html_text of raw page bytes, with the page''s <title> as the first line when title is true';
CREATE FUNCTION clean_html(html text, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_html_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION clean_html(text, tdprofile, jsonb, text, int) IS
	'What clean_text keeps, with the same arguments, as an HTML fragment safe to show: headings, paragraphs, lists, tables, code, quotes, figures, images, links and emphasis only, other elements unwrapped, no scripts, styles, forms, event handlers or script/data URLs; links resolved against base_url';
CREATE FUNCTION clean_html(html bytea, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_html_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION clean_html(bytea, tdprofile, jsonb, text, int) IS
	'clean_html for raw page bytes (charset from BOM or <meta>, else windows-1252)';
CREATE FUNCTION clean_markdown(html text, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5, links bool DEFAULT false,
	images bool DEFAULT false)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_markdown_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION clean_markdown(text, tdprofile, jsonb, text, int, bool, bool) IS
	'What clean_text keeps, with the same arguments, as CommonMark with GFM tables (headings, lists, quotes, fenced code, tables, emphasis; links and images when asked), text escaped so that a CommonMark parser gives back clean_text''s words';
CREATE FUNCTION clean_markdown(html bytea, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5, links bool DEFAULT false,
	images bool DEFAULT false)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_markdown_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION clean_markdown(bytea, tdprofile, jsonb, text, int, bool, bool) IS
	'clean_markdown for raw page bytes (charset from BOM or <meta>, else windows-1252)';
