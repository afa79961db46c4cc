#!/usr/bin/env bash
# Wild-set benchmark: the same labelled receipts as captured in the wild (photos, EXIF-rotated
# photos, A4 pages on white and grey lids, HEIC, image PDFs) against their clean originals, and
# the slowest wild images against bare `tesseract --psm 4` on the same file.
#
# Usage: scripts/bench-wild.sh [SRC] [--limit N] [--offset N] [--jobs J] [--slowest K] [--out DIR] [--lang L]
#   SRC      labelled folder (default /tmp/rebut-datasets/tune, made by scripts/datasets.sh)
#   --limit  first N receipts of SRC (default 30); --jobs workers (default 2);
#   --offset skip the first N receipts of SRC (a second set, made after the rules were chosen);
#            the clean originals are then the set's own clean captures (copies of the sources)
#   --slowest K wild images timed with bare tesseract (default 5); --out (default /tmp/rebut-wild)
#   --reuse  keep DIR/wild.json and DIR/clean.json from the last run (only re-time the slowest)
#   --every  also time every wild image alone against bare tesseract (minutes: ~1.2 s an image),
#            split by whether bare tesseract reads the capture at all (at least half the words
#            it reads on the same receipt's clean scan): a fast "no text" is no reading to beat
# Derived images stay in DIR (under /tmp): never commit anything made from ../shared/datasets.
# The wild set is reused when DIR/set was made from the same SRC, offset and limit (delete it to remake).
set -euo pipefail
cd "$(dirname "$0")/.."
src=/tmp/rebut-datasets/tune limit=30 offset=0 jobs=2 slowest=5 out=/tmp/rebut-wild lang=eng reuse=0 every=0
while (($#)); do
  case $1 in
    --limit) limit=$2; shift 2 ;;
    --offset) offset=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --slowest) slowest=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --lang) lang=$2; shift 2 ;;
    --reuse) reuse=1; shift ;;
    --every) every=1; shift ;;
    -*) echo "bench-wild: unknown option $1" >&2; exit 2 ;;
    *) src=$1; shift ;;
  esac
done
export OMP_THREAD_LIMIT=1
export PATH=/opt/swift/usr/bin:$PATH
[ -d "$src" ] || { [ "$src" = /tmp/rebut-datasets/tune ] && scripts/datasets.sh; }
[ -d "$src" ] || { echo "bench-wild: no labelled folder $src" >&2; exit 1; }
rebut=.build/release/rebut
[ -x "$rebut" ] || swift build -c release --product rebut
mkdir -p "$out"

stamp="$src limit=$limit"
((offset == 0)) || stamp="$src offset=$offset limit=$limit"
if [ "$(cat "$out/set.stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$out/set"
  /usr/bin/python3 scripts/make-wild.py "$src" "$out/set" --limit "$limit" --offset "$offset" > "$out/make-wild.log"
  echo "$stamp" > "$out/set.stamp"
fi

if ((!reuse)) || [ ! -s "$out/wild.json" ] || [ ! -s "$out/clean.json" ]; then
  echo "== rebut bench accuracy: wild set ($(grep -c . "$out/set/truth.jsonl") images of $limit receipts, $jobs workers)" >&2
  "$rebut" bench accuracy --dataset "$out/set" --jobs "$jobs" --lang "$lang" --slowest "$slowest" --json > "$out/wild.json"
  if ((offset == 0)); then
    echo "== rebut bench accuracy: the clean originals" >&2
    "$rebut" bench accuracy --dataset "$src" --limit "$limit" --jobs "$jobs" --lang "$lang" --json > "$out/clean.json"
  else
    echo '{}' > "$out/clean.json"  # bench accuracy has no offset: the set's clean captures stand in
  fi
fi

# The slowest wild images, each read alone (no other worker competing): `rebut scan` against bare
# tesseract, both as fresh processes (engine start included in both). `rebut scan` runs as a
# person runs it on one file: with its default second engine, which reads the page ahead in the
# fallback mode on the otherwise idle core (see SpeculativeReading). Tesseract reads neither HEIC
# nor PDF: a HEIC is first decoded (heif-convert) and a scanned PDF's page image taken out as it
# is (pdfimages -j: no rendering; pdftoppm takes ~20 s on these pages), timed with it.
seconds_since() { local now; now=$(date +%s%N); printf '%d.%09d' $(((now - $1) / 1000000000)) $(((now - $1) % 1000000000)); }
# time_alone NAME TSV: one image read alone by `rebut scan` and by bare tesseract; appends
# name, rebut seconds, tesseract seconds, and the words tesseract read.
time_alone() {
  local name=$1 file words start rebut_s
  file=$(ls "$out/set/img/$1".* | head -1)
  start=$(date +%s%N)
  "$rebut" scan "$file" --lang "$lang" > /dev/null 2>&1 || true
  rebut_s=$(seconds_since "$start")
  start=$(date +%s%N)
  case $file in
    *.heic) heif-convert "$file" "$out/tmp.png" > /dev/null; words=$(tesseract "$out/tmp.png" - --psm 4 -l "$lang" 2>/dev/null | wc -w) ;;
    *.pdf) pdfimages -j -f 1 -l 1 "$file" "$out/tmp"; words=$(tesseract "$(ls "$out"/tmp-000.*)" - --psm 4 -l "$lang" 2>/dev/null | wc -w)
           rm -f "$out"/tmp-000.* ;;
    *) words=$(tesseract "$file" - --psm 4 -l "$lang" 2>/dev/null | wc -w) ;;
  esac
  printf '%s\t%s\t%s\t%s\n' "$name" "$rebut_s" "$(seconds_since "$start")" "$words" >> "$2"
}
: > "$out/alone.tsv"
for name in $(/usr/bin/python3 -c 'import json,sys; [print(r["name"]) for r in json.load(open(sys.argv[1]))["slowest"]]' "$out/wild.json"); do
  time_alone "$name" "$out/alone.tsv"
