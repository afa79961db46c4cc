#!/usr/bin/env bash
# Builds the tuning and held-back views of the shared SROIE datasets as folders of symlinks
# (nothing is copied into the repository).
#   tune    = sroie-dev (000-179) + sroie-extra 181-289   (rules are chosen and tuned here)
#   holdout = sroie-extra 290-399                           (only ever scored as a whole)
# Usage: scripts/datasets.sh [OUT]   (default OUT: /tmp/rebut-datasets)
set -euo pipefail
cd "$(dirname "$0")/.."
src=${REBUT_DATASETS:-$(cd .. && pwd)/shared/datasets}
out=${1:-/tmp/rebut-datasets}
[ -d "$src/sroie-dev" ] || { echo "datasets: no $src/sroie-dev" >&2; exit 1; }
rm -rf "$out/tune" "$out/holdout"
for part in tune holdout; do mkdir -p "$out/$part/img" "$out/$part/key"; done
link() { # $1 dataset, $2 id, $3 part
  ln -s "$src/$1/img/$2.jpg" "$out/$3/img/$2.jpg"
  ln -s "$src/$1/key/$2.json" "$out/$3/key/$2.json"
}
for f in "$src"/sroie-dev/img/*.jpg; do link sroie-dev "$(basename "$f" .jpg)" tune; done
if [ -d "$src/sroie-extra" ]; then
  for f in "$src"/sroie-extra/img/*.jpg; do
    id=$(basename "$f" .jpg)
    if ((10#$id < 290)); then link sroie-extra "$id" tune; else link sroie-extra "$id" holdout; fi
  done
fi
echo "tune: $(ls "$out/tune/img" | wc -l) receipts, holdout: $(ls "$out/holdout/img" | wc -l) receipts, in $out" >&2
