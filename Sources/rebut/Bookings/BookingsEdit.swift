import ArgumentParser
import Foundation
import RebutCore
import Rental
import Store

struct BookingsEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit",
        abstract: "Change a booking.",
        discussion: """
        `none` clears the guest or the channel.

        Examples:
          rebut bookings edit 7 --adults 3 --children 0
          rebut bookings edit 7 --checkin 2025-03-30 --nights 2 --guest none
        """)

    @Argument(help: "The booking's id (see `rebut bookings list FLAT`).") var id: Int64
    @Option(name: .long, help: "Check-in day, YYYY-MM-DD.") var checkin: LocalDate?
    @Option(name: .long, help: "Nights stayed.") var nights: Int?
    @Option(name: .long, help: "Guests aged 16 or over.") var adults: Int?
    @Option(name: .long, help: "Guests under 16.") var children: Int?
    @Option(name: .long, help: "What the guest paid.") var amount: MoneyArgument?
    @Option(name: .long, help: "Currency, ISO 4217.") var currency: CurrencyCode?
    @Option(name: .long, help: "The guest's name, or none.") var guest: String?
    @Option(name: .long, help: "The channel, or none.") var channel: String?
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if [checkin as Any?, nights, adults, children, amount, currency, guest, channel].allSatisfy({ $0 == nil }) {
            throw ValidationError("name at least one value to change, e.g. --adults 3")
        }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        var booking = try BookingFormatting.find(id, in: store).booking
        if let checkin { booking.checkIn = checkin }
        if let nights { booking.nights = nights }
        if let adults { booking.adults = adults }
        if let children { booking.children = children }
        if let amount { booking.amount = amount.amount }
        if let currency { booking.currency = currency.code }
        if let guest { booking.guest = guest.lowercased() == "none" ? nil : guest }
        if let channel { booking.channel = channel.lowercased() == "none" ? nil : channel }
        do {
            try store.updateBooking(booking)
        } catch let error as StoreError {
            printError("rebut: booking #\(id): \(error); nothing was changed")
            throw RebutExit.notFound
        }
        print(BookingFormatting.row(try BookingFormatting.find(id, in: store).booking))
    }
}
