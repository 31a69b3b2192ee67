-- page_type (issue 12): the kind of a page, one of the seven WCXB page types,
-- from page-level features and its URL; and train_template_model from gold text.
\set VERBOSITY terse
CREATE SCHEMA ptype;
SET search_path = ptype, public;

-- three hand-written pages: a product page with JSON-LD Product, a forum thread,
-- a documentation page
CREATE TABLE typed_pages (url text, html text);
INSERT INTO typed_pages VALUES
  ('https://shop.example/p/trail-runner-3',
   '<html><head><title>Trail Runner 3 shoes</title><meta property="og:type" content="product"><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Trail Runner 3", "offers": {"@type": ["Offer"], "price": "89.00"}}</script></head><body><nav><a href=/>Shop</a> <a href=/men>Men</a> <a href=/women>Women</a></nav><div class=product-detail><h1>Trail Runner 3</h1><p class=price>$89.00</p><p>A light trail shoe with a grippy sole.</p><form class=cart><select name=size><option>8</option><option>9</option></select><input name=qty value=1><button class=add-to-cart>Add to cart</button></form><div class=review-stars>4.5 of 5 stars</div></div><ul class=related><li class=product-card><a href=/p/1>Trail Runner 2</a> $59.00</li><li class=product-card><a href=/p/2>Road Racer</a> $99.00</li><li class=product-card><a href=/p/3>Hiker Mid</a> $129.00</li></ul></body></html>'),
  ('https://help.example/forum/t/how-do-i-reset-my-router/123',
   '<html><head><title>How do I reset my router? - Help forum</title><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"reset"}</script></head><body><nav><a href=/>Forums</a> &gt; <a href=/forum/networking>Networking</a></nav><h1>How do I reset my router?</h1><div class=post id=post-1><div class=post-author><span class=username>maria</span> <time>Jan 3</time></div><div class=message-body>My router keeps dropping the connection. How do I reset it to factory settings?</div><a class=reply-link href=#reply>Reply</a></div><div class=post id=post-2><div class=post-author><span class=username>tom_k</span> <time>Jan 3</time></div><div class=message-body>Hold the small button on the back for ten seconds until the lights blink.</div><a class=reply-link href=#reply>Reply</a></div><div class=post id=post-3><div class=post-author><span class=username>maria</span> <time>Jan 4</time></div><div class=message-body>That worked, thank you! The connection has been stable since.</div><a class=reply-link href=#reply>Reply</a></div><form class=reply-form><textarea name=body></textarea><button>Post reply</button></form></body></html>'),
  ('https://lib.example/docs/api/parse',
   '<html><head><title>parse() - API reference</title></head><body><nav class=docs-sidebar><ul><li><a href=/docs/intro>Introduction</a></li><li><a href=/docs/api/parse>parse()</a></li><li><a href=/docs/api/render>render()</a></li></ul></nav><main><h1>parse()</h1><p>Parses a string of HTML into a tree and returns it.</p><h2>Syntax</h2><pre><code>tree = parse(html, options)</code></pre><h2>Parameters</h2><dl><dt><code>html</code></dt><dd>The markup to parse, as a string.</dd><dt><code>options</code></dt><dd>An object of settings; see <a href=/docs/api/options>options</a>.</dd></dl><h2>Return value</h2><p>A <code>Tree</code> whose root is the document.</p><h2>Example</h2><pre><code>const t = parse(''&lt;p&gt;hi&lt;/p&gt;'');
console.log(t.root);</code></pre></main></body></html>');

SELECT url, t.type, round(t.confidence::numeric, 2) AS confidence
FROM typed_pages, page_type(html, url) t ORDER BY url;

-- every type's probability (rounded to 4 decimals; they sum to 1)
SELECT scores FROM typed_pages, page_type(html, url) WHERE url LIKE '%forum%';
SELECT url, round((SELECT sum(value::numeric) FROM jsonb_each_text(t.scores)), 2) AS total,
       t.confidence = (SELECT max(value::float8) FROM jsonb_each_text(t.scores)) OR
       abs(t.confidence - (SELECT max(value::float8) FROM jsonb_each_text(t.scores))) < 0.0001 AS top
FROM typed_pages, page_type(html, url) t ORDER BY url;

-- without a URL (base_url NULL, the default), from the page alone, by the model
-- trained without URL features: the short docs page then reads as an article
SELECT url, (page_type(html)).type FROM typed_pages ORDER BY url;
-- raw bytes give the same as text
SELECT url, page_type(convert_to(html, 'UTF8'), url) = page_type(html, url) AS same
FROM typed_pages ORDER BY url;

-- a NULL page gives NULL; an empty page is still a page (a guess without evidence)
SELECT page_type(NULL::text) IS NULL AS null_page, (page_type(NULL::bytea, 'x')).type IS NULL AS null_bytes;
SELECT type, round(confidence::numeric, 2) AS confidence FROM page_type('');

-- bad input: not HTML (22023), over a limit (54000); nothing else changes
SELECT page_type('\x7f454c4602010100000000000000000003003e00'::bytea);
SET templatedet.max_page_bytes = 20;
SELECT page_type('<p>a page of more than twenty bytes</p>');
RESET templatedet.max_page_bytes;
SET templatedet.max_nodes = 10;
SELECT page_type(html) FROM typed_pages WHERE url LIKE '%forum%';
-- under on_error = skip such a page gives NULL, with a WARNING
SET templatedet.on_error = skip;
SELECT url, page_type(html, url) IS NULL AS skipped FROM typed_pages ORDER BY url;
RESET templatedet.on_error;
RESET templatedet.max_nodes;

---------------------------------------------------------------------------
-- train_template_model(html, gold): a model from pages whose content is known
---------------------------------------------------------------------------
-- A small news site: six stories in the same template (links in the header,
-- a "most read" box, a footer), each with its gold text (title and story).
CREATE TABLE stories (id int, url text, html text, gold text);
INSERT INTO stories
SELECT id, 'https://news.example/' || slug || '.html',
       format('<html><head><title>%s</title></head><body>'
              '<header><a href=/>The Daily Example</a> <a href=/news>News</a> <a href=/sport>Sport</a>'
              ' <a href=/weather>Weather</a> <a href=/contact>Contact us</a></header>'
              '<div class=layout><article><h1>%s</h1><p>%s</p><p>%s</p></article>'
              '<aside><h3>Most read</h3><ul><li><a href=/a>Council votes on new bus lanes</a></li>'
              '<li><a href=/b>Harbour festival returns in June</a></li>'
              '<li><a href=/c>Five walks for a rainy weekend</a></li></ul></aside></div>'
              '<footer>Copyright 2026 The Daily Example. All rights reserved. '
              '<a href=/privacy>Privacy</a> <a href=/terms>Terms</a></footer></body></html>',
              title, title, p1, p2),
       title || E'\n' || p1 || E'\n' || p2
FROM (VALUES
  (1, 'bridge', 'Old bridge reopens',
   'The old stone bridge over the river reopened on Monday after two years of repairs, and the first cyclists crossed it at dawn.',
   'Engineers replaced the worn arches and widened the footpath, and the town hopes the crossing will bring visitors back to the east bank.'),
  (2, 'library', 'Library extends hours',
   'The central library will stay open until nine in the evening on weekdays from next month, the council said on Tuesday.',
   'Students had asked for longer hours during exams, and the extra evening staff will be paid from the reading room budget.'),
  (3, 'market', 'Market moves to the harbour',
   'The Saturday market is moving from the square to the harbour front, where there is room for forty more stalls.',
   'Traders welcomed the move but asked for better parking, and the first market by the water opens on the third of May.'),
  (4, 'school', 'School wins science prize',
   'Pupils from the east school won the regional science prize with a study of the water quality in the town ponds.',
   'Their teacher said the class spent every Friday afternoon for a year collecting samples and counting water insects.'),
  (5, 'storm', 'Storm closes coast road',
   'The coast road was closed for six hours on Sunday after high waves threw stones and seaweed across both lanes.',
   'Crews cleared the road by the evening, and the weather office expects calmer seas for the rest of the week.'),
  (6, 'choir', 'Choir sings in three languages',
   'The town choir gave its spring concert in three languages this year, with songs from each of its twin towns.',
   'More than three hundred people filled the church hall, and the choir will sing the programme again in the autumn.')
) v(id, slug, title, p1, p2);

-- train on five stories; the sixth is held out
CREATE TABLE gold_model AS
  SELECT train_template_model(html, gold, url ORDER BY id) AS model FROM stories WHERE id <= 5;

SELECT jsonb_path_query_array(model, '$.classes[*].rows') AS rows,
       jsonb_path_query_array(model, '$.classes[*].template') AS template
FROM gold_model;

-- the held-out story: the model keeps its gold text, the template goes
SELECT strip_page(html, model) FROM stories, gold_model WHERE id = 6;
SELECT regexp_replace(strip_page(html, model), '\s+', ' ', 'g') =
       regexp_replace(gold, '\s+', ' ', 'g') AS keeps_the_gold
FROM stories, gold_model WHERE id = 6;

-- deterministic; the same rows in bytes give the same model; NULL golds are skipped
SELECT (SELECT train_template_model(html, gold, url ORDER BY id) FROM stories WHERE id <= 5)
       = model AS deterministic,
       (SELECT train_template_model(convert_to(html, 'UTF8'), gold, url ORDER BY id) FROM stories WHERE id <= 5)
       = model AS bytes_same,
       (SELECT train_template_model(html, CASE WHEN id <= 5 THEN gold END, url ORDER BY id) FROM stories)
       = model AS null_gold_skipped
FROM gold_model;
SELECT train_template_model(html, NULL::text) IS NULL AS no_labels FROM stories;
-- the two-argument form, without URLs
SELECT jsonb_path_query_array(train_template_model(html, gold ORDER BY id), '$.classes[*].rows') AS rows
FROM stories WHERE id <= 5;

-- bounds, as the profile form: the first templatedet.max_training_rows rows
SET templatedet.max_training_rows = 20;
SELECT jsonb_path_query_array(train_template_model(html, gold ORDER BY id), '$.classes[*].rows') AS capped_rows
FROM stories;
RESET templatedet.max_training_rows;
-- a gold text over templatedet.max_page_bytes is a page error (54000) ...
SET templatedet.max_page_bytes = 2000;
SELECT train_template_model(html, gold || repeat(' more', 400)) IS NULL FROM stories;
-- ... that on_error = skip leaves out, as it leaves out a page that cannot be read
SET templatedet.on_error = skip;
SELECT jsonb_path_query_array(train_template_model(html, CASE WHEN id = 2 THEN gold || repeat(' more', 400) ELSE gold END ORDER BY id),
                              '$.classes[*].rows') AS rows_without_story_2
FROM stories WHERE id <= 3;
SELECT jsonb_path_query_array(train_template_model(html, gold ORDER BY id), '$.classes[*].rows') AS rows
FROM stories WHERE id IN (1, 3);
RESET templatedet.on_error;
RESET templatedet.max_page_bytes;

RESET search_path;
DROP SCHEMA ptype CASCADE;
