import CLeptonica
import Foundation
@testable import Imaging
import Testing

@Suite struct CleaningTests {
    /// A faded slip (print at grey 180 on paper at 235) is stretched to dark print on white;
    /// a scan whose print is already dark is left as it is.
    @Test func faintPrintIsStretchedAndDarkPrintLeftAlone() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 12, margin: 30))
        let faded = try #require(text.withGreyLevels(ink: 180, paper: 235))
        let stretched = try #require(faded.faintInkStretched())
        var ink: UInt32 = 0, paper: UInt32 = 0
        #expect(pixGetRankValue(stretched.pointer, 1, 0.005, &ink) == 0 && pixGetRankValue(stretched.pointer, 1, 0.9, &paper) == 0)
        #expect(ink < 40, "darkest print \(ink)")
        #expect(paper > 240, "paper \(paper)")
        #expect(text.faintInkStretched() == nil)
        #expect(try #require(text.withGreyLevels(ink: 60, paper: 235)).faintInkStretched() == nil)
    }

    private func only(_ configure: (inout CleaningOptions) -> Void) -> ReceiptCleaner {
        var options = CleaningOptions(crop: false, deskew: false, normalizeBackground: false,
                                      binarize: false, scale: false)
        configure(&options)
        return ReceiptCleaner(options: options)
    }

    /// A receipt (white paper with text) lying on a dark table.
    private func receiptOnTable() throws -> (image: LeptonicaImage, paperX: Int, paperY: Int, paperWidth: Int, paperHeight: Int) {
        let paper = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 10, margin: 30))
        let table = try #require(LeptonicaImage.filled(width: paper.width + 500, height: paper.height + 400, grey: 50))
        return (try #require(table.pasting(paper, x: 220, y: 170)), 220, 170, paper.width, paper.height)
    }

    @Test func cropFindsTheReceiptOnADarkBackground() throws {
        let scene = try receiptOnTable()
        let cropped = try only { $0.crop = true }.clean(scene.image)
        // The paper plus a small margin: nowhere near the whole scene.
        #expect(cropped.width >= scene.paperWidth)
        #expect(cropped.width <= scene.paperWidth + 60)
        #expect(cropped.height >= scene.paperHeight)
        #expect(cropped.height <= scene.paperHeight + 60)
        // The text is all still there: the paper was not clipped.
        #expect(try #require(TextSizeEstimator.medianCharacterHeight(cropped)) > 0)
    }

    @Test func cropLeavesAReceiptThatFillsTheFrameAlone() throws {
        let paper = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 10, margin: 30))
        let result = try only { $0.crop = true }.clean(paper)
        #expect(result.width == paper.width)
        #expect(result.height == paper.height)
    }

    @Test func deskewStraightensRotatedText() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 14))
        let tilted = try #require(text.rotated(degrees: 3))
        let before = tilted.measuredSkew()
        #expect(abs(before.degrees) > 2)
        let straightened = try only { $0.deskew = true }.clean(tilted)
        let after = straightened.measuredSkew()
        #expect(abs(after.degrees) < 0.5)
    }

    @Test func scalingBringsSmallTextToTheTargetHeight() throws {
        let small = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 4))
        let before = try #require(TextSizeEstimator.medianCharacterHeight(small))
        let scaled = try only { $0.scale = true; $0.targetCharacterHeight = 30 }.clean(small)
        let after = try #require(TextSizeEstimator.medianCharacterHeight(scaled))
        #expect(before < 20)
        #expect(abs(after - 30) <= 5)
        #expect(scaled.width > small.width)
    }

    /// Grain and speckle outnumbering the characters must not pass for the text size: measured
    /// by the plain median they made a 12 MP photo look like 16 px text and scaled it up 1.75×.
    @Test func textSizeIsMeasuredOnTheCharactersNotOnSpecks() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 16))
        let clean = try #require(TextSizeEstimator.medianCharacterHeight(text))
        let grainy = try #require(text.speckled(count: 1_500, size: 6))
        let measured = try #require(TextSizeEstimator.medianCharacterHeight(grainy))
        #expect(clean >= 12)
        #expect(abs(measured - clean) <= 0.2 * clean, "with specks \(measured) px, clean \(clean) px")
    }

    /// A dim photo's grain, raised with its paper: tens of thousands of specks that outweigh
    /// the characters even by height. Measured as they were, they made a slip with 36–56 px
    /// print look like 7 px text: it was left at 12 MP and read as grain, 50 s for nothing.
    /// Small print on a scan is no grain and keeps its size (`aBarcodeIsNotTakenForTheText`).
    @Test func aDimPhotosGrainIsNotTakenForTheText() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 10, margin: 60))
        let large = try text.scaled(by: 2)
        let clean = try #require(TextSizeEstimator.characterShape(large)?.sizingHeight)
        let page = try #require(LeptonicaImage.filled(width: max(1600, large.width + 400), height: large.height + 400, grey: 255)?
            .pasting(large, x: 200, y: 200))
        // Evening light: print at 70 on paper at 120, then sensor noise, then the paper raised.
        let dim = page.copy()
        pixMultConstantGray(dim.pointer, 50.0 / 255)
        pixAddConstantGray(dim.pointer, 70)
        let grainy = try #require(LeptonicaImage(taking: pixAddGaussianNoise(dim.pointer, 14)))
        let raised = try #require(LeptonicaImage(taking: pixGammaTRC(nil, grainy.pointer, 1.0, 40, 130)))
        let fine = try #require(TextSizeEstimator.componentShape(raised)?.sizingHeight)
        let measured = try #require(TextSizeEstimator.characterShape(raised)?.sizingHeight)
        #expect(fine < 0.5 * clean, "the grain itself measures \(fine) px against \(clean) px: nothing to set aside")
        #expect(abs(measured - clean) <= 0.25 * clean, "with grain \(measured) px, clean \(clean) px")
    }

    /// Small print far from the camera measures as small as grain would, but halving it only
    /// shrinks it: it keeps its measure, and so its pixels.
    @Test func smallPrintOnALargePageIsNoGrain() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 4, margin: 20))
        let page = try #require(LeptonicaImage.filled(width: 2400, height: 3200, grey: 255)?.pasting(text, x: 900, y: 1200))
        let fine = try #require(TextSizeEstimator.componentShape(page))
        #expect(TextSizeEstimator.isGrain(fine.sizingHeight, in: page), "\(fine.sizingHeight) px on a 2400 px page")
        #expect(try #require(TextSizeEstimator.characterShape(page)).sizingHeight == fine.sizingHeight)
    }

    /// A low-resolution scan's small print under a tall barcode: the bars outweighed the
    /// characters, which were then dropped as specks and the bars measured as the text.
    @Test func aBarcodeIsNotTakenForTheText() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 8, margin: 20))
        let clean = try #require(TextSizeEstimator.medianCharacterHeight(text))
        let characters = (receiptLines + receiptLines).joined().filter { !$0.isWhitespace }.count
        let barcoded = try #require(text.withBarcodes(bars: characters / 2, barHeight: Int(3 * clean)))
        let measured = try #require(TextSizeEstimator.medianCharacterHeight(barcoded))
        #expect(abs(measured - clean) <= 0.2 * clean, "with a barcode \(measured) px, clean \(clean) px")
    }

    @Test func specksOnlyCountWhenTheyOutweighTheCharacters() {
        // A clean scan: body text 22-25 px, some punctuation and small print: the plain median.
        let scan: [Int32] = Array(repeating: 6, count: 40) + Array(repeating: 14, count: 60)
            + Array(repeating: 23, count: 120) + Array(repeating: 24, count: 100) + Array(repeating: 46, count: 10)
        #expect(TextSizeEstimator.characterHeight(scan) == 23)
        // A photo: 48 px characters under four times as many 5-9 px specks.
        let photo: [Int32] = (0..<400).map { 5 + Int32($0 % 5) } + (0..<120).map { 44 + Int32($0 % 9) }
        let height = TextSizeEstimator.characterHeight(photo)
        #expect((44...52).contains(height), "\(height)")
    }

    @Test func sizingSetsAPhotosGrainAsideSooner() {
        // A 12 MP photo: 33 px characters, some 18 px punctuation and small print, and grain.
        let photo: [Int32] = (0..<350).map { 5 + Int32($0 % 5) } + Array(repeating: 18, count: 100)
            + Array(repeating: 33, count: 400)
        #expect(TextSizeEstimator.characterHeight(photo, specksBelow: TextSizeEstimator.sizingSpeckShare) == 33)
        // The dot-matrix check keeps the plain median: there the small components are the print.
        #expect(TextSizeEstimator.characterHeight(photo) == 18)
    }

    @Test func binarisationGivesOneBitBlackOnWhite() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 12))
        for method in CleaningOptions.Binarization.allCases {
            let binary = try only { $0.binarize = true; $0.binarization = method }.clean(text)
            #expect(binary.depth == 1)
            #expect(binary.greyValue(x: 2, y: 2) == 255, "background stays white with \(method)")
        }
    }

    @Test func backgroundNormalisationEvensOutUnevenLight() throws {
        // Text on a page that darkens from left (230) to right (110), like a photo lit from one side.
        let text = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 12))
        let shaded = try #require(text.copy().shadedLeftToRight(from: 230, to: 110))
        let normalized = try only { $0.normalizeBackground = true }.clean(shaded)
        // Paper in the top margin, a tenth of the way in from each side.
        let left = shaded.width / 10, right = shaded.width - shaded.width / 10
        let before = abs(shaded.greyValue(x: left, y: 10)! - shaded.greyValue(x: right, y: 10)!)
        let after = abs(normalized.greyValue(x: left, y: 10)! - normalized.greyValue(x: right, y: 10)!)
        #expect(before > 80)
        #expect(after < before / 4)
    }

    @Test func evenlyLitPageIsNotNormalised() throws {
        // Flatbed scans read better untouched (sroie-dev: 73.3% vs 68.9% all-three found).
        let text = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 12))
        #expect(try #require(text.backgroundSpread()) < CleaningOptions.default.unevenBackgroundThreshold)
        let result = try only { $0.normalizeBackground = true }.clean(text)
        #expect(result === text)
        let shaded = try #require(text.copy().shadedLeftToRight(from: 230, to: 110))
        #expect(try #require(shaded.backgroundSpread()) >= CleaningOptions.default.unevenBackgroundThreshold)
    }

    /// The map measured once for the spread evens the page out exactly as Leptonica's own
    /// normalisation, which measures it again, does with the same tiles and levels.
    @Test func oneBackgroundMapNormalisesAsLeptonicaDoes() throws {
        let text = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 12))
        let shaded = try #require(text.copy().shadedLeftToRight(from: 230, to: 110))
        let map = try #require(BackgroundMap(shaded))
        let ours = try map.normalizing(shaded)
        let leptonica = try #require(LeptonicaImage(taking: pixBackgroundNorm(shaded.pointer, nil, nil, 60, 60, 100, 50, 220, 2, 2)))
        var same: Int32 = 0
        #expect(pixEqual(ours.pointer, leptonica.pointer, &same) == 0 && same == 1)
        var low: UInt32 = 0, high: UInt32 = 0
        #expect(pixGetRankValue(map.map.pointer, 1, 0.1, &low) == 0 && pixGetRankValue(map.map.pointer, 1, 0.9, &high) == 0)
        #expect(map.spread == Int(high) - Int(low))
    }

    @Test func fullDefaultCleaningKeepsTheImageUsable() throws {
        let scene = try receiptOnTable()
        let cleaned = try ReceiptCleaner().clean(scene.image)
        #expect(cleaned.width > 0)
        #expect([1, 8].contains(cleaned.depth))
    }
}

