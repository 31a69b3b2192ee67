-- bench/rows.sql: template_nodes, node_scores, page_links and ordered_links on one
-- parent with 5k, 20k and 100k children, against html_text on the same pages.
-- psql -X -d DB -f bench/rows.sql (a database with the extension).
\timing on
CREATE TEMP TABLE rows_page AS
  SELECT k, '<html><body><div>' || string_agg(format('<p><a href="/a%s">w</a></p>', i), '') || '</div></body></html>' AS html
  FROM (VALUES (5000), (20000), (100000)) AS v(k), generate_series(1, k) AS i GROUP BY k;
CREATE TEMP TABLE rows_prof AS SELECT template_profile(html) AS p FROM rows_page WHERE k = 5000;
SELECT k, length(html) FROM rows_page ORDER BY k;
\o /dev/null
SELECT html_text(html) FROM rows_page WHERE k = 5000;
SELECT count(*) FROM rows_page, template_nodes(html, (SELECT p FROM rows_prof)) WHERE k = 5000;
SELECT html_text(html) FROM rows_page WHERE k = 20000;
SELECT count(*) FROM rows_page, template_nodes(html, (SELECT p FROM rows_prof)) WHERE k = 20000;
SELECT html_text(html) FROM rows_page WHERE k = 100000;
SELECT count(*) FROM rows_page, template_nodes(html, (SELECT p FROM rows_prof)) WHERE k = 100000;
SELECT count(*) FROM rows_page, node_scores(html) WHERE k = 100000;
SELECT count(*) FROM rows_page, page_links(html, 'http://example.com/') WHERE k = 100000;
SELECT count(*) FROM rows_page, ordered_links(html, 'http://example.com/') WHERE k = 100000;
-- the output of a 2 MB page 500 elements deep: 190k rows, their texts and paths
\o
CREATE TEMP TABLE rows_deep AS
  SELECT repeat('<div>', 500) || repeat('<p>word</p>', 190000) || repeat('</div>', 500) AS html;
SELECT length(html) AS page_bytes FROM rows_deep;
SELECT count(*) AS rows, sum(length(text)) AS text_chars, sum(length(path)) AS path_chars
FROM rows_deep, template_nodes(html, (SELECT p FROM rows_prof));
