#!/usr/bin/env python3
"""metadata_title_evidence.py: evidence about page_metadata's title candidates
that the core's features do not have, read from the pages by a stdlib-Python
pass (bench/README.md, "Sixth round"). A measure only: nothing here ships.

    make build/bench/metadata_dump
    build/bench/metadata_dump -c WCXB_DIR < ids_and_urls > /tmp/dump.tsv
    python3 bench/metadata_title_evidence.py --peers [WCXB_DIR]
    python3 bench/metadata_title_evidence.py --extra /tmp/dump.tsv [WCXB_DIR] > /tmp/extra.tsv
    python3 bench/metadata_title_train.py --dump /tmp/dump.tsv --extra /tmp/extra.tsv --l2 3
    python3 bench/metadata_title_train.py --dump /tmp/dump.tsv --l2 3 --show > /tmp/show.txt
    python3 bench/metadata_title_evidence.py --conflict /tmp/dump.tsv /tmp/show.txt [WCXB_DIR]

--peers prints, per page type, how often each peer-style title rule (a
reimplementation from the peers' published descriptions, not their code:
Trafilatura's metadata order, Readability.js's article title, and the
simple "og:title", "<title>", "single <h1>" rules) equals the gold title.
--extra prints one line per candidate of the dump: "id<TAB>text<TAB>values"
under a header naming the extra features (EXTRA), for the trainer's --extra.
--conflict counts the pages where an <h1> and <title> (its first part or whole)
are candidates and differ: which one the gold is, whether a domain's other
such pages predict it (leave one out) better than the overall majority, and
the ranker's wrong titles (the trainer's --show) on them and elsewhere.
"""
import collections
import html.parser
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from metadata_quality import fold  # noqa: E402

VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param',
        'source', 'track', 'wbr'}
HIDDEN = {'script', 'style', 'noscript', 'template', 'svg', 'head', 'title', 'select', 'option'}
CHROME = {'nav', 'footer', 'aside', 'header'}
TITLEISH = re.compile(r'entry-title|post-title|post__title|article-title|article__title|headline|'
                      r'product_title|product-title|product__title|page-title|page__title|pagetitle')
CRUMB = re.compile(r'breadcrumb', re.I)
RS_SEPS = re.compile(r'\s*[|–—·]\s*|\s+-\s+|\s*:\s+')  # rs-trafilatura's title separators


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []          # (tag, flags)
        self.title = None
        self.meta = {}
        self.h1 = []
        self.h2 = []
        self.h1_cls = []         # an <h1> of title-ish class
        self.titleish = []       # texts of title-ish elements (class, id, itemprop)
        self.crumbs = []         # breadcrumb item texts, in order, per breadcrumb
        self.body = []           # visible texts, in order
        self.chrome_body = []    # visible texts outside nav/footer/aside/header
        self.caps = []           # open captures: [tag, depth, kind, parts]

    def handle_starttag(self, tag, attrs):
        a = {k: (v or '') for k, v in attrs}
        if tag == 'meta':
            key = (a.get('property') or a.get('name') or a.get('itemprop') or '').lower()
            if key and key not in self.meta and a.get('content'):
                self.meta[key] = a['content']
            return
        if tag in VOID:
            return
        cls = (a.get('class', '') + ' ' + a.get('id', '')).lower()
        ip = a.get('itemprop', '').lower()
        flags = set()
        if tag in HIDDEN or 'hidden' in a or a.get('aria-hidden') == 'true':
            flags.add('hidden')
        if tag in CHROME:
            flags.add('chrome')
        self.stack.append((tag, flags))
        depth = len(self.stack)
        if tag == 'title' and self.title is None:
            self.caps.append([tag, depth, 'title', []])
        if tag in ('h1', 'h2'):
            self.caps.append([tag, depth, tag + ('c' if TITLEISH.search(cls) else ''), []])
        if TITLEISH.search(cls) or ip in ('headline', 'name') and tag in ('h1', 'h2', 'h3', 'span', 'div'):
            self.caps.append([tag, depth, 'titleish', []])
        if CRUMB.search(cls) or CRUMB.search(a.get('aria-label', '')) or 'BreadcrumbList' in a.get('itemtype', ''):
            self.caps.append([tag, depth, 'crumb', []])
        if tag in ('li', 'a', 'span') and any(c[2] == 'crumb' for c in self.caps):
            self.caps.append([tag, depth, 'crumbitem', []])

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        idx = None
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                idx = i
                break
        if idx is None:
            return
        while len(self.stack) > idx:
            depth = len(self.stack)
            self.stack.pop()
            keep = []
            for c in self.caps:
                if c[1] == depth:
                    self.close(c)
                else:
                    keep.append(c)
            self.caps = keep

    def close(self, c):
        text = re.sub(r'\s+', ' ', ''.join(c[3])).strip()
        kind = c[2]
        if kind == 'title':
            self.title = text
        elif kind.startswith('h1'):
            if text:
                self.h1.append(text)
                if kind == 'h1c':
                    self.h1_cls.append(text)
        elif kind.startswith('h2'):
            if text:
                self.h2.append(text)
        elif kind == 'titleish':
            if text and len(text) < 200:
                self.titleish.append(text)
        elif kind == 'crumb':
            self.crumbs.append(None)  # the end of one breadcrumb
        elif kind == 'crumbitem':
            if text and not re.fullmatch(r'[>/»|›·\-\s]*', text):
                self.crumbs.append(text)

    def handle_data(self, data):
        for c in self.caps:
            c[3].append(data)
        if any('hidden' in f for _, f in self.stack):
            return
        t = data.strip()
        if t:
            self.body.append(t)
            if not any('chrome' in f for _, f in self.stack):
                self.chrome_body.append(t)


