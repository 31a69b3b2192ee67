-- templatedet ETDM surface: signatures, flags, defaults, results, errors with SQLSTATEs.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(24);

-- signatures, return types, flags
SELECT has_function('etdm_template', ARRAY['text', 'text[]', 'integer', 'double precision', 'boolean', 'boolean',
  'double precision', 'double precision', 'double precision', 'double precision',
  'double precision', 'double precision', 'double precision']);
SELECT has_function('etdm_template', ARRAY['bytea', 'bytea[]', 'integer', 'double precision', 'boolean', 'boolean',
  'double precision', 'double precision', 'double precision', 'double precision',
  'double precision', 'double precision', 'double precision']);
SELECT has_function('strip_etdm', ARRAY['text', 'text[]', 'integer', 'double precision', 'boolean', 'boolean',
  'double precision', 'double precision', 'double precision', 'double precision',
  'double precision', 'double precision', 'double precision']);
SELECT has_function('strip_etdm', ARRAY['bytea', 'bytea[]', 'integer', 'double precision', 'boolean', 'boolean',
  'double precision', 'double precision', 'double precision', 'double precision',
  'double precision', 'double precision', 'double precision']);
SELECT is((SELECT count(*)::int FROM pg_proc WHERE proname IN ('etdm_template', 'strip_etdm')
           AND provolatile = 'i' AND proisstrict AND proparallel = 's' AND prorettype = 'text'::regtype),
          4, 'all four are IMMUTABLE STRICT PARALLEL SAFE and return text');
SELECT is((SELECT pg_get_function_arguments(oid) FROM pg_proc WHERE proname = 'strip_etdm'
           AND proargtypes[0] = 'text'::regtype),
          'key_html text, peer_htmls text[], votes integer DEFAULT 2, similarity_threshold double precision DEFAULT 0.5, '
          'activate_position boolean DEFAULT true, compare_text boolean DEFAULT true, '
          'w_classes double precision DEFAULT 0.5, w_position double precision DEFAULT 0.2, '
          'w_attributes double precision DEFAULT 0.2, w_children double precision DEFAULT 0.1, '
          'not_classes double precision DEFAULT 0.875, not_attributes double precision DEFAULT 0.25, '
          'not_children double precision DEFAULT 1.0',
          'the thesis''s defaults: t = 2, weights 0.5/0.2/0.2/0.1, missing-attribute probabilities');

CREATE TEMP TABLE site (n int, html text);
INSERT INTO site
SELECT n, format('<nav class="m"><a href="/">Home</a> <a href="/b">Blog</a></nav><main><h1>%s</h1><p>%s</p></main><footer class="f">Shop of Things</footer>', t, b)
FROM (VALUES (1, 'Apples', 'Apples are red.'), (2, 'Bananas', 'Bananas are yellow.'),
             (3, 'Cherries', 'Cherries are dark.'), (4, 'Dates', 'Dates are sweet.')) v(n, t, b);
CREATE TEMP VIEW kp AS
  SELECT k.n, k.html AS key, ARRAY(SELECT p.html FROM site p WHERE p.n <> k.n ORDER BY p.n) AS peers FROM site k;

-- results
SELECT results_eq($$SELECT strip_etdm(key, peers) FROM kp ORDER BY n$$,
  $$VALUES (E'Apples\nApples are red.'), (E'Bananas\nBananas are yellow.'), (E'Cherries\nCherries are dark.'), (E'Dates\nDates are sweet.')$$,
  'strip_etdm keeps each page''s own text');
SELECT is((SELECT etdm_template(key, peers) FROM kp WHERE n = 1),
  '<!DOCTYPE html><html><body><nav class="m"><a href="/">Home</a> <a href="/b">Blog</a></nav><main><h1></h1><p></p></main><footer class="f">Shop of Things</footer></body></html>',
  'etdm_template keeps the nodes mapped in 2 of 3 peers');
SELECT is((SELECT strip_etdm(convert_to(key, 'UTF8'), ARRAY(SELECT convert_to(x, 'UTF8') FROM unnest(peers) x)) FROM kp WHERE n = 2),
  E'Bananas\nBananas are yellow.', 'bytea pages');
SELECT is((SELECT strip_etdm(key, peers[1:1] || ARRAY['<p>x</p>', '<p>y</p>'], 2) FROM kp WHERE n = 3),
  E'Home Blog\nCherries\nCherries are dark.\nShop of Things', 'one similar peer of three is not 2 votes');
SELECT is((SELECT strip_etdm(key, peers[1:1] || ARRAY['<p>x</p>', '<p>y</p>'], 1) FROM kp WHERE n = 3),
  E'Cherries\nCherries are dark.', 'one vote of three is enough with votes => 1');
SELECT is((SELECT strip_etdm(key, peers, compare_text => false) FROM kp WHERE n = 1), '',
  'without text comparison the shared layout takes the text too');
SELECT is(strip_etdm('<p class="a">x</p><p class="b">y</p>', ARRAY['<p class="b">y</p><p class="a">x</p>'], 1), 'y',
  'activate_position: a swapped pair maps once');
SELECT is(strip_etdm('<p class="a">x</p><p class="b">y</p>', ARRAY['<p class="b">y</p><p class="a">x</p>'], 1,
  activate_position => false), '', 'without it both map');
SELECT is(strip_etdm(NULL::text, ARRAY['<p>x</p>']), NULL, 'NULL key gives NULL');
SELECT is(strip_etdm('<p>x</p>', NULL::text[]), NULL, 'NULL peers give NULL');

-- errors
SELECT throws_ok($$SELECT strip_etdm('<p>x</p>', ARRAY[]::text[])$$, '22023',
  'votes must be between 1 and the number of peers (0), got 2', 'no peers');
SELECT throws_ok($$SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 2)$$, '22023', NULL, 'votes above the peers');
SELECT throws_ok($$SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], -1)$$, '22023', NULL, 'negative votes');
SELECT throws_ok($$SELECT etdm_template('<p>x</p>', ARRAY['<p>y</p>', NULL])$$, '22023',
  'peer_htmls must not contain NULL elements', 'NULL element');
SELECT throws_ok($$SELECT etdm_template('<p>x</p>', ARRAY[['<p>y</p>']], 1)$$, '22023', NULL, 'two dimensions');
SELECT throws_ok($$SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 1, similarity_threshold => -0.5)$$, '22023',
  'similarity_threshold must be in [0, 1], got -0.5', 'threshold out of range');
SELECT throws_ok($$SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 1, w_children => 0.2)$$, '22023', NULL,
  'weights not summing to 1');
SELECT throws_ok($$SELECT strip_etdm('<p>x</p>', ARRAY[repeat('<p>y</p>', 300)], 1)$$, '54000', NULL,
  'a peer over templatedet.max_page_bytes') FROM set_config('templatedet.max_page_bytes', '1kB', true);

SELECT * FROM finish();
ROLLBACK;
