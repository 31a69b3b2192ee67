-- Page-level detection: node_scores, page_segments, strip_page, clean_text
-- and train_template_model.  Uses the sites of td_sites (pages,
-- site_profiles).  Exact outputs use an explicit small model (below);
-- with the built-in model only structural facts are checked, so that
-- retraining the default model does not change this file.
CREATE SCHEMA page;
SET search_path = page, public;

-- A model that scores by one feature alone: in_template_area (the element
-- or an ancestor is nav, header, footer or aside, or has a template class
-- such as "menu") gives sigmoid(2) = 0.881, anything else sigmoid(-2) = 0.119.
CREATE FUNCTION small_model(feature text, weight float8, bias float8) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $fn$
SELECT jsonb_build_object(
  'version', 1, 'feature_scheme', 2, 'features', to_jsonb(names),
  'size_bounds', '[40, 400, 4000]'::jsonb,
  'classes', (SELECT jsonb_agg(jsonb_build_object(
      'rows', 0, 'template', 0, 'bias', bias,
      'weights', (SELECT jsonb_agg(CASE WHEN n = feature THEN weight ELSE 0 END ORDER BY i)
                  FROM unnest(names) WITH ORDINALITY u(n, i)),
      'mean', to_jsonb(array_fill(0, ARRAY[cardinality(names)])),
      'scale', to_jsonb(array_fill(1, ARRAY[cardinality(names)]))) ORDER BY g)
    FROM generate_series(1, 4) g))
FROM (SELECT ARRAY['text_before', 'text_after', 'margin', 'page_share', 'log_area',
  'links_per_word', 'anchor_text', 'anchor_size', 'intra_links', 'visible_per_byte',
  'title_words', 'depth', 'log_children', 'punct_per_word', 'avg_word_len', 'log_media',
  'tag_nav', 'tag_header', 'tag_footer', 'tag_aside', 'tag_list', 'tag_a', 'tag_p',
  'tag_div', 'tag_table', 'tag_form', 'tag_heading', 'tag_article', 'tok_nav',
  'tok_menu', 'tok_footer', 'tok_header', 'tok_sidebar', 'tok_share', 'tok_social',
  'tok_comment', 'tok_breadcrumb', 'tok_related', 'tok_widget', 'tok_ad', 'tok_banner',
  'tok_cookie', 'tok_copyright', 'tok_login', 'tok_search', 'tok_content',
  'in_template_area', 'in_content_area', 'in_main', 'has_main', 'main_share',
  'rel_score'] AS names) s
$fn$;
CREATE TABLE small AS SELECT small_model('in_template_area', 4, -2) AS model;

-- A hand page: header, navigation, sidebar, footer around an article.
CREATE TABLE hand (html text);
INSERT INTO hand VALUES ($h$<html><head><title>Bridge reopens</title><script>var x = 1;</script></head><body>
<header><h1>The Example Gazette of the Valley</h1><p>Independent local news since 1901</p></header>
<nav><ul><li><a href="/">Home page</a></li><li><a href="/news">Local news</a></li><li><a href="/sport">Sport results</a></li><li><a href="/about">About the paper</a></li></ul></nav>
<div class="layout"><article><h2>Bridge reopens</h2>
<p>The old bridge over the river reopened on Monday after two years of repairs. Commuters said the crossing now takes four minutes instead of forty.</p>
<p>The council said the repairs came in under budget, and that the bridge will close again for one weekend in spring for a final inspection.</p></article>
<aside><h3>Most read this week</h3><ul><li><a href="/a1">Markets rally after a long winter</a></li><li><a href="/a2">The night train returns to the valley</a></li></ul></aside></div>
<footer><p>Copyright The Example Gazette. All rights reserved.</p><p><a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a></p></footer>
</body></html>$h$);

---------------------------------------------------------------------------
-- exact outputs with the small model
---------------------------------------------------------------------------
-- node_scores: raw scores of the shown elements (NULL: hidden or smaller
-- than 40 characters), smoothed scores of every element; the page's
-- <footer> is apart from the page and scores 1 whatever the model says
SELECT node, parent, path, tag, area, size_class, round(score::numeric, 3) AS score,
       round(smoothed::numeric, 3) AS smoothed, left(replace(text, E'\n', ' | '), 30) AS text
