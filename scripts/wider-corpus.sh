#!/usr/bin/env bash
# Zero false rejections, beyond the bench's corpora: fetches more real code with `npm pack`
# (pinned versions), and certifies what the producers make of it. Not part of `npm run bench`
# or the tests (it needs the network and a few minutes); run it after a change to an adapter.
#
#   npm run build && scripts/wider-corpus.sh [WORKDIR]      (default: tmp/wider)
#
# - The React Compiler: `formal-ssa react` on JavaScript that npm ships (date-fns, rxjs's ESM
#   build, mobx, TanStack Query's core, redux, zustand, d3-array, react-router, three.js,
#   vite 8's bundled Node build, whose postcss-modules plugin creates closures in loops, Redux
#   Toolkit, Vue's runtime core, acorn, Chart.js, immer, jotai, luxon, marked, React Hook Form
#   and zod 4's core). The
#   compiler skips files under node_modules, so the files are copied out first.
# - LLVM's mem2reg: C and C++ from npm packages (lz4's library and programs, expat's parser, lmdb,
#   libxml2 from libxmljs2, brotli from iltorb, tree-sitter's Python and C++ grammars; leveldb and
#   snappy from leveldown, in C++), each file compiled by clang-N (clang++-N) -O0 as the bench
#   compiles SQLite (scripts/fetch-real-c.sh), promoted by opt-N -passes=mem2reg and validated,
#   for N = 14, 15 and 16 (Debian's clang-N and llvm-N, installed where missing). A file a
#   compiler cannot build here is listed, not hidden. Then other front ends' IR: Debian's rustc
#   (regex-syntax and memchr, as Debian packages their sources), ldc2 (D) and flang-new-16.
# - GCC's into-SSA: `formal-ssa gcc` on the same C and C++ files at -O0 and -O2.
# Prints one line per library or file and ends with the files not certified (none expected).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/tmp/wider}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
cli="$root/dist/cli/main.js"
[ -f "$cli" ] || { echo "wider-corpus.sh: run npm run build first" >&2; exit 2; }
source "$(dirname "$0")/debian-packages.sh"
need_tools wider-corpus npm:npm tar:tar
for n in 14 15 16; do need_tools wider-corpus "clang-$n:clang-$n" "opt-$n:llvm-$n"; done
need_tools wider-corpus gcc:gcc g++:g++
failed=()

