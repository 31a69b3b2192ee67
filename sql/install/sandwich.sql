-- ===========================================================================
-- sandwich (seed 001 §3-4): the LCS of a page's lines or tokens with a peer's;
-- the URL helpers that pick the peer (src/core/sandwich/, src/pg/sandwich/)
-- ===========================================================================
-- Not STRICT: a NULL peer is "no peer" (the page keeps everything); a NULL page or
-- unit gives NULL.  Core: src/core/sandwich/sandwich.h; peer choice: src/core/sandwich/peer.h.
CREATE FUNCTION sandwich_strip(html text, peer_html text, unit text DEFAULT 'line') RETURNS text
	AS 'MODULE_PATHNAME', 'sandwich_strip_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION sandwich_strip(text, text, text) IS
	'Visible text of the page without the units (''line'': source lines; ''token'': tags and texts) in the longest common subsequence with peer_html; a NULL peer keeps everything';
CREATE FUNCTION sandwich_strip(html bytea, peer_html bytea, unit text DEFAULT 'line') RETURNS text
	AS 'MODULE_PATHNAME', 'sandwich_strip_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION sandwich_strip(bytea, bytea, text) IS
	'sandwich_strip for raw page bytes (charset from BOM or <meta>, else windows-1252; page and peer decoded separately)';
CREATE FUNCTION url_directory(url text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_url_directory_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION url_directory(text) IS
	'The URL up to and including the last / of its path (query and fragment dropped): pages with the same directory are peer candidates';
CREATE FUNCTION url_basename(url text) RETURNS text
	AS 'MODULE_PATHNAME', 'td_url_basename_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION url_basename(text) IS
	'The URL''s last path segment with its query, without the fragment: the name whose edit distance picks the peer';
CREATE FUNCTION edit_distance(a text, b text) RETURNS int
	AS 'MODULE_PATHNAME', 'td_edit_distance_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION edit_distance(text, text) IS
	'Levenshtein distance in characters (insert, delete, substitute: 1 each); each string at most 4096 characters';
