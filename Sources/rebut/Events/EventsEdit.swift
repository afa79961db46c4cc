import ArgumentParser
import Foundation
import RebutCore
import Store

struct EventsEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit",
        abstract: "Change an event's name, kind, place, dates, currency or active flag.",
        discussion: """
        `none` clears the place, a date or the currency.

        Examples:
          rebut events edit "London" --start 2024-03-03 --end 2024-03-09 --currency GBP
          rebut events edit "London" --name "London, March" --place none
          rebut events edit "Flat 2B" --zone 2 --town Sitges
          rebut events edit "Sensor R&D" --subsidies 25000 --previous-rd 2024:72000
        """)

    @Argument(help: "The event's current name.") var name: String
    @Option(name: .customLong("name"), help: "A new name.") var newName: String?
    @Option(name: .long, help: "trip, property, project or other.") var kind: EventKind?
    @Option(name: .long, help: "Where it happens, or none.") var place: String?
    @Option(name: .long, help: "First day (YYYY-MM-DD), or none.") var start: Clearable<LocalDate>?
    @Option(name: .long, help: "Last day (YYYY-MM-DD), or none.") var end: Clearable<LocalDate>?
    @Option(name: .long, help: "Default currency, ISO 4217, or none.") var currency: Clearable<CurrencyCode>?
    @Flag(inversion: .prefixedNo, help: "Whether the watched folder may file receipts into it by date.") var active: Bool?
    @OptionGroup(title: "Flats and projects") var details: EventDetailOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let newName, newName.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name is empty") }
        if case .value(let s) = start, case .value(let e) = end, e < s {
            throw ValidationError("--end \(e) is before --start \(s)")
        }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        var event = try EventLookup.find(name, in: store)
        if let newName { event.name = newName }
        if let kind { event.kind = kind }
        if let place { event.place = place.lowercased() == "none" ? nil : place }
        if let start { event.startDate = start.value }
        if let end { event.endDate = end.value }
        if let currency { event.currency = currency.value?.code }
        if let active { event.active = active }
        if let s = event.startDate, let e = event.endDate, e < s {
            // Same code and usage as a range given on the command line (64).
            throw usageFailure(Self.self, path: "events edit", "the end \(e) would be before the start \(s)")
        }
        if let mismatch = details.mismatch(for: event.kind) {
            throw usageFailure(Self.self, path: "events edit", "\(mismatch); \(event.name) is a \(event.kind.rawValue)")
        }
        do {
            try store.updateEvent(event, property: details.property(updating: try store.propertyDetails(eventId: event.id!)),
                                  project: details.project(updating: try store.projectDetails(eventId: event.id!)))
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print(EventSummary(event, receipts: try store.receipts(eventId: event.id)).oneLine)
        if let line = try EventDetailsText.line(event, in: store), details.touchesProperty || details.touchesProject { print(line) }
        EventDetailsText.warnIfZoneHasNoRate(details.zone, in: store)
    }
}

/// An option value or `none`, for fields that can be cleared.
enum Clearable<Value: ExpressibleByArgument>: ExpressibleByArgument {
    case value(Value)
    case cleared

    init?(argument: String) {
        if argument.lowercased() == "none" { self = .cleared; return }
        guard let value = Value(argument: argument) else { return nil }
        self = .value(value)
    }

    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}
