import Foundation
import Reports
import Store

/// Writes one event's claim in the chosen format and prints the file's path.
struct ClaimWriter {
    var store: ExpenseStore
    var eventName: String
    var format: ReportCommand.Format
    var output: String?
    var images: Bool

    func run() throws {
        let event = try EventLookup.find(eventName, in: store)
        let settings: ReportSettings
        do {
            settings = try ReportSettings.load()
        } catch {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        let claim = try ExpenseClaim.build(store: store, event: event, claimant: settings.claimant)
        let destination = output.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                .appendingPathComponent("claim-\(ClaimArchive.safe(event.name, limit: 60)).\(format.rawValue)")
        do {
            try write(claim, to: destination)
        } catch {
            printError("rebut: cannot write \(destination.path): \(error)")
            throw RebutExit.internalError
        }
        for line in claim.lines where line.flag != nil {
            printError("rebut: #\(line.receipt.id ?? 0) \(line.receipt.vendor ?? "(no vendor)"): \(line.flag!)")
        }
        print(destination.path)
    }

    private func write(_ claim: ExpenseClaim, to url: URL) throws {
        switch format {
        case .pdf:
            try PDFRenderer.render(document(claim), to: url)
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
            try PDFRenderer.render(document(claim), to: pdf)
            let originals = claim.lines.filter(\.receipt.hasImage).map { ($0.receipt, store.imageURL(for: $0.receipt)) }
            try ClaimArchive.write(to: url, pdf: pdf, pdfName: base + ".pdf", csv: CSVRenderer.render(claim.receiptsTable()),
                                   csvName: base + ".csv", images: originals)
        }
    }

    private func document(_ claim: ExpenseClaim) -> ReportDocument {
        guard images else { return claim.document() }
        let made = ReceiptThumbnails.make(for: claim.lines.map(\.receipt), store: store)
        return claim.document(thumbnails: made.thumbnails, imageProblems: made.problems)
    }
}
