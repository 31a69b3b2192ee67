-- warc_records: WARC files and WARC bytes as rows (src/core/warc/, src/pg/warc/),
-- on the warcio samples of test/warc/samples/ and on hand-made bad input.
-- psql (the client) reads the samples and lo_export writes them into the server's data
-- directory, so the file form reads paths the server can read wherever the checkout
-- is; relative paths are relative to the data directory.  (They stay there.)
\getenv abs_srcdir PG_ABS_SRCDIR
\set src :abs_srcdir/test/warc/samples/
\set f example.warc.gz
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example.warc
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-bad-non-chunked.warc.gz
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-bad.warc.gz.bad
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-wrong-chunks.warc.gz
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-iana.org-chunked.warc
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-space-in-target-uri.warc.gz
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-wget-bad-target-uri.warc.gz
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f example-trunc.warc
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\set f README.md
\set b64 `base64 -w0 :'src':'f'`
SELECT lo_from_bytea(0, decode(:'b64', 'base64')) AS o \gset
SELECT lo_export(:o, 'td_warc_' || :'f') AS written \gset
SELECT lo_unlink(:o) AS unlinked \gset
\unset b64
\set samples td_warc_
\set crawl :samples example.warc.gz
\set plain :samples example.warc

-- the records of a crawl file: one gzip member per record, offset and length as a CDX
-- index gives them
SELECT warc_type, target_uri, date, http_status, content_type, length(payload) AS bytes,
       "offset", length
FROM warc_records(:'crawl');

-- the same records uncompressed: offsets and lengths in the plain file
SELECT warc_type, record_id, ip, "offset", length FROM warc_records(:'plain');

-- the response's payload is the page: the gzip content coding is undone
SELECT target_uri, charset, headers->'http'->>'content-encoding' AS coding,
       substr(convert_from(payload, coalesce(charset, 'UTF8')), 1, 15) AS starts,
       md5(payload)
FROM warc_records(:'crawl', types => '{response}');

-- pages into a table: the bytes and the declared charset; convert when there is one
CREATE TABLE warc_pages AS
SELECT target_uri AS url, date AS fetched, http_status AS status, charset, payload
FROM warc_records(:'crawl', types => '{response}')
WHERE content_type IN ('text/html', 'application/xhtml+xml') AND http_status = 200;

SELECT url, left(CASE WHEN charset IS NOT NULL
                      THEN clean_text(convert_from(payload, charset))
                      ELSE clean_text(payload) END, 40) AS text
FROM warc_pages;
DROP TABLE warc_pages;

-- headers: WARC fields and HTTP fields, names lower-cased
SELECT headers->'warc'->>'warc-payload-digest' AS digest,
       headers->'http'->>'content-type' AS http_type,
       jsonb_typeof(headers->'http') AS http
FROM warc_records(:'crawl') WHERE warc_type IN ('response', 'warcinfo');

-- the plain file and the same crawl compressed as one gzip stream give the same
-- records; in one stream, and in a file whose gzip members cut across records,
-- records have no length of their own (NULL).  (example-bad is another crawl.)
SELECT f AS file, count(*) AS records, count(length) AS with_length,
       count(*) FILTER (WHERE (record_id, md5(payload)) IN
           (SELECT record_id, md5(payload) FROM warc_records(:'plain'))) AS same_as_plain
FROM unnest(array['example.warc', 'example-bad-non-chunked.warc.gz',
                  'example-bad.warc.gz.bad', 'example-wrong-chunks.warc.gz']) AS f,
     warc_records(:'samples' || f)
GROUP BY f ORDER BY f;

-- a chunked HTTP body, de-chunked, with the charset the header declared
SELECT warc_type, http_status, content_type, charset, length(payload) AS bytes,
       substr(convert_from(payload, charset), 1, 15) AS starts
FROM warc_records(:'samples' || 'example-iana.org-chunked.warc');

-- resource records and wget's <uri> target URIs
SELECT warc_type, target_uri, content_type, charset, length(payload) AS bytes
FROM warc_records(:'samples' || 'example-space-in-target-uri.warc.gz')
UNION ALL
SELECT warc_type, target_uri, content_type, charset, length(payload)
FROM warc_records(:'samples' || 'example-wget-bad-target-uri.warc.gz');

-- only the types asked for; the others are read past without keeping their blocks
SELECT warc_type, count(*) FROM warc_records(:'crawl', types => '{request,revisit}')
GROUP BY 1 ORDER BY 1;

-- in the select list the scan streams: a LIMIT stops it (and closes the file)
SELECT (warc_records(:'crawl')).warc_type LIMIT 2;

-- the bytea form reads the same bytes
SELECT count(*), sum(length(payload)) FROM warc_records(pg_read_binary_file(:'crawl'));

-- the charset for convert_from: PostgreSQL's name for an IANA label
SELECT label, warc_charset_to_pg(label)
FROM unnest(array['UTF-8', 'iso-8859-1', ' "Shift_JIS" ', 'windows-1251', 'euc-kr',
                  'utf-16', 'no-such-charset']) AS label;

