#!/usr/bin/env bash
# Sets Rebut up (packages + release build), then files the bundled sample receipts under a
# "Demo" event in the default store and prints what it filed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export OMP_THREAD_LIMIT=1
rebut=.build/release/rebut
"$rebut" events create "Demo" --kind trip --currency EUR --if-missing >/dev/null
# Exit code 1 only means some sample could not be read; the demo still shows what was filed.
"$rebut" ingest Fixtures/receipts --event "Demo" || [ $? -eq 1 ]
echo
"$rebut" receipts list --event "Demo"
