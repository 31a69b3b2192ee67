-- Bulk jobs you can trust (issue 15): what is not HTML is refused, one bad page
-- need not sink a job (templatedet.on_error), errors name the page, and a
-- changed byte of a stored profile is caught.
\set VERBOSITY default
\set SHOW_CONTEXT always

-- is_html: binary signatures, NUL bytes (not in UTF-16), almost no tags in a large input
SELECT name, is_html(b) AS is_html
FROM (VALUES
  ('page', convert_to('<p>Hello</p>', 'UTF8')),
  ('text', convert_to('just a sentence', 'UTF8')),
  ('empty', ''::bytea),
  ('ELF', '\x7f454c4602010100000000000000000003003e00'::bytea),
  ('PNG', '\x89504e470d0a1a0a0000000d49484452'::bytea),
  ('PDF', convert_to('%PDF-1.7 ...', 'UTF8')),
  ('gzip', '\x1f8b0800000000000003'::bytea),
  ('NUL', '\x3c703e6100623c2f703e'::bytea),
  ('UTF-16LE', '\xfffe3c0070003e00680069003c002f0070003e00'::bytea),
  ('sparse', convert_to(repeat('a', 70000), 'UTF8')),
  ('sparse page', convert_to('<!DOCTYPE html>' || repeat('a', 70000), 'UTF8'))
) v(name, b);
SELECT is_html(repeat('x', 70000)) AS long_text, is_html('<p>page</p>'::text) AS page;

-- by default a page function refuses it: 22023, and the CONTEXT names the page
SELECT html_text('\x7f454c4602010100000000000000000003003e00'::bytea);
SELECT clean_text(repeat('x', 70000));
-- over a limit: 54000, with the page too
SET templatedet.max_page_bytes = 20;
SELECT html_text('<p>a page of more than twenty bytes</p>');
RESET templatedet.max_page_bytes;

-- a page table with one binary file and one page over the node limit
CREATE TABLE bulk_pages (id int, host text, html text);
INSERT INTO bulk_pages VALUES
  (1, 'a.example', '<nav>Home About</nav><p>First story.</p>'),
  (2, 'a.example', '<nav>Home About</nav><p>Second story.</p>'),
  (3, 'a.example', '%PDF-1.4 binary junk'),
  (4, 'a.example', '<nav>Home About</nav><p>Third story.</p>'),
  (5, 'b.example', '<div><p>x</p><p>y</p><p>z</p><p>w</p><p>v</p><p>u</p></div>'),
  (6, 'b.example', '<p>Only page.</p>');
SET templatedet.max_nodes = 12;

-- on_error = error (the default): one page sinks the whole GROUP BY, and says which
SELECT host, profile_info(template_profile(html ORDER BY id))->'pages' AS pages
FROM bulk_pages GROUP BY host ORDER BY host;

-- on_error = skip: the pages are left out with a WARNING, counted in skipped_pages
SET templatedet.on_error = skip;
CREATE TABLE bulk_profiles AS
  SELECT host, template_profile(html ORDER BY id) AS profile
  FROM bulk_pages GROUP BY host;
SELECT host, profile_info(profile)->'pages' AS pages,
       profile_info(profile)->'skipped_pages' AS skipped_pages
FROM bulk_profiles ORDER BY host;
-- the profile is the one of the good pages alone, but for skipped_pages (and the checksum)
SELECT substr(p.profile::bytea, 85) = substr(g.profile::bytea, 85) AS same_entries,
       profile_info(p.profile) - 'skipped_pages' = profile_info(g.profile) - 'skipped_pages' AS same_info
FROM bulk_profiles p,
     (SELECT template_profile(html ORDER BY id) AS profile FROM bulk_pages
      WHERE host = 'a.example' AND id <> 3) g
WHERE p.host = 'a.example';
-- page functions give NULL, node and segment functions no rows
SELECT id, html_text(html) IS NULL AS skipped,
       strip_template(html, profile) IS NULL AS strip_skipped,
       clean_text(html) IS NULL AS clean_skipped
FROM bulk_pages JOIN bulk_profiles USING (host) ORDER BY id;
SELECT count(*) FROM bulk_pages p JOIN bulk_profiles USING (host),
  LATERAL template_nodes(p.html, profile) WHERE p.id = 3;
RESET templatedet.max_nodes;

-- at most 10 WARNINGs in full per statement, then a summary every 1,000 pages
SELECT count(html_text('\x1f8b0800'::bytea || int4send(i))) AS read
FROM generate_series(1, 2000) i;

-- a statement that skipped pages ends with one WARNING that says how many, also when
-- the pages were read by queries inside a function it calls (one summary, not one
-- per inner query)
CREATE FUNCTION bulk_read(n int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  got int := 0;
BEGIN
  FOR k IN 1..n LOOP
    got := got + (SELECT count(html_text('%PDF-1.4 ' || k)))::int;
  END LOOP;
  RETURN got;
END $$;
SELECT bulk_read(3) AS read;
DROP FUNCTION bulk_read(int);
-- a statement that skipped nothing says nothing
SELECT html_text('<p>fine</p>') AS text;

-- arguments that are not pages stay errors under skip
SELECT strip_template('<p>x</p>', profile, 2.0) FROM bulk_profiles WHERE host = 'a.example';
RESET templatedet.on_error;

-- profiles carry a CRC-32C (format version 3): a changed byte is refused
SELECT profile_info(profile)->'format_version' AS format_version
FROM bulk_profiles WHERE host = 'a.example';
SELECT set_byte(profile::bytea, 100, get_byte(profile::bytea, 100) # 1)::tdprofile
FROM bulk_profiles WHERE host = 'a.example';
-- the version field turned to an older one: refused on the size
SELECT set_byte(profile::bytea, 4, 2)::tdprofile FROM bulk_profiles WHERE host = 'a.example';
DROP TABLE bulk_pages, bulk_profiles;
