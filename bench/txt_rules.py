#!/usr/bin/env python3
"""A per-text second opinion for page level alone (issue 12, seventh session), offline.

  txt_rules.py WX_OUT_DIR MANIFEST                    wcxb-dev by its 5 domain folds
  TXT_FIT=WX_OUT_DIR txt_rules.py OUT_DIR - [GOLD]    another set, the model and every
      choice fitted on all of WX_OUT_DIR (a k-fold run: each page scored by trees that
      never saw its fold)
  TXT_MODEL=gb                                        boosted trees instead of the
                                                      logistic regression
  TXT_X=1                                             also texts_x.tsv's columns
                                                      (page_quality TD_TEXTS_X=1)

OUT_DIR: a page_quality TD_STEPS=1 run (bench/wcxb_quality.sh), read by efd_rules.load
(texts.tsv: one unit per text, or texts that run on with the same smoothed score).
Run from the repository root (efd_rules reads ../shared/eval/score.py, or TD_SCORE).

Per text a model of its gold-word share (efd_rules' soft label: each word's gold count
over its page count, at most 1), weighted by visible characters, from features the core
could compute at decision time (FEATS below): the raw and smoothed scores, the
neighbours' raw scores in document order, the text's own shape (characters, words, mean
word length, shares of digits, capitals, punctuation, sentence-final punctuation, price
pattern, separators, 1-3 words), its position and share of the page, and the page's
histogram of raw scores (FEATS_X: link density, container tag, repetition).  Used (a) as
p in main's expected-F1 choice of t (td_page_expected_f1: [0.3, 0.9], characters),
instead of the calibrated table of the raw score; (b) as a filter after the choice: drop
kept texts whose p is under a bar, keep dropped texts whose p is over another; (c) a bar
of the page's own, c times the expected F1 of main's choice under the model's p.
wcxb-dev: the model fitted on four folds predicts the fifth; the sharpening, margin, bars
and c chosen on the four training folds' pages (their in-sample predictions).  Word F1
from the units' words with score.py's tokens (bench/README.md, "Issue 12, seventh
session: a per-text second opinion").
"""
import bisect, csv, math, os, re, sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import efd_rules as E	# noqa: E402

PRICE = re.compile(r"[$€£¥₹]\s?\d|\d\s?[$€£¥₹]|\b(?:USD|EUR|GBP)\b|\d[.,]\d\d\b")
SEP = re.compile(r"[|»·•›/]")
FINAL = re.compile(r"[.!?:;\"”’)]\s*$")
PUNCT = re.compile(r"[^\w\s]")


def lg(x):
    return E.logit(x)


CTX = {"a": 0, "li": 1, "p": 2, "h1": 3, "h2": 3, "h3": 3, "h4": 3, "h5": 3, "h6": 3, "td": 4,
       "th": 4, "button": 5, "label": 5, "option": 5, "-": 6}
N_CTX = 8	# the last: any other container (span, strong, b, em, small, time, code, ...)


def load_x(out):
    """Per page, per unit (efd_rules.load's grouping: a text that joins the previous one
    with the same drop score runs on in its unit) the features of texts_x.tsv (page_quality
    with TD_TEXTS_X): the share of characters inside <a>, the first text's container
    (CTX), the link density of its nearest shown element and of its parent, and (newer
    dumps) how many same-tag siblings its container and its nearest shown element have."""
    px = os.path.join(out, "texts_x.tsv")
    if not os.path.exists(px):
        return None
    res = defaultdict(list)
    last = {}
    with open(os.path.join(out, "texts.tsv"), encoding="utf-8", errors="replace") as f, open(px) as fx:
        for ln, lx in zip(f, fx):
            rel, grp, m, raw, vis, join, _ = ln.split("\t", 6)
            in_a, ptag, ctx, ld_s, ld_p, *rp = lx.rstrip("\n").split("\t")
            us = res[rel]
            v = int(vis)
            if join == "1" and us and last[rel] == m:
                u = us[-1]
                u[0] += v
                u[1] += v * int(in_a)
            else:
                us.append([v, v * int(in_a), CTX.get(ctx, N_CTX - 1), float(ld_s), float(ld_p),
                           [int(r) for r in rp]])
            last[rel] = m
    return res


