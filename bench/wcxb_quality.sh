#!/bin/bash
# wcxb_quality.sh — the issue-12 measurements (bench/README.md, "wcxb-dev: first
# measurements"): one configuration of bench/page_quality on wcxb-dev (5 folds by
# registered domain), dragnet's test split, cleaneval, readability and sites/ (leave-half-out;
# page level at 0.5 for the no-profile rules, at 0.6 for clean_text with a profile: "or"),
# each writing TD_STEPS outputs that bench/fb_rules.py turns into the rule table.
#
#   [WX=1] [SETS="wx dn ce rd s5 s6"] bash bench/wcxb_quality.sh BIN TAG [VAR=value ...]
#
# BIN: a page_quality build (experiment switches: -DTD_EXP_*, see features.h); TAG names
# the output folders $OUT/st_TAG_<set>; VAR=value pairs go to the environment of every
# run (TD_MAXITER=30...; the noscript rule is in the core now). WX=1: wcxb-dev's gold joins training: on wcxb by
# folds (TD_KFOLD_GOLD=1), on the other sets all its pages (none of them is scored there).
# WCXB (default /work/data/wcxb-dev): the unpacked wcxb-dev folder, outside the project.
# CORPUS (default ../shared/corpus), TD_SCORE (default ../shared/eval/score.py), OUT
# (default /tmp/wcxb_quality); GTX: more gold-labelled datasets for training, every set
# (GTX=$CORPUS/pages/dragnet counts dragnet's train split twice). Run from the repository root.
BIN=$1; TAG=$2; shift 2
C=${CORPUS:-../shared/corpus}
W=${WCXB:-/work/data/wcxb-dev}
O=${OUT:-/tmp/wcxb_quality}
export TD_SCORE=${TD_SCORE:-../shared/eval/score.py} TD_STEPS=1
mkdir -p "$O"
GT=$C/pages/dragnet; DNX=""
if [ "$WX" = 1 ]; then GT=$C/pages/dragnet:$W; DNX=$W; fi
X=${GTX:+:$GTX}
for s in ${SETS:-wx dn ce rd s5 s6}; do
  rm -rf "$O/st_${TAG}_$s"
  case $s in
  wx) echo "== wcxb-dev, 5 folds by domain"
      env "$@" TD_KFOLD_GOLD=${WX:-0} TD_GOLD_TRAIN=$C/pages/dragnet$X nice -n 10 $BIN kfold $W "$O/st_${TAG}_wx" $C/sites 2>&1 | grep -v "^fold"
      /usr/bin/python3 bench/fb_rules.py "$O/st_${TAG}_wx" $W/manifest.tsv;;
  dn) echo "== dragnet test"
      env "$@" TD_GOLD=1 TD_SPLIT=test TD_GOLD_TRAIN=$DNX$X nice -n 10 $BIN pages $C/pages/dragnet "$O/st_${TAG}_dn" $C/sites > /dev/null 2>&1
      /usr/bin/python3 bench/fb_rules.py "$O/st_${TAG}_dn";;
  ce) echo "== cleaneval"
      env "$@" TD_GOLD_TRAIN=$GT$X nice -n 10 $BIN pages $C/pages/cleaneval "$O/st_${TAG}_ce" $C/sites > /dev/null 2>&1
      /usr/bin/python3 bench/fb_rules.py "$O/st_${TAG}_ce";;
  rd) echo "== readability"
      env "$@" TD_GOLD_TRAIN=$GT$X nice -n 10 $BIN pages $C/pages/readability "$O/st_${TAG}_rd" $C/sites > /dev/null 2>&1
      /usr/bin/python3 bench/fb_rules.py "$O/st_${TAG}_rd";;
  s5) echo "== sites/, leave-half-out, page level alone (site-avg)"
      env "$@" TD_GOLD_TRAIN=$GT$X nice -n 10 $BIN sites $C/sites "$O/st_${TAG}_s5" > /dev/null 2>&1
      /usr/bin/python3 bench/fb_rules.py "$O/st_${TAG}_s5" - $C/sites;;
  s6) echo "== sites/, clean_text with profiles (or at 0.6)"
      env "$@" TD_THRESH=0.6 TD_GOLD_TRAIN=$GT$X nice -n 10 $BIN sites $C/sites "$O/st_${TAG}_s6" 2>&1 | grep "^or ";;
  esac
done
