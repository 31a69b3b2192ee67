#!/usr/bin/env bash
# bench/warc_speed.sh — reading WARC files: warc_records and templatedet-warc against
# zcat, and the whole pipeline WARC → pages → profiles → clean text (not a test).
#
#   SIZE_MB=1024     compressed size of the generated .warc.gz for the speed figures
#   PIPE_MB=100      compressed size of the file for the pipeline figures
#   DIR=/work/tmp-warc   where the files are written (outside the repository; removed
#                    at the end unless KEEP_FILES=1)
#   REPS=2           repetitions of each timed query (the best is reported)
#   NO_INSTALL=1     skip make && make install
#   ONLY=pipeline    only the pipeline figures
#
# The crawl is synthetic (bench/warc_gen.py: 50 sites' templates around articles of
# Zipf-distributed words, a request record after each response, one gzip member per
# record).  CPU seconds are the backend's own (user + system, /proc/self/stat), so a
# busy machine slows the wall clock but not the figures much; zcat's are from
# /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SIZE_MB=${SIZE_MB:-1024}
PIPE_MB=${PIPE_MB:-100}
DIR=${DIR:-/work/tmp-warc}
REPS=${REPS:-2}
mkdir -p "$DIR"
chmod 755 "$DIR"
big=$DIR/bench-$SIZE_MB.warc.gz
small=$DIR/pipe-$PIPE_MB.warc.gz
[[ ${ONLY:-} == pipeline || -f $big ]] || python3 bench/warc_gen.py "$big" "$SIZE_MB"
[[ -f $small ]] || python3 bench/warc_gen.py "$small" "$PIPE_MB"
chmod 644 "$small"; [[ ! -f $big ]] || chmod 644 "$big"
cleanup_files() { [[ -n ${KEEP_FILES:-} ]] || rm -f "$big" "$small"; }

bench_setup
bench_timing_setup
trap 'rc=$?; cleanup_files; td_cluster_stop; exit $rc' EXIT

if [[ ${ONLY:-} != pipeline ]]; then
bytes=$(stat -c %s "$big")
ubytes=$(zcat "$big" | wc -c)
echo "file: $big, $bytes bytes compressed, $ubytes decompressed"

# the floor: zcat's CPU
best_zcat=
for _ in $(seq "$REPS"); do
    t=$( { /usr/bin/time -f '%U %S' zcat "$big" >/dev/null; } 2>&1 | awk '{print $1 + $2}')
    [[ -z $best_zcat ]] || (( $(echo "$t < $best_zcat" | bc) )) && best_zcat=$t
done
echo "zcat: $best_zcat s CPU"

# warc_records in the select list (streamed, no tuplestore)
bench_psql <<SQL
SELECT bench.time('all records, payload (select list)',
  \$q\$SELECT sum(length((r).payload)) FROM (SELECT warc_records('$big') AS r) s\$q\$, $REPS);
SELECT bench.time('responses only: types => {response}',
  \$q\$SELECT sum(length((r).payload)) FROM (SELECT warc_records('$big', types => '{response}') AS r) s\$q\$, $REPS);
SELECT bench.time('no record kept: types => {none}',
  \$q\$SELECT count(*) FROM warc_records('$big', types => '{none}')\$q\$, $REPS);
SELECT bench.time('responses, in FROM (tuplestore)',
  \$q\$SELECT sum(length(payload)) FROM warc_records('$big', types => '{response}')\$q\$, 1);
SELECT bench.time('records (count)',
  \$q\$SELECT count(*) FROM (SELECT warc_records('$big', types => '{response,request,warcinfo}') AS r) s\$q\$, 1);
SQL
records=$(bench_psql -A -t -c "SELECT max(result) FROM bench.results WHERE label = 'records (count)'")
hwm=$(bench_psql -A -t -c "SELECT bench.hwm()")
echo
echo "records: $records; backend peak RSS after all queries: $((hwm >> 20)) MB"
bench_psql -A -F ' | ' -c "
SELECT label, round(min(cpu_s)::numeric, 2) AS cpu_s, round(min(wall_s)::numeric, 2) AS wall_s,
       round((min(cpu_s) / $best_zcat)::numeric, 2) AS x_zcat,
       round(($records / min(cpu_s))::numeric) AS records_per_cpu_s,
       round(($ubytes / 1048576.0 / min(cpu_s))::numeric) AS mb_per_cpu_s
FROM bench.results WHERE label <> 'records (count)' GROUP BY label ORDER BY min(rep), label"

# the client program
client=$("$PG_CONFIG" --bindir)/templatedet-warc
best_client=
for _ in $(seq "$REPS"); do
    t=$( { /usr/bin/time -f '%U %S' "$client" "$big" >/dev/null; } 2>&1 | awk '{print $1 + $2}')
    [[ -z $best_client ]] || (( $(echo "$t < $best_client" | bc) )) && best_client=$t
done
echo "templatedet-warc (COPY text of the HTML responses): $best_client s CPU, $(echo "scale=2; $best_client / $best_zcat" | bc)× zcat"

fi

# ---- the pipeline on the smaller file: pages, per-host profiles, clean text
pbytes=$(stat -c %s "$small")
pubytes=$(zcat "$small" | wc -c)
bench_psql <<SQL
\\timing on
\\echo load: WARC -> pages
CREATE TABLE pages AS
SELECT target_uri AS url, split_part(target_uri, '/', 3) AS host, date AS fetched, payload AS html
FROM warc_records('$small', types => '{response}')
WHERE content_type = 'text/html' AND http_status = 200;
\\echo profiles: template_profile per host
CREATE TABLE profiles AS SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;
\\echo clean text: clean_text(html, profile)
CREATE TABLE clean AS
SELECT p.url, clean_text(p.html, pr.profile) AS text FROM pages p JOIN profiles pr USING (host);
\\timing off
SELECT count(*) AS pages, pg_size_pretty(sum(length(html))) AS html FROM pages;
SELECT pg_size_pretty(sum(length(text))) AS clean_text FROM clean;
SQL
echo "pipeline file: $pbytes bytes compressed, $pubytes decompressed"
