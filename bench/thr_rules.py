#!/usr/bin/env python3
"""A learned threshold per page (issue 12, seventh session), measured offline.

  thr_rules.py WX_OUT_DIR MANIFEST                      wcxb-dev by its domain folds
  THR_FIT=WX_OUT_DIR thr_rules.py OUT_DIR - [GOLD_DIR]  another set, the model fitted
      on all of WX_OUT_DIR (its hyper-parameters chosen by its folds)
  THR_DEPTH=3 THR_LEAF=40 THR_LR=0.1 THR_SUB=0.5 THR_VARIANTS=all,up,down,half  (defaults:
      depth, rows a leaf, learning rate, rows per tree, the candidate sets below)
  THR_LOSS=list THR_TAU=0.02   a softmax per page against softmax(F1 / TAU) instead of
      the regression of the gain
  THR_LO=0.3                   candidates from that threshold only
  THR_INSAMPLE=1               wcxb-dev only, the trees fitted on every page and scored on
      them (not held out: what the features can fit at all)
  THR_QUICK=1                  wcxb-dev only, no inner choice: each fold's trees fitted
      on the other four, every setting of (100, 200 trees) x (margin 0, 0.01, 0.02) shown

OUT_DIR: a page_quality TD_STEPS=1 run's per-text dump (efd_rules.py's header; this
script reads it, its outcomes and word F1s, and main's rule through efd_rules.py).

Per page, every candidate threshold of a fixed grid (0.10 ... 0.95 by 0.05, and "keep
all") gives an outcome (what is kept); the distinct outcomes, with main's pick
(td_page_expected_f1: efd_rules.MAIN), are the page's candidates. Each gets features
from the scores alone (what the core has when it decides: smoothed and raw scores and
visible characters of the page's texts, in document order) and the target F1(c) -
F1(main's pick). Gradient-boosted regression trees (squared loss, histogram splits on
quantile bins, pure Python) predict the target; the page takes the candidate of the
largest prediction when it exceeds main's pick's prediction by a margin, else main's
pick. Variants restrict the candidates: all, up (main's pick or higher thresholds: keep
more), down (main's pick or lower), half (main's pick or 0.5).

Nested by wcxb-dev's domain folds: for fold f the calibration table of the expected F1,
the model and its hyper-parameters (trees, margin) are fitted on the other four folds
only (hyper-parameters by an inner cross-validation over those four folds), then
applied to fold f. Another set: table and model fitted on all of wcxb-dev, the
hyper-parameters by wcxb-dev's five folds.
"""
import bisect, csv, importlib.util, math, os, pickle, random, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("efd_rules", os.path.join(HERE, "efd_rules.py"))
efd = importlib.util.module_from_spec(spec)
spec.loader.exec_module(efd)

GRID = [c for c in [round(0.10 + 0.05 * k, 2) for k in range(18)] + [2.0]	# 2.0: keep all
        if c >= float(os.environ.get("THR_LO", "0"))]
NB = 32			# quantile bins of a feature
LAM = 1.0		# L2 on leaf values
MIN_LEAF = int(os.environ.get("THR_LEAF", "40"))
LR = float(os.environ.get("THR_LR", "0.1"))
TREES = (50, 100, 150, 200)
MARGINS = (0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08)
DEPTH = int(os.environ.get("THR_DEPTH", "3"))
SUB = float(os.environ.get("THR_SUB", "0.5"))	# rows per tree (stochastic boosting)
VARIANTS = os.environ.get("THR_VARIANTS", "all,up,down,half").split(",")


def load_cached(out, gold_dir):
    """efd_rules.load, cached under /tmp/thr (the tokenising is the slow part)."""
    os.makedirs("/tmp/thr", exist_ok=True)
    key = "/tmp/thr/" + out.strip("/").replace("/", "_") + ".pickle"
    if os.path.exists(key) and os.path.getmtime(key) > os.path.getmtime(os.path.join(out, "texts.tsv")):
        with open(key, "rb") as f:
            pages = pickle.load(f)
    else:
        pages = efd.load(out, gold_dir)
        # efd.Page has __slots__: pickle plain dicts of them
        with open(key, "wb") as f:
            pickle.dump({k: {s: getattr(p, s) for s in efd.Page.__slots__} for k, p in pages.items()}, f)
        return sorted(pages.values(), key=lambda p: p.id)
    out_pages = []
    for k, d in pages.items():
        p = efd.Page()
        for s, v in d.items():
            setattr(p, s, v)
        out_pages.append(p)
    return sorted(out_pages, key=lambda p: p.id)


