import CLeptonica
import Foundation

/// Thermal paper curls. Photographed lying on a table, a slip that curls up at its long edges
/// bows every printed line, and by the same amount at the same place across the slip. Tesseract's
/// line finder expects straight lines: a bow of half a line height splits lines and runs the
/// ends of one into the next. The four-corner perspective correction cannot undo it, and
/// Leptonica's page dewarper, made for book pages whose lines run from margin to margin, finds
/// two "long" lines on a receipt where it needs fifteen.
///
/// So the bow is measured the way skew is: the one shared lift profile, a parabola across the
/// slip, that makes the rows' ink profile sharpest (text lines become narrow, tall peaks once
/// straight), on a reduced, binarised copy. A flat scan's best bow is none, and nothing is done.
public enum LineCurl {
    /// A lift across the slip: `depth` pixels at the middle, 0 at both edges, a parabola in
    /// between, plus a `tilt` that lowers one edge by that much and raises the other.
    public struct Bow: Sendable, Hashable {
        public var depth: Double
        public var tilt: Double

        /// How far up the print at column `x` of a slip `width` wide was lifted.
        func lift(atColumn x: Int, width: Int) -> Double {
            let u = width > 1 ? 2 * Double(x) / Double(width - 1) - 1 : 0
            return depth * (1 - u * u) + tilt * u
        }
    }

    /// Width of the copy the bow is measured on.
    static let measuringWidth = 480
    /// Bows searched up to this share of the slip's width: a strongly curled slip bows by 3–4%.
    static let maximumDepthShare = 0.06
    /// Bows shallower than this share of the slip's width are left alone: on 80 mm paper, 1.2 mm,
    /// under half a line of print, which Tesseract reads through. The flat scans of tune, and
    /// photos and pages of its first 30 receipts, measure at most 1.1% (curled photos 1.3–3.5%).
    static let minimumDepthShare = 0.015
    /// A bow must sharpen the rows' ink profile by this share beyond what the best tilt alone
    /// does (curled photos: 1–26%).
    static let minimumGain = 0.01

    /// The bow of the lines of a grey, upright slip, at its own resolution; nil when its lines
    /// run straight (or there is too little print to tell).
    public static func measure(_ grey: LeptonicaImage) -> Bow? {
        guard grey.depth == 8, grey.width >= 64, grey.height >= 64 else { return nil }
        guard let (ink, factor) = printedInk(of: grey, width: measuringWidth), let columns = inkColumns(ink) else { return nil }
        let width = ink.width, height = ink.height
        let maximum = maximumDepthShare * Double(width)
        let profile = ProfileScorer(columns: columns, height: height, margin: Int(maximum.rounded(.up)) + 2)
        let straight = profile.score(Bow(depth: 0, tilt: 0), width: width)
        guard straight > 0 else { return nil }
        // The tilt alone first (what the deskew left), so a bow is judged on what it adds.
        var best = Bow(depth: 0, tilt: 0), bestScore = straight
        func search(depths: [Double]? = nil, tilts: [Double]? = nil) {
            for depth in depths ?? [best.depth] {
                for tilt in tilts ?? [best.tilt] {
                    let candidate = Bow(depth: depth, tilt: tilt)
                    let score = profile.score(candidate, width: width)
                    if score > bestScore { best = candidate; bestScore = score }
                }
            }
        }
        func around(_ centre: Double, within reach: Double, step: Double) -> [Double] {
            Array(stride(from: centre - reach, through: centre + reach, by: step))
        }
        search(tilts: around(0, within: maximum / 2, step: 2))
        search(tilts: around(best.tilt, within: 2, step: 0.5))
        let tiltOnly = bestScore
        // Then depth and tilt in turn, coarse to fine: the tilt also places a bow whose lowest
        // point is off the middle.
        for _ in 0..<2 {
            search(depths: around(0, within: maximum, step: 2))
            search(tilts: around(0, within: maximum / 2, step: 2))
        }
        for _ in 0..<2 {
            search(depths: around(best.depth, within: 2, step: 0.5))
            search(tilts: around(best.tilt, within: 2, step: 0.5))
        }
        // A bow found at the end of the search is no maximum (an uncropped page's lid texture
        // gave one); a shallow one, or one that sharpens the lines little beyond what the tilt
        // alone does, is left alone.
        guard abs(best.depth) < maximum - 2, bestScore >= tiltOnly * (1 + minimumGain),
              abs(best.depth) >= minimumDepthShare * Double(width) else { return nil }
        return Bow(depth: best.depth / factor, tilt: best.tilt / factor)
    }

