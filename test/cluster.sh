# Sourced by test/run.sh and test/demo/run.sh: a throwaway PostgreSQL cluster.
#
#   td_cluster_start   initdb in a fresh temp folder, start on a free port; exports
#                      PGHOST (the folder: the unix socket lives there), PGPORT, PGUSER
#   td_cluster_stop    stop it and remove the folder (KEEP=1: leave it running); clusters
#                      started inside its folder (TD_PARENT, below) are stopped first
#   td_cluster_traps   on exit, also on failure and Ctrl-C: stop what td_start started,
#                      td_cluster_stop, remove the run's folder (td_run_tmp)
#   td_run_tmp         one folder for everything temporary of a run (mktemp -d):
#                      TD_RUN_TMP; TMPDIR is set to its tmp/ and the cluster goes inside
#   td_start SECONDS cmd...   start cmd in the background with a time limit (TD_STARTED: pid)
#   td_run SECONDS cmd...     the same, waiting for it
#
# TD_SERVER_ENV="NAME=VALUE ..." puts those variables in the server's environment (test/
# scaling.sh fixes glibc's allocator with it).
# TD_PARENT=DIR makes td_cluster_start create its folder inside DIR (test/shard.sh puts
# its shards inside the coordinator's folder, so stopping the coordinator stops them too,
# even when the suite itself was killed).
#
# It never uses a system cluster or a fixed port: a developer's own server, a parallel
# CI job or a second `make test` can run beside it.

PG_CONFIG=${PG_CONFIG:-pg_config}
TD_TMP=
TD_RUN_TMP=${TD_RUN_TMP:-}   # inherited: a script run by test/run.sh puts its clusters there too
TD_RUN_TMP_MINE=             # set by td_run_tmp: this shell removes the folder at the end
TD_CHILDREN=()      # started by td_start and not yet waited for: one process group each

td_pgbin() {    # the server's programs for the pg_config in use
    local bindir major
    bindir=$("$PG_CONFIG" --bindir)
    if [[ -x $bindir/initdb ]]; then echo "$bindir"; return; fi
    # Debian: pg_config may be libpq-dev's copy (bindir /usr/bin, no initdb there).
    major=$("$PG_CONFIG" --version | awk '{print $2}'); major=${major%%.*}
    major=${major%%[!0-9]*}
    echo "/usr/lib/postgresql/$major/bin"
}

td_without_open_files() {   # run "$@" with only stdin, stdout and stderr open
    # The server outlives this shell when a run is killed: it must not keep the
    # caller's other open files.  A lock held around `make test` (flock) stayed
    # held by an orphaned server and stopped every later run on the machine.
    (
        local fd
        for fd in /proc/$BASHPID/fd/*; do
            fd=${fd##*/}
            ((fd > 2)) && eval "exec $fd>&-" 2>/dev/null
        done
        "$@"
    )
}

td_as_server() {   # run a server program as the cluster's owner: the server refuses root
    if ((EUID == 0)); then
        # cd: runuser keeps the cwd, which the postgres user may not be able to read
        (cd "$TD_TMP" && runuser -u postgres -- "$@")
    else
        "$@"
    fi
}

