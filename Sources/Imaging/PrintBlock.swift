import CLeptonica
import Foundation

/// Where a receipt's print lies, found from the print alone.
///
/// The locator tells paper from what it lies on by brightness. A slip on a pale surface (a white
/// counter, marble, a sheet of paper, a palm) is no brighter than it, once the light falls off
/// across the frame: no sheet was found and the whole frame was read, veins and all, or a sheet
/// was found that held only part of the print (a slip on a cream counter lost its top third and
/// its name). Print is what every receipt has and no surface has: strokes far darker than the
/// paper right around them. Veins, grain and shade are soft, a few dozen levels below what
/// surrounds them; print is 100 and more.
struct PrintBlock {
    /// The print's rectangle, turned with its lines and grown by a margin, at full resolution.
    let quad: PaperQuad
    /// The printed strokes of the block (1 bpp) on the working copy, and that copy's reduction.
    let ink: LeptonicaImage
    let reduction: Int
    /// The share of the frame the block's rectangle covers.
    let frameShare: Double

    /// The working copy's longer side: text of a slip a third of a 12 MP frame wide is 6–10 px
    /// tall there, its strokes still darker than the paper by most of their full contrast.
    static let workingSide = 1000
    /// How much darker than the paper around it a stroke is, on paper lit to `litPaper` or
    /// brighter: print 100+, a marble vein, wood grain or a shadow's edge at most 50. A lower bar
    /// for every photo let the sensor's noise and a glare's edges through: blocks of noise were
    /// read, the stress set lost two receipts and read some photos for 20–30 s.
    static let strokeContrast: Int32 = 70
    /// The brightest paper's level (the working copy's 99th percentile) at which `strokeContrast`
    /// holds. Light falls on print and paper alike, so in a dim photo (paper at 90–150) every
    /// difference shrinks with it and the bar is scaled down by the same factor: held at 70, it
    /// passed only a dim slip's bold header, and the slip was cut to its name. Photos in daylight,
    /// under glare or in a hand's shade have their brightest paper at 190 or more, and keep 70.
    static let litPaper = 190.0
    /// The bar's floor, however dark the photo: above a dim sensor's noise once reduced.
    static let leastStrokeContrast: Int32 = 25
    /// The grey closing that gives the paper's level around each pixel: wider than any stroke.
    static let paperWindow: Int32 = 15
    /// Print lies in lines a line's height or two apart; strokes this far apart are one block.
    static let blockReach: Int32 = 21
    /// Clumps of print this far apart, across and down, are one block (working pixels): the gap
    /// between a receipt's names and its amounts, a blank line or two between its sections.
    static let joinAcross: Int32 = 60
    static let joinDown: Int32 = 80
    /// The least stroke pixels a clump needs to join the block: a short word, not a speck.
    static let minimumJoined: Int32 = 30
    /// Fewer printed pieces than this in the block are no receipt (a label, a logo, a vein).
    static let minimumPieces = 40
    /// The margin of paper kept around the print, as a share of the block's width: a slip's print
    /// runs within 3–5 mm of an 80 mm roll's edges.
    static let marginShare = 0.05

    /// The block of print in `grey` (8 bpp), or nil when there is none worth reading.
    static func find(in grey: LeptonicaImage) -> PrintBlock? {
        let reduction = max(1, (max(grey.width, grey.height) + workingSide - 1) / workingSide)
        let factor = 1 / Float(reduction)
        guard let work = LeptonicaImage(taking: reduction > 1 ? pixScaleAreaMap(grey.pointer, factor, factor) : pixClone(grey.pointer)),
              let strokes = strokes(of: work), let clumps = clumps(of: strokes),
              let (block, members) = joined(clumps),
              let ink = LeptonicaImage(taking: pixCreate(Int32(work.width), Int32(work.height), 1)) else { return nil }
        for index in members {
            let clump = clumps[index]
            pixRasterop(ink.pointer, clump.box.x, clump.box.y, clump.box.width, clump.box.height, PIX_PAINT, clump.strokes.pointer, 0, 0)
        }
        guard let held = ink.clipped(to: block), let pieces = held.connectedComponents(), pieces.rects.count >= minimumPieces,
              let rectangle = tightestRectangle(around: held, at: block, near: lineAngle(of: ink)) else { return nil }
        let grown = rectangle.grown(by: marginShare)
        // A receipt's print is never a sliver of the frame, measured before the margin: on a faded
        // slip the one line written darker passed the bar alone, and the slip was cut down to it.
        let bounds = rectangle.quad.bounds
        guard !ReceiptLocator.isSliver(width: bounds.right - bounds.left, height: bounds.bottom - bounds.top,
                                       frameWidth: work.width, frameHeight: work.height) else { return nil }
        let frame = Double(work.width * work.height)
        return PrintBlock(quad: grown.quad.scaled(by: Double(reduction)), ink: ink, reduction: reduction, frameShare: grown.area / frame)
    }

