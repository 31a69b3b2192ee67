-- templatedet outputs (issue 13): clean_html and clean_markdown keep what clean_text
-- keeps, their surface (volatility, strictness), page errors and on_error = skip,
-- html_text's title overload, and safety for any role.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(16);

SELECT has_function('clean_html', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer']);
SELECT has_function('clean_markdown', ARRAY['bytea', 'tdprofile', 'jsonb', 'text', 'integer', 'boolean', 'boolean']);
SELECT volatility_is('clean_markdown', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer', 'boolean', 'boolean'], 'immutable');
SELECT is_strict('html_text', ARRAY['text', 'boolean']);
SELECT isnt_strict('clean_html', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer']);

CREATE TEMP TABLE p (html text);
-- an article page; the rendering checks below use a model under which every element
-- is content (a model trained on it, its weights zeroed and its bias -3), so they do not
-- hang on the built-in trees' judgement of a page this small
INSERT INTO p VALUES ($$<html><body><article>
<h1>The old bridge</h1>
<p>The <em>old bridge</em> over the Keld was built in 1742 by the <a href="/masons">masons' guild</a>.
It has three arches of local stone, each of them wide enough for a cart.</p>
<h2>Repairs</h2>
<ul><li>1820: the west arch rebuilt</li><li>1955: the parapet raised</li></ul>
<p>Visitors cross it every day; *stars* and [brackets] stay text.</p>
</article></body></html>$$);
CREATE TEMP TABLE keep AS
  SELECT jsonb_set(m, '{classes}', (SELECT jsonb_agg(jsonb_set(jsonb_set(c, '{bias}', '-3'), '{weights}',
                                      (SELECT jsonb_agg(0) FROM jsonb_array_elements(c -> 'weights'))))
                                    FROM jsonb_array_elements(m -> 'classes') c)) AS model
  FROM (SELECT train_template_model(html, html_text(html)) AS m FROM p) s;
SELECT is((SELECT html_text(clean_html(html)) FROM p), (SELECT clean_text(html) FROM p),
          'clean_html has clean_text''s text');
SELECT ok((SELECT clean_markdown(html, model => model) LIKE '# The old bridge%' FROM p, keep),
          'clean_markdown starts with the heading');
SELECT ok((SELECT clean_markdown(html, model => model, links => true) LIKE '%[masons'' guild](</masons>)%' FROM p, keep),
          'links when asked');
SELECT ok((SELECT clean_markdown(html, model => model) NOT LIKE '%](%' FROM p, keep), 'no links by default');
SELECT is(html_text('<title>T</title><p>x</p>', true), E'T\nx', 'html_text with the title line');
SELECT is(clean_html('<p>x<script>alert(1)</script><a href="javascript:alert(2)" onclick="f()">y</a></p>'),
          '<p>xy</p>', 'no script, handler or script URL');

SELECT throws_ok($$SELECT clean_markdown('\x89504e470d0a1a0a'::bytea)$$, '22023', NULL,
                 'clean_markdown refuses a PNG');
SET LOCAL templatedet.max_page_bytes = 100;
SELECT throws_ok($$SELECT clean_html(repeat('x', 101))$$, '54000', NULL, 'over max_page_bytes is 54000');
RESET templatedet.max_page_bytes;
SET LOCAL templatedet.on_error = skip;
SET LOCAL client_min_messages = error;
SELECT is(clean_html('\x1f8b08'::bytea), NULL, 'skip: clean_html gives NULL');
SELECT is(clean_markdown('\x1f8b08'::bytea), NULL, 'skip: clean_markdown gives NULL');
RESET templatedet.on_error;

-- any role may call them (the extension is trusted)
CREATE ROLE td_output_nobody;
SET LOCAL ROLE td_output_nobody;
SELECT is(clean_markdown('<p>x</p>'), 'x', 'a role without privileges gets Markdown');
RESET ROLE;

SELECT * FROM finish();
ROLLBACK;
