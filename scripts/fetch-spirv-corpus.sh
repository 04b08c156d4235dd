#!/usr/bin/env bash
# Fetches real GLSL and compiles it to SPIR-V, a corpus for certifying SPIRV-Tools' SSA
# construction (`spirv-opt --ssa-rewrite`). Nothing of it is committed.
#
#   scripts/fetch-spirv-corpus.sh [OUTDIR]        (default: tmp/spirv-corpus)
#
# - gl-transitions 1.71.0: the 125 transitions of gl-transitions.json, GLSL ES snippets defining
#   `vec4 transition(vec2 uv)`, each wrapped into a `#version 450` Vulkan fragment shader (its
#   uniforms in one uniform block with progress and ratio, getFromColor/getToColor on two
#   sampler2D, main writes transition(uv));
# - lygia 1.4.1: its GLSL function library (.glsl files that #include each other); for each file
#   of LYGIA_DIRS, a fragment shader that #includes it and calls every function the file defines
#   on scalars, vectors and matrices, fed from a varying, results summed into the output.
# The shaders are written by scripts/spirv-corpus-wrap.mjs. Each is compiled with
# `glslangValidator -V` to NAME.before.spv; then NAME.after.spv = spirv-opt --ssa-rewrite of it,
# NAME.inl.before.spv = spirv-opt --inline-entry-points-exhaustive of it (the legalization order:
# inlining first, so large functions appear) and NAME.inl.after.spv = spirv-opt --ssa-rewrite of
# that. All four must pass spirv-val --target-env vulkan1.0.
# Writes OUTDIR/gl-transitions/NAME.{frag,before.spv,after.spv,inl.before.spv,inl.after.spv},
# the same under OUTDIR/lygia/ (with the lygia sources the shaders include in OUTDIR/lygia/src/),
# OUTDIR/corpus.txt (versions, counts, OpFunction instructions per pipeline) and
# OUTDIR/skipped.log (each shader or file not in the corpus, with the reason). A shader that does
# not compile or whose output does not validate is skipped and counted, not an error. The same
# inputs and tools give the same files; JOBS (default: the number of cores) compilations run at
# once.
# Needs npm, tar and node; installs Debian's glslang-tools and spirv-tools where missing.
set -euo pipefail

GL_TRANSITIONS="gl-transitions@1.71.0"
LYGIA="lygia@1.4.1"
# every folder of lygia with GLSL in it; a file whose functions all take samplers or structs (or
# that does not compile: config macros, library bugs) is skipped with its reason
LYGIA_DIRS=(animation color distort draw filter generative geometry lighting math morphological sample sdf simulate space)

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/debian-packages.sh"
need_tools fetch-spirv-corpus glslangValidator:glslang-tools spirv-opt:spirv-tools spirv-val:spirv-tools \
  spirv-dis:spirv-tools npm:npm tar:tar node:nodejs

t0=$(date +%s%N)
out="${1:-$here/../tmp/spirv-corpus}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export JOBS="${JOBS:-$(nproc)}"
export LC_ALL=C

rm -rf "${out:?}/gl-transitions" "${out:?}/lygia" "$out/corpus.txt" "$out/skipped.log"
mkdir -p "$out/gl-transitions" "$out/lygia/src"
: > "$work/skipped"

(cd "$work" && npm pack --silent "$GL_TRANSITIONS" "$LYGIA" >/dev/null)
tar -xzf "$work"/gl-transitions-*.tgz -C "$work" package/gl-transitions.json
tar -xzf "$work"/lygia-*.tgz -C "$out/lygia/src" --strip-components=1 --wildcards 'package/*.glsl'

node "$here/spirv-corpus-wrap.mjs" gl-transitions "$work/package/gl-transitions.json" "$out/gl-transitions"
node "$here/spirv-corpus-wrap.mjs" lygia "$out/lygia" "$work/skipped" "${LYGIA_DIRS[@]}"

