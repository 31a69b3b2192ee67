#!/usr/bin/env python3
"""compare.py: CLD2 against libexttextcat on the WCXB dev pages that declare
their language in <html lang> (bench/README.md#language).

    python3 bench/lang/compare.py [WCXB_DIR]    (default /work/data/wcxb-dev)

Builds lang_compare.c (libexttextcat-dev) and lang_compare_cld2.cc
(libcld2-dev) into /tmp, gives each the gold text of every page whose
<html lang> has a primary subtag (NNNN.txt: the page's main text, first
64 KB), and counts detections equal to the declared subtag (correct),
different (wrong) and none (unknown), with each library's total seconds.
"""
import glob
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
wcxb = sys.argv[1] if len(sys.argv) > 1 else '/work/data/wcxb-dev'
subprocess.run(['gcc', '-O2', '-o', '/tmp/lc_ext', os.path.join(here, 'lang_compare.c'),
                '-lexttextcat-2.0'], check=True)
subprocess.run(['g++', '-O2', '-o', '/tmp/lc_cld2', os.path.join(here, 'lang_compare_cld2.cc'),
                '-lcld2'], check=True)
declared = {}
for f in sorted(glob.glob(os.path.join(wcxb, '*.html'))):
    head = open(f, 'rb').read(20000).decode('utf-8', 'replace')
    m = re.search(r'<html\b[^>]*\blang\s*=\s*["\']?([A-Za-z]{2,3})', head, re.I)
    if m:
        declared[f[:-5] + '.txt'] = m.group(1).lower()
names = ''.join(f'{n}\n' for n in declared).encode()
print(f'{len(declared)} pages declare a language:',
      ', '.join(f'{k} {v}' for k, v in sorted(
          {l: list(declared.values()).count(l) for l in set(declared.values())}.items())))
for lib, exe in (('exttextcat', '/tmp/lc_ext'), ('cld2', '/tmp/lc_cld2')):
    r = subprocess.run([exe], input=names, capture_output=True, check=True)
    ok = wrong = unknown = 0
    for line in r.stdout.decode().splitlines():
        name, code = line.split('\t')[:2]
        if lib == 'exttextcat':
            m = re.match(r'\[([a-z]+)', code)
            code = m.group(1) if m else None
        else:
            code = None if code in ('un', 'xx') else code.split('-')[0]
        if code is None:
            unknown += 1
        elif code == declared[name]:
            ok += 1
        else:
            wrong += 1
    print(f'{lib}: correct {ok}, wrong {wrong}, unknown {unknown}; {r.stderr.decode().strip()}')
