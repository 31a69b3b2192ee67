-- Sharded crawl tables (run by test/shard.sh on the coordinator; servers shard1 and
-- shard2 are postgres_fdw servers on two other clusters, with extensions 'templatedet').
-- pages and site_profiles are partitioned by hash of host; each partition is a foreign
-- table on a shard, and the partitions of the same host range are on the same shard.
CREATE TABLE pages (url text, host text, html text) PARTITION BY HASH (host);
CREATE FOREIGN TABLE pages_p0 PARTITION OF pages FOR VALUES WITH (MODULUS 2, REMAINDER 0)
  SERVER shard1 OPTIONS (table_name 'pages');
CREATE FOREIGN TABLE pages_p1 PARTITION OF pages FOR VALUES WITH (MODULUS 2, REMAINDER 1)
  SERVER shard2 OPTIONS (table_name 'pages');
CREATE TABLE site_profiles (host text, profile tdprofile) PARTITION BY HASH (host);
CREATE FOREIGN TABLE site_profiles_p0 PARTITION OF site_profiles FOR VALUES WITH (MODULUS 2, REMAINDER 0)
  SERVER shard1 OPTIONS (table_name 'site_profiles');
CREATE FOREIGN TABLE site_profiles_p1 PARTITION OF site_profiles FOR VALUES WITH (MODULUS 2, REMAINDER 1)
  SERVER shard2 OPTIONS (table_name 'site_profiles');

-- The same crawl on one node, for comparison: 6 sites of 40 pages (fewer than
-- ceil(1/eps) = 100, so every profile is exact and its bytes do not depend on the
-- order in which pages arrive).
CREATE TABLE local_pages AS
SELECT format('https://site%s.example/%s.html', s, i) AS url,
       format('site%s.example', s) AS host,
       format($h$<html><head><title>Page %2$s</title></head><body>
<header><h1>Site %1$s</h1><p>The site of team %1$s</p></header>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about?sid=%3$s">About</a></nav>
<main><h2>Story %2$s of site %1$s</h2><p>%4$s</p>%5$s</main>
<footer><p>Footer of site %1$s</p><p>Updated 2024-01-%6$s</p></footer>
</body></html>$h$,
              s, i, md5(s || '/' || i),
              'Text of story ' || i || ' on site ' || s || ': ' || repeat('word' || (i % 7) || ' ', 3 + i % 11),
              CASE WHEN i % 4 = 0 THEN '<p>Shared by every fourth page.</p>' ELSE '' END,
              10 + i % 18) AS html
FROM generate_series(1, 6) s, generate_series(1, 40) i;

-- rows are routed by host to the shards
INSERT INTO pages SELECT * FROM local_pages;
SELECT 'p0' AS partition, count(*) AS pages, count(DISTINCT host) AS hosts FROM pages_p0
UNION ALL
SELECT 'p1', count(*), count(DISTINCT host) FROM pages_p1;
SELECT count(*) AS hosts_on_both_shards
FROM (SELECT host FROM pages_p0 INTERSECT SELECT host FROM pages_p1) b;

-- The planner ships work to the shards when its estimates say so: statistics of the
-- foreign partitions (ANALYZE on the coordinator samples them), or the server option
-- use_remote_estimate.  Without either it guesses, and may fetch the rows instead.
ANALYZE pages;

-- 1. The profile aggregate is computed on the shards.  PostgreSQL 15's
-- postgres_fdw ships only whole aggregates, not partial ones: the GROUP BY must
-- contain the partition key, and partitionwise aggregation must be on so that each
-- partition (a foreign table) is aggregated by itself.
SET enable_partitionwise_aggregate = on;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;

-- its results equal one node's, byte for byte
SELECT d.host, d.profile::bytea = l.profile::bytea AS same_bytes,
       profile_info(d.profile) -> 'pages' AS pages,
       profile_info(d.profile) -> 'entries' AS entries
FROM (SELECT host, template_profile(html) AS profile FROM pages GROUP BY host) d
JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) l
  USING (host)
ORDER BY host;

-- Settings are not sent to the shards: a page limit set here applies to the pages
-- parsed here.  Proof that the shards parse: with a 100-byte limit on the
-- coordinator, the shipped aggregate still runs and one node's fails.
SET templatedet.max_page_bytes = 100;
SELECT host, profile_info(template_profile(html)) -> 'pages' AS pages
FROM pages GROUP BY host ORDER BY host;
DO $$ BEGIN
  PERFORM host, template_profile(html) FROM local_pages GROUP BY host;
  RAISE NOTICE 'one node: ran';
EXCEPTION WHEN program_limit_exceeded THEN
  RAISE NOTICE 'one node: %', SQLSTATE;   -- 54000: page too large, here
END $$;
RESET templatedet.max_page_bytes;

