-- Near-duplicate signatures: shingles, MinHash, LSH band keys (README "Near-duplicates").
CREATE SCHEMA dedup;
SET search_path = dedup, public;

-- ---- the README examples, run as written ------------------------------------
CREATE TABLE stories (id int, body text);
INSERT INTO stories VALUES
  (1, 'The old bridge over the river reopened on Monday after two years of repairs, the council said.'),
  (2, 'THE OLD BRIDGE over the river reopened on Monday -- after two years of repairs; the council said!'),
  (3, 'The old bridge over the river reopened on Monday after two years of repairs, the mayor said.'),
  (4, 'The Saturday market moves to the harbour from next month, traders were told on Monday.');

SELECT shingles('The old bridge over the river reopened on Monday', width => 6, keep => 4);

SELECT a.id, b.id, shingle_overlap(shingles(a.body), shingles(b.body)) AS shared,
       round(minhash_similarity(minhash(a.body), minhash(b.body))::numeric, 2) AS minhash
FROM stories a JOIN stories b ON a.id < b.id ORDER BY 1, 2;

CREATE TABLE story_sigs AS
  SELECT id, shingles(body) AS sig, minhash(body) AS mh FROM stories;
CREATE INDEX ON story_sigs USING gin (sig);
CREATE INDEX ON story_sigs USING gin (minhash_bands(mh, 32));

SELECT a.id, b.id, shingle_overlap(a.sig, b.sig) AS shared
FROM story_sigs a JOIN story_sigs b ON a.id < b.id AND a.sig && b.sig
WHERE shingle_overlap(a.sig, b.sig) >= 4 ORDER BY 1, 2;

SELECT a.id, b.id, minhash_similarity(a.mh, b.mh) AS similarity
FROM story_sigs a JOIN story_sigs b
  ON a.id < b.id AND minhash_bands(a.mh, 32) && minhash_bands(b.mh, 32)
ORDER BY 1, 2;

SELECT minhash('one two three four five six', k => 4) AS sig,
       minhash_bands(minhash('one two three four five six', k => 4), 2) AS bands;

-- ---- known values: frozen, the same as test/core/test_shingle.c -------------
SELECT shingles('The quick brown fox jumps over the lazy dog, and the dog sleeps in the warm sun all day long.');
SELECT minhash('The quick brown fox jumps over the lazy dog, and the dog sleeps in the warm sun all day long.', 5, 4);
SELECT minhash_bands(minhash('The quick brown fox jumps over the lazy dog, and the dog sleeps in the warm sun all day long.', 5, 4), 2);
SELECT shingles('Héllo, WÖRLD! Привет мир 123');
-- defaults: 8 shingles of 6 words, 128 MinHash values of 5-word windows
SELECT cardinality(shingles(repeat('word ', 3) || string_agg('w' || i, ' '))) AS shingles,
       cardinality(minhash(string_agg('w' || i, ' '))) AS minhash
FROM generate_series(1, 100) i;
SELECT shingles(string_agg('w' || i, ' '), 5, 3) = (shingles(string_agg('w' || i, ' '), 5, 8))[1:3] AS prefix
FROM generate_series(1, 100) i;
-- case, punctuation and Unicode separators do not count
SELECT shingles('Straße — «Ärger» über Öl') = shingles('STRASSE ärger ÜBER öl') AS sharp_s_differs,
       shingles('ÄRGER, über: ÖL!') = shingles('ärger über öl') AS same;

-- ---- NULL, empty and tiny texts -----------------------------------------------
SELECT shingles(NULL) IS NULL AS a, shingles('x', NULL) IS NULL AS b, minhash(NULL) IS NULL AS c,
       shingle_overlap(NULL, '{1}') IS NULL AS d, minhash_similarity('{1}', NULL) IS NULL AS e,
       minhash_bands(NULL, 2) IS NULL AS f, minhash_bands('{1,2}', NULL) IS NULL AS g;
SELECT shingles('') AS empty, shingles(' ?! -- ') AS no_words, minhash('') AS no_signature,
       minhash_bands('{}', 4) AS no_bands, minhash_similarity('{}', '{}') AS empty_similarity;
-- fewer words than the width: one shingle of the whole text
SELECT shingles('one two') = shingles('one two', 2) AS whole_text, cardinality(shingles('one two')) AS n;
SELECT cardinality(minhash('one two', 5, 16)) AS n,
       minhash_similarity(minhash('one two', 5, 16), minhash('One, two.', 5, 16)) AS similarity;

