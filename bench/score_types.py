#!/usr/bin/env python3
"""Word F1 of PRED_DIR against GOLD_DIR overall and per page type (wcxb-dev's manifest).

  score_types.py GOLD_DIR PRED_DIR MANIFEST [--per-page OUT.tsv] [--classes]

Runs score.py --per-page (path: $TD_SCORE, default ../shared/eval/score.py from the
repository root) and prints one line: page-averaged F1 (P, R) overall, then F1 per
page type in a fixed order. MANIFEST: tab-separated id, url, page_type.

--classes: then, per type, its P, R and F1 and where its loss (1 - F1, summed over the
type's pages and divided by their number, so a type's classes add up to 1 - its F1)
lies, by the first class a page falls in: an empty gold text; recall under 0.3;
precision under 0.3; recall under 0.6; precision under 0.6; the rest. Each class as
pages / its share of the loss (issue 12, fifteenth session).
"""
import csv, os, re, subprocess, sys
from collections import defaultdict

CLASSES = ["empty gold", "R<0.3", "P<0.3", "R<0.6", "P<0.6", "rest"]
ORDER = ["article", "documentation", "service", "forum", "collection", "listing", "product"]


def per_page(gold, pred):
    """score.py --per-page of PRED_DIR against GOLD_DIR: [(page id, (P, R, F1))] in its order."""
    score = os.environ.get("TD_SCORE", "../shared/eval/score.py")
    out = subprocess.run(["/usr/bin/python3", score, gold, pred, "--per-page"], capture_output=True,
                         text=True, check=True).stdout
    pages = []
    for ln in out.splitlines():
        m = re.match(r"(\S+)\.txt\tP=(\S+)\tR=(\S+)\tF1=(\S+)", ln)
        if m:
            pages.append((os.path.basename(m.group(1)), tuple(map(float, m.group(2, 3, 4)))))
    return pages


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    gold, pred, manifest = args[:3]
    types = {r["id"]: r["page_type"] for r in csv.DictReader(open(manifest, encoding="utf-8"), delimiter="\t")}
    per = defaultdict(list)
    rows = []
    for pid, v in per_page(gold, pred):
        per[types.get(pid, "?")].append(v)
        per["all"].append(v)
        rows.append((pid, types.get(pid, "?")) + v)
    if "--per-page" in argv:
        with open(args[3], "w") as f:
            for r in rows:
                f.write("%s\t%s\t%.3f\t%.3f\t%.3f\n" % r)

    def mean(v, i):
        return sum(x[i] for x in v) / len(v) if v else float("nan")

    a = per["all"]
    if "--classes" in argv:
        print_classes(gold, rows, mean)
    print(f"F1 {mean(a, 2):.3f} (P {mean(a, 0):.3f} R {mean(a, 1):.3f}, {len(a)} pages) | " +
          " ".join(f"{t[:4]} {mean(per[t], 2):.3f}" for t in ORDER if per[t]))


def page_class(gold, pid, p, r):
    """The first loss class (CLASSES) page pid falls in."""
    with open(os.path.join(gold, pid + ".txt"), encoding="utf-8", errors="replace") as f:
        if not re.search(r"[^\W_]", f.read()):
            return "empty gold"
    for name, v in (("R<0.3", r), ("P<0.3", p), ("R<0.6", r), ("P<0.6", p)):
        if v < float(name[2:]):
            return name
    return "rest"


def print_classes(gold, rows, mean):
    by = defaultdict(list)
    for pid, ty, p, r, f in rows:
        by[ty].append((p, r, f, page_class(gold, pid, p, r)))
    print("| type | pages | P | R | F1 | " + " | ".join(CLASSES) + " |")
    print("|---" * (5 + len(CLASSES)) + "|")
    for t in ORDER:
        v = by[t]
        if not v:
            continue
        cells = []
        for c in CLASSES:
            mine = [x for x in v if x[3] == c]
            cells.append(f"{len(mine)} / {sum(1 - x[2] for x in mine) / len(v):.3f}")
        print(f"| {t} | {len(v)} | {mean(v, 0):.3f} | {mean(v, 1):.3f} | {mean(v, 2):.3f} | " +
              " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
