#!/usr/bin/env python3
"""The expected-F1 decision (issue 12, sixth session), measured offline.

  efd_rules.py OUT_DIR [MANIFEST|-] [GOLD_DIR]        one set, every variant
  EFD_FIT=WX_OUT_DIR efd_rules.py OUT_DIR - [GOLD_DIR] another set, with the
      calibrations and the choice of the nested rule fitted on all of WX_OUT_DIR
      (a wcxb-dev kfold run: every page there scored by trees that never saw it)
  EFD_SINGLES=kind:src:weight:a:b:lo:hi:margin:fb,...   these variants instead of the list
  EFD_NONESTED=1                                       no nested choice (faster)
  EFD_GRIDS=plain,all                                  the nested choices' grids (default both;
      "main": main's rule with a in {2, 2.5, 3} and margin in {0, 0.02, 0.05})
  EFD_TABLE=1 efd_rules.py WX_OUT_DIR                  td_page_content_prob's table
  EFD_FITX=DIR[:DIR...]                                more pages for every fit (tables and
      choices): added to each fold's training pages (k-fold), to EFD_FIT's pages (the choice
      then made on them all, not read from EFD_FIT), to EFD_TABLE's; each DIR a run whose
      pages were scored by trees that never saw them (issue 12, ninth session: dragnet's
      train split by folds, `page_quality kfold`)
  EFD_PT=PRED [EFD_FIT_PT=WX_PRED] efd_rules.py ...    the rules by predicted page type
      (bench/page_type's per-page types: id, fold, type, probability; `cv` for
      wcxb-dev, every page typed by a model that never saw its fold; `pred` for
      the other sets, the built-in model without URL), instead of the list:
      main's rule against (a) a calibration table per type or per group, (b) a
      range [lo, hi], margin and sharpening per type or group, (c) (b) only where
      the type's probability reaches a gate; every choice nested by folds
      (wcxb-dev) or made on all of EFD_FIT typed by EFD_FIT_PT (other sets)

OUT_DIR: a page_quality run with TD_STEPS=1 (bench/wcxb_quality.sh): texts.tsv (one line
per text node that writes words: page, fold, the smoothed score at and above which it is
dropped, the raw score of its nearest shown element, visible characters, joins the
previous text, text) and gold/ (or GOLD_DIR). Every threshold's output follows from the
lines (a text is kept at t when its score is under t); the word F1 of each is computed
with score.py's tokens and P/R/F1, so "t50" and "fb 0.05" here reproduce fb_rules.py's
figures (up to words that run across two texts of different scores).

A rule picks, per page and from the scores alone (never the gold), one threshold t; the
expected-F1 rules take the t that maximises

    E(t) = 2 sum_kept p_i w_i / (sum_kept w_i + sum_all p_i w_i)

over the page's distinct smoothed scores in [lo, hi] (and "all text" when hi > 1),
p_i = the content probability of text i (1 - its score, raw or smoothed, maybe
calibrated or sharpened), w_i its words or visible characters. Options: a margin (leave
0.5 only when E gains more than it), the fallback (fb 0.05 from the t chosen).
Calibrations (isotonic in bins of the score, Platt) are fitted on the training folds'
pages only: labels are each text's share of words that are gold (a word's share: its
gold count over its page count, at most 1). "nested": every parameter chosen for fold f
on the other four folds' pages (mean word F1), applied to fold f.
"""
import bisect, csv, importlib.util, math, os, sys
from collections import Counter, defaultdict

spec = importlib.util.spec_from_file_location("score", os.environ.get("TD_SCORE", "../shared/eval/score.py"))
score = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score)
ORDER = ["article", "documentation", "service", "forum", "collection", "listing", "product"]
LADDER = [0.6, 0.7, 0.8, 0.9, 0.95]


def toks(s):
    return Counter(t.lower() for t in score.TOKEN.findall(s))


class Page:
    __slots__ = ("id", "fold", "vals", "j0", "f1", "kc", "total", "units", "gw", "gc", "texts", "toks", "gold")


