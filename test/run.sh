#!/usr/bin/env bash
# make test: deps -> build -> install -> a throwaway cluster -> every suite.
#
# Each step and suite prints one line when it starts and one with its result and
# seconds; its own output (compiler lines, test and fuzzer output) goes to
# build/test-run/NAME.log, which a failure names and shows the last LOG_TAIL lines of.
# Then a summary table; the last line is "make test: N passed, N failed" counting
# suites (CI reads it), and the exit status is non-zero if any failed.
#
# One line below per suite:
#   suite NAME cmd...        run cmd (a command or an exported function), alone
#   suite_start NAME cmd...  start it in the background beside the next suite_start
#                            lines, at most JOBS at once; suites_wait (or the next
#                            `suite`) waits for them
#   skip NAME NOTE           record a suite as SKIP (result NAME PASS|FAIL|SKIP SECONDS [NOTE]
#                            records any result worked out in this script)
# Everything temporary of the run (the cluster, TMPDIR of every step) is in one folder
# made for it (test/cluster.sh: td_run_tmp), removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
export PG_CONFIG=${PG_CONFIG:-pg_config}
FUZZ_TIME=${FUZZ_TIME:-20}          # seconds of fuzzing per fuzz target
SUITE_LIMIT=${SUITE_LIMIT:-900}     # seconds before a hung suite is stopped
JOBS=${JOBS:-$(nproc)}              # make -j, and suites at once (suite_start)
LOG_TAIL=${LOG_TAIL:-60}            # lines of a failed step's log printed
LOGS=build/test-run
. test/cluster.sh
td_cluster_traps
td_run_tmp
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log
# `wait -n -p` (bash 5.1) tells which background suite ended; without it, one at a time
((BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] >= 501)) || JOBS_SUITES=1
JOBS_SUITES=${JOBS_SUITES:-$JOBS}
t_run=$SECONDS
echo "make test: logs in $LOGS/, temporary files in $TD_RUN_TMP/"

passed=0 failed=0 order=()
declare -A line=() status=()
clock() { local s=$((SECONDS - t_run)); printf '%d:%02d' $((s / 60)) $((s % 60)); }
record() {    # record NAME PASS|FAIL|SKIP SECONDS [NOTE]
    case $2 in PASS) passed=$((passed + 1)) ;; FAIL) failed=$((failed + 1)) ;; esac
    [[ -n ${status[$1]:-} ]] || order+=("$1")     # the table is in the order of the starts
    status[$1]=$2
    line[$1]=$(printf '  %-14s %-4s %4ss  %s' "$1" "$2" "$3" "${4:-}")
}
result() {    # result NAME PASS|FAIL|SKIP SECONDS [NOTE]: a result worked out here
    record "$@"
    echo "--- $1: $2${4:+ ($4)}"
}
skip() {      # skip NAME NOTE
    result "$1" SKIP 0 "$2"
}
note() {      # note NAME: a few words from its log for a result line that says ok or PASS
    local log=$LOGS/$1.log words=() w
    # libFuzzer's last line: "Done 123456 runs in 20 second(s)"
    w=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log" | tail -n 1)
    [[ -z $w ]] || words+=("$w")
    # the compiler's warnings are in the log only: say that there are some
    w=$(grep -c ': warning: ' "$log" || true)
    ((w == 0)) || words+=("$w compiler warnings in $log")
    local IFS=';'; w="${words[*]}"; echo "${w//;/; }"
}
ended() {     # ended NAME EXIT-STATUS T0 LIMIT: the result line; on failure, the log's tail
    local name=$1 rc=$2 secs=$((SECONDS - $3)) log=$LOGS/$1.log why
    if ((rc == 0)); then
        why=$(note "$name")
        record "$name" PASS "$secs" "$why"
        echo "--- $name: PASS ($secs s${why:+; $why})"
        return
    fi
    if ((rc == 124 || rc == 137)); then why="stopped after ${4}s"; else why="exit $rc"; fi
    record "$name" FAIL "$secs" "$why"
    echo "--- $name: FAIL ($secs s; $why); log: $PWD/$log, its last $LOG_TAIL lines:"
    tail -n "$LOG_TAIL" "$log" | sed 's/^/  | /'
}
finish() {
    local n
    echo
    echo "=== summary ($(clock) in all; logs in $LOGS/)"
    for n in ${order[@]+"${order[@]}"}; do echo "${line[$n]}"; done
    echo "make test: $passed passed, $failed failed"
    ((failed == 0))
}

