-- The README's menu-based examples (section "Menu-based reference"), run as written:
-- their outputs in expected/td_menu_readme.out are the ones the README shows.
CREATE TABLE site_pages (url text PRIMARY KEY, html text);
INSERT INTO site_pages
SELECT 'https://example.org' || path,
       format($h$<html><body><header>Example Gazette</header>
<ul class="menu"><li><a href="/">Home</a></li><li><a href="/news/">News</a></li><li><a href="/sport/">Sport</a></li><li><a href="/about.html">About</a></li></ul>
<article><h1>%s</h1><p>%s</p></article></body></html>$h$, title, body)
FROM (VALUES ('/', 'Welcome', 'News from the valley.'),
             ('/news/', 'News', 'All the news.'),
             ('/sport/', 'Sport', 'All the sport.'),
             ('/about.html', 'About', 'Who we are.'),
             ('/news/bridge.html', 'Bridge reopens',
              'The old bridge reopened. See also <a href="market.html#map">the market</a>.'),
             ('/news/market.html', 'Market moves', 'The market moves to the harbour.'))
     AS t(path, title, body);

SELECT resolve_url('https://example.org/news/bridge.html', '../about.html#team') AS resolved,
       normalize_url('HTTPS://Example.ORG:443/a/./b/../c?#top') AS normalized;

SELECT * FROM page_links((SELECT html FROM site_pages WHERE url LIKE '%bridge%'),
                         'https://example.org/news/bridge.html');

SELECT * FROM ordered_links((SELECT html FROM site_pages WHERE url LIKE '%bridge%'),
                            'https://example.org/news/bridge.html');

SELECT * FROM menu_pages('https://example.org/news/bridge.html', 'site_pages');

SELECT strip_menu('https://example.org/news/bridge.html', 'site_pages');

SELECT menu_template('https://example.org/news/bridge.html', 'site_pages');
