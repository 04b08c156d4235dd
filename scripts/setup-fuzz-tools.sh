#!/usr/bin/env bash
# Installs the producers `formal-ssa fuzz --target` runs, where they are missing: LLVM's opt 14,
# 15 and 16 (llvm-mem2reg), gcc (gcc), spirv-opt, spirv-val and glslangValidator (spirv). The
# React Compiler target runs the installed babel-plugin-react-compiler (npm ci). Tools already on
# PATH are left alone.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"
need_tools setup-fuzz-tools \
  opt-14:llvm-14 opt-15:llvm-15 opt-16:llvm-16 \
  gcc:gcc \
  spirv-opt:spirv-tools spirv-val:spirv-tools glslangValidator:glslang-tools
