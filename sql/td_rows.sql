-- The rows of the node functions (issue 15): each node's text is a preview of at
-- most 200 characters with the full length beside it, so the rows of a deep page
-- stay linear in its size; paths number same-name siblings in wide parents.
CREATE TABLE rows_profile AS
  SELECT template_profile(h) AS profile
  FROM (VALUES ('<div id="n">menu</div><p>one</p>'), ('<div id="n">menu</div><p>two</p>')) v(h);
-- 300 nested divs around 400 words: every div's text is the whole page's text
CREATE TABLE rows_deep AS
  SELECT repeat('<div>', 300) || '<p>' || string_agg('w' || i, ' ') || '</p>' || repeat('</div>', 300) AS html
  FROM generate_series(1, 400) AS i;

-- the preview is the first 200 characters of the node's text, text_length its length
SELECT count(*) AS nodes, max(length(text)) AS longest_text, min(text_length) AS shortest,
       bool_and(text = left(html_text((SELECT html FROM rows_deep)), 200)) AS previews,
       bool_and(text_length = length(html_text((SELECT html FROM rows_deep)))) AS lengths,
       sum(length(text)) <= 200 * count(*) AS bounded
FROM template_nodes((SELECT html FROM rows_deep), (SELECT profile FROM rows_profile));
SELECT count(*) AS nodes, max(length(text)) AS longest_text,
       bool_and(text = left(html_text((SELECT html FROM rows_deep)), 200)) AS previews,
       bool_and(text_length = length(html_text((SELECT html FROM rows_deep)))) AS lengths
FROM node_scores((SELECT html FROM rows_deep));

-- paths are bounded too: a node deeper than 32 steps has "..." and its last 32
-- steps; depth is the whole path's steps, parent rebuilds it
SELECT count(*) AS nodes, max(depth) AS deepest, max(length(path)) AS longest_path,
       count(*) FILTER (WHERE path LIKE '...%') AS cut_paths,
       bool_and((path LIKE '...%') = (depth > 32)) AS cut_when_deeper
FROM template_nodes((SELECT html FROM rows_deep), (SELECT profile FROM rows_profile));
WITH RECURSIVE n AS (
  SELECT node, parent, path, depth
  FROM node_scores(repeat('<div>', 40) || '<p>deep</p>')
), whole(node, path) AS (
  SELECT node, path FROM n WHERE parent IS NULL
  UNION ALL
  SELECT n.node, whole.path || '/' || substring(n.path FROM '[^/]*$')
  FROM n JOIN whole ON n.parent = whole.node
)
SELECT n.depth, left(n.path, 14) AS path_starts, length(n.path) AS path_length,
       left(whole.path, 14) AS whole_starts, length(whole.path) AS whole_length
FROM n JOIN whole USING (node)
WHERE n.depth IN (1, 32, 33, 42) ORDER BY n.depth;
-- the rebuilt path is the whole path: its steps are the depth, and it ends with the bounded one
WITH RECURSIVE n AS (
  SELECT node, parent, path, depth
  FROM template_nodes((SELECT html FROM rows_deep), (SELECT profile FROM rows_profile))
), whole(node, path) AS (
  SELECT node, path FROM n WHERE parent IS NULL
  UNION ALL
  SELECT n.node, whole.path || '/' || substring(n.path FROM '[^/]*$')
  FROM n JOIN whole ON n.parent = whole.node
)
SELECT count(*) AS nodes,
       bool_and(length(whole.path) - length(replace(whole.path, '/', '')) = n.depth) AS steps_are_depth,
       bool_and(CASE WHEN n.path LIKE '...%' THEN whole.path LIKE '%' || substr(n.path, 4)
                     ELSE whole.path = n.path END) AS ends_with_path
FROM n JOIN whole USING (node);

-- short texts whole, hidden text left out, multi-byte characters counted as one
SELECT node, path, tag, text, text_length
FROM template_nodes('<body><p>caf&eacute; 日本</p><div><script>x()</script></div><p>a<b>b</b> c</p></body>',
                    (SELECT profile FROM rows_profile));

-- a preview cut in the middle of a word and of a run of multi-byte characters
SELECT length(text) AS preview, text_length, right(text, 3) AS preview_ends
FROM node_scores('<p>' || repeat('é', 150) || ' ' || repeat('日本', 100) || '</p>')
WHERE tag = 'p';

-- a parent of 5000 children: each path numbers its node among its same-name siblings
SELECT count(*) AS nodes, count(DISTINCT path) AS distinct_paths,
       max(path) FILTER (WHERE node = (SELECT max(node) FROM template_nodes(h, (SELECT profile FROM rows_profile)))) AS last_path
FROM (SELECT '<div>' || repeat('<p>x</p><span>y</span>', 5000) || '</div>' AS h) AS page,
     template_nodes(h, (SELECT profile FROM rows_profile));

