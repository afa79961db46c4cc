import Foundation
import RebutCore
import Store

/// An event's receipts ready to claim: each in its own currency and, where a rate allows, in
/// the claim's currency, with what a reader must check (review, no rate, no total).
public struct ExpenseClaim: Sendable {
    public struct Line: Sendable {
        public var receipt: Receipt
        /// nil when the receipt has no total.
        public var conversion: Result<Conversion, ConversionGap>?
        public var converted: Decimal? { if case .success(let c)? = conversion { return c.amount } else { return nil } }
        public var needsReview: Bool { receipt.status == .needsReview }

        /// Why a reader should look at this line; nil when nothing is wrong.
        public var flag: String? {
            var reasons: [String] = []
            if needsReview { reasons.append("needs review") }
            if receipt.total == nil { reasons.append("no total") }
            if case .failure(let gap)? = conversion { reasons.append("not converted: \(gap)") }
            return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
        }
    }

    public var event: Event
    public var claimant: Claimant?
    /// The event's currency, else the most common receipt currency, else EUR.
    public var currency: String
    /// Why `currency`: "event", "receipts" (most common among them) or "default".
    public var currencyOrigin: String
    public var lines: [Line]
    public var generatedAt: Date

    public static func build(store: ExpenseStore, event: Event, claimant: Claimant?, now: Date = Date()) throws -> ExpenseClaim {
        let receipts = try store.receipts(eventId: event.id)
        let common = Self.mostCommonCurrency(receipts)
        let currency = event.currency ?? common ?? "EUR"
        let origin = event.currency != nil ? "event" : common != nil ? "receipts" : "default"
        let converter = CurrencyConverter(store: store)
        let lines = try receipts.map { receipt in
            Line(receipt: receipt, conversion: try receipt.total.map {
                try converter.convert($0, from: receipt.currency, to: currency, on: receipt.date)
            })
        }
        return ExpenseClaim(event: event, claimant: claimant, currency: currency,
                            currencyOrigin: origin, lines: lines, generatedAt: now)
    }

    static func mostCommonCurrency(_ receipts: [Receipt]) -> String? {
        let counts = Dictionary(receipts.compactMap(\.currency).map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The claimed total: converted lines only.
    public var total: Decimal { lines.compactMap(\.converted).reduce(0, +) }

    public var unconverted: [Line] {
        lines.filter { if case .failure? = $0.conversion { return true } else { return false } }
    }

    public var located: [Line] { lines.filter { $0.receipt.location != nil } }

    /// Converted totals per key, largest first, with their receipt counts.
    func totals(by key: (Receipt) -> String) -> [(key: String, count: Int, total: Decimal)] {
        var sums: [String: (Int, Decimal)] = [:]
        for line in lines {
            guard let amount = line.converted else { continue }
            let k = key(line.receipt)
            sums[k] = ((sums[k]?.0 ?? 0) + 1, (sums[k]?.1 ?? 0) + amount)
        }
        return sums.map { (key: $0.key, count: $0.value.0, total: $0.value.1) }
            .sorted { ($1.total, $0.key) < ($0.total, $1.key) }
    }

    /// Converted totals per day of the event (days without receipts included, so the chart
    /// shows the trip as it went), in date order.
    func totalsByDay() -> [(day: LocalDate, total: Decimal)] {
        var sums: [LocalDate: Decimal] = [:]
        for line in lines {
            guard let amount = line.converted, let day = line.receipt.date else { continue }
            sums[day, default: 0] += amount
        }
        guard let first = sums.keys.min(), let last = sums.keys.max(), last.dayNumber - first.dayNumber <= 120 else {
            return sums.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return (first.dayNumber...last.dayNumber).map { number in
            let day = LocalDate(dayNumber: number)
            return (day, sums[day] ?? 0)
        }
    }
}
