-- The page-level examples of README.md, run as written: the README shows
-- this output.  Uses the pages and site_profiles of td_readme.
SET search_path = readme, public;

CREATE TABLE models AS
  SELECT host, train_template_model(p.html, s.profile, p.url) AS model
  FROM pages p JOIN site_profiles s USING (host) GROUP BY host;

SELECT model->'version' AS version, jsonb_array_length(model->'features') AS features,
       jsonb_path_query_array(model, '$.classes[*].rows') AS rows,
       jsonb_path_query_array(model, '$.classes[*].template') AS template
FROM models;

SELECT node, path, area, size_class, round(score::numeric, 2) AS score,
       round(smoothed::numeric, 2) AS smoothed, left(text, 20) AS text
FROM node_scores((SELECT html FROM pages WHERE url LIKE '%bridge%'),
                 (SELECT model FROM models))
WHERE path LIKE '/html/body/%' AND path NOT LIKE '%/li%';

SELECT segment, parent_segment, path, depth, round(score::numeric, 2) AS score,
       is_template, text
FROM page_segments((SELECT html FROM pages WHERE url LIKE '%bridge%'),
                   (SELECT model FROM models));

SELECT strip_page(html, model) FROM pages, models WHERE url LIKE '%bridge%';

SELECT url, clean_text(p.html, s.profile, m.model, min_pages => 4)
FROM pages p JOIN site_profiles s USING (host) JOIN models m USING (host) ORDER BY url;

\set VERBOSITY terse
SELECT strip_page('<p>x</p>', penalty => -1);
SELECT clean_text('<p>x</p>', min_pages => 0);
SELECT strip_page('<p>x</p>', '{"version": 2}');
\set VERBOSITY default
RESET search_path;
