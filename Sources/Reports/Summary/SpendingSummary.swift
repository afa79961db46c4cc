import Foundation
import RebutCore
import Store

/// Spending across events grouped one way (`rebut report --by category`): count, total and
/// share of each group. Totals are per currency unless a target currency is given, in which case
/// amounts are converted at the user's rates and those without one are counted apart.
public struct SpendingSummary: Sendable {
    public enum Grouping: String, Sendable, CaseIterable {
        case category, payment, month, vendor, event
    }

    public struct Line: Sendable {
        public var key: String
        public var currency: String
        public var count: Int
        public var total: Decimal
        /// Of its currency's total, 0...1.
        public var share: Decimal
    }

    public var grouping: Grouping
    public var lines: [Line]
    /// Receipts left out: no total, no currency, or (when converting) no rate.
    public var leftOut: [String]

    public static func build(store: ExpenseStore, by grouping: Grouping, from: LocalDate?, to: LocalDate?,
                             eventId: Int64?, currency target: String?) throws -> SpendingSummary {
        let receipts = try store.receipts(eventId: eventId, from: from, to: to)
        let eventNames = Dictionary(try store.events().compactMap { e in e.id.map { ($0, e.name) } }, uniquingKeysWith: { a, _ in a })
        let converter = CurrencyConverter(store: store)
        struct Key: Hashable { var key: String; var currency: String }
        var sums: [Key: (Int, Decimal)] = [:]
        var leftOut: [String] = []
        for r in receipts {
            guard let total = r.total else { leftOut.append("#\(r.id ?? 0): no total"); continue }
            var amount = total
            var currency = r.currency
            if let target {
                switch try converter.convert(total, from: r.currency, to: target, on: r.date) {
                case .success(let c): amount = c.amount; currency = target
                case .failure(let gap): leftOut.append("#\(r.id ?? 0): \(gap)"); continue
                }
            }
            guard let currency else { leftOut.append("#\(r.id ?? 0): the receipt's currency is unknown"); continue }
            let key = Key(key: groupKey(r, grouping, eventNames), currency: currency)
            sums[key] = ((sums[key]?.0 ?? 0) + 1, (sums[key]?.1 ?? 0) + amount)
        }
        let perCurrency = Dictionary(sums.map { ($0.key.currency, $0.value.1) }, uniquingKeysWith: +)
        let lines = sums.map { key, value in
            let whole = perCurrency[key.currency] ?? 0
            return Line(key: key.key, currency: key.currency, count: value.0, total: value.1,
                        share: whole > 0 ? value.1 / whole : 0)
        }.sorted { a, b in
            if a.currency != b.currency { return a.currency < b.currency }
            return grouping == .month ? a.key < b.key : (b.total, a.key) < (a.total, b.key)
        }
        return SpendingSummary(grouping: grouping, lines: lines, leftOut: leftOut)
    }

    static func groupKey(_ r: Receipt, _ grouping: Grouping, _ events: [Int64: String]) -> String {
        switch grouping {
        case .category: return r.category ?? "uncategorised"
        case .payment: return r.payment ?? "unknown"
        case .month: return r.date.map { String($0.iso8601.prefix(7)) } ?? "undated"
        case .vendor: return r.vendor ?? "unknown"
        case .event: return events[r.eventId] ?? "#\(r.eventId)"
        }
    }

    /// The summary as a document (what `rebut report --by … --json` prints and the API serves):
    /// the table, and the receipts left out as flags.
    public func document() -> ReportDocument {
        ReportDocument(title: "Spending by \(grouping.rawValue)",
                       sections: [ReportSection("Summary", blocks: [.table(table())] + (leftOut.isEmpty ? [] : [.flags(leftOut)]))])
    }

    /// One table: group, receipts, total, share, and a bar (terminal and PDF only).
    public func table() -> ReportTable {
        var rows = lines.map { line in
            ReportRow([.text(line.key), .integer(line.count), .money(line.total, currency: line.currency),
                       .percent(line.share), .bar(line.share)])
        }
        let currencies = Set(lines.map(\.currency))
        var totals: ReportRow?
        if currencies.count == 1, let currency = currencies.first {
            totals = ReportRow([.text("Total"), .integer(lines.map(\.count).reduce(0, +)),
                                .money(lines.map(\.total).reduce(0, +), currency: currency), .percent(1), .empty])
        } else if currencies.count > 1 {
            for currency in currencies.sorted() {
                let mine = lines.filter { $0.currency == currency }
                rows.append(ReportRow([.text("Total \(currency)"), .integer(mine.map(\.count).reduce(0, +)),
                                       .money(mine.map(\.total).reduce(0, +), currency: currency), .percent(1), .empty]))
            }
        }
        return ReportTable(id: "summary", columns: [
            ReportColumn(grouping.rawValue, grouping.rawValue.capitalized, width: 2.5),
            ReportColumn("receipts", "Receipts", .integer), ReportColumn("total", "Total", .money, width: 1.4),
            ReportColumn("share", "Share %", .percent), ReportColumn("bar", "", .bar, width: 2),
        ], rows: rows, totals: totals)
    }
}
