#!/usr/bin/env bash
# Fetches the real JavaScript the React Compiler benchmark and corpus test compile: libraries
# that npm ships as plain ESM source. Nothing of it is committed.
#
#   scripts/fetch-react-corpus.sh [OUTDIR]        (default: tmp/real-js)
#
# - lodash-es 4.18.1: lodash as one ES module per function (649 files);
# - preact 11.2.0: its sources as the package ships them (src/, hooks/src/, compat/src/, ...);
# - react-bootstrap 2.10.10: React components and hooks, one ES module each (esm/, 146 files),
#   the kind of code the React Compiler is for.
# Writes OUTDIR/lodash-es/*.js, OUTDIR/preact/**/src/*.js and OUTDIR/react-bootstrap/esm/*.js.
# Needs npm and tar; installs nothing.
set -euo pipefail

out="${1:-$(dirname "$0")/../tmp/real-js}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for spec in lodash-es@4.18.1 preact@11.2.0 react-bootstrap@2.10.10; do
  name="${spec%@*}"
  (cd "$work" && npm pack --silent "$spec" >/dev/null)
  rm -rf "${out:?}/$name"
  mkdir -p "$out/$name"
  tar -xzf "$work/$name"-*.tgz -C "$out/$name" --strip-components=1
  echo "$spec: $(find "$out/$name" -name '*.js' | wc -l) .js files in $out/$name"
done
