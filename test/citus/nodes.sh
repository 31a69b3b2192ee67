# Sourced by test/citus.sh and bench/citus.sh (after test/cluster.sh): a throwaway Citus
# cluster of a coordinator and N workers.
#
#   citus_nodes_start PARENT N   starts N+1 clusters (test/cluster.sh) inside PARENT,
#                                with citus preloaded, a database templatedet_citus with
#                                the citus extension on each, the first one the
#                                coordinator and the others added as its workers;
#                                sets CITUS_DIRS and CITUS_PORTS (coordinator first);
#                                the caller's TD_TMP, PGHOST and PGPORT are kept
#   citus_nodes_stop             stops them and removes their folders
CITUS_DIRS=()
CITUS_PORTS=()

citus_nodes_start() {
    # td_cluster_start sets TD_TMP, PGHOST and PGPORT: the caller's own cluster (whose
    # EXIT trap stops TD_TMP) must keep them
    local parent=$1 n=$2 i rc=0 TD_TMP=$TD_TMP PGHOST=${PGHOST:-} PGPORT=${PGPORT:-}
    citus_nodes_start_ "$parent" "$n" || rc=$?
    return $rc
}

citus_nodes_start_() {
    local parent=$1 n=$2 i
    for ((i = 0; i <= n; i++)); do
        TD_TMP=
        if ((i == 0)); then echo -n "coordinator: "; else echo -n "worker$i: "; fi
        TD_PARENT=$parent td_cluster_start || { [[ -n $TD_TMP ]] && CITUS_DIRS+=("$TD_TMP"); return 1; }
        CITUS_DIRS+=("$TD_TMP")
        CITUS_PORTS+=("$PGPORT")
        # citus must be preloaded; pg_ctl restart keeps the options of the first start
        cat >>"$TD_TMP/data/postgresql.conf" <<'CONF'
shared_preload_libraries = 'citus'
max_prepared_transactions = 20           # commits that touch several workers are two-phase
citus.node_conninfo = 'sslmode=disable'  # throwaway clusters on 127.0.0.1 without SSL
citus.enable_statistics_collection = off # no network
CONF
        td_without_open_files td_as_server "$(td_pgbin)/pg_ctl" -D "$TD_TMP/data" -l "$TD_TMP/server.log" \
            -w -t 60 restart >/dev/null || { tail -n 20 "$TD_TMP/server.log" >&2; return 1; }
        psql -X -q -v ON_ERROR_STOP=1 -h "$TD_TMP" -p "$PGPORT" -U postgres -d postgres \
            -c 'CREATE DATABASE templatedet_citus' -c '\c templatedet_citus' -c 'CREATE EXTENSION citus' || return 1
    done
    {
        echo "SELECT citus_set_coordinator_host('127.0.0.1', ${CITUS_PORTS[0]});"
        for ((i = 1; i <= n; i++)); do echo "SELECT citus_add_node('127.0.0.1', ${CITUS_PORTS[i]});"; done
    } | psql -X -q -v ON_ERROR_STOP=1 -h "${CITUS_DIRS[0]}" -p "${CITUS_PORTS[0]}" -U postgres \
        -d templatedet_citus >/dev/null
}

citus_nodes_stop() {
    local d
    for d in "${CITUS_DIRS[@]}"; do (TD_TMP=$d KEEP= td_cluster_stop); done
    CITUS_DIRS=()
    CITUS_PORTS=()
}
