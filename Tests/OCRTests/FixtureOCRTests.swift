import Foundation
import Imaging
import Ingest
import OCR
import RebutTestSupport
import Testing

/// Every fixture receipt (clean, skewed, photo, faded, flatbed; eng/spa/cat/deu/fra) through the real
/// pool with the default cleaning: the printed total and vendor must be in the text.
@Suite struct FixtureOCRTests {
    @Test(arguments: ["eng", "spa", "cat", "deu", "fra"])
    func fixtureReceiptsAreRead(language: String) async throws {
        let images = try Fixtures.receiptImages().filter { try Fixtures.truth(for: $0).language == language }
        #expect(!images.isEmpty)
        let pool = try OCRWorkerPool(workers: 2, settings: .default(languages: language), cleaning: .default)
        defer { pool.shutdown() }
        for image in images {
            let truth = try Fixtures.truth(for: image)
            let page = try await pool.recognize(Ingestor().read(image))
            let coverage = TruthCoverage(lines: page.lines.map(\.text), total: truth.total, date: nil, company: truth.vendor)
            #expect(coverage.total, "\(image.lastPathComponent): total \(truth.total) not in:\n\(page.text)")
            #expect(coverage.company, "\(image.lastPathComponent): vendor \(truth.vendor) not in:\n\(page.text)")
        }
    }
}
