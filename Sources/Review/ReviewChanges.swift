import RebutCore

/// A category the person can pick; the CLI passes the categoriser's list so this module does
/// not need the rules.
public struct ReviewCategory: Sendable, Hashable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A value chosen on the screen and not yet saved.
public struct PendingValue: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// Candidate number N (1-based, as shown).
        case candidate(Int)
        case typed
        case category
    }

    public var value: String
    public var source: Source

    public init(value: String, source: Source) {
        self.value = value
        self.source = source
    }
}

/// One `setField` call to make.
public struct FieldChange: Sendable, Hashable {
    public var field: ReceiptField
    public var value: String

    public init(field: ReceiptField, value: String) {
        self.field = field
        self.value = value
    }
}

/// What `s` asks to save for one receipt, in `ReceiptField` order.
///
/// The order matters: category comes after vendor, so a category chosen together with a
/// corrected vendor is learned for the corrected vendor.
public struct ReviewChanges: Sendable, Hashable {
    public var receiptId: Int64
    public var changes: [FieldChange]

    public init(receiptId: Int64, pending: [ReceiptField: PendingValue]) {
        self.receiptId = receiptId
        self.changes = pending.keys.sorted().map { FieldChange(field: $0, value: pending[$0]!.value) }
    }

    public var fields: [ReceiptField] { changes.map(\.field) }
}

/// What the screen asks its driver to do after a key.
public enum ReviewAction: Sendable, Hashable {
    /// The state changed (or not): draw it.
    case redraw
    /// Write these changes to the store, then report back with `didSave` or `saveFailed`.
    case save(ReviewChanges)
    /// No receipts left.
    case finished
    /// The person quit; `discarded` holds the unsaved changes that were dropped, if any.
    case quit(discarded: ReviewChanges?)
}

/// How the session went, for the line printed after the screen closes.
public struct ReviewTally: Sendable, Hashable {
    public var saved = 0
    /// Saved receipts that the store now counts as filed.
    public var filed = 0
    public var skipped = 0

    public init() {}
}
