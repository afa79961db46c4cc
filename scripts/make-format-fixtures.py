#!/usr/bin/python3
"""Render the HEIC, AVIF and PDF fixtures from the project's own synthetic receipts.

Run from anywhere, after scripts/make-fixtures.py:  /usr/bin/python3 scripts/make-format-fixtures.py
Writes Fixtures/formats/receipt.heic and receipt.avif, two phone screenshots of an e-mailed
receipt (light and dark mode), Fixtures/documents/ and a few bad files in Fixtures/bad/.

PDFs are written by hand (a few objects, a standard font, an embedded JPEG), so no PDF library
is needed and the bytes are the same on every run. HEIC and AVIF need `heif-enc` (Debian package
libheif-examples, with libheif's x265 and aom encoders); the sideways HEIC with an irot box
needs pillow-heif from PyPI (e.g. in a venv: python -m venv v && v/bin/pip install pillow-heif,
then run this script with v/bin/python) and is kept as committed without it. The tests only
read the files written here; they need none of these tools.
"""

import hashlib
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_fixtures", os.path.join(HERE, "make-fixtures.py"))
fixtures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fixtures)

FIXTURES = fixtures.FIXTURES
SCAN_DPI = 300


# ---------------------------------------------------------------------------------------------
# A minimal PDF writer


class PDF:
    """Objects numbered from 1 in the order added; `write` lays out the xref table."""

    def __init__(self):
        self.objects = []

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def reserve(self) -> int:
        return self.add(b"")

    def set(self, number: int, body: bytes) -> None:
        self.objects[number - 1] = body

    def stream(self, dictionary: bytes, data: bytes) -> bytes:
        return b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"

    def write(self, path: str, root: int, trailer_extra: bytes = b"") -> None:
        out = io.BytesIO()
        out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self.objects, start=1):
            offsets.append(out.tell())
            out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
        xref = out.tell()
        out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1))
        for offset in offsets:
            out.write(b"%010d 00000 n \n" % offset)
        out.write(b"trailer\n<< /Size %d /Root %d 0 R " % (len(self.objects) + 1, root) + trailer_extra
                  + b">>\nstartxref\n%d\n%%%%EOF\n" % xref)
        with open(path, "wb") as handle:
            handle.write(out.getvalue())


def pdf_text(text: str) -> bytes:
    """A PDF literal string in WinAnsiEncoding (cp1252 has £ and €)."""
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def document(pages, path: str, encrypt=None) -> None:
    """`pages`: list of (width_pt, height_pt, content_bytes, resources_bytes)."""
    pdf = PDF()
    catalog = pdf.reserve()
    tree = pdf.reserve()
    kids = []
    for width, height, content, resources in pages:
        content_number = len(pdf.objects) + 1
        if encrypt:
            content = encrypt(content_number, content)
        pdf.add(pdf.stream(b"", content))
        kids.append(pdf.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Contents %d 0 R /Resources %s >>"
                            % (tree, fmt(width), fmt(height), content_number, resources)))
    pdf.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % tree)
    pdf.set(tree, b"<< /Type /Pages /Kids [%s] /Count %d >>"
            % (b" ".join(b"%d 0 R" % k for k in kids), len(kids)))
    extra = b""
    if encrypt:
        extra = encrypt.trailer(pdf)
    pdf.write(path, catalog, extra)


def fmt(value: float) -> bytes:
    return (b"%.2f" % value).rstrip(b"0").rstrip(b".")


# ---------------------------------------------------------------------------------------------
# A utility bill with a real text layer


BILL = {
    "vendor": "Northwind Energy Ltd",
    "date": "2024-03-14",
    "total": "142.67",
    "currency": "GBP",
    "payment": None,
    "tax": "6.79",
    "language": "eng",
    "category": "utilities",
    "variant": "pdf-text",
}


