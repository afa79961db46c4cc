import CLeptonica
import Foundation

/// Finds the receipt on its background: a phone photo on a table, a slip on an A4 scan.
/// Paper is the largest bright region once text holes are closed; when it already fills
/// the frame there is nothing to cut. Everything is decided on a small copy; only the final
/// crop or warp touches the full-resolution image.
enum ReceiptLocator {
    /// A paper region covering more of the frame than this is "the whole image". Even a thin
    /// strip of table left beside the text derails Tesseract's layout (a phone photo with a
    /// dark edge on the right lost its whole amount column), so anything less is cropped.
    static let maxPaperShare = 0.97
    /// Below this many degrees between the sheet's sides and the axes, the box crop plus
    /// deskewing straightens as well as a warp and keeps the scan's pixels untouched.
    static let minimumTiltToFlatten = 1.5

    static func crop(_ grey: LeptonicaImage) throws(ImagingError) -> LeptonicaImage? {
        var slips = 1
        return try crop(grey, slips: &slips)
    }

    /// `slips`: how many receipt-sized sheets the image shows (several slips laid on one page).
    /// `unlit`: the photo as taken, when `grey` is it with a shadow lit back (`ShadedPart`); what
    /// is cut then comes from it, and nil is returned unless a whole slip is found.
    static func crop(_ grey: LeptonicaImage, slips: inout Int, unlit: LeptonicaImage? = nil) throws(ImagingError) -> LeptonicaImage? {
        // A Leptonica failure on the small copy means no crop, not a failed receipt.
        guard let scene = try? ReducedScene(grey) else { return nil }
        let frame = Double(scene.small.width * scene.small.height)
        // Paper brighter than what it lies on (a table, a grey lid), else paper darker than a
        // white lid (a grey or yellowed slip on a flatbed), else (a white slip on a white lid,
        // or a receipt filling the frame) where the printed text is. The text is only worth
        // cropping to when it covers clearly less than the frame (a slip on A4); a receipt
        // that fills the frame keeps its margins.
        let widened = scene.paperWithShadedEdges(grey)
        // The shade is lifted so that its edge is no column boundary for Tesseract; what is
        // cropped or laid flat below is the lifted image.
        let lifted = widened.bands.isEmpty ? nil : grey.liftingShade(in: widened.bands, reach: Int32(scene.reduction))
        let source = lifted ?? grey
        let pixels = unlit ?? source
        let brighter = SheetMask(widened.paper, frame: frame)
        // Paper that fills the frame once its shade is counted is the whole receipt: the shade
        // is no darker slip to look for.
        if let lifted, let brighter, Double(brighter.best.area) / frame >= maxPaperShare { return unlit == nil ? lifted : nil }
        // The print's block, wanted by the checks, the widening and the fallback below; found once.
        lazy var printBlock = PrintBlock.find(in: source)
        let lit = brighter.flatMap { $0.isSheet || isSmallSlip($0, in: source, scene: scene) ? $0 : nil }
        let found = evenlyLitSheet(insteadOf: lit, scene: scene, printBlock: { printBlock })
            ?? lit
            ?? scene.darkSheet().flatMap { SheetMask($0, frame: frame) }.flatMap { $0.isSheet && $0.isSolid ? $0 : nil }
        if let counted = found ?? brighter {
            slips = countSlips(counted.components.rects, largest: Double(counted.best.area), frame: frame)
        }
        // The sheet's corners on the small copy and how well they fit it, wanted by the shadow's
        // test and the warp below; found once.
        lazy var sheetCorners = found.flatMap { $0.components.mask(at: $0.largest) }.flatMap { PaperQuad.cornersAndFit(of: $0) }
        // The sheet's hull, wanted by the whole-slip check, the surface check and the notches
        // below; made once.
        lazy var hull = found?.convexHull()
        if unlit == nil {
            // A slip half in a cast shadow: brightness found its lit part only. Lit back, it is
            // found whole (`ShadedPart`), and the photo as taken is cut. Its lit part lies whole
            // in the frame and fits a quadrilateral.
            if let found, !found.reachesFrameEdge(width: scene.small.width, height: scene.small.height),
               let corners = sheetCorners, corners.fit >= minimumSheetQuadFit,
               let relit = ShadedPart.relit(source, sheet: scene.fullResolution(corners.quad, placedAt: found.best)),
               let whole = try crop(relit, slips: &slips, unlit: source) {
                return whole
            }
        } else {
            // Lit back, the slip must be found whole, on its own: lit table run into it (a glare
            // taken for the lit part, the table lit up with the slip) is no slip.
            guard let found, wholeSlipHull(found, corners: sheetCorners, hull: hull, scene: scene) != nil else { return nil }
        }
        // Where brightness finds no slip on a pale surface, or a patch of it that is no slip,
        // the print says where the receipt is (`PrintBlock`).
        if let found, let block = printBlock, let hull {
            let outside = printOutside(hull, block, scene: scene)
            if isSurface(found, hull: hull, holding: block, printOutside: outside, scene: scene)
                || isLitPart(printOutside: outside, of: block, in: source),
               let cut = cut(pixels, along: block) {
                return cut
            }
        }
        var region = region(found, scene)
        // With no sheet found, the ink region is widened to the print's own block when the block
        // reaches past both ends of its lines (`PrintBlock.widens`). The ink region thresholds the
        // 500 px copy, where thin strokes average out to the paper's grey: on a white slip lying on
        // a white lid it held only the bold logo, name and barcode, and every line lost its first
        // and last characters. Widened, not replaced: the box is cropped and straightened as before
        // (cut along the block's own turned rectangle, slips on pages came out turned a degree or two).
        if found == nil, let ink = region, let block = printBlock, block.frameShare < maximumPrintBlockShare,
           block.widens(scene.fullResolution(ink, margin: false)) {
            region = ink.union(scene.smallCopyBox(around: block.quad))
        }
        if region == nil, let block = printBlock, block.frameShare < maximumPrintBlockShare,
           let cut = cut(pixels, along: block) {
            return cut
        }
        guard let paper = region, Double(paper.area) / frame < maxPaperShare else { return unlit == nil ? lifted : nil }
        // A bright patch no quadrilateral fits is the slip run together with what lies beside it
        // (a hand's white notebook, a paper under it): its corners are no slip's, and the warp
        // from them slanted every line. The print's own block, when it is the smaller, is cut instead.
        if let sheetCorners, sheetCorners.fit < minimumSheetQuadFit, let block = printBlock,
           block.frameShare < Double(paper.area) / frame, let cut = cut(pixels, along: block) {
            return cut
        }
        // A sheet seen at an angle is laid flat from its corners rather than boxed.
        if let quad = sheetCorners.map({ scene.fullResolution($0.quad, placedAt: paper) }),
           quad.isPlausible, quad.tilt >= minimumTiltToFlatten, let flat = quad.flattened(pixels) {
            return flat
        }
        guard let cropped = pixels.clipped(to: scene.fullResolution(paper, margin: true)) else { throw .operationFailed("crop") }
        // A photographed receipt is rarely square to the frame: the box around it keeps
        // wedges of table in its corners, and Tesseract takes their edges for a column
        // boundary (a photo lost its whole amount column). Paint the table white.
        if let found, let table = LeptonicaImage(taking: pixInvert(nil, scene.withPrintedNotches(found, hull: hull, in: source).pointer)) {
            whiten(cropped, outside: table, paper: paper, scene: scene)
        }
        return cropped
    }

