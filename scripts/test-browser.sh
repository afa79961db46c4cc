#!/usr/bin/env bash
# The web app in a real browser (headless Chromium + Selenium) and its API from urllib:
# Tests/Browser/test_web.py against .build/debug/rebut. Selenium and openapi-spec-validator
# come from PyPI into .build-venv/ (git-ignored); Chromium and its driver from Debian (setup.sh).
#   scripts/test-browser.sh [--screenshots DIR]   (default: .build/browser-screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
screenshots=.build/browser-screenshots
if [ "${1:-}" = "--screenshots" ]; then screenshots="$2"; fi
[ -x .build/debug/rebut ] || { echo "test-browser: build first (swift build)" >&2; exit 1; }
command -v chromium >/dev/null && command -v chromedriver >/dev/null \
  || { echo "test-browser: chromium and chromium-driver are missing: run scripts/setup.sh --no-build" >&2; exit 1; }

venv=.build-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import selenium, openapi_spec_validator" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "selenium>=4.20,<5" "openapi-spec-validator>=0.7,<1"
fi
# Selenium must use Debian's chromium and chromedriver, never fetch its own.
export SE_OFFLINE=true OMP_THREAD_LIMIT=1
"$venv/bin/python" Tests/Browser/test_web.py --rebut .build/debug/rebut --screenshots "$screenshots"