FROM node_scores((SELECT html FROM hand), (SELECT model FROM small));

-- page_segments: the page's own segment, then one per template block
SELECT segment, parent_segment, path, depth, round(score::numeric, 3) AS score, is_template,
       replace(text, E'\n', ' | ') AS text
FROM page_segments((SELECT html FROM hand), (SELECT model FROM small));

-- strip_page keeps exactly the article
SELECT strip_page(html, model) FROM hand, small;
-- a threshold above every score keeps everything but what is apart from the
-- page: its <footer> (under no article, aside, main, nav or section) scores 1
SELECT strip_page(html, model, threshold => 0.9) =
       html_text(regexp_replace(html, '<footer>.*</footer>', '', 's')) AS all_but_footer_kept
FROM hand, small;
-- a huge penalty leaves one segment (the page's) and the footer's, apart:
-- nothing else is template
SELECT count(*) AS segments, bool_or(is_template) AS any_template
FROM page_segments((SELECT html FROM hand), (SELECT model FROM small), 1e6);
-- penalty 0: every shown element may start a segment; smoothing still
-- keeps parents at most as template as their children
SELECT count(*) > 3 AS more_segments
FROM page_segments((SELECT html FROM hand), (SELECT model FROM small), 0);
-- the bytea form reads the same page
SELECT strip_page(convert_to(html, 'UTF8'), model) = strip_page(html, model) AS bytea_same FROM hand, small;
-- key order and white space of the model do not matter (jsonb reorders anyway)
SELECT strip_page(html, (model::text)::jsonb) = strip_page(html, model) AS reparsed_same FROM hand, small;

---------------------------------------------------------------------------
-- structural facts with the built-in model
---------------------------------------------------------------------------
-- scores in [0, 1]; raw scores only where the element is shown
SELECT bool_and(score BETWEEN 0 AND 1) AS scores_in_range,
       bool_and(smoothed BETWEEN 0 AND 1) AS smoothed_in_range,
       bool_and(score IS NULL OR area >= 10) AS small_ones_hidden,
       bool_and(size_class = CASE WHEN area < 40 THEN 0 WHEN area < 400 THEN 1
                                  WHEN area < 4000 THEN 2 ELSE 3 END) AS size_classes
FROM node_scores((SELECT html FROM hand));
-- a link inside a sentence is a word of it: judged with its paragraph, not alone
SELECT tag, score IS NOT NULL AS judged_alone
FROM node_scores('<p>The bridge was built by the <a href="/m">masons of the guild</a> in 1742.</p><div><a href="/n">Next bridge on the river</a></div>')
WHERE tag IN ('p', 'a', 'div') ORDER BY node;
-- smoothing is monotone: no element is more template than its children
SELECT count(*) AS monotone_violations
FROM node_scores((SELECT html FROM hand)) c JOIN node_scores((SELECT html FROM hand)) p
  ON c.parent = p.node
WHERE p.smoothed > c.smoothed;
-- segments nest: each parent segment starts at an ancestor, one level up
SELECT count(*) AS segments,
       count(*) FILTER (WHERE s.parent_segment IS NULL) AS outermost,
       bool_and(s.parent_segment IS NULL OR
                (s.path LIKE rtrim(p.path, '/') || '/%' AND s.depth = p.depth + 1)) AS nested
FROM page_segments((SELECT html FROM hand)) s
LEFT JOIN page_segments((SELECT html FROM hand)) p ON p.segment = s.parent_segment;
-- the segments' own texts partition the page's visible text
SELECT (SELECT string_agg(w, ' ' ORDER BY w) FROM page_segments((SELECT html FROM hand)),
          regexp_split_to_table(text, '\s+') w WHERE w <> '')
     = (SELECT string_agg(w, ' ' ORDER BY w) FROM hand, regexp_split_to_table(html_text(html), '\s+') w
        WHERE w <> '') AS texts_partition;
-- the page's own segment is never template; the navigation of a
-- news page and its "Most read" sidebar are, its article is not.  (Its
-- footer, three sentences of prose, is left to site-level stripping: the
-- built-in model scores it near 0.5.)
SELECT is_template AS root_template FROM page_segments((SELECT html FROM hand)) WHERE segment = 0;
SELECT path, smoothed >= 0.5 AS is_template
FROM node_scores((SELECT html FROM pages WHERE url = 'https://news.example/1'))
WHERE path IN ('/html/body/nav', '/html/body/div/aside', '/html/body/div/main') ORDER BY path;
SELECT position('The harbour bridge reopened' in strip_page(html)) > 0 AS article_kept
FROM pages WHERE url = 'https://news.example/1';
-- strip_page without a model argument is the built-in model
SELECT strip_page(html) = strip_page(html, NULL) AS default_model FROM hand;

---------------------------------------------------------------------------
-- train_template_model on the three sites of td_sites, then use it
---------------------------------------------------------------------------
CREATE TABLE trained AS
  SELECT train_template_model(p.html, s.profile) AS model
  FROM (SELECT * FROM public.pages ORDER BY url) p JOIN public.site_profiles s USING (host);
SELECT model->'version' AS version, model->'feature_scheme' AS scheme,
       jsonb_array_length(model->'features') AS features, model->'size_bounds' AS bounds,
       jsonb_path_query_array(model, '$.classes[*].rows') AS rows,
       jsonb_path_query_array(model, '$.classes[*].template') AS template_rows
FROM trained;
-- deterministic: the same pages in the same order give the same model
SELECT train_template_model(p.html, s.profile) = (SELECT model FROM trained) AS deterministic
FROM (SELECT * FROM public.pages ORDER BY url) p JOIN public.site_profiles s USING (host);
-- the bytea and base_url forms
SELECT jsonb_path_query_array(train_template_model(convert_to(p.html, 'UTF8'), s.profile, p.url),
                              '$.classes[*].rows') AS rows_bytea_url
FROM (SELECT * FROM public.pages ORDER BY url) p JOIN public.site_profiles s USING (host);
-- page-level alone with the trained model: every site comes out exact, the
-- blog's and shop's plain-div headers too now that elements of 10 characters
-- and more are judged on their own (under 40 they went with their parent)
SELECT p.url, strip_page(p.html, t.model) = p.expected AS exact
FROM public.pages p, trained t ORDER BY p.url;
-- clean_text with a profile (5 pages: site-level plus page-level), and without
SELECT p.url, clean_text(p.html, s.profile, t.model) = p.expected AS with_profile,
       clean_text(p.html, NULL, t.model) = p.expected AS without_profile
FROM public.pages p JOIN public.site_profiles s USING (host), trained t ORDER BY p.url;
-- a profile smaller than min_pages is not used: page-level alone
SELECT clean_text(p.html, s.profile, m.model, min_pages => 6) = strip_page(p.html, m.model) AS small_profile_ignored,
       clean_text(p.html, NULL, m.model) = strip_page(p.html, m.model) AS no_profile_page_level
FROM public.pages p JOIN public.site_profiles s USING (host), small m
WHERE p.url = 'https://blog.example/2';
-- with the small model alone the blog keeps its sidebar and footer (plain
-- divs); with the profile they go
SELECT clean_text(p.html, NULL, m.model) AS page_level_only,
       clean_text(p.html, s.profile, m.model) AS with_profile
FROM public.pages p JOIN public.site_profiles s USING (host), small m
WHERE p.url = 'https://blog.example/2';

-- clean_text with a profile: page level drops nothing of the page's main
-- region, and nothing at all on a page whose region holds under 15% of
-- what site level keeps.  Each page of this docs site has a site menu (site
-- level drops it), a chapter (the main region) holding a per-page "share"
-- line and, beside it, a per-page "related" line: the small model scores
-- both 0.881.  Page level alone takes the share line with the template;
-- clean_text keeps it (it is in the region) and drops the related line.
CREATE TABLE docs AS
SELECT n, format('<html><body><div class="menu"><a href="/">Home</a> <a href="/b">Book</a></div>'
                 '<div class="chapter"><p>Chapter %s explains topic number %s at length, with '
                 'commas, examples, and enough words to be the main block of its page.</p>'
                 '<div class="share">Share chapter %s with your friends and colleagues</div></div>'
                 '<div class="related">Related: chapter %s, chapter %s and the appendix on topics</div>'
                 '%s</body></html>', n, n, n, n + 1, n - 1,
                 CASE WHEN n = 5 THEN (SELECT '<ul class="index">' || string_agg(format(
                   '<li><a href="/c%s">Chapter %s, part two</a></li>', k, k), '') || '</ul>'
                   FROM generate_series(1, 60) k) ELSE '' END) AS html
FROM generate_series(1, 5) n;
CREATE TABLE docs_profile AS SELECT template_profile(html) AS profile FROM docs;
SELECT strip_page(html, m.model) AS page_level_alone FROM docs, small m WHERE n = 1;
SELECT clean_text(html, p.profile, m.model) AS with_profile,
       clean_text(html, p.profile, m.model) = strip_template(html, p.profile) AS site_level_alone
FROM docs, docs_profile p, small m WHERE n = 1;
-- page 5 adds a long per-page index: the chapter now holds under 15% of
-- what site level keeps, so page level is not trusted there (it still
-- scores the related line 0.881) and site level's result stands
SELECT bool_or(is_template AND text LIKE 'Related:%') AS page_level_flags_related
FROM page_segments((SELECT html FROM docs WHERE n = 5), (SELECT model FROM small));
SELECT clean_text(html, p.profile, m.model) = strip_template(html, p.profile) AS site_level_alone,
       clean_text(html, p.profile, m.model) LIKE '%Related: chapter 6%' AS related_kept
FROM docs, docs_profile p, small m WHERE n = 5;

-- clean_text without a profile: where page level keeps under 5% of the
-- visible text, its threshold rises through 0.6, 0.7, 0.8, 0.9, 0.95 until it
-- keeps more, all the text at worst.  A shop page whose product list sits in
-- a "menu" block (the small model: 0.881 there): strip_page at 0.5 keeps the
-- one-word heading, clean_text judges at 0.9 and keeps the list; node_scores
-- and explain_html show clean_text's decision (nothing removed).  strip_page
-- keeps its explicit threshold.
CREATE TABLE shop AS
SELECT '<html><body><p>Shop</p><div class="menu"><ul>' || string_agg(format(
         '<li><a href="/p%s">Product number %s, a kitchen thing</a></li>', k, k), '')
       || '</ul></div></body></html>' AS html
FROM generate_series(1, 4) k;
SELECT strip_page(html, m.model) AS strip_page, clean_text(html, NULL, m.model) AS clean_text
FROM shop, small m;
SELECT clean_text(html, NULL, m.model) = strip_page(html, m.model, threshold => 0.9) AS at_0_9,
       (SELECT count(reason) FROM node_scores(html, m.model)) AS removed_nodes,
       explain_html(html, NULL, m.model) LIKE '%data-td-reason=%' AS explain_marks
FROM shop, small m;
-- a page that keeps 5% at 0.5 is judged at 0.5: the hand page keeps its article
SELECT clean_text(html, NULL, m.model) = strip_page(html, m.model) AS at_0_5
FROM hand, small m;
DROP TABLE shop;

-- what is apart from the page is template whatever the model says: a dialog
-- (a <dialog>, role dialog or alertdialog, aria-modal="true") and an element
-- with a screen-reader-only class (sr-only, visually-hidden, visuallyhidden,
-- screen-reader-text, element-invisible).  The small model scores the cookie
-- banner, the sign-in dialog and the screen reader's note as content, yet
-- they go, each a segment of its own scored 1; the box with
-- aria-modal="false" and no role is the model's.
CREATE TABLE dialogs AS
SELECT '<html><body><article><h2>Bridge reopens</h2><p>The old bridge over the river '
       'reopened on Monday after two years of repairs, and the first cars crossed at noon.</p>'
       '<p class="card sr-only">Story continues below</p>'
       '</article><div role="dialog" aria-label="Cookies"><p>We use cookies to improve '
       'your visit.</p><button>Accept all</button></div><dialog><p>Sign in to comment '
       'on this story</p></dialog><div aria-modal="false"><p>Read the council''s statement</p>'
       '</div></body></html>' AS html;
SELECT clean_text(html, NULL, m.model) AS clean_text FROM dialogs, small m;
SELECT path, round(score::numeric, 2) AS score, round(smoothed::numeric, 2) AS smoothed, reason
FROM node_scores((SELECT html FROM dialogs), (SELECT model FROM small))
WHERE path ~ '^/html/body/(div|dialog|article/p)';
SELECT path, round(score::numeric, 2) AS score, is_template
FROM page_segments((SELECT html FROM dialogs), (SELECT model FROM small));
DROP TABLE dialogs;

-- a block the output already holds goes the second time: here a reply's quote
-- of the post it answers and a table of contents' link to its heading (the
-- heading stays, as the first copy that is not link text).  Copies side by
-- side (one parent) stay, as do copies in a table and lines under three words.
-- (The small model keeps every block here, so each drop below is a repeat.)
-- explain_html labels the copies "repeat"; node_scores gives the reason.
CREATE TABLE thread AS
SELECT '<html><body><main><ul class="toc"><li><a href="#r">Replies to the question</a></li></ul>'
       '<div class="post"><p>Does the ferry run on Sundays in winter?</p></div>'
       '<h2 id="r">Replies to the question</h2>'
       '<div class="post"><blockquote><p>Does the ferry run on Sundays in winter?</p></blockquote>'
       '<p>It does, twice a day.</p><p>Thanks, see you there.</p><p>Thanks, see you there.</p></div>'
       '<table><tr><td>Sunday ferry times</td></tr><tr><td>Sunday ferry times</td></tr></table>'
       '<div><p>Thank you</p></div><div><p>Thank you</p></div></main></body></html>' AS html;
