import CLeptonica
import Foundation

/// Stage 2: turns a photo or scan into the grey page Tesseract reads best.
/// Steps run in the order that keeps each one cheap and reliable: grey, crop (less to
/// process), deskew (on the receipt only), scale (text to ~28 px), normalise the background
/// when it is uneven, smooth out grain (`Grain`), deepen print a reflection washed out
/// (`WashedPrint`), and binarise only if asked: Tesseract 5's LSTM reads the grey image, and
/// our own thresholding measured much worse (`rebut bench ocr`, see the git log).
public struct ReceiptCleaner: Sendable {
    public let options: CleaningOptions

    public init(options: CleaningOptions = .default) {
        self.options = options
    }

    public func clean(_ image: LeptonicaImage) throws -> LeptonicaImage {
        var notes: [String] = []
        return try clean(image, notes: &notes)
    }

    /// `notes` receives what a person should know about the capture (several slips on one page).
    public func clean(_ image: LeptonicaImage, notes: inout [String]) throws -> LeptonicaImage {
        try finish(try located(image, notes: &notes))
    }

    /// The first half of cleaning: grey, cropped to the receipt and, when its lines run across,
    /// straightened, at the capture's resolution. What a second look starts again from (see `finish`).
    public func located(_ image: LeptonicaImage, notes: inout [String]) throws -> LeptonicaImage {
        var sideways = false
        return try located(image, notes: &notes, sideways: &sideways)
    }

    /// `sideways`: whether the print's lines run down the receipt, which is then left as it lies
    /// for a quarter turn to stand it upright (`turnedLocated`).
    public func located(_ image: LeptonicaImage, notes: inout [String], sideways: inout Bool) throws -> LeptonicaImage {
        Leptonica.silenceMessages()
        var current = try image.grey()
        // Light print on a dark ground (a screenshot in dark mode) is read as its negative.
        if PrintPolarity.isLightOnDark(current), let negative = current.negative() { current = negative }
        if options.crop {
            var slips = 1
            if let cropped = try ReceiptLocator.crop(current, slips: &slips) { current = cropped }
            if slips > 1 {
                notes.append("the image holds \(slips) receipts; only the largest was read: scan or photograph them one at a time")
            }
        }
        // Deskewing and the bow search measure along rows: print whose lines run down the page
        // is straightened once it is turned upright (`turnedLocated`), not before.
        sideways = TextDirection.isSideways(current)
        return sideways ? current : try straightened(current)
    }

    /// Small rotations and a curled slip's bowed lines undone, on an upright receipt.
    func straightened(_ upright: LeptonicaImage) throws -> LeptonicaImage {
        var current = upright
        if options.deskew { current = try current.deskewed() }
        if options.levelFan, let fan = LineFan.measure(current), let level = LineFan.levelled(current, removing: fan) {
            current = level
        }
        if options.flattenCurl, let bow = LineCurl.measure(current),
           let flat = LineCurl.flattened(current, removing: bow) {
            current = flat
        }
        return current
    }

    /// A located receipt turned by quarter turns and finished: straightened and sized again,
    /// since both measured it along lines that ran down the page (glyph widths taken for heights).
    /// Not located again: the receipt was found already, and a second search on the crop can cut
    /// into print that reaches its edges.
    public func turned(_ located: LeptonicaImage, quarterTurns: Int) throws -> LeptonicaImage {
        try finish(try turnedLocated(located, quarterTurns: quarterTurns))
    }

    /// A located receipt turned by quarter turns, straightened after a quarter turn, not yet finished.
    public func turnedLocated(_ located: LeptonicaImage, quarterTurns: Int) throws -> LeptonicaImage {
        guard let current = located.rotated(quarterTurns: quarterTurns) else { throw ImagingError.operationFailed("rotation") }
        return quarterTurns % 2 != 0 ? try straightened(current) : current
    }

    /// A located receipt printed in dots, thickened; nil for any other print. Dot-matrix glyphs
    /// fall apart into dots that the size estimate measures as 6–9 px characters, and the
    /// receipt was enlarged 3× to the pixel cap and read as noise before a thickened second
    /// look read it. A 3×3 erosion adds 2 px to a solid glyph's height but joins a column of
    /// dots into the glyph, at least doubling it. Only checked where the estimate asks to
    /// enlarge at least twice, so ordinary print pays nothing, and only where the measured
    /// components stand upright (no wider than tall, as glyphs and dots are): thickened sideways
    /// print joins the letters of a word into one tall column. On tune the dotted scans'
    /// components measure 0.44–0.8 wide per unit of height; sideways small print 1.0–1.8.
    public func dottedPrint(_ located: LeptonicaImage) -> LeptonicaImage? {
        dottedCheck(located).thickened
    }

