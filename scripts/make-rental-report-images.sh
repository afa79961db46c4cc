#!/usr/bin/env bash
# Builds a demo flat (a quarter of bookings and bills) and two R&D/innovation projects, writes
# their PDF reports and renders the first page of each to docs/report-flat.png and
# docs/report-project.png (what the README shows):
#   scripts/make-rental-report-images.sh [path/to/rebut]      (default .build/release/rebut)
set -euo pipefail
cd "$(dirname "$0")/.."
rebut=$(realpath "${1:-.build/release/rebut}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export REBUT_STORE="$work/demo.sqlite" OMP_THREAD_LIMIT=1

flat="Flat 2B"
"$rebut" events create "$flat" --kind property --zone 1 --address "C/ Verdi 12, 2B" --town Barcelona --currency EUR >/dev/null
"$rebut" tax-rates set 1 --from 2025-02-15 --rate 1.00 >/dev/null
while read -r checkin nights adults children amount channel guest; do
  "$rebut" bookings add "$flat" --checkin "$checkin" --nights "$nights" --adults "$adults" --children "$children" \
    --amount "$amount" --channel "$channel" --guest "$guest" >/dev/null
done <<'BOOKINGS'
2025-01-10 3 2 1 300.00 direct Anna Puig
2025-01-24 4 2 0 380.00 airbnb Lukas Weber
2025-02-14 2 1 0 150.00 booking Marie Dubois
2025-02-20 4 2 0 400.00 airbnb John Smith
2025-03-07 6 3 1 720.00 booking Giulia Rossi
2025-03-29 5 2 2 500.00 airbnb Sanne de Vries
BOOKINGS
while IFS='|' read -r vendor date total category; do
  "$rebut" receipts add --event "$flat" --vendor "$vendor" --date "$date" --total "$total" --category "$category" >/dev/null
done <<'BILLS'
Endesa|2025-01-15|61.20|electricity
Naturgy|2025-02-03|48.75|gas
Aigües de Barcelona|2025-02-11|32.40|water
Movistar|2025-01-05|45.00|internet
Movistar|2025-02-05|45.00|internet
Movistar|2025-03-05|45.00|internet
Neteges Pla|2025-03-30|90.00|cleaning
Fontaneria Serra|2025-03-12|135.50|repairs
Endesa|2025-04-02|50.00|electricity
BILLS
"$rebut" receipts set 1 --billing-period 2024-12-10..2025-01-09 >/dev/null

project="Sensor R&D"
"$rebut" events create "$project" --kind project --project-type rd --fiscal-year 2025 --subsidies 20000 \
  --previous-rd 2023:50000 --previous-rd 2024:70000 --currency EUR >/dev/null
"$rebut" costs add "$project" --type personnel --amount 60000 --date 2025-12-31 --note "technicians' salaries" >/dev/null
"$rebut" costs add "$project" --type researchers --amount 40000 --date 2025-12-31 --note "2 PhD researchers, full time" >/dev/null
"$rebut" costs add "$project" --type amortisation --amount 5000 --date 2025-12-31 --note "lab equipment amortisation" >/dev/null
"$rebut" receipts add --event "$project" --vendor "Laboratorios Ruiz" --date 2025-03-04 --total 20000 --category services >/dev/null
"$rebut" receipts add --event "$project" --vendor "RS Components" --date 2025-04-10 --total 10000 --category materials >/dev/null
bruker=$("$rebut" receipts add --event "$project" --vendor "Bruker" --date 2025-05-20 --total 30000 --category equipment --json \
  | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
"$rebut" receipts set "$bruker" --cost-type fixed-assets >/dev/null

"$rebut" report "$flat" --quarter 2025Q1 --format pdf --output "$work/flat.pdf" >/dev/null
"$rebut" report "$project" --format pdf --output "$work/project.pdf" >/dev/null
mkdir -p docs
for name in flat project; do
  pdftoppm -r 70 -png -f 1 -l 1 -singlefile "$work/$name.pdf" "docs/report-$name"
  cp "$work/$name.pdf" "${KEEP_PDF:-$work}/" 2>/dev/null || true
done
ls -l docs/report-flat.png docs/report-project.png
