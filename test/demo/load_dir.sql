-- Load a folder of .html/.htm files, one sub-folder per site, into
-- pages(url, host, html bytea, fetched_at): host = the sub-folder's name, url = the
-- file's path below the folder, fetched_at = the file's modification time.  The bytes
-- are loaded raw (pg_read_binary_file) because their encoding is unknown; the bytea
-- variants of the functions find it (BOM, <meta charset>, else windows-1252).
-- psql variable: dir (absolute path the server can read).
\set ON_ERROR_STOP 1

CREATE TABLE pages (url text PRIMARY KEY, host text NOT NULL, html bytea NOT NULL,
                    fetched_at timestamptz);

INSERT INTO pages
WITH RECURSIVE f(rel, isdir) AS (
    SELECT name, (pg_stat_file(:'dir' || '/' || name)).isdir
    FROM pg_ls_dir(:'dir') AS name
  UNION ALL
    SELECT f.rel || '/' || name, (pg_stat_file(:'dir' || '/' || f.rel || '/' || name)).isdir
    FROM f, pg_ls_dir(:'dir' || '/' || f.rel) AS name
    WHERE f.isdir
)
SELECT rel, split_part(rel, '/', 1),
       pg_read_binary_file(:'dir' || '/' || rel),
       (pg_stat_file(:'dir' || '/' || rel)).modification
FROM f
WHERE NOT isdir AND rel LIKE '%/%' AND lower(rel) ~ '\.html?$';

SELECT count(*) AS pages_loaded, count(DISTINCT host) AS sites FROM pages \gset
\echo loaded :pages_loaded pages of :sites sites
