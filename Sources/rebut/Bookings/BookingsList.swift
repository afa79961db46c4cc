import DomainReports
import ArgumentParser
import Foundation
import Rental
import Store

struct BookingsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list",
        abstract: "List a flat's bookings, by check-in.",
        discussion: """
        Examples:
          rebut bookings list "Flat 2B"
          rebut bookings list "Flat 2B" --quarter 2025Q1 --json
        """)

    @Argument(help: "The flat.") var flat: String
    @Option(name: .long, help: "Only stays checking in this quarter (2025Q1).") var quarter: String?
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let quarter, Quarter(quarter) == nil { throw ValidationError("--quarter '\(quarter)' is not a quarter such as 2025Q1") }
    }

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let event = try BookingFormatting.property(flat, in: store)
        var bookings = try store.bookings(eventId: event.id!)
        if let quarter = quarter.flatMap(Quarter.init) { bookings = bookings.filter { quarter.contains($0.checkIn) } }
        if json {
            print(JSONValue.pretty(bookings.map(BookingFormatting.json)))
        } else if bookings.isEmpty {
            print("no bookings for \(event.name)\(quarter.map { " in \($0)" } ?? "")")
        } else {
            for booking in bookings { print(BookingFormatting.row(booking)) }
        }
    }
}