def load(out, gold_dir, keep_text=False):
    """Pages of texts.tsv with their outcomes: j = the number of score groups kept."""
    raw_units = defaultdict(list)
    folds = {}
    with open(os.path.join(out, "texts.tsv"), encoding="utf-8", errors="replace") as f:
        for ln in f:
            rel, grp, m, raw, vis, join, text = ln.rstrip("\n").split("\t", 6)
            folds[rel] = int(grp)
            us = raw_units[rel]
            m = float(m)
            if join == "1" and us and us[-1][0] == m:
                u = us[-1]
                us[-1] = (m, u[1], u[2] + int(vis), u[3] + text)
            else:
                us.append((m, float(raw), int(vis), text))
    # pages that write no text at all (stats.tsv lists every page): one outcome, empty
    for ln in open(os.path.join(out, "stats.tsv")):
        rel = ln.split("\t", 1)[0]
        if rel not in raw_units:
            raw_units[rel] = []
            folds[rel] = folds.get(rel, -1)
    pages = {}
    for rel, us in raw_units.items():
        gp = os.path.join(gold_dir, rel + ".txt")
        if not os.path.exists(gp):
            continue
        gold = score.tokens(gp)
        gn = sum(gold.values())
        units = [(m, r, v, toks(t)) for m, r, v, t in us]
        pagec = Counter()
        for u in units:
            pagec.update(u[3])
        vals = sorted(set(u[0] for u in units))
        gi = {v: k for k, v in enumerate(vals)}
        G = len(vals)
        groups = [[] for _ in range(G)]
        # per unit: (group, raw, words, chars, soft gold label)
        ul = []
        for m, r, v, c in units:
            w = sum(c.values())
            lab = sum(n * min(1.0, gold[x] / pagec[x]) for x, n in c.items()) / w if w else 0.0
            ul.append((gi[m], m, r, w, v, lab))
            groups[gi[m]].append(c)
        p = Page()
        p.id, p.fold, p.vals, p.units = rel, folds[rel], vals, ul
        if keep_text:	# for bench/txt_rules.py: each unit's text and words, the page's gold
            p.texts, p.toks, p.gold = [u[3] for u in us], [u[3] for u in units], gold
        p.j0 = sum(1 for v in vals if v <= 0)
        p.gw = [0] * G
        p.gc = [0] * G
        for g, m, r, w, v, lab in ul:
            p.gw[g] += w
            p.gc[g] += v
        p.total = sum(p.gc)
        # outcomes j = 0..G: groups 0..j-1 kept; word F1 and kept characters of each
        pred, ov, pn = Counter(), 0, 0
        f1s, kcs, kc = [], [], 0
        for j in range(G + 1):
            f1s.append(1.0 if gn == 0 and pn == 0 else 2.0 * ov / (pn + gn))
            kcs.append(kc)
            if j == G:
                break
            for c in groups[j]:
                for x, n in c.items():
                    o = pred[x]
                    pred[x] = o + n
                    g = gold.get(x, 0)
                    if g:
                        ov += min(o + n, g) - min(o, g)
                    pn += n
            kc += p.gc[j]
        p.f1, p.kc = f1s, kcs
        pages[rel] = p
    return pages


def j_at(p, t):
    """Outcome at threshold t: the groups whose score is under t."""
    return bisect.bisect_left(p.vals, t)


def fallback(p, t, share=0.05):
    """fb: from t up the ladder until the kept characters reach share; else all."""
    th = t
    while th <= 1 and p.kc[j_at(p, th)] < share * p.total:
        nxt = [x for x in LADDER if x > th]
        th = nxt[0] if nxt else 2.0
    return j_at(p, th) if th <= 1 else len(p.vals)


# ---- content probabilities ----

def logit(x):
    x = min(max(x, 1e-6), 1 - 1e-6)
    return math.log(x / (1 - x))


def sig(z):
    return 1 / (1 + math.exp(-z)) if z > -700 else 0.0


def base_p(src):
    if src == "sm":
        return lambda m, r: 1.0 - m if m >= 0 else 1.0
    return lambda m, r: 1.0 - r if r >= 0 else 1.0


NB = 20
NH = 1000


def hist(pages, src, weight):
    """Weight and gold-weighted weight of the texts in NH bins of the score."""
    hw, hl = [0.0] * NH, [0.0] * NH
    for p in pages:
        for g, m, r, w, v, lab in p.units:
            s = m if src == "sm" else r
            if s < 0:
                continue
            b = min(NH - 1, int(s * NH))
            x = w if weight == "w" else v
            hw[b] += x
            hl[b] += x * lab
    return hw, hl


