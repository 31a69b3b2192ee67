-- templatedet bulk jobs (issue 15): is_html's flags, what is not HTML refused with
-- 22023, templatedet.on_error = skip giving NULL / no rows / skipped_pages, bad
-- arguments still errors, and a changed profile byte refused by its checksum.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(23);

SELECT has_function('is_html', ARRAY['text']);
SELECT has_function('is_html', ARRAY['bytea']);
SELECT volatility_is('is_html', ARRAY['text'], 'immutable');
SELECT volatility_is('is_html', ARRAY['bytea'], 'immutable');
SELECT is_strict('is_html', ARRAY['bytea']);

SELECT ok(NOT is_html('\x7f454c46020101'::bytea), 'ELF is not HTML');
SELECT ok(is_html('\xfeff003c0070003e0068006900'::bytea), 'a UTF-16BE page with a BOM is HTML');
SELECT ok(is_html('<p>x</p>'::text), 'a page is HTML');

SELECT throws_ok($$SELECT html_text('\x89504e470d0a1a0a'::bytea)$$, '22023', NULL,
                 'html_text refuses a PNG');
SELECT throws_ok($$SELECT strip_template('%PDF-1.4 x', template_profile('<p>a</p>')) FROM (SELECT 1) s$$,
                 '22023', NULL, 'strip_template refuses a PDF');
SELECT is(current_setting('templatedet.on_error'), 'error', 'on_error defaults to error');

SET LOCAL templatedet.on_error = skip;
SET LOCAL client_min_messages = error;
SELECT is(html_text('\x1f8b08'::bytea), NULL, 'skip: html_text gives NULL');
SELECT is(clean_text('\x1f8b08'::bytea), NULL, 'skip: clean_text gives NULL');
SELECT is((SELECT count(*) FROM (SELECT template_profile('<p>a</p>') AS p) s,
                  LATERAL template_nodes('%PDF-1.4 x', s.p)), 0::bigint,
          'skip: template_nodes gives no rows');
SELECT is((SELECT count(*) FROM node_scores('%PDF-1.4 x')), 0::bigint, 'skip: node_scores gives no rows');
SELECT is((SELECT profile_info(template_profile(h)) ->> 'skipped_pages'
           FROM (VALUES ('<p>a</p>'), ('%PDF-1.4 x'), ('<p>b</p>')) v(h)), '1',
          'skip: template_profile counts the skipped page');
SELECT is((SELECT profile_info(template_profile(h)) ->> 'pages'
           FROM (VALUES ('<p>a</p>'), ('%PDF-1.4 x'), ('<p>b</p>')) v(h)), '2',
          'skip: and leaves it out of N');
SELECT is((SELECT profile_info(template_profile(h)) ->> 'pages'
           FROM (VALUES ('%PDF-1.4 x')) v(h)), '0',
          'skip: a group of only bad pages has an empty profile');
SELECT isnt((SELECT train_template_model(h, (SELECT template_profile(x) FROM (VALUES ('<nav>m</nav><p>a</p>'), ('<nav>m</nav><p>b</p>')) w(x)))
             FROM (VALUES ('<nav>m</nav><p>a</p>'), ('%PDF-1.4 x'), ('<nav>m</nav><p>b</p>')) v(h)), NULL,
            'skip: train_template_model leaves the bad page out and trains');
SELECT throws_ok($$SELECT strip_template('<p>x</p>', template_profile('<p>a</p>'), 0) FROM (SELECT 1) s$$,
                 '22023', NULL, 'skip: a bad threshold is still an error');
SELECT throws_ok($$SELECT strip_template('<p>x</p>', '\x54445046'::bytea::tdprofile)$$,
                 '22P03', NULL, 'skip: a bad profile is still an error');
RESET templatedet.on_error;

SELECT throws_ok($$SELECT set_byte(p::bytea, 90, get_byte(p::bytea, 90) # 128)::tdprofile
                   FROM (SELECT template_profile('<p>a</p><p>b</p>') AS p) s$$,
                 '22P03', NULL, 'a changed byte is refused');
SELECT is((SELECT profile_info(template_profile('<p>a</p>')) ->> 'format_version'), '3',
          'profiles are written in format 3');

SELECT * FROM finish();
ROLLBACK;
