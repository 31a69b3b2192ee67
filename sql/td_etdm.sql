-- etdm_template / strip_etdm: results, edge cases and errors.
\set VERBOSITY terse
CREATE TEMP TABLE site (n int, html text);
INSERT INTO site
SELECT n, format($h$<html><body><div id="top" class="banner">Shop of Things</div>
<ul class="menu"><li><a href="/">Home</a></li><li><a href="/c">Catalogue</a></li></ul>
<main class="content"><h1>%s</h1><p>%s</p></main>
<footer class="foot"><p>Example Road 1</p></footer></body></html>$h$,
              title, body)
FROM (VALUES (1, 'Apples', 'Apples are red.'), (2, 'Bananas', 'Bananas are yellow.'),
             (3, 'Cherries', 'Cherries are dark.'), (4, 'Dates', 'Dates are sweet.'))
     AS t(n, title, body);

CREATE TEMP VIEW key_peers AS
SELECT k.n, k.html AS key, ARRAY(SELECT p.html FROM site p WHERE p.n <> k.n ORDER BY p.n) AS peers
FROM site k;

-- results: the template, the clean text, both forms of input
SELECT n, etdm_template(key, peers) FROM key_peers WHERE n = 1;
SELECT n, strip_etdm(key, peers) FROM key_peers ORDER BY n;
SELECT n, strip_etdm(convert_to(key, 'UTF8'),
                     ARRAY(SELECT convert_to(x, 'UTF8') FROM unnest(peers) x)) AS bytea_form
FROM key_peers WHERE n = 2;
SELECT etdm_template(convert_to(key, 'LATIN1'), ARRAY[convert_to(key, 'LATIN1')], 1) = etdm_template(key, ARRAY[key], 1)
       AS bytea_same_as_text FROM key_peers WHERE n = 3;

-- a page against itself is all template: nothing is left
SELECT strip_etdm(key, ARRAY[key, key], 2) AS against_itself FROM key_peers WHERE n = 1;

-- votes: with one unrelated peer, 3 of 3 keeps more than 2 of 3
SELECT votes, strip_etdm(key, peers[1:2] || '<p>unrelated</p>'::text, votes)
FROM key_peers, (VALUES (1), (2), (3)) v(votes) WHERE n = 4 ORDER BY votes;

-- parameters: a class mismatch under a high threshold, text not compared, order not kept
SELECT strip_etdm('<div class="x"><p>Home</p></div><p>Mine</p>', ARRAY['<div class="y"><p>Home</p></div><p>Theirs</p>'], 1)
       AS classes_differ;
SELECT strip_etdm('<div class="x"><p>Home</p></div><p>Mine</p>', ARRAY['<div class="y"><p>Home</p></div><p>Theirs</p>'], 1,
                  similarity_threshold => 0.3) AS lower_threshold;
SELECT strip_etdm(key, peers, compare_text => false) AS text_not_compared FROM key_peers WHERE n = 1;
SELECT strip_etdm('<p class="a">x</p><p class="b">y</p>', ARRAY['<p class="b">y</p><p class="a">x</p>'], 1) AS order_kept,
       strip_etdm('<p class="a">x</p><p class="b">y</p>', ARRAY['<p class="b">y</p><p class="a">x</p>'], 1,
                  activate_position => false) AS order_free;
SELECT strip_etdm('<div class="x"><p>Home</p></div><p>Mine</p>', ARRAY['<div class="y"><p>Home</p></div><p>Theirs</p>'], 1,
                  w_classes => 0, w_position => 1, w_attributes => 0, w_children => 0) AS position_only;

-- edge cases: NULL, empty and malformed pages, deep and wide pages
SELECT strip_etdm(NULL::text, ARRAY['<p>x</p>']) IS NULL AS null_key,
       strip_etdm('<p>x</p>', NULL::text[]) IS NULL AS null_peers,
       strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], NULL) IS NULL AS null_votes;
SELECT strip_etdm('', ARRAY['', ''], 2) AS empty_pages, etdm_template('', ARRAY[''], 1) AS empty_template;
SELECT strip_etdm('<div><p>kept<table><tr><td>cell</div></p>', ARRAY['<p>kept', '<div><p>kept</table>'], 1) AS malformed;
SELECT length(strip_etdm(repeat('<div>', 5000) || 'deep text' || repeat('</div>', 5000),
                         ARRAY[repeat('<div>', 5000) || 'other' || repeat('</div>', 5000)], 1)) AS deep;
SELECT length(strip_etdm('<ul>' || string_agg(format('<li>item %s</li>', i), '') || '</ul>',
                         ARRAY['<ul>' || string_agg(format('<li>item %s</li>', i + (i % 2)), '') || '</ul>'], 1))
       AS wide_kept
FROM generate_series(1, 20000) i;

-- errors
SELECT strip_etdm('<p>x</p>', ARRAY[]::text[]);
SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 0);
SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>', '<p>z</p>'], 3);
SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>', NULL]);
SELECT strip_etdm('<p>x</p>', ARRAY[['<p>y</p>'], ['<p>z</p>']]);
SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 1, similarity_threshold => 1.5);
SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 1, similarity_threshold => 'NaN');
SELECT strip_etdm('<p>x</p>', ARRAY['<p>y</p>'], 1, w_classes => 0.6);
SELECT etdm_template('<p>x</p>', ARRAY['<p>y</p>'], 1, not_classes => -0.1);
SELECT etdm_template('<p>x</p>', ARRAY['<p>y</p>'], 1, not_children => 2);
SET templatedet.max_page_bytes = '1kB';
SELECT strip_etdm('<p>x</p>', ARRAY[repeat('<p>y</p>', 500)], 1);
RESET templatedet.max_page_bytes;
-- the session is fine after the errors
SELECT strip_etdm('<p>x</p><p>y</p>', ARRAY['<p>x</p><p>z</p>'], 1) AS after_errors;
