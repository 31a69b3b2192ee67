-- ===========================================================================
-- meta: page_metadata, a page's title, authors, dates, description, site
-- name, canonical URL, language, image, keywords and schema.org types
-- (src/core/meta/, src/pg/meta/)
-- ===========================================================================
-- Not STRICT: base_url defaults to NULL (none); a NULL page gives NULL.  An
-- unusable base_url is ERROR 22023.  IMMUTABLE like the other page
-- functions: the detected language depends on the installed CLD2 only.
CREATE FUNCTION page_metadata(html text, base_url text DEFAULT NULL) RETURNS jsonb
	AS 'MODULE_PATHNAME', 'page_metadata_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_metadata(text, text) IS
	'The page''s metadata as jsonb: title (without the site name), authors, published and modified dates (ISO 8601), description, site_name, canonical_url and image (resolved against base_url), language with language_confidence and language_source (declared or detected), keywords and the JSON-LD/microdata types; from JSON-LD, microdata, <meta>, bylines and <title>, most trusted first; a field not found is omitted';
CREATE FUNCTION page_metadata(html bytea, base_url text DEFAULT NULL) RETURNS jsonb
	AS 'MODULE_PATHNAME', 'page_metadata_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_metadata(bytea, text) IS
	'page_metadata for raw page bytes (charset from BOM or <meta>, else windows-1252)';
