-- page_metadata: properties that hold for every page, beyond the examples of
-- sql/td_meta.sql: text and bytea agree, the result is an object of known
-- keys, bad input is refused with its SQLSTATE, deep JSON-LD is no error.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(9);

CREATE TEMP TABLE mpages (html text);
INSERT INTO mpages VALUES
  ('<html lang="en"><title>A | Site</title><meta property="og:site_name" content="Site"></html>'),
  ('<script type="application/ld+json">{"@type": "BlogPosting", "headline": "Héllo", "author": "Zoë Ng", "datePublished": "2021-06-01"}</script>'),
  ('<p>No metadata at all.</p>'),
  ('<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Soup</h1></div>');

SELECT results_eq(
  $$SELECT page_metadata(convert_to(html, 'UTF8')) FROM mpages ORDER BY html$$,
  $$SELECT page_metadata(html) FROM mpages ORDER BY html$$,
  'bytea pages give what text pages give');
SELECT is((SELECT count(*) FROM mpages WHERE jsonb_typeof(page_metadata(html)) <> 'object'), 0::bigint,
          'the result is always an object');
SELECT is((SELECT count(*) FROM mpages, jsonb_object_keys(page_metadata(html, 'https://x.example/')) k
           WHERE k NOT IN ('title', 'authors', 'published', 'modified', 'description', 'site_name',
                           'canonical_url', 'language', 'language_confidence', 'language_source',
                           'image', 'keywords', 'types')), 0::bigint,
          'only the documented keys');
SELECT is(page_metadata((SELECT html FROM mpages WHERE html LIKE '%Héllo%')) -> 'authors',
          '["Zoë Ng"]'::jsonb, 'non-ASCII names come through');
SELECT is(page_metadata('<script type="application/ld+json">' || repeat('[', 50000) || '</script><title>T</title>'),
          '{"title": "T"}'::jsonb, 'JSON-LD nested 50,000 deep is ignored, not an error');
SELECT throws_ok($$SELECT page_metadata('<p>x</p>', 'ftp://x.example/')$$, '22023', NULL,
                 'a base_url that is not http(s) is 22023');
SELECT throws_ok($$SELECT page_metadata('%PDF-1.4 junk'::bytea)$$, '22023', NULL,
                 'bytes that are not HTML are 22023');
SET LOCAL templatedet.max_nodes = 10;
SELECT throws_ok($$SELECT page_metadata(repeat('<p>x</p>', 20))$$, '54000', NULL,
                 'a page over max_nodes is 54000');
RESET templatedet.max_nodes;
SELECT is(page_metadata(NULL::bytea), NULL, 'a NULL page is NULL');

SELECT * FROM finish();
ROLLBACK;
