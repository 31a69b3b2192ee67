#!/usr/bin/env python3
"""Offline choice of a no-profile clean_text rule from page_quality's TD_STEPS output.

  fb_rules.py OUT_DIR [MANIFEST] [GOLD_DIR]

OUT_DIR: a page_quality pages/kfold run with TD_STEPS=1 (variants t50..t95, region2,
all, gold/ links, stats.tsv: id, visible chars, kept at 0.5 0.6 0.7 0.8 0.9 0.95, main
region chars, kept by region2). For each rule below, picks one variant per page from
the stats alone (never from the gold) and prints page-averaged word F1 (score.py's
tokens and P/R/F1), per page type when MANIFEST (wcxb-dev) is given.
Rule "fb S M": start at 0.5; while the kept text is under S of the visible text and
under M characters, take the next threshold (0.6 ... 0.95), then all text.
With TD_PT_PRED=FILE (bench/page_type cv's per-page output: id, fold, predicted type,
each page typed by a model that never saw its fold), also rules by predicted page type:
"type-start nested": "fb S inf" (S 0.05, 0.1 or 0.2) starting at the threshold (0.5 ...
0.8), both chosen per predicted type on the other four folds' pages, applied to the
fold (k-fold by domain). Folds -1 (a set outside wcxb-dev, typed by the built-in model):
only "type-start fixed", TD_PT_START's choice per predicted type.
"""
import csv, importlib.util, os, sys
from collections import defaultdict

spec = importlib.util.spec_from_file_location("score", os.environ.get("TD_SCORE", "../shared/eval/score.py"))
score = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score)
TH = ["t50", "t60", "t70", "t80", "t90", "t95"]
ORDER = ["article", "documentation", "service", "forum", "collection", "listing", "product"]


def main(out, manifest=None, gold_dir=None):
    stats = {}
    for ln in open(os.path.join(out, "stats.tsv")):
        f = ln.rstrip("\n").split("\t")
        stats[f[0]] = list(map(float, f[1:]))
    types = {}
    gold_dir = gold_dir or os.path.join(out, "gold")
    if manifest and manifest != "-":
        types = {r["id"]: r["page_type"] for r in csv.DictReader(open(manifest, encoding="utf-8"), delimiter="\t")}
    gold = {}
    for root, _, files in os.walk(gold_dir, followlinks=True):
        for n in files:
            if n.endswith(".txt") and os.path.exists(os.path.join(root, n[:-4] + ".html")):
                rel = os.path.relpath(os.path.join(root, n), gold_dir)[:-4]
                gold[rel] = score.tokens(os.path.join(root, n))
    cache = {}

    def f1(pid, var):
        k = (pid, var)
        if k not in cache:
            cache[k] = score.prf(gold[pid], score.tokens(os.path.join(out, var, pid + ".txt")))
        return cache[k]

    def fb(share, maxc, steps=TH):
        def rule(s):
            total = s[0]
            for i, v in enumerate(TH):
                if v not in steps:
                    continue
                if s[1 + i] >= share * total or s[1 + i] >= maxc:
                    return v
            return "all"
        return rule

    def reg2(minshare, fallback=None):
        # region2 when the main region holds at least minshare of the visible text, else fallback
        def rule(s):
            if s[7] >= minshare * s[0]:
                return "region2"
            return fallback(s) if fallback else "t50"
        return rule

    rules = [("t50", lambda s: "t50"), ("all text", lambda s: "all")]
    for t in TH[1:]:
        rules.append((t, lambda s, t=t: t))
    if os.path.isdir(os.path.join(out, "efd")):
        rules.append(("efd (td_page_expected_f1)", lambda s: "efd"))
    for share in (0.05, 0.1, 0.2):
        for maxc in (200, 500, 1000, 1e12):
            rules.append((f"fb {share} {int(maxc) if maxc < 1e12 else 'inf'}", fb(share, maxc)))
    rules.append(("fb 0.1 500 via 0.7,0.9", fb(0.1, 500, ["t50", "t70", "t90"])))
    rules.append(("fb 0.1 500 straight to all", fb(0.1, 500, ["t50"])))
    for ms in (0.0, 0.15, 0.3):
        rules.append((f"region2 if region >= {ms}", reg2(ms)))
        rules.append((f"region2 if region >= {ms}, else fb 0.1 500", reg2(ms, fb(0.1, 500))))
    pred = {}
    if os.environ.get("TD_PT_PRED"):
        for ln in open(os.environ["TD_PT_PRED"]):
            f = ln.rstrip("\n").split("\t")
            pred[f[0]] = (int(f[1]), f[2])
    if pred and all(fo >= 0 for fo, _ in pred.values()):
        starts = [(f"{t}/{sh}", fb(sh, 1e12, TH[i:])) for i, t in enumerate(TH[:4]) for sh in (0.05, 0.1, 0.2)]
        ids = [p for p in sorted(stats) if p in gold and p in pred]
        choice = {}
        for fold in range(5):
            for pt in ORDER:
                train = [p for p in ids if pred[p][0] != fold and pred[p][1] == pt]
                best = max(starts, key=lambda r: sum(f1(p, r[1](stats[p]))[2] for p in train))
                choice[(fold, pt)] = best
        print("type-start choices (fold: " + "; ".join(
            f"{fo}: " + " ".join(f"{pt[:4]} {choice[(fo, pt)][0]}" for pt in ORDER) for fo in range(5)) + ")")
        rules.append(("type-start nested (fb S from t50..t80)", None))
    if pred:
        # a fixed choice per predicted type (TD_PT_START="type=tNN/S,..."; others t50/0.05)
        spec = os.environ.get("TD_PT_START", "service=t70/0.2,collection=t70/0.05,listing=t80/0.1")
        fixed = {}
        for item in spec.split(","):
            pt, v = item.split("=")
            t, sh = v.split("/")
            fixed[pt] = fb(float(sh), 1e12, TH[TH.index(t):])
        rules.append((f"type-start fixed {spec}",
                      lambda s, pid=None: fixed.get(pred.get(pid, (0, ""))[1], fb(0.05, 1e12))(s)))
    for name, rule in rules:
        per = defaultdict(list)
        for pid in sorted(stats):
            if pid not in gold:
                continue
            if not rule:
                v = f1(pid, choice[pred[pid]][1](stats[pid]))
            elif name.startswith("type-start fixed"):
                v = f1(pid, rule(stats[pid], pid))
            else:
                v = f1(pid, rule(stats[pid]))
            per["all"].append(v)
            per[types.get(pid, "")].append(v)
            if "/" in pid:
                per["site:" + pid.split("/")[0]].append(v)
        a = per["all"]
        line = f"{name:42s} F1 {sum(x[2] for x in a) / len(a):.3f} P {sum(x[0] for x in a) / len(a):.3f} R {sum(x[1] for x in a) / len(a):.3f}"
        sites = [k for k in per if k.startswith("site:")]
        if sites:
            line += f" site-avg F1 {sum(sum(x[2] for x in per[k]) / len(per[k]) for k in sites) / len(sites):.3f}"
        if types:
            line += " | " + " ".join(f"{t[:4]} {sum(x[2] for x in per[t]) / len(per[t]):.3f}" for t in ORDER if per[t])
        print(line, flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
