#!/usr/bin/env python3
"""Where the gold is lost and the other words kept, by mark and page type (issue 12).

  ev_causes.py CAUSES.tsv EV.tsv

CAUSES.tsv and EV.tsv: one page_quality kfold run with TD_CAUSES=CAUSES.tsv
TD_CAUSES_EV=EV.tsv (TD_CAUSES_FOLD=1: under each fold's own model, at the page
threshold). Per page type: word precision and recall of the kept text (gold words =
page words in a 3-gram shared with the gold, gold_labels.h; summed over pages, not
page-averaged), then for each mark (a feature or context column read on the nearest
element above each text): its share of the type's gold words, the share of those it
loses, its share of all lost gold words, its share of the type's other (non-gold)
words, the share of those kept, its share of all kept other words. Marks are
aggregates over pages; nothing here is per page.
"""
import csv, sys
from collections import defaultdict

ORDER = ["all", "article", "documentation", "service", "forum", "collection", "listing", "product"]


def main(causes, ev):
    tot = defaultdict(lambda: [0.0] * 4)     # type: gold, gold lost, other, other kept
    for r in csv.DictReader(open(causes), delimiter="\t"):
        g, vis, kept, kg = float(r["gold"]), float(r["vis_words"]), float(r["kept_words"]), float(r["kept"])
        for t in ("all", r["type"]):
            v = tot[t]
            v[0] += g
            v[1] += g - kg
            v[2] += vis - g
            v[3] += kept - kg
    marks = defaultdict(lambda: defaultdict(lambda: [0.0] * 4))
    names = []
    with open(ev) as f:
        head = f.readline().rstrip("\n").split("\t")
        for k in range(2, len(head), 4):
            names.append(head[k].rsplit(":", 1)[0])
        for ln in f:
            c = ln.rstrip("\n").split("\t")
            for j, m in enumerate(names):
                x = list(map(float, c[2 + 4 * j: 6 + 4 * j]))
                for t in ("all", c[1]):
                    v = marks[t][m]
                    for q in range(4):
                        v[q] += x[q]
    for t in ORDER:
        if t not in tot:
            continue
        g, gl, o, ok = tot[t]
        kept = (g - gl) + ok
        print(f"\n## {t}: gold {g:.0f} words, recall {(g - gl) / g:.3f}, precision {(g - gl) / kept if kept else 0:.3f}, "
              f"gold lost {gl:.0f}, other kept {ok:.0f} of {o:.0f}")
        print("| mark | gold share | of it lost | share of lost gold | other share | of it kept | share of kept other |")
        print("|---|---|---|---|---|---|---|")
        for m in names:
            mg, mgl, mo, mok = marks[t][m]
            print(f"| {m} | {mg / g if g else 0:.3f} | {mgl / mg if mg else 0:.3f} | {mgl / gl if gl else 0:.3f} | "
                  f"{mo / o if o else 0:.3f} | {mok / mo if mo else 0:.3f} | {mok / ok if ok else 0:.3f} |")


if __name__ == "__main__":
    main(*sys.argv[1:])
