import ArgumentParser
import Extraction
import Foundation
import Pipeline
import RebutCore

/// Scores extraction alone: OCR text already on disk in, accuracy table out. Lets the rules be
/// iterated in seconds without running OCR.
struct BenchExtractionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extraction",
        abstract: "Score extraction alone on OCR text files against a dataset's truths.",
        discussion: """
        For every DATASET/key/NAME.json, reads TEXT/NAME.json (an array of text lines with \
        confidences, as the pipeline dumps them) or else TEXT/NAME.txt (plain OCR text), extracts \
        the fields and scores them.
        """)

    @Option(name: .long, help: "Folder with key/NAME.json truths.")
    var dataset: String

    @Option(name: .long, help: "Folder with NAME.txt or NAME.json OCR output.")
    var text: String

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Flag(name: .long, help: "Print every miss with the expected value and the top candidates.")
    var misses = false

    @Option(name: .long, help: "Language hints (Tesseract codes, comma-separated).")
    var languages: String = "eng"

    @Option(name: .customLong("reference-date"), help: "\"Today\" for date plausibility, YYYY-MM-DD (default: today, as the pipeline does).")
    var referenceDate: String?

    struct Miss: Codable {
        var file: String
        var field: String
        var expected: String
        var got: String
        var candidates: [String]
        /// True when the truth cannot be read from the OCR text at all: an OCR miss, not an extraction one.
        var ocrLimited: Bool
    }

    struct Output: Codable {
        var report: AccuracyReport
        var missing: [String]
        var misses: [Miss]?
    }

    func run() async throws {
        let keyDir = URL(fileURLWithPath: dataset).appendingPathComponent("key")
        let textDir = URL(fileURLWithPath: text)
        let fm = FileManager.default
        guard let keys = try? fm.contentsOfDirectory(atPath: keyDir.path) else {
            throw ValidationError("\(keyDir.path): no such folder (expected DATASET/key/NAME.json)")
        }
        let extractor = ReceiptExtractor()
        let today: LocalDate
        if let referenceDate {
            guard let parsed = LocalDate(iso8601: referenceDate) else {
                throw ValidationError("--reference-date: expected YYYY-MM-DD, got \(referenceDate)")
            }
            today = parsed
        } else {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
            today = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
        }
        let context = ExtractionContext(languages: languages.split(separator: ",").map(String.init), referenceDate: today)
        var scores: [AccuracyScore.ReceiptScore] = []
        var missingText: [String] = []
        var missList: [Miss] = []
        var calibration: [(Double, Bool, ReceiptField)] = []
        for key in keys.sorted() where key.hasSuffix(".json") {
            let name = String(key.dropLast(5))
            let truthData = try Data(contentsOf: keyDir.appendingPathComponent(key))
            let truth = try JSONDecoder().decode(LabelledDataset.Truth.self, from: truthData)
            guard let lines = try loadLines(name, in: textDir) else { missingText.append(name); continue }
            let fields = extractor.extract(from: lines, context: context)
            let score = AccuracyScore.score(name: name, truth: truth, fields: fields)
            scores.append(score)
            calibration.append((fields.confidence[.total] ?? 0, score.total, .total))
            calibration.append((fields.confidence[.date] ?? 0, score.date, .date))
            calibration.append((fields.confidence[.vendor] ?? 0, score.vendorSimilar, .vendor))
            guard misses else { continue }
            func tops(_ field: ReceiptField) -> [String] {
                (fields.candidates[field] ?? []).map { "\($0.value) (\(String(format: "%.2f", $0.score)))" }
            }
            let confidence = { (f: ReceiptField) in String(format: " conf %.2f", fields.confidence[f] ?? 0) }
            let presence = TruthPresence(lines: lines)
            if !score.total {
                missList.append(Miss(file: name, field: "total", expected: truth.total ?? "",
                                     got: (fields.total.map { MoneyFormat.canonical($0) } ?? "-") + confidence(.total),
                                     candidates: tops(.total), ocrLimited: !presence.hasTotal(truth.total)))
            }
            if !score.date {
                missList.append(Miss(file: name, field: "date", expected: truth.date ?? "",
                                     got: (fields.date?.iso8601 ?? "-") + confidence(.date), candidates: tops(.date),
                                     ocrLimited: !presence.hasDate(truth.date)))
            }
            if !score.vendorExact {
                missList.append(Miss(file: name, field: score.vendorSimilar ? "vendor~" : "vendor",
                                     expected: truth.company ?? "", got: (fields.vendor ?? "-") + confidence(.vendor),
                                     candidates: tops(.vendor), ocrLimited: !presence.hasVendor(truth.company)))
            }
        }
        let report = AccuracyReport(scores)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let output = Output(report: report, missing: missingText, misses: misses ? missList : nil)
            print(String(decoding: try encoder.encode(output), as: UTF8.self))
            return
        }
        if misses {
            for miss in missList {
                print("\(miss.file) \(miss.field): expected \(miss.expected) | got \(miss.got)"
                      + (miss.ocrLimited ? "  [OCR-limited]" : ""))
                print("    " + miss.candidates.joined(separator: " · "))
            }
            print("")
        }
        print("\(report.receipts) receipts scored" + (missingText.isEmpty ? "" : ", \(missingText.count) without OCR text"))
        print(report.table, terminator: "")
        print(Self.calibrationTable(calibration), terminator: "")
        if misses {
            for field in ["total", "date", "vendor"] {
                let all = missList.filter { $0.field == field }
                print("\(field) misses: \(all.count), of which OCR-limited (truth not in the text): \(all.filter(\.ocrLimited).count)")
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

/// Whether a truth value can be found in the OCR text at all, leniently, to tell OCR misses from
/// extraction misses in the report.
struct TruthPresence {
    let text: String
    let compactText: String
    let lines: [String]

    init(lines: [TextLine]) {
        self.lines = lines.map(\.text)
        text = self.lines.joined(separator: "\n").uppercased()
        compactText = text.filter { !$0.isWhitespace }.replacingOccurrences(of: ",", with: ".")
    }

    func hasTotal(_ truth: String?) -> Bool {
        guard let value = AccuracyScore.parseTruthTotal(truth) else { return false }
        return compactText.contains(MoneyFormat.canonical(value))
    }

    func hasDate(_ truth: String?) -> Bool {
        guard let date = AccuracyScore.parseTruthDate(truth) else { return false }
        let dd = date.day < 10 ? "0\(date.day)" : "\(date.day)"
        let mm = date.month < 10 ? "0\(date.month)" : "\(date.month)"
        let yy = String(String(date.year).suffix(2))
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        var forms: [String] = []
        for sep in ["/", "-", "."] {
            for d in Set([dd, "\(date.day)"]) {
                for m in Set([mm, "\(date.month)"]) {
                    forms += ["\(d)\(sep)\(m)\(sep)\(date.year)", "\(d)\(sep)\(m)\(sep)\(yy)",
                              "\(m)\(sep)\(d)\(sep)\(date.year)", "\(date.year)\(sep)\(m)\(sep)\(d)"]
                }
            }
        }
        forms += ["\(dd)\(months[date.month - 1])\(date.year)", "\(dd)\(months[date.month - 1])\(yy)",
                  "\(date.day)\(months[date.month - 1])\(date.year)"]
        return forms.contains { compactText.contains($0) }
    }

    func hasVendor(_ truth: String?) -> Bool {
        guard let truth else { return false }
        // The name may span two lines.
        let pairs = zip(lines, lines.dropFirst()).map { $0 + " " + $1 }
        return (lines + pairs).contains { AccuracyScore.vendorExact(truth: truth, extracted: $0)
            || TextSimilarity.similarity(truth, $0) >= 0.9 }
    }
}
