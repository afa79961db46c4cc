import ArgumentParser

struct BookingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookings",
        abstract: "Record the stays in a flat: the income side of its quarterly report.",
        discussion: """
        A booking has a check-in day, nights, adults and children (under 16, exempt from the \
        tourist tax), the amount paid, and optionally the guest's name and the channel. \
        `import` reads the CSV exports of Airbnb, Booking.com and the like; importing a file \
        again adds nothing twice.

        Examples:
          rebut bookings add "Flat 2B" --checkin 2025-01-10 --nights 3 --adults 2 --children 1 --amount 420.00 --channel airbnb
          rebut bookings import "Flat 2B" ~/Downloads/reservations.csv --channel airbnb
          rebut bookings list "Flat 2B" --quarter 2025Q1
          rebut bookings edit 7 --adults 3
          rebut bookings delete 7
        """,
        subcommands: [BookingsList.self, BookingsAdd.self, BookingsEdit.self, BookingsDelete.self, BookingsImport.self],
        defaultSubcommand: BookingsList.self)
}
