import CLeptonica

/// The paper's brightness across a page, measured once: whether the page is lit unevenly is
/// read from it, and the same map then evens the page out (Leptonica's `pixBackgroundNorm`
/// would measure it again, a second pass over up to 10 MP).
///
/// Measured after scaling, so text is ~28 px high: 60 px tiles span two characters, which keeps
/// strokes out of the estimate (the 10×15 tiles of `pixBackgroundNormSimple` sit inside
/// upscaled strokes and wash text out: measured worse than no normalisation). Pixels darker
/// than 100 count as ink; a tile needs 50 paper pixels.
struct BackgroundMap {
    static let tile: Int32 = 60, inkBelow: Int32 = 100, paperPixels: Int32 = 50
    /// Where the paper is brought: a light grey that leaves faint print room below it.
    static let paperLevel: Int32 = 220
    /// Half-widths of the smoothing over neighbouring tiles.
    static let smoothing: Int32 = 2

    let map: LeptonicaImage

    init?(_ page: LeptonicaImage) {
        var map: UnsafeMutablePointer<PIX>?
        guard page.depth == 8,
              pixGetBackgroundGrayMap(page.pointer, nil, Self.tile, Self.tile, Self.inkBelow, Self.paperPixels, &map) == 0,
              let owned = LeptonicaImage(taking: map) else { return nil }
        self.map = owned
    }

    /// Grey levels between the 10th and 90th percentile of the paper's brightness: flatbed scans
    /// sit near 0–10, photos well above.
    var spread: Int? {
        guard let levels = map.greyLevels(at: [0.1, 0.9]) else { return nil }
        return levels[1] - levels[0]
    }

    /// `page` (the image this map was measured on) with its paper brought to one level.
    func normalizing(_ page: LeptonicaImage) throws(ImagingError) -> LeptonicaImage {
        guard let inverse = LeptonicaImage(taking: pixGetInvBackgroundMap(map.pointer, Self.paperLevel, Self.smoothing, Self.smoothing)),
              let normalized = LeptonicaImage(taking: pixApplyInvBackgroundGrayMap(page.pointer, inverse.pointer, Self.tile, Self.tile))
        else { throw .operationFailed("background normalisation") }
        pixCopyResolution(normalized.pointer, page.pointer)
        return normalized
    }
}
