-- The demo's report over pages(url, host, html, fetched_at): one profile per site,
-- and a per-site summary of how much visible text strip_template removes.
-- The pages themselves are shown by show_page.sql.
\set ON_ERROR_STOP 1

\echo
\echo '== 1. site profiles: CREATE TABLE site_profiles AS SELECT host, template_profile(html) ... GROUP BY host'
\timing on
CREATE TABLE site_profiles AS
  SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;
\timing off

\echo
\echo '== 2. per site: how much of the visible text strip_template removes'
WITH per_page AS (
  SELECT p.host,
         length(html_text(p.html))                 AS full_chars,
         length(strip_template(p.html, s.profile)) AS clean_chars
  FROM pages p JOIN site_profiles s USING (host)
)
SELECT host,
       count(*)                                    AS pages,
       (SELECT (profile_info(profile) ->> 'entries')::int FROM site_profiles s WHERE s.host = pp.host)
                                                   AS profile_entries,
       (SELECT pg_size_pretty((profile_info(profile) ->> 'bytes')::bigint) FROM site_profiles s WHERE s.host = pp.host)
                                                   AS profile_size,
       sum(full_chars)                             AS visible_chars,
       sum(clean_chars)                            AS clean_chars,
       round(100 * (1 - sum(clean_chars)::numeric / nullif(sum(full_chars), 0)), 1)
                                                   AS "removed_%"
FROM per_page pp
GROUP BY host
ORDER BY host;

