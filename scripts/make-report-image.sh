#!/usr/bin/env bash
# Files some fixture receipts under a trip, imports the sample rates and writes the expense claim,
# then renders its first page to docs/report-claim.png (what the README shows):
#   scripts/make-report-image.sh [path/to/rebut]      (default .build/release/rebut)
set -euo pipefail
cd "$(dirname "$0")/.."
rebut=$(realpath "${1:-.build/release/rebut}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export REBUT_STORE="$work/demo.sqlite" REBUT_CONFIG="$work/config.json" OMP_THREAD_LIMIT=1
echo '{"claimant": {"name": "Ada Lovelace", "employeeId": "E-1042", "company": "Analytical Engines Ltd"}}' >"$REBUT_CONFIG"
event="Barcelona & London, April 2019"
"$rebut" events create "$event" --kind trip --currency EUR --place "Barcelona, London" --start 2019-04-01 --end 2019-04-07 >/dev/null
"$rebut" ingest --event "$event" --lang eng+spa+cat \
  Fixtures/receipts/cat-restaurant-clean.png Fixtures/receipts/spa-supermarket-clean.png \
  Fixtures/receipts/eng-cafe-faded.png Fixtures/gps/eng-restaurant-gps.jpg Fixtures/receipts/eng-grocer-photo.jpg \
  Fixtures/receipts/cat-bakery-photo.jpg Fixtures/receipts/spa-bar-skewed.png >/dev/null || true
"$rebut" rates import Fixtures/rates/eurofxref-sample.csv >/dev/null
"$rebut" rates set EUR GBP 0.8581 --date 2019-04-05 >/dev/null
# The demo trip is in April 2019: move the receipts printed on other days into it (as a user
# correcting dates would), by file name.
"$rebut" receipts list --json | /usr/bin/python3 -c '
import json, sys
days = {"eng-restaurant-gps.jpg": "2019-04-05", "eng-grocer-photo.jpg": "2019-04-06",
        "cat-bakery-photo.jpg": "2019-04-02", "spa-bar-skewed.png": "2019-04-04"}
for r in json.load(sys.stdin):
    if r["file"] in days: print(r["id"], days[r["file"]])
' | while read -r id day; do "$rebut" receipts set "$id" --date "$day" >/dev/null; done
id=$("$rebut" search harbour --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["receipt"]["id"])')
"$rebut" receipts set "$id" --note "Dinner with the Acme team" >/dev/null
"$rebut" report "$event" --output "$work/claim.pdf" 2>/dev/null
pdftoppm -r 70 -png -f 1 -l 1 "$work/claim.pdf" "$work/page"
mkdir -p docs
mv "$work"/page-1.png docs/report-claim.png
cp "$work/claim.pdf" "${KEEP_PDF:-$work/claim.pdf}" 2>/dev/null || true
ls -l docs/report-claim.png