-- ---- overlap, similarity, bands -----------------------------------------------
SELECT shingle_overlap('{1,3,5,7}', '{3,4,5}') AS sorted,
       shingle_overlap('{5,3,3,1}', '{3,5,5}') AS unsorted_counts_distinct,
       shingle_overlap('{}', '{1}') AS empty,
       shingle_overlap('{-9223372036854775808,9223372036854775807}',
                       '{9223372036854775807,-9223372036854775808}') AS extremes;
SELECT minhash_similarity('{1,2,3,4}', '{1,2,0,4}') AS three_quarters,
       minhash_similarity('{1,2,3,4}', '{4,3,2,1}') AS none;
-- symmetric, bounded
SELECT bool_and(shingle_overlap(a.sig, b.sig) = shingle_overlap(b.sig, a.sig)) AS overlap_symmetric,
       bool_and(minhash_similarity(a.mh, b.mh) = minhash_similarity(b.mh, a.mh)) AS similarity_symmetric,
       bool_and(minhash_similarity(a.mh, b.mh) BETWEEN 0 AND 1) AS bounded,
       bool_and(shingle_overlap(a.sig, b.sig) BETWEEN 0 AND 8) AS overlap_bounded
FROM story_sigs a, story_sigs b;
-- a band is a hash of its values and its index: equal values in two bands give two keys
SELECT minhash_bands('{1,2,1,2}', 2) AS bands,
       (minhash_bands('{1,2,1,2}', 2))[1] <> (minhash_bands('{1,2,1,2}', 2))[2] AS differ,
       cardinality(minhash_bands(mh, 128)) AS one_per_value
FROM story_sigs WHERE id = 1;

-- ---- errors: 22023 ---------------------------------------------------------------
\set VERBOSITY sqlstate
SELECT shingles('x', 0);
SELECT shingles('x', 6, 0);
SELECT shingles('x', 6, 4097);
SELECT minhash('x', 257);
SELECT minhash('x', 5, 0);
SELECT minhash_bands('{1,2,3}', 2);
SELECT minhash_bands('{1,2,3}', 0);
SELECT minhash_similarity('{1,2}', '{1,2,3}');
SELECT shingle_overlap('{1,NULL}', '{1}');
SELECT shingle_overlap('{{1,2},{3,4}}', '{1}');
SELECT minhash_similarity('{1,NULL}', '{1,2}');
SELECT minhash_bands('{{1,2},{3,4}}', 2);
\set VERBOSITY default
SELECT shingles('x', 0);
SELECT minhash('x', 5, 5000);
SELECT minhash_bands('{1,2,3}', 2);
SELECT minhash_similarity('{1,2}', '{1,2,3}');
SELECT shingle_overlap('{1,NULL}', '{1}');
SELECT shingle_overlap('{{1,2},{3,4}}', '{1}');

-- ---- the GIN array opclass indexes the arrays; && uses it ---------------------
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM story_sigs WHERE sig && '{1,2}';
SELECT id FROM story_sigs WHERE sig && shingles('The old bridge over the river reopened on Monday after two years') ORDER BY id;
EXPLAIN (COSTS OFF) SELECT id FROM story_sigs WHERE minhash_bands(mh, 32) && '{1,2}';
RESET enable_seqscan;

