import CLeptonica
import Foundation
import Imaging

extension LeptonicaImage {
    /// Draws lines of text in black on white with Leptonica's built-in bitmap font.
    ///
    /// Exists so tests (and demos) can make images with known text without image files or
    /// a font renderer: what Tesseract reads back can then be checked word for word.
    /// `fontSize` is one of Leptonica's sizes: 4, 6, ... 20.
    public static func renderedText(_ lines: [String], fontSize: Int = 20, margin: Int = 40,
                                    lineSpacing: Double = 1.6) -> LeptonicaImage? {
        guard let font = bmfCreate(nil, Int32(fontSize)) else { return nil }
        defer {
            var owned: UnsafeMutablePointer<L_BMF>? = font
            bmfDestroy(&owned)
        }
        let lineHeight = Int(Double(font.pointee.lineheight) * lineSpacing)
        var widest = 0
        for line in lines {
            var width: Int32 = 0
            bmfGetStringWidth(font, line, &width)
            widest = max(widest, Int(width))
        }
        let width = widest + 2 * margin
        let height = lines.count * lineHeight + 2 * margin
        guard let image = blank(width: width, height: height, depth: 8) else { return nil }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            var drawn: Int32 = 0, overflow: Int32 = 0
            let baseline = Int32(margin + index * lineHeight + Int(font.pointee.baselinetab[65]))  // baseline of 'A'
            pixSetTextline(image.pointer, font, line, 0, Int32(margin), baseline, &drawn, &overflow)
        }
        return image
    }

    /// Grey value (0 black … 255 white) at a pixel of an 8 bpp image; for 1 bpp, 0 or 255.
    public func greyValue(x: Int, y: Int) -> Int? {
        var value: UInt32 = 0
        guard pixGetPixel(pointer, Int32(x), Int32(y), &value) == 0 else { return nil }
        switch depth {
        case 1: return value == 1 ? 0 : 255
        case 8: return Int(value)
        case 32:
            let r = Int(value >> 24 & 0xFF), g = Int(value >> 16 & 0xFF), b = Int(value >> 8 & 0xFF)
            return (r * 299 + g * 587 + b * 114) / 1000
        default: return Int(value)
        }
    }

    /// A 32 bpp copy of a grey image whose ink is printed in the given colour on white paper.
    public func tinted(red: Int, green: Int, blue: Int) -> LeptonicaImage? {
        guard let grey = try? grey() else { return nil }
        func channel(_ ink: Int) -> LeptonicaImage? {
            // 255 − (255 − grey) × (255 − ink) / 255: paper stays white, black becomes `ink`.
            guard let inverted = LeptonicaImage(taking: pixInvert(nil, grey.pointer)) else { return nil }
            pixMultConstantGray(inverted.pointer, Float(255 - ink) / 255)
            return LeptonicaImage(taking: pixInvert(nil, inverted.pointer))
        }
        guard let r = channel(red), let g = channel(green), let b = channel(blue) else { return nil }
        return LeptonicaImage(taking: pixCreateRGBImage(r.pointer, g.pointer, b.pointer))
    }

    /// Rotated by `degrees` (clockwise positive) about the centre, bringing in white at the corners.
    public func rotated(degrees: Double) -> LeptonicaImage? {
        let radians = Float(degrees * .pi / 180)
        return LeptonicaImage(taking: pixRotate(pointer, radians, Int32(L_ROTATE_AREA_MAP),
                                                Int32(L_BRING_IN_WHITE), 0, 0))
    }

    /// Skew of the text lines in degrees as Leptonica measures it, with its confidence
    /// (0 when it could not tell).
    public func measuredSkew() -> (degrees: Double, confidence: Double) {
        guard let grey = try? grey(),
              let binary = LeptonicaImage(taking: depth == 1 ? pixClone(pointer) : pixThresholdToBinary(grey.pointer, 160))
        else { return (0, 0) }
        var angle: Float = 0, confidence: Float = 0
        guard pixFindSkew(binary.pointer, &angle, &confidence) == 0 else { return (0, 0) }
        return (Double(angle), Double(confidence))
    }

    /// Pastes `other` into a copy of this image with its top-left corner at (x, y).
    public func pasting(_ other: LeptonicaImage, x: Int, y: Int) -> LeptonicaImage? {
        guard let target = LeptonicaImage(taking: pixCopy(nil, pointer)),
              let source = try? other.grey(), depth == 8 else { return nil }
        pixRasterop(target.pointer, Int32(x), Int32(y), Int32(source.width), Int32(source.height),
                    PIX_SRC, source.pointer, 0, 0)
        return target
    }

    /// A copy with every pixel set to one grey value (8 bpp).
    public static func filled(width: Int, height: Int, grey: Int) -> LeptonicaImage? {
        guard let image = LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)) else { return nil }
        pixSetAllGray(image.pointer, Int32(grey))
        return image
    }

    /// A copy with `count` dark specks of `size`×`size` pixels at places drawn from `seed`, like a
    /// phone photo's grain or a thermal slip's speckle after thresholding (8 bpp).
    public func speckled(count: Int, size: Int, seed: UInt64 = 1) -> LeptonicaImage? {
        guard let source = try? grey(), let target = LeptonicaImage(taking: pixCopy(nil, source.pointer)) else { return nil }
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407   // a fixed LCG: same specks every run
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<count {
            let x = next(max(1, width - size)), y = next(max(1, height - size))
            pixRasterop(target.pointer, Int32(x), Int32(y), Int32(size), Int32(size), PIX_CLR, nil, 0, 0)   // 0 is black at 8 bpp
        }
        return target
    }
}

