import Foundation
import GRDB
import RebutCore
import Rental

/// What a flat has beyond an event's name: where it is and its tourist-tax zone.
public struct PropertyDetails: Sendable, Hashable {
    public var zone: String?
    public var address: String?
    public var town: String?

    public init(zone: String? = nil, address: String? = nil, town: String? = nil) {
        self.zone = zone
        self.address = address
        self.town = town
    }

    public var isEmpty: Bool { zone == nil && address == nil && town == nil }
}

/// What an import did: bookings added, and rows already in the store (by their key) left alone.
public struct BookingImportOutcome: Sendable {
    public var added: [Booking]
    /// Line numbers of rows whose booking was already imported.
    public var alreadyThere: [Int]
    /// Rows read but refused by the store's checks.
    public var refused: [BookingImport.RowError]
}

extension ExpenseStore {
    // MARK: - Property details

    public func propertyDetails(eventId: Int64) throws -> PropertyDetails? {
        try dbPool.read { db in try Self.propertyDetails(eventId: eventId, in: db) }
    }

    static func propertyDetails(eventId: Int64, in db: Database) throws -> PropertyDetails? {
        guard let row = try Row.fetchOne(db, sql: "SELECT zone, address, town FROM propertyDetails WHERE eventId = ?",
                                         arguments: [eventId]) else { return nil }
        return PropertyDetails(zone: row["zone"], address: row["address"], town: row["town"])
    }

