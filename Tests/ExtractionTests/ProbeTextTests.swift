import Foundation
import Testing
import RebutCore
@testable import Extraction

/// Receipt texts written by hand in the layouts tills print (Fixtures/probes: Malaysian shops,
/// German chains and trades; receipts e-mailed by shops and card apps, as a phone shows them),
/// none of them the tuning data's: every field as printed (the
/// vendor as the benchmarks score it, at least 0.8 alike).
/// `scripts/make-noisy-probes.py` reads the same texts as OCR would, for `bench extraction`.
struct ProbeTextTests {
    struct Truth: Decodable {
        var id: String, vendor: String, date: String, total: String
    }

    /// "ALDI SUD" over a line of legal forms alone ("GmbH & Co. oHG") is read as one name, as
    /// SROIE's names split over two lines are: nothing in the print tells the two apart.
    static let vendorsPrintAlikeAsOneName: Set<String> = ["noise_aldi"]

    static let probes: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Fixtures/probes")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        fatalError("Fixtures/probes not found above \(#filePath)")
    }()

    static func truths(_ set: String) throws -> [Truth] {
        let data = try String(contentsOf: probes.appendingPathComponent("\(set)/truth.jsonl"), encoding: .utf8)
        return try data.split(separator: "\n").map { try JSONDecoder().decode(Truth.self, from: Data($0.utf8)) }
    }

    /// How many texts each set holds at least, so that a set that fails to load fails the test.
    static let sets = ["malaysia": 19, "germany": 19, "ereceipts": 3]

    @Test("every field as printed", arguments: ["malaysia", "germany", "ereceipts"])
    func everyFieldAsPrinted(_ set: String) throws {
        let truths = try Self.truths(set)
        #expect(truths.count >= Self.sets[set, default: 1])
        let context = ExtractionContext(referenceDate: LocalDate(iso8601: "2026-11-27"))
        for truth in truths {
            let text = try String(contentsOf: Self.probes.appendingPathComponent("\(set)/text/\(truth.id).txt"), encoding: .utf8)
            let fields = ReceiptExtractor().extract(from: TextLine.lines(fromPlainText: text), context: context)
            #expect(fields.total == MoneyFormat.parse(truth.total), "\(set)/\(truth.id) total")
            #expect(fields.date == LocalDate(iso8601: truth.date), "\(set)/\(truth.id) date")
            if !Self.vendorsPrintAlikeAsOneName.contains(truth.id) {
                // As the benchmarks score it: "Deutsche Bahn AG" names "Deutsche Bahn".
                #expect(TextSimilarity.similarity(truth.vendor, fields.vendor ?? "") >= 0.8, "\(set)/\(truth.id) vendor: \(fields.vendor ?? "-")")
            }
        }
    }
}
