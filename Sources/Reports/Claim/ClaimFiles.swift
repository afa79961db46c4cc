import Foundation
import Store

/// An expense claim written as a file, the same bytes whether `rebut report` writes it or the
/// web app serves it.
public enum ClaimFiles {
    public enum Format: String, CaseIterable, Sendable {
        case pdf, csv, json, zip, geojson, kml

        public var mediaType: String {
            switch self {
            case .pdf: "application/pdf"
            case .csv: "text/csv; charset=utf-8"
            case .json: "application/json; charset=utf-8"
            case .zip: "application/zip"
            case .geojson: "application/geo+json"
            case .kml: "application/vnd.google-earth.kml+xml"
            }
        }
    }

    /// The file name the CLI uses in the current folder, and the web app in Content-Disposition.
    public static func fileName(eventName: String, format: Format) -> String {
        "claim-\(ClaimArchive.safe(eventName, limit: 60)).\(format.rawValue)"
    }

    /// Writes `claim` to `url`; `images` puts the appendix of receipt images in the PDF.
    public static func write(_ claim: ExpenseClaim, format: Format, to url: URL, store: ExpenseStore, images: Bool) throws {
        switch format {
        case .pdf:
            try PDFRenderer.render(document(claim, store: store, images: images), to: url)
        case .csv:
            try CSVRenderer.render(claim.receiptsTable()).write(to: url, options: .atomic)
        case .json:
            try JSONRenderer.render(claim.document()).write(to: url, options: .atomic)
        case .geojson:
            try PlaceExport.geoJSON(claim.lines.map(\.receipt), title: claim.event.name).write(to: url, options: .atomic)
        case .kml:
            try PlaceExport.kml(claim.lines.map(\.receipt), title: claim.event.name).write(to: url, options: .atomic)
        case .zip:
            let base = url.deletingPathExtension().lastPathComponent
            let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("rebut-\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: pdf) }
            try PDFRenderer.render(document(claim, store: store, images: images), to: pdf)
            let originals = claim.lines.filter(\.receipt.hasImage).map { ($0.receipt, store.imageURL(for: $0.receipt)) }
            try ClaimArchive.write(to: url, pdf: pdf, pdfName: base + ".pdf", csv: CSVRenderer.render(claim.receiptsTable()),
                                   csvName: base + ".csv", images: originals)
        }
    }

    /// The claim as bytes: written to a temporary file by `write` (the PDF and zip writers need a
    /// file), read back and removed. `fileName` names the zip's members, as the CLI's file does.
    public static func data(_ claim: ExpenseClaim, format: Format, fileName: String, store: ExpenseStore, images: Bool) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebut-claim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(fileName)
        try write(claim, format: format, to: url, store: store, images: images)
        return try Data(contentsOf: url)
    }

    private static func document(_ claim: ExpenseClaim, store: ExpenseStore, images: Bool) -> ReportDocument {
        guard images else { return claim.document() }
        let made = ReceiptThumbnails.make(for: claim.lines.map(\.receipt), store: store)
        return claim.document(thumbnails: made.thumbnails, imageProblems: made.problems)
    }
}