-- bad input: an ERROR (22P04) naming the record's offset...
\set VERBOSITY default
SELECT warc_type FROM warc_records(pg_read_binary_file(:'samples' || 'example-trunc.warc'));
-- ...or with skip_bad a WARNING, and the reader goes on at the next record
SELECT warc_type, "offset" FROM warc_records(pg_read_binary_file(:'samples' || 'example-trunc.warc'),
                                             skip_bad => true);
-- a Content-Length that is wrong
SELECT warc_type, payload FROM warc_records(convert_to(
    E'WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 3\r\n\r\nabcdef\r\n\r\n', 'UTF8'));
-- no Content-Length; a line that is no field
SELECT warc_type FROM warc_records(convert_to(E'WARC/1.0\r\nWARC-Type: resource\r\n\r\n', 'UTF8'));
SELECT warc_type FROM warc_records(convert_to(E'WARC/1.1\r\nno colon\r\n\r\n', 'UTF8'));
-- not a WARC file at all (an ARC file)
SELECT warc_type FROM warc_records(pg_read_binary_file(:'samples' || 'README.md'));
-- a record that declares 2 GB: over max_payload before anything is read (54000)
SELECT warc_type FROM warc_records(convert_to(
    E'WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 2147483648\r\n\r\nabc', 'UTF8'));
SELECT warc_type FROM warc_records(convert_to(
    E'WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 2147483648\r\n\r\nabc', 'UTF8'),
    skip_bad => true);
-- a 10 MB record header: over the 1 MB header limit; skip_bad goes on to the next record
SELECT warc_type FROM warc_records(convert_to(
    E'WARC/1.0\r\n' || repeat(E'X-Pad: ' || repeat('a', 1000) || E'\r\n', 10000) ||
    E'\r\nWARC/1.0\r\nWARC-Type: metadata\r\nContent-Length: 2\r\n\r\nok\r\n\r\n', 'UTF8'));
SELECT warc_type, convert_from(payload, 'UTF8') FROM warc_records(convert_to(
    E'WARC/1.0\r\n' || repeat(E'X-Pad: ' || repeat('a', 1000) || E'\r\n', 10000) ||
    E'\r\nWARC/1.0\r\nWARC-Type: metadata\r\nContent-Length: 2\r\n\r\nok\r\n\r\n', 'UTF8'),
    skip_bad => true);
-- a corrupt gzip member (bytes overwritten inside the response's member at 784)...
SELECT warc_type FROM warc_records(overlay(pg_read_binary_file(:'crawl')
                                           PLACING '\x00ff00ff00ff00ff'::bytea FROM 1001 FOR 8));
-- ...skipped: the reader goes on at the next gzip member
SELECT warc_type, "offset" FROM warc_records(overlay(pg_read_binary_file(:'crawl')
                                           PLACING '\x00ff00ff00ff00ff'::bytea FROM 1001 FOR 8),
                                             skip_bad => true);
-- a gzip file cut short
SELECT warc_type FROM warc_records(substr(pg_read_binary_file(:'crawl'), 1, 1000));
-- a payload over max_payload (54000)
SELECT warc_type FROM warc_records(pg_read_binary_file(:'crawl'), max_payload => 500);
SELECT count(*) FROM warc_records(:'crawl', max_payload => -1);
-- WARC/1.1: a date with a fraction of a second, wget's <uri>; more than 4096 fields
SELECT warc_type, target_uri, date, length FROM warc_records(convert_to(
    E'WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: <http://a.test/>\r\n' ||
    E'WARC-Date: 2024-02-29T23:59:59.123456Z\r\nContent-Length: 2\r\n\r\nok\r\n\r\n', 'UTF8'));
SELECT count(*) FROM warc_records(convert_to(
    E'WARC/1.0\r\n' || repeat(E'X: y\r\n', 5000) || E'Content-Length: 0\r\n\r\n\r\n\r\n', 'UTF8'));
-- NULL data: no rows
SELECT count(*) FROM warc_records(NULL::bytea);

-- the file form is for superusers and members of pg_read_server_files
CREATE ROLE td_warc_reader;
SET ROLE td_warc_reader;
SELECT count(*) FROM warc_records('crawl.warc.gz');
SELECT count(*) FROM warc_records(pg_read_binary_file('crawl.warc.gz'));
SELECT count(*) FROM warc_records(convert_to(E'WARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\n', 'UTF8'));
RESET ROLE;
GRANT pg_read_server_files TO td_warc_reader;
SET ROLE td_warc_reader;
SELECT count(*) FROM warc_records('no-such-file.warc.gz');
RESET ROLE;
-- EXECUTE granted by hand is not enough: the function checks the role as well
REVOKE pg_read_server_files FROM td_warc_reader;
GRANT EXECUTE ON FUNCTION warc_records(text, bool, text[], int8) TO td_warc_reader;
SET ROLE td_warc_reader;
SELECT count(*) FROM warc_records('crawl.warc.gz');
RESET ROLE;
REVOKE EXECUTE ON FUNCTION warc_records(text, bool, text[], int8) FROM td_warc_reader;
DROP ROLE td_warc_reader;
