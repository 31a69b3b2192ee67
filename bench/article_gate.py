#!/usr/bin/env python3
"""A gate on declared articles, measured offline (issue 12, ninth session).

  article_gate.py OUT_DIR [MANIFEST]

OUT_DIR: a page_quality run with TD_STEPS=1 (bench/wcxb_quality.sh), holding gold/ (the
pages and their gold text), efd/ (clean_text's expected-F1 decision) and t50/ (the 0.5
threshold). Per page, the gated rule keeps t50's output when the page declares itself
an article (og:type article, or a JSON-LD @type Article, NewsArticle, BlogPosting or
ReportageNewsArticle) and efd's otherwise; prints the page-mean word F1 of the three,
per page type when MANIFEST (id, url, page_type) is given. Scores with score.py
(score_types.per_page: $TD_SCORE, default ../shared/eval/score.py from the repository
root).
"""
import collections
import os
import re
import sys

from score_types import per_page

ARTICLE = re.compile(r'og:type["\']?\s+content=["\']article'
                     r'|content=["\']article["\']\s+property=["\']og:type'
                     r'|"@type"\s*:\s*"(NewsArticle|Article|BlogPosting|ReportageNewsArticle)"', re.I)


def main(out, manifest=None):
    gold = os.path.join(out, "gold")
    efd = {pid: v[2] for pid, v in per_page(gold, os.path.join(out, "efd"))}
    t50 = {pid: v[2] for pid, v in per_page(gold, os.path.join(out, "t50"))}
    types = {}
    if manifest:
        for line in open(manifest, encoding="utf-8"):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3:
                types[f[0]] = f[2]
    rows = collections.defaultdict(list)
    for name, e in efd.items():
        with open(os.path.join(gold, name + ".html"), "rb") as h:
            art = ARTICLE.search(h.read().decode("utf-8", "replace")) is not None
        rows[types.get(name, "all")].append((e, t50.get(name, 0.0), art))
    every = [r for v in rows.values() for r in v]
    print(f"{out}: {sum(r[2] for r in every)} of {len(every)} pages declare an article")
    for name, v in sorted(rows.items()) + ([("overall", every)] if manifest else []):
        n = len(v)
        print(f"  {name:14s} {n:5d} pages  efd {sum(r[0] for r in v) / n:.4f}  "
              f"t50 {sum(r[1] for r in v) / n:.4f}  gated {sum(r[1] if r[2] else r[0] for r in v) / n:.4f}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(*sys.argv[1:3])
