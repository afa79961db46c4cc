import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import RebutCore
import Store

struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Read receipt images and file them under an event.",
        discussion: """
        Each path is an image or a directory (searched recursively). The event is created \
        when it does not exist yet. An image already in the store (same SHA-256) is reported \
        as a duplicate and not filed again, so running the same command twice is safe.

        A receipt whose vendor, date or total is missing or uncertain is filed with status \
        needs_review: fix it with `rebut receipts set` or `rebut review`.

        Examples:
          rebut ingest ~/Scans/london --event "London, March"
          rebut ingest bill.jpg --event "Flat 2B" --lang spa+cat --json
        """)

    @Argument(help: ArgumentHelp("Image files or directories.", valueName: "path"))
    var paths: [String]

    @Option(name: .long, help: "The event to file under (created if new).")
    var event: String

    @Flag(name: .long, help: "Print one JSON object per input instead of the summary.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var pipelineOptions: PipelineOptions

    func run() async throws {
        let store = try storeOptions.open(.create)
        let inputs = InputCollector.collect(paths, excluding: store.ownPaths)
        let existing: Event?
        let target: Event
        do {
            existing = try store.event(named: event)
            target = try existing ?? store.ensureEvent(named: event, kind: .other)
        } catch {
            printError("rebut: cannot use event '\(TextSanitising.abbreviated(event))': \(error)")
            throw RebutExit.notFound
        }
        let analyser = try await pipelineOptions.makeAnalyser(inputs: inputs.files.count)
        let batch = BatchIngest(filer: ReceiptFiler(analyser: analyser, store: store))
        let reporter = IngestReporter(store: store, json: json)
        let summary = await batch.run(inputs, event: target, progress: reporter)

        // A run that filed nothing new leaves no empty event behind.
        if existing == nil, let id = target.id, summary.filed == 0, summary.needsReview == 0 {
            _ = try? store.deleteEventIfEmpty(id: id)
        }
        if !json {
            print("""
                \(target.name): \(summary.filed) filed, \(summary.needsReview) need review, \
                \(summary.duplicates) duplicates, \(summary.failures.count) failed
                """)
        }
        try pipelineOptions.checkEngines(analyser)
        if !summary.failures.isEmpty { throw RebutExit.someInputsFailed }
    }
}

/// Says what became of each input the moment it is known, one line (or JSON object) each, so
/// a pipe or a log holds everything a killed run had filed; the progress bar sits on stderr
/// only when that is a terminal.
final class IngestReporter: BatchProgress, @unchecked Sendable {
    private let store: ExpenseStore
    private let json: Bool
    private let bar = TerminalProgress()
    private let lock = NSLock()
    private var eventNames: [Int64: String] = [:]

    init(store: ExpenseStore, json: Bool) {
        self.store = store
        self.json = json
    }

    func batchStarted(total: Int) { bar.batchStarted(total: total) }

    func receiptFinished(_ result: FilingResult, done: Int, total: Int) {
        lock.withLock {
            bar.clear()
            if case .failed(let failure) = result.outcome {
                printError("rebut: \(failure.file.path): \(failure.reason) [\(failure.stage.rawValue)]")
            }
            let event = result.receipt.map { eventName($0.eventId) } ?? ""
            if json {
                print(JSONOutput.line(FilingLine(result, event: event)))
            } else if let line = Self.textLine(result, event: event) {
                print(line)
            }
            for note in result.notes { printError("rebut: \(result.source.path): \(note)") }
            fflush(nil)   // one line out the moment it is known, on a pipe too
        }
        bar.receiptFinished(result, done: done, total: total)
    }

    /// The event a receipt is filed under: for a duplicate, where the first copy is.
    private func eventName(_ id: Int64) -> String {
        if let known = eventNames[id] { return known }
        let name = (try? store.event(id: id))??.name ?? ""
        eventNames[id] = name
        return name
    }

    static func textLine(_ result: FilingResult, event: String) -> String? {
        guard let receipt = result.receipt else { return nil }
        let tag: String
        var note = ""
        switch result.outcome {
        case .filed: tag = "filed       "
        case .needsReview:
            tag = "needs review"
            if receipt.ocrText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                note = "  (no text found on the image: type it in with `rebut review`)"
            }
        case .duplicate: tag = "duplicate   "; note = "  (already filed under \(event))"
        case .failed: return nil
        }
        return "\(tag)  #\(receipt.id ?? 0)  \(TextSanitising.withoutControls(result.source.lastPathComponent))  \(ReceiptFormatting.oneLine(receipt))\(note)"
    }
}

/// The JSON shape of one ingest outcome.
struct FilingLine: Encodable {
    var file: String
    var outcome: String
    @NullEncoded var id: Int64?
    var event: String
    @NullEncoded var vendor: String?
    @NullEncoded var date: String?
    @NullEncoded var total: String?
    @NullEncoded var currency: String?
    @NullEncoded var category: String?
    @NullEncoded var status: String?
    var error: String?

    init(_ result: FilingResult, event: String) {
        file = result.source.path
        self.event = event
        switch result.outcome {
        case .filed: outcome = "filed"
        case .needsReview: outcome = "needs_review"
        case .duplicate: outcome = "duplicate"
        case .failed(let failure): outcome = "failed"; error = failure.reason
        }
        if let r = result.receipt {
            id = r.id
            vendor = r.vendor
            date = r.date?.iso8601
            total = r.total.map { MoneyFormat.canonical($0, currency: r.currency) }
            currency = r.currency
            category = r.category
            status = r.status.rawValue
        }
    }
}
