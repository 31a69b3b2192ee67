#!/usr/bin/env python3
"""markdown_check.py: clean_markdown read back by a real CommonMark parser.

For every page of a table (id text, html bytea, profile tdprofile), in the
database of the psql environment (PGHOST, PGPORT, PGUSER, --db):
  1. clean_text(html, profile) and clean_markdown(html, profile, links, images),
     for links/images both false and both true;
  2. the Markdown rendered to HTML by cmark-gfm (GFM's table, strikethrough
     and tasklist extensions on; not autolink, which reads the raw text of a
     bare URL, escapes included, where CommonMark reads text);
  3. that HTML's text by html_text, split into words at the blanks and line
     breaks both texts are made of; the page passes when cmark-gfm reads the
     Markdown and the words are clean_text's, in order.
Prints one line per variant: "markdown_check: VARIANT N pages, parsed P,
same words S (PCT%)", and the first differing words of up to --show pages.
Exit status 1 with --all when a page fails.

--load DIR... first fills the table with every DIR/**.html (bytes as they
are; host: the page's folder), with --profiles each host's template_profile
(site level where a folder has at least --min-pages pages).
"""
import argparse
import csv
import io
import os
import subprocess
import sys

csv.field_size_limit(1 << 30)


def psql(db, sql, stdin=None):
    r = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", db, "-c", sql],
                       input=stdin, capture_output=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr.decode("utf-8", "replace"))
        sys.exit(2)
    return r.stdout.decode("utf-8")


def words(text):
    return text.replace("\n", " ").split(" ") if text else []


def first_difference(a, b):
    k = 0
    while k < len(a) and k < len(b) and a[k] == b[k]:
        k += 1
    return k


def check(db, table, links, show, args):
    flag = "true" if links else "false"
    out = psql(db, "COPY (SELECT id, clean_text(html, profile, min_pages => %d), "
                   "clean_markdown(html, profile, min_pages => %d, links => %s, images => %s) "
                   "FROM %s ORDER BY id) TO STDOUT WITH (FORMAT csv)"
               % (args.min_pages, args.min_pages, flag, flag, table))
    rows = list(csv.reader(io.StringIO(out)))
    parsed = {}
    for pid, _, md in rows:
        r = subprocess.run(["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "tasklist"],
                           input=md.encode("utf-8"), capture_output=True)
        if r.returncode == 0:
            parsed[pid] = r.stdout.decode("utf-8")
    buf = io.StringIO()
    w = csv.writer(buf)
    for pid, html in parsed.items():
        w.writerow([pid, html])
    psql(db, "DROP TABLE IF EXISTS md_back; CREATE TABLE md_back (id text, html text)")
    psql(db, "COPY md_back FROM STDIN WITH (FORMAT csv)", buf.getvalue().encode("utf-8"))
    back = dict(csv.reader(io.StringIO(psql(
        db, "COPY (SELECT id, coalesce(html_text(html), '') FROM md_back) TO STDOUT WITH (FORMAT csv)"))))
    same = 0
    shown = 0
    for pid, text, md in rows:
        if pid not in back:
            print("  %s: cmark-gfm failed" % pid)
            continue
        a, b = words(text), words(back[pid])
        if a == b:
            same += 1
            continue
        if shown < show:
            shown += 1
            k = first_difference(a, b)
            print("  %s (links %s): word %d: clean_text %r, markdown %r" %
                  (pid, flag, k, " ".join(a[max(0, k - 3):k + 4]), " ".join(b[max(0, k - 3):k + 4])))
    n = len(rows)
    pct = 100.0 * same / n if n else 100.0
    print("markdown_check: links/images %s: %d pages, parsed %d, same words %d (%.2f%%)"
          % (flag, n, len(parsed), same, pct))
    return same == n


def load(db, table, dirs, profiles):
    buf = io.StringIO()
    w = csv.writer(buf)
    for d in dirs:
        for root, _, files in sorted(os.walk(d)):
            for f in sorted(files):
                if f.endswith(".html"):
                    path = os.path.join(root, f)
                    with open(path, "rb") as fh:
                        data = fh.read()
                    w.writerow([os.path.relpath(path, os.path.dirname(os.path.normpath(d))),
                                os.path.basename(root), "\\x" + data.hex()])
    psql(db, "DROP TABLE IF EXISTS %s; CREATE TABLE %s (id text, host text, html bytea, profile tdprofile)"
         % (table, table))
    psql(db, "COPY %s (id, host, html) FROM STDIN WITH (FORMAT csv)" % table, buf.getvalue().encode())
    if profiles:
        psql(db, "UPDATE %s p SET profile = s.profile FROM (SELECT host, template_profile(html) AS profile "
                 "FROM %s GROUP BY host) s WHERE p.host = s.host" % (table, table))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="postgres")
    ap.add_argument("--table", default="md_pages")
    ap.add_argument("--min-pages", type=int, default=5)
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--all", action="store_true", help="exit 1 unless every page passes")
    ap.add_argument("--load", nargs="+", metavar="DIR")
    ap.add_argument("--profiles", action="store_true")
    args = ap.parse_args()
    if args.load:
        load(args.db, args.table, args.load, args.profiles)
    ok = True
    for links in (False, True):
        ok &= check(args.db, args.table, links, args.show, args)
    sys.exit(0 if ok or not args.all else 1)


if __name__ == "__main__":
    main()
