import Foundation
import RebutTestSupport
import Imaging
import Ingest
import OCR
import Testing

@Suite struct OCRWorkerPoolTests {
    @Test func poolReadsReceiptsConcurrentlyLikeASingleEngine() async throws {
        let folder = try TemporaryDirectory()
        let files = try sampleReceipts.enumerated().map { index, lines in
            try folder.ingest(#require(LeptonicaImage.renderedText(lines, fontSize: 10)), named: "r\(index)")
        }
        let settings = OCRSettings.default()
        let cleaning = CleaningOptions.default

        // The same work, one engine, one after another.
        let engine = try TesseractEngine(settings: settings)
        let cleaner = ReceiptCleaner(options: cleaning)
        let expected = try files.map { file in
            try engine.recognize(cleaner.clean(ImageDecoder.decode(file, maxPixels: cleaning.maxPixels))).text
        }

        let pool = try OCRWorkerPool(workers: 3, settings: settings, cleaning: cleaning)
        defer { pool.shutdown() }
        let texts = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, file) in files.enumerated() {
                group.addTask { (index, try await pool.recognize(file).text) }
            }
            var texts = [String](repeating: "", count: files.count)
            for try await (index, text) in group { texts[index] = text }
            return texts
        }
        #expect(texts == expected)
        for (text, lines) in zip(texts, sampleReceipts) {
            #expect(text.contains(lines[2]), "\(lines[2]) read as: \(text)")
        }
    }

    @Test func badInputFailsOnlyItsOwnReceipt() async throws {
        let folder = try TemporaryDirectory()
        let good = try folder.ingest(#require(LeptonicaImage.renderedText(sampleReceipts[0], fontSize: 10)), named: "good")
        let bad = IngestedFile(url: folder.url.appendingPathComponent("bad.png"),
                               data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]),
                               sha256: "", format: .png, orientation: 1)
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        await #expect(throws: (any Error).self) { try await pool.recognize(bad) }
        #expect(try await pool.recognize(good).text.contains("TOTAL 7.50"))
    }

    @Test func afterShutdownWorkIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.ingest(#require(LeptonicaImage.renderedText(sampleReceipts[1], fontSize: 10)), named: "r")
        let pool = try OCRWorkerPool(workers: 2, settings: .default(), cleaning: .default)
        pool.shutdown()
        await #expect(throws: OCRError.poolShutDown) { try await pool.recognize(file) }
    }

    @Test func badSettingsFailWhenThePoolStarts() {
        #expect(throws: OCRError.missingLanguage("xyz")) {
            try OCRWorkerPool(workers: 2, settings: .default(languages: "xyz"), cleaning: .default)
        }
        // Only a started engine knows its variables: with variables set, the pool waits for them.
        var settings = OCRSettings.default()
        settings.variables = ["tessedit_do_invertt": "0"]
        #expect(throws: OCRError.unknownVariable("tessedit_do_invertt")) {
            try OCRWorkerPool(workers: 2, settings: settings, cleaning: .default)
        }
    }

    /// Engines start beside the first images: one that cannot start (language data that is no
    /// language data) fails each image its worker takes, with the reason, and hangs nothing; a
    /// PDF bill with a text layer, which needs no engine, is still read.
    @Test func anEngineThatCannotStartFailsItsImagesNamedAndTextLayersStillRead() async throws {
        let tessdata = try TemporaryDirectory()
        try Data(repeating: 0x5A, count: 4096).write(to: tessdata.file("eng.traineddata"))
        var settings = OCRSettings.default()
        settings.systemTessdata = tessdata.url.path
        let pool = try OCRWorkerPool(workers: 2, settings: settings, cleaning: .default)
        defer { pool.shutdown() }

        let folder = try TemporaryDirectory()
        let image = try folder.ingest(#require(LeptonicaImage.renderedText(sampleReceipts[0], fontSize: 10)), named: "r")
        for _ in 0..<3 {
            await #expect(throws: (any Error).self) { try await pool.recognize(image) }
        }
        do {
            _ = try await pool.recognize(image)
        } catch {
            #expect("\(error)".contains("could not start"), "\(error)")
        }
        #expect(throws: OCRError.self) { try pool.waitForEngines() }
        #expect(pool.engineFailure != nil)

        let bill = try Ingestor().read(Fixtures.url("documents/bill-text.pdf"))
        #expect(try await pool.recognize(bill).text.contains("Northwind Energy"))
    }
}
