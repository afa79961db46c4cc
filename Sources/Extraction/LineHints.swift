import Foundation
import RebutCore

/// A line worth reading again because it probably holds an uncertain field.
public struct LineHint: Sendable, Hashable {
    public var lineIndex: Int
    public var field: ReceiptField

    public init(lineIndex: Int, field: ReceiptField) {
        self.lineIndex = lineIndex
        self.field = field
    }
}

/// Which lines of a first OCR pass to re-read for the fields extraction is unsure of.
///
/// Why only a few lines: a receipt's other lines read fine, and each re-read costs a Tesseract
/// call. The field's label (DATE, TOTAL) or shape (digits in date form, a time beside the date)
/// usually survives a misread that garbles its value, so it points at the line to try again.
public enum LineHints {
    /// Lines re-read per receipt at most, across fields.
    public static let maximumLines = 6

    /// Up to `limit` lines, most promising first, for the given fields (vendor, date). Totals are
    /// left to the receipt's own sums: re-reading their lines changed no total.
    public static func lines(for fields: [ReceiptField], in lines: [TextLine], extracted: ReceiptFields,
                             limit: Int = maximumLines) -> [LineHint] {
        let analysed = ReceiptLine.analyse(lines)
        var perField: [[LineHint]] = []
        for field in fields {
            let ranked: [Int]
            switch field {
            case .date: ranked = dateLines(analysed, extracted: extracted)
            case .vendor: ranked = vendorLines(analysed, extracted: extracted)
            default: continue
            }
            perField.append(ranked.map { LineHint(lineIndex: $0, field: field) })
        }
        // Round robin, so one field's many lines cannot crowd out another's best one.
        var result: [LineHint] = []
        var taken = Set<Int>()
        var round = 0
        while result.count < limit, perField.contains(where: { round < $0.count }) {
            for hints in perField where round < hints.count && result.count < limit {
                if taken.insert(hints[round].lineIndex).inserted { result.append(hints[round]) }
            }
            round += 1
        }
        return result
    }

    /// Per field at most this many lines: past three, a field's hints are guesses.
    static let perFieldLimit = 3

    // Date-shaped text, loosely: digits in three groups (the separators often misread, but a colon
    // makes a time), a month word, or eight digits in a row; and times, printed beside the date.
    private static let looseDate = try! NSRegularExpression(
        pattern: #"\d{1,4}\s?[/\-.,|]\s?[0-9OoIl]{1,3}\s?[/\-.,|]\s?\d{2,4}|\b\d{1,2}\s?[A-Za-z]{3,9}\.?\s?[,']?\s?\d{2,4}\b|(?<!\d)20\d{6}(?!\d)"#)
    private static let time = try! NSRegularExpression(pattern: #"(?<!\d)\d{1,2}\s?:\s?\d{2}(?!\d)"#)

    static func dateLines(_ lines: [ReceiptLine], extracted: ReceiptFields) -> [Int] {
        var scores: [Int: Double] = [:]
        for line in lines {
            var score = 0.0
            let labelled = line.match.contains(any: Keywords.dateLabels)
            let digits = line.text.filter(\.isNumber).count
            if labelled && digits >= 2 { score += 3 } else if labelled { score += 1 }
            if TextNormalisation.matches(looseDate, line.text) { score += 2 }
            if TextNormalisation.matches(time, line.text) { score += 1.5 }
            if line.match.contains(any: DateExtractor.contactWords) { score -= 2 }
            if score > 0 { scores[line.index] = score }
        }
        // The current picks' lines: a misread digit there is the likeliest date error.
        for candidate in (extracted.candidates[.date] ?? []).prefix(2) {
            if let index = candidate.lineIndex { scores[index, default: 0] += 1 }
        }
        return ranked(scores)
    }

    static func vendorLines(_ lines: [ReceiptLine], extracted: ReceiptFields) -> [Int] {
        var scores: [Int: Double] = [:]
        for (rank, candidate) in (extracted.candidates[.vendor] ?? []).prefix(2).enumerated() {
            if let index = candidate.lineIndex { scores[index, default: 0] += 2 - Double(rank) }
        }
        // The first lines with letters: the name is printed first.
        for (rank, line) in lines.prefix(VendorExtractor.headerLines).filter({ $0.letterCount >= 3 }).prefix(2).enumerated() {
            scores[line.index, default: 0] += 1.5 - 0.5 * Double(rank)
        }
        return ranked(scores)
    }

    private static func ranked(_ scores: [Int: Double]) -> [Int] {
        scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(perFieldLimit).map(\.key)
    }
}
