import Foundation
import RebutCore

/// One way to read a date printed on a line.
struct DateReading: Sendable, Hashable {
    enum Order: Sendable, Hashable {
        /// Day before month ("25/12/2018"); numeric and both parts ≤ 12 makes it ambiguous.
        case dayFirst, monthFirst
        /// Year first ("2018-03-30") or a month name: no ambiguity.
        case unambiguous
    }
    var date: LocalDate
    var order: Order
    /// True when the other order would also give a real day ("03/04/19").
    var ambiguous: Bool
    /// How much the printed shape itself looks like a receipt date.
    var shapeScore: Double
    var lineIndex: Int
    var line: String
    /// The line's text before the date (folded, numbers repaired): what labels it. A bill's two
    /// columns run together into one line ("Bill to: Invoice date 10 Jan 2024"), so what the
    /// line says elsewhere may belong to another column.
    var textBefore: String = ""
}

/// Finds dates in a line in every common receipt format and month names in five languages.
enum DateParser {
    private static func regex(_ pattern: String) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern, options: [])
    }

    // Year first: 2018-03-30, 2018/3/30, 2018.03.30.
    private static let isoPattern = regex(#"(?<![\d])(\d{4}) ?([-/.]) ?(\d{1,2}) ?\2 ?(\d{1,2})(?![\d])"#)
    // Numeric with the same separator twice: 25/12/2018, 12-01-19, 03.04.19.
    // Not the tail of digits joined by an apostrophe ("20'18-02-16": a 1 read as an apostrophe,
    // or a Swiss thousands mark): they are one number. A time glued to a four-digit year
    // ("16/02/201812:04:58", the space lost) ends the year.
    private static let numericPattern = regex(
        #"(?<![\d.,/-])(?<!\d['’])(\d{1,2}) ?([-/.]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2})(?:(?![\d]|[.,]\d)|(?<=\d{4})(?=\d{1,2}:\d{2}(?!\d)))"#)
    // Two different separators ("16-02/2018", one misread): only with a four-digit year.
    private static let mixedPattern = regex(
        #"(?<![\d.,/-])(?<!\d['’])(\d{1,2}) ?([-/.]) ?(\d{1,2}) ?(?!\2)[-/.] ?(\d{4})(?![\d]|[.,]\d)"#)
    // One dot read as a comma ("18.12,21 21:37"): only beside a time, where no amount is printed so.
    private static let mixedSeparatorPattern = regex(
        #"(?<![\d.,/-])(\d{1,2})([.,])(\d{1,2})(?!\2)[.,](\d{4}|\d{2})(?![\d]|[.,]\d)(?= +\d{1,2} ?: ?\d{2}(?!\d))"#)
    // Separator lost by OCR: 1202/2018, 12/022018.
    private static let gluedPattern = regex(#"(?<![\d])(\d{2})(\d{2})[-/.](\d{4})(?![\d])|(?<![\d])(\d{2})[-/.](\d{2})(\d{4})(?![\d])"#)
    // No separators at all: 25032018 (day first, as tills print it) or 20180325 (year first);
    // never glued to a letter ("B25032018" is a tax id or a code).
    private static let compactPattern = regex(#"(?<![\dA-Z.,])(\d{8})(?![\d]|[.,]\d)"#)
    // Both slashes read as sevens or ones ("2870272018" for 28/02/2018: a thin slash in a tight
    // font, or a shadow's edge across it). Ten digits are a phone number or a code as often, so
    // only on a line with a date label, and only a real day in 1990–2099.
    private static let slashesReadAsDigitsPattern = regex(#"(?<![\dA-Z.,])(\d{2})[71](\d{2})[71](\d{4})(?![\d]|[.,]\d)"#)
    // Day, month name, year: 15 MAR 2018, 25DEC2018, 3 DE ABRIL DE 2019, 1ER MARS 2019, 15. MARZ 2018, 3 D'ABRIL.
    private static let dayMonthNamePattern = regex(
        #"(?<![\d])(\d{1,2})(?:ST|ND|RD|TH|ER|E|O|º)?\.? ?(?:DE |D'|D’|-|/|\.)? ?([A-Z]{3,10})\.? ?(?:DE |DEL |-|/|\.|,)? ?'?(\d{4}|\d{2})(?![\d])"#)
    // Month name, day, year: DEC 25, 2018 / MARCH 3 2019.
    private static let monthNameDayPattern = regex(
        #"(?<![A-Z])([A-Z]{3,10})\.? ?(\d{1,2})(?:ST|ND|RD|TH)?,? ?(\d{4})(?![\d])"#)

    static func readings(in rawLine: String, lineIndex: Int) -> [DateReading] {
        let text = TextNormalisation.fold(TextNormalisation.repairNumbers(rawLine))
        let ns = text as NSString
        let whole = NSRange(location: 0, length: ns.length)
        var found: [DateReading] = []
        var covered: [NSRange] = []
        func int(_ m: NSTextCheckingResult, _ group: Int) -> Int? {
            let r = m.range(at: group)
            guard r.location != NSNotFound else { return nil }
            return Int(ns.substring(with: r))
        }
        func word(_ m: NSTextCheckingResult, _ group: Int) -> String { ns.substring(with: m.range(at: group)) }
        func overlaps(_ r: NSRange) -> Bool { covered.contains { NSIntersectionRange($0, r).length > 0 } }
        var location = 0
        func add(_ date: LocalDate?, _ order: DateReading.Order, ambiguous: Bool, shape: Double, repairingYear: Bool = true) {
            guard var date else { return }
            var shape = shape
            if repairingYear, let repaired = yearWithItsZeroRestored(date) {
                date = repaired
                shape -= restoredYearPenalty
            }
            guard (1990...2099).contains(date.year) else { return }
            found.append(DateReading(date: date, order: order, ambiguous: ambiguous, shapeScore: shape,
                                     lineIndex: lineIndex, line: rawLine, textBefore: ns.substring(to: location)))
        }
        /// `a` and `b` read day first, and month first too when they differ.
        func addEitherOrder(_ a: Int, _ b: Int, year: Int, shape: Double, repairingYear: Bool = true) {
            let dayFirst = LocalDate(year: year, month: b, day: a), monthFirst = LocalDate(year: year, month: a, day: b)
            let ambiguous = dayFirst != nil && monthFirst != nil && a != b
            add(dayFirst, .dayFirst, ambiguous: ambiguous, shape: shape, repairingYear: repairingYear)
            if a != b { add(monthFirst, .monthFirst, ambiguous: ambiguous, shape: shape, repairingYear: repairingYear) }
        }

        for m in isoPattern.matches(in: text, range: whole) {
            location = m.range.location
            guard let y = int(m, 1), let mo = int(m, 3), let d = int(m, 4) else { continue }
            covered.append(m.range)
            add(LocalDate(year: y, month: mo, day: d), .unambiguous, ambiguous: false, shape: 0.65)
        }
        for m in dayMonthNamePattern.matches(in: text, range: whole) where !overlaps(m.range) {
            location = m.range.location
            guard let d = int(m, 1), let month = monthNumber(word(m, 2)), let y = int(m, 3) else { continue }
            covered.append(m.range)
            add(LocalDate(year: fullYear(y), month: month, day: d), .unambiguous, ambiguous: false,
                shape: y >= 100 ? 0.68 : 0.6)
        }
        for m in monthNameDayPattern.matches(in: text, range: whole) where !overlaps(m.range) {
            location = m.range.location
            guard let month = monthNumber(word(m, 1)), let d = int(m, 2), let y = int(m, 3) else { continue }
            covered.append(m.range)
            add(LocalDate(year: y, month: month, day: d), .unambiguous, ambiguous: false, shape: 0.65)
        }
        for m in numericPattern.matches(in: text, range: whole) where !overlaps(m.range) {
            location = m.range.location
            guard let a = int(m, 1), let b = int(m, 3), let y = int(m, 4) else { continue }
            covered.append(m.range)
            let yearLength = m.range(at: 4).length
            let year = fullYear(y)
            var shape = yearLength == 4 ? 0.6 : 0.5
            // Glued to a word ("AB3-7-15") it is more often part of a code; "Date:" glued stays likely.
            if m.range.location > 0,
               ns.substring(with: NSRange(location: m.range.location - 1, length: 1)).first?.isLetter == true {
                shape -= text.contains("DATE") || text.contains("TARIKH") ? 0.05 : 0.25
            }
            // "25.12.18" with dots reads like a version or amount more often than slashes do.
            if word(m, 2) == ".", yearLength == 2 { shape -= 0.05 }
            addEitherOrder(a, b, year: year, shape: shape)
        }
        for m in [mixedPattern, mixedSeparatorPattern].flatMap({ $0.matches(in: text, range: whole) }) where !overlaps(m.range) {
            location = m.range.location
            guard let d = int(m, 1), let mo = int(m, 3), let y = int(m, 4) else { continue }
            covered.append(m.range)
            // Day first, as dotted and mixed dates print; the other order only where that is no day.
            if let dayFirst = LocalDate(year: fullYear(y), month: mo, day: d) {
                add(dayFirst, .dayFirst, ambiguous: false, shape: 0.45)
            } else {
                add(LocalDate(year: fullYear(y), month: d, day: mo), .monthFirst, ambiguous: false, shape: 0.45)
            }
        }
        for m in gluedPattern.matches(in: text, range: whole) where !overlaps(m.range) {
            location = m.range.location
            let parts = m.range(at: 1).location != NSNotFound ? (1, 2, 3) : (4, 5, 6)
            guard let a = int(m, parts.0), let b = int(m, parts.1), let y = int(m, parts.2) else { continue }
            add(LocalDate(year: y, month: b, day: a), .dayFirst, ambiguous: false, shape: 0.35)
        }
        // Weakest shape of all: eight digits are a code as often as a date, so only a real day in
        // 1990–2099 counts, and any date printed with separators outranks it.
        for m in compactPattern.matches(in: text, range: whole) where !overlaps(m.range) {
            location = m.range.location
            let digits = Array(word(m, 1)).compactMap(\.wholeNumberValue)
            func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
            add(LocalDate(year: number(4..<8), month: number(2..<4), day: number(0..<2)), .dayFirst,
                ambiguous: false, shape: 0.3, repairingYear: false)
            add(LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)), .unambiguous,
                ambiguous: false, shape: 0.25, repairingYear: false)
        }
        lazy var labelled = MatchableLine(rawLine).contains(any: Keywords.dateLabels)
        for m in slashesReadAsDigitsPattern.matches(in: text, range: whole) where !overlaps(m.range) && labelled {
            location = m.range.location
            guard let a = int(m, 1), let b = int(m, 2), let y = int(m, 3) else { continue }
            addEitherOrder(a, b, year: y, shape: 0.3, repairingYear: false)
        }
        return found
    }

    /// A four-digit year of 2100–2999 printed with separators is this century's with its zero
    /// misread ("09/03/2518", "PRINTED: 10/02/2917", "2918-03-18": a 0 read as 5, 6 or 9):
    /// no till prints such a year, and the two digits after it are the year's own. Eight digits
    /// without separators are left alone: a code as often as a date.
    static func yearWithItsZeroRestored(_ date: LocalDate) -> LocalDate? {
        guard (2100...2999).contains(date.year) else { return nil }
        return LocalDate(year: 2000 + date.year % 100, month: date.month, day: date.day)
    }

    /// A date whose year's zero was restored reads less surely than one printed whole.
    static let restoredYearPenalty = 0.15

    static func monthNumber(_ word: String) -> Int? {
        let w = word.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        if let m = Keywords.months[w] { return m }
        // Truncated or longer spellings: a known full name starting with it ("SEPTEMB"), min 4 letters.
        if w.count >= 4, let hit = Keywords.months.first(where: { $0.key.count > 4 && $0.key.hasPrefix(w) }) {
            return hit.value
        }
        return nil
    }

    static func fullYear(_ y: Int) -> Int {
        y >= 100 ? y : (y <= 69 ? 2000 + y : 1900 + y)
    }
}