SELECT clean_text(html, NULL, m.model) FROM thread, small m;
SELECT path, reason
FROM node_scores((SELECT html FROM thread), (SELECT model FROM small)) WHERE reason IS NOT NULL;
SELECT (length(e) - length(replace(e, 'data-td-reason="repeat"', ''))) / length('data-td-reason="repeat"')
       AS repeat_labels
FROM (SELECT explain_html(html, NULL, m.model) AS e FROM thread, small m) x;
DROP TABLE thread;

-- clean_text with a profile keeps the short labels that repeat inside the
-- page's one <main> (a member table's heading and header cells, a type
-- name): they label the page's own content.  Repeated links there (the
-- previous-class link) and everything outside <main> stay site-level
-- template; strip_template, site level alone, drops them all.
CREATE TABLE api AS
SELECT n, format('<html><body><div class="nav"><a href="/">Home</a> <a href="/api">API</a></div>'
                 '<main><h1>Class %s</h1><h3>Method Summary</h3><table><tr><th>Modifier and Type</th>'
                 '<th>Method</th></tr><tr><td>int</td><td>size%s()</td></tr></table>'
                 '<p>The class %s holds the items of kind number %s and says so at length.</p>'
                 '<p><a href="/prev">Previous class</a></p></main></body></html>', n, n, n, n) AS html