# ---- features ----

def hist10(pairs, total):
    h = [0.0] * 11	# bin 10: no score (the page's own text)
    for s, v in pairs:
        h[10 if s < 0 else min(9, int(s * 10))] += v
    return [x / total for x in h] if total else h


def page_rows(p, e, j_main, e_sm, e_raw):
    """(candidates j, feature rows) of page p; e: its E curve under main's table, e_sm
    and e_raw under p = 1 - the smoothed or raw score."""
    G = len(p.vals)
    tot = p.total or 1
    units = p.units
    cands = {}
    for c in GRID:
        j = efd.j_at(p, c) if c <= 1 else G
        cands.setdefault(j, c)
    if j_main not in cands:
        cands[j_main] = p.vals[j_main] if j_main < G else 1.0
    js = sorted(cands)
    # page-level features
    n = len(units)
    rawpairs = [(r, v) for g, m, r, w, v, lab in units]
    smpairs = [(m, v) for g, m, r, w, v, lab in units]
    hr = hist10(rawpairs, p.total)
    hs = hist10(smpairs, p.total)
    rs = [(r if r >= 0 else 0.0, v) for r, v in rawpairs]
    mr = sum(r * v for r, v in rs) / tot
    vr = sum((r - mr) ** 2 * v for r, v in rs) / tot
    j05 = efd.j_at(p, 0.5)
    e_main, e05, emax = e[j_main], e[j05], max(e)
    k_main = p.kc[j_main] / tot
    k05 = p.kc[j05] / tot
    t_main = cands[j_main] if j_main < G else 1.0
    page_f = [math.log1p(n), math.log1p(p.total), mr, vr, e_main, e05, emax, k_main, k05, t_main] + hr + hs
    # per group: raw score x characters
    gr = [0.0] * G
    for g, m, r, w, v, lab in units:
        gr[g] += (r if r >= 0 else 0.0) * v
    esm_max, eraw_max = max(e_sm), max(e_raw)
    rows = []
    for idx, j in enumerate(js):
        c = min(cands[j], 1.0)
        # kept units: group < j; runs, positions, raw of kept and dropped
        best_run = run = 0
        nruns = 0
        prev_kept = False
        first = last = -1
        pos = 0
        k_raw = d_raw = k_bad = d_good = 0.0
        for g, m, r, w, v, lab in units:
            kept = g < j
            rr = r if r >= 0 else 0.0
            if kept:
                run += v
                if not prev_kept:
                    nruns += 1
                if first < 0:
                    first = pos
                last = pos + v
                k_raw += rr * v
                if rr > 0.5:
                    k_bad += v
            else:
                if run > best_run:
                    best_run = run
                run = 0
                d_raw += rr * v
                if rr < 0.3:
                    d_good += v
            prev_kept = kept
            pos += v
        best_run = max(best_run, run)
        kc = p.kc[j]
        dc = p.total - kc
        up = p.kc[js[idx + 1]] / tot if idx + 1 < len(js) else kc / tot
        dn = p.kc[js[idx - 1]] / tot if idx > 0 else kc / tot
        rows.append(page_f + [
            c, c - t_main, e[j], e[j] - e_main, e[j] - emax, kc / tot, kc / tot - k_main, kc / tot - k05,
            best_run / tot, best_run / kc if kc else 0.0, math.log1p(nruns),
            first / tot if first >= 0 else 1.0, 1 - last / tot if last >= 0 else 1.0,
            k_raw / kc if kc else 0.0, d_raw / dc if dc else 0.0, k_bad / tot, d_good / tot,
            up - kc / tot, kc / tot - dn, (j > j_main) - (j < j_main), j - j_main,
        ] + band(p, gr, j, j_main, tot) + band(p, gr, j, js[idx + 1] if idx + 1 < len(js) else j, tot)
            + band(p, gr, js[idx - 1] if idx > 0 else j, j, tot) + [
            e_sm[j] - e_sm[j_main], e_sm[j] - esm_max, e_raw[j] - e_raw[j_main], e_raw[j] - eraw_max,
        ])
    return js, rows


def band(p, gr, a, b, tot):
    """The groups between outcomes a and b: their share of characters, mean raw score
    and mean smoothed score (0, 0, -1 when empty)."""
    lo, hi = min(a, b), max(a, b)
    c = sum(p.gc[lo:hi])
    if c <= 0:
        return [0.0, 0.0, -1.0]
    return [c / tot, sum(gr[lo:hi]) / c, sum(p.vals[g] * p.gc[g] for g in range(lo, hi)) / c]


