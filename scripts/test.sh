#!/usr/bin/env bash
# Runs the whole test suite: installs missing system packages, builds, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-build
# libgomp reads this when Tesseract loads: it must be in the environment at process start.
export OMP_THREAD_LIMIT=1
swift build --build-tests 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'
swift test --skip-build --parallel 2>&1
