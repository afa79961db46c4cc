import Foundation
import GRDB
import RebutCore

/// One change the user made to a receipt field. Every correction is kept: they are the audit
/// trail, and category corrections are what the categoriser learns from.
public struct Correction: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "correction"

    public var id: Int64?
    /// nil once the receipt is deleted: the correction (and what was learned from it) stays.
    public var receiptId: Int64?
    /// A `ReceiptField` raw value.
    public var field: String
    /// Canonical text of the value before and after; nil means "not set".
    public var oldValue: String?
    public var newValue: String?
    /// The receipt's vendor when the correction was made, so learning survives the receipt.
    public var vendor: String?
    public var at: Date

    public init(id: Int64? = nil, receiptId: Int64?, field: String, oldValue: String?, newValue: String?,
                vendor: String? = nil, at: Date = Date()) {
        self.id = id
        self.receiptId = receiptId
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.vendor = vendor
        self.at = at
    }

    public enum Columns {
        public static let id = Column("id")
        public static let receiptId = Column("receiptId")
        public static let field = Column("field")
        public static let oldValue = Column("oldValue")
        public static let newValue = Column("newValue")
        public static let vendor = Column("vendor")
        public static let at = Column("at")
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