def build(pages, table_fit, table_key):
    """Per page: (page, candidates, rows, targets, j_main) under main's table fitted on table_fit."""
    ec = efd.curves(pages, efd.MAIN, table_fit, table_key)
    ch = efd.rule_choices(pages, efd.MAIN, table_fit, table_key)
    esm = efd.curves(pages, ("plain", "sm", "c", 1.0, 0.0), None, None)
    eraw = efd.curves(pages, ("plain", "raw", "c", 1.0, 0.0), None, None)
    out = []
    for p in pages:
        jm = ch[p.id]
        js, rows = page_rows(p, ec[p.id], jm, esm[p.id], eraw[p.id])
        ys = [p.f1[j] - p.f1[jm] for j in js]
        out.append((p, js, rows, ys, jm))
    return out


# ---- gradient-boosted regression trees (squared loss, histogram splits) ----

def edges_of(X, nf):
    eds = []
    for f in range(nf):
        col = sorted(x[f] for x in X)
        e = sorted(set(col[int(len(col) * k / NB)] for k in range(1, NB)))
        eds.append(e)
    return eds


def binned(X, eds):
    return [bytes(bisect.bisect_right(eds[f], x[f]) for x in X) for f in range(len(eds))]


LOSS = os.environ.get("THR_LOSS", "l2")	# l2: regression of the gain; list: softmax per page
TAU = float(os.environ.get("THR_TAU", "0.02"))


def list_grad(y, F, groups):
    """Softmax cross-entropy per page against the target softmax(F1 / TAU): residuals
    q - s and hessians s (1 - s)."""
    g, h = [0.0] * len(y), [0.0] * len(y)
    for a, b in groups:
        fm = max(F[a:b])
        ym = max(y[a:b])
        es = [math.exp(f - fm) for f in F[a:b]]
        eq = [math.exp((v - ym) / TAU) for v in y[a:b]]
        zs, zq = sum(es), sum(eq)
        for k in range(b - a):
            s = es[k] / zs
            g[a + k] = eq[k] / zq - s
            h[a + k] = max(s * (1 - s), 1e-3)
    return g, h


def fit_gbdt(X, y, n_trees, depth, seed=1, groups=None):
    """Trees as lists of nodes: (feature, edge value, left, right) or (None, value)."""
    nf = len(X[0])
    eds = edges_of(X, nf)
    B = binned(X, eds)
    n = len(y)
    base = sum(y) / n if LOSS == "l2" else 0.0
    F = [base] * n
    hs = [1.0] * n
    rng = random.Random(seed)
    trees = []
    for _ in range(n_trees):
        if LOSS == "l2":
            g = [yi - fi for yi, fi in zip(y, F)]	# residuals
        else:
            g, hs = list_grad(y, F, groups)
        idx = [i for i in range(n) if rng.random() < SUB] if SUB < 1 else list(range(n))
        nodes = []

        def grow(rows, d):
            me = len(nodes)
            nodes.append(None)
            G = sum(g[i] for i in rows)
            N = len(rows)
            H = sum(hs[i] for i in rows) if LOSS != "l2" else N
            best = None
            if d < depth and N >= 2 * MIN_LEAF:
                base_s = G * G / (H + LAM)
                for f in range(nf):
                    bf = B[f]
                    hg = [0.0] * (NB + 1)
                    hc = [0] * (NB + 1)
                    hh = [0.0] * (NB + 1)
                    if LOSS == "l2":
                        for i in rows:
                            b = bf[i]
                            hg[b] += g[i]
                            hc[b] += 1
                        hh = hc
                    else:
                        for i in rows:
                            b = bf[i]
                            hg[b] += g[i]
                            hc[b] += 1
                            hh[b] += hs[i]
                    gl = hl = 0.0
                    nl = 0
                    for b in range(NB):
                        gl += hg[b]
                        nl += hc[b]
                        hl += hh[b]
                        if nl < MIN_LEAF:
                            continue
                        if N - nl < MIN_LEAF:
                            break
                        gr = G - gl
                        s = gl * gl / (hl + LAM) + gr * gr / (H - hl + LAM) - base_s
                        if best is None or s > best[0]:
                            best = (s, f, b)
            if best is None or best[0] <= 1e-12:
                nodes[me] = (None, LR * G / (H + LAM))
                return me
            _, f, b = best
            bf = B[f]
            left = [i for i in rows if bf[i] <= b]
            right = [i for i in rows if bf[i] > b]
            # split value: x goes left when x < edge (bisect_right of edges)
            l = grow(left, d + 1)
            r = grow(right, d + 1)
            nodes[me] = (f, eds[f][b] if b < len(eds[f]) else float("inf"), l, r)
            return me

        grow(idx, 0)
        trees.append(nodes)
        for i in range(n):
            F[i] += tree_value(nodes, X[i])
    return base, trees