def read(path):
    raw = open(path, 'rb').read()
    m = re.search(rb'charset=["\']?([A-Za-z0-9_-]+)', raw[:4096])
    enc = m.group(1).decode() if m else 'utf-8'
    try:
        text = raw.decode(enc, errors='replace')
    except LookupError:
        text = raw.decode('utf-8', errors='replace')
    p = Page()
    try:
        p.feed(text)
        p.close()
    except Exception:
        pass
    return p


def last_crumb(p):
    """The last item of the first breadcrumb, unless it is the only one."""
    items = []
    for t in p.crumbs:
        if t is None:
            if items:
                break
            continue
        if not items or fold(items[-1]) != fold(t):
            items.append(t)
    return items[-1] if len(items) >= 2 else None


def words(s):
    return len((s or '').split())


def meta_title(p, keys):
    """The first of the <meta> keys the page gives, stripped, else None."""
    for k in keys:
        if p.meta.get(k):
            return p.meta[k].strip()
    return None


def trafilatura_style(p):
    """Trafilatura's order: JSON-LD (not read here: see og), og:title, a <meta> title,
    then the single <h1>, a title-ish heading, <title>'s first part at ' - '/' | '."""
    return meta_title(p, ('og:title', 'title', 'dc.title', 'twitter:title', 'headline')) or trafilatura_body(p)


def trafilatura_body(p):
    if len(p.h1) == 1:
        return p.h1[0]
    if p.titleish:
        return p.titleish[0]
    t = p.title or ''
    mm = re.match(r'^(.+)?\s+[-|]\s+(.+)$', t)
    if mm:
        if mm.group(1) and '.' not in mm.group(1):
            return mm.group(1)
        if '.' not in mm.group(2):
            return mm.group(2)
        return t
    if t:
        return t
    if p.h1:
        return p.h1[0]
    return p.h2[0] if p.h2 else None


def readability_style(p):
    """Readability.js's article title from <title> and the headings (its rules as documented)."""
    orig = cur = (p.title or '').strip()
    hier = False
    if re.search(r' [|\-\\/>»] ', cur):
        hier = bool(re.search(r' [\\/>»] ', cur))
        cur = re.sub(r'(.*)[|\-\\/>»] .*', r'\1', orig)
        if words(cur) < 3:
            cur = re.sub(r'[^|\-\\/>»]*[|\-\\/>»](.*)', r'\1', orig)
    elif ': ' in cur:
        heads = [fold(h) for h in p.h1 + p.h2]
        if fold(cur) not in heads:
            cur = orig[orig.rfind(':') + 1:]
            if words(cur) < 3:
                cur = orig[orig.find(':') + 1:]
            elif words(orig[:orig.find(':')]) > 5:
                cur = orig
    elif len(cur) > 150 or len(cur) < 15:
        if len(p.h1) == 1:
            cur = p.h1[0]
    cur = cur.strip()
    n = words(cur)
    if n <= 4 and (not hier or n != words(re.sub(r'[|\-\\/>»]+', '', orig)) - 1):
        cur = orig
    return cur or None


def readability_meta(p):
    """Readability.js's metadata title: og:title / twitter:title first, else its article title."""
    return meta_title(p, ('dc:title', 'dcterm:title', 'og:title', 'twitter:title')) or readability_style(p)


