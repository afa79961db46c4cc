#!/usr/bin/python3
"""Render Rebut's test fixtures: sample receipts whose truths are known by construction.

Run from anywhere:  /usr/bin/python3 scripts/make-fixtures.py
Writes Fixtures/receipts/, Fixtures/formats/ and Fixtures/bad/ next to this script's parent.

Deterministic on purpose: every random choice comes from a seeded random.Random, no clock is
read and no image library randomness is used, so re-running reproduces the same bytes with the
same Pillow/libjpeg build. Amounts use decimal.Decimal so the printed receipt and its truth JSON
can never disagree (items sum to the subtotal, subtotal + tax = total).
"""

import json
import math
import os
import random
import sys
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP
from typing import List, Optional, Tuple

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageOps
except ImportError:
    sys.exit("make-fixtures: Pillow is missing. Install the Debian package python3-pil "
             "(apt-get install python3-pil) and run with /usr/bin/python3.")

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONT_REGULAR = os.path.join(FONT_DIR, "DejaVuSansMono.ttf")
FONT_BOLD = os.path.join(FONT_DIR, "DejaVuSansMono-Bold.ttf")
for path in (FONT_REGULAR, FONT_BOLD):
    if not os.path.isfile(path):
        sys.exit(f"make-fixtures: font {path} is missing. Install the Debian package "
                 "fonts-dejavu-core (apt-get install fonts-dejavu-core).")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Fixtures")

CENT = Decimal("0.01")

# Receipt geometry: ~80 mm paper at 300 dpi would be ~945 px; we use 720 px with a 30 px
# monospace font (about 36 characters a line), which Tesseract reads comfortably.
PAPER_WIDTH = 720
FONT_SIZE = 30
MARGIN = 36
LINE_GAP = 10


