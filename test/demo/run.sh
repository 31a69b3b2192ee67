#!/usr/bin/env bash
# make demo [PAGES=dir] [KEEP=1]: the set-up of make test (deps, build, install, a
# throwaway cluster), then a crawl -- generated (test/demo/sample_crawl.sql) or the
# user's folder of .html files, one sub-folder per site -- through the site profiles,
# with a per-site summary and clean text next to full text (test/demo/report.sql).
set -euo pipefail
cd "$(dirname "$0")/../.."
t_start=$SECONDS    # the duration reported at the end is the whole run's, set-up included
pages_dir=${1:-${PAGES:-}}
MAKE=${MAKE:-make}
export PG_CONFIG=${PG_CONFIG:-pg_config}
. test/cluster.sh
td_cluster_traps
td_run_tmp          # one temp folder for the run: the cluster and TMPDIR, removed at the end
TD_KEEP_DB=templatedet_demo

if [[ -n $pages_dir ]]; then
    [[ -d $pages_dir ]] || { echo "demo: PAGES=$pages_dir is not a folder" >&2; exit 1; }
    pages_dir=$(cd "$pages_dir" && pwd)
fi

bash test/deps.sh
$MAKE --no-print-directory -s -j"$(nproc)"
$MAKE --no-print-directory -s install >/dev/null
td_cluster_start

psql() { command psql -X -q -v ON_ERROR_STOP=1 "$@"; }
psql -d postgres -c "CREATE DATABASE $TD_KEEP_DB"
psql -d "$TD_KEEP_DB" -c 'CREATE EXTENSION templatedet'

t0=$SECONDS
echo "demo: set-up (deps, build, install, cluster) took $((t0 - t_start)) s"
if [[ -n $pages_dir ]]; then
    # The server reads the files itself, as the postgres user: give it a copy in the
    # cluster's folder rather than changing the permissions of the user's own folder.
    echo "demo: loading $pages_dir"
    cp -r "$pages_dir" "$TD_TMP/pages"
    ((EUID == 0)) && chown -R postgres: "$TD_TMP/pages"
    psql -d "$TD_KEEP_DB" -v dir="$TD_TMP/pages" -f test/demo/load_dir.sql
else
    echo "demo: generating the sample crawl (3 sites x ${DEMO_PAGES:-20} pages)"
    psql -d "$TD_KEEP_DB" -v pages_per_site="${DEMO_PAGES:-20}" -f test/demo/sample_crawl.sql
fi
psql -d "$TD_KEEP_DB" -f test/demo/report.sql

# A few pages, full text next to clean text: the first SHOW_PAGES (default 1) of each
# site.  Not in a terminal (a log, CI), assume a wide one.
width=$(tput cols 2>/dev/null || true); ((${width:-0} >= 100)) || width=160
echo
echo "== 3. full text next to clean text, ${SHOW_PAGES:-1} page(s) per site"
psql -d "$TD_KEEP_DB" -At -c "SELECT url FROM (SELECT url, row_number() OVER (PARTITION BY host ORDER BY fetched_at, url) AS n FROM pages) x WHERE n <= ${SHOW_PAGES:-1} ORDER BY url" |
while IFS= read -r url; do
    echo
    psql -d "$TD_KEEP_DB" -v url="$url" -v width="$width" -f test/demo/show_page.sql
done
echo
took="done in $((SECONDS - t_start)) s (set-up $((t0 - t_start)) s, crawl and report $((SECONDS - t0)) s)"
if [[ -n ${KEEP:-} ]]; then
    echo "demo: $took"
else
    echo "demo: $took; the cluster is removed now (KEEP=1 make demo keeps it running to explore)"
fi
