import Foundation
import RebutCore

/// One field a benchmark got wrong, with what the extractor considered instead: the material
/// for improving the rules.
public struct AccuracyMiss: Sendable, Codable, Hashable {
    public var file: String
    public var field: String
    public var expected: String
    public var got: String
    public var confidence: Double
    public var candidates: [String]

    /// The misses of one scored receipt (vendor counts as missed unless exactly right;
    /// `vendor~` marks one that was within the similarity threshold).
    public static func misses(of score: AccuracyScore.ReceiptScore, truth: LabelledDataset.Truth,
                              fields: ReceiptFields) -> [AccuracyMiss] {
        func make(_ label: String, _ field: ReceiptField, _ expected: String?, _ got: String?) -> AccuracyMiss {
            AccuracyMiss(file: score.name, field: label, expected: expected ?? "", got: got ?? "-",
                         confidence: fields.confidence[field] ?? 0,
                         candidates: (fields.candidates[field] ?? []).map {
                             "\($0.value) (\(String(format: "%.2f", $0.score)))"
                         })
        }
        var out: [AccuracyMiss] = []
        if !score.total {
            out.append(make("total", .total, truth.total, fields.total.map { MoneyFormat.canonical($0) }))
        }
        if !score.date { out.append(make("date", .date, truth.date, fields.date?.iso8601)) }
        if !score.vendorExact {
            out.append(make(score.vendorSimilar ? "vendor~" : "vendor", .vendor, truth.company, fields.vendor))
        }
        return out
    }

    public var text: String {
        "\(file) \(field): expected \(expected) | got \(got) (conf \(String(format: "%.2f", confidence)))\n    "
            + candidates.joined(separator: " · ")
    }
}
