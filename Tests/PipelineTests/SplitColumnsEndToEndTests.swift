import Foundation
import Pipeline
import RebutCore
import RebutTestSupport
import Testing

/// Monospaced till slips whose amounts mode 4 splits from their labels (Fixtures/synthetic):
/// read as one block again, their totals come out whole. Real Leptonica and Tesseract.
@Suite struct SplitColumnsEndToEndTests {
    struct Truth: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var vendor: String
        var date: String
        var total: String
        var testDescription: String { id }
    }

    static let folder = Fixtures.url("synthetic")

    static let truths: [Truth] = Fixtures.truthLines(in: folder)

    @Test func theFixturesAreThere() {
        #expect(Self.truths.count == 2)
    }

    @Test(arguments: truths)
    func aSplitSlipIsReadWhole(truth: Truth) async throws {
        let dataset = try LabelledDataset(root: Self.folder)
        let image = try #require(dataset.samples.first { $0.name == truth.id }?.image)
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        let fields = try await analyser.analyse(image).fields
        #expect(fields.total.map { MoneyFormat.canonical($0) } == truth.total, "\(truth.id): total")
        #expect(fields.date?.iso8601 == truth.date, "\(truth.id): date")
        #expect(fields.vendor?.uppercased() == truth.vendor.uppercased(), "\(truth.id): vendor")
    }
}
