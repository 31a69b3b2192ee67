#!/usr/bin/env bash
# bench/sandwich.sh [SITES_DIR] — sandwich_strip inside PostgreSQL: speed against the
# parse-only reference, and quality through the SQL surface, in one run.
#
#   SITES_DIR     default ../shared/corpus/sites (NNN.html, gold NNN.txt, SOURCE per site)
#   REPS=3        timings per measure; the median is reported
#   NO_INSTALL=1  skip make && make install
#
# Each page's URL is https://<site>/<original path from the site's SOURCE file>; its
# peer is chosen by the README's query (same url_directory, closest url_basename by
# edit_distance, ties by URL; none when alone in its directory).  Timed, with parallel
# query off (one backend), CPU seconds of the backend (/proc/self/stat):
#   html_text         sum(length(html_text(html)))           parse + render, no removal
#   peer_choice       the LATERAL peer query over all pages
#   sandwich_line     sum(length(sandwich_strip(html, peer_html)))
#   sandwich_token    the same with unit => 'token'
#   sandwich_*_all    the same with every page given a peer: the page before it in its
#                     site (the first page takes the second)
# and bench/parse_ref (libxml2 parse + one walk) on the same files.  Then the line and
# token outputs are scored with ../shared/eval/score.py (word P/R/F1, site-averaged).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SITES=${1:-../shared/corpus/sites}
[[ -d $SITES ]] || { echo "usage: bench/sandwich.sh SITES_DIR" >&2; exit 2; }
SITES=$(cd "$SITES" && pwd)
SCORE=${SCORE:-$(cd "$SITES/../.." 2>/dev/null && pwd)/eval/score.py}
[[ -f $SCORE ]] || SCORE=$REPO/../shared/eval/score.py
REPS=${REPS:-3}
PY=/usr/bin/python3

make -s --no-print-directory build/bench/parse_ref    # Makefile: bench tools

bench_setup
echo "bench: loading $SITES" >&2
bench_load "$SITES"

# original paths: "NNN<TAB>path<TAB>..." lines of each site's SOURCE
src=$TD_TMP/sources.tsv
: >"$src"
while read -r site; do
    [[ -f $SITES/$site/SOURCE ]] || continue
    awk -F'\t' -v s="$site" '$1 ~ /^[0-9][0-9][0-9]$/ && NF >= 2 {
        gsub(/\\/, "\\\\", $2); printf "%s/%s.html\thttps://%s/%s\n", s, $1, s, $2 }' \
        "$SITES/$site/SOURCE" >>"$src"
done < <(bench_sites "$SITES")
chmod a+r "$src"

bench_timing_setup
bench_psql <<SQL
CREATE TEMP TABLE src (url text, source_url text);
COPY src FROM '$src';
ALTER TABLE pages ADD COLUMN source_url text;
UPDATE pages SET source_url = 'https://' || url;
UPDATE pages p SET source_url = s.source_url FROM src s WHERE s.url = p.url;
CREATE INDEX ON pages (url_directory(source_url));
VACUUM ANALYZE pages;
CREATE VIEW bench.with_peer AS
  SELECT p.url, p.host, p.html, peer.html AS peer_html, peer.url AS peer_url
  FROM pages p
  LEFT JOIN LATERAL (
    SELECT q.url, q.html FROM pages q
    WHERE url_directory(q.source_url) = url_directory(p.source_url) AND q.url <> p.url
    ORDER BY edit_distance(url_basename(q.source_url), url_basename(p.source_url)), q.source_url
    LIMIT 1) peer ON true;
CREATE TABLE bench.peers AS SELECT url, host, html, peer_html, peer_url FROM bench.with_peer;
-- every page with a peer: the page before it in its site (the first takes the second)
CREATE TABLE bench.prev AS
  SELECT url, html, coalesce(lag(html) OVER w, lead(html) OVER w) AS peer_html
  FROM pages WINDOW w AS (PARTITION BY host ORDER BY url);
SQL

echo "bench: timing in the server ($REPS runs each)" >&2
bench_psql -o /dev/null <<SQL
SET max_parallel_workers_per_gather = 0;
SET jit = off;
SELECT bench.time('html_text', 'SELECT sum(length(html_text(html))) FROM pages', $REPS);
SELECT bench.time('peer_choice', 'SELECT count(peer_url) FROM bench.with_peer', $REPS);
SELECT bench.time('sandwich_line',
  'SELECT sum(length(sandwich_strip(html, peer_html))) FROM bench.peers', $REPS);
SELECT bench.time('sandwich_token',
  'SELECT sum(length(sandwich_strip(html, peer_html, ''token''))) FROM bench.peers', $REPS);
SELECT bench.time('sandwich_line_all',
  'SELECT sum(length(sandwich_strip(html, peer_html))) FROM bench.prev', $REPS);
SELECT bench.time('sandwich_token_all',
  'SELECT sum(length(sandwich_strip(html, peer_html, ''token''))) FROM bench.prev', $REPS);
SQL

echo "bench: parse_ref on the same files" >&2
PR=$(build/bench/parse_ref -q -r "$REPS" -m dom "$SITES")
while read -r line; do
    declare -A kv=()
    for f in $line; do kv[${f%%=*}]=${f#*=}; done
    bench_psql -c "INSERT INTO bench.results SELECT 'parse_ref_${kv[mode]}', 0, ${kv[wall_s]}, ${kv[cpu_s]}, ${kv[text_chars]}"
done <<<"$PR"

NP=$(bench_psql -Atc "SELECT count(*) FROM pages")
MB=$(bench_psql -Atc "SELECT round(sum(length(html)) / 1e6, 3) FROM pages")
echo
echo "=== sandwich bench: $NP pages, $MB MB from $SITES; median of $REPS; per CPU-second of one backend"
bench_psql -At -c "SELECT format('pages with a peer by the URL rule: %s of %s', count(peer_url), count(*)) FROM bench.peers"
bench_psql -P footer=off <<SQL
WITH m AS (
  SELECT label, percentile_disc(0.5) WITHIN GROUP (ORDER BY cpu_s) AS cpu_s
  FROM bench.results GROUP BY label),
r AS (SELECT cpu_s FROM m WHERE label = 'parse_ref_dom')
SELECT label AS measure, round(m.cpu_s::numeric, 3) AS cpu_s,
       round(($NP / nullif(m.cpu_s, 0))::numeric, 0) AS pages_per_s,
       round(($MB / nullif(m.cpu_s, 0))::numeric, 2) AS mb_per_s,
       round((m.cpu_s / r.cpu_s)::numeric, 2) AS x_reference
FROM m, r
ORDER BY array_position(ARRAY['parse_ref_dom','html_text','peer_choice','sandwich_line','sandwich_token',
                              'sandwich_line_all','sandwich_token_all'], label);
SQL

OUT=$TD_TMP/pred
mkdir -p "$OUT"
chmod a+rwx "$OUT"
for unit in line token; do
    bench_psql -c "\\copy (SELECT url, sandwich_strip(html, peer_html, '$unit') FROM bench.peers ORDER BY url) TO '$OUT/$unit.csv' WITH (FORMAT csv)"
    bench_split_csv "$OUT/$unit.csv" "$OUT/$unit"
    printf 'quality sandwich_strip unit=%-6s ' "$unit"
    $PY "$SCORE" "$SITES" "$OUT/$unit" | tail -n 1
done
