#!/usr/bin/env python3
"""Word F1 of PRED_DIR against GOLD_DIR overall and per page type (wcxb-dev's manifest).

  score_types.py GOLD_DIR PRED_DIR MANIFEST [--per-page OUT.tsv]

Runs score.py --per-page (path: $TD_SCORE, default ../shared/eval/score.py from the
repository root) and prints one line: page-averaged F1 (P, R) overall, then F1 per
page type in a fixed order. MANIFEST: tab-separated id, url, page_type.
"""
import csv, os, re, subprocess, sys
from collections import defaultdict

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
    print(f"F1 {mean(a, 2):.3f} (P {mean(a, 0):.3f} R {mean(a, 1):.3f}, {len(a)} pages) | " +
          " ".join(f"{t[:4]} {mean(per[t], 2):.3f}" for t in ORDER if per[t]))


if __name__ == "__main__":
    main(sys.argv[1:])