    /// The paper's box on the small copy: the sheet found, else the printed region when it
    /// covers clearly less than the frame (a slip on A4); nil for a receipt filling the frame.
    private static func region(_ found: SheetMask?, _ scene: ReducedScene) -> PixelRect? {
        let frame = Double(scene.small.width * scene.small.height)
        return found?.best ?? inkRegion(small: scene.small, threshold: scene.threshold)
            .flatMap { Double($0.area) / frame < maximumPrintBlockShare ? $0 : nil }
    }

    /// The share of the print lying outside a sheet's hull, given the margin of the crop.
    static func printOutside(_ hull: LeptonicaImage, _ block: PrintBlock, scene: ReducedScene) -> Double {
        let side = 2 * scene.margin + 1
        guard let reach = LeptonicaImage(taking: pixDilateBrick(nil, hull.pointer, side, side)) else { return 1 }
        return block.shareOutside(reach, maskReduction: scene.reduction)
    }

    /// Whether the sheet found is a pale surface rather than the slip: it leaves some of the
    /// print outside it (the lit side of a counter across half the slip), or it runs to the
    /// frame's edge and is more than twice the print's size (the counter with the slip on it).
    /// `hull`: the sheet's convex hull (`SheetMask.convexHull`).
    private static func isSurface(_ sheet: SheetMask, hull: LeptonicaImage, holding block: PrintBlock, printOutside: Double,
                                  scene: ReducedScene) -> Bool {
        if printOutside > maximumPrintOutside {
            return true
        }
        var hullArea: Int32 = 0
        pixCountPixels(hull.pointer, &hullArea, nil)
        let frame = Double(scene.small.width * scene.small.height)
        return block.frameShare * frame < minimumPrintShareOfSheet * Double(hullArea)
            && sheet.reachesFrameEdge(width: scene.small.width, height: scene.small.height)
    }