    /// The slip with `bow` taken out: every column moved down by its lift, interpolated between
    /// rows, taller by the largest lift so no line is cut off.
    public static func flattened(_ grey: LeptonicaImage, removing bow: Bow) -> LeptonicaImage? {
        guard grey.depth == 8, let source = pixGetData(grey.pointer) else { return nil }
        let width = grey.width, height = grey.height
        let lifts = (0..<width).map { bow.lift(atColumn: $0, width: width) }
        // A capture's row y holds the flat slip's row y + lift(x): flat rows run from the lowest
        // lift to the height plus the highest one.
        let above = max(0, Int((-(lifts.min() ?? 0)).rounded(.up))), below = max(0, Int((lifts.max() ?? 0).rounded(.up)))
        let outHeight = height + above + below
        guard let flat = LeptonicaImage(taking: pixCreate(Int32(width), Int32(outHeight), 8)),
              let target = pixGetData(flat.pointer) else { return nil }
        pixCopyResolution(flat.pointer, grey.pointer)
        let sourceWords = Int(pixGetWpl(grey.pointer)), targetWords = Int(pixGetWpl(flat.pointer))
        let sourceBytes = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
        let targetBytes = UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt8.self)
        #if !_endian(little)
        #error("LineCurl.flattened assumes a little-endian machine")
        #endif
        for x in 0..<width {
            // Leptonica keeps bytes in native 32-bit words: byte x of a row lies at x ^ 3 on a
            // little-endian machine.
            let column = x ^ 3
            let shift = -Double(above) - lifts[x]
            for y in 0..<outHeight {
                let from = Double(y) + shift
                let row = Int(from.rounded(.down))
                let fraction = from - Double(row)
                func value(_ r: Int) -> Double {
                    guard r >= 0, r < height else { return 255 }
                    return Double(sourceBytes[r * sourceWords * 4 + column])
                }
                let grey = value(row) * (1 - fraction) + value(row + 1) * fraction
                targetBytes[y * targetWords * 4 + column] = UInt8(max(0, min(255, grey.rounded())))
            }
        }
        return flat
    }

    /// The print of a grey slip as ink (1 bpp) on a copy at most `width` wide, and that copy's
    /// scale. Paper brought to one white first (a photo's light falls off across the slip), then a
    /// fixed threshold: tiled Otsu turns the blank paper of a page around a slip into speckle.
    static func printedInk(of grey: LeptonicaImage, width: Int) -> (ink: LeptonicaImage, factor: Double)? {
        let factor = min(1, Double(width) / Double(grey.width))
        guard let small = factor < 1 ? LeptonicaImage(taking: pixScaleAreaMap(grey.pointer, Float(factor), Float(factor))) : grey,
              let even = LeptonicaImage(taking: pixBackgroundNorm(small.pointer, nil, nil, 30, 30, 100, 50, 220, 2, 2)),
              let ink = LeptonicaImage(taking: pixThresholdToBinary(even.pointer, 150)) else { return nil }
        return (ink, factor)
    }

    /// The rows holding ink, column by column, of a 1 bpp image.
    static func inkColumns(_ ink: LeptonicaImage) -> [[Int32]]? {
        let width = ink.width
        // Leave the slip's outer 3% aside: its edges and their shadows are no text line.
        let margin = max(1, width * 3 / 100)
        var columns = Array(repeating: [Int32](), count: width)
        let walked = ink.forEachSetPixel { x, y in
            if x >= margin, x < width - margin { columns[x].append(Int32(y)) }
        }
        return walked ? columns : nil
    }

    /// Sharpness of the rows' ink profile once a bow is taken out: the sum of squared row counts,
    /// highest when each line's ink falls in as few rows as possible. The ink is kept as one run
    /// of rows per column, and each column's rows are counted by its ink run, with one shift.
    struct ProfileScorer {
        /// The columns holding ink, and their ink rows stored end to end: column `inkColumns[i]`
        /// holds `rows[starts[i]..<starts[i + 1]]`.
        private let inkColumns: [Int32]
        private let starts: [Int]
        private let rows: [Int32]
        let height: Int
        let margin: Int

        init(columns: [[Int32]], height: Int, margin: Int) {
            var inkColumns: [Int32] = [], starts: [Int] = [0], rows: [Int32] = []
            for (x, column) in columns.enumerated() where !column.isEmpty {
                inkColumns.append(Int32(x))
                rows.append(contentsOf: column)
                starts.append(rows.count)
            }
            self.inkColumns = inkColumns
            self.starts = starts
            self.rows = rows
            self.height = height
            self.margin = margin
        }

        func score(_ bow: Bow, width: Int) -> Double {
            var counts = [Int32](repeating: 0, count: height + 2 * margin)
            let limit = counts.count
            counts.withUnsafeMutableBufferPointer { counts in
                rows.withUnsafeBufferPointer { rows in
                    for (index, x) in inkColumns.enumerated() {
                        let shift = Int(bow.lift(atColumn: Int(x), width: width).rounded()) + margin
                        for position in starts[index]..<starts[index + 1] {
                            let row = Int(rows[position]) + shift
                            if row >= 0, row < limit { counts[row] += 1 }
                        }
                    }
                }
            }
            var energy = 0.0
            for count in counts where count != 0 { energy += Double(count) * Double(count) }
            return energy
        }
    }
}
