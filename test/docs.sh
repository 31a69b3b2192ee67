#!/usr/bin/env bash
# test/docs.sh: the examples in the docs are the tests' text, so they cannot drift.
#
# Every fenced block of README.md and docs/*.md is checked by its language:
#   ```sql   must appear verbatim in a pg_regress input: sql/td_*.sql, or
#            test/*/sql/td_*.sql (the sharded suite's)
#   ```text  output: must appear verbatim in the expected output (expected/td_*.out,
#            test/*/expected/td_*.out) of a test that holds the last ```sql block
#            above it
#   ```sh, ```c, ```plain, ```json, ...  not checked (commands, code, pictures)
#   ```      a fence without a language is refused: say which kind it is
# "Verbatim" means the block's lines, trailing white space removed and blank lines
# at its start and end dropped, are consecutive lines of the file (treated alike).
#
# An HTML comment on the line just before a fence names the file instead:
#   <!-- test: sql/td_readme.sql -->          the block must be in that file
#   <!-- test: expected/td_errors.out lines --> each non-blank line of the block
#        must be a line of that file, in any order (for a list of error messages)
# The named file may be any file of the repository (test/shard/sql/..., say).
#
# Then docs/reference.md must name every function, aggregate and type the install
# scripts create (sql/templatedet--V.sql, sql/install/*.sql), every templatedet.*
# setting (DefineCustom...Variable in src/pg) and every SQLSTATE condition src/pg
# raises (ERRCODE_X as x, e.g. invalid_parameter_value).
#
# Prints each block or name it could not find (FILE:LINE) and exits 1; needs no server.
# Usage: bash test/docs.sh [doc.md ...]    (default: README.md docs/*.md)
set -euo pipefail
cd "$(dirname "$0")/.."
exec /usr/bin/python3 - "$@" <<'PY'
import glob, os, re, sys

docs = sys.argv[1:] or (["README.md"] + sorted(glob.glob("docs/*.md")))
CHECKED = {"sql", "text"}
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([A-Za-z0-9_+-]*)\s*$")
MARK = re.compile(r"^\s*<!--\s*test:\s*(\S+)(\s+lines)?\s*-->\s*$")

def norm(lines):
    out = [l.rstrip() for l in lines]
    while out and not out[0]:
        out.pop(0)
    while out and not out[-1]:
        out.pop()
    return out

cache = {}
def lines_of(path):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            cache[path] = [l.rstrip() for l in f.read().split("\n")]
    return cache[path]

def contains(hay, needle):
    n = len(needle)
    if n == 0:
        return True
    first = needle[0]
    for i in range(len(hay) - n + 1):
        if hay[i] == first and hay[i:i + n] == needle:
            return True
    return False

def blocks(path):
    """(start line, language, marker path or None, lines-mode, body lines)"""
    src = lines_of(path)
    i = 0
    while i < len(src):
        m = FENCE.match(src[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3).lower()
        start = i + 1                       # 1-based line of the opening fence
        mark = MARK.match(src[i - 1]) if i > 0 else None
        body = []
        i += 1
        while i < len(src) and not (src[i].strip().startswith(fence[0] * len(fence))
                                    and src[i].strip().strip(fence[0]) == ""):
            line = src[i]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            i += 1
        i += 1
        yield start, lang, (mark.group(1) if mark else None), bool(mark and mark.group(2)), body

tests = sorted(glob.glob("sql/td_*.sql")) + sorted(glob.glob("test/*/sql/td_*.sql"))
failures = checked = 0

def fail(doc, line, why, body):
    global failures
    failures += 1
    print(f"{doc}:{line}: {why}")
    for l in norm(body)[:6]:
        print(f"    | {l}")
    if len(norm(body)) > 6:
        print("    | ...")

for doc in docs:
    if not os.path.exists(doc):
        fail(doc, 0, "no such document", [])
        continue
    last_tests = []                         # the test files of the last sql block
    for line, lang, mark, lines_mode, body in blocks(doc):
        if lang == "":
            fail(doc, line, "fenced block without a language (sql, text, sh, plain ...)", body)
            continue
        if lang not in CHECKED:
            continue
        want = norm(body)
        checked += 1
        if mark:
            if not os.path.exists(mark):
                fail(doc, line, f"the marker names {mark}, which does not exist", body)
                continue
            hay = lines_of(mark)
            ok = (all(l in hay for l in want if l) if lines_mode else contains(hay, want))
            if not ok:
                fail(doc, line, f"{lang} block not found in {mark}"
                     + (" (some lines missing)" if lines_mode else ""), body)
            elif lang == "sql":
                last_tests = [mark]
            continue
        if lang == "sql":
            found = [t for t in tests if contains(lines_of(t), want)]
            if found:
                last_tests = found
            else:
                fail(doc, line, "sql block not found in any pg_regress input (sql/td_*.sql)", body)
        else:
            cands = []
            for t in last_tests:            # sql/x.sql -> expected/x.out (also test/shard/...)
                base = os.path.basename(t).rsplit(".", 1)[0]
                up = os.path.dirname(os.path.dirname(t))
                p = os.path.join(up, "expected", base + ".out")
                if os.path.exists(p) and p not in cands:
                    cands.append(p)
            if not cands:
                fail(doc, line, "text block with no sql example above it and no marker", body)
            elif not any(contains(lines_of(c), want) for c in cands):
                fail(doc, line, f"text block not found in {cands[0]}", body)

# ---- the reference names every object, setting and SQLSTATE ----------------------
REF = "docs/reference.md"
names = 0
if os.path.exists(REF):
    ref = open(REF, encoding="utf-8").read()
    scripts = [f for f in glob.glob("sql/templatedet--*.sql")
               if f.count("--") == 1] + sorted(glob.glob("sql/install/*.sql"))
    objs = set()
    for f in scripts:
        for m in re.finditer(r"^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(FUNCTION|AGGREGATE|TYPE)\s+"
                             r"(?:\w+\.)?\"?(\w+)", open(f, encoding="utf-8").read(),
                             re.M | re.I):
            objs.add((m.group(1).lower(), m.group(2), f))
    seen = set()
    for kind, name, f in sorted(objs):
        if name in seen:
            continue
        seen.add(name)
        names += 1
        if not re.search(r"`" + re.escape(name) + r"[`(]", ref):
            failures += 1
            print(f"{REF}: {kind} {name} ({f}) is not in the reference")
    for f in sorted(glob.glob("src/pg/**/*.c", recursive=True)):
        text = open(f, encoding="utf-8").read()
        for m in re.finditer(r'DefineCustom\w+Variable\(\s*"(templatedet\.\w+)"', text):
            names += 1
            if "`" + m.group(1) + "`" not in ref:
                failures += 1
                print(f"{REF}: setting {m.group(1)} ({f}) is not in the reference")
        for code in sorted(set(re.findall(r"\bERRCODE_([A-Z_0-9]+)", text))):
            names += 1
            if "`" + code.lower() + "`" not in ref:
                failures += 1
                print(f"{REF}: SQLSTATE {code.lower()} ({f}) is not in the reference")

print(f"docs: {checked} blocks and {names} names checked, {failures} not found")
sys.exit(1 if failures else 0)
PY
