#!/usr/bin/env bash
# test/explain.sh — the explain suite (test/run.sh runs it on its cluster, whose
# PGHOST/PGPORT/PGUSER it inherits; the extension must be installed).
#
# explain_html of a demo page, rendered by a headless Chromium (Debian's chromium,
# installed by test/deps.sh): the DOM Chromium builds has the labelled blocks and no
# script, and in the screenshot the legend's colour of each reason covers the rows where
# the removed blocks are (the site's header and navigation, fixed heights) and none of
# the rows of the kept article.  Skips, with a message, when chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -n ${PGHOST:-} && -n ${PGPORT:-} ]] || { echo "explain: run by test/run.sh (no cluster PGHOST/PGPORT)" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    echo "explain: SKIP: no chromium (test/deps.sh installs Debian's chromium as root)"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/templatedet-explain.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c 'DROP DATABASE IF EXISTS templatedet_explain' \
    -c 'CREATE DATABASE templatedet_explain'
# Four pages of a site: a header and a navigation bar of fixed heights (the nav's last
# item differs per page), then an article of its own; explain_html of a fifth.
psql -X -q -A -t -v ON_ERROR_STOP=1 -d templatedet_explain -o "$tmp/explain.html" <<'SQL'
CREATE EXTENSION templatedet;
CREATE FUNCTION demo(i int) RETURNS text LANGUAGE sql AS $$
  SELECT format('<html><head><title>Page %s</title><script>document.title = "ran"</script></head>'
    '<body style="margin:0;font:16px sans-serif" onload="document.body.innerHTML = %L">'
    '<header style="height:150px"><h1>The Example Gazette</h1><p>News from the valley since 1901</p></header>'
    '<nav style="height:100px"><a href="/">Home page</a> <a href="/news">News of the day</a> '
    '<a href="/sport">Sport results</a> <a href="/weather">Weather forecast</a> <a href="/p%s">Item %s</a></nav>'
    '<main style="height:500px"><h2>Story number %s</h2><p>%s</p></main></body></html>',
    i, 'gone', i, i, i, repeat(format('Sentence %s of the story of this page, about its own subject. ', i), 25))
$$;
SELECT explain_html(demo(5), (SELECT template_profile(demo(i)) FROM generate_series(1, 4) AS i),
                    min_pages => 2);
SQL
psql -X -q -d postgres -c 'DROP DATABASE IF EXISTS templatedet_explain'

chrome() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile" --hide-scrollbars --force-device-scale-factor=1 "$@" \
        2>>"$tmp/chromium.log"
}
chrome --dump-dom "file://$tmp/explain.html" >"$tmp/dom.html"
chrome --screenshot="$tmp/explain.png" --window-size=1000,900 "file://$tmp/explain.html" >/dev/null
[[ -s $tmp/explain.png ]] || { echo "explain: no screenshot"; cat "$tmp/chromium.log"; exit 1; }
[[ -n ${EXPLAIN_KEEP:-} ]] && cp "$tmp/explain.png" "$tmp/explain.html" "$EXPLAIN_KEEP"/

/usr/bin/python3 - "$tmp/dom.html" "$tmp/explain.png" <<'PY'
import re, struct, sys, zlib

dom = open(sys.argv[1], encoding="utf-8").read()
fail = []
labels = re.findall(r'<(\w+) data-td-reason="([^"]*)"', dom)
print("explain: labelled blocks:", labels)
if ("header", "site-share 1.00") not in labels:
    fail.append("the header is not labelled site-share 1.00")
if not any(tag == "nav" and r.startswith("85%-rule") for tag, r in labels):
    fail.append("the navigation is not labelled by the 85% rule")
if re.search(r"<script|onload=|onclick=", dom, re.I) or "<title>ran</title>" in dom:
    fail.append("a script or an event handler is left")
if "gone" in dom or "Story number 5" not in dom:
    fail.append("the page's body was changed")

def png_rows(path):
    """The rows of a PNG (8-bit RGB or RGBA, not interlaced) as bytes, and its pixel size."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unexpected PNG format"
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line)); prev = line
    return rows, width, bpp

rows, width, bpp = png_rows(sys.argv[2])
colours = {"site-share": (0xff, 0x9c, 0x9c), "85%-rule": (0xff, 0xc8, 0x70), "page-score": (0x9c, 0xb4, 0xff)}

def share(y0, y1, rgb):
    """Share of the pixels of rows y0..y1 in colour rgb."""
    hit = total = 0
    for y in range(y0, min(y1, len(rows))):
        r = rows[y]
        for x in range(0, width * bpp, bpp * 4):
            total += 1
            hit += tuple(r[x:x + 3]) == rgb
    return hit / max(total, 1)

# where each block starts: the legend's height is read off the screenshot (the first
# row, from the top, in the header's colour after the legend's own spans)
top = next((y for y in range(40, len(rows)) if share(y, y + 1, colours["site-share"]) > 0.5), None)
if top is None:
    fail.append("no row is mostly the site-share colour: the header is not marked")
else:
    header, nav, main = (top + 10, top + 140), (top + 160, top + 240), (top + 270, top + 700)
    s_header = share(*header, colours["site-share"])
    s_nav = share(*nav, colours["85%-rule"])
    s_main = max(share(*main, c) for c in colours.values())
    print(f"explain: header starts at row {top}; site-share colour in the header rows {s_header:.2f}, "
          f"85%-rule colour in the nav rows {s_nav:.2f}, any removal colour in the article rows {s_main:.3f}")
    if s_header < 0.5: fail.append("the header's rows are not mostly the site-share colour")
    if s_nav < 0.5: fail.append("the navigation's rows are not mostly the 85%-rule colour")
    if s_main > 0.01: fail.append("the kept article is coloured as removed")
for f in fail:
    print("explain: FAIL:", f)
sys.exit(1 if fail else 0)
PY
echo "explain: the removed header and navigation are marked where they are, the article is not"
