import CLeptonica
import Foundation

/// Estimates how tall characters are, so scaling can bring them to the size Tesseract's LSTM
/// was trained on instead of using one factor for 150 dpi scans and 12 MP photos alike.
enum TextSizeEstimator {
    /// Median height of character-sized connected components, or nil when there is no text.
    static func medianCharacterHeight(_ grey: LeptonicaImage) -> Double? {
        characterShape(grey)?.height
    }

    /// Median height of character-sized components, and their median width over height.
    /// `height` is the median for telling dot-matrix print apart (its dots are what that check
    /// looks for); `sizingHeight` sets specks aside sooner, for scaling (`sizingSpeckShare`).
    /// Where the first measure is grain (`isGrain`), measured again on halved copies.
    static func characterShape(_ grey: LeptonicaImage) -> Shape? {
        guard let fine = componentShape(grey) else { return nil }
        guard isGrain(fine.sizingHeight, in: grey) else { return fine }
        var (image, shape, factor, grainAveragedAway) = (grey, fine, 1.0, false)
        while shape.sizingHeight <= grainHeight, factor < 8, let half = image.halved(),
              let coarse = componentShape(half), 2 * coarse.sizingHeight >= grainGrowth * shape.sizingHeight {
            grainAveragedAway = grainAveragedAway || coarse.sizingHeight >= grainJump * shape.sizingHeight
            (image, shape, factor) = (half, coarse, factor * 2)
        }
        return grainAveragedAway ? (factor * shape.height, shape.widthRatio, factor * shape.sizingHeight) : fine
    }

    typealias Shape = (height: Double, widthRatio: Double, sizingHeight: Double)

    /// A dim photo's sensor grain, raised with the paper, binarises into tens of thousands of
    /// 5–12 px specks that outweigh the characters even by height (a slip with 36–56 px print
    /// measured 7 px, was not scaled down and was read as 12 MP of grain). Characters that
    /// small would put over `plausibleCharactersAcross` of them side by side across the image's
    /// shorter side: no receipt or page prints so (a slip prints 32–64 columns, a dense A4 page
    /// about 100; tune's scans stop at 118). Tiny print photographed from afar can measure so too.
    static func isGrain(_ height: Double, in image: LeptonicaImage) -> Bool {
        Double(min(image.width, image.height)) > plausibleCharactersAcross * height
    }

    static let plausibleCharactersAcross = 150.0

    /// Halving averages grain away but keeps print, so the image is halved while what it
    /// measures is still grain-sized (`grainHeight` px or less in its own pixels) and grows by
    /// `grainGrowth` in full-size pixels with each halving. The coarser measure is taken only
    /// if one halving made it `grainJump` times taller in the halved image's own pixels: print
    /// halved can only shrink there, or stay as tall where blur joins its glyphs (tiny print on
    /// a sheet photographed from afar measured 8, 8 and 6 px at full, half and quarter size),
    /// so such a jump is the median leaving the grain for the characters (a dim slip: 7, 7, 14).
    static let grainHeight = 12.0
    static let grainGrowth = 1.5
    static let grainJump = 1.25

    /// The measure itself, on the image as it is.
    static func componentShape(_ grey: LeptonicaImage) -> Shape? {
        var threshold: UnsafeMutablePointer<PIX>?
        var binary: UnsafeMutablePointer<PIX>?
        defer { pixDestroy(&threshold) }
        guard pixOtsuAdaptiveThreshold(grey.pointer, 300, 300, 0, 0, 0.1, &threshold, &binary) == 0,
              let ink = LeptonicaImage(taking: binary) else { return nil }
        guard let components = ink.connectedComponents() else { return nil }
        var heights: [Int32] = []
        var solidHeights: [Int32] = []
        var ratios: [Double] = []
        let maxHeight = Int32(grey.height / 10)
        for box in components.rects {
            let w = box.width, h = box.height
            // Characters: not specks, not rules or frames, not long lines.
            if h >= 5, h <= maxHeight, w >= 2, w <= 3 * h {
                heights.append(h)
                if !isBar(width: w, height: h) { solidHeights.append(h) }
                ratios.append(Double(w) / Double(h))
            }
        }
        guard heights.count >= 10 else { return nil }
        return (Double(characterHeight(heights, withoutBars: solidHeights)), ratios.sorted()[ratios.count / 2],
                Double(characterHeight(heights, withoutBars: solidHeights, specksBelow: sizingSpeckShare)))
    }

