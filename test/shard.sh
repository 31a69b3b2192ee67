#!/usr/bin/env bash
# test/shard.sh — the sharded suite (test/run.sh runs it on its cluster, the coordinator,
# whose PGHOST/PGPORT/PGUSER it inherits).
#
# Starts two more throwaway clusters (test/cluster.sh: initdb as the postgres OS user, a
# free port on 127.0.0.1) inside the coordinator's folder, so they go with it on every exit
# path; this script also stops them itself on exit.  On each shard: database "shard" with
# templatedet, empty tables pages / site_profiles and a view clean_pages of their join.  On the coordinator: database
# "templatedet_shard" with templatedet, postgres_fdw, servers shard1/shard2 (option
# extensions 'templatedet', so its functions may be shipped) and user mappings.  Then
# pg_regress runs test/shard/sql/td_shard.sql there (test/shard/expected/td_shard.out): hash
# partitions as foreign tables, aggregate and join pushdown, equality with one node.
# Results go to build/shard/ (regression.diffs on failure).
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh

[[ -n ${PGHOST:-} && -n ${PGPORT:-} ]] || { echo "shard: run by test/run.sh (no coordinator PGHOST/PGPORT)" >&2; exit 2; }
coord_host=$PGHOST coord_port=$PGPORT
shard_dirs=()

stop_shards() {
    local d
    for d in "${shard_dirs[@]}"; do (TD_TMP=$d KEEP= td_cluster_stop); done
    shard_dirs=()
}
trap 'rc=$?; stop_shards; exit $rc' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

shard_ports=()
for i in 1 2; do
    TD_TMP=
    echo -n "shard$i: "
    TD_PARENT=$coord_host td_cluster_start || { [[ -n $TD_TMP ]] && shard_dirs+=("$TD_TMP"); exit 1; }
    d=$TD_TMP port=$PGPORT
    shard_dirs+=("$d")
    shard_ports+=("$port")
    psql -X -q -v ON_ERROR_STOP=1 -h "$d" -p "$port" -U postgres -d postgres <<'SQL'
CREATE DATABASE shard;
\c shard
CREATE EXTENSION templatedet;
CREATE TABLE pages (url text PRIMARY KEY, host text NOT NULL, html text NOT NULL);
CREATE TABLE site_profiles (host text PRIMARY KEY, profile tdprofile NOT NULL);
-- postgres_fdw (PostgreSQL 15) ships joins and aggregates, not the expressions of a
-- select list: a clean text computed on the shard is a view there
CREATE VIEW clean_pages AS
  SELECT p.url, p.host, strip_template(p.html, s.profile) AS body
  FROM pages p JOIN site_profiles s USING (host);
SQL
done
export PGHOST=$coord_host PGPORT=$coord_port

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'CREATE DATABASE templatedet_shard'
psql -X -q -v ON_ERROR_STOP=1 -d templatedet_shard <<SQL
CREATE EXTENSION templatedet;
CREATE EXTENSION postgres_fdw;
CREATE SERVER shard1 FOREIGN DATA WRAPPER postgres_fdw
  OPTIONS (host '127.0.0.1', port '${shard_ports[0]}', dbname 'shard', extensions 'templatedet');
CREATE SERVER shard2 FOREIGN DATA WRAPPER postgres_fdw
  OPTIONS (host '127.0.0.1', port '${shard_ports[1]}', dbname 'shard', extensions 'templatedet');
CREATE USER MAPPING FOR postgres SERVER shard1 OPTIONS (user 'postgres');
CREATE USER MAPPING FOR postgres SERVER shard2 OPTIONS (user 'postgres');
SQL

pg_regress=$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress
out=build/shard
rm -rf "$out"; mkdir -p "$out"
# --use-existing: the database prepared above, on the coordinator
"$pg_regress" --use-existing --dbname=templatedet_shard --bindir="$(td_pgbin)" \
    --host="$coord_host" --port="$coord_port" --user=postgres \
    --inputdir=test/shard --outputdir="$out" td_shard || {
    [[ -f $out/regression.diffs ]] && { echo "--- $PWD/$out/regression.diffs:"; head -n 400 "$out/regression.diffs"; }
    exit 1
}
