import ArgumentParser
import Foundation
import Rental
import Store

struct BookingsImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import",
        abstract: "Import the bookings of a platform's CSV export.",
        discussion: """
        Columns are found by their header, in any order, in English, Spanish, Catalan or \
        French: check-in (Start date, Arrival, Llegada…), nights or check-out, adults or guests \
        (with children), amount (Earnings, Price, Importe…), and optionally guest name, \
        confirmation code, currency, channel and status (cancelled bookings are skipped; infants \
        count as children). Comma, semicolon and tab files are read. \
        Dates such as 03/04/2025 are read in the order the file proves (a day over 12 settles it); \
        the output says which.

        A row that cannot be read is named by its line number and the rest are imported (exit 1). \
        A booking already imported (same confirmation code, or same values when the file has no \
        code) is never added again.

        Examples:
          rebut bookings import "Flat 2B" reservations.csv --channel airbnb
          rebut bookings import "Flat 2B" booking-com-2025.csv --channel booking
        """)

    @Argument(help: "The flat.") var flat: String
    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file.csv")) var file: String
    @Option(name: .long, help: "Channel for rows that do not name one (airbnb, booking…).") var channel: String?
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        let text: String
        do {
            let data = try Data(contentsOf: url)
            // Exports are UTF-8; older spreadsheets save Latin-1.
            text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
        } catch {
            printError("rebut: cannot read \(url.path): \((error as NSError).localizedDescription)")
            throw RebutExit.notFound
        }
        let store = try storeOptions.open(.existing)
        let event = try BookingFormatting.property(flat, in: store)
        let result: BookingImport.Result
        do {
            result = try BookingImport(defaultCurrency: event.currency ?? "EUR", defaultChannel: channel?.lowercased()).read(text)
        } catch {
            printError("rebut: \(url.lastPathComponent): \(error)")
            throw RebutExit.notFound
        }
        if let note = result.dateOrderNote { printError("rebut: \(url.lastPathComponent): \(note)") }
        for error in result.errors { printError("rebut: \(url.lastPathComponent) \(error); row skipped") }
        let outcome: BookingImportOutcome
        do {
            outcome = try store.importBookings(result.rows, eventId: event.id!)
        } catch let error as StoreError {
            printError("rebut: \(url.lastPathComponent): \(error); nothing was imported")
            throw RebutExit.notFound
        }
        for error in outcome.refused { printError("rebut: \(url.lastPathComponent) \(error); row skipped") }
        for booking in outcome.added { print("added \(BookingFormatting.row(booking))") }
        let failed = result.errors.count + outcome.refused.count
        print("\(event.name): \(outcome.added.count) added, \(outcome.alreadyThere.count) already imported, "
              + "\(failed) unreadable row\(failed == 1 ? "" : "s")"
              + (result.cancelled.isEmpty ? "" : ", \(result.cancelled.count) cancelled (skipped: lines \(result.cancelled.map(String.init).joined(separator: ", ")))"))
        if failed > 0 { throw RebutExit.someInputsFailed }
    }
}
