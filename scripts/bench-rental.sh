#!/usr/bin/env bash
# Times and peak memory of the flat workflow on a large booking export:
#   scripts/bench-rental.sh [ROWS] [REBUT]
# ROWS bookings (default 20000) spread over 2015–2025 are written to a CSV, imported into a fresh
# store, imported again (nothing is added), and reported for a year (terminal, JSON, PDF) and for
# every flat's quarters of a year (CSV).
# REBUT defaults to .build/release/rebut, else .build/debug/rebut. Prints one line per step:
# wall seconds and peak RSS.
set -euo pipefail
rows=${1:-20000}
rebut=${2:-}
cd "$(dirname "$0")/.."
if [[ -z "$rebut" ]]; then
    if [[ -x .build/release/rebut ]]; then rebut=.build/release/rebut; else rebut=.build/debug/rebut; fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export REBUT_STORE="$work/bench.sqlite" OMP_THREAD_LIMIT=1

/usr/bin/python3 - "$rows" > "$work/bookings.csv" <<'PY'
import random, sys, datetime
rows = int(sys.argv[1])
random.seed(12)
print("Confirmation code,Guest name,Check-in,Nights,Adults,Children,Amount")
start = datetime.date(2015, 1, 1)
for i in range(rows):
    day = start + datetime.timedelta(days=random.randrange(11 * 365))
    print(f"R{i:07d},Guest {i},{day.isoformat()},{random.randint(1, 14)},{random.randint(1, 4)},{random.randint(0, 3)},{random.randint(40, 3000)}.{random.randint(0, 99):02d}")
PY

# Wall time and the child's peak RSS, measured by Python (no /usr/bin/time on a clean Debian).
step() {
    local name=$1; shift
    /usr/bin/python3 - "$name" "$@" <<'PY'
import resource, subprocess, sys, time
name, command = sys.argv[1], sys.argv[2:]
started = time.monotonic()
run = subprocess.run(command, capture_output=True, text=True)
seconds = time.monotonic() - started
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
last = (run.stdout.strip().splitlines() or [""])[-1][:60]
print(f"{name:<34} {seconds:7.2f} s  {peak_mb:7.1f} MB peak RSS  {last}")
PY
}

echo "rebut: $rebut; $rows bookings"
"$rebut" events create "Bench flat" --kind property --zone 1 --currency EUR > /dev/null
step "bookings import (first)" "$rebut" bookings import "Bench flat" "$work/bookings.csv"
step "bookings import (again)" "$rebut" bookings import "Bench flat" "$work/bookings.csv"
step "report --year 2025" "$rebut" report "Bench flat" --year 2025
step "report --year 2025 --format json" "$rebut" report "Bench flat" --year 2025 --format json
step "report --all-flats --year 2020 csv" "$rebut" report --all-flats --year 2020 --format csv
step "report --year 2025 --format pdf" "$rebut" report "Bench flat" --year 2025 --format pdf --output "$work/year.pdf"
echo "  the year's PDF: $(pdfinfo "$work/year.pdf" | awk '/^Pages:/ {print $2}') pages, $(( $(stat -c %s "$work/year.pdf") / 1024 )) KiB"
