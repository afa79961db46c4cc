import Foundation
import GRDB
import RebutCore

/// One line of a totals report: the exact sum of the receipts of one event, category and currency.
public struct TotalLine: Sendable, Hashable, Codable {
    public var eventId: Int64
    public var eventName: String
    /// nil: receipts not categorised yet.
    public var category: String?
    /// nil: receipts whose currency is unknown (they are never added to a known currency).
    public var currency: String?
    public var total: Decimal
    /// Receipts counted in `total`.
    public var receiptCount: Int
    /// Receipts of this group without a total: the report is incomplete by this many.
    public var missingTotalCount: Int

    public init(eventId: Int64, eventName: String, category: String?, currency: String?, total: Decimal,
                receiptCount: Int, missingTotalCount: Int) {
        self.eventId = eventId
        self.eventName = eventName
        self.category = category
        self.currency = currency
        self.total = total
        self.receiptCount = receiptCount
        self.missingTotalCount = missingTotalCount
    }
}

extension ExpenseStore {
    /// Totals per event, category and currency, summed exactly in `Decimal` from the TEXT column
    /// (SQLite's SUM would go through floating point). Ordered by event name, category, currency.
    public func totals(eventId: Int64? = nil) throws -> [TotalLine] {
        struct Key: Hashable { var eventId: Int64; var category: String?; var currency: String? }
        let (rows, names) = try dbPool.read { db -> ([Row], [Int64: String]) in
            var sql = "SELECT eventId, category, currency, total FROM receipt"
            var arguments: StatementArguments = []
            if let eventId {
                sql += " WHERE eventId = ?"
                arguments = [eventId]
            }
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            let names = try Dictionary(uniqueKeysWithValues: Event.fetchAll(db).compactMap { event in
                event.id.map { ($0, event.name) }
            })
            return (rows, names)
        }
        var lines: [Key: TotalLine] = [:]
        for row in rows {
            let key = Key(eventId: row["eventId"], category: row["category"], currency: row["currency"])
            var line = lines[key] ?? TotalLine(eventId: key.eventId, eventName: names[key.eventId] ?? "",
                                               category: key.category, currency: key.currency, total: 0,
                                               receiptCount: 0, missingTotalCount: 0)
            if let amount = try MoneyText.decode(row["total"], column: "total") {
                line.total += amount
                line.receiptCount += 1
            } else {
                line.missingTotalCount += 1
            }
            lines[key] = line
        }
        return lines.values.sorted { a, b in
            (a.eventName.lowercased(), a.eventId, a.category ?? "~", a.currency ?? "~")
                < (b.eventName.lowercased(), b.eventId, b.category ?? "~", b.currency ?? "~")
        }
    }

    /// Distinct vendors of stored receipts, most used first: extraction prefers names it has seen.
    public func knownVendors() throws -> [String] {
        try dbPool.read { db in
            try String.fetchAll(db, sql: """
                SELECT vendor FROM receipt WHERE vendor IS NOT NULL AND vendor <> ''
                GROUP BY vendor ORDER BY COUNT(*) DESC, vendor
                """)
        }
    }

    /// Full-text search over OCR text and vendor; every word must match, each as a prefix
    /// ("resta" finds "restaurant"). Best matches first.
    public func search(_ text: String) throws -> [Receipt] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return [] }
        return try dbPool.read { db in
            try Receipt.fetchAll(db, sql: """
                SELECT receipt.* FROM receipt
                JOIN receipt_ft ON receipt_ft.rowid = receipt.id
                WHERE receipt_ft MATCH ?
                ORDER BY receipt_ft.rank, receipt.id
                """, arguments: [pattern])
        }
    }
}
