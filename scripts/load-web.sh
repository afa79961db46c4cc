#!/usr/bin/env bash
# Load run for `rebut serve` (not a test): wrk on loopback against the event list, an event's
# receipt list and a receipt page while an upload batch is being read by the OCR workers.
# Bounded: each wrk run lasts --duration seconds; the server and the uploads stop at the end.
#   scripts/load-web.sh [--binary .build/release/rebut] [--duration 10] [--connections 16]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/rebut; duration=10; connections=16
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    *) echo "load-web: unknown option $1" >&2; exit 64 ;;
  esac
done
[ -x "$binary" ] || { echo "load-web: no $binary (swift build -c release)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "load-web: wrk is missing (scripts/setup.sh --no-build)" >&2; exit 1; }
export OMP_THREAD_LIMIT=1

work=$(mktemp -d /tmp/rebut-load.XXXXXX)
server=""; uploader=""
cleanup() {
  [ -n "$uploader" ] && kill "$uploader" 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$binary" serve --listen 127.0.0.1:0 --store "$work/rebut.sqlite" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 200); do
  base=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/serve.log" | head -1 || true)
  [ -n "$base" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "load-web: rebut serve did not start" >&2; exit 1; }
echo "load-web: $base, store $work/rebut.sqlite"

event=$(curl -sf -H 'Content-Type: application/json' -d '{"name":"Load","kind":"trip"}' "$base/api/v1/events" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
upload() { curl -s -o /dev/null -w '%{http_code} ' -H 'Content-Type: image/jpeg' --data-binary "@$1" \
  "$base/api/v1/events/$event/uploads?name=$(basename "$1")"; }
mapfile -t images < <(ls Fixtures/receipts/*.png Fixtures/receipts/*.jpg Fixtures/wild/img/*.jpg 2>/dev/null)
echo "load-web: filing 2 receipts for the pages to show"
upload "${images[0]}"; upload "${images[1]}"; echo
receipt=$(curl -sf "$base/api/v1/events/$event/receipts" | python3 -c 'import json,sys; print(json.load(sys.stdin)["receipts"][0]["id"])')

# The batch: the rest of the images, two at a time (the OCR workers), for the whole run.
rest=("${images[@]:2}")
( for ((i = 0; i < ${#rest[@]}; i += 2)); do
    upload "${rest[i]}" & [ $((i + 1)) -lt ${#rest[@]} ] && upload "${rest[i + 1]}"; wait
  done > "$work/uploads.txt" ) &
uploader=$!

for page in "/events" "/events/$event" "/receipts/$receipt" "/api/v1/events/$event/receipts"; do
  echo "== $page (wrk -t2 -c$connections -d${duration}s, uploads being read)"
  wrk -t2 -c"$connections" -d"${duration}s" --latency "$base$page" | grep -E 'Requests/sec|Latency|requests in|Non-2xx|Socket errors|50%|99%'
done
echo "load-web: uploads answered meanwhile: $(wc -w < "$work/uploads.txt") ($(tr ' ' '\n' < "$work/uploads.txt" | sort | uniq -c | tr '\n' ' '))"
echo "load-web: receipts read by the OCR workers: $(curl -sf "$base/api/v1/events/$event" | python3 -c 'import json,sys; print(json.load(sys.stdin)["receiptCount"])')"
