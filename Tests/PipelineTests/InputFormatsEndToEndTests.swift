import CLeptonica
import Foundation
import Imaging
import Ingest
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing

/// HEIC, AVIF and PDF inputs through the whole pipeline: real libheif, poppler, Leptonica,
/// Tesseract and SQLite.
@Suite struct InputFormatsEndToEndTests {
    /// The formats fixture's clean receipt, grey (`formats/receipt.png`).
    private static func formatsReceipt() throws -> LeptonicaImage {
        try ImageDecoder.decode(Ingestor().read(Fixtures.url("formats/receipt.png")), maxPixels: 10_000_000, grey: true)
    }

    private static func analyser() throws -> ReceiptAnalyser {
        try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
    }

    private func expectFieldsMatchTruth(_ analysed: AnalysedReceipt, truthFile: URL) throws {
        let truth = try Fixtures.truth(for: truthFile)
        let name = truthFile.lastPathComponent
        #expect(analysed.fields.vendor == truth.vendor, "\(name): vendor")
        #expect(analysed.fields.date?.iso8601 == truth.date, "\(name): date")
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == truth.total, "\(name): total")
        #expect(analysed.fields.currency == truth.currency, "\(name): currency")
    }

    /// The bill's vendor, issue date (not the billing period's) and total come out exactly as
    /// printed, from the text layer alone: no OCR ran.
    @Test func aTextLayerBillNeedsNoOCRAndItsFieldsAreAsPrinted() async throws {
        let bill = Fixtures.url("documents/bill-text.pdf")
        let analysed = try await Self.analyser().analyse(bill)
        #expect(analysed.file.format == .pdf)
        try expectFieldsMatchTruth(analysed, truthFile: bill)
        #expect(analysed.fields.tax.map { MoneyFormat.canonical($0) } == "6.79")
        #expect(analysed.timings?.ocr == .zero)
        #expect(analysed.page.lines.allSatisfy { $0.confidence == 100 })
        #expect(analysed.page.rereads.isEmpty && analysed.page.fallbackReadings.isEmpty)
        #expect(!analysed.needsReview)
    }

    /// Bills laid out otherwise, written blind before they were read: one in columns that
    /// poppler runs together (the customer's address beside the invoice's date and its due
    /// date, labels beside their amounts), and a Spanish one whose total is "TOTAL IMPORTE
    /// FACTURA" under a billing period's two dates. Their fields come out as printed.
    @Test(arguments: ["bill-columns", "bill-factura"])
    func billsLaidOutOtherwiseComeOutAsPrinted(name: String) async throws {
        let bill = Fixtures.url("documents/\(name).pdf")
        let analysed = try await Self.analyser().analyse(bill)
        try expectFieldsMatchTruth(analysed, truthFile: bill)
        #expect(analysed.timings?.ocr == .zero)
    }

    @Test func aScannedPDFIsRenderedAndReadByOCR() async throws {
        let scan = Fixtures.url("documents/receipt-scan.pdf")
        let analysed = try await Self.analyser().analyse(scan)
        try expectFieldsMatchTruth(analysed, truthFile: scan)
        #expect(try #require(analysed.timings).ocr > .zero)
        #expect(analysed.page.lines.contains { ($0.confidence ?? 100) < 100 })
    }

    /// A scanner's "searchable PDF": the invisible OCR layer over the image is used as it is.
    @Test func aScanWithAGoodOCRLayerIsTakenFromTheLayer() async throws {
        let scan = Fixtures.url("documents/receipt-scan-ocr-layer.pdf")
        let analysed = try await Self.analyser().analyse(scan)
        try expectFieldsMatchTruth(analysed, truthFile: scan)
        #expect(analysed.timings?.ocr == .zero)
    }

    /// An invisible layer of marks and stray letters is not trusted: the page is read by OCR.
    @Test func aScanWithAGarbageLayerIsReadByOCR() async throws {
        let scan = Fixtures.url("documents/receipt-scan-garbage-layer.pdf")
        let analysed = try await Self.analyser().analyse(scan)
        try expectFieldsMatchTruth(analysed, truthFile: scan)
        #expect(try #require(analysed.timings).ocr > .zero)
        #expect(!analysed.page.text.contains("~"))
    }

    /// Vendor and date are on page 1, the total on page 2: both pages are read, in order.
    @Test func bothPagesOfATwoPageScanAreReadAsOneReceipt() async throws {
        let scan = Fixtures.url("documents/receipt-two-pages.pdf")
        let analysed = try await Self.analyser().analyse(scan)
        try expectFieldsMatchTruth(analysed, truthFile: scan)
        try expectPagesStacked(analysed, vendor: "HARBOUR VIEW")
    }

    /// The vendor's line comes before the total's, and page 2's boxes lie below page 1's.
    private func expectPagesStacked(_ analysed: AnalysedReceipt, vendor: String) throws {
        let lines = analysed.page.lines
        let vendorLine = try #require(lines.firstIndex { $0.text.contains(vendor) })
        let totalLine = try #require(lines.lastIndex { $0.text.uppercased().hasPrefix("TOTAL") })
        #expect(vendorLine < totalLine)
        let vendorBox = try #require(lines[vendorLine].box), totalBox = try #require(lines[totalLine].box)
        #expect(totalBox.y > vendorBox.y + vendorBox.height)
        #expect(totalBox.y + totalBox.height <= analysed.page.height)
    }

    /// A scanner's document feeder saves a long slip in two sheets as one TIFF: the shop and the
    /// date on the first page, the total on the second. Both are read, in order, as one receipt.
    @Test func bothPagesOfATwoPageTIFFAreReadAsOneReceipt() async throws {
        let folder = try TemporaryDirectory()
        let slip = try Self.formatsReceipt()
        let half = Int32(slip.height / 2)
        let top = try #require(slip.clipped(to: PixelRect(x: 0, y: 0, width: Int32(slip.width), height: half)))
        let bottom = try #require(slip.clipped(to: PixelRect(x: 0, y: half, width: Int32(slip.width), height: Int32(slip.height) - half)))
        let url = folder.file("two-sheets.tif")
        try LeptonicaImage.writeMultipageTIFF([top, bottom], to: url)

        let analysed = try await Self.analyser().analyse(url)
        let truth = try Fixtures.truth(for: Fixtures.url("formats/receipt.png"))
        #expect(analysed.fields.vendor == truth.vendor)
        #expect(analysed.fields.date?.iso8601 == truth.date)
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == truth.total)
        try expectPagesStacked(analysed, vendor: "BLUE DOOR")
    }

    /// A multi-page TIFF cut short is refused at ingest, not read as its first page alone.
    @Test func aTruncatedTwoPageTIFFIsRefusedNotReadAsItsFirstPage() async throws {
        let folder = try TemporaryDirectory()
        let slip = try Self.formatsReceipt()
        let whole = folder.file("whole.tif"), cut = folder.file("cut.tif")
        try LeptonicaImage.writeMultipageTIFF([slip, slip], to: whole)
        let bytes = try Data(contentsOf: whole)
        try bytes.prefix(bytes.count * 9 / 10).write(to: cut)
        try await expectRefused(cut, naming: "TIFF is truncated", at: .ingest)
    }

    /// A TIFF of more pages than one receipt has is refused as a PDF is, naming its page count.
    @Test func aTIFFOfElevenPagesIsRefusedWithItsCount() async throws {
        let folder = try TemporaryDirectory()
        let page = try #require(LeptonicaImage.filled(width: 64, height: 64, grey: 240))
        let url = folder.file("eleven.tif")
        try LeptonicaImage.writeMultipageTIFF(Array(repeating: page, count: 11), to: url)
        try await expectRefused(url, naming: "11 pages, over the limit of 10", at: .decode)
    }

    @Test(arguments: ["receipt.heic", "receipt.avif", "receipt-rotated.heic"])
    func aHEIFPhotoIsReadLikeAnyOtherImage(name: String) async throws {
        let image = Fixtures.url("formats/\(name)")
        let analysed = try await Self.analyser().analyse(image)
        let truth = try Fixtures.truth(for: Fixtures.url("formats/receipt.png"))
        #expect(analysed.fields.vendor == truth.vendor)
        #expect(analysed.fields.date?.iso8601 == truth.date)
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == truth.total)
    }

    /// A phone screenshot of an e-mailed receipt, in light and in dark mode: the dark one is
    /// light print on a dark ground, which Tesseract reads as noise until it is turned negative;
    /// the heading "Your receipt from Green Leaf Cafe" names the shop.
    @Test(arguments: ["screenshot-light", "screenshot-dark"])
    func aScreenshotOfAnEmailedReceiptIsRead(name: String) async throws {
        let analysed = try await Self.analyser().analyse(Fixtures.url("formats/\(name).png"))
        try expectFieldsMatchTruth(analysed, truthFile: Fixtures.url("formats/\(name).png"))
    }

    /// A 600 dpi A4 page (35 MP) is decoded halved and its receipt read.
    @Test func a35MegapixelPageScanIsRead() async throws {
        let folder = try TemporaryDirectory()
        let slip = try ImageDecoder.decode(Ingestor().read(Fixtures.url("formats/receipt.png")), maxPixels: 10_000_000)
        let slip600 = try #require(LeptonicaImage(taking: pixScaleGrayLI(slip.pointer, 2, 2)))
        let page = try #require(LeptonicaImage.filled(width: 4961, height: 7016, grey: 238))
        let composed = try #require(page.pasting(slip600, x: 1200, y: 800))
        let url = folder.file("a4-600dpi.jpg")
        try composed.encoded(as: .jpeg).write(to: url)
        let analysed = try await Self.analyser().analyse(url)
        let truth = try Fixtures.truth(for: Fixtures.url("formats/receipt.png"))
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == truth.total)
        #expect(analysed.fields.date?.iso8601 == truth.date)
    }

    @Test(arguments: [
        ("bad/encrypted.pdf", "protected by a password", StageName.decode),
        ("bad/damaged.pdf", "the PDF is damaged", .decode),
        ("bad/truncated.pdf", "the PDF is truncated", .ingest),
        ("bad/eleven-pages.pdf", "11 pages, over the limit of 10", .decode),
        ("bad/truncated.heic", "HEIC data is damaged or truncated", .decode),
    ])
    func badDocumentsFailWithTheirReasonNamed(path: String, reason: String, stage: StageName) async throws {
        try await expectRefused(Fixtures.url(path), naming: reason, at: stage)
    }

    /// `url` fails at `stage` with a reason that contains `reason`, and is not read.
    private func expectRefused(_ url: URL, naming reason: String, at stage: StageName) async throws {
        do {
            _ = try await Self.analyser().analyse(url)
            Issue.record("\(url.lastPathComponent) was read")
        } catch let failure as ReceiptFailure {
            #expect(failure.reason.contains(reason), "\(url.lastPathComponent): \(failure.reason)")
            #expect(failure.stage == stage)
        }
    }

    /// The store keeps the PDF itself, under its own extension, and its text as read.
    @Test func aFiledPDFIsStoredAsAPDF() async throws {
        let dir = try TemporaryDirectory()
        let store = try ExpenseStore(path: dir.file("store/rebut.sqlite"))
        let filer = ReceiptFiler(analyser: try Self.analyser(), store: store)
        let event = try store.ensureEvent(named: "Flat 2B", kind: .property)
        let bill = Fixtures.url("documents/bill-text.pdf")
        let result = await filer.file(bill, into: event)
        let receipt = try #require(result.receipt, "\(result.outcome)")
        let stored = try store.imageURL(for: receipt)
        #expect(stored.pathExtension == "pdf")
        #expect(try Data(contentsOf: stored) == Data(contentsOf: bill))
        #expect(receipt.fileName == "bill-text.pdf")
    }
}
