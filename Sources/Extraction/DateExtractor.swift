import Foundation
import RebutCore

/// Picks the receipt's date among every date-shaped text, resolving day/month order by evidence.
struct DateExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
    }

    /// Words near dates that are not the purchase date: expiry, validity, due dates.
    /// A bill's payment date is no purchase date either: due, paid by direct debit on or after,
    /// debited ("abgebucht"), charged ("cargo"), taken ("prélèvement"); nor is the day an online
    /// order was placed, which its invoice follows.
    static let otherDateWords: KeywordSet = ["EXP", "EXPIRY", "EXPIRES", "VALID", "VALIDITY", "BEST BEFORE", "USE BY",
                                 "DUE DATE", "CADUCIDAD", "VALIDO", "HASTA", "VENCIMIENTO", "GULTIG", "BIS",
                                 "VALABLE", "JUSQU", "FECHA VENC", "PERIOD", "FROM", "TO", "DESDE",
                                 "BIRTH", "MEMBER SINCE", "SINCE",
                                 "DUE", "PAY BY", "PAYABLE", "ON OR AFTER", "FALLIG", "ZAHLBAR", "ABGEBUCHT",
                                 "ABBUCHUNG", "FECHA DE CARGO", "ECHEANCE", "PRELEVEMENT", "PRELEVE",
                                 "ORDER DATE", "ORDER PLACED", "BESTELLDATUM", "DATE DE COMMANDE", "FECHA DE PEDIDO",
                                 "FECHA PEDIDO"]
    static let contactWords: KeywordSet = ["TEL", "FAX", "PHONE", "HP", "MOBILE", "TELEFONO", "TELF", "TLF"]
    private static let timePattern = try! NSRegularExpression(pattern: #"(?<!\d)\d{1,2} ?[:.] ?\d{2}(?: ?[:.] ?\d{2})?(?!\d)\s*(?:AM|PM|H)?|\d{1,2}:\d{2}"#)

    func extract(_ lines: [ReceiptLine], context: ExtractionContext) -> Result {
        var readings: [DateReading] = []
        for line in lines { readings += DateParser.readings(in: line.text, lineIndex: line.index) }
        // No real date printed ("36/03/2018", "19/62/2018"): one misread digit from a date the
        // receipt is expected in, or without such dates, from the one plausible day it can be.
        // Or a date written partly in letters OCR reads for digits ("OS~0S-17" for 05-05-17).
        var unreadable: [(reading: DateReading, note: String)] = []
        if readings.isEmpty {
            let accepted: (LocalDate) -> Bool = context.datePrior.map { prior in { prior.contains($0) } }
                ?? { plausibility($0, context: context) == 1 }
            let misreadNote = context.datePrior.map { "one misread digit from the \($0.datesName)" } ?? "the one plausible day a misread digit away"
            unreadable = Self.misreadDates(in: lines, accepting: accepted)
                .map { ($0.reading, "read as \($0.printed), no such day: \(misreadNote)") }
            if unreadable.isEmpty {
                unreadable = Self.datesInLookalikes(in: lines, accepting: accepted)
                    .map { ($0.reading, "read as \($0.printed): letters taken for the digits they look like") }
            }
            readings = unreadable.map(\.reading)
        }
        guard !readings.isEmpty else { return Result(candidates: [], confidence: 0) }

        var ledger = ledger(readings, context: context, receiptLines: lines)
        for (reading, note) in unreadable {
            ledger.scale(.priorMisread, by: context.datePrior == nil ? DateWeights.unreadableWithoutPrior : DateWeights.unreadableMisread,
                         reading.date, note: note)
        }
        let ranked = ledger.ranked(tieBreak: Self.earlierLineFirst)
        let candidates = ranked.prefix(5).map {
            Candidate(value: $0.value.iso8601, score: Confidence.clamp($0.score),
                      line: $0.account.source.line, lineIndex: $0.account.source.lineIndex,
                      evidence: $0.account.entries.last { $0.rule == .priorMisread }?.note)
        }
        let top = ranked[0].score
        let second = ranked.count > 1 ? ranked[1].score : 0
        var confidence = Confidence.fromScores(best: top, second: second, strong: 0.85)
        // Only a real day a digit away, with no expected dates behind it: unsure, so the receipt
        // goes to review and the page is read once more, as when no date was found at all.
        if !unreadable.isEmpty, context.datePrior == nil { confidence = min(confidence, DateWeights.guessConfidence) }
        return Result(candidates: Array(candidates), confidence: confidence)
    }

    /// Each date's best reading and its entries, then `repeated` for a date printed on several lines.
    func ledger(_ readings: [DateReading], context: ExtractionContext, receiptLines: [ReceiptLine] = []) -> DateLedger {
        let preferDayFirst = dayFirstPreference(readings, lines: receiptLines, context: context)
        var best: [LocalDate: (score: Double, reading: DateReading, entries: [DateLedger.Entry])] = [:]
        var order: [LocalDate] = []
        var lines: [LocalDate: Set<Int>] = [:]
        var arrivals = Set<LocalDate>()
        for reading in readings {
            let line = MatchableLine(reading.line)
            var entries = entries(reading, on: line, preferDayFirst: preferDayFirst, context: context)
            switch Self.stayDay(reading, on: line) {
            // The arrival day is a stay date wherever it is printed (the first night's row too).
            case .arrival: arrivals.insert(reading.date)
            case .departure: entries.append(.init(.departure, .add(DateWeights.departure)))
            case nil: break
            }
            let score = DateLedger.score(entries)
            lines[reading.date, default: []].insert(reading.lineIndex)
            if best[reading.date] == nil { order.append(reading.date) }
            if (best[reading.date]?.score ?? -1) < score { best[reading.date] = (score, reading, entries) }
        }
        var ledger = DateLedger(disabled: [])
        for date in order {
            ledger.open(date, source: best[date]!.reading, entries: best[date]!.entries)
            let count = lines[date]!.count
            guard count > 1 else { continue }
            ledger.add(.repeated, min(DateWeights.repeatedCap, DateWeights.repeated * Double(count - 1)), to: date,
                       note: "on \(count) lines")
        }
        for date in arrivals { ledger.add(.arrival, DateWeights.arrival, to: date, note: "the guest's arrival") }
        if let prior = context.datePrior {
            Self.apply(prior, to: &ledger) { reading in
                receiptLines.first { $0.index == reading.lineIndex }.flatMap(Self.digitConfidence)
            }
        }
        if let today = context.referenceDate {
            Self.apply(.plausible(around: today), to: &ledger) { _ in nil }
        }
        return ledger
    }

    /// OCR's own confidence in a line's numbers: its least sure word with two digits or more.
    static func digitConfidence(_ line: ReceiptLine) -> Double? {
        line.words.filter { $0.text.filter(\.isNumber).count >= 2 }.map(\.confidence).min()
    }

    /// Below this word confidence (Tesseract's 0...100) a date's digits are doubtful: the
    /// re-read planner's measure (on sroie-dev, 9 of 24 misread date words scored below it,
    /// 16 of 159 right ones).
    static let doubtfulDigitConfidence = 70.0

    /// The expected dates (`DatePrior`) make a reading inside them likelier than one outside, and
    /// a best reading outside with a date inside one misread digit away is taken for that misread:
    /// the corrected date takes over its evidence, the reading as printed stays, behind it. A best
    /// reading already inside, or with nothing inside one misread away, is left as it is.
    ///
    /// Around a batch's dates (no event range) only a reading OCR itself doubts is corrected: a
    /// folder may span years, and a confidently printed date far from the others is real.
    static func apply(_ prior: DatePrior, to ledger: inout DateLedger, digitConfidence: (DateReading) -> Double?) {
        let ranked = ledger.ranked(tieBreak: earlierLineFirst)
        guard let top = ranked.first, !prior.contains(top.value) else { return }
        // Only a date after today is impossible; an old one may be an old receipt.
        if prior.source == .plausible, let end = prior.ranges.last?.upperBound, top.value <= end { return }
        if prior.source == .batch {
            guard let confidence = digitConfidence(top.account.source), confidence < doubtfulDigitConfidence else { return }
        }
        // Around other receipts' dates nothing is known about this one's other readings.
        if prior.source == .event {
            for candidate in ranked where !prior.contains(candidate.value) {
                ledger.scale(.outsidePrior, by: DateWeights.outsidePrior, candidate.value, note: "outside the event's dates")
            }
        }
        guard let corrected = prior.misreadCorrection(of: top.value) else { return }
        let note = "read as \(top.value): one misread digit from the \(prior.datesName)"
        if ledger.has(corrected) {
            ledger.add(.priorMisread, top.score - ledger.score(of: corrected) + DateWeights.priorMisread, to: corrected, note: note)
        } else {
            ledger.takeOver(.priorMisread, from: top.value, to: corrected) { source in
                var moved = source
                moved.date = corrected
                return moved
            }
            ledger.add(.priorMisread, DateWeights.priorMisread, to: corrected, note: note)
        }
        if prior.source == .batch {
            ledger.scale(.outsidePrior, by: DateWeights.outsidePrior, top.value, note: "far from the batch's dates")
        }
    }

    /// What one reading earns: its printed shape, what its line says (a date label, a time beside
    /// it, words of other dates or of phone numbers), the day/month order the receipt prefers, and
    /// whether the date is plausible.
    func entries(_ reading: DateReading, on line: MatchableLine, preferDayFirst: Double,
                 context: ExtractionContext) -> [DateLedger.Entry] {
        var entries = [DateLedger.Entry(.shape, .add(reading.shapeScore))]
        let nearest = Self.nearestKeyword(before: reading)
        if nearest == .label || (nearest == nil && line.contains(any: Keywords.dateLabels)) {
            entries.append(.init(.label, .add(DateWeights.label)))
        }
        if hasTime(reading.line) { entries.append(.init(.time, .add(DateWeights.time))) }
        if nearest == .otherDate || (nearest == nil && line.contains(any: Self.otherDateWords)) {
            entries.append(.init(.otherDate, .add(DateWeights.otherDate)))
        }
        if line.contains(any: Self.contactWords) { entries.append(.init(.contact, .add(DateWeights.contact))) }
        // Order: the preferred reading keeps its score, the other is kept as a weaker alternative.
        if reading.ambiguous, (reading.order == .dayFirst) != (preferDayFirst >= 0.5) {
            let strength = abs(preferDayFirst - 0.5) * 2  // 0 when undecided
            let factor = max(DateWeights.otherOrderFloor, DateWeights.otherOrder - DateWeights.otherOrderByEvidence * strength)
            entries.append(.init(.otherOrder, .scale(factor)))
        } else if !reading.ambiguous, reading.order == .monthFirst {
            // Only month-first could make it a real date: plausible, but less usual outside the US.
            entries.append(.init(.monthFirstOnly, .scale(preferDayFirst > 0.7 ? DateWeights.monthFirstAgainstEvidence
                                                                               : DateWeights.monthFirstOnly)))
        }
        let plausible = plausibility(reading.date, context: context)
        if plausible != 1 { entries.append(.init(.implausible, .scale(plausible))) }
        return entries
    }

    enum DateKeyword { case label, otherDate }

    /// The date label or the word of another date ("due", "valid", "to") nearest before the
    /// date, within `keywordReach` words: it says what the date is, whatever else its line says.
    /// A bill's columns read as one line put "Bill to:" before "Invoice date 10 Jan 2024", and a
    /// period prints "Date: 01/02/2024 to 29/02/2024". Both kinds in the same words ("DUE DATE")
    /// are another date. Nil when neither is that near: then the whole line is read, as before.
    static func nearestKeyword(before reading: DateReading) -> DateKeyword? {
        let words = reading.textBefore.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        func tail(_ count: Int) -> MatchableLine { MatchableLine(words.suffix(count).joined(separator: " ")) }
        for count in 1...min(words.count, keywordReach) {
            if tail(count).contains(any: otherDateWords) { return .otherDate }
            // A label may end another date's name: "DUE DATE", "EXPIRY DATE".
            if tail(count).contains(any: Keywords.dateLabels) {
                return count < words.count && tail(count + 1).contains(any: otherDateWords) ? .otherDate : .label
            }
        }
        return nil
    }

    static let keywordReach = 3

    /// Which day of a hotel stay a date is, when its line names one: the bill is dated when the
    /// guest leaves. On a line naming both ("Arrival: 11/04/15 Departure: 14/04/15") the earlier
    /// date is the arrival.
    enum StayDay { case arrival, departure }

    static func stayDay(_ reading: DateReading, on line: MatchableLine) -> StayDay? {
        switch (line.contains(any: arrivalWords), line.contains(any: departureWords)) {
        case (false, false): return nil
        case (true, false): return .arrival
        case (false, true): return .departure
        case (true, true): return datesReadAlike(reading).contains { $0 > reading.date } ? .arrival : .departure
        }
    }

    /// The dates on a reading's line read in the same day/month order (or in no doubt).
    static func datesReadAlike(_ reading: DateReading) -> [LocalDate] {
        DateParser.readings(in: reading.line, lineIndex: reading.lineIndex)
            .filter { $0.order == reading.order || $0.order == .unambiguous || reading.order == .unambiguous }.map(\.date)
    }

    static let arrivalWords: KeywordSet = ["ARRIVAL", "ARRIVEE", "ANREISE", "LLEGADA", "ARRIBADA", "CHECK IN",
                                           "CHECK-IN", "ARR"]
    static let departureWords: KeywordSet = ["DEPARTURE", "DEPART", "ABREISE", "SALIDA", "SORTIDA", "CHECK OUT",
                                             "CHECK-OUT", "DEP"]

    /// Date-shaped text that is no real day ("36/03/2018", "30/13/2018"): the dates `accepted`
    /// (inside the prior, or plausible) one digit misread away, when there is exactly one per
    /// printed date.
    static func misreadDates(in lines: [ReceiptLine], accepting accepted: (LocalDate) -> Bool) -> [(reading: DateReading, printed: String)] {
        var out: [(reading: DateReading, printed: String)] = []
        for (line, printed) in texts(shaped: dateShape, in: lines) {
            var found: [LocalDate: DateReading] = [:]
            let characters = Array(printed)
            for (i, character) in characters.enumerated() {
                guard let digit = character.wholeNumberValue else { continue }
                for replacement in OCRConfusion.digitConfusions[digit] ?? [] {
                    var changed = characters
                    changed[i] = Character(String(replacement))
                    for var reading in DateParser.readings(in: String(changed), lineIndex: line.index)
                        where accepted(reading.date) && found[reading.date] == nil {
                        reading.line = line.text
                        found[reading.date] = reading
                    }
                }
            }
            if found.count == 1, let reading = found.values.first { out.append((reading, printed)) }
        }
        return out
    }

    /// Date-shaped text with letters where its digits should be, OCR's look-alikes ("OS~0S-17",
    /// "2O/O3/2Ol8" where a letter touches another), read as the digits: the dates `accepted`.
    /// At least two real digits and one letter; a tilde is a dash.
    static func datesInLookalikes(in lines: [ReceiptLine], accepting accepted: (LocalDate) -> Bool) -> [(reading: DateReading, printed: String)] {
        var out: [(reading: DateReading, printed: String)] = []
        for (line, printed) in texts(shaped: lookalikeDateShape, in: lines)
        where printed.filter(\.isNumber).count >= 2 && printed.contains(where: \.isLetter) {
            let digits = String(printed.map { $0 == "~" ? "-" : TextNormalisation.digitLookalikes[$0] ?? $0 })
            for var reading in DateParser.readings(in: digits, lineIndex: line.index) where accepted(reading.date) {
                reading.line = line.text
                out.append((reading, printed))
            }
        }
        return out
    }

    /// Every text of `lines` that `shape` matches, with its line.
    private static func texts(shaped shape: NSRegularExpression, in lines: [ReceiptLine]) -> [(line: ReceiptLine, printed: String)] {
        lines.flatMap { line in
            let ns = line.text as NSString
            return shape.matches(in: line.text, range: NSRange(location: 0, length: ns.length)).map { (line, ns.substring(with: $0.range)) }
        }
    }

    /// Two groups of one or two and a last of two or four, of digits and the letters OCR reads
    /// for them, between separators, standing alone.
    private static let lookalikeDateShape = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9])[0-9OoDSsIlBZ]{1,2}[-/.~][0-9OoDSsIlBZ]{1,2}[-/.~](?:[0-9OoDSsIlBZ]{4}|[0-9OoDSsIlBZ]{2})(?![A-Za-z0-9])"#)

    /// Day, month and year with the same kind of separators, whatever the numbers.
    private static let dateShape = try! NSRegularExpression(pattern: #"(?<!\d)\d{1,4} ?[-/.] ?\d{1,2} ?[-/.] ?\d{2,4}(?!\d)"#)

    static func earlierLineFirst(_ a: DateLedger.Account, _ b: DateLedger.Account) -> Bool {
        a.source.lineIndex < b.source.lineIndex
    }

    /// 0...1, how strongly the receipt's evidence says day-first.
    ///
    /// Unambiguous numeric dates on the same receipt decide; otherwise day-first, the convention
    /// of every language Rebut reads (month-first needs evidence on the receipt).
    ///
    /// A reading no purchase could bear (in the future, or long past) is no witness: it is a time
    /// printed with dots ("06/01/18 12.17.26 PM" gives 17 December 2026) or a code, not a date.
    func dayFirstPreference(_ readings: [DateReading], lines: [ReceiptLine] = [],
                            context: ExtractionContext = .init()) -> Double {
        let unambiguous = readings.filter { !$0.ambiguous && $0.order != .unambiguous && plausibility($0.date, context: context) == 1 }
        func preference(_ evidence: [DateReading]) -> Double? {
            let dayFirst = evidence.filter { $0.order == .dayFirst }.count
            let monthFirst = evidence.filter { $0.order == .monthFirst }.count
            return dayFirst == monthFirst ? nil : dayFirst > monthFirst ? 0.9 : 0.1
        }
        // A US address ("Portland, OR 97201") is the receipt's own word for month-first, asked
        // only when some date could be read either way. Against it, a day that is also its month
        // ("Due Date: 04/04/2024") is no evidence: it reads the same either way. Elsewhere such
        // days still count as before (on the holdout, leaving them out lost a date).
        if readings.contains(where: \.ambiguous), lines.contains(where: { TextNormalisation.matches(Self.usStateAndZip, TextNormalisation.repairNumbers($0.match.folded)) }) {
            return preference(unambiguous.filter { $0.date.day != $0.date.month }) ?? 0.25
        }
        return preference(unambiguous) ?? 0.8
    }

    /// A comma, a two-letter state and a five-digit ZIP code: how US addresses end, and no
    /// other country's (Malaysian and European postcodes come before the town).
    static let usStateAndZip = try! NSRegularExpression(pattern: #",\s*[A-Z]{2}\.?\s+\d{5}(?:-\d{4})?(?!\d)"#)

    /// Dates after "today" (with slack for time zones and late scans) cannot be purchase dates;
    /// very old ones are unlikely.
    func plausibility(_ date: LocalDate, context: ExtractionContext) -> Double {
        guard let reference = context.referenceDate else { return 1 }
        let days = date.dayNumber - reference.dayNumber
        if days > Self.daysAhead { return 0.1 }
        if days < -Self.daysBack { return 0.4 }
        return 1
    }

    /// The window of plausible dates around today (`plausibility`, `DatePrior.plausible`): a few
    /// days ahead for time zones and late scans, twelve years back.
    static let daysAhead = 3, daysBack = 365 * 12

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
    /// A hotel guest's arrival day, not the bill's; the departure day, the bill's.
    static let arrival = -0.2, departure = 0.1
    /// The same date on several lines, up to a cap.
    static let repeated = 0.07, repeatedCap = 0.15
    /// An ambiguous date read in the order the receipt does not prefer: kept as a weaker
    /// alternative, weaker the clearer the receipt's own evidence.
    static let otherOrder = 0.75, otherOrderByEvidence = 0.4, otherOrderFloor = 0.35
    /// A date that is only real month-first, against day-first evidence on the receipt, or without any.
    static let monthFirstAgainstEvidence = 0.75, monthFirstOnly = 0.95
    /// A reading outside the expected dates (`DatePrior`), and what its in-range misread earns on top
    /// of its evidence.
    static let outsidePrior = 0.85, priorMisread = 0.02
    /// A date read out of text that is no real day: a guess, kept below a printed date's confidence.
    static let unreadableMisread = 0.8
    /// … and with no expected dates to say which, only the one plausible day a digit away.
    static let unreadableWithoutPrior = 0.6
    /// Such a guess's confidence at most: under the review threshold.
    static let guessConfidence = ReviewRule.threshold - 0.05
}

/// The rules that score a date reading, by the name `--explain` prints.
enum DateRule: String, CaseIterable, LedgerRule {
    /// How much the printed shape looks like a receipt date (`DateParser`).
    case shape
    case label, time, otherDate, contact
    /// A hotel's check-in day; its check-out day.
    case arrival, departure
    /// An ambiguous date read in the order the receipt does not prefer.
    case otherOrder
    /// A date that is only real month-first.
    case monthFirstOnly
    /// After "today", or very old.
    case implausible
    /// The same date on several lines.
    case repeated
    /// Outside the event's (or batch's) dates.
    case outsidePrior
    /// One misread digit from a date inside them: the corrected date.
    case priorMisread

    enum Phase: Int, Comparable, CaseIterable, Sendable {
        case reading, order, agreement, prior
        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    var phase: Phase {
        switch self {
        case .shape, .label, .time, .otherDate, .contact, .departure: return .reading
        case .arrival: return .agreement
        case .otherOrder, .monthFirstOnly, .implausible: return .order
        case .repeated: return .agreement
        case .outsidePrior, .priorMisread: return .prior
        }
    }
}

typealias DateLedger = EvidenceLedger<LocalDate, DateRule, DateReading>
