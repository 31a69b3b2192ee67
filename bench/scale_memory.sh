#!/usr/bin/env bash
# bench/scale_memory.sh — a synthetic 1,000,000-page site through template_profile in
# PostgreSQL: peak memory of the backend and the template fingerprints found, against
# an exact count of the same pages.  The core-only version is bench/profile_scale.c.
#
#   PAGES=1000000  pages of the site (a multiple of 1,000)
#   NO_INSTALL=1, KEEP=1  as in bench/run.sh
#
# The site, generated in SQL as the aggregate reads it (no table): 300 template blocks
# (<div>Block j of the site template</div>), block j on k_j of 1,000 page classes,
# k_j = 10 + floor(980 j / 299) except that shares in [0.085, 0.125) are moved to 0.06
# (so no template sits within eps of the 0.1 threshold, where lossy counting may go
# either way); page i is of class i % 1000 and adds one paragraph of its own (its
# md5).  So block j is on exactly k_j * PAGES / 1000 pages, and html, body, main and p
# are unique to each page: 4 new fingerprints per page, 4,000,000 in all.
#
# Three fresh backends, each reading the same generated pages once:
#   control  sum(length(html_text(page)))      parsing without any profile
#   lossy    template_profile(page)            the defaults: eps 0.01, capacity 262,144
#   exact    template_profile(page)            profile_error = 0, capacity 8,388,608
# Peak RSS growth of each backend (VmHWM after the query minus before it), CPU and
# wall time.  Then, from the profile bytes (entries: u64 fp, u32 count, u32 delta at
# offset H + 16 k, H the header size of the format version: src/core/site/profile_format.h), the fingerprints with count >= 0.1 N in each: the sets must be
# equal, and the exact counts must be k_j * PAGES / 1000.  Exit status 1 if not.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

PAGES=${PAGES:-1000000}
((PAGES % 1000 == 0)) || { echo "PAGES must be a multiple of 1000" >&2; exit 2; }

bench_setup
bench_timing_setup
bench_psql <<'SQL'
CREATE TABLE blocks AS
  SELECT j, CASE WHEN k BETWEEN 85 AND 124 THEN 60 ELSE k END AS k
  FROM (SELECT j, 10 + (980 * j) / 299 AS k FROM generate_series(0, 299) j) s;
-- class c holds block j when (c * 7919 + j * 104729) % 1000 < k_j: for each j
-- exactly k_j of the 1,000 classes (7919 is prime to 1000, so c -> that value is a
-- permutation)
CREATE TABLE classes AS
  SELECT c, coalesce(string_agg(format('<div>Block %s of the site template</div>', j), '' ORDER BY j), '') AS part
  FROM generate_series(0, 999) c LEFT JOIN blocks ON (c * 7919 + j * 104729) % 1000 < k
  GROUP BY c;
-- the pages, as the aggregate reads them (the classes' parts in one array, read once
-- per query: no join whose plan could change what is measured)
CREATE FUNCTION site(n int) RETURNS TABLE (html text) LANGUAGE sql STABLE AS $$
  SELECT '<html><body>' || ((SELECT array_agg(part ORDER BY c) FROM classes))[1 + i % 1000]
         || '<main><p>page ' || md5(i::text) || '</p></main></body></html>'
  FROM generate_series(1, n) i $$;
-- the entries of a profile with count >= min_count
CREATE FUNCTION bench.entries(b bytea, min_count bigint)
RETURNS TABLE (fp text, count bigint, delta bigint) LANGUAGE plpgsql AS $$
DECLARE
  bb bytea := b || '\x'::bytea;   -- detoasted once, not at every get_byte
  -- header: 40 bytes in format version 1, 72 in version 2, 84 in version 3; u64 entry count at 32
  hdr int := CASE get_byte(bb, 4) WHEN 1 THEN 40 WHEN 2 THEN 72 ELSE 84 END;
  n bigint := get_byte(bb, 32) + (get_byte(bb, 33) << 8) + (get_byte(bb, 34) << 16)
              + (get_byte(bb, 35)::bigint << 24);
  off int; c bigint;
BEGIN
  FOR k IN 0 .. n - 1 LOOP
    off := hdr + 16 * k;
    c := get_byte(bb, off + 8) + (get_byte(bb, off + 9) << 8) + (get_byte(bb, off + 10) << 16)
         + (get_byte(bb, off + 11)::bigint << 24);
    IF c >= min_count THEN
      fp := encode(substring(bb FROM off + 1 FOR 8), 'hex'); count := c;
      delta := get_byte(bb, off + 12) + (get_byte(bb, off + 13) << 8) + (get_byte(bb, off + 14) << 16)
               + (get_byte(bb, off + 15)::bigint << 24);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;
