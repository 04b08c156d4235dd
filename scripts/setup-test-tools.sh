#!/usr/bin/env bash
# What `npm test` runs first (its `pretest`): installs the Debian tools the tests drive, where they
# are missing, so that the README's test command works by itself on a fresh machine, as in CI:
#   - SPIR-V: spirv-opt, spirv-dis, spirv-as, spirv-val (spirv-tools), glslangValidator
#     (glslang-tools): the readers against the real tools, the differential damage test;
#   - LLVM: opt-14, opt-15, opt-16 (llvm-14, llvm-15, llvm-16): the differential damage test's
#     oracle, `fuzz --target llvm-mem2reg` under each release;
#   - GCC: gcc (the dumps of formal-ssa gcc);
#   - the explorer's browser test: chromium.
# Tools already on PATH are left alone. Where one cannot be installed (no apt-get, no root or
# passwordless sudo, no network), this fails at once with one line naming the tools and the
# command that installs them, instead of dozens of failing tests.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"
need_tools "npm test" \
  spirv-opt:spirv-tools spirv-dis:spirv-tools spirv-as:spirv-tools spirv-val:spirv-tools \
  glslangValidator:glslang-tools \
  opt-14:llvm-14 opt-15:llvm-15 opt-16:llvm-16 \
  gcc:gcc \
  chromium:chromium
