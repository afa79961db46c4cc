import Foundation
import Pipeline
import RebutCore
import RebutTestSupport
import Testing

/// The project's own receipts as people really send them (Fixtures/wild, written by
/// scripts/make-wild.py): phone photos on a table in perspective, an EXIF-rotated photo, 300 dpi
/// A4 pages on white and grey lids, a HEIC and an image-only PDF. Real libjpeg, libheif, poppler,
/// Leptonica and Tesseract; the fields must come out as printed.
@Suite struct WildCapturesEndToEndTests {
    /// One line of Fixtures/wild/truth.jsonl.
    struct WildTruth: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var vendor: String
        var date: String
        var total: String
        var currency: String
        var language: String
        var variant: String
        var testDescription: String { id }
    }

    static let folder = Fixtures.url("wild")

    static let truths: [WildTruth] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("truth.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(WildTruth.self, from: Data($0.utf8)) }
    }()

    @Test func theWildFixturesCoverEveryCaptureTheGeneratorMakes() throws {
        let variants = Set(Self.truths.map(\.variant))
        #expect(variants == ["photo", "photo-exif", "page-white", "page-grey", "heic", "pdf-image"])
        // The loader of `bench accuracy` finds every image of the folder by its id.
        let dataset = try LabelledDataset(root: Self.folder)
        #expect(dataset.samples.map(\.name).sorted() == Self.truths.map(\.id).sorted())
        #expect(dataset.samples.allSatisfy { $0.variant != nil })
    }

    @Test(arguments: truths)
    func aWildCaptureIsReadAsPrinted(truth: WildTruth) async throws {
        let dataset = try LabelledDataset(root: Self.folder)
        let image = try #require(dataset.samples.first { $0.name == truth.id }?.image)
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: truth.language, jobs: 1))
        let fields = try await analyser.analyse(image).fields
        #expect(fields.vendor?.uppercased() == truth.vendor.uppercased(), "\(truth.id): vendor")
        #expect(fields.date?.iso8601 == truth.date, "\(truth.id): date")
        #expect(fields.total.map { MoneyFormat.canonical($0) } == truth.total, "\(truth.id): total")
        #expect(fields.currency == truth.currency, "\(truth.id): currency")
    }
}
