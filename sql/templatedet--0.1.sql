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

---------------------------------------------------------------------------
-- page-level detection: node_scores, page_segments, strip_page, clean_text
---------------------------------------------------------------------------
-- These are not STRICT, because their optional arguments default to NULL:
-- a NULL page gives NULL (no rows for the set-returning ones); a NULL model
-- is the built-in default model, a NULL profile means page-level detection
-- alone, a NULL base_url means no page URL (relative links are intra-site);
-- a NULL penalty, threshold or min_pages gives NULL.  A model is the jsonb
-- written by train_template_model; an invalid one is ERROR 22023.  Each
-- query parses a distinct model once (cached across rows).
CREATE FUNCTION node_scores(html text, model jsonb DEFAULT NULL, base_url text DEFAULT NULL,
	OUT node int, OUT parent int, OUT path text, OUT tag text, OUT area int,
	OUT size_class int, OUT score float8, OUT smoothed float8, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'node_scores_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 200;
CREATE FUNCTION node_scores(html bytea, model jsonb DEFAULT NULL, base_url text DEFAULT NULL,
	OUT node int, OUT parent int, OUT path text, OUT tag text, OUT area int,
	OUT size_class int, OUT score float8, OUT smoothed float8, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'node_scores_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 200;

COMMENT ON FUNCTION node_scores(text, jsonb, text) IS
	'One row per element in document order: its area, size class, raw classifier score (NULL when hidden or too small to judge) and smoothed score at the default penalty, and its visible text';
COMMENT ON FUNCTION node_scores(bytea, jsonb, text) IS
	'node_scores for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION page_segments(html text, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL,
	OUT segment int, OUT parent_segment int, OUT path text, OUT depth int,
	OUT score float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_segments_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 20;
CREATE FUNCTION page_segments(html bytea, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL,
	OUT segment int, OUT parent_segment int, OUT path text, OUT depth int,
	OUT score float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_segments_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 20;

COMMENT ON FUNCTION page_segments(text, jsonb, float8, text) IS
	'One row per segment of the smoothed scores (a node where the score changes; segments nest): its start node, parent segment, nesting depth, score, whether it is template (score >= 0.5) and its own visible text (nested segments excluded)';
COMMENT ON FUNCTION page_segments(bytea, jsonb, float8, text) IS
	'page_segments for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION strip_page(html text, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL, threshold float8 DEFAULT 0.5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_page_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION strip_page(html bytea, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL, threshold float8 DEFAULT 0.5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_page_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;

COMMENT ON FUNCTION strip_page(text, jsonb, float8, text, float8) IS
	'Visible text of the page without the nodes page-level detection finds template (smoothed score >= threshold), from the page alone';
COMMENT ON FUNCTION strip_page(bytea, jsonb, float8, text, float8) IS
	'strip_page for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION clean_text(html text, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_text_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION clean_text(html bytea, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_text_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;

COMMENT ON FUNCTION clean_text(text, tdprofile, jsonb, text, int) IS
	'Clean text of the page: nodes that site-level stripping (when the profile has at least min_pages pages, threshold 0.1) or page-level detection (smoothed score >= 0.6 then, taking at most 60% of the text site-level keeps; >= 0.5 alone) finds template are removed; page-level alone without a profile';
COMMENT ON FUNCTION clean_text(bytea, tdprofile, jsonb, text, int) IS
	'clean_text for raw page bytes (charset from BOM or <meta>, else windows-1252)';

---------------------------------------------------------------------------
-- aggregate train_template_model(html, profile [, base_url]) → jsonb
---------------------------------------------------------------------------
-- Transition functions are STABLE: templatedet.max_training_rows decides
-- which rows the model is trained on.  No combine function: the fit depends
-- on the order of the rows, and a model must not change from run to run.
CREATE FUNCTION train_template_model_transfn(internal, text, tdprofile) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION train_template_model_transfn(internal, bytea, tdprofile) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION train_template_model_transfn(internal, text, tdprofile, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION train_template_model_transfn(internal, bytea, tdprofile, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION train_template_model_finalfn(internal) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION train_template_model_transfn(internal, text, tdprofile) IS
	'train_template_model transition: labels one page''s elements against its profile (threshold 0.1) and adds them as training rows';
COMMENT ON FUNCTION train_template_model_transfn(internal, bytea, tdprofile) IS
	'train_template_model transition for raw page bytes';
COMMENT ON FUNCTION train_template_model_transfn(internal, text, tdprofile, text) IS
	'train_template_model transition with the page''s URL (for intra-site links)';
COMMENT ON FUNCTION train_template_model_transfn(internal, bytea, tdprofile, text) IS
	'train_template_model transition for raw page bytes with the page''s URL';
COMMENT ON FUNCTION train_template_model_finalfn(internal) IS
	'train_template_model final: fits the four logistic regressions, returns the model as jsonb';

CREATE AGGREGATE train_template_model(html text, profile tdprofile) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
CREATE AGGREGATE train_template_model(html bytea, profile tdprofile) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
CREATE AGGREGATE train_template_model(html text, profile tdprofile, base_url text) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
CREATE AGGREGATE train_template_model(html bytea, profile tdprofile, base_url text) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);

COMMENT ON AGGREGATE train_template_model(text, tdprofile) IS
	'Page-level model (jsonb) trained on the pages aggregated, labelled by site-level detection against each page''s profile; NULL pages or profiles skipped; the first templatedet.max_training_rows rows kept';
COMMENT ON AGGREGATE train_template_model(bytea, tdprofile) IS
	'train_template_model for raw page bytes (charset from BOM or <meta>, else windows-1252)';
COMMENT ON AGGREGATE train_template_model(text, tdprofile, text) IS
	'train_template_model with each page''s URL (for intra-site links)';
COMMENT ON AGGREGATE train_template_model(bytea, tdprofile, text) IS
	'train_template_model for raw page bytes with each page''s URL';

-- ---- near-duplicates (seed §6.2): shingles, MinHash, LSH band keys as int8[] ----
-- Plain int8[] results, so the built-in GIN array opclass indexes them and && joins
-- them; no operator of ours.  Definitions of every value: src/core/shingle.h.
CREATE FUNCTION shingles(text, width int DEFAULT 6, keep int DEFAULT 8) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'td_shingles_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION shingle_overlap(int8[], int8[]) RETURNS int
	AS 'MODULE_PATHNAME', 'td_shingle_overlap_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION minhash(text, width int DEFAULT 5, k int DEFAULT 128) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'td_minhash_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION minhash_similarity(int8[], int8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'td_minhash_similarity_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION minhash_bands(int8[], bands int) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'td_minhash_bands_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION shingles(text, int, int) IS
	'The keep smallest distinct 64-bit hashes of the text''s windows of width words (lower-cased, letters and digits only), ascending; ≥ 4 of 8 shared is a near-duplicate (seed §6.2)';
COMMENT ON FUNCTION shingle_overlap(int8[], int8[]) IS
	'Number of distinct values in both shingle arrays';
COMMENT ON FUNCTION minhash(text, int, int) IS
	'MinHash signature: k minima of the text''s width-word windows under k fixed hash functions (empty for a text without words)';
COMMENT ON FUNCTION minhash_similarity(int8[], int8[]) IS
	'Share of equal positions of two MinHash signatures of the same length: an estimate of the Jaccard similarity of their windows';
COMMENT ON FUNCTION minhash_bands(int8[], int) IS
	'LSH band keys of a MinHash signature: one 64-bit hash per band of k/bands values, mixed with the band index; signatures sharing a key (&&) are candidates';

-- ---- sandwich (seed 001 §3-4): the LCS of a page's lines or tokens with a peer's -------
-- Not STRICT: a NULL peer is "no peer" (the page keeps everything); a NULL page or
-- unit gives NULL.  Core: src/core/sandwich.h; peer choice: src/core/peer.h.
CREATE FUNCTION sandwich_strip(html text, peer_html text, unit text DEFAULT 'line') RETURNS text
	AS 'MODULE_PATHNAME', 'sandwich_strip_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION sandwich_strip(html bytea, peer_html bytea, unit text DEFAULT 'line') RETURNS text
	AS 'MODULE_PATHNAME', 'sandwich_strip_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION url_directory(url text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_url_directory_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION url_basename(url text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_url_basename_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION edit_distance(a text, b text) RETURNS int
	AS 'MODULE_PATHNAME', 'td_edit_distance_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION sandwich_strip(text, text, text) IS
	'Visible text of the page without the units (''line'': source lines; ''token'': tags and texts) in the longest common subsequence with peer_html; a NULL peer keeps everything';
COMMENT ON FUNCTION sandwich_strip(bytea, bytea, text) IS
	'sandwich_strip for raw page bytes (charset from BOM or <meta>, else windows-1252; page and peer decoded separately)';
COMMENT ON FUNCTION url_directory(text) IS
	'The URL up to and including the last / of its path (query and fragment dropped): pages with the same directory are peer candidates';
COMMENT ON FUNCTION url_basename(text) IS
	'The URL''s last path segment with its query, without the fragment: the name whose edit distance picks the peer';
COMMENT ON FUNCTION edit_distance(text, text) IS
	'Levenshtein distance in characters (insert, delete, substitute: 1 each); each string at most 4096 characters';
-- ---- menu-based method (seeds 003 ch. 2, §5.2; 004 §4): links, their order, complete subdigraph ----
-- URL normal form and distances: src/core/url.h; Algorithm 1: links.h; Algorithm 2: menu.h.
CREATE FUNCTION resolve_url(base_url text, href text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_resolve_url' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION normalize_url(url text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_normalize_url' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION resolve_url(text, text) IS
	'href resolved against base_url (RFC 3986 §5.2) in the normal form of the link functions; NULL when href leads to no http(s) page';
COMMENT ON FUNCTION normalize_url(text) IS
	'The normal form of an absolute http(s) URL (lower-case scheme and host, default port, dot segments and fragment removed, percent-encoding normalised); NULL when it is not one';

CREATE FUNCTION page_links(html text, base_url text, same_domain bool DEFAULT true,
	OUT "position" int, OUT url text, OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_links_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
CREATE FUNCTION page_links(html bytea, base_url text, same_domain bool DEFAULT true,
	OUT "position" int, OUT url text, OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_links_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION page_links(text, text, bool) IS
	'The page''s links (<a>/<area> href, resolved against base_url or <base href>, normalised, fragment removed) in document order, with their DOM path, anchor text and node id; same-domain only by default (seed 003 §5.2.4)';
COMMENT ON FUNCTION page_links(bytea, text, bool) IS
	'page_links for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION ordered_links(html text, base_url text, same_domain bool DEFAULT true,
	OUT link_order int, OUT url text, OUT hyperlink_distance int, OUT dom_distance int,
	OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'ordered_links_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
CREATE FUNCTION ordered_links(html bytea, base_url text, same_domain bool DEFAULT true,
	OUT link_order int, OUT url text, OUT hyperlink_distance int, OUT dom_distance int,
	OUT path text, OUT text text, OUT node int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'ordered_links_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION ordered_links(text, text, bool) IS
	'One row per distinct link URL other than the page itself, in the exploration order of seed 003 Algorithm 1: hyperlink distance from base_url (0, +1, +2, ..., -1, -2, ...), then the larger DOM distance to the nearest other link first, then document order';
COMMENT ON FUNCTION ordered_links(bytea, text, bool) IS
	'ordered_links for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION menu_pages(key_url text, pages regclass, n int DEFAULT 3,
	url_column name DEFAULT 'url', html_column name DEFAULT 'html',
	max_pages_read int DEFAULT 100, same_domain bool DEFAULT true,
	OUT url text, OUT link_order int, OUT cs_size int, OUT complete bool, OUT pages_read int)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'menu_pages' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED COST 10000 ROWS 3;
COMMENT ON FUNCTION menu_pages(text, regclass, int, name, name, int, bool) IS
	'Seed 003 Algorithm 2: the n pages linked from the key page that all link to each other (an n-complete subdigraph, the menu), or the largest such set found, reading pages of the table by URL in Algorithm 1''s order; pages_read counts the pages read';


-- ---- menu-based template extraction (seed 003 ch. 3, §5.2; seed 004 §4) ----
-- ETDM: the exact top-down mapping of the key page onto each peer page under the
-- equality probability of Def. 3.2.2; a key node is template when it is mapped in
-- at least `votes` of the peers (t of n, §5.2.2).  Defaults: §5.2.3 (src/core/etdm.h).
CREATE FUNCTION etdm_template(key_html text, peer_htmls text[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'etdm_template_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION etdm_template(key_html bytea, peer_htmls bytea[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'etdm_template_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION strip_etdm(key_html text, peer_htmls text[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'strip_etdm_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION strip_etdm(key_html bytea, peer_htmls bytea[], votes int DEFAULT 2,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'strip_etdm_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION etdm_template(text, text[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s template as HTML: its nodes mapped (exact top-down mapping, equality probability of seed 003 Def. 3.2.2) in at least votes of the peer pages';
COMMENT ON FUNCTION etdm_template(bytea, bytea[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'etdm_template for raw page bytes (charset from BOM or <meta>, else windows-1252)';
COMMENT ON FUNCTION strip_etdm(text, text[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s visible text without its ETDM template (the nodes mapped in at least votes of the peer pages)';
COMMENT ON FUNCTION strip_etdm(bytea, bytea[], int, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'strip_etdm for raw page bytes (charset from BOM or <meta>, else windows-1252)';

-- strip_menu, menu_template: menu_pages then ETDM (etdm_template's parameters, same defaults)
CREATE FUNCTION strip_menu(key_url text, pages regclass, n int DEFAULT 3, votes int DEFAULT 2,
		url_column name DEFAULT 'url', html_column name DEFAULT 'html',
		max_pages_read int DEFAULT 100, same_domain boolean DEFAULT true,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'strip_menu' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED COST 10000;
CREATE FUNCTION menu_template(key_url text, pages regclass, n int DEFAULT 3, votes int DEFAULT 2,
		url_column name DEFAULT 'url', html_column name DEFAULT 'html',
		max_pages_read int DEFAULT 100, same_domain boolean DEFAULT true,
		similarity_threshold float8 DEFAULT 0.5, activate_position boolean DEFAULT true,
		compare_text boolean DEFAULT true,
		w_classes float8 DEFAULT 0.5, w_position float8 DEFAULT 0.2,
		w_attributes float8 DEFAULT 0.2, w_children float8 DEFAULT 0.1,
		not_classes float8 DEFAULT 0.875, not_attributes float8 DEFAULT 0.25,
		not_children float8 DEFAULT 1.0) RETURNS text
	AS 'MODULE_PATHNAME', 'menu_template' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED COST 10000;
COMMENT ON FUNCTION strip_menu(text, regclass, int, int, name, name, int, boolean, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s visible text without its template: menu_pages finds the pages of its menu in the table (completed by the other pages read when no n-CS exists), ETDM keeps the key nodes mapped in at least votes of them; the whole text when fewer than votes pages are found, NULL when the key page is not in the table';
COMMENT ON FUNCTION menu_template(text, regclass, int, int, name, name, int, boolean, float8, boolean, boolean, float8, float8, float8, float8, float8, float8, float8) IS
	'The key page''s template as HTML, from the same pages as strip_menu; NULL when fewer than votes pages are found or the key page is not in the table';
-- ---- table text chunks (seed 002 §3, issue 5): chunk profiles, template_chunks ----
-- template_profile(html, unit): 'node' (what the one-argument form builds) or
-- 'chunk' (table text chunks, src/core/chunk.h).  A second argument, not a
-- DEFAULT or a named one: PostgreSQL allows neither in plain aggregates.
-- Exact duplicate pages are counted once by either form (profile.h).
CREATE FUNCTION template_profile_transfn(internal, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'template_profile_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
CREATE FUNCTION template_profile_transfn(internal, bytea, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'template_profile_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION template_profile_transfn(internal, text, text) IS
	'template_profile transition with a unit: parses one page and counts its distinct node or chunk fingerprints, exact duplicate pages once';
COMMENT ON FUNCTION template_profile_transfn(internal, bytea, text) IS
	'template_profile transition with a unit for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE AGGREGATE template_profile(html text, unit text) (
	SFUNC = template_profile_transfn,
	STYPE = internal,
	COMBINEFUNC = template_profile_combinefn,
	SERIALFUNC = template_profile_serialfn,
	DESERIALFUNC = template_profile_deserialfn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
CREATE AGGREGATE template_profile(html bytea, unit text) (
	SFUNC = template_profile_transfn,
	STYPE = internal,
	COMBINEFUNC = template_profile_combinefn,
	SERIALFUNC = template_profile_serialfn,
	DESERIALFUNC = template_profile_deserialfn,
	FINALFUNC = template_profile_finalfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE template_profile(text, text) IS
	'Site profile with a unit: ''node'' (DOM subtrees, as template_profile(html)) or ''chunk'' (table text chunks: text between table or image-map tags); exact duplicate pages counted once';
COMMENT ON AGGREGATE template_profile(bytea, text) IS
	'Site profile of raw page bytes with a unit (''node'' or ''chunk'')';
COMMENT ON AGGREGATE template_profile(text) IS
	'Site profile of the pages aggregated: on how many pages each DOM subtree occurs (exact duplicate pages counted once; NULL pages skipped; no pages gives NULL)';
COMMENT ON AGGREGATE template_profile_union(tdprofile) IS
	'Merges stored profiles of one unit into one, as if built from all their pages (error bounds add up; a page in two of them counts twice)';
COMMENT ON FUNCTION profile_info(tdprofile) IS
	'What a profile holds: format_version, unit (node or chunk), fingerprint_scheme, pages, entries, bytes, error_bound, error_share, eps, duplicates, duplicates_overcounted and unchecked_pages';
COMMENT ON FUNCTION strip_template(text, tdprofile, float8) IS
	'Visible text of the page without its template: nodes (node profile) or table text chunks (chunk profile) on at least threshold of the profile''s pages (and on 2 other pages) are removed';
COMMENT ON FUNCTION strip_template_html(text, tdprofile, float8) IS
	'The page as HTML without its template subtrees (node profile) or template chunks and the elements they empty (chunk profile)';

CREATE FUNCTION template_chunks(html text, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT chunk int, OUT pages int, OUT share float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_chunks_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
CREATE FUNCTION template_chunks(html bytea, profile tdprofile, threshold float8 DEFAULT 0.1,
	OUT chunk int, OUT pages int, OUT share float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'template_chunks_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 50;
COMMENT ON FUNCTION template_chunks(text, tdprofile, float8) IS
	'One row per table text chunk of the page in document order, against a chunk profile: the pages it occurs on, its share, whether strip_template removes it, and its text (white space folded)';
COMMENT ON FUNCTION template_chunks(bytea, tdprofile, float8) IS
	'template_chunks for raw page bytes (charset from BOM or <meta>, else windows-1252)';
