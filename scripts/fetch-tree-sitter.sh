#!/usr/bin/env bash
# Fetches a second real C code base and compiles it to LLVM IR before and after mem2reg, for
# bench/real_c.ts (section 5 of bench/results.md) beside SQLite. Nothing of it is committed.
#
# The code: tree-sitter's runtime as the npm package tree-sitter ships it
# (vendor/tree-sitter/lib/src/lib.c, which includes the runtime's 13k hand-written lines), and
# the JavaScript grammar's generated parser as tree-sitter-javascript ships it (src/parser.c,
# 94k lines: a lexer function of goto-linked states and large tables).
#
#   [LLVM_VERSION=14|15|16] scripts/fetch-tree-sitter.sh [OUTDIR]
#   (default OUTDIR: tmp/real-c for LLVM 14, tmp/real-c/llvmN for 15 and 16)
#
# Writes OUTDIR/tree-sitter.txt (the packages and line counts), OUTDIR/ts-lib.{before,after}.ll and OUTDIR/ts-javascript.{before,after}.ll (clang -O0
# as for the fixtures, then opt -passes=mem2reg), the same with -g (*.g.*.ll) and with the
# version's other pointers (opaque for 14: *.ptr.*.ll; typed for 15 and 16: *.typed.*.ll).
# Needs npm and tar; installs clang-N and opt-N (Debian's clang-N, llvm-N) where missing
# (scripts/real-c-setup.sh).
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
  "$CLANG" "${cflags[@]}" "${VARIANT_CFLAGS[@]}" "$@" "$file" -o "$out/$name.$VARIANT.before.ll"
  "$OPT" -passes=mem2reg -S "$out/$name.before.ll" -o "$out/$name.after.ll"
  "$OPT" -passes=mem2reg -S "$out/$name.g.before.ll" -o "$out/$name.g.after.ll"
  "$OPT" "${VARIANT_OPTFLAGS[@]}" -passes=mem2reg -S "$out/$name.$VARIANT.before.ll" -o "$out/$name.$VARIANT.after.ll"
  for v in "" .g ".$VARIANT"; do echo "$out/$name$v.before.ll: $(wc -c < "$out/$name$v.before.ll") bytes"; done
}
compile ts-lib "$lib/src/lib.c" -I"$lib/include" -I"$lib/src"
compile ts-javascript "$src/parser.c" -I"$src"