CREATE TABLE profiles (what text, profile tdprofile);
SQL
echo "bench: $PAGES pages, $(bench_psql -Atc "SELECT round(avg(length(part)) + 80) FROM classes") bytes each on average" >&2

for what in control lossy exact; do
    echo "bench: $what" >&2
    case $what in
        control) q="SELECT bench.time('control', 'SELECT sum(length(html_text(html))) FROM site($PAGES)', 1);" ;;
        lossy)   q="SELECT bench.time('lossy', 'WITH p AS (INSERT INTO profiles SELECT ''lossy'', template_profile(html) FROM site($PAGES) RETURNING 1) SELECT count(*) FROM p', 1);" ;;
        exact)   q="SET templatedet.profile_error = 0; SET templatedet.profile_capacity = 8388608;
                  SELECT bench.time('exact', 'WITH p AS (INSERT INTO profiles SELECT ''exact'', template_profile(html) FROM site($PAGES) RETURNING 1) SELECT count(*) FROM p', 1);" ;;
    esac
    # a fresh backend; the classes' array is built once before the baseline
    bench_psql -o /dev/null <<SQL
SET max_parallel_workers_per_gather = 0;
SET jit = off;
SELECT count(*) FROM site(1000);
SELECT bench.hwm() AS hwm0 \gset
$q
INSERT INTO bench.results SELECT 'memory_$what', 0, NULL, NULL, bench.hwm() - :hwm0;
INSERT INTO bench.results SELECT 'memory_base_$what', 0, NULL, NULL, :hwm0;
SQL
done

echo "bench: decoding the profiles" >&2
bench_psql <<SQL
CREATE TABLE found AS
  SELECT what, e.* FROM profiles, bench.entries(profile::bytea, $PAGES / 10) e;
SQL

echo
echo "=== a synthetic $PAGES-page site through template_profile ($(nproc) CPUs, PostgreSQL $(bench_psql -Atc 'SHOW server_version'))"
bench_psql -P footer=off <<SQL
SELECT r.label AS run, round(r.wall_s::numeric, 1) AS wall_s, round(r.cpu_s::numeric, 1) AS cpu_s,
       round(($PAGES / r.cpu_s)::numeric) AS pages_per_cpu_s,
       round(m.result / 1048576.0, 1) AS peak_rss_growth_mb,
       round((m.result - c.result) / 1048576.0, 1) AS over_control_mb
FROM bench.results r
JOIN bench.results m ON m.label = 'memory_' || r.label
JOIN bench.results c ON c.label = 'memory_control'
WHERE r.wall_s IS NOT NULL
ORDER BY array_position(ARRAY['control', 'lossy', 'exact'], r.label);
SQL
bench_psql -P footer=off -c "SELECT what, profile_info(profile) AS info, pg_column_size(profile) AS stored_bytes FROM profiles ORDER BY what DESC"
bench_psql -At <<SQL
WITH l AS (SELECT * FROM found WHERE what = 'lossy'), x AS (SELECT * FROM found WHERE what = 'exact'),
truth AS (SELECT k::bigint * ($PAGES / 1000) AS count FROM blocks WHERE k * ($PAGES / 1000) >= $PAGES / 10)
SELECT format(E'templates (count >= 0.1 N): lossy %s, exact %s, constructed %s; same fingerprints: %s\n'
              'exact counts equal the constructed ones: %s\n'
              'largest undercount of a template (exact - lossy): %s pages (error bound E %s, eps N %s)',
  (SELECT count(*) FROM l), (SELECT count(*) FROM x), (SELECT count(*) FROM truth),
  (SELECT count(*) = 0 FROM ((SELECT fp FROM l EXCEPT SELECT fp FROM x) UNION ALL (SELECT fp FROM x EXCEPT SELECT fp FROM l)) d),
  (SELECT array_agg(count ORDER BY count) FROM x) = (SELECT array_agg(count ORDER BY count) FROM truth),
  (SELECT max(x.count - l.count) FROM x JOIN l USING (fp)),
  (SELECT profile_info(profile) ->> 'error_bound' FROM profiles WHERE what = 'lossy'), $PAGES / 100);
SQL
ok=$(bench_psql -At <<SQL
SELECT (SELECT count(*) = 0 FROM ((SELECT fp FROM found WHERE what = 'lossy' EXCEPT SELECT fp FROM found WHERE what = 'exact')
                                  UNION ALL (SELECT fp FROM found WHERE what = 'exact' EXCEPT SELECT fp FROM found WHERE what = 'lossy')) d)
   AND (SELECT array_agg(count ORDER BY count) FROM found WHERE what = 'exact')
     = (SELECT array_agg(k::bigint * ($PAGES / 1000) ORDER BY k) FROM blocks WHERE k * ($PAGES / 1000) >= $PAGES / 10);
SQL
)
[[ $ok == t ]] || { echo "FAILED: the fingerprints found differ" >&2; exit 1; }
