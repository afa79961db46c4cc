import Foundation
import Imaging
import Ingest
import OCR
import RebutCore
import RebutTestSupport
import Testing

/// PDFs on the OCR workers: pages read in order, re-reads and fallback readings on the page each
/// line came from, and no OCR at all for a text layer.
@Suite struct PDFReadingTests {
    @Test func linesOfBothPagesAreReReadOnTheirOwnPage() async throws {
        let file = try Ingestor().read(Fixtures.url("documents/receipt-two-pages.pdf"))
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let plain = try await pool.recognize(file)
        let vendorLine = try #require(plain.lines.firstIndex { $0.text.contains("HARBOUR VIEW") })
        let totalLine = try #require(plain.lines.lastIndex { $0.text.uppercased().hasPrefix("TOTAL") })

        let options = LineRereadOptions(pageSegmentationModes: [7], useWhitelists: false)
        let outcome = try await pool.process(file, rereading: options, refine: { _ in
            [LineRereadRequest(lineIndex: vendorLine, content: .text),
             LineRereadRequest(lineIndex: totalLine, content: .amount)]
        }, fallback: { page in page.fallbackReadings.isEmpty ? 6 : nil })
        #expect(outcome.page.lines == plain.lines)
        let vendorReread = try #require(outcome.page.rereads.first { $0.lineIndex == vendorLine })
        #expect(vendorReread.text.contains("HARBOUR VIEW"))
        let totalReread = try #require(outcome.page.rereads.first { $0.lineIndex == totalLine })
        #expect(totalReread.text.contains("76.20"))
        // The fallback reading covers both pages, in order.
        let fallback = try #require(outcome.page.fallbackReadings.first)
        #expect(fallback.pageSegmentationMode == 6)
        let texts = fallback.lines.map(\.text)
        let fallbackVendor = try #require(texts.firstIndex { $0.contains("HARBOUR VIEW") })
        let fallbackTotal = try #require(texts.lastIndex { $0.uppercased().hasPrefix("TOTAL") })
        #expect(fallbackVendor < fallbackTotal)
    }

    @Test func aTextLayerIsNeitherReadByOCRNorReRead() async throws {
        let file = try Ingestor().read(Fixtures.url("documents/bill-text.pdf"))
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let outcome = try await pool.process(file, refine: { page in
            [LineRereadRequest(lineIndex: 0, content: .text)]
        }, fallback: { _ in 6 })
        #expect(outcome.ocr == .zero && outcome.clean == .zero)
        #expect(outcome.page.rereads.isEmpty && outcome.page.fallbackReadings.isEmpty)
        #expect(outcome.page.lines.first?.text == "Northwind Energy Ltd")
        #expect(outcome.page.meanConfidence == 100)
    }

    /// A scanned PDF's page is read as an image is: a sideways scan is turned, dot-matrix print
    /// thickened, when the first reading is poor.
    @Test func aScannedPageGetsTheSecondLookAnImageGets() async throws {
        let folder = try TemporaryDirectory()
        let lines = SecondLookTests.receiptLines + SecondLookTests.receiptLines
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }

        let receipt = try #require(LeptonicaImage.renderedText(lines, fontSize: 12))
        let sideways = try #require(receipt.rotated(quarterTurns: 1))
        let turned = try await pool.recognize(try folder.ingestAsScannedPDF(sideways, dpi: 300, named: "sideways"))
        #expect(turned.text.contains("TOTAL EUR"), "read at \(turned.width)x\(turned.height) as: \(turned.text)")

        let large = try #require(LeptonicaImage.renderedText(lines, fontSize: 20))
        let dotted = try #require(large.asDotMatrix(scale: 2, pitch: 5, dot: 3, ink: 120))
        let thickened = try await pool.recognize(try folder.ingestAsScannedPDF(dotted, dpi: 300, named: "dotted"))
        #expect(thickened.text.contains("TOTAL EUR"), "read as: \(thickened.text)")
    }
}
