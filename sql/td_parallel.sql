-- Parallel aggregation: partial states are serialized, shipped, merged; the
-- result must equal the serial one bit for bit.  Groups stay under 100
-- pages, so the lossy schedule (every ceil(1/eps) pages) never prunes and
-- every plan shape must give the exact same profile.
CREATE TABLE crawl (host text, html text) WITH (fillfactor = 10);
INSERT INTO crawl
SELECT 'site' || (i % 3) || '.example',
       '<html><body><header><h2>Site ' || (i % 3) || '</h2></header>'
       || '<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/news">News</a></nav>'
       || '<main><h1>Page ' || i || '</h1><p>Text of page ' || i || ', ' || repeat('word ', i % 17) || '</p>'
       || CASE WHEN i % 5 = 0 THEN '<p>Shared by every fifth page.</p>' ELSE '' END
       || '</main><footer><p>Footer of site ' || (i % 3) || '</p></footer></body></html>'
FROM generate_series(1, 270) i;
ANALYZE crawl;

-- serial
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE serial AS
  SELECT host, template_profile(html) AS profile FROM crawl GROUP BY host;
CREATE TEMP TABLE serial_all AS
  SELECT template_profile(html) AS profile FROM crawl WHERE host = 'site1.example';

-- parallel, forced
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
ALTER TABLE crawl SET (parallel_workers = 2);

EXPLAIN (COSTS OFF) SELECT host, template_profile(html) FROM crawl GROUP BY host;
EXPLAIN (COSTS OFF) SELECT template_profile(html) FROM crawl WHERE host = 'site1.example';

CREATE TEMP TABLE par AS
  SELECT host, template_profile(html) AS profile FROM crawl GROUP BY host;
CREATE TEMP TABLE par_all AS
  SELECT template_profile(html) AS profile FROM crawl WHERE host = 'site1.example';

SELECT s.host, s.profile::bytea = p.profile::bytea AS same,
       profile_info(p.profile) -> 'pages' AS pages,
       (profile_info(p.profile) ->> 'error_bound')::int AS error_bound
FROM serial s JOIN par p USING (host) ORDER BY host;
SELECT s.profile::bytea = p.profile::bytea AS same_all FROM serial_all s, par_all p;

-- the bytea aggregate runs in parallel too
EXPLAIN (COSTS OFF) SELECT template_profile(convert_to(html, 'UTF8')) FROM crawl;
SELECT (SELECT template_profile(convert_to(html, 'UTF8')) FROM crawl WHERE host = 'site1.example')::bytea
     = (SELECT profile FROM serial WHERE host = 'site1.example')::bytea AS bytea_same;

-- union of stored profiles: parallel-safe and equal to the whole (exact
-- counting, so the whole of 270 pages is not pruned either)
SET templatedet.profile_error = 0;
CREATE TABLE halves AS
  SELECT host, i % 2 AS half, template_profile(html) AS profile
  FROM (SELECT host, html, row_number() OVER () AS i FROM crawl) c
  GROUP BY host, i % 2;
ANALYZE halves;
ALTER TABLE halves SET (parallel_workers = 2);
EXPLAIN (COSTS OFF) SELECT template_profile_union(profile) FROM halves;
SELECT (SELECT template_profile_union(profile) FROM halves)::bytea
     = (SELECT template_profile(html) FROM crawl)::bytea AS union_of_all_equals_whole,
       profile_info((SELECT template_profile_union(profile) FROM halves)) -> 'pages' AS pages;
SELECT u.host, u.profile::bytea = (SELECT template_profile(html) FROM crawl c WHERE c.host = u.host)::bytea
       AS union_equals_whole
FROM (SELECT host, template_profile_union(profile) AS profile FROM halves GROUP BY host) u
ORDER BY u.host;
RESET templatedet.profile_error;

-- strip in parallel gives the serial answer
SELECT count(*) AS differing
FROM crawl c JOIN par p USING (host)
WHERE strip_template(c.html, p.profile) IS DISTINCT FROM
      (SELECT strip_template(c.html, s.profile) FROM serial s WHERE s.host = c.host);

RESET ALL;
