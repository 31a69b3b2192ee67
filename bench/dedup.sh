#!/usr/bin/env bash
# bench/dedup.sh [SITES_DIR] — near-duplicate signatures inside PostgreSQL (not a test).
#
#   N=100000      generated documents for the speed and self-join measures
#   WORDS=200     words per generated document
#   N_TRGM=1000   documents in the pg_trgm reference join (it is quadratic on long texts)
#   NO_INSTALL=1  skip make && make install (use the installed extension)
#   KEEP=1        leave the cluster running (test/cluster.sh)
#
# 1. Speed: shingles() and minhash() over N generated documents (log-uniform words
#    from a 10,000-word vocabulary of md5 letters; the last 1% are copies of earlier documents with
#    their first 10 words replaced), one backend, MB/s of text.
# 2. Self-join over the N documents: shingles with a GIN index (`&&`, then >= 4 of
#    8 shared) and MinHash LSH (32 bands of 4, GIN on the band keys, then similarity
#    >= 0.5): build and join time, index size, pairs found; pg_trgm's similarity join
#    (`%`, GIN gin_trgm_ops) on the first N_TRGM documents beside ours on the same.
# 3. The seed §6.2 experiment on SITES_DIR (default ../shared/corpus/sites; pages and
#    gold .txt files are read by the server, never copied): bench/dedup_pairs.sql.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SITES=${1:-../shared/corpus/sites}
N=${N:-100000}
WORDS=${WORDS:-200}
N_TRGM=${N_TRGM:-1000}

bench_setup
bench_psql -c "CREATE EXTENSION pg_trgm"

# run LABEL SQL: wall seconds of one statement (psql \timing), printed as "LABEL  s"
run() {
    local label=$1 sql=$2 ms
    ms=$(bench_psql -c "SET max_parallel_workers_per_gather = 0" -c '\timing on' -c "$sql" |
         sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -n 1)
    printf '%-44s %10.2f s\n' "$label" "$(echo "$ms / 1000" | bc -l)"
    echo "$ms"  >"$TD_TMP/last_ms"
}
mbps() { printf '%.1f' "$(echo "$1 / 1048576 * 1000 / $(cat "$TD_TMP/last_ms")" | bc -l)"; }

echo "== generating $N documents of $WORDS words"
bench_psql -q <<SQL >/dev/null
SELECT setseed(0.42);
-- word n of a 10,000-word vocabulary: 3-8 letters from md5(n), drawn log-uniformly
CREATE TABLE docs (id int PRIMARY KEY, body text NOT NULL);
INSERT INTO docs
SELECT d, (SELECT string_agg(translate(substr(md5(w::text), 1, 3 + w % 6), '0123456789', 'ghijklmnop'), ' ')
           FROM (SELECT floor(exp(random() * ln(10000)))::int AS w
                 FROM generate_series(1, $WORDS) WHERE d > 0) r)
FROM generate_series(1, $N - $N / 100) d;
INSERT INTO docs
SELECT d + ($N - $N / 100), regexp_replace(body, '^(\S+ ){10}', 'edit1 edit2 edit3 edit4 edit5 edit6 edit7 edit8 edit9 edit10 ')
FROM docs d0 JOIN generate_series(1, $N / 100) d ON d0.id = d * 7;
VACUUM ANALYZE docs;
SQL
bytes=$(bench_psql -At -c "SELECT sum(octet_length(body)) FROM docs")
echo "documents: $(bench_psql -At -c 'SELECT count(*) FROM docs'), text: $((bytes / 1048576)) MB"

echo
echo "== 1. speed (one backend)"
run "read only: sum(octet_length)" "SELECT sum(octet_length(body)) FROM docs"
run "shingles(body) (6, 8)" "SELECT sum(cardinality(shingles(body))) FROM docs"
echo "   shingles: $(mbps "$bytes") MB/s"
run "minhash(body) (5, 128)" "SELECT sum(cardinality(minhash(body))) FROM docs"
echo "   minhash:  $(mbps "$bytes") MB/s"
run "minhash(body, k => 32)" "SELECT sum(cardinality(minhash(body, k => 32))) FROM docs"
echo "   minhash k=32: $(mbps "$bytes") MB/s"

echo
echo "== 2. self-join over $N documents"
run "signatures: shingles + minhash per document" \
    "CREATE TABLE sigs AS SELECT id, shingles(body) AS sig, minhash(body) AS mh FROM docs"
