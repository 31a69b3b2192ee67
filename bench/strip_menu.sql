-- bench/strip_menu.sql: strip_menu on a site of 40 pages whose menus link each page
-- to the 8 next ones (an 8-complete subdigraph around every page), each with a
-- 600-paragraph body; every page stripped once.  The peers strip_menu votes with
-- are the pages its search read and kept parsed; with templatedet.max_nodes just
-- over one page's nodes, the search keeps at most one, and the peers are fetched
-- and parsed again, as before the search kept them.
-- psql -X -d DB -f bench/strip_menu.sql (a database with the extension).
\timing on
CREATE TEMP TABLE menu_site AS
  SELECT format('https://m.example/p%s', i) AS url,
         '<html><body><nav><ul>' ||
         (SELECT string_agg(format('<li><a href="/p%s">Page %s</a></li>', (i + k) % 40, (i + k) % 40), '')
          FROM generate_series(0, 8) AS k) ||
         '</ul></nav><main>' ||
         (SELECT string_agg(format('<p>Paragraph %s of page %s, some words to read.</p>', j, i), '')
          FROM generate_series(1, 600) AS j) ||
         '</main></body></html>' AS html
  FROM generate_series(0, 39) AS i;
\o /dev/null
-- kept parsed (the default max_nodes)
CREATE TEMP TABLE kept AS SELECT url, strip_menu(url, 'menu_site', n => 8, votes => 4) AS t FROM menu_site;
SELECT sum(length(strip_menu(url, 'menu_site', n => 8, votes => 4))) FROM menu_site;
-- read again (max_nodes 1,300: a page has about 1,250 nodes, so at most one is kept)
SET templatedet.max_nodes = 1300;
CREATE TEMP TABLE again AS SELECT url, strip_menu(url, 'menu_site', n => 8, votes => 4) AS t FROM menu_site;
SELECT sum(length(strip_menu(url, 'menu_site', n => 8, votes => 4))) FROM menu_site;
\o
RESET templatedet.max_nodes;
SELECT count(*) AS pages, count(*) FILTER (WHERE k.t IS DISTINCT FROM a.t) AS differing,
       sum(length(k.t)) AS chars
FROM kept k JOIN again a USING (url);
