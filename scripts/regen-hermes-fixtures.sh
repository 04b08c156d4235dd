#!/usr/bin/env bash
# Regenerates the hermesc dumps of test/fixtures/hermes/ from their JavaScript sources (test/hermes/
# reads them; test/fixtures/hermes/README.md names the compilers). Uses this checkout's
# devDependencies: hermes-compiler (Hermes V1) and hermes-compiler-legacy (hermes-compiler 0.14.x,
# the legacy 0.12 compiler), and @babel/standalone for the legacy compiler's input.
#
#   scripts/regen-hermes-fixtures.sh
#
# For each NAME.js:
#   NAME.v1.ir          Hermes V1, SimpleMem2Reg:  hermesc -w -dump-ir -Xcustom-opt=simplestackpromotion,simplemem2reg -Xdump-between-passes NAME.js (standard error)
#   NAME.v1-mem2reg.ir  Hermes V1, legacy builder: the same with mem2reg
#   NAME.legacy.js      NAME.js with async functions lowered by Babel (the 0.12 compiler rejects them)
#   NAME.legacy.ir      legacy 0.12, Mem2Reg: hermesc -w -custom-opt=simplestackpromotion -custom-opt=mem2reg -dump-ir -Xdump-before=Mem2Reg -Xdump-after=Mem2Reg NAME.legacy.js
# and for loops.js the two moments as plain dumps (standard output of -dump-ir), for `validate
# BEFORE AFTER`: loops.before.ir (-Xcustom-opt=simplestackpromotion) and loops.after.ir
# (...,simplemem2reg), loops.legacy-before.ir and loops.legacy-after.ir, and the -O pipeline's
# four SimpleMem2Reg runs, loops.v1-O.ir (hermesc -w -O -dump-ir -Xdump-between-passes
# -Xdump-functions=sum,nested), and twoslots.v1-O.ir likewise for twoslots.js's f0.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/test/fixtures/hermes"
v1="$root/node_modules/hermes-compiler/hermesc/linux64-bin/hermesc"
legacy="$root/node_modules/hermes-compiler-legacy/hermesc/linux64-bin/hermesc"
for h in "$v1" "$legacy"; do [ -x "$h" ] || { echo "regen-hermes-fixtures: $h missing (npm ci)" >&2; exit 1; }; done
"$v1" -version | grep -q "Hermes release version: 1\." || { echo "regen-hermes-fixtures: $v1 is not Hermes V1" >&2; exit 1; }
"$legacy" -version | grep -q "Hermes release version: 0\.12" || { echo "regen-hermes-fixtures: $legacy is not the 0.12 compiler" >&2; exit 1; }

cd "$dir"
for src in *.js; do
  case "$src" in *.legacy.js) continue ;; esac
  name="${src%.js}"
  "$v1" -w -dump-ir -Xcustom-opt=simplestackpromotion,simplemem2reg -Xdump-between-passes "$src" 2>"$name.v1.ir" >/dev/null
  "$v1" -w -dump-ir -Xcustom-opt=simplestackpromotion,mem2reg -Xdump-between-passes "$src" 2>"$name.v1-mem2reg.ir" >/dev/null
  node -e '
    const babel = require(process.argv[1]);
    const fs = require("node:fs");
    const code = fs.readFileSync(process.argv[2], "utf8");
    const out = babel.transform(code, { plugins: ["transform-async-generator-functions", "transform-async-to-generator"], sourceType: "script" }).code;
    fs.writeFileSync(process.argv[3], out + "\n");
  ' "$root/node_modules/@babel/standalone" "$src" "$name.legacy.js"
  "$legacy" -w -custom-opt=simplestackpromotion -custom-opt=mem2reg -dump-ir -Xdump-before=Mem2Reg -Xdump-after=Mem2Reg "$name.legacy.js" 2>"$name.legacy.ir" >/dev/null
done
"$v1" -w -dump-ir -Xcustom-opt=simplestackpromotion loops.js >loops.before.ir
"$v1" -w -dump-ir -Xcustom-opt=simplestackpromotion,simplemem2reg loops.js >loops.after.ir
"$legacy" -w -custom-opt=simplestackpromotion -dump-ir loops.legacy.js >loops.legacy-before.ir
"$legacy" -w -custom-opt=simplestackpromotion -custom-opt=mem2reg -dump-ir loops.legacy.js >loops.legacy-after.ir
"$v1" -w -O -dump-ir -Xdump-between-passes -Xdump-functions=sum,nested loops.js 2>loops.v1-O.ir >/dev/null
"$v1" -w -O -dump-ir -Xdump-between-passes -Xdump-functions=f0 twoslots.js 2>twoslots.v1-O.ir >/dev/null
echo "regen-hermes-fixtures: $(ls *.js | grep -vc legacy) sources with $("$v1" -version | grep -o 'release version: [^,]*') and $("$legacy" -version | grep -o 'release version: [^,]*')"