def fit_iso(h, src):
    """p(score) by NB bins of the score, weighted share of gold, made monotone (PAV)."""
    hw, hl = h
    k = NH // NB
    sw = [sum(hw[b * k:(b + 1) * k]) for b in range(NB)]
    sl = [sum(hl[b * k:(b + 1) * k]) for b in range(NB)]
    # pool adjacent violators: the content share must not rise with the score
    blocks = []
    for b in range(NB):
        if sw[b] <= 0:
            continue
        blocks.append([sl[b], sw[b], [b]])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] < blocks[-1][0] / blocks[-1][1]:
            a = blocks.pop()
            blocks[-1][0] += a[0]
            blocks[-1][1] += a[1]
            blocks[-1][2] += a[2]
    val = [None] * NB
    for s_l, s_w, bs in blocks:
        for b in bs:
            val[b] = s_l / s_w
    last = 1.0
    for b in range(NB):
        if val[b] is None:
            val[b] = last
        last = val[b]
    if src == "sm":
        return lambda m, r: val[min(NB - 1, int(m * NB))] if m >= 0 else 1.0
    return lambda m, r: val[min(NB - 1, int(r * NB))] if r >= 0 else 1.0


def fit_platt(h, src):
    """p = sig(a logit(1 - score) + b), weighted logistic fit (Newton) on the bins."""
    hw, hl = h
    xs = [(logit(1 - (b + 0.5) / NH), hl[b] / hw[b], hw[b]) for b in range(NH) if hw[b] > 0]
    a, b = 1.0, 0.0
    for _ in range(30):
        ga = gb = haa = hab = hbb = 0.0
        for z, y, x in xs:
            q = sig(a * z + b)
            e = (q - y) * x
            ga += e * z
            gb += e
            hh = q * (1 - q) * x
            haa += hh * z * z
            hab += hh * z
            hbb += hh
        det = haa * hbb - hab * hab + 1e-12
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    if src == "sm":
        return lambda m, r: sig(a * logit(1 - m) + b) if m >= 0 else 1.0
    return lambda m, r: sig(a * logit(1 - r) + b) if r >= 0 else 1.0


def sharpen(pf, a, b=0.0):
    if a == 1 and b == 0:
        return pf
    return lambda m, r: sig(a * logit(pf(m, r)) + b)


# ---- the rule ----

def e_curve(p, pf, weight):
    """E(j) of every outcome j of page p under content probabilities pf."""
    G = len(p.vals)
    pw = [0.0] * G
    for g, m, r, w, v, lab in p.units:
        pw[g] += pf(m, r) * (w if weight == "w" else v)
    ws = p.gw if weight == "w" else p.gc
    pall = sum(pw)
    e, cw, cp = [], 0.0, 0.0
    for j in range(G + 1):
        e.append(2 * cp / (cw + pall) if cw + pall > 0 else 0.0)
        if j < G:
            cw += ws[j]
            cp += pw[j]
    return e


def efd_choose(p, e, lo, hi, margin, fb):
    """The outcome of the expected-F1 rule: the best E over thresholds in [lo, hi]."""
    j_lo = j_at(p, lo)
    j_hi = max(j_lo, j_at(p, hi))	# outcome j needs a threshold just above vals[j - 1]
    best_j = max(range(j_lo, j_hi + 1), key=e.__getitem__)
    if margin > 0:
        j05 = j_at(p, 0.5)
        if e[best_j] < e[j05] + margin:
            best_j = j05
    if fb:
        t = p.vals[best_j] if best_j < len(p.vals) else 2.0
        if t <= 1 and p.kc[best_j] < 0.05 * p.total:
            return fallback(p, max(t, 0.5))
    return best_j


# ---- reports ----

def mean(xs):
    return sum(xs) / len(xs) if xs else float("nan")


def report(name, pages, choice, types, sites=False):
    # a page without text has one outcome
    return report_f1(name, pages, lambda p: p.f1[choice.get(p.id, 0)], types)


