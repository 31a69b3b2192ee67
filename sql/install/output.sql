-- ===========================================================================
-- output: clean_html, clean_markdown (src/core/output/, src/pg/output/): the
-- page's content as safe HTML and as Markdown, from clean_text's decision
-- with clean_text's arguments, so every output agrees on what is content.
-- ===========================================================================
-- Not STRICT, as clean_text: a NULL page, min_pages, links or images gives
-- NULL; a NULL profile, model or base_url means none.
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
