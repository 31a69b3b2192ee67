# Sourced by the bench scripts: build, a throwaway cluster, page loading, timing, predictions.
#
#   bench_setup        make + make install (unless NO_INSTALL=1), start a throwaway
#                      cluster (test/cluster.sh when the harness has it, else a copy of
#                      the same recipe below), CREATE EXTENSION in database "bench"
#   bench_load DIR     load DIR/<site>/*.html into pages(url, host, html bytea)
#                      with pg_read_binary_file (the server reads the files itself)
#   bench_psql ...     psql on the bench database, stop on the first error, quiet
#   bench_timing_setup schema bench: cpu() (the backend's CPU seconds), hwm() (its peak RSS), results, and
#                      time(label, query, reps) that runs a query reps times into results
#   bench_split_csv CSV DIR   a (url, text) CSV into DIR/<url without .html>.txt files,
#                      the layout ../shared/eval/score.py reads
#   bench_sites_dir [DIR]  the folder of sites to use: DIR, else ../shared/corpus/sites
#   bench_copies T N   table T(id, url, host, html) of N pages: pages repeated, each
#                      copy made distinct by one extra paragraph (same hosts)
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

bench_sites_dir() {
    local d
    for d in ${1:-} ../shared/corpus/sites "$REPO/../shared/corpus/sites"; do
        [[ -n $d && -d $d ]] && { (cd "$d" && pwd); return 0; }
    done
    echo "bench: no folder of sites (give one; ../shared/corpus/sites is not here)" >&2
    return 1
}

bench_timing_setup() {
    local hz
    hz=$(getconf CLK_TCK)
    bench_psql <<SQL
CREATE SCHEMA bench;
-- CPU seconds (user + system) of this backend so far
CREATE FUNCTION bench.cpu() RETURNS float8 LANGUAGE sql AS \$\$
  SELECT (f[12]::float8 + f[13]::float8) / $hz
  FROM (SELECT string_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ') AS f) s \$\$;
-- peak resident set of this backend, bytes
CREATE FUNCTION bench.hwm() RETURNS bigint LANGUAGE sql AS \$\$
  SELECT 1024 * substring(pg_read_file('/proc/self/status') FROM 'VmHWM:\s+(\d+) kB')::bigint \$\$;
CREATE TABLE bench.results (label text, rep int, wall_s float8, cpu_s float8, result numeric);
CREATE FUNCTION bench.time(label text, q text, reps int) RETURNS void LANGUAGE plpgsql AS \$\$
DECLARE c0 float8; t0 timestamptz; r numeric;
BEGIN
  FOR i IN 1..reps LOOP
    c0 := bench.cpu(); t0 := clock_timestamp();
    EXECUTE q INTO r;
    INSERT INTO bench.results
      VALUES (label, i, extract(epoch FROM clock_timestamp() - t0), bench.cpu() - c0, r);
  END LOOP;
END \$\$;
SQL
}

bench_split_csv() {
    rm -rf "${2:?}"
    /usr/bin/python3 - "$1" "$2" <<'PY'
import csv, os, sys
src, dst = sys.argv[1], sys.argv[2]
csv.field_size_limit(1 << 30)
with open(src, newline="", encoding="utf-8") as f:
    for url, text in csv.reader(f):
        path = os.path.join(dst, url[:-len(".html")] + ".txt")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as o:
            o.write(text)
PY
}

bench_copies() {
    local table=$1 n=$2
    bench_psql <<SQL
CREATE TABLE $table AS
  SELECT row_number() OVER () AS id, url || '#' || g AS url, host,
         CASE WHEN g = 1 THEN html
              ELSE html || convert_to('<p>synthetic copy ' || g || ' of ' || url || '</p>', 'UTF8') END AS html
  FROM (SELECT * FROM pages ORDER BY url) p,
       generate_series(1, ceil($n / (SELECT count(*) FROM pages)::float8)::int) g
  ORDER BY g, url LIMIT $n;
SQL
}
