-- Three small hand-written sites with known templates.  Each page is a
-- template (header, navigation whose "active" item changes per page, a
-- sidebar, a footer with a changing date) around content written here; the
-- clean text of every page must be exactly its content.
CREATE TABLE pages (url text PRIMARY KEY, host text, n int, title text, paras text[],
                    html text);

-- The per-site template; n varies the active item, the date and a session id.
CREATE FUNCTION site_page(host text, n int, title text, paras text[]) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
SELECT CASE host
WHEN 'news.example' THEN
  '<!DOCTYPE html><html><head><title>' || title || ' - Daily News</title>'
  || '<meta charset="utf-8"><style>body{font:12px}</style><script>var n=' || n || ';</script></head><body>'
  || '<header><a href="/"><img src="/logo.png" alt="logo"></a><h2 class="brand">The Daily Example</h2>'
  || '<p class="tagline">All the news that fits, since 1999</p></header>'
  || '<nav><ul>'
  || (SELECT string_agg(format('<li%s><a href="/%s?sid=%s">%s</a></li>',
                               CASE WHEN i = n THEN ' class="active"' END, lower(s), md5(n::text), s), '')
      FROM unnest(ARRAY['World','Politics','Business','Science','Sport','Culture','Travel','Weather'])
           WITH ORDINALITY AS t(s, i))
  || '</ul></nav>'
  || '<div class="layout"><main><article><h1>' || title || '</h1>'
  || (SELECT string_agg('<p>' || p || '</p>', '') FROM unnest(paras) p)
  || '</article></main>'
  || '<aside class="sidebar"><h3>Most read</h3><ol><li><a href="/a1">Markets rally after long winter</a></li>'
  || '<li><a href="/a2">The quiet return of the night train</a></li>'
  || '<li><a href="/a3">Ten recipes for a rainy weekend</a></li></ol>'
  || '<h3>Newsletter</h3><p>Get the morning briefing in your inbox every weekday.</p></aside></div>'
  || '<footer><p>Copyright The Daily Example Company Limited. All rights reserved worldwide.</p>'
  || '<p>Contact the newsroom at desk@news.example or write to 1 Example Square, Exampletown.</p>'
  || '<p>Updated <time>2024-03-0' || n || '</time></p></footer></body></html>'
WHEN 'shop.example' THEN
  '<html><head><title>' || title || '</title></head><body>'
  || '<div id="top"><span class="logo">Example Shop</span> <form action="/search"><input name="q"><button>Search</button></form></div>'
  || '<div class="menu">'
  || (SELECT string_agg(format('<a href="/c/%s"%s>%s</a> ', i, CASE WHEN i = n THEN ' class="active current"' END, s), '')
      FROM unnest(ARRAY['Garden','Kitchen','Tools','Lighting','Furniture','Outdoor','Sale','Gift cards'])
           WITH ORDINALITY AS t(s, i))
  || '</div>'
  || '<table class="grid"><tr><td class="side"><div class="box"><b>Customer service</b><br>Mon-Fri 9:00-17:00<br>'
  || 'Free returns within 30 days<br>Secure payment by card or invoice</div></td>'
  || '<td class="content"><h1>' || title || '</h1>'
  || (SELECT string_agg('<p>' || p || '</p>', '') FROM unnest(paras) p)
  || '</td></tr></table>'
  || '<div class="foot"><div>Example Shop Ltd, registered in Exampleshire, company number 01234567, VAT GB 999 9999 73.</div>'
  || '<div>Terms of sale, privacy policy, cookie settings and accessibility statement apply to this site.</div>'
  || '<div>Prices checked <span>1' || n || ':00</span></div></div></body></html>'
ELSE
  '<html><body><div id="wrap"><div id="header"><h2>A Slow Blog</h2><p>notes on gardening and bread</p></div>'
  || '<div id="nav"><ul>'
  || (SELECT string_agg(format('<li><a href="/%s"%s>%s</a></li>', lower(s), CASE WHEN i = n THEN ' class="active"' END, s), '')
      FROM unnest(ARRAY['Home','Archive','Bread','Garden','Recipes','Books','About','Contact']) WITH ORDINALITY AS t(s, i))
  || '</ul></div><div id="post"><h1>' || title || '</h1>'
  || (SELECT string_agg('<p>' || p || '</p>', '') FROM unnest(paras) p)
  || '</div><div id="side"><h3>Elsewhere</h3><ul><li><a href="https://example.org/">The bread forum</a></li>'
  || '<li><a href="https://example.net/">Seed exchange of the valley</a></li></ul>'
  || '<h3>Tags</h3><p>sourdough, tomatoes, compost, rye, potatoes, winter squash</p></div>'
  || '<div id="footer"><p>Written by hand and served slowly from a small computer in a shed.</p>'
  || '<p>Text licensed CC BY-SA; photographs by the author unless noted otherwise.</p>'
  || '<p>Last post <em>2023-11-1' || n || '</em></p></div></div></body></html>'
