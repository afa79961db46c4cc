#!/usr/bin/python3
"""Photograph labelled receipts the hard ways make-wild.py does not: on a surface as pale as the
paper, from too close, folded, in the evening, under a lamp's glare, held in a hand.

    /usr/bin/python3 scripts/make-stress.py SRC OUT [--variants photo-light,photo-dim,...] [--limit N] [--offset N]

SRC is any labelled folder make-wild.py reads (the SROIE layout img/NAME.jpg + key/NAME.json,
the wild layout img/ID.* + truth.jsonl, images with NAME.json beside them, or `fixtures`).
OUT is written in the wild layout, as make-wild.py writes it: img/ID-VARIANT.jpg and
truth.jsonl, one line per image {"id", "vendor", "date" (ISO when the source's date parses),
"total", "variant", "source"}; `rebut bench accuracy --dataset OUT` then scores every variant
on its own.

Every photo is a portrait phone frame, 2700x3600 or (one in three) 3024x4032, JPEG q80-88
unless said otherwise. The slip keeps its printed text whole and upright enough for a person
to read; what changes is everything around it. Variants (all but the photo-shadow ones by default, in
this order):
  clean         the source image as it is (the baseline the others are compared with)
  photo-light   on a pale surface: a cream or white counter, light marble, birch wood, or a
                white A4 sheet laid on a table. Little contrast between slip and surface, a
                faint soft shadow, tilt 3-12 degrees, rotation up to 8 degrees; slip 30-55%
                of the frame
  photo-fill    the phone held close: the slip's length fills 97-104% of the frame's height,
                so its paper may run past the top or bottom edge (by 3% of the slip at most,
                never into print: the printed block stays 1.5% inside the frame); tilt 2-6
                degrees, rotation up to 2.5
  photo-crease  a slip that was folded and crumpled, on a mid-tone surface (granite,
                cardboard, slate, wood): 2-4 folds (across the slip, up to 24 degrees off
                square, now and then one down its length), each a lit ridge beside a
                shadowed trough, the facet beyond it 4-9% lighter or darker, the paper beyond
                it shifted 2-6 px across the fold and turned by up to 0.5 degrees; then 15-40
                faint short creases every way and a soft mottle
  photo-dim     an evening room: one lamp off to a side, its warm cast (green to 78-85%, blue
                to 55-65%), the frame's mean luminance 60-100 of 255 with the paper itself no
                brighter than 125-165, motion blur 2-5 px along one direction, then luma
                noise +-14-22 and blotchy chroma noise +-8-14, JPEG q75
  photo-glare   a lamp's hot-spot on glossy thermal paper: an ellipse over 10-25% of the
                slip's area, washed to white in its core, off-centre (in the top half
                anywhere off the middle; in the bottom half only left of centre, so the
                amounts column stays readable), and a hand's shadow darkening one side of
                the frame by 35-55%; on wood, cloth, granite or slate (never a pale surface)
  photo-hand    the slip held over a cluttered desk (books, a mug, pens, a phone, notes,
                all out of focus): a thumb (skin tone of five) lies across one edge or
                corner covering only the paper's margin (checked against the print), the
                other fingers curl under the slip and show beside it

  photo-shadow  a hard-edged shadow (the phone's or a hand's, under one lamp) across the
                slip and its table: a half-plane through the frame at up to 17 degrees from
                upright, its edge blurred 4-12 px, 35-50% darker, on wood, cloth, granite or
                slate (not in the default set, which stays comparable with earlier runs:
                `--variants clean,photo-shadow`)
  photo-shadow-soft  the same shadow with a soft edge, blurred 15-35 px (a lamp further off)
  photo-shadow-part  the same hard shadow over only the slip's lower 40-65%: a second edge runs
                across the slip (a phone held low); neither is in the default set
  photo-shadow-across  the same hard shadow beyond a line across the slip's middle third, up
                to 17 degrees from level: its edge runs along the print's lines (not default)

Deterministic: every random choice comes from random.Random seeded by a CRC of the receipt id
and variant (make-wild.py's `seeded`); no clock. Derived SROIE images belong in /tmp only,
never in the repository. Pillow only, no numpy: textures are drawn small and enlarged.
"""

import argparse
import importlib.util
import math
import os
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


_spec = importlib.util.spec_from_file_location("make_wild", os.path.join(HERE, "make-wild.py"))
wild = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wild)
fixtures = wild.fixtures
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat  # noqa: E402 (checked by make-fixtures)

VARIANTS = ["clean", "photo-light", "photo-fill", "photo-crease", "photo-dim", "photo-glare", "photo-hand", "photo-shadow",
            "photo-shadow-soft", "photo-shadow-part", "photo-shadow-across"]
DEFAULT_VARIANTS = [v for v in VARIANTS if not v.startswith("photo-shadow")]
FRAMES = [(2700, 3600), (3024, 4032)]  # ~10 MP and a 12 MP phone, portrait
THERMAL = (255, 249, 236)  # the warm white of thermal paper against a white scan


# ---------------------------------------------------------------------------------------------
# Geometry: where the slip lands, and where its own points land with it


def frame_of(rng):
    return FRAMES[1] if rng.random() < 1 / 3 else FRAMES[0]


def paper_of(slip, tint=THERMAL):
    return ImageChops.multiply(slip.convert("RGB"), Image.new("RGB", slip.size, tint))


