import Extraction
import Foundation
import RebutCore

/// `bench … --warm`: a dataset replayed in order as a person would file it. Each receipt is read
/// with what the earlier ones taught, scored, and only then "corrected" to its truth, which feeds
/// the vendor lexicon and the batch's dates exactly as a correction in the store would.
public struct WarmReplay: Sendable {
    public private(set) var lexicon = VendorLexicon()
    public private(set) var dates: [LocalDate] = []

    public init() {}

    /// The batch's dates so far, as a prior for the next receipt's.
    public var datePrior: DatePrior? { DatePrior.around(dates) }

    /// The extraction context for the next receipt: `base` plus what was learned so far.
    public func context(_ base: ExtractionContext) -> ExtractionContext {
        var context = base
        context.lexicon = lexicon
        context.datePrior = base.datePrior ?? datePrior
        return context
    }

    /// The same for the whole pipeline (`bench accuracy --warm`).
    public var analysisContext: AnalysisContext { AnalysisContext(lexicon: lexicon, datePrior: datePrior) }

    /// The receipt, scored, is set to its truth: its vendor (with what OCR read for it), the
    /// lines that show its numbers and address, and its date join what later receipts are read with.
    public mutating func learn(truth: LabelledDataset.Truth, lines: [TextLine], fields: ReceiptFields) {
        if let vendor = truth.company, !vendor.trimmingCharacters(in: .whitespaces).isEmpty {
            lexicon.learn(VendorSighting(vendor: vendor, readAs: LexiconFeed.readings(of: fields),
                                         lines: lines, currency: fields.currency,
                                         total: AccuracyScore.parseTruthTotal(truth.total) ?? fields.total,
                                         corrected: fields.vendor != vendor))
        }
        if let date = AccuracyScore.parseTruthDate(truth.date) { dates.append(date) }
    }
}

/// What a receipt's extraction read as its vendor, for the lexicon's spellings.
public enum LexiconFeed {
    public static func readings(of fields: ReceiptFields) -> [String] {
        (fields.candidates[.vendor] ?? []).prefix(1).filter { $0.evidence == nil }.map(\.value)
    }
}

extension AccuracyReport {
    /// Several reports in columns: "total  92.8%  95.0% …", headed by their names.
    public static func sideBySide(_ reports: [(name: String, report: AccuracyReport)]) -> String {
        guard let first = reports.first?.report else { return "" }
        var out = "field".padding(toLength: 26, withPad: " ", startingAt: 0)
            + reports.map { "\($0.name) (\($0.report.receipts))".padding(toLength: 22, withPad: " ", startingAt: 0) }.joined() + "\n"
        for (i, line) in first.lines.enumerated() {
            out += line.field.padding(toLength: 26, withPad: " ", startingAt: 0)
            out += reports.map { entry in
                let l = entry.report.lines[i]
                return String(format: "%5.1f%% %@", l.accuracy * 100, "(\(l.correct)/\(l.count))" as NSString)
                    .padding(toLength: 22, withPad: " ", startingAt: 0)
            }.joined()
            out += "\n"
        }
        return out
    }
}

/// Cold and warm scores of one replay, whole and on the second half (where there was something to learn).
public struct WarmReport: Sendable, Codable {
    public var cold: AccuracyReport
    public var warm: AccuracyReport
    public var coldSecondHalf: AccuracyReport
    public var warmSecondHalf: AccuracyReport
    /// Per field (total, date, vendor exact, vendor similar): receipts warm got right and cold
    /// wrong, and the other way round. What learning must never do is lose one.
    public var gained: [String: [String]] = [:]
    public var lost: [String: [String]] = [:]

    /// Both in replay order.
    public init(cold: [AccuracyScore.ReceiptScore], warm: [AccuracyScore.ReceiptScore]) {
        self.cold = AccuracyReport(cold)
        self.warm = AccuracyReport(warm)
        coldSecondHalf = AccuracyReport(Array(cold.dropFirst(cold.count / 2)))
        warmSecondHalf = AccuracyReport(Array(warm.dropFirst(warm.count / 2)))
        let fields: [(String, (AccuracyScore.ReceiptScore) -> Bool)] = [
            ("total", \.total), ("date", \.date), ("vendor exact", \.vendorExact), ("vendor similar", \.vendorSimilar),
        ]
        for (c, w) in zip(cold, warm) {
            for (field, right) in fields where right(c) != right(w) {
                if right(w) { gained[field, default: []].append(w.name) } else { lost[field, default: []].append(w.name) }
            }
        }
    }

    public var table: String {
        var out = AccuracyReport.sideBySide([("cold", cold), ("warm", warm), ("cold, 2nd half", coldSecondHalf),
                                             ("warm, 2nd half", warmSecondHalf)])
        for field in ["total", "date", "vendor exact", "vendor similar"] {
            let won = gained[field] ?? [], lostHere = lost[field] ?? []
            out += "warm vs cold, \(field): +\(won.count) −\(lostHere.count)"
                + (lostHere.isEmpty ? "" : " (lost: \(lostHere.joined(separator: " ")))") + "\n"
        }
        return out
    }
}
