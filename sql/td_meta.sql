-- page_metadata: a page's title, authors, dates, description, site name,
-- canonical URL, language, image, keywords and types as jsonb, from JSON-LD,
-- microdata, <meta>, bylines and <title> (docs/reference.md, page_metadata).
-- Hand-written pages, one per source.

-- A small article page (docs/reference.md and the README quote this example)
SELECT page_metadata('<html lang="en"><head><title>Tide tables explained | Harbour Gazette</title>
<meta property="og:site_name" content="Harbour Gazette">
<meta name="author" content="Ann Lee">
<meta property="article:published_time" content="2024-03-05T08:30:00Z">
</head><body><h1>Tide tables explained</h1><p>High water comes twice a day.</p></body></html>',
  'https://news.example/2024/tides');

-- An article described in JSON-LD: an @graph with the article, its WebPage,
-- its publisher and two authors (one given by @id); the <title> carries the
-- site name, which the JSON-LD headline does not.
SELECT jsonb_pretty(page_metadata($$<html lang="en-GB"><head>
<title>Tide tables explained | Harbour Gazette</title>
<link rel="canonical" href="/2024/tides">
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
  {"@type": "NewsArticle", "headline": "Tide tables explained",
   "datePublished": "2024-03-05T08:30:00+01:00", "dateModified": "2024-03-06",
   "author": [{"@type": "Person", "name": "Ann Lee"}, {"@id": "#bo"}],
   "publisher": {"@type": "Organization", "name": "Harbour Gazette"},
   "image": {"@type": "ImageObject", "url": "/img/tides.jpg"},
   "keywords": ["tides", "sea"]},
  {"@type": "WebPage", "name": "Tide tables explained | Harbour Gazette"},
  {"@type": "Person", "@id": "#bo", "name": "Bo Chen"}]}
</script></head>
<body><h1>Tide tables explained</h1><p>High water comes twice a day.</p></body></html>$$,
  'https://news.example/2024/tides?ref=home'));

-- Open Graph only: the og:title is the title, article:* the dates, the
-- description and image from og:; no JSON-LD, no language declared and too
-- little text to detect one
SELECT jsonb_pretty(page_metadata($$<html><head>
<meta property="og:title" content="Ten quiet beaches">
<meta property="og:site_name" content="Coast Guide">
<meta property="og:description" content="Where to swim away from the crowds.">
<meta property="og:image" content="https://coast.example/beach.jpg">
<meta property="article:published_time" content="2023-07-14T10:00:00Z">
<meta name="author" content="By Mia Park">
<meta name="keywords" content="beaches, swimming, summer">
<title>Ten quiet beaches - Coast Guide</title></head><body><p>Sand.</p></body></html>$$));

-- A product in microdata, the language from a Content-Language <meta>
SELECT jsonb_pretty(page_metadata($$<html><head>
<meta http-equiv="Content-Language" content="de-AT">
<title>Wanderschuh Alpin kaufen</title></head>
<body><div itemscope itemtype="https://schema.org/Product">
<h2 itemprop="name">Wanderschuh Alpin</h2>
<p itemprop="description">Ein leichter Schuh für lange Wege.</p>
<img itemprop="image" src="/schuh.jpg">
<div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Berg</span></div>
</div></body></html>$$, 'https://shop.example/p/alpin'));

-- The site name cut from the title: after " – " (it matches og:site_name),
-- before " :: " (it matches the host), and kept when nothing matches
SELECT page_metadata(html, 'https://www.riverbank.example/') ->> 'title' AS title
FROM (VALUES
  ('<title>How to row – Riverbank Club</title><meta property="og:site_name" content="Riverbank Club">'),
  ('<title>Riverbank :: How to row</title>'),
  ('<title>How to row - a beginner''s guide</title>'),
  -- two <h1>: the <h1> that is one part of the title is the title
  ('<title>Rowing | Lessons | Riverbank</title><h1>Lessons</h1><h1>Other</h1>')) v(html);

-- The title when sources disagree (issue 13): a title part after the last
-- dash that is shorter goes, a candidate that is only the site's name
-- yields to the next, a heading's permalink mark is dropped, an empty or
-- repeated <h1> is not a second headline
SELECT page_metadata(html, 'https://www.riverbank.example/club/1') ->> 'title' AS title
FROM (VALUES
  ('<title>Rowing lessons for adults - Spring term</title>'),
  ('<meta property="og:title" content="Riverbank"><title>How to row | Riverbank</title>'),
  ('<title>Oars | Docs</title><h1>Oars <a class="headerlink">¶</a></h1>'),
  ('<title>Boats | Riverbank</title><h1></h1><h1>Our boats</h1><h1>Our boats</h1>')) v(html);

