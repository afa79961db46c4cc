import ArgumentParser
import Foundation
import RebutCore
import Store

struct EventsCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an event.",
        discussion: """
        A flat (--kind property) has a tourist-tax zone, an address and a town; a project \
        (--kind project) a type, a fiscal year, subsidies and, for R&D, the spending of the two \
        previous years.

        Examples:
          rebut events create "London, March" --kind trip --start 2026-03-02 --end 2026-03-06 --currency GBP
          rebut events create "Flat 2B" --kind property --zone 1 --address "C/ Verdi 12, 2B" --town Barcelona --currency EUR
          rebut events create "Sensor R&D" --kind project --project-type rd --fiscal-year 2025 --subsidies 20000 \
            --previous-rd 2023:50000 --previous-rd 2024:70000 --currency EUR
        """)

    @Argument(help: "The event's name, unique regardless of case.") var name: String
    @Option(name: .long, help: "trip, property, project or other.") var kind: EventKind = .other
    @Option(name: .long, help: "Where it happens (a city, a flat's address).") var place: String?
    @Option(name: .long, help: "First day (YYYY-MM-DD).") var start: LocalDate?
    @Option(name: .long, help: "Last day (YYYY-MM-DD).") var end: LocalDate?
    @Option(name: .long, help: "Default currency, ISO 4217 (EUR, GBP, MYR…).") var currency: CurrencyCode?
    @Flag(name: .customLong("if-missing"), help: "Do nothing when an event of that name exists.") var ifMissing = false
    @OptionGroup(title: "Flats and projects") var details: EventDetailOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let start, let end, end < start { throw ValidationError("--end \(end) is before --start \(start)") }
        if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the name is empty") }
        if let mismatch = details.mismatch(for: kind) { throw ValidationError(mismatch) }
    }

    func run() async throws {
        let store = try storeOptions.open(.create)
        if let existing = try store.event(named: name) {
            if ifMissing { print("event exists: \(existing.name)"); return }
            printError("rebut: an event named '\(existing.name)' already exists")
            throw RebutExit.notFound
        }
        let event: Event
        do {
            event = try store.createEvent(Event(name: name, kind: kind, place: place, startDate: start,
                                                endDate: end, currency: currency?.code),
                                          property: details.property(updating: nil), project: details.project(updating: nil))
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print("created event \(event.name) [\(event.kind.rawValue)]")
        EventDetailsText.warnIfZoneHasNoRate(details.zone, in: store)
    }
}
