#!/usr/bin/env bash
# Regenerates the SPIR-V fixtures of test/fixtures/spirv/ from test/fixtures/spirv/src/*.frag|*.comp.
#
# For every NAME.frag or NAME.comp (NAME unique over both):
#   NAME.before.spv      glslangValidator -V: every local an OpVariable in Function storage
#   NAME.after.spv       spirv-opt --ssa-rewrite of NAME.before.spv (locals promoted to SSA, OpPhi)
#   NAME.inl.before.spv  spirv-opt --inline-entry-points-exhaustive of NAME.before.spv
#   NAME.inl.after.spv   spirv-opt --ssa-rewrite of NAME.inl.before.spv
#   X.spvasm             spirv-dis of each X.spv above (default options: friendly names)
#
# Needs glslangValidator (Debian: glslang-tools), spirv-opt and spirv-dis (Debian: spirv-tools),
# and installs those packages where the tools are missing; override with
# GLSLANG=... SPIRV_OPT=... SPIRV_DIS=...
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="test/fixtures/spirv"
cd "$root"

GLSLANG="${GLSLANG:-glslangValidator}"
SPIRV_OPT="${SPIRV_OPT:-spirv-opt}"
SPIRV_DIS="${SPIRV_DIS:-spirv-dis}"

# Debian's glslang-tools and spirv-tools, installed where missing (GLSLANG=... SPIRV_OPT=...
# SPIRV_DIS=... choose others, which must then be on PATH)
source "$(dirname "$0")/debian-packages.sh"
need_tools regen-spirv-fixtures "$GLSLANG:glslang-tools" "$SPIRV_OPT:spirv-tools" "$SPIRV_DIS:spirv-tools"

shopt -s nullglob
seen=()
for src in "$dir"/src/*.frag "$dir"/src/*.comp; do
  file="$(basename "$src")"
  name="${file%.*}"
  if [[ " ${seen[*]-} " == *" $name "* ]]; then
    echo "regen-spirv-fixtures: two sources are named $name (src/$name.frag and src/$name.comp?)" >&2
    exit 1
  fi
  seen+=("$name")
  out="$dir/$name"
  # glslangValidator prints the file name on stdout even when it succeeds
  "$GLSLANG" -V "$src" -o "$out.before.spv" >/dev/null
  "$SPIRV_OPT" --ssa-rewrite "$out.before.spv" -o "$out.after.spv"
  "$SPIRV_OPT" --inline-entry-points-exhaustive "$out.before.spv" -o "$out.inl.before.spv"
  "$SPIRV_OPT" --ssa-rewrite "$out.inl.before.spv" -o "$out.inl.after.spv"
  for variant in before after inl.before inl.after; do
    "$SPIRV_DIS" "$out.$variant.spv" -o "$out.$variant.spvasm"
  done
  echo "$name: $(wc -c < "$out.before.spv") bytes before, $(wc -c < "$out.after.spv") after --ssa-rewrite"
done