def rs_title_element(p):
    """rs-trafilatura's <title> reading: split at | – — · , ' - ' and ': ', the longest
    part when it is over 10 bytes, else the whole title."""
    t = (p.title or '').strip()
    parts = [x.strip() for x in RS_SEPS.split(t)]
    if len(parts) > 1:
        best = max(parts, key=lambda x: len(x.encode()))
        if len(best.encode()) > 10:
            return best
    return t or None


def rs_style(p):
    """rs-trafilatura's order: the meta titles, then its <title> reading, then the first <h1>."""
    return (meta_title(p, ('og:title', 'twitter:title', 'title', 'dc.title')) or rs_title_element(p)
            or (p.h1[0] if p.h1 else None))


PEERS = {
    'rs_trafilatura': rs_style,
    'rs_title_element': rs_title_element,
    'trafilatura': trafilatura_style,
    'trafilatura_body': trafilatura_body,
    'readability_meta': readability_meta,
    'readability_title': readability_style,
    'og_title': lambda p: p.meta.get('og:title'),
    'title_tag': lambda p: p.title,
    'single_h1': lambda p: p.h1[0] if len(p.h1) == 1 else None,
    'first_h1': lambda p: p.h1[0] if p.h1 else None,
    'titleish': lambda p: p.titleish[0] if p.titleish else None,
    'h1_titleish': lambda p: p.h1_cls[0] if p.h1_cls else None,
    'last_crumb': last_crumb,
}

EXTRA = ['peer_tf', 'peer_rd', 'peer_rdt', 'titleish', 'h1_cls', 'crumb', 'crumb_has',
         'in_body', 'body_log', 'body_early', 'in_content', 'site_name', 'site_in',
         'peer_rs', 'peer_rst', 'rst_whole', 'rst_part', 'title_nosep', 'year', 'digit', 'seo_word', 'sentence_end', 'you_we', 'paren', 'chars_long']
YEAR = re.compile(r'\b(19|20)\d\d\b')
SEO = re.compile(r'\b(best|top|guide|how to|review|reviews|vs|what is|tips|ultimate|complete)\b')
YOU = re.compile(r'\b(you|your|we|our|us)\b')


def evidence(p, cands):
    """Extra features per candidate text (folded) of one page."""
    tf = fold(trafilatura_style(p))
    rd = fold(readability_meta(p))
    rdt = fold(readability_style(p))
    tish = {fold(t) for t in p.titleish}
    h1c = {fold(t) for t in p.h1_cls}
    crumb = fold(last_crumb(p))
    body = ' \n '.join(fold(t) for t in p.body)
    content = ' \n '.join(fold(t) for t in p.chrome_body)
    site = fold(p.meta.get('og:site_name') or p.meta.get('application-name') or '')
    out = {}
    for c in cands:
        f = fold(c)
        n = body.count(f) if f else 0
        pos = body.find(f) if f else -1
        out[c] = [
            float(f == tf), float(f == rd), float(f == rdt),
            float(f in tish), float(f in h1c),
            float(bool(crumb) and f == crumb),
            float(bool(crumb) and (crumb in f or f in crumb)),
            float(n > 0), math.log1p(min(n, 20)) / 3,
            float(0 <= pos < max(1, len(body)) * 0.2),
            float(bool(f) and f in content),
            float(bool(site) and f == site),
            float(bool(site) and site in f and f != site),
            float(f == fold(rs_style(p))), float(f == fold(rs_title_element(p))),
            float(f == fold(rs_title_element(p)) and f == fold(p.title)),
            float(f == fold(rs_title_element(p)) and f != fold(p.title)),
            float(f == fold(p.title) and len(RS_SEPS.split((p.title or '').strip())) == 1),
            float(bool(YEAR.search(f))), float(any(ch.isdigit() for ch in f)),
            float(bool(SEO.search(f))), float(f[-1:] in ('.', '!', '?')),
            float(bool(YOU.search(f))), float(bool(re.search(r'[()\[\]]', f))),
            float(len(f) > 70),
        ]
    return out


def pages_of(wcxb):
    for line in list(open(os.path.join(wcxb, 'manifest.tsv')))[1:]:
        pid, url, ptype = line.rstrip('\n').split('\t')[:3]
        yield pid, url, ptype


