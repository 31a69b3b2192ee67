#!/usr/bin/env bash
# test/upgrade.sh — the upgrade suite (test/run.sh runs it on its cluster, whose
# PGHOST/PGPORT/PGUSER it inherits; the extension must be installed).
#
# For every older version with a frozen install script (sql/templatedet--X.sql; today
# 0.1) and the default version of templatedet.control (today 0.2):
#   1. database templatedet_upgrade_X: CREATE EXTENSION templatedet VERSION 'X', a table
#      of a few small pages and a table of the profiles template_profile builds over them
#      (a node and a chunk profile); what profile_info, strip_template, strip_template_html
#      and template_chunks say with those stored profiles is written down;
#   2. ALTER EXTENSION templatedet UPDATE TO the default version;
#   3. database templatedet_upgrade_fresh: a fresh CREATE EXTENSION templatedet.
# It fails, showing the diff, when the catalog of the updated extension differs from the
# fresh one's (every member object; functions and aggregates with signature, argument
# names and defaults, result, language, symbol, volatility, strictness, parallel safety,
# cost, rows; aggregates with their support functions; types; casts; dependencies;
# comments), when the stored profiles read differently after the update, or when the
# fresh version builds different profiles from the same pages or reads them differently.
# What an update changes in the catalog is printed for information.  Every version runs
# on the installed library (one shared library serves them all): this checks the SQL
# scripts and the profiles stored under an older script, not an older library.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -n ${PGHOST:-} && -n ${PGPORT:-} ]] || { echo "upgrade: run by test/run.sh (no cluster PGHOST/PGPORT)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/templatedet-upgrade.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

q() {   # q DB [psql args]: run SQL in DB, stop at the first error
    local db=$1; shift
    psql -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"
}
out() { # out DB FILE: unaligned, tuples only, one record a line
    q "$1" -A -t -F ' | ' -f "$2"
}

