import DomainReports
import ArgumentParser
import Foundation
import RebutCore
import Rental
import Store

struct BookingsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add",
        abstract: "Record one stay in a flat.",
        discussion: """
        Adults pay the tourist tax per night; children under 16 do not. The amount is what the \
        guest paid for the stay, in the flat's currency unless --currency says otherwise.

        Examples:
          rebut bookings add "Flat 2B" --checkin 2025-01-10 --nights 3 --adults 2 --amount 420.00
          rebut bookings add "Flat 2B" --checkin 2025-02-20 --nights 4 --adults 2 --children 2 --amount 610 --guest "Anna Puig" --channel booking
        """)

    @Argument(help: "The flat (an event of kind property).") var flat: String
    @Option(name: .long, help: "Check-in day, YYYY-MM-DD.") var checkin: LocalDate
    @Option(name: .long, help: "Nights stayed.") var nights: Int
    @Option(name: .long, help: "Guests aged 16 or over.") var adults: Int
    @Option(name: .long, help: "Guests under 16 (exempt from the tourist tax).") var children: Int = 0
    @Option(name: .long, help: "What the guest paid, e.g. 420.00.") var amount: MoneyArgument
    @Option(name: .long, help: "Currency, ISO 4217 (default: the flat's, else EUR).") var currency: CurrencyCode?
    @Option(name: .long, help: "The guest's name.") var guest: String?
    @Option(name: .long, help: "Where it was booked: airbnb, booking, direct…") var channel: String?
    @Flag(name: .long, help: "Print the booking as JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if nights < 1 { throw ValidationError("--nights must be at least 1") }
        if adults < 0 || children < 0 { throw ValidationError("--adults and --children cannot be negative") }
        if adults + children < 1 { throw ValidationError("a booking has at least one guest") }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let event = try BookingFormatting.property(flat, in: store)
        let booking = Booking(checkIn: checkin, nights: nights, adults: adults, children: children, amount: amount.amount,
                              currency: currency?.code ?? event.currency ?? "EUR", guest: guest, channel: channel)
        do {
            let saved = try store.addBooking(booking, eventId: event.id!)
            print(json ? JSONValue.pretty(BookingFormatting.json(saved)) : "added \(BookingFormatting.row(saved))")
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
    }
}
