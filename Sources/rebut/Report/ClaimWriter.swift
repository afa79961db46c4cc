import Foundation
import Reports
import Store

/// Writes one event's claim in the chosen format and prints the file's path.
struct ClaimWriter {
    var store: ExpenseStore
    var eventName: String
    var format: ClaimFiles.Format
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
                .appendingPathComponent(ClaimFiles.fileName(eventName: event.name, format: format))
        do {
            try ClaimFiles.write(claim, format: format, to: destination, store: store, images: images)
        } catch {
            printError("rebut: cannot write \(destination.path): \(error)")
            throw RebutExit.internalError
        }
        for line in claim.lines where line.flag != nil {
            printError("rebut: #\(line.receipt.id ?? 0) \(line.receipt.vendor ?? "(no vendor)"): \(line.flag!)")
        }
        print(destination.path)
    }
}
