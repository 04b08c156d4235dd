#!/usr/bin/env bash
# Zero false rejections under the flags real builds use: SQLite (fetched by
# scripts/fetch-real-c.sh) compiled by clang-N with each variant below, promoted by
# opt-N -passes=mem2reg, and validated. Not part of `npm run bench` or the tests (a few minutes).
#
#   npm run build && scripts/llvm-variants.sh [WORKDIR]      (default: tmp/variants)
#
# The variants: clang's default names (-fdiscard-value-names: numbered values and blocks, and
# mem2reg's phis named .0, .01, ...); plain -O0 (every function optnone: opt leaves them all alone); -O1 and -O2 IR
# before LLVM's own passes (-Xclang -disable-llvm-passes: lifetime markers, TBAA), with -g at
# -O2; the sanitizers that instrument at clang's level or in its pipeline (address, memory,
# thread, hwaddress, undefined); profile instrumentation with coverage mapping; pattern
# initialisation of locals; stack protectors. Prints one line per variant and ends with those not
# certified (none expected).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/tmp/variants}"
mkdir -p "$work"
cli="$root/dist/cli/main.js"
src="$root/tmp/real-c/sqlite3.c"
[ -f "$cli" ] || { echo "llvm-variants.sh: run npm run build first" >&2; exit 2; }
[ -f "$src" ] || "$root/scripts/fetch-real-c.sh"
source "$(dirname "$0")/debian-packages.sh"
for n in 14 15 16; do need_tools llvm-variants "clang-$n:clang-$n" "opt-$n:llvm-$n"; done
failed=()
D=(-O0 -Xclang -disable-O0-optnone)
variant() { # variant TAG N FLAGS...
  local tag="$1" n="$2"
  shift 2
  local b="$work/$tag"
  if ! "clang-$n" -fno-discard-value-names -S -emit-llvm -w "$@" "$src" -o "$b.before.ll" 2>/dev/null; then
    echo "$tag: clang-$n cannot build it here"
    return
  fi
  "opt-$n" -passes=mem2reg -S "$b.before.ll" -o "$b.after.ll"
  line=$(node "$cli" validate "$b.before.ll" "$b.after.ll" 2>/dev/null | tail -1 || true)
  echo "$tag (clang-$n $*): $line"
  case "$line" in certified:*) ;; *) failed+=("$tag") ;; esac
  rm -f "$b.before.ll" "$b.after.ll"
}
variant unnamed 14 "${D[@]}" -fdiscard-value-names
variant unnamed 15 "${D[@]}" -fdiscard-value-names
variant unnamed-g 16 "${D[@]}" -fdiscard-value-names -g
variant plain-O0 14 -O0
variant O1-before-passes 14 -O1 -Xclang -disable-llvm-passes
variant O1-before-passes 16 -O1 -Xclang -disable-llvm-passes
variant O2-g-before-passes 15 -O2 -Xclang -disable-llvm-passes -g
variant asan 14 "${D[@]}" -fsanitize=address
variant asan 15 "${D[@]}" -fsanitize=address
variant asan-g 16 "${D[@]}" -fsanitize=address -g
variant asan-O1 15 -O1 -Xclang -disable-llvm-passes -fsanitize=address
variant msan 16 "${D[@]}" -fsanitize=memory
variant tsan 15 "${D[@]}" -fsanitize=thread
variant hwasan 16 "${D[@]}" -fsanitize=hwaddress
variant ubsan 15 "${D[@]}" -fsanitize=undefined
variant profile 14 "${D[@]}" -fprofile-instr-generate -fcoverage-mapping
variant pattern-init 14 "${D[@]}" -ftrivial-auto-var-init=pattern
variant stack-protector 14 "${D[@]}" -fstack-protector-all
if [ ${#failed[@]} -eq 0 ]; then
  echo "every function certified"
else
  echo "not certified: ${failed[*]}"
  exit 1
fi
