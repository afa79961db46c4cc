import CLeptonica
import Foundation

/// Whether an image shows light print on a dark ground: a phone screenshot of an e-mailed
/// receipt in dark mode, a scanner's negative. Tesseract's layout analysis looks for dark
/// lines on light paper and reads such an image as noise; turned negative, it reads as a
/// white page.
///
/// Decided on a small copy by what each polarity's ink looks like. Light on dark, the light
/// shapes are letters: many, small, at least twice the dark shapes (the counters of "o", "e").
/// A slip in any capture, however dim or small in its frame, is a large light shape with dark
/// letters on it; an app's coloured header is a large light shape with none.
public enum PrintPolarity {
    /// A light shape this large a share of the frame is paper, a header or a panel, not print.
    static let largeShare = 0.02
    /// Dark letters on a large light shape that make it paper: a slip carries hundreds, an
    /// app's header (white on colour) none.
    static let paperLetters = 10
    /// Light pixels are a minority: letters and a header cover a third of a screen at most.
    static let maximumLightShare = 0.35
    /// Light letters must outnumber dark shapes clearly: a dark ground leaves few dark shapes
    /// (the counters of "o", "e", "a"), dark print on paper many.
    static let letterMajority = 2.0
    /// Too few light shapes to be lines of print.
    static let minimumLetters = 40

    public static func isLightOnDark(_ grey: LeptonicaImage) -> Bool {
        guard grey.depth == 8, let (small, threshold) = grey.measuringCopy(),
              let dark = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)),
              let light = LeptonicaImage(taking: pixInvert(nil, dark.pointer)) else { return false }
        let area = Double(small.width * small.height)
        var lightPixels: Int32 = 0
        pixCountPixels(light.pointer, &lightPixels, nil)
        guard Double(lightPixels) / area <= maximumLightShare else { return false }
        let lightShapes = shapes(light, largeArea: largeShare * area)
        let darkShapes = shapes(dark, largeArea: largeShare * area)
        guard lightShapes.letters.count >= minimumLetters,
              Double(lightShapes.letters.count) >= letterMajority * Double(darkShapes.letters.count) else { return false }
        let onLargeLightShapes = darkShapes.letters.filter { letter in lightShapes.large.contains { $0.contains(letter) } }
        return onLargeLightShapes.count < paperLetters
    }

    /// Connected shapes of glyph size (at least 2 px, at most a tenth of the page either way),
    /// and the boxes of shapes covering at least `largeArea`.
    private static func shapes(_ binary: LeptonicaImage, largeArea: Double) -> (letters: [PixelRect], large: [PixelRect]) {
        var boxes = pixConnCompBB(binary.pointer, 8)
        defer { boxaDestroy(&boxes) }
        guard boxes != nil else { return ([], []) }
        let limit = Int32(max(binary.width, binary.height) / 10)
        var letters: [PixelRect] = [], large: [PixelRect] = []
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            boxaGetBoxGeometry(boxes, index, &x, &y, &width, &height)
            let box = PixelRect(x: x, y: y, width: width, height: height)
            if Double(width) * Double(height) >= largeArea { large.append(box) }
            if max(width, height) >= 2, width <= limit, height <= limit { letters.append(box) }
        }
        return (letters, large)
    }
}

extension LeptonicaImage {
    /// The image as its negative: light print on dark turned dark on light.
    public func negative() -> LeptonicaImage? {
        LeptonicaImage(taking: pixInvert(nil, pointer))
    }
}
