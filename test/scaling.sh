#!/usr/bin/env bash
# test/scaling.sh — the scaling suite (test/run.sh runs it on its cluster, whose
# PGHOST/PGPORT/PGUSER it inherits; the extension must be installed).
#
# Every set-returning function that prints a page's nodes or links, and the page
# functions beside them, on pages of N and 4N repeated units in three shapes: one
# parent with every unit as its child ("flat"), the same 500 elements deep ("deep"),
# and misnested markup whose recovery gives a wide tree ("misnested"; markup whose
# recovery keeps a deep stack of open elements makes libxml2's own parse quadratic,
# a separate matter).  A linear
# function takes about 4 times as long on the larger page, a quadratic one 16 times:
# the suite fails when a ratio reaches 8.  Each time is the best of 3 runs, measured
# in the same session, so the bound holds on a loaded machine; it is a ratio of two
# measurements, never an absolute time.  A quadratic function at 4N runs for minutes:
# statement_timeout ends it and the suite fails.  Then the size of what the row
# functions print, on deep pages: linear in the page as well (below).
#
# The times come from a cluster of its own, started inside the run's folder with glibc's
# mmap threshold fixed at 128 kB.  By default glibc raises that threshold up to 32 MB
# as large blocks are freed, so the small page's arrays (about 12 MB) come back from the
# heap already mapped on its second and third run, while the large page's (about 50 MB)
# are mapped and faulted in on every run: on a machine where a page fault is dear that
# alone made clean_text 16 times slower for 4 times the page, with no loop in our code
# growing faster than the page.  With the threshold fixed, both sizes map their arrays
# afresh on every run and the ratio measures our code again.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh

[[ -n ${PGHOST:-} && -n ${PGPORT:-} ]] || { echo "scaling: run by test/run.sh (no cluster PGHOST/PGPORT)" >&2; exit 2; }
N=${SCALING_N:-10000}

TD_TMP=
trap 'rc=$?; KEEP= td_cluster_stop; exit $rc' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo -n "scaling: "
TD_PARENT=$PGHOST TD_SERVER_ENV=GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 td_cluster_start

export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'DROP DATABASE IF EXISTS templatedet_scaling' \
    -c 'CREATE DATABASE templatedet_scaling'
psql -X -q -v ON_ERROR_STOP=1 -d templatedet_scaling -v n="$N" <<'SQL'
CREATE EXTENSION templatedet;
SET statement_timeout = '120s';
SET client_min_messages = warning;

