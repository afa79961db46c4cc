import Foundation
import RebutCore

/// Finds the period a utility bill covers when it is printed: "Periodo de facturación: del
/// 10/01/2025 al 11/03/2025", "Billing period 10 Jan 2025 - 11 Mar 2025", "Període de
/// facturació 10/01–11/03". Dates without a year take it from the bill's issue date (a period
/// ends on or before the bill is issued, give or take a few weeks).
public enum BillingPeriodExtractor {
    /// Folded labels that introduce a billing period.
    static let labels = [
        "PERIODO DE FACTURACION", "PERIODO FACTURACION", "PERIODO FACTURADO", "PERIODO DE CONSUMO",
        "PERIODE DE FACTURACIO", "PERIODE FACTURAT", "PERIODE DE CONSUM",
        "BILLING PERIOD", "BILLED PERIOD", "PERIOD OF SUPPLY", "SUPPLY PERIOD", "SERVICE PERIOD", "STATEMENT PERIOD",
        "PERIODE DE FACTURATION", "PERIODE DE CONSOMMATION", "ABRECHNUNGSZEITRAUM", "LEISTUNGSZEITRAUM",
    ]

    /// Day/month pairs without a year ("10/01–11/03" or "10/01 - 11/03").
    private static let dayMonthRange = try! NSRegularExpression(
        pattern: #"(?<![0-9/.])([0-9]{1,2})[/.]([0-9]{1,2})(?![0-9]|[/.][0-9])\s*(?:-|–|—|AL|A|TO|AU|BIS)\s*([0-9]{1,2})[/.]([0-9]{1,2})(?![0-9]|[/.][0-9])"#)

    public static func find(in lines: [String], issueDate: LocalDate?) -> BillingPeriod? {
        let folded = lines.map { TextNormalisation.fold($0) }
        for (i, line) in folded.enumerated() {
            let labelled = labels.contains { line.contains($0) }
            // A label alone on its line is followed by the dates on the next one.
            let text = labelled && i + 1 < folded.count ? line + " " + folded[i + 1] : line
            if labelled, let period = fullDates(in: text, lineIndex: i) ?? dayMonths(in: text, issueDate: issueDate)
                ?? dayMonthNames(in: text, issueDate: issueDate) {
                return period
            }
        }
        // Unlabelled, only the day/month range with a dash ("10/01–11/03"), on a line of its own.
        for line in folded where line.count <= 40 {
            if let period = dayMonths(in: line, issueDate: issueDate) { return period }
        }
        return nil
    }

    /// Two full dates in the text, read in one order (day first unless only month first works).
    private static func fullDates(in text: String, lineIndex: Int) -> BillingPeriod? {
        let readings = DateParser.readings(in: text, lineIndex: lineIndex)
        for order in [DateReading.Order.dayFirst, .monthFirst] {
            let dates = readings.filter { $0.order == order || $0.order == .unambiguous }.map(\.date)
            if dates.count >= 2, let period = plausible(dates[0], dates[1]) { return period }
        }
        return nil
    }

    private static func dayMonths(in text: String, issueDate: LocalDate?) -> BillingPeriod? {
        guard let issueDate else { return nil }
        let ns = text as NSString
        guard let m = dayMonthRange.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) else { return nil }
        let n = (1...4).compactMap { Int(ns.substring(with: m.range(at: $0))) }
        guard n.count == 4 else { return nil }
        // Day first unless a day-first reading is impossible and a month-first one is not.
        for (d1, m1, d2, m2) in [(n[0], n[1], n[2], n[3]), (n[1], n[0], n[3], n[2])] {
            guard (1...12).contains(m1), (1...12).contains(m2) else { continue }
            // The end falls in the issue year unless that would put it well after the issue.
            var endYear = issueDate.year
            if let end = LocalDate(year: endYear, month: m2, day: d2), end.dayNumber > issueDate.dayNumber + 45 { endYear -= 1 }
            let startYear = (m1, d1) > (m2, d2) ? endYear - 1 : endYear
            if let start = LocalDate(year: startYear, month: m1, day: d1), let end = LocalDate(year: endYear, month: m2, day: d2),
               let period = plausible(start, end) {
                return period
            }
        }
        return nil
    }

    /// "10 DE DICIEMBRE AL 11 DE FEBRERO DE 2025", "10 GENER - 11 MARC": day and month name,
    /// the year printed once at the end or not at all.
    private static let dayMonthName = try! NSRegularExpression(pattern: #"(?<![0-9])([0-9]{1,2}) ?(?:DE |D'|D’)?([A-Z]{3,10})\b"#)
    private static let year = try! NSRegularExpression(pattern: #"(?<![0-9])(19|20)[0-9]{2}(?![0-9])"#)

    private static func dayMonthNames(in text: String, issueDate: LocalDate?) -> BillingPeriod? {
        let ns = text as NSString
        let whole = NSRange(location: 0, length: ns.length)
        let pairs = dayMonthName.matches(in: text, range: whole).compactMap { m -> (day: Int, month: Int)? in
            guard let day = Int(ns.substring(with: m.range(at: 1))),
                  let month = DateParser.monthNumber(ns.substring(with: m.range(at: 2))) else { return nil }
            return (day, month)
        }
        guard pairs.count >= 2 else { return nil }
        let (first, second) = (pairs[0], pairs[1])
        let printedYear = year.matches(in: text, range: whole).last.flatMap { Int(ns.substring(with: $0.range)) }
        guard let endYear = printedYear ?? issueDate.map({ issue in
            LocalDate(year: issue.year, month: second.month, day: min(second.day, 28)).map {
                $0.dayNumber > issue.dayNumber + 45 ? issue.year - 1 : issue.year } ?? issue.year
        }) else { return nil }
        let startYear = (first.month, first.day) > (second.month, second.day) ? endYear - 1 : endYear
        guard let start = LocalDate(year: startYear, month: first.month, day: first.day),
              let end = LocalDate(year: endYear, month: second.month, day: second.day) else { return nil }
        return plausible(start, end)
    }

    /// A billing period runs forwards and for at most about a year.
    private static func plausible(_ start: LocalDate, _ end: LocalDate) -> BillingPeriod? {
        guard let period = BillingPeriod(start: start, end: end), period.days >= 2, period.days <= 400 else { return nil }
        return period
    }
}
