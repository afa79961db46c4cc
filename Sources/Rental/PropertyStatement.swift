import Foundation
import RebutCore

/// A bill filed under a flat, as the statement needs it.
public struct RentalExpense: Sendable, Hashable {
    public var receiptId: Int64
    public var vendor: String?
    /// The issue date: it alone decides the quarter, whatever period the bill covers.
    public var date: LocalDate?
    public var category: String?
    public var amount: Decimal?
    public var currency: String?
    public var billingPeriod: BillingPeriod?
    /// Still waiting for review: its figures may change.
    public var needsReview: Bool

    public init(receiptId: Int64, vendor: String?, date: LocalDate?, category: String?, amount: Decimal?,
                currency: String?, billingPeriod: BillingPeriod? = nil, needsReview: Bool = false) {
        self.receiptId = receiptId
        self.vendor = vendor
        self.date = date
        self.category = category
        self.amount = amount
        self.currency = currency
        self.billingPeriod = billingPeriod
        self.needsReview = needsReview
    }
}

/// Everything a flat's quarter amounts to: the tourist-tax self-assessment (modelo 950 in
/// Catalonia) and whether the flat made money.
public struct QuarterStatement: Sendable {
    public struct AppliedRate: Sendable, Hashable {
        public var zone: String
        public var validFrom: LocalDate
        public var perPersonNight: Decimal
        public var adultNights: Int
        public var tax: Decimal
    }

    public struct CategoryTotal: Sendable, Hashable {
        /// nil: bills not categorised yet.
        public var category: String?
        public var amount: Decimal
        public var bills: Int
    }

    public var quarter: Quarter
    public var currency: String
    /// Bookings whose check-in falls in the quarter, by check-in; a stay running into the next
    /// quarter belongs here entirely.
    public var bookings: [BookingTax]
    public var bills: [RentalExpense]
    public var notes: [String]

    public var nights: Int { bookings.reduce(0) { $0 + $1.booking.nights } }
    public var adultNights: Int { bookings.reduce(0) { $0 + $1.booking.adultNights } }
    public var income: Decimal { bookings.reduce(0) { $0 + $1.booking.amount } }
    /// Bookings without a rate add nothing here; `notes` names them.
    public var touristTax: Decimal { bookings.reduce(0) { $0 + ($1.tax ?? 0) } }
    public var expenses: Decimal { bills.reduce(0) { $0 + ($1.amount ?? 0) } }
    public var profit: Decimal { income - expenses - touristTax }

    /// One line per rate used, in date order: a rate change inside the quarter gives two.
    public var ratesApplied: [AppliedRate] {
        var lines: [AppliedRate] = []
        for entry in bookings {
            guard let rate = entry.rate, let tax = entry.tax else { continue }
            if let i = lines.firstIndex(where: { $0.zone == rate.zone && $0.validFrom == rate.validFrom }) {
                lines[i].adultNights += entry.booking.adultNights
                lines[i].tax += tax
            } else {
                lines.append(AppliedRate(zone: rate.zone, validFrom: rate.validFrom, perPersonNight: rate.perPersonNight,
                                         adultNights: entry.booking.adultNights, tax: tax))
            }
        }
        return lines.sorted { ($0.zone, $0.validFrom) < ($1.zone, $1.validFrom) }
    }

    public var expensesByCategory: [CategoryTotal] {
        var totals: [String?: CategoryTotal] = [:]
        for bill in bills {
            var total = totals[bill.category] ?? CategoryTotal(category: bill.category, amount: 0, bills: 0)
            total.amount += bill.amount ?? 0
            total.bills += 1
            totals[bill.category] = total
        }
        return totals.values.sorted { ($0.category ?? "~") < ($1.category ?? "~") }
    }
}

/// Builds the quarterly statements of one flat from its bookings, bills and the rate table.
public struct PropertyStatementBuilder: Sendable {
    public var propertyName: String
    /// nil: the flat has no tourist-tax zone yet, so no tax can be computed.
    public var zone: String?
    public var currency: String
    public var table: TouristTaxTable

    public init(propertyName: String, zone: String?, currency: String = "EUR", table: TouristTaxTable) {
        self.propertyName = propertyName
        self.zone = zone
        self.currency = currency
        self.table = table
    }

    public func statements(for quarters: [Quarter], bookings: [Booking], expenses: [RentalExpense]) -> [QuarterStatement] {
        quarters.map { statement(for: $0, bookings: bookings, expenses: expenses) }
    }

    public func statement(for quarter: Quarter, bookings: [Booking], expenses: [RentalExpense]) -> QuarterStatement {
        var notes: [String] = []
        let inQuarter = bookings.filter { quarter.contains($0.checkIn) }.sorted { ($0.checkIn, $0.id ?? 0) < ($1.checkIn, $1.id ?? 0) }
        var counted: [BookingTax] = []
        for booking in inQuarter {
            guard booking.currency == currency else {
                notes.append("booking \(label(booking)) is in \(booking.currency), not \(currency): not counted")
                continue
            }
            var entry = BookingTax(booking: booking, zone: zone, table: table)
            if let rate = entry.rate, rate.currency != currency {
                notes.append("booking \(label(booking)): zone \(rate.zone)'s rate is in \(rate.currency), the flat's accounts in \(currency): no tax computed (give the flat a zone of its own with a \(currency) rate: rebut tax-rates set ZONE --from DAY --rate R --currency \(currency))")
                entry.rate = nil
            } else if entry.rate == nil {
                notes.append(zone == nil
                    ? "booking \(label(booking)): \(propertyName) has no tourist-tax zone, so no tax was computed (rebut events edit \"\(propertyName)\" --zone 1)"
                    : "booking \(label(booking)): no tourist-tax rate for zone \(zone!) on \(booking.checkIn) (rebut tax-rates set)")
            }
            if booking.checkOut > quarter.lastDay.next {
                notes.append("booking \(label(booking)) runs into the next quarter; it is counted in \(quarter), its check-in quarter")
            }
            counted.append(entry)
        }
        var bills: [RentalExpense] = []
        for bill in expenses {
            guard let date = bill.date, quarter.contains(date) else { continue }
            guard bill.amount != nil, (bill.currency ?? currency) == currency else {
                notes.append(bill.amount == nil
                    ? "bill #\(bill.receiptId) has no total yet: not counted (rebut review)"
                    : "bill #\(bill.receiptId) is in \(bill.currency ?? "?"), not \(currency): not counted")
                continue
            }
            if let period = bill.billingPeriod, !(quarter.contains(period.start) && quarter.contains(period.end)) {
                notes.append("bill #\(bill.receiptId)\(bill.vendor.map { " (\($0))" } ?? "") covers \(period); counted in \(quarter), the quarter of its issue date \(date)")
            }
            bills.append(bill)
        }
        bills.sort { ($0.date!, $0.receiptId) < ($1.date!, $1.receiptId) }
        let unreviewed = bills.filter(\.needsReview).map { "#\($0.receiptId)" }
        if !unreviewed.isEmpty {
            notes.append("\(unreviewed.count) bill\(unreviewed.count == 1 ? "" : "s") counted still need\(unreviewed.count == 1 ? "s" : "") review (\(unreviewed.joined(separator: ", "))): their figures may change (rebut review)")
        }
        return QuarterStatement(quarter: quarter, currency: currency, bookings: counted, bills: bills, notes: notes)
    }

    private func label(_ booking: Booking) -> String {
        (booking.id.map { "#\($0) " } ?? "") + "checking in \(booking.checkIn)"
    }
}

extension LocalDate {
    var next: LocalDate { LocalDate(dayNumber: dayNumber + 1) }
}
