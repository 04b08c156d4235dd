#!/usr/bin/env bash
# Fetches the real JavaScript of the Hermes corpus (docs/hermes.md, "Real JavaScript"): npm
# packages a React Native app ships, as their published builds (production CommonJS bundles where
# the package has them), then bundles each package the way Metro does (scripts/hermes-bundles.mjs:
# every module wrapped in `__d(function (global, require, module, exports) {...}, id)`, ES
# modules through Babel's CommonJS transform) into OUTDIR/bundles/NAME.js, and a copy with ES2015
# classes and class fields lowered for the legacy 0.12 compiler, which rejects them (as React
# Native's Babel preset does), NAME.legacy.js. Nothing of it is committed.
#
#   scripts/fetch-hermes-corpus.sh [OUTDIR]        (default: tmp/hermes-corpus)
#
# Needs npm, tar and this checkout's devDependencies (@babel/standalone); installs nothing.
set -euo pipefail

out="${1:-$(dirname "$0")/../tmp/hermes-corpus}"
mkdir -p "$out/packages"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# package@version: the files of it that go into its bundle (globs under the package)
specs=(
  "lodash@4.17.21:lodash.js"
  "date-fns@4.4.0:*.cjs"
  "immer@11.2.13:dist/cjs/immer.cjs.production.js"
  "zustand@5.1.0:vanilla.js react.js index.js middleware.js shallow.js traditional.js vanilla/shallow.js react/shallow.js"
  "react@19.3.1:cjs/react.production.js cjs/react-jsx-runtime.production.js cjs/react-compiler-runtime.production.js"
  "react-dom@19.3.1:cjs/react-dom.production.js cjs/react-dom-client.production.js"
  "scheduler@0.28.0:cjs/scheduler.production.js cjs/scheduler.native.production.js"
  "redux@5.0.1:dist/cjs/redux.cjs"
  "@reduxjs/toolkit@2.15.0:dist/cjs/redux-toolkit.production.min.cjs dist/query/cjs/rtk-query.production.min.cjs"
  "react-redux@9.3.1:dist/cjs/react-redux.production.min.cjs"
  "axios@1.21.1:dist/browser/axios.cjs"
  "dayjs@1.11.23:dayjs.min.js"
  "moment@2.31.0:moment.js"
  "uuid@14.0.3:dist/*.js"
  "immutable@5.2.1:dist/immutable.js"
  "mobx@7.1.3:dist/mobx.cjs.production.min.js"
  "i18next@27.1.5:dist/cjs/i18next.js"
  "zod@4.6.7:v4/core/*.cjs v4/classic/*.cjs"
)

list="$out/packages/files.txt"
: >"$list"
for entry in "${specs[@]}"; do
  spec="${entry%%:*}"
  globs="${entry#*:}"
  name="${spec%@*}"
  dir="$out/packages/${name//\//+}"
  (cd "$work" && npm pack --silent "$spec" >/dev/null)
  tgz="$(ls "$work"/*.tgz)"
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xzf "$tgz" -C "$dir" --strip-components=1
  rm -f "$tgz"
  n=0
  for g in $globs; do
    for f in "$dir"/$g; do
      [ -f "$f" ] || { echo "fetch-hermes-corpus: $spec has no $g" >&2; exit 1; }
      echo "$spec ${f#"$dir"/}" >>"$list"
      n=$((n + 1))
    done
  done
  echo "$spec: $n file(s)"
done
node "$(dirname "$0")/hermes-bundles.mjs" "$out"
