import CLeptonica
import Foundation

#if !_endian(little)
#error("ShadedPart reads Leptonica's 32-bit words byte by byte, as on a little-endian machine")
#endif

/// The part of a slip a cast shadow hides from the locator. Paper in a phone's or a hand's
/// shadow can be darker than the lit table, so brightness finds only the lit part of the slip
/// and its print is cut off along the shadow's edge (a slip on granite was read from a crop
/// 266 px wide, 30% of it). The print's block does not reach across either: print 100 levels
/// below lit paper is only 50–60 below paper in a shadow that halves the light.
///
/// Told from the slip's own edge against a table by what lies beyond the side: the print goes on
/// across a shadow's edge on paper a third to a half darker, its lines row for row where the
/// edge runs down the slip, its margins and amount column where it runs across; a table's grain
/// follows neither. Where the print goes on, the shadowed side is lit back to the paper's level,
/// so that the slip can be found whole.
enum ShadedPart {
    /// The strips compared each side of the sheet's side, as a share of the sheet's width.
    static let stripShare = 0.2
    /// Outside paper this share of the inside paper's level is shade: a cast shadow keeps a
    /// third to two thirds of the light; a table darker still is no paper.
    static let shadeRange = 0.3...0.85
    /// A pixel this far below its strip's paper is print.
    static let printBelowPaper = 0.7
    /// The print inside and outside must follow each other this closely (correlation of the share
    /// of print along the side, row by row or column by column).
    static let minimumRowAgreement = 0.5
    /// The least share of print in the outside strip: a blank margin beyond is no print to follow.
    static let minimumOutsidePrint = 0.02
    /// The share of print along the side is averaged over this many rows each way: the strips lie
    /// a little askew to the print's rows, which blurs a line of print over a few rows.
    static let smoothing = 3
    /// The strips start this share of the frame's longer side away from the side: a shadow's
    /// edge is a blur 10–40 px wide on a 12 MP photo, in neither light.
    static let edgeGap = 0.006

    /// `source` with the shade beyond one of the sheet's sides lifted, or nil when no side has the
    /// slip's print going on past it. `sheet`: the lit part's corners, full resolution.
    static func relit(_ source: LeptonicaImage, sheet: PaperQuad) -> LeptonicaImage? {
        guard source.depth == 8 else { return nil }
        // The strips are sampled along the sides that meet the one tested: along the print's
        // rows for a shadow's edge down the slip (its rows go on across it), down the print's
        // columns for one across it (its margins and columns go on).
        func direction(_ first: (PaperQuad.Point, PaperQuad.Point), _ second: (PaperQuad.Point, PaperQuad.Point)) -> (x: Double, y: Double)? {
            let x = first.1.x - first.0.x + second.1.x - second.0.x, y = first.1.y - first.0.y + second.1.y - second.0.y
            let length = hypot(x, y)
            return length > 0 ? (x / length, y / length) : nil
        }
        guard let rows = direction((sheet.topLeft, sheet.topRight), (sheet.bottomLeft, sheet.bottomRight)),
              let columns = direction((sheet.topLeft, sheet.bottomLeft), (sheet.topRight, sheet.bottomRight)) else { return nil }
        let sides = [(sheet.bottomLeft, sheet.topLeft, rows), (sheet.topRight, sheet.bottomRight, rows),
                     (sheet.topLeft, sheet.topRight, columns), (sheet.bottomRight, sheet.bottomLeft, columns)]
        let centre = PaperQuad.Point(x: (sheet.topLeft.x + sheet.topRight.x + sheet.bottomRight.x + sheet.bottomLeft.x) / 4,
                                     y: (sheet.topLeft.y + sheet.topRight.y + sheet.bottomRight.y + sheet.bottomLeft.y) / 4)
        for (a, b, sampling) in sides {
            guard let side = Side(a, b, centre: centre, sampling: sampling, source: source) else { continue }
            let measured = side.measure(source)
            guard let measured, shadeRange.contains(measured.shade), measured.agreement >= minimumRowAgreement,
                  measured.outsidePrint >= minimumOutsidePrint else { continue }
            return side.lifted(source, shade: measured.shade)
        }
        return nil
    }

    /// One side of the sheet, from `a` to `b`, and the strips each side of it.
    struct Side {
        let a: PaperQuad.Point
        /// Along the side (unit), away from the sheet (unit), and along the sides that meet it,
        /// away from the sheet (unit): the strips are sampled along the print's rows or columns,
        /// which a shadow's edge crosses at any angle.
        let along: (x: Double, y: Double), outward: (x: Double, y: Double), sampled: (x: Double, y: Double)
        let length: Double, strip: Double, gap: Double