def money(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


# ---------------------------------------------------------------------------------------------
# Locale formatting


def format_number(value: Decimal, language: str) -> str:
    """English 1,234.56; Spanish, Catalan and German 1.234,56; French 1 234,56."""
    negative = value < 0
    text = f"{abs(money(value)):,.2f}"  # 1,234.56
    if language == "fra":
        text = text.replace(",", " ").replace(".", ",")
    elif language in ("spa", "cat", "deu"):
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return ("-" if negative else "") + text


ENG_MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
SPA_MONTHS = ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"]
CAT_MONTHS = ["de gen.", "de febr.", "de març", "d'abr.", "de maig", "de juny", "de jul.",
              "d'ag.", "de set.", "d'oct.", "de nov.", "de des."]


def format_date(iso: str, style: str) -> str:
    year, month, day = (int(part) for part in iso.split("-"))
    if style == "dmy/":
        return f"{day:02d}/{month:02d}/{year}"
    if style == "dmy-":
        return f"{day:02d}-{month:02d}-{year}"
    if style == "dmy.":
        return f"{day:02d}.{month:02d}.{year}"
    if style == "dmy/yy":
        return f"{day:02d}/{month:02d}/{year % 100:02d}"
    if style == "eng-mon":
        return f"{day:02d} {ENG_MONTHS[month - 1]} {year}"
    if style == "spa-mon":
        return f"{day} {SPA_MONTHS[month - 1]} {year}"
    if style == "cat-mon":
        return f"{day} {CAT_MONTHS[month - 1]} {year}"
    raise ValueError(style)


# ---------------------------------------------------------------------------------------------
# Receipt model


@dataclass
class Item:
    name: str
    quantity: Decimal
    unit_price: Decimal
    unit: str = ""  # "L" for fuel: quantity printed with three decimals

    @property
    def amount(self) -> Decimal:
        return money(self.quantity * self.unit_price)


@dataclass
class Receipt:
    name: str
    language: str
    variant: str
    category: str
    currency: str
    vendor: str
    header: List[str]            # address, phone, tax id: printed centred under the vendor
    date: str                    # ISO day, the truth
    date_style: str
    time: str
    items: List[Item]
    tax_rate: Optional[Decimal]  # None: the receipt shows no tax at all
    payment: str                 # "card" or "cash"
    card_label: str = "VISA"
    tendered: Optional[Decimal] = None
    title: Optional[str] = None  # "FACTURA SIMPLIFICADA", "TIQUET"
    extra_header: List[str] = field(default_factory=list)  # "Table 7", "Nº T001-..."
    item_style: str = "inline"   # "inline" or "twoline"
    footer: List[str] = field(default_factory=list)

    @property
    def subtotal(self) -> Decimal:
        return sum((item.amount for item in self.items), Decimal("0.00"))

    @property
    def tax(self) -> Optional[Decimal]:
        return None if self.tax_rate is None else money(self.subtotal * self.tax_rate / 100)

    @property
    def total(self) -> Decimal:
        return self.subtotal + (self.tax or Decimal("0"))

    def truth(self) -> dict:
        return {
            "vendor": self.vendor,
            "date": self.date,
            "total": f"{self.total:.2f}",
            "currency": self.currency,
            "payment": self.payment,
            "tax": None if self.tax is None else f"{self.tax:.2f}",
            "language": self.language,
            "category": self.category,
            "variant": self.variant,
        }


SYMBOLS = {"GBP": "£", "EUR": "€", "MYR": "RM", "USD": "$"}

WORDS = {
    "eng": dict(subtotal="SUBTOTAL", total="TOTAL", cash="CASH", change="CHANGE",
                date="Date:", time="Time:", tax="VAT", qty="x"),
    "spa": dict(subtotal="BASE IMPONIBLE", total="TOTAL", cash="EFECTIVO", change="CAMBIO",
                date="Fecha:", time="Hora:", tax="IVA", qty="x"),
    "cat": dict(subtotal="BASE IMPOSABLE", total="TOTAL", cash="EFECTIU", change="CANVI",
                date="Data:", time="Hora:", tax="IVA", qty="x"),
    "deu": dict(subtotal="NETTO", total="SUMME", cash="BAR", change="RÜCKGELD",
                date="Datum:", time="Uhrzeit:", tax="MwSt", qty="x"),
    "fra": dict(subtotal="TOTAL HT", total="NET À PAYER", cash="ESPÈCES", change="RENDU",
                date="Date :", time="Heure :", tax="TVA", qty="x"),
}


def amount_text(receipt: Receipt, value: Decimal, with_symbol: bool = False) -> str:
    number = format_number(value, receipt.language)
    if not with_symbol:
        return number
    symbol = SYMBOLS[receipt.currency]
    if receipt.language in ("spa", "cat", "deu", "fra"):
        return f"{number} {symbol}"
    return f"{symbol}{number}" if len(symbol) == 1 else f"{symbol} {number}"


# ---------------------------------------------------------------------------------------------
# Layout: a list of (kind, left, right) rows; kind is "centre", "centre-bold", "pair",
# "pair-bold", "rule" or "blank".


def layout(receipt: Receipt) -> List[Tuple[str, str, str]]:
    words = WORDS[receipt.language]
    tax_label = words["tax"] if receipt.currency != "MYR" else "GST"
    rows: List[Tuple[str, str, str]] = []
    rows.append(("centre-bold", receipt.vendor, ""))
    rows += [("centre", line, "") for line in receipt.header]
    rows.append(("blank", "", ""))
    if receipt.title:
        rows.append(("centre-bold", receipt.title, ""))
    rows += [("pair", line, "") for line in receipt.extra_header]
    date_text = format_date(receipt.date, receipt.date_style)
    rows.append(("pair", f"{words['date']} {date_text}", f"{words['time']} {receipt.time}"))
    rows.append(("rule", "", ""))
    for item in receipt.items:
        if item.unit:
            rows.append(("pair", item.name, ""))
            per = f"{item.quantity:.3f} {item.unit} {words['qty']} {format_number(item.unit_price, receipt.language)}"
            rows.append(("pair", "  " + per, amount_text(receipt, item.amount)))
        elif receipt.item_style == "twoline" and item.quantity != 1:
            rows.append(("pair", item.name, ""))
            per = f"{item.quantity} {words['qty']} {format_number(item.unit_price, receipt.language)}"
            rows.append(("pair", "  " + per, amount_text(receipt, item.amount)))
        else:
            rows.append(("pair", f"{item.quantity} {item.name}", amount_text(receipt, item.amount)))
    rows.append(("rule", "", ""))
    if receipt.tax_rate is not None:
        rows.append(("pair", words["subtotal"], amount_text(receipt, receipt.subtotal)))
        rate = format_number(receipt.tax_rate, receipt.language).rstrip("0").rstrip(",.")
        rows.append(("pair", f"{tax_label} {rate}%", amount_text(receipt, receipt.tax)))
    rows.append(("pair-bold", words["total"], amount_text(receipt, receipt.total, with_symbol=True)))
    rows.append(("blank", "", ""))
    if receipt.payment == "cash":
        tendered = receipt.tendered
        assert tendered is not None and tendered >= receipt.total, receipt.name
        rows.append(("pair", words["cash"], amount_text(receipt, tendered)))
        rows.append(("pair", words["change"], amount_text(receipt, tendered - receipt.total)))
    else:
        rows.append(("pair", receipt.card_label, amount_text(receipt, receipt.total)))
        rows.append(("pair", "  **** **** **** 4821", ""))
    rows.append(("blank", "", ""))
    rows += [("centre", line, "") for line in receipt.footer]
    return rows


def render_paper(receipt: Receipt, ink: int = 0, paper: int = 255) -> Image.Image:
    """The receipt as a flat greyscale image, upright, no distortion."""
    regular = ImageFont.truetype(FONT_REGULAR, FONT_SIZE)
    bold = ImageFont.truetype(FONT_BOLD, FONT_SIZE + 4)
    rows = layout(receipt)
    line_height = FONT_SIZE + LINE_GAP
    height = MARGIN * 2 + line_height * (len(rows) + 1)
    image = Image.new("L", (PAPER_WIDTH, height), paper)
    draw = ImageDraw.Draw(image)
    usable = PAPER_WIDTH - 2 * MARGIN
    y = MARGIN + line_height // 2
    for kind, left, right in rows:
        font = bold if kind.endswith("bold") else regular
        if kind.startswith("centre"):
            width = draw.textlength(left, font=font)
            if width > usable:
                raise ValueError(f"{receipt.name}: line too wide: {left!r}")
            draw.text(((PAPER_WIDTH - width) / 2, y), left, font=font, fill=ink)
        elif kind.startswith("pair"):
            right_width = draw.textlength(right, font=font)
            left_width = draw.textlength(left, font=font)
            if left_width + right_width + FONT_SIZE > usable and right:
                raise ValueError(f"{receipt.name}: line too wide: {left!r} {right!r}")
            draw.text((MARGIN, y), left, font=font, fill=ink)
            if right:
                draw.text((PAPER_WIDTH - MARGIN - right_width, y), right, font=font, fill=ink)
        elif kind == "rule":
            dashes = "-" * int(usable // draw.textlength("-", font=regular))
            draw.text((MARGIN, y), dashes, font=regular, fill=ink)
        y += line_height
    return image


# ---------------------------------------------------------------------------------------------
# Deterministic texture helpers (no numpy, no PIL randomness)


def noise(size: Tuple[int, int], rng: random.Random, blur: float = 0.0) -> Image.Image:
    """Uniform noise in 0...255, optionally blurred into a softer texture."""
    image = Image.frombytes("L", size, rng.randbytes(size[0] * size[1]))
    return image.filter(ImageFilter.GaussianBlur(blur)) if blur else image


def scaled_noise(size, rng, low: int, high: int, blur: float = 0.0) -> Image.Image:
    """Noise remapped into low...high so it can be added onto a base colour."""
    lut = [low + (high - low) * v // 255 for v in range(256)]
    return noise(size, rng, blur).point(lut)


def linear_gradient(size, start: float, end: float, angle_deg: float) -> Image.Image:
    """A greyscale multiplier image (255 = keep) running from start to end along angle."""
    width, height = size
    small_w, small_h = 64, max(2, int(64 * height / width))
    grad = Image.new("L", (small_w, small_h))
    dx, dy = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    span = abs(dx) * small_w + abs(dy) * small_h
    pixels = []
    for yy in range(small_h):
        for xx in range(small_w):
            t = ((xx - (small_w if dx < 0 else 0)) * dx + (yy - (small_h if dy < 0 else 0)) * dy) / span
            t = min(1.0, max(0.0, t))
            pixels.append(int(255 * (start + (end - start) * t)))
    grad.putdata(pixels)
    return grad.resize(size, Image.BILINEAR)


# ---------------------------------------------------------------------------------------------
# Variants. Each returns the final image; writers decide format and metadata.


def variant_clean(receipt: Receipt) -> Image.Image:
    return render_paper(receipt)


def variant_skewed(receipt: Receipt, angle: float) -> Image.Image:
    paper = render_paper(receipt)
    return paper.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=255)


def variant_faded(receipt: Receipt, rng: random.Random) -> Image.Image:
    """Thermal paper: grey ink on off-white, fading unevenly down the slip, light speckle."""
    paper = render_paper(receipt, ink=140, paper=236)
    fade = linear_gradient(paper.size, 0.0, 1.0, 90)  # 0 at top, 255 at bottom
    # Lift ink towards the paper where the gradient is high: ink 140 -> 182 at the bottom.
    lifted = render_paper(receipt, ink=182, paper=236)
    paper = Image.composite(lifted, paper, fade)
    speckle = scaled_noise(paper.size, rng, 0, 14)
    paper = ImageChops.subtract(paper, speckle)
    return paper.filter(ImageFilter.GaussianBlur(0.6))


def variant_photo(receipt: Receipt, rng: random.Random) -> Image.Image:
    """A phone photo: the receipt on a dark wooden table, uneven light, a little tilt and blur."""
    paper = render_paper(receipt, ink=25, paper=246).convert("RGB")
    # Warm paper tone.
    paper = ImageChops.multiply(paper, Image.new("RGB", paper.size, (255, 250, 238)))
    pad_x, pad_y = 150, 170
    size = (paper.width + 2 * pad_x, paper.height + 2 * pad_y)
    # Wood: brown base, stretched noise for grain.
    grain = noise((size[0] // 24 + 1, size[1] * 2 // 3), rng).resize(size, Image.BICUBIC)
    grain = grain.filter(ImageFilter.GaussianBlur(2))
    table = Image.merge("RGB", [
        grain.point(lambda v: 70 + v * 40 // 255),
        grain.point(lambda v: 48 + v * 28 // 255),
        grain.point(lambda v: 32 + v * 18 // 255),
    ])
    # Soft shadow under the slip, then the slip itself, slightly rotated.
    angle = 1.8
    mask = Image.new("L", paper.size, 255).rotate(angle, resample=Image.BICUBIC, expand=True)
    slip = paper.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=(0, 0, 0))
    origin = ((size[0] - slip.width) // 2, (size[1] - slip.height) // 2)
    shadow = Image.new("L", size, 0)
    shadow.paste(mask, (origin[0] + 14, origin[1] + 18))
    shadow = shadow.filter(ImageFilter.GaussianBlur(12)).point(lambda v: v * 150 // 255)
    table = Image.composite(Image.new("RGB", size, (15, 10, 5)), table, shadow)
    table.paste(slip, origin, mask)
    # Light from the top left falling off towards the bottom right.
    light = linear_gradient(size, 1.0, 0.62, 55)
    table = ImageChops.multiply(table, Image.merge("RGB", [light, light, light]))
    # Sensor noise and a touch of defocus.
    grain = scaled_noise(size, rng, 0, 12)
    table = ImageChops.add(table, Image.merge("RGB", [grain, grain, grain]), offset=-6)
    return table.filter(ImageFilter.GaussianBlur(1.1))


def variant_flatbed(receipt: Receipt, rng: random.Random) -> Image.Image:
    """A narrow receipt lying on the glass of an A4 scan at 300 dpi (2480 x 3508)."""
    page = Image.new("L", (2480, 3508), 236)
    lid = linear_gradient(page.size, 1.0, 0.97, 0)  # the lid's slight unevenness
    page = ImageChops.multiply(page, lid)
    paper = render_paper(receipt, ink=30, paper=250)
    angle = -1.2
    mask = Image.new("L", paper.size, 255).rotate(angle, resample=Image.BICUBIC, expand=True)
    slip = paper.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=0)
    origin = (260, 300)
    edge = Image.new("L", page.size, 0)  # scanner light casts a thin shadow along the edges
    edge.paste(mask, (origin[0] + 4, origin[1] + 5))
    edge = edge.filter(ImageFilter.GaussianBlur(4)).point(lambda v: v * 90 // 255)
    page = Image.composite(Image.new("L", page.size, 120), page, edge)
    page.paste(slip, origin, mask)
    return page.filter(ImageFilter.GaussianBlur(0.5))


# ---------------------------------------------------------------------------------------------
# The receipts


def D(text: str) -> Decimal:
    return Decimal(text)


def receipts() -> List[Receipt]:
    return [
        Receipt(
            name="eng-restaurant-clean", language="eng", variant="clean", category="meals",
            currency="GBP", vendor="HARBOUR VIEW KITCHEN LTD",
            header=["12 Quay Street", "Bristol BS1 4DJ", "Tel: 0117 496 0123",
                    "VAT No: GB 284 6613 07"],
            extra_header=["Table 7   Covers 3   Server: Amy"],
            date="2018-12-21", date_style="dmy/", time="19:42",
            items=[Item("Fish & Chips", D("2"), D("12.95")),
                   Item("Caesar Salad", D("1"), D("8.50")),
                   Item("Pint Bristol Ale", D("3"), D("4.60")),
                   Item("Sticky Toffee Pud", D("2"), D("6.25")),
                   Item("Sparkling Water", D("1"), D("2.80"))],
            item_style="inline", tax_rate=D("20"), payment="card", card_label="VISA",
            footer=["Thank you for dining with us!", "Service not included"]),
        Receipt(
            name="eng-petrol-clean", language="eng", variant="clean", category="fuel",
            currency="MYR", vendor="PETROLIA JAYA SDN BHD",
            header=["(Co. Reg. 654321-K)", "Lot 12, Jalan Klang Lama",
                    "58000 Kuala Lumpur", "Tel: 03-7981 2345", "GST ID: 001234567890"],
            extra_header=["Pump 04   Receipt 118273"],
            date="2018-03-15", date_style="eng-mon", time="08:15",
            items=[Item("RON95 PETROL", D("32.150"), D("2.20"), unit="L"),
                   Item("Mineral Water 1.5L", D("2"), D("1.80")),
                   Item("Car Air Freshener", D("1"), D("6.90"))],
            item_style="twoline", tax_rate=D("6"), payment="cash", tendered=D("100.00"),
            footer=["Thank you, drive safely", "Please come again"]),
        Receipt(
            name="eng-hotel-skewed", language="eng", variant="skewed", category="lodging",
            currency="GBP", vendor="GRAND CENTRAL HOTEL LTD",
            header=["1 Station Approach", "Manchester M1 2JW", "Tel: 0161 496 0777",
                    "VAT Reg: GB 731 2290 45"],
            extra_header=["Room 412   Folio 88317", "Arr 05/11/18  Dep 08/11/18"],
            date="2018-11-08", date_style="eng-mon", time="10:05",
            items=[Item("Room night", D("3"), D("295.00")),
                   Item("Breakfast", D("3"), D("18.50")),
                   Item("Dinner restaurant", D("1"), D("92.40")),
                   Item("Minibar", D("1"), D("14.75"))],
            item_style="twoline", tax_rate=D("20"), payment="card", card_label="MASTERCARD",
            footer=["Thank you for staying with us"]),
        Receipt(
            name="eng-grocer-photo", language="eng", variant="photo", category="groceries",
            currency="GBP", vendor="NORTHSIDE GROCERS LTD",
            header=["48 Cowley Road", "Oxford OX4 1HR", "Tel: 01865 496 210",
                    "VAT No: GB 552 1870 36"],
            date="2019-07-14", date_style="dmy/", time="11:28",
            items=[Item("Semi Skimmed Milk 2L", D("1"), D("1.45")),
                   Item("Free Range Eggs 6", D("2"), D("1.89")),
                   Item("Sourdough Loaf", D("1"), D("2.75")),
                   Item("Bananas loose", D("1"), D("0.96")),
                   Item("Cheddar 400g", D("1"), D("3.20"))],
            item_style="inline", tax_rate=D("5"), payment="cash", tendered=D("20.00"),
            footer=["Thank you for shopping local"]),
        Receipt(
            name="eng-cafe-faded", language="eng", variant="faded", category="meals",
            currency="MYR", vendor="RESTORAN SRI MELAKA",
            header=["No 7, Jalan Hang Jebat", "75200 Melaka", "Tel: 06-282 1144"],
            extra_header=["Bill 00412   Table 5"],
            date="2019-04-03", date_style="dmy/", time="13:10",
            items=[Item("Nasi Lemak Ayam", D("2"), D("9.50")),
                   Item("Mee Goreng", D("1"), D("7.00")),
                   Item("Teh Tarik", D("2"), D("2.20")),
                   Item("Air Limau", D("1"), D("2.50"))],
            item_style="inline", tax_rate=None, payment="cash", tendered=D("50.00"),
            footer=["Thank you, come again"]),
        Receipt(
            name="eng-supplies-flatbed", language="eng", variant="flatbed", category="office",
            currency="GBP", vendor="MAKERSPACE COMPONENTS LTD",
            header=["Unit 3, Riverside Park", "Cambridge CB4 0WS", "Tel: 01223 496 455",
                    "VAT No: GB 318 5527 90"],
            extra_header=["Invoice 2019-00731"],
            date="2019-07-02", date_style="eng-mon", time="16:47",
            items=[Item("Raspberry Pi 4 4GB", D("2"), D("54.00")),
                   Item("USB-C PSU 15W", D("2"), D("8.00")),
                   Item("Soldering Station", D("1"), D("89.99")),
                   Item("Resistor kit 600pc", D("1"), D("7.49"))],
            item_style="twoline", tax_rate=D("20"), payment="card", card_label="VISA DEBIT",
            footer=["Thank you for your order"]),
        Receipt(
            name="spa-supermarket-clean", language="spa", variant="clean", category="groceries",
            currency="EUR", vendor="SUPERMERCADOS LA ESPIGA S.L.",
            header=["C/ Mayor, 15", "28013 Madrid", "Tel. 915 123 456", "CIF: B12345678"],
            title="FACTURA SIMPLIFICADA", extra_header=["Nº T001-045871   Caja 3"],
            date="2019-04-03", date_style="dmy/", time="18:27",
            items=[Item("LECHE ENTERA 1L", D("6"), D("0.89")),
                   Item("PAN DE MOLDE", D("1"), D("1.35")),
                   Item("ACEITE OLIVA 1L", D("2"), D("4.95")),
                   Item("TOMATE RAMA KG", D("1"), D("2.19")),
                   Item("YOGUR NATURAL 4U", D("2"), D("1.10")),
                   Item("CAFE MOLIDO 250G", D("1"), D("3.29"))],
            item_style="twoline", tax_rate=D("10"), payment="card", card_label="TARJETA",
            footer=["Gracias por su visita", "Conserve este tique"]),
        Receipt(
            name="spa-bar-skewed", language="spa", variant="skewed", category="meals",
            currency="EUR", vendor="BAR RESTAURANTE EL PUERTO S.L.",
            header=["Av. del Puerto, 221", "46024 Valencia", "Tel. 963 456 789",
                    "CIF: B98765432"],
            title="FACTURA SIMPLIFICADA", extra_header=["Mesa 12   Camarero: Luis"],
            date="2019-10-17", date_style="spa-mon", time="21:54",
            items=[Item("PAELLA VALENCIANA", D("2"), D("14.50")),
                   Item("ENSALADA MIXTA", D("1"), D("7.80")),
                   Item("JARRA SANGRIA", D("1"), D("12.00")),
                   Item("AGUA MINERAL", D("2"), D("1.90")),
                   Item("CAFE SOLO", D("2"), D("1.30"))],
            item_style="inline", tax_rate=D("10"), payment="cash", tendered=D("70.00"),
            footer=["Gracias por su visita"]),
        Receipt(
            name="cat-restaurant-clean", language="cat", variant="clean", category="meals",
            currency="EUR", vendor="RESTAURANT CAN PEP S.L.",
            header=["Carrer de la Mercè, 12", "08002 Barcelona", "Tel. 933 123 456",
                    "NIF: B08123456"],
            title="TIQUET", extra_header=["Taula 4   Comensals 2"],
            date="2019-04-03", date_style="dmy-", time="14:05",
            items=[Item("Pa amb tomàquet", D("2"), D("2.80")),
                   Item("Escalivada", D("1"), D("8.50")),
                   Item("Arròs negre", D("2"), D("16.90")),
                   Item("Crema catalana", D("2"), D("5.50")),
                   Item("Vi de la casa", D("1"), D("11.00"))],
            item_style="inline", tax_rate=D("10"), payment="card", card_label="TARGETA",
            footer=["Gràcies per la seva visita!"]),
        Receipt(
            name="cat-bakery-photo", language="cat", variant="photo", category="meals",
            currency="EUR", vendor="FORN DE PA SANT JORDI",
            header=["Carrer Gran de Gràcia, 88", "08012 Barcelona", "Tel. 932 187 654",
                    "NIF: B65432187"],
            title="TIQUET",
            date="2019-10-25", date_style="cat-mon", time="08:31",
            items=[Item("Croissant", D("3"), D("1.40")),
                   Item("Coca de llardons", D("1"), D("3.60")),
                   Item("Barra de pa", D("2"), D("1.10")),
                   Item("Cafè amb llet", D("2"), D("1.60"))],
            item_style="inline", tax_rate=D("10"), payment="cash", tendered=D("20.00"),
            footer=["Gràcies i bon dia!"]),
        Receipt(
            name="deu-supermarket-clean", language="deu", variant="clean", category="groceries",
            currency="EUR", vendor="FRISCHMARKT BERGER GMBH",
            header=["Lindenstraße 42", "10969 Berlin", "Tel. 030 2345 6789", "USt-IdNr: DE 123 456 789"],
            title="KASSENBON", extra_header=["Kasse 2   Bon 4711"],
            date="2019-11-08", date_style="dmy.", time="17:36",
            items=[Item("Vollmilch 1L", D("2"), D("1.09")),
                   Item("Roggenbrot", D("1"), D("2.49")),
                   Item("Äpfel Elstar kg", D("1"), D("2.79")),
                   Item("Bergkäse 200g", D("1"), D("3.69")),
                   Item("Kaffee 500g", D("1"), D("6.99"))],
            item_style="inline", tax_rate=D("7"), payment="cash", tendered=D("25.00"),
            footer=["Vielen Dank für Ihren Einkauf"]),
        Receipt(
            name="fra-brasserie-skewed", language="fra", variant="skewed", category="meals",
            currency="EUR", vendor="BRASSERIE DU PORT SARL",
            header=["14 quai de la Fosse", "44000 Nantes", "Tél. 02 40 12 34 56", "SIRET 812 345 678 00019"],
            title="FACTURE", extra_header=["Table 9   Couverts 2"],
            date="2019-06-12", date_style="dmy/yy", time="20:47",
            items=[Item("Moules frites", D("2"), D("16.50")),
                   Item("Salade niçoise", D("1"), D("12.00")),
                   Item("Pichet de rosé", D("1"), D("14.00")),
                   Item("Café gourmand", D("2"), D("8.50"))],
            item_style="inline", tax_rate=D("10"), payment="card", card_label="CARTE BANCAIRE",
            footer=["Merci de votre visite"]),
    ]


def formats_receipt() -> Receipt:
    return Receipt(
        name="receipt", language="eng", variant="clean", category="meals",
        currency="GBP", vendor="BLUE DOOR CAFE LTD",
        header=["3 Market Place", "York YO1 8RS", "Tel: 01904 496 301",
                "VAT No: GB 119 4406 72"],
        date="2018-09-14", date_style="eng-mon", time="09:12",
        items=[Item("Flat White", D("2"), D("2.90")),
               Item("Bacon Sandwich", D("1"), D("5.25")),
               Item("Almond Croissant", D("1"), D("2.60"))],
        item_style="inline", tax_rate=D("20"), payment="card", card_label="VISA",
        footer=["Thank you, see you soon"])


# ---------------------------------------------------------------------------------------------
# Writers


def write_json(path: str, truth: dict) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(truth, handle, indent=2, ensure_ascii=False)
        handle.write("\n")


def upright_for_exif_orientation_6(image: Image.Image) -> Image.Image:
    """Orientation 6 means 'rotate 90° clockwise to display': store the upright image turned
    90° counter-clockwise."""
    return image.transpose(Image.ROTATE_90)


def build_receipts(out_dir: str) -> None:
    os.makedirs(out_dir, exist_ok=True)
    for index, receipt in enumerate(receipts()):
        rng = random.Random(1000 + index)
        base = os.path.join(out_dir, receipt.name)
        if receipt.variant == "clean":
            variant_clean(receipt).save(base + ".png", dpi=(300, 300), optimize=True)
        elif receipt.variant == "skewed":
            angle = 4.0 if receipt.language == "eng" else -3.5
            variant_skewed(receipt, angle).save(base + ".png", dpi=(300, 300), optimize=True)
        elif receipt.variant == "faded":
            variant_faded(receipt, rng).save(base + ".png", optimize=True)  # no DPI on purpose
        elif receipt.variant == "flatbed":
            variant_flatbed(receipt, rng).save(base + ".png", dpi=(300, 300), optimize=True)
        elif receipt.variant == "photo":
            photo = variant_photo(receipt, rng)
            if receipt.language == "eng":
                exif = Image.Exif()
                exif[0x0112] = 6
                upright_for_exif_orientation_6(photo).save(
                    base + ".jpg", quality=82, exif=exif)
                check = ImageOps.exif_transpose(Image.open(base + ".jpg"))
                assert check.size == photo.size, "EXIF orientation 6 did not round-trip"
            else:
                photo.save(base + ".jpg", quality=82)
        else:
            raise ValueError(receipt.variant)
        write_json(base + ".json", receipt.truth())
        print(f"  receipts/{receipt.name}: total {receipt.total} {receipt.currency}, "
              f"tax {receipt.tax}")


def build_formats(out_dir: str) -> str:
    os.makedirs(out_dir, exist_ok=True)
    receipt = formats_receipt()
    image = variant_clean(receipt)
    base = os.path.join(out_dir, "receipt")
    image.save(base + ".png", dpi=(300, 300), optimize=True)
    image.save(base + ".jpg", quality=88, dpi=(300, 300))
    image.save(base + ".tif", compression="tiff_lzw", dpi=(300, 300))
    image.save(base + ".webp", quality=90, method=6)
    write_json(base + ".json", receipt.truth())
    print(f"  formats/receipt: total {receipt.total} {receipt.currency}, tax {receipt.tax}")
    return base + ".jpg"


def build_bad(out_dir: str, real_jpeg: str) -> None:
    os.makedirs(out_dir, exist_ok=True)
    with open(real_jpeg, "rb") as handle:
        jpeg = handle.read()
    with open(os.path.join(out_dir, "truncated.jpg"), "wb") as handle:
        handle.write(jpeg[: len(jpeg) * 40 // 100])
    with open(os.path.join(out_dir, "not-an-image.jpg"), "w", encoding="utf-8") as handle:
        handle.write("This is a plain text file that only pretends to be a JPEG by its name.\n"
                     "TOTAL 12.50 -- but there are no pixels here.\n")
    with open(os.path.join(out_dir, "notes.txt"), "w", encoding="utf-8") as handle:
        handle.write("Trip to Barcelona, April 2019.\nRemember to file the taxi receipts.\n")
    open(os.path.join(out_dir, "empty.jpg"), "wb").close()
    garbage = random.Random(4242).randbytes(2048)
    with open(os.path.join(out_dir, "fake.png"), "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + garbage)
    # A slip with nothing legible on it: decodes fine, OCR finds no text.
    blank = Image.new("L", (480, 720), 236)
    ImageDraw.Draw(blank).rectangle((30, 30, 450, 690), outline=222, width=3)
    blank.save(os.path.join(out_dir, "blank-slip.png"), optimize=True)
    print("  bad/: truncated.jpg not-an-image.jpg notes.txt empty.jpg fake.png blank-slip.png")


def main() -> None:
    print(f"Writing fixtures to {FIXTURES}")
    build_receipts(os.path.join(FIXTURES, "receipts"))
    jpeg = build_formats(os.path.join(FIXTURES, "formats"))
    build_bad(os.path.join(FIXTURES, "bad"), jpeg)


if __name__ == "__main__":
    main()