FROM generate_series(1, 5) n;
CREATE TABLE api_profile AS SELECT template_profile(html) AS profile FROM api;
SELECT clean_text(html, p.profile, m.model) AS clean_text, strip_template(html, p.profile) AS site_level_alone
FROM api, api_profile p, small m WHERE n = 5;
DROP TABLE api, api_profile;

-- NULL pages and NULL profiles are skipped; nothing to train on gives NULL
SELECT train_template_model(h, NULL::tdprofile) IS NULL AS no_labels
FROM (VALUES ('<p>a</p>')) v(h);
SELECT train_template_model(NULL::text, profile) IS NULL AS no_pages FROM public.site_profiles;
-- the row cap: the first rows are kept, with a NOTICE
SET templatedet.max_training_rows = 100;
SELECT jsonb_path_query_array(train_template_model(p.html, s.profile), '$.classes[*].rows') AS capped_rows
FROM (SELECT * FROM public.pages ORDER BY url) p JOIN public.site_profiles s USING (host);
RESET templatedet.max_training_rows;

---------------------------------------------------------------------------
-- NULLs and errors
---------------------------------------------------------------------------
SELECT strip_page(NULL::text) IS NULL AS null_page,
       strip_page('<p>x</p>', penalty => NULL) IS NULL AS null_penalty,
       strip_page('<p>x</p>', threshold => NULL) IS NULL AS null_threshold,
       clean_text(NULL::bytea) IS NULL AS null_page_clean,
       clean_text('<p>x</p>', min_pages => NULL) IS NULL AS null_min_pages,
       clean_text('<p>x</p>', NULL, NULL, NULL) AS all_defaults;