def page_rows(p, table, xs=None):
    """The feature rows of page p's units (document order), table: main's p of a raw score;
    xs: load_x's units of the page (their columns appended)."""
    n = len(p.units)
    raws = [u[2] for u in p.units]
    rr = [r if r >= 0 else 0.0 for r in raws]
    total = p.total or 1
    # the page's histogram of raw scores, weighted by characters
    h = [0.0] * 4
    for u in p.units:
        h[min(3, int(max(u[2], 0.0) * 4))] += u[4]
    h = [x / total for x in h]
    words_all = sum(u[3] for u in p.units) or 1
    rows = []
    before = 0
    for i, (g, m, r, w, v, lab) in enumerate(p.units):
        t = p.texts[i]
        nt = len(t) or 1
        toks = E.score.TOKEN.findall(t)
        nw = len(toks)
        letters = sum(len(x) for x in toks)
        digits = sum(c.isdigit() for c in t)
        caps = sum(c.isupper() for c in t)
        pu = len(PUNCT.findall(t))
        nb = []
        for d in (-3, -2, -1, 1, 2, 3):
            k = i + d
            nb.append(lg(1 - rr[k]) if 0 <= k < n else lg(1 - rr[i]))
        p0 = table(m, r)
        x = [
            lg(p0),
            lg(1 - rr[i]),
            lg(1 - m) if m >= 0 else lg(1 - rr[i]),
            1.0 if m < 0 else 0.0,
            *nb,
            (nb[0] + nb[1] + nb[2]) / 3 - lg(1 - rr[i]),
            (nb[3] + nb[4] + nb[5]) / 3 - lg(1 - rr[i]),
            math.log1p(v),
            math.log1p(nw),
            letters / nw if nw else 0.0,
            digits / nt,
            caps / nt,
            pu / nt,
            1.0 if FINAL.search(t) else 0.0,
            1.0 if PRICE.search(t) else 0.0,
            1.0 if SEP.search(t) else 0.0,
            1.0 if 1 <= nw <= 3 else 0.0,
            before / total,
            v / total,
            w / words_all,
            h[0], h[1], h[2],
            math.log1p(n),
            lg(p0) * math.log1p(v),
            (1.0 if 1 <= nw <= 3 else 0.0) * lg(p0),
        ]
        if xs is not None:
            vx, la, c, lds, ldp, rp = xs[i]
            oh = [0.0] * N_CTX
            oh[c] = 1.0
            x += [la / vx if vx else 0.0, lds, ldp, *oh, lds * lg(p0)]
            if rp:	# the repetition columns (texts_x.tsv's sixth and seventh)
                x += [math.log1p(rp[0]), math.log1p(rp[1]), 1.0 if rp[0] >= 3 else 0.0,
                      (1.0 if rp[1] >= 3 else 0.0) * lds, math.log1p(rp[1]) * lg(p0)]
        before += v
        rows.append(x)
    return rows


FEATS = ["logit_p0", "logit_raw", "logit_sm", "no_sm", "nb_m3", "nb_m2", "nb_m1", "nb_p1",
         "nb_p2", "nb_p3", "prev_mean_d", "next_mean_d", "log_chars", "log_words", "word_len",
         "digits", "caps", "punct", "final", "price", "sep", "button", "pos", "share_c",
         "share_w", "h0", "h1", "h2", "log_texts", "p0_x_chars", "p0_x_button"]
FEATS_X = ["link_share", "ld_shown", "ld_parent"] + [f"ctx_{k}" for k in
                                                      ("a", "li", "p", "h", "td", "button", "none", "other")] + [
    "ld_x_p0", "log_rep_ctx", "log_rep_shown", "rep_ctx_3", "rep_shown_3_x_ld", "rep_shown_x_p0"]


class Model:
    def __init__(self, mu, sd, w):
        self.mu, self.sd, self.w = mu, sd, w

    def z(self, x):
        w = self.w
        s = w[0]
        for k in range(len(x)):
            s += w[k + 1] * (x[k] - self.mu[k]) / self.sd[k]
        return s

    def prob(self, x):
        return E.sig(self.z(x))


