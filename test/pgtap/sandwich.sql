-- templatedet sandwich surface: signatures, flags, results, NULL handling, errors with SQLSTATEs.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(29);

SELECT has_function('sandwich_strip', ARRAY['text', 'text', 'text']);
SELECT has_function('sandwich_strip', ARRAY['bytea', 'bytea', 'text']);
SELECT has_function('url_directory', ARRAY['text']);
SELECT has_function('url_basename', ARRAY['text']);
SELECT has_function('edit_distance', ARRAY['text', 'text']);
SELECT function_returns('sandwich_strip', ARRAY['text', 'text', 'text'], 'text');
SELECT function_returns('edit_distance', ARRAY['text', 'text'], 'integer');
SELECT volatility_is('sandwich_strip', ARRAY['text', 'text', 'text'], 'immutable');
SELECT isnt_strict('sandwich_strip', ARRAY['text', 'text', 'text']);
SELECT is_strict('url_directory', ARRAY['text']);
SELECT is_strict('edit_distance', ARRAY['text', 'text']);
SELECT volatility_is('url_directory', ARRAY['text'], 'immutable');

CREATE TEMP TABLE site (url text, html text);
INSERT INTO site VALUES
  ('https://shop.example/fruit/apple.html', E'<header>Shop of Things</header>\n<nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav>\n<p>Apples are red.</p>\n<footer>Example Road</footer>'),
  ('https://shop.example/fruit/banana.html', E'<header>Shop of Things</header>\n<nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav>\n<p>Bananas are yellow.</p>\n<footer>Example Road</footer>'),
  ('https://shop.example/fruit/apples.html', E'<header>Shop of Things</header>\n<nav><a href="/">Home</a> <a href="/x">Catalogue</a></nav>\n<p>Green apples too.</p>\n<footer>Example Road</footer>'),
  ('https://shop.example/contact.html', E'<header>Shop of Things</header>\n<p>Write to us.</p>');

SELECT is(sandwich_strip((SELECT html FROM site WHERE url LIKE '%/apple.html'),
                         (SELECT html FROM site WHERE url LIKE '%/banana.html')),
          'Apples are red.', 'lines shared with the peer are dropped');
SELECT is(sandwich_strip((SELECT html FROM site WHERE url LIKE '%/apple.html'),
                         (SELECT html FROM site WHERE url LIKE '%/banana.html'), 'token'),
          'Apples are red.', 'tokens shared with the peer are dropped');
SELECT is(sandwich_strip(convert_to((SELECT html FROM site WHERE url LIKE '%/apple.html'), 'UTF8'),
                         convert_to((SELECT html FROM site WHERE url LIKE '%/banana.html'), 'UTF8')),
          'Apples are red.', 'bytea pages');
SELECT is(sandwich_strip((SELECT html FROM site WHERE url LIKE '%/apple.html'), NULL),
          html_text((SELECT html FROM site WHERE url LIKE '%/apple.html')),
          'no peer: all visible text');
SELECT is(sandwich_strip(NULL::text, 'x'), NULL, 'NULL page gives NULL');
SELECT is(sandwich_strip('<p>x</p>', 'x', NULL), NULL, 'NULL unit gives NULL');
SELECT is(sandwich_strip('<p>x</p>', '<p>x</p>'), '', 'a page against itself keeps nothing');

-- the peer query of the README
SELECT results_eq(
  $$SELECT p.url, peer.url, sandwich_strip(p.html, peer.html)
    FROM site p
    LEFT JOIN LATERAL (
      SELECT q.url, q.html FROM site q
      WHERE url_directory(q.url) = url_directory(p.url) AND q.url <> p.url
      ORDER BY edit_distance(url_basename(q.url), url_basename(p.url)), q.url
      LIMIT 1) peer ON true
    ORDER BY p.url$$,
  $$VALUES ('https://shop.example/contact.html', NULL, E'Shop of Things\nWrite to us.'),
           ('https://shop.example/fruit/apple.html', 'https://shop.example/fruit/apples.html', 'Apples are red.'),
           ('https://shop.example/fruit/apples.html', 'https://shop.example/fruit/apple.html', 'Green apples too.'),
           ('https://shop.example/fruit/banana.html', 'https://shop.example/fruit/apple.html', 'Bananas are yellow.')$$,
  'each page gets the closest name in its directory; a page alone keeps everything');

SELECT is(url_directory('https://shop.example/fruit/apple.html?x=1#y'), 'https://shop.example/fruit/', 'url_directory');
SELECT is(url_basename('https://shop.example/fruit/apple.html?x=1#y'), 'apple.html?x=1', 'url_basename keeps the query');
SELECT is(url_directory('https://shop.example'), 'https://shop.example/', 'a bare host is its own directory');
SELECT is(edit_distance('apple.html', 'apples.html'), 1, 'edit_distance');
SELECT is(edit_distance('naïve', 'naive'), 1, 'edit_distance counts characters');

-- errors
SELECT throws_ok($$SELECT sandwich_strip('<p>x</p>', '<p>y</p>', 'word')$$, '22023',
                 'unit must be ''line'' or ''token'', got ''word''', 'bad unit: 22023');
SELECT throws_ok($$SELECT edit_distance(repeat('a', 4097), 'a')$$, '54000',
                 'edit_distance: a string is over 4096 characters', 'long strings: 54000');
SET LOCAL templatedet.max_page_bytes = 1024;
SELECT throws_ok($$SELECT sandwich_strip('<p>x</p>', repeat('<p>y</p>', 200))$$, '54000',
                 NULL, 'an oversized peer: 54000');
SELECT throws_ok($$SELECT sandwich_strip(repeat('<p>x</p>', 200), NULL)$$, '54000',
                 NULL, 'an oversized page: 54000');

SELECT * FROM finish();
ROLLBACK;
