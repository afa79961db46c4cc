import DomainReports
import Foundation
import Hummingbird
import NIOCore
import RebutCore
import Rental
import Reports
import Store

/// One event's report as a download: the trip's claim, the flat's quarters or the project's
/// deduction estimate, built by the same code as `rebut report` (ClaimFiles, PropertyReport,
/// ProjectReport). Runs on the blocking-I/O queue: PDF rendering and thumbnails take a while.
struct ReportDownload: Sendable {
    var data: Data
    var fileName: String
    var mediaType: String

    /// What a query string asks for: `format`, and `quarter` or `year` for flats and projects.
    struct Request: Sendable {
        var format: ClaimFiles.Format
        var quarter: Quarter?
        var year: Int?

        init(_ parameter: (String) -> String?) throws {
            let name = parameter("format") ?? "pdf"
            guard let format = ClaimFiles.Format(rawValue: name) else {
                throw WebError.badRequest("format '\(TextSanitising.abbreviated(name))' is not one of "
                                          + ClaimFiles.Format.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.format = format
            if let text = parameter("quarter") {
                guard let quarter = Quarter(text) else { throw WebError.badRequest("quarter '\(TextSanitising.abbreviated(text))' is not a quarter such as 2025Q1") }
                self.quarter = quarter
            }
            if let text = parameter("year") {
                guard let year = Int(text), (1990...2200).contains(year) else {
                    throw WebError.badRequest("year '\(TextSanitising.abbreviated(text))' is not a plausible year such as 2025")
                }
                self.year = year
            }
            if quarter != nil && year != nil { throw WebError.badRequest("give quarter or year, not both") }
        }
    }

    static func make(for event: Event, _ asked: Request, store: ExpenseStore) async throws -> ReportDownload {
        switch event.kind {
        case .property:
            try refuseClaimOnlyFormats(asked.format, event)
            return try await BlockingIO.run { try flat(event, asked, store: store) }
        case .project:
            try refuseClaimOnlyFormats(asked.format, event)
            if asked.quarter != nil { throw WebError.badRequest("\(event.name) is a project: give year, not quarter") }
            return try await BlockingIO.run { try project(event, asked, store: store) }
        case .trip, .other:
            if asked.quarter != nil || asked.year != nil {
                throw WebError.badRequest("quarter and year are for flats and projects; \(event.name) is a \(event.kind.rawValue)")
            }
            let settings: ReportSettings
            do { settings = try ReportSettings.load() } catch {
                throw WebError(.internalServerError, "the report settings cannot be used: \(error)")
            }
            return try await BlockingIO.run {
                let claim = try ExpenseClaim.build(store: store, event: event, claimant: settings.claimant)
                let name = ClaimFiles.fileName(eventName: event.name, format: asked.format)
                let data = try ClaimFiles.data(claim, format: asked.format, fileName: name, store: store, images: true)
                return ReportDownload(data: data, fileName: name, mediaType: asked.format.mediaType)
            }
        }
    }

    private static func refuseClaimOnlyFormats(_ format: ClaimFiles.Format, _ event: Event) throws {
        guard [ClaimFiles.Format.pdf, .csv, .json].contains(format) else {
            throw WebError.badRequest("format \(format.rawValue) is for trips' claims; \(event.name) is a \(event.kind.rawValue): use pdf, csv or json")
        }
    }

    /// The quarter asked, the year's four, or the current year's, as `rebut report` does.
    private static func flat(_ event: Event, _ asked: Request, store: ExpenseStore) throws -> ReportDownload {
        let quarters = asked.quarter.map { [$0] } ?? Quarter.allOf(year: asked.year ?? LocalDate.containing(Date()).year)
        let report = try PropertyReport.build(event, quarters: quarters, store: store)
        let base = "flat-\(ClaimArchive.safe(event.name, limit: 60))-\(PropertyReportDocument.periodName(quarters))"
        switch asked.format {
        case .csv: return text(PropertyReportOutput.render([report], format: .csv, combined: false), base, .csv)
        case .json: return text(PropertyReportOutput.render([report], format: .json, combined: false), base, .json)
        default:
            return try pdf(PropertyReportDocument(flats: [report.forDocument], combined: false).document, base)
        }
    }

    private static func project(_ event: Event, _ asked: Request, store: ExpenseStore) throws -> ReportDownload {
        guard let report = try ProjectReport.build(event, year: asked.year, store: store, onlyIfInYear: false) else {
            throw WebError.notFound("\(event.name) has no report for \(asked.year.map(String.init) ?? "its year")")
        }
        let year = report.costing.fiscalYear
        let base = "project-\(ClaimArchive.safe(event.name, limit: 60))" + (year.map { "-\($0)" } ?? "")
        switch asked.format {
        case .csv: return text(ProjectReportOutput.render([report], year: year, format: .csv, combined: false), base, .csv)
        case .json: return text(ProjectReportOutput.render([report], year: year, format: .json, combined: false), base, .json)
        default:
            return try pdf(ProjectReportDocument(projects: [report.costing], rates: report.rates, year: year, combined: false).document, base)
        }
    }

    private static func text(_ text: String, _ base: String, _ format: ClaimFiles.Format) -> ReportDownload {
        ReportDownload(data: Data(text.utf8), fileName: "\(base).\(format.rawValue)", mediaType: format.mediaType)
    }

    private static func pdf(_ document: ReportDocument, _ base: String) throws -> ReportDownload {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rebut-report-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        try PDFRenderer.render(document, to: url)
        return ReportDownload(data: try Data(contentsOf: url), fileName: base + ".pdf", mediaType: ClaimFiles.Format.pdf.mediaType)
    }
}

extension ReportDownload {
    /// The file as an attachment; its name is made of safe characters only (ClaimArchive.safe).
    func response() -> Response {
        Response(status: .ok, headers: [.contentType: mediaType, .contentDisposition: "attachment; filename=\"\(fileName)\"",
                                        .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
