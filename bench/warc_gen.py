#!/usr/bin/env python3
"""bench/warc_gen.py OUT.warc.gz MEGABYTES [SITES]: a synthetic crawl for bench/warc_speed.sh.

Response records of real-looking HTML pages (a site template: head, header, menu,
sidebar, footer; an article of random words from a fixed vocabulary, 2-40 KB), each
followed by its request record, one gzip member per record (level 6, as wget and
warcio write them), until the file has MEGABYTES of compressed bytes.  Deterministic
(seeded).  Not a test; written outside the repository.
"""
import random, sys, zlib

out, megabytes = sys.argv[1], int(sys.argv[2])
nsites = int(sys.argv[3]) if len(sys.argv) > 3 else 50
rnd = random.Random(17)
vocab = [''.join(rnd.choice('abcdefghijklmnopqrstuvwxyz') for _ in range(rnd.randint(2, 11)))
         for _ in range(8000)]

# Zipf-distributed words, as in text: HTML then compresses about as real pages do
cum, acc = [], 0.0
for rank in range(1, len(vocab) + 1):
    acc += 1.0 / rank
    cum.append(acc)

def words(n):
    return ' '.join(rnd.choices(vocab, cum_weights=cum, k=n))

def template(site):
    menu = ''.join(f'<li><a href="/section/{i}.html">{words(2)}</a></li>' for i in range(12))
    side = ''.join(f'<li><a href="/tag/{i}.html">{words(1)}</a></li>' for i in range(20))
    head = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<title>{{title}} | site{site}</title><link rel="stylesheet" href="/s.css">'
            f'<script>var site={site};</script></head>\n<body><header class="top"><div class="logo">'
            f'site{site}</div><nav id="menu"><ul>{menu}</ul></nav></header>\n<div class="wrap">'
            f'<main class="content"><article><h1>{{title}}</h1>\n')
    tail = (f'</article></main><aside class="side"><h3>{words(2)}</h3><ul>{side}</ul></aside></div>\n'
            f'<footer><p>{words(12)}</p><p>&copy; 2024 site{site} &middot; <a href="/about.html">about</a>'
            f'</p></footer></body></html>\n')
    return head, tail

templates = [template(s) for s in range(nsites)]
bodies = []
for _ in range(1000):
    paras = rnd.randint(3, 60)
    bodies.append('\n'.join(f'<p>{words(rnd.randint(20, 90))}</p>' for _ in range(paras)))

def member(data):
    z = zlib.compressobj(6, zlib.DEFLATED, 31)
    return z.compress(data) + z.flush()

def record(kind, uri, date, rid, block, ctype):
    head = (f'WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{rid}>\r\n'
            f'WARC-Date: {date}\r\nWARC-Target-URI: {uri}\r\nWARC-IP-Address: 127.0.0.1\r\n'
            f'Content-Type: {ctype}\r\nContent-Length: {len(block)}\r\n\r\n').encode()
    return member(head + block + b'\r\n\r\n')

limit = megabytes << 20
written = 0
n = 0
with open(out, 'wb') as f:
    info = b'software: templatedet bench/warc_gen.py\r\nformat: WARC File Format 1.0\r\n'
    m = record('warcinfo', 'urn:x-bench', '2024-01-01T00:00:00Z', '00000000-0000-0000-0000-000000000000',
               info, 'application/warc-fields')
    f.write(m); written += len(m)
    while written < limit:
        site = n % nsites
        head, tail = templates[site]
        title = words(4)
        html = (head.replace('{title}', title) + bodies[(n // nsites) % len(bodies)] + tail.replace('{title}', title)).encode()
        uri = f'http://site{site}.example/{n // nsites}/{title.replace(" ", "-")}.html'
        date = f'2024-{1 + n % 12:02d}-{1 + n % 28:02d}T{n % 24:02d}:{n % 60:02d}:{(n * 7) % 60:02d}Z'
        http = (f'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n'
                f'Content-Length: {len(html)}\r\nServer: bench\r\n\r\n').encode() + html
        m = record('response', uri, date, f'{n:08x}-0000-4000-8000-000000000001', http,
                   'application/http; msgtype=response')
        req = (f'GET /{n // nsites}/x.html HTTP/1.1\r\nHost: site{site}.example\r\n'
               f'User-Agent: bench\r\nAccept: text/html\r\n\r\n').encode()
        m += record('request', uri, date, f'{n:08x}-0000-4000-8000-000000000002', req,
                    'application/http; msgtype=request')
        f.write(m); written += len(m)
        n += 1
print(f'{out}: {n} pages, {2 * n + 1} records, {written} bytes', file=sys.stderr)
