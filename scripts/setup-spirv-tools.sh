#!/usr/bin/env bash
# Installs the SPIR-V tools the SPIR-V tests and scripts/regen-spirv-fixtures.sh use, where they are
# missing: spirv-opt, spirv-dis, spirv-as (Debian: spirv-tools) and glslangValidator
# (Debian: glslang-tools). Tools already on PATH are left alone.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"
need_tools setup-spirv-tools spirv-opt:spirv-tools spirv-dis:spirv-tools spirv-as:spirv-tools glslangValidator:glslang-tools
