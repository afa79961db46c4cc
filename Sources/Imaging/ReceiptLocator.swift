import CLeptonica
import Foundation

/// Finds the receipt on its background: a phone photo on a table, a slip on an A4 scan.
/// Paper is the largest bright region once text holes are closed; when it already fills
/// the frame there is nothing to cut.
enum ReceiptLocator {
    /// A paper region covering more of the frame than this is "the whole image". Even a thin
    /// strip of table left beside the text derails Tesseract's layout (a phone photo with a
    /// dark edge on the right lost its whole amount column), so anything less is cropped.
    static let maxPaperShare = 0.97
    /// Below this many degrees between the sheet's sides and the axes, the box crop plus
    /// deskewing straightens as well as a warp and keeps the scan's pixels untouched.
    static let minimumTiltToFlatten = 1.5

    /// The cropped receipt, or nil when no clear paper region stands out from the background.
    static func crop(_ grey: LeptonicaImage) throws(ImagingError) -> LeptonicaImage? {
        var slips = 1
        return try crop(grey, slips: &slips)
    }

    /// `slips`: how many receipt-sized sheets the image shows (several slips laid on one page).
    static func crop(_ grey: LeptonicaImage, slips: inout Int) throws(ImagingError) -> LeptonicaImage? {
        let width = grey.width, height = grey.height
        // Work on a small copy: the paper's outline needs no detail.
        let reduction = max(1, max(width, height) / 500)
        let factor = 1 / Float(reduction)
        guard let small = LeptonicaImage(taking: reduction > 1 ? pixScaleAreaMap(grey.pointer, factor, factor) : pixCopy(nil, grey.pointer)) else {
            throw .operationFailed("crop reduction")
        }
        // Threshold between paper and background: Otsu on the whole small image.
        var thresholdValue: Int32 = 0
        guard pixSplitDistributionFgBg(small.pointer, 0.1, 1, &thresholdValue, nil, nil, nil) == 0 else { return nil }
        // Bright pixels (paper) become foreground: threshold marks dark as 1, so invert.
        guard let dark = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, thresholdValue)),
              let bright = LeptonicaImage(taking: pixInvert(nil, dark.pointer)) else {
            throw .operationFailed("crop threshold")
        }
        // Close the text holes, then open to cut thin bridges to other bright objects.
        let sw = Int32(max(3, small.width / 40)), sh = Int32(max(3, small.height / 40))
        guard let closed = LeptonicaImage(taking: pixCloseSafeBrick(nil, bright.pointer, sw, sh)),
              let opened = LeptonicaImage(taking: pixOpenBrick(nil, closed.pointer, sw, sh)) else {
            throw .operationFailed("crop morphology")
        }
        var masks: UnsafeMutablePointer<PIXA>?
        var components: UnsafeMutablePointer<BOXA>? = pixConnComp(opened.pointer, &masks, 8)
        defer { boxaDestroy(&components); pixaDestroy(&masks) }
        guard let boxes = components else { return nil }
        var best: (x: Int32, y: Int32, w: Int32, h: Int32)?
        var bestIndex: Int32 = -1
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            if best == nil || w * h > best!.w * best!.h { best = (x, y, w, h); bestIndex = index }
        }
        let smallArea = Double(small.width * small.height)
        if let best {
            slips = countSlips(boxes, largest: Double(best.w * best.h), frame: smallArea)
        }
        var region = best
        var foundPaper = true
        // Paper filling (almost) the whole frame, or no clear paper at all: a receipt on a
        // white flatbed lid looks like that, so fall back to where the printed text is.
        // Only worth it when the text covers clearly less than the frame (a slip on A4); a
        // receipt that fills the frame keeps its margins.
        if let paper = best, Double(paper.w * paper.h) / smallArea >= maxPaperShare || Double(paper.w * paper.h) / smallArea <= 0.08 {
            foundPaper = false
            region = inkRegion(small: small, threshold: thresholdValue)
                .flatMap { Double($0.w * $0.h) / smallArea < 0.6 ? $0 : nil }
        }
        guard let paper = region, Double(paper.w * paper.h) / smallArea < maxPaperShare else { return nil }
        // A sheet seen at an angle is laid flat from its corners rather than boxed.
        if foundPaper, let masks, let mask = LeptonicaImage(taking: pixaGetPix(masks, bestIndex, Int32(L_CLONE))),
           let quad = PaperQuad.corners(of: mask)?.scaled(by: Double(reduction), offsetX: Double(paper.x) + 0.5,
                                                          offsetY: Double(paper.y) + 0.5),
           quad.isPlausible, quad.tilt >= minimumTiltToFlatten, let flat = quad.flattened(grey) {
            return flat
        }
        guard let cropped = try clip(grey, paper: paper, small: small, reduction: reduction) else { return nil }
        // A photographed receipt is rarely square to the frame: the box around it keeps
        // wedges of table in its corners, and Tesseract takes their edges for a column
        // boundary (a photo lost its whole amount column). Paint the table white.
        if foundPaper, let table = LeptonicaImage(taking: pixInvert(nil, opened.pointer)) {
            whiten(cropped, outside: table, paper: paper, small: small, reduction: reduction)
        }
        return cropped
    }

    /// Sheets of paper at least a third the size of the largest and 3% of the frame: other
    /// receipts, not a scrap or a reflection. Paper filling the frame is one sheet.
    static func countSlips(_ boxes: UnsafeMutablePointer<BOXA>, largest: Double, frame: Double) -> Int {
        guard largest / frame < maxPaperShare else { return 1 }
        var count = 0
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            let area = Double(w * h)
            if area >= largest / 3, area >= frame * 0.03 { count += 1 }
        }
        return max(1, count)
    }

    /// Sets to white the pixels of `cropped` that `table` (small-scale mask, 1 = not paper) marks.
    private static func whiten(_ cropped: LeptonicaImage, outside table: LeptonicaImage,
                               paper: (x: Int32, y: Int32, w: Int32, h: Int32),
                               small: LeptonicaImage, reduction: Int) {
        let margin = Int32(max(2, min(small.width, small.height) / 50))
        let x = max(0, paper.x - margin), y = max(0, paper.y - margin)
        guard let box = boxCreate(x, y, Int32(small.width) - x, Int32(small.height) - y) else { return }
        var owned: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&owned) }
        guard let local = LeptonicaImage(taking: pixClipRectangle(table.pointer, box, nil)),
              let full = LeptonicaImage(taking: reduction > 1 ? pixExpandReplicate(local.pointer, Int32(reduction))
                                                              : pixClone(local.pointer)) else { return }
        pixSetMasked(cropped.pointer, full.pointer, 255)
    }

    private static func clip(_ grey: LeptonicaImage, paper: (x: Int32, y: Int32, w: Int32, h: Int32),
                             small: LeptonicaImage, reduction: Int) throws(ImagingError) -> LeptonicaImage? {
        let width = grey.width, height = grey.height
        let margin = Int32(max(2, min(small.width, small.height) / 50))
        let x = max(0, paper.x - margin) * Int32(reduction)
        let y = max(0, paper.y - margin) * Int32(reduction)
        let right = min(Int32(small.width), paper.x + paper.w + margin) * Int32(reduction)
        let bottom = min(Int32(small.height), paper.y + paper.h + margin) * Int32(reduction)
        guard let box = boxCreate(x, y, min(Int32(width), right) - x, min(Int32(height), bottom) - y) else {
            throw .operationFailed("crop box")
        }
        var owned: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&owned) }
        guard let cropped = LeptonicaImage(taking: pixClipRectangle(grey.pointer, box, nil)) else {
            throw .operationFailed("crop")
        }
        return cropped
    }

    /// Bounding box of the printed lines: ink closed horizontally into line-shaped blobs, so
    /// scanner dust and specks (small, isolated) do not widen the box.
    static func inkRegion(small: LeptonicaImage, threshold: Int32) -> (x: Int32, y: Int32, w: Int32, h: Int32)? {
        guard let ink = LeptonicaImage(taking: pixThresholdToBinary(small.pointer, threshold)),
              let lines = LeptonicaImage(taking: pixCloseSafeBrick(nil, ink.pointer, Int32(max(3, small.width / 40)), 3))
        else { return nil }
        var components: UnsafeMutablePointer<BOXA>? = pixConnComp(lines.pointer, nil, 8)
        defer { boxaDestroy(&components) }
        guard let boxes = components else { return nil }
        let minimumWidth = Int32(max(8, small.width / 25))
        var union: (left: Int32, top: Int32, right: Int32, bottom: Int32)?
        var kept = 0
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            // Printed text: wider than a few characters and not spanning the page from edge to
            // edge (scanner edges, folds). Lines closed into a block are kept however tall: a
            // left-aligned block of close lines ("TABLE / CASH / RECEIPT / CASHIER") is text,
            // and leaving it out cut the start of every line in it.
            guard w >= minimumWidth, h >= 2, h < Int32(Double(small.height) * 0.9),
                  w < Int32(Double(small.width) * 0.95) else { continue }
            kept += 1
            if let u = union {
                union = (min(u.left, x), min(u.top, y), max(u.right, x + w), max(u.bottom, y + h))
            } else {
                union = (x, y, x + w, y + h)
            }
        }
        guard kept >= 3, let u = union else { return nil }
        return (u.left, u.top, u.right - u.left, u.bottom - u.top)
    }
}
