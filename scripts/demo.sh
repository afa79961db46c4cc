#!/usr/bin/env bash
# Sets Rebut up (packages + release build), then files the bundled sample receipts under a
# "Demo" event in the default store and prints what it filed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export OMP_THREAD_LIMIT=1
rebut=.build/release/rebut
"$rebut" events create "Demo" --kind trip --if-missing >/dev/null
# The bundled samples: English, Spanish, Catalan, German and French receipts, clean, skewed,
# faded, photographed and on a flatbed scan, an electricity bill as a PDF with a text layer and
# a receipt photographed on an iPhone (HEIC, stored sideways). Their truths (*.json beside them)
# are for the tests, not for filing.
# Exit code 1 would only mean some sample could not be read; the demo still shows what was filed.
"$rebut" ingest Fixtures/receipts/*.png Fixtures/receipts/*.jpg Fixtures/documents/bill-text.pdf \
  Fixtures/formats/receipt-rotated.heic --event "Demo" --lang eng+spa+cat+deu+fra || [ $? -eq 1 ]
echo
"$rebut" events show "Demo"
echo
# The expense claim a traveller would hand in: an A4 PDF with charts, every receipt and its image.
mkdir -p out
# Amounts in other currencies stay unconverted (and flagged) until you give Rebut rates: it never
# invents one (rebut rates import eurofxref-hist.csv, from the ECB's site).
echo "Expense claim: $("$rebut" report "Demo" --output out/claim-Demo.pdf 2>out/claim-Demo.log)"
unconverted=$(grep -c "not converted" out/claim-Demo.log || true)
[ "$unconverted" -eq 0 ] || echo "  $unconverted amounts not converted to the event's currency: no exchange rate yet (see out/claim-Demo.log)"
echo
echo "Store: $("$rebut" receipts list --json >/dev/null && echo "${REBUT_STORE:-${XDG_DATA_HOME:-$HOME/.local/share}/rebut/rebut.sqlite}")"
echo "Next: $rebut receipts show 1 · $rebut review · $rebut help"
