#!/usr/bin/env python3
"""metadata_title_train.py: page_metadata's title ranker, measured and trained
on WCXB dev's gold titles (bench/README.md, "Fifth round").

    make build/bench/metadata_dump
    python3 bench/metadata_title_train.py [WCXB_DIR] [--dump FILE] [--l2 X]
                                          [--drop F1,F2] [--write FILE] [--show] [--pairs] [--nested]
                                          [--abstain P] [--extra FILE [--only F1,F2]] [--ptype F1,F2]

Runs build/bench/metadata_dump -c (each page's title candidates and their
features, title_model.h; the page's fold of 5 by registered domain,
bench/folds.h) over WCXB_DIR (default /work/data/wcxb-dev), or reads --dump.
Prints:
  - the ceiling: the share of gold titles equal to at least one candidate
    (folded as bench/metadata_quality.py folds), per page type;
  - the rules (the candidate marked `rule`) and the ranker by folds: for each
    fold, a conditional logit (softmax over a page's candidates, L2 --l2,
    Newton's method from zero weights: deterministic) trained on the pages of
    the 4 other folds that have a right candidate, and scored on the fold's
    pages; correct / wrong / missing per page type;
  - with --write FILE, the weights trained on all of dev as a C table
    (src/core/meta/title_model.c), the figure they get on all of dev
    (trained on).
--drop leaves features out (their weight 0): the variants of the README;
--show prints the pages the ranker gets wrong by folds, with their candidates;
--pairs adds the products of pairs of 15 features (PAIRS), a variant only;
--abstain P gives no title where the best candidate's softmax share is under P
(by folds only: a wrong title turned missing, at the cost of right ones);
--extra FILE joins features read from the pages by
bench/metadata_title_evidence.py --extra (by page and candidate text; --only
keeps the named ones), --ptype crosses the named features with the gold's page
type (an upper bound of what a page-type guess could add): variants only;
--nested chooses l2 per fold among NESTED_L2 by the other 4 folds alone (nested
cross-validation: the by-folds figure without l2 chosen on the folds it reports).
"""
import collections
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from metadata_quality import fold  # noqa: E402  (the scorer's folding)


NESTED_L2 = [0.3, 1, 3, 10]
PAIRS = ['rule', 'h1', 'title_part', 'first_part', 'last_part', 'agree', 'overlap_title', 'cover_h1',
         'article', 'product', 'site_part', 'src_title', 'h1_many', 'extends', 'prefix_of']


def load(wcxb, dump):
    if dump:
        text = open(dump, encoding='utf-8').read()
    else:
        manifest = [l.rstrip('\n').split('\t') for l in open(os.path.join(wcxb, 'manifest.tsv'))][1:]
        feed = ''.join(f'{r[0]}\t{r[1]}\n' for r in manifest)
        text = subprocess.run(['build/bench/metadata_dump', '-c', wcxb], input=feed.encode(),
                              stdout=subprocess.PIPE, check=True).stdout.decode('utf-8')
    lines = text.splitlines()
    names = lines[0].split('\t')[4].split()
    pages = collections.OrderedDict()
    for line in lines[1:]:
        pid, fd, txt, vals = line.split('\t')
        p = pages.setdefault(pid, {'fold': int(fd), 'cands': []})
        p['cands'].append((txt, [float(v) for v in vals.split()]))
    return names, pages


