import Foundation
import Extraction
import RebutCore

/// How extraction is scored against a labelled dataset (SROIE-style truths).
///
/// Pure functions so the rules are tested apart from any OCR. Truths are parsed leniently
/// ("RM9.00", "$8.20", "25032018") but scored as they are: an imperfect truth stays a miss.
public enum AccuracyScore {
    /// Normalised similarity at or above which two vendor names count as the same business.
    public static let vendorSimilarityThreshold = 0.8

    /// "9.00", "RM9.00", "RM 1,234.50", "$8.20" → Decimal; nil when there is no number.
    public static func parseTruthTotal(_ text: String?) -> Decimal? {
        guard let text else { return nil }
        var digits = text.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
        guard digits.contains(where: \.isNumber) else { return nil }
        // A comma followed by exactly two digits at the end is a decimal comma; otherwise grouping.
        if let comma = digits.lastIndex(of: ","), digits.distance(from: comma, to: digits.endIndex) == 3,
           !digits.contains(".") {
            digits.replaceSubrange(comma...comma, with: ".")
        }
        digits.removeAll { $0 == "," }
        return MoneyFormat.parse(digits)
    }

    /// Truth dates are day-first in every layout the dataset uses: 25/12/2018, 12-01-19, 17/1/2018,
    /// 15 MAR 2018, 2018-03-30, 2018/02/22, 25032018 (and year-first 20180304); a date that is
    /// impossible day-first ("12/28/2017") is month-first.
    public static func parseTruthDate(_ text: String?) -> LocalDate? {
        guard let raw = text?.trimmingCharacters(in: .whitespaces).uppercased(), !raw.isEmpty else { return nil }
        let parts = raw.split(whereSeparator: { " /-.,".contains($0) }).map(String.init)
        func year(_ s: String) -> Int? {
            guard let y = Int(s) else { return nil }
            return s.count == 2 ? 2000 + y : y
        }
        if parts.count == 1, raw.count == 8, raw.allSatisfy(\.isNumber) {
            let chars = Array(raw)
            // 20180304 is year first; 25032018 is day first.
            if let yearFirst = Int(String(chars[0..<4])), (1900...2100).contains(yearFirst) {
                return LocalDate(year: yearFirst, month: Int(String(chars[4..<6]))!, day: Int(String(chars[6...]))!)
            }
            return LocalDate(year: Int(String(chars[4...]))!, month: Int(String(chars[2..<4]))!,
                             day: Int(String(chars[0..<2]))!)
        }
        guard parts.count == 3 else { return nil }
        if parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) {
            return LocalDate(year: y, month: m, day: d)
        }
        guard let d = Int(parts[0]), let y = year(parts[2]) else { return nil }
        if let m = Int(parts[1]) {
            // "12/28/2017" can only be month first: read it so rather than scoring an impossible date.
            if m > 12, d <= 12 { return LocalDate(year: y, month: d, day: m) }
            return LocalDate(year: y, month: m, day: d)
        }
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        guard let m = months.firstIndex(where: { parts[1].hasPrefix($0) }) else { return nil }
        return LocalDate(year: y, month: m + 1, day: d)
    }

    /// Equal to the cent.
    public static func totalMatches(truth: String?, extracted: Decimal?) -> Bool {
        guard let expected = parseTruthTotal(truth), let extracted else { return false }
        return MoneyFormat.canonical(expected) == MoneyFormat.canonical(extracted)
    }

    /// The same calendar day.
    public static func dateMatches(truth: String?, extracted: LocalDate?) -> Bool {
        guard let expected = parseTruthDate(truth), let extracted else { return false }
        return expected == extracted
    }

    /// Equal after upper-casing and keeping only letters and digits.
    public static func vendorExact(truth: String?, extracted: String?) -> Bool {
        guard let truth, let extracted else { return false }
        let key = TextSimilarity.normalisedKey(truth)
        return !key.isEmpty && key == TextSimilarity.normalisedKey(extracted)
    }

    /// 1 − Levenshtein / longer length on the normalised names, at least 0.8.
    public static func vendorSimilar(truth: String?, extracted: String?) -> Bool {
        guard let truth, let extracted else { return false }
        return TextSimilarity.similarity(truth, extracted) >= vendorSimilarityThreshold
    }

    /// The verdicts for one receipt.
    public struct ReceiptScore: Sendable, Hashable {
        public var name: String
        public var total: Bool
        public var date: Bool
        public var vendorExact: Bool
        public var vendorSimilar: Bool
        /// Total, date and vendor (within the similarity threshold) all right: the issue's vendor
        /// criterion, and the one receipt-parser-core's published figures use.
        public var allThree: Bool { total && date && vendorSimilar }
        /// The stricter variant, with the vendor spelled exactly as the truth.
        public var allThreeExactVendor: Bool { total && date && vendorExact }

        public init(name: String, total: Bool, date: Bool, vendorExact: Bool, vendorSimilar: Bool) {
            self.name = name
            self.total = total
            self.date = date
            self.vendorExact = vendorExact
            self.vendorSimilar = vendorSimilar
        }
    }

    public static func score(name: String, truth: LabelledDataset.Truth, fields: ReceiptFields) -> ReceiptScore {
        ReceiptScore(name: name,
                     total: totalMatches(truth: truth.total, extracted: fields.total),
                     date: dateMatches(truth: truth.date, extracted: fields.date),
                     vendorExact: vendorExact(truth: truth.company, extracted: fields.vendor),
                     vendorSimilar: vendorSimilar(truth: truth.company, extracted: fields.vendor))
    }
}

/// Per-field accuracy over a set of receipts.
public struct AccuracyReport: Sendable, Codable, Hashable {
    public struct Line: Sendable, Codable, Hashable {
        public var field: String
        public var correct: Int
        public var count: Int
        /// Stored (not computed) so JSON reports carry it.
        public var accuracy: Double

        public init(field: String, correct: Int, count: Int) {
            self.field = field
            self.correct = correct
            self.count = count
            accuracy = count == 0 ? 0 : Double(correct) / Double(count)
        }
    }

    public var receipts: Int
    public var lines: [Line]

    public init(_ scores: [AccuracyScore.ReceiptScore]) {
        receipts = scores.count
        func line(_ name: String, _ right: (AccuracyScore.ReceiptScore) -> Bool) -> Line {
            Line(field: name, correct: scores.filter(right).count, count: scores.count)
        }
        lines = [
            line("total", \.total),
            line("date", \.date),
            line("vendor (similar ≥ 0.8)", \.vendorSimilar),
            line("vendor (exact)", \.vendorExact),
            line("all three", \.allThree),
            line("all three (exact vendor)", \.allThreeExactVendor),
        ]
    }

    public func accuracy(of field: String) -> Double? { lines.first { $0.field == field }?.accuracy }

    /// A fixed-width table for the terminal.
    public var table: String {
        var out = "field                    correct / count   accuracy\n"
        for l in lines {
            let name = l.field.padding(toLength: 24, withPad: " ", startingAt: 0)
            let counts = "\(l.correct) / \(l.count)".padding(toLength: 17, withPad: " ", startingAt: 0)
            out += "\(name) \(counts) \(String(format: "%5.1f%%", l.accuracy * 100))\n"
        }
        return out
    }
}