-- a link's text is its whole anchor text, however long
SELECT length(text) AS anchor_text, path
FROM page_links('<p><a href="/x">' || repeat('long anchor ', 50) || '</a></p>', 'https://example.com/');

-- why each node is removed: the decision strip_template makes, recorded by the marking
CREATE TABLE rows_site AS
  SELECT format('<body><div id="nav"><p>Home page link</p><p>Archive page link</p>'
                '<p>Contact form</p><p>x%s</p></div><div><p>Article %s: the text of this page, '
                'a sentence or two long.</p></div></body>', i, i) AS html
  FROM generate_series(1, 4) AS i;
SELECT node, path, is_template, share, reason, text
FROM template_nodes((SELECT html FROM rows_site LIMIT 1),
                    (SELECT template_profile(html) FROM rows_site), 0.5)
WHERE path LIKE '/html/body/%';
-- is_template and reason agree on every node
SELECT bool_and(is_template = (reason IS NOT NULL)) AS agree
FROM template_nodes((SELECT html FROM rows_site LIMIT 1),
                    (SELECT template_profile(html) FROM rows_site), 0.5);
-- node_scores: what clean_text without a profile removes (page level alone), and why
SELECT reason, count(*) AS nodes, min(path) AS first_path
FROM node_scores('<html><body><header><nav><ul>' ||
                 (SELECT string_agg(format('<li><a href="/s%s">Section %s</a></li>', i, i), '')
                  FROM generate_series(1, 30) AS i) ||
                 '</ul></nav></header><main><article><h1>Title</h1><p>' ||
                 repeat('A long article sentence with words. ', 40) || '</p><p>' ||
                 repeat('Another paragraph of the content. ', 30) || '</p></article></main>' ||
                 '<footer><p>Copyright 2024 Example. All rights reserved. <a href="/legal">Legal</a> ' ||
                 '<a href="/privacy">Privacy</a></p></footer></body></html>')
GROUP BY reason ORDER BY reason;

-- explain_html: clean_text's decision on the page, each removed block labelled, safe to open
SELECT explain_html(
  '<body onload="alert(1)"><div id="nav"><p>Home page link</p><p>Archive page link</p>'
  '<p>Contact form</p><p>x9</p></div><script>alert(2)</script>'
  '<div><p><a href="JavaScript:alert(3)" onclick="alert(4)">Article 9</a>: the text of this page, '
  'a sentence or two long.</p><iframe src="https://example.com/"></iframe></div></body>',
  (SELECT template_profile(html) FROM rows_site), min_pages => 2) AS html \gset
SELECT regexp_matches(:'html', 'data-td-reason="[^"]*"', 'g') AS labels;
SELECT :'html' ~* '<script|<iframe|onload|onclick|javascript:' AS unsafe,
       :'html' LIKE '%<a>Article 9</a>%' AS link_kept_without_its_script,
       :'html' LIKE '<!DOCTYPE html><style>%' AS legend_first;
-- what a browser could run never passes: script and plug-in elements, <base>, <meta>,
-- SVG animations (they can set an href or a handler), event handlers in any case, and
-- script or data URLs in any attribute, anywhere in its value, tabs and controls aside
SELECT explain_html(
  '<html><head><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(0)">'
  '<style>p{color:red}</style></head>'
  '<BODY ONLOAD="alert(1)"><DIV OnClick="alert(2)"><p>Home page link</p></DIV>'
  '<svg><script>alert(3)</script><a xlink:href="javascript:alert(4)"><text>svg link</text></a>'
  '<animate attributeName="href" values="https://a.example/;javascript:alert(5)"/>'
  '<set attributeName="onmouseover" to="alert(6)"/></svg>'
  '<math><mi href="javascript:alert(7)">x</mi></math>'
  '<img src="x" onerror="alert(8)"><a href="java&#x09;script:alert(9)">tab</a>'
  '<a href=" JaVaScRiPt:alert(10)">case</a><a href="vbscript:msgbox(11)">vb</a>'
  '<a href="data:text/html,&lt;script&gt;alert(12)&lt;/script&gt;">data</a>'
  '<form action="javascript:alert(13)"><button formaction="javascript:alert(14)">go</button></form>'
  '<p title="x" data-x="see javascript:alert(15)"><a href="/story" ping="javascript:alert(16)">'
  'The story of this page</a>, a sentence or two long.</p>'
  '<iframe srcdoc="&lt;script&gt;alert(17)&lt;/script&gt;"></iframe></BODY></html>',
  NULL::tdprofile) AS html \gset
SELECT :'html' ~* '<script|<iframe|<base|<meta|<animate|<set|\son[a-z]*=|javascript:|vbscript:|data:|srcdoc' AS unsafe,
       :'html' LIKE '%<p title="x"><a href="/story">The story of this page</a>%' AS story_kept,
       :'html' LIKE '%<style>p{color:red}</style>%' AS style_kept;
