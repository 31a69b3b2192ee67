-- A timed-out call on a huge page returns promptly with 57014 and the
-- session stays usable (the core polls for interrupts and frees what it holds).
-- The page (58 MB, 5 million nodes, under raised limits) takes seconds to
-- parse, so 200 ms always lands inside the work.
SET templatedet.max_nodes = 20000000;
CREATE TABLE huge AS
  SELECT repeat('<div class="c"><p>word word word</p><span>more</span></div>', 1000000) AS html;
CREATE TABLE huge_profile AS
  SELECT template_profile(h) AS profile
  FROM (VALUES ('<div class="c"><p>word word word</p></div><p>one</p>'),
               ('<div class="c"><p>word word word</p></div><p>two</p>'),
               ('<div class="c"><p>word word word</p></div><p>three</p>')) v(h);

\set VERBOSITY sqlstate
SET statement_timeout = '200ms';
SELECT length(strip_template(html, profile)) FROM huge, huge_profile;
SELECT 1 AS still_usable;
SELECT length(html_text(html)) FROM huge;
SELECT profile_info(template_profile(html)) FROM huge;
RESET statement_timeout;
\set VERBOSITY default

-- promptly: the cancel lands well under the time the work would take
SET statement_timeout = '200ms';
DO $$
DECLARE
  t0 timestamptz;
  elapsed interval;
BEGIN
  t0 := clock_timestamp();
  BEGIN
    PERFORM length(strip_template(html, profile)) FROM huge, huge_profile;
    RAISE NOTICE 'not cancelled';
  EXCEPTION WHEN query_canceled THEN
    elapsed := clock_timestamp() - t0;
    RAISE NOTICE 'cancelled: %, within 2s: %', SQLSTATE, elapsed < interval '2 seconds';
  END;
END $$;
RESET statement_timeout;

SELECT html_text('<p>after the timeout</p>') AS works;
SELECT strip_template('<div class="c"><p>word word word</p></div><p>own</p>', profile) AS works_too
FROM huge_profile;
