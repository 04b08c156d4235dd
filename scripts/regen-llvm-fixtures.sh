#!/usr/bin/env bash
# Regenerates the LLVM IR fixtures of test/fixtures/llvm/ from test/fixtures/llvm/src/*.c.
#
# For every NAME.c:
#   NAME.before.ll      clang -O0, no mem2reg: every local in an alloca (typed pointers, LLVM 14)
#   NAME.g.before.ll    the same with -g (llvm.dbg.declare calls, metadata)
#   NAME.ptr.before.ll  the same with opaque pointers (`ptr`, as LLVM 15 and later print)
#   NAME.unnamed.before.ll  the same with clang's default -fdiscard-value-names (numbered values)
#   NAME.after.ll, NAME.g.after.ll, NAME.ptr.after.ll, NAME.unnamed.after.ll   each of those after `opt -passes=mem2reg`
# and for every hand-written test/fixtures/llvm/hand/NAME.before.ll (typed pointers), NAME.after.ll;
# for every hand-written test/fixtures/llvm/versions/NAME.before.ll (opaque pointers), NAME.afterN.ll
# by opt-N for N in 14, 15, 16 (those present; Debian's llvm-15 and llvm-16 packages).
#
# Installs nothing. Needs clang and opt of LLVM 14 (Debian/Ubuntu: `apt-get install clang-14`,
# which brings llvm-14 with opt); override with CLANG=... OPT=...
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="test/fixtures/llvm"
cd "$root"

CLANG="${CLANG:-clang-14}"
if [[ -z "${OPT:-}" ]]; then
  if command -v opt-14 >/dev/null 2>&1; then OPT=opt-14; else OPT=opt; fi
fi

missing=0
for tool in "$CLANG" "$OPT"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "regen-llvm-fixtures: '$tool' not found." >&2
    missing=1
  fi
done
if [[ $missing -ne 0 ]]; then
  echo "Install LLVM 14's clang and opt, e.g. on Debian/Ubuntu: apt-get install clang-14 (opt comes with llvm-14)," >&2
  echo "or point CLANG=/path/to/clang OPT=/path/to/opt at them." >&2
  exit 1
fi
for tool in "$CLANG" "$OPT"; do
  major="$("$tool" --version | grep -oE 'version [0-9]+' | head -1 | grep -oE '[0-9]+')"
  if [[ "$major" != "14" ]]; then
    echo "regen-llvm-fixtures: warning: $tool is LLVM $major, the committed fixtures are LLVM 14's" >&2
  fi
done

# -fdebug-prefix-map keeps the machine's path out of the -g fixtures
cflags=(-O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm "-fdebug-prefix-map=$root=.")

shopt -s nullglob
for src in "$dir"/src/*.c; do
  name="$(basename "$src" .c)"
  "$CLANG" "${cflags[@]}" "$src" -o "$dir/$name.before.ll"
  "$CLANG" "${cflags[@]}" -g "$src" -o "$dir/$name.g.before.ll"
  "$CLANG" "${cflags[@]}" -mllvm -opaque-pointers "$src" -o "$dir/$name.ptr.before.ll"
  # clang's default: names discarded (allocas %3, %4, ...; mem2reg's phis %.0, %.01, ...)
  "$CLANG" "${cflags[@]/-fno-discard-value-names/-fdiscard-value-names}" "$src" -o "$dir/$name.unnamed.before.ll"
  "$OPT" -passes=mem2reg -S "$dir/$name.before.ll" -o "$dir/$name.after.ll"
  "$OPT" -passes=mem2reg -S "$dir/$name.g.before.ll" -o "$dir/$name.g.after.ll"
  "$OPT" -opaque-pointers -passes=mem2reg -S "$dir/$name.ptr.before.ll" -o "$dir/$name.ptr.after.ll"
  "$OPT" -passes=mem2reg -S "$dir/$name.unnamed.before.ll" -o "$dir/$name.unnamed.after.ll"
  echo "$name: $(wc -c < "$dir/$name.before.ll") + $(wc -c < "$dir/$name.g.before.ll") + $(wc -c < "$dir/$name.ptr.before.ll") bytes before mem2reg"
done
for src in "$dir"/hand/*.before.ll; do
  name="$(basename "$src" .before.ll)"
  "$OPT" -passes=mem2reg -S "$src" -o "$dir/hand/$name.after.ll"
  echo "hand/$name: $(wc -c < "$src") bytes before mem2reg"
done
for src in "$dir"/versions/*.before.ll; do
  name="$(basename "$src" .before.ll)"
  for n in 14 15 16; do
    if command -v "opt-$n" >/dev/null 2>&1; then
      flags=()
      [[ $n == 14 ]] && flags=(-opaque-pointers)
      "opt-$n" "${flags[@]}" -passes=mem2reg -S "$src" -o "$dir/versions/$name.after$n.ll"
      echo "versions/$name: opt-$n"
    else
      echo "regen-llvm-fixtures: opt-$n not found, versions/$name.after$n.ll left as it is" >&2
    fi
  done
done
