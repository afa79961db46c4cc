import ArgumentParser
import Foundation
import Pipeline
import RebutCore

struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read receipts and print what was found, without storing anything.",
        discussion: """
        Runs the whole pipeline (clean, OCR, extract, categorise) and prints the fields. \
        Useful to try Rebut on a few images, or to feed another program with --json \
        (one JSON object per line).

        Examples:
          rebut scan receipt.jpg
          rebut scan ~/Scans --json --lang spa+cat | jq .total
        """)

    @Argument(help: ArgumentHelp("Image files or directories.", valueName: "path"))
    var paths: [String]

    @Flag(name: .long, help: "One JSON object per line: file, vendor, date, total, currency, category, payment, tax, confidence, candidates.")
    var json = false

    @Flag(name: .long, help: "Also print the OCR text (ignored with --json).")
    var text = false

    @OptionGroup var pipelineOptions: PipelineOptions

    func run() async throws {
        let collected = InputCollector.collect(paths)
        let analyser = try await pipelineOptions.makeAnalyser(inputs: collected.files.count)
        var failed = collected.problems.map { ReceiptFailure(file: $0.0, stage: .ingest, reason: $0.1) }
        var results: [AnalysedReceipt] = []
        await forEachConcurrently(collected.files, width: analyser.configuration.jobs * 2) { url in
            do throws(ReceiptFailure) {
                return Result<AnalysedReceipt, ReceiptFailure>.success(try await analyser.analyse(url))
            } catch {
                return .failure(error)
            }
        } onResult: { (result: Result<AnalysedReceipt, ReceiptFailure>) in
            switch result {
            case .success(let analysed): results.append(analysed)
            case .failure(let failure): failed.append(failure)
            }
        }
        for analysed in results.sorted(by: { $0.file.url.path < $1.file.url.path }) {
            if json {
                print(JSONOutput.line(ScanLine(analysed)))
            } else {
                printHuman(analysed)
            }
        }
        for failure in failed.sorted(by: { $0.file.path < $1.file.path }) {
            if json { print(JSONOutput.line(ScanLine(failure))) }
            printError("rebut: \(failure.file.path): \(failure.reason)")
        }
        try pipelineOptions.checkEngines(analyser)
        if !failed.isEmpty { throw RebutExit.someInputsFailed }
    }

    private func printHuman(_ a: AnalysedReceipt) {
        let f = a.fields
        func conf(_ field: ReceiptField) -> String {
            f.confidence[field].map { String(format: " (%.0f%%)", $0 * 100) } ?? ""
        }
        print(a.file.url.path)
        print("  vendor    \(f.vendor.map(TextSanitising.withoutControls) ?? "—")\(conf(.vendor))")
        print("  date      \(f.date?.iso8601 ?? "—")\(conf(.date))")
        print("  total     \(f.total.map { MoneyFormat.canonical($0, currency: f.currency) } ?? "—") \(f.currency ?? "")\(conf(.total))")
        print("  tax       \(f.tax.map { MoneyFormat.canonical($0, currency: f.currency) } ?? "—")")
        print("  payment   \(f.payment?.rawValue ?? "—")")
        print("  category  \(a.category.category ?? "—")")
        for note in a.page.notes { print("  note      \(note)") }
        if a.foundNoText {
            print("  review    no text found on the image")
        } else if a.needsReview {
            print("  review    \(a.uncertainFields.map(\.rawValue).joined(separator: ", ")) uncertain")
        }
        if text {
            print("  --- OCR text ---")
            for line in a.page.lines { print("  | \(TextSanitising.withoutControls(line.text))") }
        }
        print("")
    }
}

/// The JSON shape of one scanned file.
struct ScanLine: Encodable {
    var file: String
    @NullEncoded var vendor: String?
    @NullEncoded var date: String?
    @NullEncoded var total: String?
    @NullEncoded var currency: String?
    @NullEncoded var category: String?
    @NullEncoded var payment: String?
    @NullEncoded var tax: String?
    /// The weakest of vendor, date and total: how much to trust the receipt as a whole.
    @NullEncoded var confidence: Double?
    var fieldConfidence: [String: Double]?
    var needsReview: Bool?
    /// True when the image decoded but no text was found on it.
    var noText: Bool?
    var notes: [String]?
    var candidates: [String: [Candidate]]?
    var error: String?

    init(_ a: AnalysedReceipt) {
        let f = a.fields
        file = a.file.url.path
        vendor = f.vendor
        date = f.date?.iso8601
        total = f.total.map { MoneyFormat.canonical($0, currency: f.currency) }
        currency = f.currency
        category = a.category.category
        payment = f.payment?.rawValue
        tax = f.tax.map { MoneyFormat.canonical($0, currency: f.currency) }
        confidence = ReceiptField.required.map { f.confidence[$0] ?? 0 }.min()
        fieldConfidence = Dictionary(uniqueKeysWithValues: f.confidence.map { ($0.key.rawValue, $0.value) })
        needsReview = a.needsReview
        noText = a.foundNoText
        notes = a.page.notes
        candidates = Dictionary(uniqueKeysWithValues: f.candidates.map { ($0.key.rawValue, $0.value) })
    }

    init(_ failure: ReceiptFailure) {
        file = failure.file.path
        error = failure.reason
    }
}
