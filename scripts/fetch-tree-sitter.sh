#!/usr/bin/env bash
# Fetches a second real C code base and compiles it to LLVM IR before and after mem2reg, for
# bench/real_c.ts (section 5 of bench/results.md) beside SQLite. Nothing of it is committed.
#
# The code: tree-sitter's runtime as the npm package tree-sitter ships it
# (vendor/tree-sitter/lib/src/lib.c, which includes the runtime's 13k hand-written lines), and
# the JavaScript grammar's generated parser as tree-sitter-javascript ships it (src/parser.c,
# 94k lines: a lexer function of goto-linked states and large tables).
#
#   scripts/fetch-tree-sitter.sh [OUTDIR]        (default: tmp/real-c)
#
# Writes OUTDIR/tree-sitter.txt (the packages and line counts), OUTDIR/ts-lib.{before,after}.ll and OUTDIR/ts-javascript.{before,after}.ll (clang -O0
# as for the fixtures, then opt -passes=mem2reg), the same with -g (*.g.*.ll) and with opaque
# pointers (*.ptr.*.ll). Needs npm and tar; installs LLVM 14's clang and opt (Debian's clang-14,
# llvm-14) where missing.
set -euo pipefail

RUNTIME="${RUNTIME:-tree-sitter@0.25.1}"
GRAMMAR="${GRAMMAR:-tree-sitter-javascript@0.25.0}"
source "$(dirname "$0")/real-c-setup.sh" fetch-tree-sitter "${1:-}"

mkdir "$work/runtime" "$work/grammar"
(cd "$work/runtime" && npm pack --silent "$RUNTIME" >/dev/null && tar -xzf ./*.tgz)
(cd "$work/grammar" && npm pack --silent "$GRAMMAR" >/dev/null && tar -xzf ./*.tgz)
lib="$work/runtime/package/vendor/tree-sitter/lib"
src="$work/grammar/package/src"
# what was compiled, for the benchmark's report
echo "$RUNTIME (vendor/tree-sitter/lib/src/*.c, $(cat "$lib"/src/*.c | wc -l) lines, compiled as lib.c) and $GRAMMAR (src/parser.c, $(wc -l < "$src/parser.c") lines)" | tee "$out/tree-sitter.txt"

cflags=(-O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm)
# name, C file, include directories
compile() {
  local name="$1" file="$2"
  shift 2
  "$CLANG" "${cflags[@]}" "$@" "$file" -o "$out/$name.before.ll"
  "$CLANG" "${cflags[@]}" -g "$@" "$file" -o "$out/$name.g.before.ll"
  "$CLANG" "${cflags[@]}" -mllvm -opaque-pointers "$@" "$file" -o "$out/$name.ptr.before.ll"
  "$OPT" -passes=mem2reg -S "$out/$name.before.ll" -o "$out/$name.after.ll"
  "$OPT" -passes=mem2reg -S "$out/$name.g.before.ll" -o "$out/$name.g.after.ll"
  "$OPT" -opaque-pointers -passes=mem2reg -S "$out/$name.ptr.before.ll" -o "$out/$name.ptr.after.ll"
  for v in "" .g .ptr; do echo "$out/$name$v.before.ll: $(wc -c < "$out/$name$v.before.ll") bytes"; done
}
compile ts-lib "$lib/src/lib.c" -I"$lib/include" -I"$lib/src"
compile ts-javascript "$src/parser.c" -I"$src"
