-- templatedet page-level surface: signatures, flags, NULLs, errors with SQLSTATEs.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(43);

-- signatures and return types
SELECT has_function('node_scores', ARRAY['text', 'jsonb', 'text']);
SELECT has_function('node_scores', ARRAY['bytea', 'jsonb', 'text']);
SELECT has_function('page_segments', ARRAY['text', 'jsonb', 'double precision', 'text']);
SELECT has_function('page_segments', ARRAY['bytea', 'jsonb', 'double precision', 'text']);
SELECT has_function('strip_page', ARRAY['text', 'jsonb', 'double precision', 'text', 'double precision']);
SELECT has_function('strip_page', ARRAY['bytea', 'jsonb', 'double precision', 'text', 'double precision']);
SELECT has_function('clean_text', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer']);
SELECT has_function('clean_text', ARRAY['bytea', 'tdprofile', 'jsonb', 'text', 'integer']);
SELECT function_returns('node_scores', ARRAY['text', 'jsonb', 'text'], 'setof record');
SELECT function_returns('page_segments', ARRAY['text', 'jsonb', 'double precision', 'text'], 'setof record');
SELECT function_returns('strip_page', ARRAY['text', 'jsonb', 'double precision', 'text', 'double precision'], 'text');
SELECT function_returns('clean_text', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer'], 'text');
SELECT is_aggregate('train_template_model', ARRAY['text', 'tdprofile']);
SELECT is_aggregate('train_template_model', ARRAY['bytea', 'tdprofile']);
SELECT is_aggregate('train_template_model', ARRAY['text', 'tdprofile', 'text']);
SELECT is_aggregate('train_template_model', ARRAY['bytea', 'tdprofile', 'text']);
SELECT function_returns('train_template_model', ARRAY['text', 'tdprofile'], 'jsonb');

-- output columns
SELECT is((SELECT array_to_string(proargnames[4:], ',') FROM pg_proc
           WHERE proname = 'node_scores' AND proargtypes[0] = 'text'::regtype),
          'node,parent,path,depth,tag,area,size_class,score,smoothed,text,text_length,reason', 'node_scores columns');
SELECT is((SELECT array_to_string(proargnames[5:], ',') FROM pg_proc
           WHERE proname = 'page_segments' AND proargtypes[0] = 'text'::regtype),
          'segment,parent_segment,path,depth,score,is_template,text', 'page_segments columns');

-- flags: IMMUTABLE, not STRICT (DEFAULT NULL arguments), PARALLEL SAFE
SELECT volatility_is('node_scores', ARRAY['text', 'jsonb', 'text'], 'immutable');
SELECT volatility_is('page_segments', ARRAY['bytea', 'jsonb', 'double precision', 'text'], 'immutable');
SELECT volatility_is('strip_page', ARRAY['text', 'jsonb', 'double precision', 'text', 'double precision'], 'immutable');
SELECT volatility_is('clean_text', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer'], 'immutable');
SELECT volatility_is('train_template_model_transfn', ARRAY['internal', 'text', 'tdprofile'], 'stable');
SELECT isnt_strict('strip_page', ARRAY['text', 'jsonb', 'double precision', 'text', 'double precision']);
SELECT isnt_strict('clean_text', ARRAY['text', 'tdprofile', 'jsonb', 'text', 'integer']);
SELECT isnt_strict('page_segments', ARRAY['text', 'jsonb', 'double precision', 'text']);
SELECT is((SELECT aggcombinefn::text FROM pg_aggregate
           WHERE aggfnoid = 'train_template_model(text,tdprofile)'::regprocedure), '-',
          'train_template_model has no combine function (deterministic fit)');
SELECT is(current_setting('templatedet.max_training_rows'), '2000000', 'max_training_rows default');

-- NULL handling and defaults
SELECT is(strip_page(NULL::text), NULL, 'NULL page gives NULL');
SELECT is(clean_text(NULL::bytea, NULL), NULL, 'NULL page gives NULL (clean_text)');
SELECT is(strip_page('<p>x</p>', penalty => NULL), NULL, 'NULL penalty gives NULL');
SELECT is((SELECT count(*)::int FROM page_segments(NULL::text)), 0, 'NULL page gives no segments');
SELECT is(clean_text('<p>Hello there.</p>'), clean_text('<p>Hello there.</p>', NULL, NULL, NULL, 5),
          'clean_text defaults');
SELECT is(strip_page('<p>Hello there.</p>'), strip_page('<p>Hello there.</p>', NULL, 0.01, NULL, 0.5),
          'strip_page defaults');

-- errors with SQLSTATEs
SELECT throws_ok($$SELECT strip_page('<p>x</p>', penalty => -1)$$, '22023', NULL, 'negative penalty is 22023');
SELECT throws_ok($$SELECT strip_page('<p>x</p>', penalty => 'NaN')$$, '22023', NULL, 'NaN penalty is 22023');
SELECT throws_ok($$SELECT * FROM page_segments('<p>x</p>', NULL, 'Infinity')$$, '22023', NULL,
                 'infinite penalty is 22023');
SELECT throws_ok($$SELECT strip_page('<p>x</p>', threshold => 0)$$, '22023', NULL, 'threshold 0 is 22023');
SELECT throws_ok($$SELECT strip_page('<p>x</p>', threshold => 1.01)$$, '22023', NULL, 'threshold > 1 is 22023');
SELECT throws_ok($$SELECT clean_text('<p>x</p>', min_pages => 0)$$, '22023', NULL, 'min_pages 0 is 22023');
SELECT throws_ok($$SELECT * FROM node_scores('<p>x</p>', '{"version": 1}')$$, '22023', NULL,
                 'an invalid model is 22023');
SELECT throws_ok($$SET LOCAL templatedet.max_page_bytes = 100; SELECT clean_text(repeat('x', 200))$$,
                 '54000', NULL, 'an oversized page is 54000');

SELECT * FROM finish();
ROLLBACK;
