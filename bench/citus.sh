#!/usr/bin/env bash
# bench/citus.sh [SITES_DIR] — work moved between Citus nodes, per query form.
#
#   SITES_DIR   folder of sites (default ../shared/corpus/sites)
#   PAGES=10000 pages: the sites' pages repeated, each copy made distinct (bench_copies)
#   WORKERS=2   Citus workers (all on this machine: they share its cores, so this
#               measures what moves, not a speed-up)
#   NO_INSTALL=1, KEEP=1  as in bench/run.sh
#
# Needs Citus installed (test/citus/build.sh builds it once per machine).  Starts a plain
# cluster (bench_setup, to read the page files), then a coordinator and WORKERS workers
# inside its folder (test/citus/nodes.sh); pages are distributed by host over 4 shards
# per worker.  For each form it prints the rows and bytes that reach the coordinator
# (Citus's EXPLAIN ANALYZE: "Tuple data received from nodes"), or that move between
# workers, and for comparison what pulling every page would move.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
. test/citus/nodes.sh

SITES=$(bench_sites_dir "${1:-}")
PAGES=${PAGES:-10000}
WORKERS=${WORKERS:-2}

rc=0; bash test/citus/build.sh --where >/dev/null || rc=$?
((rc == 0)) || { echo "bench: Citus is not installed and cannot be built here (test/citus/build.sh)" >&2; exit 1; }
[[ -z ${NO_INSTALL:-} ]] && bash test/citus/build.sh
bench_setup
trap 'rc=$?; citus_nodes_stop; td_cluster_stop; exit $rc' EXIT
bench_load "$SITES"
bench_copies big "$PAGES"
plain=(-h "$PGHOST" -p "$PGPORT" -d bench)
citus_nodes_start "$TD_TMP" "$WORKERS" >&2
C=(psql -X -q -v ON_ERROR_STOP=1 -h "${CITUS_DIRS[0]}" -p "${CITUS_PORTS[0]}" -U postgres -d templatedet_citus)
"${C[@]}" >/dev/null <<SQL
SET citus.shard_count = $((4 * WORKERS));
CREATE EXTENSION templatedet;
CREATE TABLE pages (url text NOT NULL, host text NOT NULL, html bytea NOT NULL, PRIMARY KEY (host, url));
SELECT create_distributed_table('pages', 'host');
CREATE TABLE site_profiles (host text PRIMARY KEY, profile tdprofile NOT NULL);
SELECT create_distributed_table('site_profiles', 'host', colocate_with => 'pages');
CREATE TABLE clean_pages (url text NOT NULL, host text NOT NULL, body text, PRIMARY KEY (host, url));
SELECT create_distributed_table('clean_pages', 'host', colocate_with => 'pages');
CREATE TABLE page_bands (band int8 NOT NULL, url text NOT NULL, sig int8[] NOT NULL);
SELECT create_distributed_table('page_bands', 'band');
SQL
psql -X -q "${plain[@]}" -c "COPY (SELECT url, host, html FROM big) TO STDOUT" |
    "${C[@]}" -c "COPY pages FROM STDIN"
"${C[@]}" -c "VACUUM ANALYZE pages" 2>/dev/null || true

# moved QUERY: the Custom Scan's actual rows and "Tuple data received from nodes"
"${C[@]}" <<'SQL'
CREATE FUNCTION moved(label text, query text) RETURNS TABLE (form text, rows_to_coordinator text, bytes_to_coordinator text)
LANGUAGE plpgsql AS $f$
DECLARE line text; r text := '-'; b text := '0 bytes';
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
    IF r = '-' AND line ~ 'Custom Scan \(Citus' THEN r := substring(line from 'rows=(\d+)'); END IF;
    IF line ~ 'Tuple data received from nodes' THEN b := substring(line from 'nodes: (.*)$'); END IF;
  END LOOP;
  RETURN QUERY SELECT label, r, b;
END $f$;
SQL

echo
echo "== $("${C[@]}" -At -c "SELECT count(*) || ' pages, ' || count(DISTINCT host) || ' hosts, ' || pg_size_pretty(sum(octet_length(html))) || ' of HTML' FROM pages"), $WORKERS workers, $((4 * WORKERS)) shards"
"${C[@]}" <<'SQL'
\pset footer off
SELECT * FROM moved('pull every page (what an aggregate Citus cannot split moves)',
  'SELECT html FROM pages')
UNION ALL
SELECT * FROM moved('profiles by host (GROUP BY host: on the workers)',
  'SELECT host, template_profile(html) FROM pages GROUP BY host')
UNION ALL
SELECT * FROM moved('store profiles: INSERT … SELECT … GROUP BY host (pushed down)',
  'INSERT INTO site_profiles SELECT host, template_profile(html) FROM pages GROUP BY host')
UNION ALL
SELECT * FROM moved('clean text: INSERT … SELECT, co-located join (pushed down)',
  'INSERT INTO clean_pages SELECT p.url, p.host, clean_text(p.html, s.profile) FROM pages p JOIN site_profiles s USING (host)')
UNION ALL
SELECT * FROM moved('clean text to the client (the result itself)',
  'SELECT p.url, strip_template(p.html, s.profile) FROM pages p JOIN site_profiles s USING (host)')
UNION ALL
SELECT * FROM moved('train_template_model over all pages (rows gathered)',
  'SELECT train_template_model(p.html, s.profile) FROM pages p JOIN site_profiles s USING (host)');

-- The whole-table profile: Citus's EXPLAIN ANALYZE cannot run worker_partial_agg
-- (its cstring result), so the partials are measured as what they are: the text form
-- of each shard's state, which is what the worker sends.
SELECT 'whole-table profile (worker partials, merged on the coordinator)' AS form,
       count(NULLIF(result, '')) AS rows_to_coordinator,   -- an empty shard sends NULL
       pg_size_pretty(sum(NULLIF(result, '')::bigint)) AS bytes_to_coordinator
FROM run_command_on_shards('pages',
  $$SELECT octet_length(worker_partial_agg('template_profile(bytea)'::regprocedure, html)::text) FROM %s$$);
SELECT 'the merged profile (for scale)' AS form, pg_size_pretty(octet_length(template_profile(html)::bytea)::bigint) AS bytes
FROM pages;

-- Near-duplicates: band rows are repartitioned by band (they move between workers);
-- the self-join on band is then co-located.
INSERT INTO page_bands
SELECT unnest(minhash_bands(m.sig, 16)), m.url, m.sig
FROM (SELECT url, minhash(body) AS sig FROM clean_pages) m;
SELECT 'repartition band rows (INSERT … SELECT by band)' AS form, b.rows,
       pg_size_pretty(b.bytes) AS bytes_written,
       round(1 - 1.0 / w.workers, 2) AS expected_share_to_another_worker
FROM (SELECT count(*) AS rows, sum(pg_column_size(b.*))::bigint AS bytes FROM page_bands b) b,
     (SELECT count(*) AS workers FROM pg_dist_node WHERE noderole = 'primary' AND groupid > 0) w;
SELECT * FROM moved('near-duplicate pairs (self-join on band, co-located)',
  'SELECT DISTINCT a.url, b.url FROM page_bands a JOIN page_bands b ON a.band = b.band AND a.url < b.url');
SQL