def bill_content() -> bytes:
    """An A4 electricity bill: vendor in bold at the top, the issue date, a billing period with
    two more dates, charges with their amounts right-aligned, and the total to pay."""
    lines = []

    def text(x, y, size, string, bold=False):
        font = b"/F2" if bold else b"/F1"
        lines.append(b"BT %s %d Tf %s %s Td %s Tj ET" % (font, size, fmt(x), fmt(y), pdf_text(string)))

    def right(x_right, y, size, string, bold=False):
        # Helvetica digits are 0.556 em wide; amounts are digits, a dot, a comma and a pound sign.
        widths = {".": 0.278, ",": 0.278, "£": 0.556, "-": 0.333, " ": 0.278}
        width = sum(widths.get(c, 0.556) for c in string) * size
        text(x_right - width, y, size, string, bold)

    text(56, 780, 20, "Northwind Energy Ltd", bold=True)
    text(56, 762, 9, "Riverside House, 8 Mill Lane, Leeds LS1 4AP")
    text(56, 750, 9, "Customer service 0113 496 0555   VAT No: GB 302 7718 45")
    text(56, 712, 14, "Electricity bill", bold=True)
    text(56, 690, 10, "Account number: 7730 1184 26")
    text(56, 676, 10, "Invoice number: NW-2024-031488")
    text(56, 662, 10, "Invoice date: 14/03/2024")
    text(56, 648, 10, "Billing period: 01/02/2024 to 29/02/2024")
    text(56, 620, 10, "Mrs J. Carter, 27 Elm Grove, Leeds LS6 2BT")

    rows = [
        ("Standing charge 29 days at 53.35p", "15.47"),
        ("Energy used 412 kWh at 28.62p", "117.91"),
        ("Climate change levy", "2.50"),
        ("Subtotal", "135.88"),
        ("VAT at 5%", "6.79"),
    ]
    y = 580
    text(56, y, 10, "Your charges", bold=True)
    right(540, y, 10, "Amount", bold=True)
    for label, amount in rows:
        y -= 18
        text(56, y, 10, label)
        right(540, y, 10, "£" + amount)
    y -= 28
    text(56, y, 12, "Total to pay", bold=True)
    right(540, y, 12, "£142.67", bold=True)
    text(56, y - 40, 9, "We will collect this amount by Direct Debit on or after 28/03/2024.")
    text(56, y - 52, 9, "Thank you for being a Northwind customer.")
    return b"\n".join(lines) + b"\n"


class TextPage:
    """Text drawn at given points in Helvetica, left-aligned or right-aligned (amounts)."""

    def __init__(self):
        self.lines = []

    def text(self, x, y, size, string, bold=False):
        font = b"/F2" if bold else b"/F1"
        self.lines.append(b"BT %s %d Tf %s %s Td %s Tj ET" % (font, size, fmt(x), fmt(y), pdf_text(string)))

    def right(self, x_right, y, size, string, bold=False):
        widths = {".": 0.278, ",": 0.278, "£": 0.556, "€": 0.556, "-": 0.333, " ": 0.278, "/": 0.278}
        self.text(x_right - sum(widths.get(c, 0.556) for c in string) * size, y, size, string, bold)

    def content(self) -> bytes:
        return b"\n".join(self.lines) + b"\n"


# A broadband bill laid out in columns: the customer's address beside the invoice's facts, its
# labels in one column and their amounts in another, so that poppler runs the columns together.
COLUMNS_BILL = {"vendor": "BrightFibre", "date": "2024-01-10", "total": "35.99", "currency": "GBP", "payment": None,
                "tax": "6.00", "language": "eng", "category": "utilities", "variant": "pdf-text"}


def columns_bill_content() -> bytes:
    page = TextPage()
    page.text(56, 800, 18, "BrightFibre", bold=True)
    page.text(56, 784, 8, "BrightFibre Broadband Ltd, 9 Quay Street, Bristol BS1 4DB")
    for y, left, label, value in [(740, "Bill to:", "Invoice date", "10 Jan 2024"),
                                  (727, "Ana Souza", "Invoice no.", "BF-771204"),
                                  (714, "Flat 3, 88 Gloucester Road", "Payment due", "24 Jan 2024")]:
        page.text(56, y, 10, left)
        page.text(380, y, 10, label)
        page.right(540, y, 10, value)
    page.text(56, 701, 10, "Bristol BS7 8BN")
    page.text(56, 660, 10, "Description")
    page.right(460, 660, 10, "Period")
    page.right(540, 660, 10, "Amount")
    for y, item, amount in [(642, "Fibre 500 broadband", "£32.00"), (626, "Static IP address", "£3.99")]:
        page.text(56, y, 10, item)
        page.right(460, y, 10, "10/01-09/02")
        page.right(540, y, 10, amount)
    page.text(380, 596, 10, "Subtotal")
    page.right(540, 596, 10, "£29.99")
    page.text(380, 582, 10, "VAT 20%")
    page.right(540, 582, 10, "£6.00")
    page.text(380, 564, 12, "Total due", bold=True)
    page.right(540, 564, 12, "£35.99", bold=True)
    page.text(56, 520, 8, "Questions about your bill? Call 0117 496 0800. Previous bill £35.99 paid 12 Dec 2023, thank you.")
    return page.content()


