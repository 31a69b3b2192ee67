#!/usr/bin/env bash
# bench/e2e.sh [SITES_DIR] — end to end at scale: load a crawl, build the site
# profiles, create and refresh a materialized clean-text view; pages/s per stage.
#
#   SITES_DIR    folder of sites (default ../shared/corpus/sites)
#   PAGES=100000 pages: the sites' pages repeated, each copy made distinct by one extra
#                paragraph (the 30 corpus sites become sites of ~3,300 pages)
#   PERF="STAGE..."  record these stages with `perf record -g` (the backend's pid) and
#                print the top of each `perf report` (needs perf)
#   NO_INSTALL=1, KEEP=1  as in bench/run.sh
#
# The crawl is written once, untimed, to a binary COPY file.  Then one backend, parallel
# query off (one core does each stage; pages/s are per core), times each stage (wall
# and backend CPU seconds):
#   load       COPY pages (url, host, html bytea) FROM the file (TOAST compression incl.)
#   profiles   CREATE TABLE site_profiles AS SELECT host, template_profile(html) ... GROUP BY host
#   create     CREATE MATERIALIZED VIEW clean_pages AS SELECT url, host,
#                strip_template(html, profile) AS body FROM pages JOIN site_profiles USING (host)
#   index      CREATE UNIQUE INDEX ON clean_pages (url)   (REFRESH CONCURRENTLY needs one)
#   refresh    REFRESH MATERIALIZED VIEW clean_pages
#   refresh_concurrently  after 1% of the pages changed: REFRESH ... CONCURRENTLY
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SITES=$(bench_sites_dir "${1:-}")
PAGES=${PAGES:-100000}
PERF=${PERF:-}

bench_setup
bench_load "$SITES"
bench_timing_setup
file=$TD_TMP/crawl.copy
echo "bench: writing $PAGES pages to $file" >&2
bench_psql <<SQL
COPY (SELECT url || '#' || g, host,
             CASE WHEN g = 1 THEN html
                  ELSE html || convert_to('<p>synthetic copy ' || g || ' of ' || url || '</p>', 'UTF8') END
      FROM (SELECT * FROM pages ORDER BY url) p,
           generate_series(1, ceil($PAGES / (SELECT count(*) FROM pages)::float8)::int) g
      ORDER BY g, url LIMIT $PAGES) TO '$file' (FORMAT binary);
DROP TABLE pages;
CREATE TABLE pages (url text PRIMARY KEY, host text NOT NULL, html bytea NOT NULL);
SQL

stages=(
  "load|COPY pages FROM '$file' (FORMAT binary)"
  "profiles|CREATE TABLE site_profiles AS SELECT host, template_profile(html) AS profile FROM pages GROUP BY host"
  "create|CREATE MATERIALIZED VIEW clean_pages AS SELECT p.url, p.host, strip_template(p.html, s.profile) AS body FROM pages p JOIN site_profiles s USING (host)"
  "index|CREATE UNIQUE INDEX ON clean_pages (url)"
  "refresh|REFRESH MATERIALIZED VIEW clean_pages"
  "refresh_concurrently|REFRESH MATERIALIZED VIEW CONCURRENTLY clean_pages"
)
for st in "${stages[@]}"; do
    label=${st%%|*} sql=${st#*|}
    echo "bench: $label" >&2
    pre=
    [[ $label == refresh_concurrently ]] &&
        pre="UPDATE pages SET html = html || convert_to('<p>changed</p>', 'UTF8') WHERE abs(hashtext(url)) % 100 = 0; VACUUM ANALYZE pages;"
    [[ $label == create ]] && pre="ANALYZE pages; ANALYZE site_profiles;"
    perf_pid=
    if [[ " $PERF " == *" $label "* ]]; then
        # a session whose pid is known before the stage starts
        coproc PSQL { bench_psql -At 2>&1; }
        echo "SELECT pg_backend_pid();" >&"${PSQL[1]}"
        read -r bpid <&"${PSQL[0]}"
        echo "SET max_parallel_workers_per_gather = 0; SET jit = off; $pre" >&"${PSQL[1]}"
        perf record -q -g -o "$TD_TMP/perf.$label.data" -p "$bpid" 2>/dev/null &
        perf_pid=$!
        sleep 1
        echo "SELECT bench.time('$label', \$q\$$sql; SELECT 0\$q\$, 1);" >&"${PSQL[1]}"
        echo "SELECT 'done';" >&"${PSQL[1]}"
        while read -r line <&"${PSQL[0]}"; do [[ $line == done ]] && break; done
        kill -INT "$perf_pid"; wait "$perf_pid" || true
        exec {PSQL[1]}>&-
        perf report -i "$TD_TMP/perf.$label.data" --no-children --percent-limit 1.5 --stdio 2>/dev/null |
            grep -E '^ +[0-9.]+%' | head -n 30 > "$TD_TMP/perf.$label.top"
    else
        bench_psql -o /dev/null <<SQL
SET max_parallel_workers_per_gather = 0;
SET jit = off;
$pre
SELECT bench.time('$label', \$q\$$sql; SELECT 0\$q\$, 1);
SQL
    fi
done

echo
echo "=== end to end: $PAGES pages ($(bench_psql -Atc "SELECT round(sum(length(html)) / 1e6) FROM pages") MB of HTML, $(bench_psql -Atc "SELECT count(*) FROM site_profiles") sites), one backend, parallel query off, $(nproc) CPUs"
bench_psql -P footer=off <<SQL
SELECT label AS stage, round(wall_s::numeric, 1) AS wall_s, round(cpu_s::numeric, 1) AS cpu_s,
       round(($PAGES / wall_s)::numeric) AS pages_per_s,
       round((100 * wall_s / sum(wall_s) OVER ())::numeric, 1) AS pct_of_wall
FROM bench.results WHERE wall_s IS NOT NULL
ORDER BY array_position(ARRAY['load','profiles','create','index','refresh','refresh_concurrently'], label);
SQL
bench_psql -At -c "SELECT format('clean_pages: %s rows, %s MB of text; site profiles %s KB stored', (SELECT count(*) FROM clean_pages), (SELECT round(sum(length(body)) / 1e6) FROM clean_pages), (SELECT sum(pg_column_size(profile)) / 1024 FROM site_profiles))"
for label in $PERF; do
    [[ -f $TD_TMP/perf.$label.top ]] || continue
    echo
    echo "--- perf report of stage $label (self time, symbols >= 1.5%)"
    cat "$TD_TMP/perf.$label.top"
done
