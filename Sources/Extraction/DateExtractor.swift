import Foundation
import RebutCore

/// Picks the receipt's date among every date-shaped text, resolving day/month order by evidence.
struct DateExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
    }

    /// Words near dates that are not the purchase date: expiry, validity, due dates.
    static let otherDateWords: KeywordSet = ["EXP", "EXPIRY", "EXPIRES", "VALID", "VALIDITY", "BEST BEFORE", "USE BY",
                                 "DUE DATE", "CADUCIDAD", "VALIDO", "HASTA", "VENCIMIENTO", "GULTIG", "BIS",
                                 "VALABLE", "JUSQU", "FECHA VENC", "PERIOD", "FROM", "TO", "DESDE",
                                 "BIRTH", "MEMBER SINCE", "SINCE"]
    static let contactWords: KeywordSet = ["TEL", "FAX", "PHONE", "HP", "MOBILE", "TELEFONO", "TELF", "TLF"]
    private static let timePattern = try! NSRegularExpression(pattern: #"(?<!\d)\d{1,2} ?[:.] ?\d{2}(?: ?[:.] ?\d{2})?(?!\d)\s*(?:AM|PM|H)?|\d{1,2}:\d{2}"#)

    func extract(_ lines: [ReceiptLine], context: ExtractionContext) -> Result {
        var readings: [DateReading] = []
        for line in lines { readings += DateParser.readings(in: line.text, lineIndex: line.index) }
        guard !readings.isEmpty else { return Result(candidates: [], confidence: 0) }

        let preferDayFirst = dayFirstPreference(readings)
        var best: [LocalDate: (score: Double, reading: DateReading)] = [:]
        var counts: [LocalDate: Int] = [:]
        var seenLines: [LocalDate: Set<Int>] = [:]
        for reading in readings {
            let score = score(reading, preferDayFirst: preferDayFirst, context: context)
            if seenLines[reading.date, default: []].insert(reading.lineIndex).inserted {
                counts[reading.date, default: 0] += 1
            }
            if (best[reading.date]?.score ?? -1) < score { best[reading.date] = (score, reading) }
        }
        for (date, count) in counts where count > 1 {
            best[date]!.score += min(DateWeights.repeatedCap, DateWeights.repeated * Double(count - 1))
        }
        let ranked = best.sorted { $0.value.score != $1.value.score ? $0.value.score > $1.value.score
                                                                    : $0.value.reading.lineIndex < $1.value.reading.lineIndex }
        let candidates = ranked.prefix(5).map {
            Candidate(value: $0.key.iso8601, score: Confidence.clamp($0.value.score),
                      line: $0.value.reading.line, lineIndex: $0.value.reading.lineIndex)
        }
        let top = ranked[0].value.score
        let second = ranked.count > 1 ? ranked[1].value.score : 0
        return Result(candidates: Array(candidates),
                      confidence: Confidence.fromScores(best: top, second: second, strong: 0.85))
    }

    /// One reading's score: its printed shape, what its line says (a date label, a time beside
    /// it, words of other dates or of phone numbers), the day/month order the receipt prefers,
    /// and whether the date is plausible.
    func score(_ reading: DateReading, preferDayFirst: Double, context: ExtractionContext) -> Double {
        var score = reading.shapeScore
        let line = MatchableLine(reading.line)
        if line.contains(any: Keywords.dateLabels) { score += DateWeights.label }
        if hasTime(reading.line) { score += DateWeights.time }
        if line.contains(any: Self.otherDateWords) { score += DateWeights.otherDate }
        if line.contains(any: Self.contactWords) { score += DateWeights.contact }
        // Order: the preferred reading keeps its score, the other is kept as a weaker alternative.
        if reading.ambiguous {
            let preferred = (reading.order == .dayFirst) == (preferDayFirst >= 0.5)
            let strength = abs(preferDayFirst - 0.5) * 2  // 0 when undecided
            score *= preferred ? 1.0 : max(DateWeights.otherOrderFloor, DateWeights.otherOrder - DateWeights.otherOrderByEvidence * strength)
        } else if reading.order == .monthFirst {
            // Only month-first could make it a real date: plausible, but less usual outside the US.
            score *= preferDayFirst > 0.7 ? DateWeights.monthFirstAgainstEvidence : DateWeights.monthFirstOnly
        }
        return score * plausibility(reading.date, context: context)
    }

    /// 0...1, how strongly the receipt's evidence says day-first.
    ///
    /// Unambiguous numeric dates on the same receipt decide; otherwise day-first, the convention
    /// of every language Rebut reads (month-first needs evidence on the receipt).
    func dayFirstPreference(_ readings: [DateReading]) -> Double {
        let unambiguous = readings.filter { !$0.ambiguous && $0.order != .unambiguous }
        let dayFirst = unambiguous.filter { $0.order == .dayFirst }.count
        let monthFirst = unambiguous.filter { $0.order == .monthFirst }.count
        if dayFirst != monthFirst {
            return dayFirst > monthFirst ? 0.9 : 0.1
        }
        return 0.8
    }

    /// Dates after "today" (with slack for time zones and late scans) cannot be purchase dates;
    /// very old ones are unlikely.
    func plausibility(_ date: LocalDate, context: ExtractionContext) -> Double {
        guard let reference = context.referenceDate else { return 1 }
        let days = date.dayNumber - reference.dayNumber
        if days > 3 { return 0.1 }
        if days < -365 * 12 { return 0.4 }
        return 1
    }

    private func hasTime(_ line: String) -> Bool {
        let ns = line as NSString
        let r = Self.timePattern.firstMatch(in: line, range: NSRange(location: 0, length: ns.length))
        guard let r else { return false }
        return ns.substring(with: r.range).contains(":")
    }
}

/// Every weight the date rules use, in one table: added to a reading's shape score, or (order)
/// multiplying it.
enum DateWeights {
    /// "DATE", "FECHA", "TARIKH" on the line.
    static let label = 0.2
    /// A time printed beside it: tills print both.
    static let time = 0.12
    /// Expiry, validity, due dates.
    static let otherDate = -0.25
    /// Phone and fax numbers look like dates.
    static let contact = -0.3
    /// The same date on several lines, up to a cap.
    static let repeated = 0.07, repeatedCap = 0.15
    /// An ambiguous date read in the order the receipt does not prefer: kept as a weaker
    /// alternative, weaker the clearer the receipt's own evidence.
    static let otherOrder = 0.75, otherOrderByEvidence = 0.4, otherOrderFloor = 0.35
    /// A date that is only real month-first, against day-first evidence on the receipt, or without any.
    static let monthFirstAgainstEvidence = 0.75, monthFirstOnly = 0.95
}
