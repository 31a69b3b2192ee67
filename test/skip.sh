#!/usr/bin/env bash
# test/skip.sh — the skip suite (test/run.sh runs it on its cluster, whose
# PGHOST/PGPORT/PGUSER it inherits; the extension must be installed).
#
# templatedet.on_error = skip over a table of 20,000 pages of which 200 are not HTML,
# read by statements of every kind: the WARNINGs that end a statement ("templatedet:
# N pages skipped in this statement") must add up to the 200 pages, and a profile built
# over the table must count them in skipped_pages, also when parallel workers read the
# pages (a parallel seq scan and a parallel aggregate: the leader and each worker report
# their own pages, with a "parallel worker" CONTEXT), for COPY ... TO, INSERT ...
# SELECT, CREATE TABLE AS, COPY ... FROM with a WHERE clause and a generated column
# (no executor: the statement's end is reported by the utility hook), REFRESH
# MATERIALIZED VIEW, and a DO block or CALL whose inner queries skip pages (one summary
# at the end of the statement, not one per inner query, also when a procedure commits
# between them).  Pass/fail per case, with the WARNINGs of a failed case.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -n ${PGHOST:-} && -n ${PGPORT:-} ]] || { echo "skip: run by test/run.sh (no cluster PGHOST/PGPORT)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/templatedet-skip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
db=templatedet_skip
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"

PAGES=20000 BAD=200
psql -X -q -v ON_ERROR_STOP=1 -d $db <<SQL
CREATE EXTENSION templatedet;
-- every 100th page is a PDF file; the rest are small pages
CREATE TABLE pages (id int, html text);
INSERT INTO pages
  SELECT i, CASE WHEN i % 100 = 0 THEN '%PDF-1.4 not a page ' || i
                 ELSE format('<html><body><nav>Home News</nav><p>Story %s of the site, '
                             'a sentence or two of its own words.</p></body></html>', i) END
  FROM generate_series(1, $PAGES) i;
ANALYZE pages;
CREATE TABLE sink (id int, text text);
CREATE TABLE sink_generated (html text, text text GENERATED ALWAYS AS (html_text(html)) STORED);
SQL
psql -X -q -A -t -d $db -c "COPY pages TO STDOUT" >"$tmp/pages.copy"
psql -X -q -A -t -d $db -c "COPY (SELECT html FROM pages) TO STDOUT" >"$tmp/html.copy"

# every case runs with these settings: skip, and parallel plans whenever possible; and
# the library loaded first (a library loaded by a utility statement, \copy here, installs
# its hooks inside it: that statement's end is not seen)
settings="SELECT is_html('<p>loaded</p>'::text) \\g /dev/null
SET templatedet.on_error = skip;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;"

failed=0
# check NAME EXPECTED-SKIPPED [WORKERS] < SQL: runs the SQL (after $settings), sums the
# summary WARNINGs; WORKERS=1 also wants one of them from a parallel worker.  The result
# rows go to $tmp/NAME.out; psql's stdin (\copy ... FROM pstdin) is the file $IN.
check() {
    local name=$1 want=$2 workers=${3:-0} got summaries from_workers page_warnings
    { echo "$settings"; echo '\set VERBOSITY default'; echo '\set SHOW_CONTEXT always'; cat; } \
        >"$tmp/$name.sql"
    if ! psql -X -q -A -t -v ON_ERROR_STOP=1 -d $db -f "$tmp/$name.sql" \
            >"$tmp/$name.out" 2>"$tmp/$name.err" <"${IN:-/dev/null}"; then
        echo "skip: FAIL $name: psql failed"; sed 's/^/  | /' "$tmp/$name.err"; failed=1; return
    fi
    # "WARNING:  templatedet: 57 pages skipped in this statement", then DETAIL and CONTEXT
    got=$(sed -n 's/.*WARNING:  templatedet: \([0-9]*\) pages\{0,1\} skipped in this statement$/\1/p' \
        "$tmp/$name.err" | awk '{ s += $1 } END { print s + 0 }')
    summaries=$(grep -c 'skipped in this statement$' "$tmp/$name.err" || true)
    from_workers=$(grep -A2 'skipped in this statement$' "$tmp/$name.err" | grep -c '^CONTEXT:  parallel worker' || true)
    page_warnings=$(grep -c 'WARNING:  page skipped:' "$tmp/$name.err" || true)
    if ((got != want)) || { ((workers)) && ((from_workers == 0)); } || ((page_warnings > 10 * (summaries > 0 ? summaries : 1))); then
        echo "skip: FAIL $name: the summaries say $got pages skipped (want $want), $summaries summaries," \
             "$from_workers from parallel workers$( ((workers)) && echo ' (want some)'), $page_warnings page WARNINGs"
        grep -A2 'skipped in this statement$' "$tmp/$name.err" | sed 's/^/  | /'  || true
        failed=1
        return
    fi
    echo "skip: ok $name: $got pages skipped in $summaries summaries ($from_workers from parallel workers)"
}
rows() {   # rows NAME EXPECTED: the result rows of case NAME
    local got
    got=$(cat "$tmp/$1.out")
    if [[ $got != "$2" ]]; then
        echo "skip: FAIL $1: result rows"; diff <(echo "$2") <(echo "$got") | sed 's/^/  | /' || true; failed=1
    fi
}

