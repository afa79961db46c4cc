import CLeptonica
import Foundation

/// A slip photographed from one side, or held with one edge nearer the camera, shows its lines
/// fanned out: they meet at a point beside the slip, so the top lines slope one way and the
/// bottom ones another. Deskewing turns the whole slip by one angle and leaves the fan; cut out
/// along its print (no paper edge to lay flat by) or by corners misplaced on a hand's shadow,
/// slips kept lines sloping 3–8° at one end, and Tesseract ran their words into the lines below.
///
/// Lines that meet at one point slope by an amount that changes steadily down the slip. So the
/// slope of each long stretch of print is measured (letters joined along the line, a straight
/// line through their middle), a straight line is fitted to slope against row, and when the
/// change is clear of the stretches' scatter, the projective warp that sends the meeting point
/// to infinity makes every line level. A projection-profile skew per band, as deskewing does,
/// was tried first: over a third of a fanned slip its best shear was the search's limit.
public enum LineFan {
    /// The slopes (rows per column, positive running down to the right) of the lines around
    /// two rows of the slip, at its own resolution.
    public struct Fan: Sendable, Hashable {
        public var topRow: Double
        public var topSlope: Double
        public var bottomRow: Double
        public var bottomSlope: Double

        /// Degrees between the top and bottom lines.
        public var spread: Double { abs(atan(topSlope) - atan(bottomSlope)) * 180 / .pi }
    }

    /// Width of the copy the slopes are measured on.
    static let measuringWidth = 800
    /// Fans narrower than this are left alone: the top and bottom lines of a deskewed slip then
    /// slope a quarter degree or less each way, which Tesseract's line finder takes in its stride.
    static let minimumSpread = 0.6
    /// Dark shapes taller than this share of the slip's width are no print: a hand, the table in
    /// a corner of the cut, a dark mat's edge.
    static let maximumGlyphShare = 0.05
    /// Letters this far apart (measuring pixels) are one stretch of a line: the letters of a word.
    /// A receipt's word spaces, a character wide, are 19–25 px at this width, so stretches are
    /// words. Joining by one and a half letter heights instead (whole lines) lost fans: a photo's
    /// grain made the median "letter" 5 px tall.
    static let joinReach: Int32 = 15
    /// A stretch of line is measured when it is this many times as wide as it is tall and spans
    /// this share of the slip: a word or two of print, long enough for its slope to show.
    static let minimumElongation = 5
    static let minimumStretchShare = 0.12
    /// Stretches needed, and the share of the print's height they must span, to tell a fan.
    static let minimumStretches = 6
    static let minimumSpanShare = 0.5
    /// Slopes off the fitted fan by more than this (rows per column) are a stretch misjoined
    /// (two lines run together, a logo): dropped before the fan is fitted again.
    static let outlierSlope = 0.02
    /// The fan's turn must stand this many standard errors clear of the stretches' scatter. Flat
    /// scans, whose stretches slope ±1° around level from ascenders and descenders alone, reach
    /// 1–3; photos with a fan 5 to 25.
    static let minimumSignificance = 4.0

    /// The fan of a grey, upright, deskewed slip's lines; nil when its lines run parallel, or
    /// there is too little print to tell.
    public static func measure(_ grey: LeptonicaImage) -> Fan? {
        guard grey.depth == 8, grey.width >= 64, grey.height >= 64 else { return nil }
        guard let (dark, factor) = LineCurl.printedInk(of: grey, width: measuringWidth),
              let ink = LeptonicaImage(taking: pixSelectBySize(dark.pointer, 0, Int32(maximumGlyphShare * Double(dark.width)), 8,
                                                              Int32(L_SELECT_HEIGHT), Int32(L_SELECT_IF_LTE), nil)),
              let joined = LeptonicaImage(taking: pixCloseSafeBrick(nil, ink.pointer, joinReach, 1)),
              let parts = joined.connectedComponents(withMasks: true) else { return nil }
        // Each long stretch of a line: its middle row and the slope of the line through its
        // columns' ink centres (least squares).
        var stretches: [(row: Double, slope: Double, weight: Double)] = []
        let longest = minimumStretchShare * Double(ink.width)
        for (index, box) in parts.rects.enumerated()
        // Dark along a side of the cut is its edge, a shadow or the table, not a line of print.
        where Double(box.width) >= longest && box.x > 0 && box.x + box.width < Int32(ink.width) {
            guard let mask = parts.mask(at: index), let fitted = centreLine(of: mask) else { continue }
            // Elongated along its own slope: a word sloping 10° has a box a third as tall as wide.
            let thickness = max(1, Double(box.height) - abs(fitted.slope) * Double(box.width))
            guard Double(box.width) >= Double(minimumElongation) * thickness else { continue }
            stretches.append((Double(box.y) + fitted.row, fitted.slope, Double(box.width)))
        }
        guard stretches.count >= minimumStretches,
              let top = stretches.map(\.row).min(), let bottom = stretches.map(\.row).max(),
              bottom - top >= minimumSpanShare * Double(ink.height)
        else { return nil }
        guard let first = weightedLine(stretches) else { return nil }
        let kept = stretches.filter { abs($0.slope - (first.intercept + first.change * $0.row)) <= outlierSlope }
        guard kept.count >= minimumStretches, let line = weightedLine(kept),
              significance(of: line, over: kept) >= minimumSignificance else { return nil }
        let fan = Fan(topRow: top / factor, topSlope: line.intercept + line.change * top,
                      bottomRow: bottom / factor, bottomSlope: line.intercept + line.change * bottom)
        return fan.spread >= minimumSpread ? fan : nil
    }