# A Spanish electricity bill: its total is "TOTAL IMPORTE FACTURA", and a billing period prints
# two more dates.
FACTURA_BILL = {"vendor": "Comercializadora Solar Levante S.A.", "date": "2024-04-03", "total": "55.55",
                "currency": "EUR", "payment": None, "tax": "9.54", "language": "spa", "category": "utilities",
                "variant": "pdf-text"}


def factura_bill_content() -> bytes:
    page = TextPage()
    page.text(56, 800, 16, "Comercializadora Solar Levante S.A.", bold=True)
    page.text(56, 785, 8, "C/ Colon 22, 46004 Valencia - CIF A46123987")
    page.text(56, 745, 13, "FACTURA DE ELECTRICIDAD", bold=True)
    page.text(56, 727, 10, "N. factura: FE24-0042117")
    page.text(56, 713, 10, "Fecha de emision: 03/04/2024")
    page.text(56, 699, 10, "Periodo de facturacion: del 01/03/2024 al 31/03/2024")
    page.text(330, 727, 10, "Titular: Jordi Puig Serra")
    page.text(330, 713, 10, "CUPS: ES0021000012345678XY")
    y = 660
    for label, amount in [("Potencia contratada", "9,84 EUR"), ("Energia consumida 182 kWh", "33,15 EUR"),
                          ("Impuesto electricidad", "2,21 EUR"), ("Alquiler de equipos", "0,81 EUR"),
                          ("IVA 21%", "9,54 EUR")]:
        page.text(56, y, 10, label)
        page.right(540, y, 10, amount)
        y -= 16
    page.text(56, y - 10, 12, "TOTAL IMPORTE FACTURA", bold=True)
    page.right(540, y - 10, 12, "55,55 EUR", bold=True)
    return page.content()


def build_bills(documents_dir: str) -> None:
    """The bills with a text layer beyond the first (see COLUMNS_BILL and FACTURA_BILL)."""
    for name, content, truth in [("bill-columns", columns_bill_content(), COLUMNS_BILL),
                                 ("bill-factura", factura_bill_content(), FACTURA_BILL)]:
        document([(A4[0], A4[1], content, FONTS)], os.path.join(documents_dir, name + ".pdf"))
        fixtures.write_json(os.path.join(documents_dir, name + ".json"), truth)
        print(f"  documents/{name}.pdf: text layer, no images")


FONTS = (b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> "
         b"/F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >> >> >>")
A4 = (595.28, 841.89)


# ---------------------------------------------------------------------------------------------
# Standard security handler, revision 2 (RC4, 40-bit): a bill that needs a user password


PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")


def rc4(key: bytes, data: bytes) -> bytes:
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


class RC4Encryption:
    def __init__(self, user: bytes, owner: bytes):
        self.permissions = -44
        self.file_id = hashlib.md5(b"rebut encrypted bill").digest()
        owner_key = hashlib.md5((owner + PAD)[:32]).digest()[:5]
        self.owner_entry = rc4(owner_key, (user + PAD)[:32])
        self.key = hashlib.md5((user + PAD)[:32] + self.owner_entry
                               + self.permissions.to_bytes(4, "little", signed=True) + self.file_id).digest()[:5]
        self.user_entry = rc4(self.key, PAD)

    def __call__(self, number: int, data: bytes) -> bytes:
        object_key = hashlib.md5(self.key + number.to_bytes(3, "little") + b"\x00\x00").digest()[:10]
        return rc4(object_key, data)

    def trailer(self, pdf: PDF) -> bytes:
        encrypt = pdf.add(b"<< /Filter /Standard /V 1 /R 2 /O <%s> /U <%s> /P %d >>"
                          % (self.owner_entry.hex().encode(), self.user_entry.hex().encode(), self.permissions))
        return b"/Encrypt %d 0 R /ID [<%s> <%s>] " % (encrypt, self.file_id.hex().encode(), self.file_id.hex().encode())