    /// Whether the sheet found is only the lit part of a slip with a shadow across it (a phone's
    /// or a hand's, under one lamp): the paper in the shadow is darker than the table's lit part,
    /// so brightness finds the lit side alone and the print in the shadow was cut off (on 8 of 30
    /// shadowed photos, each leaving 3–12% of the print outside). Told from a hand or a desk kept
    /// beside the slip by a shadow's straight edge crossing the print's block (`ShadowEdge`).
    /// `printOutside`: the share of the print outside the sheet's hull (`printOutside`).
    static func isLitPart(printOutside: Double, of block: PrintBlock, in source: LeptonicaImage) -> Bool {
        guard printOutside >= minimumShadedPrint, let box = block.quad.pixelBox(within: source.width, source.height),
              let printed = source.clipped(to: box) else { return false }
        return ShadowEdge.crosses(printed, crossedShare: litPartCrossedShare)
    }

    /// Print outside the sheet below this share is the odd mark beside the slip, not a part of it.
    static let minimumShadedPrint = 0.03
    /// The share of the print block's rows the shadow's edge must cross. The block is cut tight
    /// around the print, and the shaded part is thin (3–15% of the print), so on a tilted slip the
    /// edge runs into the block's outer tiles, which are left out, on many rows: shadowed photos'
    /// blocks measured 0.49–0.57 where the located slip measures 0.6 and more. Photos of stress F
    /// with print past their sheet (under glare, held over a desk) measured up to 0.48, with print
    /// on both sides on at most 0.26 of the rows there.
    static let litPartCrossedShare = 0.45

    /// How well (intersection over union) the sheet's corners must fit its mask for it to be one
    /// sheet: a slip alone on a table or lid fits at 0.93–0.99, even curled or on grain
    /// (`PaperQuad.trustedOverlap`); one held in a hand over a desk, run together with a notebook
    /// or the papers beside it, at 0.73–0.89.
    static let minimumSheetQuadFit = 0.9

    /// The print found covering more of the frame than this is a receipt filling it: nothing to cut.
    static let maximumPrintBlockShare = 0.6

    /// How far past each end of the ink region's box the print block must reach, as a share of the
    /// box's width or height, to widen it: on a clean scan the two differ by the block's margin (5%
    /// of its width); where thin print was missed, by a column of characters or more.
    static let printBeyondInkRegion = 0.12

    /// The share of a receipt's print that may lie outside the sheet found for it: a stamp or a
    /// curled edge's last letters, not a third of the slip.
    static let maximumPrintOutside = 0.15

    /// The least share of the sheet found for a receipt that its print's rectangle covers: a
    /// slip's print fills most of it, margins and all. A sheet twice the print's size or more
    /// that runs to the frame's edge is the slip with the pale surface around it (the lit side of
    /// a counter). Inside the frame it is the slip: its print may be too faint to count whole
    /// (a photo of a pale thermal slip kept only its darkest line, a name written on it).
    static let minimumPrintShareOfSheet = 0.45

    /// `source` cut along the print block's rectangle: laid flat when it is turned, else boxed.
    static func cut(_ source: LeptonicaImage, along block: PrintBlock) -> LeptonicaImage? {
        let quad = block.quad
        guard quad.isPlausible else { return nil }
        if quad.tilt >= minimumTiltToFlatten { return quad.flattened(source) }
        return quad.pixelBox(within: source.width, source.height).flatMap { source.clipped(to: $0) }
    }

    /// The sheets of a paper mask (1 = paper) and the largest of them.
    struct SheetMask {
        let mask: LeptonicaImage
        let components: ConnectedComponents
        let largest: Int
        let frame: Double
        var best: PixelRect { components.rects[largest] }