        init?(_ a: PaperQuad.Point, _ b: PaperQuad.Point, centre: PaperQuad.Point, sampling rows: (x: Double, y: Double), source: LeptonicaImage) {
            let dx = b.x - a.x, dy = b.y - a.y
            length = hypot(dx, dy)
            guard length > 100 else { return nil }
            along = (dx / length, dy / length)
            var normal = (x: -along.y, y: along.x)
            if (a.x - centre.x) * normal.x + (a.y - centre.y) * normal.y < 0 { normal = (-normal.x, -normal.y) }
            outward = normal
            sampled = rows.x * normal.x + rows.y * normal.y >= 0 ? rows : (-rows.x, -rows.y)
            // The sheet's width across this side: the centre is half of it away.
            let across = abs((a.x - centre.x) * normal.x + (a.y - centre.y) * normal.y) * 2
            strip = max(20, ShadedPart.stripShare * across)
            gap = max(8, ShadedPart.edgeGap * Double(max(source.width, source.height)))
            self.a = a
        }

        /// The outside paper's share of the inside's, how well the rows of print agree, and the
        /// share of print outside; nil when the outside strip runs off the frame.
        func measure(_ source: LeptonicaImage) -> (shade: Double, agreement: Double, outsidePrint: Double)? {
            guard let data = pixGetData(source.pointer) else { return nil }
            let raw = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
            let rowBytes = Int(pixGetWpl(source.pointer)) * 4
            let (width, height) = (source.width, source.height)
            let steps = Int(strip)
            var inside: [[UInt8]] = [], outside: [[UInt8]] = []
            var offFrame = 0, total = 0
            for t in stride(from: 0.1 * length, to: 0.9 * length, by: 1) {
                let px = a.x + along.x * t, py = a.y + along.y * t
                var rowIn: [UInt8] = [], rowOut: [UInt8] = []
                func sample(_ d: Double) -> UInt8? {
                    let x = Int((px + sampled.x * d).rounded()), y = Int((py + sampled.y * d).rounded())
                    total += 1
                    guard x >= 0, y >= 0, x < width, y < height else { offFrame += 1; return nil }
                    return raw[y * rowBytes + (x ^ 3)]
                }
                for s in 0..<steps {
                    let d = gap + Double(s)
                    if let value = sample(-d) { rowIn.append(value) }
                    if let value = sample(d) { rowOut.append(value) }
                }
                inside.append(rowIn)
                outside.append(rowOut)
            }
            guard total > 0, Double(offFrame) / Double(total) < 0.05 else { return nil }
            func paper(_ rows: [[UInt8]]) -> Double {
                var counts = [Int](repeating: 0, count: 256), n = 0
                for row in rows { for v in row { counts[Int(v)] += 1; n += 1 } }
                var seen = 0
                for level in 0..<256 { seen += counts[level]; if Double(seen) >= 0.9 * Double(n) { return Double(level) } }
                return 255
            }
            let paperIn = paper(inside), paperOut = paper(outside)
            guard paperIn > 0 else { return nil }
            func profile(_ rows: [[UInt8]], paper: Double) -> [Double] {
                let bar = ShadedPart.printBelowPaper * paper
                return rows.map { row in row.isEmpty ? 0 : Double(row.filter { Double($0) < bar }.count) / Double(row.count) }
            }
            func smoothed(_ p: [Double]) -> [Double] {
                p.indices.map { i in
                    let r = max(0, i - ShadedPart.smoothing)...min(p.count - 1, i + ShadedPart.smoothing)
                    return p[r].reduce(0, +) / Double(r.count)
                }
            }
            let pIn = smoothed(profile(inside, paper: paperIn)), pOut = smoothed(profile(outside, paper: paperOut))
            return (paperOut / paperIn, Self.correlation(pIn, pOut), pOut.reduce(0, +) / Double(max(1, pOut.count)))
        }

        /// Pearson's correlation of two profiles of the same length; 0 when either is flat.
        static func correlation(_ x: [Double], _ y: [Double]) -> Double {
            let n = Double(x.count)
            guard x.count == y.count, x.count > 2 else { return 0 }
            let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
            var sxy = 0.0, sxx = 0.0, syy = 0.0
            for i in x.indices {
                sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) * (x[i] - mx); syy += (y[i] - my) * (y[i] - my)
            }
            return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
        }

        /// `source` with everything beyond the side, along its length and a little past its
        /// ends, brought up by 1 / `shade`; across a ramp of twice the gap at the side itself.
        func lifted(_ source: LeptonicaImage, shade: Double) -> LeptonicaImage? {
            guard let out = LeptonicaImage(taking: pixCopy(nil, source.pointer)), let data = pixGetData(out.pointer) else { return nil }
            let bytes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
            let rowBytes = Int(pixGetWpl(out.pointer)) * 4
            let gain = 1 / shade
            let reachPast = 0.1 * length
            for y in 0..<source.height {
                for x in 0..<source.width {
                    let rx = Double(x) - a.x, ry = Double(y) - a.y
                    let d = rx * outward.x + ry * outward.y
                    guard d > -gap else { continue }
                    let t = rx * along.x + ry * along.y
                    guard t > -reachPast, t < length + reachPast else { continue }
                    let factor = 1 + (gain - 1) * min(1, (d + gap) / (2 * gap))
                    let offset = y * rowBytes + (x ^ 3)
                    bytes[offset] = UInt8(min(255, (Double(bytes[offset]) * factor).rounded()))
                }
            }
            return out
        }
    }
}
