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
            var score = reading.shapeScore
            let folded = MatchableLine(reading.line)
            if folded.contains(any: Keywords.dateLabels) { score += 0.2 }
            if hasTime(reading.line) { score += 0.12 }
            if folded.contains(any: Self.otherDateWords) { score -= 0.25 }
            if folded.contains(any: Self.contactWords) { score -= 0.3 }
            // Order: the preferred reading keeps its score, the other is kept as a weaker alternative.
            if reading.ambiguous {
                let preferred = (reading.order == .dayFirst) == (preferDayFirst >= 0.5)
                let strength = abs(preferDayFirst - 0.5) * 2  // 0 when undecided
                score *= preferred ? 1.0 : max(0.35, 0.75 - 0.4 * strength)
            } else if reading.order == .monthFirst {
                // Only month-first could make it a real date: plausible, but less usual outside the US.
                score *= preferDayFirst > 0.7 ? 0.75 : 0.95
            }
            score *= plausibility(reading.date, context: context)
            if seenLines[reading.date, default: []].insert(reading.lineIndex).inserted {
                counts[reading.date, default: 0] += 1
            }
            if (best[reading.date]?.score ?? -1) < score { best[reading.date] = (score, reading) }
        }
        for (date, count) in counts where count > 1 {
            best[date]!.score += min(0.15, 0.07 * Double(count - 1))
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
