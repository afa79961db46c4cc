import CLeptonica

/// Finding a slip lit by one lamp: its table lit brighter than the slip's far end, where no one
/// threshold over the frame parts paper from table (`ReceiptLocator.crop`).
extension ReceiptLocator {
    /// The slip told from the table by brightness against its surroundings
    /// (`ReducedScene.evenlyLitPaper`), where one threshold over the frame found no sheet (`lit`
    /// is nil) or took the table in with the slip (a bright region of more than
    /// `litSurfaceShare` of the frame that runs to its edge). An evening photo lit by one lamp
    /// kept table and slip together, uncropped and unwarped, and Tesseract lost the amount
    /// column beside the slanted lines. Taken only for a slip lying whole inside the frame, a
    /// quadrilateral holding the print.
    static func evenlyLitSheet(insteadOf lit: SheetMask?, scene: ReducedScene,
                                       printBlock: () -> PrintBlock?) -> SheetMask? {
        let frame = Double(scene.small.width * scene.small.height)
        if let lit, Double(lit.best.area) / frame <= litSurfaceShare
            || !lit.reachesFrameEdge(width: scene.small.width, height: scene.small.height) { return nil }
        guard let mask = scene.evenlyLitPaper(), let sheet = SheetMask(mask, frame: frame), sheet.isSheet,
              Double(sheet.best.area) / frame <= litSurfaceShare, let hull = wholeSlipHull(sheet, scene: scene),
              let block = printBlock(), printOutside(hull, block, scene: scene) <= maximumPrintOutside else { return nil }
        return sheet
    }

    /// The sheet's convex hull when it looks like a slip lying whole in the frame, nil otherwise:
    /// solid, inside the frame, a quadrilateral (`minimumSheetQuadFit`) and brighter than a ring
    /// around it (`standsOut`). What a sheet found by other means than one threshold must be.
    static func wholeSlipHull(_ sheet: SheetMask, scene: ReducedScene) -> LeptonicaImage? {
        wholeSlipHull(sheet, corners: sheet.components.mask(at: sheet.largest).flatMap { PaperQuad.cornersAndFit(of: $0) },
                      hull: sheet.convexHull(), scene: scene)
    }

    /// `wholeSlipHull` with the sheet's corners and hull given by a caller that makes them anyway
    /// (`crop`, for the warp and the notches); each is asked for only when the checks before it pass.
    static func wholeSlipHull(_ sheet: SheetMask, corners: @autoclosure () -> (quad: PaperQuad, fit: Double)?,
                              hull: @autoclosure () -> LeptonicaImage?, scene: ReducedScene) -> LeptonicaImage? {
        guard sheet.isSolid, !sheet.reachesFrameEdge(width: scene.small.width, height: scene.small.height),
              let corners = corners(), corners.fit >= minimumSheetQuadFit,
              let hull = hull(), standsOut(hull, in: scene.small, margin: scene.margin) else { return nil }
        return hull
    }

    /// Whether a bright region under 8% of the frame (`SheetMask.isSheet`) is a slip photographed
    /// from arm's length: at least `smallSlipShare` of the frame, a whole slip by its shape
    /// (`wholeSlipHull`), with print in its middle. A slip a twentieth of the frame was not cut
    /// out, and the whole 10 MP frame of granite was read for 13 s.
    /// The print is looked for at full resolution (`source`): its 8 px characters are a pixel
    /// high on the small copy, where they average out to grey.
    static func isSmallSlip(_ sheet: SheetMask, in source: LeptonicaImage, scene: ReducedScene) -> Bool {
        guard Double(sheet.best.area) / sheet.frame >= smallSlipShare, wholeSlipHull(sheet, scene: scene) != nil else { return false }
        // The middle of the box lies on the slip however it is turned; its corners may not.
        let box = scene.fullResolution(sheet.best, margin: false)
        let middle = PixelRect(x: box.x + box.width / 4, y: box.y + box.height / 4, width: box.width / 2, height: box.height / 2)
        guard let levels = source.clipped(to: middle)?.greyLevels(at: [0.01, 0.5]) else { return false }
        return levels[1] - levels[0] >= smallSlipPrint
    }

    /// How far below the middle of a small slip's median grey its darkest 1% must lie: small
    /// print photographed from afar, blurred and dimmed, 61 levels; the grain of blank paper or
    /// of a photo's noise, within about 25.
    static let smallSlipPrint = 40

    /// The least share of the frame a slip photographed from afar is looked for at: a long slip
    /// at arm's length covers 4–7% of it; as many slips on one page are counted from this share.
    static let smallSlipShare = 0.03

    /// Whether the region under `hull`, print and all, is on the whole brighter than a ring
    /// around it beyond the crop's margin: paper on a table, however dim the light or pale the
    /// table (a slip on a cream counter stood a level or two above it, an evening photo's slip
    /// 13 levels above its table). The print on a white page, or on a scan filling the frame,
    /// is brighter than its surroundings' mean too where the lines are dense, but darker than
    /// the bare paper right around it; cut to it, a page lost its header. The ring is near
    /// enough that a lamp's fall-off across the frame does not change it much.
    static func standsOut(_ hull: LeptonicaImage, in small: LeptonicaImage, margin: Int32) -> Bool {
        let side = 2 * margin + 1
        guard let near = LeptonicaImage(taking: pixDilateBrick(nil, hull.pointer, side, side)),
              let far = LeptonicaImage(taking: pixDilateBrick(nil, hull.pointer, 4 * side, 4 * side)),
              let ring = LeptonicaImage(taking: pixSubtract(nil, far.pointer, near.pointer)) else { return false }
        var inside: Float = 0, around: Float = 0
        guard pixGetAverageMasked(small.pointer, hull.pointer, 0, 0, 1, Int32(L_MEAN_ABSVAL), &inside) == 0,
              pixGetAverageMasked(small.pointer, ring.pointer, 0, 0, 1, Int32(L_MEAN_ABSVAL), &around) == 0 else { return false }
        return inside > around
    }

    /// The pixels of a grey image at least `litAboveSurroundings` levels brighter than the mean
    /// of a window half the image across: paper once the light's fall-off across the frame is
    /// taken out. A lamp off to one side lights the table beside it brighter than the slip's far
    /// end, and no single threshold parts them; against its own surroundings the slip stands out
    /// whole.
    static func brighterThanSurroundings(_ grey: LeptonicaImage) -> LeptonicaImage? {
        let half = Int32(max(grey.width, grey.height) / 4)
        guard let mean = LeptonicaImage(taking: pixBlockconv(grey.pointer, half, half)),
              let above = LeptonicaImage(taking: pixSubtractGray(nil, grey.pointer, mean.pointer)),
              let level = LeptonicaImage(taking: pixThresholdToBinary(above.pointer, litAboveSurroundings)) else { return nil }
        return LeptonicaImage(taking: pixInvert(nil, level.pointer))
    }

    /// Grey levels above its surroundings' mean that make a pixel paper: above the grain of a
    /// table or cloth, below the step from a table to paper in dim light.
    static let litAboveSurroundings: Int32 = 9

    /// A bright region over this share of the frame that runs to its edge may be the table
    /// lit with the slip (`evenlyLitSheet`); a slip photographed whole covers 15–55% of it.
    static let litSurfaceShare = 0.6
}

extension ReducedScene {
    /// Paper brighter than what lies around it (`ReceiptLocator.brighterThanSurroundings`),
    /// closed and opened as `paper` is.
    func evenlyLitPaper() -> LeptonicaImage? {
        ReceiptLocator.brighterThanSurroundings(small).flatMap { Self.paperMask($0, on: small) }
    }
}
