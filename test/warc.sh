#!/usr/bin/env bash
# test/warc.sh — the warc suite: real WARC files written by wget against a local HTTP
# server read back by warc_records (the file form) and by the installed client
# program templatedet-warc through \copy ... FROM PROGRAM; and a query on a large
# gzip member cancelled by statement_timeout.
#
# Needs the running cluster of test/run.sh (PGHOST, PGPORT, PGUSER) with the
# extension installed, wget and python3 (test/deps.sh installs them).
# Alone: PGHOST=... PGPORT=... PGUSER=postgres bash test/warc.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "warc: FAIL: $*" >&2; exit 1; }
q() { psql -X -q -A -t -v ON_ERROR_STOP=1 -d templatedet_warc "$@"; }

# a folder the server (user postgres) can read
work=$(mktemp -d /tmp/templatedet-warc.XXXXXX)
server_pid=
cleanup() {
    [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
chmod 755 "$work"

# ---- a small site: UTF-8 pages, a Latin-1 page declared in the HTTP header, a
# gzip-coded page, a 404
mkdir -p "$work/site"
cat >"$work/site/index.html" <<'EOF'
<!DOCTYPE html><html><head><title>Home</title></head><body>
<nav><a href="a.html">A</a> <a href="b.html">B</a> <a href="latin1.html">Latin-1</a>
<a href="zipped.html">zipped</a> <a href="missing.html">missing</a></nav>
<p>Welcome to the test site — UTF-8 ✓</p></body></html>
EOF
for p in a b; do
    printf '<!DOCTYPE html><html><head><title>%s</title></head><body><nav><a href="index.html">Home</a></nav><p>Page %s: %s</p></body></html>\n' \
        "$p" "$p" "$(head -c 3000 /dev/zero | tr '\0' "$p")" >"$work/site/$p.html"
done
printf '<html><body><p>Caf\xe9 cr\xe8me br\xfbl\xe9e</p></body></html>\n' >"$work/site/latin1.html"
printf '<html><body><p>%s</p></body></html>\n' "$(seq 1 2000 | tr '\n' ' ')" >"$work/site/zipped.html"

# the server: files of site/, Latin-1 declared for latin1.html, gzip for zipped.html
cat >"$work/server.py" <<'EOF'
import gzip, http.server, os, sys
class H(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        name = self.path.lstrip('/').split('?')[0] or 'index.html'
        path = os.path.join(sys.argv[2], name)
        if not os.path.isfile(path):
            body = b'<html><body>not found</body></html>'
            self.send_response(404); self.send_header('Content-Type', 'text/html; charset=utf-8')
            self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body); return
        body = open(path, 'rb').read()
        self.send_response(200)
        if name == 'latin1.html':
            self.send_header('Content-Type', 'text/html; charset=ISO-8859-1')
        else:
            self.send_header('Content-Type', 'text/html; charset=utf-8')
        if name == 'zipped.html':
            body = gzip.compress(body); self.send_header('Content-Encoding', 'gzip')
        self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body)
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
EOF
for try in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    /usr/bin/python3 "$work/server.py" "$port" "$work/site" &
    server_pid=$!
    for _ in $(seq 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -0 "$server_pid" 2>/dev/null && break
    server_pid=
done
[[ -n $server_pid ]] || fail "the HTTP server did not start"

# ---- wget writes the crawl: gzip per record, and plain
cd "$work"
rc=0
wget -q -r -l 1 --no-parent -e robots=off --warc-file=crawl -P mirror \
    "http://127.0.0.1:$port/index.html" || rc=$?
((rc == 0 || rc == 8)) || fail "wget exited with $rc"    # 8: the 404, on purpose
sleep 1     # the two crawls' dates differ, as in life: the checks below must not mix them
rc=0
wget -q -r -l 1 --no-parent -e robots=off --warc-file=plain --no-warc-compression -P mirror2 \
    "http://127.0.0.1:$port/index.html" || rc=$?
((rc == 0 || rc == 8)) || fail "wget (plain) exited with $rc"
cd - >/dev/null
chmod 644 "$work"/*.warc*
ls -l "$work"/*.warc*

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'CREATE DATABASE templatedet_warc'
q -c 'CREATE EXTENSION templatedet'

# every record wget wrote comes back: as many as "WARC/1." record lines, with the
# offsets and lengths of the gzip members (computed here by Python's zlib)
for f in crawl.warc.gz plain.warc; do
    if [[ $f == *.gz ]]; then
        want=$(python3 - "$work/$f" <<'EOF'
import sys, zlib
d = open(sys.argv[1], 'rb').read(); off = 0
while off < len(d):
    z = zlib.decompressobj(31); z.decompress(d[off:]); n = len(d) - off - len(z.unused_data)
    print(f"{off}|{n}"); off += n
EOF
)
    else
        want=$(grep -a -b -o '^WARC/1\.[01]'$'\r''$' "$work/$f" | cut -d: -f1 |
               awk -v size="$(stat -c %s "$work/$f")" 'NR > 1 { print prev "|" $1 - prev } { prev = $1 } END { print prev "|" size - prev }')
    fi
    got=$(q -c "SELECT \"offset\" || '|' || length FROM warc_records('$work/$f')")
    [[ $got == "$want" ]] || fail "$f: offsets/lengths differ: got [$got] want [$want]"
    echo "warc: $f: $(wc -l <<<"$got") records at the expected offsets"
done

# the responses: the right URI and status, and the payload is the served file (with
# zipped.html's gzip content coding undone); the 404's body is the server's
check_page() {   # FILE STATUS
    local name=$1 status=$2 expect
    if [[ $status == 404 ]]; then
        expect=$(printf '%s' '<html><body>not found</body></html>' | md5sum | cut -c1-32)
    else
        expect=$(md5sum <"$work/site/$name" | cut -c1-32)
    fi
    for f in crawl.warc.gz plain.warc; do
        got=$(q -c "SELECT http_status || ' ' || md5(payload) FROM warc_records('$work/$f', types => '{response}')
                    WHERE target_uri = 'http://127.0.0.1:$port/$name'")
        [[ $got == "$status $expect" ]] || fail "$f: $name: got [$got], want [$status $expect]"
    done
}
check_page index.html 200
check_page a.html 200
check_page b.html 200
check_page latin1.html 200
check_page zipped.html 200
check_page missing.html 404
echo "warc: the six responses have their status and the served bytes"

# requests too, and the charset column names what the header declared
# (as many as wget wrote: under load it may retry a request, so at least the six)
want=$(zcat "$work/crawl.warc.gz" | grep -a -c $'^WARC-Type: request\r$')
got=$(q -c "SELECT count(*) FROM warc_records('$work/crawl.warc.gz') WHERE warc_type = 'request'")
[[ $got == "$want" && $got -ge 6 ]] || fail "requests: $got, wget wrote $want"
got=$(q -c "SELECT charset || ' ' || convert_from(payload, charset) FROM warc_records('$work/crawl.warc.gz')
            WHERE target_uri LIKE '%/latin1.html' AND warc_type = 'response'")
[[ $got == *'WIN1252 <html><body><p>Café crème brûlée</p>'* ]] || fail "latin1: $got"

# ---- the client program, installed beside pg_config's programs, through \copy
bindir=$(pg_config --bindir)
client=$bindir/templatedet-warc
[[ -x $client ]] || client=$(command -v templatedet-warc || true)
[[ -x $client ]] || fail "templatedet-warc is not installed in $bindir"
q -c 'CREATE TABLE pages (url text, fetched timestamptz, status int, html text, file text)'
q -c "\\copy pages(url, fetched, status, html) FROM PROGRAM '$client $work/crawl.warc.gz'" \
  -c "UPDATE pages SET file = 'crawl.warc.gz' WHERE file IS NULL"
q -c "\\copy pages(url, fetched, status, html) FROM PROGRAM '$client --csv $work/plain.warc' WITH (FORMAT csv)" \
  -c "UPDATE pages SET file = 'plain.warc' WHERE file IS NULL"
got=$(q -c "SELECT count(*), count(DISTINCT url) FROM pages")
[[ $got == '12|6' ]] || fail "client: $got rows|urls, want 12|6"
# the same text as warc_records' payload decoded with its charset, in both formats
# (each file against its own records: the two crawls may differ in their dates)
got=$(q -c "SELECT count(*) FROM pages p
              JOIN LATERAL warc_records('$work/' || p.file, types => '{response}') w
              ON w.target_uri = p.url
            WHERE p.html = convert_from(w.payload, w.charset) AND p.status = w.http_status
              AND p.fetched = w.date")
[[ $got == 12 ]] || fail "client rows equal to warc_records: $got of 12"
got=$(q -c "SELECT html FROM pages WHERE url LIKE '%/latin1.html' LIMIT 1")
[[ $got == *'Café crème brûlée'* ]] || fail "client latin1: $got"
# --raw: bytea hex, the payload's exact bytes
q -c 'CREATE TABLE raw_pages (url text, fetched timestamptz, status int, body bytea)'
q -c "\\copy raw_pages FROM PROGRAM '$client --raw --all $work/crawl.warc.gz'"
got=$(q -c "SELECT count(*) FROM raw_pages r JOIN warc_records('$work/crawl.warc.gz') w
              ON w.payload = r.body AND w.date = r.fetched")
all=$(q -c "SELECT count(*) FROM warc_records('$work/crawl.warc.gz')")
[[ $got -ge $all ]] || fail "--raw --all: $got rows match of $all records"
# a bad file: exit status 1 and a message naming the offset; --skip-bad goes on
cp test/warc/samples/example-trunc.warc "$work/"
rc=0; "$client" "$work/example-trunc.warc" >/dev/null 2>"$work/err" || rc=$?
((rc == 1)) && grep -q 'offset 1197' "$work/err" || fail "client on a bad file: rc $rc, $(cat "$work/err")"
rc=0; "$client" --skip-bad --all "$work/example-trunc.warc" >"$work/out" 2>"$work/err" || rc=$?
((rc == 0)) && [[ $(wc -l <"$work/out") == 3 ]] || fail "client --skip-bad: rc $rc, $(wc -l <"$work/out") lines"
echo "warc: templatedet-warc through \\copy: 12 pages equal to warc_records', errors name the offset"

# ---- cancellation: a record of 2 GB of zeros in one gzip member (2 MB of file),
# read past by a types filter; statement_timeout 100 ms must stop it quickly
python3 - "$work/zeros.warc.gz" <<'EOF'
import sys, zlib
n = 2048 << 20
z = zlib.compressobj(1, zlib.DEFLATED, 31)
with open(sys.argv[1], 'wb') as f:
    f.write(z.compress(b'WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: %d\r\n\r\n' % n))
    block = bytes(1 << 20)
    for _ in range(n >> 20):
        f.write(z.compress(block))
    f.write(z.compress(b'\r\n\r\n')); f.write(z.flush())
EOF
chmod 644 "$work/zeros.warc.gz"
t0=$(date +%s%N)
out=$(q -c "SET statement_timeout = '100ms'" \
        -c "SELECT count(*) FROM warc_records('$work/zeros.warc.gz', types => '{response}')" 2>&1 || true)
ms=$((($(date +%s%N) - t0) / 1000000))
[[ $out == *'canceling statement due to statement timeout'* ]] || fail "not cancelled: $out"
((ms < 700)) || fail "cancelled only after $ms ms"
t0=$(date +%s%N)
got=$(q -c "SELECT count(*) FROM warc_records('$work/zeros.warc.gz', types => '{response}')" \
        -c "SELECT substring(pg_read_file('/proc/self/status') FROM 'VmHWM:\\s+(\\d+) kB')")
full=$((($(date +%s%N) - t0) / 1000000))
hwm_kb=$(tail -n 1 <<<"$got")
[[ $(head -n 1 <<<"$got") == 0 ]] || fail "zeros: $got"
# the 2 GB block was read past, never kept: the backend stays small
((hwm_kb < 100000)) || fail "reading past a 2 GB block took the backend to $hwm_kb kB"
# kept, it is over max_payload before a byte of it is read
out=$(q -c "SELECT count(*) FROM warc_records('$work/zeros.warc.gz')" 2>&1 || true)
[[ $out == *'has a block of 2147483648 bytes, over max_payload'* ]] || fail "2 GB kept: $out"
echo "warc: a 2 GB member cancelled by a 100 ms statement_timeout after $ms ms in all (read in full: $full ms, backend peak $((hwm_kb / 1024)) MB)"

psql -X -q -d postgres -c 'DROP DATABASE templatedet_warc'
echo "warc: PASS"