SELECT count(*) AS rows_for_null FROM page_segments(NULL::text);
SELECT count(*) AS rows_for_null FROM node_scores(NULL::bytea);
SELECT count(*) AS rows_for_null_penalty FROM page_segments('<p>x</p>', NULL, NULL);
SELECT count(*) AS rows_for_empty FROM page_segments('');

\set VERBOSITY terse
SELECT strip_page('<p>x</p>', penalty => -1);
SELECT strip_page('<p>x</p>', penalty => 'NaN');
SELECT strip_page('<p>x</p>', penalty => 'Infinity');
SELECT * FROM page_segments('<p>x</p>', NULL, -0.5);
SELECT strip_page('<p>x</p>', threshold => 0);
SELECT strip_page('<p>x</p>', threshold => 1.5);
SELECT clean_text('<p>x</p>', min_pages => 0);
SELECT strip_page('<p>x</p>', '{"version": 2}');
SELECT * FROM node_scores('<p>x</p>', '[1, 2]');
SELECT clean_text('<p>x</p>', NULL, small_model('in_template_area', 'NaN', 0)) FROM small;
SELECT clean_text('<p>x</p>', NULL, (SELECT model - 'classes' FROM small));
-- a model over a bound is refused before it is read (bounds in docs/reference.md):
-- its size: over 8 MB before detoasting (either kind), a logistic one over 1 MB
-- before it becomes text: 100,000 feature names of 32 bytes, 3.6 MB
CREATE TABLE huge AS SELECT jsonb_build_object('version', 1, 'feature_scheme', 2,
  'features', (SELECT jsonb_agg(repeat('f', 27) || g) FROM generate_series(1, 100000) g)) AS model;
