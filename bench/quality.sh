#!/usr/bin/env bash
# bench/quality.sh [-t THRESHOLD] [-o OUTDIR] [SITES_DIR] — word-level quality of
# strip_template on a folder of sites with gold text, scored by ../shared/eval/score.py.
#
#   SITES_DIR     default ../shared/corpus/sites (NNN.html + gold NNN.txt per site)
#   -t THRESHOLD  strip_template's threshold (default 0.1)
#   -o OUTDIR     where predictions go (default: a temp folder, removed at the end)
#   NO_INSTALL=1  skip make && make install
#
# For each site: profile = template_profile(html) over all its pages (GROUP BY host);
# each page's strip_template(html, profile, THRESHOLD) is written to
# OUTDIR/strip/<site>/NNN.txt, the same with a table text chunk profile
# (template_profile(html, 'chunk')) to OUTDIR/strip_chunk/<site>/NNN.txt,
# html_text(html) to OUTDIR/html_text/<site>/NNN.txt, clean_text(html, profile) and
# strip_page(html) (built-in model) to OUTDIR/clean_text and OUTDIR/strip_page (the
# built-in model was trained on these sites: the held-out figures are
# bench/page_quality.sh's; these check that SQL gives what the core gives),
# and bench/parse_ref's own visible text (libxml2 only, no templatedet code) to
# OUTDIR/parse_ref/<site>/NNN.txt as an independent check of the html_text baseline.
# Prints one score.py summary line for each.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

THRESHOLD=0.1
OUT=
while getopts "t:o:" opt; do
    case $opt in
        t) THRESHOLD=$OPTARG ;;
        o) OUT=$OPTARG ;;
        *) echo "usage: bench/quality.sh [-t THRESHOLD] [-o OUTDIR] [SITES_DIR]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
SITES=${1:-../shared/corpus/sites}
[[ -d $SITES ]] || { echo "bench/quality.sh: no $SITES" >&2; exit 2; }
SITES=$(cd "$SITES" && pwd)
SCORE=${SCORE:-$(cd "$SITES/../.." 2>/dev/null && pwd)/eval/score.py}
[[ -f $SCORE ]] || SCORE=$REPO/../shared/eval/score.py
PY=/usr/bin/python3

make -s --no-print-directory build/bench/parse_ref    # Makefile: bench tools

bench_setup
if [[ -z $OUT ]]; then
    OUT=$TD_TMP/pred    # removed with the cluster folder
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
echo "bench: loading $SITES" >&2
bench_load "$SITES"

# One CSV per system (url, text), split into files by a few lines of Python.
bench_psql <<SQL
CREATE TABLE site_profiles AS SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;
\copy (SELECT p.url, strip_template(p.html, s.profile, $THRESHOLD) FROM pages p JOIN site_profiles s USING (host) ORDER BY p.url) TO '$OUT/strip.csv' WITH (FORMAT csv)
CREATE TABLE chunk_profiles AS SELECT host, template_profile(html, 'chunk') AS profile FROM pages GROUP BY host;
\copy (SELECT p.url, strip_template(p.html, s.profile, $THRESHOLD) FROM pages p JOIN chunk_profiles s USING (host) ORDER BY p.url) TO '$OUT/strip_chunk.csv' WITH (FORMAT csv)
\copy (SELECT url, html_text(html) FROM pages ORDER BY url) TO '$OUT/html_text.csv' WITH (FORMAT csv)
\copy (SELECT p.url, clean_text(p.html, s.profile) FROM pages p JOIN site_profiles s USING (host) ORDER BY p.url) TO '$OUT/clean_text.csv' WITH (FORMAT csv)
\copy (SELECT url, strip_page(html) FROM pages ORDER BY url) TO '$OUT/strip_page.csv' WITH (FORMAT csv)
SQL
for sys in strip strip_chunk html_text clean_text strip_page; do
    bench_split_csv "$OUT/$sys.csv" "$OUT/$sys"
done
rm -rf "${OUT:?}/parse_ref"
build/bench/parse_ref -q -r 1 -m sax -t "$OUT/parse_ref" "$SITES" >/dev/null

echo
echo "=== quality on $SITES (threshold $THRESHOLD; site_* = averaged over sites)"
for sys in strip strip_chunk html_text clean_text strip_page parse_ref; do
    printf '%-12s ' "$sys"
    $PY "$SCORE" "$SITES" "$OUT/$sys"
done
[[ $OUT == "$TD_TMP"/* ]] || echo "predictions in $OUT/{strip,strip_chunk,html_text,clean_text,strip_page,parse_ref}"