def fit(X, Y, W, l2=1.0, iters=15):
    """Weighted logistic regression with soft labels (Newton; columns for speed)."""
    from operator import mul
    d = len(X[0])
    n = len(X)
    sw = sum(W)
    Wn = [x * n / sw for x in W]	# weights to mean 1
    cols, mu, sd = [[1.0] * n], [], []
    for k in range(d):
        c = [x[k] for x in X]
        m = sum(map(mul, c, Wn)) / n
        s = math.sqrt(sum(wi * (ci - m) ** 2 for ci, wi in zip(c, Wn)) / n) or 1.0
        mu.append(m)
        sd.append(s)
        cols.append([(ci - m) / s for ci in c])
    D = d + 1
    w = [0.0] * D
    for it in range(iters):
        z = [0.0] * n
        for k in range(D):
            if w[k]:
                wk = w[k]
                z = [a + wk * b for a, b in zip(z, cols[k])]
        q = [E.sig(s) for s in z]
        e = [(qi - yi) * wi for qi, yi, wi in zip(q, Y, Wn)]
        h = [qi * (1 - qi) * wi for qi, wi in zip(q, Wn)]
        g = [sum(map(mul, cols[k], e)) + (l2 * w[k] if k else 0.0) for k in range(D)]
        H = [[0.0] * D for _ in range(D)]
        for a in range(D):
            ha = list(map(mul, cols[a], h))
            for b in range(a, D):
                H[a][b] = H[b][a] = sum(map(mul, ha, cols[b])) + (l2 if a == b and a else 0.0)
        step = solve(H, g)
        w = [w[k] - step[k] for k in range(D)]
        if max(abs(s) for s in step) < 1e-5:
            break
    return Model(mu, sd, w)


class Trees:
    """Boosted regression trees on the logit (bins of each feature from the training rows)."""

    def __init__(self, cuts, trees, base):
        self.cuts, self.trees, self.base = cuts, trees, base

    def z(self, x):
        s = self.base
        for nodes in self.trees:
            k = 0
            while True:
                f, c, l, r, v = nodes[k]
                if f < 0:
                    s += v
                    break
                k = l if x[f] <= c else r
        return s

    def prob(self, x):
        return E.sig(self.z(x))


