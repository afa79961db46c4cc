import Foundation
import RebutCore

/// The dates a receipt is expected in: its event's range (a trip of 3–9 March), or around the
/// dates of the other receipts of its batch or folder. A reading outside them with a reading
/// inside one misread digit away is taken for that misread ("2016" for "2018").
public struct DatePrior: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        /// The event's own dates: any one-digit misread into them is corrected.
        case event
        /// Other receipts' dates: only a reading far from all of them (a year misread) is corrected,
        /// since a new receipt may well be a few weeks after the last one.
        case batch
        /// The dates any receipt can carry: the last twelve years up to today. Only a reading
        /// no receipt can have, after today (2078), is corrected, into the one plausible date a
        /// misread digit away ("2078" for "2018", "2048" for "2018"). An old date is left: it may
        /// be an old receipt (correcting 2014 moved six wild captures of 2018 to 2019 and 2017).
        case plausible
    }

    public var ranges: [ClosedRange<LocalDate>]
    public var source: Source

    public init(ranges: [ClosedRange<LocalDate>], source: Source) {
        self.ranges = ranges
        self.source = source
    }

    public static func event(from start: LocalDate, to end: LocalDate) -> DatePrior {
        DatePrior(ranges: [min(start, end)...max(start, end)], source: .event)
    }

    /// Each date with `margin` days either side; nil without dates.
    public static func around(_ dates: [LocalDate], margin: Int = 21) -> DatePrior? {
        let days = Set(dates.map(\.dayNumber)).sorted()
        guard !days.isEmpty else { return nil }
        var ranges: [ClosedRange<Int>] = []
        for day in days {
            if let last = ranges.last, day - margin <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...(day + margin)
            } else {
                ranges.append((day - margin)...(day + margin))
            }
        }
        return DatePrior(ranges: ranges.map { r in
            let a = LocalDate(dayNumber: r.lowerBound), b = LocalDate(dayNumber: r.upperBound)
            return a...b
        }, source: .batch)
    }

    /// `DateExtractor.plausibility`'s window around `today`.
    public static func plausible(around today: LocalDate) -> DatePrior {
        let first = LocalDate(dayNumber: today.dayNumber - DateExtractor.daysBack)
        let last = LocalDate(dayNumber: today.dayNumber + DateExtractor.daysAhead)
        return DatePrior(ranges: [first...last], source: .plausible)
    }

    /// How the prior names its dates in a candidate's evidence.
    var datesName: String {
        switch source {
        case .event: return "event's dates"
        case .batch: return "batch's dates"
        case .plausible: return "dates a receipt can carry"
        }
    }

    public func contains(_ date: LocalDate) -> Bool { ranges.contains { $0.contains(date) } }

    /// Days from `date` to the nearest expected day; 0 inside.
    func distance(to date: LocalDate) -> Int {
        ranges.map { r in
            if r.contains(date) { return 0 }
            return date < r.lowerBound ? r.lowerBound.dayNumber - date.dayNumber : date.dayNumber - r.upperBound.dayNumber
        }.min() ?? Int.max
    }

    /// How far outside a reading must be before a misread is suspected: a receipt from the day
    /// before a trip (the taxi to the airport) is a real date; one far from every other receipt
    /// of a batch (a year off) is a misread, one a few weeks after them is just the next receipt.
    var suspiciousDistance: Int { source == .batch ? 300 : 4 }

    /// The one date inside the prior one misread digit away from `date` (day, month or year),
    /// nil when there is none or more than one.
    func misreadCorrection(of date: LocalDate) -> LocalDate? {
        guard distance(to: date) >= suspiciousDistance else { return nil }
        var found = Set<LocalDate>()
        for day in OCRConfusion.oneMisreadAway(date.day, width: 2) {
            if let d = LocalDate(year: date.year, month: date.month, day: day), contains(d) { found.insert(d) }
        }
        for month in OCRConfusion.oneMisreadAway(date.month, width: 2) {
            if let d = LocalDate(year: date.year, month: month, day: date.day), contains(d) { found.insert(d) }
        }
        for year in OCRConfusion.oneMisreadAway(date.year, width: 4) {
            if let d = LocalDate(year: year, month: date.month, day: date.day), contains(d) { found.insert(d) }
        }
        return found.count == 1 ? found.first : nil
    }
}