bench_psql -q -c "ALTER TABLE sigs ADD PRIMARY KEY (id)" -c "VACUUM ANALYZE sigs"
run "GIN index on shingles" "CREATE INDEX sigs_sig ON sigs USING gin (sig)"
run "GIN index on minhash_bands(mh, 32)" "CREATE INDEX sigs_bands ON sigs USING gin (minhash_bands(mh, 32))"
bench_psql -c "VACUUM ANALYZE sigs"
bench_psql -At -c "SELECT 'index sizes: shingles ' || pg_size_pretty(pg_relation_size('sigs_sig')) ||
                   ', bands ' || pg_size_pretty(pg_relation_size('sigs_bands')) ||
                   ', table ' || pg_size_pretty(pg_table_size('sigs'))"
bench_psql -c "SET max_parallel_workers_per_gather = 0" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM sigs a JOIN sigs b ON a.id < b.id AND a.sig && b.sig
               WHERE shingle_overlap(a.sig, b.sig) >= 4"
run "shingle join (&&, >= 4 of 8)" \
    "CREATE TABLE pairs_sh AS SELECT a.id AS a, b.id AS b FROM sigs a JOIN sigs b
     ON a.id < b.id AND a.sig && b.sig WHERE shingle_overlap(a.sig, b.sig) >= 4"
run "MinHash LSH join (32 bands, >= 0.5)" \
    "CREATE TABLE pairs_mh AS SELECT a.id AS a, b.id AS b FROM sigs a JOIN sigs b
     ON a.id < b.id AND minhash_bands(a.mh, 32) && minhash_bands(b.mh, 32)
     WHERE minhash_similarity(a.mh, b.mh) >= 0.5"
bench_psql -At -c "SELECT 'pairs found: shingles ' || (SELECT count(*) FROM pairs_sh) ||
                   ', MinHash ' || (SELECT count(*) FROM pairs_mh) || ', planted ' || $N / 100"

echo
echo "== pg_trgm reference on the first $N_TRGM documents"
bench_psql -c "CREATE TABLE small AS SELECT * FROM docs WHERE id <= $N_TRGM - $N_TRGM / 100
               OR id > $N - $N / 100 AND id <= $N - $N / 100 + $N_TRGM / 100" \
           -c "VACUUM ANALYZE small"
run "pg_trgm GIN index (gin_trgm_ops)" "CREATE INDEX small_trgm ON small USING gin (body gin_trgm_ops)"
bench_psql -At -c "SELECT 'pg_trgm index: ' || pg_size_pretty(pg_relation_size('small_trgm'))"
run "pg_trgm join (%, similarity >= 0.3)" \
    "CREATE TABLE pairs_trgm AS SELECT a.id AS a, b.id AS b FROM small a JOIN small b ON a.id < b.id AND a.body % b.body"
run "shingles on the same documents (sig + join)" \
    "CREATE TABLE pairs_sh_small AS WITH s AS MATERIALIZED (SELECT id, shingles(body) AS sig FROM small)
     SELECT a.id AS a, b.id AS b FROM s a JOIN s b ON a.id < b.id AND a.sig && b.sig
     WHERE shingle_overlap(a.sig, b.sig) >= 4"
bench_psql -At -c "SELECT 'pairs found on $N_TRGM: pg_trgm ' || (SELECT count(*) FROM pairs_trgm) ||
                   ', shingles ' || (SELECT count(*) FROM pairs_sh_small)"

echo
echo "== 3. seed §6.2: one gold text in two sites' templates ($SITES)"
dir=$(cd "$SITES" && pwd)
list=$TD_TMP/dedup_files.tsv
: >"$list"
while read -r site; do
    for f in "$dir/$site"/*.html; do
        [[ -f ${f%.html}.txt ]] && printf '%s/%s\t%s\t%s\t%s\n' "$site" "$(basename "$f")" "$site" "$f" "${f%.html}.txt" >>"$list"
    done
done < <(bench_sites "$dir")
chmod a+r "$list"
bench_psql <<SQL
CREATE TABLE pages (url text PRIMARY KEY, host text NOT NULL, html bytea NOT NULL);
CREATE TABLE gold (url text PRIMARY KEY, gold text NOT NULL);
CREATE TEMP TABLE files (url text, host text, path text, gold text);
COPY files FROM '$list';
INSERT INTO pages SELECT url, host, pg_read_binary_file(path) FROM files;
INSERT INTO gold SELECT url, convert_from(pg_read_binary_file(gold), 'UTF8') FROM files;
SQL
bench_psql -f bench/dedup_pairs.sql
