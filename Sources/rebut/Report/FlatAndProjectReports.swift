import Foundation
import RebutCore
import Rental
import Store

/// `rebut report` for flats (their quarters) and projects (their deduction estimate): a table on
/// the terminal by default, or CSV, JSON or an A4 PDF.
struct FlatAndProjectReports {
    var store: ExpenseStore
    var quarter: String?
    var year: Int?
    /// nil: a table on the terminal.
    var format: ReportCommand.Format?
    var output: String?

    /// The quarters asked for; the current year's by default.
    var quarters: [Quarter] {
        if let quarter = quarter.flatMap(Quarter.init) { return [quarter] }
        return Quarter.allOf(year: year ?? LocalDate.containing(Date()).year)
    }

    func allFlats() throws {
        let flats = try store.events().filter { $0.kind == .property }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        let reports = try flats.map { try PropertyReport.build($0, quarters: quarters, store: store) }
        try emitFlats(reports, combined: true, name: "flats")
    }

    func allProjects() throws {
        let year = year ?? LocalDate.containing(Date()).year
        let reports = try store.events().filter { $0.kind == .project }
            .compactMap { try ProjectReport.build($0, year: year, store: store, onlyIfInYear: true) }
            .sorted { $0.costing.name.lowercased() < $1.costing.name.lowercased() }
        try emitProjects(reports, year: year, combined: true, name: "projects-\(year)")
    }

    func flat(_ event: Event) throws {
        try emitFlats([try PropertyReport.build(event, quarters: quarters, store: store)], combined: false, name: event.name)
    }

    func project(_ event: Event) throws {
        guard let report = try ProjectReport.build(event, year: year, store: store, onlyIfInYear: false) else { return }
        try emitProjects([report], year: report.costing.fiscalYear, combined: false, name: event.name)
    }

    private func emitFlats(_ reports: [PropertyReport], combined: Bool, name: String) throws {
        switch format {
        case nil: print(PropertyReportOutput.render(reports, format: .terminal, combined: combined), terminator: "")
        case .csv?: print(PropertyReportOutput.render(reports, format: .csv, combined: combined), terminator: "")
        case .json?: print(PropertyReportOutput.render(reports, format: .json, combined: combined), terminator: "")
        case let other?: try refuse(other)
        }
    }

    private func emitProjects(_ reports: [ProjectReport], year: Int?, combined: Bool, name: String) throws {
        switch format {
        case nil: print(ProjectReportOutput.render(reports, year: year, format: .terminal, combined: combined), terminator: "")
        case .csv?: print(ProjectReportOutput.render(reports, year: year, format: .csv, combined: combined), terminator: "")
        case .json?: print(ProjectReportOutput.render(reports, year: year, format: .json, combined: combined), terminator: "")
        case let other?: try refuse(other)
        }
    }

    private func refuse(_ format: ReportCommand.Format) throws -> Never {
        throw usageFailure(ReportCommand.self, path: "report",
                           "--format \(format.rawValue) is for trips' claims; a flat or a project is reported as csv or json")
    }
}
