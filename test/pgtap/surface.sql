-- templatedet SQL surface: signatures, return types, volatility, strictness.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(44);

SELECT has_type('tdprofile');

-- functions and aggregates exist with these signatures
SELECT has_function('html_text', ARRAY['text']);
SELECT has_function('html_text', ARRAY['bytea']);
SELECT has_function('strip_template', ARRAY['text', 'tdprofile', 'double precision']);
SELECT has_function('strip_template', ARRAY['bytea', 'tdprofile', 'double precision']);
SELECT has_function('strip_template_html', ARRAY['text', 'tdprofile', 'double precision']);
SELECT has_function('strip_template_html', ARRAY['bytea', 'tdprofile', 'double precision']);
SELECT has_function('template_nodes', ARRAY['text', 'tdprofile', 'double precision']);
SELECT has_function('template_nodes', ARRAY['bytea', 'tdprofile', 'double precision']);
SELECT has_function('profile_info', ARRAY['tdprofile']);
SELECT has_function('template_profile', ARRAY['text']);
SELECT has_function('template_profile', ARRAY['bytea']);
SELECT has_function('template_profile_union', ARRAY['tdprofile']);
SELECT isa_ok(template_profile('<p>x</p>'), 'tdprofile', 'template_profile result');

-- return types
SELECT function_returns('html_text', ARRAY['text'], 'text');
SELECT function_returns('strip_template', ARRAY['text', 'tdprofile', 'double precision'], 'text');
SELECT function_returns('strip_template_html', ARRAY['bytea', 'tdprofile', 'double precision'], 'text');
SELECT function_returns('template_nodes', ARRAY['text', 'tdprofile', 'double precision'], 'setof record');
SELECT function_returns('profile_info', ARRAY['tdprofile'], 'jsonb');
SELECT function_returns('template_profile', ARRAY['text'], 'tdprofile');
SELECT function_returns('template_profile_union', ARRAY['tdprofile'], 'tdprofile');
SELECT is_aggregate('template_profile', ARRAY['text']);
SELECT is_aggregate('template_profile', ARRAY['bytea']);
SELECT is_aggregate('template_profile_union', ARRAY['tdprofile']);

-- volatility: page functions depend only on their arguments (IMMUTABLE);
-- the aggregates' transition functions read profile settings (STABLE)
SELECT volatility_is('html_text', ARRAY['text'], 'immutable');
SELECT volatility_is('html_text', ARRAY['bytea'], 'immutable');
SELECT volatility_is('strip_template', ARRAY['text', 'tdprofile', 'double precision'], 'immutable');
SELECT volatility_is('strip_template_html', ARRAY['text', 'tdprofile', 'double precision'], 'immutable');
SELECT volatility_is('template_nodes', ARRAY['text', 'tdprofile', 'double precision'], 'immutable');
SELECT volatility_is('profile_info', ARRAY['tdprofile'], 'immutable');
SELECT volatility_is('template_profile_transfn', ARRAY['tdprofile', 'text'], 'stable');
SELECT volatility_is('template_profile_union_transfn', ARRAY['internal', 'tdprofile'], 'stable');

-- NULL in, NULL out
SELECT is_strict('html_text', ARRAY['text']);
SELECT is_strict('strip_template', ARRAY['text', 'tdprofile', 'double precision']);
SELECT is_strict('template_nodes', ARRAY['text', 'tdprofile', 'double precision']);
SELECT is_strict('profile_info', ARRAY['tdprofile']);
-- the transition functions skip NULL pages themselves (not strict: the state starts NULL)
SELECT isnt_strict('template_profile_transfn', ARRAY['tdprofile', 'text']);

-- every function of the extension is PARALLEL SAFE, but those that read a crawl table
-- by name (menu_pages, strip_menu, menu_template: a temporary table is not visible to parallel workers)
SELECT is(
  (SELECT count(*)::int FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
   WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'templatedet')
     AND p.proparallel <> 's' AND p.proname NOT IN ('menu_pages', 'strip_menu', 'menu_template')),
  0, 'every function is PARALLEL SAFE');

-- the threshold defaults to 0.1
SELECT is(strip_template('<p>x</p>', template_profile('<p>y</p>')),
          strip_template('<p>x</p>', template_profile('<p>y</p>'), 0.1),
          'threshold defaults to 0.1');

-- template_nodes columns
SELECT is(
  (SELECT array_to_string(proargnames[4:], ',') FROM pg_proc
    WHERE proname = 'template_nodes' AND proargtypes[0] = 'text'::regtype),
  'node,parent,path,depth,tag,pages,share,is_template,text,text_length,reason',
  'template_nodes output columns');

-- casts
SELECT has_cast('tdprofile', 'bytea');
SELECT has_cast('bytea', 'tdprofile');

-- settings exist
SELECT isnt(current_setting('templatedet.max_page_bytes', true), NULL, 'max_page_bytes exists');
SELECT is(current_setting('templatedet.profile_error'), '0.01', 'profile_error default');

SELECT * FROM finish();
ROLLBACK;
