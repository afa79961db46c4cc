import Foundation
import GRDB
import RebutCore

extension ExpenseStore {
    /// Sets one field as the user says, in one transaction with the correction that records it.
    ///
    /// The value is validated and canonicalised (see `Validation`); nil or blank clears the field.
    /// A value the user set is certain (confidence 1.0), and the status is recomputed from the
    /// review rule (`Receipt.computedStatus`), so fixing the last doubtful field files the receipt.
    @discardableResult
    public func setField(_ field: ReceiptField, to value: String?, receiptId: Int64) throws -> Receipt {
        try dbPool.write { db in
            try Self.setField(field, to: value, receiptId: receiptId, in: db,
                              knownCategories: knownCategories, reviewThreshold: reviewThreshold)
        }
    }

    /// Sets several fields in one transaction, in the order given (a currency before the amounts
    /// it formats): either every value is valid and all are written, each with its correction,
    /// or a `FieldRefused` error names the first refused field and nothing is written.
    /// `moveTo` files the receipt under another event in the same transaction.
    @discardableResult
    public func setFields(_ changes: [(field: ReceiptField, value: String?)], receiptId: Int64,
                          moveTo eventId: Int64? = nil) throws -> Receipt {
        try dbPool.write { db in
            try Self.setFields(changes, receiptId: receiptId, moveTo: eventId, in: db,
                               knownCategories: knownCategories, reviewThreshold: reviewThreshold)
        }
    }

    /// `setFields` inside a caller's transaction (one that also sets a cost type, say).
    static func setFields(_ changes: [(field: ReceiptField, value: String?)], receiptId: Int64, moveTo eventId: Int64?,
                          in db: Database, knownCategories: Set<String>?, reviewThreshold: Double) throws -> Receipt {
        var latest: Receipt?
        if let eventId {
            guard try Event.exists(db, key: eventId) else { throw StoreError.eventNotFound("with id \(eventId)") }
            guard var receipt = try Receipt.fetchOne(db, key: receiptId) else { throw StoreError.receiptNotFound(receiptId) }
            receipt.eventId = eventId
            receipt.updatedAt = Date()
            try receipt.update(db)
            latest = receipt
        }
        for (field, value) in changes {
            do {
                latest = try Self.setField(field, to: value, receiptId: receiptId, in: db,
                                           knownCategories: knownCategories, reviewThreshold: reviewThreshold)
            } catch let error as StoreError {
                throw FieldRefused(field: field, reason: error)
            }
        }
        guard let latest = try latest ?? Receipt.fetchOne(db, key: receiptId) else {
            throw StoreError.receiptNotFound(receiptId)
        }
        return latest
    }

    /// Which field of a multi-field save was refused, and why; nothing of that save was written.
    public struct FieldRefused: Error, CustomStringConvertible {
        public var field: ReceiptField
        public var reason: StoreError
        public var description: String { "\(field.rawValue): \(reason)" }
    }

    static func setField(_ field: ReceiptField, to value: String?, receiptId: Int64, in db: Database,
                                 knownCategories: Set<String>?, reviewThreshold: Double) throws -> Receipt {
        do {
            guard var receipt = try Receipt.fetchOne(db, key: receiptId) else {
                throw StoreError.receiptNotFound(receiptId)
            }
            let currencyForMoney = field == .currency ? nil : receipt.currency
            let canonical = try Validation.canonical(field, value, currency: currencyForMoney,
                                                     knownCategories: knownCategories)
            let oldValue = receipt.value(of: field)
            let vendorBefore = receipt.vendor
            try Self.apply(field, canonical, to: &receipt)
            if canonical == nil {
                receipt.confidence[field.rawValue] = nil
            } else {
                receipt.confidence[field.rawValue] = 1.0
            }
            receipt.status = receipt.computedStatus(threshold: reviewThreshold)
            receipt.updatedAt = Date()
            try receipt.update(db)
            // Confirming the value already there makes it certain, but corrects nothing.
            guard receipt.value(of: field) != oldValue else { return receipt }

            var correction = Correction(receiptId: receiptId, field: field.rawValue, oldValue: oldValue,
                                        newValue: receipt.value(of: field),
                                        vendor: receipt.vendor ?? vendorBefore, at: receipt.updatedAt)
            try correction.insert(db)
            return try Receipt.fetchOne(db, key: receiptId) ?? receipt
        }
    }

    /// Every correction of the receipt, oldest first.
    public func corrections(receiptId: Int64) throws -> [Correction] {
        try dbPool.read { db in
            try Correction.filter(Correction.Columns.receiptId == receiptId)
                .order(Correction.Columns.at, Correction.Columns.id)
                .fetchAll(db)
        }
    }

    /// `VendorKey` → category id, from the user's category corrections; the latest wins.
    public func learnedCategories() throws -> [String: String] {
        let rows = try dbPool.read { db in
            try Correction
                .filter(Correction.Columns.field == ReceiptField.category.rawValue)
                .filter(Correction.Columns.vendor != nil && Correction.Columns.newValue != nil)
                .order(Correction.Columns.at, Correction.Columns.id)
                .fetchAll(db)
        }
        var learned: [String: String] = [:]
        for correction in rows {
            guard let vendor = correction.vendor, let category = correction.newValue else { continue }
            let key = VendorKey.make(vendor)
            if !key.isEmpty { learned[key] = category }
        }
        return learned
    }

    static func apply(_ field: ReceiptField, _ canonical: String?, to receipt: inout Receipt) throws {
        func corrupt() -> StoreError { .corruptValue(column: field.rawValue, value: canonical ?? "") }
        switch field {
        case .vendor: receipt.vendor = canonical
        case .date:
            receipt.date = try canonical.map { try LocalDate(iso8601: $0) ?? { throw corrupt() }() }
        case .total:
            receipt.total = try canonical.map { try MoneyFormat.parse($0) ?? { throw corrupt() }() }
        case .tax:
            receipt.tax = try canonical.map { try MoneyFormat.parse($0) ?? { throw corrupt() }() }
        case .currency: receipt.currency = canonical
        case .payment: receipt.payment = canonical
        case .category: receipt.category = canonical
        }
    }
}
