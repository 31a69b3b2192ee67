-- Citus: a coordinator and two workers (test/citus.sh), database templatedet_citus
-- with the citus extension on each.  EXPLAIN output goes through plan() below, which
-- replaces the nodes' ports (random), the shard numbers, OIDs and memory figures by N.
SET citus.shard_count = 4;
-- EXPLAIN ANALYZE shows one task: the first, not the slowest (which varies)
SET citus.explain_analyze_sort_method = 'taskId';
SELECT count(*) AS workers FROM citus_get_active_worker_nodes();
CREATE FUNCTION plan(query text, options text DEFAULT 'COSTS OFF') RETURNS SETOF text
LANGUAGE plpgsql AS $f$
DECLARE line text;
BEGIN
  FOR line IN EXECUTE format('EXPLAIN (%s) %s', options, query) LOOP
    line := regexp_replace(line, 'port=\d+', 'port=N', 'g');
    line := regexp_replace(line, '_\d{6,}', '_N', 'g');
    line := regexp_replace(line, 'Memory Usage: \d+kB', 'Memory Usage: NkB', 'g');
    RETURN NEXT regexp_replace(line, '''\d+''::oid', '''N''::oid', 'g');
  END LOOP;
END $f$;

-- CREATE EXTENSION on the coordinator is propagated to every worker.
CREATE EXTENSION templatedet;
SELECT success, result FROM run_command_on_workers(
  $$SELECT extversion FROM pg_extension WHERE extname = 'templatedet'$$);

-- The crawl, distributed by host: all pages of a site are on one shard.
CREATE TABLE pages (url text NOT NULL, host text NOT NULL, html text NOT NULL,
                    PRIMARY KEY (host, url));
SELECT create_distributed_table('pages', 'host');

-- The same crawl on the coordinator alone, for comparison: 6 sites of 40 pages, and a
-- mirror of site1 (its first 10 stories on another host: near-duplicates).
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
INSERT INTO local_pages
SELECT replace(url, 'site1.', 'site1-mirror.'), 'site1-mirror.example',
       replace(replace(html, 'Site 1<', 'Mirror of site 1<'), 'Footer of site 1', 'Mirror footer')
FROM local_pages WHERE host = 'site1.example' AND url ~ '/([1-9]|10)\.html$';
INSERT INTO pages SELECT * FROM local_pages;
SELECT count(DISTINCT nodeport) AS workers_holding_pages, count(*) AS shards
FROM pg_dist_shard JOIN pg_dist_placement USING (shardid) JOIN pg_dist_node USING (groupid)
WHERE logicalrelid = 'pages'::regclass;
SELECT array_agg(hosts ORDER BY hosts) AS hosts_per_worker,
       bool_or('site1.example' = ANY (names) AND NOT 'site1-mirror.example' = ANY (names))
         AS mirror_on_another_worker
FROM (SELECT n.nodeport, count(*) AS hosts, array_agg(p.host) AS names
      FROM (SELECT DISTINCT host FROM pages) p
      JOIN pg_dist_placement pl ON pl.shardid = get_shard_id_for_distribution_column('pages', p.host)
      JOIN pg_dist_node n USING (groupid)
      GROUP BY n.nodeport) w;

-- 1. One profile per site: the GROUP BY holds the distribution column, so each worker
-- aggregates its own shards and sends back only the profiles (no page leaves its node).
SELECT * FROM plan($$
SELECT host, template_profile(html) AS profile FROM pages GROUP BY host
$$);
-- What reaches the coordinator: the 7 profiles, not the 250 pages (Citus's EXPLAIN
-- ANALYZE counts the bytes it received; plan() replaces memory figures by N too).
SELECT * FROM plan($$
SELECT host, template_profile(html) AS profile FROM pages GROUP BY host
$$, 'ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF');
SELECT pg_size_pretty(h.bytes) AS html, pg_size_pretty(p.bytes) AS profiles
FROM (SELECT sum(octet_length(html))::bigint AS bytes FROM pages) h,
     (SELECT sum(octet_length(profile::bytea))::bigint AS bytes
      FROM (SELECT template_profile(html) AS profile FROM pages GROUP BY host) s) p;
-- equal to one node's, byte for byte
SELECT d.host, d.profile::bytea = l.profile::bytea AS same_bytes,
       profile_info(d.profile) -> 'pages' AS pages
FROM (SELECT host, template_profile(html) AS profile FROM pages GROUP BY host) d
JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) l
  USING (host)
ORDER BY host;

