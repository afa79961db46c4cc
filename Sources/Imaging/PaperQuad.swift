import CLeptonica
import Foundation

/// The four corners of a sheet of paper seen at an angle, and the warp that lays it flat.
///
/// A phone photo shows a receipt as a quadrilateral: rotated, and narrower at the end further
/// from the camera. Cropping to its bounding box keeps wedges of table and slanted lines,
/// which deskewing (one angle for the whole slip) cannot straighten when the sides converge.
/// The corners come from the paper's mask on the reduced copy the locator already made; the
/// warp runs once, at full resolution, with the paper's own proportions.
struct PaperQuad: Equatable {
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    var topLeft: Point
    var topRight: Point
    var bottomRight: Point
    var bottomLeft: Point

    /// Extreme points of the mask along the diagonals: for a convex sheet rotated by less than
    /// 45° these are its corners. `mask` is 1 bpp, set where the paper is.
    static func corners(of mask: LeptonicaImage) -> PaperQuad? {
        var best: [(score: Int, x: Int, y: Int)] = Array(repeating: (Int.min, 0, 0), count: 4)
        let walked = mask.forEachSetPixel { x, y in
            let scores = [-x - y, x - y, x + y, -x + y]   // TL, TR, BR, BL
            for k in 0..<4 where scores[k] > best[k].score { best[k] = (scores[k], x, y) }
        }
        guard walked else { return nil }
        guard best[0].score != Int.min else { return nil }
        func point(_ k: Int) -> Point { Point(x: Double(best[k].x), y: Double(best[k].y)) }
        return PaperQuad(topLeft: point(0), topRight: point(1), bottomRight: point(2), bottomLeft: point(3))
    }

    func scaled(by factor: Double, offsetX: Double = 0, offsetY: Double = 0) -> PaperQuad {
        func s(_ p: Point) -> Point { Point(x: (p.x + offsetX) * factor, y: (p.y + offsetY) * factor) }
        return PaperQuad(topLeft: s(topLeft), topRight: s(topRight), bottomRight: s(bottomRight), bottomLeft: s(bottomLeft))
    }

    private static func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// The flat sheet's size: its longer opposite sides.
    var flatSize: (width: Double, height: Double) {
        (max(Self.distance(topLeft, topRight), Self.distance(bottomLeft, bottomRight)),
         max(Self.distance(topLeft, bottomLeft), Self.distance(topRight, bottomRight)))
    }

    /// How far the sheet is from an upright rectangle: the largest angle, in degrees, between a
    /// side and the axis it should follow. Below ~1° deskewing the crop does as well.
    var tilt: Double {
        func angle(_ a: Point, _ b: Point, horizontal: Bool) -> Double {
            let dx = b.x - a.x, dy = b.y - a.y
            return abs(atan2(horizontal ? dy : dx, horizontal ? dx : dy)) * 180 / .pi
        }
        return [angle(topLeft, topRight, horizontal: true), angle(bottomLeft, bottomRight, horizontal: true),
                angle(topLeft, bottomLeft, horizontal: false), angle(topRight, bottomRight, horizontal: false)].max() ?? 0
    }

    /// Whether the four points make a plausible sheet: convex-ish, not collapsed.
    var isPlausible: Bool {
        let size = flatSize
        guard size.width >= 20, size.height >= 20 else { return false }
        // Opposite sides within a factor of 1.6 of each other: steeper views are not receipts
        // photographed to be read, and the diagonal extremes are then unreliable.
        let top = Self.distance(topLeft, topRight), bottom = Self.distance(bottomLeft, bottomRight)
        let left = Self.distance(topLeft, bottomLeft), right = Self.distance(topRight, bottomRight)
        return min(top, bottom) * 1.6 >= max(top, bottom) && min(left, right) * 1.6 >= max(left, right)
    }

    /// The sheet laid flat: `grey` (8 bpp) warped so that the quad becomes an upright rectangle
    /// of `flatSize`, with white brought in from outside.
    func flattened(_ grey: LeptonicaImage) -> LeptonicaImage? {
        let size = flatSize
        // Leptonica's projective warp keeps the source's dimensions: fit the sheet inside them.
        let fit = min(1, Double(grey.width) / size.width, Double(grey.height) / size.height)
        let w = (size.width * fit).rounded(.down), h = (size.height * fit).rounded(.down)
        var source: UnsafeMutablePointer<PTA>? = ptaCreate(4), destination: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        defer { ptaDestroy(&source); ptaDestroy(&destination) }
        guard source != nil, destination != nil else { return nil }
        for (p, q) in [(topLeft, Point(x: 0, y: 0)), (topRight, Point(x: w - 1, y: 0)),
                       (bottomRight, Point(x: w - 1, y: h - 1)), (bottomLeft, Point(x: 0, y: h - 1))] {
            ptaAddPt(source, Float(p.x), Float(p.y))
            ptaAddPt(destination, Float(q.x), Float(q.y))
        }
        guard let warped = LeptonicaImage(taking: pixProjectivePtaGray(grey.pointer, destination, source, 255)) else { return nil }
        return warped.clipped(to: PixelRect(x: 0, y: 0, width: Int32(w), height: Int32(h)))
    }
}
