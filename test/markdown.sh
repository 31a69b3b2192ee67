#!/usr/bin/env bash
# The markdown suite: clean_markdown read back by a real CommonMark parser (cmark-gfm,
# installed by test/deps.sh) gives clean_text's words in order, on the hand-written
# pages of test/markdown/pages/ (test/markdown_check.py says how), with links and
# images off and on.  Needs PGHOST/PGPORT of a cluster with the extension installed.
# The same check on the development corpus is a measure, not a test:
# bench/markdown_check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cmark-gfm >/dev/null || { echo "markdown: no cmark-gfm (make deps installs it)" >&2; exit 1; }
PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'DROP DATABASE IF EXISTS templatedet_markdown' \
    -c 'CREATE DATABASE templatedet_markdown'
psql -X -q -v ON_ERROR_STOP=1 -d templatedet_markdown -c 'CREATE EXTENSION templatedet'
python3 test/markdown_check.py --db templatedet_markdown --load test/markdown/pages --all