def slip_scale(slip, size, rng, share=(0.30, 0.55)):
    """A scale giving the slip `share` of the frame's area, but never more than 86% of its
    height or 80% of its width (room to turn and tilt it); a long slip ends up smaller."""
    target = rng.uniform(*share) * size[0] * size[1]
    scale = math.sqrt(target / (slip.width * slip.height))
    return min(scale, 0.86 * size[1] / slip.height, 0.80 * size[0] / slip.width)


def scaled_to_frame(paper, size, rng, share=(0.30, 0.55)):
    """The paper resized to `share` of the frame (`slip_scale`)."""
    scale = slip_scale(paper, size, rng, share)
    return paper.resize((round(paper.width * scale), round(paper.height * scale)), Image.BICUBIC)


def forward(paper_size, quad):
    """Coefficients mapping a point of the (scaled, flat) paper to the frame: the inverse of
    the map warp_onto hands Pillow."""
    w, h = paper_size
    return wild.perspective_coefficients([(0, 0), (w, 0), (w, h), (0, h)], quad)


def project(coefficients, point):
    a, b, c, d, e, f, g, h = coefficients
    x, y = point
    z = g * x + h * y + 1
    return ((a * x + b * y + c) / z, (d * x + e * y + f) / z)


def fit_inside(quad, size, margin):
    """Moves `quad` the least distance that puts it `margin` pixels inside the frame (or
    centres it along an axis it cannot fit)."""
    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
    shift = []
    for low, high, extent in ((min(xs), max(xs), size[0]), (min(ys), max(ys), size[1])):
        if high - low > extent - 2 * margin:
            shift.append(extent / 2 - (low + high) / 2)
        elif low < margin:
            shift.append(margin - low)
        elif high > extent - margin:
            shift.append(extent - margin - high)
        else:
            shift.append(0)
    return [(x + shift[0], y + shift[1]) for x, y in quad]


def lay(paper, size, rng, tilt=(0.03, 0.12), turn=8.0, jitter=0.006):
    """The corners of `paper` on the frame: somewhere near the middle, tilted (keystone)
    and turned, then kept 2% inside the frame."""
    centre = (size[0] * rng.uniform(0.44, 0.56), size[1] * rng.uniform(0.45, 0.55))
    quad = wild.place_quad(paper.width, paper.height, centre, rng.uniform(-turn, turn), rng.uniform(*tilt),
                           rng.choice(["top", "bottom", "left", "right"]), rng, jitter)
    return fit_inside(quad, size, 0.02 * min(size))


def ink_mask(slip, factor=4):
    """Where the slip is printed, at 1/`factor` of its size: 255 on ink (anything well darker
    than the paper, handwriting and stamps too), grown by a few pixels so a neighbour that
    keeps clear of it keeps clear of the print."""
    grey = slip.convert("L").reduce(factor)
    paper = sorted(grey.histogram()[128:], reverse=True)  # the paper is the commonest light grey
    level = 128 + grey.histogram()[128:].index(paper[0])
    ink = grey.point(lambda v: 255 if v < level - 70 else 0)
    return ink.filter(ImageFilter.MaxFilter(5))


