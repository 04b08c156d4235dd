# Sourced by scripts/fetch-real-c.sh and scripts/fetch-tree-sitter.sh (bash, set -euo pipefail):
# finds clang and opt of LLVM_VERSION (installing Debian's clang-N and llvm-N where missing),
# checks every tool, makes the output directory and a scratch directory.
# Sets LLVM_VERSION, CLANG, OPT, VARIANT, VARIANT_CFLAGS, VARIANT_OPTFLAGS, root, out (absolute) and work (removed on exit).
#   usage: source "$(dirname "$0")/real-c-setup.sh" SCRIPT-NAME [OUTDIR]
#
# LLVM_VERSION=14 (the default), 15 or 16 picks clang-N and opt-N (Debian's clang-N and llvm-N).
# The default OUTDIR is tmp/real-c for 14 (the benchmark's files) and tmp/real-c/llvmN for the
# others, with the same file names in it.
name="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_VERSION="${LLVM_VERSION:-14}"
case "$LLVM_VERSION" in
  14 | 15 | 16) ;;
  *)
    echo "$name: LLVM_VERSION must be 14, 15 or 16, not '$LLVM_VERSION'" >&2
    exit 1
    ;;
esac
if [[ "$LLVM_VERSION" == 14 ]]; then
  out="${2:-$root/tmp/real-c}"
else
  out="${2:-$root/tmp/real-c/llvm$LLVM_VERSION}"
fi
source "$(dirname "${BASH_SOURCE[0]}")/debian-packages.sh"
# clang-N and opt-N come from Debian's clang-N and llvm-N, installed where missing
# (CLANG=... OPT=... choose others, which must then be on PATH)
if [[ -z "${CLANG:-}" ]]; then
  need_tools "$name" "clang-$LLVM_VERSION:clang-$LLVM_VERSION"
  CLANG="clang-$LLVM_VERSION"
fi
if [[ -z "${OPT:-}" ]]; then
  need_tools "$name" "opt-$LLVM_VERSION:llvm-$LLVM_VERSION"
  OPT="opt-$LLVM_VERSION"
fi
need_tools "$name" npm:npm tar:tar
for tool in "$CLANG" "$OPT"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$name: '$tool' not found (CLANG and OPT name tools on PATH)" >&2
    exit 1
  fi
done
# the other pointer variant (VARIANT, with VARIANT_CFLAGS for clang and VARIANT_OPTFLAGS for opt):
# 14 writes typed pointers by default and opaque ones with `-mllvm -opaque-pointers` (*.ptr.*.ll);
# 15 and 16 write opaque pointers by default and typed ones with `-Xclang -no-opaque-pointers`
# (*.typed.*.ll; 17 drops them). opt-15 keeps the typed pointers it reads; opt-16 turns them
# into `ptr` unless given `-opaque-pointers=0`.
case "$LLVM_VERSION" in
  14) VARIANT=ptr VARIANT_CFLAGS=(-mllvm -opaque-pointers) VARIANT_OPTFLAGS=(-opaque-pointers) ;;
  15) VARIANT=typed VARIANT_CFLAGS=(-Xclang -no-opaque-pointers) VARIANT_OPTFLAGS=() ;;
  16) VARIANT=typed VARIANT_CFLAGS=(-Xclang -no-opaque-pointers) VARIANT_OPTFLAGS=(-opaque-pointers=0) ;;
esac
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
