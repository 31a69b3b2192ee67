#!/usr/bin/env bash
# Install, with apt-get, whatever the build and the test suites need and is missing
# for the pg_config in use (PG_CONFIG, default: the one on PATH).  Detects by files and
# commands, so it is quiet and touches nothing (no network) when all is present.  Never
# upgrades: only packages not installed at all are installed (--no-upgrade), the server's
# headers at the server's own version when the archive has it, and nothing is done if a
# dependency would upgrade an installed PostgreSQL package (a dry run shows it first).
set -euo pipefail

PG_CONFIG=${PG_CONFIG:-pg_config}
need=()

if command -v "$PG_CONFIG" >/dev/null 2>&1; then
    # "PostgreSQL 15.4 (Debian ...)" -> 15;  "PostgreSQL 9.6.2" -> 9.6
    version=$("$PG_CONFIG" --version | awk '{print $2}')
    case $version in
        9.*) major=${version%.*} ;;
        *)   major=${version%%.*} ;;
    esac
    major=${major%%[!0-9.]*}          # "17devel" -> 17
    bindir=$("$PG_CONFIG" --bindir)
    # Debian's pg_config falls back to libpq-dev's copy (bindir /usr/bin) when no
    # server-dev package is installed, so look in the versioned directory as well.
    if [[ ! -x $bindir/postgres && ! -x /usr/lib/postgresql/$major/bin/postgres ]]; then
        need+=("postgresql-$major")
    fi
    pgxs=$("$PG_CONFIG" --pgxs 2>/dev/null || true)
    incdir=$("$PG_CONFIG" --includedir-server 2>/dev/null || true)
    if [[ -z $pgxs || ! -f $pgxs || ! -f $incdir/postgres.h ]]; then
        need+=("postgresql-server-dev-$major")
    fi
    sharedir=$("$PG_CONFIG" --sharedir)
    # postgres_fdw (the sharded suite): Debian ships it in postgresql-$major itself
    if [[ ! -f $sharedir/extension/postgres_fdw.control && ! -f /usr/share/postgresql/$major/extension/postgres_fdw.control ]] &&
       [[ " ${need[*]} " != *" postgresql-$major "* ]]; then
        need+=("postgresql-$major")
    fi
    if [[ ! -f $sharedir/extension/pgtap.control && ! -f /usr/share/postgresql/$major/extension/pgtap.control ]]; then
        need+=("postgresql-$major-pgtap")
    fi
else
    # No pg_config at all: take the distribution's default major version.
    need+=(postgresql postgresql-server-dev-all)
    again=1     # which pgTAP matches is known only once pg_config is there
fi

command -v xml2-config >/dev/null 2>&1 || [[ -f /usr/include/libxml2/libxml/HTMLparser.h ]] \
    || need+=(libxml2-dev)
command -v pg_prove >/dev/null 2>&1 || need+=(libtap-parser-sourcehandler-pgtap-perl)
command -v cc       >/dev/null 2>&1 || need+=(gcc)
command -v make     >/dev/null 2>&1 || need+=(make)
# the explain suite only (test/explain.sh renders explain_html; it skips without one)
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || need+=(chromium)
# the markdown suite: Debian's cmark-gfm, GitHub's own CommonMark parser (GFM tables), reads
# clean_markdown back (a maintained reference parser, not one of ours)
command -v cmark-gfm >/dev/null 2>&1 || need+=(cmark-gfm)
# the warc suite: zlib for .warc.gz, wget writes the crawl, python3 serves the pages
[[ -f /usr/include/zlib.h ]]         || need+=(zlib1g-dev)
command -v wget     >/dev/null 2>&1 || need+=(wget)
[[ -x /usr/bin/python3 ]]           || need+=(python3)
# page_metadata's language detection (src/core/meta/langdetect.h): CLD2 and a C++
# compiler for its shim
[[ -f /usr/include/cld2/public/compact_lang_det.h ]] || need+=(libcld2-dev)
command -v c++      >/dev/null 2>&1 || need+=(g++)

((${#need[@]} == 0)) && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: missing: ${need[*]}"
    echo "deps: no apt-get here; install the equivalent of: ${need[*]}" >&2
    exit 1
fi
# Only what is not installed at all: `apt-get install` of an installed package upgrades
# it, and an installed PostgreSQL must not change version under a test run.
missing=()
for p in "${need[@]}"; do
    if [[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) == *" installed" ]]; then
        echo "deps: $p is installed but what it provides was not found; not touching it" >&2
    else
        missing+=("$p")
    fi
done
((${#missing[@]} == 0)) && exit 0

echo "deps: missing: ${missing[*]}"
if ((EUID != 0)); then
    echo "deps: run as root (or install them yourself): apt-get install --no-upgrade ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
[[ -n ${TD_DEPS_AGAIN:-} ]] || apt-get update -q     # once per run

# Headers and client of the installed server's own version, while the archive has it.
if [[ -n ${major:-} ]]; then
    server=$(dpkg-query -W -f='${Version}' "postgresql-$major" 2>/dev/null || true)
    for i in "${!missing[@]}"; do
        case ${missing[i]} in
            "postgresql-server-dev-$major" | "postgresql-client-$major")
                if [[ -n $server ]] && apt-cache madison "${missing[i]}" |
                       awk -F'|' '{gsub(/ /, "", $2); print $2}' | grep -qxF -- "$server"; then
                    missing[i]+="=$server"
                fi ;;
        esac
    done
fi
# What a dependency would upgrade shows in a dry run ("Inst libpq5 [15.18-0] (15.20-0 ...)"):
# no PostgreSQL package (server, client, libpq) may move.
apt=(apt-get install -y -q --no-install-recommends --no-upgrade)
upgrades=$("${apt[@]}" -s "${missing[@]}" |
           sed -n 's/^Inst \(postgresql[^ ]*\|libpq[^ ]*\) \[\([^]]*\)\] (\([^ ]*\).*/    -> /p')
if [[ -n $upgrades ]]; then
    echo "deps: installing ${missing[*]} would upgrade installed PostgreSQL packages:" >&2
    echo "$upgrades" >&2
    echo "deps: not done; install them yourself when an upgrade is wanted" >&2
    exit 1
fi
"${apt[@]}" "${missing[@]}"
echo "deps: installed ${missing[*]}"
if [[ -n ${again:-} && -z ${TD_DEPS_AGAIN:-} ]]; then
    TD_DEPS_AGAIN=1 exec bash "$0"
fi