-- Authors: a role after the name is cut, a label alone is none, a forum's
-- first poster (class="username", digits kept) when nothing else names one
SELECT coalesce(page_metadata(html) -> 'authors', '[]') AS authors
FROM (VALUES
  ('<p class="byline">By Jane Doe Senior Writer</p>'),
  ('<p class="author">Posted by</p>'),
  ('<nav><a class="username">me</a></nav><div class="post"><a class="username">rower42</a></div>')) v(html);

-- The published date without date markup: under the <h1>, else in the URL
SELECT page_metadata('<h1>Spring regatta</h1><p>By Ann Lee</p><p>March 5, 2024</p>') ->> 'published' AS under_h1,
       page_metadata('<title>Spring regatta</title>',
                     'https://www.riverbank.example/2024/03/05/regatta') ->> 'published' AS from_url;

-- Issue 13, third round.  The <h1> is the title where og:title and <title>
-- disagree (or one is missing), not where they agree on something else; a
-- JSON-LD headline sharing no word with what the page shows is no title
SELECT page_metadata(html) ->> 'title' AS title
FROM (VALUES
  ('<meta property="og:title" content="Rowing for beginners"><title>Rowing for beginners</title><h1>Our blog</h1>'),
  ('<title>Rowing for beginners</title><h1>First strokes on the water</h1>'),
  ('<script type="application/ld+json">{"@type": "Article", "headline": "Post #2"}</script>'
   '<title>Rowing for beginners</title>')) v(html);

-- Authors: "By" in the text, a label and the name after it, Slack's
-- twitter:label1/data1 pair, a user name in JSON-LD; not a sentence
SELECT coalesce(page_metadata(html) -> 'authors', '[]') AS authors
FROM (VALUES
  ('<p>By Amy Wilhelm</p>'),
  ('<p>Written by <a href="/a/x">Ann Lee</a></p>'),
  ('<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Tyler Brown">'),
  ('<script type="application/ld+json">{"@type": "DiscussionForumPosting", "author": {"name": "rower42"}}</script>'),
  ('<p>By clicking subscribe you agree</p>'),
  ('<p><i>A Book</i> by Kan Sen, 1721.</p>')) v(html);

-- Dates: a page that shows only its update date has that date; numeric
-- dates in the one order that is a date; a 12-hour clock; a <meta> key
-- ending in a publication word; the day printed right above the headline
SELECT page_metadata(html) ->> 'published' AS published
FROM (VALUES
  ('<h1>Spring regatta</h1><p>Last updated: March 5, 2024</p>'),
  ('<h1>Spring regatta</h1><p>Published 2024-01-02</p><p>Updated March 5, 2024</p>'),
  ('<meta name="date" content="Thu, 09/25/2025 - 11:38">'),
  ('<h2>Topic</h2><p>by kim &raquo; Sun Dec 17, 2023 11:23 pm</p>'),
  ('<meta name="w-published-date" content="2025-05-27">'),
  ('<p>Published</p><p>Oct 14, 2025</p><h1>Spring regatta</h1><p>Text</p>')) v(html);

-- Nothing to find: an empty object
SELECT page_metadata('<html><body></body></html>');
SELECT page_metadata('<p>Hi.</p>'::bytea);

-- The language detected from the visible text when none is declared
SELECT m->>'language' AS language, m->>'language_source' AS source,
       (m->>'language_confidence')::float8 > 0.5 AS confident
FROM page_metadata('<p>' || repeat('Le port est calme ce matin, les bateaux rentrent '
  'lentement et les pêcheurs préparent leurs filets pour la journée. ', 5) || '</p>') m;

-- Dates as pages write them, normalized; one that cannot be read is omitted
SELECT v.d AS written, page_metadata('<meta name="date" content="' || v.d || '">') ->> 'published' AS published
FROM (VALUES ('2024-03-05'), ('2024-03-05 14:30:00'), ('20240305'), ('March 5, 2024'),
             ('5 March 2024'), ('Tue, 05 Mar 2024 14:30:00 GMT'), ('05/03/2024'),
             ('2024-02-30'), ('yesterday')) v(d);

-- JSON-LD that is not JSON is ignored; the rest of the page still counts
SELECT page_metadata('<script type="application/ld+json">{"headline": "x",</script>'
                     '<title>Kept</title>');

-- A NULL page is NULL; a NULL base_url is none; a bad base_url is an error
SELECT page_metadata(NULL::text) IS NULL AS null_page;
SELECT page_metadata('<link rel="canonical" href="/a">', NULL) AS no_base;
SELECT page_metadata('<p>x</p>', 'not a url');

-- Bad input is a page error like the other page functions'; under
-- templatedet.on_error = skip a WARNING and NULL
SELECT page_metadata('\x1f8b0800'::bytea);
SET templatedet.on_error = skip;
SELECT page_metadata('\x1f8b0800'::bytea) IS NULL AS skipped;
RESET templatedet.on_error;
