import ArgumentParser
import Store

struct BookingsDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
        abstract: "Delete a booking.",
        discussion: """
        Example:
          rebut bookings delete 7
        """)

    @Argument(help: "The booking's id.") var id: Int64
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let booking = try BookingFormatting.find(id, in: store).booking
        try store.deleteBooking(id: id)
        print("deleted \(BookingFormatting.row(booking))")
    }
}