# compile_one DIR/NAME.frag: prints `ok SOURCE/NAME FUNCTIONS-BEFORE FUNCTIONS-INL-BEFORE` or
# `skip SOURCE/NAME REASON` (tab-separated, one line, so that parallel jobs do not interleave)
compile_one() {
  local frag="$1" base label log msg f
  base="${frag%.frag}"
  label="$(basename "$(dirname "$frag")")/$(basename "$base")"
  log="$base.log"
  drop() {
    rm -f "$base".before.spv "$base".after.spv "$base".inl.before.spv "$base".inl.after.spv "$log"
    printf 'skip\t%s\t%s\n' "$label" "$1"
  }
  # first error of a log, without glslang's `ERROR: file:line:` and the tools' `error: line N:`
  first_error() {
    grep -m1 -iE '^error' "$log" | sed -E 's/^ERROR: *//; s/^[^ ]+:[0-9]+: *//; s/^error: *(line [0-9]+: *)?//' |
      tr -s ' \t' ' ' | cut -c1-200
  }
  (cd "$(dirname "$frag")" && glslangValidator -V -o "$(basename "$base").before.spv" "$(basename "$frag")") > "$log" 2>&1 ||
    { msg="$(first_error)"; drop "does not compile: ${msg:-glslangValidator failed}"; return 0; }
  spirv-opt --ssa-rewrite "$base.before.spv" -o "$base.after.spv" > "$log" 2>&1 ||
    { msg="$(first_error)"; drop "spirv-opt --ssa-rewrite failed: $msg"; return 0; }
  spirv-opt --inline-entry-points-exhaustive "$base.before.spv" -o "$base.inl.before.spv" > "$log" 2>&1 ||
    { msg="$(first_error)"; drop "spirv-opt --inline-entry-points-exhaustive failed: $msg"; return 0; }
  spirv-opt --ssa-rewrite "$base.inl.before.spv" -o "$base.inl.after.spv" > "$log" 2>&1 ||
    { msg="$(first_error)"; drop "spirv-opt --ssa-rewrite (after inlining) failed: $msg"; return 0; }
  for f in before after inl.before inl.after; do
    spirv-val --target-env vulkan1.0 "$base.$f.spv" > "$log" 2>&1 ||
      { msg="$(first_error)"; drop "$f.spv does not validate: $msg"; return 0; }
  done
  rm -f "$log"
  # OpFunction instructions only (-w: not OpFunctionEnd, OpFunctionCall, OpFunctionParameter)
  printf 'ok\t%s\t%s\t%s\n' "$label" \
    "$(spirv-dis --raw-id "$base.before.spv" | grep -cw OpFunction)" \
    "$(spirv-dis --raw-id "$base.inl.before.spv" | grep -cw OpFunction)"
}
export -f compile_one

(cd "$out" && find gl-transitions lygia -maxdepth 1 -name '*.frag' -print0) | sort -z |
  (cd "$out" && xargs -0 -n1 -P"$JOBS" bash -c 'compile_one "$1"' _) | sort > "$work/results"

awk -F'\t' '$1 == "skip" { print $2 ": " $3 }' "$work/results" >> "$work/skipped"
sort "$work/skipped" > "$out/skipped.log"

# per source: tried, shaders written, compiled, kept, functions before, functions inl.before
stats() {
  local src="$1" tried="$2"
  local written compiled kept fb fi
  written=$(find "$out/$src" -maxdepth 1 -name '*.frag' | wc -l)
  kept=$(awk -F'\t' -v s="$src/" '$1 == "ok" && index($2, s) == 1' "$work/results" | wc -l)
  compiled=$((written - $(grep -c "^$src/[^:]*: does not compile" "$out/skipped.log" || true)))
  fb=$(awk -F'\t' -v s="$src/" '$1 == "ok" && index($2, s) == 1 { n += $3 } END { print n + 0 }' "$work/results")
  fi=$(awk -F'\t' -v s="$src/" '$1 == "ok" && index($2, s) == 1 { n += $4 } END { print n + 0 }' "$work/results")
  echo "$src: $tried tried, $written shaders written, $compiled compiled, $kept kept (all four files validate), $((tried - kept)) skipped; OpFunction: $fb in *.before.spv, $fi in *.inl.before.spv"
}
gl_tried=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).length)' "$work/package/gl-transitions.json")
lygia_tried=$(cd "$out/lygia/src" && find "${LYGIA_DIRS[@]}" -name '*.glsl' | wc -l)
total_b=$(awk -F'\t' '$1 == "ok" { n += $3 } END { print n + 0 }' "$work/results")
total_i=$(awk -F'\t' '$1 == "ok" { n += $4 } END { print n + 0 }' "$work/results")
{
  echo "SPIR-V corpus for spirv-opt --ssa-rewrite, written by scripts/fetch-spirv-corpus.sh"
  echo "packages: $GL_TRANSITIONS $LYGIA (lygia folders: ${LYGIA_DIRS[*]})"
  echo "glslangValidator: $(glslangValidator --version | head -1)"
  echo "spirv-opt: $(spirv-opt --version 2>&1 | head -1)"
  echo "pipelines: NAME.before.spv -> spirv-opt --ssa-rewrite -> NAME.after.spv;"
  echo "           NAME.before.spv -> spirv-opt --inline-entry-points-exhaustive -> NAME.inl.before.spv -> spirv-opt --ssa-rewrite -> NAME.inl.after.spv"
  stats gl-transitions "$gl_tried"
  stats lygia "$lygia_tried"
  echo "total: $((gl_tried + lygia_tried)) tried, $(grep -c '^ok' "$work/results" || true) shaders kept, $(wc -l < "$out/skipped.log") skipped (skipped.log)"
  echo "OpFunction: $total_b in *.before.spv, $total_i in *.inl.before.spv, $((total_b + total_i)) together"
  echo "skip reasons:"
  sed -E 's/^[^:]*: //; s/: .*//' "$out/skipped.log" | sort | uniq -c | sort -k1,1nr -k2 | sed 's/^/  /'
} > "$out/corpus.txt"
t1=$(date +%s%N)
cat "$out/corpus.txt"
echo "wrote $out in $(( (t1 - t0) / 1000000 )) ms"
