-- Security: the extension is trusted (templatedet.control), so any role may call its
-- functions and a database owner may create it.  The menu functions read a table by
-- name on the caller's behalf (SPI, as the caller): they see exactly what the caller
-- may SELECT -- table and column privileges, row-level security, views with their
-- owner's rights.  docs/reference.md, "Security", says why the extension is trusted.
CREATE SCHEMA sec;
CREATE TABLE sec.crawl (url text PRIMARY KEY, html text, note text);
INSERT INTO sec.crawl (url, html)
SELECT 'https://example.org' || path,
       format($h$<html><body><header>Example Gazette</header>
<ul class="menu"><li><a href="/">Home</a></li><li><a href="/news/">News</a></li><li><a href="/sport/">Sport</a></li><li><a href="/about.html">About</a></li></ul>
<article><h1>%s</h1><p>%s</p></article></body></html>$h$, title, body)
FROM (VALUES ('/', 'Welcome', 'News from the valley.'),
             ('/news/', 'News', 'All the news.'),
             ('/sport/', 'Sport', 'All the sport.'),
             ('/about.html', 'About', 'Who we are.'),
             ('/news/bridge.html', 'Bridge reopens', 'The old bridge reopened.'))
     AS t(path, title, body);

-- what the owner sees: the three menu pages around the key page
SELECT url, complete, pages_read FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl');

-- no function runs with its owner's rights, none is leakproof (RLS would push it below
-- a policy), and every function returning internal takes internal (not callable from SQL)
SELECT count(*) FILTER (WHERE p.prosecdef) AS security_definer,
       count(*) FILTER (WHERE p.proleakproof) AS leakproof,
       count(*) FILTER (WHERE p.prorettype = 'internal'::regtype
                        AND NOT 'internal'::regtype = ANY (p.proargtypes::regtype[])) AS internal_from_sql
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'templatedet');
SELECT extname, (SELECT trusted FROM pg_available_extension_versions v
                 WHERE v.name = e.extname AND v.version = e.extversion) AS trusted
FROM pg_extension e WHERE extname = 'templatedet';

CREATE ROLE regress_td_nobody;
CREATE ROLE regress_td_url_only;
CREATE ROLE regress_td_columns;
CREATE ROLE regress_td_rls;
CREATE ROLE regress_td_view_owner;
CREATE ROLE regress_td_view_reader;
GRANT USAGE ON SCHEMA sec TO PUBLIC;
GRANT SELECT (url) ON sec.crawl TO regress_td_url_only;
GRANT SELECT (url, html) ON sec.crawl TO regress_td_columns;
GRANT SELECT ON sec.crawl TO regress_td_rls;
-- the policy hides the news section index from regress_td_rls
ALTER TABLE sec.crawl ENABLE ROW LEVEL SECURITY;
CREATE POLICY hide_news ON sec.crawl FOR SELECT TO regress_td_rls USING (url <> 'https://example.org/news/');
CREATE POLICY all_rows ON sec.crawl FOR SELECT TO regress_td_columns, regress_td_view_owner USING (true);
-- a view owned by another role: read with the view owner's rights
GRANT SELECT ON sec.crawl TO regress_td_view_owner;
GRANT CREATE ON SCHEMA sec TO regress_td_view_owner;
SET ROLE regress_td_view_owner;
CREATE VIEW sec.crawl_view AS SELECT url, html FROM sec.crawl;
GRANT SELECT ON sec.crawl_view TO regress_td_view_reader;
RESET ROLE;

\set VERBOSITY terse
-- no SELECT on the table: refused
SET ROLE regress_td_nobody;
SELECT * FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl');
SELECT strip_menu('https://example.org/news/bridge.html', 'sec.crawl');
SELECT menu_template('https://example.org/news/bridge.html', 'sec.crawl');
-- nor on the view
SELECT * FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl_view');
RESET ROLE;
-- SELECT on url but not on html: refused
SET ROLE regress_td_url_only;
SELECT * FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl');
SELECT strip_menu('https://example.org/news/bridge.html', 'sec.crawl');
RESET ROLE;
-- SELECT on url and html (not on note): allowed, the same pages as the owner's
SET ROLE regress_td_columns;
SELECT url, complete, pages_read FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl');
RESET ROLE;
-- row-level security: the hidden page is never read, as if the crawl lacked it
SET ROLE regress_td_rls;
SELECT count(*) AS visible_rows FROM sec.crawl;
SELECT url, complete, pages_read FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl');
SELECT position('All the news' in menu_template('https://example.org/news/bridge.html', 'sec.crawl')) = 0
       AS hidden_page_absent;
RESET ROLE;
-- the view: its reader sees the pages through the owner's rights
SET ROLE regress_td_view_reader;
SELECT url, complete, pages_read FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl_view');
SELECT * FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl');
RESET ROLE;
-- once the view's owner loses SELECT on the table, so does every reader of the view
REVOKE SELECT ON sec.crawl FROM regress_td_view_owner;
SET ROLE regress_td_view_reader;
SELECT * FROM menu_pages('https://example.org/news/bridge.html', 'sec.crawl_view');
RESET ROLE;
-- a hostile = in the caller's search_path is not used for the lookup by URL
CREATE FUNCTION sec.always(text, text) RETURNS boolean LANGUAGE sql IMMUTABLE AS 'SELECT true';
CREATE OPERATOR sec.= (LEFTARG = text, RIGHTARG = text, FUNCTION = sec.always);
SET search_path = sec, pg_catalog, public;
SELECT 'x' = 'y' AS hostile_equal;
SELECT strip_menu('https://example.org/news/bridge.html', 'sec.crawl');
RESET search_path;
\set VERBOSITY default

-- a database owner who is not a superuser creates the extension (trusted)
CREATE ROLE regress_td_dbowner LOGIN;
CREATE DATABASE regress_td_trusted OWNER regress_td_dbowner;
\set regress_db :DBNAME
\set regress_user :USER
\c regress_td_trusted regress_td_dbowner
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;
CREATE EXTENSION templatedet;
SELECT extname, extowner::regrole AS owner FROM pg_extension WHERE extname = 'templatedet';
SELECT html_text('<p>made by a database owner</p>') AS works;
DROP EXTENSION templatedet;
\c :regress_db :regress_user
DROP DATABASE regress_td_trusted;
DROP ROLE regress_td_dbowner;

DROP SCHEMA sec CASCADE;
DROP ROLE regress_td_nobody, regress_td_url_only, regress_td_columns, regress_td_rls,
          regress_td_view_owner, regress_td_view_reader;
