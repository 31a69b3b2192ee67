#!/usr/bin/env bash
# test/citus.sh — the Citus suite (test/run.sh runs it on its cluster, whose folder,
# PGHOST, it inherits; the templatedet extension must be installed).
#
# Citus is not in Debian: test/citus/build.sh builds and installs it once per machine
# from ../shared/vendor/citus-*.tar.xz (AGPL-3.0, used only to test, never in the
# project).  Without that tarball this suite says so and passes without running.
#
# Starts three throwaway clusters (test/citus/nodes.sh: test/cluster.sh, a free port on
# 127.0.0.1 each) inside the folder of test/run.sh's cluster, so they go with it on every
# exit path; this script also stops them itself.  Each gets shared_preload_libraries =
# 'citus' (then a restart) and a database templatedet_citus with the citus extension;
# the first is the coordinator, the two others are added as workers.  Then pg_regress runs
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
. test/citus/nodes.sh
trap 'rc=$?; citus_nodes_stop; exit $rc' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
citus_nodes_start "$parent" 2
coord=${CITUS_DIRS[0]} cport=${CITUS_PORTS[0]}

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
