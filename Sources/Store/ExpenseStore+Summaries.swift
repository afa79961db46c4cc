import Foundation
import GRDB
import RebutCore

/// A receipt as lists show it: its fields and status without the OCR text, lines and candidates,
/// which are most of a row's bytes and of the time to decode it.
public struct ReceiptSummary: Sendable, Hashable, FetchableRecord, ReceiptFieldValues {
    public var id: Int64
    public var eventId: Int64
    public var fileName: String
    public var imagePath: String
    public var vendor: String?
    public var date: LocalDate?
    public var total: Decimal?
    public var currency: String?
    public var payment: String?
    public var tax: Decimal?
    public var category: String?
    public var confidence: [String: Double]
    public var status: ReceiptStatus
    public var createdAt: Date
    public var updatedAt: Date

    static let columns = "id, eventId, fileName, imagePath, vendor, date, total, currency, payment, tax, category, confidence, status, createdAt, updatedAt"

    public init(row: Row) throws {
        id = row["id"]
        eventId = row["eventId"]
        fileName = row["fileName"]
        imagePath = row["imagePath"]
        vendor = row["vendor"]
        date = try ReceiptColumns.date(row["date"])
        total = try MoneyText.decode(row["total"], column: "total")
        currency = row["currency"]
        payment = row["payment"]
        tax = try MoneyText.decode(row["tax"], column: "tax")
        category = row["category"]
        confidence = try JSONColumn.decode([String: Double].self, from: row["confidence"], column: "confidence") ?? [:]
        status = try ReceiptColumns.status(row["status"])
        createdAt = row["createdAt"]
        updatedAt = row["updatedAt"]
    }

    public init(_ r: Receipt) {
        id = r.id ?? 0
        eventId = r.eventId
        fileName = r.fileName
        imagePath = r.imagePath
        vendor = r.vendor
        date = r.date
        total = r.total
        currency = r.currency
        payment = r.payment
        tax = r.tax
        category = r.category
        confidence = r.confidence
        status = r.status
        createdAt = r.createdAt
        updatedAt = r.updatedAt
    }

    public var hasImage: Bool { !imagePath.isEmpty }
}

extension ExpenseStore {
    /// `receipts(eventId:status:category:)` as summaries, in the same order.
    public func receiptSummaries(eventId: Int64? = nil, status: ReceiptStatus? = nil,
                                 category: String? = nil) throws -> [ReceiptSummary] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let eventId { conditions.append("eventId = ?"); arguments += [eventId] }
        if let status { conditions.append("status = ?"); arguments += [status.rawValue] }
        if let category { conditions.append("category = ?"); arguments += [category.lowercased()] }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return try dbPool.read { db in
            try ReceiptSummary.fetchAll(db, sql: """
                SELECT \(ReceiptSummary.columns) FROM receipt\(filter)
                ORDER BY date IS NULL, date, id
                """, arguments: arguments)
        }
    }
}
