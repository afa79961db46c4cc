import CLeptonica
import Foundation
import Imaging
import Ingest
import RebutCore
import RebutTestSupport
import Testing

/// Big images are accepted and cost no more than what the OCR needs.
@Suite struct PixelBudgetTests {
    @Test func jpegReductionIsTheSmallestThatFits() {
        #expect(PixelBudget.jpegReduction(width: 4000, height: 3000, budget: 16_000_000) == 1)   // 12 MP photo: whole
        #expect(PixelBudget.jpegReduction(width: 4961, height: 7016, budget: 16_000_000) == 2)   // 600 dpi A4
        #expect(PixelBudget.jpegReduction(width: 8192, height: 6144, budget: 16_000_000) == 2)   // 50 MP photo
        #expect(PixelBudget.jpegReduction(width: 20_000, height: 15_000, budget: 16_000_000) == 8)
    }

    @Test func upscalingIsCappedAndDownscalingLeftAlone() {
        // The A4 page: 4× of 2552×3508 would be 143 MP.
        let capped = PixelBudget.cappedUpscale(4, width: 2552, height: 3508, maxPixels: 16_000_000)
        #expect(capped < 4 && capped > 1)
        #expect(Double(2552 * 3508) * capped * capped <= 16_000_001)
        #expect(PixelBudget.cappedUpscale(0.5, width: 2552, height: 3508, maxPixels: 1_000_000) == 0.5)
        #expect(PixelBudget.cappedUpscale(2, width: 5000, height: 5000, maxPixels: 16_000_000) == 1)
        #expect(PixelBudget.cappedUpscale(2, width: 500, height: 500, maxPixels: 16_000_000) == 2)
    }

    /// A whole A4 page at 300 dpi (8.7 MP) whose grain asks for 2.8× is not enlarged the 7% the
    /// 10 MP cap leaves: a 10 MP interpolation and a larger reading for nothing. An enlargement
    /// the cap leaves at 15% or more, or one not cut at all, stands.
    @Test func anEnlargementTheCapCutsToAlmostNothingIsNone() {
        #expect(PixelBudget.cappedUpscale(2.8, width: 2480, height: 3508, maxPixels: 10_000_000) == 1)
        let roomier = PixelBudget.cappedUpscale(2.8, width: 2000, height: 3000, maxPixels: 10_000_000)
        #expect(roomier > 1.15 && roomier < 2.8)
        #expect(PixelBudget.cappedUpscale(1.1, width: 500, height: 500, maxPixels: 10_000_000) == 1.1)
    }

    @Test func theCleanerNeverScalesAPageBeyondItsPixelCap() throws {
        let page = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 10, margin: 400))
        let options = CleaningOptions(crop: false, deskew: false, normalizeBackground: false, fixedScaleFactor: 4,
                                      maxScaledPixels: 4 * page.width * page.height / 2)
        let cleaned = try ReceiptCleaner(options: options).clean(page)
        #expect(cleaned.width * cleaned.height <= options.maxScaledPixels)
        #expect(cleaned.width > page.width)
    }

    /// A 600 dpi A4 scan (4961×7016, 35 MP) with a receipt on it, written as a colour JPEG.
    static func a4At600DPI(in folder: TemporaryDirectory) throws -> URL {
        let slip = try ImageDecoder.decode(Ingestor().read(Fixtures.url("formats/receipt.png")), maxPixels: 10_000_000)
        let slip600 = try #require(LeptonicaImage(taking: pixScaleGrayLI(slip.pointer, 2, 2)))
        let page = try #require(LeptonicaImage.filled(width: 4961, height: 7016, grey: 238))
        let composed = try #require(page.pasting(slip600, x: 1200, y: 800))
        let colour = try #require(LeptonicaImage(taking: pixConvertTo32(composed.pointer)))
        pixSetResolution(colour.pointer, 600, 600)
        let url = folder.file("a4-600dpi.jpg")
        try colour.encoded(as: .jpeg).write(to: url)
        return url
    }

    @Test func a35MegapixelScanIsAcceptedAndDecodedHalvedByLibjpeg() throws {
        let folder = try TemporaryDirectory()
        let file = try Ingestor().read(Self.a4At600DPI(in: folder))
        let decoded = try ImageDecoder.decode(file, maxPixels: CleaningOptions.default.maxPixels,
                                              pixelBudget: CleaningOptions.default.decodePixelBudget)
        #expect(decoded.width == 2481)
        #expect(decoded.height == 3508)
        #expect(decoded.width * decoded.height <= PixelBudget.decodeDefault)
        // Half the pixels per inch: Tesseract must not think the text is half its size.
        #expect(decoded.resolution == 300)
        // The receipt's ink survived: its top-left is at (600, 400) in the halved page.
        let ink = (400..<1200).filter { y in (decoded.greyValue(x: 900, y: y) ?? 255) < 100 }
        #expect(!ink.isEmpty)
    }

    @Test func otherFormatsOverTheBudgetAreScaledDownAfterDecoding() throws {
        let folder = try TemporaryDirectory()
        let image = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 20, margin: 300))
        pixSetResolution(image.pointer, 300, 300)
        let file = try folder.ingest(image, as: .png)
        let budget = image.width * image.height / 4
        let decoded = try ImageDecoder.decode(file, maxPixels: 10_000_000, pixelBudget: budget)
        #expect(decoded.width * decoded.height <= budget)
        #expect(abs(decoded.width - image.width / 2) <= 2)
        #expect(abs(decoded.resolution - 150) <= 1)
    }
}
