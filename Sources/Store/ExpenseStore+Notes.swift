import Foundation
import GRDB
import RebutCore

extension ExpenseStore {
    /// Sets or clears (nil or blank) the receipt's free-text note. Control characters are
    /// dropped and the note is kept to 2,000 characters: it is printed in reports and terminals.
    @discardableResult
    public func setNote(_ note: String?, receiptId: Int64) throws -> Receipt {
        let cleaned = note.map { TextSanitising.withoutControls($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        if let cleaned, cleaned.count > 2000 {
            throw StoreError.invalidValue(field: "note", value: cleaned, reason: "longer than 2000 characters")
        }
        return try dbPool.write { db in
            guard var receipt = try Receipt.fetchOne(db, key: receiptId) else { throw StoreError.receiptNotFound(receiptId) }
            receipt.note = cleaned?.isEmpty == false ? cleaned : nil
            receipt.updatedAt = Date()
            try receipt.update(db)
            return receipt
        }
    }
}
