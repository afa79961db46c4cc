import Foundation
import Imaging
import OCR
import RebutCore
import Testing

@Suite struct TesseractEngineTests {
    @Test func renderedTextComesBackWithWordsBoxesAndConfidences() throws {
        let lines = ["CAFE DEL MAR", "TOTAL 7.50", "THANK YOU"]
        let image = try #require(LeptonicaImage.renderedText(lines, fontSize: 12))
        let engine = try TesseractEngine(settings: .default())
        let page = try engine.recognize(image)

        #expect(page.lines.map(\.text) == lines)
        #expect(page.width == image.width)
        #expect(page.height == image.height)
        #expect(page.meanConfidence > 80)
        for line in page.lines {
            let box = try #require(line.box)
            #expect(!line.words.isEmpty)
            #expect(line.words.map(\.text).joined(separator: " ") == line.text)
            for word in line.words {
                #expect(word.confidence > 50)
                #expect(word.box.width > 0 && word.box.height > 0)
                #expect(word.box.x >= box.x && word.box.x + word.box.width <= box.x + box.width + 1)
                #expect(word.box.x + word.box.width <= image.width && word.box.y + word.box.height <= image.height)
            }
        }
        // Reading order: lines top to bottom, words left to right.
        let tops = page.lines.compactMap(\.box?.y)
        #expect(tops == tops.sorted())
        let total = try #require(page.lines.first { $0.text.hasPrefix("TOTAL") })
        #expect(total.words[0].box.x < total.words[1].box.x)
    }

    @Test func tesseractsLineImagesAreStoredUncompressedAndOurOwnPNGsAreNot() throws {
        // The pixWriteMem interposer must see Tesseract's calls (else the speed-up is silently
        // gone) and must leave Rebut's own PNG encoding compressed.
        let before = TesseractEngine.uncompressedLineImages
        let lines = ["CAFE DEL MAR", "TOTAL 7.50"]
        let image = try #require(LeptonicaImage.renderedText(lines, fontSize: 12))
        let page = try TesseractEngine(settings: .default()).recognize(image)
        #expect(page.lines.map(\.text) == lines)
        #expect(TesseractEngine.uncompressedLineImages >= before + lines.count)

        // Stored rather than compressed, this page would take a byte per pixel (or a bit, at 1 bpp).
        let png = try image.encoded(as: .png)
        #expect(png.count * 40 < image.width * image.height)
    }

    @Test func engineIsReusedAcrossImages() throws {
        let engine = try TesseractEngine(settings: .default())
        for receipt in sampleReceipts.prefix(3) {
            let image = try #require(LeptonicaImage.renderedText(receipt, fontSize: 12))
            #expect(try engine.recognize(image).lines.map(\.text) == receipt)
        }
    }

    /// A fallback reading in another mode really uses it, and leaves the engine in its own mode.
    @Test func anotherSegmentationModeForOnePageOnly() throws {
        let lines = ["CAFE DEL MAR", "TOTAL 7.50", "THANK YOU"]
        let image = try #require(LeptonicaImage.renderedText(lines, fontSize: 12))
        let engine = try TesseractEngine(settings: .default())
        let usual = try engine.recognize(image).text
        // Mode 10 reads the image as one character: nothing like the three lines.
        let singleCharacter = try engine.recognize(image, pageSegmentationMode: 10).text
        #expect(singleCharacter != usual)
        #expect(try engine.recognize(image).text == usual)
        #expect(usual == lines.joined(separator: "\n"))
    }

    @Test func blankPageGivesNoLines() throws {
        let blank = try #require(LeptonicaImage.blank(width: 400, height: 300))
        let page = try TesseractEngine(settings: .default()).recognize(blank)
        #expect(page.lines.isEmpty)
        #expect(page.meanConfidence == 0)
    }

    @Test func missingLanguageIsReportedByName() {
        #expect(throws: OCRError.missingLanguage("xyz")) {
            try TesseractEngine(settings: .default(languages: "eng+xyz"))
        }
    }

    @Test func severalLanguagesLoad() throws {
        let image = try #require(LeptonicaImage.renderedText(["TOTAL 7.50"], fontSize: 12))
        let engine = try TesseractEngine(settings: .default(languages: "spa+cat"))
        #expect(try engine.recognize(image).text == "TOTAL 7.50")
    }

    @Test func wrongTessdataFolderFailsToStart() {
        var settings = OCRSettings.default()
        settings.systemTessdata = FileManager.default.temporaryDirectory.path
        #expect(throws: OCRError.missingLanguage("eng")) { try TesseractEngine(settings: settings) }
    }

    @Test func missingProjectTessdataFallsBackToDefaults() throws {
        var settings = OCRSettings.default()
        settings.projectTessdata = URL(fileURLWithPath: "/nonexistent/tessdata")
        let image = try #require(LeptonicaImage.renderedText(["TOTAL 7.50"], fontSize: 12))
        #expect(try TesseractEngine(settings: settings).recognize(image).text == "TOTAL 7.50")
    }
}
