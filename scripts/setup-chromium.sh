#!/usr/bin/env bash
# Installs the browser the explorer's test (test/explorer/browser.test.ts) drives through
# playwright-core, where it is missing: Debian's chromium (/usr/bin/chromium). playwright's own
# browser download is never used. Tools already on PATH are left alone.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"
need_tools setup-chromium chromium:chromium
