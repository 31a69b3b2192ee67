#!/usr/bin/env bash
# bench/model_memory.sh — the backend's memory when a page function is passed a huge
# "model": a jsonb of 200,000 feature names of ~1 kB (about 200 MB; 10 MB stored,
# compressed), as in issue 15.  No corpus needed.
#
#   NAMES=200000   feature names in the model
#   NO_INSTALL=1, KEEP=1  as in bench/run.sh
#
# The model is built into a table by one backend; then, in one fresh backend each:
#   control   SELECT strip_page('<p>x</p>')                 the built-in model
#   huge      SELECT strip_page('<p>x</p>', model) FROM big  must fail with 22023
# Peak RSS growth of each backend (VmHWM after the query minus before it, both read in
# that backend from /proc/self/status), wall time, and the error.  Exit status 1 if the
# huge model is not refused with 22023.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

NAMES=${NAMES:-200000}

bench_setup
bench_timing_setup
bench_psql -v names="$NAMES" <<'SQL'
CREATE TABLE big AS
  SELECT jsonb_build_object('version', 1, 'feature_scheme', 2,
    'features', (SELECT jsonb_agg(repeat(md5(g::text), 31) || g)
                 FROM generate_series(1, :names) g)) AS model;
SELECT pg_size_pretty(octet_length(model::text)::bigint) AS model_text,
       pg_size_pretty(pg_column_size(model)::bigint) AS stored
FROM big;
SQL

run() {   # run LABEL QUERY: one fresh backend
    bench_psql -v label="$1" -v q="$2" <<'SQL'
\set ON_ERROR_STOP 0
SELECT bench.hwm() AS h0, clock_timestamp() AS t0 \gset
SELECT :q;
SELECT :'label' AS run, :'SQLSTATE' AS sqlstate,
       round((bench.hwm() - :h0) / 1048576.0, 1) AS peak_rss_growth_mb,
       round(extract(epoch FROM clock_timestamp() - :'t0'::timestamptz)::numeric, 3) AS wall_s;
SQL
}
run control "strip_page('<p>x</p>')"
out=$(run huge "strip_page('<p>x</p>', model) FROM big" 2>&1)
echo "$out"
grep -q '| 22023 ' <<<"$out" || { echo "model_memory: the huge model was not refused with 22023" >&2; exit 1; }
