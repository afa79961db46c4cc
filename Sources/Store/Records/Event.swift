import Foundation
import GRDB
import RebutCore

/// What an event groups: a business trip, one rented flat, one R&D project…
public enum EventKind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case trip, property, project, other
}

/// A named bucket of receipts. Names are unique ignoring case, so "Lisbon 2024" and
/// "lisbon 2024" cannot both exist.
public struct Event: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "event"

    public var id: Int64?
    public var name: String
    public var kind: EventKind
    public var place: String?
    /// Both ends inclusive; a nil `endDate` means the event is still going on.
    public var startDate: LocalDate?
    public var endDate: LocalDate?
    /// The currency the user reports this event in (ISO 4217), if any.
    public var currency: String?
    /// Only active events receive receipts from the watched folder.
    public var active: Bool
    public var createdAt: Date

    public init(id: Int64? = nil, name: String, kind: EventKind = .other, place: String? = nil,
                startDate: LocalDate? = nil, endDate: LocalDate? = nil, currency: String? = nil,
                active: Bool = true, createdAt: Date = Date()) {
        self.id = id
        self.name = name
        self.kind = kind
        self.place = place
        self.startDate = startDate
        self.endDate = endDate
        self.currency = currency
        self.active = active
        self.createdAt = createdAt
    }

    public enum Columns {
        public static let id = Column("id")
        public static let name = Column("name")
        public static let kind = Column("kind")
        public static let place = Column("place")
        public static let startDate = Column("startDate")
        public static let endDate = Column("endDate")
        public static let currency = Column("currency")
        public static let active = Column("active")
        public static let createdAt = Column("createdAt")
    }

    public static let receipts = hasMany(Receipt.self)

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Whether `date` falls within the event's dates. An event without a start date is not
    /// tied to a period and contains no date.
    public func contains(_ date: LocalDate) -> Bool {
        guard let startDate, startDate <= date else { return false }
        return endDate.map { date <= $0 } ?? true
    }
}
