-- templatedet behaviour: type I/O, errors with SQLSTATEs, strip results.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(27);

CREATE TEMP TABLE site (url text, html text);
INSERT INTO site VALUES
  ('a', '<header><h2>Shop of Things</h2></header><nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav><main><p>Apples are red.</p></main><footer><p>Shop of Things, Example Road</p></footer>'),
  ('b', '<header><h2>Shop of Things</h2></header><nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav><main><p>Bananas are yellow.</p></main><footer><p>Shop of Things, Example Road</p></footer>'),
  ('c', '<header><h2>Shop of Things</h2></header><nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav><main><p>Cherries are dark.</p></main><footer><p>Shop of Things, Example Road</p></footer>'),
  ('d', '<header><h2>Shop of Things</h2></header><nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav><main><p>Dates are sweet.</p></main><footer><p>Shop of Things, Example Road</p></footer>');
CREATE TEMP TABLE prof AS SELECT template_profile(html) AS p FROM site;

-- strip results on small pages
SELECT results_eq(
  $$SELECT strip_template(html, (SELECT p FROM prof)) FROM site ORDER BY url$$,
  $$VALUES ('Apples are red.'), ('Bananas are yellow.'), ('Cherries are dark.'), ('Dates are sweet.')$$,
  'strip_template keeps exactly the content of each page');
SELECT results_eq(
  $$SELECT strip_template(convert_to(html, 'UTF8'), (SELECT p FROM prof)) FROM site ORDER BY url$$,
  $$VALUES ('Apples are red.'), ('Bananas are yellow.'), ('Cherries are dark.'), ('Dates are sweet.')$$,
  'strip_template on bytea pages');
SELECT is(strip_template('<header><h2>Shop of Things</h2></header><main><p>Elderberries.</p></main>', (SELECT p FROM prof)),
          'Elderberries.', 'a new page loses the template too');
SELECT is(html_text((SELECT html FROM site WHERE url = 'a')),
          E'Shop of Things\nHome Catalogue\nApples are red.\nShop of Things, Example Road',
          'html_text keeps everything visible');
SELECT is(strip_template_html((SELECT html FROM site WHERE url = 'a'), (SELECT p FROM prof)),
          '<!DOCTYPE html><html><body><main><p>Apples are red.</p></main></body></html>',
          'strip_template_html keeps the content markup');
SELECT results_eq(
  $$SELECT tag, is_template FROM template_nodes((SELECT html FROM site WHERE url = 'a'), (SELECT p FROM prof))
    WHERE tag IN ('header', 'nav', 'main', 'footer') ORDER BY node$$,
  $$VALUES ('header', true), ('nav', true), ('main', false), ('footer', true)$$,
  'template_nodes shows the decisions');
SELECT is(html_text(''), '', 'empty page gives empty text');
SELECT is(html_text(NULL::text), NULL, 'NULL gives NULL');

-- type I/O round trips
SELECT is((SELECT p::text::tdprofile::bytea FROM prof), (SELECT p::bytea FROM prof), 'text I/O round-trips');
SELECT is((SELECT p::bytea::tdprofile::bytea FROM prof), (SELECT p::bytea FROM prof), 'bytea cast round-trips');
SELECT is((SELECT tdprofile_send(p) FROM prof), (SELECT p::bytea FROM prof), 'send gives the serialized bytes');
SELECT is((SELECT p::text FROM prof), (SELECT replace(encode(p::bytea, 'base64'), E'\n', '') FROM prof),
          'text form is base64 of the bytes, on one line');
SELECT is((SELECT encode(p::bytea, 'base64')::tdprofile::bytea FROM prof),
          (SELECT p::bytea FROM prof), 'line-broken base64 is accepted');
SELECT is((SELECT (profile_info(p) ->> 'pages')::int FROM prof), 4, 'profile_info pages');
SELECT is((SELECT profile_info(p) ->> 'unit' FROM prof), 'node', 'profile_info unit');

-- errors with SQLSTATEs
SELECT throws_ok($$SELECT 'not base64!'::tdprofile$$, '22P02', NULL, 'bad base64 is 22P02');
SELECT throws_ok($$SELECT '\x00'::bytea::tdprofile$$, '22P03', NULL, 'garbage bytes are 22P03');
SELECT throws_ok($$SELECT substr(p::bytea, 1, length(p::bytea) - 16)::tdprofile FROM prof$$, '22P03', NULL,
                 'a truncated profile is 22P03');
SELECT throws_ok($$SELECT overlay(p::bytea PLACING 'XXXX'::bytea FROM 1)::tdprofile FROM prof$$, '22P03', NULL,
                 'a forged magic is 22P03');
SELECT throws_ok($$SELECT strip_template('<p>x</p>', p, 0) FROM prof$$, '22023', NULL, 'threshold 0 is 22023');
SELECT throws_ok($$SELECT strip_template('<p>x</p>', p, 'NaN') FROM prof$$, '22023', NULL, 'threshold NaN is 22023');
SELECT throws_ok($$SELECT strip_template('<p>x</p>', p, 1.5) FROM prof$$, '22023', NULL, 'threshold 1.5 is 22023');
SELECT throws_ok($$SELECT * FROM template_nodes('<p>x</p>', (SELECT p FROM prof), -1)$$, '22023', NULL,
                 'template_nodes checks the threshold');
SET LOCAL templatedet.max_page_bytes = 100;
SELECT throws_ok($$SELECT html_text(repeat('x', 101))$$, '54000', NULL, 'over max_page_bytes is 54000');
RESET templatedet.max_page_bytes;
SET LOCAL templatedet.max_nodes = 10;
SELECT throws_ok($$SELECT template_profile(repeat('<p>x</p>', 10))$$, '54000', NULL, 'over max_nodes is 54000');
RESET templatedet.max_nodes;
SELECT throws_ok($$SET templatedet.profile_error = 0.9$$, '22023', NULL, 'profile_error is range-checked');
SELECT lives_ok($$SELECT html_text('<p>still fine</p>')$$, 'the session works after the errors');

SELECT * FROM finish();
ROLLBACK;
