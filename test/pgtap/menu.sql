-- templatedet menu-based surface: signatures, flags, a small crawl, errors with SQLSTATEs.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(33);

SELECT has_function('page_links', ARRAY['text', 'text', 'boolean']);
SELECT has_function('page_links', ARRAY['bytea', 'text', 'boolean']);
SELECT has_function('ordered_links', ARRAY['text', 'text', 'boolean']);
SELECT has_function('ordered_links', ARRAY['bytea', 'text', 'boolean']);
SELECT has_function('menu_pages', ARRAY['text', 'regclass', 'integer', 'name', 'name', 'integer', 'boolean']);
SELECT has_function('resolve_url', ARRAY['text', 'text']);
SELECT has_function('normalize_url', ARRAY['text']);
SELECT has_function('strip_menu', ARRAY['text', 'regclass', 'integer', 'integer', 'name', 'name', 'integer', 'boolean',
  'double precision', 'boolean', 'boolean', 'double precision', 'double precision', 'double precision',
  'double precision', 'double precision', 'double precision', 'double precision']);
SELECT has_function('menu_template', ARRAY['text', 'regclass', 'integer', 'integer', 'name', 'name', 'integer', 'boolean',
  'double precision', 'boolean', 'boolean', 'double precision', 'double precision', 'double precision',
  'double precision', 'double precision', 'double precision', 'double precision']);
SELECT volatility_is('page_links', ARRAY['text', 'text', 'boolean'], 'immutable');
SELECT volatility_is('ordered_links', ARRAY['bytea', 'text', 'boolean'], 'immutable');
SELECT volatility_is('menu_pages', ARRAY['text', 'regclass', 'integer', 'name', 'name', 'integer', 'boolean'], 'stable');
SELECT is_strict('menu_pages', ARRAY['text', 'regclass', 'integer', 'name', 'name', 'integer', 'boolean']);
SELECT is_strict('resolve_url', ARRAY['text', 'text']);

-- resolution and normal form
SELECT is(resolve_url('http://a/b/c/d;p?q', '../../g'), 'http://a/g', 'RFC 3986 ../../g');
SELECT is(resolve_url('http://a/b/c/d;p?q', 'g?y#s'), 'http://a/b/c/g?y', 'fragment removed');
SELECT is(resolve_url('http://a/', 'javascript:x()'), NULL, 'non-web href is NULL');
SELECT is(normalize_url('HTTP://A.org:80/x/../y'), 'http://a.org/y', 'scheme, host, port, dots');

-- a crawl of a menu: Home, A, B, C link to each other; the key page links to them and to D (absent)
CREATE TEMP TABLE site (url text PRIMARY KEY, html text);
INSERT INTO site
SELECT 'http://s.org/' || p,
       '<nav><a href="/">H</a><a href="/a.html">A</a><a href="/b.html">B</a><a href="/c.html">C</a></nav><p>' || p || '</p>'
FROM unnest(ARRAY['', 'a.html', 'b.html', 'c.html']) p;
INSERT INTO site VALUES ('http://s.org/key.html',
  '<nav><a href="/">H</a><a href="/a.html">A</a><a href="/b.html">B</a><a href="/c.html">C</a><a href="/d.html">D</a></nav><p>key</p>');

SELECT is((SELECT count(*)::int FROM page_links((SELECT html FROM site WHERE url LIKE '%key%'), 'http://s.org/key.html')), 5, 'five links');
SELECT is((SELECT array_agg(hyperlink_distance ORDER BY link_order) FROM ordered_links(
            (SELECT html FROM site WHERE url LIKE '%key%'), 'http://s.org/key.html')), ARRAY[0, 0, 0, 0, 0], 'all in the same folder');
SELECT is((SELECT array_agg(url ORDER BY link_order) FROM menu_pages('http://s.org/key.html', 'site')),
          ARRAY['http://s.org/', 'http://s.org/a.html', 'http://s.org/b.html'], '3-CS in link order');
SELECT is((SELECT DISTINCT pages_read FROM menu_pages('http://s.org/key.html', 'site')), 3, 'three pages read');
SELECT is((SELECT DISTINCT cs_size FROM menu_pages('http://s.org/key.html', 'site', 5)), 4, 'largest CS when 5 cannot be formed');
SELECT is((SELECT bool_and(NOT complete) FROM menu_pages('http://s.org/key.html', 'site', 5)), true, 'not complete');

-- the menu is template where the peers share it
SELECT is(strip_menu('http://s.org/key.html', 'site'), E'D\nkey',
          'the shared menu items are template; D (on the key page only) and its own text stay');
SELECT matches(menu_template('http://s.org/key.html', 'site'), '<nav><a href="/">H</a>', 'the menu is in the template');
SELECT is(strip_menu('http://s.org/nowhere.html', 'site'), NULL, 'no key page: NULL');

-- errors with their SQLSTATEs
SELECT throws_ok($$SELECT * FROM page_links('<a href="x">', 'x.html')$$, '22023');
SELECT throws_ok($$SELECT * FROM menu_pages('http://s.org/key.html', 'site', 0)$$, '22023');
SELECT throws_ok($$SELECT * FROM menu_pages('http://s.org/key.html', 'site', url_column => 'nope')$$, '42703');
SELECT throws_ok($$SELECT * FROM menu_pages('http://s.org/key.html', 'site', html_column => 'nope')$$, '42703');
SELECT throws_ok($$SELECT strip_menu('http://s.org/key.html', 'site', votes => 9)$$, '22023');
CREATE TEMP TABLE wrong (url text, html int);
SELECT throws_ok($$SELECT * FROM menu_pages('http://s.org/key.html', 'wrong')$$, '42804');

SELECT * FROM finish();
ROLLBACK;