extension LeptonicaImage {
    /// The same picture under barcodes: `bars` black bars, `barHeight` px tall, 2 px wide and
    /// 2 px apart, in as many rows as the width needs, added above it (a till's receipt-number
    /// barcodes).
    public func withBarcodes(bars: Int, barHeight: Int) -> LeptonicaImage? {
        let perRow = max(1, (width - 20) / 4), rows = (bars + perRow - 1) / perRow
        guard let source = try? grey(),
              let taller = LeptonicaImage(taking: pixAddBorderGeneral(source.pointer, 0, 0, Int32(rows * (barHeight + 10) + 10), 0, 255))
        else { return nil }
        for index in 0..<bars {
            let x = 10 + 4 * (index % perRow), y = 10 + (index / perRow) * (barHeight + 10)
            pixRasterop(taller.pointer, Int32(x), Int32(y), 2, Int32(barHeight), PIX_CLR, nil, 0, 0)
        }
        return taller
    }

    /// The same picture with black mapped to `ink` and white to `paper` (8 bpp): a faded print.
    public func withGreyLevels(ink: Int, paper: Int) -> LeptonicaImage? {
        guard let grey = LeptonicaImage(taking: depth == 8 ? pixCopy(nil, pointer) : pixConvertTo8(pointer, 0)) else { return nil }
        for y in 0..<grey.height {
            for x in 0..<grey.width {
                var value: UInt32 = 0
                pixGetPixel(grey.pointer, Int32(x), Int32(y), &value)
                let mapped = Double(ink) + Double(paper - ink) * Double(value) / 255
                pixSetPixel(grey.pointer, Int32(x), Int32(y), UInt32(mapped.rounded()))
            }
        }
        return grey
    }

    /// The image as a dot-matrix printer would print it: ink kept only on a grid of `dot`-pixel
    /// dots every `pitch` pixels, at grey `ink` on white. Its glyphs fall apart into specks.
    /// `scale`: the text enlarged first, so strokes are several dots wide.
    public func asDotMatrix(scale: Double, pitch: Int, dot: Int, ink: Int) -> LeptonicaImage? {
        guard let enlarged = LeptonicaImage(taking: pixScale(pointer, Float(scale), Float(scale))),
              let grey = LeptonicaImage(taking: enlarged.depth == 8 ? pixCopy(nil, enlarged.pointer) : pixConvertTo8(enlarged.pointer, 0))
        else { return nil }
        for y in 0..<grey.height {
            for x in 0..<grey.width {
                var value: UInt32 = 0
                pixGetPixel(grey.pointer, Int32(x), Int32(y), &value)
                let onDot = x % pitch < dot && y % pitch < dot
                pixSetPixel(grey.pointer, Int32(x), Int32(y), value < 128 && onDot ? UInt32(ink) : 255)
            }
        }
        return grey
    }
}
