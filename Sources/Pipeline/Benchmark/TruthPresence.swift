import Extraction
import Foundation
import RebutCore

/// Whether a truth value can be found in the OCR text at all, leniently, to tell OCR misses from
/// extraction misses in the report.
public struct TruthPresence: Sendable {
    let text: String
    let compactText: String
    let lines: [String]

    public init(lines: [TextLine]) {
        self.lines = lines.map(\.text)
        text = self.lines.joined(separator: "\n").uppercased()
        compactText = text.filter { !$0.isWhitespace }.replacingOccurrences(of: ",", with: ".")
    }

    public func hasTotal(_ truth: String?) -> Bool {
        guard let value = AccuracyScore.parseTruthTotal(truth) else { return false }
        return compactText.contains(MoneyFormat.canonical(value))
    }

    public func hasDate(_ truth: String?) -> Bool {
        guard let date = AccuracyScore.parseTruthDate(truth) else { return false }
        let dd = date.day < 10 ? "0\(date.day)" : "\(date.day)"
        let mm = date.month < 10 ? "0\(date.month)" : "\(date.month)"
        let yy = String(String(date.year).suffix(2))
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        var forms: [String] = []
        for sep in ["/", "-", "."] {
            for d in Set([dd, "\(date.day)"]) {
                for m in Set([mm, "\(date.month)"]) {
                    forms += ["\(d)\(sep)\(m)\(sep)\(date.year)", "\(d)\(sep)\(m)\(sep)\(yy)",
                              "\(m)\(sep)\(d)\(sep)\(date.year)", "\(date.year)\(sep)\(m)\(sep)\(d)"]
                }
            }
        }
        forms += ["\(dd)\(months[date.month - 1])\(date.year)", "\(dd)\(months[date.month - 1])\(yy)",
                  "\(date.day)\(months[date.month - 1])\(date.year)"]
        return forms.contains { compactText.contains($0) }
    }

    public func hasVendor(_ truth: String?) -> Bool {
        guard let truth else { return false }
        // The name may span two lines. The scorer's own pass mark: a line that would pass if
        // picked is no OCR miss.
        let pairs = zip(lines, lines.dropFirst()).map { $0 + " " + $1 }
        return (lines + pairs).contains { AccuracyScore.vendorExact(truth: truth, extracted: $0)
            || AccuracyScore.vendorSimilar(truth: truth, extracted: $0) }
    }
}