-- 2. One profile of the whole table: each worker builds a partial profile of its shards
-- (worker_partial_agg) and sends it, in tdprofile's text form, to the coordinator,
-- which merges them (coord_combine_agg with template_profile's combine function).
-- Citus splits an aggregate so only when its state has a real type: template_profile's
-- is a tdprofile (an aggregate with an internal state is computed on the coordinator
-- from every row, as train_template_model below).
SELECT * FROM plan($$
SELECT template_profile(html) AS profile FROM pages
$$, 'VERBOSE, COSTS OFF');
-- Counted exactly (templatedet.profile_error = 0, here and, through SET LOCAL, on the
-- workers) the merged profile is one node's, byte for byte.
BEGIN;
SET LOCAL citus.propagate_set_commands = 'local';
SET LOCAL templatedet.profile_error = 0;
SELECT (SELECT template_profile(html)::bytea FROM pages) =
       (SELECT template_profile(html)::bytea FROM local_pages) AS same_bytes;
COMMIT;
-- With the default error (lossy counting, ε = 0.01) one node prunes rare subtrees every
-- 100 pages, while each worker here holds fewer pages than that and prunes none: the
-- merged profile is as exact or more (error bound 0 against 2), and strips the same.
SELECT d.info -> 'pages' AS pages, d.info -> 'error_bound' AS error_bound,
       l.info -> 'error_bound' AS one_node_error_bound
FROM (SELECT profile_info(template_profile(html)) AS info FROM pages) d,
     (SELECT profile_info(template_profile(html)) AS info FROM local_pages) l;
SELECT count(*) AS pages,
       count(*) FILTER (WHERE strip_template(p.html, d.profile) IS DISTINCT FROM
                              strip_template(p.html, l.profile)) AS stripped_differently
FROM local_pages p,
     (SELECT template_profile(html) AS profile FROM pages) d,
     (SELECT template_profile(html) AS profile FROM local_pages) l;

-- 3. Profiles stored beside their pages: a table distributed by host and co-located
-- with pages, filled by INSERT … SELECT, which runs on the workers (each shard of
-- pages writes to the shard of site_profiles on the same node).
CREATE TABLE site_profiles (host text PRIMARY KEY, profile tdprofile NOT NULL);
SELECT create_distributed_table('site_profiles', 'host', colocate_with => 'pages');
SELECT * FROM plan($$
INSERT INTO site_profiles
SELECT host, template_profile(html) FROM pages GROUP BY host
$$);
INSERT INTO site_profiles
SELECT host, template_profile(html) FROM pages GROUP BY host;

-- Clean text: pages joined with their profile on host, on the workers (a co-located
-- join; no page or profile is sent to another node).
SELECT * FROM plan($$
SELECT p.url, strip_template(p.html, s.profile) AS body
FROM pages p JOIN site_profiles s USING (host)
$$);

-- 4. A distributed clean-text table kept fresh.  CREATE MATERIALIZED VIEW over a
-- distributed table makes a table on the coordinator only, filled through it; a
-- distributed table filled by INSERT … SELECT … ON CONFLICT runs on the workers.
CREATE MATERIALIZED VIEW clean_view AS
SELECT p.url, p.host, strip_template(p.html, s.profile) AS body
FROM pages p JOIN site_profiles s USING (host);
SELECT count(*) AS rows, (SELECT count(*) FROM pg_dist_partition
                          WHERE logicalrelid = 'clean_view'::regclass) AS distributed
FROM clean_view;
DROP MATERIALIZED VIEW clean_view;
CREATE TABLE clean_pages (url text NOT NULL, host text NOT NULL, body text,
                          PRIMARY KEY (host, url));
SELECT create_distributed_table('clean_pages', 'host', colocate_with => 'pages');
SELECT * FROM plan($$
INSERT INTO clean_pages (url, host, body)
SELECT p.url, p.host, clean_text(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host)
ON CONFLICT (host, url) DO UPDATE SET body = excluded.body
$$);
INSERT INTO clean_pages (url, host, body)
SELECT p.url, p.host, clean_text(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host)
ON CONFLICT (host, url) DO UPDATE SET body = excluded.body;
-- a page changes: the same statement, limited to its site, refreshes it
UPDATE pages SET html = replace(html, 'Text of story', 'Revised story')
WHERE host = 'site2.example' AND url = 'https://site2.example/8.html';
INSERT INTO clean_pages (url, host, body)
SELECT p.url, p.host, clean_text(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host)
WHERE p.host = 'site2.example'
ON CONFLICT (host, url) DO UPDATE SET body = excluded.body;
SELECT body FROM clean_pages WHERE host = 'site2.example' AND url = 'https://site2.example/8.html';
UPDATE local_pages SET html = replace(html, 'Text of story', 'Revised story')
WHERE url = 'https://site2.example/8.html';
-- strip_template and clean_text equal one node's, byte for byte
SELECT count(*) AS pages,
       count(*) FILTER (WHERE c.body IS DISTINCT FROM clean_text(l.html, lp.profile)) AS clean_text_differs,
       count(*) FILTER (WHERE strip_template(d.html, s.profile) IS DISTINCT FROM
                              strip_template(l.html, lp.profile)) AS strip_differs
FROM clean_pages c
JOIN pages d USING (host, url)
JOIN site_profiles s USING (host)
JOIN local_pages l USING (host, url)
JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) lp USING (host);

