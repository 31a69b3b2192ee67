-- One page's full text (html_text) next to its clean text (strip_template with the
-- site's profile).  psql variables: url, width (terminal columns).
\set ON_ERROR_STOP 1
\pset format wrapped
\pset columns :width
\pset null ''
SELECT format('%s  (%s of %s visible characters kept)', url,
              length(strip_template(p.html, s.profile)), length(html_text(p.html))) AS title
FROM pages p JOIN site_profiles s USING (host) WHERE url = :'url' \gset
\pset title :title
SELECT html_text(p.html)                  AS "full text: html_text(html)",
       strip_template(p.html, s.profile) AS "clean text: strip_template(html, profile)"
FROM pages p JOIN site_profiles s USING (host)
WHERE url = :'url';
