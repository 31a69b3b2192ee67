-- templatedet near-duplicate surface: signatures, flags, defaults, errors with SQLSTATEs.
BEGIN;
CREATE EXTENSION IF NOT EXISTS templatedet;
SELECT plan(42);

-- signatures and return types
SELECT has_function('shingles', ARRAY['text', 'integer', 'integer']);
SELECT has_function('shingle_overlap', ARRAY['bigint[]', 'bigint[]']);
SELECT has_function('minhash', ARRAY['text', 'integer', 'integer']);
SELECT has_function('minhash_similarity', ARRAY['bigint[]', 'bigint[]']);
SELECT has_function('minhash_bands', ARRAY['bigint[]', 'integer']);
SELECT function_returns('shingles', ARRAY['text', 'integer', 'integer'], 'bigint[]');
SELECT function_returns('shingle_overlap', ARRAY['bigint[]', 'bigint[]'], 'integer');
SELECT function_returns('minhash', ARRAY['text', 'integer', 'integer'], 'bigint[]');
SELECT function_returns('minhash_similarity', ARRAY['bigint[]', 'bigint[]'], 'double precision');
SELECT function_returns('minhash_bands', ARRAY['bigint[]', 'integer'], 'bigint[]');

-- flags: IMMUTABLE STRICT PARALLEL SAFE, so usable in index expressions
SELECT volatility_is('shingles', ARRAY['text', 'integer', 'integer'], 'immutable');
SELECT volatility_is('shingle_overlap', ARRAY['bigint[]', 'bigint[]'], 'immutable');
SELECT volatility_is('minhash', ARRAY['text', 'integer', 'integer'], 'immutable');
SELECT volatility_is('minhash_similarity', ARRAY['bigint[]', 'bigint[]'], 'immutable');
SELECT volatility_is('minhash_bands', ARRAY['bigint[]', 'integer'], 'immutable');
SELECT is_strict('shingles', ARRAY['text', 'integer', 'integer']);
SELECT is_strict('shingle_overlap', ARRAY['bigint[]', 'bigint[]']);
SELECT is_strict('minhash', ARRAY['text', 'integer', 'integer']);
SELECT is_strict('minhash_similarity', ARRAY['bigint[]', 'bigint[]']);
SELECT is_strict('minhash_bands', ARRAY['bigint[]', 'integer']);

-- no operator of ours (the built-in array && and GIN opclass do the joins)
SELECT is((SELECT count(*)::int FROM pg_operator o JOIN pg_depend d
             ON d.objid = o.oid AND d.classid = 'pg_operator'::regclass AND d.deptype = 'e'
           WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'templatedet')),
          0, 'the extension defines no operator');

-- defaults: width 6, keep 8; width 5, k 128
SELECT is(shingles(repeat('a b c d e f g h i j k l m n o p ', 2)),
          shingles(repeat('a b c d e f g h i j k l m n o p ', 2), 6, 8), 'shingles defaults 6, 8');
SELECT is(minhash('a b c d e f g h i j'), minhash('a b c d e f g h i j', 5, 128), 'minhash defaults 5, 128');
SELECT is(cardinality(shingles('a b c d e f g h i j k l m n o p')), 8, '8 shingles kept');
SELECT is(cardinality(minhash('a b c d e f')), 128, '128 MinHash values');
SELECT is(cardinality(minhash_bands(minhash('a b c d e f'), 16)), 16, 'one key per band');

-- behaviour
SELECT is(shingles('Hello, World!'), shingles('hello world'), 'case and punctuation do not count');
SELECT is(shingles(''), '{}'::int8[], 'empty text: no shingles');
SELECT is(minhash(''), '{}'::int8[], 'empty text: empty signature');
SELECT is(shingles(NULL::text), NULL, 'NULL text: NULL');
SELECT is(shingle_overlap(shingles('a b c d e f g h i j k'), shingles('a b c d e f g h i j k')), 6,
          'a text shares all its shingles with itself');
SELECT is(minhash_similarity(minhash('a b c d e f'), minhash('A, B, C; D. E! F?')), 1::float8,
          'same words: similarity 1');
SELECT ok(minhash_similarity(minhash('a b c d e f g'), minhash('z y x w v u t')) < 0.1,
          'different words: similarity near 0');

-- errors: 22023
SELECT throws_ok($$SELECT shingles('x', 0)$$, '22023', NULL, 'width 0');
SELECT throws_ok($$SELECT shingles('x', 6, 0)$$, '22023', NULL, 'keep 0');
SELECT throws_ok($$SELECT minhash('x', 5, 0)$$, '22023', NULL, 'k 0');
SELECT throws_ok($$SELECT minhash('x', 5, 4097)$$, '22023', NULL, 'k over 4096');
SELECT throws_ok($$SELECT minhash_bands(minhash('x', 5, 10), 3)$$, '22023',
                 'bands (3) must divide the signature length (10)', 'bands must divide k');
SELECT throws_ok($$SELECT minhash_similarity('{1}', '{1,2}')$$, '22023',
                 'signatures must have the same length, got 1 and 2', 'lengths differ');
SELECT throws_ok($$SELECT shingle_overlap('{1,NULL}', '{1}')$$, '22023',
                 'shingles must not contain NULL elements', 'NULL element');
SELECT throws_ok($$SELECT shingle_overlap('{{1},{2}}', '{1}')$$, '22023', NULL, 'two dimensions');
SELECT throws_ok($$SELECT minhash_bands('{{1},{2}}', 1)$$, '22023', NULL, 'two-dimensional signature');

SELECT * FROM finish();
ROLLBACK;
