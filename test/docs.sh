#!/usr/bin/env bash
# test/docs.sh: the examples in the docs are the tests' text, so they cannot drift.
#
# Every fenced block of README.md and docs/*.md is checked by its language:
#   ```sql   must appear verbatim in a pg_regress input: sql/td_*.sql, or
#            test/*/sql/td_*.sql (the sharded suite's)
#   ```text  output: must appear verbatim in the expected output (expected/td_*.out,
#            test/*/expected/td_*.out) of a test that holds the last ```sql block
#            above it
#   ```sh, ```c, ```plain, ```json, ...  not checked (commands, code, pictures)
#   ```      a fence without a language is refused: say which kind it is
# "Verbatim" means the block's lines, trailing white space removed and blank lines
# at its start and end dropped, are consecutive lines of the file (treated alike).
#
# An HTML comment on the line just before a fence names the file instead:
#   <!-- test: sql/td_readme.sql -->          the block must be in that file
#   <!-- test: expected/td_errors.out lines --> each non-blank line of the block
#        must be a line of that file, in any order (for a list of error messages)
# The named file may be any file of the repository (test/shard.sh, say).
#
# Then docs/reference.md must name every function, aggregate and type the install
# scripts create (sql/templatedet--V.sql, sql/install/*.sql), every templatedet.*
# setting (DefineCustom...Variable in src/pg) and every SQLSTATE condition src/pg
# raises (ERRCODE_X as x, e.g. invalid_parameter_value).
#
# Prints each block or name it could not find (FILE:LINE) and exits 1.  Needs bash
# and a POSIX awk, no server.
# Usage: bash test/docs.sh [doc.md ...]    (default: README.md docs/*.md)
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob

