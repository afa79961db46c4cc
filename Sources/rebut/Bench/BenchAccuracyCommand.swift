import ArgumentParser
import Foundation
import Ingest
import OCR
import Pipeline
import RebutCore

/// The number that matters: the whole pipeline (clean, OCR, extract) on labelled receipts.
struct BenchAccuracyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accuracy",
        abstract: "Run the whole pipeline on a labelled dataset: per-field accuracy, time and memory per receipt.",
        discussion: """
        DATASET is laid out like SROIE (img/NAME.jpg and key/NAME.json with company, date and \
        total as printed) or as scripts/make-wild.py writes it (img/ID.* and truth.jsonl, one \
        {"id","vendor","date","total","variant"} line per image, ISO dates). Scoring: total equal to the cent; date the same calendar day; vendor \
        equal after upper-casing and keeping only letters and digits (exact), and within 0.8 \
        similarity; all three = total, date and vendor (≥ 0.8) right, and again with the exact vendor. Nothing is stored.

        --warm replays the receipts in name order as a person would file them: each is extracted \
        again from the same OCR reading with what the earlier ones taught (vendors, their numbers, \
        addresses and habits, the batch's dates), scored, then set to its truth before the next. \
        Cold and warm are printed side by side, and both on the second half alone.

        Accuracy is also split by shop: receipts of a shop on no other receipt of the set \
        (one-off) against those of shops seen again (repeat), the nearer guess at shops never \
        seen, and with each shop counted once (the mean of every shop's own accuracy; its \
        receipts column counts shops), since one shop printing a third of a set scores its \
        layout more than the rules. With variants, accuracy is also given per variant. Time is \
        given per receipt and per stage (decode, clean, ocr, re-read), the slowest files by name. Peak RSS is the whole \
        run's; per receipt it is exact with --jobs 1 (the peak is reset before each receipt) and \
        otherwise the process's high-water mark when the receipt finished.

        Example:
          rebut bench accuracy --dataset ../shared/datasets/sroie-dev --dump-ocr /tmp/ocr
          rebut bench accuracy --dataset /tmp/wild --slowest 10 --jobs 1
          rebut bench accuracy --dataset ../shared/datasets/sroie-dev --warm
        """)

    @Option(name: .long, help: "Folder with img/ and key/, or img/ and truth.jsonl.") var dataset: String
    @Option(name: .long, help: "Only the first N receipts.") var limit: Int?
    @Option(name: .customLong("dump-ocr"), help: "Write each receipt's OCR lines to DIR/NAME.json (for `bench extraction`).")
    var dumpOCR: String?
    @Flag(name: .long, help: "Print every miss with the top candidates.") var misses = false
    @Flag(name: .long, help: "Also replay the receipts in name order, each one's truth taught before the next: cold vs warm.")
    var warm = false
    @Option(name: .long, help: "List the N slowest receipts by name with their stage split.") var slowest = 5
    @Flag(name: .long, help: "Print the report as JSON.") var json = false
    @OptionGroup var pipelineOptions: PipelineOptions
    @OptionGroup(title: "Measuring") var tuning: TuningOptions

    struct Output: Encodable {
        var report: AccuracyReport
        var receiptsPerSecond: Double
        var medianSecondsPerReceipt: Double
        /// Median seconds per receipt of each step on a worker: decode, clean, ocr, reread.
        var stageMedianSeconds: [String: Double]
        /// Each stage's share of all stage time (decode, clean, ocr, reread).
        var stageShare: [String: Double]
        var variants: [VariantAccuracy.Row]?
        /// One-off shops against repeat shops, then each shop counted once (see `ShopRecurrence`).
        var shops: [VariantAccuracy.Row]?
        var slowest: [ReceiptRun]
        var receiptRuns: [ReceiptRun]
        var peakRSSMB: Double
        /// How per-receipt peak RSS was measured: exact (1 worker) or approximate.
        var perReceiptRSS: String
        var wallSeconds: Double
        var jobs: Int
        var cores: Int
        var languages: String
        /// The variables the process started with that change its speed (`LaunchEnvironment`):
        /// figures are only comparable between runs started alike.
        var launchEnvironment: [String: String]
        var failures: [String]
        var misses: [AccuracyMiss]?
        var warm: WarmReport?
    }

    /// One receipt's run: its reading (or failure), its seconds and the RSS when it finished.
    struct Timed: Sendable {
        var sample: LabelledDataset.Sample
        var result: Result<AnalysedReceipt, ReceiptFailure>
        var seconds: Double
        var peakRSSMB: Double?
    }

    func run() async throws {
        let data = try LabelledDataset(root: URL(fileURLWithPath: dataset), limit: limit)
        let analyser = try await pipelineOptions.makeAnalyser(tuning: tuning)
        if let dumpOCR { try FileManager.default.createDirectory(atPath: dumpOCR, withIntermediateDirectories: true) }
        let progress = TerminalProgress()
        progress.batchStarted(total: data.samples.count)

        let clock = ContinuousClock()
        let started = clock.now
        var timed: [Timed] = []
        // One worker: the kernel's peak is reset before each receipt, so each gets its own.
        let exactRSS = analyser.configuration.jobs == 1 && ProcessMemory.resetHighWaterMark()
        await forEachConcurrently(data.samples, width: analyser.configuration.jobs) { sample in
            if exactRSS { ProcessMemory.resetHighWaterMark() }
            let t0 = clock.now
            let result: Result<AnalysedReceipt, ReceiptFailure>
            do throws(ReceiptFailure) {
                result = .success(try await analyser.analyse(sample.image))
            } catch {
                result = .failure(error)
            }
            return Timed(sample: sample, result: result, seconds: (clock.now - t0).seconds,
                         peakRSSMB: ProcessMemory.highWaterMarkMB())
        } onResult: { item in
            timed.append(item.keepingTheReadingOnly())
            progress.tick(done: timed.count, total: data.samples.count, name: item.sample.name)
        }
        let wall = (clock.now - started).seconds

        var scores: [AccuracyScore.ReceiptScore] = []
        var missList: [AccuracyMiss] = []
        var failures: [String] = []
        for item in timed.sorted(by: { $0.sample.name < $1.sample.name }) {
            switch item.result {
            case .success(let analysed):
                let score = AccuracyScore.score(name: item.sample.name, truth: item.sample.truth, fields: analysed.fields)
                scores.append(score)
                missList += AccuracyMiss.misses(of: score, truth: item.sample.truth, fields: analysed.fields,
                                                lines: analysed.page.lines)
                if let dumpOCR {
                    let url = URL(fileURLWithPath: dumpOCR).appendingPathComponent(item.sample.name + ".json")
                    try JSONEncoder().encode(analysed.page.lines).write(to: url)
                    if !analysed.page.fallbackReadings.isEmpty {
                        let fallback = URL(fileURLWithPath: dumpOCR).appendingPathComponent(item.sample.name + ".fallback.json")
                        try JSONEncoder().encode(analysed.page.fallbackReadings).write(to: fallback)
                    }
                    if !analysed.page.rereads.isEmpty {
                        let rereads = URL(fileURLWithPath: dumpOCR).appendingPathComponent(item.sample.name + ".rereads.json")
                        try JSONEncoder().encode(analysed.page.rereads).write(to: rereads)
                    }
                }
            case .failure(let failure):
                // A receipt the pipeline could not read counts as wrong on every field.
                failures.append("\(item.sample.name): \(failure.reason)")
                scores.append(.init(name: item.sample.name, total: false, date: false, vendorExact: false, vendorSimilar: false))
            }
        }
        let report = AccuracyReport(scores)
        let warmReport = warm ? warmReplay(timed.sorted { $0.sample.name < $1.sample.name }.map { ($0.sample, $0.result) },
                                           analyser: analyser, cold: scores) : nil
        let durations = timed.map(\.seconds).sorted()
        let median = durations.isEmpty ? 0 : durations[durations.count / 2]
        let timings = timed.compactMap { try? $0.result.get().timings }
        func stageMedian(_ step: (OCRTimings) -> Duration) -> Double {
            let sorted = timings.map { step($0).seconds }.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        let stageMedians = ["decode": stageMedian(\.decode), "clean": stageMedian(\.clean),
                            "ocr": stageMedian(\.ocr), "reread": stageMedian(\.reread)]
        let runs = timed.sorted { $0.sample.name < $1.sample.name }.map {
            ReceiptRun(name: $0.sample.name, variant: $0.sample.variant, seconds: $0.seconds,
                       timings: try? $0.result.get().timings, peakRSSMB: $0.peakRSSMB)
        }
        let variantOf = Dictionary(data.samples.map { ($0.name, $0.variant) }, uniquingKeysWith: { a, _ in a })
        let variants = VariantAccuracy(scores, variantOf: { variantOf[$0] ?? nil })
        let shops = ShopRecurrence.accuracy(scores, samples: data.samples)
        let share = ReceiptRun.stageShare(runs)
        let output = Output(report: report,
                            receiptsPerSecond: wall > 0 ? Double(timed.count) / wall : 0,
                            medianSecondsPerReceipt: median, stageMedianSeconds: stageMedians,
                            stageShare: share, variants: variants.isEmpty ? nil : variants.rows, shops: shops?.rows,
                            slowest: ReceiptRun.slowest(runs, count: slowest), receiptRuns: runs,
                            peakRSSMB: ProcessMemory.runPeakMB(observed: timed.compactMap(\.peakRSSMB)),
                            perReceiptRSS: exactRSS ? "exact: peak reset before each receipt (1 worker)"
                                : "approximate: the process's high-water mark when the receipt finished "
                                + "(\(analyser.configuration.jobs) workers share it)",
                            wallSeconds: wall, jobs: analyser.configuration.jobs,
                            cores: ProcessInfo.processInfo.activeProcessorCount,
                            languages: pipelineOptions.lang, launchEnvironment: LaunchEnvironment.current, failures: failures,
                            misses: misses ? missList : nil, warm: warmReport)
        if json {
            print(JSONOutput.pretty(output))
            return
        }
        if misses {
            for miss in missList { print(miss.text) }
            print("")
        }
        for failure in failures { print("failed: \(failure)") }
        print("\(report.receipts) receipts from \(dataset), --lang \(output.languages), \(output.jobs) workers on \(output.cores) cores")
        print("started with " + output.launchEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        print(report.table, terminator: "")
        if let warmReport {
            print("")
            print(warmReport.table, terminator: "")
        }
        if !variants.isEmpty {
            print("")
            print(variants.table, terminator: "")
        }
        if let shops {
            print("")
            print(shops.table(heading: "shop"), terminator: "")
            if let largest = ShopRecurrence.largestShopLine(data.samples) { print(largest) }
        }
        print("")
        print(String(format: "speed: %.2f receipts/s (wall %.1f s), median %.2f s per receipt per worker",
                     output.receiptsPerSecond, wall, median))
        print(String(format: "median per step: decode %.3f s, clean %.3f s, ocr %.3f s, re-read %.3f s",
                     stageMedians["decode"]!, stageMedians["clean"]!, stageMedians["ocr"]!, stageMedians["reread"]!))
        if !share.isEmpty {
            print(String(format: "share of worker time: decode %.0f%%, clean %.0f%%, ocr %.0f%%, re-read and fallback %.0f%%",
                         100 * share["decode", default: 0], 100 * share["clean", default: 0],
                         100 * share["ocr", default: 0], 100 * share["reread", default: 0]))
        }
        print(String(format: "peak RSS: %.0f MB for the run; per receipt ", output.peakRSSMB) + output.perReceiptRSS)
        if slowest > 0 {
            print("slowest \(output.slowest.count):")
            for run in output.slowest { print("  " + run.line) }
        }
    }

    /// The warm replay on the readings already made: the pipeline's extraction (re-reads merged)
    /// run again, receipt after receipt, with what the earlier truths taught.
    private func warmReplay(_ runs: [(LabelledDataset.Sample, Result<AnalysedReceipt, ReceiptFailure>)],
                            analyser: ReceiptAnalyser, cold: [AccuracyScore.ReceiptScore]) -> WarmReport {
        var replay = WarmReplay()
        var scores: [AccuracyScore.ReceiptScore] = []
        for (sample, result) in runs {
            guard case .success(let first) = result else {
                scores.append(.init(name: sample.name, total: false, date: false, vendorExact: false, vendorSimilar: false))
                continue
            }
            let analysed = analyser.analyse(first.file, page: first.page, context: replay.analysisContext)
            scores.append(AccuracyScore.score(name: sample.name, truth: sample.truth, fields: analysed.fields))
            replay.learn(truth: sample.truth, lines: analysed.page.lines, fields: analysed.fields)
        }
        return WarmReport(cold: cold, warm: scores)
    }
}

extension BenchAccuracyCommand.Timed {
    /// The receipt as the report needs it until the end: its reading, fields and times, without
    /// the file's bytes and the image read. A photo keeps 1–3 MB of them; kept for every receipt
    /// of a set, they grew the run's peak RSS with the set's size (220 → 351 MB over 90 photos,
    /// 543 MB on 280 German captures), which is meant to measure the workers.
    func keepingTheReadingOnly() -> Self {
        guard case .success(var analysed) = result else { return self }
        let file = analysed.file
        analysed.file = IngestedFile(url: file.url, data: Data(), sha256: file.sha256, format: file.format,
                                     orientation: file.orientation, location: file.location)
        analysed.readImage = nil
        var kept = self
        kept.result = .success(analysed)
        return kept
    }
}