def conflict(dump, show, wcxb):
    lines = open(dump, encoding='utf-8').read().splitlines()
    ix = {n: i for i, n in enumerate(lines[0].split('\t')[4].split())}
    pages = collections.OrderedDict()
    for line in lines[1:]:
        pid, _, t, v = line.split('\t')
        pages.setdefault(pid, []).append((fold(t), [float(x) for x in v.split()]))
    gold = {}
    for line in open(os.path.join(wcxb, 'metadata.jsonl'), encoding='utf-8'):
        g = json.loads(line)
        if g.get('title'):
            gold[g['id']] = fold(g['title'])
    dom = {pid: re.sub(r'^www\.', '', (url.split('/') + [''] * 3)[2]) for pid, url, _ in pages_of(wcxb)}
    kinds, bydom, conf = collections.Counter(), collections.defaultdict(list), set()
    for pid, cs in pages.items():
        if pid not in gold:
            continue
        h1 = {t for t, x in cs if x[ix['h1']]}
        first = {t for t, x in cs if x[ix['title_part']] and x[ix['first_part']]}
        whole = {t for t, x in cs if x[ix['src_title']]}
        if not h1 or not first | whole or h1 & (first | whole):
            continue
        g = gold[pid]
        k = 'h1' if g in h1 else 'first part' if g in first else 'whole' if g in whole else 'other'
        kinds[k] += 1
        bydom[dom[pid]].append(k)
        conf.add(pid)
    print(f'pages where an <h1> and <title> (first part or whole) differ: {len(conf)}; the gold: {dict(kinds)}')
    top = kinds.most_common(1)[0][0]
    n = by_dom = by_all = 0
    for ks in bydom.values():
        for i, k in enumerate(ks):
            rest = collections.Counter(ks[:i] + ks[i + 1:]).most_common()
            if not rest:
                continue
            best = [a for a, c in rest if c == rest[0][1]]
            n += 1
            by_dom += (best[0] if len(best) == 1 else top) == k
            by_all += top == k
    print(f'of them in a domain with another: {n}; the domain\'s other pages\' majority is the gold\'s kind '
          f'on {by_dom}, the overall majority ({top}) on {by_all}')
    wrong = {line.split('\t')[0] for line in open(show, encoding='utf-8') if re.match(r'^\d+\t', line)}
    ceil = {pid for pid, cs in pages.items() if pid in gold and any(t == gold[pid] for t, _ in cs)}
    rest = set(gold) - conf
    print(f'the ranker wrong on {len(wrong & conf)} of them (a candidate right on {len(conf & ceil)}), '
          f'on {len(wrong & rest)} of the {len(rest)} others (a candidate right on {len(ceil & rest)})')


def main():
    args = sys.argv[1:]
    if args and args[0] == '--conflict':
        conflict(args[1], args[2], args[3] if len(args) > 3 else '/work/data/wcxb-dev')
        return
    if args and args[0] == '--peers':
        wcxb = args[1] if len(args) > 1 else '/work/data/wcxb-dev'
        gold = {}
        for line in open(os.path.join(wcxb, 'metadata.jsonl'), encoding='utf-8'):
            g = json.loads(line)
            if g.get('title'):
                gold[g['id']] = fold(g['title'])
        hits = collections.defaultdict(collections.Counter)
        for pid, url, ptype in pages_of(wcxb):
            if pid not in gold:
                continue
            p = read(os.path.join(wcxb, pid + '.html'))
            for name, rule in PEERS.items():
                v = rule(p)
                r = 'missing' if not v else 'correct' if fold(v) == gold[pid] else 'wrong'
                hits[(name, 'all')][r] += 1
                hits[(name, ptype)][r] += 1
        types = sorted({t for _, t in hits} - {'all'})
        print('| rule | all | ' + ' | '.join(types) + ' |')
        print('|---|' + '---:|' * (len(types) + 1))
        for name in PEERS:
            row = [f"{hits[(name, t)]['correct']}/{sum(hits[(name, t)].values())}" for t in ['all'] + types]
            miss = hits[(name, 'all')]['missing']
            print(f'| {name} (missing {miss}) | ' + ' | '.join(row) + ' |')
        return
    if args and args[0] == '--extra':
        dump = args[1]
        wcxb = args[2] if len(args) > 2 else '/work/data/wcxb-dev'
        cands = collections.OrderedDict()
        for line in open(dump, encoding='utf-8').read().splitlines()[1:]:
            pid, _, txt, _ = line.split('\t')
            cands.setdefault(pid, []).append(txt)
        print('#\tid\ttext\t' + ' '.join(EXTRA))
        for pid, cs in cands.items():
            p = read(os.path.join(wcxb, pid + '.html'))
            ev = evidence(p, cs)
            for c in cs:
                print(f'{pid}\t{c}\t' + ' '.join(f'{v:g}' for v in ev[c]))
        return
    sys.exit(__doc__)


if __name__ == '__main__':
    main()
