import RebutCore
import Store

/// Writes what the screen chose through the store's own correction path, all fields in one
/// transaction: each change is validated and recorded as a correction, the status recomputed,
/// and a refused value leaves the receipt exactly as it was.
public enum ReviewSaver {
    public enum Outcome: Sendable {
        case saved(Receipt)
        /// The store refused `field`; nothing was written (`applied` is kept empty for the session).
        case refused(field: ReceiptField, reason: String, applied: [ReceiptField], receipt: Receipt?)
    }

    public static func save(_ changes: ReviewChanges, to store: ExpenseStore) -> Outcome {
        guard !changes.changes.isEmpty else {
            if let unchanged = try? store.receipt(id: changes.receiptId) { return .saved(unchanged) }
            return .refused(field: .vendor, reason: "receipt #\(changes.receiptId) is gone", applied: [], receipt: nil)
        }
        do {
            let saved = try store.setFields(changes.changes.map { ($0.field, $0.value) }, receiptId: changes.receiptId)
            return .saved(saved)
        } catch let refused as ExpenseStore.FieldRefused {
            return .refused(field: refused.field, reason: "\(refused.reason)", applied: [],
                            receipt: (try? store.receipt(id: changes.receiptId)) ?? nil)
        } catch {
            return .refused(field: changes.fields.first ?? .vendor, reason: "\(error)", applied: [],
                            receipt: (try? store.receipt(id: changes.receiptId)) ?? nil)
        }
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