good=$((PAGES - BAD))
# the plans are parallel: a parallel seq scan under a partial aggregate
psql -X -q -A -t -d $db >"$tmp/plan.out" <<SQL
$settings
EXPLAIN (COSTS OFF) SELECT count(html_text(html)) FROM pages;
EXPLAIN (COSTS OFF) SELECT profile_info(template_profile(html)) FROM pages;
SQL
if [[ $(grep -c 'Parallel Seq Scan' "$tmp/plan.out") != 2 || $(grep -c 'Partial Aggregate' "$tmp/plan.out") != 2 ]]; then
    echo "skip: FAIL the plans are not parallel:"; sed 's/^/  | /' "$tmp/plan.out"; failed=1
fi

# workers alone read the pages
check parallel_workers $BAD 1 <<'SQL'
SET parallel_leader_participation = off;
SELECT count(html_text(html)) FROM pages;
SQL
rows parallel_workers $good
# the leader reads pages too
check parallel_leader $BAD 1 <<'SQL'
SELECT count(html_text(html)) FROM pages;
SQL
rows parallel_leader $good
# a parallel aggregate: partial profiles of the workers, merged; skipped_pages counts all
check parallel_profile $BAD 1 <<'SQL'
SET parallel_leader_participation = off;
SELECT profile_info(p)->>'pages', profile_info(p)->>'skipped_pages'
FROM (SELECT template_profile(html) AS p FROM pages) s;
SQL
rows parallel_profile "$good|$BAD"
# not parallel: the same counts
check serial $BAD <<'SQL'
SET max_parallel_workers_per_gather = 0;
SELECT count(html_text(html)) FROM pages;
SQL
rows serial $good

# statements other than SELECT
check copy_to $BAD <<'SQL'
COPY (SELECT id, html_text(html) FROM pages) TO STDOUT;
SQL
check insert_select $BAD <<'SQL'
TRUNCATE sink;
INSERT INTO sink SELECT id, html_text(html) FROM pages;
SELECT count(*), count(text) FROM sink;
SQL
rows insert_select "$PAGES|$good"
check create_table_as $BAD <<'SQL'
CREATE TEMP TABLE t AS SELECT id, html_text(html) AS text FROM pages;
SELECT count(*), count(text) FROM t;
SQL
rows create_table_as "$PAGES|$good"
# COPY FROM evaluates its WHERE clause and generated columns without an executor
IN=$tmp/pages.copy check copy_from_where $BAD <<'SQL'
TRUNCATE sink;
\copy sink FROM pstdin WHERE html_text(text) IS NOT NULL

SELECT count(*) FROM sink;
SQL
rows copy_from_where "$good"
IN=$tmp/html.copy check copy_from_generated $BAD <<'SQL'
\copy sink_generated (html) FROM pstdin
SELECT count(*), count(text) FROM sink_generated;
SQL
rows copy_from_generated "$PAGES|$good"
# a DO block's inner queries: one summary at the statement's end, of all of them
check do_block 3 <<'SQL'
DO $$
BEGIN
  FOR k IN 1..3 LOOP
    PERFORM html_text('%PDF-1.4 ' || k);
  END LOOP;
END $$;
SQL
check call 2 <<'SQL'
CREATE PROCEDURE read_two() LANGUAGE plpgsql AS $$
BEGIN
  PERFORM html_text('%PDF-1.4 one');
  PERFORM html_text('%PDF-1.4 two');
END $$;
CALL read_two();
SQL
# a procedure that commits between the pages it reads: still one statement
check call_commit 2 <<'SQL'
CREATE PROCEDURE read_two_commit() LANGUAGE plpgsql AS $$
BEGIN
  PERFORM html_text('%PDF-1.4 one');
  COMMIT;
  PERFORM html_text('%PDF-1.4 two');
  COMMIT;
END $$;
CALL read_two_commit();
SQL
check refresh_matview $((2 * BAD)) <<'SQL'
CREATE MATERIALIZED VIEW texts AS SELECT id, html_text(html) AS text FROM pages;
REFRESH MATERIALIZED VIEW texts;
SQL
# a statement that skipped nothing says nothing
check nothing 0 <<'SQL'
SELECT count(html_text(html)) FROM pages WHERE id % 100 <> 0;
SQL
rows nothing $good

psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db"
if ((failed)); then echo "skip: FAILED"; exit 1; fi
echo "skip: all cases passed"
