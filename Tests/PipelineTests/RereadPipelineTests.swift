import Extraction
import Foundation
import Imaging
import Ingest
import OCR
import Pipeline
import RebutCore
import RebutTestSupport
import Testing

/// Targeted re-reading through real Leptonica and Tesseract.
@Suite struct RereadPipelineTests {
    static let lines = ["HARDWARE CORNER SDN BHD", "NO 12 JALAN MERANTI", "RECEIPT CS0393921 DATE: 15/06/2017",
                        "HAMMER 1 12.00", "SCREWS 2 3.50", "TOTAL 15.50", "CASH 20.00", "CHANGE 4.50"]

    static func image(in dir: TemporaryDirectory) throws -> URL {
        let url = dir.file("receipt.png")
        try #require(LeptonicaImage.renderedText(lines, fontSize: 12)).encoded(as: .png).write(to: url)
        return url
    }

    /// The pool re-reads the date line on its worker; a first reading of that line damaged the way
    /// SROIE scans damage it ("OATES 43/06/2017") gives no date, and the vote over both readings does.
    @Test func aRereadOfTheDateLineRepairsADamagedFirstReading() async throws {
        let dir = try TemporaryDirectory()
        let file = try Ingestor().read(Self.image(in: dir))
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let outcome = try await pool.process(file) { page in
            let fields = ReceiptExtractor().extract(from: page.lines)
            return LineHints.lines(for: [.date], in: page.lines, extracted: fields)
                .map { LineRereadRequest(lineIndex: $0.lineIndex, content: .date) }
        }
        let page = outcome.page
        let dateLine = try #require(page.lines.firstIndex { $0.text.contains("15/06/2017") }, "\(page.text)")
        #expect(page.rereads.contains { $0.lineIndex == dateLine && $0.text.contains("15/06/2017") }, "\(page.rereads)")

        var damaged = page.lines
        damaged[dateLine].text = "RECEIPT Hs CS0393921 OATES 43/06/2017"
        let extractor = ReceiptExtractor()
        let firstOnly = extractor.extract(from: damaged)
        #expect(firstOnly.date == nil)
        let alternatives = page.rereads.map { AlternativeReading(lineIndex: $0.lineIndex, text: $0.text, confidence: $0.confidence) }
        let merged = extractor.extract(from: damaged, alternatives: alternatives, merging: [.date])
        #expect(merged.date?.iso8601 == "2017-06-15")
        #expect((merged.confidence[.date] ?? 0) >= ReceiptExtractor.reviewThreshold)
        #expect(merged.total == firstOnly.total)
    }

    /// A receipt read confidently the first time costs no re-read.
    @Test func aConfidentReceiptIsNotReread() async throws {
        let dir = try TemporaryDirectory()
        var configuration = PipelineConfiguration(languages: "eng", jobs: 1)
        configuration.referenceDate = Date(timeIntervalSince1970: 1_600_000_000)
        #expect(configuration.rereadUncertainFields)
        let analysed = try await ReceiptAnalyser(configuration: configuration).analyse(Self.image(in: dir))
        #expect(analysed.uncertainFields.isEmpty, "\(analysed.fields)")
        #expect(analysed.page.rereads.isEmpty)
        #expect(analysed.fields.date?.iso8601 == "2017-06-15")
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == "15.50")
    }
}
