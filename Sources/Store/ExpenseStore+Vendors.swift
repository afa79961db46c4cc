import Foundation
import GRDB
import RebutCore

/// One filed receipt as the vendor lexicon learns from it.
public struct VendorHistoryRow: Sendable, Hashable {
    public var receiptId: Int64
    public var eventId: Int64
    public var vendor: String
    public var date: LocalDate?
    public var ocrLines: [TextLine]
    public var currency: String?
    public var total: Decimal?
    public var category: String?
    public var payment: String?
    /// What extraction picked as the vendor, as OCR read it (the first vendor candidate).
    public var readAs: String?
    /// Vendor values the user corrected away, oldest first.
    public var correctedFrom: [String]
    /// The user set the vendor: a vendor correction, or a receipt typed in by hand.
    public var vendorCorrected: Bool
}

extension ExpenseStore {
    /// Every receipt with a vendor, oldest first, with its vendor corrections: what the vendor
    /// lexicon is built from.
    public func vendorHistory() throws -> [VendorHistoryRow] {
        try dbPool.read { db in
            let corrections = try Correction
                .filter(Correction.Columns.field == ReceiptField.vendor.rawValue && Correction.Columns.receiptId != nil)
                .order(Correction.Columns.at, Correction.Columns.id)
                .fetchAll(db)
            var correctedFrom: [Int64: [String]] = [:]
            for correction in corrections {
                guard let id = correction.receiptId else { continue }
                correctedFrom[id, default: []] += [correction.oldValue].compactMap { $0 }
            }
            let corrected = Set(corrections.compactMap(\.receiptId))
            return try Receipt.filter(Receipt.Columns.vendor != nil && Receipt.Columns.vendor != "")
                .order(Receipt.Columns.id)
                .fetchAll(db)
                .compactMap { receipt -> VendorHistoryRow? in
                    guard let id = receipt.id, let vendor = receipt.vendor else { return nil }
                    return VendorHistoryRow(receiptId: id, eventId: receipt.eventId, vendor: vendor, date: receipt.date,
                                            ocrLines: receipt.ocrLines, currency: receipt.currency, total: receipt.total,
                                            category: receipt.category, payment: receipt.payment,
                                            readAs: receipt.candidates[ReceiptField.vendor.rawValue]?.first
                                                .flatMap { $0.evidence == nil ? $0.value : nil },
                                            correctedFrom: correctedFrom[id] ?? [],
                                            vendorCorrected: corrected.contains(id)
                                                || (receipt.ocrLines.isEmpty && receipt.confidence[ReceiptField.vendor.rawValue] == 1.0))
                }
        }
    }

    /// Dates of the receipts filed under an event, to expect the next one's near them.
    public func receiptDates(eventId: Int64) throws -> [LocalDate] {
        try dbPool.read { db in
            try String.fetchAll(db, sql: "SELECT date FROM receipt WHERE eventId = ? AND date IS NOT NULL",
                                arguments: [eventId]).compactMap(LocalDate.init(iso8601:))
        }
    }

    /// Gives every receipt whose vendor is `matching` (by `VendorKey`, so "Mr DIY" and "MR. D.I.Y."
    /// are one) the vendor `name`, each with its correction, in one transaction. Returns the
    /// receipts changed; throws `vendorNotFound` when no receipt has that vendor.
    @discardableResult
    public func renameVendor(_ matching: String, to name: String) throws -> [Receipt] {
        let key = VendorKey.make(matching)
        return try dbPool.write { db in
            let ids = try Receipt.filter(Receipt.Columns.vendor != nil).fetchAll(db)
                .filter { VendorKey.make($0.vendor ?? "") == key && !key.isEmpty }
                .compactMap(\.id)
            guard !ids.isEmpty else { throw StoreError.vendorNotFound(matching) }
            return try ids.map { id in
                try Self.setField(.vendor, to: name, receiptId: id, in: db,
                                  knownCategories: knownCategories, reviewThreshold: reviewThreshold)
            }
        }
    }
}
