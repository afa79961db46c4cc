import CLeptonica

extension LeptonicaImage {
    /// A copy with each shaded band brightened to the paper's level, one row or column of
    /// pixels at a time (a band runs along an edge, so its shade changes across it): the edge
    /// between shade and paper is gone and the print on the band stays dark. `reach`: pixels
    /// of paper beside the band also looked at, since the band's box was found on a small copy.
    func liftingShade(in bands: [PixelRect], reach: Int32) -> LeptonicaImage {
        var paperLevel: UInt32 = 0
        guard pixGetRankValue(pointer, 2, 0.6, &paperLevel) == 0, paperLevel > 0 else { return self }
        let lifted = copy()
        let w = Int32(width), h = Int32(height)
        for band in bands {
            let sideways = band.height >= band.width
            let lines = sideways ? max(0, band.x - reach)..<min(w, band.x + band.width + reach)
                                 : max(0, band.y - reach)..<min(h, band.y + band.height + reach)
            for line in lines {
                let rect = sideways ? PixelRect(x: line, y: 0, width: 1, height: h) : PixelRect(x: 0, y: line, width: w, height: 1)
                var level: UInt32 = 0
                guard let strip = clipped(to: rect), pixGetRankValue(strip.pointer, 1, 0.5, &level) == 0,
                      level > 0, Double(level) < 0.95 * Double(paperLevel) else { continue }
                pixMultConstantGray(strip.pointer, Float(paperLevel) / Float(level))
                pixRasterop(lifted.pointer, rect.x, rect.y, rect.width, rect.height, PIX_SRC, strip.pointer, 0, 0)
            }
        }
        return lifted
    }
}

/// The small copy the locator decides on: the grey image reduced to ~500 px, its Otsu
/// threshold between paper and background, and the paper mask (bright, text holes closed,
/// thin bridges to other bright objects cut).
struct ReducedScene {
    let small: LeptonicaImage
    let reduction: Int
    let threshold: Int32
    let paper: LeptonicaImage
    let fullSize: (width: Int, height: Int)

