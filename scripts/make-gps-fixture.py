#!/usr/bin/python3
"""Writes Fixtures/gps/eng-restaurant-gps.jpg: the clean English restaurant receipt as a phone
would save it, a JPEG with EXIF GPS tags (51°30'26.6"N 0°7'40.1"W, central London: the west
longitude checks the sign), and the same photo as HEIC (heif-enc keeps the EXIF block inside
the HEIF container, where an iPhone writes it). Run with Debian's /usr/bin/python3 (python3-pil)
and heif-enc (libheif-examples)."""
import json, os, subprocess
from fractions import Fraction
from PIL import Image
from PIL.TiffImagePlugin import IFDRational

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SRC = os.path.join(ROOT, "Fixtures/receipts/eng-restaurant-clean.png")
OUT = os.path.join(ROOT, "Fixtures/gps/eng-restaurant-gps.jpg")

def rational(value):
    f = Fraction(value).limit_denominator(1000)
    return IFDRational(f.numerator, f.denominator)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
image = Image.open(SRC).convert("RGB")
exif = Image.Exif()
exif[0x0110] = "Rebut fixture camera"          # Model
exif[0x8825] = {                               # GPS IFD
    1: "N", 2: (rational(51), rational(30), rational(26.6)),
    3: "W", 4: (rational(0), rational(7), rational(40.1)),
}
image.save(OUT, "JPEG", quality=85, exif=exif.tobytes())
truth = json.load(open(SRC.replace(".png", ".json")))
truth["latitude"] = round(51 + 30 / 60 + 26.6 / 3600, 6)
truth["longitude"] = -round(0 + 7 / 60 + 40.1 / 3600, 6)
json.dump(truth, open(OUT.replace(".jpg", ".json"), "w"), indent=2)
print(OUT, os.path.getsize(OUT), "bytes")
HEIC = OUT.replace(".jpg", ".heic")
subprocess.run(["heif-enc", "-q", "60", "-o", HEIC, OUT], check=True, stdout=subprocess.DEVNULL)
print(HEIC, os.path.getsize(HEIC), "bytes")