    /// Pixels darker than the paper around them (a grey closing wider than any stroke) by the
    /// stroke contrast for the photo's light (`contrast(forBrightest:)`), 1 bpp.
    static func strokes(of work: LeptonicaImage) -> LeptonicaImage? {
        var brightest: UInt32 = 255
        guard pixGetRankValue(work.pointer, 2, 0.99, &brightest) == 0,
              let paper = LeptonicaImage(taking: pixCloseGray(work.pointer, paperWindow, paperWindow)),
              let darkness = LeptonicaImage(taking: pixSubtractGray(nil, paper.pointer, work.pointer)),
              let lightness = LeptonicaImage(taking: pixInvert(nil, darkness.pointer)) else { return nil }
        return LeptonicaImage(taking: pixThresholdToBinary(lightness.pointer, 256 - contrast(forBrightest: Int(brightest))))
    }

    /// The stroke contrast for a copy whose brightest paper (99th percentile) is at `level`.
    static func contrast(forBrightest level: Int) -> Int32 {
        let scaled = Double(strokeContrast) * min(1, Double(level) / litPaper)
        return max(leastStrokeContrast, Int32(scaled.rounded()))
    }

    /// Strokes within `blockReach` of each other, one clump each: its box, its strokes, how many.
    typealias Clump = (box: PixelRect, strokes: LeptonicaImage, count: Int32)

    static func clumps(of strokes: LeptonicaImage) -> [Clump]? {
        guard let dilated = LeptonicaImage(taking: pixDilateBrick(nil, strokes.pointer, blockReach, blockReach)),
              let regions = dilated.connectedComponents(withMasks: true) else { return nil }
        var clumps: [Clump] = []
        for index in regions.rects.indices {
            let box = regions.rects[index]
            guard let own = regions.mask(at: index), let inside = strokes.clipped(to: box),
                  let held = LeptonicaImage(taking: pixAnd(nil, inside.pointer, own.pointer)) else { continue }
            var count: Int32 = 0
            pixCountPixels(held.pointer, &count, nil)
            clumps.append((box, held, count))
        }
        return clumps
    }

    /// The clump holding the most strokes, with every clump whose box comes within a column's
    /// gap or a blank section's height of the block so far: a receipt's amounts stand apart from
    /// their names, its total apart from the items. The block's box and its clumps' indices.
    static func joined(_ clumps: [Clump]) -> (PixelRect, Set<Int>)? {
        guard let seed = clumps.indices.max(by: { clumps[$0].count < clumps[$1].count }) else { return nil }
        var block = clumps[seed].box
        var members: Set<Int> = [seed]
        // Specks and grain join nothing: chained from one to the next, they could reach across the frame.
        let least = max(minimumJoined, clumps[seed].count / 100)
        var grew = true
        while grew {
            grew = false
            let reach = PixelRect(x: block.x - joinAcross, y: block.y - joinDown, width: block.width + 2 * joinAcross,
                                  height: block.height + 2 * joinDown)
            for index in clumps.indices where !members.contains(index) && clumps[index].count >= least
                && clumps[index].box.intersects(reach) {
                members.insert(index)
                block = block.union(clumps[index].box)
                grew = true
            }
        }
        return (block, members)
    }

    /// A rectangle turned by `angle` (radians): its extent along the turned axes.
    struct TurnedRectangle {
        var angle: Double
        var u: ClosedRange<Double>
        var v: ClosedRange<Double>

        var area: Double { (u.upperBound - u.lowerBound) * (v.upperBound - v.lowerBound) }

        func grown(by share: Double) -> TurnedRectangle {
            let margin = share * (u.upperBound - u.lowerBound)
            return TurnedRectangle(angle: angle, u: (u.lowerBound - margin)...(u.upperBound + margin),
                                   v: (v.lowerBound - margin)...(v.upperBound + margin))
        }

        /// Corners clockwise on screen from the top left, in the unturned frame.
        var quad: PaperQuad {
            let c = cos(angle), s = sin(angle)
            func point(_ u: Double, _ v: Double) -> PaperQuad.Point { PaperQuad.Point(x: u * c - v * s, y: u * s + v * c) }
            return PaperQuad(topLeft: point(u.lowerBound, v.lowerBound), topRight: point(u.upperBound, v.lowerBound),
                             bottomRight: point(u.upperBound, v.upperBound), bottomLeft: point(u.lowerBound, v.upperBound))
        }
    }