def gold_titles(wcxb):
    import json
    gold = {}
    for line in open(os.path.join(wcxb, 'metadata.jsonl'), encoding='utf-8'):
        g = json.loads(line)
        if g.get('title'):
            gold[g['id']] = fold(g['title'])
    ptype = {r[0]: r[2] for r in (l.rstrip('\n').split('\t')
                                  for l in list(open(os.path.join(wcxb, 'manifest.tsv')))[1:])}
    return gold, ptype


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a is symmetric positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / piv
            if f:
                row, prow = m[r], m[c]
                for k in range(c, n + 1):
                    row[k] -= f * prow[k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def train(data, nf, l2, active, iters=25):
    """Conditional logit: maximise sum over pages of log P(a right candidate) - l2/2 |w|^2."""
    w = [0.0] * nf
    idx = [f for f in range(nf) if active[f]]
    for _ in range(iters):
        g = [0.0] * nf
        h = [[0.0] * nf for _ in range(nf)]
        for xs, pos in data:
            s = [sum(w[f] * x[f] for f in idx) for x in xs]
            mx = max(s)
            e = [math.exp(v - mx) for v in s]
            z = sum(e)
            zp = sum(e[i] for i in pos)
            for part, den, sign in ((range(len(xs)), z, -1.0), (pos, zp, 1.0)):
                mean = [0.0] * nf
                for i in part:
                    q = e[i] / den
                    for f in idx:
                        mean[f] += q * xs[i][f]
                for f in idx:
                    g[f] += sign * mean[f]
                # the Hessian of -log: Cov over all minus Cov over the right ones
                for i in part:
                    q = e[i] / den
                    x = xs[i]
                    for a in idx:
                        da = x[a] - mean[a]
                        if da:
                            ha = h[a]
                            for b in idx:
                                ha[b] -= sign * q * da * (x[b] - mean[b])
        for f in idx:
            g[f] -= l2 * w[f]
            h[f][f] += l2
        hs = [[h[a][b] for b in idx] for a in idx]
        step = solve(hs, [g[f] for f in idx])
        for k, f in enumerate(idx):
            w[f] += step[k]
        if max(abs(v) for v in step) < 1e-7:
            break
    return w


def choose(cands, w, abstain=0.0):
    """The candidate of the highest score; None when its softmax share is under abstain."""
    best, best_s, scores = None, None, []
    for txt, x in cands:
        s = sum(a * b for a, b in zip(w, x))
        scores.append(s)
        if best is None or s > best_s:
            best, best_s = txt, s
    if abstain and best is not None and 1 / sum(math.exp(s - best_s) for s in scores) < abstain:
        return None
    return best


def tally(counts, t, got, gold):
    r = 'missing' if got is None else 'correct' if fold(got) == gold else 'wrong'
    counts['all'][r] += 1
    counts[t][r] += 1


def table(title, counts):
    print(f'\n{title}\n\n| page type | pages | correct | wrong | missing |\n|---|---:|---:|---:|---:|')
    for t in ['all'] + sorted(k for k in counts if k != 'all'):
        c = counts[t]
        n = sum(c.values())
        if n == 0:
            continue
        print(f"| {t} | {n} | {c['correct']} ({100 * c['correct'] / n:.1f}%) | {c['wrong']} | {c['missing']} |")


def main():
    args = sys.argv[1:]
    opts = {}
    show = '--show' in args
    if show:
        args.remove('--show')
    pairs = '--pairs' in args
    if pairs:
        args.remove('--pairs')
    nested = '--nested' in args
    if nested:
        args.remove('--nested')  # a measure only: --write is ignored with it
    for key in ('--dump', '--l2', '--drop', '--write', '--abstain', '--extra', '--only', '--ptype'):
        if key in args:
            i = args.index(key)
            opts[key] = args[i + 1]
            del args[i:i + 2]
    wcxb = args[0] if args else '/work/data/wcxb-dev'
    l2 = float(opts.get('--l2', '1'))
    abstain = float(opts.get('--abstain', '0'))  # a variant: by folds only, never written
    names, pages = load(wcxb, opts.get('--dump'))
    if '--extra' in opts:
        # a variant (not writable): features read from the pages by
        # bench/metadata_title_evidence.py --extra, joined by page and text;
        # --only keeps those of its features named (default: all)
        elines = open(opts['--extra'], encoding='utf-8').read().splitlines()
        enames = elines[0].split('\t')[3].split()
        keep = [i for i, n in enumerate(enames) if n in opts.get('--only', n).split(',')]
        ev = {}
        for line in elines[1:]:
            pid, txt, vals = line.split('\t')
            ev[(pid, txt)] = [float(v) for v in vals.split()]
        for pid, p in pages.items():
            p['cands'] = [(t, x + [ev.get((pid, t), [0.0] * len(enames))[i] for i in keep])
                          for t, x in p['cands']]
        names = names + [enames[i] for i in keep]
        opts.pop('--write', None)
    if pairs:
        # a variant (not writable): the products of pairs of PAIRS' features added
        ix = [names.index(n) for n in PAIRS]
        both = [(a, b) for a in range(len(ix)) for b in range(a + 1, len(ix))]
        for p in pages.values():
            p['cands'] = [(t, x + [x[ix[a]] * x[ix[b]] for a, b in both]) for t, x in p['cands']]
        names = names + [f'{PAIRS[a]}*{PAIRS[b]}' for a, b in both]
        opts.pop('--write', None)
    gold, ptype = gold_titles(wcxb)
    if '--ptype' in opts:
        # a variant (not writable): the page type crossed with the named
        # features; the gold's page type (manifest.tsv), an upper bound of what
        # a page-type classifier's guess could add
        crossed = opts['--ptype'].split(',')
        types = sorted(set(ptype.values()) - {'article'})
        ix = [names.index(n) for n in crossed]
        for pid, p in pages.items():
            p['cands'] = [(t, x + [x[i] * (ptype.get(pid) == ty) for ty in types for i in ix])
                          for t, x in p['cands']]
        names = names + [f'{n}*{ty}' for ty in types for n in crossed]
        opts.pop('--write', None)
    nf = len(names)
    drop = set(filter(None, opts.get('--drop', '').split(',')))
    unknown = drop - set(names)
    if unknown:
        sys.exit(f'unknown features: {sorted(unknown)}')
    active = [n not in drop for n in names]
    ids = [pid for pid in gold]
    # the ceiling
    ceil = collections.defaultdict(collections.Counter)
    for pid in ids:
        cands = pages.get(pid, {'cands': []})['cands']
        hit = [t for t, _ in cands if fold(t) == gold[pid]]
        tally(ceil, ptype[pid], hit[0] if hit else None if not cands else '\0', gold[pid])
    print(f'{len(ids)} pages with a gold title; candidates per page: '
          f'{sum(len(p["cands"]) for p in pages.values()) / max(1, len(pages)):.1f}')
    table('Ceiling (correct: a candidate equals the gold; wrong: none does; missing: no candidate)', ceil)

    def examples(fold_ids):
        out = []
        for pid in fold_ids:
            cands = pages.get(pid, {'cands': []})['cands']
            pos = [i for i, (t, _) in enumerate(cands) if fold(t) == gold[pid]]
            if pos:
                out.append(([x for _, x in cands], pos))
        return out

    rules = collections.defaultdict(collections.Counter)
    ranked = collections.defaultdict(collections.Counter)
    per_fold = collections.defaultdict(collections.Counter)
    rule_w = [1.0 if n == 'rule' else 0.0 for n in names]
    def correct(ids_, w):
        return sum(fold(choose(pages[pid]['cands'], w)) == gold[pid] for pid in ids_)

    for k in range(5):
        train_ids = [pid for pid in ids if pid in pages and pages[pid]['fold'] != k]
        if nested:
            # l2 chosen by the 4 training folds alone (each left out in turn), then trained on all 4
            score = {}
            for cand_l2 in NESTED_L2:
                score[cand_l2] = sum(
                    correct([pid for pid in train_ids if pages[pid]['fold'] == j],
                            train(examples([pid for pid in train_ids if pages[pid]['fold'] != j]), nf,
                                  cand_l2, active))
                    for j in range(5) if j != k)
            l2 = max(NESTED_L2, key=lambda v: (score[v], v))
            print(f'fold {k}: l2 {l2:g} chosen by the other folds ({score})')
        w = train(examples(train_ids), nf, l2, active)
        for pid in ids:
            p = pages.get(pid)
            if p is None or p['fold'] != k:
                if p is None and k == 0:
                    tally(rules, ptype[pid], None, gold[pid])
                    tally(ranked, ptype[pid], None, gold[pid])
                continue
            rule = choose(p['cands'], rule_w) if any(x[0] for _, x in p['cands']) else None
            tally(rules, ptype[pid], rule, gold[pid])
            got = choose(p['cands'], w, abstain)
            tally(ranked, ptype[pid], got, gold[pid])
            tally(per_fold, f'fold {k}: rules', rule, gold[pid])
            tally(per_fold, f'fold {k}: ranker', got, gold[pid])
            if show and got is not None and fold(got) != gold[pid]:
                print(f'{pid}\t{ptype[pid]}\tgold {gold[pid]!r}\tgot {got!r}')
                for t, x in p['cands']:
                    on = ' '.join(n for n, v in zip(names, x) if v and n not in ('words', 'upper_share'))
                    print(f'\t{"*" if fold(t) == gold[pid] else " "} {t!r}\t{on}')
    table('The rules (the candidate marked rule)', rules)
    table(f'The ranker by 5 folds (l2 {"chosen per fold" if nested else format(l2, "g")}; dropped: {",".join(sorted(drop)) or "none"})', ranked)
    per_fold.pop('all', None)
    table('Each fold (the ranker trained on the 4 others)', per_fold)
    if '--write' in opts and not nested:
        w = train(examples([pid for pid in ids if pid in pages]), nf, l2, active)
        whole = collections.defaultdict(collections.Counter)
        for pid in ids:
            p = pages.get(pid)
            tally(whole, ptype[pid], choose(p['cands'], w) if p else None, gold[pid])
        table('The written weights on all of dev (trained on it)', whole)
        with open(opts['--write'], 'w') as f:
            f.write('/*\n * title_model.c — the title ranker\'s weights (title_model.h), generated by\n'
                    f' * bench/metadata_title_train.py --l2 {l2:g}'
                    + (f' --drop {",".join(sorted(drop))}' if drop else '') +
                    ' --write src/core/meta/title_model.c\n'
                    ' * from WCXB dev (all its pages with a gold title); do not edit by hand.\n */\n'
                    '#include "meta/title_model.h"\n\n'
                    'const double td_title_weights[TD_TITLE_NF] = {\n')
            for n, v in zip(names, w):
                f.write(f'\t[TD_TF_{n}] = {round(v, 6) + 0.0:.6f},\n')
            f.write('};\n\n/* made for the list of ' + str(nf) + ' features */\n'
                    f'_Static_assert(TD_TITLE_NF == {nf}, "title_model.c: regenerate it");\n')
        print(f'\nwrote {opts["--write"]}')


if __name__ == '__main__':
    main()