running=()
declare -A run_name=() run_t0=() run_limit=()
suite_start() {   # suite_start NAME cmd...
    local name=$1; shift
    while ((${#running[@]} >= JOBS_SUITES)); do suite_reap; done
    echo "=== $name (at $(clock))"
    order+=("$name") status[$name]=started
    td_start "$SUITE_LIMIT" "$@" >"$LOGS/$name.log" 2>&1 </dev/null
    running+=("$TD_STARTED")
    run_name[$TD_STARTED]=$name run_t0[$TD_STARTED]=$SECONDS run_limit[$TD_STARTED]=$SUITE_LIMIT
}
suite_reap() {    # wait for one suite of suite_start to end, and report it
    local pid= rc=0 p kept=()
    if ((${#running[@]} == 1)); then
        pid=${running[0]}
        wait "$pid" || rc=$?
    else
        wait -n -p pid "${running[@]}" || rc=$?
    fi
    td_forget "$pid"
    for p in "${running[@]}"; do [[ $p == "$pid" ]] || kept+=("$p"); done
    running=(${kept[@]+"${kept[@]}"})
    ended "${run_name[$pid]}" "$rc" "${run_t0[$pid]}" "${run_limit[$pid]}"
}
suites_wait() {
    while ((${#running[@]} > 0)); do suite_reap; done
}
suite() {         # suite NAME cmd...: after the ones running, alone
    suites_wait
    suite_start "$@"
    suites_wait
}
mk() { $MAKE --no-print-directory "$@"; }
export MAKE; export -f mk     # suites run in a child bash (see td_start)
mkvar() { mk -s td-print-"$1" 2>/dev/null || true; }

# ---- set-up: not a suite, but without it none can run, so a failure ends the run.
# In this shell (the cluster's PGHOST...); the lines of its log that begin with
# "NAME: " are its own summary (deps: what it installed; cluster: port and folder).
step() {     # step NAME cmd...
    local name=$1 t0=$SECONDS rc=0 why; shift
    echo "=== $name (at $(clock))"
    "$@" >"$LOGS/$name.log" 2>&1 </dev/null || rc=$?
    grep "^$name: " "$LOGS/$name.log" || true
    if ((rc == 0)); then
        why=$(note "$name")
        echo "--- $name: ok ($((SECONDS - t0)) s${why:+; $why})"
        return
    fi
    ended "$name" "$rc" "$t0" -
    finish || true
    exit 1
}
step deps bash test/deps.sh
step build mk -j"$JOBS"
step install mk install
step cluster td_cluster_start

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
else skip pg_regress "REGRESS is empty"; fi

# ---- pgTAP: every test/pgtap/*.sql in a database that has pgtap
pgtap_run() {
    psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'CREATE DATABASE templatedet_tap' &&
    psql -X -q -v ON_ERROR_STOP=1 -d templatedet_tap -c 'CREATE EXTENSION pgtap' &&
    pg_prove --timer -d templatedet_tap test/pgtap/*.sql
}
export -f pgtap_run
if compgen -G 'test/pgtap/*.sql' >/dev/null; then suite pgtap pgtap_run
else skip pgtap "no test/pgtap/*.sql"; fi

# ---- sharded: two more clusters as postgres_fdw shards of the coordinator (test/shard.sh)
suite shard bash test/shard.sh
if bash test/citus/build.sh --where >/dev/null; then suite citus bash test/citus.sh; else result citus SKIP 0 "no Citus source (../shared/vendor/citus-*.tar.xz; test/citus/build.sh)"; fi
suite upgrade bash test/upgrade.sh
suite scaling bash test/scaling.sh
suite explain bash test/explain.sh
# ---- templatedet.on_error = skip: the summaries of parallel, COPY, DO... statements (test/skip.sh)
suite skip bash test/skip.sh
# ---- clean_markdown read back by cmark-gfm: clean_text's words (test/markdown.sh)
suite markdown bash test/markdown.sh
# ---- WARC files written by wget, read by warc_records and templatedet-warc (test/warc.sh)
suite warc bash test/warc.sh

# ---- core unit tests: pure C, no server; the core compiled once (build/lib/)
if compgen -G 'test/core/test_*.c' >/dev/null; then suite core mk -j"$JOBS" core-check
else skip core "no test/core/test_*.c"; fi

# ---- fuzz targets (FUZZ_TARGETS in the Makefile), FUZZ_TIME seconds each, JOBS at
# once (each fuzzer is one process: on 2 cores two run at full speed), when libFuzzer works
fuzz_targets=$(mkvar FUZZ_TARGETS)
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
    skip fuzz "no FUZZ_TARGETS in the Makefile"
elif ! libfuzzer_ok; then
    for t in $fuzz_targets; do skip "$t" "no clang with libFuzzer"; done
else
    # every fuzzer built first, by one make: the runs below must not build at once
    suite fuzz-build mk -j"$JOBS" fuzzers
    for t in $fuzz_targets; do
        if [[ ${status[fuzz-build]} == PASS ]]; then
            # the limit: FUZZ_TIME, plus the fuzzer's start and the last input's -timeout
            SUITE_LIMIT=$((FUZZ_TIME * 2 + 60)) suite_start "$t" mk "$t" FUZZ_TIME="$FUZZ_TIME"
        else
            skip "$t" "fuzz-build failed"
        fi
    done
    suites_wait
fi

finish
