-- ===========================================================================
-- dedup, near-duplicates (seed §6.2): shingles, MinHash, LSH band keys as int8[]
-- (src/core/dedup/, src/pg/dedup/)
-- ===========================================================================
-- Plain int8[] results, so the built-in GIN array opclass indexes them and && joins
-- them; no operator of ours.  Definitions of every value: src/core/dedup/shingle.h.
CREATE FUNCTION shingles(text, width int DEFAULT 6, keep int DEFAULT 8) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'td_shingles_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION shingles(text, int, int) IS
	'The keep smallest distinct 64-bit hashes of the text''s windows of width words (lower-cased, letters and digits only), ascending; ≥ 4 of 8 shared is a near-duplicate (seed §6.2)';
CREATE FUNCTION shingle_overlap(int8[], int8[]) RETURNS int
	AS 'MODULE_PATHNAME', 'td_shingle_overlap_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION shingle_overlap(int8[], int8[]) IS
	'Number of distinct values in both shingle arrays';
CREATE FUNCTION minhash(text, width int DEFAULT 5, k int DEFAULT 128) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'td_minhash_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION minhash(text, int, int) IS
	'MinHash signature: k minima of the text''s width-word windows under k fixed hash functions (empty for a text without words)';
CREATE FUNCTION minhash_similarity(int8[], int8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'td_minhash_similarity_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION minhash_similarity(int8[], int8[]) IS
	'Share of equal positions of two MinHash signatures of the same length: an estimate of the Jaccard similarity of their windows';
CREATE FUNCTION minhash_bands(int8[], bands int) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'td_minhash_bands_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION minhash_bands(int8[], int) IS
	'LSH band keys of a MinHash signature: one 64-bit hash per band of k/bands values, mixed with the band index; signatures sharing a key (&&) are candidates';