# ---------------------------------------------------------------------------------------------
# Scanned receipts as image-only PDFs


def jpeg_bytes(image) -> bytes:
    out = io.BytesIO()
    image.convert("L").save(out, format="JPEG", quality=88)
    return out.getvalue()


def image_page(image):
    """A page exactly the size of a 300 dpi scan, the JPEG drawn over all of it."""
    width_pt = image.width * 72 / SCAN_DPI
    height_pt = image.height * 72 / SCAN_DPI
    data = jpeg_bytes(image)
    return width_pt, height_pt, image.width, image.height, data


def image_document(images, path: str, invisible_text=None) -> None:
    """One page per scan. `invisible_text(width_pt, height_pt)` gives a page's hidden text layer
    (text render mode 3, as a scanner's "searchable PDF" adds over the image)."""
    pdf = PDF()
    catalog = pdf.reserve()
    tree = pdf.reserve()
    kids = []
    for image in images:
        width_pt, height_pt, width, height, data = image_page(image)
        xobject = pdf.add(pdf.stream(b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                                     b"/BitsPerComponent 8 /Filter /DCTDecode" % (width, height), data))
        drawing = b"q %s 0 0 %s 0 0 cm /Im1 Do Q\n" % (fmt(width_pt), fmt(height_pt))
        fonts = b""
        if invisible_text:
            drawing += invisible_text(width_pt, height_pt)
            fonts = b"/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> "
        content = pdf.add(pdf.stream(b"", drawing))
        kids.append(pdf.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Contents %d 0 R "
                            b"/Resources << /XObject << /Im1 %d 0 R >> %s>> >>"
                            % (tree, fmt(width_pt), fmt(height_pt), content, xobject, fonts)))
    pdf.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % tree)
    pdf.set(tree, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids)))
    pdf.write(path, catalog)


def ocr_layer(receipt):
    """A scanner's invisible OCR layer for `receipt`: each printed row at its own height, the
    amount at the right margin."""
    rows = [(left, right) for kind, left, right in fixtures.layout(receipt) if kind not in ("blank", "rule")]

    def draw(width_pt, height_pt):
        out = [b"BT 3 Tr"]
        step = (height_pt - 20) / len(rows)
        for index, (left, right) in enumerate(rows):
            y = height_pt - 12 - index * step
            out.append(b"/F1 6 Tf 1 0 0 1 8 %s Tm %s Tj" % (fmt(y), pdf_text(left.strip())))
            if right:
                out.append(b"1 0 0 1 %s %s Tm %s Tj" % (fmt(width_pt - 40), fmt(y), pdf_text(right)))
        out.append(b"ET")
        return b"\n".join(out) + b"\n"
    return draw


def garbage_layer(width_pt, height_pt):
    """The kind of invisible layer a bad OCR pass leaves: marks and stray letters."""
    rng = fixtures.random.Random(77)
    marks = "~^`'|.:;,_-=+*!"
    out = [b"BT 3 Tr"]
    for index in range(30):
        text = "".join(rng.choice(marks) if rng.random() < 0.8 else rng.choice("lIoO1") for _ in range(24))
        out.append(b"/F1 6 Tf 1 0 0 1 8 %s Tm %s Tj" % (fmt(height_pt - 12 - index * 7), pdf_text(text)))
    out.append(b"ET")
    return b"\n".join(out) + b"\n"


