#!/usr/bin/env python3
"""Where page level's F1 goes, step by step, by page type (issue 12's error analysis).

  ceilings.py OUT_DIR [MANIFEST|-] [GOLD_DIR]

OUT_DIR: a page_quality run with TD_STEPS=1 (bench/wcxb_quality.sh; efd_rules.py reads the
same texts.tsv). Each line below is a ceiling: the best mean word F1 a page-level method
could reach if everything after that step were perfect, so the drop from one line to the
next is what that step costs. From the widest to the narrowest:

  words on the page    keep exactly the gold words the page's shown text holds (P = 1):
                       what no choice of shown text can pass (gold from JSON-LD, alt
                       text, other pages)
  best set of texts    the best prefix of the texts sorted by their share of gold words
                       (efd_rules' soft label): the texts are too coarse, or hold the same
                       words in and out of the gold
  best raw cut         one threshold per page on the trees' own scores, before smoothing
                       (texts that share an element share its score): the ranking
  best smoothed cut    one threshold per page on the smoothed scores (efd_rules' oracle)
  fixed 0.5            the smoothed scores cut at 0.5 on every page
  all text             keep everything, for scale

The decision clean_text takes (the expected-F1 rule, nested by folds) is efd_rules.py's
figure; it lies between "fixed 0.5" and "best smoothed cut". The gold is only read to
draw the ceilings, never to score a method.
"""
import os, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import efd_rules  # noqa: E402  (loads score.py the same way)


def best_prefix(units, order_key, gold, gn):
    """Best word F1 over the prefixes of units sorted by order_key (ties kept together)."""
    units = sorted(units, key=order_key)
    pred, ov, pn = Counter(), 0, 0
    best = 1.0 if gn == 0 else 0.0
    for i, (key, c) in enumerate((order_key(u), u[1]) for u in units):
        for x, n in c.items():
            o = pred[x]
            pred[x] = o + n
            g = gold.get(x, 0)
            if g:
                ov += min(o + n, g) - min(o, g)
            pn += n
        if i + 1 < len(units) and order_key(units[i + 1]) == key:
            continue
        if pn + gn:
            best = max(best, 2.0 * ov / (pn + gn))
    return best


def ceilings(p):
    gold, gn = p.gold, sum(p.gold.values())
    # (unit row, its words): rows are (group, smoothed, raw, words, chars, soft label)
    units = list(zip(p.units, p.toks))
    page = Counter()
    for c in p.toks:
        page.update(c)
    hit = sum(min(n, page[x]) for x, n in gold.items())
    on_page = 1.0 if gn == 0 else 2.0 * hit / (hit + gn) if hit else 0.0
    by_label = best_prefix(units, lambda u: -u[0][5], gold, gn)
    by_raw = best_prefix(units, lambda u: u[0][2], gold, gn)
    return {
        "words on the page": on_page,
        "best set of texts": by_label,
        "best raw cut": by_raw,
        "best smoothed cut": max(p.f1),
        "fixed 0.5": p.f1[efd_rules.j_at(p, 0.5)],
        "all text": p.f1[-1],
    }


def main(out, manifest=None, gold_dir=None):
    gold_dir = gold_dir or os.path.join(out, "gold")
    types = {}
    if manifest and manifest != "-":
        import csv
        types = {r["id"]: r["page_type"] for r in csv.DictReader(open(manifest, encoding="utf-8"), delimiter="\t")}
    pages = sorted(efd_rules.load(out, gold_dir, keep_text=True).values(), key=lambda p: p.id)
    if not pages:
        sys.exit(f"ceilings.py: no page of {out} has a gold text in {gold_dir}")
    rows = {p.id: ceilings(p) for p in pages}
    print(f"{len(pages)} pages")
    for name in next(iter(rows.values())):
        efd_rules.report_f1(name, pages, lambda p: rows[p.id][name], types, width=20)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(*sys.argv[1:4])