    /// The median component height, once specks are set aside. A phone photo's grain and a
    /// faded slip's speckle give hundreds of 5–12 px specks that can outnumber the characters:
    /// the plain median then measures them (16 px on a photo whose characters are 48 px, which
    /// scaled it up 1.75× instead of down). Weighted by height, specks count for little, so a
    /// plain median far below the weighted one means specks dominate: components under 40% of
    /// the weighted median are dropped and the median taken again. On a clean scan the two
    /// medians agree within a pixel or two and the plain median stands, as it was tuned.
    /// The weighted median leaves out barcode bars (`withoutBars`): forty bars as tall as the
    /// barcode outweighed a low-resolution scan's 9 px characters, the characters were taken
    /// for specks, and the receipt was read at 26 px "characters", unscaled.
    /// `specksBelow`: how far below the weighted median the plain one must lie for specks to be
    /// set aside.
    static func characterHeight(_ heights: [Int32], withoutBars solid: [Int32]? = nil, specksBelow: Double = 0.5) -> Int32 {
        let sorted = heights.sorted()
        let plain = sorted[sorted.count / 2]
        let weighted = heightCarryingHalfTheInk((solid ?? heights).sorted())
        guard Double(plain) < specksBelow * Double(weighted) else { return plain }
        let characters = sorted.filter { Double($0) >= 0.4 * Double(weighted) }
        return characters[characters.count / 2]
    }

    /// For sizing, specks are set aside when the plain median lies below 60% of the weighted one,
    /// not 50%: the grain of a 12 MP phone photo measured 18 px on 33 px characters (plain 0.55
    /// of weighted), and the slip was enlarged 1.6× past the size Tesseract reads best. Scans keep
    /// their plain median (tune's figures are the same at 0.6 and 0.5); at 0.7 tune lost 2 dates.
    static let sizingSpeckShare = 0.6

    /// A barcode bar or a vertical rule: at least six times taller than wide. Upright glyphs
    /// ("l", "1", "I") are rarely that thin at the sizes receipts are scanned at, and the few
    /// that are count in the plain median anyway.
    static func isBar(width: Int32, height: Int32) -> Bool { width * 6 < height }

    /// The height below which half the components' summed height lies (`sorted` ascending).
    static func heightCarryingHalfTheInk(_ sorted: [Int32]) -> Int32 {
        let half = sorted.reduce(0) { $0 + Int($1) } / 2
        var carried = 0
        for height in sorted {
            carried += Int(height)
            if carried >= half { return height }
        }
        return sorted[sorted.count - 1]
    }

    /// How far from 1 a scale factor must be to be worth an interpolation: text within 15% of
    /// its target size is left as it is (also what a pixel cap may leave, `PixelBudget.cappedUpscale`).
    static let negligibleScaling = 0.15

    /// Factor that brings the median character height to `target`; nil when no scaling helps.
    static func scaleFactor(for grey: LeptonicaImage, target: Int) -> Double? {
        guard let height = medianCharacterHeight(grey) else { return nil }
        return scaleFactor(forHeight: height, target: target)
    }

    /// The same for a height measured already.
    static func scaleFactor(forHeight height: Double, target: Int) -> Double? {
        let factor = (Double(target) / height).clamped(to: 0.25...4)
        return abs(factor - 1) < negligibleScaling ? nil : factor
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
