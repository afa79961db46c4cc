#!/usr/bin/python3
"""Write the seed corpora of Rebut's two fuzz targets (run by scripts/fuzz.sh).

    make-seeds.py TEXT_DIR IMAGE_DIR

Text seeds: the hand-written receipts in Fuzz/Seeds/text/ and the texts of the fixture receipts
(laid out by scripts/make-fixtures.py as they are rendered), each behind the option byte that
FuzzExtraction reads first (language set, context, plain or word-confidence lines).

Image seeds: every fixture image (good and bad), and with Pillow small images in the encodings
and pixel layouts Leptonica has separate code for (1-bit, palette, 16-bit, alpha, CMYK,
progressive and EXIF-rotated JPEGs, G4/LZW/packbits/tiled TIFFs, lossless WebP), so the
mutator starts from all of them. Deterministic: the same files every time.
"""

import importlib.util
import io
import os
import random
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Fixtures")

# FuzzExtraction's option byte: bits 0-2 pick the language set (in FuzzInput.languageSets),
# bit 3 a default currency, bit 4 a reference date, bit 5 known vendors, bit 6 word lines.
LANGUAGE_SETS = {"eng": 0, "spa": 1, "cat": 2, "deu": 3, "fra": 4, "all": 5}
OPTION_VARIANTS = [0b0000000, 0b0011000, 0b1100000]


def write(path: str, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)


def text_seeds(out_dir: str) -> int:
    texts = []
    hand_written = os.path.join(ROOT, "Fuzz", "Seeds", "text")
    for name in sorted(os.listdir(hand_written)):
        with open(os.path.join(hand_written, name), "rb") as handle:
            texts.append((name.rsplit(".", 1)[0], handle.read()))
    texts += fixture_texts()
    count = 0
    for name, text in texts:
        language = LANGUAGE_SETS.get(name.split("-", 1)[0], LANGUAGE_SETS["all"])
        for variant in OPTION_VARIANTS:
            option = variant | language
            write(os.path.join(out_dir, f"{name}-{option:02x}.txt"), bytes([option]) + text)
            count += 1
    return count


def fixture_texts():
    """The fixture receipts' rows as OCR would read them: left and right columns on one line."""
    spec = importlib.util.spec_from_file_location("make_fixtures", os.path.join(ROOT, "scripts", "make-fixtures.py"))
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except (SystemExit, ImportError) as error:
        print(f"make-seeds: fixture texts skipped ({error})", file=sys.stderr)
        return []
    texts = []
    for receipt in module.receipts() + [module.formats_receipt()]:
        rows = []
        for kind, left, right in module.layout(receipt):
            if kind == "rule":
                rows.append("-" * 36)
            elif kind == "blank":
                rows.append("")
            else:
                rows.append(f"{left}  {right}".strip() if right else left.strip())
        texts.append((f"{receipt.language}-fixture-{receipt.name}", "\n".join(rows).encode("utf-8")))
    return texts


def image_seeds(out_dir: str) -> int:
    count = 0
    for folder in ("formats", "bad", "receipts"):
        for name in sorted(os.listdir(os.path.join(FIXTURES, folder))):
            if name.endswith((".json", ".txt")) or os.path.getsize(os.path.join(FIXTURES, folder, name)) == 0:
                continue
            shutil.copyfile(os.path.join(FIXTURES, folder, name), os.path.join(out_dir, f"{folder}-{name}"))
            count += 1
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        print("make-seeds: Pillow missing, small encoding variants skipped", file=sys.stderr)
        return count
    rng = random.Random(16)
    base = Image.new("L", (96, 64), 255)
    draw = ImageDraw.Draw(base)
    draw.text((4, 4), "TOTAL 12.50", fill=0)
    draw.text((4, 30), "14/07/2023", fill=0)
    for _ in range(40):
        base.putpixel((rng.randrange(96), rng.randrange(64)), rng.randrange(256))
    variants = {
        "bilevel.png": (base.convert("1"), "PNG", {}),
        "palette.png": (base.convert("P"), "PNG", {}),
        "grey-alpha.png": (base.convert("LA"), "PNG", {}),
        "rgba-interlaced.png": (base.convert("RGBA"), "PNG", {"interlace": 1}),
        "grey16.png": (base.convert("I;16"), "PNG", {}),
        "rgb-progressive.jpg": (base.convert("RGB"), "JPEG", {"progressive": True, "quality": 70}),
        "cmyk.jpg": (base.convert("CMYK"), "JPEG", {"quality": 70}),
        "grey-restart.jpg": (base, "JPEG", {"quality": 50, "restart_marker_blocks": 1}),
        "bilevel-g4.tif": (base.convert("1"), "TIFF", {"compression": "group4"}),
        "grey-packbits.tif": (base, "TIFF", {"compression": "packbits"}),
        "rgb-lzw.tif": (base.convert("RGB"), "TIFF", {"compression": "tiff_lzw"}),
        "rgb-deflate-tiled.tif": (base.convert("RGB"), "TIFF", {"compression": "tiff_adobe_deflate", "tile": (32, 32)}),
        "grey-lossless.webp": (base.convert("RGB"), "WEBP", {"lossless": True}),
        "rgba-lossy.webp": (base.convert("RGBA"), "WEBP", {"quality": 50}),
    }
    for orientation in range(1, 9):
        exif = Image.Exif()
        exif[0x0112] = orientation
        variants[f"exif-{orientation}.jpg"] = (base, "JPEG", {"quality": 60, "exif": exif})
    for name, (image, format_name, options) in variants.items():
        buffer = io.BytesIO()
        try:
            image.save(buffer, format_name, **options)
        except (OSError, ValueError, TypeError) as error:  # an encoder this Pillow lacks
            print(f"make-seeds: {name} skipped ({error})", file=sys.stderr)
            continue
        write(os.path.join(out_dir, f"small-{name}"), buffer.getvalue())
        count += 1
    return count


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: make-seeds.py TEXT_DIR IMAGE_DIR")
    text_dir, image_dir = sys.argv[1:]
    os.makedirs(text_dir, exist_ok=True)
    os.makedirs(image_dir, exist_ok=True)
    print(f"make-seeds: {text_seeds(text_dir)} text seeds, {image_seeds(image_dir)} image seeds")


if __name__ == "__main__":
    main()
