#!/usr/bin/env bash
# bench/sandwich_peer.sh [PAGES] [SUBSET] — the nearest-peer sandwich query of
# docs/reference.md ("Nearest page instead of the URL rule"), in the two forms a user
# might write:
#   lateral      the peer chosen first (LATERAL ... LIMIT 1), sandwich_strip once per page:
#                the documented form
#   distinct_on  DISTINCT ON over every same-host pair: sandwich_strip runs for every
#                pair before DISTINCT ON keeps one (quadratic in the site's pages)
# on one generated site of PAGES pages (default 3,000): the lateral form on all of them,
# and both forms on the first SUBSET pages (default 300), where the distinct_on form
# still finishes, with a check that both give the same rows.  CPU seconds of the
# backend (one backend, parallel query off); nothing is written in the repository.
#   NO_INSTALL=1  skip make && make install
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

PAGES=${1:-3000}
SUBSET=${2:-300}
bench_setup
bench_timing_setup

# One site: a shared header, menu and footer around a story of 40-80 words drawn from
# a 500-word vocabulary, so pages differ in their content and in their similarity.
bench_psql <<SQL
SET max_parallel_workers_per_gather = 0;
CREATE TABLE vocab AS SELECT g AS i, 'w' || md5(g::text) AS w FROM generate_series(0, 499) g;
CREATE TABLE pages AS
SELECT format('https://site.example/story/%s.html', n) AS url,
       format('<html><body><header><h1>Site Example</h1><ul><li><a href="/">Home</a></li>'
              '<li><a href="/news/">News</a></li><li><a href="/about/">About</a></li></ul></header>'
              '<article><h2>Story %s</h2><p>%s</p></article>'
              '<footer><p>(c) Site Example</p></footer></body></html>', n, body) AS html
FROM generate_series(1, $PAGES) n
CROSS JOIN LATERAL (
  SELECT string_agg(v.w, ' ' ORDER BY k) AS body
  FROM generate_series(1, 40 + n % 41) k
  JOIN vocab v ON v.i = (hashint4(n * 1000 + k) & 2147483647) % 500) b;
CREATE TABLE subset AS SELECT * FROM pages ORDER BY url LIMIT $SUBSET;
ANALYZE pages; ANALYZE subset;
SQL

lateral_q() {   # the documented form over table $1
    cat <<SQL
WITH sig AS MATERIALIZED (
  SELECT url, html, split_part(url, '/', 3) AS host, minhash(html_text(html)) AS mh FROM $1)
SELECT a.url, b.url AS peer,
       round(minhash_similarity(a.mh, b.mh)::numeric, 2) AS similarity,
       sandwich_strip(a.html, b.html, 'token') AS body
FROM sig a
CROSS JOIN LATERAL (
  SELECT s.url, s.html, s.mh FROM sig s
  WHERE s.host = a.host AND s.url <> a.url
  ORDER BY minhash_similarity(a.mh, s.mh) DESC, s.url
  LIMIT 1) b
SQL
}
distinct_q() {  # every pair stripped, then one kept
    cat <<SQL
WITH sig AS MATERIALIZED (
  SELECT url, html, split_part(url, '/', 3) AS host, minhash(html_text(html)) AS mh FROM $1)
SELECT DISTINCT ON (a.url) a.url, b.url AS peer,
       round(minhash_similarity(a.mh, b.mh)::numeric, 2) AS similarity,
       sandwich_strip(a.html, b.html, 'token') AS body
FROM sig a JOIN sig b ON a.host = b.host AND a.url <> b.url
ORDER BY a.url, minhash_similarity(a.mh, b.mh) DESC, b.url
SQL
}
timed() {       # timed LABEL QUERY: once; the result is the clean text's length, so
                # every body is computed (a bare count(*) lets the planner skip them)
    local q
    q="SELECT sum(length(body))::numeric FROM ($2) r"
    bench_psql -c "SET max_parallel_workers_per_gather = 0" \
               -c "SELECT bench.time('$1', \$q\$$q\$q\$, 1)" >/dev/null
}
same() {        # the two forms give the same rows on the subset
    bench_psql -At -c "SET max_parallel_workers_per_gather = 0" -c "
      SELECT (SELECT md5(string_agg(r::text, E'\n' ORDER BY r.url)) FROM ($(lateral_q subset)) r) =
             (SELECT md5(string_agg(r::text, E'\n' ORDER BY r.url)) FROM ($(distinct_q subset)) r)"
}

timed "lateral, $PAGES pages" "$(lateral_q pages)"
timed "lateral, $SUBSET pages" "$(lateral_q subset)"
timed "distinct_on, $SUBSET pages" "$(distinct_q subset)"
echo "same rows on the $SUBSET-page subset: $(same | tail -n 1)"
bench_psql -c "SELECT label, round(cpu_s::numeric, 2) AS cpu_s, round(wall_s::numeric, 2) AS wall_s,
                      result AS text_length FROM bench.results ORDER BY label"
