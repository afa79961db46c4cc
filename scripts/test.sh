#!/usr/bin/env bash
# Runs the whole test suite: installs missing system packages, builds, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build
# libgomp reads this when Tesseract loads: it must be in the environment at process start.
export OMP_THREAD_LIMIT=1
mkdir -p .build
if ! swift build --build-tests >.build/test-build.log 2>&1; then
  grep -Ev '^\[[0-9]+/[0-9]+\]' .build/test-build.log >&2
  echo "test: build failed" >&2; exit 1
fi
# The web app's tests run on their own: their servers answer on Swift's cooperative pool (two
# threads on two cores), which the OCR, CLI and watcher tests running beside them keep busy, and
# HummingbirdTesting's live client gives up after a fixed 20 s (a login's bcrypt or a claim's
# zip then timed out under the full suite). Alone they take ~15 s.
swift test --skip-build --filter WebAppTests
swift test --skip-build --skip WebAppTests
# The web app in headless Chromium, after the Swift tests (rebut serve on a loopback port).
scripts/test-browser.sh