SELECT strip_page('<p>x</p>', model) FROM huge;
DROP TABLE huge;
SELECT strip_page('<p>x</p>', jsonb_build_object('version', 1, 'pad', repeat('x', 2000000)));
SELECT strip_page('<p>x</p>', jsonb_build_object('version', 1, 'pad', repeat('x', 9000000)));
-- its shape, before it becomes text
SELECT strip_page('<p>x</p>', jsonb_build_object('features',
  (SELECT jsonb_agg('f' || g) FROM generate_series(1, 2000) g)));
SELECT strip_page('<p>x</p>', jsonb_build_object('features', jsonb_build_array(repeat('f', 65))));
SELECT strip_page('<p>x</p>', (SELECT jsonb_object_agg('k' || g, g) FROM generate_series(1, 65) g));
SELECT strip_page('<p>x</p>', jsonb_set(model, '{classes,2,scale}',
  (SELECT jsonb_agg(1) FROM generate_series(1, 1025)))) FROM small;
-- and what only the text shows: keys and nesting inside an unknown value
SELECT strip_page('<p>x</p>', model || jsonb_build_object('extra', (repeat('[', 33) || repeat(']', 33))::jsonb)) FROM small;
SELECT strip_page('<p>x</p>', model || jsonb_build_object('extra',
  (SELECT jsonb_agg(g) FROM generate_series(1, 1025) g))) FROM small;
