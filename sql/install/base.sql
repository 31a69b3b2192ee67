-- ===========================================================================
-- base: html_text (src/core/base/, src/pg/base/).  The settings (templatedet.*)
-- are defined by the library when it loads (src/pg/base/settings.c): no SQL object.
-- ===========================================================================
CREATE FUNCTION html_text(html text) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION html_text(text) IS
	'All visible text of the page, nothing removed (line breaks at blocks, spaces collapsed, script/style/head skipped)';
CREATE FUNCTION html_text(html bytea) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION html_text(bytea) IS
	'All visible text of the raw page bytes (charset from BOM or <meta>, else windows-1252)';
