-- bench/dedup_pairs.sql — the seed §6.2 experiment on real templates (run by
-- bench/dedup.sh after bench_load and a gold(url, gold) table are loaded).
--
-- Every corpus page becomes a *skeleton*: its HTML with the text runs that belong to
-- its gold main text removed (a run between tags, after <body>, whose letters and
-- digits, at least 15 of them, occur in the gold's), and a marker where the first was.  Pairs:
--   duplicate      gold text of a page of site c placed into skeleton t of site a and
--                  skeleton t of site b = a + 1 (c = a + 2, sites in name order, t = 1..5)
--   non-duplicate  two synthetic pages of one site that carry different gold texts
-- One profile per site from its original corpus pages.  A pair is flagged when
-- shingle_overlap >= 4 (of 8), on all text, on strip_template and on clean_text.
\set ON_ERROR_STOP 1
\timing off

CREATE FUNCTION pg_text(b bytea) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN convert_from(b, 'UTF8');
EXCEPTION WHEN OTHERS THEN
  RETURN convert_from(b, 'LATIN1');
END $$;

CREATE FUNCTION alnum(s text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(regexp_replace(s, '[^[:alnum:]]+', '', 'g')) $$;

CREATE TABLE site_order AS
  SELECT host, row_number() OVER (ORDER BY host) - 1 AS i, count(*) OVER () AS n
  FROM (SELECT DISTINCT host FROM pages) h;

CREATE TABLE page_order AS
  SELECT p.url, p.host, s.i AS site, row_number() OVER (PARTITION BY p.host ORDER BY p.url) AS t
  FROM pages p JOIN site_order s USING (host);

-- skeletons: text runs of the gold removed, '<!--GOLD-->' where the first was
CREATE TABLE skeletons AS
WITH raw AS (
  SELECT p.url, m.ord, m.tok[1] AS tok, g.gold
  FROM pages p JOIN gold g USING (url),
       regexp_matches(pg_text(p.html), '(<[^>]*>|[^<]+|<)', 'g') WITH ORDINALITY AS m(tok, ord)
), body AS (		-- only text after <body> counts (the title in <head> repeats the gold's)
  SELECT url, coalesce(min(ord) FILTER (WHERE tok ~* '^<body[\s>]'), 0) AS ord FROM raw GROUP BY url
), toks AS (
  SELECT r.url, r.ord, r.tok,
         (r.ord > b.ord AND r.tok !~ '^<' AND length(alnum(r.tok)) >= 15
          AND strpos(alnum(r.gold), alnum(r.tok)) > 0) AS is_gold
  FROM raw r JOIN body b USING (url)
), first_gold AS (
  SELECT url, min(ord) AS ord FROM toks WHERE is_gold GROUP BY url
)
SELECT t.url,
       string_agg(CASE WHEN t.ord = f.ord THEN '<!--GOLD-->' WHEN t.is_gold THEN '' ELSE t.tok END,
                  '' ORDER BY t.ord) AS html
FROM toks t JOIN first_gold f USING (url)
GROUP BY t.url;

CREATE TABLE gold_html AS
  SELECT url, '<div>' || string_agg('<p>' || replace(replace(replace(line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n) || '</div>' AS html
  FROM gold, regexp_split_to_table(gold, '\n') WITH ORDINALITY AS l(line, n)
  WHERE line <> '' GROUP BY url;

-- synthetic pages: (site a, skeleton t) carrying gold of page t of site c
CREATE TABLE synth AS
WITH roles AS (
  SELECT a.i AS host_site, t, (a.i + 2) % a.n AS gold_site, 'a' AS role FROM site_order a, generate_series(1, 5) t
  UNION ALL
  SELECT (a.i + 1) % a.n, t, (a.i + 2) % a.n, 'b' FROM site_order a, generate_series(1, 5) t
)
SELECT DISTINCT ON (r.host_site, r.t, r.gold_site)
       r.host_site, r.t, r.gold_site, hp.host, gp.url AS gold_url,
       replace(sk.html, '<!--GOLD-->', gh.html) AS html
FROM roles r
JOIN page_order hp ON hp.site = r.host_site AND hp.t = r.t
JOIN skeletons sk ON sk.url = hp.url
JOIN page_order gp ON gp.site = r.gold_site AND gp.t = r.t
JOIN gold_html gh ON gh.url = gp.url;

CREATE TABLE profiles AS SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;

CREATE TABLE synth_sigs AS
  SELECT s.host, s.host_site, s.t, s.gold_url,
         shingles(html_text(s.html)) AS raw,
         shingles(strip_template(s.html, p.profile)) AS site,
         shingles(clean_text(s.html, p.profile)) AS clean
  FROM synth s JOIN profiles p USING (host);

CREATE TABLE pairs AS
  SELECT true AS dup, a.raw AS raw_a, b.raw AS raw_b, a.site AS site_a, b.site AS site_b,
         a.clean AS clean_a, b.clean AS clean_b
  FROM synth_sigs a JOIN synth_sigs b ON a.gold_url = b.gold_url AND a.host < b.host
  UNION ALL
  SELECT false, a.raw, b.raw, a.site, b.site, a.clean, b.clean
  FROM synth_sigs a JOIN synth_sigs b ON a.host = b.host AND a.gold_url < b.gold_url;

SELECT (SELECT count(*) FROM pages) AS corpus_pages, (SELECT count(*) FROM skeletons) AS skeletons,
       (SELECT count(*) FROM synth) AS synthetic_pages,
       count(*) FILTER (WHERE dup) AS duplicate_pairs, count(*) FILTER (WHERE NOT dup) AS non_duplicate_pairs
FROM pairs;

WITH f AS (
  SELECT dup, 'all text (html_text)' AS method, shingle_overlap(raw_a, raw_b) >= 4 AS flagged FROM pairs
  UNION ALL SELECT dup, 'strip_template', shingle_overlap(site_a, site_b) >= 4 FROM pairs
  UNION ALL SELECT dup, 'clean_text', shingle_overlap(clean_a, clean_b) >= 4 FROM pairs
)
SELECT method,
       round(100.0 * count(*) FILTER (WHERE dup AND flagged) / nullif(count(*) FILTER (WHERE dup), 0), 1) AS dup_recall_pct,
       round(100.0 * count(*) FILTER (WHERE NOT dup AND NOT flagged) / nullif(count(*) FILTER (WHERE NOT dup), 0), 1) AS nondup_correct_pct,
       round(100.0 * count(*) FILTER (WHERE dup AND flagged) / nullif(count(*) FILTER (WHERE flagged), 0), 1) AS precision_pct,
       count(*) FILTER (WHERE flagged) AS flagged
FROM f GROUP BY method ORDER BY min(CASE method WHEN 'all text (html_text)' THEN 1 WHEN 'strip_template' THEN 2 ELSE 3 END);