-- ---- end to end (seed §6.2): templates foil shingling; stripping them fixes it ----
-- Two sites, six pages each, heavy templates (header, menu, "most read", footer).
-- Article 100 appears on both sites; every other article once.  Words are drawn
-- from a fixed vocabulary by md5, so the texts are fixed.
CREATE FUNCTION words(seed text, n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg((ARRAY['river','bridge','council','market','harbour','school','library',
      'street','mayor','train','station','garden','museum','season','weather','storm','winter',
      'summer','road','village','county','police','doctor','nurse','teacher','pupil','prize',
      'festival','music','theatre','film','book','author','farmer','harvest','price','budget',
      'tax','plan','vote','election','party','leader','minister','court','judge','report',
      'study','science','space','ocean','forest','mountain','island','castle','church','tower',
      'ferry','airport','hotel','bakery','coffee','football','match'])
      [1 + get_byte(decode(md5(seed || ':' || i), 'hex'), 0) % 64], ' ' ORDER BY i)
  FROM generate_series(1, n) i $$;

CREATE TABLE site_pages (site text, article int, html text);
INSERT INTO site_pages
SELECT site, article, format($h$<html><body>
<header><h1>%s</h1><p>%s</p></header>
<ul class="menu">%s</ul>
<aside><h3>Most read</h3><ol>%s</ol></aside>
<article><h2>Story %s</h2><p>%s</p></article>
<footer><p>%s</p><p>Published 2024-05-%s</p></footer>
</body></html>$h$,
    site || ' Gazette', words(site || 'motto', 12),
    (SELECT string_agg('<li><a href="/s' || i || '">' || words(site || 'menu' || i, 2) || '</a></li>', '')
     FROM generate_series(1, 12) i),
    (SELECT string_agg('<li>' || words(site || 'top' || i, 12) || '</li>', '')
     FROM generate_series(1, 6) i),
    article, words('article' || article, 60), words(site || 'legal', 30), 10 + article % 10)
FROM (VALUES ('North', 1), ('North', 2), ('North', 3), ('North', 4), ('North', 5), ('North', 100),
             ('South', 6), ('South', 7), ('South', 8), ('South', 9), ('South', 10), ('South', 100))
     AS t(site, article);

CREATE TABLE site_profiles AS
  SELECT site, template_profile(html) AS profile FROM site_pages GROUP BY site;

CREATE TABLE page_sigs AS
  SELECT site, article, shingles(html_text(html)) AS raw,
         shingles(strip_template(html, profile)) AS clean
  FROM site_pages JOIN site_profiles USING (site);

-- the words of a page: 144 of template, 62 of article
SELECT site, article,
       array_length(regexp_split_to_array(html_text(html), '\s+'), 1) AS all_words,
       array_length(regexp_split_to_array(strip_template(html, profile), '\s+'), 1) AS clean_words
FROM site_pages JOIN site_profiles USING (site) WHERE article IN (1, 100) ORDER BY 1, 2;

-- the two cases of the issue: same story, two templates; two stories, one template
SELECT 'same story, two sites' AS pair,
       shingle_overlap(a.raw, b.raw) AS before, shingle_overlap(a.clean, b.clean) AS after
FROM page_sigs a, page_sigs b
WHERE a.site = 'North' AND b.site = 'South' AND a.article = 100 AND b.article = 100
UNION ALL
SELECT 'two stories, one site',
       shingle_overlap(a.raw, b.raw), shingle_overlap(a.clean, b.clean)
FROM page_sigs a, page_sigs b
WHERE a.site = 'North' AND b.site = 'North' AND a.article = 1 AND b.article = 2;

-- the same two cases with clean_text, as users call it (site-level and page-level)
WITH c AS (SELECT site, article, shingles(clean_text(html, profile)) AS clean
           FROM site_pages JOIN site_profiles USING (site))
SELECT 'same story, two sites' AS pair, shingle_overlap(a.clean, b.clean) AS after
FROM c a, c b
WHERE a.site = 'North' AND b.site = 'South' AND a.article = 100 AND b.article = 100
UNION ALL
SELECT 'two stories, one site', shingle_overlap(a.clean, b.clean)
FROM c a, c b
WHERE a.site = 'North' AND b.site = 'North' AND a.article = 1 AND b.article = 2;

-- all 66 pairs of the 12 pages, the rule of §6.2 (>= 4 of 8 shared): only the
-- article-100 pair is a true duplicate
SELECT a.article = b.article AS duplicate,
       count(*) FILTER (WHERE shingle_overlap(a.raw, b.raw) >= 4) AS flagged_before,
       count(*) FILTER (WHERE shingle_overlap(a.clean, b.clean) >= 4) AS flagged_after,
       count(*) AS pairs
FROM page_sigs a JOIN page_sigs b ON (a.site, a.article) < (b.site, b.article)
GROUP BY 1 ORDER BY 1;

-- the same with MinHash (>= 0.5 estimated Jaccard of 5-word windows)
SELECT a.article = b.article AS duplicate,
       count(*) FILTER (WHERE minhash_similarity(minhash(html_text(a.html)), minhash(html_text(b.html))) >= 0.5) AS flagged_before,
       count(*) FILTER (WHERE minhash_similarity(minhash(strip_template(a.html, pa.profile)),
                                                 minhash(strip_template(b.html, pb.profile))) >= 0.5) AS flagged_after,
       count(*) AS pairs
FROM site_pages a JOIN site_profiles pa ON pa.site = a.site
JOIN site_pages b ON (a.site, a.article) < (b.site, b.article)
JOIN site_profiles pb ON pb.site = b.site
GROUP BY 1 ORDER BY 1;

RESET search_path;
SET client_min_messages = warning;
DROP SCHEMA dedup CASCADE;