to=$(sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" templatedet.control)
[[ -n $to ]] || { echo "upgrade: no default_version in templatedet.control" >&2; exit 2; }
from=()
for f in sql/templatedet--*.sql; do
    v=${f#sql/templatedet--}; v=${v%.sql}
    [[ $v == *--* || $v == "$to" ]] || from+=("$v")
done
((${#from[@]})) || { echo "upgrade: no older install script in sql/" >&2; exit 2; }

# ---- the catalog of the extension, as text that does not depend on OIDs
cat >"$tmp/catalog.sql" <<'SQL'
WITH ext AS (SELECT oid FROM pg_extension WHERE extname = 'templatedet'),
member AS (
  SELECT d.classid, d.objid FROM pg_depend d JOIN ext ON d.refobjid = ext.oid
  WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'),
member_type AS (
  SELECT objid AS oid FROM member WHERE classid = 'pg_type'::regclass),
lines(kind, line) AS (
  SELECT 'extension', concat_ws(' | ', e.extname, 'relocatable=' || e.extrelocatable,
         'schema=' || e.extnamespace::regnamespace, 'owner=' || e.extowner::regrole,
         'config=' || coalesce(e.extconfig::text, '-'), 'condition=' || coalesce(e.extcondition::text, '-'))
  FROM pg_extension e JOIN ext USING (oid)
  UNION ALL
  SELECT 'member', pg_describe_object(classid, objid, 0) FROM member
  UNION ALL
  SELECT 'function', concat_ws(' | ', p.oid::regprocedure, 'kind=' || p.prokind::text,
         'args=' || pg_get_function_arguments(p.oid), 'returns=' || pg_get_function_result(p.oid),
         'language=' || l.lanname, 'symbol=' || p.prosrc, 'library=' || coalesce(p.probin, '-'),
         'volatility=' || p.provolatile::text, 'strict=' || p.proisstrict, 'parallel=' || p.proparallel::text,
         'cost=' || p.procost, 'rows=' || p.prorows, 'security_definer=' || p.prosecdef,
         'leakproof=' || p.proleakproof, 'support=' || p.prosupport::regprocedure,
         'config=' || coalesce(p.proconfig::text, '-'), 'acl=' || coalesce(p.proacl::text, '-'))
  FROM pg_proc p JOIN member m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
  JOIN pg_language l ON l.oid = p.prolang
  UNION ALL
  SELECT 'aggregate', concat_ws(' | ', a.aggfnoid::regprocedure, 'kind=' || a.aggkind::text,
         'direct_args=' || a.aggnumdirectargs, 'transfn=' || a.aggtransfn::oid::regprocedure,
         'finalfn=' || a.aggfinalfn::oid::regprocedure, 'combinefn=' || a.aggcombinefn::oid::regprocedure,
         'serialfn=' || a.aggserialfn::oid::regprocedure, 'deserialfn=' || a.aggdeserialfn::oid::regprocedure,
         'mtransfn=' || a.aggmtransfn::oid::regprocedure, 'minvtransfn=' || a.aggminvtransfn::oid::regprocedure,
         'mfinalfn=' || a.aggmfinalfn::oid::regprocedure, 'finalextra=' || a.aggfinalextra,
         'mfinalextra=' || a.aggmfinalextra, 'finalmodify=' || a.aggfinalmodify::text,
         'mfinalmodify=' || a.aggmfinalmodify::text, 'sortop=' || a.aggsortop::regoperator,
         'stype=' || a.aggtranstype::regtype, 'sspace=' || a.aggtransspace,
         'mstype=' || a.aggmtranstype::regtype, 'msspace=' || a.aggmtransspace,
         'initcond=' || coalesce(a.agginitval, '-'), 'minitcond=' || coalesce(a.aggminitval, '-'))
  FROM pg_aggregate a JOIN member m ON m.classid = 'pg_proc'::regclass AND m.objid = a.aggfnoid
  UNION ALL
  -- the extension's types and their array types
  SELECT 'type', concat_ws(' | ', t.oid::regtype, 'type=' || t.typtype::text, 'len=' || t.typlen,
         'byval=' || t.typbyval, 'category=' || t.typcategory::text, 'preferred=' || t.typispreferred,
         'delim=' || t.typdelim::text, 'element=' || t.typelem::regtype, 'array=' || t.typarray::regtype,
         'input=' || t.typinput::oid::regprocedure, 'output=' || t.typoutput::oid::regprocedure,
         'receive=' || t.typreceive::oid::regprocedure, 'send=' || t.typsend::oid::regprocedure,
         'typmodin=' || t.typmodin::oid::regprocedure, 'typmodout=' || t.typmodout::oid::regprocedure,
         'analyze=' || t.typanalyze::oid::regprocedure, 'subscript=' || t.typsubscript::oid::regprocedure,
         'align=' || t.typalign::text, 'storage=' || t.typstorage::text, 'notnull=' || t.typnotnull,
         'collation=' || t.typcollation, 'default=' || coalesce(t.typdefault, '-'),
         'acl=' || coalesce(t.typacl::text, '-'))
  FROM pg_type t
  WHERE t.oid IN (SELECT oid FROM member_type)
     OR t.oid IN (SELECT typarray FROM pg_type WHERE oid IN (SELECT oid FROM member_type))
  UNION ALL
  SELECT 'cast', concat_ws(' | ', c.castsource::regtype || ' -> ' || c.casttarget::regtype,
         'function=' || c.castfunc::regprocedure, 'context=' || c.castcontext::text, 'method=' || c.castmethod::text)
  FROM pg_cast c JOIN member m ON m.classid = 'pg_cast'::regclass AND m.objid = c.oid
  UNION ALL
  -- what the members depend on, other than the extension
  SELECT 'depends', pg_describe_object(d.classid, d.objid, d.objsubid) || ' -> '
         || pg_describe_object(d.refclassid, d.refobjid, d.refobjsubid) || ' (' || d.deptype::text || ')'
  FROM pg_depend d JOIN member m ON m.classid = d.classid AND m.objid = d.objid
  WHERE d.refclassid <> 'pg_extension'::regclass
  UNION ALL
  SELECT 'comment', pg_describe_object(c.classoid, c.objoid, c.objsubid) || ' = ' || c.description
  FROM pg_description c JOIN member m ON m.classid = c.classoid AND m.objid = c.objoid
  UNION ALL
  SELECT 'comment', 'extension templatedet = ' || coalesce(obj_description(oid, 'pg_extension'), '-')
  FROM ext)
SELECT kind, line FROM lines ORDER BY kind COLLATE "C", line COLLATE "C";
SQL

# ---- a few small pages laid out with a table: a menu row, the story, a footer row
cat >"$tmp/pages.sql" <<'SQL'
CREATE TABLE pages (url text PRIMARY KEY, html text NOT NULL);
INSERT INTO pages (url, html)
SELECT 'http://site.test/story/' || i,
       '<html><head><title>Site news</title></head><body><table>'
       || '<tr><td><a href="/">Home</a> | <a href="/story/1">News</a> | <a href="/about">About us</a></td></tr>'
       || '<tr><td><h1>' || title || '</h1><p>' || body || '</p></td></tr>'
       || '<tr><td>Copyright 2024 Example Ltd, all rights reserved</td></tr>'
       || '</table><div class="foot"><p>Follow us on the river path</p></div></body></html>'
FROM (VALUES
  (1, 'Rivers rise', 'The river rose by a metre overnight and the ferry stopped.'),
  (2, 'Markets open', 'Stalls opened early on the square, selling apples and bread.'),
  (3, 'Bridge repaired', 'Workers finished the old stone bridge two weeks ahead of plan.'),
  (4, 'Choir sings', 'The town choir sang in the hall; the tickets were sold out.')) AS s(i, title, body);
CREATE TABLE profiles (unit text PRIMARY KEY, profile tdprofile NOT NULL);
INSERT INTO profiles SELECT 'node', template_profile(html) FROM pages;
INSERT INTO profiles SELECT 'chunk', template_profile(html, 'chunk') FROM pages;
SQL

# ---- what the stored profiles say (the same output in every database)
cat >"$tmp/reads.sql" <<'SQL'
SELECT * FROM (
SELECT unit, 'bytes sha256', encode(sha256(profile::bytea), 'hex') FROM profiles
UNION ALL
SELECT unit, 'profile_info', profile_info(profile)::text FROM profiles
UNION ALL
SELECT unit, 'text form reads back', (profile::text::tdprofile::bytea = profile::bytea)::text FROM profiles
UNION ALL
SELECT unit, 'union with itself', profile_info(template_profile_union(profile))::text FROM profiles GROUP BY unit
UNION ALL
SELECT pr.unit, p.url || ' strip_template', strip_template(p.html, pr.profile) FROM profiles pr, pages p
UNION ALL
SELECT pr.unit, p.url || ' strip_template bytea', strip_template(convert_to(p.html, 'UTF8'), pr.profile)
FROM profiles pr, pages p
UNION ALL
SELECT pr.unit, p.url || ' strip_template_html', strip_template_html(p.html, pr.profile) FROM profiles pr, pages p
UNION ALL
SELECT 'chunk', p.url || ' template_chunks',
       (SELECT string_agg(concat_ws(',', chunk, pages, share, is_template, text), '; ' ORDER BY chunk)
        FROM template_chunks(p.html, pr.profile))
FROM profiles pr, pages p WHERE pr.unit = 'chunk'
) AS r(unit, what, value)
ORDER BY unit COLLATE "C", what COLLATE "C";
SQL

fail=0
report() {   # report WHAT A B: a diff of A (-) and B (+), failing the suite when they differ
    if diff -u --label "$2" --label "$3" "$tmp/$2" "$tmp/$3" >"$tmp/diff"; then
        echo "upgrade: $1: the same"
    else
        echo "upgrade: FAIL: $1 differ (- $2, + $3):"
        cat "$tmp/diff"
        fail=1
    fi
}

fresh=templatedet_upgrade_fresh
q postgres -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $fresh" -c "CREATE DATABASE $fresh"
q "$fresh" -c 'CREATE EXTENSION templatedet'
got=$(q "$fresh" -A -t -c "SELECT extversion FROM pg_extension WHERE extname = 'templatedet'")
[[ $got == "$to" ]] || { echo "upgrade: FAIL: a fresh CREATE EXTENSION gave version $got, not $to"; exit 1; }
out "$fresh" "$tmp/catalog.sql" >"$tmp/catalog-$to"
q "$fresh" -f "$tmp/pages.sql"
out "$fresh" "$tmp/reads.sql" >"$tmp/reads-$to"
# not vacuous: the catalog lists the functions, the profiles strip the pages
grep -q '^function | html_text(text)' "$tmp/catalog-$to" &&
grep -q '^node | http://site.test/story/1 strip_template | ' "$tmp/reads-$to" &&
grep -q 'Rivers rise' "$tmp/reads-$to" ||
    { echo "upgrade: FAIL: the catalog or profile queries gave nothing to compare"; exit 1; }

for v in "${from[@]}"; do
    db=templatedet_upgrade_${v//[^0-9a-zA-Z]/_}
    echo "upgrade: $v -> $to in database $db"
    q postgres -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
    q "$db" -c "CREATE EXTENSION templatedet VERSION '$v'"
    out "$db" "$tmp/catalog.sql" >"$tmp/catalog-$v"
    q "$db" -f "$tmp/pages.sql"
    out "$db" "$tmp/reads.sql" >"$tmp/reads-$v"

    q "$db" -c "ALTER EXTENSION templatedet UPDATE TO '$to'"
    got=$(q "$db" -A -t -c "SELECT extversion FROM pg_extension WHERE extname = 'templatedet'")
    [[ $got == "$to" ]] || { echo "upgrade: FAIL: after the update the version is $got, not $to"; fail=1; }
    out "$db" "$tmp/catalog.sql" >"$tmp/catalog-$v-updated"
    out "$db" "$tmp/reads.sql" >"$tmp/reads-$v-updated"

    if cmp -s "$tmp/catalog-$v" "$tmp/catalog-$to"; then
        echo "upgrade: (information) $v and $to have the same catalog"
    else
        echo "upgrade: (information) what $v -> $to changes in the catalog:"
        diff -u --label "catalog-$v" --label "catalog-$to" "$tmp/catalog-$v" "$tmp/catalog-$to" || true
    fi
    report "the catalog of $v updated to $to and of a fresh $to" "catalog-$to" "catalog-$v-updated"
    report "the stored $v profiles read before and after the update" "reads-$v" "reads-$v-updated"
    report "the stored $v profiles (updated) and the same pages' fresh $to profiles" "reads-$to" "reads-$v-updated"
    echo "upgrade: $(grep -c '' "$tmp/catalog-$to") catalog lines, $(grep -c '' "$tmp/reads-$to") profile lines compared"
done
exit $fail
