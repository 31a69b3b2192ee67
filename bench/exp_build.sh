#!/bin/bash
# exp_build.sh — builds bench/page_quality with experiment switches (-DTD_EXP_*: columns
# measured before they join the trees' row; bench/README.md names each), outside the
# tree's build folders, into OUT (default /tmp/exp_build): OUT/page_quality.  The built-in
# trees are replaced by gen_default_gbdt.sh's one-leaf stand-in (they were trained on the
# row without the new columns); the harness trains its own (TD_GBDT=1).  Run from the
# repository root, then e.g.
#
#   bash bench/exp_build.sh -DTD_EXP_DATED
#   env $C WX=1 SETS="wx dn" OUT=/tmp/dated bash bench/wcxb_quality.sh /tmp/exp_build/page_quality d1 TD_REPEAT_FLAGS=15
set -euo pipefail
O=${OUT:-/tmp/exp_build}
mkdir -p "$O/obj"
rm -f "$O"/obj/*.o
CF="-std=c11 -D_POSIX_C_SOURCE=200809L -O2 $* -Isrc/core -Ibench $(xml2-config --cflags)"
# the stand-in for default_gbdt.c, as gen_default_gbdt.sh writes it
sed -n '/^cat > \$F <<.STUB.$/,/^STUB$/p' bench/gen_default_gbdt.sh | sed '1d;$d' > "$O/stub_default_gbdt.c"
ls src/core/*/*.c bench/page_quality.c "$O/stub_default_gbdt.c" | grep -v '^src/core/page/default_gbdt\.c$' |
  xargs -P 2 -I{} sh -c 'cc '"$CF"' -c {} -o "'"$O"'/obj/$(echo {} | tr / _).o"'
for f in src/core/*/*.cpp; do
  c++ -std=c++11 -O2 -Isrc/core -c "$f" -o "$O/obj/$(echo "$f" | tr / _).o"
done
c++ -o "$O/page_quality" "$O"/obj/*.o $(xml2-config --libs) -lz -lcld2 -lm
echo "built $O/page_quality ($*)"
