#!/usr/bin/env bash
# bench/run.sh [SITES_DIR] — speed and memory of templatedet inside PostgreSQL, in one run.
#
#   SITES_DIR   folder of sites, one sub-folder of .html files per site
#               (default: ../shared/corpus/sites beside the repo)
#   REPS=3      timings per measure; the median is reported
#   BIG=1000    page counts of the synthetic site whose profile memory is measured
#               (several allowed: BIG="1000 10000")
#   NO_INSTALL=1  skip make && make install (use the installed extension)
#   KEEP=1      leave the cluster running at the end (test/cluster.sh)
#
# Steps: make && make install; a throwaway cluster; pages(url, host, html bytea) loaded
# with pg_read_binary_file; then, each REPS times, with parallel query off so one
# backend does all the work, wall (clock_timestamp) and backend CPU (/proc/self/stat
# of the backend, read with pg_read_file):
#   detoast      sum(get_byte(html, 0))                  reading the pages alone
#   html_text    sum(length(html_text(html)))            parse + render, no removal
#   profile      template_profile(html) GROUP BY host   one profile per site
#   strip        sum(length(strip_template(html, profile)))
#   profile_chunk  template_profile(html, 'chunk') GROUP BY host   table text chunks
#   strip_chunk  sum(length(strip_template(html, chunk profile)))
#   segments     count(*) of page_segments(html)           page level: classify, smooth
#   clean_text   sum(length(clean_text(html, profile)))   site OR page level
#   clean_html   sum(length(clean_html(html, profile)))   the same decision, as safe HTML
#   clean_markdown  sum(length(clean_markdown(html, profile)))  ... as Markdown
#   train        train_template_model(html, profile)      one model over all pages
#   clean_text_page  sum(length(clean_text(html)))          page level alone, no profile
#   page_metadata    sum(length(page_metadata(html)::text)) title, authors, dates... as jsonb
# and bench/parse_ref (libxml2 parse + one walk; SAX floor) on the same files.
# Then profile sizes, and the backend's peak RSS (VmHWM) growth while building a
# profile of BIG pages (the corpus pages repeated, each copy made distinct).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SITES=${1:-}
if [[ -z $SITES ]]; then
    for d in ../shared/corpus/sites test/demo/sites test/demo/pages; do
        [[ -d $d ]] && { SITES=$d; break; }
    done
fi
[[ -n $SITES && -d $SITES ]] || { echo "usage: bench/run.sh SITES_DIR (no ../shared/corpus/sites here)" >&2; exit 2; }
SITES=$(cd "$SITES" && pwd)
REPS=${REPS:-3}
BIG=${BIG:-1000}

# ---- parse-only reference binary (libxml2 only)
make -s --no-print-directory build/bench/parse_ref    # Makefile: bench tools

bench_setup
echo "bench: loading $SITES" >&2
bench_load "$SITES"

bench_timing_setup    # bench.cpu(), bench.hwm(), bench.results, bench.time() (bench/lib.sh)

echo "bench: timing in the server ($REPS runs each)" >&2
bench_psql -o /dev/null <<SQL
SET max_parallel_workers_per_gather = 0;
SET jit = off;
-- length(bytea) reads the toast header only; get_byte needs the whole value
SELECT bench.time('detoast', 'SELECT sum(get_byte(html, 0)) FROM pages', $REPS);
SELECT bench.time('html_text', 'SELECT sum(length(html_text(html))) FROM pages', $REPS);
SELECT bench.time('profile',
  'SELECT sum(pg_column_size(p)) FROM (SELECT host, template_profile(html) AS p FROM pages GROUP BY host) s', $REPS);
CREATE TABLE site_profiles AS SELECT host, template_profile(html) AS profile FROM pages GROUP BY host;
SELECT bench.time('strip',
  'SELECT sum(length(strip_template(p.html, s.profile))) FROM pages p JOIN site_profiles s USING (host)', $REPS);
SELECT bench.time('profile_chunk',
  'SELECT sum(pg_column_size(p)) FROM (SELECT host, template_profile(html, ''chunk'') AS p FROM pages GROUP BY host) s', $REPS);
CREATE TABLE chunk_profiles AS SELECT host, template_profile(html, 'chunk') AS profile FROM pages GROUP BY host;
SELECT bench.time('strip_chunk',
  'SELECT sum(length(strip_template(p.html, s.profile))) FROM pages p JOIN chunk_profiles s USING (host)', $REPS);
