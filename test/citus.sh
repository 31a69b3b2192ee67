#!/usr/bin/env bash
# test/citus.sh — the Citus suite (test/run.sh runs it on its cluster, whose folder,
# PGHOST, it inherits; the templatedet extension must be installed).
#
# Citus is not in Debian: test/citus/build.sh builds and installs it once per machine
# from ../shared/vendor/citus-*.tar.xz (AGPL-3.0, used only to test, never in the
# project).  Without that tarball this suite says so and passes without running.
#
# Starts three throwaway clusters (test/cluster.sh, a free port on 127.0.0.1 each)
# inside the folder of test/run.sh's cluster, so they go with it on every exit path;
# this script also stops them itself.  Each gets shared_preload_libraries = 'citus'
# (then a restart) and a database templatedet_citus with the citus extension; the
# first is the coordinator, the two others are added as workers.  Then pg_regress runs
# test/citus/sql/td_citus.sql on the coordinator (test/citus/expected/td_citus.out):
# the extension propagated to the workers, pages distributed by host, what is pushed
# down (EXPLAIN) and equality with one node.  Results go to build/citus/regress/.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh

rc=0; bash test/citus/build.sh || rc=$?
if ((rc == 3)); then echo "citus: SKIP (no Citus source to build; see test/citus/build.sh)"; exit 0; fi
((rc == 0)) || exit "$rc"

[[ -n ${PGHOST:-} && -d ${PGHOST:-} ]] || { echo "citus: run by test/run.sh (no cluster folder in PGHOST)" >&2; exit 2; }
parent=$PGHOST
node_dirs=()
stop_nodes() {
    local d
    for d in "${node_dirs[@]}"; do (TD_TMP=$d KEEP= td_cluster_stop); done
    node_dirs=()
}
trap 'rc=$?; stop_nodes; exit $rc' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ports=()
for name in coordinator worker1 worker2; do
    TD_TMP=
    echo -n "$name: "
    TD_PARENT=$parent td_cluster_start || { [[ -n $TD_TMP ]] && node_dirs+=("$TD_TMP"); exit 1; }
    node_dirs+=("$TD_TMP")
    ports+=("$PGPORT")
    # citus must be preloaded; pg_ctl restart keeps the options of the first start
    cat >>"$TD_TMP/data/postgresql.conf" <<'CONF'
shared_preload_libraries = 'citus'
max_prepared_transactions = 20           # commits that touch several workers are two-phase
citus.node_conninfo = 'sslmode=disable'  # throwaway clusters on 127.0.0.1 without SSL
citus.enable_statistics_collection = off # no network
CONF
    td_without_open_files td_as_server "$(td_pgbin)/pg_ctl" -D "$TD_TMP/data" -l "$TD_TMP/server.log" \
        -w -t 60 restart >/dev/null || { tail -n 20 "$TD_TMP/server.log" >&2; exit 1; }
    psql -X -q -v ON_ERROR_STOP=1 -h "$TD_TMP" -p "$PGPORT" -U postgres -d postgres \
        -c 'CREATE DATABASE templatedet_citus' -c '\c templatedet_citus' -c 'CREATE EXTENSION citus'
done
coord=${node_dirs[0]} cport=${ports[0]}
psql -X -q -v ON_ERROR_STOP=1 -h "$coord" -p "$cport" -U postgres -d templatedet_citus <<SQL >/dev/null
SELECT citus_set_coordinator_host('127.0.0.1', $cport);
SELECT citus_add_node('127.0.0.1', ${ports[1]});
SELECT citus_add_node('127.0.0.1', ${ports[2]});
SQL

pg_regress=$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress
out=build/citus/regress
rm -rf "$out"; mkdir -p "$out"
# --use-existing: the database prepared above, on the coordinator
"$pg_regress" --use-existing --dbname=templatedet_citus --bindir="$(td_pgbin)" \
    --host="$coord" --port="$cport" --user=postgres \
    --inputdir=test/citus --outputdir="$out" td_citus || {
    [[ -f $out/regression.diffs ]] && { echo "--- $PWD/$out/regression.diffs:"; head -n 400 "$out/regression.diffs"; }
    exit 1
}