END
$fn$;

INSERT INTO pages (url, host, n, title, paras) VALUES
('https://news.example/1', 'news.example', 1, 'Harbour bridge reopens',
 ARRAY['The harbour bridge reopened on Monday after eighteen months of repairs.',
       'Commuters said the crossing now takes four minutes instead of forty.']),
('https://news.example/2', 'news.example', 2, 'Council votes on budget',
 ARRAY['The council approved a smaller budget by seven votes to five.',
       'Libraries keep their opening hours; street lighting is cut by a tenth.']),
('https://news.example/3', 'news.example', 3, 'Local firm wins export award',
 ARRAY['A maker of wooden toys from the old mill has won a national export prize.']),
('https://news.example/4', 'news.example', 4, 'Comet visible this week',
 ARRAY['Look north-west an hour after sunset to see the comet with binoculars.',
       'Clouds are expected on Thursday, so Tuesday is the best night.',
       'The observatory opens its roof to visitors on both evenings.']),
('https://news.example/5', 'news.example', 5, 'Cup final goes to penalties',
 ARRAY['After a goalless draw the cup was decided by a single saved penalty.']),
('https://shop.example/1', 'shop.example', 1, 'Cedar planter, large',
 ARRAY['Hand-built from untreated cedar, this planter weathers to silver grey.',
       'Inside: 80 x 40 x 35 cm. Drainage holes drilled.']),
('https://shop.example/2', 'shop.example', 2, 'Cast iron skillet',
 ARRAY['Pre-seasoned 26 cm skillet for hob, oven and campfire.']),
('https://shop.example/3', 'shop.example', 3, 'Folding saw',
 ARRAY['A pruning saw with a 21 cm blade that locks open and closed.',
       'Replacement blades are sold separately.']),
('https://shop.example/4', 'shop.example', 4, 'Brass desk lamp',
 ARRAY['Adjustable arm, linen shade, warm white bulb included.']),
('https://shop.example/5', 'shop.example', 5, 'Oak bench',
 ARRAY['Seats three; oiled oak; assembled in ten minutes with the key supplied.']),
('https://blog.example/1', 'blog.example', 1, 'Starting a rye starter',
 ARRAY['Equal weights of rye flour and water, stirred twice a day, kept warm.',
       'By day five it smelled of apples and doubled in four hours.']),
('https://blog.example/2', 'blog.example', 2, 'Tomatoes in a cold year',
 ARRAY['Only the cherry varieties ripened outside this summer.']),
('https://blog.example/3', 'blog.example', 3, 'What the compost taught me',
 ARRAY['Too many grass clippings make slime; cardboard fixes it.',
       'Turn it once a month and it is ready by spring.']),
('https://blog.example/4', 'blog.example', 4, 'A loaf for the week',
 ARRAY['A dense rye loaf keeps for seven days wrapped in a cloth.']),
('https://blog.example/5', 'blog.example', 5, 'Squash storage',
 ARRAY['Cure the squash in the sun for ten days, then keep it cool and dry.']);

UPDATE pages SET html = site_page(host, n, title, paras);

-- the expected clean text is exactly the title and paragraphs, one per line
ALTER TABLE pages ADD COLUMN expected text;
UPDATE pages SET expected = title || E'\n' || array_to_string(paras, E'\n');

CREATE TABLE site_profiles AS
  SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;

SELECT host, profile_info(profile) -> 'pages' AS pages,
       (profile_info(profile) ->> 'entries')::int > 0 AS has_entries
FROM site_profiles ORDER BY host;

-- every page: clean text = content, and nothing of the template remains
SELECT p.url, strip_template(p.html, s.profile) = p.expected AS exact,
       CASE WHEN strip_template(p.html, s.profile) <> p.expected
            THEN strip_template(p.html, s.profile) END AS got
