# Sourced by scripts/fetch-real-c.sh and scripts/fetch-tree-sitter.sh (bash, set -euo pipefail):
# finds clang and opt, checks every tool, makes the output directory and a scratch directory.
# Sets CLANG, OPT, root, out (absolute) and work (removed on exit).
#   usage: source "$(dirname "$0")/real-c-setup.sh" SCRIPT-NAME [OUTDIR]
name="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${2:-$root/tmp/real-c}"
CLANG="${CLANG:-clang-14}"
if [[ -z "${OPT:-}" ]]; then
  if command -v opt-14 >/dev/null 2>&1; then OPT=opt-14; else OPT=opt; fi
fi
for tool in npm tar "$CLANG" "$OPT"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$name: '$tool' not found (clang and opt: apt-get install clang-14, or set CLANG=... OPT=...)" >&2
    exit 1
  fi
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
