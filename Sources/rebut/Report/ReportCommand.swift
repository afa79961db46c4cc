import ArgumentParser
import Foundation
import RebutCore
import Rental
import Store

/// How a report is printed.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case terminal, csv, json
}

/// `rebut report`: one entry point that dispatches on the event's kind. Flats and projects
/// are reported here; trip expense claims come with the generic report machinery.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report a flat's quarters (tourist tax, income, expenses, profit) or a project's deduction.",
        discussion: """
        For a flat (kind property): per quarter, the bookings, nights, adults × nights, the \
        tourist-tax rate(s) applied and the tax due (the figure for the quarterly \
        self-assessment, modelo 950 in Catalonia), income, expenses by category from the filed \
        bills, and profit = income − expenses − tourist tax. A stay counts in the quarter of its \
        check-in; a bill in the quarter of its issue date, whatever period it covers.

        For a project (kind project): its costs by type and every line of the corporate-tax \
        deduction estimate (Ley 27/2014, art. 35): base, reduced base, previous years' average, \
        excess, each partial deduction, total. An estimate, not tax advice.

        Examples:
          rebut report "Flat 2B" --quarter 2025Q1
          rebut report "Flat 2B" --year 2025 --format csv > flat-2b-2025.csv
          rebut report --all-flats --quarter 2025Q1
          rebut report "Sensor R&D" --format json
          rebut report --all-projects --year 2025
        """)

    @Argument(help: "The flat or project.") var event: String?
    @Option(name: .long, help: "A flat's quarter, e.g. 2025Q1.") var quarter: String?
    @Option(name: .long, help: "A whole year: a flat's four quarters, or the projects' fiscal year.") var year: Int?
    @Flag(name: .customLong("all-flats"), help: "Every flat, with their sum.") var allFlats = false
    @Flag(name: .customLong("all-projects"), help: "Every project of the year, with their sum.") var allProjects = false
    @Option(name: .long, help: "terminal, csv or json.") var format: ReportFormat = .terminal
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        let targets = [event != nil, allFlats, allProjects].filter { $0 }.count
        if targets != 1 { throw ValidationError("name one flat or project, or give --all-flats or --all-projects") }
        if let quarter, Quarter(quarter) == nil { throw ValidationError("--quarter '\(quarter)' is not a quarter such as 2025Q1") }
        if quarter != nil && year != nil { throw ValidationError("give --quarter or --year, not both") }
        if let year, !(1990...2200).contains(year) { throw ValidationError("--year \(year) is not a plausible year") }
        if allProjects && quarter != nil { throw ValidationError("projects are reported by fiscal year: use --year") }
    }

    /// The quarters asked for; the current year's by default.
    var quarters: [Quarter] {
        if let quarter = quarter.flatMap(Quarter.init) { return [quarter] }
        return Quarter.allOf(year: year ?? LocalDate.containing(Date()).year)
    }

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        if allFlats {
            let flats = try store.events().filter { $0.kind == .property }.sorted { $0.name.lowercased() < $1.name.lowercased() }
            let reports = try flats.map { try PropertyReport.build($0, quarters: quarters, store: store) }
            print(PropertyReportOutput.render(reports, format: format, combined: true), terminator: "")
            return
        }
        if allProjects {
            let year = year ?? LocalDate.containing(Date()).year
            let reports = try store.events().filter { $0.kind == .project }
                .compactMap { try ProjectReport.build($0, year: year, store: store, onlyIfInYear: true) }
                .sorted { $0.costing.name.lowercased() < $1.costing.name.lowercased() }
            print(ProjectReportOutput.render(reports, year: year, format: format, combined: true), terminator: "")
            return
        }
        let found = try EventLookup.find(event!, in: store)
        switch found.kind {
        case .property:
            print(PropertyReportOutput.render([try PropertyReport.build(found, quarters: quarters, store: store)],
                                              format: format, combined: false), terminator: "")
        case .project:
            if quarter != nil { throw usageFailure(Self.self, path: "report", "\(found.name) is a project: use --year, not --quarter") }
            guard let report = try ProjectReport.build(found, year: year, store: store, onlyIfInYear: false) else { return }
            print(ProjectReportOutput.render([report], year: report.costing.fiscalYear, format: format, combined: false), terminator: "")
        case .trip, .other:
            printError("rebut: \(found.name) is a \(found.kind.rawValue): this build reports flats (kind property) and projects (kind project) only")
            throw RebutExit.notFound
        }
    }
}

/// CSV fields quoted when they need it (RFC 4180).
enum CSVField {
    static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func line(_ fields: [String]) -> String { fields.map(quoted).joined(separator: ",") + "\n" }
}