-- shape -> its repeated unit (%s: the unit's number, so every link is another URL)
-- and the markup around the units
CREATE TEMP TABLE shape(name text, head text, unit text, tail text);
INSERT INTO shape VALUES
  ('flat',      '<html><body><div>', '<p><a href="/a%s">w</a> t</p>', '</div></body></html>'),
  ('deep',      '<html><body>' || repeat('<div>', 500), '<p><a href="/b%s">w</a> t</p>',
                repeat('</div>', 500) || '</body></html>'),
  ('misnested', '<html><body>', '<b><a href="/c%s"><p>x</b>y', '</body></html>');
CREATE FUNCTION pg_temp.page(s shape, k int) RETURNS text LANGUAGE sql AS $$
  SELECT s.head || string_agg(format(s.unit, i), '') || s.tail FROM generate_series(1, k) AS i
$$;
CREATE TEMP TABLE page AS
  SELECT s.name, k AS units, pg_temp.page(s, k) AS html
  FROM shape s, (VALUES (:n), (4 * :n)) AS v(k);
CREATE TEMP TABLE prof AS
  SELECT template_profile(html) AS p, template_profile(html, 'chunk') AS c
  FROM (SELECT pg_temp.page(s, 3) AS html FROM shape s) AS small;

-- the best of 3 runs of q (with $1 the page, $2 a node profile, $3 a chunk profile), in seconds
CREATE FUNCTION pg_temp.best(q text, html text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz;
  best float8 := 'infinity';
BEGIN
  FOR k IN 1..3 LOOP
    t0 := clock_timestamp();
    EXECUTE q USING html, (SELECT p FROM prof), (SELECT c FROM prof);
    best := least(best, extract(epoch FROM clock_timestamp() - t0));
  END LOOP;
  RETURN best;
END $$;

CREATE TEMP TABLE fn(name text, q text);
INSERT INTO fn VALUES
  ('template_nodes', 'SELECT sum(length(path) + length(text)) FROM template_nodes($1, $2)'),
  ('node_scores',    'SELECT sum(length(path) + length(text)) FROM node_scores($1)'),
  ('page_links',     'SELECT sum(length(path) + length(text)) FROM page_links($1, ''http://example.com/'')'),
  ('ordered_links',  'SELECT sum(length(path) + length(text)) FROM ordered_links($1, ''http://example.com/'', false)'),
  ('page_segments',  'SELECT sum(length(path) + length(text)) FROM page_segments($1)'),
  ('template_chunks','SELECT count(*) FROM template_chunks($1, $3)'),
  ('html_text',      'SELECT length(html_text($1))'),
  ('clean_text',     'SELECT length(clean_text($1, $2))');

CREATE TEMP TABLE result AS
  SELECT s.name AS shape, f.name AS fn,
         pg_temp.best(f.q, (SELECT html FROM page WHERE page.name = s.name AND units = :n)) AS small,
         pg_temp.best(f.q, (SELECT html FROM page WHERE page.name = s.name AND units = 4 * :n)) AS large
  FROM shape s, fn f;

\pset footer off
SELECT shape, fn, round(small::numeric, 3) AS small_s, round(large::numeric, 3) AS large_s,
       round((large / greatest(small, 0.001))::numeric, 1) AS ratio
FROM result ORDER BY shape, fn;

-- a 25 ms floor under the small time: below it, scheduling noise is the ratio
DO $$
DECLARE
  bad text;
BEGIN
  SELECT string_agg(shape || '/' || fn, ', ') INTO bad
  FROM result WHERE large >= 8 * greatest(small, 0.025);
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'grows faster than linear (ratio >= 8 for 4 times the page): %', bad;
  END IF;
END $$;

-- Output size: what the row functions print is linear in the page too.  A path
-- names every ancestor, so unbounded paths print depth x rows: on "deep" 500 steps
-- a row, and on "deeper" (every unit one level deeper than the last, max_depth
-- raised so the nesting is kept) depth grows with the page and the output with
-- its square.  Paths are bounded (32 steps), so the characters printed per byte of
-- page stay under 40 (a row: a path of at most 32 steps, a 200-character text) and
-- 4 times the page prints about 4 times as much.
SET templatedet.max_depth = 100000;
CREATE TEMP TABLE deeper AS
  SELECT 'deeper'::text AS name, k AS units,
         '<html><body>' || string_agg(format('<div><a href="/d%s">w</a> t', i), '') AS html
  FROM (VALUES (:n), (4 * :n)) AS v(k), generate_series(1, k) AS i GROUP BY k
  UNION ALL SELECT name, units, html FROM page WHERE name = 'deep';
CREATE FUNCTION pg_temp.chars(q text, html text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
  c float8;
BEGIN
  EXECUTE q INTO c USING html, (SELECT p FROM prof);
  RETURN c;
END $$;
CREATE TEMP TABLE out_fn(name text, q text);
INSERT INTO out_fn VALUES
  ('template_nodes', 'SELECT sum(length(path) + length(tag) + length(text)) FROM template_nodes($1, $2)'),
  ('node_scores',    'SELECT sum(length(path) + length(tag) + length(text)) FROM node_scores($1)'),
  ('page_links',     'SELECT sum(length(url) + length(path) + length(text)) FROM page_links($1, ''http://example.com/'')'),
  ('ordered_links',  'SELECT sum(length(url) + length(path) + length(text)) FROM ordered_links($1, ''http://example.com/'', false)'),
  ('page_segments',  'SELECT sum(length(path) + length(text)) FROM page_segments($1)');
CREATE TEMP TABLE output AS
  SELECT d.name AS shape, f.name AS fn, d.units, octet_length(d.html) AS bytes,
         pg_temp.chars(f.q, d.html) AS chars
  FROM deeper d, out_fn f;
SELECT s.shape, s.fn, s.chars AS small_chars, l.chars AS large_chars,
       round((l.chars / s.chars)::numeric, 1) AS ratio,
       round((l.chars / l.bytes)::numeric, 1) AS chars_per_byte
FROM output s JOIN output l USING (shape, fn)
WHERE s.units = :n AND l.units = 4 * :n ORDER BY 1, 2;
DO $$
DECLARE
  bad text;
BEGIN
  SELECT string_agg(s.shape || '/' || s.fn, ', ') INTO bad
  FROM output s JOIN output l USING (shape, fn)
  WHERE s.units < l.units AND (l.chars >= 6 * s.chars OR l.chars > 40 * l.bytes OR s.chars > 40 * s.bytes);
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'output grows faster than the page (ratio >= 6 for 4 times the page, or over 40 characters a byte): %', bad;
  END IF;
END $$;
SQL
psql -X -q -d postgres -c 'DROP DATABASE IF EXISTS templatedet_scaling'
echo "scaling: every function within 8x for 4x the page; output linear in the page"
