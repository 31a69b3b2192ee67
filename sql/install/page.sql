-- ===========================================================================
-- page level: node_scores, page_segments, strip_page, clean_text,
-- train_template_model (src/core/page/, src/pg/page/)
-- ===========================================================================

---------------------------------------------------------------------------
-- page-level detection: node_scores, page_segments, strip_page, clean_text
---------------------------------------------------------------------------
-- These are not STRICT, because their optional arguments default to NULL:
-- a NULL page gives NULL (no rows for the set-returning ones); a NULL model
-- is the built-in default model, a NULL profile means page-level detection
-- alone, a NULL base_url means no page URL (relative links are intra-site);
-- a NULL penalty, threshold or min_pages gives NULL.  A model is the jsonb
-- written by train_template_model; an invalid one is ERROR 22023.  Each
-- query parses a distinct model once (cached across rows).
CREATE FUNCTION node_scores(html text, model jsonb DEFAULT NULL, base_url text DEFAULT NULL,
	OUT node int, OUT parent int, OUT path text, OUT depth int, OUT tag text, OUT area int,
	OUT size_class int, OUT score float8, OUT smoothed float8, OUT text text,
	OUT text_length int, OUT reason text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'node_scores_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 200;
COMMENT ON FUNCTION node_scores(text, jsonb, text) IS
	'One row per element in document order: its path (its last 32 steps) and depth, its area, size class, raw classifier score (NULL when hidden or too small to judge) and smoothed score at the default penalty, the first 200 characters of its visible text with the text''s full length, and why clean_text without a profile removes it (NULL when kept)';
CREATE FUNCTION node_scores(html bytea, model jsonb DEFAULT NULL, base_url text DEFAULT NULL,
	OUT node int, OUT parent int, OUT path text, OUT depth int, OUT tag text, OUT area int,
	OUT size_class int, OUT score float8, OUT smoothed float8, OUT text text,
	OUT text_length int, OUT reason text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'node_scores_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 200;
COMMENT ON FUNCTION node_scores(bytea, jsonb, text) IS
	'node_scores for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION page_segments(html text, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL,
	OUT segment int, OUT parent_segment int, OUT path text, OUT depth int,
	OUT score float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_segments_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 20;
COMMENT ON FUNCTION page_segments(text, jsonb, float8, text) IS
	'One row per segment of the smoothed scores (a node where the score changes; segments nest): its start node, parent segment, nesting depth, score, whether it is template (score >= 0.5) and its own visible text (nested segments excluded)';
CREATE FUNCTION page_segments(html bytea, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL,
	OUT segment int, OUT parent_segment int, OUT path text, OUT depth int,
	OUT score float8, OUT is_template bool, OUT text text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'page_segments_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000 ROWS 20;
COMMENT ON FUNCTION page_segments(bytea, jsonb, float8, text) IS
	'page_segments for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION strip_page(html text, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL, threshold float8 DEFAULT 0.5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_page_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION strip_page(text, jsonb, float8, text, float8) IS
	'Visible text of the page without the nodes page-level detection finds template (smoothed score >= threshold), from the page alone';
CREATE FUNCTION strip_page(html bytea, model jsonb DEFAULT NULL, penalty float8 DEFAULT 0.01,
	base_url text DEFAULT NULL, threshold float8 DEFAULT 0.5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'strip_page_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION strip_page(bytea, jsonb, float8, text, float8) IS
	'strip_page for raw page bytes (charset from BOM or <meta>, else windows-1252)';

CREATE FUNCTION clean_text(html text, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_text_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION clean_text(text, tdprofile, jsonb, text, int) IS
	'Clean text of the page: nodes that site-level stripping (when the profile has at least min_pages pages, threshold 0.1) or page-level detection (smoothed score >= 0.6 then, nothing of the page''s main region) finds template are removed, except short labels site level finds inside the page''s one <main>; without such a profile page-level alone at the threshold in [0.3, 0.9] of the page''s best expected word F1 (0.5 unless another gains over 0.02; with a model argument: 0.5, raised through 0.6 ... 0.95, then none, on a page where that keeps under 5% of the visible text); then a block of 3 words or more whose text a block kept earlier already holds is removed, unless the two sit side by side, in a table or at the same place of two records of one list';
CREATE FUNCTION clean_text(html bytea, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'clean_text_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION clean_text(bytea, tdprofile, jsonb, text, int) IS
	'clean_text for raw page bytes (charset from BOM or <meta>, else windows-1252)';
CREATE FUNCTION explain_html(html text, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'explain_html_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION explain_html(text, tdprofile, jsonb, text, int) IS
	'The page as HTML safe to open (no scripts, frames, event handlers or script URLs) with each block clean_text removes, with the same arguments, marked by its reason (data-td-reason) and coloured by a legend at the top';
CREATE FUNCTION explain_html(html bytea, profile tdprofile DEFAULT NULL, model jsonb DEFAULT NULL,
	base_url text DEFAULT NULL, min_pages int DEFAULT 5)
	RETURNS text
	AS 'MODULE_PATHNAME', 'explain_html_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION explain_html(bytea, tdprofile, jsonb, text, int) IS
	'explain_html for raw page bytes (charset from BOM or <meta>, else windows-1252)';

---------------------------------------------------------------------------
-- aggregate train_template_model(html, profile [, base_url]) → jsonb
---------------------------------------------------------------------------
-- Transition functions are STABLE: templatedet.max_training_rows decides
-- which rows the model is trained on.  No combine function: the fit depends
-- on the order of the rows, and a model must not change from run to run.
CREATE FUNCTION train_template_model_transfn(internal, text, tdprofile) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_transfn(internal, text, tdprofile) IS
	'train_template_model transition: labels one page''s elements against its profile (threshold 0.1) and adds them as training rows';
CREATE FUNCTION train_template_model_transfn(internal, bytea, tdprofile) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_transfn(internal, bytea, tdprofile) IS
	'train_template_model transition for raw page bytes';
CREATE FUNCTION train_template_model_transfn(internal, text, tdprofile, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_transfn(internal, text, tdprofile, text) IS
	'train_template_model transition with the page''s URL (for intra-site links)';
CREATE FUNCTION train_template_model_transfn(internal, bytea, tdprofile, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_transfn(internal, bytea, tdprofile, text) IS
	'train_template_model transition for raw page bytes with the page''s URL';
CREATE FUNCTION train_template_model_finalfn(internal) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION train_template_model_finalfn(internal) IS
	'train_template_model final: fits the four logistic regressions, returns the model as jsonb';

CREATE AGGREGATE train_template_model(html text, profile tdprofile) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(text, tdprofile) IS
	'Page-level model (jsonb) trained on the pages aggregated, labelled by site-level detection against each page''s profile; NULL pages or profiles skipped; the first templatedet.max_training_rows rows kept';
CREATE AGGREGATE train_template_model(html bytea, profile tdprofile) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(bytea, tdprofile) IS
	'train_template_model for raw page bytes (charset from BOM or <meta>, else windows-1252)';
CREATE AGGREGATE train_template_model(html text, profile tdprofile, base_url text) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(text, tdprofile, text) IS
	'train_template_model with each page''s URL (for intra-site links)';
CREATE AGGREGATE train_template_model(html bytea, profile tdprofile, base_url text) (
	SFUNC = train_template_model_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(bytea, tdprofile, text) IS
	'train_template_model for raw page bytes with each page''s URL';

---------------------------------------------------------------------------
-- aggregate train_template_model(html, gold text [, base_url]) → jsonb
---------------------------------------------------------------------------
-- The same model and bounds as the profile form, labelled from each page's
-- gold text (the text a person marked as its content): an element is
-- template when under 15% of its words are in word 3-grams of the gold.
CREATE FUNCTION train_template_model_gold_transfn(internal, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, text, text) IS
	'train_template_model transition: labels one page''s elements from its gold text (template under 15% gold words) and adds them as training rows';
CREATE FUNCTION train_template_model_gold_transfn(internal, bytea, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, bytea, text) IS
	'train_template_model transition from gold text for raw page bytes';
CREATE FUNCTION train_template_model_gold_transfn(internal, text, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_text' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, text, text, text) IS
	'train_template_model transition from gold text with the page''s URL (for intra-site links)';
CREATE FUNCTION train_template_model_gold_transfn(internal, bytea, text, text) RETURNS internal
	AS 'MODULE_PATHNAME', 'train_template_model_gold_transfn_bytea' LANGUAGE C STABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION train_template_model_gold_transfn(internal, bytea, text, text) IS
	'train_template_model transition from gold text for raw page bytes with the page''s URL';

CREATE AGGREGATE train_template_model(html text, gold text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(text, text) IS
	'Page-level model (jsonb) trained on the pages aggregated, labelled from each page''s gold text (an element is template when under 15% of its words are the gold''s); NULL pages or gold texts skipped; the first templatedet.max_training_rows rows kept';
CREATE AGGREGATE train_template_model(html bytea, gold text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(bytea, text) IS
	'train_template_model from gold text for raw page bytes (charset from BOM or <meta>, else windows-1252)';
CREATE AGGREGATE train_template_model(html text, gold text, base_url text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(text, text, text) IS
	'train_template_model from gold text with each page''s URL (for intra-site links)';
CREATE AGGREGATE train_template_model(html bytea, gold text, base_url text) (
	SFUNC = train_template_model_gold_transfn, STYPE = internal,
	FINALFUNC = train_template_model_finalfn, PARALLEL = SAFE);
COMMENT ON AGGREGATE train_template_model(bytea, text, text) IS
	'train_template_model from gold text for raw page bytes with each page''s URL';

---------------------------------------------------------------------------
-- page_type(html [, base_url]) → (type, confidence, scores)
---------------------------------------------------------------------------
-- Not STRICT: a NULL page gives NULL; a NULL base_url means no URL.
CREATE FUNCTION page_type(html text, base_url text DEFAULT NULL,
	OUT type text, OUT confidence float8, OUT scores jsonb)
	RETURNS record
	AS 'MODULE_PATHNAME', 'page_type_text' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_type(text, text) IS
	'The page''s kind, one of article, documentation, service, forum, product, collection, listing (the WCXB page types), from page-level features and the URL: the most probable type, its probability, and every type''s probability (scores, rounded to 4 decimals)';
CREATE FUNCTION page_type(html bytea, base_url text DEFAULT NULL,
	OUT type text, OUT confidence float8, OUT scores jsonb)
	RETURNS record
	AS 'MODULE_PATHNAME', 'page_type_bytea' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION page_type(bytea, text) IS
	'page_type for raw page bytes (charset from BOM or <meta>, else windows-1252)';
