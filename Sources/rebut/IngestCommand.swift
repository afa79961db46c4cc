import ArgumentParser
import Foundation
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
        let target: Event
        do {
            target = try store.ensureEvent(named: event, kind: .other)
        } catch {
            printError("cannot use event '\(event)': \(error)")
            throw RebutExit.notFound
        }
        let analyser = try pipelineOptions.makeAnalyser()
        let batch = BatchIngest(filer: ReceiptFiler(analyser: analyser, store: store))
        let summary = await batch.run(paths: paths, event: target, progress: TerminalProgress())

        for failure in summary.failures {
            printError("rebut: \(failure.file.path): \(failure.reason)")
        }
        if json {
            for result in summary.results {
                print(JSONOutput.line(FilingLine(result, event: target.name)))
            }
        } else {
            printSummary(summary, event: target.name)
        }
        if !summary.failures.isEmpty { throw RebutExit.someInputsFailed }
    }

    private func printSummary(_ summary: BatchSummary, event: String) {
        for result in summary.results.sorted(by: { $0.source.path < $1.source.path }) {
            guard let receipt = result.receipt else { continue }
            let tag: String
            switch result.outcome {
            case .filed: tag = "filed       "
            case .needsReview: tag = "needs review"
            case .duplicate: tag = "duplicate   "
            case .failed: continue
            }
            print("\(tag)  #\(receipt.id ?? 0)  \(result.source.lastPathComponent)  \(ReceiptFormatting.oneLine(receipt))")
        }
        print("""
            \(event): \(summary.filed.count) filed, \(summary.needsReview.count) need review, \
            \(summary.duplicates.count) duplicates, \(summary.failures.count) failed
            """)
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