def fit_trees(X, Y, W, n_trees=60, depth=3, lr=0.2, sub=4, nbins=32, lam=1.0, min_h=20.0):
    """Deterministic gradient boosting (logistic loss, soft labels, weights W): rows i with
    i % sub == t % sub fit tree t; each split on bin edges of the training rows."""
    d, n = len(X[0]), len(X)
    sw = sum(W)
    Wn = [x * n / sw for x in W]
    cuts, cols = [], []
    for k in range(d):
        vs = sorted(set(x[k] for x in X[::7]))
        if len(vs) > nbins:
            vs = [vs[(j * len(vs)) // nbins] for j in range(1, nbins)]
        else:
            vs = vs[:-1]
        cuts.append(vs)
        cols.append(bytes(bisect.bisect_left(vs, x[k]) for x in X))
    ybar = sum(y * w for y, w in zip(Y, Wn)) / n
    base = E.logit(ybar)
    z = [base] * n
    trees = []
    for t in range(n_trees):
        rows = range(t % sub, n, sub)
        g, h = {}, {}
        for i in rows:
            q = E.sig(z[i])
            g[i] = (q - Y[i]) * Wn[i]
            h[i] = max(q * (1 - q), 1e-6) * Wn[i]
        nodes = []

        def build(R, dep):
            G = sum(g[i] for i in R)
            Hs = sum(h[i] for i in R)
            me = len(nodes)
            nodes.append(None)
            best = None
            if dep < depth and Hs >= 2 * min_h:
                base_gain = G * G / (Hs + lam)
                for k in range(d):
                    nb = len(cuts[k]) + 1
                    if nb < 2:
                        continue
                    hg, hh = [0.0] * nb, [0.0] * nb
                    col = cols[k]
                    for i in R:
                        b = col[i]
                        hg[b] += g[i]
                        hh[b] += h[i]
                    gl = hl = 0.0
                    for b in range(nb - 1):
                        gl += hg[b]
                        hl += hh[b]
                        hr = Hs - hl
                        if hl < min_h or hr < min_h:
                            continue
                        gr = G - gl
                        gain = gl * gl / (hl + lam) + gr * gr / (hr + lam) - base_gain
                        if best is None or gain > best[0] + 1e-12:
                            best = (gain, k, b)
            if best is None or best[0] <= 0:
                nodes[me] = (-1, 0.0, 0, 0, -lr * G / (Hs + lam))
                return me
            _, k, b = best
            col = cols[k]
            L = [i for i in R if col[i] <= b]
            Rr = [i for i in R if col[i] > b]
            li = build(L, dep + 1)
            ri = build(Rr, dep + 1)
            nodes[me] = (k, cuts[k][b], li, ri, 0.0)
            return me

        build(list(rows), 0)
        trees.append(nodes)
        m = Trees(cuts, [nodes], 0.0)
        z = [zi + m.z(x) for zi, x in zip(z, X)]
    return Trees(cuts, trees, base)


def solve(A, b):
    """Gaussian elimination with partial pivoting (A is small)."""
    n = len(b)
    M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[piv] = M[piv], M[c]
        if abs(M[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = M[r][c] / M[c][c]
            if f:
                for k in range(c, n + 1):
                    M[r][k] -= f * M[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = M[r][n] - sum(M[r][k] * x[k] for k in range(r + 1, n))
        x[r] = s / M[r][r] if abs(M[r][r]) > 1e-12 else 0.0
    return x


# ---- decisions ----

def e_curve_p(p, ps):
    """E(j) of every outcome j of page p, p_i given per unit, w = characters."""
    G = len(p.vals)
    pw = [0.0] * G
    for (g, m, r, w, v, lab), q in zip(p.units, ps):
        pw[g] += q * v
    pall = sum(pw)
    e, cw, cp = [], 0.0, 0.0
    for j in range(G + 1):
        e.append(2 * cp / (cw + pall) if cw + pall > 0 else 0.0)
        if j < G:
            cw += p.gc[j]
            cp += pw[j]
    return e


def kept_f1(p, keep):
    pred = Counter()
    for c, k in zip(p.toks, keep):
        if k:
            pred.update(c)
    gn, pn = sum(p.gold.values()), sum(pred.values())
    if gn == 0 and pn == 0:
        return 1.0
    ov = sum(min(n, p.gold.get(x, 0)) for x, n in pred.items())
    return 2.0 * ov / (pn + gn)


def filtered_f1(p, j, ps, lo, hi):
    """F1 when, after outcome j, kept texts with p < lo are dropped and others with p > hi kept."""
    keep = [(u[0] < j and q >= lo) or (u[0] >= j and q > hi) for u, q in zip(p.units, ps)]
    if all(k == (u[0] < j) for k, u in zip(keep, p.units)):
        return p.f1[j]
    return kept_f1(p, keep)


def sharp(ps, a):
    return ps if a == 1 else [E.sig(a * E.logit(q)) for q in ps]


MAIN_LO, MAIN_HI = 0.3, 0.9
A_GRID = (1.0, 1.5, 2.0, 3.0)
M_GRID = (0.0, 0.02, 0.05)
LO_BARS = (0.0, 0.03, 0.05, 0.1, 0.15, 0.2, 0.3)
HI_BARS = (2.0, 0.97, 0.95, 0.9, 0.8)


def choose_rule(pages, PS, P0):
    """On training pages: (a, margin) of the model's p in E, then (lo, hi) bars after each
    of main's choice and the model's; returns the picks."""
    best = None
    for a in A_GRID:
        for mg in M_GRID:
            tot = 0.0
            for p in pages:
                e = e_curve_p(p, sharp(PS[p.id], a))
                tot += p.f1[E.efd_choose(p, e, MAIN_LO, MAIN_HI, mg, 0)]
            if best is None or tot > best[0] + 1e-9:
                best = (tot, a, mg)
    _, a, mg = best
    picks = {"a": a, "margin": mg}
    for base in ("main", "model"):
        js = {}
        for p in pages:
            if base == "main":
                e = e_curve_p(p, P0[p.id])
                js[p.id] = E.efd_choose(p, e, MAIN_LO, MAIN_HI, 0.02, 0)
            else:
                e = e_curve_p(p, sharp(PS[p.id], a))
                js[p.id] = E.efd_choose(p, e, MAIN_LO, MAIN_HI, mg, 0)
        bb = None
        for lo in LO_BARS:
            for hi in HI_BARS:
                tot = sum(filtered_f1(p, js[p.id], PS[p.id], lo, hi) for p in pages)
                if bb is None or tot > bb[0] + 1e-9:
                    bb = (tot, lo, hi)
        picks[base + "_bars"] = bb[1:]
    # (c) a bar of the page's own: c times the expected F1 of the choice (a text raises
    # the expected F1 when its p is over half of it)
    for kind in ("drop", "all"):
        bb = None
        for c in C_GRID:
            tot = sum(ef1_f1(p, PS[p.id], P0[p.id], c, kind) for p in pages)
            if bb is None or tot > bb[0] + 1e-9:
                bb = (tot, c)
        picks["c_" + kind] = bb[1]
    return picks


C_GRID = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0)


def ef1_f1(p, ps, p0, c, kind):
    """F1 of (c): after main's choice j, the bar b = c E_j (E under the model's p at j);
    "drop": kept texts under b dropped; "all": exactly the texts with p >= b kept."""
    j = E.efd_choose(p, e_curve_p(p, p0), MAIN_LO, MAIN_HI, 0.02, 0)
    b = c * e_curve_p(p, ps)[j]
    return filtered_f1(p, j, ps, b, 2.0 if kind == "drop" else b)


def apply_rules(pages, PS, P0, picks):
    """Per page the F1 of each variant."""
    out = defaultdict(dict)
    a, mg = picks["a"], picks["margin"]
    for p in pages:
        e0 = e_curve_p(p, P0[p.id])
        j0 = E.efd_choose(p, e0, MAIN_LO, MAIN_HI, 0.02, 0)
        out["main"][p.id] = p.f1[j0]
        ps = PS[p.id]
        e1 = e_curve_p(p, sharp(ps, a))
        j1 = E.efd_choose(p, e1, MAIN_LO, MAIN_HI, mg, 0)
        out["(a) model p in E"][p.id] = p.f1[j1]
        lo, hi = picks["main_bars"]
        out["(b) main's t, then the bars"][p.id] = filtered_f1(p, j0, ps, lo, hi)
        out["(b) main's t, drop-bar only"][p.id] = filtered_f1(p, j0, ps, lo, 2.0)
        lo, hi = picks["model_bars"]
        out["(a+b) model's t, then the bars"][p.id] = filtered_f1(p, j1, ps, lo, hi)
        out["(c) main's t, drop kept texts under c E"][p.id] = ef1_f1(p, ps, P0[p.id], picks["c_drop"], "drop")
        out["(c') texts over c E, main's t only for E"][p.id] = ef1_f1(p, ps, P0[p.id], picks["c_all"], "all")
        out["oracle: main's t, drop kept texts of label < 0.5"][p.id] = filtered_f1(
            p, j0, [u[5] for u in p.units], 0.5, 2.0)
    return out


def auc(pairs):
    """Weighted AUC of (score, positive, weight): the chance a positive outranks a negative."""
    pairs.sort(key=lambda x: x[0])
    neg = tot = 0.0
    pos_w = sum(w for s, y, w in pairs if y)
    neg_w = sum(w for s, y, w in pairs if not y)
    k = 0
    while k < len(pairs):
        k2 = k
        tn = tp = 0.0
        while k2 < len(pairs) and pairs[k2][0] == pairs[k][0]:
            if pairs[k2][1]:
                tp += pairs[k2][2]
            else:
                tn += pairs[k2][2]
            k2 += 1
        tot += tp * (neg + tn / 2)
        neg += tn
        k = k2
    return tot / (pos_w * neg_w) if pos_w and neg_w else float("nan")


def diag(pages, PS, P0):
    """How well p and main's p0 tell gold (label >= 0.5) from the rest, by characters:
    over all texts, and over the texts main's choice keeps."""
    for name, inside in (("all texts", False), ("texts main's t keeps", True)):
        a, b = [], []
        for p in pages:
            j = E.efd_choose(p, e_curve_p(p, P0[p.id]), MAIN_LO, MAIN_HI, 0.02, 0)
            for u, q, q0 in zip(p.units, PS[p.id], P0[p.id]):
                if inside and u[0] >= j:
                    continue
                a.append((q, u[5] >= 0.5, u[4]))
                b.append((q0, u[5] >= 0.5, u[4]))
        print(f"AUC by characters, {name}: model {auc(a):.4f}, main's table {auc(b):.4f}")


def report(name, pages, f1, types):
    E.report_f1(name, pages, lambda p: f1[p.id], types, width=52)


def table_of(pages):
    """Main's table (iso on the raw score, characters, a = 2) fitted on pages."""
    return E.sharpen(E.fit_iso(E.hist(pages, "raw", "c"), "raw"), 2.0)


def prep(pages, table, X=None):
    rows = {p.id: page_rows(p, table, X[p.id] if X else None) for p in pages}
    p0 = {p.id: [table(u[1], u[2]) for u in p.units] for p in pages}
    return rows, p0


def train_model(pages, rows):
    X, Y, W = [], [], []
    for p in pages:
        for u, x in zip(p.units, rows[p.id]):
            X.append(x)
            Y.append(u[5])
            W.append(u[4] + 1.0)
    if os.environ.get("TXT_MODEL", "lr") == "gb":
        return fit_trees(X, Y, W, n_trees=int(os.environ.get("TXT_TREES", "60")))
    return fit(X, Y, W)


def main(out, manifest=None, gold_dir=None):
    gold_dir = gold_dir or os.path.join(out, "gold")
    types = {}
    if manifest and manifest != "-":
        types = {r["id"]: r["page_type"] for r in csv.DictReader(open(manifest, encoding="utf-8"), delimiter="\t")}
    pages = sorted(E.load(out, gold_dir, keep_text=True).values(), key=lambda p: p.id)
    pages = [p for p in pages if p.units] + [p for p in pages if not p.units]
    print(f"{len(pages)} pages, {sum(len(p.units) for p in pages)} texts", flush=True)
    fit_src = os.environ.get("TXT_FIT")
    X = load_x(out) if os.environ.get("TXT_X") else None	# TXT_X=1: texts_x.tsv's columns too
    if X is not None:
        for p in pages:
            assert len(X.get(p.id, [])) == len(p.units), p.id
    results = defaultdict(dict)
    empty = [p for p in pages if not p.units]
    for p in empty:
        for k in ("main",):
            results[k][p.id] = p.f1[0]
    if fit_src:
        fp = [p for p in E.load(fit_src, os.path.join(fit_src, "gold"), keep_text=True).values() if p.units]
        table = table_of(fp)
        Xf = load_x(fit_src) if os.environ.get("TXT_X") else None
        rows_f, p0_f = prep(fp, table, Xf)
        model = train_model(fp, rows_f)
        psf = {p.id: [model.prob(x) for x in rows_f[p.id]] for p in fp}
        picks = choose_rule(fp, psf, p0_f)
        print(f"fitted on {fit_src}: {len(fp)} pages; picks {picks}")
        if hasattr(model, "w"):
            print("weights " + " ".join(f"{n} {w:+.3f}" for n, w in zip(["bias"] + FEATS + FEATS_X, model.w)))
        test = [p for p in pages if p.units]
        rows, p0 = prep(test, table, X)
        ps = {p.id: [model.prob(x) for x in rows[p.id]] for p in test}
        for k, v in apply_rules(test, ps, p0, picks).items():
            results[k].update(v)
        diag(test, ps, p0)
    else:
        folds = sorted(set(p.fold for p in pages if p.units))
        PS_all, P0_all = {}, {}
        for f in folds:
            train = [p for p in pages if p.units and p.fold != f]
            test = [p for p in pages if p.units and p.fold == f]
            table = table_of(train)
            rows_tr, p0_tr = prep(train, table, X)
            model = train_model(train, rows_tr)
            ps_tr = {p.id: [model.prob(x) for x in rows_tr[p.id]] for p in train}
            picks = choose_rule(train, ps_tr, p0_tr)
            print(f"fold {f}: picks {picks}", flush=True)
            if hasattr(model, "w"):
                print("  weights " + " ".join(f"{n} {w:+.3f}" for n, w in zip(["bias"] + FEATS + FEATS_X, model.w)), flush=True)
            rows, p0 = prep(test, table, X)
            ps = {p.id: [model.prob(x) for x in rows[p.id]] for p in test}
            for k, v in apply_rules(test, ps, p0, picks).items():
                results[k].update(v)
            PS_all.update(ps)
            P0_all.update(p0)
        diag([p for p in pages if p.units], PS_all, P0_all)
    for k, v in results.items():
        for p in empty:
            v.setdefault(p.id, p.f1[0])
        report(k, pages, v, types)


if __name__ == "__main__":
    main(*sys.argv[1:])