SELECT bench.time('segments', 'SELECT count(*) FROM pages, LATERAL page_segments(html)', $REPS);
SELECT bench.time('clean_text',
  'SELECT sum(length(clean_text(p.html, s.profile))) FROM pages p JOIN site_profiles s USING (host)', $REPS);
SELECT bench.time('clean_html',
  'SELECT sum(length(clean_html(p.html, s.profile))) FROM pages p JOIN site_profiles s USING (host)', $REPS);
SELECT bench.time('clean_markdown',
  'SELECT sum(length(clean_markdown(p.html, s.profile))) FROM pages p JOIN site_profiles s USING (host)', $REPS);
SELECT bench.time('train',
  'SELECT length(train_template_model(p.html, s.profile)::text) FROM pages p JOIN site_profiles s USING (host)', $REPS);
SELECT bench.time('clean_text_page', 'SELECT sum(length(clean_text(html))) FROM pages', $REPS);
SELECT bench.time('page_metadata', 'SELECT sum(length(page_metadata(html)::text)) FROM pages', $REPS);
SQL

echo "bench: parse_ref on the same files" >&2
PR=$(build/bench/parse_ref -q -r "$REPS" -m dom -m sax "$SITES")
while read -r line; do
    declare -A kv=()
    for f in $line; do kv[${f%%=*}]=${f#*=}; done
    bench_psql -c "INSERT INTO bench.results SELECT 'parse_ref_${kv[mode]}', 0, ${kv[wall_s]}, ${kv[cpu_s]}, ${kv[text_chars]}"
done <<<"$PR"

# ---- memory of a profile of BIG pages
for n in $BIG; do
    echo "bench: profile memory, $n pages" >&2
    bench_copies synth_$n "$n"
    # Fresh backends: read (and detoast) every page first, so shared buffers touched
    # are already in the peak, then measure the peak's growth.  html_text over the same
    # pages is the control: what parsing the pages costs without any profile.
    for what in html_text profile; do
        if [[ $what == profile ]]; then
            q="CREATE TABLE big_profile_$n AS SELECT count(*) AS pages, template_profile(html) AS profile FROM synth_$n;"
        else
            q="SELECT sum(length(html_text(html))) FROM synth_$n \\g /dev/null"
        fi
        bench_psql <<SQL
SET max_parallel_workers_per_gather = 0;
SELECT sum(get_byte(html, 0)) FROM synth_$n \g /dev/null
SELECT bench.hwm() AS hwm0 \gset
$q
INSERT INTO bench.results SELECT 'memory_${what}_$n', 0, NULL, NULL, bench.hwm() - :hwm0;
INSERT INTO bench.results SELECT 'memory_base_${what}_$n', 0, NULL, NULL, :hwm0;
SQL
    done
done

# ---- report
MB=$(bench_psql -Atc "SELECT round(sum(length(html)) / 1e6, 3) FROM pages")
NP=$(bench_psql -Atc "SELECT count(*) FROM pages")
NS=$(bench_psql -Atc "SELECT count(DISTINCT host) FROM pages")
echo
echo "=== templatedet bench: $NP pages, $NS sites, $MB MB (10^6 bytes) from $SITES"
echo "    PostgreSQL $(bench_psql -Atc 'SHOW server_version'), libxml2 $(xml2-config --version), $(nproc) CPUs; median of $REPS; pages/s and MB/s per CPU-second"
bench_psql -P footer=off <<SQL
WITH m AS (
  SELECT label, percentile_disc(0.5) WITHIN GROUP (ORDER BY wall_s) AS wall_s,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY cpu_s) AS cpu_s
  FROM bench.results WHERE wall_s IS NOT NULL GROUP BY label)
SELECT label AS measure, round(wall_s::numeric, 3) AS wall_s, round(cpu_s::numeric, 3) AS cpu_s,
       round(($NP / nullif(cpu_s, 0))::numeric, 0) AS pages_per_s,
       round(($MB / nullif(cpu_s, 0))::numeric, 2) AS mb_per_s
FROM m ORDER BY array_position(ARRAY['detoast','parse_ref_sax','parse_ref_dom','html_text','profile','strip',
                                     'profile_chunk','strip_chunk','segments','clean_text','clean_html',
                                     'clean_markdown','train','clean_text_page','page_metadata'], label);
SQL
bench_psql -At <<'SQL'
WITH m AS (
  SELECT label, percentile_disc(0.5) WITHIN GROUP (ORDER BY cpu_s) AS c,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY wall_s) AS w
  FROM bench.results WHERE wall_s IS NOT NULL GROUP BY label)
