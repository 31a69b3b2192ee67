#!/usr/bin/env bash
# test/citus/build.sh — build and install Citus once per machine, for the citus suite.
#
# Citus is not in Debian; its source is a tarball kept beside the checkout (never in the
# project: AGPL-3.0, used only to test).  Looked for, in order: $CITUS_TARBALL, then
# ../shared/vendor/citus-*.tar.xz beside this checkout, then beside the main checkout of
# this repository (a git worktree lives elsewhere).
#
#   bash test/citus/build.sh          exit 0: citus.so is installed (built now if it was not)
#                                     exit 3: not installed and no tarball here, or a
#                                             PostgreSQL it does not support (the suite
#                                             SKIPs on it)
#                                     other:  the build failed (log: build/citus/build.log)
#   bash test/citus/build.sh --where  build nothing: print the installed citus.so or the
#                                     tarball it would build from, or exit 3
#   CITUS_BUILD_ONLY=1                compile only, do not install (e.g. while others
#                                     test: make install must not run beside a test run)
#
# Installs into the pg_config in use (as `make install` of templatedet does); a
# machine-wide lock keeps two checkouts from building it at once.  It apt-gets the -dev
# packages Citus needs when they are missing (root only), and patches one clash of Citus
# 13.2.2 with recent PostgreSQL 15 minor releases (below) in its unpacked copy.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
PG_CONFIG=${PG_CONFIG:-pg_config}

find_tarball() {
    local d main
    if [[ -n ${CITUS_TARBALL:-} ]]; then
        [[ -f $CITUS_TARBALL ]] && { echo "$CITUS_TARBALL"; return 0; }
        return 1
    fi
    main=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
    main=${main%/.git}
    for d in "$REPO/../shared/vendor" ${main:+"$main/../shared/vendor"}; do
        for f in "$d"/citus-*.tar.xz; do
            [[ -f $f ]] && { realpath "$f"; return 0; }
        done
    done
    return 1
}

so=$("$PG_CONFIG" --pkglibdir)/citus.so
if [[ -f $so ]]; then
    [[ ${1:-} == --where ]] && echo "$so"
    exit 0
fi
tarball=$(find_tarball) || {
    echo "citus: Citus is not installed and there is no source to build it from (CITUS_TARBALL, or ../shared/vendor/citus-*.tar.xz beside the checkout)"
    exit 3
}
major=$("$PG_CONFIG" --version | awk '{print $2}'); major=${major%%.*}; major=${major%%[!0-9]*}
case ${tarball##*/} in
    citus-13.*) ((major >= 15 && major <= 17)) || {
        echo "citus: ${tarball##*/} supports PostgreSQL 15 to 17, not $major"; exit 3; } ;;
esac
[[ ${1:-} == --where ]] && { echo "$tarball"; exit 0; }

mkdir -p build/citus
exec 9>"${TMPDIR:-/tmp}/templatedet-citus-build.lock"
flock 9
[[ -f $so ]] && exit 0      # another checkout built it while this one waited

log=$REPO/build/citus/build.log
echo "citus: $so is missing: building Citus from $(basename "$tarball") (a few minutes; log: $log)"

need=()
for p in libkrb5-dev:/usr/include/krb5.h libselinux1-dev:/usr/include/selinux/selinux.h \
         libpam0g-dev:/usr/include/security/pam_appl.h libxslt1-dev:/usr/include/libxslt/xslt.h \
         libssl-dev:/usr/include/openssl/ssl.h libreadline-dev:/usr/include/readline/readline.h \
         liblz4-dev:/usr/include/lz4.h libzstd-dev:/usr/include/zstd.h \
         libcurl4-openssl-dev:/usr/include/x86_64-linux-gnu/curl/curl.h; do
    [[ -f ${p#*:} ]] || compgen -G "/usr/include/*/${p#*:/usr/include/}" >/dev/null || need+=("${p%%:*}")
done
if ((${#need[@]})); then
    echo "citus: missing: ${need[*]}"
    ((EUID == 0)) || { echo "citus: run as root, or: apt-get install ${need[*]}" >&2; exit 1; }
    export DEBIAN_FRONTEND=noninteractive
    # --no-upgrade: only install what is missing, never upgrade the installed server
    apt-get install -y -q --no-upgrade --no-install-recommends "${need[@]}" >>"$log" 2>&1 ||
        { apt-get update -q >>"$log" 2>&1 && apt-get install -y -q --no-upgrade --no-install-recommends "${need[@]}" >>"$log" 2>&1; } ||
        { echo "citus: apt-get failed; see $log" >&2; exit 1; }
fi

src=$REPO/build/citus/src
stamp=$src/.built-from
# a tree built earlier from the same tarball (CITUS_BUILD_ONLY=1 below) is only installed
if [[ ! -f $stamp || $(cat "$stamp") != "$tarball" ]]; then
    rm -rf "$src"; mkdir -p "$src"
    tar xJf "$tarball" -C "$src" --strip-components=1
    # PostgreSQL 15.x (recent minors) exports have_createdb_privilege() from
    # commands/dbcommands.h; Citus 13.2.2 defines its own static inline copy for older
    # minors ("static declaration follows non-static declaration").  Rename Citus's copy.
    compat=$src/src/include/pg_version_compat.h
    sed -i '/^static inline bool$/{N;s/^static inline bool\nhave_createdb_privilege(void)$/#define have_createdb_privilege citus_have_createdb_privilege\n&/}' "$compat"
    (
        cd "$src"
        ./configure PG_CONFIG="$PG_CONFIG"
        make -j"$(nproc)"
    ) >>"$log" 2>&1 || { echo "citus: the build failed; the end of $log:" >&2; tail -n 40 "$log" >&2; exit 1; }
    echo "$tarball" >"$stamp"
fi
# CITUS_BUILD_ONLY=1: compile only (e.g. outside a lock held around installs)
[[ -n ${CITUS_BUILD_ONLY:-} ]] && { echo "citus: built in $src (not installed)"; exit 0; }
make -C "$src" install >>"$log" 2>&1 || { echo "citus: make install failed; the end of $log:" >&2; tail -n 20 "$log" >&2; exit 1; }
echo "citus: installed $so ($("$PG_CONFIG" --version))"
