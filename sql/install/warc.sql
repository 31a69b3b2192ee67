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
