# Sourced by scripts/fetch-real-c.sh and scripts/fetch-tree-sitter.sh (bash, set -euo pipefail):
# finds clang and opt (installing Debian's clang-14 and llvm-14 where missing), checks every tool, makes the output directory and a scratch directory.
# Sets CLANG, OPT, root, out (absolute) and work (removed on exit).
#   usage: source "$(dirname "$0")/real-c-setup.sh" SCRIPT-NAME [OUTDIR]
name="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${2:-$root/tmp/real-c}"
source "$(dirname "${BASH_SOURCE[0]}")/debian-packages.sh"
# LLVM 14's clang and opt come from Debian's clang-14 and llvm-14, installed where missing
# (CLANG=... OPT=... choose others, which must then be on PATH)
if [[ -z "${CLANG:-}" ]]; then
  need_tools "$name" clang-14:clang-14 opt-14:llvm-14
  CLANG=clang-14
fi
if [[ -z "${OPT:-}" ]]; then
  if command -v opt-14 >/dev/null 2>&1; then OPT=opt-14; else OPT=opt; fi
fi
need_tools "$name" npm:npm tar:tar
for tool in "$CLANG" "$OPT"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$name: '$tool' not found (CLANG and OPT name tools on PATH)" >&2
    exit 1
  fi
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
