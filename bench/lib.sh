# Sourced by bench/run.sh and bench/quality.sh: build, a throwaway cluster, page loading.
#
#   bench_setup        make + make install (unless NO_INSTALL=1), start a throwaway
#                      cluster (test/cluster.sh when the harness has it, else a copy of
#                      the same recipe below), CREATE EXTENSION in database "bench"
#   bench_load DIR     load DIR/<site>/*.html into pages(url, host, html bytea)
#                      with pg_read_binary_file (the server reads the files itself)
#   bench_psql ...     psql on the bench database, stop on the first error, quiet
#
# Nothing is written inside the repository except build products (build/, *.o).

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG_CONFIG=${PG_CONFIG:-pg_config}
export PG_CONFIG

if [[ -f $REPO/test/cluster.sh ]]; then
    # shellcheck source=../test/cluster.sh
    . "$REPO/test/cluster.sh"
else
    # Same recipe as the harness: initdb as the postgres OS user (the server refuses
    # root) in a temp folder it owns, a free port, unix socket in that folder.
    TD_TMP=
    td_pgbin() {
        local bindir major
        bindir=$("$PG_CONFIG" --bindir)
        if [[ -x $bindir/initdb ]]; then echo "$bindir"; return; fi
        major=$("$PG_CONFIG" --version | awk '{print $2}'); major=${major%%.*}
        echo "/usr/lib/postgresql/${major%%[!0-9]*}/bin"
    }
    td_as_server() { if ((EUID == 0)); then (cd "$TD_TMP" && runuser -u postgres -- "$@"); else "$@"; fi; }
    td_cluster_start() {
        local bin port try
        bin=$(td_pgbin)
        TD_TMP=$(mktemp -d /tmp/templatedet-bench.XXXXXX)
        ((EUID == 0)) && chown postgres: "$TD_TMP"
        td_as_server "$bin/initdb" -D "$TD_TMP/data" -U postgres --auth=trust --no-locale -E UTF8 \
            --no-sync >"$TD_TMP/initdb.log" 2>&1 || { cat "$TD_TMP/initdb.log" >&2; return 1; }
        for try in 1 2 3 4 5 6 7 8 9 10; do
            port=$((20000 + RANDOM % 40000))
            (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
            if td_as_server "$bin/pg_ctl" -D "$TD_TMP/data" -l "$TD_TMP/server.log" -w -t 60 \
                -o "-c port=$port -c listen_addresses=127.0.0.1 -c unix_socket_directories='$TD_TMP' -c fsync=off" \
                start >/dev/null; then
                export PGHOST=$TD_TMP PGPORT=$port PGUSER=postgres
                unset PGDATABASE PGSERVICE PGOPTIONS PGPASSWORD PGHOSTADDR PGSSLMODE
                return 0
            fi
        done
        return 1
    }
    td_cluster_stop() {
        [[ -n $TD_TMP && -d $TD_TMP ]] || return 0
        [[ -f $TD_TMP/data/postmaster.pid ]] &&
            td_as_server "$(td_pgbin)/pg_ctl" -D "$TD_TMP/data" -m immediate -w -t 30 stop >/dev/null 2>&1
        rm -rf "$TD_TMP"
        TD_TMP=
    }
    td_cluster_traps() {
        trap 'rc=$?; td_cluster_stop; exit $rc' EXIT
        trap 'exit 130' INT
        trap 'exit 143' TERM
    }
fi

bench_psql() {
    psql -X -q -v ON_ERROR_STOP=1 -d bench "$@"
}

bench_setup() {
    if [[ -z ${NO_INSTALL:-} ]]; then
        echo "bench: make && make install" >&2
        make -C "$REPO" -s -j"$(nproc)" >/dev/null
        make -C "$REPO" -s install >/dev/null
    fi
    td_cluster_traps
    td_cluster_start >&2
    psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE bench"
    bench_psql -c "CREATE EXTENSION templatedet"
}

# Site folders under DIR: every sub-folder holding at least one .html file.
bench_sites() {
    local d
    for d in "$1"/*/; do
        compgen -G "$d*.html" >/dev/null && basename "$d"
    done
}

bench_load() {
    local dir site f list
    dir=$(cd "$1" && pwd)
    if ((EUID == 0)) && ! runuser -u postgres -- test -r "$(compgen -G "$dir/*/*.html" | head -n 1)"; then
        echo "bench: the postgres OS user cannot read $dir" >&2
        return 1
    fi
    list=$TD_TMP/pages.tsv
    : >"$list"
    while read -r site; do
        for f in "$dir/$site"/*.html; do
            printf '%s/%s\t%s\t%s\n' "$site" "$(basename "$f")" "$site" "$f" >>"$list"
        done
    done < <(bench_sites "$dir")
    chmod a+r "$list"
    bench_psql <<SQL
CREATE TABLE pages (url text PRIMARY KEY, host text NOT NULL, html bytea NOT NULL);
CREATE TEMP TABLE page_files (url text, host text, path text);
COPY page_files FROM '$list';
INSERT INTO pages SELECT url, host, pg_read_binary_file(path) FROM page_files ORDER BY url;
VACUUM ANALYZE pages;
SQL
}
