#!/bin/bash
# exp_textshape.sh — builds bench/page_quality with textshape.h's columns in the tree
# classifier's row (-DTD_EXP_TEXTSHAPE, context.h; bench/README.md, "Issue 12, ninth
# session"), outside the tree's build folders, into OUT (default /tmp/exp_textshape):
# OUT/page_quality.  The built-in trees are replaced by gen_default_gbdt.sh's one-leaf
# stand-in (they were trained on the row without the columns); the harness trains its
# own (TD_GBDT=1). Run from the repository root, then e.g.
#
#   B="TD_GBDT=1 TD_GB_WCXBW=1 TD_GB_DEPTH=6 TD_GB_TREES=100 TD_GB_LR=0.2 TD_GB_LABEL=f1 TD_GB_ROWW=sqrt"
#   env $B WX=1 SETS="wx" OUT=/tmp/dens bash bench/wcxb_quality.sh /tmp/exp_textshape/page_quality v2 \
#     TD_GB_DROP=p_ts_stop
set -euo pipefail
O=${OUT:-/tmp/exp_textshape}
mkdir -p "$O/obj"
CF="-std=c11 -D_POSIX_C_SOURCE=200809L -O2 -DTD_EXP_TEXTSHAPE -Isrc/core -Ibench $(xml2-config --cflags)"
# the stand-in for default_gbdt.c, as gen_default_gbdt.sh writes it
sed -n '/^cat > \$F <<.STUB.$/,/^STUB$/p' bench/gen_default_gbdt.sh | sed '1d;$d' > "$O/stub_default_gbdt.c"
ls src/core/*/*.c bench/page_quality.c "$O/stub_default_gbdt.c" | grep -v '^src/core/page/default_gbdt\.c$' |
  xargs -P 2 -I{} sh -c 'cc '"$CF"' -c {} -o "'"$O"'/obj/$(echo {} | tr / _).o"'
for f in src/core/*/*.cpp; do
  c++ -std=c++11 -O2 -Isrc/core -c "$f" -o "$O/obj/$(echo "$f" | tr / _).o"
done
c++ -o "$O/page_quality" "$O"/obj/*.o $(xml2-config --libs) -lz -lcld2 -lm
echo "built $O/page_quality (row with textshape.h's columns)"