done
if ((every)); then
  : > "$out/every.tsv"
  for file in "$out"/set/img/*; do name=$(basename "$file"); time_alone "${name%.*}" "$out/every.tsv"; done
fi
rm -f "$out/tmp.png"

/usr/bin/python3 - "$out" <<'EOF'
import json, sys
out = sys.argv[1]
wild = json.load(open(f"{out}/wild.json"))
clean = json.load(open(f"{out}/clean.json"))
field = lambda report, name: next(l["accuracy"] for l in report["lines"] if l["field"] == name)
if "report" in clean:
    base = {"total": field(clean["report"], "total"), "date": field(clean["report"], "date"),
            "vendor": field(clean["report"], "vendor (similar ≥ 0.8)"), "allThree": field(clean["report"], "all three")}
    originals, count = "clean originals", clean["report"]["receipts"]
else:  # --offset: the set's own clean captures
    row = next(r for r in wild["variants"] if r["variant"] == "clean")
    base = {k: row[k] for k in ("total", "date", "vendor", "allThree")}
    originals, count = "clean captures (the sources, copied)", row["receipts"]
print(f"{originals}: {count} receipts  total {base['total']:.1%}  date {base['date']:.1%}  "
      f"vendor {base['vendor']:.1%}  all three {base['allThree']:.1%}")
print()
print("variant        n   total         date          vendor        all three     (points vs clean originals)")
for row in wild.get("variants") or []:
    cells = "".join(f"{row[k]:6.1%} {100 * (row[k] - base[k]):+5.1f}  " for k in ("total", "date", "vendor", "allThree"))
    print(f"{row['variant']:<12} {row['receipts']:3d}   {cells}")
print()
alone = {f[0]: (float(f[1]), float(f[2])) for f in (l.split("\t") for l in open(f"{out}/alone.tsv").read().splitlines())}
print("slowest wild images        in batch s | alone: rebut scan s  tesseract s  ratio | batch stage split (s)")
for run in wild["slowest"]:
    rebut_s, bare = alone.get(run["name"], (float("nan"), float("nan")))
    split = ", ".join(f"{k} {run['stageSeconds'].get(k, 0):.2f}" for k in ("decode", "clean", "ocr", "reread"))
    print(f"{run['name']:<26} {run['seconds']:10.2f} | {rebut_s:18.2f} {bare:12.2f} {rebut_s / bare:6.2f} | {split}")
print()
share = wild["stageShare"]
print("wild set: " + ", ".join(f"{k} {share.get(k, 0):.0%}" for k in ("decode", "clean", "ocr", "reread"))
      + f" of worker time; {wild['receiptsPerSecond']:.2f} images/s on {wild['jobs']} workers, "
      f"median {wild['medianSecondsPerReceipt']:.2f} s")
clean_rss = f"{clean['peakRSSMB']:.0f} MB" if "peakRSSMB" in clean else "none (--offset)"
print(f"peak RSS: wild run {wild['peakRSSMB']:.0f} MB, clean run {clean_rss} (per receipt: {wild['perReceiptRSS']})")
for failure in wild["failures"]:
    print("failed:", failure)
import os, statistics
if os.path.exists(f"{out}/every.tsv"):
    every = [(f[0], float(f[1]), float(f[2]), int(f[3])) for f in (l.split("\t") for l in open(f"{out}/every.tsv").read().splitlines())]
    clean_words = {name.rsplit("-clean", 1)[0]: words for name, _, _, words in every if name.endswith("-clean")}
    reads, fails = [], []
    for name, rebut_s, bare, words in every:
        (reads if words >= 0.5 * clean_words.get(name.split("-")[0], 0) else fails).append((rebut_s / bare, name, rebut_s, bare))
    print()
    for label, rows in (("bare tesseract reads the capture (>= half its words on the clean scan)", reads),
                        ("bare tesseract reads little or nothing (a fast 'no text')", fails)):
        if not rows: continue
        rows.sort(reverse=True)
        print(f"{label}: {len(rows)} images, ratio median {statistics.median(r[0] for r in rows):.2f}, "
              f"over 2x: {sum(r[0] > 2 for r in rows)}; slowest ratios: "
              + ", ".join(f"{n} {r:.2f}x ({a:.2f}/{b:.2f} s)" for r, n, a, b in rows[:4]))
EOF