docs=("$@")
((${#docs[@]})) || docs=(README.md docs/*.md)
tests=(sql/td_*.sql test/*/sql/td_*.sql)

# ---- the examples ---------------------------------------------------------------
# awk reads the documents; the tests are read on demand (getline) into L[file, i].
set +e
awk -v tests="${tests[*]}" '
function rstrip(s) { sub(/[ \t\r]+$/, "", s); return s }
function load(f,    line, n, rc) {
    if (f in N) return N[f] >= 0
    n = 0
    while ((rc = (getline line < f)) > 0) L[f, ++n] = rstrip(line)
    close(f)
    N[f] = (rc < 0 && n == 0) ? -1 : n
    return N[f] >= 0
}
# are W[1..nw] consecutive lines of file f?
function contains(f,    i, j) {
    if (!load(f)) return 0
    if (nw == 0) return 1
    for (i = 1; i + nw - 1 <= N[f]; i++) {
        if (L[f, i] != W[1]) continue
        for (j = 2; j <= nw && L[f, i + j - 1] == W[j]; j++) ;
        if (j > nw) return 1
    }
    return 0
}
# is every non-blank line of W a line of f?
function has_lines(f,    i, k, found) {
    if (!load(f)) return 0
    for (i = 1; i <= nw; i++) {
        if (W[i] == "") continue
        found = 0
        for (k = 1; k <= N[f]; k++) if (L[f, k] == W[i]) { found = 1; break }
        if (!found) return 0
    }
    return 1
}
# sql/x.sql -> expected/x.out; test/shard/sql/x.sql -> test/shard/expected/x.out
function expected_of(t,    base, dir) {
    base = t; sub(/.*\//, "", base); sub(/\.sql$/, "", base)
    dir = t; sub(/\/?[^\/]*$/, "", dir); sub(/\/?sql$/, "", dir)
    return (dir == "" ? "" : dir "/") "expected/" base ".out"
}
function fail(why,    i, shown) {
    failures++
    print FILENAME ":" start ": " why
    shown = 0
    for (i = 1; i <= nw && shown < 6; i++) { print "    | " W[i]; shown++ }
    if (nw > 6) print "    | ..."
}
function check(    i, n, found, cands, c, k) {
    if (lang == "") { fail("fenced block without a language (sql, text, sh, plain ...)"); return }
    if (lang != "sql" && lang != "text") return
    checked++
    if (mark != "") {
        if (!load(mark)) { fail("the marker names " mark ", which does not exist"); return }
        if (lines_mode ? has_lines(mark) : contains(mark)) {
            if (lang == "sql") { nlast = 1; LAST[1] = mark }
        } else
            fail(lang " block not found in " mark (lines_mode ? " (some lines missing)" : ""))
        return
    }
    if (lang == "sql") {
        found = 0
        for (i = 1; i <= ntests; i++)
            if (contains(T[i])) FOUND[++found] = T[i]
        if (found) { nlast = found; for (i = 1; i <= found; i++) LAST[i] = FOUND[i] }
        else fail("sql block not found in any pg_regress input (sql/td_*.sql)")
        return
    }
    cands = ""; k = 0
    for (i = 1; i <= nlast; i++) {
        c = expected_of(LAST[i])
        if (!load(c)) continue
        k++; if (cands == "") cands = c
        if (contains(c)) return
    }
    if (k == 0) fail("text block with no sql example above it and no marker")
    else fail("text block not found in " cands)
}
BEGIN { ntests = split(tests, T, " "); failures = 0; checked = 0 }
FNR == 1 { infence = 0; prev = ""; nlast = 0; ndocs++ }
{
    line = $0
    if (!infence) {
        if (match(line, /^[ \t]*(```+|~~~+)[ \t]*[A-Za-z0-9_+-]*[ \t]*$/)) {
            fence = line; sub(/^[ \t]*/, "", fence); indent = length(line) - length(fence)
            lang = fence; sub(/^(`+|~+)/, "", lang); gsub(/[ \t]/, "", lang); lang = tolower(lang)
            fence = substr(fence, 1, length(fence) - length(lang)); sub(/[ \t]+$/, "", fence)
            mark = ""; lines_mode = 0
            if (prev ~ /^[ \t]*<!--[ \t]*test:[ \t]*[^ \t]+([ \t]+lines)?[ \t]*-->[ \t]*$/) {
                m = prev; sub(/^[ \t]*<!--[ \t]*test:[ \t]*/, "", m); sub(/[ \t]*-->[ \t]*$/, "", m)
                if (m ~ /[ \t]+lines$/) { lines_mode = 1; sub(/[ \t]+lines$/, "", m) }
                mark = m
            }
            start = FNR; infence = 1; nb = 0
        }
        prev = line
        next
    }
    closing = line; sub(/^[ \t]*/, "", closing); sub(/[ \t]+$/, "", closing)
    if (closing == fence) {
        # trailing white space off, blank lines at both ends dropped
        first = 1; while (first <= nb && B[first] == "") first++
        last = nb; while (last >= first && B[last] == "") last--
        nw = 0; for (i = first; i <= last; i++) W[++nw] = B[i]
        check()
        infence = 0; prev = line
        next
    }
    if (indent > 0 && substr(line, 1, indent) ~ /^[ \t]*$/) line = substr(line, indent + 1)
    B[++nb] = rstrip(line)
}
END {
    printf "docs: %d blocks checked in %d documents, %d not found\n", checked, ndocs, failures
    exit (failures > 0 ? 1 : 0)
}' "${docs[@]}"
rc=$?
set -e

# ---- the reference names every object, setting and SQLSTATE ---------------------
ref=docs/reference.md
missing=0 names=0
if [[ -f $ref ]]; then
    scripts=()
    for f in sql/templatedet--*.sql; do [[ $f == *--*--* ]] || scripts+=("$f"); done
    scripts+=(sql/install/*.sql)
    objects=$( ((${#scripts[@]})) && sed -nE \
        's/^[[:space:]]*CREATE[[:space:]]+(OR[[:space:]]+REPLACE[[:space:]]+)?(FUNCTION|AGGREGATE|TYPE)[[:space:]]+([A-Za-z_][A-Za-z0-9_]*\.)?"?([A-Za-z_][A-Za-z0-9_]*).*/\2 \4/Ip' \
        "${scripts[@]}" | sort -u -k2,2 || true)
    while read -r kind name; do
        [[ -n $name ]] || continue
        names=$((names + 1))
        grep -qE "\`$name[\`(]" "$ref" ||
            { echo "$ref: ${kind,,} $name is not in the reference"; missing=$((missing + 1)); }
    done <<<"$objects"
    pg_sources=$(find src/pg -name '*.c' | sort)
    settings=$(grep -ohE 'DefineCustom[A-Za-z]+Variable\([[:space:]]*"templatedet\.[A-Za-z0-9_]+"' \
               $pg_sources /dev/null | grep -oE 'templatedet\.[A-Za-z0-9_]+' | sort -u || true)
    for s in $settings; do
        names=$((names + 1))
        grep -qF "\`$s\`" "$ref" ||
            { echo "$ref: setting $s is not in the reference"; missing=$((missing + 1)); }
    done
    codes=$(grep -ohE '\bERRCODE_[A-Z0-9_]+' $pg_sources /dev/null | sort -u || true)
    for c in $codes; do
        cond=${c#ERRCODE_}; cond=${cond,,}
        names=$((names + 1))
        grep -qF "\`$cond\`" "$ref" ||
            { echo "$ref: SQLSTATE $cond ($c) is not in the reference"; missing=$((missing + 1)); }
    done
    echo "docs: $names names checked in $ref, $missing not found"
fi
((rc == 0 && missing == 0))
