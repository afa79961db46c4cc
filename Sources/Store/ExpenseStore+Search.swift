import Foundation
import GRDB
import RebutCore

/// What `rebut search` narrows a full-text search to; nil matches everything.
public struct SearchFilter: Sendable, Hashable {
    public var eventId: Int64?
    public var from: LocalDate?
    public var to: LocalDate?
    /// Inclusive bounds on the receipt's total, in its own currency.
    public var minTotal: Decimal?
    public var maxTotal: Decimal?
    public var category: String?

    public init(eventId: Int64? = nil, from: LocalDate? = nil, to: LocalDate? = nil, minTotal: Decimal? = nil,
                maxTotal: Decimal? = nil, category: String? = nil) {
        self.eventId = eventId
        self.from = from
        self.to = to
        self.minTotal = minTotal
        self.maxTotal = maxTotal
        self.category = category
    }
}

extension ExpenseStore {
    /// Full-text search (FTS5, BM25 rank) over OCR text, vendor, note and category: every word
    /// must match, each as a prefix. Best matches first; at most `limit`.
    ///
    /// Amount bounds are applied in Decimal after the query (SQLite would compare the TEXT
    /// column as text or through floating point).
    public func search(_ text: String, filter: SearchFilter, limit: Int = 50) throws -> [Receipt] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return [] }
        var sql = """
            SELECT receipt.* FROM receipt
            JOIN receipt_ft ON receipt_ft.rowid = receipt.id
            WHERE receipt_ft MATCH ?
            """
        var arguments: StatementArguments = [pattern]
        if let eventId = filter.eventId { sql += " AND receipt.eventId = ?"; arguments += [eventId] }
        if let from = filter.from { sql += " AND receipt.date >= ?"; arguments += [from.iso8601] }
        if let to = filter.to { sql += " AND receipt.date <= ?"; arguments += [to.iso8601] }
        if let category = filter.category { sql += " AND receipt.category = ?"; arguments += [category.lowercased()] }
        sql += " ORDER BY receipt_ft.rank, receipt.id"
        let found = try dbPool.read { db in try Receipt.fetchAll(db, sql: sql, arguments: arguments) }
        let bounded = found.filter { receipt in
            if filter.minTotal == nil && filter.maxTotal == nil { return true }
            guard let total = receipt.total else { return false }
            if let min = filter.minTotal, total < min { return false }
            if let max = filter.maxTotal, total > max { return false }
            return true
        }
        return Array(bounded.prefix(limit))
    }
}
