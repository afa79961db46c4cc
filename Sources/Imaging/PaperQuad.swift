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

    /// The sheet's corners on its mask (1 bpp, set where the paper is): the extreme points along
    /// the diagonals, which for a convex sheet turned by less than 45° are its corners, unless
    /// their quad fits the paper badly. A textured lid's bright grain touching the slip joins
    /// the mask as thin strips, and a strip's tip is a diagonal extreme: a slip 1.3° askew on a
    /// grey lid had a corner put 380 px down such a strip and was warped 14° out of true. Then
    /// the spurs are opened away and straight lines fitted to the four edges give the corners.
    static func corners(of mask: LeptonicaImage) -> PaperQuad? {
        cornersAndFit(of: mask)?.quad
    }

    /// `corners(of:)` with how well they fit the mask (`overlap(with:)`), measured once: the
    /// choice between the extremes and the fitted edges measures it already.
    static func cornersAndFit(of mask: LeptonicaImage) -> (quad: PaperQuad, fit: Double)? {
        guard let extremes = extremeCorners(of: mask) else { return nil }
        // The extremes are kept where they fit the paper: a curled end bows an edge, and the
        // line fitted to its middle then tilts the warp (12 MP photos lost 7 receipts to that).
        let extremesOverlap = extremes.overlap(with: mask)
        guard extremesOverlap < Self.trustedOverlap else { return (extremes, extremesOverlap) }
        let sheet = withoutSpurs(mask) ?? mask
        guard let rough = extremeCorners(of: sheet), let fitted = fittedCorners(of: sheet, near: rough) else {
            return (extremes, extremesOverlap)
        }
        let fittedOverlap = fitted.overlap(with: mask)
        return fittedOverlap > extremesOverlap ? (fitted, fittedOverlap) : (extremes, extremesOverlap)
    }

    /// The diagonal extremes are the corners unless their quad misses or adds this much of the
    /// paper (intersection over union): on most of the wild sets' photos and pages they cover
    /// 0.93–0.99 of the mask, and a corner put on grain 0.75–0.92. Below it, fitted edges take over.
    static let trustedOverlap = 0.93

    /// Intersection over union of the quad and the mask's set pixels (in the mask's pixels).
    func overlap(with mask: LeptonicaImage) -> Double {
        var both = 0, masked = 0, quad = 0
        guard mask.forEachSetPixel({ x, y in
            masked += 1
            if contains(x, y) { both += 1 }
        }) else { return 0 }
        for y in 0..<mask.height {
            for x in 0..<mask.width where contains(x, y) { quad += 1 }
        }
        let union = masked + quad - both
        return union == 0 ? 0 : Double(both) / Double(union)
    }

    /// Whether the pixel lies inside the quad (convex, corners clockwise on screen: every edge
    /// has the point on its right).
    func contains(_ x: Int, _ y: Int) -> Bool {
        let px = Double(x), py = Double(y)
        func onTheRight(_ a: Point, _ b: Point) -> Bool { (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x) >= 0 }
        return onTheRight(topLeft, topRight) && onTheRight(topRight, bottomRight)
            && onTheRight(bottomRight, bottomLeft) && onTheRight(bottomLeft, topLeft)
    }

    /// Where straight lines fitted to the sheet's four edges meet. Each edge is the mask's first
    /// set pixel seen from that side, row by row or column by column, over the middle of its
    /// run (the ends belong to the corners' rounding or to the neighbouring edge); the line is
    /// the Theil–Sen fit, which a bump of grain or a torn corner covering up to a quarter of the
    /// edge does not move.
    ///
    /// `near`: the corners roughly, which say where each edge runs; a turned sheet's left edge
    /// is not the first pixel seen from the left above its left-most corner.
    static func fittedCorners(of mask: LeptonicaImage, near rough: PaperQuad) -> PaperQuad? {
        let width = mask.width, height = mask.height
        guard width >= 8, height >= 8 else { return nil }
        guard let (left, right, top, bottom) = mask.setPixelExtents() else { return nil }
        guard let leftEdge = EdgeLine.fit(left, between: rough.topLeft.y, and: rough.bottomLeft.y),
              let rightEdge = EdgeLine.fit(right, between: rough.topRight.y, and: rough.bottomRight.y),
              let topEdge = EdgeLine.fit(top, between: rough.topLeft.x, and: rough.topRight.x),
              let bottomEdge = EdgeLine.fit(bottom, between: rough.bottomLeft.x, and: rough.bottomRight.x),
              let topLeft = EdgeLine.corner(across: topEdge, down: leftEdge),
              let topRight = EdgeLine.corner(across: topEdge, down: rightEdge),
              let bottomRight = EdgeLine.corner(across: bottomEdge, down: rightEdge),
              let bottomLeft = EdgeLine.corner(across: bottomEdge, down: leftEdge) else { return nil }
        // Corners far outside the mask's box mean edges fitted to something else.
        let slackX = Double(width) * 0.1, slackY = Double(height) * 0.1
        let inside = [topLeft, topRight, bottomRight, bottomLeft].allSatisfy {
            $0.x >= -slackX && $0.x <= Double(width) + slackX && $0.y >= -slackY && $0.y <= Double(height) + slackY
        }
        return inside ? PaperQuad(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft) : nil
    }

    /// Extreme points of the mask along the diagonals.
    static func extremeCorners(of sheet: LeptonicaImage) -> PaperQuad? {
        var best: [(score: Int, x: Int, y: Int)] = Array(repeating: (Int.min, 0, 0), count: 4)
        let walked = sheet.forEachSetPixel { x, y in
            let scores = [-x - y, x - y, x + y, -x + y]   // TL, TR, BR, BL
            for k in 0..<4 where scores[k] > best[k].score { best[k] = (scores[k], x, y) }
        }
        guard walked else { return nil }
        guard best[0].score != Int.min else { return nil }
        func point(_ k: Int) -> Point { Point(x: Double(best[k].x), y: Double(best[k].y)) }
        return PaperQuad(topLeft: point(0), topRight: point(1), bottomRight: point(2), bottomLeft: point(3))
    }

    /// The part of a sheet this much of its smaller side thick, everywhere: what is thinner
    /// is grain, not paper. A slip's corners survive, being the corners of a thick shape.
    static let spurShare = 8

    /// `mask` opened by a square an eighth of its smaller side (with room around it, so the
    /// sheet's own edges are not eaten); nil when that leaves too little to be the sheet.
    static func withoutSpurs(_ mask: LeptonicaImage) -> LeptonicaImage? {
        let side = Int32(min(mask.width, mask.height) / spurShare) | 1
        guard side >= 3, let framed = LeptonicaImage(taking: pixAddBorder(mask.pointer, side, 0)),
              let opened = LeptonicaImage(taking: pixOpenBrick(nil, framed.pointer, side, side)),
              let sheet = LeptonicaImage(taking: pixRemoveBorder(opened.pointer, side)) else { return nil }
        var before: Int32 = 0, after: Int32 = 0
        pixCountPixels(mask.pointer, &before, nil)
        pixCountPixels(sheet.pointer, &after, nil)
        return Double(after) >= 0.8 * Double(before) ? sheet : nil
    }

    /// The corners clockwise from the top left.
    var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The upright box around the quad: its corners' least and greatest x and y.
    var bounds: (left: Double, top: Double, right: Double, bottom: Double) {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    /// `bounds` in whole pixels, cut to a frame of `width`×`height`; nil when nothing of it is inside.
    func pixelBox(within width: Int, _ height: Int) -> PixelRect? {
        let box = bounds
        let left = max(0, Int32(box.left)), top = max(0, Int32(box.top))
        let right = min(Int32(width), Int32(box.right.rounded(.up))), bottom = min(Int32(height), Int32(box.bottom.rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
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
        // Only the sheet's rectangle is warped: Leptonica's own warp fills an image the
        // source's size, most of it the table around the sheet, and cut it out afterwards.
        var coefficients: UnsafeMutablePointer<Float>?
        guard getProjectiveXformCoeffs(destination, source, &coefficients) == 0, let coefficients else { return nil }
        defer { free(coefficients) }
        return LeptonicaImage(taking: rebut_projective_gray_into(grey.pointer, coefficients, Int32(w), Int32(h), 255))
    }
}