    /// `dottedPrint`, with the character height it measured on the print as it is (nil when it
    /// measured none), so sizing need not measure it again.
    func dottedCheck(_ located: LeptonicaImage) -> (thickened: LeptonicaImage?, plainHeight: Double?) {
        guard options.thickenDottedPrint, options.scale, options.fixedScaleFactor == nil,
              let plain = TextSizeEstimator.characterShape(located) else { return (nil, nil) }
        guard plain.height * 2 <= Double(options.targetCharacterHeight), plain.widthRatio <= 1,
              let thick = try? located.inkThickened(),
              // Measured as it is, as the print was where it passed for grain-free: a thickened
              // photo's grain joins into blobs that halving would take for characters.
              let thickened = TextSizeEstimator.componentShape(thick)?.height, thickened >= 2 * plain.height
        else { return (nil, plain.sizingHeight) }
        return (thick, nil)
    }

    /// Median character height of a located receipt as printed and with its strokes thickened.
    public func characterHeights(_ located: LeptonicaImage) -> (plain: Double?, thickened: Double?) {
        (TextSizeEstimator.medianCharacterHeight(located),
         (try? located.inkThickened()).flatMap { TextSizeEstimator.medianCharacterHeight($0) })
    }

    /// The second half: a located receipt sized for Tesseract, its background and faint ink evened out.
    public func finish(_ located: LeptonicaImage) throws -> LeptonicaImage {
        Leptonica.silenceMessages()
        var current = located
        var measured: Double? = nil
        if options.thickenInk { current = try current.inkThickened() }
        else {
            let dotted = dottedCheck(located)
            if let thickened = dotted.thickened { current = thickened }
            measured = dotted.plainHeight
        }
        if options.scale, let wanted = options.fixedScaleFactor ?? measured.map({
            TextSizeEstimator.scaleFactor(forHeight: $0, target: options.targetCharacterHeight)
        }) ?? TextSizeEstimator.scaleFactor(for: current, target: options.targetCharacterHeight) {
            let factor = PixelBudget.cappedUpscale(wanted, width: current.width, height: current.height,
                                                   maxPixels: options.maxScaledPixels)
            if factor != 1 { current = try current.scaled(by: factor) }
        }
        // Ink and paper are measured once for both stretches, again only if the page changes
        // between them: a histogram is a pass over up to 10 MP.
        var levels = options.stretchFaintInk ? current.inkAndPaper() : nil
        // Paper photographed in dim light is grey: brought up first, so that the background
        // map below, which takes anything darker than its ink level for print, sees paper.
        if let measured = levels, let brightened = current.dimPaperBrightened(measured: measured) {
            current = brightened
            levels = nil
        }
        if options.normalizeBackground, let background = BackgroundMap(current),
           (background.spread ?? .max) >= options.unevenBackgroundThreshold {
            current = try ShadowEdge.crosses(current) ? current.shadowEvened() : background.normalizing(current)
            levels = nil
        }
        if options.smoothGrain, let smooth = Grain.smoothed(current) {
            current = smooth
            levels = nil
        }
        if options.stretchFaintInk, let stretched = current.faintInkStretched(measured: levels) { current = stretched }
        if options.deepenWashedPrint, let deeper = WashedPrint.deepened(current) { current = deeper }
        if options.binarize { current = try current.binarized(options.binarization) }
        return current
    }
}

extension LeptonicaImage {
    /// 8 bpp grey without colormap; colour carries nothing Tesseract uses on receipts.
    package func grey() throws(ImagingError) -> LeptonicaImage {
        if depth == 8, pixGetColormap(pointer) == nil { return self }
        let converted = depth == 32 ? pixConvertRGBToLuminance(pointer) : pixConvertTo8(pointer, 0)
        guard let grey = LeptonicaImage(taking: converted) else { throw .operationFailed("grey conversion") }
        return grey
    }

    func deskewed() throws(ImagingError) -> LeptonicaImage {
        var angle: Float = 0, confidence: Float = 0
        // Reduction 2 for the search keeps it fast on ~1000 px receipts and still finds 0.1°.
        guard let straight = LeptonicaImage(taking: pixFindSkewAndDeskew(pointer, 2, &angle, &confidence)) else {
            throw .operationFailed("deskew")
        }
        return straight
    }

    /// Grey erosion (each pixel the darkest of its 3×3 neighbourhood): joins the dots of a
    /// dot-matrix glyph and darkens hairline thermal print.
    func inkThickened() throws(ImagingError) -> LeptonicaImage {
        guard let thick = LeptonicaImage(taking: pixErodeGray(pointer, 3, 3)) else { throw .operationFailed("thickening") }
        return thick
    }

    func scaled(by factor: Double) throws(ImagingError) -> LeptonicaImage {
        let f = Float(factor)
        // Grey-aware scaling: smooth upscale, anti-aliased downscale.
        let result = factor >= 1 ? pixScaleGrayLI(pointer, f, f) : pixScaleAreaMap(pointer, f, f)
        guard let scaled = LeptonicaImage(taking: result ?? pixScale(pointer, f, f)) else {
            throw .operationFailed("scaling")
        }
        return scaled
    }

