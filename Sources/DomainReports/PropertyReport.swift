import Foundation
import RebutCore
import Rental
import Store

/// One flat's statements for the quarters asked, read from the store.
public struct PropertyReport: Sendable {
    public var event: Event
    public var details: PropertyDetails?
    public var statements: [QuarterStatement]
    /// Bills without a date: in no quarter until one is set.
    public var undatedBills: [Int64]

    public static func build(_ event: Event, quarters: [Quarter], store: ExpenseStore) throws -> PropertyReport {
        let details = try store.propertyDetails(eventId: event.id!)
        let periods = try store.billingPeriods(eventId: event.id!)
        let receipts = try store.receipts(eventId: event.id)
        let expenses = receipts.map { r in
            RentalExpense(receiptId: r.id!, vendor: r.vendor, date: r.date, category: r.category, amount: r.total,
                          currency: r.currency, billingPeriod: periods[r.id!], needsReview: r.status == .needsReview)
        }
        let builder = PropertyStatementBuilder(propertyName: event.name, zone: details?.zone, currency: event.currency ?? "EUR",
                                               table: TouristTaxTable(try store.touristTaxRates()))
        return PropertyReport(event: event, details: details,
                              statements: builder.statements(for: quarters, bookings: try store.bookings(eventId: event.id!),
                                                             expenses: expenses),
                              undatedBills: receipts.filter { $0.date == nil }.compactMap(\.id))
    }

    /// What the PDF's document is made of.
    public var forDocument: FlatStatements {
        FlatStatements(name: event.name, address: details?.address, town: details?.town, zone: details?.zone,
                       currency: event.currency ?? "EUR", statements: statements, undatedBills: undatedBills)
    }
}

public enum PropertyReportOutput {
    public static func render(_ reports: [PropertyReport], format: ReportFormat, combined: Bool) -> String {
        switch format {
        case .terminal: return terminal(reports, combined: combined)
        case .csv: return csv(reports)
        case .json: return JSONValue.pretty(json(reports, combined: combined)) + "\n"
        }
    }

    private static func money(_ amount: Decimal, _ currency: String) -> String { MoneyFormat.canonical(amount, currency: currency) }

    private static func rates(_ s: QuarterStatement) -> String {
        s.ratesApplied.map { "\(money($0.perPersonNight, s.currency)) × \($0.adultNights) (zone \($0.zone), from \($0.validFrom))" }
            .joined(separator: " + ")
    }

    // MARK: Terminal

    private static func terminal(_ reports: [PropertyReport], combined: Bool) -> String {
        var out = ""
        if reports.isEmpty { return "no flats (rebut events create NAME --kind property --zone 1)\n" }
        for report in reports {
            let where_ = [report.details?.address, report.details?.town].compactMap { $0 }.joined(separator: ", ")
            out += "\(report.event.name)" + (where_.isEmpty ? "" : " — \(where_)")
                + "  (tourist-tax zone \(report.details?.zone ?? "not set"))\n"
            for s in report.statements {
                let c = s.currency
                func line(_ label: String, _ value: String) { out += "  " + label.padding(toLength: 24, withPad: " ", startingAt: 0) + value + "\n" }
                out += "\n \(s.quarter)  (\(s.quarter.firstDay) – \(s.quarter.lastDay))\n"
                line("bookings", "\(s.bookings.count)")
                line("nights", "\(s.nights)")
                line("adults × nights", "\(s.adultNights)")
                line("rate(s) applied", s.ratesApplied.isEmpty ? "—" : rates(s))
                line("tourist tax due", "\(money(s.touristTax, c)) \(c)   ← quarterly self-assessment (modelo 950)")
                line("income", "\(money(s.income, c)) \(c)")
                for category in s.expensesByCategory {
                    line("  \(category.category ?? "uncategorised")", "\(money(category.amount, c)) \(c)  (\(category.bills) bill\(category.bills == 1 ? "" : "s"))")
                }
                line("expenses", "\(money(s.expenses, c)) \(c)   (bills by issue date)")
                line("profit", "\(money(s.profit, c)) \(c)   = income − expenses − tourist tax")
                for note in s.notes { out += "  note: \(note)\n" }
            }
            if !report.undatedBills.isEmpty {
                out += "  note: \(report.undatedBills.count) bill(s) without a date are in no quarter: "
                    + report.undatedBills.map { "#\($0)" }.joined(separator: ", ") + " (rebut review)\n"
            }
            if report.statements.count > 1 {
                let c = report.statements[0].currency
                out += "\n \(report.event.name), \(report.statements.first!.quarter)–\(report.statements.last!.quarter): "
                    + "tourist tax \(money(sum(report.statements, \.touristTax), c)), income \(money(sum(report.statements, \.income), c)), "
                    + "expenses \(money(sum(report.statements, \.expenses), c)), profit \(money(sum(report.statements, \.profit), c)) \(c)\n"
            }
            out += "\n"
        }
        if combined && reports.count > 1 {
            // Flats in different currencies are summed per currency, never together.
            let currencies = Array(Set(reports.compactMap { $0.statements.first?.currency })).sorted()
            for currency in currencies {
                let flats = reports.filter { $0.statements.first?.currency == currency }
                out += "All flats" + (currencies.count > 1 ? " in \(currency)" : "") + " (\(flats.count))\n"
                for (i, quarter) in (flats.first?.statements.map(\.quarter) ?? []).enumerated() {
                    let all = flats.map { $0.statements[i] }
                    out += " \(quarter)  tourist tax \(money(sum(all, \.touristTax), currency))  income \(money(sum(all, \.income), currency))"
                        + "  expenses \(money(sum(all, \.expenses), currency))  profit \(money(sum(all, \.profit), currency)) \(currency)\n"
                }
            }
        }
        return out
    }