def ink_box(slip):
    """The printed block's box on the slip (left, top, right, bottom) in slip pixels."""
    box = ink_mask(slip).getbbox() or (0, 0, slip.width // 4, slip.height // 4)
    return tuple(v * 4 for v in box)


# ---------------------------------------------------------------------------------------------
# Surfaces, drawn small and enlarged (texture, not detail, is the point)


def tinted(grey, tint):
    """An RGB surface from a grey texture: `tint` is the colour at grey 255."""
    return Image.merge("RGB", [grey.point(lambda v, t=t: v * t // 255) for t in tint])


def surface(kind, size, rng):
    if kind == "counter":  # cream or white laminate: a faint mottle and fine speckle
        base = wild.smooth_noise(size, rng, 90, 236, 250)
        fine = fixtures.scaled_noise((size[0] // 3, size[1] // 3), rng, 0, 6).resize(size, Image.NEAREST)
        tint = rng.choice([(255, 252, 244), (255, 248, 232), (250, 250, 250), (255, 250, 238)])
        return tinted(ImageChops.subtract(base, fine), tint)
    if kind == "marble":  # pale stone: soft clouds, veins where the noise crosses mid-grey
        base = wild.smooth_noise(size, rng, 70, 222, 245)
        for cell, depth in ((260, 45), (110, 25)):
            field = wild.smooth_noise(size, rng, cell, 0, 255)
            vein = field.point(lambda v: max(0, 255 - abs(v - 128) * 60))
            vein = vein.filter(ImageFilter.GaussianBlur(2)).point(lambda v, d=depth: v * d // 255)
            base = ImageChops.subtract(base, vein)
        return tinted(base, rng.choice([(252, 252, 250), (255, 251, 246), (246, 248, 252)]))
    if kind == "birch":  # pale wood: long streaks of grain along the frame's height
        grain = fixtures.noise((size[0] // 24 + 1, size[1] // 2), rng).resize(size, Image.BICUBIC)
        grain = grain.filter(ImageFilter.GaussianBlur(2))
        return Image.merge("RGB", [grain.point(lambda v: 205 + v * 35 // 255), grain.point(lambda v: 178 + v * 34 // 255),
                                   grain.point(lambda v: 138 + v * 34 // 255)])
    if kind == "cardboard":  # brown card: mottled, with short fibres
        base = wild.smooth_noise(size, rng, 50, 130, 165)
        fibre = fixtures.scaled_noise((size[0] // 6, size[1] // 2), rng, 0, 16, blur=1).resize(size, Image.BICUBIC)
        base = ImageChops.subtract(base, fibre)
        return Image.merge("RGB", [base.point(lambda v: min(255, v + 18)), base, base.point(lambda v: max(0, v - 40))])
    if kind == "slate":  # blue-grey stone
        base = wild.smooth_noise(size, rng, 120, 88, 122)
        speckle = fixtures.scaled_noise((size[0] // 3, size[1] // 3), rng, 0, 14).resize(size, Image.NEAREST)
        base = ImageChops.add(base, speckle, offset=-7)
        return Image.merge("RGB", [base, base.point(lambda v: v + 6), base.point(lambda v: v + 16)])
    return wild.background(kind, size, rng)  # wood, cloth, granite


def sheet_under(canvas, size, slip_quad, rng):
    """A white A4 sheet lying under the slip, turned a little against it: 2.6 slip widths wide
    (210 mm against 80), so it fills most of the frame and the table shows at its corners."""
    width = math.dist(slip_quad[0], slip_quad[1]) * rng.uniform(2.3, 2.7)
    centre = (sum(p[0] for p in slip_quad) / 4 + rng.uniform(-0.06, 0.06) * size[0],
              sum(p[1] for p in slip_quad) / 4 + rng.uniform(-0.06, 0.06) * size[1])
    sheet = Image.new("RGB", (round(width), round(width * 297 / 210)), rng.choice([(246, 246, 244), (250, 250, 247)]))
    quad = wild.place_quad(sheet.width, sheet.height, centre, rng.uniform(-12, 12), 0.05, "top", rng, 0.0)
    return wild.warp_onto(canvas, sheet, quad, (rng.randint(6, 20), rng.randint(8, 24)), 70, 40)


def cluttered_desk(size, rng):
    """A desk seen past a held slip: a laminate or wooden top with books, a mug, pens, a
    phone and sticky notes, drawn at a quarter of the frame and enlarged (out of focus)."""
    small = (size[0] // 4, size[1] // 4)
    desk = surface(rng.choice(["wood", "counter", "slate"]), small, rng)
    shadow = Image.new("L", small, 0)
    top = Image.new("RGB", small)
    shapes = Image.new("L", small, 0)
    draw_s, draw_t, draw_m = ImageDraw.Draw(shadow), ImageDraw.Draw(top), ImageDraw.Draw(shapes)
    colours = [(180, 40, 45), (40, 80, 160), (230, 190, 40), (40, 130, 80), (90, 60, 130), (220, 120, 40),
               (30, 30, 34), (200, 200, 205), (240, 235, 225), (120, 170, 200)]

    def rotated(cx, cy, w, h, angle):
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        return [(cx + x * cos - y * sin, cy + x * sin + y * cos)
                for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]

    for _ in range(rng.randint(7, 13)):
        kind = rng.choice(["book", "book", "mug", "pen", "pen", "phone", "note", "keyboard"])
        cx, cy = rng.uniform(-0.1, 1.1) * small[0], rng.uniform(-0.1, 1.1) * small[1]
        angle = rng.uniform(-40, 40)
        colour = rng.choice(colours)
        lift = rng.randint(3, 8)
        if kind == "mug":
            r = rng.uniform(0.07, 0.11) * small[0]
            draw_s.ellipse((cx - r + lift, cy - r + lift, cx + r + lift, cy + r + lift), fill=150)
            draw_t.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
            draw_t.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=(60, 38, 24))
            draw_m.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
            continue
        w, h = {"book": (rng.uniform(0.35, 0.55), rng.uniform(0.45, 0.7)), "pen": (0.018, rng.uniform(0.3, 0.45)),
                "phone": (0.2, 0.42), "note": (0.18, 0.18), "keyboard": (0.9, 0.3)}[kind]
        w, h = w * small[0], h * small[0]
        if kind == "phone":
            colour = (25, 25, 28)
        if kind == "note":
            colour = rng.choice([(250, 235, 100), (250, 170, 190), (160, 230, 170)])
        poly = rotated(cx, cy, w, h, angle)
        draw_s.polygon([(x + lift, y + lift) for x, y in poly], fill=150)
        draw_t.polygon(poly, fill=colour)
        draw_m.polygon(poly, fill=255)
        if kind == "book":  # its page block along one side
            draw_t.polygon(rotated(cx + 0.45 * w * math.cos(math.radians(angle)), cy + 0.45 * w * math.sin(math.radians(angle)),
                                   0.08 * w, h * 0.96, angle), fill=(235, 230, 215))
        if kind == "keyboard":
            for row in range(4):
                for col in range(12):
                    kx, ky = (col - 5.5) * w / 12.5, (row - 1.5) * h / 4.5
                    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                    draw_t.polygon(rotated(cx + kx * cos - ky * sin, cy + kx * sin + ky * cos, w / 15, h / 6, angle),
                                   fill=(70, 70, 75))
    shadow = shadow.filter(ImageFilter.GaussianBlur(6))
    desk = Image.composite(Image.new("RGB", small, (10, 8, 6)), desk, shadow.point(lambda v: v * 100 // 255))
    desk = Image.composite(top, desk, shapes)
    return desk.resize(size, Image.BICUBIC).filter(ImageFilter.GaussianBlur(rng.uniform(4, 9)))


# ---------------------------------------------------------------------------------------------
# Light and the camera


def lit(canvas, rng, low=(0.55, 0.75)):
    """Uneven light: full at one side of the frame, `low` at the other."""
    light = fixtures.linear_gradient(canvas.size, 1.0, rng.uniform(*low), rng.uniform(0, 360))
    return ImageChops.multiply(canvas, Image.merge("RGB", [light, light, light]))


def camera(canvas, rng, grain=14, blur=(0.9, 1.5)):
    """The sensor's grain (the same in every channel) and the lens's slight softness."""
    noise = fixtures.scaled_noise(canvas.size, rng, 0, grain)
    canvas = ImageChops.add(canvas, Image.merge("RGB", [noise, noise, noise]), offset=-(grain // 2))
    return canvas.filter(ImageFilter.GaussianBlur(rng.uniform(*blur)))


def shifted(image, dx, dy, fill=None):
    return image.transform(image.size, Image.AFFINE, (1, 0, -dx, 0, 1, -dy), resample=Image.BILINEAR,
                           fillcolor=fill)


def motion_blur(image, length, angle):
    """The frame smeared `length` pixels along `angle`: the mean of copies shifted along it."""
    steps = max(2, round(length)) + 1
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    out = None
    for k in range(steps):
        t = (k / (steps - 1) - 0.5) * length
        copy = shifted(image, t * dx, t * dy)
        out = copy if out is None else Image.blend(out, copy, 1 / (k + 1))
    return out


def gain(image, factor):
    return image.point(lambda v: min(255, round(v * factor)))


def skin_shaded(mask, colour, rng):
    """A skin-coloured layer over `mask`: darker towards its edges (it is round), a soft
    highlight off one side."""
    body = mask.filter(ImageFilter.GaussianBlur(max(2, mask.width // 60)))
    shade = body.point(lambda v: 150 + v * 105 // 255).filter(ImageFilter.GaussianBlur(1.5))
    layer = ImageChops.multiply(Image.new("RGB", mask.size, colour), Image.merge("RGB", [shade, shade, shade]))
    shine = ImageChops.multiply(shifted(body, -mask.width // 90, -mask.width // 90), mask)
    strength = rng.randint(40, 70)
    shine = shine.point(lambda v: max(0, v - 200) * strength // 55).filter(ImageFilter.GaussianBlur(3))
    return ImageChops.add(layer, Image.merge("RGB", [shine, shine, shine]))


# ---------------------------------------------------------------------------------------------
# The variants. Each returns (image, JPEG quality).


def photo_light(slip, ident):
    rng = wild.seeded(ident, "photo-light")
    size = frame_of(rng)
    paper = paper_of(slip, rng.choice([THERMAL, (255, 253, 248), (252, 252, 252)]))
    paper = scaled_to_frame(paper, size, rng)
    kind = ["counter", "marble", "birch", "sheet"][zlib.crc32(ident.encode()) % 4]
    quad = lay(paper, size, rng, tilt=(0.03, 0.12), turn=8)
    if kind == "sheet":
        canvas = sheet_under(surface(rng.choice(["birch", "counter", "granite"]), size, rng), size, quad, rng)
    else:
        canvas = surface(kind, size, rng)
    canvas = wild.warp_onto(canvas, paper, quad, (rng.randint(8, 30), rng.randint(10, 36)), rng.randint(55, 95),
                            rng.randint(50, 90))
    canvas = camera(lit(canvas, rng, (0.7, 0.88)), rng)
    return canvas, rng.randint(80, 88)


def close_up(paper, size, rng):
    """Where a slip filling the frame lands: returns (quad, scale, cut, inside), `cut` the
    share of the slip's length lost past the frame at its worse end, `inside` whether every
    corner of the printed block is 1.5% inside the frame. Shrinks the slip 1.5% a try until
    both hold (they do within a few tries on every SROIE slip)."""
    left, top, right, bottom = ink_box(paper)
    reach = rng.uniform(0.97, 1.04)  # the slip's length against the frame's height
    scale = min(reach * size[1] / paper.height, 0.97 * size[0] / paper.width)
    margin = 0.015 * min(size)
    turn, tilt, side = rng.uniform(-2.5, 2.5), rng.uniform(0.02, 0.06), rng.choice(["top", "bottom", "left", "right"])
    slide = rng.uniform(-1, 1)  # which end runs out of the frame, if one does
    for _ in range(40):
        w, h = paper.width * scale, paper.height * scale
        spill = max(0.0, h - size[1]) / 2 + 0.01 * h
        centre = (size[0] / 2 + rng.uniform(-0.01, 0.01) * size[0], size[1] / 2 + slide * min(spill, 0.03 * h))
        quad = wild.place_quad(w, h, centre, turn, tilt, side, rng, 0.003)
        mapping = forward((w, h), quad)
        ink = [project(mapping, (x * scale, y * scale)) for x, y in ((left, top), (right, top), (right, bottom), (left, bottom))]
        inside = all(margin <= x <= size[0] - margin and margin <= y <= size[1] - margin for x, y in ink)
        # How much of the slip's length the frame loses, at its worst end.
        cut = max(max(0.0, -min(p[1] for p in quad)), max(0.0, max(p[1] for p in quad) - size[1])) / h
        if inside and cut <= 0.03:
            break
        scale *= 0.985
    return quad, scale, cut, inside


def photo_fill(slip, ident):
    rng = wild.seeded(ident, "photo-fill")
    size = frame_of(rng)
    paper = paper_of(slip)
    kind = ["wood", "cloth", "granite", "counter"][zlib.crc32(ident.encode()) % 4]
    quad, scale, _cut, _inside = close_up(paper, size, rng)
    paper = paper.resize((round(paper.width * scale), round(paper.height * scale)), Image.BICUBIC)
    canvas = wild.warp_onto(surface(kind, size, rng), paper, quad, (rng.randint(6, 20), rng.randint(8, 24)), 120, 40)
    canvas = camera(lit(canvas, rng, (0.65, 0.85)), rng)
    return canvas, rng.randint(80, 88)


def creased(paper, rng):
    """Folds and crumples on the flat paper (see the module doc)."""
    w, h = paper.size
    small = (max(2, w // 4), max(2, h // 4))
    relief = Image.new("L", small, 128)  # 128 = as lit as flat paper; above is lighter
    fill = tuple(int(v) for v in ImageStat.Stat(paper.crop((0, 0, w, max(1, h // 40)))).median)
    folds = rng.randint(2, 4)
    heights = sorted(rng.uniform(0.12, 0.88) for _ in range(folds))
    for index, height in enumerate(heights):
        down = index == 0 and folds > 2 and rng.random() < 0.35  # one fold down the slip's length
        angle = (90 + rng.uniform(-6, 6)) if down else rng.uniform(-12, 12) * rng.choice([1, 1, 2])
        px, py = (w * rng.uniform(0.4, 0.6), h * 0.5) if down else (w * 0.5, h * height)
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        nx, ny = -dy, dx  # the fold's normal, towards the part that moves
        far = 4 * (w + h)
        half_plane = [(px - dx * far, py - dy * far), (px + dx * far, py + dy * far),
                      (px + dx * far + nx * far, py + dy * far + ny * far), (px - dx * far + nx * far, py - dy * far + ny * far)]
        # The paper beyond the fold: shifted across it and turned a little about it.
        step, twist = rng.uniform(2, 6) * rng.choice([-1, 1]), math.radians(rng.uniform(-0.5, 0.5))
        cos, sin = math.cos(twist), math.sin(twist)
        ox, oy = px + nx * step, py + ny * step  # where the fold's point lands
        # Inverse map for Pillow: output (x, y) -> input, a turn by -twist about the moved point.
        data = (cos, sin, px - cos * ox - sin * oy, -sin, cos, py + sin * ox - cos * oy)
        moved = paper.transform(paper.size, Image.AFFINE, data, resample=Image.BICUBIC, fillcolor=fill)
        mask = Image.new("L", paper.size, 0)
        ImageDraw.Draw(mask).polygon(half_plane, fill=255)
        paper = Image.composite(moved, paper, mask)
        # Relief: the facet beyond is tilted to or from the light; a lit ridge, a dark trough.
        # Each fold's relief adds to the others'.
        fold = Image.new("L", small, 128)
        draw = ImageDraw.Draw(fold)
        facet = rng.choice([-1, 1]) * rng.randint(5, 12)
        draw.polygon([(x / 4, y / 4) for x, y in half_plane], fill=128 + facet)
        width = rng.uniform(1.5, 4)
        for offset, value in ((-width, 128 + rng.randint(25, 45)), (width, 128 - rng.randint(35, 60))):
            sx, sy = (px + nx * offset * 4) / 4, (py + ny * offset * 4) / 4
            draw.line([(sx - dx * far, sy - dy * far), (sx + dx * far, sy + dy * far)], fill=value, width=max(1, round(width)))
        relief = ImageChops.add(relief, fold, offset=-128)
    draw = ImageDraw.Draw(relief)
    for _ in range(rng.randint(15, 40)):  # crumples: short, faint creases every way
        cx, cy, angle, length = rng.uniform(0, small[0]), rng.uniform(0, small[1]), rng.uniform(0, 180), rng.uniform(10, 60)
        dx, dy = math.cos(math.radians(angle)) * length / 2, math.sin(math.radians(angle)) * length / 2
        amount = rng.randint(8, 20)
        draw.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=128 + amount, width=1)
        draw.line([(cx - dx + 1, cy - dy + 1), (cx + dx + 1, cy + dy + 1)], fill=128 - amount, width=1)
    relief = ImageChops.add(relief.filter(ImageFilter.GaussianBlur(1.2)), wild.smooth_noise(small, rng, 25, 0, 14), offset=-7)
    relief = relief.resize(paper.size, Image.BICUBIC)
    dark = relief.point(lambda v: 255 - max(0, 128 - v) * 2)
    light = relief.point(lambda v: max(0, v - 128) * 2)
    paper = ImageChops.multiply(paper, Image.merge("RGB", [dark, dark, dark]))
    return ImageChops.screen(paper, Image.merge("RGB", [light, light, light]))


def photo_crease(slip, ident):
    rng = wild.seeded(ident, "photo-crease")
    size = frame_of(rng)
    paper = paper_of(slip)
    paper = scaled_to_frame(paper, size, rng)
    paper = creased(paper, rng)
    kind = ["granite", "cardboard", "slate", "wood"][zlib.crc32(ident.encode()) % 4]
    quad = lay(paper, size, rng, tilt=(0.03, 0.12), turn=7)
    canvas = wild.warp_onto(surface(kind, size, rng), paper, quad, (rng.randint(10, 35), rng.randint(15, 40)), 140, 55)
    canvas = camera(lit(canvas, rng), rng)
    return canvas, rng.randint(80, 88)


def photo_dim(slip, ident):
    rng = wild.seeded(ident, "photo-dim")
    size = frame_of(rng)
    paper = paper_of(slip)
    paper = scaled_to_frame(paper, size, rng)
    kind = ["wood", "cloth", "granite", "counter", "birch"][zlib.crc32(ident.encode()) % 5]
    quad = lay(paper, size, rng, tilt=(0.03, 0.14), turn=8)
    canvas = wild.warp_onto(surface(kind, size, rng), paper, quad, (rng.randint(15, 45), rng.randint(20, 50)), 160, 70)
    canvas = lit(canvas, rng, (0.45, 0.7))  # one lamp, off to a side
    # Tungsten: red kept, green and blue held back.
    warm = (255, rng.randint(200, 218), rng.randint(140, 165))
    canvas = ImageChops.multiply(canvas, Image.new("RGB", size, warm))
    # The frame's mean luminance to 60-100, the paper itself no brighter than 125-165.
    luminance = canvas.convert("L")
    factor = rng.uniform(60, 100) / ImageStat.Stat(luminance).mean[0]
    corners = [(0, 0), (paper.width, 0), (paper.width, paper.height), (0, paper.height)]
    on_paper = Image.new("L", paper.size, 255).transform(size, Image.PERSPECTIVE, wild.perspective_coefficients(quad, corners))
    paper_level = ImageStat.Stat(luminance, on_paper).mean[0]
    factor = max(min(factor, rng.uniform(125, 165) / paper_level), 61 / ImageStat.Stat(luminance).mean[0])
    canvas = gain(canvas, factor)
    canvas = motion_blur(canvas, rng.uniform(2, 5), rng.uniform(0, 180))
    luma = rng.randint(28, 44)
    noise = fixtures.scaled_noise(size, rng, 0, luma)
    canvas = ImageChops.add(canvas, Image.merge("RGB", [noise, noise, noise]), offset=-(luma // 2))
    chroma = rng.randint(16, 28)
    blotches = [fixtures.scaled_noise((size[0] // 3, size[1] // 3), rng, 0, chroma).resize(size, Image.BILINEAR)
                for _ in range(3)]
    canvas = ImageChops.add(canvas, Image.merge("RGB", blotches), offset=-(chroma // 2))
    return canvas.filter(ImageFilter.GaussianBlur(0.6)), 75


def glare_on(paper, rng):
    """A lamp's reflection on the paper (see the module doc); returns the paper and the
    ellipse's share of it."""
    w, h = paper.size
    share = rng.uniform(0.10, 0.25)
    a = w * rng.uniform(0.18, 0.28)  # half its width: never a whole line
    b = min(share * w * h / (math.pi * a), 0.3 * h)
    if rng.random() < 0.5:  # top half, off the middle
        cx = w * rng.choice([rng.uniform(0.25, 0.4), rng.uniform(0.6, 0.75)])
        cy = h * rng.uniform(0.15, 0.45)
    else:  # bottom half, left of centre: the amounts at the right stay
        cx, cy = w * rng.uniform(0.22, 0.38), h * rng.uniform(0.5, 0.82)
    cy = min(max(cy, b), h - b)  # all of it on the paper
    angle = math.radians(rng.uniform(-25, 25))
    small = (max(2, w // 4), max(2, h // 4))
    mask = Image.new("L", small, 0)
    draw = ImageDraw.Draw(mask)
    rings = 24
    for k in range(rings):
        s = 1 - k / rings  # outer ring first
        value = 250 if s < 0.35 else round(250 * (1 - s * s) ** 0.6 / (1 - 0.35 ** 2) ** 0.6)
        points = []
        for step in range(72):
            t = 2 * math.pi * step / 72
            x, y = a * s * math.cos(t), b * s * math.sin(t)
            points.append(((cx + x * math.cos(angle) - y * math.sin(angle)) / 4,
                           (cy + x * math.sin(angle) + y * math.cos(angle)) / 4))
        draw.polygon(points, fill=value)
    mask = mask.filter(ImageFilter.GaussianBlur(3)).resize(paper.size, Image.BILINEAR)
    white = Image.new("RGB", paper.size, (255, 253, 248))
    return Image.composite(white, paper, mask), math.pi * a * b / (w * h)


def photo_glare(slip, ident):
    rng = wild.seeded(ident, "photo-glare")
    size = frame_of(rng)
    paper = paper_of(slip)
    paper = scaled_to_frame(paper, size, rng)
    paper, _share = glare_on(paper, rng)
    # Mid and dark surfaces only: a pale one is photo-light's test, not this one's.
    kind = ["wood", "cloth", "granite", "slate"][zlib.crc32(ident.encode()) % 4]
    quad = lay(paper, size, rng, tilt=(0.03, 0.12), turn=7)
    canvas = wild.warp_onto(surface(kind, size, rng), paper, quad, (rng.randint(10, 35), rng.randint(15, 40)), 140, 55)
    canvas = lit(canvas, rng, (0.75, 0.9))
    # A hand's shadow: a wide soft blot coming in from one side of the frame.
    small = (size[0] // 8, size[1] // 8)
    blot = Image.new("L", small, 0)
    side = rng.choice(["left", "right", "top", "bottom"])
    rx, ry = small[0] * rng.uniform(0.35, 0.55), small[1] * rng.uniform(0.35, 0.55)
    along = rng.uniform(0.25, 0.75)
    cx, cy = {"left": (-rx * 0.45, small[1] * along), "right": (small[0] + rx * 0.45, small[1] * along),
              "top": (small[0] * along, -ry * 0.45), "bottom": (small[0] * along, small[1] + ry * 0.45)}[side]
    ImageDraw.Draw(blot).ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=255)
    strength = rng.uniform(0.35, 0.55)
    blot = blot.filter(ImageFilter.GaussianBlur(small[0] / 10)).resize(size, Image.BILINEAR)
    shade = blot.point(lambda v: 255 - round(v * strength))
    canvas = ImageChops.multiply(canvas, Image.merge("RGB", [shade, shade, shade]))
    canvas = camera(canvas, rng)
    return canvas, rng.randint(80, 88)


def shadowed(slip, ident, edge, seed):
    """A shadow (the phone's or a hand's, under one lamp) across the slip and its table: the frame's
    side beyond a line through the slip's middle third, the line up to 17 degrees from upright.
    `edge`: "hard" (blurred 4-12 px, a lamp, not the sky), "soft" (blurred 15-35 px), "part"
    (hard, but only over the slip's lower 40-65%: a second edge across it), or "across" (hard,
    the frame's side beyond a line across the slip's middle third, up to 17 degrees from level:
    the edge runs along the print's lines, not across them)."""
    rng = wild.seeded(ident, seed)
    size = frame_of(rng)
    paper = scaled_to_frame(paper_of(slip), size, rng)
    kind = ["wood", "cloth", "granite", "slate"][zlib.crc32(ident.encode()) % 4]
    quad = lay(paper, size, rng, tilt=(0.03, 0.12), turn=7)
    canvas = wild.warp_onto(surface(kind, size, rng), paper, quad, (rng.randint(10, 35), rng.randint(15, 40)), 140, 55)
    canvas = lit(canvas, rng, (0.75, 0.9))
    xs = [x for x, _ in quad]
    ys = [y for _, y in quad]
    left, right = min(xs), max(xs)
    x0 = left + (right - left) * rng.uniform(0.35, 0.65)
    lean = rng.uniform(-0.3, 0.3) * size[1]
    mask = Image.new("L", size, 0)
    beyond = rng.choice([size[0], 0])
    if edge == "across":
        top, bottom = min(ys), max(ys)
        y0 = top + (bottom - top) * rng.uniform(0.35, 0.65)
        tilt = rng.uniform(-0.3, 0.3) * size[0]
        side = rng.choice([size[1], 0])
        outline = [(0, y0 - tilt / 2), (0, side), (size[0], side), (size[0], y0 + tilt / 2)]
    elif edge == "part":
        top, bottom = min(ys), max(ys)
        y0 = bottom - (bottom - top) * rng.uniform(0.4, 0.65)
        outline = [(x0, y0), (beyond, y0), (beyond, size[1]), (x0 + lean / 4, size[1])]
    else:
        outline = [(x0 - lean / 2, 0), (beyond, 0), (beyond, size[1]), (x0 + lean / 2, size[1])]
    ImageDraw.Draw(mask).polygon(outline, fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(rng.uniform(15, 35) if edge == "soft" else rng.uniform(4, 12)))
    strength = rng.uniform(0.35, 0.5)
    shade = mask.point(lambda v: 255 - round(v * strength))
    canvas = ImageChops.multiply(canvas, Image.merge("RGB", [shade, shade, shade]))
    canvas = camera(canvas, rng)
    return canvas, rng.randint(80, 88)


def photo_shadow(slip, ident):
    return shadowed(slip, ident, "hard", "photo-shadow")


def photo_shadow_soft(slip, ident):
    return shadowed(slip, ident, "soft", "photo-soft")  # the seed of its first, ad hoc version


def photo_shadow_part(slip, ident):
    return shadowed(slip, ident, "part", "photo-part")


def photo_shadow_across(slip, ident):
    return shadowed(slip, ident, "across", "photo-across")


SKIN = [(236, 190, 160), (224, 172, 140), (198, 140, 105), (160, 108, 78), (105, 72, 52)]


def capsule(start, end, radius, points=20):
    """A rounded finger from `start` to `end` (its tip's centre), `radius` wide each side."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    outline = []
    for centre, first in ((end, angle - math.pi / 2), (start, angle + math.pi / 2)):
        for k in range(points + 1):
            t = first + math.pi * k / points
            outline.append((centre[0] + radius * math.cos(t), centre[1] + radius * math.sin(t)))
    return outline


def ellipse(centre, rx, ry, angle, points=48):
    cos, sin = math.cos(angle), math.sin(angle)
    return [(centre[0] + rx * math.cos(t) * cos - ry * math.sin(t) * sin,
             centre[1] + rx * math.cos(t) * sin + ry * math.sin(t) * cos)
            for t in (2 * math.pi * k / points for k in range(points))]


def hand_at(w, h, edge, along, angle, over, twist, fingers):
    """The thumb and palm (over the slip) and `fingers` curled fingers (under it), in the flat
    paper's pixels, for a hand holding the slip at `edge` (left, right, or a bottom corner):
    the thumb's tip `over` pixels onto the paper, turned `angle` from straight in, the palm
    beyond it turned `twist` more."""
    thumb_r = 0.11 * w
    anchor, inward = {"left": ((0.0, h * along), 0.0), "right": ((w, h * along), math.pi),
                      "top": ((w * along, 0.0), math.pi / 2), "bottom": ((w * along, h), -math.pi / 2),
                      "bottom-left": ((0.0, h), -math.pi / 4), "bottom-right": ((w, h), -3 * math.pi / 4),
                      "top-left": ((0.0, 0.0), math.pi / 4), "top-right": ((w, 0.0), 3 * math.pi / 4)}[edge]
    direction = inward + angle
    ux, uy = math.cos(direction), math.sin(direction)
    tip = (anchor[0] + ux * (over - thumb_r), anchor[1] + uy * (over - thumb_r))
    base = (tip[0] - ux * 0.75 * w, tip[1] - uy * 0.75 * w)
    palm = ellipse((base[0] - ux * 0.35 * w, base[1] - uy * 0.35 * w), 0.55 * w, 0.42 * w, direction + twist)
    over_parts = [capsule(base, tip, thumb_r), palm]
    under_parts = []
    # Fingers under the slip, curling round its edge beside the thumb: only their tips show.
    vx, vy = -uy, ux
    for k in range(fingers):
        offset = (k + 1) * 0.2 * w * (-1 if edge in ("bottom-right", "top-left") else 1)
        end = (anchor[0] + vx * offset + ux * 0.12 * w, anchor[1] + vy * offset + uy * 0.12 * w)
        start = (end[0] - ux * 0.5 * w, end[1] - uy * 0.5 * w)
        under_parts.append(capsule(start, end, 0.085 * w))
    return over_parts, under_parts


def photo_hand(slip, ident):
    rng = wild.seeded(ident, "photo-hand")
    size = frame_of(rng)
    paper = paper_of(slip)
    paper = scaled_to_frame(paper, size, rng, (0.30, 0.5))
    w, h = paper.size
    ink = ink_mask(paper)

    def touches_print(parts):
        mask = Image.new("L", ink.size, 0)
        for part in parts:
            ImageDraw.Draw(mask).polygon([(x / 4, y / 4) for x, y in part], fill=255)
        return ImageChops.multiply(mask, ink).getbbox() is not None

    # A few holds tried; the thumb then moves out from the slip until it clears the print.
    best = None
    for _ in range(10):
        edge = rng.choice(["left", "right", "left", "right", "bottom", "top", "bottom-left", "bottom-right",
                           "top-left", "top-right"])
        along = rng.uniform(0.3, 0.85) if edge in ("left", "right") else rng.uniform(0.2, 0.8)
        hold = [edge, along, math.radians(rng.uniform(-30, 30))]
        shape = [rng.uniform(-0.3, 0.3), rng.randint(2, 3)]
        over = 0.06 * w
        while over > 0 and touches_print(hand_at(w, h, *hold, over, *shape)[0]):
            over -= 0.005 * w
        if over > 0 and (best is None or over > best[0]):
            best = (over, hold, shape)
    over, hold, shape = best or (0.0, ["left", 0.5, 0.0], [0.0, 2])
    over_parts, under_parts = hand_at(w, h, *hold, over, *shape)

    quad = lay(paper, size, rng, tilt=(0.04, 0.14), turn=9)
    mapping = forward(paper.size, quad)
    skin = rng.choice(SKIN)

    def layer(parts):
        small = (size[0] // 4, size[1] // 4)
        mask = Image.new("L", small, 0)
        for part in parts:
            ImageDraw.Draw(mask).polygon([tuple(v / 4 for v in project(mapping, p)) for p in part], fill=255)
        return mask

    def put(canvas, parts, shadow):
        mask = layer(parts)
        if shadow:  # the hand's shadow on what lies under it
            soft = shifted(mask, rng.randint(4, 8), rng.randint(5, 9)).filter(ImageFilter.GaussianBlur(6))
            shade = soft.point(lambda v: 255 - v * 90 // 255).resize(size, Image.BILINEAR)
            canvas = ImageChops.multiply(canvas, Image.merge("RGB", [shade, shade, shade]))
        hand = skin_shaded(mask, skin, rng).resize(size, Image.BILINEAR).filter(ImageFilter.GaussianBlur(2))
        edge_mask = mask.filter(ImageFilter.GaussianBlur(0.7)).resize(size, Image.BILINEAR)
        return Image.composite(hand, canvas, edge_mask)

    canvas = cluttered_desk(size, rng)
    canvas = put(canvas, under_parts, True)
    # Held up: the slip's shadow falls far below it, wide and faint.
    canvas = wild.warp_onto(canvas, paper, quad, (rng.randint(60, 120), rng.randint(80, 140)), 90, 110)
    canvas = put(canvas, over_parts, True)
    canvas = camera(lit(canvas, rng, (0.65, 0.85)), rng)
    return canvas, rng.randint(80, 88)


MAKERS = {"photo-light": photo_light, "photo-fill": photo_fill, "photo-crease": photo_crease,
          "photo-dim": photo_dim, "photo-glare": photo_glare, "photo-hand": photo_hand, "photo-shadow": photo_shadow,
          "photo-shadow-soft": photo_shadow_soft, "photo-shadow-part": photo_shadow_part,
          "photo-shadow-across": photo_shadow_across}


# ---------------------------------------------------------------------------------------------
# Writing the set: make-wild.py's layout and truth lines


def write_variants(source, variants, img_dir):
    written = []
    slip = source.load()
    for variant in variants:
        ident = f"{source.id}-{variant}"
        if variant == "clean":
            target = wild.write_clean(source, slip, img_dir, ident)
        else:
            image, quality = MAKERS[variant](slip, source.id)
            target = os.path.join(img_dir, ident + ".jpg")
            image.save(target, quality=quality)
        written.append((ident, variant, target))
    return written


def build(sources, out, variants):
    return wild.build(sources, out, lambda source: variants, write=write_variants)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("src")
    parser.add_argument("out")
    parser.add_argument("--variants", default=",".join(DEFAULT_VARIANTS))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--offset", type=int, default=0, help="skip the first N receipts (in name order)")
    args = parser.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variants {unknown}; known: {VARIANTS}")
    sources = wild.sources_from(args.src)[args.offset:][: args.limit]
    if not sources:
        sys.exit(f"make-stress: no receipts in {args.src} after --offset {args.offset}")
    print(f"Writing {len(sources)} receipts x {len(variants)} variants to {args.out}")
    build(sources, args.out, variants)


if __name__ == "__main__":
    main()