def report_f1(name, pages, f1_of, types, width=58):
    """One line: the mean word F1 f1_of(page), site-averaged where ids are SITE/page, by type."""
    per = defaultdict(list)
    for p in pages:
        v = f1_of(p)
        per["all"].append(v)
        per[types.get(p.id, "")].append(v)
        if "/" in p.id:
            per["site:" + p.id.split("/")[0]].append(v)
    line = f"{name:{width}s} F1 {mean(per['all']):.4f}"
    ss = [k for k in per if k.startswith("site:")]
    if ss:
        line += f" site-avg {mean([mean(per[k]) for k in ss]):.4f}"
    if types:
        line += " | " + " ".join(f"{t[:4]} {mean(per[t]):.3f}" for t in ORDER if per[t])
    print(line, flush=True)
    return mean(per["all"])


# (kind, src, weight, a, b, lo, hi, margin, fb)
def grid(kinds):
    g = []
    if kinds == "main":
        # main's rule with its sharpening and margin free (issue 12, eighth session)
        return [("iso", "raw", "c", a, 0.0, 0.3, 0.9, margin, 0)
                for a in (2.0, 2.5, 3.0) for margin in (0.0, 0.02, 0.05)]
    if kinds == "plain":
        for src in ("sm", "raw"):
            for a in (1.0, 1.5, 2.0):
                for b in (-1.5, -1.0, -0.5, 0.0):
                    for lo in (0.3, 0.5):
                        for hi in (0.9, 1.01):
                            for margin in (0.0, 0.02):
                                for fb in (0, 1):
                                    g.append(("plain", src, "w", a, b, lo, hi, margin, fb))
        return g
    for kind in ("plain", "iso", "platt"):
        for src in ("sm", "raw"):
            for a in ((1.0, 2.0, 4.0) if kind == "plain" else (1.0, 2.0)):
                for lo in (0.3, 0.5):
                    for hi in (0.9, 1.01):
                        for margin in (0.0, 0.02):
                            for fb in (0, 1):
                                g.append((kind, src, "w", a, 0.0, lo, hi, margin, fb))
    return g


HCACHE = {}
ECACHE = {}


def curves(pages, rule, fitpages, fitkey):
    """E curves of pages under the rule's probabilities (fitted on fitpages, named fitkey)."""
    kind, src, weight, a, b = rule[:5]
    key = (kind, src, weight, a, b, None if kind == "plain" else fitkey)
    if key not in ECACHE:
        ECACHE[key] = {}
    ec = ECACHE[key]
    todo = [p for p in pages if p.id not in ec]
    if todo:
        if kind == "plain":
            pf = base_p(src)
        else:
            hk = (src, weight, fitkey)
            if hk not in HCACHE:
                HCACHE[hk] = hist(fitpages, src, weight)
            pf = (fit_iso if kind == "iso" else fit_platt)(HCACHE[hk], src)
        pf = sharpen(pf, a, b)
        for p in todo:
            ec[p.id] = e_curve(p, pf, weight)
    return ec


def rule_choices(pages, rule, fitpages, fitkey):
    ec = curves(pages, rule, fitpages, fitkey)
    lo, hi, margin, fb = rule[5:]
    return {p.id: efd_choose(p, ec[p.id], lo, hi, margin, fb) for p in pages}


def total_f1(pages, ch):
    return sum(p.f1[ch[p.id]] for p in pages)


# ---- rules by predicted page type (EFD_PT) ----

MAIN = ("iso", "raw", "c", 2.0, 0.0, 0.3, 0.9, 0.02, 0)	# td_page_expected_f1
GROUPINGS = {
    "none": lambda t: "all",
    "type": lambda t: t,
    "group": lambda t: "artdoc" if t in ("article", "documentation") else "other",
}
# (a, lo, hi, margin) tried per type or group in (b); a sharpens the calibrated table
PARAMS = [(a, lo, hi, mg) for a in (1.5, 2.0, 3.0) for lo in (0.3, 0.5) for hi in (0.7, 0.9, 1.01)
          for mg in (0.0, 0.02, 0.05)]
GATES = (0.0, 0.6, 0.8, 0.9)
MIN_FIT = 30	# a type with fewer training pages keeps the shared table / main's parameters


def read_pt(path):
    pt = {}
    for ln in open(path):
        f = ln.rstrip("\n").split("\t")
        pt[f[0]] = (f[2], float(f[3]) if len(f) > 3 else 1.0)
    return pt


