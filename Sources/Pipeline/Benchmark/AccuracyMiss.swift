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
    /// True when the truth cannot be found in the OCR text at all: an OCR miss, not an extraction
    /// one. Nil when the lines were not given.
    public var ocrLimited: Bool?

    /// The misses of one scored receipt (vendor counts as missed unless exactly right;
    /// `vendor~` marks one that was within the similarity threshold).
    public static func misses(of score: AccuracyScore.ReceiptScore, truth: LabelledDataset.Truth,
                              fields: ReceiptFields, lines: [TextLine]? = nil) -> [AccuracyMiss] {
        let presence = lines.map(TruthPresence.init(lines:))
        func make(_ label: String, _ field: ReceiptField, _ expected: String?, _ got: String?) -> AccuracyMiss {
            let found: Bool?
            switch field {
            case .total: found = presence?.hasTotal(expected)
            case .date: found = presence?.hasDate(expected)
            default: found = presence?.hasVendor(expected)
            }
            return AccuracyMiss(file: score.name, field: label, expected: expected ?? "", got: got ?? "-",
                                confidence: fields.confidence[field] ?? 0,
                                candidates: (fields.candidates[field] ?? []).map {
                                    "\($0.value) (\(String(format: "%.2f", $0.score)))"
                                },
                                ocrLimited: found.map { !$0 })
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
        "\(file) \(field): expected \(expected) | got \(got) (conf \(String(format: "%.2f", confidence)))"
            + (ocrLimited == true ? "  [OCR-limited]" : "") + "\n    " + candidates.joined(separator: " · ")
    }
}