    static func sum(_ statements: [QuarterStatement], _ figure: KeyPath<QuarterStatement, Decimal>) -> Decimal {
        statements.reduce(0) { $0 + $1[keyPath: figure] }
    }

    // MARK: CSV

    /// One row per flat and quarter; one column per expense category found in the report.
    private static func csv(_ reports: [PropertyReport]) -> String {
        let statements = reports.flatMap { report in report.statements.map { (report, $0) } }
        let categories = Set(statements.flatMap { $0.1.expensesByCategory.map { $0.category ?? "uncategorised" } }).sorted()
        var out = CSVField.line(["flat", "zone", "quarter", "bookings", "nights", "adult_nights", "rates_applied",
                                 "tourist_tax", "income"] + categories.map { "expenses_\($0)" } + ["expenses", "profit", "currency", "notes"])
        for (report, s) in statements {
            let c = s.currency
            let byCategory = Dictionary(uniqueKeysWithValues: s.expensesByCategory.map { ($0.category ?? "uncategorised", $0.amount) })
            out += CSVField.line([report.event.name, report.details?.zone ?? "", s.quarter.description, "\(s.bookings.count)",
                                  "\(s.nights)", "\(s.adultNights)",
                                  s.ratesApplied.map { "\(money($0.perPersonNight, c))x\($0.adultNights)" }.joined(separator: "+"),
                                  money(s.touristTax, c), money(s.income, c)]
                                 + categories.map { money(byCategory[$0] ?? 0, c) }
                                 + [money(s.expenses, c), money(s.profit, c), c, s.notes.joined(separator: "; ")])
        }
        return out
    }

    // MARK: JSON

    private static func json(_ reports: [PropertyReport], combined: Bool) -> Any {
        let flats: [[String: Any]] = reports.map { report in
            ["flat": report.event.name, "zone": report.details?.zone ?? NSNull(), "address": report.details?.address ?? NSNull(),
             "town": report.details?.town ?? NSNull(), "undatedBills": report.undatedBills,
             "quarters": report.statements.map(statementJSON), "totals": totalsJSON(report.statements)]
        }
        guard combined else { return flats.first ?? [:] }
        return ["flats": flats]
    }

    /// The quarters asked for, summed: a year's figures with `--year`.
    private static func totalsJSON(_ statements: [QuarterStatement]) -> [String: Any] {
        let c = statements.first?.currency ?? "EUR"
        return ["from": statements.first?.quarter.description ?? NSNull(), "to": statements.last?.quarter.description ?? NSNull(),
                "currency": c, "bookingCount": statements.reduce(0) { $0 + $1.bookings.count },
                "nights": statements.reduce(0) { $0 + $1.nights }, "adultNights": statements.reduce(0) { $0 + $1.adultNights },
                "touristTax": money(sum(statements, \.touristTax), c), "income": money(sum(statements, \.income), c),
                "expenses": money(sum(statements, \.expenses), c), "profit": money(sum(statements, \.profit), c)]
    }

    private static func statementJSON(_ s: QuarterStatement) -> [String: Any] {
        let c = s.currency
        return [
            "quarter": s.quarter.description, "from": s.quarter.firstDay.iso8601, "to": s.quarter.lastDay.iso8601,
            "currency": c, "bookings": s.bookings.map { entry -> [String: Any] in
                var row = BookingJSON.object(entry.booking)
                row["adultNights"] = entry.booking.adultNights
                row["rate"] = entry.rate.map { money($0.perPersonNight, c) } ?? NSNull()
                row["touristTax"] = entry.tax.map { money($0, c) } ?? NSNull()
                return row
            },
            "bookingCount": s.bookings.count, "nights": s.nights, "adultNights": s.adultNights,
            "ratesApplied": s.ratesApplied.map { ["zone": $0.zone, "validFrom": $0.validFrom.iso8601,
                                                  "perPersonNight": money($0.perPersonNight, c), "adultNights": $0.adultNights,
                                                  "tax": money($0.tax, c)] as [String: Any] },
            "touristTax": money(s.touristTax, c), "income": money(s.income, c),
            "expensesByCategory": s.expensesByCategory.map { ["category": $0.category ?? NSNull(), "amount": money($0.amount, c),
                                                              "bills": $0.bills] as [String: Any] },
            "bills": s.bills.map { bill -> [String: Any] in
                ["receipt": bill.receiptId, "vendor": bill.vendor ?? NSNull(), "date": bill.date?.iso8601 ?? NSNull(),
                 "category": bill.category ?? NSNull(), "amount": bill.amount.map { money($0, c) } ?? NSNull(),
                 "billingPeriod": bill.billingPeriod.map { ["from": $0.start.iso8601, "to": $0.end.iso8601] } ?? NSNull()]
            },
            "expenses": money(s.expenses, c), "profit": money(s.profit, c), "notes": s.notes,
            "billsCountedBy": "issue date", "bookingsCountedBy": "check-in date",
        ]
    }
}