def typed_choices(train, test, pt_train, pt_test, key, cal, grouping, per_params, gated, keep=()):
    """Choices for test under a rule fitted on train: cal "shared" (main's table) or
    per group ("grp": one iso table per group of the training pages' predicted types);
    per_params: (a, lo, hi, margin) chosen per group on train; gated: the per-group
    parameters (and table) only where the type's probability reaches a gate chosen on
    train, main's rule elsewhere; groups in keep keep main's rule."""
    gof = GROUPINGS[grouping]
    grp_tr = defaultdict(list)
    for p in train:
        grp_tr[gof(pt_train.get(p.id, ("article", 0))[0])].append(p)

    def fit_of(g):
        """(fitpages, fitkey) of group g's table."""
        if cal == "grp" and len(grp_tr[g]) >= MIN_FIT:
            return grp_tr[g], f"{key}:{grouping}:{g}"
        return train, key

    def choices(pages, g, params):
        a, lo, hi, mg = params
        fp, fk = fit_of(g)
        return rule_choices(pages, ("iso", "raw", "c", a, 0.0, lo, hi, mg, 0), fp, fk)

    main_p = (MAIN[3], MAIN[5], MAIN[6], MAIN[7])
    main_tr = rule_choices(train, MAIN, train, key)	# main's rule: shared table
    best_gate, best_tot, best_par = 0.0, -1, {}
    for gate in (gated if isinstance(gated, tuple) else GATES if gated else (0.0,)):
        tot, par = 0.0, {}
        for g, gp in grp_tr.items():
            hi_c = [p for p in gp if pt_train[p.id][1] >= gate] if p_has(pt_train, gp) else gp
            hi_s = set(hi_c)
            lo_c = [p for p in gp if p not in hi_s]
            tot += total_f1(lo_c, main_tr)
            if len(hi_c) < MIN_FIT or g in keep:
                par[g] = None
                tot += total_f1(hi_c, main_tr)
                continue
            cands = PARAMS if per_params else [main_p]
            scored = [(total_f1(hi_c, choices(hi_c, g, c)), c) for c in cands]
            sc, c = max(scored, key=lambda x: x[0])
            par[g] = c
            tot += sc
        if tot > best_tot + 1e-9:
            best_gate, best_tot, best_par = gate, tot, par
    out = {}
    main_te = rule_choices(test, MAIN, train, key)
    for p in test:
        ty, pr = pt_test.get(p.id, ("article", 0.0))
        g = gof(ty)
        c = best_par.get(g)
        if c is None or pr < best_gate:
            out[p.id] = main_te[p.id]
        else:
            out[p.id] = choices([p], g, c)[p.id]
    return out, best_gate, best_par


def p_has(pt, gp):
    return all(p.id in pt for p in gp)


