#!/usr/bin/env bash
# Regenerates the GCC tree dumps of test/fixtures/gcc/ from their C sources (test/gcc/ reads
# them; test/fixtures/gcc/README.md names the compiler). Needs GCC 12 (Debian's gcc-12).
#
#   scripts/regen-gcc-fixtures.sh
#
# For each NAME.c and NAME.cc (C++, compiled by gcc as g++ would): NAME.cfg (the dump of the pass `cfg`, GCC's first CFG), NAME.fixup_cfg1 (the
# pass right before `ssa`) and NAME.ssa (after SSA construction), all written with -blocks (the
# edges) and -uid (variables of one name told apart). The dumps' pass numbers (015t, 020t,
# 021t) are GCC 12's; the files are renamed without them. A source compiled at another level
# says so on its first line, `/* gcc: -O2 */` (flags after -O0, so that they win).
set -euo pipefail

dir="$(cd "$(dirname "$0")/../test/fixtures/gcc" && pwd)"
version="$(gcc -dumpfullversion)"
case "$version" in 12.*) ;; *) echo "regen-gcc-fixtures: want GCC 12, have $version" >&2; exit 1 ;; esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for src in "$dir"/*.c "$dir"/*.cc; do
  file="$(basename "$src")"
  name="${file%.*}"
  cp "$src" "$work/$file"
  read -r -a extra <<<"$(sed -n '1s|^/\* gcc: \(.*\) \*/$|\1|p' "$src")"
  (cd "$work" && gcc -O0 "${extra[@]}" -c -fdump-tree-cfg-blocks-uid -fdump-tree-fixup_cfg1-blocks-uid -fdump-tree-ssa-blocks-uid "$file" -o "$name.o")
  for pass in cfg fixup_cfg1 ssa; do
    cp "$work/$file".*t."$pass" "$dir/$name.$pass"
  done
done
echo "regen-gcc-fixtures: $(ls "$dir"/*.c "$dir"/*.cc | wc -l) sources with gcc $version"
