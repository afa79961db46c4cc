import ArgumentParser
import Foundation
import RebutCore
import Store

struct EventsCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an event.")

    @Argument(help: "The event's name, unique regardless of case.") var name: String
    @Option(name: .long, help: "trip, property, project or other.") var kind: EventKind = .other
    @Option(name: .long, help: "Where it happens (a city, a flat's address).") var place: String?
    @Option(name: .long, help: "First day (YYYY-MM-DD).") var start: LocalDate?
    @Option(name: .long, help: "Last day (YYYY-MM-DD).") var end: LocalDate?
    @Option(name: .long, help: "Default currency, ISO 4217 (EUR, GBP, MYR…).") var currency: CurrencyCode?
    @Flag(name: .customLong("if-missing"), help: "Do nothing when an event of that name exists.") var ifMissing = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let start, let end, end < start { throw ValidationError("--end \(end) is before --start \(start)") }
        if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the name is empty") }
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
                                                endDate: end, currency: currency?.code))
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print("created event \(event.name) [\(event.kind.rawValue)]")
    }
}