def typed_main(pages, types, fitpages, kfold, folds):
    pt = read_pt(os.environ["EFD_PT"])
    pt_fit = read_pt(os.environ["EFD_FIT_PT"]) if os.environ.get("EFD_FIT_PT") else pt
    report("main: " + " ".join(str(x) for x in MAIN), pages,
           rule_choices(pages, MAIN, fitpages or pages, "fit") if not kfold else
           {k: v for f in folds for k, v in rule_choices([p for p in pages if p.fold == f], MAIN,
                                                         [p for p in pages if p.fold != f], f"not{f}").items()},
           types)
    variants = [
        ("(0) parameters for every page, untyped (the control of (b))", "shared", "none", True, False),
        ("(a) table per type", "grp", "type", False, False),
        ("(a) table per group", "grp", "group", False, False),
        ("(b) parameters per type", "shared", "type", True, False),
        ("(b) parameters per group", "shared", "group", True, False),
        ("(a+b) table and parameters per type", "grp", "type", True, False),
        ("(a+b) table and parameters per group", "grp", "group", True, False),
        ("(c) parameters per type, gated", "shared", "type", True, True),
        ("(c) parameters per group, gated", "shared", "group", True, True),
        ("(a+c) table and parameters per type, gated", "grp", "type", True, True),
        ("(b') parameters per group, main's rule on article/documentation", "shared", "group", True, False,
         ("artdoc",)),
        ("(b') parameters per type, main's rule on article/documentation", "shared", "type", True, False,
         ("article", "documentation")),
        ("(b'+c) per group, main's on art/doc, gated", "shared", "group", True, True, ("artdoc",)),
        ("(b') per group, main's on art/doc, gate 0.6 (fixed, not nested)", "shared", "group", True, (0.6,),
         ("artdoc",)),
        ("(b') per group, main's on art/doc, gate 0.8 (fixed, not nested)", "shared", "group", True, (0.8,),
         ("artdoc",)),
        ("(b') per group, main's on art/doc, gate 0.9 (fixed, not nested)", "shared", "group", True, (0.9,),
         ("artdoc",)),
    ]
    only = os.environ.get("EFD_PT_ONLY")
    for i, (name, cal, grouping, per, gated, *keep) in enumerate(variants):
        keep = keep[0] if keep else ()
        if only and str(i) not in only.split(","):
            continue
        if kfold:
            ch, picks = {}, []
            for f in folds:
                train = [p for p in pages if p.fold != f]
                test = [p for p in pages if p.fold == f]
                c, gate, par = typed_choices(train, test, pt, pt, f"not{f}", cal, grouping, per, gated, keep)
                ch.update(c)
                picks.append((f, gate, par))
            report(name + " (nested)", pages, ch, types)
            for f, gate, par in picks:
                print(f"    fold {f}: gate {gate} " + "; ".join(f"{g} {c}" for g, c in sorted(par.items())))
        else:
            c, gate, par = typed_choices(fitpages, pages, pt_fit, pt, "fit", cal, grouping, per, gated, keep)
            report(name + " (chosen on EFD_FIT)", pages, c, types)
            print(f"    gate {gate} " + "; ".join(f"{g} {c}" for g, c in sorted(par.items())))