def tree_value(nodes, x):
    k = 0
    while True:
        nd = nodes[k]
        if nd[0] is None:
            return nd[1]
        k = nd[2] if x[nd[0]] < nd[1] else nd[3]


def predict_staged(model, X, stages):
    """Predictions after each number of trees in stages."""
    base, trees = model
    out = {s: [] for s in stages}
    for x in X:
        acc = base
        for t, nodes in enumerate(trees, 1):
            acc += tree_value(nodes, x)
            if t in out:
                out[t].append(acc)
    return out


# ---- choosing ----

def allowed(variant, js, jm, j05):
    if variant == "all":
        return js
    if variant == "up":
        return [j for j in js if j >= jm]
    if variant == "down":
        return [j for j in js if j <= jm]
    if variant == "half":
        return [j for j in js if j in (jm, j05)]
    raise ValueError(variant)


def choose(built, preds, variant, margin):
    """{page id: outcome} from per-row predictions (built's order)."""
    ch = {}
    k = 0
    for p, js, rows, ys, jm in built:
        pr = dict(zip(js, preds[k:k + len(js)]))
        k += len(js)
        al = allowed(variant, js, jm, efd.j_at(p, 0.5))
        bj = max(al, key=lambda j: (pr[j], -abs(j - jm)))
        ch[p.id] = bj if pr[bj] > pr[jm] + margin else jm
    return ch


def flat(built, groups=None):
    X, y = [], []
    for p, js, rows, ys, jm in built:
        if groups is not None:
            groups.append((len(y), len(y) + len(ys)))
        X += rows
        y += ys
    return X, y


def fit_and_predict(train, test, trees=max(TREES)):
    groups = []
    X, y = flat(train, groups)
    model = fit_gbdt(X, y, trees, DEPTH, groups=groups)
    Xt, _ = flat(test)
    return model, predict_staged(model, Xt, TREES)


def tune(pages_by_fold, folds, key):
    """(trees, margin) per variant by cross-validation over folds (each fold's table and
    model fitted on the others); returns {variant: (trees, margin, mean F1)}."""
    tot = defaultdict(float)
    npages = 0
    for f in folds:
        tr = [p for g in folds if g != f for p in pages_by_fold[g]]
        te = pages_by_fold[f]
        bt = build(tr, tr, f"{key}-not{f}")
        be = build(te, tr, f"{key}-not{f}")
        _, staged = fit_and_predict(bt, be)
        npages += len(te)
        for v in VARIANTS:
            for nt in TREES:
                for mg in MARGINS:
                    ch = choose(be, staged[nt], v, mg)
                    tot[(v, nt, mg)] += sum(p.f1[ch[p.id]] for p in te)
    best = {}
    for v in VARIANTS:
        k = max(((nt, mg) for nt in TREES for mg in MARGINS), key=lambda k: (tot[(v,) + k], k[1]))
        best[v] = (k[0], k[1], tot[(v,) + k] / npages)
    return best


def moves(pages, ch, base):
    """How many pages the rule moves off main's pick, and how many of them gain or lose
    more than 0.001 of word F1."""
    d = [p.f1[ch[p.id]] - p.f1[base[p.id]] for p in pages if ch[p.id] != base[p.id]]
    print(f"    moves {len(d)} pages: {sum(x > 0.001 for x in d)} gain, {sum(x < -0.001 for x in d)} lose",
          flush=True)


