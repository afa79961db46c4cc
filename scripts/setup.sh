#!/usr/bin/env bash
# Installs what Rebut needs on Debian 12 and builds the release binary.
# Idempotent: when every package is present it touches nothing and only (re)builds.
#   scripts/setup.sh            packages + release build
#   scripts/setup.sh --no-build packages only (the test script builds its own debug copy)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  pkg-config
  libtesseract-dev libleptonica-dev libsqlite3-dev
  # HEIC/AVIF photos (libheif with its HEVC and AV1 decoders) and PDFs (poppler, rendered with cairo).
  libheif-dev libpoppler-glib-dev libcairo2-dev
  # Reports: zip archives (ZIPFoundation links zlib); the tests read reports back with poppler's
  # pdftotext/pdfinfo/pdfimages, unzip and Python's csv module.
  zlib1g-dev poppler-utils unzip python3
  # rebut serve: the QR code of its address in the terminal.
  libqrencode-dev
  # Web tests (scripts/test-browser.sh): headless Chromium with its WebDriver, a venv for Selenium;
  # wrk for the load run (scripts/load-web.sh).
  chromium chromium-driver python3-venv wrk
  tesseract-ocr tesseract-ocr-osd tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-cat tesseract-ocr-deu tesseract-ocr-fra
  # DejaVu Sans is the font of PDF reports; Pillow only regenerates Fixtures/ (scripts/make-fixtures.py).
  python3-pil fonts-dejavu-core
  # Only for regenerating the HEIC/AVIF fixtures (scripts/make-format-fixtures.py).
  libheif-examples
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do [ -x "$d/swift" ] && export PATH="$d:$PATH"; done
fi
command -v swift >/dev/null 2>&1 || { echo "setup: no Swift toolchain found; install Swift 6 (swift.org) and retry" >&2; exit 1; }

if [ "${1:-}" != "--no-build" ]; then
  echo "setup: building the release binary (.build/release/rebut)" >&2
  mkdir -p .build
  if ! swift build -c release --product rebut >.build/release-build.log 2>&1; then
    grep -Ev '^\[[0-9]+/[0-9]+\]' .build/release-build.log >&2
    echo "setup: release build failed" >&2; exit 1
  fi
fi