def split_at_blank_row(image):
    """Two halves of a receipt, cut along a blank row near the middle (never through a line)."""
    grey = image.convert("L")
    width, height = grey.size
    pixels = grey.load()
    middle = height // 2
    for offset in range(0, height // 4):
        for y in (middle + offset, middle - offset):
            if all(pixels[x, y] > 200 for x in range(width)):
                return image.crop((0, 0, width, y)), image.crop((0, y, width, height))
    raise RuntimeError("no blank row near the middle of the receipt")


# ---------------------------------------------------------------------------------------------


def build_heif(formats_dir: str) -> None:
    encoder = shutil.which("heif-enc")
    if not encoder:
        sys.exit("make-format-fixtures: heif-enc is missing. Install the Debian package libheif-examples.")
    source = os.path.join(formats_dir, "receipt.png")
    for name, options in (("receipt.heic", ["-q", "60"]), ("receipt.avif", ["-A", "-q", "60"])):
        target = os.path.join(formats_dir, name)
        subprocess.run([encoder, *options, "-o", target, source], check=True, stdout=subprocess.DEVNULL)
        print(f"  formats/{name}: {os.path.getsize(target)} bytes")


def build_rotated_heic(formats_dir: str) -> None:
    """A HEIC stored sideways with an irot box and EXIF Orientation 6, as an iPhone writes a
    portrait photo. heif-enc cannot write irot; pillow-heif (PyPI) can. Without it the
    committed file is kept."""
    try:
        import pillow_heif
        from PIL import Image
    except ImportError:
        print("  formats/receipt-rotated.heic: kept as committed (pip install pillow-heif to rebuild)")
        return
    pillow_heif.register_heif_opener()
    upright = Image.open(os.path.join(formats_dir, "receipt.png")).convert("RGB")
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to display": pillow-heif writes the matching irot box
    target = os.path.join(formats_dir, "receipt-rotated.heic")
    upright.transpose(Image.ROTATE_90).save(target, exif=exif.tobytes(), quality=60)
    with open(target, "rb") as handle:
        assert b"irot" in handle.read(4096), "pillow-heif wrote no irot box"
    print(f"  formats/receipt-rotated.heic: {os.path.getsize(target)} bytes, stored sideways with irot")


# A receipt e-mailed by a card terminal's app, as a phone shows it: status bar, a heading that
# introduces the shop, label and amount at either edge. The truth is what the screen prints.
SCREENSHOT_LINES = [
    ("Your receipt from Green Leaf Cafe", 52, True, "centre"), ("Receipt #1842-2209", 36, False, "centre"), None,
    ("Amount paid\t€23.40", 40, True, "left"), ("Date paid\t14 March 2025", 38, False, "left"),
    ("Payment method\tVisa •••• 4242", 38, False, "left"), None,
    ("Summary", 44, True, "left"), ("Flat white x2\t€7.00", 38, False, "left"), ("Avocado toast\t€11.50", 38, False, "left"),
    ("Orange juice\t€4.90", 38, False, "left"), ("Subtotal\t€23.40", 38, False, "left"),
    ("VAT 10% (incl.)\t€2.13", 38, False, "left"), ("Total\t€23.40", 42, True, "left"), None,
    ("Green Leaf Cafe, Carrer de Mallorca 123, Barcelona", 30, False, "centre"),
    ("Questions? Contact hello@greenleaf.example", 30, False, "centre"),
]
SCREENSHOT_TRUTH = {"vendor": "Green Leaf Cafe", "date": "2025-03-14", "total": "23.40", "currency": "EUR",
                    "payment": "card", "language": "eng", "variant": "screenshot"}


def screenshot(dark: bool):
    """A 1170x2532 phone screenshot (an iPhone's) of the e-mailed receipt, light or dark mode."""
    from PIL import Image, ImageDraw, ImageFont
    fonts = "/usr/share/fonts/truetype/dejavu/"
    ground, ink = ((18, 18, 18), (235, 235, 235)) if dark else ((255, 255, 255), (20, 20, 20))
    width, height = 1170, 2532
    image = Image.new("RGB", (width, height), ground)
    draw = ImageDraw.Draw(image)
    draw.text((60, 30), "9:41", font=ImageFont.truetype(fonts + "DejaVuSans-Bold.ttf", 44), fill=ink)
    draw.text((900, 30), "5G 87%", font=ImageFont.truetype(fonts + "DejaVuSans.ttf", 40), fill=ink)
    y = 200
    for line in SCREENSHOT_LINES:
        if line is None:
            y += 48
            continue
        text, size, bold, align = line
        font = ImageFont.truetype(fonts + ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), size)
        if "\t" in text:
            label, amount = text.split("\t")
            draw.text((80, y), label, font=font, fill=ink)
            draw.text((width - 80 - draw.textlength(amount, font=font), y), amount, font=font, fill=ink)
        else:
            x = 80 if align == "left" else (width - draw.textlength(text, font=font)) / 2
            draw.text((x, y), text, font=font, fill=ink)
        y += int(size * 1.6)
    return image


