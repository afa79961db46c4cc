import RebutCore
import Store

/// Writes what the screen chose through the store's own correction path, one `setField` per
/// field, so each change is validated, recorded as a correction and the status recomputed.
public enum ReviewSaver {
    public enum Outcome: Sendable {
        case saved(Receipt)
        /// The store refused `field`; the fields in `applied` were written before it.
        case refused(field: ReceiptField, reason: String, applied: [ReceiptField], receipt: Receipt?)
    }

    public static func save(_ changes: ReviewChanges, to store: ExpenseStore) -> Outcome {
        var applied: [ReceiptField] = []
        var latest: Receipt?
        for change in changes.changes {
            do {
                latest = try store.setField(change.field, to: change.value, receiptId: changes.receiptId)
                applied.append(change.field)
            } catch {
                return .refused(field: change.field, reason: "\(error)", applied: applied,
                                receipt: latest ?? (try? store.receipt(id: changes.receiptId)) ?? nil)
            }
        }
        if let latest { return .saved(latest) }
        if let unchanged = try? store.receipt(id: changes.receiptId) { return .saved(unchanged) }
        return .refused(field: changes.fields.first ?? .vendor, reason: "receipt #\(changes.receiptId) is gone",
                        applied: [], receipt: nil)
    }
}

extension ReviewSession {
    /// Applies a save action through the store and feeds the result back to the session.
    public mutating func perform(_ changes: ReviewChanges, on store: ExpenseStore) -> ReviewAction {
        switch ReviewSaver.save(changes, to: store) {
        case .saved(let receipt):
            return didSave(receipt)
        case .refused(let field, let reason, let applied, let receipt):
            saveFailed(applied: applied, refused: field, reason: reason, receipt: receipt)
            return .redraw
        }
    }
}
