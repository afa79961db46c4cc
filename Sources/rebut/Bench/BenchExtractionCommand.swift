import ArgumentParser
import Extraction
import Foundation
import OCR
import Pipeline
import RebutCore

/// Scores extraction alone: OCR text already on disk in, accuracy table out. Lets the rules be
/// iterated in seconds without running OCR.
struct BenchExtractionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extraction",
        abstract: "Score extraction alone on OCR text files against a dataset's truths.",
        discussion: """
        For every labelled receipt of DATASET (img/ with key/NAME.json, or img/ with truth.jsonl as \
        `bench accuracy` takes them), reads TEXT/NAME.json (an array of text lines with \
        confidences, as the pipeline dumps them) or else TEXT/NAME.txt (plain OCR text), extracts \
        the fields and scores them, also split by shop: one-off shops (on no other receipt of the \
        set) against repeat shops, and each shop counted once (the mean of every shop's own \
        accuracy; its receipts column counts shops).

        --warm replays the receipts in name order as a person would file them: each is read with \
        what the earlier ones taught (their vendors, numbers, addresses and dates), scored, then \
        set to its truth before the next. Cold and warm are printed side by side, and both again \
        on the second half of the receipts alone, where there was something to learn.

        Examples:
          rebut bench accuracy --dataset ../shared/datasets/sroie-dev --dump-ocr /tmp/ocr
          rebut bench extraction --dataset ../shared/datasets/sroie-dev --text /tmp/ocr --warm
        """)

    @Option(name: .long, help: "Folder with img/ and key/NAME.json truths, or img/ and truth.jsonl.")
    var dataset: String

    @Option(name: .long, help: "Folder with NAME.txt or NAME.json OCR output.")
    var text: String

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Flag(name: .long, help: "Print every miss with the expected value and the top candidates (with --warm, the warm replay's).")
    var misses = false

    @Option(name: .long, help: "Language hints (Tesseract codes, comma-separated).")
    var languages: String = "eng"

    @Option(name: .customLong("reference-date"), help: "\"Today\" for date plausibility, YYYY-MM-DD (default: today, as the pipeline does).")
    var referenceDate: String?

    @Option(name: .long, help: ArgumentHelp("Explain one receipt's total and date: each line's role and amounts, the closed sums, and which rules added or doubted what for each candidate (first reading only).", valueName: "NAME"))
    var explain: String?

    @Flag(name: .long, help: "Also replay the receipts in order, each one's truth taught before the next: cold vs warm.")
    var warm = false

    @Option(name: .long, help: ArgumentHelp("Total rules to switch off, comma-separated, to measure what each earns.", valueName: "RULES"))
    var without: String?

    @Option(name: .customLong("fallback-gate"), help: ArgumentHelp("Replay a lower gate for the whole-page fallback reading: a stored fallback counts only where the first reading lacks a date or total or is less sure than this of a field (default: the pipeline's 0.5).", valueName: "CONFIDENCE"))
    var fallbackGate: Double?

    struct Output: Codable {
        var report: AccuracyReport
        var missing: [String]
        var misses: [AccuracyMiss]?
        var warm: WarmReport?
    }

    func run() async throws {
        let textDir = URL(fileURLWithPath: text)
        let samples: [LabelledDataset.Sample]
        do {
            samples = try LabelledDataset(root: URL(fileURLWithPath: dataset)).samples
        } catch {
            throw ValidationError("\(error)")
        }
        let today: LocalDate
        if let referenceDate {
            guard let parsed = LocalDate(iso8601: referenceDate) else {
                throw ValidationError("--reference-date: expected YYYY-MM-DD, got \(referenceDate)")
            }
            today = parsed
        } else {
            today = LocalDate.containing(Date())
        }
        let disabled = Set((without ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        if let unknown = disabled.first(where: { !ExtractionContext.totalRuleNames.contains($0) }) {
            throw ValidationError("--without: no total rule named \(unknown); rules: \(ExtractionContext.totalRuleNames.joined(separator: ", "))")
        }
        let context = ExtractionContext(languages: languages.split(separator: ",").map(String.init), referenceDate: today,
                                        disabledTotalRules: disabled)
        var scores: [AccuracyScore.ReceiptScore] = []
        var missingText: [String] = []
        var missList: [AccuracyMiss] = []
        var calibration: [(Double, Bool, ReceiptField)] = []
        var replay = WarmReplay()
        var warmScores: [AccuracyScore.ReceiptScore] = []
        var warmMisses: [AccuracyMiss] = []
        var fallbacksStored = 0, fallbacksSkipped = 0
        if let explain {
            guard let lines = try loadLines(explain, in: textDir) else { throw ValidationError("no text for \(explain)") }
            ReceiptExtractor().explain(lines, context: context).forEach { print($0) }
            return
        }
        for sample in samples {
            let name = sample.name, truth = sample.truth
            guard let lines = try loadLines(name, in: textDir) else { missingText.append(name); continue }
            let (fields, fallback) = try extract(lines, rereadsOf: name, in: textDir, context: context)
            if fallback != .none { fallbacksStored += 1 }
            if fallback == .skipped { fallbacksSkipped += 1 }
            let score = AccuracyScore.score(name: name, truth: truth, fields: fields)
            scores.append(score)
            if warm {
                let warmFields = try extract(lines, rereadsOf: name, in: textDir, context: replay.context(context)).fields
                let warmScore = AccuracyScore.score(name: name, truth: truth, fields: warmFields)
                warmScores.append(warmScore)
                if misses { warmMisses += AccuracyMiss.misses(of: warmScore, truth: truth, fields: warmFields, lines: lines) }
                replay.learn(truth: truth, lines: lines, fields: warmFields)
            }
            calibration.append((fields.confidence[.total] ?? 0, score.total, .total))
            calibration.append((fields.confidence[.date] ?? 0, score.date, .date))
            calibration.append((fields.confidence[.vendor] ?? 0, score.vendorSimilar, .vendor))
            if misses {
                missList += AccuracyMiss.misses(of: score, truth: truth, fields: fields, lines: lines)
            }
        }
        let report = AccuracyReport(scores)
        let warmReport = warm ? WarmReport(cold: scores, warm: warmScores) : nil
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let output = Output(report: report, missing: missingText, misses: misses ? missList : nil, warm: warmReport)
            print(String(decoding: try encoder.encode(output), as: UTF8.self))
            return
        }
        if misses {
            // With --warm, the warm replay's misses: what is left to learn.
            for miss in warm ? warmMisses : missList { print(miss.text) }
            print("")
        }
        print("\(report.receipts) receipts scored" + (missingText.isEmpty ? "" : ", \(missingText.count) without OCR text"))
        if let fallbackGate {
            print("fallback readings: \(fallbacksStored) stored, \(fallbacksStored - fallbacksSkipped) made at gate \(fallbackGate)")
        }
        print(report.table, terminator: "")
        if let warmReport {
            print("")
            print(warmReport.table, terminator: "")
        }
        let scored = samples.filter { !missingText.contains($0.name) }
        if let shops = ShopRecurrence.accuracy(scores, samples: scored) {
            print("")
            print(shops.table(heading: "shop"), terminator: "")
            if let largest = ShopRecurrence.largestShopLine(scored) { print(largest) }
            print("")
        }
        print(Self.calibrationTable(calibration), terminator: "")
        if misses {
            for field in ["total", "date", "vendor"] {
                let all = missList.filter { $0.field == field }
                print("\(field) misses: \(all.count), of which OCR-limited (truth not in the text): \(all.filter { $0.ocrLimited == true }.count)")
            }
        }
    }

    /// How well confidence separates right from wrong: accuracy above and below the review threshold.
    static func calibrationTable(_ rows: [(Double, Bool, ReceiptField)]) -> String {
        let threshold = ReceiptExtractor.reviewThreshold
        var out = "confidence vs review threshold \(threshold)   confident: right/n    review: right/n\n"
        for field in [ReceiptField.total, .date, .vendor] {
            let mine = rows.filter { $0.2 == field }
            let high = mine.filter { $0.0 >= threshold }, low = mine.filter { $0.0 < threshold }
            let name = (field == .vendor ? "vendor (similar)" : field.rawValue).padding(toLength: 41, withPad: " ", startingAt: 0)
            out += "\(name) \(high.filter(\.1).count)/\(high.count)".padding(toLength: 62, withPad: " ", startingAt: 0)
                + "\(low.filter(\.1).count)/\(low.count)\n"
        }
        return out
    }

    /// What became of a stored fallback reading: none stored, merged, or left out by `--fallback-gate`.
    private enum FallbackUse { case none, kept, skipped }

    /// With NAME.rereads.json beside the lines (dumped by `bench accuracy --dump-ocr`), the
    /// re-read lines vote as the pipeline lets them.
    private func extract(_ lines: [TextLine], rereadsOf name: String, in dir: URL,
                         context: ExtractionContext) throws -> (fields: ReceiptFields, fallback: FallbackUse) {
        let decoder = JSONDecoder()
        let rereads = try FileManager.default.contents(atPath: dir.appendingPathComponent(name + ".rereads.json").path)
            .map { try decoder.decode([LineReread].self, from: $0) } ?? []
        let fallback = try FileManager.default.contents(atPath: dir.appendingPathComponent(name + ".fallback.json").path)
            .map { try decoder.decode([FallbackReading].self, from: $0) } ?? []
        // The pipeline's own merge, so offline scores match `bench accuracy`.
        var page = OCRPage(lines: lines, meanConfidence: 0, width: 0, height: 0, rereads: rereads)
        page.fallbackReadings = fallback
        var use: FallbackUse = fallback.isEmpty ? .none : .kept
        if let fallbackGate, use == .kept,
           !RereadPlanner.wantsFallback(ReceiptExtractor().extract(from: lines, context: context), unsureBelow: fallbackGate) {
            page.fallbackReadings = []
            use = .skipped
        }
        return (RereadPlanner(extraction: context).merge(page), use)
    }

    /// NAME.json ([TextLine] with confidences) wins over NAME.txt (plain text).
    private func loadLines(_ name: String, in dir: URL) throws -> [TextLine]? {
        let jsonURL = dir.appendingPathComponent(name + ".json")
        if let data = FileManager.default.contents(atPath: jsonURL.path) {
            do { return try JSONDecoder().decode([TextLine].self, from: data) }
            catch { throw ValidationError("\(jsonURL.path): not a JSON array of text lines: \(error)") }
        }
        let textURL = dir.appendingPathComponent(name + ".txt")
        guard let data = FileManager.default.contents(atPath: textURL.path) else { return nil }
        return TextLine.lines(fromPlainText: String(decoding: data, as: UTF8.self))
    }
}