    static func save(_ details: PropertyDetails, eventId: Int64, in db: Database) throws {
        func clean(_ text: String?) -> String? {
            let cleaned = text.map { TextSanitising.withoutControls($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            return cleaned?.isEmpty == true ? nil : cleaned
        }
        try db.execute(sql: """
            INSERT INTO propertyDetails (eventId, zone, address, town) VALUES (?, ?, ?, ?)
            ON CONFLICT(eventId) DO UPDATE SET zone = excluded.zone, address = excluded.address, town = excluded.town
            """, arguments: [eventId, clean(details.zone), clean(details.address), clean(details.town)])
    }

    /// Creates an event with its flat or project details in one transaction.
    public func createEvent(_ event: Event, property: PropertyDetails?, project: ProjectDetails?) throws -> Event {
        var event = try Self.validated(event)
        event.id = nil
        let project = try project.map(Self.validated)
        return try dbPool.write { db in
            if let existing = try Event.filter(Event.Columns.name == event.name).fetchOne(db) {
                throw StoreError.duplicateEventName(existing.name)
            }
            try event.insert(db)
            if let property, !property.isEmpty { try Self.save(property, eventId: event.id!, in: db) }
            if let project { try Self.save(project, eventId: event.id!, in: db) }
            return try Event.fetchOne(db, key: event.id) ?? event
        }
    }

    /// Updates an event and (when given) its details in one transaction.
    public func updateEvent(_ event: Event, property: PropertyDetails?, project: ProjectDetails?) throws {
        let event = try Self.validated(event)
        let project = try project.map(Self.validated)
        guard let id = event.id else { throw StoreError.eventNotFound("without an id") }
        try dbPool.write { db in
            guard try Event.exists(db, key: id) else { throw StoreError.eventNotFound("with id \(id)") }
            if let clash = try Event.filter(Event.Columns.name == event.name && Event.Columns.id != id).fetchOne(db) {
                throw StoreError.duplicateEventName(clash.name)
            }
            try event.update(db)
            if let property { try Self.save(property, eventId: id, in: db) }
            if let project { try Self.save(project, eventId: id, in: db) }
        }
    }

    // MARK: - Bookings

    public func bookings(eventId: Int64) throws -> [Booking] {
        try dbPool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM booking WHERE eventId = ? ORDER BY checkIn, id", arguments: [eventId])
                .map(Self.booking(from:))
        }
    }

    /// The booking and the flat it belongs to.
    public func booking(id: Int64) throws -> (booking: Booking, eventId: Int64)? {
        try dbPool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM booking WHERE id = ?", arguments: [id]).map { row in
                (try Self.booking(from: row), row["eventId"])
            }
        }
    }

    @discardableResult
    public func addBooking(_ booking: Booking, eventId: Int64) throws -> Booking {
        let booking = try Self.validated(booking)
        return try dbPool.write { db in
            guard try Event.exists(db, key: eventId) else { throw StoreError.eventNotFound("with id \(eventId)") }
            return try Self.insert(booking, eventId: eventId, importKey: nil, in: db)
        }
    }

    public func updateBooking(_ booking: Booking) throws {
        let booking = try Self.validated(booking)
        guard let id = booking.id else { throw StoreError.bookingNotFound(0) }
        try dbPool.write { db in
            try db.execute(sql: """
                UPDATE booking SET checkIn = ?, nights = ?, adults = ?, children = ?, amount = ?, currency = ?,
                guest = ?, channel = ? WHERE id = ?
                """, arguments: Self.values(booking) + [id])
            guard db.changesCount == 1 else { throw StoreError.bookingNotFound(id) }
        }
    }

    public func deleteBooking(id: Int64) throws {
        try dbPool.write { db in
            try db.execute(sql: "DELETE FROM booking WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw StoreError.bookingNotFound(id) }
        }
    }

    /// Adds the rows not imported before (by key), all in one transaction: an import stopped
    /// half-way adds nothing, and running it again adds nothing twice. A row the store refuses
    /// (no guests, a year-long stay…) is named by its line and the others still go in.
    public func importBookings(_ rows: [BookingImport.Row], eventId: Int64) throws -> BookingImportOutcome {
        var outcome = BookingImportOutcome(added: [], alreadyThere: [], refused: [])
        var valid: [BookingImport.Row] = []
        for var row in rows {
            do {
                row.booking = try Self.validated(row.booking)
                valid.append(row)
            } catch let error as StoreError {
                outcome.refused.append(BookingImport.RowError(line: row.line, reason: "\(error)"))
            }
        }
        return try dbPool.write { db in
            guard try Event.exists(db, key: eventId) else { throw StoreError.eventNotFound("with id \(eventId)") }
            var outcome = outcome
            for row in valid {
                let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM booking WHERE eventId = ? AND importKey = ?)",
                                               arguments: [eventId, row.key]) ?? false
                if exists {
                    outcome.alreadyThere.append(row.line)
                } else {
                    outcome.added.append(try Self.insert(row.booking, eventId: eventId, importKey: row.key, in: db))
                }
            }
            return outcome
        }
    }

    private static func insert(_ booking: Booking, eventId: Int64, importKey: String?, in db: Database) throws -> Booking {
        try db.execute(sql: """
            INSERT INTO booking (checkIn, nights, adults, children, amount, currency, guest, channel, eventId, importKey, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: values(booking) + [eventId, importKey, Date()])
        var stored = booking
        stored.id = db.lastInsertedRowID
        return stored
    }

    private static func values(_ b: Booking) -> StatementArguments {
        [b.checkIn.iso8601, b.nights, b.adults, b.children, MoneyText.text(b.amount, currency: b.currency), b.currency,
         b.guest, b.channel]
    }

    private static func booking(from row: Row) throws -> Booking {
        let checkInText: String = row["checkIn"]
        guard let checkIn = LocalDate(iso8601: checkInText) else { throw StoreError.corruptValue(column: "checkIn", value: checkInText) }
        return Booking(id: row["id"], checkIn: checkIn, nights: row["nights"], adults: row["adults"], children: row["children"],
                       amount: try MoneyText.decode(row["amount"], column: "amount") ?? 0, currency: row["currency"],
                       guest: row["guest"], channel: row["channel"])
    }

    static func validated(_ booking: Booking) throws -> Booking {
        var booking = booking
        guard booking.nights >= 1 else {
            throw StoreError.invalidValue(field: "nights", value: "\(booking.nights)", reason: "a stay has at least one night")
        }
        guard booking.nights <= 366 else {
            throw StoreError.invalidValue(field: "nights", value: "\(booking.nights)", reason: "more than a year")
        }
        guard booking.adults >= 0, booking.children >= 0, booking.adults + booking.children >= 1 else {
            throw StoreError.invalidValue(field: "guests", value: "\(booking.adults) adults, \(booking.children) children",
                                          reason: "a booking has at least one guest")
        }
        booking.currency = try Validation.currency(booking.currency)
        booking.guest = booking.guest.map { TextSanitising.withoutControls($0).trimmingCharacters(in: .whitespaces) }
        if booking.guest?.isEmpty == true { booking.guest = nil }
        booking.channel = booking.channel.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if booking.channel?.isEmpty == true { booking.channel = nil }
        return booking
    }

    // MARK: - Tourist-tax rates

    public func touristTaxRates() throws -> [TouristTaxRate] {
        try dbPool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM touristTaxRate ORDER BY zone, validFrom").map { row in
                let from: String = row["validFrom"], rate: String = row["rate"]
                guard let day = LocalDate(iso8601: from) else { throw StoreError.corruptValue(column: "validFrom", value: from) }
                guard let amount = MoneyFormat.parse(rate) else { throw StoreError.corruptValue(column: "rate", value: rate) }
                return TouristTaxRate(zone: row["zone"], validFrom: day, perPersonNight: amount, currency: row["currency"],
                                      note: row["note"])
            }
        }
    }

    /// Adds a rate, or replaces the one of that zone starting that day.
    public func setTouristTaxRate(_ rate: TouristTaxRate) throws {
        let zone = rate.zone.trimmingCharacters(in: .whitespaces)
        guard !zone.isEmpty, zone.count <= 40 else {
            throw StoreError.invalidValue(field: "zone", value: zone, reason: "a zone needs a short name or number")
        }
        guard rate.perPersonNight >= 0 else {
            throw StoreError.invalidValue(field: "rate", value: "\(rate.perPersonNight)", reason: "a rate cannot be negative")
        }
        let currency = try Validation.currency(rate.currency)
        try dbPool.write { db in
            try db.execute(sql: """
                INSERT INTO touristTaxRate (zone, validFrom, rate, currency, note) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(zone, validFrom) DO UPDATE SET rate = excluded.rate, currency = excluded.currency,
                note = COALESCE(excluded.note, touristTaxRate.note)
                """, arguments: [zone, rate.validFrom.iso8601, MoneyText.text(rate.perPersonNight, currency: currency),
                                 currency, rate.note])
        }
    }

    // MARK: - Billing periods

    /// Receipt id → the billing period printed on the bill, for one event's receipts.
    public func billingPeriods(eventId: Int64) throws -> [Int64: BillingPeriod] {
        try dbPool.read { db in
            var periods: [Int64: BillingPeriod] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT p.receiptId, p.startDate, p.endDate FROM receiptBillingPeriod p
                JOIN receipt r ON r.id = p.receiptId WHERE r.eventId = ?
                """, arguments: [eventId]) {
                if let start = LocalDate(iso8601: row["startDate"]), let end = LocalDate(iso8601: row["endDate"]),
                   let period = BillingPeriod(start: start, end: end) {
                    periods[row["receiptId"]] = period
                }
            }
            return periods
        }
    }

    public func setBillingPeriod(_ period: BillingPeriod?, receiptId: Int64) throws {
        try dbPool.write { db in
            guard try Receipt.exists(db, key: receiptId) else { throw StoreError.receiptNotFound(receiptId) }
            try Self.save(period, receiptId: receiptId, in: db)
        }
    }

    static func save(_ period: BillingPeriod?, receiptId: Int64, in db: Database) throws {
        guard let period else {
            try db.execute(sql: "DELETE FROM receiptBillingPeriod WHERE receiptId = ?", arguments: [receiptId])
            return
        }
        try db.execute(sql: "INSERT OR REPLACE INTO receiptBillingPeriod (receiptId, startDate, endDate) VALUES (?, ?, ?)",
                       arguments: [receiptId, period.start.iso8601, period.end.iso8601])
    }
}

extension ExpenseStore {
    /// The active flat whose address is printed on `lines` (see `AddressMatcher`), if exactly one is.
    public func property(addressedIn lines: [String]) throws -> Event? {
        let rows = try dbPool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT e.id, d.address FROM event e JOIN propertyDetails d ON d.eventId = e.id
                WHERE e.kind = 'property' AND e.active AND d.address IS NOT NULL
                """)
        }
        guard !rows.isEmpty else { return nil }
        let matcher = AddressMatcher(rows.map { AddressMatcher.Candidate(id: $0["id"], address: $0["address"]) })
        return try matcher.match(lines).flatMap { try event(id: $0) }
    }
}
