import CLeptonica
import Foundation

/// The sheet's convex hull as a mask: a slip is convex, so a notch in its paper mask that the
/// hull covers may be slip in shade, darker than the threshold between paper and a pale surface
/// (see `ReducedScene.withPrintedNotches`).
extension ReceiptLocator.SheetMask {
    /// A mask the size of `mask` with the largest sheet's convex hull set; nil when it has none.
    func convexHull() -> LeptonicaImage? {
        guard let own = components.mask(at: largest), let rows = own.setPixelExtents() else { return nil }
        let box = best
        var points: [(x: Double, y: Double)] = []
        for y in 0..<own.height where rows.right[y] >= 0 {
            // Pixel corners, so that a hull of single pixels still covers them.
            let top = Double(Int(box.y) + y), left = Double(Int(box.x) + rows.left[y]), right = Double(Int(box.x) + rows.right[y] + 1)
            points += [(left, top), (right, top), (left, top + 1), (right, top + 1)]
        }
        let hull = Self.hull(of: points)
        guard hull.count >= 3, let filled = LeptonicaImage(taking: pixCreate(Int32(mask.width), Int32(mask.height), 1)) else { return nil }
        for y in 0..<Int32(mask.height) {
            guard let span = Self.span(of: hull, atRow: Double(y) + 0.5) else { continue }
            let from = max(0, Int32(span.lowerBound.rounded(.up) - 0.5)), to = min(Int32(mask.width) - 1, Int32(span.upperBound - 0.5))
            if from <= to { pixRasterop(filled.pointer, from, y, to - from + 1, 1, PIX_SET, nil, 0, 0) }
        }
        return filled
    }

    /// Andrew's monotone chain: the hull's corners, counter-clockwise.
    static func hull(of points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [(x: Double, y: Double)] = [], upper: [(x: Double, y: Double)] = []
        for point in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
            lower.append(point)
        }
        for point in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
            upper.append(point)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Where the horizontal line at `y` crosses the convex polygon: its leftmost and rightmost x.
    static func span(of polygon: [(x: Double, y: Double)], atRow y: Double) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            guard (a.y <= y && y <= b.y) || (b.y <= y && y <= a.y), a.y != b.y else { continue }
            let x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
            low = min(low, x)
            high = max(high, x)
        }
        return low <= high ? low...high : nil
    }
}
