import Foundation

/// One edge of a sheet as a straight line: the coordinate across the edge as a function of the
/// one along it (`x = intercept + slope·y` for a left or right edge, `y = …·x` for a top or bottom).
struct EdgeLine: Equatable {
    var intercept: Double
    var slope: Double

    /// Share of an edge's run left out at each end.
    static let trimmedEnds = 0.15
    /// Samples kept for the fit: Theil–Sen compares every pair.
    static let maximumSamples = 120

    /// `positions[t]`: where the edge lies at `t` along it, or a sentinel (`Int.max`, -1) where
    /// the mask has no pixel at `t`; the edge runs from `start` to `end` along it (its corners).
    static func fit(_ positions: [Int], between start: Double, and end: Double) -> EdgeLine? {
        let first = max(0, Int(min(start, end).rounded())), last = min(positions.count - 1, Int(max(start, end).rounded()))
        guard last - first >= 8 else { return nil }
        let valid = (first...last).filter { positions[$0] != Int.max && positions[$0] >= 0 }
        let trim = Int(Double(last - first) * trimmedEnds)
        var points = valid.filter { $0 >= first + trim && $0 <= last - trim }.map { (t: Double($0), v: Double(positions[$0])) }
        if points.count > maximumSamples {
            let stride = Double(points.count) / Double(maximumSamples)
            points = (0..<maximumSamples).map { points[Int(Double($0) * stride)] }
        }
        guard points.count >= 5 else { return nil }
        var slopes: [Double] = []
        slopes.reserveCapacity(points.count * points.count / 2)
        for i in points.indices {
            for j in points.indices where j > i && points[j].t != points[i].t {
                slopes.append((points[j].v - points[i].v) / (points[j].t - points[i].t))
            }
        }
        guard !slopes.isEmpty else { return nil }
        let slope = median(slopes)
        return EdgeLine(intercept: median(points.map { $0.v - slope * $0.t }), slope: slope)
    }

    /// Where a top or bottom edge (`y = a + b·x`) meets a left or right one (`x = c + d·y`).
    static func corner(across: EdgeLine, down: EdgeLine) -> PaperQuad.Point? {
        let denominator = 1 - down.slope * across.slope
        guard abs(denominator) > 1e-6 else { return nil }
        let x = (down.intercept + down.slope * across.intercept) / denominator
        return PaperQuad.Point(x: x, y: across.intercept + across.slope * x)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