@Suite struct FlatbedCropTests {
    @Test func receiptOnAWhiteFlatbedIsCroppedToItsText() throws {
        // A slip scanned on white A4 (paper on paper: no edge to find), with scanner dust.
        let slip = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 6, margin: 10))
        let page = try #require(LeptonicaImage.filled(width: 1240, height: 1754, grey: 250))
        var scan = try #require(page.pasting(slip, x: 400, y: 300))
        let speck = try #require(LeptonicaImage.filled(width: 3, height: 3, grey: 20))
        for (x, y) in [(50, 60), (1180, 200), (90, 1600), (1100, 1700), (700, 1200)] {
            scan = try #require(scan.pasting(speck, x: x, y: y))
        }
        var options = CleaningOptions(crop: true, deskew: false, normalizeBackground: false, binarize: false, scale: false)
        options.crop = true
        let cropped = try ReceiptCleaner(options: options).clean(scan)
        #expect(cropped.width >= slip.width - 20)
        #expect(cropped.width <= slip.width + 120)
        #expect(cropped.height >= slip.height - 20)
        #expect(cropped.height <= slip.height + 120)
    }

    @Test func aTallBlockOfCloseLinesIsKeptWhole() throws {
        // sroie-dev shape: a centred header, then a left-aligned block of close lines whose
        // closed ink is one tall blob. Leaving that blob out cropped the start of every line.
        let header = try #require(LeptonicaImage.renderedText(["SHOP", "NO 1 JALAN", "TEL 123"], fontSize: 12,
                                                              margin: 4, lineSpacing: 2.5))
        let block = try #require(LeptonicaImage.renderedText(
            (1...10).map { "LINE \($0) ITEM 12.50" }, fontSize: 20, margin: 4, lineSpacing: 0.75))
        let page = try #require(LeptonicaImage.filled(width: 1240, height: 1754, grey: 250))
        var scan = try #require(page.pasting(header, x: 400 + (block.width - header.width) / 2, y: 300))
        scan = try #require(scan.pasting(block, x: 400, y: 300 + header.height + 20))
        let options = CleaningOptions(crop: true, deskew: false, normalizeBackground: false, binarize: false, scale: false)
        let cropped = try ReceiptCleaner(options: options).clean(scan)
        #expect(cropped.width >= block.width - 8)
        #expect(cropped.height >= header.height + block.height)
        #expect(cropped.width <= block.width + 150)
    }

    /// Dot-matrix print is read thickened from the start; small solid print, upright or lying
    /// sideways, is not taken for it.
    @Test func dotMatrixPrintIsTakenForDotsAndSolidOrSidewaysPrintIsNot() throws {
        let cleaner = ReceiptCleaner()
        let text = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 20))
        // Dots of 6 px two pixels apart, as the dotted tune scans measure.
        let dotted = try #require(text.asDotMatrix(scale: 3, pitch: 8, dot: 6, ink: 120))
        #expect(cleaner.dottedPrint(dotted) != nil)
        let small = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 8))
        #expect(cleaner.dottedPrint(small) == nil)
        let sideways = try #require(small.rotated(quarterTurns: 1))
        #expect(cleaner.dottedPrint(sideways) == nil)
        var off = CleaningOptions()
        off.thickenDottedPrint = false
        #expect(ReceiptCleaner(options: off).dottedPrint(dotted) == nil)
    }
}
