import Foundation
import RebutCore
import Rental
import Reports

/// The tables of one flat's quarter. Each id ends with the quarter ("bookings-2025Q1") so a
/// year's document keeps them apart.
enum QuarterTables {
    /// Income less expenses less tourist tax, closing on the profit.
    static func statement(_ s: QuarterStatement, id: String) -> ReportTable {
        let c = s.currency
        let bookings = s.bookings.count, bills = s.bills.count
        return ReportTable(id: "statement-\(id)", columns: [
            ReportColumn("figure", "Statement", width: 4.2), ReportColumn("amount", "Amount", .money, width: 1.4),
        ], rows: [
            ReportRow([.text("Income: \(bookings) booking\(bookings == 1 ? "" : "s"), by check-in date"), .money(s.income, currency: c)]),
            ReportRow([.text("Expenses: \(bills) bill\(bills == 1 ? "" : "s"), by issue date"), .money(-s.expenses, currency: c)]),
            ReportRow([.text("Tourist tax due (quarterly self-assessment, modelo 950)"), .money(-s.touristTax, currency: c)]),
        ], totals: ReportRow([.text("Profit"), .money(s.profit, currency: c)]))
    }

    /// One line per rate used; a rate change inside the quarter gives two. The total is the
    /// figure to declare.
    static func ratesApplied(_ s: QuarterStatement, id: String) -> ReportTable {
        let c = s.currency
        let rows = s.ratesApplied.map { rate in
            ReportRow([.text("Zone \(rate.zone), rate in force from \(rate.validFrom.iso8601)"),
                       .money(rate.perPersonNight, currency: c), .integer(rate.adultNights), .money(rate.tax, currency: c)])
        }
        return ReportTable(id: "rates-\(id)", columns: [
            ReportColumn("rate", "Tourist-tax rate applied", width: 3.0),
            ReportColumn("perPersonNight", "Per adult-night", .money, width: 1.2),
            ReportColumn("adultNights", "Adult-nights", .integer, width: 1.0),
            ReportColumn("tax", "Tax", .money, width: 1.3),
        ], rows: rows, totals: ReportRow([.text("Tourist tax due (modelo 950)"), .empty,
                                          .integer(s.ratesApplied.reduce(0) { $0 + $1.adultNights }),
                                          .money(s.touristTax, currency: c)]))
    }

    static func bookings(_ s: QuarterStatement, id: String) -> ReportTable {
        let c = s.currency
        let rows = s.bookings.map { entry -> ReportRow in
            let b = entry.booking
            return ReportRow([.date(b.checkIn), b.guest.map(ReportCell.text) ?? .empty, b.channel.map(ReportCell.text) ?? .empty,
                              .integer(b.nights), .integer(b.adults), .integer(b.children), .integer(b.adultNights),
                              entry.rate.map { .money($0.perPersonNight, currency: c) } ?? .empty,
                              entry.tax.map { .money($0, currency: c) } ?? .empty, .money(b.amount, currency: c)],
                             flag: entry.rate == nil ? "no tourist-tax rate" : nil)
        }
        let all = s.bookings.map(\.booking)
        return ReportTable(id: "bookings-\(id)", columns: [
            ReportColumn("checkIn", "Check-in", .date, width: 1.0), ReportColumn("guest", "Guest", width: 1.3),
            ReportColumn("channel", "Channel", width: 0.8), ReportColumn("nights", "Nights", .integer, width: 0.62),
            ReportColumn("adults", "Adults", .integer, width: 0.62), ReportColumn("children", "Children", .integer, width: 0.8),
            ReportColumn("adultNights", "Adult-nights", .integer, width: 1.1),
            ReportColumn("rate", "Rate", .money, width: 0.9), ReportColumn("tax", "Tax", .money, width: 0.95),
            ReportColumn("income", "Income", .money, width: 1.2),
        ], rows: rows, totals: ReportRow([
            .text("Total"), .empty, .empty, .integer(s.nights), .integer(all.reduce(0) { $0 + $1.adults }),
            .integer(all.reduce(0) { $0 + $1.children }), .integer(s.adultNights), .empty,
            .money(s.touristTax, currency: c), .money(s.income, currency: c),
        ]))
    }

    static func expensesByCategory(_ s: QuarterStatement, id: String) -> ReportTable {
        let c = s.currency
        let rows = s.expensesByCategory.map { total -> ReportRow in
            let share = s.expenses > 0 ? total.amount / s.expenses : 0
            return ReportRow([.text(total.category ?? "uncategorised"), .integer(total.bills), .money(total.amount, currency: c),
                              .percent(share), .bar(share)])
        }
        return ReportTable(id: "byCategory-\(id)", columns: [
            ReportColumn("category", "Expenses by category", width: 2.4), ReportColumn("bills", "Bills", .integer, width: 0.7),
            ReportColumn("amount", "Amount", .money, width: 1.3), ReportColumn("share", "Share", .percent, width: 0.8),
            ReportColumn("bar", "", .bar, width: 2.0),
        ], rows: rows, totals: ReportRow([.text("Expenses"), .integer(s.bills.count), .money(s.expenses, currency: c),
                                          .percent(s.expenses > 0 ? 1 : 0), .empty]))
    }

    /// Every bill counted, with the period it covers when printed on it.
    static func bills(_ s: QuarterStatement, id: String) -> ReportTable {
        let c = s.currency
        let rows = s.bills.map { bill -> ReportRow in
            let period = bill.billingPeriod.map { ReportCell.text("\($0.start.iso8601) – \($0.end.iso8601)") } ?? .empty
            return ReportRow([bill.date.map(ReportCell.date) ?? .empty, .integer(Int(bill.receiptId)), .text(bill.vendor ?? "(no vendor)"),
                              .text(bill.category ?? "uncategorised"), period, .money(bill.amount ?? 0, currency: c)],
                             flag: bill.needsReview ? "needs review" : nil)
        }
        return ReportTable(id: "bills-\(id)", columns: [
            ReportColumn("issued", "Issued", .date, width: 0.95), ReportColumn("receipt", "#", .integer, width: 0.45),
            ReportColumn("vendor", "Vendor", width: 2.0), ReportColumn("category", "Category", width: 1.1),
            ReportColumn("billingPeriod", "Billing period", width: 1.9), ReportColumn("amount", "Amount", .money, width: 1.2),
        ], rows: rows, totals: ReportRow([.text("Total"), .empty, .empty, .empty, .empty, .money(s.expenses, currency: c)]))
    }
}
