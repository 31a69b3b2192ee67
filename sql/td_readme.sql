-- The examples of README.md, run as written: the README shows this output.
CREATE SCHEMA readme;
SET search_path = readme, public;
CREATE TABLE pages (url text, host text, html text);
INSERT INTO pages
SELECT format('https://example.org/%s.html', slug), 'example.org',
       format($h$<html><head><title>%s</title><script>track('%s')</script></head><body>
<header><h1>Example Gazette</h1><p>News from the valley</p></header>
<ul class="nav"><li><a href="/">Home</a></li><li%s><a href="/news?sid=%s">News</a></li><li><a href="/about">About</a></li></ul>
<article><h2>%s</h2><p>%s</p></article>
<footer><p>&copy; %s Example Gazette</p><p>Updated %s</p></footer>
</body></html>$h$,
              title, slug, CASE WHEN n = 1 THEN ' class="active"' END, md5(slug), title, body,
              2020 + n, format('2024-03-%s 1%s:05', 10 + n, n))
FROM (VALUES (1, 'bridge', 'Bridge reopens', 'The old bridge reopened on Monday after two years of repairs.'),
             (2, 'market', 'Market moves', 'The Saturday market moves to the harbour from next month.'),
             (3, 'library', 'Library extends hours', 'The library now opens until nine on weekdays.'),
             (4, 'school', 'School wins prize', 'Pupils of the east school won the regional science prize.'))
     AS t(n, slug, title, body);

CREATE TABLE site_profiles AS
  SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;

SELECT html_text(html) FROM pages WHERE url LIKE '%bridge%';

SELECT url, strip_template(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host) ORDER BY url;

SELECT strip_template_html(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host) WHERE url LIKE '%bridge%';

SELECT node, parent, path, tag, pages, share, is_template, left(text, 24) AS text
FROM template_nodes((SELECT html FROM pages WHERE url LIKE '%bridge%'),
                    (SELECT profile FROM site_profiles))
WHERE path LIKE '/html/body/%';

SELECT jsonb_pretty(profile_info(profile)) FROM site_profiles;

SELECT profile_info(template_profile_union(profile))->'pages' AS pages
FROM (SELECT template_profile(html) AS profile FROM pages
      GROUP BY url < 'https://example.org/l') AS halves;

SELECT strip_template(convert_to(html, 'LATIN1'), profile)
FROM pages, site_profiles WHERE url LIKE '%bridge%';

SELECT left(profile::text, 40) AS text_form, length(profile::bytea) AS bytes FROM site_profiles;

\set VERBOSITY terse
SELECT strip_template(html, profile, 0) FROM pages, site_profiles LIMIT 1;
SELECT '\x5444504601'::bytea::tdprofile;
SELECT 'not base64!'::tdprofile;
SET templatedet.max_page_bytes = '1kB';
SELECT html_text(repeat('<p>x</p>', 1000));
RESET templatedet.max_page_bytes;

-- README quick start: clean text per page, e.g. for full-text search
CREATE MATERIALIZED VIEW clean_pages AS
  SELECT p.url, strip_template(p.html, s.profile) AS body
  FROM pages p JOIN site_profiles s USING (host);
SELECT url, body FROM clean_pages ORDER BY url;
