#!/usr/bin/env bash
# bench/parallel.sh [SITES_DIR] — parallel query: template_profile and strip_template
# with max_parallel_workers_per_gather 0 and 2, in one run, on one table.
#
#   SITES_DIR   folder of sites (default ../shared/corpus/sites)
#   PAGES=10000 pages in the table: the sites' pages repeated, each copy made
#               distinct by one extra paragraph (hosts kept: sites of PAGES/30 pages)
#   REPS=3      runs of each measure per setting; the median wall time is reported
#   NO_INSTALL=1, KEEP=1  as in bench/run.sh
#
# Measures, each at 0 and at 2 workers (wall seconds, clock_timestamp()):
#   profile_by_host   SELECT host, template_profile(html) ... GROUP BY host
#   profile_all       SELECT template_profile(html) FROM big      (one profile)
#   strip             sum(length(strip_template(html, profile))) joined with the profiles
# The pages are TOASTed, so the table's heap is small and the planner would plan few
# or no workers from its size: the table gets parallel_workers = 2.  The plans (with
# the workers launched) and each measure's result at 0 and 2 workers are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SITES=$(bench_sites_dir "${1:-}")
PAGES=${PAGES:-10000}
REPS=${REPS:-3}

bench_setup
bench_load "$SITES"
bench_timing_setup
echo "bench: $PAGES pages" >&2
bench_copies big "$PAGES"
bench_psql <<'SQL'
ALTER TABLE big SET (parallel_workers = 2);
VACUUM ANALYZE big;
SET max_parallel_workers_per_gather = 0;
CREATE TABLE site_profiles AS SELECT host, template_profile(html) AS profile FROM big GROUP BY host;
ANALYZE site_profiles;
SQL

queries=(
  "profile_by_host|SELECT sum(pg_column_size(p)) FROM (SELECT host, template_profile(html) AS p FROM big GROUP BY host) s"
  "profile_all|SELECT pg_column_size(template_profile(html)) FROM big"
  "strip|SELECT sum(length(strip_template(b.html, s.profile))) FROM big b JOIN site_profiles s USING (host)"
)
for w in 0 2; do
    for q in "${queries[@]}"; do
        label=${q%%|*} sql=${q#*|}
        echo "bench: $label, $w workers" >&2
        bench_psql -o /dev/null <<SQL
SET jit = off;
SET max_parallel_workers_per_gather = $w;
SELECT bench.time('${label}_w$w', \$q\$$sql\$q\$, $REPS);
SQL
    done
done

echo
echo "=== parallel query: $PAGES pages ($(bench_psql -Atc "SELECT round(sum(length(html)) / 1e6) FROM big") MB, $(bench_psql -Atc "SELECT count(DISTINCT host) FROM big") sites), $(nproc) CPUs, median of $REPS, wall seconds"
bench_psql -P footer=off <<'SQL'
WITH m AS (
  SELECT regexp_replace(label, '_w[0-9]+$', '') AS measure, substring(label FROM '_w([0-9]+)$')::int AS workers,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY wall_s) AS wall_s, min(result) AS result,
         count(DISTINCT result) AS distinct_results
  FROM bench.results GROUP BY label)
SELECT s.measure, round(s.wall_s::numeric, 2) AS wall_0, round(p.wall_s::numeric, 2) AS wall_2,
       round((s.wall_s / p.wall_s)::numeric, 2) AS speedup,
       round(((SELECT count(*) FROM big) / p.wall_s)::numeric) AS pages_per_s_2,
       s.result = p.result AND s.distinct_results = 1 AND p.distinct_results = 1 AS same_result
FROM m s JOIN m p USING (measure) WHERE s.workers = 0 AND p.workers = 2
ORDER BY array_position(ARRAY['profile_by_host', 'profile_all', 'strip'], s.measure);
SQL
echo "(same_result: the measure's result, profile bytes or stripped characters, at 0 and 2 workers;"
echo " profiles of more than ceil(1/eps) pages merged from partial states may differ in their pruned tail)"
# Profiles merged from workers' partial states are not byte-equal to serial ones past
# ceil(1/eps) pages (pruning happens at other moments); what matters is what they strip.
bench_psql <<'SQL'
SET jit = off;
SET max_parallel_workers_per_gather = 2;
CREATE TABLE site_profiles_parallel AS SELECT host, template_profile(html) AS profile FROM big GROUP BY host;
SQL
bench_psql -At <<'SQL'
SET max_parallel_workers_per_gather = 0;
SELECT format('stripping with the profiles built at 2 workers: %s of %s pages give another text than with the serial ones',
              count(*) FILTER (WHERE strip_template(b.html, s.profile) IS DISTINCT FROM strip_template(b.html, q.profile)),
              count(*))
FROM big b JOIN site_profiles s USING (host) JOIN site_profiles_parallel q USING (host);
SQL
echo
echo "--- plans at 2 workers"
for q in "${queries[@]}"; do
    bench_psql -c "SET jit = off" -c "SET max_parallel_workers_per_gather = 2" \
        -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${q#*|}" | grep -v '^$'
done
