import ArgumentParser
import Foundation
import Imaging
import Ingest
import OCR
import Pipeline

/// Measures the OCR stage alone: how often the truth is in the text at all, and how fast.
/// Cleaning defaults are chosen with this, so every step can be switched off from here.
struct BenchOCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ocr",
        abstract: "Measure how much of the truth the OCR text contains, per cleaning option.")

    @Option(help: "Dataset folder with img/ and key/ (SROIE layout).")
    var dataset: String
    @Option(help: "Use only the first N samples.")
    var limit: Int?
    @Option(help: "Worker threads (one Tesseract engine each).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Tesseract page segmentation mode.")
    var psm: Int?
    @Option(help: "Tesseract languages, e.g. eng or spa+cat.")
    var languages: String = "eng"
    @Flag(help: "Do not crop the receipt out of its background.") var noCrop = false
    @Flag(help: "Do not deskew.") var noDeskew = false
    @Flag(help: "Do not straighten lines bowed by a curled slip.") var noFlatten = false
    @Flag(help: "Do not level lines fanned out by a slip seen from one side.") var noFan = false
    @Flag(help: "Do not normalise the background.") var noNormalize = false
    @Flag(help: "Do not stretch faint print to black on white.") var noStretch = false
    @Flag(help: "Do not deepen print washed out by a reflection over part of the slip.") var noDeepen = false
    @Flag(help: "Do not smooth out a dim photo's or a grainy scan's grain.") var noSmooth = false
    @Flag(help: "Thicken thin strokes (grey erosion) before sizing.") var thickenInk = false
    @Flag(help: "Do not read dot-matrix print thickened from the start.") var noDotted = false
    @Flag(help: "Do not scale.") var noScale = false
    @Flag(help: "Keep amounts split at the decimal point as Tesseract gave them.") var noJoinAmounts = false
    @Option(help: "Normalise the background only when it spreads over at least this many grey levels (0: always).")
    var unevenThreshold: Int?
    @Flag(help: "Print each receipt's background spread (to pick --uneven-threshold).") var showSpread = false
    @Flag(help: "Print each located receipt's character height as printed and thickened.") var showHeights = false
    @Option(help: "Binarisation method: otsu or sauvola.")
    var binarization: CleaningOptions.Binarization?
    @Option(help: "Target median character height in pixels when scaling by measured text size.")
    var targetHeight: Int?
    @Option(help: "Scale by this fixed factor instead of measuring text size.")
    var scaleFactor: Double?
    @Option(help: "Tesseract variable NAME=VALUE (repeatable).")
    var variable: [TesseractVariable] = []
    @Option(help: "Write NAME.json (the OCR lines) per sample into this folder.")
    var dump: String?
    @Option(help: "Also write each cleaned image as NAME.png into this folder (for looking at).")
    var dumpImages: String?
    @Flag(help: "Print one line per receipt.") var verbose = false

    func run() async throws {
        let data = try LabelledDataset(root: URL(fileURLWithPath: dataset), limit: limit)
        var cleaning = CleaningOptions.default
        if noCrop { cleaning.crop = false }
        if noDeskew { cleaning.deskew = false }
        if noFlatten { cleaning.flattenCurl = false }
        if noFan { cleaning.levelFan = false }
        if noNormalize { cleaning.normalizeBackground = false }
        if noStretch { cleaning.stretchFaintInk = false }
        if noDeepen { cleaning.deepenWashedPrint = false }
        if noSmooth { cleaning.smoothGrain = false }
        if thickenInk { cleaning.thickenInk = true }
        if noDotted { cleaning.thickenDottedPrint = false }
        if noScale { cleaning.scale = false }
        if let binarization { cleaning.binarization = binarization }
        if let unevenThreshold { cleaning.unevenBackgroundThreshold = unevenThreshold }
        if let targetHeight { cleaning.targetCharacterHeight = targetHeight }
        if let scaleFactor { cleaning.fixedScaleFactor = scaleFactor }
        var settings = OCRSettings.default(languages: languages)
        if let psm { settings.pageSegmentationMode = psm }
        if noJoinAmounts { settings.joinSplitAmounts = false }
        for setting in variable { settings.variables[setting.name] = setting.value }
        if let dump { try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true) }

        if let dumpImages {
            try FileManager.default.createDirectory(atPath: dumpImages, withIntermediateDirectories: true)
            let cleaner = ReceiptCleaner(options: cleaning)
            for sample in data.samples {
                let image = try cleaner.clean(ImageDecoder.decode(Ingestor().read(sample.image), maxPixels: cleaning.maxPixels, grey: true))
                try image.encoded(as: .png).write(to: URL(fileURLWithPath: dumpImages).appendingPathComponent(sample.name + ".png"))
            }
        }
        if showSpread {
            for sample in data.samples {
                let grey = try ReceiptCleaner(options: CleaningOptions(deskew: false, normalizeBackground: false, scale: true))
                    .clean(ImageDecoder.decode(Ingestor().read(sample.image), maxPixels: cleaning.maxPixels, grey: true))
                print("\(sample.name) background spread \(grey.backgroundSpread().map(String.init) ?? "?")")
            }
        }
        if showHeights {
            let cleaner = ReceiptCleaner(options: cleaning)
            for sample in data.samples {
                var notes: [String] = []
                let located = try cleaner.located(ImageDecoder.decode(Ingestor().read(sample.image), maxPixels: cleaning.maxPixels, grey: true), notes: &notes)
                let heights = cleaner.characterHeights(located)
                print("\(sample.name) heights \(heights.plain ?? -1) \(heights.thickened ?? -1)")
            }
            return
        }
        let pool = try OCRWorkerPool(workers: jobs, settings: settings, cleaning: cleaning)
        defer { pool.shutdown() }
        let ingestor = Ingestor()
        let clock = ContinuousClock()
        let started = clock.now
        let results = try await withThrowingTaskGroup(of: (Int, Result<OCROutcome, any Error>).self) { group in
            for (index, sample) in data.samples.enumerated() {
                group.addTask {
                    do {
                        let file = try ingestor.read(sample.image)
                        return (index, .success(try await pool.process(file)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var collected = [Result<OCROutcome, any Error>?](repeating: nil, count: data.samples.count)
            for try await (index, result) in group { collected[index] = result }
            return collected.map { $0! }
        }
        let wall = clock.now - started

        var totals = 0, dates = 0, companies = 0, all = 0, failures = 0
        var milliseconds: [Double] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (sample, result) in zip(data.samples, results) {
            switch result {
            case .failure(let error):
                failures += 1
                print("\(sample.name): failed: \(error)")
            case .success(let outcome):
                let coverage = TruthCoverage(lines: outcome.page.lines.map(\.text), total: sample.truth.total,
                                             date: sample.truth.date, company: sample.truth.company)
                totals += coverage.total ? 1 : 0
                dates += coverage.date ? 1 : 0
                companies += coverage.company ? 1 : 0
                all += coverage.all ? 1 : 0
                milliseconds.append(outcome.total.milliseconds)
                if verbose {
                    print("\(sample.name) total=\(coverage.total ? 1 : 0) date=\(coverage.date ? 1 : 0) "
                          + "company=\(coverage.company ? 1 : 0) conf=\(Int(outcome.page.meanConfidence)) "
                          + "\(outcome.page.width)x\(outcome.page.height) \(Int(outcome.total.milliseconds)) ms")
                }
                if let dump {
                    let url = URL(fileURLWithPath: dump).appendingPathComponent(sample.name + ".json")
                    try encoder.encode(outcome.page.lines).write(to: url)
                }
            }
        }
        let n = Double(data.samples.count)
        func share(_ count: Int) -> String { String(format: "%5.1f%%", 100 * Double(count) / max(n, 1)) }
        milliseconds.sort()
        let median = milliseconds.isEmpty ? 0 : milliseconds[milliseconds.count / 2]
        print("receipts \(data.samples.count)  jobs \(jobs)  cores \(ProcessInfo.processInfo.activeProcessorCount)  psm \(settings.pageSegmentationMode)  join-amounts \(settings.joinSplitAmounts)  project-tessdata \(settings.projectTessdata?.path ?? "none")")
        print("cleaning crop=\(cleaning.crop) deskew=\(cleaning.deskew) flatten=\(cleaning.flattenCurl) fan=\(cleaning.levelFan) normalize=\(cleaning.normalizeBackground ? "spread>=\(cleaning.unevenBackgroundThreshold)" : "off") "
              + "binarize=\(cleaning.binarize ? cleaning.binarization.rawValue : "tesseract") "
              + "scale=\(cleaning.scale ? (cleaning.fixedScaleFactor.map { "\($0)x" } ?? "text\(cleaning.targetCharacterHeight)px") : "off")")
        print("total \(share(totals))  date \(share(dates))  company \(share(companies))  all three \(share(all))  failed \(failures)")
        print(String(format: "median %.0f ms/receipt  %.2f receipts/s", median, n / max(wall.seconds, 0.001)))
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: Double { seconds * 1000 }
}

extension CleaningOptions.Binarization: ExpressibleByArgument {}