    /// The angle of the print's lines (radians, either sign: the rectangle tries both), from
    /// Leptonica's skew search over ±20°; nil when it cannot tell.
    static func lineAngle(of ink: LeptonicaImage) -> Double? {
        var angle: Float = 0, confidence: Float = 0
        guard pixFindSkewSweepAndSearch(ink.pointer, &angle, &confidence, 1, 1, 20, 1, 0.01) == 0, confidence >= 2 else { return nil }
        return Double(angle) * .pi / 180
    }

    /// The smallest rectangle around the set pixels of `mask` (placed at `origin`), turned by
    /// `near` (either way) or, failing that, by up to 20° either way: print lies in lines, and
    /// its block's sides follow them. The lines' own angle comes first: the outline of a
    /// receipt's print is ragged (a short centred header), and the smallest box over all angles
    /// can lie across it.
    static func tightestRectangle(around mask: LeptonicaImage, at origin: PixelRect, near: Double? = nil) -> TurnedRectangle? {
        // Each row's and column's first and last pixels hold every corner of the hull.
        guard let (left, right, top, bottom) = mask.setPixelExtents() else { return nil }
        var points: [(x: Double, y: Double)] = []
        let ox = Double(origin.x), oy = Double(origin.y)
        for y in 0..<mask.height where right[y] >= 0 {
            for dy in 0...1 { points += [(ox + Double(left[y]), oy + Double(y + dy)), (ox + Double(right[y] + 1), oy + Double(y + dy))] }
        }
        for x in 0..<mask.width where bottom[x] >= 0 {
            for dx in 0...1 { points += [(ox + Double(x + dx), oy + Double(top[x])), (ox + Double(x + dx), oy + Double(bottom[x] + 1))] }
        }
        guard points.count >= 8 else { return nil }
        var best: TurnedRectangle? = nil
        let angles = near.map { [$0, -$0] } ?? (-40...40).map { Double($0) * 0.5 * .pi / 180 }
        for angle in angles {
            let c = cos(angle), s = sin(angle)
            var uLow = Double.infinity, uHigh = -Double.infinity, vLow = Double.infinity, vHigh = -Double.infinity
            for p in points {
                let u = p.x * c + p.y * s, v = -p.x * s + p.y * c
                uLow = min(uLow, u); uHigh = max(uHigh, u); vLow = min(vLow, v); vHigh = max(vHigh, v)
            }
            let candidate = TurnedRectangle(angle: angle, u: uLow...uHigh, v: vLow...vHigh)
            if candidate.area < best?.area ?? .infinity { best = candidate }
        }
        return best
    }

    /// Whether the block's box reaches past `ink` (full resolution) on both sides one way, by more
    /// than `ReceiptLocator.printBeyondInkRegion` of its size each, and covers at least half of it
    /// the other way: the same print, found to both ends of its lines. A block elsewhere (a
    /// copier's dotted edge shadow, denser than the slip's print) does not cover it; one reaching
    /// past it on one side only is a note written beside the print (a clean scan lost its total
    /// when widened to a handwritten number).
    func widens(_ ink: PixelRect) -> Bool {
        let box = quad.bounds
        let across = (box.left, box.right), down = (box.top, box.bottom)
        let inkAcross = (Double(ink.x), Double(ink.x + ink.width)), inkDown = (Double(ink.y), Double(ink.y + ink.height))
        func spansAndReaches(_ block: (Double, Double), _ ink: (Double, Double)) -> Bool {
            let size = ink.1 - ink.0, reach = ReceiptLocator.printBeyondInkRegion * size
            return block.0 < ink.0 - reach && block.1 > ink.1 + reach
        }
        func covers(_ block: (Double, Double), _ ink: (Double, Double)) -> Bool {
            max(0, min(block.1, ink.1) - max(block.0, ink.0)) >= 0.5 * (ink.1 - ink.0)
        }
        return spansAndReaches(across, inkAcross) && covers(down, inkDown) || spansAndReaches(down, inkDown) && covers(across, inkAcross)
    }

    /// The share of the block's strokes lying outside `mask` (1 bpp, set where the sheet is), a
    /// mask of the same frame reduced by `maskReduction`.
    func shareOutside(_ mask: LeptonicaImage, maskReduction: Int) -> Double {
        var total = 0, outside = 0
        _ = ink.forEachSetPixel { x, y in
            total += 1
            let mx = Int32(x * reduction / maskReduction), my = Int32(y * reduction / maskReduction)
            var value: UInt32 = 0
            if mx >= Int32(mask.width) || my >= Int32(mask.height) || pixGetPixel(mask.pointer, mx, my, &value) != 0 || value == 0 {
                outside += 1
            }
        }
        return total == 0 ? 0 : Double(outside) / Double(total)
    }
}
