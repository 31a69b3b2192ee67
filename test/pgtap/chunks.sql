-- templatedet table text chunks and exact duplicate pages: signatures, flags,
-- unit dispatch, duplicates counted once, errors with SQLSTATEs.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(29);

-- signatures and flags
SELECT has_function('template_profile', ARRAY['text', 'text']);
SELECT has_function('template_profile', ARRAY['bytea', 'text']);
SELECT is_aggregate('template_profile', ARRAY['text', 'text']);
SELECT is_aggregate('template_profile', ARRAY['bytea', 'text']);
SELECT has_function('template_chunks', ARRAY['text', 'tdprofile', 'double precision']);
SELECT has_function('template_chunks', ARRAY['bytea', 'tdprofile', 'double precision']);
SELECT volatility_is('template_chunks', ARRAY['text', 'tdprofile', 'double precision'], 'immutable');
SELECT is_strict('template_chunks', ARRAY['text', 'tdprofile', 'double precision']);
SELECT is((SELECT aggcombinefn::regprocedure::text FROM pg_aggregate
           WHERE aggfnoid = 'template_profile(text, text)'::regprocedure),
          'template_profile_combinefn(tdprofile,tdprofile)', 'the unit form runs in parallel (combine function)');
SELECT isnt_empty($$SELECT 1 FROM pg_proc WHERE oid = 'template_profile(text, text)'::regprocedure
                   AND proparallel = 's'$$, 'the unit form is parallel safe');

-- a small site: menu and footer in tables, one story each
CREATE TEMP TABLE site AS
SELECT n, '<table><tr><td>Home | News | About</td></tr></table><p>Story number ' || n
          || ' of the site.</p><table><tr><td>Footer text</td></tr></table>' AS html
FROM generate_series(1, 5) n;
CREATE TEMP TABLE prof AS SELECT template_profile(html, 'chunk') AS p FROM site;

SELECT is((SELECT profile_info(p) ->> 'unit' FROM prof), 'chunk', 'profile_info shows the unit');
SELECT is((SELECT profile_info(template_profile(html)) ->> 'unit' FROM site), 'node',
          'the one-argument form builds node profiles');
SELECT is((SELECT strip_template(html, p) FROM site, prof WHERE n = 2), 'Story number 2 of the site.',
          'strip_template drops the chunks at or above the threshold');
SELECT is((SELECT count(*)::int FROM template_chunks((SELECT html FROM site WHERE n = 1), (SELECT p FROM prof))),
          3, 'three chunks: menu | story | footer');
SELECT is((SELECT array_agg(is_template ORDER BY chunk)
           FROM template_chunks((SELECT html FROM site WHERE n = 1), (SELECT p FROM prof))),
          ARRAY[true, false, true], 'menu and footer are template');
SELECT is((SELECT strip_template(html, p, 1.0) FROM site, prof WHERE n = 3), 'Story number 3 of the site.',
          'at theta 1 too (on every page)');
SELECT ok((SELECT strip_template_html(html, p) FROM site, prof WHERE n = 4) NOT LIKE '%<table>%',
          'strip_template_html drops the emptied tables');

-- exact duplicates: counted once in node and chunk profiles
SELECT is((SELECT profile_info(template_profile(html, 'chunk')) ->> 'pages'
           FROM (SELECT html FROM site UNION ALL SELECT html FROM site WHERE n = 1) d), '5',
          'a copied page counts once (chunk)');
SELECT is((SELECT profile_info(template_profile(html)) ->> 'duplicates'
           FROM (SELECT html FROM site UNION ALL SELECT html FROM site WHERE n <= 2) d), '2',
          'and the copies are tallied (node)');
SET LOCAL templatedet.profile_dedup_pages = 0;
SELECT is((SELECT profile_info(template_profile(html, 'chunk')) ->> 'pages'
           FROM (SELECT html FROM site UNION ALL SELECT html FROM site WHERE n = 1) d), '6',
          'profile_dedup_pages = 0 counts every copy');
RESET templatedet.profile_dedup_pages;

-- errors
SELECT throws_ok($$SELECT template_profile(html, 'words') FROM site$$, '22023', NULL, 'unknown unit');
SELECT throws_ok($$SELECT template_profile(html, NULL) FROM site$$, '22023', NULL, 'NULL unit');
SELECT throws_ok($$SELECT template_profile(html, CASE WHEN n = 2 THEN 'node' ELSE 'chunk' END) FROM site$$,
                 '22023', NULL, 'the unit may not change between rows');
SELECT throws_like($$SELECT template_profile_union(x) FROM (SELECT p AS x FROM prof
                     UNION ALL SELECT template_profile(html) FROM site) u$$,
                   '%cannot merge a % profile with a % profile%', 'union refuses mixed units');
SELECT throws_ok($$SELECT template_profile_union(x) FROM (SELECT p AS x FROM prof
                   UNION ALL SELECT template_profile(html) FROM site) u$$, '22023');
SELECT throws_ok($$SELECT count(*) FROM template_nodes((SELECT html FROM site WHERE n = 1), (SELECT p FROM prof))$$,
                 '22023', NULL, 'template_nodes needs a node profile');
SELECT throws_ok($$SELECT train_template_model(html, p) FROM site, prof$$,
                 '22023', NULL, 'train_template_model needs a node profile');
SELECT throws_ok($$SELECT count(*) FROM template_chunks('<td>x</td>', (SELECT template_profile(html) FROM site))$$,
                 '22023', NULL, 'template_chunks needs a chunk profile');
SELECT throws_ok($$SELECT strip_template('<td>x</td>', p, 'NaN') FROM prof$$, '22023', NULL, 'NaN threshold');

SELECT * FROM finish();
ROLLBACK;
