#!/usr/bin/env python3
"""metadata_quality.py: page_metadata against WCXB dev's gold title, author
and publish date (bench/README.md#page-metadata).

    make build/bench/metadata_dump
    python3 bench/metadata_quality.py [WCXB_DIR] [--dump FILE] [--show FIELD]
                                      [--half even|odd]

Runs build/bench/metadata_dump (the extension's core, base_url = the page's
URL from manifest.tsv) on every page of WCXB_DIR (default /work/data/wcxb-dev)
and counts, per field, the pages whose gold has the field as correct, wrong
(a value that does not match) or missing (no value).  --dump FILE reads a
dump written before instead; --show FIELD prints the wrong ones of a field;
--half even|odd counts only the pages whose domain (the URL's host without
"www.") has an even or odd CRC-32: the held-out halves, split by domain, on
which a rule tuned on one half is checked on the other.

Matching:
  title     equal after case folding, white space folding and typographic
            quotes read as straight ones (the gold writes either)
  published the same day (first 10 characters of the ISO date)
  author    the first author given is one of the gold's names (the gold is
            a string: split on commas, " and ", "&"; case and white space
            folded), so "Jane Doe, MD" matches ["Jane Doe"]
"""
import collections
import json
import os
import re
import subprocess
import sys
import urllib.parse
import zlib


QUOTES = str.maketrans({'\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"'})


def fold(s):
    return re.sub(r'\s+', ' ', (s or '').translate(QUOTES)).strip().casefold()


def names(s):
    return [fold(x) for x in re.split(r',|\s+and\s+|&|;', s or '') if fold(x)]


def judge(field, gold, got):
    if field == 'title':
        ok = fold(got.get('title')) == fold(gold) if 'title' in got else None
    elif field == 'published':
        ok = got['published'][:10] == gold[:10] if 'published' in got else None
    else:
        a = got.get('authors') or []
        ok = (names(a[0])[:1] or [''])[0] in names(gold) if a else None
    return 'missing' if ok is None else 'correct' if ok else 'wrong'


def half_of(url):
    host = (urllib.parse.urlsplit(url).hostname or '').lower()
    if host.startswith('www.'):
        host = host[4:]
    return 'even' if zlib.crc32(host.encode()) % 2 == 0 else 'odd'


def main():
    args = sys.argv[1:]
    dump = show = half = None
    if '--half' in args:
        i = args.index('--half'); half = args[i + 1]; del args[i:i + 2]
    if '--dump' in args:
        i = args.index('--dump'); dump = args[i + 1]; del args[i:i + 2]
    if '--show' in args:
        i = args.index('--show'); show = args[i + 1]; del args[i:i + 2]
    wcxb = args[0] if args else '/work/data/wcxb-dev'
    manifest = [l.rstrip('\n').split('\t') for l in open(os.path.join(wcxb, 'manifest.tsv'))][1:]
    ptype = {r[0]: r[2] for r in manifest}
    keep = {r[0] for r in manifest if half is None or half_of(r[1]) == half}
    if dump:
        text = open(dump, encoding='utf-8').read()
    else:
        feed = ''.join(f'{r[0]}\t{r[1]}\n' for r in manifest)
        text = subprocess.run(['build/bench/metadata_dump', wcxb], input=feed.encode(),
                              stdout=subprocess.PIPE, check=True).stdout.decode('utf-8')
    got = {}
    for line in text.splitlines():
        pid, js = line.split('\t', 1)
        got[pid] = json.loads(js)
    fields = (('title', 'title'), ('published', 'publish_date'), ('author', 'author'))
    counts = collections.defaultdict(collections.Counter)
    for line in open(os.path.join(wcxb, 'metadata.jsonl'), encoding='utf-8'):
        g = json.loads(line)
        pid = g['id']
        if pid not in keep:
            continue
        for field, key in fields:
            if not g.get(key):
                continue
            r = judge(field, g[key], got.get(pid, {}))
            counts[(field, 'all')][r] += 1
            counts[(field, ptype.get(pid, '?'))][r] += 1
            if show == field and r == 'wrong':
                mine = got[pid].get('title') if field == 'title' else \
                    got[pid].get('published') if field == 'published' else got[pid].get('authors')
                print(f'{pid}\t{g[key]!r}\t{mine!r}')
    types = sorted({t for (_, t) in counts if t != 'all'})
    print('| field | pages | correct | wrong | missing |')
    print('|---|---:|---:|---:|---:|')
    for field, _ in fields:
        for t in ['all'] + types:
            c = counts.get((field, t))
            if not c:
                continue
            n = sum(c.values())
            print(f"| {field}{'' if t == 'all' else ' (' + t + ')'} | {n} | "
                  f"{c['correct']} ({100 * c['correct'] / n:.1f}%) | "
                  f"{c['wrong']} ({100 * c['wrong'] / n:.1f}%) | "
                  f"{c['missing']} ({100 * c['missing'] / n:.1f}%) |")


if __name__ == '__main__':
    main()
