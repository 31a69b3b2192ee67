#!/usr/bin/env python3
"""The expected-F1 decision with the page's largest block as one outcome (issue 12,
sixteenth session), offline: td_page_expected_f1 (src/core/page/pagelevel.c) rewritten
over a page_quality TD_STEPS run's texts.tsv, with and without the block, at several
(share, rest) settings.

  efd_block.py OUT_DIR GOLD_DIR MANIFEST|- [share:rest ...]     mean word F1 per setting
  EFD_DIFF=share:rest efd_block.py OUT_DIR GOLD_DIR -           the pages that change

"plain" is the formula with texts taken as independent (the rule before the block);
share:rest the block rule with TD_EFD_BLOCK_SHARE = share and TD_EFD_BLOCK_REST = rest
(characters). The table, range and margin are pagelevel.c's. Word F1 with score.py's
tokens over the kept texts joined (before the copies rule, so it reads as the harness's
"efd" line, not "efdr15m3"). Run from the repository root.
"""
import os, sys
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import efd_rules as E	# noqa: E402	(score.py's tokens and P/R/F1)

TABLE = [0.9751, 0.9183, 0.8473, 0.8187, 0.7032, 0.6120, 0.5222, 0.4877, 0.3772, 0.3608,
         0.3608, 0.3406, 0.2771, 0.2458, 0.1956, 0.1924, 0.1558, 0.1102, 0.1076, 0.0309]
LO, HI, MARGIN, DEFAULT = 0.3, 0.9, 0.02, 0.5


def prob(x):
    return 1.0 if not x >= 0 else TABLE[min(int(x * 20), 19)]


def load(out):
    pages = {}
    with open(os.path.join(out, "texts.tsv"), encoding="utf-8", errors="replace") as f:
        for ln in f:
            rel, _, m, raw, vis, join, text = ln.rstrip("\n").split("\t", 6)
            pages.setdefault(rel, []).append((float(m), float(raw), int(vis), join == "1", text))
    for ln in open(os.path.join(out, "stats.tsv")):
        pages.setdefault(ln.split("\t", 1)[0], [])
    return pages


def choose(texts, share=None, rest=None):
    """The threshold; None: nothing to weigh (every text stays)."""
    base_w = base_pw = all_w = all_pw = 0.0
    groups = OrderedDict()
    for m, r, v, _, _ in sorted(texts, key=lambda x: x[0]):
        if v == 0:
            continue
        pw = prob(r) * v
        all_w += v
        all_pw += pw
        if m < 0:
            base_w += v
            base_pw += pw
        else:
            g = groups.setdefault(m, [0.0, 0.0])
            g[0] += v
            g[1] += pw
    if all_w <= 0 or all_pw <= 0:
        return None
    block = None
    if share is not None:
        for s, (w, pw) in groups.items():
            if LO <= s < HI and w >= share * all_w and all_pw - pw >= rest and (block is None or w > block[1]):
                block = (s, w, pw)

    def e(cw, cp, kept):
        if block is None:
            return 2 * cp / (cw + all_pw)
        _, w, pw = block
        q, cp0, rest_pw = pw / w, cp - (pw if kept else 0), all_pw - pw
        return q * 2 * (cp0 + (w if kept else 0)) / (cw + rest_pw + w) + (1 - q) * 2 * cp0 / (cw + rest_pw)

    vals = list(groups)
    cw, cp, q, kept = base_w, base_pw, 0, False
    while q < len(vals) and vals[q] < LO:
        cw += groups[vals[q]][0]
        cp += groups[vals[q]][1]
        q += 1
    best_e = cur = e(cw, cp, kept)
    best_t, e_default = LO, -1
    while True:
        if e_default < 0 and (q == len(vals) or vals[q] >= DEFAULT):
            e_default = cur
        if not (q < len(vals) and vals[q] < HI):
            break
        kept |= block is not None and vals[q] == block[0]
        cw += groups[vals[q]][0]
        cp += groups[vals[q]][1]
        q += 1
        cur = e(cw, cp, kept)
        if cur > best_e:
            best_e, best_t = cur, min(vals[q], HI) if q < len(vals) else HI
    if best_e < e_default + MARGIN:
        return DEFAULT if e_default > 0 else 2.0
    return best_t


def page_f1(gold, texts, t):
    kept = "".join(x if j else " " + x for m, _, _, j, x in texts if t is None or m < t)
    return E.score.prf(gold, E.toks(kept))[2]


def main(out, gold_dir, manifest, settings):
    pages = load(out)
    golds = {rel: E.score.tokens(os.path.join(gold_dir, rel + ".txt")) for rel in pages
             if os.path.exists(os.path.join(gold_dir, rel + ".txt"))}
    types = {}
    if manifest != "-":
        for row in open(manifest):
            c = row.rstrip("\n").split("\t")
            types[c[0]] = c[2]
    runs = [("plain", None, None)] + [(s, float(s.split(":")[0]), float(s.split(":")[1])) for s in settings]
    f1 = {}
    for name, share, rest in runs:
        f1[name] = {rel: page_f1(golds[rel], pages[rel], choose(pages[rel], share, rest)) for rel in golds}
        by = {}
        for rel, v in f1[name].items():
            by.setdefault(types.get(rel, ""), []).append(v)
        line = "%-12s %.4f" % (name, sum(f1[name].values()) / len(golds))
        if types:
            line += "  " + " ".join("%s %.3f" % (k[:4], sum(v) / len(v)) for k, v in sorted(by.items()))
        print(line, flush=True)
    if os.environ.get("EFD_DIFF"):
        a, b = f1["plain"], f1[os.environ["EFD_DIFF"]]
        for d, rel in sorted((b[r] - a[r], r) for r in a if abs(b[r] - a[r]) > 1e-9):
            print("  %-12s %.3f -> %.3f" % (rel, a[rel], b[rel]))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    s = sys.argv[4:]
    if os.environ.get("EFD_DIFF") and os.environ["EFD_DIFF"] not in s:
        s.append(os.environ["EFD_DIFF"])
    main(sys.argv[1], sys.argv[2], sys.argv[3], s)
