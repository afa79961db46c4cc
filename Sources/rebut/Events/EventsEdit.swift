import ArgumentParser
import Foundation
import RebutCore
import Store

struct EventsEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit",
        abstract: "Change an event's name, kind, place, dates, currency or active flag.")

    @Argument(help: "The event's current name.") var name: String
    @Option(name: .customLong("name"), help: "A new name.") var newName: String?
    @Option(name: .long, help: "trip, property, project or other.") var kind: EventKind?
    @Option(name: .long, help: "Where it happens.") var place: String?
    @Option(name: .long, help: "First day (YYYY-MM-DD).") var start: LocalDate?
    @Option(name: .long, help: "Last day (YYYY-MM-DD).") var end: LocalDate?
    @Option(name: .long, help: "Default currency, ISO 4217.") var currency: CurrencyCode?
    @Flag(inversion: .prefixedNo, help: "Whether the watched folder may file receipts into it by date.") var active: Bool?
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        var event = try EventLookup.find(name, in: store)
        if let newName { event.name = newName }
        if let kind { event.kind = kind }
        if let place { event.place = place }
        if let start { event.startDate = start }
        if let end { event.endDate = end }
        if let currency { event.currency = currency.code }
        if let active { event.active = active }
        if let s = event.startDate, let e = event.endDate, e < s {
            throw ValidationError("the end \(e) would be before the start \(s)")
        }
        try store.updateEvent(event)
        print(EventSummary(event, receipts: try store.receipts(eventId: event.id)).oneLine)
    }
}