fetch() { # fetch SPEC: the package's files in $work/pkg/NAME
  local spec="$1" name="${1%@*}"
  local dir="$work/pkg/${name//\//_}"
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    (cd "$work" && npm pack --silent "$spec" >/dev/null && tar -xzf "$(ls -t "$work"/*.tgz | head -1)" -C "$dir" --strip-components=1 && rm -f "$work"/*.tgz)
  fi
  echo "$dir"
}

# --- the React Compiler ----------------------------------------------------------------------
js="$work/js"
rm -rf "$js"
mkdir -p "$js"
copy() { # copy FILES... into $js/LIB/, named after their paths (the compiler skips node_modules)
  local lib="$1"
  shift
  mkdir -p "$js/$lib"
  for f in "$@"; do cp "$f" "$js/$lib/$(echo "$f" | md5sum | cut -c1-6)-$(basename "$f")"; done
}
d=$(fetch date-fns@4.4.0); copy date-fns "$d"/*.js
d=$(fetch rxjs@7.8.2); copy rxjs $(find "$d/dist/esm" -name '*.js')
d=$(fetch mobx@6.16.1); copy mobx "$d/dist/mobx.esm.js"
d=$(fetch @tanstack/query-core@5.108.0); copy tanstack-query-core $(find "$d/build/modern" -name '*.js')
d=$(fetch redux@5.0.1); copy redux "$d/dist/redux.mjs"
d=$(fetch zustand@5.1.0); copy zustand $(find "$d/esm" -name '*.mjs')
d=$(fetch d3-array@3.2.5); copy d3-array "$d/dist/d3-array.js"
d=$(fetch react-router@7.18.6); copy react-router $(find "$d/dist" -name '*.mjs')
d=$(fetch three@0.170.0); copy three "$d/build/three.module.js"
d=$(fetch vite@8.3.8); copy vite $(find "$d/dist/node" -name '*.js')
d=$(fetch @reduxjs/toolkit@2.9.2); copy redux-toolkit "$d"/dist/redux-toolkit.modern.mjs "$d"/dist/react/redux-toolkit-react.modern.mjs "$d"/dist/query/rtk-query.modern.mjs "$d"/dist/query/react/rtk-query-react.modern.mjs
d=$(fetch @vue/runtime-core@3.5.25); copy vue-runtime-core "$d/dist/runtime-core.esm-bundler.js"
d=$(fetch acorn@8.15.0); copy acorn "$d/dist/acorn.mjs"
d=$(fetch chart.js@4.5.1); copy chart.js "$d/dist/chart.js"
d=$(fetch immer@10.1.3); copy immer "$d/dist/immer.mjs"
d=$(fetch jotai@2.15.1); copy jotai $(find "$d/esm" -name '*.mjs' | grep -v babel)
d=$(fetch luxon@3.7.2); copy luxon "$d/build/es6/luxon.mjs"
d=$(fetch marked@15.0.12); copy marked "$d/lib/marked.esm.js"
d=$(fetch react-hook-form@7.66.1); copy react-hook-form "$d/dist/index.esm.mjs"
d=$(fetch zod@3.25.76); copy zod $(find "$d/v4/classic" "$d/v4/core" -name '*.js' | sort | head -60)
for lib in "$js"/*; do
  line=$(node "$cli" react "$lib"/* 2>/dev/null | tail -1 || true)
  echo "react-compiler $(basename "$lib"): $line"
  case "$line" in certified:*) ;; *) failed+=("react-compiler $(basename "$lib")") ;; esac
done

# --- LLVM's mem2reg --------------------------------------------------------------------------
# Each group: a language (c or c++), the flags its files want without a configure run, its files.
lz4=$(fetch lz4@0.6.5)/deps/lz4
expat=$(fetch node-expat@2.4.1)/deps/libexpat
lmdb=$(fetch lmdb@3.5.6)/dependencies/lmdb/libraries/liblmdb
libxml=$(fetch libxmljs2@0.37.0)/vendor/libxml
brotli=$(fetch iltorb@2.4.5)/brotli/c
level=$(fetch leveldown@6.1.1)/deps
tspy=$(fetch tree-sitter-python@0.25.0)/src
tscpp=$(fetch tree-sitter-cpp@0.23.4)/src
groups=()
group() { # group NAME LANG "FLAGS" FILES...: registers a group of files (NAME: a shell identifier)
  local name="$1" lang="$2" flags="$3"
  shift 3
  groups+=("$name")
  eval "lang_$name=\$lang; flags_$name=\$flags"
  eval "files_$name=(\"\$@\")"
}
group lz4 c "-I$lz4/lib" "$lz4"/lib/lz4.c "$lz4"/lib/lz4hc.c "$lz4"/lib/lz4frame.c "$lz4"/lib/xxhash.c "$lz4"/programs/lz4io.c "$lz4"/programs/lz4cli.c "$lz4"/programs/bench.c
group expat c "-I$expat/lib -DXML_POOR_ENTROPY -DBYTEORDER=1234 -DHAVE_MEMMOVE -DXML_DTD -DXML_NS -DXML_GE=1 -DXML_CONTEXT_BYTES=1024" \
  "$expat"/lib/xmlparse.c "$expat"/lib/xmltok.c "$expat"/lib/xmlrole.c "$expat"/xmlwf/xmlwf.c "$expat"/xmlwf/xmlfile.c
group lmdb c "" "$lmdb"/mdb.c "$lmdb"/midl.c "$lmdb"/mdb_load.c "$lmdb"/mdb_dump.c
# libxml2 2.9 with the package's config.h (trio.c does not build without its own configure run)
group libxml2 c "-I$libxml/include -I$libxml -DHAVE_CONFIG_H" $(ls "$libxml"/*.c | grep -v '/trio\.c$')
# brotli's encoder inlines always-inline helpers with restrict parameters (noalias scope metadata)
group brotli c "-I$brotli/include" "$brotli"/common/*.c "$brotli"/dec/*.c "$brotli"/enc/*.c
# tree-sitter's generated parsers put `#pragma clang optimize off` around their lexers (optnone)
group tree_sitter c "" "$tspy"/parser.c "$tspy"/scanner.c "$tscpp"/parser.c "$tscpp"/scanner.c
# C++: leveldb and snappy (invoke/landingpad, templates, destructors)
group leveldb c++ "-std=c++11 -I$level/leveldb/leveldb-1.20 -I$level/leveldb/leveldb-1.20/include -DLEVELDB_PLATFORM_POSIX -DOS_LINUX" \
  $(ls "$level"/leveldb/leveldb-1.20/{db,table,util}/*.cc "$level"/leveldb/leveldb-1.20/port/port_posix.cc | grep -v -e _test -e _bench -e testutil -e testharness -e env_posix)
group snappy c++ "-I$level/snappy/snappy -I$level/snappy/linux -DHAVE_CONFIG_H" \
  "$level"/snappy/snappy/snappy.cc "$level"/snappy/snappy/snappy-sinksource.cc "$level"/snappy/snappy/snappy-stubs-internal.cc "$level"/snappy/snappy/snappy-c.cc
cc="$work/c"
mkdir -p "$cc"
for n in 14 15 16; do
  for g in "${groups[@]}"; do
    eval "lang=\$lang_$g; flags=(\$flags_$g); files=(\"\${files_$g[@]}\")"
    driver="clang-$n"
    [ "$lang" = c++ ] && driver="clang++-$n"
    for src in "${files[@]}"; do
      b="$cc/$g-$(basename "$src").$n"
      if ! "$driver" -O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm -w "${flags[@]}" "$src" -o "$b.before.ll" 2>/dev/null; then
        echo "llvm $n $g $(basename "$src"): $driver cannot build it here"
        continue
      fi
      "opt-$n" -passes=mem2reg -S "$b.before.ll" -o "$b.after.ll"
      line=$(node "$cli" validate "$b.before.ll" "$b.after.ll" 2>/dev/null | tail -1 || true)
      echo "llvm $n $g $(basename "$src"): $line"
      case "$line" in certified:*) ;; *) failed+=("llvm $n $g $(basename "$src")") ;; esac
    done
  done
done

# --- mem2reg after other front ends of LLVM ---------------------------------------------------
# Debian's rustc 1.63 (LLVM 14) on two crates Debian packages as sources (regex-syntax, memchr),
# with and without debug info; ldc2 (D, LLVM 14) and flang-new-16 (Fortran) on the small
# programs of scripts/frontends/.
need_tools wider-corpus /usr/bin/rustc:rustc ldc2:ldc flang-new-16:flang-16
need_packages wider-corpus librust-regex-syntax-dev librust-memchr-dev
fe="$work/frontends"
mkdir -p "$fe"
frontend() { # frontend NAME N COMPILE-COMMAND...: the command writes $fe/NAME.before.ll
  local name="$1" n="$2"
  shift 2
  if ! "$@" >/dev/null 2>&1; then
    echo "$name: cannot build it here"
    failed+=("$name")
    return
  fi
  "opt-$n" -passes=mem2reg -S "$fe/$name.before.ll" -o "$fe/$name.after.ll"
  line=$(node "$cli" validate "$fe/$name.before.ll" "$fe/$name.after.ll" 2>/dev/null | tail -1 || true)
  echo "$name: $line"
  case "$line" in certified:*) ;; *) failed+=("$name") ;; esac
}
crates=/usr/share/cargo/registry
regex=$(ls -d "$crates"/regex-syntax-0.6.* | tail -1)
memchr=$(ls -d "$crates"/memchr-2.* | tail -1)
frontend rust-regex-syntax 14 /usr/bin/rustc --crate-type=lib --crate-name regex_syntax --edition=2018 -C opt-level=0 --emit=llvm-ir -o "$fe/rust-regex-syntax.before.ll" "$regex/src/lib.rs"
frontend rust-regex-syntax-g 14 /usr/bin/rustc --crate-type=lib --crate-name regex_syntax --edition=2018 -C opt-level=0 -C debuginfo=2 --emit=llvm-ir -o "$fe/rust-regex-syntax-g.before.ll" "$regex/src/lib.rs"
frontend rust-memchr 14 /usr/bin/rustc --crate-type=lib --crate-name memchr --edition=2018 -C opt-level=0 --cfg 'feature="std"' --emit=llvm-ir -o "$fe/rust-memchr.before.ll" "$memchr/src/lib.rs"
frontend d-ldc2 14 ldc2 -O0 -g -output-ll -of="$fe/d-ldc2.before.ll" "$root/scripts/frontends/sample.d"
frontend fortran-flang16 16 flang-new-16 -S -emit-llvm -O0 "$root/scripts/frontends/sample.f90" -o "$fe/fortran-flang16.before.ll"

# --- GCC's into-SSA, on the same C and C++ (gcc compiles .cc as C++) --------------------------
for g in "${groups[@]}"; do
  eval "lang=\$lang_$g; flags=(\$flags_$g); files=(\"\${files_$g[@]}\")"
  for src in "${files[@]}"; do
    for level in -O0 -O2; do
      line=$(node "$cli" gcc "$src" -- "$level" -w "${flags[@]}" 2>&1 | tail -1 || true)
      echo "gcc $level $g $(basename "$src"): $line"
      case "$line" in certified:*) ;; *) failed+=("gcc $level $g $(basename "$src")") ;; esac
    done
  done
done

if [ ${#failed[@]} -eq 0 ]; then
  echo "every function certified"
else
  echo "not certified: ${failed[*]}"
  exit 1
fi
