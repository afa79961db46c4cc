import Foundation
import GRDB
import RebutCore
import Testing
@testable import Store

@Suite struct SchemaTests {
    @Test func migrationsCreateTheSchema() throws {
        let folder = try TemporaryFolder()
        _ = try folder.makeStore()
        let db = try DatabaseQueue(path: folder.databaseURL.path)
        try db.read { db in
            for table in ["event", "receipt", "correction", "receipt_ft"] {
                #expect(try db.tableExists(table), "missing table \(table)")
            }
            let columns = try Dictionary(uniqueKeysWithValues: db.columns(in: "receipt").map { ($0.name, $0.type) })
            #expect(columns["total"] == "TEXT")
            #expect(columns["tax"] == "TEXT")
            #expect(columns["date"] == "TEXT")
            #expect(try db.table("receipt", hasUniqueKey: ["sha256"]))
            #expect(try db.table("event", hasUniqueKey: ["name"]))
            let journal = try String.fetchOne(db, sql: "PRAGMA journal_mode")
            #expect(journal == "wal")
            let foreignKeys = try db.foreignKeys(on: "receipt")
            #expect(foreignKeys.contains { $0.destinationTable == "event" })
        }
    }

    @Test func reopeningAStoreKeepsItsData() throws {
        let folder = try TemporaryFolder()
        do {
            let store = try folder.makeStore()
            _ = try store.createEvent(Event(name: "Kuala Lumpur 2019", kind: .trip))
        }
        let reopened = try folder.makeStore()
        #expect(try reopened.events().map(\.name) == ["Kuala Lumpur 2019"])
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(ExpenseStore.defaultPath(environment: ["REBUT_STORE": "/data/x.sqlite", "HOME": "/home/u"]).path
                == "/data/x.sqlite")
        #expect(ExpenseStore.defaultPath(environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]).path
                == "/xdg/rebut/rebut.sqlite")
        #expect(ExpenseStore.defaultPath(environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/share/rebut/rebut.sqlite")
        // The XDG spec says relative values are invalid and must be ignored.
        #expect(ExpenseStore.defaultPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"]).path
                == "/home/u/.local/share/rebut/rebut.sqlite")
    }
}

@Suite struct EventTests {
    @Test func createFetchUpdateDelete() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let created = try store.createEvent(Event(name: "  Lisbon 2024 ", kind: .trip, place: "Lisbon",
                                                  startDate: LocalDate(year: 2024, month: 5, day: 2),
                                                  endDate: LocalDate(year: 2024, month: 5, day: 6), currency: "eur"))
        let id = try #require(created.id)
        #expect(created.name == "Lisbon 2024")
        #expect(created.currency == "EUR")
        #expect(try store.event(named: "LISBON 2024")?.id == id)
        #expect(try store.event(id: id)?.place == "Lisbon")

        var renamed = created
        renamed.name = "Lisboa 2024"
        renamed.active = false
        try store.updateEvent(renamed)
        #expect(try store.event(id: id)?.name == "Lisboa 2024")
        #expect(try store.event(id: id)?.active == false)
        #expect(try store.event(named: "Lisbon 2024") == nil)

        #expect(try store.deleteEvent(id: id) == 0)
        #expect(try store.events().isEmpty)
        #expect(throws: StoreError.eventNotFound("with id \(id)")) { try store.deleteEvent(id: id) }
    }

    @Test func namesAreUniqueIgnoringCase() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        _ = try store.createEvent(Event(name: "Flat Gràcia", kind: .property))
        #expect(throws: StoreError.duplicateEventName("Flat Gràcia")) {
            try store.createEvent(Event(name: "flat gràcia", kind: .property))
        }
        let other = try store.createEvent(Event(name: "Flat Sants", kind: .property))
        var clash = other
        clash.name = "FLAT GRÀCIA".lowercased()
        #expect(throws: StoreError.duplicateEventName("Flat Gràcia")) { try store.updateEvent(clash) }
        #expect(try store.events().count == 2)
    }

    @Test func ensureEventReusesAnExistingEvent() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let first = try store.ensureEvent(named: "R&D Widget", kind: .project)
        let second = try store.ensureEvent(named: "r&d widget", kind: .trip)
        #expect(first.id == second.id)
        #expect(second.kind == .project)
        #expect(try store.events().count == 1)
    }

    @Test func invalidEventsAreRejectedWithAReason() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        #expect(throws: StoreError.invalidValue(field: "event name", value: "", reason: "a name is required")) {
            try store.createEvent(Event(name: "   "))
        }
        #expect(throws: StoreError.self) {
            try store.createEvent(Event(name: "Backwards", startDate: LocalDate(year: 2024, month: 5, day: 6),
                                        endDate: LocalDate(year: 2024, month: 5, day: 2)))
        }
        #expect(throws: StoreError.self) { try store.createEvent(Event(name: "Money", currency: "EURO")) }
        #expect(try store.events().isEmpty)
    }

    @Test func eventContainingPicksTheActiveEventOfTheDay() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let year = try store.createEvent(Event(name: "Project 2024", kind: .project,
                                               startDate: LocalDate(year: 2024, month: 1, day: 1)))
        let trip = try store.createEvent(Event(name: "Berlin", kind: .trip,
                                               startDate: LocalDate(year: 2024, month: 3, day: 10),
                                               endDate: LocalDate(year: 2024, month: 3, day: 14)))
        _ = try store.createEvent(Event(name: "Old trip", kind: .trip,
                                        startDate: LocalDate(year: 2024, month: 3, day: 1),
                                        endDate: LocalDate(year: 2024, month: 3, day: 20), active: false))
        #expect(try store.eventContaining(date: LocalDate(year: 2024, month: 3, day: 14)!)?.id == trip.id)
        #expect(try store.eventContaining(date: LocalDate(year: 2024, month: 3, day: 15)!)?.id == year.id)
        #expect(try store.eventContaining(date: LocalDate(year: 2023, month: 12, day: 31)!) == nil)
    }
}
