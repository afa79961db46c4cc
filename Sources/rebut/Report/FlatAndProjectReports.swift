import DomainReports
import Foundation
import RebutCore
import Rental
import Reports
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
        try emitFlats(reports, combined: true, fileName: "flats-\(PropertyReportDocument.periodName(quarters))")
    }

    func allProjects() throws {
        let year = year ?? LocalDate.containing(Date()).year
        let reports = try store.events().filter { $0.kind == .project }
            .compactMap { try ProjectReport.build($0, year: year, store: store, onlyIfInYear: true) }
            .sorted { $0.costing.name.lowercased() < $1.costing.name.lowercased() }
        try emitProjects(reports, year: year, combined: true, fileName: "projects-\(year)")
    }

    func flat(_ event: Event) throws {
        try emitFlats([try PropertyReport.build(event, quarters: quarters, store: store)], combined: false,
                      fileName: "flat-\(ClaimArchive.safe(event.name, limit: 60))-\(PropertyReportDocument.periodName(quarters))")
    }

    func project(_ event: Event) throws {
        guard let report = try ProjectReport.build(event, year: year, store: store, onlyIfInYear: false) else { return }
        let year = report.costing.fiscalYear.map { "-\($0)" } ?? ""
        try emitProjects([report], year: report.costing.fiscalYear, combined: false,
                         fileName: "project-\(ClaimArchive.safe(event.name, limit: 60))\(year)")
    }

    /// `fileName` (without ".pdf") is the PDF's name in the current folder when no --output is given.
    private func emitFlats(_ reports: [PropertyReport], combined: Bool, fileName: String) throws {
        switch format {
        case nil: print(PropertyReportOutput.render(reports, format: .terminal, combined: combined), terminator: "")
        case .csv?: print(PropertyReportOutput.render(reports, format: .csv, combined: combined), terminator: "")
        case .json?: print(PropertyReportOutput.render(reports, format: .json, combined: combined), terminator: "")
        case .pdf?:
            let document = PropertyReportDocument(flats: reports.map(\.forDocument), combined: combined).document
            try writePDF(document, fileName: fileName)
        case let other?: try refuse(other)
        }
    }

    private func emitProjects(_ reports: [ProjectReport], year: Int?, combined: Bool, fileName: String) throws {
        switch format {
        case nil: print(ProjectReportOutput.render(reports, year: year, format: .terminal, combined: combined), terminator: "")
        case .csv?: print(ProjectReportOutput.render(reports, year: year, format: .csv, combined: combined), terminator: "")
        case .json?: print(ProjectReportOutput.render(reports, year: year, format: .json, combined: combined), terminator: "")
        case .pdf?:
            let document = ProjectReportDocument(projects: reports.map(\.costing), rates: reports.first?.rates ?? .defaults,
                                                 year: year, combined: combined).document
            try writePDF(document, fileName: fileName)
        case let other?: try refuse(other)
        }
    }

    /// Renders beside the destination and renames over it: an existing report is replaced only
    /// by a complete one. Prints the path, as the claim does.
    private func writePDF(_ document: ReportDocument, fileName: String) throws {
        let destination = output.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(fileName + ".pdf")
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try PDFRenderer.render(document, to: partial)
            guard rename(partial.path, destination.path) == 0 else {
                throw RenameFailure(reason: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            printError("rebut: cannot write \(destination.path): \(error)")
            throw RebutExit.internalError
        }
        print(destination.path)
    }

    private func refuse(_ format: ReportCommand.Format) throws -> Never {
        throw usageFailure(ReportCommand.self, path: "report",
                           "--format \(format.rawValue) is for trips' claims; a flat or a project is reported as pdf, csv or json")
    }
}

private struct RenameFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { "cannot move the finished PDF into place: \(reason)" }
}
