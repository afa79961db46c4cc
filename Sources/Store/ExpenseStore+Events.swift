import Foundation
import GRDB
import RebutCore

extension ExpenseStore {
    /// Inserts a new event; its name must not exist yet, ignoring case.
    public func createEvent(_ event: Event) throws -> Event {
        var event = try Self.validated(event)
        event.id = nil
        return try dbPool.write { db in
            if let existing = try Event.filter(Event.Columns.name == event.name).fetchOne(db) {
                throw StoreError.duplicateEventName(existing.name)
            }
            try event.insert(db)
            return try Event.fetchOne(db, key: event.id) ?? event
        }
    }

    /// Case-insensitive lookup.
    public func event(named name: String) throws -> Event? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try dbPool.read { db in
            try Event.filter(Event.Columns.name == name).fetchOne(db)
        }
    }

    public func event(id: Int64) throws -> Event? {
        try dbPool.read { db in try Event.fetchOne(db, key: id) }
    }

    /// All events, newest start first; undated events last, by name.
    public func events() throws -> [Event] {
        try dbPool.read { db in
            try Event.order((Event.Columns.startDate == nil), Event.Columns.startDate.desc,
                            Event.Columns.name.collating(.nocase))
                .fetchAll(db)
        }
    }

    public func updateEvent(_ event: Event) throws {
        let event = try Self.validated(event)
        guard let id = event.id else { throw StoreError.eventNotFound("without an id") }
        try dbPool.write { db in
            guard try Event.exists(db, key: id) else { throw StoreError.eventNotFound("with id \(id)") }
            if let clash = try Event.filter(Event.Columns.name == event.name && Event.Columns.id != id)
                .fetchOne(db) {
                throw StoreError.duplicateEventName(clash.name)
            }
            try event.update(db)
        }
    }

    /// Deletes the event with its receipts and their images; returns how many receipts went.
    /// Corrections are kept (detached from their receipt) so learned categories survive.
    @discardableResult
    public func deleteEvent(id: Int64) throws -> Int {
        let imagePaths: [String] = try dbPool.write { db in
            guard try Event.exists(db, key: id) else { throw StoreError.eventNotFound("with id \(id)") }
            let paths = try String.fetchAll(db, Receipt
                .select(Receipt.Columns.imagePath)
                .filter(Receipt.Columns.eventId == id))
            _ = try Event.deleteOne(db, key: id)
            return paths
        }
        // Only after the commit: a rolled-back delete must not lose images.
        for path in imagePaths { images.remove(relativePath: path) }
        return imagePaths.count
    }

    /// Deletes the event only if it has no receipts (checked in the same transaction, so a
    /// receipt filed meanwhile by another process keeps it). Returns whether it went.
    @discardableResult
    public func deleteEventIfEmpty(id: Int64) throws -> Bool {
        try dbPool.write { db in
            guard try Receipt.filter(Receipt.Columns.eventId == id).fetchCount(db) == 0 else { return false }
            return try Event.deleteOne(db, key: id)
        }
    }

    /// The event with this name, created with `kind` if there is none yet.
    public func ensureEvent(named name: String, kind: EventKind = .other) throws -> Event {
        let event = try Self.validated(Event(name: name, kind: kind))
        return try dbPool.write { db in
            if let existing = try Event.filter(Event.Columns.name == event.name).fetchOne(db) {
                return existing
            }
            var new = event
            try new.insert(db)
            return try Event.fetchOne(db, key: new.id) ?? new
        }
    }

    /// The active event whose dates contain `date`, for receipts dropped in the watched folder.
    /// When several do, the one that started last wins (a trip inside a year-long project).
    public func eventContaining(date: LocalDate) throws -> Event? {
        let candidates = try dbPool.read { db in
            try Event
                .filter(Event.Columns.active == true)
                .filter(Event.Columns.startDate != nil && Event.Columns.startDate <= date.iso8601)
                .filter(Event.Columns.endDate == nil || Event.Columns.endDate >= date.iso8601)
                .fetchAll(db)
        }
        return candidates.filter { $0.contains(date) }.max { a, b in
            (a.startDate!, -(a.id ?? 0)) < (b.startDate!, -(b.id ?? 0))
        }
    }

    static func validated(_ event: Event) throws -> Event {
        var event = event
        event.name = TextSanitising.withoutControls(event.name).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !event.name.isEmpty else {
            throw StoreError.invalidValue(field: "event name", value: "", reason: "a name is required")
        }
        guard event.name.count <= 200 else {
            throw StoreError.invalidValue(field: "event name", value: event.name, reason: "longer than 200 characters")
        }
        event.place = event.place.map { TextSanitising.withoutControls($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        if event.place?.isEmpty == true { event.place = nil }
        if let currency = event.currency {
            event.currency = try Validation.currency(currency)
        }
        if let start = event.startDate, let end = event.endDate, end < start {
            throw StoreError.invalidValue(field: "event dates", value: "\(start)…\(end)",
                                          reason: "the end is before the start")
        }
        return event
    }
}
