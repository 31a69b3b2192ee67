#!/usr/bin/env bash
# bench/markdown_check.sh [SITES_DIR] [WCXB_DIR] — the share of corpus pages whose
# clean_markdown a real CommonMark parser (cmark-gfm) reads back to clean_text's words,
# in order (test/markdown_check.py; the markdown suite checks the hand-written pages).
#
#   SITES_DIR  folder of sites, one sub-folder of .html per site, each site's pages
#              with its template_profile (default ../shared/corpus/sites)
#   WCXB_DIR   folder of single pages, page level (default /work/data/wcxb-dev when here)
#   NO_INSTALL=1  use the installed extension;  SHOW=N  first differing words of N pages
# Run under the machine's test lock (it runs make install).  Figures: bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
SITES=${1:-../shared/corpus/sites}
WCXB=${2:-/work/data/wcxb-dev}
bench_setup
for d in "$SITES" "$WCXB"; do
    if [[ ! -d $d ]]; then echo "bench: $d not here, skipped"; continue; fi
    echo "=== $d"
    if [[ $d == "$SITES" ]]; then
        python3 test/markdown_check.py --db bench --load "$d" --profiles --show "${SHOW:-10}"
    else
        python3 test/markdown_check.py --db bench --load "$d" --show "${SHOW:-10}"
    fi
done
