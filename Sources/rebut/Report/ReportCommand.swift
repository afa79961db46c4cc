import ArgumentParser
import Foundation
import RebutCore
import Reports
import Store

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report",
        abstract: "Write an event's expense claim (PDF, CSV, JSON, zip, map), or summarise spending.",
        discussion: """
        With an EVENT: the expense claim for it. The PDF (A4) has the event, the claimant (from \
        ~/.config/rebut/config.json), totals per category and payment method, charts by category \
        and by day, every receipt in its own currency and in the event's, the exchange rates used, \
        the places (from photos' GPS) and an appendix of receipt images. Receipts that need review \
        are highlighted; an amount without a rate is shown unconverted and flagged, never guessed.

        Without an EVENT and with --by: a table of spending across events, with counts, totals, \
        shares and bars.

        Examples:
          rebut report "London, March"                            # → claim-London-March.pdf
          rebut report "London, March" --format csv --output claim.csv
          rebut report "London, March" --format zip               # PDF, CSV and the original images
          rebut report "London, March" --format geojson           # where the money was spent
          rebut report --by category --from 2024-01-01 --to 2024-03-31
          rebut report --by month --currency EUR --csv
          rebut report --by vendor --event "Flat 2B" --json
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case pdf, csv, json, zip, geojson, kml
    }

    @Argument(help: "The event to write the claim for.") var event: String?
    @Option(name: .long, help: "pdf (default), csv, json, zip, geojson or kml.") var format: Format = .pdf
    @Option(name: .shortAndLong, help: "The file to write (default: claim-EVENT.FORMAT in this folder).") var output: String?
    @Flag(name: .customLong("no-images"), help: "Leave the appendix of receipt images out of the PDF.") var noImages = false

    @Option(name: .long, help: "Summarise across events: category, payment, month, vendor or event.")
    var by: SpendingSummary.Grouping?
    @Option(name: .long, help: "Only receipts dated on or after this day (YYYY-MM-DD).") var from: LocalDate?
    @Option(name: .long, help: "Only receipts dated on or before this day (YYYY-MM-DD).") var to: LocalDate?
    @Option(name: .customLong("event"), help: "Only this event's receipts (with --by).") var onlyEvent: String?
    @Option(name: .long, help: "Convert every amount to this currency at your rates (with --by).") var currency: CurrencyCode?
    @Flag(name: .long, help: "Print JSON (with --by).") var json = false
    @Flag(name: .long, help: "Print CSV (with --by).") var csv = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if event == nil && by == nil { throw ValidationError("name an event for its claim, or use --by to summarise") }
        if event != nil && by != nil { throw ValidationError("--by summarises across events: leave out the event name (use --event to narrow)") }
        if by == nil && (json || csv || onlyEvent != nil || currency != nil || from != nil || to != nil) {
            throw ValidationError("--json, --csv, --event, --currency, --from and --to go with --by; for a claim use --format")
        }
        if json && csv { throw ValidationError("choose one of --json and --csv") }
        if let from, let to, to < from { throw ValidationError("--to \(to) is before --from \(from)") }
        if output?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw ValidationError("--output needs a file name") }
    }

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        if let by {
            try summarise(store, by: by)
        } else if let event {
            try ClaimWriter(store: store, eventName: event, format: format, output: output, images: !noImages).run()
        }
    }

    private func summarise(_ store: ExpenseStore, by grouping: SpendingSummary.Grouping) throws {
        let eventId = try onlyEvent.map { try EventLookup.find($0, in: store).id }
        let summary = try SpendingSummary.build(store: store, by: grouping, from: from, to: to, eventId: eventId ?? nil,
                                                currency: currency?.code)
        let table = summary.table()
        if json {
            print(String(decoding: JSONRenderer.render(ReportDocument(title: "Spending by \(grouping.rawValue)",
                sections: [ReportSection("Summary", blocks: [.table(table)] + (summary.leftOut.isEmpty ? [] : [.flags(summary.leftOut)]))])),
                         as: UTF8.self))
        } else if csv {
            FileHandle.standardOutput.write(CSVRenderer.render(table, byteOrderMark: false))
        } else if summary.lines.isEmpty {
            print("No receipts with a total match.")
        } else {
            print(TextTableRenderer.render(table))
        }
        if !summary.leftOut.isEmpty && !json {
            printError("rebut: \(summary.leftOut.count) receipt\(summary.leftOut.count == 1 ? "" : "s") left out: "
                       + summary.leftOut.prefix(10).joined(separator: "; ") + (summary.leftOut.count > 10 ? "; …" : ""))
        }
    }
}

extension SpendingSummary.Grouping: ExpressibleByArgument {}
