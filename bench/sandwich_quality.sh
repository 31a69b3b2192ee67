#!/usr/bin/env bash
# bench/sandwich_quality.sh [SITES_DIR] — word-level quality of the sandwich algorithm
# (core alone, bench/sandwich_quality.c; no server) for each peer rule and unit, scored
# by ../shared/eval/score.py; one line per configuration, then the site-level baseline
# for comparison (bench/core_quality.c, θ = 0.1).
#
#   SITES_DIR  default ../shared/corpus/sites (NNN.html, gold NNN.txt, SOURCE per site)
#   OUT=dir    keep the predictions there (default: a temp folder, removed at the end)
set -euo pipefail
cd "$(dirname "$0")/.."
SITES=${1:-../shared/corpus/sites}
[[ -d $SITES ]] || { echo "usage: bench/sandwich_quality.sh SITES_DIR" >&2; exit 2; }
SCORE=${SCORE:-$(cd "$SITES/../.." 2>/dev/null && pwd)/eval/score.py}
[[ -f $SCORE ]] || SCORE=../shared/eval/score.py
PY=/usr/bin/python3
if [[ -z ${OUT:-} ]]; then
    OUT=$(mktemp -d /tmp/td_sandwich_quality.XXXXXX)
    trap 'rm -rf "$OUT"' EXIT
fi
mkdir -p build/bench "$OUT"
XML2_CFLAGS=$(xml2-config --cflags 2>/dev/null || pkg-config --cflags libxml-2.0)
XML2_LIBS=$(xml2-config --libs 2>/dev/null || pkg-config --libs libxml-2.0)
for prog in sandwich_quality core_quality; do
    # shellcheck disable=SC2086
    cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wno-unused-parameter -Isrc/core -Ibench \
        $XML2_CFLAGS -o build/bench/$prog bench/$prog.c src/core/*/*.c $XML2_LIBS -lz -lm
done

for cfg in "none line" "url line" "url token" "nearest line" "nearest token" \
           "prev line" "prev token" "url line fragment" "url token fragment"; do
    # shellcheck disable=SC2086
    set -- $cfg
    dir=$OUT/$1_$2_${3:-mask}
    build/bench/sandwich_quality "$SITES" "$dir" $cfg 2>"$dir.log" || { cat "$dir.log" >&2; exit 1; }
    printf '%-26s %s\n' "$1 $2 ${3:-mask}" "$($PY "$SCORE" "$SITES" "$dir" | tail -n 1)"
    tail -n 1 "$dir.log"
done
build/bench/core_quality "$SITES" "$OUT/strip_template" 0.1 2>/dev/null
printf '%-26s %s\n' "strip_template 0.1" "$($PY "$SCORE" "$SITES" "$OUT/strip_template" | tail -n 1)"
