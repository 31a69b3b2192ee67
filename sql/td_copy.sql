-- tdprofile round-trips through text COPY, binary COPY, text and bytea casts.
CREATE TABLE profiles_out AS
  SELECT i AS id, template_profile('<nav>menu</nav><p>page ' || j || '</p>') AS profile
  FROM generate_series(1, 3) i, generate_series(1, 10 * i) j GROUP BY i;
INSERT INTO profiles_out VALUES (4, NULL);

-- the files in the cluster's own data directory, no name shared with other runs
SELECT current_setting('data_directory') || '/templatedet_regress_profiles.txt' AS txt,
       current_setting('data_directory') || '/templatedet_regress_profiles.bin' AS bin \gset
COPY profiles_out TO :'txt';
COPY profiles_out TO :'bin' WITH (FORMAT binary);

CREATE TABLE profiles_txt (id int, profile tdprofile);
CREATE TABLE profiles_bin (id int, profile tdprofile);
COPY profiles_txt FROM :'txt';
COPY profiles_bin FROM :'bin' WITH (FORMAT binary);

SELECT o.id, o.profile::bytea IS NOT DISTINCT FROM t.profile::bytea AS text_copy,
       o.profile::bytea IS NOT DISTINCT FROM b.profile::bytea AS binary_copy,
       profile_info(o.profile) -> 'pages' AS pages
FROM profiles_out o JOIN profiles_txt t USING (id) JOIN profiles_bin b USING (id)
ORDER BY o.id;

-- text form is base64 of the bytes; the casts are inverse
SELECT profile::text = encode(profile::bytea, 'base64') OR
       profile::text = replace(encode(profile::bytea, 'base64'), E'\n', '') AS text_is_base64,
       profile::text::tdprofile::bytea = profile::bytea AS text_roundtrip,
       profile::bytea::tdprofile::bytea = profile::bytea AS bytea_roundtrip
FROM profiles_out WHERE id = 2;

-- the base64 of a small, fixed profile: the text form is stable
SELECT template_profile(h) FROM (VALUES ('<p>a</p>'), ('<p>a</p>')) v(h);

-- binary send is the serialized bytes
SELECT tdprofile_send(profile) = profile::bytea AS send_is_bytes FROM profiles_out WHERE id = 1;

-- stored profiles survive TOAST (a large one is compressed / out of line)
CREATE TABLE big_profile AS
  SELECT template_profile('<div><p>unique ' || i || '</p><p>' || md5(i::text) || '</p></div>') AS profile
  FROM generate_series(1, 90) i;
SELECT pg_column_size(profile) < length(profile::bytea) + 4 AS compressed_or_toasted,
       (profile_info(profile) ->> 'bytes')::int = length(profile::bytea) AS bytes_match
FROM big_profile;

-- strip_template caches the validated profile per query, keyed on the
-- datum (toast pointer for out-of-line values, bytes otherwise): switching
-- profiles row by row must never reuse the wrong one.
CREATE TABLE stored (id int, profile tdprofile);
ALTER TABLE stored ALTER COLUMN profile SET STORAGE external;
SET templatedet.profile_error = 0;	-- every page's own entry kept: large enough to go out of line
INSERT INTO stored
SELECT s, template_profile('<div><p>menu of ' || (ARRAY['alpha', 'bravo'])[s] || '</p></div><p>' || md5((s * 1000 + i)::text) || '</p>')
FROM generate_series(1, 2) s, generate_series(1, 200) i GROUP BY s;
RESET templatedet.profile_error;
-- out of line: the values live in the toast table (pg_column_size reports a
-- toasted value's data size, not its pointer, so it cannot tell)
SELECT pg_relation_size((SELECT reltoastrelid FROM pg_class WHERE relname = 'stored')) > 0 AS out_of_line,
       min(length(profile::bytea)) > 2048 AS large FROM stored;
CREATE TABLE cpages AS
SELECT i, '<div><p>menu of ' || (ARRAY['alpha', 'bravo'])[1 + i % 2] || '</p></div><p>own ' || i || '</p>' AS html
FROM generate_series(1, 20) i;
-- the same answers from out-of-line, in-memory and fresh profiles, in any row order
SELECT count(*) AS rows,
       count(*) FILTER (WHERE a IS DISTINCT FROM b OR b IS DISTINCT FROM c) AS differing,
       count(*) FILTER (WHERE a = 'own ' || i) AS stripped_by_own_profile
FROM (SELECT c.i, s.id,
             strip_template(c.html, s.profile) AS a,
             strip_template(c.html, s.profile::bytea::tdprofile) AS b,
             (SELECT strip_template(c.html, t.profile) FROM stored t WHERE t.id = s.id) AS c
      FROM cpages c CROSS JOIN stored s ORDER BY random()) x;
-- each page is stripped by its own site's profile only
SELECT bool_and((a = 'own ' || i) = (id = 1 + i % 2)) AS right_profile_each_row
FROM (SELECT c.i, s.id, strip_template(c.html, s.profile) AS a
      FROM cpages c CROSS JOIN stored s ORDER BY random()) x;