-- Only functions of extensions listed in the server's extensions option are
-- shipped: without it the shards send every page and the coordinator aggregates.
ALTER SERVER shard1 OPTIONS (DROP extensions);
ALTER SERVER shard2 OPTIONS (DROP extensions);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;
ALTER SERVER shard1 OPTIONS (ADD extensions 'templatedet');
ALTER SERVER shard2 OPTIONS (ADD extensions 'templatedet');

-- Without partitionwise aggregation, or without the partition key in the GROUP BY,
-- PostgreSQL 15 aggregates on the coordinator: partial aggregates are not shipped.
RESET enable_partitionwise_aggregate;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;
SET enable_partitionwise_aggregate = on;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT template_profile(html) AS profile FROM pages;

-- 2. The profiles are stored on the shards, beside their pages (each row routed by
-- host, so a site's profile is on the shard of its pages).
INSERT INTO site_profiles
SELECT host, template_profile(html) FROM pages GROUP BY host;
SELECT 'p0' AS partition, count(*) AS profiles FROM site_profiles_p0
UNION ALL
SELECT 'p1', count(*) FROM site_profiles_p1;
ANALYZE site_profiles;

-- 3. Clean text: pages joined with their site profile.  With partitionwise joins the
-- join of each pair of partitions is one remote query on its shard (a page and its
-- profile meet on their shard).  PostgreSQL 15's postgres_fdw does not ship the
-- expressions of the select list, though: strip_template runs on the coordinator,
-- so with a 100-byte page limit here it fails.
SET enable_partitionwise_join = on;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT p.url, strip_template(p.html, s.profile) AS body
FROM pages p JOIN site_profiles s USING (host);
SET templatedet.max_page_bytes = 100;
DO $$ BEGIN
  PERFORM count(strip_template(p.html, s.profile)) FROM pages p JOIN site_profiles s USING (host);
  RAISE NOTICE 'pushed-down join: ran';
EXCEPTION WHEN program_limit_exceeded THEN
  RAISE NOTICE 'pushed-down join: %', SQLSTATE;
END $$;
RESET templatedet.max_page_bytes;

-- To strip on the shards, each shard has a view of the join (test/shard.sh:
-- clean_pages AS SELECT url, host, strip_template(html, profile) FROM pages JOIN
-- site_profiles USING (host)), and the coordinator partitions by host over them.
CREATE TABLE shard_clean_pages (url text, host text, body text) PARTITION BY HASH (host);
CREATE FOREIGN TABLE shard_clean_pages_p0 PARTITION OF shard_clean_pages
  FOR VALUES WITH (MODULUS 2, REMAINDER 0) SERVER shard1 OPTIONS (table_name 'clean_pages');
CREATE FOREIGN TABLE shard_clean_pages_p1 PARTITION OF shard_clean_pages
  FOR VALUES WITH (MODULUS 2, REMAINDER 1) SERVER shard2 OPTIONS (table_name 'clean_pages');
EXPLAIN (VERBOSE, COSTS OFF)
SELECT url, body FROM shard_clean_pages WHERE host = 'site2.example';
SET templatedet.max_page_bytes = 100;
SELECT count(body) AS stripped_on_the_shards FROM shard_clean_pages;
RESET templatedet.max_page_bytes;

-- equal to one node's clean text
SELECT count(*) AS pages, count(*) FILTER (WHERE d.body IS DISTINCT FROM l.body) AS differing,
       count(*) FILTER (WHERE d.body LIKE '%Footer of site%' OR d.body LIKE '%Home%') AS with_template
FROM (SELECT p.url, strip_template(p.html, s.profile) AS body
      FROM pages p JOIN site_profiles s USING (host)) d
JOIN (SELECT p.url, strip_template(p.html, s.profile) AS body
      FROM local_pages p
      JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) s
        USING (host)) l
  USING (url);
SELECT count(*) AS differing_on_the_shards
FROM shard_clean_pages d
JOIN (SELECT p.url, strip_template(p.html, s.profile) AS body
      FROM local_pages p
      JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) s
        USING (host)) l
  USING (url)
WHERE d.body IS DISTINCT FROM l.body;
SELECT body FROM shard_clean_pages WHERE url = 'https://site2.example/8.html';

-- a materialized clean-text view on the coordinator, stripped on the shards
CREATE MATERIALIZED VIEW clean_pages AS SELECT url, host, body FROM shard_clean_pages;
CREATE UNIQUE INDEX ON clean_pages (url);
UPDATE pages SET html = replace(html, 'Text of story', 'Revised story')
WHERE url = 'https://site2.example/8.html';
REFRESH MATERIALIZED VIEW CONCURRENTLY clean_pages;
SELECT host, count(*) AS pages, sum(length(body)) AS clean_chars,
       sum(length(html_text(l.html))) AS all_chars
FROM clean_pages JOIN local_pages l USING (url, host) GROUP BY host ORDER BY host;
SELECT body FROM clean_pages WHERE url = 'https://site2.example/8.html';

RESET ALL;
