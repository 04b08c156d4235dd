#!/usr/bin/env bash
# Fetches a real C program of 10^5 lines and compiles it to LLVM IR, for the parser benchmark
# (scripts/bench-llvm-parse.mjs). Nothing of it is committed.
#
# The program: SQLite's amalgamation `sqlite3.c` (one translation unit, no configure step) as the
# npm package better-sqlite3 ships it in deps/sqlite3/ (better-sqlite3 13.2.0: SQLite 3.54.1,
# 271,150 lines, 9.6 MB).
#
#   [LLVM_VERSION=14|15|16] scripts/fetch-real-c.sh [OUTDIR]
#   (default OUTDIR: tmp/real-c for LLVM 14, tmp/real-c/llvmN for 15 and 16)
#
# Writes OUTDIR/sqlite3.c, OUTDIR/sqlite3.before.ll (clang -O0 as for the fixtures),
# OUTDIR/sqlite3.after.ll (opt -passes=mem2reg), the same with -g (sqlite3.g.*.ll) and with the
# version's other pointers (opaque for 14: sqlite3.ptr.*.ll; typed for 15 and 16:
# sqlite3.typed.*.ll). Needs npm and tar; installs clang-N and opt-N (Debian's clang-N, llvm-N)
# where missing (scripts/real-c-setup.sh).
set -euo pipefail

PACKAGE="${PACKAGE:-better-sqlite3@13.2.0}"
source "$(dirname "$0")/real-c-setup.sh" fetch-real-c "${1:-}"

(cd "$work" && npm pack --silent "$PACKAGE" >/dev/null)
tar -xzf "$work"/*.tgz -C "$work" package/deps/sqlite3/sqlite3.c
cp "$work/package/deps/sqlite3/sqlite3.c" "$out/sqlite3.c"
echo "$PACKAGE: deps/sqlite3/sqlite3.c, $(wc -l < "$out/sqlite3.c") lines"

cflags=(-O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm)
t0=$(date +%s%N)
"$CLANG" "${cflags[@]}" "$out/sqlite3.c" -o "$out/sqlite3.before.ll"
"$CLANG" "${cflags[@]}" -g "$out/sqlite3.c" -o "$out/sqlite3.g.before.ll"
"$OPT" -passes=mem2reg -S "$out/sqlite3.before.ll" -o "$out/sqlite3.after.ll"
"$OPT" -passes=mem2reg -S "$out/sqlite3.g.before.ll" -o "$out/sqlite3.g.after.ll"
"$CLANG" "${cflags[@]}" "${VARIANT_CFLAGS[@]}" "$out/sqlite3.c" -o "$out/sqlite3.$VARIANT.before.ll"
"$OPT" "${VARIANT_OPTFLAGS[@]}" -passes=mem2reg -S "$out/sqlite3.$VARIANT.before.ll" -o "$out/sqlite3.$VARIANT.after.ll"
t1=$(date +%s%N)
echo "$("$CLANG" --version | head -1)"
for v in "" .g ".$VARIANT"; do
  for f in "sqlite3$v.before.ll" "sqlite3$v.after.ll"; do
    echo "$out/$f: $(wc -c < "$out/$f") bytes"
  done
done
echo "clang and opt took $(( (t1 - t0) / 1000000 )) ms; now: npm run build && node scripts/bench-llvm-parse.mjs $out/*.ll"
