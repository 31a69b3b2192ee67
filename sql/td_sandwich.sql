-- sandwich_strip, url_directory, url_basename, edit_distance: results, edge cases, errors.
CREATE SCHEMA sandwich;
SET search_path = sandwich, public;

CREATE TABLE site (name text, html text);
INSERT INTO site VALUES
  ('a', E'<html><head><title>A</title><script>\nvar page = "a";\n</script><style>\np { color: red }\n</style></head><body>\n<nav>Home | News</nav>\n<p>Apples are red.</p>\n<!-- a comment\nthat spans lines -->\n<p>Only on a.</p>\n<footer>Shop of Things</footer>\n</body></html>\n'),
  ('b', E'<html><head><title>B</title><script>\nvar page = "b";\n</script><style>\np { color: blue }\n</style></head><body>\n<nav>Home | News</nav>\n<p>Bananas are yellow.</p>\n<!-- a comment\nthat spans lines -->\n<footer>Shop of Things</footer>\n</body></html>\n');

-- the template lines go; a changed script or style line stays hidden
SELECT sandwich_strip(a.html, b.html) FROM site a, site b WHERE a.name = 'a' AND b.name = 'b';
SELECT sandwich_strip(b.html, a.html, 'token') FROM site a, site b WHERE a.name = 'a' AND b.name = 'b';
-- a page against itself keeps nothing; no peer or an empty peer keeps everything
SELECT sandwich_strip(html, html) = '' AS self_empty,
       sandwich_strip(html, NULL) = html_text(html) AS null_peer_is_html_text,
       sandwich_strip(html, '', 'token') = html_text(html) AS empty_peer_keeps_all
FROM site;
-- a line only partly template: the whole line is kept (lines are compared whole)
SELECT sandwich_strip(E'<p>Home</p>\n<p>Home</p> <p>News</p>\n', E'<p>Home</p>\n<p>Home</p>\n');
-- text split across lines: only the lines in the LCS go
SELECT sandwich_strip(E'<p>One two\nthree four\nfive</p>', E'<p>One two\nfive</p>');
-- entities and UTF-8
SELECT sandwich_strip(E'<p>Caf&eacute; &amp; bar</p>\n<p>Crème brûlée</p>\n', E'<p>Caf&eacute; &amp; bar</p>\n<p>Tarte</p>\n');

-- NULL page or unit: NULL
SELECT sandwich_strip(NULL::text, '<p>x</p>') IS NULL AS null_page,
       sandwich_strip('<p>x</p>', '<p>y</p>', NULL) IS NULL AS null_unit,
       sandwich_strip(NULL::bytea, NULL::bytea) IS NULL AS null_bytea;
-- empty and malformed pages are ordinary input
SELECT sandwich_strip('', '<p>x</p>') AS empty_page,
       sandwich_strip('<p>unclosed <b>bold <i>x', '<p>unclosed <b>bold') AS malformed,
       sandwich_strip('<<<>>>< p>&&&', '<p>', 'token') AS junk,
       sandwich_strip('<p a="x>y">z</p><script>if (a < b) { x = "</p>"; }</script>w', '<p>z</p>', 'token') AS quoted_and_raw;

-- bytea: each page's charset is sniffed; a Latin-1 page against its UTF-8 peer
SELECT sandwich_strip(convert_to(E'<p>Café menu</p>\n<p>Only here</p>\n', 'LATIN1'),
                      convert_to(E'<p>Café menu</p>\n<p>Elsewhere</p>\n', 'UTF8'));
SELECT sandwich_strip(convert_to(a.html, 'UTF8'), convert_to(b.html, 'UTF8'), 'token')
FROM site a, site b WHERE a.name = 'a' AND b.name = 'b';

-- a large page: 20,000 story lines between one template
SELECT length(sandwich_strip(t || s1 || t, t || s2 || t)) AS kept_chars,
       length(html_text(t || s1 || t)) AS all_chars
FROM (SELECT E'<nav>Home | News | About</nav>\n' AS t,
             string_agg(format(E'<p>story one line %s</p>\n', g), '') AS s1,
             string_agg(format(E'<p>story two line %s</p>\n', g), '') AS s2
      FROM generate_series(1, 20000) g) x;
-- a minified large page, by tokens
SELECT length(sandwich_strip(t || s1 || t, t || s2 || t, 'token')) AS kept_chars
FROM (SELECT '<nav>Home | News | About</nav>' AS t,
             string_agg(format('<p>one %s</p>', g), '') AS s1,
             string_agg(format('<p>two %s</p>', g), '') AS s2
      FROM generate_series(1, 20000) g) x;

-- errors
SELECT sandwich_strip('<p>x</p>', '<p>y</p>', 'LINE');
SELECT sandwich_strip('<p>x</p>', '<p>y</p>', '');
SET templatedet.max_page_bytes = 1024;
SELECT sandwich_strip(repeat('<p>x</p>', 200), '<p>y</p>');
SELECT sandwich_strip('<p>x</p>', repeat('<p>y</p>', 200));
SELECT sandwich_strip(NULL, repeat('<p>y</p>', 200)) IS NULL AS null_page_not_checked;
RESET templatedet.max_page_bytes;

-- url_directory and url_basename
SELECT u, url_directory(u), url_basename(u)
FROM (VALUES ('https://example.org/news/bridge.html'),
             ('https://example.org/news/story.php?id=7#top'),
             ('https://example.org/news/'),
             ('https://example.org'),
             ('https://example.org/a?x=/y/z'),
             ('/docs/a/b.html'),
             ('index.html'),
             ('')) AS t(u);
SELECT url_directory(NULL) IS NULL AND url_basename(NULL) IS NULL AS strict;

-- edit_distance: characters, not bytes
SELECT edit_distance('kitten', 'sitting') AS kitten, edit_distance('', 'abc') AS empty,
       edit_distance('café', 'cafe') AS accent, edit_distance('page-10.html', 'page-9.html') AS pages,
       edit_distance(repeat('a', 4096), 'a') AS at_limit, edit_distance(NULL, 'a') IS NULL AS strict;
SELECT edit_distance('a', repeat('é', 4097));

RESET search_path;
DROP SCHEMA sandwich CASCADE;
