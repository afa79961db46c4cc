import CLeptonica
import Foundation

/// Whether an image shows light print on a dark ground: a phone screenshot of an e-mailed
/// receipt in dark mode, a scanner's negative. Tesseract's layout analysis looks for dark
/// lines on light paper and reads such an image as noise; turned negative, it reads as a
/// white page.
///
/// Decided on a small copy by what each polarity's ink looks like. Light on dark, the light
/// shapes are letters: many, small, and no larger light shape stands out. A slip in any
/// capture, however dim or small in its frame, is one light shape of at least a few percent
/// of the frame, and its dark letters outnumber the light specks of any table.
public enum PrintPolarity {
    /// A light shape this large a share of the frame is paper (or a screen's light panel), not
    /// print: the smallest slip in a photo or on an A4 page covers several times more.
    static let paperShare = 0.02
    /// Light pixels are a minority: letters cover a fifth of a screen at most.
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
        let lightShapes = shapes(light)
        guard lightShapes.largest / area < paperShare, lightShapes.letters >= minimumLetters else { return false }
        return Double(lightShapes.letters) >= letterMajority * Double(shapes(dark).letters)
    }

    /// Connected shapes of glyph size (at least 2 px, at most a tenth of the page either way),
    /// and the area of the largest shape of any size.
    private static func shapes(_ binary: LeptonicaImage) -> (letters: Int, largest: Double) {
        var boxes = pixConnCompBB(binary.pointer, 8)
        defer { boxaDestroy(&boxes) }
        guard boxes != nil else { return (0, 0) }
        let limit = Int32(max(binary.width, binary.height) / 10)
        var letters = 0
        var largest = 0.0
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            boxaGetBoxGeometry(boxes, index, &x, &y, &width, &height)
            largest = max(largest, Double(width) * Double(height))
            if max(width, height) >= 2, width <= limit, height <= limit { letters += 1 }
        }
        return (letters, largest)
    }
}

extension LeptonicaImage {
    /// The image as its negative: light print on dark turned dark on light.
    public func negative() -> LeptonicaImage? {
        LeptonicaImage(taking: pixInvert(nil, pointer))
    }
}
