-- The README's sandwich examples (section "Sandwich"), run as written.
CREATE SCHEMA sandwich_readme;
SET search_path = sandwich_readme, public;

CREATE TABLE pages (url text, html text);
INSERT INTO pages
SELECT url, format($h$<html><head><title>%s</title></head><body>
<header><h1>Example Gazette</h1></header>
<nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/about/">About</a></nav>
<h2>%s</h2>
<p>%s</p>
<footer>&copy; Example Gazette</footer>
</body></html>$h$, title, title, body)
FROM (VALUES
  ('https://example.org/news/bridge-2024.html', 'Bridge reopens', 'The old bridge reopened on Monday after two years of repairs.'),
  ('https://example.org/news/bridge-2023.html', 'Bridge closes', 'The old bridge closed for two years of repairs.'),
  ('https://example.org/news/market-2024.html', 'Market moves', 'The Saturday market moves to the harbour from next month.'),
  ('https://example.org/about/index.html', 'About us', 'The Gazette has served the valley since 1901.'))
  AS t(url, title, body);

SELECT url_directory('https://example.org/news/story.php?id=7#top') AS directory,
       url_basename('https://example.org/news/story.php?id=7#top') AS basename,
       edit_distance('bridge-2024.html', 'bridge-2023.html') AS distance;

SELECT sandwich_strip(a.html, b.html)
FROM pages a, pages b
WHERE a.url LIKE '%bridge-2024%' AND b.url LIKE '%bridge-2023%';

SELECT sandwich_strip(html, NULL) FROM pages WHERE url LIKE '%about%';

-- every page's peer: same directory, closest name by edit distance
CREATE INDEX ON pages (url_directory(url));

SELECT p.url, peer.url AS peer, sandwich_strip(p.html, peer.html) AS body
FROM pages p
LEFT JOIN LATERAL (
  SELECT q.url, q.html FROM pages q
  WHERE url_directory(q.url) = url_directory(p.url) AND q.url <> p.url
  ORDER BY edit_distance(url_basename(q.url), url_basename(p.url)), q.url
  LIMIT 1) peer ON true
ORDER BY p.url;

-- the nearest page instead: the same host's page whose visible text is most similar
WITH sig AS MATERIALIZED (
  SELECT url, html, split_part(url, '/', 3) AS host, minhash(html_text(html)) AS mh FROM pages)
SELECT a.url, b.url AS peer,
       round(minhash_similarity(a.mh, b.mh)::numeric, 2) AS similarity,
       sandwich_strip(a.html, b.html, 'token') AS body
FROM sig a
CROSS JOIN LATERAL (
  SELECT s.url, s.html, s.mh FROM sig s
  WHERE s.host = a.host AND s.url <> a.url
  ORDER BY minhash_similarity(a.mh, s.mh) DESC, s.url
  LIMIT 1) b
ORDER BY a.url;

-- minified pages are one line each: compare tokens
SELECT sandwich_strip(a, b) AS by_line, sandwich_strip(a, b, unit => 'token') AS by_token
FROM (VALUES ('<div><nav><a href="/">Home</a> <a href="/news/">News</a></nav><p>First story.</p><footer>Example Gazette</footer></div>',
              '<div><nav><a href="/">Home</a> <a href="/news/">News</a></nav><p>Second story.</p><footer>Example Gazette</footer></div>'))
     AS t(a, b);

SELECT sandwich_strip('<p>x</p>', '<p>y</p>', unit => 'word');
SELECT edit_distance(repeat('a', 5000), 'b');

RESET search_path;
DROP SCHEMA sandwich_readme CASCADE;