FROM pages p JOIN site_profiles s USING (host) ORDER BY p.url;

-- the same through the bytea variant (pages declare or default to UTF-8-compatible text)
SELECT count(*) AS bytea_mismatches
FROM pages p JOIN site_profiles s USING (host)
WHERE strip_template(convert_to(p.html, 'UTF8'), s.profile) IS DISTINCT FROM p.expected
  AND p.host = 'news.example';

-- the no-removal baseline keeps the template
SELECT url, html_text(html) FROM pages WHERE url = 'https://news.example/1';
SELECT url, html_text(html) FROM pages WHERE url = 'https://shop.example/2';

-- clean HTML of one page: template subtrees gone, content markup kept
SELECT strip_template_html(p.html, s.profile)
FROM pages p JOIN site_profiles s USING (host) WHERE p.url = 'https://blog.example/4';
-- and its text is the clean text
SELECT html_text(strip_template_html(p.html, s.profile)) = p.expected AS html_consistent
FROM pages p JOIN site_profiles s USING (host) ORDER BY p.url;

-- why: the elements of one page, with their page counts and decisions
SELECT node, parent, path, tag, pages, round(share::numeric, 2) AS share, is_template,
       left(replace(text, E'\n', ' | '), 40) AS text
FROM template_nodes((SELECT html FROM pages WHERE url = 'https://blog.example/4'),
                    (SELECT profile FROM site_profiles WHERE host = 'blog.example'));

-- the content node rows are exactly the not-template ones that carry content
SELECT bool_and(NOT is_template) AS content_kept
FROM template_nodes((SELECT html FROM pages WHERE url = 'https://news.example/4'),
                    (SELECT profile FROM site_profiles WHERE host = 'news.example'))
WHERE path LIKE '/html/body/div/main%';

-- A page in the profile does not lose its own content, even content it
-- shares with one other page (2 of 5 pages = 40% >= threshold, but only 1
-- page other than itself); a new page with the same paragraph, not in the
-- profile, sees it on 2 other pages and loses it.  (The pages differ in
-- words, not just numbers, so the test does not depend on how fingerprints
-- treat digits.)
CREATE TABLE shared_pages AS
SELECT 'https://blog.example/s' || i AS url,
       site_page('blog.example', i::int, 'Shared ' || w,
                 ARRAY['Paragraph only on the page called ' || w || ', long enough to be the main text of the page and not a footnote.'] ||
                 CASE WHEN i <= 2 THEN ARRAY['A paragraph quoted on exactly two pages of the site, about the same length as the others.'] ELSE '{}' END) AS html
FROM unnest(ARRAY['alpha', 'bravo', 'charlie', 'delta', 'echo']) WITH ORDINALITY AS t(w, i);
CREATE TABLE shared_profile AS SELECT template_profile(html) AS profile FROM shared_pages;
SELECT url, strip_template(html, profile) FROM shared_pages, shared_profile ORDER BY url;
SELECT strip_template(site_page('blog.example', 6, 'Newcomer',
         ARRAY['Fresh words on a new page, long enough to be the main text of the page and not a footnote.',
               'A paragraph quoted on exactly two pages of the site, about the same length as the others.']), profile)
FROM shared_profile;

-- the threshold decides: at 1.0 only nodes on every page (and 2 others) go
SELECT strip_template(html, profile, 1.0) = expected AS exact_at_1
FROM pages JOIN site_profiles USING (host) WHERE url = 'https://news.example/3';

-- a profile of another site keeps the page's content (it may share a node
-- by chance: the shop's "Garden" link is the blog's too)
SELECT position(p.expected in strip_template(p.html, s.profile)) > 0 AS content_kept,
       strip_template(p.html, s.profile) <> html_text(p.html) AS shared_link_removed
FROM pages p, site_profiles s WHERE p.url = 'https://shop.example/1' AND s.host = 'blog.example';

-- NULL pages are skipped by the aggregate and counted nowhere; no pages gives NULL
SELECT profile_info(template_profile(h)) -> 'pages' AS pages
FROM (VALUES ('<p>a</p>'), (NULL), ('<p>b</p>')) v(h);
SELECT template_profile(h) IS NULL AS null_when_empty FROM (VALUES (NULL::text)) v(h);
SELECT template_profile(html) IS NULL AS null_when_no_rows FROM pages WHERE false;
SELECT template_profile_union(profile) IS NULL AS union_null FROM site_profiles WHERE false;