def main(out, manifest=None, gold_dir=None):
    gold_dir = gold_dir or os.path.join(out, "gold")
    types = {}
    if manifest and manifest != "-":
        types = {r["id"]: r["page_type"] for r in csv.DictReader(open(manifest, encoding="utf-8"), delimiter="\t")}
    pages = list(load(out, gold_dir).values())
    pages.sort(key=lambda p: p.id)
    extra = []
    for i, d in enumerate(x for x in os.environ.get("EFD_FITX", "").split(":") if x):
        for p in load(d, os.path.join(d, "gold")).values():
            p.id = f"x{i}:{p.id}"	# apart from the pages' ids in the caches
            extra.append(p)
    if extra:
        print(f"EFD_FITX: {len(extra)} more pages in every fit", flush=True)
    if os.environ.get("EFD_TABLE"):
        # the shipped table (pagelevel.c, td_page_content_prob): iso on the raw scores,
        # visible characters, every page of a wcxb-dev kfold run, sharpened (a = 2)
        pf = sharpen(fit_iso(hist(pages + extra, "raw", "c"), "raw"), 2.0)
        vals = [pf((b + 0.5) / NB, (b + 0.5) / NB) for b in range(NB)]
        print(",\n".join(", ".join(f"{v:.4f}" for v in vals[r:r + 10]) for r in (0, 10)))
        return
    print(f"{len(pages)} pages, {sum(len(p.units) for p in pages)} texts", flush=True)
    report("t50", pages, {p.id: j_at(p, 0.5) for p in pages}, types)
    base = report("fb 0.05 (clean_text today)", pages, {p.id: fallback(p, 0.5) for p in pages}, types)
    for t in (0.6, 0.7):
        report(f"t{int(t * 100)}", pages, {p.id: j_at(p, t) for p in pages}, types)
    report("oracle: the best threshold per page (ceiling)", pages,
           {p.id: max(range(len(p.f1)), key=lambda j: p.f1[j]) for p in pages}, types)
    fit_src = os.environ.get("EFD_FIT")
    if fit_src:
        fitpages = list(load(fit_src, os.path.join(fit_src, "gold")).values()) + extra
        print(f"calibrations and the nested choice fitted on {fit_src}: {len(fitpages)} pages", flush=True)
    else:
        fitpages = None
    folds = sorted(set(p.fold for p in pages if p.units))	# pages without text: fold -1
    kfold = not fit_src and len(folds) > 1 and all(f >= 0 for f in folds)
    if os.environ.get("EFD_PT"):
        if not kfold and not fit_src:
            sys.exit("EFD_PT needs a k-fold run or EFD_FIT")
        typed_main(pages, types, fitpages, kfold, folds)
        return
    # single variants: calibrations fitted on the other folds (k-fold) or on EFD_FIT
    singles = [
        ("plain", "sm", "w", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("plain", "sm", "c", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("plain", "raw", "w", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("plain", "sm", "w", 2.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("plain", "sm", "w", 4.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("plain", "sm", "w", 1.0, 0.0, 0.3, 0.9, 0.0, 0),
        ("plain", "sm", "w", 1.0, 0.0, 0.5, 1.01, 0.0, 0),
        ("plain", "sm", "w", 1.0, 0.0, 0.5, 1.01, 0.0, 1),
        ("plain", "sm", "w", 1.0, 0.0, 0.3, 1.01, 0.02, 1),
        ("plain", "sm", "w", 1.0, 0.0, 0.3, 1.01, 0.05, 1),
        ("iso", "sm", "w", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("iso", "sm", "w", 1.0, 0.0, 0.3, 1.01, 0.0, 1),
        ("iso", "raw", "w", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("platt", "sm", "w", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
        ("platt", "sm", "w", 1.0, 0.0, 0.3, 1.01, 0.0, 1),
        ("platt", "raw", "w", 1.0, 0.0, 0.0, 1.01, 0.0, 0),
    ]
    if os.environ.get("EFD_SINGLES"):
        singles = [tuple(float(x) if i >= 3 else x for i, x in enumerate(s.split(":")))
                   for s in os.environ["EFD_SINGLES"].split(",")]
    for rule in singles:
        name = "efd {} {} w={} a={} b={} [{},{}] margin {} fb {}".format(
            rule[0], rule[1], rule[2], rule[3], rule[4], rule[5], rule[6], rule[7], int(rule[8]))
        if rule[0] == "plain" or fit_src:
            ch = rule_choices(pages, rule, fitpages, "fit")
        else:
            ch = {}
            for f in folds:
                fp = [p for p in pages if p.fold != f] + extra
                part = [p for p in pages if p.fold == f]
                ch.update(rule_choices(part, rule, fp, f"not{f}"))
        report(name, pages, ch, types)
    if os.environ.get("EFD_NONESTED"):
        return
    # nested: every parameter of a grid chosen on the other folds (calibrations fitted on them too)
    for gname in os.environ.get("EFD_GRIDS", "plain,all").split(","):
        g = grid(gname)
        if kfold:
            ch = {}
            picks = []
            for f in folds:
                train = [p for p in pages if p.fold != f] + extra
                test = [p for p in pages if p.fold == f]
                best = max(g, key=lambda r: total_f1(train, rule_choices(train, r, train, f"not{f}")))
                picks.append(best)
                ch.update(rule_choices(test, best, train, f"not{f}"))
            print(f"nested picks ({gname}): " + "; ".join(f"{f}: {r}" for f, r in zip(folds, picks)))
            report(f"efd nested, grid {gname} (chosen on the other folds)", pages, ch, types)
            # the same choice on all folds: the rule another set gets
            best = max(g, key=lambda r: total_f1(pages + extra, rule_choices(pages + extra, r, pages + extra, "all")))
            report(f"efd {gname} chosen on all folds (not held out) {best}", pages,
                   rule_choices(pages, best, pages + extra, "all"), types)
            with open(os.path.join(out, f"efd_choice_{gname}{'_x' if extra else ''}.txt"), "w") as o:
                o.write(repr(best) + "\n")
        elif fit_src and extra:
            best = max(g, key=lambda r: total_f1(fitpages, rule_choices(fitpages, r, fitpages, "fit")))
            report(f"efd {gname} chosen on EFD_FIT + EFD_FITX {best}", pages,
                   rule_choices(pages, best, fitpages, "fit"), types)
        elif fit_src and os.path.exists(os.path.join(fit_src, f"efd_choice_{gname}.txt")):
            best = eval(open(os.path.join(fit_src, f"efd_choice_{gname}.txt")).read())
            report(f"efd wcxb's {gname} choice {best}", pages, rule_choices(pages, best, fitpages, "fit"), types)


if __name__ == "__main__":
    main(*sys.argv[1:])
