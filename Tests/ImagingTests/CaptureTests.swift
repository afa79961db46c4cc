import CLeptonica
import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// Receipts as phones and scanners deliver them: at an angle, sideways, several on a page.
@Suite struct CaptureTests {
    private let cropOnly = ReceiptCleaner(options: CleaningOptions(crop: true, deskew: false, normalizeBackground: false,
                                                                   binarize: false, scale: false))

    private func paper() throws -> LeptonicaImage {
        try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12, margin: 30))
    }

    /// A slip lying at 10° on a dark table: past what deskewing searches, so only laying the
    /// sheet flat from its corners straightens it.
    @Test func aSlipLyingAtAnAngleIsLaidFlat() throws {
        let sheet = try paper()
        let table = try #require(LeptonicaImage.filled(width: sheet.width + 600, height: sheet.height + 600, grey: 45))
        let placed = try #require(table.pasting(sheet, x: 300, y: 300))
        let scene = try #require(placed.rotated(degrees: 10))
        var notes: [String] = []
        let flat = try cropOnly.clean(scene, notes: &notes)
        #expect(abs(flat.measuredSkew().degrees) < 1, "skew \(flat.measuredSkew())")
        #expect(abs(flat.width - sheet.width) <= sheet.width / 10, "\(flat.width) vs \(sheet.width)")
        #expect(abs(flat.height - sheet.height) <= sheet.height / 10, "\(flat.height) vs \(sheet.height)")
        #expect(notes.isEmpty)
    }

    /// A slip photographed from arm's length, a twentieth of the frame: a sheet was once at
    /// least 8% of it, and below that the whole 10 MP frame of table was read (13 s, no field).
    /// Found, it is cut to itself.
    @Test func aSlipPhotographedFromAfarIsCutFromItsTable() throws {
        let sheet = try paper()
        let cut = try cropOnly.clean(try onGranite(sheet))
        #expect(abs(cut.width - sheet.width) <= sheet.width / 6, "\(cut.width)×\(cut.height) for a \(sheet.width)×\(sheet.height) slip")
        #expect(abs(cut.height - sheet.height) <= sheet.height / 6, "\(cut.width)×\(cut.height)")
    }

    /// A blank card as small on the same table is as bright, solid and square as the slip, but
    /// holds no print: it is no slip photographed from afar.
    @Test func aSmallSlipHoldsPrintWhereABlankCardHoldsNone() throws {
        let slip = try paper()
        let card = try #require(LeptonicaImage.filled(width: slip.width, height: slip.height, grey: 235))
        for (sheet, isSlip) in [(slip, true), (card, false)] {
            let scene = try onGranite(sheet)
            let reduced = try ReducedScene(scene)
            let frame = Double(reduced.small.width * reduced.small.height)
            let found = try #require(ReceiptLocator.SheetMask(reduced.paperWithShadedEdges(scene).paper, frame: frame))
            #expect(!found.isSheet, "a twentieth of the frame is under a sheet's least share")
            #expect(ReceiptLocator.isSmallSlip(found, in: scene, scene: reduced) == isSlip)
        }
    }

    /// A slip on a grey table with a shadow across the end of its lines: the paper in the shadow
    /// is darker than the lit table, so brightness finds only the slip's lit part, and the
    /// crop cut every amount off. The shadow's straight edge across the print says the print
    /// beyond it is the slip's: the print's block is cut instead.
    @Test func aShadowAcrossTheSlipLeavesItsPrintInTheCrop() throws {
        let rendered = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines + receiptLines, fontSize: 20, margin: 40))
        let sheet = try rendered.scaled(by: 2)
        pixMultConstantGray(sheet.pointer, 0.9)
        let table = try #require(LeptonicaImage.filled(width: sheet.width * 2, height: sheet.height * 3 / 2, grey: 150))
        let scene = try #require(table.pasting(sheet, x: sheet.width / 2, y: sheet.height / 4))
        // The shadow: everything right of a line through the slip's amounts, at 55%.
        let edge = sheet.width / 2 + sheet.width * 3 / 5
        let shade = try #require(scene.clipped(to: PixelRect(x: Int32(edge), y: 0, width: Int32(scene.width - edge), height: Int32(scene.height))))
        pixMultConstantGray(shade.pointer, 0.55)
        pixRasterop(scene.pointer, Int32(edge), 0, Int32(shade.width), Int32(shade.height), PIX_SRC, shade.pointer, 0, 0)
        let cut = try cropOnly.clean(scene)
        let amounts = try #require(LeptonicaImage.renderedText(["7.50"], fontSize: 20, margin: 0)).width * 2
        #expect(cut.width >= sheet.width - 80 * 2 - amounts / 4, "\(cut.width)×\(cut.height) for a \(sheet.width)×\(sheet.height) slip")
        #expect(cut.width <= sheet.width * 11 / 10, "\(cut.width)×\(cut.height): no table beside it")
    }

    /// A shadow over two thirds of a slip whose print is grey (a faded thermal slip): the shaded paper is
    /// darker than the lit table, and the shaded print is 50 levels below it, too faint for the
    /// print's block, so the lit half alone was cut. The rows of print go on past the lit half's
    /// side: the shade is lit back, the whole slip found, and the photo as taken is cut.
    @Test func aShadowOverHalfAFadedSlipLeavesTheWholeSlipInTheCrop() throws {
        let scene = try shadedFadedSlip(share: 0.35)
        let cut = try #require(try ReceiptLocator.crop(scene.image))
        #expect(cut.width >= scene.slip.width * 9 / 10, "\(cut.width)×\(cut.height) for a \(scene.slip.width)×\(scene.slip.height) slip")
        #expect(cut.width <= scene.slip.width * 11 / 10, "\(cut.width)×\(cut.height): no table beside it")
        // Cut from the photo as taken, not from the lit-back copy: the shaded side stays shaded.
        let levels = try #require(cut.clipped(to: PixelRect(x: Int32(cut.width * 8 / 10), y: Int32(cut.height / 4), width: Int32(cut.width / 10),
                                                             height: Int32(cut.height / 2)))?.greyLevels(at: [0.9]))
        #expect(levels[0] < 150, "the shaded paper's level \(levels[0])")
    }

    /// The same shadow across the slip, over its lower two thirds: its edge runs along the lines,
    /// and the print's margins and columns go on past it instead.
    @Test func aShadowOverTheLowerPartOfAFadedSlipLeavesTheWholeSlipInTheCrop() throws {
        let scene = try shadedFadedSlip(share: 0.35, across: true)
        let cut = try #require(try ReceiptLocator.crop(scene.image))
        #expect(cut.height >= scene.slip.height * 9 / 10, "\(cut.width)×\(cut.height) for a \(scene.slip.width)×\(scene.slip.height) slip")
        #expect(cut.height <= scene.slip.height * 11 / 10, "\(cut.width)×\(cut.height): no table above or below it")
    }

    /// Where the lines of print go on past a side, it is a shadow's edge; where the slip ends
    /// against a speckled table, its grain does not follow the rows.
    @Test func theRowsOfPrintGoOnPastAShadowsEdgeButNotPastTheSlipsEnd() throws {
        let shaded = try shadedFadedSlip(share: 0.35)
        #expect(ShadedPart.relit(shaded.image, sheet: shaded.litPart) != nil)
        let whole = PaperQuad(topLeft: .init(x: Double(shaded.slipOrigin.x), y: Double(shaded.slipOrigin.y)),
                              topRight: .init(x: Double(shaded.slipOrigin.x + shaded.slip.width), y: Double(shaded.slipOrigin.y)),
                              bottomRight: .init(x: Double(shaded.slipOrigin.x + shaded.slip.width), y: Double(shaded.slipOrigin.y + shaded.slip.height)),
                              bottomLeft: .init(x: Double(shaded.slipOrigin.x), y: Double(shaded.slipOrigin.y + shaded.slip.height)))
        let speckled = try #require(LeptonicaImage.filled(width: shaded.image.width, height: shaded.image.height, grey: 110)?
            .speckled(count: shaded.image.width * shaded.image.height / 200, size: 3)?
            .pasting(shaded.slip, x: shaded.slipOrigin.x, y: shaded.slipOrigin.y))
        #expect(ShadedPart.relit(speckled, sheet: whole) == nil)
    }

    /// A slip of grey print (ink 115 on paper 230) on a table at 110, everything right of a line
    /// `share` of the way across the slip in a shadow keeping 45% of the light. `across`: below a
    /// line `share` of the way down it instead, on a slip of items with their amounts in a column.
    private func shadedFadedSlip(share: Double, across: Bool = false) throws -> (image: LeptonicaImage, slip: LeptonicaImage, slipOrigin: (x: Int, y: Int), litPart: PaperQuad) {
        let rendered = try across ? itemsAndAmounts() : #require(LeptonicaImage.renderedText(receiptLines + receiptLines + receiptLines, fontSize: 20, margin: 40))
        let slip = rendered.copy()
        pixInvert(slip.pointer, slip.pointer)
        pixMultConstantGray(slip.pointer, 0.5)
        pixInvert(slip.pointer, slip.pointer)
        pixMultConstantGray(slip.pointer, 0.9)
        let table = try #require(LeptonicaImage.filled(width: slip.width * 2, height: slip.height * 3 / 2, grey: 110))
        let origin = (x: slip.width / 2, y: slip.height / 4)
        let image = try #require(table.pasting(slip, x: origin.x, y: origin.y))
        let edge = across ? origin.y + Int(Double(slip.height) * share) : origin.x + Int(Double(slip.width) * share)
        let shadeBox = across ? PixelRect(x: 0, y: Int32(edge), width: Int32(image.width), height: Int32(image.height - edge))
            : PixelRect(x: Int32(edge), y: 0, width: Int32(image.width - edge), height: Int32(image.height))
        let shade = try #require(image.clipped(to: shadeBox))
        pixMultConstantGray(shade.pointer, 0.45)
        pixRasterop(image.pointer, shadeBox.x, shadeBox.y, Int32(shade.width), Int32(shade.height), PIX_SRC, shade.pointer, 0, 0)
        let left = Double(origin.x), top = Double(origin.y)
        let right = across ? Double(origin.x + slip.width) : Double(edge), bottom = across ? Double(edge) : Double(origin.y + slip.height)
        let litPart = PaperQuad(topLeft: .init(x: left, y: top), topRight: .init(x: right, y: top),
                                bottomRight: .init(x: right, y: bottom), bottomLeft: .init(x: left, y: bottom))
        return (image, slip, origin, litPart)
    }

    /// Item names down the left and their amounts in a column on the right, 36 lines.
    private func itemsAndAmounts() throws -> LeptonicaImage {
        let items = ["SALTED RICE", "FRIED EGG", "ICE TEA", "NASI LEMAK", "SOYA CINCAU", "TEH TARIK", "ROTI BAKAR", "MEE GORENG"]
        let names = try #require(LeptonicaImage.renderedText((0..<36).map { items[$0 % items.count] }, fontSize: 20, margin: 0))
        let amounts = try #require(LeptonicaImage.renderedText((0..<36).map { String(format: "%5.2f", Double($0 * 37 % 800) / 100 + 1) },
                                                               fontSize: 20, margin: 0))
        return try #require(LeptonicaImage.filled(width: names.width + amounts.width + 300, height: max(names.height, amounts.height) + 80, grey: 255)?
            .pasting(names, x: 40, y: 40)?.pasting(amounts, x: names.width + 260, y: 40))
    }

    /// `sheet` a twentieth of a frame of granite (dark grains all over a mid grey, so no region
    /// of dark print stands out either), turned 4°.
    private func onGranite(_ sheet: LeptonicaImage) throws -> LeptonicaImage {
        let (width, height) = (sheet.width * 9 / 2, sheet.height * 9 / 2)
        let table = try #require(LeptonicaImage.filled(width: width, height: height, grey: 120)?
            .speckled(count: width * height / 60, size: 3))
        return try #require(table.pasting(sheet, x: sheet.width * 2, y: sheet.height * 3 / 2)?.rotated(degrees: 4))
    }

    /// A slip held over a desk, a white notebook touching its side: the two are one bright patch,
    /// an L no quadrilateral fits. Warped from that patch's corners, every line came out slanted
    /// (a photo read two lines); the print's own block is cut and laid straight instead.
    @Test func aSlipRunTogetherWithANotebookIsCutAlongItsPrint() throws {
        let sheet = try paper()
        let desk = try #require(LeptonicaImage.filled(width: sheet.width * 3, height: sheet.height + 600, grey: 45))
        let notebook = try #require(LeptonicaImage.filled(width: sheet.width, height: sheet.height / 2, grey: 250))
        let scene = try #require(desk.pasting(sheet, x: 300, y: 300)?.pasting(notebook, x: 300 + sheet.width - 10, y: 300 + sheet.height / 2)?
            .rotated(degrees: 6))
        let cut = try cropOnly.clean(scene)
        #expect(abs(cut.measuredSkew().degrees) < 1, "skew \(cut.measuredSkew())")
        #expect(cut.width <= sheet.width * 5 / 4, "\(cut.width)×\(cut.height) for a \(sheet.width)×\(sheet.height) slip")
        #expect(cut.height >= sheet.height * 4 / 5, "\(cut.width)×\(cut.height)")
    }

    /// A slip's paper mask with a notch along its left edge (a band in shade, darker than the
    /// pale counter's threshold): the sheet's convex hull covers the notch, so the print in it
    /// is not painted white with the counter, and nothing outside the slip is taken in.
    @Test func theSheetsHullFillsANotchInItsMask() throws {
        let frame = try #require(LeptonicaImage(taking: pixCreate(300, 400, 1)))
        pixRasterop(frame.pointer, 50, 60, 200, 280, PIX_SET, nil, 0, 0)      // the slip
        pixRasterop(frame.pointer, 50, 150, 60, 80, PIX_CLR, nil, 0, 0)       // its shaded notch
        let sheet = try #require(ReceiptLocator.SheetMask(frame, frame: 300 * 400))
        let hull = try #require(sheet.convexHull())
        func isSet(_ x: Int32, _ y: Int32) -> Bool {
            var value: UInt32 = 0
            pixGetPixel(hull.pointer, x, y, &value)
            return value != 0
        }
        #expect(isSet(55, 190) && isSet(100, 160), "the notch is inside the hull")
        #expect(isSet(50, 60) && isSet(249, 339), "the slip's corners are")
        #expect(!isSet(45, 190) && !isSet(255, 100) && !isSet(150, 55) && !isSet(150, 345), "the counter is not")
    }

    @Test func cornersOfATiltedSheetAreFoundOnItsMask() throws {
        // A 200×300 sheet rotated 12° inside a larger frame, as a 1 bpp mask.
        let sheet = try #require(LeptonicaImage.filled(width: 200, height: 300, grey: 255))
        let frame = try #require(LeptonicaImage.filled(width: 500, height: 500, grey: 0))
        let placed = try #require(frame.pasting(sheet, x: 150, y: 100))
        let scene = try #require(placed.rotated(degrees: 12))
        let mask = try #require(LeptonicaImage(taking: pixThresholdToBinary(scene.pointer, 128)))
        let inverted = try #require(LeptonicaImage(taking: pixInvert(nil, mask.pointer)))
        // Rotation brought in white corners: keep the sheet only (the largest component).
        var masks: UnsafeMutablePointer<PIXA>?
        var boxes: UnsafeMutablePointer<BOXA>? = pixConnComp(inverted.pointer, &masks, 8)
        defer { boxaDestroy(&boxes); pixaDestroy(&masks) }
        var largest: Int32 = 0, largestArea: Int32 = 0
        for i in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            boxaGetBoxGeometry(boxes, i, &x, &y, &w, &h)
            if w * h > largestArea { largestArea = w * h; largest = i }
        }
        let component = try #require(LeptonicaImage(taking: pixaGetPix(masks, largest, Int32(L_CLONE))))
        let quad = try #require(PaperQuad.corners(of: component))
        #expect(abs(quad.flatSize.width - 200) < 8, "\(quad.flatSize)")
        #expect(abs(quad.flatSize.height - 300) < 8, "\(quad.flatSize)")
        #expect(abs(quad.tilt - 12) < 1.5, "\(quad.tilt)")
        #expect(quad.isPlausible)
    }

    /// A textured lid's bright grain touching the slip joins its mask as a thin strip and a
    /// bump: the corners are still the sheet's, so a slip lying 1.3° askew is not warped 14°
    /// out of true by a corner put at the strip's tip.
    @Test func grainTouchingTheSheetMovesNoCorner() throws {
        let sheet = try #require(LeptonicaImage.filled(width: 200, height: 300, grey: 255))
        let strip = try #require(LeptonicaImage.filled(width: 5, height: 90, grey: 255))
        let bump = try #require(LeptonicaImage.filled(width: 14, height: 10, grey: 255))
        let frame = try #require(LeptonicaImage.filled(width: 500, height: 560, grey: 0))
        let placed = try #require(frame.pasting(sheet, x: 150, y: 100)?.pasting(strip, x: 152, y: 398)?.pasting(bump, x: 330, y: 92))
        let scene = try #require(placed.rotated(degrees: 1.3))
        let mask = try #require(LeptonicaImage(taking: pixThresholdToBinary(scene.pointer, 128)))
        let paper = try #require(LeptonicaImage(taking: pixInvert(nil, mask.pointer)))
        let component = try #require(paper.connectedComponents(withMasks: true).flatMap { components in
            components.largest.flatMap { components.mask(at: $0) }
        })
        let quad = try #require(PaperQuad.corners(of: component))
        #expect(abs(quad.flatSize.width - 200) < 8, "\(quad.flatSize)")
        #expect(abs(quad.flatSize.height - 300) < 8, "\(quad.flatSize)")
        #expect(abs(quad.tilt - 1.3) < 0.8, "\(quad.tilt)")
        // The diagonal extremes alone put a corner at the strip's tip.
        let extremes = try #require(PaperQuad.extremeCorners(of: component))
        #expect(extremes.flatSize.height > 340, "\(extremes.flatSize)")
    }

    @Test func sidewaysTextIsToldFromUprightText() throws {
        let upright = try paper()
        #expect(!TextDirection.isSideways(upright))
        #expect(TextDirection.isSideways(try #require(upright.rotated(quarterTurns: 3))))
        #expect(TextDirection.isSideways(try #require(upright.rotated(quarterTurns: 1))))
        #expect(!TextDirection.isSideways(try #require(upright.rotated(quarterTurns: 2))))
    }

    /// An upright slip on a wide bare page: the empty columns beside it are no sign of lines
    /// running down the page (they had turned an A4 scan sideways).
    @Test func anUprightSlipOnABarePageIsUpright() throws {
        let slip = try paper()
        let page = try #require(LeptonicaImage.filled(width: slip.width * 6, height: slip.height * 5 / 4, grey: 250))
        let scan = try #require(page.pasting(slip, x: slip.width * 4, y: slip.height / 8))
        #expect(!TextDirection.isSideways(scan))
        #expect(TextDirection.isSideways(try #require(scan.rotated(quarterTurns: 1))))
    }

    /// A small slip on a bare page with specks of dust out on its margins: the specks are no
    /// print, and the page's bare columns between them and the slip must not even out the
    /// lines that run down a sideways slip.
    @Test func specksOnABarePageDoNotHideSidewaysPrint() throws {
        let slip = try paper()
        let page = try #require(LeptonicaImage.filled(width: slip.width * 4, height: slip.height * 3 / 2, grey: 250))
        let speck = try #require(LeptonicaImage.filled(width: 4, height: 4, grey: 30))
        var scan = try #require(page.pasting(slip, x: slip.width * 3 / 2, y: slip.height / 4))
        for (x, y) in [(10, 10), (page.width - 20, 12), (14, page.height - 20), (page.width - 16, page.height - 14)] {
            scan = try #require(scan.pasting(speck, x: x, y: y))
        }
        #expect(!TextDirection.isSideways(scan))
        #expect(TextDirection.isSideways(try #require(scan.rotated(quarterTurns: 1))))
        #expect(TextDirection.isSideways(try #require(scan.rotated(quarterTurns: 3))))
    }

    /// A scan's dark edge down one side fills its columns as lines of text fill rows; it is one
    /// shape far larger than a glyph and says nothing of the print's direction (it sent upright
    /// photos of A4 scans to orientation detection, half a second each).
    @Test func aDarkBandDownOneSideIsNoSignOfSidewaysPrint() throws {
        let slip = try paper()
        let band = try #require(LeptonicaImage.filled(width: slip.width / 8, height: slip.height, grey: 20))
        let scan = try #require(slip.pasting(band, x: 0, y: 0))
        #expect(!TextDirection.isSideways(scan))
        #expect(TextDirection.isSideways(try #require(scan.rotated(quarterTurns: 1))))
    }

    /// A faded slip whose only dark print is one line (a name written on the scan, a stamp):
    /// the slip is the receipt, not that line. Cut down to the line, it lost every amount.
    @Test func aFadedSlipIsNotCutDownToItsOneDarkLine() throws {
        let body = try #require(LeptonicaImage.renderedText(["", ""] + receiptLines + receiptLines, fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 200, paper: 236))
        let note = try #require(LeptonicaImage.renderedText(["tan woon yann"], fontSize: 20, margin: 6)?
            .withGreyLevels(ink: 40, paper: 236))
        let scan = try #require(body.pasting(note, x: 40, y: 8))
        let cleaned = try cropOnly.clean(scan)
        #expect(cleaned.height >= scan.height * 9 / 10, "\(cleaned.width)×\(cleaned.height) of \(scan.width)×\(scan.height)")
    }

    /// The same faded slip photographed on a table, a note written on it: its sheet is found,
    /// and its print counts as print only in the note. A sheet far larger than the print it holds is taken for
    /// a pale surface only where it runs to the frame's edge; this one is the slip.
    @Test func aFadedSlipOnATableIsNotCutDownToTheNoteOnIt() throws {
        let body = try #require(LeptonicaImage.renderedText(["", ""] + receiptLines + receiptLines, fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 200, paper: 236))
        let note = try #require(LeptonicaImage.renderedText(["tan woon yann", "claim: travel expenses", "paid 17 March 2024", "approved by J. Smith"], fontSize: 20, margin: 6)?
            .withGreyLevels(ink: 40, paper: 236))
        let slip = try #require(body.pasting(note, x: 40, y: 8))
        let table = try #require(LeptonicaImage.filled(width: slip.width * 2, height: slip.height * 3 / 2, grey: 70))
        let scene = try #require(table.pasting(slip, x: slip.width / 2, y: slip.height / 4)?.rotated(degrees: 4))
        let cut = try cropOnly.clean(scene)
        #expect(cut.height >= slip.height * 9 / 10 && cut.height <= slip.height * 6 / 5,
                "\(cut.width)×\(cut.height) for a \(slip.width)×\(slip.height) slip")
    }

    /// A grey slip on a white flatbed lid is darker than what it lies on: found all the same,
    /// rather than the whole A4 page being read (slower, and its margins derail the layout).
    @Test func aSlipDarkerThanItsLidIsFound() throws {
        let slip = try #require(paper().withGreyLevels(ink: 30, paper: 200))
        let lid = try #require(LeptonicaImage.filled(width: slip.width * 3, height: slip.height * 2, grey: 252))
        let page = try #require(lid.pasting(slip, x: slip.width, y: slip.height / 3))
        var notes: [String] = []
        let cropped = try cropOnly.clean(page, notes: &notes)
        #expect(abs(cropped.width - slip.width) <= slip.width / 8, "\(cropped.width) vs \(slip.width)")
        #expect(abs(cropped.height - slip.height) <= slip.height / 8, "\(cropped.height) vs \(slip.height)")
        #expect(notes.isEmpty)
    }

    /// A pale stone counter: as light as the slip where the lamp falls, greyer away from it, with
    /// soft veins across it. No brightness threshold tells slip from stone (the whole frame was
    /// read, veins and all); the print does: strokes far darker than the paper around them.
    private func paleCounter(width: Int, height: Int, veins: Int32 = 216) throws -> LeptonicaImage {
        let stone = try #require(LeptonicaImage.filled(width: width, height: height, grey: 246))
        func paint(_ x: Int, _ y: Int, _ w: Int, _ h: Int, grey: Int32) {
            var box: UnsafeMutablePointer<BOX>? = boxCreate(Int32(x), Int32(y), Int32(w), Int32(h))
            defer { boxDestroy(&box) }
            pixSetInRectArbitrary(stone.pointer, box, UInt32(grey))
        }
        for k in 0..<(width / 70) { paint(35 + 70 * k, 0, 5, height, grey: veins) }   // veins, soft but dark
        for k in 0..<(height / 80) { paint(0, 40 + 80 * k, width, 4, grey: veins) }
        return try #require(LeptonicaImage(taking: pixBlockconv(stone.pointer, 2, 2)))
    }

    @Test func aSlipOnAPaleCounterIsFoundByItsPrint() throws {
        let slip = try #require(paper().withGreyLevels(ink: 25, paper: 248))
        let counter = try paleCounter(width: slip.width * 3, height: slip.height * 2)
        let placed = try #require(counter.pasting(slip, x: slip.width, y: slip.height / 2))
        let scene = try #require(placed.rotated(degrees: 6)?.shadedLeftToRight(from: 255, to: 205))
        var notes: [String] = []
        let cut = try cropOnly.clean(scene, notes: &notes)
        #expect(cut.width <= slip.width * 3 / 2 && cut.height <= slip.height * 3 / 2,
                "\(cut.width)×\(cut.height) for a \(slip.width)×\(slip.height) slip in \(scene.width)×\(scene.height)")
        #expect(cut.width >= slip.width * 4 / 5 && cut.height >= slip.height * 4 / 5, "\(cut.width)×\(cut.height)")
        #expect(abs(cut.measuredSkew().degrees) < 1.5, "laid straight: \(cut.measuredSkew())")
    }

    /// The print's block on a veined counter as light as the slip: it lies on the slip and
    /// covers its print; the veins, soft however dark, are no block.
    @Test func theBlockOfPrintLiesOnTheSlipNotOnTheVeins() throws {
        let slip = try #require(paper().withGreyLevels(ink: 25, paper: 246))
        let counter = try paleCounter(width: slip.width * 3, height: slip.height * 2, veins: 190)
        let (x, y) = (slip.width, slip.height / 2)
        let scene = try #require(counter.pasting(slip, x: x, y: y))
        let block = try #require(PrintBlock.find(in: scene))
        let (left, top, right, bottom) = block.quad.bounds
        let slack = Double(slip.width) / 10
        #expect(left >= Double(x) - slack && right <= Double(x + slip.width) + slack, "\(left)…\(right) for \(x)…\(x + slip.width)")
        #expect(top >= Double(y) - slack && bottom <= Double(y + slip.height) + slack, "\(top)…\(bottom) for \(y)…\(y + slip.height)")
        #expect(right - left >= 0.7 * Double(slip.width) && bottom - top >= 0.7 * Double(slip.height), "\(right - left)×\(bottom - top)")
        #expect(PrintBlock.find(in: counter) == nil, "veins alone")
    }

    /// The lit end of a pale counter is brighter than the slip and lies across its lower half:
    /// taken for the sheet, it held a third of the print and the cut lost the shop's name.
    @Test func aBrightPatchHoldingPartOfThePrintIsNotTheSlip() throws {
        let slip = try #require(paper().withGreyLevels(ink: 25, paper: 225))
        let counter = try #require(LeptonicaImage.filled(width: slip.width * 3, height: slip.height * 2, grey: 190))
        let lit = try #require(LeptonicaImage.filled(width: slip.width * 3, height: slip.height, grey: 252))
        let bright = try #require(counter.pasting(lit, x: 0, y: slip.height))
        let placed = try #require(bright.pasting(slip, x: slip.width, y: slip.height / 2))
        // The slip's lower half lies in the light too.
        let litSlip = try #require(slip.clipped(to: PixelRect(x: 0, y: Int32(slip.height / 2), width: Int32(slip.width),
                                                               height: Int32(slip.height - slip.height / 2))))
        let brighter = try #require(LeptonicaImage(taking: pixGammaTRC(nil, litSlip.pointer, 1, 0, 225)))
        let scene = try #require(placed.pasting(brighter, x: slip.width, y: slip.height))
        let cut = try cropOnly.clean(scene)
        #expect(cut.height >= slip.height * 9 / 10, "\(cut.width)×\(cut.height) for a \(slip.width)×\(slip.height) slip")
        #expect(cut.width <= slip.width * 3 / 2, "\(cut.width)×\(cut.height)")
    }

    /// A white slip on a white A4 lid, its lines printed thin under a bold logo, a bold centred
    /// name and above a barcode, all three narrower than the lines: on the locator's small copy
    /// only those are dark enough to count as ink, and the cut to them took the first and last
    /// characters off every line.
    @Test func aWhiteSlipOnAWhiteLidKeepsTheEndsOfItsLines() throws {
        let body = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 10, margin: 12)?
            .withGreyLevels(ink: 40, paper: 250))
        let header = try #require(LeptonicaImage.renderedText(["CAFE DEL", "MAR SL", "BARCELONA"], fontSize: 16, margin: 12)?
            .withGreyLevels(ink: 20, paper: 250))
        let logoWidth = header.width, logoHeight = 160
        let slip = try #require(LeptonicaImage.filled(width: body.width, height: body.height + header.height + 2 * logoHeight + 120, grey: 250)?
            .pasting(header, x: (body.width - header.width) / 2, y: logoHeight + 50)?
            .pasting(body, x: 0, y: logoHeight + 60 + header.height))
        var logo: UnsafeMutablePointer<BOX>? = boxCreate(Int32((slip.width - logoWidth) / 2), 30, Int32(logoWidth), Int32(logoHeight))
        pixSetInRectArbitrary(slip.pointer, logo, 20)
        boxDestroy(&logo)
        for k in 0..<(logoWidth / 12) {   // a barcode under the print: bars 6 px wide
            pixRasterop(slip.pointer, Int32((slip.width - logoWidth) / 2 + 12 * k), Int32(slip.height - logoHeight - 30), 6,
                        Int32(logoHeight), PIX_CLR, nil, 0, 0)
        }
        let page = try #require(LeptonicaImage.filled(width: 2480, height: 3508, grey: 250)?.pasting(slip, x: 700, y: 500))
        var notes: [String] = []
        let cut = try cropOnly.clean(page, notes: &notes)
        #expect(cut.width >= body.width * 9 / 10, "\(cut.width) px wide for lines \(body.width) px wide")
        #expect(cut.height >= body.height + header.height, "\(cut.height) px tall")
        #expect(cut.width <= slip.width * 3 / 2 && cut.height <= slip.height * 3 / 2, "\(cut.width)×\(cut.height)")
    }

    /// A slip photographed in dim light on a table a little brighter than it: its brightest paper
    /// is at 100, and only the bold name is darker than its paper by the 70 levels print shows in
    /// daylight. Held at 70, the bar found the name alone and the slip was cut to it; scaled with
    /// the light, it finds every line.
    @Test func aSlipInDimLightIsNotCutToItsBoldName() throws {
        let body = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12, margin: 20)?
            .withGreyLevels(ink: 40, paper: 92))
        let name = try #require(LeptonicaImage.renderedText(["CAFE DEL MAR"], fontSize: 20, margin: 20)?
            .withGreyLevels(ink: 8, paper: 92))
        let slip = try #require(LeptonicaImage.filled(width: max(body.width, name.width), height: name.height + body.height, grey: 92)?
            .pasting(name, x: 0, y: 0)?.pasting(body, x: 0, y: name.height))
        let table = try #require(LeptonicaImage.filled(width: slip.width * 3, height: slip.height * 3 / 2, grey: 104))
        // The light falls off down the frame: the slip's far end is darker than the table's near one.
        let scene = try #require(table.pasting(slip, x: slip.width, y: slip.height / 4)?.rotated(quarterTurns: 1)?
            .shadedLeftToRight(from: 190, to: 255)?.rotated(quarterTurns: 3))
        let cut = try cropOnly.clean(scene)
        #expect(cut.height >= slip.height * 9 / 10, "\(cut.width)×\(cut.height) for a \(slip.width)×\(slip.height) slip")
        #expect(cut.width >= body.width * 9 / 10 && cut.width <= slip.width * 3 / 2, "\(cut.width)×\(cut.height)")
        #expect(PrintBlock.contrast(forBrightest: 104) < PrintBlock.strokeContrast)
        #expect(PrintBlock.contrast(forBrightest: 230) == PrintBlock.strokeContrast, "daylight keeps the bar")
    }

    /// A slip lying at an angle on a table, photographed by one lamp off to the left: the table
    /// beside the lamp is brighter than the slip's far end, so one threshold over the frame took
    /// the lit table in with the slip, and the slip was neither cut out nor laid flat. Against
    /// its own surroundings the slip is the brighter everywhere: it is found, cut and laid flat.
    @Test func aSlipLitFromOneSideIsFoundOnItsTable() throws {
        let slip = try #require(paper().withGreyLevels(ink: 30, paper: 150))
        let table = try #require(LeptonicaImage.filled(width: slip.width * 4, height: slip.height * 2, grey: 85))
        let placed = try #require(table.pasting(slip, x: slip.width * 3 / 2, y: slip.height / 2)?.rotated(degrees: 6))
        // The rotation brings white into the corners: the frame is the middle, table all round.
        let inner = PixelRect(x: Int32(placed.width / 8), y: Int32(placed.height / 8),
                              width: Int32(placed.width * 3 / 4), height: Int32(placed.height * 3 / 4))
        let scene = try #require(placed.clipped(to: inner)?.shadedLeftToRight(from: 255, to: 90))
        let cut = try cropOnly.clean(scene)
        #expect(abs(cut.measuredSkew().degrees) < 1, "skew \(cut.measuredSkew())")
        #expect(abs(cut.width - slip.width) <= slip.width / 6, "\(cut.width)×\(cut.height) for a \(slip.width)×\(slip.height) slip")
        #expect(abs(cut.height - slip.height) <= slip.height / 6, "\(cut.width)×\(cut.height)")
    }

    /// The same lamp on a small copy: a threshold over the whole frame counts the lit table
    /// beside the lamp as paper, joined to the slip; brightness against the surroundings finds
    /// the slip alone.
    @Test func paperIsBrighterThanItsSurroundingsWhereverTheLampIs() throws {
        let slip = try #require(LeptonicaImage.filled(width: 100, height: 300, grey: 150))
        let table = try #require(LeptonicaImage.filled(width: 400, height: 500, grey: 110))
        let scene = try #require(table.pasting(slip, x: 100, y: 100)?.shadedLeftToRight(from: 255, to: 40))
        var threshold: Int32 = 0
        #expect(pixSplitDistributionFgBg(scene.pointer, 0.1, 1, &threshold, nil, nil, nil) == 0)
        let dark = try #require(LeptonicaImage(taking: pixThresholdToBinary(scene.pointer, threshold)))
        let oneThreshold = try #require(LeptonicaImage(taking: pixInvert(nil, dark.pointer))?.connectedComponents(withMasks: false))
        let joined = oneThreshold.rects[try #require(oneThreshold.largest)]
        #expect(joined.x == 0 && joined.width >= 150 && joined.height == 500, "the lit table is taken with the slip: \(joined)")
        let evened = try #require(ReceiptLocator.brighterThanSurroundings(scene)?.connectedComponents(withMasks: false))
        let found = evened.rects[try #require(evened.largest)]
        #expect(abs(Int(found.x) - 100) <= 4 && abs(Int(found.width) - 100) <= 8, "\(found)")
        #expect(abs(Int(found.y) - 100) <= 4 && abs(Int(found.height) - 300) <= 8, "\(found)")
    }

    /// Paper on a table is brighter, print and all, than a ring around it, however dim the light
    /// or pale the table; the dense print of a slip on a white page, which stands above its
    /// surroundings' mean as paper does, is darker than the bare page around it.
    @Test func paperStandsOutFromItsTableButPrintNotFromItsPage() throws {
        func scene(surroundings: Int, inside: Int) throws -> (small: LeptonicaImage, hull: LeptonicaImage) {
            let patch = try #require(LeptonicaImage.filled(width: 100, height: 200, grey: inside))
            let small = try #require(LeptonicaImage.filled(width: 300, height: 400, grey: surroundings)?.pasting(patch, x: 100, y: 100))
            let hull = try #require(LeptonicaImage(taking: pixCreate(300, 400, 1)))
            pixRasterop(hull.pointer, 100, 100, 100, 200, PIX_SET, nil, 0, 0)
            return (small, hull)
        }
        let evening = try scene(surroundings: 52, inside: 65)
        #expect(ReceiptLocator.standsOut(evening.hull, in: evening.small, margin: 6))
        let cream = try scene(surroundings: 200, inside: 203)
        #expect(ReceiptLocator.standsOut(cream.hull, in: cream.small, margin: 6))
        let page = try scene(surroundings: 245, inside: 236)
        #expect(!ReceiptLocator.standsOut(page.hull, in: page.small, margin: 6))
    }

    /// A faded scan with a line stamped dark across its top: only that line is darker than its
    /// paper by print's usual contrast, and the print's block was that one line, so the slip was
    /// cut down to it. A sliver of the frame is no receipt's print: the scan is read whole.
    @Test func aFadedScanIsNotCutToTheNameWrittenOnIt() throws {
        let body = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12, margin: 20)?
            .withGreyLevels(ink: 200, paper: 247))
        let name = try #require(LeptonicaImage.renderedText(["RECEIVED WITH THANKS 12/01/2019 14:05 PAID IN CASH MR TAN"], fontSize: 16, margin: 20)?
            .withGreyLevels(ink: 90, paper: 247))
        let scan = try #require(LeptonicaImage.filled(width: max(body.width, name.width), height: name.height + body.height + 80, grey: 247)?
            .pasting(name, x: (max(body.width, name.width) - name.width) / 2, y: 20)?.pasting(body, x: 0, y: name.height + 60))
        let cut = try cropOnly.clean(scan)
        #expect(cut.height >= body.height * 9 / 10, "\(cut.width)×\(cut.height) for a \(scan.width)×\(scan.height) scan")
        #expect(cut.width >= body.width * 9 / 10, "\(cut.width)×\(cut.height)")
    }

    @Test func aPageWithSeveralSlipsSaysSo() throws {
        let sheet = try paper()
        let page = try #require(LeptonicaImage.filled(width: sheet.width * 2 + 300, height: sheet.height + 200, grey: 120))
        let one = try #require(page.pasting(sheet, x: 100, y: 100))
        let two = try #require(one.pasting(sheet, x: sheet.width + 200, y: 100))
        var notes: [String] = []
        _ = try cropOnly.clean(two, notes: &notes)
        #expect(notes.count == 1 && notes[0].contains("2 receipts"), "\(notes)")

        var single: [String] = []
        _ = try cropOnly.clean(one, notes: &single)
        #expect(single.isEmpty)
    }

    /// A page with no background around it, its print turned sideways: the printed region was
    /// measured as if lines ran across, its columns of print were too narrow to count as lines,
    /// and the page was cut to the one band that did. Every line lost its start or end.
    @Test func sidewaysPrintIsNotCutToABandOfIt() throws {
        let print = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12))
        let sideways = try #require(print.rotated(quarterTurns: 1))
        // A scanned PDF's page of 200 dpi, rendered at 300 dpi as the OCR workers render it.
        let pdf = try TemporaryDirectory().ingestAsScannedPDF(sideways, dpi: 200)
        let page = try #require(try PDFDocument(data: pdf.data).page(0)).rendered(dpi: 300, pixelBudget: 16_000_000)
        let cleaned = try cropOnly.clean(page)
        #expect(cleaned.height >= page.height * 9 / 10 && cleaned.width >= page.width * 9 / 10,
                "\(cleaned.width)×\(cleaned.height) of \(page.width)×\(page.height)")
    }

    /// A scan whose left edge lies in shadow, with print running across the shade: darker than
    /// the paper, the band was taken for table and cut off with the start of every line. It
    /// stays, brightened to the paper's level; the print on it stays dark.
    @Test func printOnAShadedEdgeIsKeptAndLifted() throws {
        // A tall scan with sparse lines, as a till slip is: the locator decides on a reduced
        // copy, where the print averages out and the shade stands apart from the paper.
        let line = try #require(LeptonicaImage.renderedText(["VIVOPAC MARKETING SDN BHD"], fontSize: 12, margin: 4)?
            .withGreyLevels(ink: 40, paper: 230))
        var scan = try #require(LeptonicaImage.filled(width: line.width + 200, height: 3000, grey: 230))
        for row in stride(from: 100, to: 2900, by: 150) { scan = try #require(scan.pasting(line, x: 20, y: row)) }
        let band = scan.width / 10
        for x in 0..<band {
            for y in 0..<scan.height {
                var value: UInt32 = 0
                pixGetPixel(scan.pointer, Int32(x), Int32(y), &value)
                pixSetPixel(scan.pointer, Int32(x), Int32(y), value * 3 / 4)
            }
        }
        let cleaned = try cropOnly.clean(scan)
        #expect(cleaned.width >= scan.width * 97 / 100, "\(cleaned.width)×\(cleaned.height) of \(scan.width)×\(scan.height)")
        let shade = try #require(cleaned.clipped(to: PixelRect(x: 0, y: 0, width: Int32(band), height: Int32(cleaned.height))))
        var paper: UInt32 = 0, ink: UInt32 = 0
        pixGetRankValue(shade.pointer, 1, 0.5, &paper)
        pixGetRankValue(shade.pointer, 1, 0.01, &ink)
        #expect(paper >= 210, "shade \(paper)")
        #expect(ink <= 150, "print on the shade \(ink)")
    }

    /// A white slip on a white A4 lid, the scan's top edge a dark line where the lid did not
    /// cover the glass. Taken for a line of print, the line stretched the slip's box across the
    /// page, and the bare page beside the slip was read for seconds.
    @Test func aScansEdgeLineIsNoPrint() throws {
        let slip = try paper()
        let page = try #require(LeptonicaImage.filled(width: slip.width * 4, height: slip.height * 2, grey: 250))
        let edge = try #require(LeptonicaImage.filled(width: page.width * 85 / 100, height: page.height / 150, grey: 30))
        // A line or two of lid above the shadow: along the edge all the same.
        let scan = try #require(page.pasting(edge, x: 0, y: page.height / 400)?.pasting(slip, x: slip.width * 2, y: slip.height / 4))
        let cropped = try cropOnly.clean(scan)
        #expect(cropped.width <= slip.width * 3 / 2, "\(cropped.width) vs \(slip.width)")
        #expect(cropped.height <= slip.height * 3 / 2, "\(cropped.height) vs \(slip.height)")
    }

    /// The same with the start of every line printed faint (a slip unevenly pressed on the
    /// print head): the edge line no longer widens the box, and the faint starts stay in it.
    @Test func faintLineStartsStayWhenAnEdgeLineIsLeftOut() throws {
        let lines = receiptLines + receiptLines
        let faint = try #require(LeptonicaImage.renderedText(lines.map { String($0.prefix(8)) }, fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 140, paper: 250))
        let dark = try #require(LeptonicaImage.renderedText(lines.map { String($0.dropFirst(8)) }, fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 20, paper: 250))
        let page = try #require(LeptonicaImage.filled(width: (faint.width + dark.width) * 3, height: dark.height * 2, grey: 250))
        let edge = try #require(LeptonicaImage.filled(width: page.width * 85 / 100, height: page.height / 150, grey: 30))
        let x = faint.width + dark.width
        let scan = try #require(page.pasting(edge, x: 0, y: 0)?.pasting(faint, x: x, y: dark.height / 4)?
            .pasting(dark, x: x + faint.width - 30, y: dark.height / 4))
        let cropped = try cropOnly.clean(scan)
        #expect(cropped.width >= faint.width + dark.width - 120, "\(cropped.width) vs \(faint.width + dark.width)")
        #expect(cropped.width <= (faint.width + dark.width) * 3 / 2, "\(cropped.width) vs \(faint.width + dark.width)")
    }

    /// And a faint header above dark print: left out with the edge line, it is found again
    /// at the lighter threshold, so the vendor's name stays in the crop.
    @Test func aFaintHeaderStaysWhenAnEdgeLineIsLeftOut() throws {
        let header = try #require(LeptonicaImage.renderedText(["CAFE DEL MAR SL", "C/ MAJOR 12 BARCELONA"], fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 140, paper: 250))
        let body = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 20, paper: 250))
        let page = try #require(LeptonicaImage.filled(width: body.width * 4, height: (header.height + body.height) * 2, grey: 250))
        let edge = try #require(LeptonicaImage.filled(width: page.width * 85 / 100, height: page.height / 150, grey: 30))
        let top = page.height / 5
        let scan = try #require(page.pasting(edge, x: 0, y: 0)?.pasting(header, x: body.width * 2, y: top)?
            .pasting(body, x: body.width * 2, y: top + header.height - 30))
        let cropped = try cropOnly.clean(scan)
        #expect(cropped.height >= header.height + body.height - 100, "\(cropped.height) vs \(header.height + body.height)")
        #expect(cropped.height <= (header.height + body.height) * 3 / 2, "\(cropped.height) vs \(header.height + body.height)")
    }

    /// A photocopied A4 page with a slip in its middle and the copier's shadow along its left
    /// edge, printed as a screen of dots that thins towards the middle. The dots closed into a
    /// blob most of the page tall: the text was judged to run down the page and the slip's box
    /// ran from the shadow to the page's bottom. The box is the slip's again.
    @Test func aCopiersDottedEdgeShadowIsNoPrint() throws {
        let slip = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12, margin: 30)?
            .withGreyLevels(ink: 20, paper: 250))
        let page = try #require(LeptonicaImage.filled(width: slip.width * 3, height: slip.height * 2, grey: 250))
        let scan = try #require(page.pasting(slip, x: slip.width * 3 / 2, y: slip.height / 3))
        // The dots: from a few pixels in from the edge, dense there and thinning inwards, over
        // the lower four fifths of the page. A fixed sequence, so the test reads the same each run.
        var state: UInt32 = 12345
        let start = scan.width / 100, band = scan.width / 8
        for y in (scan.height / 5)..<scan.height {
            for x in start..<(start + band) {
                state = state &* 1_103_515_245 &+ 12345
                let chance = 0.8 * (1 - Double(x - start) / Double(band))
                if Double(state >> 16 & 0x7FFF) / 32768 < chance { pixSetPixel(scan.pointer, Int32(x), Int32(y), 20) }
            }
        }
        let cropped = try cropOnly.clean(scan)
        #expect(cropped.width <= slip.width * 3 / 2, "\(cropped.width) vs \(slip.width)")
        #expect(cropped.height <= slip.height * 3 / 2, "\(cropped.height) vs \(slip.height)")
    }

    /// A dark strip of table along the edge, with nothing printed on it, is still cut away.
    @Test func aBareDarkEdgeIsStillCut() throws {
        let sheet = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 12, margin: 30))
        let table = try #require(LeptonicaImage.filled(width: sheet.width + 40, height: sheet.height, grey: 60))
        let scan = try #require(table.pasting(sheet, x: 40, y: 0))
        let cleaned = try cropOnly.clean(scan)
        #expect(cleaned.width <= sheet.width + 20, "\(cleaned.width) vs \(sheet.width)")
    }
}
