import CLeptonica
import Foundation

/// Which way the printed lines run, measured without OCR.
///
/// Across horizontal lines of text the ink per row alternates between lines and the gaps
/// between them, while the ink per column stays comparatively even; a receipt photographed
/// sideways shows the opposite. The measure is the coefficient of variation of each profile
/// on a small binarised copy: an upright receipt scores about 1.4 on rows against 0.7 on
/// columns, a sideways one the reverse. Only glyph-sized ink counts (see `glyphs`).
public enum TextDirection {
    /// Columns must vary this much more than rows before the page is called sideways: a
    /// table or a logo must not turn an upright receipt.
    static let sidewaysRatio = 1.3

    public static func isSideways(_ grey: LeptonicaImage) -> Bool {
        inkProfile(grey)?.isSideways ?? false
    }

    /// The ink per row and per column of a page, measured once and asked both questions
    /// (`isSideways`, `isEvenTexture`): each measure is a reduction, a threshold and a
    /// connected-component pass over the page.
    public struct InkProfile: Sendable {
        /// Coefficients of variation of ink per row and per column.
        public let rows: Double, columns: Double

        public var isSideways: Bool { columns > rows * TextDirection.sidewaysRatio }

        public var isEvenTexture: Bool {
            rows > 0 && columns > 0 && max(rows, columns) < TextDirection.textureVariation
        }
    }

    /// Below this variation both ways, ink lies evenly over the page: grain, noise or a texture.
    /// Printed lines make the ink per row (or per column, sideways) vary by 0.77 or more on every
    /// poor first reading of tune, scan-poor tune, the second wild set and the faded set; a page of
    /// sensor noise varies by 0.07.
    static let textureVariation = 0.25

    /// Ink spread evenly over rows and columns alike, with no lines of print either way. A page
    /// with no ink measured at all is not one: a slip too faint to threshold, thickened, reads
    /// (one of scan-poor tune's: no word first, 74 thickened).
    public static func isEvenTexture(_ grey: LeptonicaImage) -> Bool {
        inkProfile(grey)?.isEvenTexture ?? false
    }

    /// Coefficients of variation of ink per row and per column on a small binarised copy; nil
    /// when the page cannot be measured (no threshold between ink and paper).
    public static func inkProfile(_ grey: LeptonicaImage) -> InkProfile? {
        guard let (small, threshold) = grey.measuringCopy(),
              let binary = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)) else { return nil }
        let ink = glyphs(binary) ?? binary
        var rows = pixCountPixelsByRow(ink.pointer, nil)
        var columns = pixCountPixelsByColumn(ink.pointer)
        defer { numaDestroy(&rows); numaDestroy(&columns) }
        guard let rows, let columns else { return nil }
        return InkProfile(rows: variation(rows), columns: variation(columns))
    }

    /// Ink shapes no larger than a tenth of the page's longer side either way: letters, words,
    /// dashes. A band of scanner-edge shadow down one side, a ruled frame or a dark stamp is one
    /// large shape that fills its columns (or rows) like lines of text, and turned upright
    /// receipts sideways: 8 of 682 upright captures (tune's scans and two wild sets) were sent
    /// to orientation detection, 0.4–0.6 s each, and 1 with glyphs alone; sideways captures
    /// told apart rose from 147 to 152 of 180.
    static func glyphs(_ binary: LeptonicaImage) -> LeptonicaImage? {
        let largest = Int32(max(binary.width, binary.height) / 10)
        var changed: Int32 = 0
        return LeptonicaImage(taking: pixSelectBySize(binary.pointer, largest, largest, 8, Int32(L_SELECT_IF_BOTH),
                                                      Int32(L_SELECT_IF_LTE), &changed))
    }

    /// Share of the ink left out at each end of a profile (see `variation`).
    static let strayInkShare = 0.02

    /// Over the span that holds the print: a slip on an A4 page leaves most columns bare, and
    /// those empty columns varied the column profile like lines do (a page was turned sideways).
    /// The span leaves out the last 2% of the ink at either end: a few specks of dust far out on
    /// a page's bare margins had stretched it over the page, and sideways pages of small slips
    /// read as upright (sideways captures told apart: 152 → 178 of 180).
    private static func variation(_ numbers: UnsafeMutablePointer<NUMA>) -> Double {
        var values = (0..<Int(numaGetCount(numbers))).map { i -> Double in
            var value: Float = 0
            numaGetFValue(numbers, Int32(i), &value)
            return Double(value)
        }
        let total = values.reduce(0, +)
        guard total > 0 else { return 0 }
        var running = 0.0
        let cumulative = values.map { running += $0; return running }
        guard let first = cumulative.firstIndex(where: { $0 >= total * strayInkShare }),
              let last = cumulative.firstIndex(where: { $0 >= total * (1 - strayInkShare) }), first < last else { return 0 }
        values = Array(values[first...last])
        let count = values.count
        guard count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(count)
        guard mean > 0 else { return 0 }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count)
        return variance.squareRoot() / mean
    }
}

extension LeptonicaImage {
    /// A copy about 600 px on its longer side (area-averaged) and the grey level that splits its
    /// ink from its paper (Otsu), on which the page's layout is measured cheaply; nil when nothing
    /// splits it.
    func measuringCopy() -> (small: LeptonicaImage, threshold: Int32)? {
        let reduction = max(1, max(width, height) / 600)
        let factor = 1 / Float(reduction)
        guard let small = LeptonicaImage(taking: reduction > 1 ? pixScaleAreaMap(pointer, factor, factor) : pixClone(pointer))
        else { return nil }
        var threshold: Int32 = 0
        guard pixSplitDistributionFgBg(small.pointer, 0.1, 1, &threshold, nil, nil, nil) == 0 else { return nil }
        return (small, threshold)
    }

    /// Turned by quarter turns clockwise (1: 90°, 2: 180°, 3: 270°).
    public func rotated(quarterTurns: Int) -> LeptonicaImage? {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        switch turns {
        case 1: return LeptonicaImage(taking: rebut_rotate90(pointer, 1))
        case 3: return LeptonicaImage(taking: rebut_rotate90(pointer, -1))
        default: return LeptonicaImage(taking: pixRotate180(nil, pointer))
        }
    }

    /// Local contrast stretched so faint print (faded thermal paper, a dim photo) spans the
    /// whole grey range; what a person does by squinting. Tiles of about two text lines.
    public func contrastNormalized() -> LeptonicaImage? {
        guard depth == 8 else { return nil }
        let tile = Int32(max(20, min(width, height) / 12))
        return LeptonicaImage(taking: pixContrastNorm(nil, pointer, tile, tile, 40, 2, 2))
    }
}