SELECT strip_page('<p>x</p>', model || jsonb_build_object(repeat('k', 65), 1)) FROM small;
-- at the bounds a model is read: 64 keys, 1024-element arrays, 32 levels, 64-byte keys
SELECT strip_page('<p>x</p>', model || (SELECT jsonb_object_agg('k' || g, g) FROM generate_series(1, 58) g)
                                    || jsonb_build_object(repeat('k', 64),
                                         (repeat('[', 31) || '[' || (SELECT string_agg('0', ',') FROM generate_series(1, 1024)) || ']' || repeat(']', 31))::jsonb))
       = strip_page('<p>x</p>', model) AS at_the_bounds FROM small;
-- a tree model ({"kind": "gbdt"}): one tree splitting on in_template_area gives
-- the small logistic model's scores (margins -2 and 2), so the same output
CREATE FUNCTION tree_model(trees jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
SELECT jsonb_build_object('kind', 'gbdt', 'version', 1, 'feature_scheme', 2,
  'features', (SELECT model -> 'features' FROM small), 'base', 0, 'trees', trees)
$fn$;
CREATE TABLE trees AS SELECT tree_model(jsonb_build_array(jsonb_build_array(
  (SELECT i - 1 FROM jsonb_array_elements_text(model -> 'features') WITH ORDINALITY e(n, i)
   WHERE n = 'in_template_area'), 1, 0.5, -1, 0, -2, -1, 0, 2))) AS model FROM small;
SELECT strip_page(h.html, t.model) = strip_page(h.html, s.model) AS same_as_logistic,
       strip_page(h.html, t.model) AS text
FROM hand h, trees t, small s;
SELECT (SELECT array_agg(round(score::numeric, 3) ORDER BY node) FROM node_scores(h.html, t.model)) =
       (SELECT array_agg(round(score::numeric, 3) ORDER BY node) FROM node_scores(h.html, s.model))
       AS same_scores
FROM hand h, trees t, small s;
-- a lone leaf: every element scores sigmoid(3), all template; clean_text's
-- fallback (page level alone) then keeps everything but what is apart from
-- the page (its footer), as the leaf sigmoid(-3) does
SELECT strip_page(html, tree_model('[[-1, 0, 3]]')) AS all_dropped,
       clean_text(html, NULL, tree_model('[[-1, 0, 3]]')) = html_text(f) AS fallback_keeps_the_rest,
       strip_page(html, tree_model('[[-1, 0, -3]]')) = html_text(f) AS all_but_footer_kept
FROM (SELECT html, regexp_replace(html, '<footer>.*</footer>', '', 's') AS f FROM hand) h;
-- a tree model that is wrong, or over a bound (22023)
SELECT strip_page('<p>x</p>', '{"kind": "forest"}');
SELECT strip_page('<p>x</p>', tree_model('[[-1, 0, 3]]') - 'base');
SELECT strip_page('<p>x</p>', tree_model('[[0, 1, 0.5, -1, 0, 1]]'));
SELECT strip_page('<p>x</p>', tree_model('[[99, 1, 0.5, -1, 0, 1, -1, 0, 2]]'));
SELECT strip_page('<p>x</p>', tree_model('[[-1, 0, 3]]') || '{"version": 2}');
SELECT strip_page('<p>x</p>', tree_model((SELECT jsonb_agg('[-1, 0, 1]'::jsonb) FROM generate_series(1, 4097))));
SELECT strip_page('<p>x</p>', tree_model(jsonb_build_array((SELECT jsonb_agg(0) FROM generate_series(1, 3 * 65536)))));
SELECT strip_page('<p>x</p>', jsonb_build_object('kind', 'gbdt', 'pad', repeat('x', 9000000)));
SET templatedet.max_page_bytes = '1kB';
SELECT clean_text(repeat('<p>x</p>', 1000));
RESET templatedet.max_page_bytes;
SET templatedet.max_nodes = 10;
SELECT count(*) FROM node_scores(repeat('<p>x</p>', 10));
RESET templatedet.max_nodes;
\set VERBOSITY default

RESET search_path;
