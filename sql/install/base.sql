-- ===========================================================================
-- base: html_text, is_html (src/core/base/, src/pg/base/).  The settings (templatedet.*)
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
-- html_text(html, title): an overload rather than a new DEFAULT argument, so that
-- html_text(html) stays the one-argument function views made by 0.1 depend on.
CREATE FUNCTION html_text(html text, title boolean) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_title_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION html_text(text, boolean) IS
	'html_text, with the page''s <title> as the first line when title is true';
CREATE FUNCTION html_text(html bytea, title boolean) RETURNS text
	AS 'MODULE_PATHNAME', 'html_text_title_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION html_text(bytea, boolean) IS
	'html_text of raw page bytes, with the page''s <title> as the first line when title is true';
CREATE FUNCTION is_html(html text) RETURNS boolean
	AS 'MODULE_PATHNAME', 'is_html_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_html(text) IS
	'Whether the text can be a page: false for what the page functions refuse as not HTML (SQLSTATE 22023), e.g. a large input with almost no tags';
CREATE FUNCTION is_html(html bytea) RETURNS boolean
	AS 'MODULE_PATHNAME', 'is_html_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION is_html(bytea) IS
	'Whether the bytes can be a page: false for binary files (PDF, images, archives, executables), NUL bytes (except in UTF-16) and large inputs with almost no tags';
