-- The ETDM examples of README.md, run as written: the README shows this
-- output.  Uses the pages of td_readme.
SET search_path = readme, public;

-- the template of the bridge page against the three other pages (2 of 3 votes)
SELECT etdm_template(k.html, ARRAY(SELECT p.html FROM pages p
                                   WHERE p.url <> k.url ORDER BY p.url))
FROM pages k WHERE k.url LIKE '%bridge%';

-- every page without its template
SELECT k.url, strip_etdm(k.html, ARRAY(SELECT p.html FROM pages p
                                       WHERE p.url <> k.url ORDER BY p.url))
FROM pages k ORDER BY k.url;

-- votes: 1 of 3 (a node found on any peer is template) and 3 of 3
SELECT votes, strip_etdm(k.html, ARRAY(SELECT p.html FROM pages p
                                       WHERE p.url <> k.url ORDER BY p.url), votes)
FROM pages k, (VALUES (1), (3)) AS v(votes)
WHERE k.url LIKE '%market%' ORDER BY votes;

-- the thesis compares no text: text nodes then map by position alone
SELECT strip_etdm(k.html, ARRAY(SELECT p.html FROM pages p
                                WHERE p.url <> k.url ORDER BY p.url),
                  compare_text => false) AS without_text_comparison
FROM pages k WHERE k.url LIKE '%market%';