    /// The middle row (in the mask's rows) and slope of a stretch of line: least squares through
    /// each column's mean set row.
    static func centreLine(of mask: LeptonicaImage) -> (row: Double, slope: Double)? {
        var sums = [Double](repeating: 0, count: mask.width), counts = [Int](repeating: 0, count: mask.width)
        guard mask.forEachSetPixel({ x, y in sums[x] += Double(y); counts[x] += 1 }) else { return nil }
        let centres = (0..<mask.width).filter { counts[$0] > 0 }.map { (x: Double($0), y: sums[$0] / Double(counts[$0]), weight: 1.0) }
        guard centres.count >= 10, let fitted = leastSquares(centres) else { return nil }
        let meanColumn = centres.reduce(0) { $0 + $1.x } / Double(centres.count)
        return (fitted.intercept + fitted.slope * meanColumn, fitted.slope)
    }

    /// How many standard errors the fan's change per row stands from none, given how far the
    /// stretches' own slopes scatter around the fitted fan (weights taken as shares of their mean).
    static func significance(of line: (intercept: Double, change: Double),
                             over points: [(row: Double, slope: Double, weight: Double)]) -> Double {
        let n = Double(points.count), total = points.reduce(0) { $0 + $1.weight }
        guard n > 2, total > 0 else { return 0 }
        let meanRow = points.reduce(0) { $0 + $1.weight * $1.row } / total
        var squares = 0.0, spread = 0.0
        for point in points {
            let share = point.weight * n / total
            let residual = point.slope - (line.intercept + line.change * point.row)
            squares += share * residual * residual
            spread += share * (point.row - meanRow) * (point.row - meanRow)
        }
        let variance = squares / (n - 2)
        guard spread > 0 else { return 0 }
        guard variance > 0 else { return .infinity }
        return abs(line.change) / (variance / spread).squareRoot()
    }

    /// Weighted least squares of slope against row: the fan's slope at row 0 and its change per row.
    static func weightedLine(_ points: [(row: Double, slope: Double, weight: Double)]) -> (intercept: Double, change: Double)? {
        leastSquares(points.map { ($0.row, $0.slope, $0.weight) }).map { ($0.intercept, $0.slope) }
    }

    /// The weighted least-squares line y = intercept + slope · x; nil when the points' x do not vary.
    static func leastSquares(_ points: [(x: Double, y: Double, weight: Double)]) -> (intercept: Double, slope: Double)? {
        var w = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
        for point in points {
            w += point.weight; sx += point.weight * point.x; sy += point.weight * point.y
            sxx += point.weight * point.x * point.x; sxy += point.weight * point.x * point.y
        }
        let denominator = w * sxx - sx * sx
        guard w > 0, denominator > 0 else { return nil }
        let slope = (w * sxy - sx * sy) / denominator
        return ((sy - slope * sx) / w, slope)
    }

    /// The slip with its lines levelled: the quad whose top and bottom run along the fan's
    /// lines through the image's outermost corners, and whose sides are its own, laid flat.
    public static func levelled(_ grey: LeptonicaImage, removing fan: Fan) -> LeptonicaImage? {
        let width = Double(grey.width), height = Double(grey.height), centre = (width - 1) / 2
        // Slope s(y) of the line through column `centre` at row y: linear in y for lines that
        // meet at one point (xv, yv), s(y) = (yv − y) / (xv − centre).
        let change = (fan.bottomSlope - fan.topSlope) / (fan.bottomRow - fan.topRow)
        guard change != 0, change.isFinite else { return nil }
        let across = -1 / change                     // xv − centre
        let meet = PaperQuad.Point(x: centre + across, y: fan.topRow + fan.topSlope * across)
        // The row at column x of the fan's line through `point`.
        func row(at x: Double, through point: PaperQuad.Point) -> Double {
            meet.y + (point.y - meet.y) * (x - meet.x) / (point.x - meet.x)
        }
        guard abs(meet.x) > 2 * width, abs(meet.x - width) > 2 * width else { return nil }  // lines that meet on the slip are no fan
        let corners = (topLeft: PaperQuad.Point(x: 0, y: 0), topRight: PaperQuad.Point(x: width - 1, y: 0),
                       bottomLeft: PaperQuad.Point(x: 0, y: height - 1), bottomRight: PaperQuad.Point(x: width - 1, y: height - 1))
        // The top edge: of the lines through the two top corners, the one above both.
        let viaLeft = row(at: width - 1, through: corners.topLeft), viaRight = row(at: 0, through: corners.topRight)
        let top = viaLeft <= 0 ? (left: 0.0, right: viaLeft) : (left: viaRight, right: 0.0)
        let belowLeft = row(at: width - 1, through: corners.bottomLeft), belowRight = row(at: 0, through: corners.bottomRight)
        let bottom = belowLeft >= height - 1 ? (left: height - 1, right: belowLeft) : (left: belowRight, right: height - 1)
        let quad = PaperQuad(topLeft: PaperQuad.Point(x: 0, y: top.left), topRight: PaperQuad.Point(x: width - 1, y: top.right),
                             bottomRight: PaperQuad.Point(x: width - 1, y: bottom.right),
                             bottomLeft: PaperQuad.Point(x: 0, y: bottom.left))
        return quad.flattened(grey)
    }
}