def main(out, manifest=None, gold_dir=None):
    gold_dir = gold_dir or os.path.join(out, "gold")
    types = {}
    if manifest and manifest != "-":
        types = {r["id"]: r["page_type"] for r in csv.DictReader(open(manifest, encoding="utf-8"), delimiter="\t")}
    pages = load_cached(out, gold_dir)
    print(f"{len(pages)} pages, {sum(len(p.units) for p in pages)} texts; depth {DEPTH}, rows/tree {SUB}",
          flush=True)
    efd.report("oracle: the best threshold per page (ceiling)", pages,
               {p.id: max(range(len(p.f1)), key=lambda j: p.f1[j]) for p in pages}, types)
    fit_src = os.environ.get("THR_FIT")
    if fit_src:
        wx = load_cached(fit_src, os.path.join(fit_src, "gold"))
        by_fold = defaultdict(list)
        for p in wx:
            by_fold[p.fold].append(p)
        folds = sorted(f for f in by_fold if f >= 0)
        main_ch = efd.rule_choices(pages, efd.MAIN, wx, "fit")
        efd.report("main (td_page_expected_f1's rule, table on wcxb-dev)", pages, main_ch, types)
        best = tune(by_fold, folds, "wx")
        bt = build(wx, wx, "fit")
        be = build(pages, wx, "fit")
        _, staged = fit_and_predict(bt, be)
        for v in VARIANTS:
            nt, mg, cvf = best[v]
            ch = choose(be, staged[nt], v, mg)
            efd.report(f"learned, {v} (trees {nt}, margin {mg}; wcxb folds {cvf:.4f})", pages, ch, types)
            moves(pages, ch, main_ch)
            # the unmargined model too: what the margin holds back
            efd.report(f"learned, {v} (trees {nt}, margin 0)", pages, choose(be, staged[nt], v, 0.0), types)
        return
    by_fold = defaultdict(list)
    for p in pages:
        by_fold[p.fold].append(p)
    folds = sorted(f for f in by_fold if f >= 0)
    main_ch = {}
    for f in folds:
        tr = [p for g in folds if g != f for p in by_fold[g]]
        main_ch.update(efd.rule_choices(by_fold[f], efd.MAIN, tr, f"not{f}"))
    for p in by_fold.get(-1, []):
        main_ch[p.id] = 0
    efd.report("main (td_page_expected_f1's rule, table by folds)", pages, main_ch, types)
    grid_or = {}
    for p in pages:
        js = sorted(set([efd.j_at(p, c) if c <= 1 else len(p.vals) for c in GRID] + [main_ch[p.id]]))
        grid_or[p.id] = max(js, key=lambda j: p.f1[j])
    efd.report("oracle over the candidates (grid and main's pick)", pages, grid_or, types)
    if os.environ.get("THR_INSAMPLE"):
        # not held out: what the features can fit at all (capacity, not generalisation)
        b_all = build(pages, pages, "all")
        main_all = {p.id: jm for p, js, rows, ys, jm in b_all}
        _, staged = fit_and_predict(b_all, b_all)
        for v in VARIANTS:
            for nt in (100, 200):
                ch = choose(b_all, staged[nt], v, 0.0)
                efd.report(f"in-sample (fitted on every page) {v}, {nt} trees, margin 0", pages, ch, types)
                moves(pages, ch, main_all)
        return
    if os.environ.get("THR_QUICK"):
        ch = {v: dict(main_ch) for v in VARIANTS}
        for f in folds:
            tr = [p for g in folds if g != f for p in by_fold[g]]
            bt = build(tr, tr, f"not{f}")
            be = build(by_fold[f], tr, f"not{f}")
            _, staged = fit_and_predict(bt, be)
            for v in VARIANTS:
                for nt in (100, 200):
                    for mg in (0.0, 0.01, 0.02):
                        ch.setdefault((v, nt, mg), dict(main_ch)).update(choose(be, staged[nt], v, mg))
        for k, c in ch.items():
            if isinstance(k, tuple):
                efd.report(f"quick (not nested) {k}", pages, c, types)
        return
    res = {v: dict(main_ch) for v in VARIANTS}
    fixed = {v: dict(main_ch) for v in VARIANTS}	# one fixed setting, for reference
    picks = []
    for f in folds:
        inner = [g for g in folds if g != f]
        best = tune(by_fold, inner, f"in{f}")
        tr = [p for g in inner for p in by_fold[g]]
        bt = build(tr, tr, f"not{f}")
        be = build(by_fold[f], tr, f"not{f}")
        _, staged = fit_and_predict(bt, be)
        for v in VARIANTS:
            nt, mg, _ = best[v]
            res[v].update(choose(be, staged[nt], v, mg))
            fixed[v].update(choose(be, staged[100], v, 0.01))
        picks.append((f, best))
        print(f"  fold {f}: " + "; ".join(f"{v} trees {b[0]} margin {b[1]} (inner {b[2]:.4f})"
                                         for v, b in best.items()), flush=True)
    for v in VARIANTS:
        efd.report(f"learned, {v}, nested", pages, res[v], types)
        moves(pages, res[v], main_ch)
        efd.report(f"learned, {v}, 100 trees margin 0.01 (fixed)", pages, fixed[v], types)


if __name__ == "__main__":
    main(*sys.argv[1:])