SELECT format(E'ratio strip / parse_ref(dom): %s CPU, %s wall   (target <= 1.6)\n'
              'ratio strip / html_text:      %s CPU, %s wall\n'
              'ratio profile / parse_ref(dom): %s CPU\n'
              'ratio html_text / parse_ref(dom): %s CPU\n'
              'ratio profile_chunk / parse_ref(dom): %s CPU\n'
              'ratio strip_chunk / parse_ref(dom): %s CPU, %s wall\n'
              'ratio page_segments / parse_ref(dom): %s CPU, %s wall   (target <= 2.5)\n'
              'ratio clean_text / parse_ref(dom): %s CPU\n'
              'ratio page_metadata / clean_text: %s CPU, %s wall   (target <= 1.2)\n'
              'ratio page_metadata / clean_text without a profile: %s CPU\n'
              'ratio page_metadata / parse_ref(dom): %s CPU',
  round((s.c / r.c)::numeric, 2), round((s.w / r.w)::numeric, 2),
  round((s.c / h.c)::numeric, 2), round((s.w / h.w)::numeric, 2),
  round((p.c / r.c)::numeric, 2), round((h.c / r.c)::numeric, 2),
  round((pc.c / r.c)::numeric, 2), round((sc.c / r.c)::numeric, 2), round((sc.w / r.w)::numeric, 2),
  round((g.c / r.c)::numeric, 2), round((g.w / r.w)::numeric, 2), round((c.c / r.c)::numeric, 2),
  round((md.c / c.c)::numeric, 2), round((md.w / c.w)::numeric, 2), round((md.c / cp.c)::numeric, 2),
  round((md.c / r.c)::numeric, 2))
FROM m s, m r, m h, m p, m g, m c, m pc, m sc, m md, m cp
WHERE s.label = 'strip' AND r.label = 'parse_ref_dom' AND h.label = 'html_text' AND p.label = 'profile'
  AND g.label = 'segments' AND c.label = 'clean_text' AND pc.label = 'profile_chunk'
  AND sc.label = 'strip_chunk' AND md.label = 'page_metadata' AND cp.label = 'clean_text_page';
SQL
bench_psql -At <<'SQL'
WITH m AS (
  SELECT label, percentile_disc(0.5) WITHIN GROUP (ORDER BY cpu_s) AS c,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY wall_s) AS w
  FROM bench.results WHERE wall_s IS NOT NULL GROUP BY label)
SELECT format(E'ratio clean_html / clean_text: %s CPU, %s wall   (target <= 1.2)\n'
              'ratio clean_markdown / clean_text: %s CPU, %s wall   (target <= 1.2)',
  round((h.c / c.c)::numeric, 2), round((h.w / c.w)::numeric, 2),
  round((k.c / c.c)::numeric, 2), round((k.w / c.w)::numeric, 2))
FROM m c, m h, m k
WHERE c.label = 'clean_text' AND h.label = 'clean_html' AND k.label = 'clean_markdown';
SQL
echo
echo "--- site profiles (pg_column_size; profile_info)"
bench_psql -P footer=off -c "SELECT host, pg_column_size(profile) AS bytes, profile_info(profile)::text AS info FROM site_profiles ORDER BY host"
bench_psql -At -c "SELECT format('site profiles: %s sites, total %s bytes, largest %s bytes', count(*), sum(pg_column_size(profile)), max(pg_column_size(profile))) FROM site_profiles"
echo
echo "--- profile of a synthetic site (peak RSS growth of the backend, VmHWM; target < 16 MB at 1,000 pages)"
for n in $BIG; do
    bench_psql -At <<SQL
SELECT format(E'%s pages: template_profile peak RSS growth %s MB (backend peak %s MB); html_text over the same pages (control) %s MB\n  profile stored %s bytes, info %s',
  b.pages, round((SELECT result FROM bench.results WHERE label = 'memory_profile_$n') / 1048576.0, 2),
  round(((SELECT result FROM bench.results WHERE label = 'memory_profile_$n') +
         (SELECT result FROM bench.results WHERE label = 'memory_base_profile_$n')) / 1048576.0, 1),
  round((SELECT result FROM bench.results WHERE label = 'memory_html_text_$n') / 1048576.0, 2),
  pg_column_size(b.profile), profile_info(b.profile)::text)
FROM big_profile_$n b;
SQL
done
