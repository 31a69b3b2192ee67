#!/usr/bin/env bash
# Page-level quality as README.md "Quality" reports it: builds bench/page_quality.c
# and runs it on Dragnet's test split, CleanEval and sites/ (leave-half-out, at the
# page-level threshold 0.5 and at clean_text's 0.6 after site-level stripping: "or" is
# clean_text, "orx" the plain union, "orst" clean_text with structural marks too).
# Models are trained as the built-in one is: every site (site-level OR structural
# labels) plus Dragnet's train split labelled from its gold text (gold_labels.h).
#   bash bench/page_quality.sh [CORPUS_DIR]     (default ../shared/corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus}
out=${OUT:-/tmp/td_page_quality}
mkdir -p build/bench "$out"
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Isrc/core $(xml2-config --cflags) \
   -o build/bench/page_quality bench/page_quality.c src/core/*/*.c $(xml2-config --libs) -lz -lm
pq=build/bench/page_quality
gold=$corpus/pages/dragnet
cols() { awk -v set="$1" '$1 != "all" {print set, $0}'; }
TD_GOLD=1 TD_SPLIT=test $pq pages "$gold" "$out/dragnet" "$corpus/sites" | tail -2 | cols dragnet-test
TD_GOLD_TRAIN=$gold $pq pages "$corpus/pages/cleaneval" "$out/cleaneval" "$corpus/sites" | tail -2 | cols cleaneval
TD_GOLD_TRAIN=$gold $pq pages "$corpus/pages/readability" "$out/readability" "$corpus/sites" | tail -2 | cols readability
TD_GOLD_TRAIN=$gold $pq sites "$corpus/sites" "$out/sites" | grep -E '^(basic|smooth|site|rem) ' | cols sites@0.5
TD_THRESH=0.6 TD_GOLD_TRAIN=$gold $pq sites "$corpus/sites" "$out/sites6" | grep -E '^(or|orx|orst) ' | cols sites@0.6
