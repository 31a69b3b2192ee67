-- Errors carry precise SQLSTATEs and leave the session usable.
\set VERBOSITY sqlstate
CREATE TABLE err_profile AS
  SELECT template_profile(h) AS profile
  FROM (VALUES ('<nav>menu</nav><p>one</p>'), ('<nav>menu</nav><p>two</p>'),
               ('<nav>menu</nav><p>three</p>')) v(h);

-- invalid profile bytes: 22P03, whatever the way in
SELECT '\x00'::bytea::tdprofile;
SELECT 'AAAA'::tdprofile;
SELECT ''::tdprofile;
-- truncated: one byte short
SELECT substr(profile::bytea, 1, length(profile::bytea) - 1)::tdprofile FROM err_profile;
-- header only of a profile that claims entries
SELECT substr(profile::bytea, 1, 40)::tdprofile FROM err_profile;
-- trailing garbage
SELECT (profile::bytea || '\x00'::bytea)::tdprofile FROM err_profile;
-- forged: bad magic, unknown version, reserved flags, unknown unit (format 3: the
-- checksum refuses the last two first; test_profile checks the fields behind it)
SELECT overlay(profile::bytea PLACING 'XDPF'::bytea FROM 1)::tdprofile FROM err_profile;
SELECT overlay(profile::bytea PLACING '\x0400'::bytea FROM 5)::tdprofile FROM err_profile;
SELECT overlay(profile::bytea PLACING '\x02'::bytea FROM 8)::tdprofile FROM err_profile;
SELECT overlay(profile::bytea PLACING '\x07'::bytea FROM 7)::tdprofile FROM err_profile;
-- forged: count above the page count, fingerprints out of order (the checksum, too)
SELECT overlay(profile::bytea PLACING '\xffffff7f'::bytea FROM 81)::tdprofile FROM err_profile;
SELECT overlay(profile::bytea PLACING '\xffffffffffffffff'::bytea FROM 73)::tdprofile FROM err_profile;
-- the messages say what is wrong
\set VERBOSITY default
SELECT overlay(profile::bytea PLACING '\x0400'::bytea FROM 5)::tdprofile FROM err_profile;
SELECT substr(profile::bytea, 1, length(profile::bytea) - 1)::tdprofile FROM err_profile;
\set VERBOSITY sqlstate
-- the same through the text form (line-broken base64 is accepted)
SELECT encode(overlay(profile::bytea PLACING 'XDPF'::bytea FROM 1), 'base64')::tdprofile FROM err_profile;
-- and through binary input (recv)
CREATE TEMP TABLE forged AS SELECT overlay(profile::bytea PLACING 'XDPF'::bytea FROM 1) AS b FROM err_profile;
SELECT current_setting('data_directory') || '/templatedet_regress_forged.bin' AS forged \gset
COPY forged TO :'forged' WITH (FORMAT binary);
CREATE TEMP TABLE forged_in (p tdprofile);
COPY forged_in FROM :'forged' WITH (FORMAT binary);

-- bad base64: 22P02
SELECT 'not base64 !!'::tdprofile;
SELECT 'AAA'::tdprofile;

-- bad thresholds: 22023
SELECT strip_template('<p>x</p>', profile, 'NaN') FROM err_profile;
SELECT strip_template('<p>x</p>', profile, 0) FROM err_profile;
SELECT strip_template('<p>x</p>', profile, -0.5) FROM err_profile;
SELECT strip_template('<p>x</p>', profile, 1.0000001) FROM err_profile;
SELECT strip_template_html('<p>x</p>', profile, 'Infinity') FROM err_profile;
SELECT * FROM template_nodes('<p>x</p>', (SELECT profile FROM err_profile), 2);
-- a threshold at or below the profile's error share is refused by the core
SET templatedet.profile_error = 0.5;
SET templatedet.profile_capacity = 1024;
CREATE TEMP TABLE lossy AS
  SELECT template_profile('<div><p>page ' || i || '</p><p>more ' || i || '</p></div>') AS profile
  FROM generate_series(1, 2000) i;
RESET templatedet.profile_error;
RESET templatedet.profile_capacity;
SELECT (profile_info(profile) ->> 'error_share')::float8 > 0.1 AS lossy FROM lossy;
SELECT strip_template('<p>x</p>', profile, 0.1) FROM lossy;

-- limits: 54000
SET templatedet.max_page_bytes = '1kB';
SELECT html_text(repeat('x', 1025));
SELECT html_text(repeat('x', 1024)) = repeat('x', 1024) AS at_limit_ok;
SELECT template_profile(repeat('<p>x</p>', 200));
SELECT strip_template(repeat('<p>x</p>', 200)::bytea, profile) FROM err_profile;
RESET templatedet.max_page_bytes;
\set VERBOSITY default
SET templatedet.max_nodes = 100;
SELECT html_text(repeat('<p>x</p>', 100));
\set VERBOSITY sqlstate
SELECT strip_template(repeat('<p>x</p>', 100), profile) FROM err_profile;
SELECT length(html_text(repeat('<p>x</p>', 20))) AS under_limit_ok;
RESET templatedet.max_nodes;

-- settings are checked
SET templatedet.profile_error = 0.9;
SET templatedet.profile_capacity = 10;
SET templatedet.max_page_bytes = '2GB';

-- and the session is still usable after all of the above
SELECT strip_template('<nav>menu</nav><p>four</p>', profile) FROM err_profile;
