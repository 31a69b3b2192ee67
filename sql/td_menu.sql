-- Menu-based method: URL resolution, page_links, ordered_links, menu_pages.
-- Seed 003 ch. 2; the crawl table (menu_crawl) is made here.

-- RFC 3986 §5.4 (a few of the table; all of it runs in test/core/test_menu.c)
SELECT ref, resolve_url('http://a/b/c/d;p?q', ref)
FROM unnest(ARRAY['g', './g', 'g/', '/g', '//g', '?y', 'g#s', ';x', '', '.', '..', '../..',
                  '../../../g', '/./g', 'g/../h', 'g?y/../x', 'http:g', 'g:h',
                  'mailto:x@y.org', 'http://x:99999/', '  ../g  ']) AS ref;
SELECT normalize_url('HTTP://Example.COM:80/%7Euser/./a/../b?#frag') AS a,
       normalize_url('https://x.org:443') AS b,
       normalize_url('https://x.org/é ü') AS c,
       normalize_url('example.org/x') AS relative,
       normalize_url('ftp://x.org/') AS ftp;
SELECT resolve_url('no base', 'g');
SELECT resolve_url(NULL, 'g') IS NULL AS strict;

-- a page of every kind of href
CREATE TABLE one (html text);
INSERT INTO one VALUES ($$<html><head><title>t</title></head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/news/">News</a></li><li><a href="../sport/#top">Sport</a></li></ul></nav>
<div><p>Read <a href="story2.html">the <b>second</b> story</a> and <a href="./story3.html?x=1#c">the third</a>.</p></div>
<a href="mailto:editor@example.org">Mail</a> <a href="javascript:void(0)">JS</a>
<a href="http://example.org:bad/">bad port</a> <a href="https://other.org/">Other</a>
<a href="HTTPS://WWW.Example.org/news/story1.html">Self</a> <a>no href</a>
<map><area href="/map.html"></map>
</body></html>$$);

SELECT * FROM page_links((SELECT html FROM one), 'https://example.org/news/story1.html');
SELECT "position", url FROM page_links((SELECT html FROM one), 'https://example.org/news/story1.html', false);
SELECT count(*) FROM page_links((SELECT convert_to(html, 'LATIN1') FROM one), 'https://example.org/news/story1.html');
SELECT * FROM ordered_links((SELECT html FROM one), 'https://example.org/news/story1.html');
SELECT link_order, url FROM ordered_links((SELECT convert_to(html, 'UTF8') FROM one), 'https://example.org/news/story1.html');

-- <base href> counts; a page without links, NULL, malformed HTML
SELECT url FROM page_links('<base href="http://b.org/x/"><a href="y">y</a>', 'http://a.org/', false);
SELECT url FROM page_links('<base href="mailto:x"><a href="y">y</a>', 'http://a.org/p/q');
SELECT count(*) FROM page_links('<p>no links</p>', 'http://a.org/');
SELECT count(*) FROM page_links('', 'http://a.org/');
SELECT count(*) FROM page_links(NULL::text, 'http://a.org/');
SELECT count(*) FROM page_links('<a href="/x">x</a>', NULL);
SELECT url, text FROM page_links('<a href="/x"><a href="/y">y</a', 'http://a.org/');
SELECT url, dom_distance FROM ordered_links('<p><a href="/only">x</a></p>', 'http://a.org/');
-- many links: one row each, in order
SELECT count(*), count(DISTINCT url), min(link_order), max(link_order)
FROM ordered_links((SELECT string_agg(format('<li><a href="/p%s.html">%s</a></li>', i % 500, i), '')
                    FROM generate_series(1, 5000) i), 'http://a.org/');

-- a bad base URL is an error
SELECT * FROM page_links('<a href="x">x</a>', 'example.org/news/');
SELECT * FROM ordered_links('<a href="x">x</a>', 'mailto:x@y.org');
SELECT * FROM page_links('<a href="x">x</a>', '');

-- the crawl: a menu of five sections on every page, stories that link to the menu only
CREATE TABLE menu_crawl (url text PRIMARY KEY, html text);
CREATE FUNCTION menu_html() RETURNS text LANGUAGE sql AS
$$SELECT '<ul class="menu"><li><a href="/">Home</a></li><li><a href="/news/">News</a></li>'
  '<li><a href="/sport/">Sport</a></li><li><a href="/weather/">Weather</a></li>'
  '<li><a href="/about.html">About</a></li></ul>'$$;
