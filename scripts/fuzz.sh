#!/usr/bin/env bash
# Fuzzes extraction (OCR text in, fields out) and image decoding (file bytes in, pixels out)
# with libFuzzer, each until its number of runs or its time is used up, whichever comes first.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET]        default 1800
#   FUZZ_TARGETS="text image"  FUZZ_TEXT_RUNS=1000000  FUZZ_IMAGE_RUNS=100000
#
# Prints executions, speed and findings per target; exits 1 when a target crashed, hung, ran
# out of memory or broke an invariant. Everything lives in .build-fuzz/ and .build-fuzz-text/
# (gitignored): the builds, the corpora (kept between runs, so each run starts where the last stopped) and
# fuzz/artifacts/TARGET/ with any input that failed, to replay with
#   .build-fuzz-text/release/FuzzExtraction FILE    .build-fuzz/release/FuzzImageDecoding FILE
# Not part of scripts/test.sh: the goal runs take tens of minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

seconds=${1:-1800}
targets=${FUZZ_TARGETS:-text image}
scratch=.build-fuzz
work=$scratch/fuzz

# Anything that might load Tesseract must see this at start; decoding does not, but be safe.
export OMP_THREAD_LIMIT=1
# Swift's own crash backtracer fights ASan and libFuzzer for the crash; let them report.
export SWIFT_BACKTRACE=enable=no
# Leaks inside Leptonica or the codecs on damaged input are findings too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}

# REBUT_FUZZ=1 adds the Fuzz/ targets to the package; the normal build never sees them.
# Extraction is pure Swift, so its target has coverage only (-sanitize=fuzzer): four times the
# executions of an ASan build. Decoding runs C libraries and gets AddressSanitizer as well.
build() {  # PRODUCT SCRATCH SANITIZERS
  echo "fuzz: building $1 (release, -sanitize=$3) in $2" >&2
  if ! REBUT_FUZZ=1 swift build -c release --scratch-path "$2" --product "$1" \
       -Xswiftc -sanitize="$3" >"$scratch/build-$1.log" 2>&1; then
    grep -Ev '^\[[0-9]+/[0-9]+\]' "$scratch/build-$1.log" >&2
    echo "fuzz: build of $1 failed" >&2; exit 2
  fi
}
mkdir -p "$scratch"
for target in $targets; do
  case $target in
    text) build FuzzExtraction "$scratch-text" fuzzer ;;
    image) build FuzzImageDecoding "$scratch" fuzzer,address ;;
    *) echo "fuzz: unknown target $target (text, image)" >&2; exit 64 ;;
  esac
done

mkdir -p "$work"
/usr/bin/python3 Fuzz/make-seeds.py "$work/seeds/text" "$work/seeds/image" >&2

failed=0
# run NAME PRODUCT RUNS LIBFUZZER-OPTIONS...: fuzzes, then reports from libFuzzer's final stats.
run() {
  local name=$1 binary=$2 runs=$3; shift 3
  local corpus=$work/corpus/$name artifacts=$work/artifacts/$name log=$work/$name.log
  mkdir -p "$corpus" "$artifacts"
  echo "fuzz: $name: up to $runs runs or ${seconds}s (log: $log)" >&2
  local started=$SECONDS status=0
  "$binary" "$corpus" "$work/seeds/$name" -runs="$runs" -max_total_time="$seconds" \
    -print_final_stats=1 -rss_limit_mb=2048 -artifact_prefix="$artifacts/" "$@" >"$log" 2>&1 || status=$?
  local elapsed=$((SECONDS - started))
  local executed speed rss found
  executed=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
  speed=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log" | tail -1)
  rss=$(awk '/stat::peak_rss_mb/ {print $2}' "$log" | tail -1)
  found=$(grep -cE '^(==[0-9]+==ERROR|SUMMARY: libFuzzer|.*invariant broken|.*a decoder printed to stderr)' "$log" || true)
  printf 'fuzz: %-5s %9s executions in %5ss (%s exec/s, peak %s MB), corpus %s files, findings %s, exit %s\n' \
    "$name" "${executed:-?}" "$elapsed" "${speed:-?}" "${rss:-?}" "$(ls "$corpus" | wc -l)" "$found" "$status"
  sed -n '/outcomes:/,$p' "$log" | grep -E '^( |FuzzImageDecoding outcomes)' || true
  if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    failed=1
    grep -E 'invariant broken|printed to stderr|ERROR: AddressSanitizer|ERROR: libFuzzer|SUMMARY' "$log" | head -5 >&2 || true
    ls "$artifacts" | sed "s|^|fuzz: saved input: $artifacts/|" >&2
  fi
}

for target in $targets; do
  case $target in
    text) run text "$scratch-text/release/FuzzExtraction" "${FUZZ_TEXT_RUNS:-1000000}" -max_len=4096 -timeout=10 ;;
    image) run image "$scratch/release/FuzzImageDecoding" "${FUZZ_IMAGE_RUNS:-100000}" -max_len=1048576 -timeout=30 ;;
  esac
done
if [ "$failed" -ne 0 ]; then echo "fuzz: FAILED: see the findings above" >&2; exit 1; fi
echo "fuzz: no crash, hang, leak or broken invariant"
