import Foundation
import Imaging
import Ingest
@testable import OCR
import RebutTestSupport
import Testing

/// A page read ahead in the fallback mode by an idle worker, through real Tesseract: the same
/// reading the owner would make, never one for another image or mode, and stopped when unwanted.
@Suite struct ReadAheadTests {
    static let receipt = ["HARDWARE SHOP", "DATE: 15/06/2017 10:45", "HAMMER 12.00", "NAILS 3.50", "TOTAL 15.50"]

    @Test func aReadingMadeAheadIsTheOneTheOwnerWouldMake() throws {
        let image = try #require(LeptonicaImage.renderedText(Self.receipt, fontSize: 10))
        let engine = try TesseractEngine(settings: .default())
        let helper = try TesseractEngine(settings: .default())
        let ahead = SpeculativeReading(of: image, pageSegmentationMode: 6)
        ahead.run(on: helper)
        let own = try engine.recognize(image, pageSegmentationMode: 6)
        #expect(ahead.claim(for: image, pageSegmentationMode: 6) == own)
        #expect(own.lines.contains { $0.text.contains("15.50") })
        // Not for another image (a second look read a turned or thickened one) nor another mode.
        #expect(ahead.claim(for: image.copy(), pageSegmentationMode: 6) == nil)
        #expect(ahead.claim(for: image, pageSegmentationMode: 11) == nil)
    }

    @Test func aReadingNoHelperStartedIsGivenUpAndNeverMade() throws {
        let image = try #require(LeptonicaImage.renderedText(Self.receipt, fontSize: 10))
        let helper = try TesseractEngine(settings: .default())
        let ahead = SpeculativeReading(of: image, pageSegmentationMode: 6)
        #expect(ahead.claim(for: image, pageSegmentationMode: 6) == nil, "the owner reads it itself")
        ahead.run(on: helper)
        #expect(ahead.claim(for: image, pageSegmentationMode: 6) == nil, "a helper coming late reads nothing")
    }

    @Test func aCancelledReadingStopsWithThatReason() throws {
        let image = try #require(LeptonicaImage.renderedText(Self.receipt, fontSize: 10))
        let engine = try TesseractEngine(settings: .default())
        let cancellation = ReadingCancellation()
        cancellation.cancel()
        #expect(throws: OCRError.cancelled) { try engine.recognize(image, cancelledBy: cancellation) }
        // The engine reads the next page as before.
        #expect(try engine.recognize(image).lines.contains { $0.text.contains("TOTAL") })
    }

    /// Two workers, one receipt: the other worker may read the fallback ahead; the outcome is
    /// the one a single worker makes alone.
    @Test func aLoneReceiptReadsTheSameWithAnIdleWorkerBeside() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.ingest(#require(LeptonicaImage.renderedText(Self.receipt + Self.receipt, fontSize: 10)),
                                     named: "r")
        let alone = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { alone.shutdown() }
        let paired = try OCRWorkerPool(workers: 2, settings: .default(), cleaning: .default)
        defer { paired.shutdown() }
        let expected = try await alone.process(file, refine: { _ in [] }, fallback: { _ in 6 }, readingAhead: 6).page
        #expect(expected.fallbackReadings.map(\.pageSegmentationMode) == [6])
        for _ in 0..<2 {
            let page = try await paired.process(file, refine: { _ in [] }, fallback: { _ in 6 }, readingAhead: 6).page
            #expect(page == expected)
        }
        // Read ahead but not wanted: the receipt has no fallback reading.
        let unwanted = try await paired.process(file, refine: { _ in [] }, fallback: { _ in nil }, readingAhead: 6).page
        #expect(unwanted.fallbackReadings.isEmpty && unwanted.lines == expected.lines)
    }

    /// Receipts come before readings ahead: several receipts at once on two workers (readings
    /// ahead made, dropped or stopped as receipts arrive) read as each does alone.
    @Test func receiptsReadTogetherReadAsEachAlone() async throws {
        let folder = try TemporaryDirectory()
        let texts = [Self.receipt + Self.receipt, ["CAFE ROMA", "DATE 01/02/2019", "LATTE 4.50", "TOTAL 4.50"] + Self.receipt,
                     Self.receipt.reversed() + Self.receipt]
        var files: [IngestedFile] = []
        for (index, text) in texts.enumerated() {
            files.append(try folder.ingest(#require(LeptonicaImage.renderedText(text, fontSize: 10)), named: "r\(index)"))
        }
        let alone = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { alone.shutdown() }
        var expected: [OCRPage] = []
        for file in files {
            expected.append(try await alone.process(file, refine: { _ in [] }, fallback: { _ in 6 }, readingAhead: 6).page)
        }
        let paired = try OCRWorkerPool(workers: 2, settings: .default(), cleaning: .default)
        defer { paired.shutdown() }
        let pages = try await withThrowingTaskGroup(of: (Int, OCRPage).self) { group in
            for (index, file) in files.enumerated() {
                group.addTask { (index, try await paired.process(file, refine: { _ in [] }, fallback: { _ in 6 }, readingAhead: 6).page) }
            }
            var pages = [OCRPage?](repeating: nil, count: files.count)
            for try await (index, page) in group { pages[index] = page }
            return pages
        }
        #expect(pages == expected.map { $0 })
    }
}