INSERT INTO menu_crawl
SELECT 'https://example.org' || path,
       format('<html><body>%s<div class="content"><p>%s</p>%s</div></body></html>', menu_html(), body, extra)
FROM (VALUES ('/', 'Welcome', ''),
             ('/news/', 'All the news', ''),
             ('/sport/', 'All the sport', ''),
             ('/about.html', 'About us', ''),
             ('/news/story1.html', 'The first story',
              '<p>See <a href="story2.html">story two</a></p><div><p><a href="story3.html">three</a></p></div>'),
             ('/news/story2.html', 'The second story', ''),
             ('/news/story3.html', 'The third story', '')) AS t(path, body, extra);
-- (no /weather/ page: links to it are skipped)

SELECT link_order, url, hyperlink_distance, dom_distance
FROM ordered_links((SELECT html FROM menu_crawl WHERE url LIKE '%story1%'), 'https://example.org/news/story1.html');
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl');
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', 4);
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', 6);
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', max_pages_read => 2);
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', 1);
-- the key URL is also found by its normal form; an unknown key gives no rows
SELECT url FROM menu_pages('HTTPS://EXAMPLE.ORG:443/news/./story1.html#x', 'menu_crawl');
SELECT count(*) FROM menu_pages('https://example.org/nowhere.html', 'menu_crawl');
SELECT count(*) FROM menu_pages(NULL, 'menu_crawl');

-- other column names (quoted), bytea pages, a schema-qualified table
CREATE SCHEMA "Crawl Schema";
CREATE TABLE "Crawl Schema"."Pages" ("Page URL" varchar, "Body" bytea);
INSERT INTO "Crawl Schema"."Pages" SELECT url, convert_to(html, 'UTF8') FROM menu_crawl;
SELECT url, cs_size, pages_read FROM menu_pages('https://example.org/news/story1.html',
    '"Crawl Schema"."Pages"', url_column => 'Page URL', html_column => 'Body');

-- errors: bad arguments, missing table or columns, wrong column types
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', 0);
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', 65);
SELECT * FROM menu_pages('https://example.org/news/story1.html', 'menu_crawl', max_pages_read => 0);
SELECT * FROM menu_pages('news/story1.html', 'menu_crawl');
SELECT * FROM menu_pages('https://example.org/', 'menu_crawl', url_column => 'address');
SELECT * FROM menu_pages('https://example.org/', 'menu_crawl', html_column => 'body');
SELECT * FROM menu_pages('https://example.org/', 'no_such_table');
CREATE TABLE badtypes (url int, html text, html2 int);
SELECT * FROM menu_pages('https://example.org/', 'badtypes');
SELECT * FROM menu_pages('https://example.org/', 'badtypes', url_column => 'html', html_column => 'html2');
DROP TABLE badtypes;

-- strip_menu and menu_template: the key page mapped onto its menu pages (ETDM, 2 of 3 votes)
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl');
SELECT menu_template('https://example.org/news/story1.html', 'menu_crawl');
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', votes => 3) AS three_votes;
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', 4, 4) AS four_of_four;
-- no 3-CS within 2 reads: the CS of 1 and the other page read are the peers
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', max_pages_read => 2) AS two_reads;
-- fewer peers than votes: the whole text, no template
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', max_pages_read => 1) = html_text(html) AS whole_text
FROM menu_crawl WHERE url LIKE '%story1%';
SELECT menu_template('https://example.org/news/story1.html', 'menu_crawl', max_pages_read => 1) IS NULL AS no_template;
SELECT strip_menu('https://example.org/nowhere.html', 'menu_crawl') IS NULL AS unknown_key;
SELECT strip_menu('https://example.org/news/story1.html', '"Crawl Schema"."Pages"',
                  url_column => 'Page URL', html_column => 'Body') AS from_bytea;
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', votes => 0);
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', votes => 4);
SELECT strip_menu('https://example.org/news/story1.html', 'menu_crawl', similarity_threshold => 2);
SELECT menu_template('story1.html', 'menu_crawl');

DROP TABLE one, menu_crawl, "Crawl Schema"."Pages";
DROP SCHEMA "Crawl Schema";
DROP FUNCTION menu_html();