td_port_free() {   # nothing answers on 127.0.0.1:$1
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

td_tmp_parent() {  # where to make a folder that the server's OS user can reach
    if ((EUID == 0)); then
        echo /tmp       # the postgres user must be able to reach it (not e.g. /root/...)
    else
        echo "${TMPDIR:-/tmp}"
    fi
}

td_run_tmp() {
    TD_RUN_TMP=$(mktemp -d "$(td_tmp_parent)/templatedet-run.XXXXXX")
    chmod 711 "$TD_RUN_TMP"     # the postgres user passes through to its cluster inside
    mkdir "$TD_RUN_TMP/tmp"
    TD_RUN_TMP_MINE=1
    export TMPDIR=$TD_RUN_TMP/tmp TD_RUN_TMP
}

td_cluster_start() {
    local bin port try parent
    bin=$(td_pgbin)
    if ((EUID == 0)); then
        getent passwd postgres >/dev/null || { echo "cluster: no 'postgres' OS user to run the server as" >&2; return 1; }
    fi
    parent=${TD_PARENT:-${TD_RUN_TMP:-$(td_tmp_parent)}}
    TD_TMP=$(mktemp -d "$parent/templatedet.XXXXXX")
    ((EUID == 0)) && chown postgres: "$TD_TMP"

    # C locale and UTF-8: the same sort order and encoding on every machine, so
    # expected outputs do not depend on the host's locale settings.
    if ! td_as_server "$bin/initdb" -D "$TD_TMP/data" -U postgres --auth=trust \
            --no-locale -E UTF8 --no-sync >"$TD_TMP/initdb.log" 2>&1; then
        cat "$TD_TMP/initdb.log" >&2
        return 1
    fi

    # Probe a free port; another process may take it before the server binds, so retry.
    for try in 1 2 3 4 5 6 7 8 9 10; do
        port=$((20000 + RANDOM % 40000))
        td_port_free "$port" || continue
        # fsync and friends off: the data is thrown away, speed is what matters.
        # shellcheck disable=SC2086  # TD_SERVER_ENV: NAME=VALUE words for the server's environment
        if td_without_open_files td_as_server env ${TD_SERVER_ENV:-} "$bin/pg_ctl" -D "$TD_TMP/data" -l "$TD_TMP/server.log" -w -t 60 \
                -o "-c port=$port -c listen_addresses=127.0.0.1 -c unix_socket_directories='$TD_TMP' -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
                start >/dev/null; then
            export PGHOST=$TD_TMP PGPORT=$port PGUSER=postgres
            # settings of the caller's own environment must not leak into the tests
            unset PGDATABASE PGSERVICE PGOPTIONS PGPASSWORD PGHOSTADDR PGSSLMODE
            echo "cluster: PostgreSQL $("$bin/postgres" -V | awk '{print $3}') on port $port, socket and data in $TD_TMP"
            return 0
        fi
    done
    echo "cluster: the server did not start; its log:" >&2
    tail -n 30 "$TD_TMP/server.log" >&2 || true
    return 1
}

td_cluster_stop() {
    [[ -n $TD_TMP && -d $TD_TMP ]] || return 0
    if [[ -n ${KEEP:-} && -f $TD_TMP/data/postmaster.pid ]]; then
        local gone=$TD_TMP
        [[ -n $TD_RUN_TMP_MINE ]] && gone=$TD_RUN_TMP   # the run's folder holds the cluster
        cat <<EOF

cluster kept running (KEEP=$KEEP):
  psql -h $TD_TMP -p $PGPORT -U postgres ${TD_KEEP_DB:-postgres}
  stop and remove:  $( ((EUID == 0)) && echo "runuser -u postgres -- ")$(td_pgbin)/pg_ctl -D $TD_TMP/data stop && rm -rf $gone
EOF
        return 0
    fi
    local nested
    for nested in "$TD_TMP"/*/data/postmaster.pid; do
        [[ -f $nested ]] || continue
        nested=${nested%/data/postmaster.pid}
        (TD_TMP=$nested KEEP= td_cluster_stop)
    done
    # immediate: no shutdown checkpoint for data that is about to be deleted
    if [[ -f $TD_TMP/data/postmaster.pid ]] &&
       ! td_as_server "$(td_pgbin)/pg_ctl" -D "$TD_TMP/data" -m immediate -w -t 30 stop >/dev/null 2>&1; then
        kill -KILL "$(head -n 1 "$TD_TMP/data/postmaster.pid")" 2>/dev/null || true
    fi
    rm -rf "$TD_TMP"
    TD_TMP=
}

td_run_tmp_stop() {   # remove the run's folder; a cluster kept running (KEEP) keeps its part
    [[ -n $TD_RUN_TMP_MINE && -d $TD_RUN_TMP ]] || return 0
    if [[ -n $TD_TMP && -d $TD_TMP ]]; then rm -rf "$TD_RUN_TMP/tmp"; else rm -rf "$TD_RUN_TMP"; fi
}

td_cluster_traps() {
    # Suites running in the background (td_start) are stopped with their whole
    # process groups before the cluster goes.
    trap 'rc=$?; td_stop_children; td_cluster_stop; td_run_tmp_stop; exit $rc' EXIT
    trap 'echo "interrupted" >&2; exit 130' INT
    trap 'exit 143' TERM
}

td_stop_children() {
    local pid
    for pid in ${TD_CHILDREN[@]+"${TD_CHILDREN[@]}"}; do
        kill -TERM -- "-$pid" 2>/dev/null || true
    done
    TD_CHILDREN=()
}

# td_start SECONDS cmd...: start cmd (a command or an exported function) in the
# background with a time limit; TD_STARTED is its pid, which `timeout` makes the
# leader of its own process group (stopped whole on exit: td_cluster_traps).  Wait
# with td_wait PID, or `wait -n -p` then td_forget PID.
td_start() {
    local limit=$1; shift
    timeout -k 10 "$limit" bash -c '"$@"' td_run "$@" &
    TD_STARTED=$!
    TD_CHILDREN+=("$TD_STARTED")
}

td_forget() {   # td_forget PID: it has been waited for
    local pid kept=()
    for pid in ${TD_CHILDREN[@]+"${TD_CHILDREN[@]}"}; do
        [[ $pid == "$1" ]] || kept+=("$pid")
    done
    TD_CHILDREN=(${kept[@]+"${kept[@]}"})
}

td_wait() {     # td_wait PID: wait for it; its exit status
    local rc=0
    wait "$1" || rc=$?
    td_forget "$1"
    return $rc
}

# td_run SECONDS cmd...: td_start, then wait.  In the background plus `wait`, because
# bash runs a trap (Ctrl-C) only once a foreground command has finished, while `wait`
# returns at once.
td_run() {
    td_start "$@"
    td_wait "$TD_STARTED"
}
