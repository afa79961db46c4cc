import Foundation
import RebutCore

/// An extraction-independent score of OCR text: does the text contain the truth at all?
/// If the total is not in the text no extractor can find it, so this bounds what extraction
/// can reach and lets cleaning options be compared without extraction in the loop.
public struct TruthCoverage: Sendable, Hashable {
    public var total: Bool
    public var date: Bool
    public var company: Bool
    public var all: Bool { total && date && company }

    public init(total: Bool, date: Bool, company: Bool) {
        self.total = total
        self.date = date
        self.company = company
    }

    /// Scores `lines` against printed truths; a missing truth counts as found.
    public init(lines: [String], total: String?, date: String?, company: String?) {
        self.total = total.map { Self.containsAmount(lines, $0) } ?? true
        self.date = date.map { Self.containsDate(lines, $0) } ?? true
        self.company = company.map { Self.containsCompany(lines, $0) } ?? true
    }

    /// The amount as a number anywhere in the text ("RM 9.00", "$8.20" and "9,00" all match 9.00).
    static func containsAmount(_ lines: [String], _ truth: String) -> Bool {
        guard let wanted = amount(truth.filter { $0.isNumber || $0 == "." || $0 == "," }) else { return false }
        let pattern = try! NSRegularExpression(pattern: #"\d[\d,]*[.,]\d{2}(?!\d)"#)
        for line in lines {
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                if let found = Range(match.range, in: line).flatMap({ amount(String(line[$0])) }), found == wanted {
                    return true
                }
            }
        }
        return false
    }

    /// Reads "1,234.50", "9.00" or "9,00" as an exact amount.
    static func amount(_ text: String) -> Decimal? {
        var digits = text
        if let last = digits.lastIndex(where: { $0 == "." || $0 == "," }),
           digits.distance(from: last, to: digits.endIndex) == 3 {
            let whole = digits[..<last].filter(\.isNumber)
            digits = whole + "." + digits[digits.index(after: last)...]
        } else {
            digits = digits.filter(\.isNumber)
        }
        guard !digits.isEmpty, digits != "." else { return nil }
        return Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Digits-only comparison within a line ("25/12/2018" matches "25-12-2018" or "25.12.2018");
    /// dates with month names compare letters and digits.
    /// An ISO truth ("2018-03-18", as `truth.jsonl` gives it) matches the day as receipts print
    /// it: day, month and year in any of the usual orders, the year in four digits or two (an
    /// upper bound, like the rest: six digits can turn up inside a long number by chance).
    static func containsDate(_ lines: [String], _ truth: String) -> Bool {
        let hasLetters = truth.contains { $0.isLetter }
        let keys = hasLetters ? [alphanumeric(truth)] : printedDigits(ofISODate: truth) ?? [truth.filter(\.isNumber)]
        guard !keys.contains(where: \.isEmpty) else { return false }
        return lines.contains { line in
            let text = hasLetters ? alphanumeric(line) : line.filter(\.isNumber)
            return keys.contains { text.contains($0) }
        }
    }

    /// The digits of a day printed day-first, month-first or year-first, with zero-padded day
    /// and month; nil when `iso` is not yyyy-mm-dd.
    static func printedDigits(ofISODate iso: String) -> [String]? {
        let parts = iso.split(separator: "-").map(String.init)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
        let (year, month, day) = (parts[0], parts[1], parts[2])
        let short = String(year.suffix(2))
        return [day + month + year, month + day + year, year + month + day,
                day + month + short, month + day + short, short + month + day]
    }

    /// Letters and digits, upper-cased, as a substring of the text; or a line at least 80% similar.
    static func containsCompany(_ lines: [String], _ truth: String) -> Bool {
        let key = alphanumeric(truth)
        guard !key.isEmpty else { return false }
        if lines.map(alphanumeric).joined().contains(key) { return true }
        return lines.contains { similarity(alphanumeric($0), key) >= 0.8 }
    }

    static func alphanumeric(_ text: String) -> String {
        String(text.uppercased().filter { $0.isLetter || $0.isNumber })
    }

    /// 1 − Levenshtein distance / longer length.
    static func similarity(_ a: String, _ b: String) -> Double {
        EditDistance.similarity(Array(a), Array(b))
    }
}