-- A reference table (a copy on every node) joins with any distributed table on the
-- workers too: profiles of another crawl, say.
CREATE TABLE ref_profiles AS SELECT * FROM site_profiles;
SELECT create_reference_table('ref_profiles');
SELECT * FROM plan($$
SELECT p.url, strip_template(p.html, r.profile) AS body
FROM pages p JOIN ref_profiles r USING (host)
$$);

-- 5. Near-duplicates across sites.  Pages of two sites are on different nodes: the
-- band keys are redistributed by band, so that pages sharing a band meet on one node.
-- The INSERT … SELECT repartitions: each page's (band, url, signature) rows move once,
-- 16 rows of about 1 kB (the 128-value signature) per page; then the self-join on band
-- is co-located and runs on the workers.
CREATE TABLE page_bands (band int8 NOT NULL, url text NOT NULL, sig int8[] NOT NULL);
SELECT create_distributed_table('page_bands', 'band');
SELECT * FROM plan($$
INSERT INTO page_bands
SELECT unnest(minhash_bands(m.sig, 16)), m.url, m.sig
FROM (SELECT url, minhash(body) AS sig FROM clean_pages) m
$$);
INSERT INTO page_bands
SELECT unnest(minhash_bands(m.sig, 16)), m.url, m.sig
FROM (SELECT url, minhash(body) AS sig FROM clean_pages) m;
SELECT * FROM plan($$
SELECT DISTINCT a.url AS url1, b.url AS url2, minhash_similarity(a.sig, b.sig) AS similarity
FROM page_bands a JOIN page_bands b ON a.band = b.band AND a.url < b.url
$$);
-- the pairs equal one node's
CREATE TABLE near_dups AS
SELECT DISTINCT a.url AS url1, b.url AS url2, minhash_similarity(a.sig, b.sig) AS similarity
FROM page_bands a JOIN page_bands b ON a.band = b.band AND a.url < b.url;
CREATE TABLE local_sigs AS
SELECT l.url, minhash(clean_text(l.html, lp.profile)) AS sig
FROM local_pages l
JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) lp USING (host);
SELECT count(*) AS pairs, count(*) FILTER (WHERE split_part(url1, '/', 3) <> split_part(url2, '/', 3)) AS across_sites,
       (SELECT count(*) FROM (
          SELECT DISTINCT a.url, b.url, minhash_similarity(a.sig, b.sig)
          FROM local_sigs a JOIN local_sigs b
            ON a.url < b.url AND minhash_bands(a.sig, 16) && minhash_bands(b.sig, 16)
          EXCEPT SELECT * FROM near_dups) x) AS only_on_one_node,
       (SELECT count(*) FROM (
          SELECT * FROM near_dups EXCEPT
          SELECT DISTINCT a.url, b.url, minhash_similarity(a.sig, b.sig)
          FROM local_sigs a JOIN local_sigs b
            ON a.url < b.url AND minhash_bands(a.sig, 16) && minhash_bands(b.sig, 16)) x) AS only_on_citus
FROM near_dups;
SELECT url1, url2, round(similarity::numeric, 2) AS similarity
FROM near_dups WHERE url1 LIKE '%/3.html' ORDER BY 1, 2;

-- 6. train_template_model has an internal state and no combine function: over the
-- whole table Citus sends every page and its profile to the coordinator, which trains
-- there.  The model depends on the order of the rows (the first max_training_rows are
-- kept, and the fit sums in that order): in the same order it is one node's, byte for
-- byte.  Grouped by host, one model per site is trained on the workers.
SELECT * FROM plan($$
SELECT train_template_model(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host)
$$);
SELECT (SELECT train_template_model(p.html, s.profile ORDER BY p.url)
        FROM pages p JOIN site_profiles s USING (host)) =
       (SELECT train_template_model(l.html, lp.profile ORDER BY l.url)
        FROM local_pages l
        JOIN (SELECT host, template_profile(html) AS profile FROM local_pages GROUP BY host) lp
          USING (host)) AS same_model;
SELECT * FROM plan($$
SELECT host, train_template_model(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host) GROUP BY host
$$);

RESET ALL;