    init(_ grey: LeptonicaImage) throws(ImagingError) {
        reduction = max(1, max(grey.width, grey.height) / 500)
        fullSize = (grey.width, grey.height)
        let factor = 1 / Float(reduction)
        guard let small = LeptonicaImage(taking: reduction > 1 ? pixScaleAreaMap(grey.pointer, factor, factor)
                                                               : pixCopy(nil, grey.pointer)) else {
            throw .operationFailed("crop reduction")
        }
        self.small = small
        var threshold: Int32 = 0
        guard pixSplitDistributionFgBg(small.pointer, 0.1, 1, &threshold, nil, nil, nil) == 0 else {
            throw .operationFailed("crop threshold")
        }
        self.threshold = threshold
        // Bright pixels (paper) become foreground: thresholding marks dark as 1, so invert.
        guard let dark = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)),
              let bright = LeptonicaImage(taking: pixInvert(nil, dark.pointer)),
              let opened = Self.paperMask(bright, on: small) else {
            throw .operationFailed("crop morphology")
        }
        paper = opened
    }

    /// The brick the small copy's masks are closed and opened with: a fortieth of it each way,
    /// larger than any text stroke.
    static func brick(on small: LeptonicaImage) -> (width: Int32, height: Int32) {
        (Int32(max(3, small.width / 40)), Int32(max(3, small.height / 40)))
    }

    /// Bright pixels as paper: text holes closed, thin bridges to other bright objects cut.
    static func paperMask(_ bright: LeptonicaImage, on small: LeptonicaImage) -> LeptonicaImage? {
        let (sw, sh) = brick(on: small)
        guard let closed = LeptonicaImage(taking: pixCloseSafeBrick(nil, bright.pointer, sw, sh)) else { return nil }
        return LeptonicaImage(taking: pixOpenBrick(nil, closed.pointer, sw, sh))
    }

    /// The paper mask with shaded bands along the frame's edges added where print runs across
    /// them, and those bands' boxes at full resolution. A scan's edge is often in shadow (the
    /// lid not closed on a thick slip, a curled edge): darker than the paper, it was taken for
    /// table and cut off with the start of every line running across it (a scan lost its
    /// vendor's first letters this way).
    func paperWithShadedEdges(_ grey: LeptonicaImage) -> (paper: LeptonicaImage, bands: [PixelRect]) {
        guard let others = LeptonicaImage(taking: pixInvert(nil, paper.pointer)),
              let regions = others.connectedComponents(withMasks: true) else { return (paper, []) }
        let edgeBands = regions.rects.indices.filter { isEdgeBand(regions.rects[$0]) }
        guard !edgeBands.isEmpty else { return (paper, []) }
        let widened = paper.copy()
        let r = Int32(reduction)
        var bands: [PixelRect] = []
        for index in edgeBands {
            let box = regions.rects[index]
            guard let small = regions.mask(at: index), let full = fullResolution(small),
                  ReceiptLocator.holdsPrint(grey, under: full, at: (box.x * r, box.y * r))
            else { continue }
            pixRasterop(widened.pointer, box.x, box.y, box.width, box.height, PIX_PAINT, small.pointer, 0, 0)  // OR the band in
            bands.append(PixelRect(x: box.x * r, y: box.y * r, width: box.width * r, height: box.height * r))
        }
        return (bands.isEmpty ? paper : widened, bands)
    }

    /// A thin region running along most of one side of the frame.
    private func isEdgeBand(_ box: PixelRect) -> Bool {
        let width = Int32(small.width), height = Int32(small.height)
        let alongSide = (box.x == 0 || box.x + box.width == width)
            && Double(box.height) >= 0.8 * Double(height) && Double(box.width) <= 0.15 * Double(width)
        let alongEnd = (box.y == 0 || box.y + box.height == height)
            && Double(box.width) >= 0.8 * Double(width) && Double(box.height) <= 0.15 * Double(height)
        return alongSide || alongEnd
    }

    /// A slip darker than its lid: the dark pixels, opened with bricks larger than any text
    /// stroke so that only solid regions remain (print on a white page leaves nothing).
    func darkSheet() -> LeptonicaImage? {
        let (sw, sh) = Self.brick(on: small)
        guard let dark = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)) else { return nil }
        return LeptonicaImage(taking: pixOpenBrick(nil, dark.pointer, sw, sh))
    }

    /// The sheet's paper mask with the notches that hold print filled in. A corner or band of
    /// the slip in shade, darker than the threshold between paper and a pale surface, is a notch
    /// in the mask, inside the sheet's convex hull; painted white with the surface, its print went
    /// with it (a slip on a pale counter lost the first letters of its name). Only notches with
    /// print are kept: the whole hull also took in the grain of a grey lid touching the slip,
    /// left unpainted beside the amounts.
    /// `hull`: the sheet's convex hull (`SheetMask.convexHull`), nil when it has none.
    func withPrintedNotches(_ sheet: ReceiptLocator.SheetMask, hull: LeptonicaImage?, in grey: LeptonicaImage) -> LeptonicaImage {
        guard let hull,
              let notches = LeptonicaImage(taking: pixSubtract(nil, hull.pointer, sheet.mask.pointer)),
              let regions = notches.connectedComponents(withMasks: true) else { return sheet.mask }
        var filled: LeptonicaImage? = nil
        let r = Int32(reduction)
        for index in regions.rects.indices {
            let box = regions.rects[index]
            guard box.width >= 2, box.height >= 2, let small = regions.mask(at: index), let full = fullResolution(small),
                  ReceiptLocator.holdsPrint(grey, under: full, at: (box.x * r, box.y * r)) else { continue }
            if filled == nil { filled = sheet.mask.copy() }
            pixRasterop(filled!.pointer, box.x, box.y, box.width, box.height, PIX_PAINT, small.pointer, 0, 0)
        }
        return filled ?? sheet.mask
    }

    /// A small-copy mask at full resolution (each pixel repeated `reduction` times each way).
    func fullResolution(_ mask: LeptonicaImage) -> LeptonicaImage? {
        LeptonicaImage(taking: reduction > 1 ? pixExpandReplicate(mask.pointer, Int32(reduction)) : pixClone(mask.pointer))
    }

    /// `quad`, measured on a small-copy mask placed at `origin`, at full resolution.
    func fullResolution(_ quad: PaperQuad, placedAt origin: PixelRect) -> PaperQuad {
        quad.scaled(by: Double(reduction), offsetX: Double(origin.x) + 0.5, offsetY: Double(origin.y) + 0.5)
    }

    /// The small-copy box around `quad` (full resolution), within the frame.
    func smallCopyBox(around quad: PaperQuad) -> PixelRect {
        let box = quad.bounds, r = Double(reduction)
        let left = max(0, Int32((box.left / r).rounded(.down)))
        let top = max(0, Int32((box.top / r).rounded(.down)))
        let right = min(Int32(small.width), Int32((box.right / r).rounded(.up)))
        let bottom = min(Int32(small.height), Int32((box.bottom / r).rounded(.up)))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// A margin around the paper, in small-copy pixels: the paper's edge stays in the crop.
    var margin: Int32 { Int32(max(2, min(small.width, small.height) / 50)) }

    /// `rect` (small-copy pixels) at full resolution, with the margin when asked.
    func fullResolution(_ rect: PixelRect, margin withMargin: Bool) -> PixelRect {
        let m = withMargin ? margin : 0
        let r = Int32(reduction)
        let x = max(0, rect.x - m) * r, y = max(0, rect.y - m) * r
        let right = min(Int32(small.width), rect.x + rect.width + m) * r
        let bottom = min(Int32(small.height), rect.y + rect.height + m) * r
        return PixelRect(x: x, y: y, width: min(Int32(fullSize.width), right) - x, height: min(Int32(fullSize.height), bottom) - y)
    }
}