    /// Half the size, each pixel the mean of four: grain averages out, print stays.
    func halved() -> LeptonicaImage? {
        LeptonicaImage(taking: pixScaleAreaMap2(pointer))
    }

    /// The darkest print lighter than this grey level is faint: black thermal print reaches
    /// 0–60, a faded slip's 150–215.
    static let faintInkLevel: UInt32 = 110

    /// Faint print stretched to the full range: the darkest half-percent of pixels (the ink) to
    /// black, the paper (the 60th percentile) to white. Nil when the print is dark already, so
    /// ordinary scans and photos are left as they are.
    /// `measured`: this image's `inkAndPaper`, when known already.
    func faintInkStretched(measured: (ink: Int, paper: Int)? = nil) -> LeptonicaImage? {
        guard let (ink, paper) = measured ?? inkAndPaper() else { return nil }
        guard ink >= Int(Self.faintInkLevel), paper > ink + 10 else { return nil }
        return LeptonicaImage(taking: pixGammaTRC(nil, pointer, 1.0, Int32(ink), Int32(paper)))
    }

    /// Paper below this grey level was photographed in dim light (evening indoors): within 20
    /// levels of what `BackgroundMap` counts as ink, so the map cannot even it out. Scanned and
    /// daylit paper sits at 170–250; a grey scan or a photo in shade, at 130–170, is left as
    /// it is (brought up, the grey slips of tune and the first wild set lost as many fields as
    /// they gained).
    static let dimPaperLevel = Int(BackgroundMap.inkBelow) + 20
    /// Where dim paper is brought: the level `BackgroundMap` evens paper out to.
    static let brightenedPaperLevel = 220

    /// Dim paper brought up to a light grey, the darkest print kept black: a linear stretch of
    /// the darkest half-percent (the ink) to 0 and the paper (the 60th percentile) to
    /// `brightenedPaperLevel`. Nil when the paper is light already or nothing stands out of it.
    /// `measured`: as for `faintInkStretched`.
    func dimPaperBrightened(measured: (ink: Int, paper: Int)? = nil) -> LeptonicaImage? {
        guard let (ink, paper) = measured ?? inkAndPaper() else { return nil }
        guard paper < Self.dimPaperLevel, paper > ink + 20 else { return nil }
        let white = ink + (paper - ink) * 255 / Self.brightenedPaperLevel
        return LeptonicaImage(taking: pixGammaTRC(nil, pointer, 1.0, Int32(ink), Int32(white)))
    }

    /// The print's level (the darkest half-percent of pixels) and the paper's (the 60th
    /// percentile), from one histogram.
    func inkAndPaper() -> (ink: Int, paper: Int)? {
        greyLevels(at: [0.005, 0.6]).map { ($0[0], $0[1]) }
    }

    /// The grey levels at these ranks (0 darkest, 1 brightest) from one histogram, as
    /// `pixGetRankValue` gives them one histogram each: on a 10 MP page a histogram is a pass
    /// over every pixel. Nil for any image but 8 bpp grey.
    func greyLevels(at ranks: [Float]) -> [Int]? {
        guard depth == 8 else { return nil }
        var histogram: UnsafeMutablePointer<NUMA>? = pixGetGrayHistogram(pointer, 1)
        defer { numaDestroy(&histogram) }
        guard histogram != nil else { return nil }
        var levels: [Int] = []
        for rank in ranks {
            var value: Float = 0
            guard numaHistogramGetValFromRank(histogram, rank, &value) == 0 else { return nil }
            levels.append(Int(value.rounded()))
        }
        return levels
    }

    /// How much the paper's brightness varies across the page (`BackgroundMap.spread`).
    public func backgroundSpread() -> Int? { BackgroundMap(self)?.spread }

    func binarized(_ method: CleaningOptions.Binarization) throws(ImagingError) -> LeptonicaImage {
        var threshold: UnsafeMutablePointer<PIX>?
        var binary: UnsafeMutablePointer<PIX>?
        defer { pixDestroy(&threshold) }
        let status: Int32
        switch method {
        case .otsu:
            // Tiles of ~ a few text lines; scorefract 0.1 keeps tiles without text from going black.
            status = pixOtsuAdaptiveThreshold(pointer, 300, 300, 0, 0, 0.1, &threshold, &binary)
        case .sauvola:
            let window = Int32(max(8, min(width, height) / 40))
            status = pixSauvolaBinarizeTiled(pointer, window, 0.34, 1, 1, nil, &binary)
        }
        guard status == 0, let result = LeptonicaImage(taking: binary) else { throw .operationFailed("binarisation") }
        return result
    }
}
