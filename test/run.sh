#!/usr/bin/env bash
# make test: deps -> build -> install -> a throwaway cluster -> every suite.
# Each suite prints PASS/FAIL/SKIP; the last line is "make test: N passed, N failed"
# counting suites (CI reads it), and the exit status is non-zero if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
export PG_CONFIG=${PG_CONFIG:-pg_config}
FUZZ_TIME=${FUZZ_TIME:-20}          # seconds per fuzz target
SUITE_LIMIT=${SUITE_LIMIT:-900}     # seconds before a hung suite is stopped
. test/cluster.sh
td_cluster_traps

passed=0 failed=0 summary=()
result() {    # result NAME PASS|FAIL|SKIP SECONDS [NOTE]
    case $2 in PASS) passed=$((passed + 1)) ;; FAIL) failed=$((failed + 1)) ;; esac
    summary+=("$(printf '  %-14s %-4s %4ss  %s' "$1" "$2" "$3" "${4:-}")")
    echo "--- $1: $2${4:+ ($4)}"
}
finish() {
    echo
    echo "=== summary"
    printf '%s\n' "${summary[@]}"
    echo "make test: $passed passed, $failed failed"
    ((failed == 0))
}
suite() {     # suite NAME cmd... : run, time and record one suite
    local name=$1 t0=$SECONDS rc=0; shift
    echo
    echo "=== $name"
    td_run "$SUITE_LIMIT" "$@" || rc=$?
    if ((rc == 0)); then result "$name" PASS $((SECONDS - t0))
    elif ((rc == 124 || rc == 137)); then result "$name" FAIL $((SECONDS - t0)) "stopped after ${SUITE_LIMIT}s"
    else result "$name" FAIL $((SECONDS - t0)) "exit $rc"
    fi
}
mk() { $MAKE --no-print-directory "$@"; }
export MAKE; export -f mk     # suites run in a child bash (see td_run)
mkvar() { mk -s td-print-"$1" 2>/dev/null || true; }

# ---- set-up: not a suite, but without it none can run, so a failure ends the run
setup() {     # setup NAME cmd...
    echo "=== $1"
    if ! "${@:2}"; then result "$1" FAIL 0; finish; exit 1; fi
}
setup deps bash test/deps.sh
setup build mk -s -j"$(nproc)"      # -s: warnings and errors only
setup install mk -s install
setup cluster td_cluster_start

# ---- load: the installed library loads and the extension script runs; a link
# error (a symbol from an uncommitted file) shows here in one line
load_run() {
    psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'CREATE DATABASE templatedet_load' &&
    psql -X -q -v ON_ERROR_STOP=1 -d templatedet_load -c 'CREATE EXTENSION templatedet' \
        -c "SELECT extversion AS templatedet FROM pg_extension WHERE extname = 'templatedet'"
}
export -f load_run
suite load load_run
suite docs bash test/docs.sh

# ---- pg_regress: the REGRESS list in the Makefile
regress_run() {
    rm -f regression.diffs regression.out
    if mk installcheck; then return 0; fi
    if [[ -f regression.diffs ]]; then
        echo "--- $PWD/regression.diffs (first 2000 lines):"
        head -n 2000 regression.diffs
    fi
    return 1
}
export -f regress_run
if [[ -n $(mkvar REGRESS) ]]; then suite pg_regress regress_run
else result pg_regress SKIP 0 "REGRESS is empty"; fi

# ---- pgTAP: every test/pgtap/*.sql in a database that has pgtap
pgtap_run() {
    psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'CREATE DATABASE templatedet_tap' &&
    psql -X -q -v ON_ERROR_STOP=1 -d templatedet_tap -c 'CREATE EXTENSION pgtap' &&
    pg_prove --timer -d templatedet_tap test/pgtap/*.sql
}
export -f pgtap_run
if compgen -G 'test/pgtap/*.sql' >/dev/null; then suite pgtap pgtap_run
else result pgtap SKIP 0 "no test/pgtap/*.sql"; fi

# ---- sharded: two more clusters as postgres_fdw shards of the coordinator (test/shard.sh)
suite shard bash test/shard.sh
if bash test/citus/build.sh --where >/dev/null; then suite citus bash test/citus.sh; else result citus SKIP 0 "no Citus source (../shared/vendor/citus-*.tar.xz; test/citus/build.sh)"; fi
suite upgrade bash test/upgrade.sh

# ---- core unit tests: pure C, no server
if compgen -G 'test/core/test_*.c' >/dev/null; then suite core mk core-check
else result core SKIP 0 "no test/core/test_*.c"; fi

# ---- fuzz targets: every fuzz-* target of the Makefile, briefly, when libFuzzer works
fuzz_targets=$(mk -pRrq -f Makefile : 2>/dev/null |
               sed -n 's/^\(fuzz-[A-Za-z0-9_-]*\):.*/\1/p' | sort -u || true)
libfuzzer_ok() {
    local d rc=0
    command -v clang >/dev/null 2>&1 || return 1
    d=$(mktemp -d)
    printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
        'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }' >"$d/t.c"
    clang -fsanitize=fuzzer "$d/t.c" -o "$d/t" >/dev/null 2>&1 || rc=1
    rm -rf "$d"
    return $rc
}
if [[ -z $fuzz_targets ]]; then
    result fuzz SKIP 0 "no fuzz-* targets in the Makefile"
elif ! libfuzzer_ok; then
    for t in $fuzz_targets; do result "$t" SKIP 0 "no clang with libFuzzer"; done
else
    # FUZZ_TIME is the Makefile's knob for -max_total_time; the seed corpus is
    # test/fuzz/<name>/ when the rule uses one.
    # The limit leaves room to build the target; a rule that ignores FUZZ_TIME
    # still cannot run for long.
    for t in $fuzz_targets; do
        SUITE_LIMIT=$((FUZZ_TIME * 2 + 240)) suite "$t" mk "$t" FUZZ_TIME="$FUZZ_TIME"
    done
fi

finish
