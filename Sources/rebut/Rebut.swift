import ArgumentParser
import RebutCore

struct Rebut: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebut",
        abstract: "File photographed and scanned receipts as expense records, offline.",
        discussion: """
        Rebut reads receipt images (JPEG, PNG, TIFF, WebP, HEIC, AVIF) and PDFs, cleans them, reads them with \
        Tesseract on this machine, extracts vendor, date, total, currency, payment and tax, \
        picks a category, and files each receipt under an event (a trip, a flat, a project) \
        in a local SQLite store. Nothing leaves the machine. It learns from what you file and \
        correct: known vendors (`rebut vendors`), their numbers and habits, the event's dates.

        Start with:
          rebut ingest ~/Receipts/london --event "London, March"
          rebut receipts list --event "London, March"
          rebut report "London, March"            # the expense claim as a PDF
          rebut search "blue door"
          rebut serve                  # the same in a browser, and uploads from a phone

        Flats and projects:
          rebut bookings import "Flat 2B" reservations.csv --channel airbnb
          rebut report "Flat 2B" --quarter 2025Q1
          rebut report "Sensor R&D" --year 2025

        The store is $REBUT_STORE, or $XDG_DATA_HOME/rebut/rebut.sqlite; --store overrides both.

        Exit codes: 0 every input handled; 1 some input failed (each named on stderr); \
        2 a named event, receipt or value was not found or not valid; 64 bad usage; \
        70 an internal error (OCR engine, store).
        """,
        version: RebutVersion.current,
        subcommands: [
            IngestCommand.self,
            ScanCommand.self,
            WatchCommand.self,
            RetryCommand.self,
            EventsCommand.self,
            ReceiptsCommand.self,
            ReviewCommand.self,
            ServeCommand.self,
            TokensCommand.self,
            CategoriesCommand.self,
            ReportCommand.self,
            SearchCommand.self,
            RatesCommand.self,
            BookingsCommand.self,
            TaxRatesCommand.self,
            CostsCommand.self,
            VendorsCommand.self,
            BenchCommand.self,
        ]
    )
}