        init?(_ mask: LeptonicaImage, frame: Double) {
            guard let components = mask.connectedComponents(withMasks: true), let largest = components.largest else { return nil }
            self.mask = mask
            self.components = components
            self.largest = largest
            self.frame = frame
        }

        /// Whether the sheet runs to an edge of the frame (`width`×`height`, the mask's size): a
        /// slip photographed whole lies inside it; the lit side of a counter does not end.
        func reachesFrameEdge(width: Int, height: Int) -> Bool {
            let box = best
            return box.x <= 1 || box.y <= 1 || box.x + box.width >= Int32(width) - 1 || box.y + box.height >= Int32(height) - 1
        }

        /// A sheet, not the whole frame nor a scrap.
        var isSheet: Bool {
            let share = Double(best.area) / frame
            return share < ReceiptLocator.maxPaperShare && share > 0.08
        }

        /// Paper fills most of its box (a slip, even at an angle); a dark mask of anything else
        /// (text blocks, shadows, a photo's clutter) does not.
        var isSolid: Bool {
            guard let own = components.mask(at: largest) else { return false }
            var count: Int32 = 0
            pixCountPixels(own.pointer, &count, nil)
            return Double(count) / Double(max(1, best.area)) >= ReceiptLocator.minimumSheetFill
        }
    }

    /// The least share of the frame's height and width the printed region spans: a small ticket
    /// on an A4 page spans about 17% of its height, a single line of a receipt 3–5%.
    static let minimumTextShare = 0.08

    /// Whether print spanning `width` × `height` is a sliver of a `frameWidth` × `frameHeight`
    /// frame (under `minimumTextShare` of it either way): one line printed darker than the rest
    /// (a name written on a faded slip, a stamp), never a receipt's print.
    static func isSliver(width: Double, height: Double, frameWidth: Int, frameHeight: Int) -> Bool {
        width < Double(frameWidth) * minimumTextShare || height < Double(frameHeight) * minimumTextShare
    }

    /// How much of its box a slip darker than its lid must fill: a slip tilted 10° fills about
    /// 80% of it, a page's text blocks and shadows much less.
    static let minimumSheetFill = 0.7

    /// Sheets of paper at least a third the size of the largest and 3% of the frame: other
    /// receipts, not a scrap or a reflection. Paper filling the frame is one sheet.
    static func countSlips(_ sheets: [PixelRect], largest: Double, frame: Double) -> Int {
        guard largest / frame < maxPaperShare else { return 1 }
        let count = sheets.filter { Double($0.area) >= largest / 3 && Double($0.area) >= frame * smallSlipShare }.count
        return max(1, count)
    }

    /// Sets to white the pixels of `cropped` that `table` (small-scale mask, 1 = not paper) marks.
    private static func whiten(_ cropped: LeptonicaImage, outside table: LeptonicaImage, paper: PixelRect, scene: ReducedScene) {
        let margin = scene.margin
        let x = max(0, paper.x - margin), y = max(0, paper.y - margin)
        guard let local = table.clipped(to: PixelRect(x: x, y: y, width: Int32(scene.small.width) - x,
                                                      height: Int32(scene.small.height) - y)),
              let full = scene.fullResolution(local) else { return }
        pixSetMasked(cropped.pointer, full.pointer, 255)
    }

    /// How far below a region's typical grey its darkest 3% must lie for the region to hold
    /// print: ink on shaded paper sits 100+ levels below it, the grain of a table or the folds
    /// of a cloth within a few dozen, and a dark surface has nothing darker left.
    static let printContrast: Float = 60

    /// Whether the pixels of `image` under `mask` (placed at `origin`) hold print: a tail of
    /// pixels much darker than the region's median.
    static func holdsPrint(_ image: LeptonicaImage, under mask: LeptonicaImage, at origin: (x: Int32, y: Int32)) -> Bool {
        var median: Float = 0, dark: Float = 0
        guard pixGetRankValueMasked(image.pointer, mask.pointer, origin.x, origin.y, 2, 0.5, &median, nil) == 0,
              pixGetRankValueMasked(image.pointer, mask.pointer, origin.x, origin.y, 2, 0.03, &dark, nil) == 0
        else { return false }
        return median - dark >= printContrast
    }
}