def build_screenshots(formats_dir: str) -> None:
    for name, dark in (("screenshot-light", False), ("screenshot-dark", True)):
        target = os.path.join(formats_dir, name + ".png")
        screenshot(dark).convert("L").save(target, optimize=True)
        fixtures.write_json(os.path.join(formats_dir, name + ".json"), SCREENSHOT_TRUTH)
        print(f"  formats/{name}.png: {os.path.getsize(target)} bytes")


def main() -> None:
    formats_dir = os.path.join(FIXTURES, "formats")
    documents_dir = os.path.join(FIXTURES, "documents")
    bad_dir = os.path.join(FIXTURES, "bad")
    os.makedirs(documents_dir, exist_ok=True)
    print(f"Writing format fixtures to {FIXTURES}")
    build_heif(formats_dir)
    build_rotated_heic(formats_dir)
    build_screenshots(formats_dir)

    bill = os.path.join(documents_dir, "bill-text.pdf")
    document([(A4[0], A4[1], bill_content(), FONTS)], bill)
    fixtures.write_json(os.path.join(documents_dir, "bill-text.json"), BILL)
    print("  documents/bill-text.pdf: text layer, no images")
    build_bills(documents_dir)

    scanned = fixtures.formats_receipt()
    image_document([fixtures.variant_clean(scanned)], os.path.join(documents_dir, "receipt-scan.pdf"))
    truth = scanned.truth()
    truth["variant"] = "pdf-image"
    fixtures.write_json(os.path.join(documents_dir, "receipt-scan.json"), truth)
    print("  documents/receipt-scan.pdf: one page, a scanned receipt (JPEG), no text layer")

    for name, layer, what in (("receipt-scan-ocr-layer", ocr_layer(scanned), "a good invisible OCR layer"),
                              ("receipt-scan-garbage-layer", garbage_layer, "an invisible layer of OCR garbage")):
        image_document([fixtures.variant_clean(scanned)], os.path.join(documents_dir, name + ".pdf"), invisible_text=layer)
        truth = scanned.truth()
        truth["variant"] = "pdf-image"
        fixtures.write_json(os.path.join(documents_dir, name + ".json"), truth)
        print(f"  documents/{name}.pdf: the scanned receipt with {what}")

    long_receipt = next(r for r in fixtures.receipts() if r.name == "eng-restaurant-clean")
    top, bottom = split_at_blank_row(fixtures.variant_clean(long_receipt))
    image_document([top, bottom], os.path.join(documents_dir, "receipt-two-pages.pdf"))
    truth = long_receipt.truth()
    truth["variant"] = "pdf-two-pages"
    fixtures.write_json(os.path.join(documents_dir, "receipt-two-pages.json"), truth)
    print("  documents/receipt-two-pages.pdf: a receipt scanned in two halves, vendor and date on page 1, "
          "total on page 2")

    document([(A4[0], A4[1], bill_content(), FONTS)], os.path.join(bad_dir, "encrypted.pdf"),
             encrypt=RC4Encryption(user=b"secret", owner=b"owner"))
    with open(os.path.join(bad_dir, "damaged.pdf"), "wb") as handle:
        import random
        # Ends with %%EOF, so it passes the ingest check and reaches poppler.
        handle.write(b"%PDF-1.4\n" + random.Random(5151).randbytes(1500) + b"\n%%EOF\n")
    with open(bill, "rb") as handle:
        whole_bill = handle.read()
    with open(os.path.join(bad_dir, "truncated.pdf"), "wb") as handle:
        handle.write(whole_bill[: len(whole_bill) * 60 // 100])
    small = b"BT /F1 12 Tf 56 780 Td (Page of a long statement) Tj ET\n"
    document([(A4[0], A4[1], small, FONTS)] * 11, os.path.join(bad_dir, "eleven-pages.pdf"))
    with open(os.path.join(formats_dir, "receipt.heic"), "rb") as handle:
        heic = handle.read()
    with open(os.path.join(bad_dir, "truncated.heic"), "wb") as handle:
        handle.write(heic[: len(heic) * 40 // 100])
    print("  bad/: encrypted.pdf damaged.pdf truncated.pdf eleven-pages.pdf truncated.heic")


if __name__ == "__main__":
    main()
