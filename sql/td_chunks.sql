-- Table text chunks (seed 002 §3) and exact duplicate pages (issue 5):
-- template_profile(html, unit), template_chunks, strip_template with a
-- chunk profile, duplicates counted once in a single state and through a
-- parallel plan, units that do not mix, and the errors.
CREATE TABLE tpages (url text, html text);
INSERT INTO tpages
SELECT 'p' || n,
       '<html><body><table><tr><td><a href="/">Home</a> | <a href="/news?s=' || n || '">News</a></td></tr></table>'
       || '<table><tr><td>' || story || '</td></tr></table>'
       || '<map name="m"><area href="/a" alt="A"></map><p>Copyright Example Ltd</p></body></html>'
FROM (VALUES (1, 'Bridge reopens after two years.'), (2, 'Market moves to the harbour.'),
             (3, 'Library extends its hours.'), (4, 'School wins a science prize.')) AS t(n, story);

-- the unit is the second argument: 'node' (the default of the one-argument form) or 'chunk'
CREATE TEMP TABLE cprof AS SELECT template_profile(html, 'chunk') AS profile FROM tpages;
SELECT profile_info(profile) FROM cprof;
SELECT profile_info(template_profile(html, 'node')) - 'bytes' - 'entries' AS node_info FROM tpages;
SELECT (SELECT template_profile(html, 'node') FROM tpages)::bytea
     = (SELECT template_profile(html) FROM tpages)::bytea AS node_is_the_default;
SELECT (SELECT template_profile(convert_to(html, 'UTF8'), 'chunk') FROM tpages)::bytea
     = (SELECT profile FROM cprof)::bytea AS bytea_same;

-- chunks of a page: the menu cell, the story cell, the text after the map
SELECT chunk, pages, share, is_template, text
FROM template_chunks((SELECT html FROM tpages WHERE url = 'p2'), (SELECT profile FROM cprof));
SELECT url, strip_template(html, profile) FROM tpages, cprof ORDER BY url;
SELECT strip_template_html(html, profile) FROM tpages, cprof WHERE url = 'p1';
SELECT strip_template(convert_to(html, 'UTF8'), profile, 1.0) FROM tpages, cprof WHERE url = 'p3';
-- clean_text takes a chunk profile for its site-level part (OR page-level)
SELECT clean_text(html, profile, min_pages => 4) IS NOT NULL AS accepts_chunk_profile
FROM tpages, cprof WHERE url = 'p4';

-- a page without tables is one chunk
SELECT chunk, pages, is_template, text
FROM template_chunks('<div>Home</div><p>Only text</p>', (SELECT profile FROM cprof));
-- empty, whitespace, malformed, NULL
SELECT count(*) FROM template_chunks('', (SELECT profile FROM cprof));
SELECT count(*) FROM template_chunks('<table><tr><td>   </td></tr></table>', (SELECT profile FROM cprof));
SELECT text FROM template_chunks('<td>a<tr>b</table>c<table', (SELECT profile FROM cprof));
SELECT count(*) FROM template_chunks(NULL::text, (SELECT profile FROM cprof));
SELECT template_profile(html, 'chunk') IS NULL AS no_pages FROM tpages WHERE false;
SELECT profile_info(template_profile(h, 'chunk')) -> 'pages' AS pages
FROM (VALUES (NULL::text), ('<td>x</td>')) v(h);

-- exact duplicate pages are counted once, for both units: three mirrored copies
-- of p1 (re-indented, other link attributes) add nothing
CREATE TEMP TABLE mirrored AS
  SELECT url, html FROM tpages
  UNION ALL
  SELECT 'mirror' || i, replace(replace(html, '<td>', E'\n  <td>'), 'href="/"', 'href="/mirror/"')
  FROM tpages, generate_series(1, 3) i WHERE url = 'p1';
SELECT u.unit,
       profile_info(template_profile(html, u.unit)) -> 'pages' AS pages,
       profile_info(template_profile(html, u.unit)) -> 'duplicates' AS duplicates,
       substr(template_profile(html, u.unit)::bytea, 85)
       = substr((SELECT template_profile(t.html, u.unit) FROM tpages t)::bytea, 85) AS same_entries_as_without_copies
FROM mirrored, (VALUES ('node'), ('chunk')) u(unit) GROUP BY u.unit ORDER BY u.unit;
-- so the mirrored story stays content; counted 4 times it would be template
SELECT strip_template(html, (SELECT template_profile(html, 'chunk') FROM mirrored)) AS deduplicated
FROM tpages WHERE url = 'p1';
SET templatedet.profile_dedup_pages = 0;
SELECT profile_info(template_profile(html, 'chunk')) -> 'pages' AS pages_without_detection FROM mirrored;
SELECT strip_template(html, (SELECT template_profile(html, 'chunk') FROM mirrored)) AS every_copy_counted
FROM tpages WHERE url = 'p1';
-- without detection the profile still knows its own pages: a story on one
-- other page stays content on its own page (it would need 2 pages besides it)
WITH shared AS (
  SELECT url, replace(html, 'Market moves to the harbour.', 'Bridge reopens after two years.') AS html
  FROM tpages)
