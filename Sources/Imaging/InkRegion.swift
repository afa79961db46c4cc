import CLeptonica
import Foundation

/// Where the print is, for a slip no brighter or darker than what it lies on (a white slip on a
/// white lid, a receipt filling the frame): the box of its printed lines on the small copy.
extension ReceiptLocator {
    /// Bounding box of the printed lines, whichever way they run: a slip laid sideways on a
    /// white lid prints columns, which the line closing below cannot join, so it is measured
    /// turned upright and its box turned back.
    static func inkRegion(small scene: LeptonicaImage, threshold: Int32) -> PixelRect? {
        let small = withoutEdgeShadows(scene, threshold: threshold) ?? scene
        guard TextDirection.isSideways(small), let upright = small.rotated(quarterTurns: 1) else {
            return inkRegion(lines: small, threshold: threshold)
        }
        // A quarter turn clockwise takes (x, y) to (height − 1 − y, x).
        guard let box = inkRegion(lines: upright, threshold: threshold) else { return nil }
        return PixelRect(x: box.y, y: Int32(small.height) - box.x - box.width, width: box.height, height: box.width)
    }

    /// Bounding box of printed lines running across `small`: ink closed horizontally into
    /// line-shaped blobs, so scanner dust and specks (small, isolated) do not widen the box.
    private static func inkRegion(lines small: LeptonicaImage, threshold: Int32) -> PixelRect? {
        guard let blobs = lineBlobs(small, threshold: threshold) else { return nil }
        let minimumWidth = minimumLineLength(small.width)
        // Printed text: wider than a few characters and not spanning the page from edge to
        // edge (scanner edges, folds). Lines closed into a block are kept however tall: a
        // left-aligned block of close lines ("TABLE / CASH / RECEIPT / CASHIER") is text,
        // and leaving it out cut the start of every line in it.
        let lineLike = blobs.rects.filter { box in
            box.width >= minimumWidth && box.height >= 2 && box.height < Int32(Double(small.height) * 0.9)
                && box.width < Int32(Double(small.width) * 0.95)
        }
        let text = lineLike.filter { !isScanEdge($0, among: lineLike, frameHeight: Int32(small.height)) }
        guard text.count >= 3 else { return nil }
        let left = text.map(\.x).min()!, top = text.map(\.y).min()!
        let right = text.map { $0.x + $0.width }.max()!, bottom = text.map { $0.y + $0.height }.max()!
        var region = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        // The edge line had covered print too faint for the threshold (a photo's unevenly
        // printed left column; a faint header under it): without it, the print is taken
        // whole at a lighter threshold.
        if text.count < lineLike.count {
            region = widened(region, toFainterLinesOf: small, threshold: threshold, minimumWidth: minimumWidth)
        }
        // A receipt's print is never a sliver of the frame. Where one line is printed darker than
        // the rest (a name written on a faded slip, a stamp), that line alone passes the threshold:
        // a faded slip was cut down to it and lost every amount.
        guard !isSliver(width: Double(region.width), height: Double(region.height),
                        frameWidth: small.width, frameHeight: small.height) else { return nil }
        return region
    }

    /// An edge shadow runs along at least this share of its side, lies within this outer share
    /// of the frame, starts within this share of the frame's edge, and is made of specks:
    /// components whose box holds at most `speckArea` pixels, half of them or more.
    static let edgeShadowLength = 0.6
    static let edgeShadowZone = 0.2
    static let edgeShadowReach = 0.04
    static let speckArea: Int32 = 2

