import ArgumentParser
import Foundation
import RebutCore
import Rental
import Reports
import Store

/// `rebut report`: one entry point that dispatches on the event's kind. A trip (or any other
/// event) gets its expense claim; a flat its quarters; a project its deduction estimate; with
/// `--by`, spending is summarised across events.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report",
        abstract: "Write an event's expense claim, a flat's quarters or a project's deduction, or summarise spending.",
        discussion: """
        A trip (or any event that is not a flat or a project): the expense claim. The PDF (A4) \
        has the event, the claimant (from ~/.config/rebut/config.json), totals per category and \
        payment method, charts by category and by day, every receipt in its own currency and in \
        the event's, the exchange rates used, the places (from photos' GPS) and an appendix of \
        receipt images. Receipts that need review are highlighted; an amount without a rate is \
        shown unconverted and flagged, never guessed.

        A flat (kind property): per quarter, the bookings, nights, adults × nights, the \
        tourist-tax rate(s) applied and the tax due (the figure for the quarterly \
        self-assessment, modelo 950 in Catalonia), income, expenses by category from the filed \
        bills, and profit = income − expenses − tourist tax. A stay counts in the quarter of its \
        check-in; a bill in the quarter of its issue date, whatever period it covers.

        A project (kind project): its costs by type and every line of the corporate-tax \
        deduction estimate (Ley 27/2014, art. 35): base, reduced base, previous years' average, \
        excess, each partial deduction, total. An estimate, not tax advice.

        A flat's or a project's report goes to the terminal unless --format says otherwise; as \
        a PDF (A4, with charts) it is written to --output or, in this folder, to \
        flat-NAME-2025Q1.pdf, flats-2025Q1.pdf, project-NAME-2025.pdf or projects-2025.pdf, \
        and its path is printed.

        Without an event and with --by: a table of spending across events, with counts, totals, \
        shares and bars.

        Examples:
          rebut report "London, March"                            # → claim-London-March.pdf
          rebut report "London, March" --format csv --output claim.csv
          rebut report "London, March" --format zip               # PDF, CSV and the original images
          rebut report "London, March" --format geojson           # where the money was spent
          rebut report "Flat 2B" --quarter 2025Q1                 # a table on the terminal
          rebut report "Flat 2B" --quarter 2025Q1 --format pdf    # → flat-Flat-2B-2025Q1.pdf
          rebut report "Flat 2B" --year 2025 --format pdf -o 2b-2025.pdf
          rebut report --all-flats --quarter 2025Q1 --format csv
          rebut report "Sensor R&D" --format json
          rebut report "Sensor R&D" --format pdf                  # → project-Sensor-R-D-2025.pdf
          rebut report --all-projects --year 2025 --format pdf    # → projects-2025.pdf
          rebut report --by category --from 2024-01-01 --to 2024-03-31
          rebut report --by month --currency EUR --csv
        """)

    typealias Format = ClaimFiles.Format

    @Argument(help: "The trip, flat or project.") var event: String?
    @Option(name: .long, help: "pdf, csv, json, zip, geojson or kml for a claim (default pdf); pdf, csv or json for a flat or a project (default: a table on the terminal).")
    var format: Format?
    @Option(name: .shortAndLong, help: "The file to write (default: a name made from the event, in this folder).") var output: String?
    @Flag(name: .customLong("no-images"), help: "Leave the appendix of receipt images out of a claim's PDF.") var noImages = false

    @Option(name: .long, help: "A flat's quarter, e.g. 2025Q1.") var quarter: String?
    @Option(name: .long, help: "A whole year: a flat's four quarters, or the projects' fiscal year.") var year: Int?
    @Flag(name: .customLong("all-flats"), help: "Every flat, with their sum.") var allFlats = false
    @Flag(name: .customLong("all-projects"), help: "Every project of the year, with their sum.") var allProjects = false

    @Option(name: .long, help: "Summarise across events: category, payment, month, vendor or event.")
    var by: SpendingSummary.Grouping?
    @Option(name: .long, help: "Only receipts dated on or after this day (YYYY-MM-DD, with --by).") var from: LocalDate?
    @Option(name: .long, help: "Only receipts dated on or before this day (YYYY-MM-DD, with --by).") var to: LocalDate?
    @Option(name: .customLong("event"), help: "Only this event's receipts (with --by).") var onlyEvent: String?
    @Option(name: .long, help: "Convert every amount to this currency at your rates (with --by).") var currency: CurrencyCode?
    @Flag(name: .long, help: "Print JSON (with --by).") var json = false
    @Flag(name: .long, help: "Print CSV (with --by).") var csv = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        let targets = [event != nil, allFlats, allProjects, by != nil].filter { $0 }.count
        if targets == 0 { throw ValidationError("name an event, or give --all-flats, --all-projects or --by") }
        if targets > 1 { throw ValidationError("name one event, or give one of --all-flats, --all-projects and --by") }
        if by == nil && (json || csv || onlyEvent != nil || currency != nil || from != nil || to != nil) {
            throw ValidationError("--json, --csv, --event, --currency, --from and --to go with --by; otherwise use --format")
        }
        if by != nil && (quarter != nil || year != nil || format != nil) {
            throw ValidationError("--by prints a table: use --json or --csv, and --from/--to for dates")
        }
        if json && csv { throw ValidationError("choose one of --json and --csv") }
        if let from, let to, to < from { throw ValidationError("--to \(to) is before --from \(from)") }
        if output?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw ValidationError("--output needs a file name") }
        if let quarter, Quarter(quarter) == nil { throw ValidationError("--quarter '\(quarter)' is not a quarter such as 2025Q1") }
        if quarter != nil && year != nil { throw ValidationError("give --quarter or --year, not both") }
        if let year, !(1990...2200).contains(year) { throw ValidationError("--year \(year) is not a plausible year") }
        if allProjects && quarter != nil { throw ValidationError("projects are reported by fiscal year: use --year") }
    }

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        if let by { return try summarise(store, by: by) }
        let flatsAndProjects = FlatAndProjectReports(store: store, quarter: quarter, year: year,
                                                     format: format, output: output)
        if allFlats { return try flatsAndProjects.allFlats() }
        if allProjects { return try flatsAndProjects.allProjects() }
        let found = try EventLookup.find(event!, in: store)
        switch found.kind {
        case .property:
            try flatsAndProjects.flat(found)
        case .project:
            if quarter != nil { throw usageFailure(Self.self, path: "report", "\(found.name) is a project: use --year, not --quarter") }
            try flatsAndProjects.project(found)
        case .trip, .other:
            if quarter != nil || year != nil {
                throw usageFailure(Self.self, path: "report", "--quarter and --year are for flats and projects; \(found.name) is a \(found.kind.rawValue)")
            }
            try ClaimWriter(store: store, eventName: event!, format: format ?? .pdf, output: output, images: !noImages).run()
        }
    }

    private func summarise(_ store: ExpenseStore, by grouping: SpendingSummary.Grouping) throws {
        let eventId = try onlyEvent.map { try EventLookup.find($0, in: store).id }
        let summary = try SpendingSummary.build(store: store, by: grouping, from: from, to: to, eventId: eventId ?? nil,
                                                currency: currency?.code)
        let table = summary.table()
        if json {
            print(String(decoding: JSONRenderer.render(summary.document()), as: UTF8.self))
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
extension ClaimFiles.Format: ExpressibleByArgument {}
