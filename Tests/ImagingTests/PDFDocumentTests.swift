import Foundation
import Imaging
import RebutCore
import RebutTestSupport
import Testing

/// PDFs through the real poppler and cairo.
@Suite struct PDFDocumentTests {
    private func open(_ relative: String) throws -> PDFDocument {
        try PDFDocument(data: Data(contentsOf: Fixtures.url(relative)))
    }

    private func textLines(_ relative: String, page: Int = 0) throws -> [TextLine] {
        let page = try #require(try open(relative).page(page))
        return PDFTextLines.lines(from: page.textLayer(), pixelsPerPoint: 300.0 / 72)
    }

    @Test func aBillsTextLayerComesOutAsPrintedLinesInReadingOrder() throws {
        let lines = try textLines("documents/bill-text.pdf")
        let texts = lines.map(\.text)
        #expect(texts.first == "Northwind Energy Ltd")
        #expect(texts.contains("Invoice date: 14/03/2024"))
        // Label and right-aligned amount are one line, with a space where poppler gave none.
        #expect(texts.contains("Total to pay £142.67"))
        #expect(texts.contains("Subtotal £135.88"))
        #expect(texts.firstIndex(of: "Subtotal £135.88")! < texts.firstIndex(of: "Total to pay £142.67")!)
        #expect(lines.allSatisfy { $0.confidence == 100 && $0.box != nil && !$0.words.isEmpty })
        #expect(PDFTextLayerQuality.isUsable(lines))
        // Boxes are pixels at 300 dpi: the vendor (20 pt bold, 56 pt from the left) sits near x = 233.
        let vendor = try #require(lines.first?.box)
        #expect(abs(vendor.x - 233) <= 2)
        #expect(vendor.height > 50 && vendor.height < 100)
        let total = try #require(lines.first { $0.text.hasPrefix("Total to pay") })
        #expect(total.words.map(\.text) == ["Total", "to", "pay", "£142.67"])
    }

    /// poppler runs a column of labels on into the column of amounts beside it without a line
    /// break ("VAT 20%£29.99", the amount of the line above): each amount stays on its own line.
    @Test func columnsPopplerRunsTogetherKeepEachAmountOnItsLine() throws {
        let texts = try textLines("documents/bill-columns.pdf").map(\.text)
        #expect(texts.contains("Subtotal £29.99"))
        #expect(texts.contains("VAT 20% £6.00"))
        #expect(texts.contains("Total due £35.99"))
    }

    @Test func aScannedPageHasNoUsableTextAndRendersAtItsScanResolution() throws {
        let document = try open("documents/receipt-scan.pdf")
        #expect(document.pageCount == 1)
        let page = try #require(document.page(0))
        #expect(!PDFTextLayerQuality.isUsable(PDFTextLines.lines(from: page.textLayer(), pixelsPerPoint: 300.0 / 72)))
        let rendered = try page.rendered(dpi: 300, pixelBudget: 16_000_000)
        // The page is exactly the 720 px wide scan at 300 dpi.
        #expect(abs(rendered.width - 720) <= 1)
        #expect(rendered.resolution == 300)
        let ink = (0..<rendered.height).filter { y in (rendered.greyValue(x: rendered.width / 2, y: y) ?? 255) < 100 }
        #expect(!ink.isEmpty)
    }

    @Test func renderingStaysWithinThePixelBudget() throws {
        let page = try #require(try open("documents/bill-text.pdf").page(0))
        let rendered = try page.rendered(dpi: 300, pixelBudget: 1_000_000)
        #expect(rendered.width * rendered.height <= 1_000_000)
        #expect(rendered.width * rendered.height > 900_000)
        #expect(rendered.resolution < 300)
    }

    @Test func aPasswordProtectedPDFIsNamedAsSuch() throws {
        #expect(throws: ReceiptInputError.passwordProtected) { try open("bad/encrypted.pdf") }
    }

    @Test func aDamagedPDFIsCorruptWithPopplersReason() throws {
        do {
            _ = try open("bad/damaged.pdf")
            Issue.record("a damaged PDF opened")
        } catch {
            guard case .corrupt(let reason)? = error as? ReceiptInputError else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            #expect(reason.contains("damaged"))
        }
    }

    @Test func textLayersOfUnmappedGlyphsOrTooLittleTextAreNotUsed() {
        let box = Box(x: 0, y: 0, width: 10, height: 10)
        let garbage = (0..<5).map { _ in TextLine(text: "\u{E001}\u{E002}\u{E003} \u{FFFD}\u{FFFD} 12 ab", confidence: 100, box: box) }
        #expect(!PDFTextLayerQuality.isUsable(garbage))
        #expect(!PDFTextLayerQuality.isUsable([TextLine(text: "Page 2 of 2", confidence: 100)]))
        let punctuation = [TextLine(text: String(repeating: ".-:;|", count: 20) + " TOTAL 12.50 Shop Name Ltd", confidence: 100)]
        #expect(!PDFTextLayerQuality.isUsable(punctuation))
        #expect(PDFTextLayerQuality.isUsable([TextLine(text: "Corner Shop Ltd", confidence: 100),
                                               TextLine(text: "TOTAL £12.50 14/03/2024", confidence: 100)]))
    }
}