SELECT strip_template(html, (SELECT template_profile(html, 'chunk') FROM shared))
       LIKE '%Bridge reopens%' AS own_story_kept
FROM shared WHERE url = 'p1';
RESET templatedet.profile_dedup_pages;

-- through a parallel plan: 60 distinct pages, each stored 3 times
CREATE TABLE dup_crawl (html text) WITH (fillfactor = 10);
INSERT INTO dup_crawl
SELECT '<html><body><table><tr><td>Menu</td></tr></table><table><tr><td>Story ' || (i % 60)
       || '</td></tr></table></body></html>'
FROM generate_series(0, 179) i;
ANALYZE dup_crawl;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;
ALTER TABLE dup_crawl SET (parallel_workers = 2);
-- one state (serial plan): every copy is found
SET max_parallel_workers_per_gather = 0;
SELECT u.unit, i -> 'pages' AS pages, i -> 'duplicates' AS duplicates,
       i -> 'duplicates_overcounted' AS overcounted
FROM (VALUES ('node'), ('chunk')) u(unit),
     LATERAL (SELECT profile_info(template_profile(html, u.unit)) AS i FROM dup_crawl) p
ORDER BY u.unit;
-- two workers: copies read by different workers are counted by each and
-- reported; pages - overcounted is the number of distinct pages either way
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT template_profile(html, 'chunk') FROM dup_crawl;
SELECT u.unit,
       (i ->> 'pages')::int - (i ->> 'duplicates_overcounted')::int AS distinct_pages,
       (i ->> 'duplicates')::int + (i ->> 'duplicates_overcounted')::int AS copies_found
FROM (VALUES ('node'), ('chunk')) u(unit),
     LATERAL (SELECT profile_info(template_profile(html, u.unit)) AS i FROM dup_crawl) p
ORDER BY u.unit;
RESET ALL;
DROP TABLE dup_crawl;

-- template_profile_union: chunk profiles merge; units never mix
SELECT profile_info(template_profile_union(profile)) ->> 'unit' AS unit,
       profile_info(template_profile_union(profile)) -> 'pages' AS pages
FROM (SELECT template_profile(html, 'chunk') AS profile FROM tpages GROUP BY url < 'p3') h;
SELECT template_profile_union(profile)
FROM (SELECT template_profile(html, 'chunk') AS profile FROM tpages
      UNION ALL SELECT template_profile(html) FROM tpages) u;

-- errors: unknown or NULL unit, a unit that changes, chunk profiles where nodes are needed
SELECT template_profile(html, 'word') FROM tpages;
SELECT template_profile(html, NULL) FROM tpages;
SELECT template_profile(html, CASE WHEN url = 'p3' THEN 'node' ELSE 'chunk' END) FROM tpages;
SELECT count(*) FROM template_nodes((SELECT html FROM tpages WHERE url = 'p1'), (SELECT profile FROM cprof));
SELECT train_template_model(html, profile) FROM tpages, cprof;
SELECT count(*) FROM template_chunks('<td>x</td>', (SELECT template_profile(html) FROM tpages));
SELECT count(*) FROM template_chunks('<td>x</td>', (SELECT profile FROM cprof), 0);

-- a version 1 node profile (before issue 5) is still read: one entry, one page
SELECT profile_info(decode('54445046010000000100000010270000' || '0100000000000000' || '0000000000000000'
                           || '0100000000000000' || '0700000000000000' || '0100000000000000', 'hex')::tdprofile);
SELECT strip_template('<p>x</p>', decode('54445046010000000100000010270000' || '0100000000000000'
                      || '0000000000000000' || '0100000000000000' || '0700000000000000'
                      || '0100000000000000', 'hex')::tdprofile) AS v1_strips;
-- the state form (partial aggregation: page keys follow the entries) validates
-- like any profile: one chunk page with its key 1, then the same with key 0
SELECT profile_info(decode('5444504602000101' || '0100000010270000' || '0100000000000000'
              || '0000000000000000' || '0000000000000000' || '0000000000000000' || '0000000000000000'
              || '0000000000000000' || '0100000000000000' || '0100000000000000', 'hex')::tdprofile);
SELECT decode('5444504602000101' || '0100000010270000' || '0100000000000000'
              || '0000000000000000' || '0000000000000000' || '0000000000000000' || '0000000000000000'
              || '0000000000000000' || '0100000000000000' || '0000000000000000', 'hex')::tdprofile;

DROP TABLE tpages;