    /// `small` with the shadows along its sides painted paper white, or nil when it has none.
    ///
    /// A copier or scanner prints the shadow of a page's edge as a screen of dots, which the
    /// line closing joins into a blob most of the page tall: the text was then judged to run
    /// down the page, the slip's box ran to the page's edge and bottom, and the bare page was
    /// read, enlarged, twice (a photocopied A4 page at 3–5× bare tesseract's time). A shadow is
    /// told from print by all of: it runs along most of a side, from near the frame's edge,
    /// within the frame's outer fifth, clear of the print beside it, and its ink is specks
    /// (print, even an amount column along the edge of a tight scan, is strokes). The whole
    /// strip from the frame's edge to the shadow's inner edge is painted: what else lies there
    /// (the shadow's stray dots, a copier's corner mark) reaches no print, or it would not be clear.
    static func withoutEdgeShadows(_ small: LeptonicaImage, threshold: Int32) -> LeptonicaImage? {
        guard let ink = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)),
              let clumps = LeptonicaImage(taking: pixCloseSafeBrick(nil, ink.pointer, 5, 5)),
              let regions = clumps.connectedComponents(), let lines = lineBlobs(ofInk: ink, frameWidth: small.width) else { return nil }
        let frame = (width: Int32(small.width), height: Int32(small.height))
        let printed = lines.rects.filter { $0.width >= minimumLineLength(small.width) || $0.height >= minimumLineLength(small.height) }
        // The shape first: it rules out all but a blob or two, and counting specks is not free.
        let strips = regions.rects.compactMap { box in
            edgeShadowStrip(box, printed: printed, frame: frame).flatMap { isSpeckled(box, in: ink) ? $0 : nil }
        }
        guard !strips.isEmpty else { return nil }
        let cleared = small.copy()
        for strip in strips {
            var rect: UnsafeMutablePointer<BOX>? = boxCreate(strip.x, strip.y, strip.width, strip.height)
            defer { boxDestroy(&rect) }
            guard pixSetInRectArbitrary(cleared.pointer, rect, 255) == 0 else { return nil }
        }
        return cleared
    }

    /// The strip of the frame from its edge to `box`'s inner edge, when `box` runs along most
    /// of that side, from near its edge, within the outer fifth, clear of the print beside it by
    /// the gap an edge line keeps; nil otherwise.
    static func edgeShadowStrip(_ box: PixelRect, printed: [PixelRect], frame: (width: Int32, height: Int32)) -> PixelRect? {
        /// The strip's extent across the side (start, end), or nil.
        func along(_ start: Int32, _ extent: Int32, _ length: Int32, frameDepth: Int32, frameLength: Int32,
                   others: [(start: Int32, end: Int32)]) -> (Int32, Int32)? {
            guard Double(length) >= edgeShadowLength * Double(frameLength) else { return nil }
            let zone = Int32(Double(frameDepth) * edgeShadowZone), reach = Int32(Double(frameDepth) * edgeShadowReach)
            let gap = scanEdgeGap(frameDepth)
            let end = start + extent
            // Blobs reaching past the shadow must start clear of it; its own pieces end within it.
            if start <= reach && end <= zone, others.allSatisfy({ $0.end <= end + gap || $0.start >= end + gap }) {
                return (0, end)
            }
            if end >= frameDepth - reach && start >= frameDepth - zone,
               others.allSatisfy({ $0.start >= start - gap || $0.end <= start - gap }) {
                return (start, frameDepth)
            }
            return nil
        }
        if let (from, to) = along(box.x, box.width, box.height, frameDepth: frame.width, frameLength: frame.height,
                                  others: printed.map { (start: $0.x, end: $0.x + $0.width) }) {
            return PixelRect(x: from, y: 0, width: to - from, height: frame.height)
        }
        if let (from, to) = along(box.y, box.height, box.width, frameDepth: frame.height, frameLength: frame.width,
                                  others: printed.map { (start: $0.y, end: $0.y + $0.height) }) {
            return PixelRect(x: 0, y: from, width: frame.width, height: to - from)
        }
        return nil
    }

    /// Half or more of the ink's components in `box` are specks.
    static func isSpeckled(_ box: PixelRect, in ink: LeptonicaImage) -> Bool {
        guard let inside = ink.clipped(to: box), let parts = inside.connectedComponents(), parts.rects.count >= 20 else { return false }
        let areas = parts.rects.map { $0.width * $0.height }.sorted()
        return areas[areas.count / 2] <= speckArea
    }

    /// The least length of a line of print on a side of the small copy `side` pixels long.
    static func minimumLineLength(_ side: Int) -> Int32 { Int32(max(8, side / 25)) }

    /// Ink darker than `threshold`, closed horizontally into line-shaped blobs.
    private static func lineBlobs(_ small: LeptonicaImage, threshold: Int32) -> ConnectedComponents? {
        guard let ink = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)) else { return nil }
        return lineBlobs(ofInk: ink, frameWidth: small.width)
    }

    /// `ink` (1 bpp) of a small copy `frameWidth` wide, closed horizontally into line-shaped blobs.
    private static func lineBlobs(ofInk ink: LeptonicaImage, frameWidth: Int) -> ConnectedComponents? {
        guard let lines = LeptonicaImage(taking: pixCloseSafeBrick(nil, ink.pointer, Int32(max(3, frameWidth / 40)), 3)) else { return nil }
        return lines.connectedComponents()
    }

    /// `region` grown to the lines found at a threshold halfway from `threshold` to the paper's
    /// grey: the whole of every line it holds, and fainter lines above and below that run
    /// under it within the gap an edge line keeps (a faint header, a faint last line).
    static func widened(_ region: PixelRect, toFainterLinesOf small: LeptonicaImage, threshold: Int32,
                        minimumWidth: Int32) -> PixelRect {
        guard let inside = small.clipped(to: region) else { return region }
        var paper: UInt32 = 0
        guard pixGetRankValue(inside.pointer, 1, 0.5, &paper) == 0 else { return region }
        let lighter = threshold + max(0, (Int32(paper) - threshold) / 2)
        guard lighter > threshold, let blobs = lineBlobs(small, threshold: lighter) else { return region }
        let frameHeight = Int32(small.height)
        let lineLike = blobs.rects.filter { $0.width >= minimumWidth && $0.height >= 2 && $0.height < region.height / 4 }
        var fainter = lineLike.filter { !isScanEdge($0, among: lineLike, frameHeight: frameHeight) }
        let gap = scanEdgeGap(frameHeight)
        var left = region.x, right = region.x + region.width, top = region.y, bottom = region.y + region.height
        var grew = true
        while grew {
            grew = false
            fainter.removeAll { box in
                guard box.x < right, box.x + box.width > left,
                      box.y < bottom + gap, box.y + box.height > top - gap else { return false }
                left = min(left, box.x)
                right = max(right, box.x + box.width)
                top = min(top, box.y)
                bottom = max(bottom, box.y + box.height)
                grew = true
                return true
            }
        }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Most of a frame's height a scan's edge shadow takes: a thin dark line along the top or
    /// bottom of an A4 scan where the lid did not cover the glass.
    static let scanEdgeShare = 0.015
    /// The least gap, as a share of the frame's height, between an edge line and the print.
    static let scanEdgeGap = 0.03

    /// `scanEdgeGap` in pixels of a frame `frameHeight` tall.
    static func scanEdgeGap(_ frameHeight: Int32) -> Int32 {
        Int32((Double(frameHeight) * scanEdgeGap).rounded(.up))
    }

    /// A thin blob lying along the frame's top or bottom edge, clear of every other blob: the
    /// scanner's edge, not print. Taken for a line of text it stretched a slip's box across
    /// the whole page, and Tesseract read the bare page beside the slip for seconds. A receipt's
    /// first line cut by the frame is followed by the next within a line or two, so it stays.
    static func isScanEdge(_ box: PixelRect, among boxes: [PixelRect], frameHeight: Int32) -> Bool {
        let height = Double(frameHeight)
        let thin = Int32(height * scanEdgeShare)
        guard box.height <= thin else { return false }
        // Along an edge: starting or ending within the edge line's own thickness of it.
        func atTop(_ box: PixelRect) -> Bool { box.y <= thin }
        func atBottom(_ box: PixelRect) -> Bool { box.y + box.height >= frameHeight - thin }
        let top = atTop(box)
        guard top || atBottom(box) else { return false }
        let gap = scanEdgeGap(frameHeight)
        // Other pieces along the same edge (the shadow broken by the slip) do not count.
        return !boxes.contains { other in
            if top ? atTop(other) : atBottom(other) { return false }
            return top ? other.y < box.y + box.height + gap : other.y + other.height > box.y - gap
        }
    }
}
