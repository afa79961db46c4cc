import Foundation
import RebutTestSupport
import Testing
@testable import Pipeline

/// `bench accuracy`'s two folder layouts and its per-variant, per-receipt reporting.
struct LabelledDatasetTests {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func aWildFolderIsReadFromItsTruthLinesWithVariants() throws {
        let dir = try TemporaryDirectory()
        try write("x", to: dir.file("img/b-photo.jpg"))
        try write("x", to: dir.file("img/a-clean.png"))
        try write("x", to: dir.file("img/unlabelled.jpg"))
        try write("""
            {"id": "b-photo", "vendor": "ACME LTD", "date": "2019-04-03", "total": "26.70", "variant": "photo"}

            {"id": "a-clean", "vendor": "ACME LTD", "date": "2019-04-03", "total": "26.70"}
            """, to: dir.file("truth.jsonl"))
        let dataset = try LabelledDataset(root: dir.url)
        #expect(dataset.samples.map(\.name) == ["a-clean", "b-photo"])
        #expect(dataset.samples.map(\.image.lastPathComponent) == ["a-clean.png", "b-photo.jpg"])
        #expect(dataset.samples.map(\.variant) == [nil, "photo"])
        #expect(dataset.samples[1].truth.company == "ACME LTD")
        #expect(AccuracyScore.dateMatches(truth: dataset.samples[1].truth.date, extracted: .init(year: 2019, month: 4, day: 3)))
        #expect(try LabelledDataset(root: dir.url, limit: 1).samples.map(\.name) == ["a-clean"])
    }

    @Test func aTruthLineWithoutItsImageIsAnErrorNamingIt() throws {
        let dir = try TemporaryDirectory()
        try write("x", to: dir.file("img/a.jpg"))
        try write(#"{"id": "missing", "vendor": "V", "date": "2019-01-01", "total": "1.00"}"#, to: dir.file("truth.jsonl"))
        #expect(throws: LabelledDataset.LoadError.self) { try LabelledDataset(root: dir.url) }
        do { _ = try LabelledDataset(root: dir.url) } catch { #expect("\(error)".contains("img/missing.*")) }
    }

    @Test func theSROIELayoutStillLoads() throws {
        let dir = try TemporaryDirectory()
        try write("x", to: dir.file("img/001.jpg"))
        try write("x", to: dir.file("img/002.jpg"))
        try write(#"{"company": "SHOP SDN BHD", "date": "25/12/2018", "total": "9.00"}"#, to: dir.file("key/001.json"))
        let dataset = try LabelledDataset(root: dir.url)
        #expect(dataset.samples.map(\.name) == ["001"])
        #expect(dataset.samples[0].variant == nil && dataset.samples[0].truth.company == "SHOP SDN BHD")
    }

    @Test func accuracyIsGivenPerVariantInTheGeneratorsOrder() {
        func score(_ name: String, _ right: Bool) -> AccuracyScore.ReceiptScore {
            .init(name: name, total: right, date: true, vendorExact: right, vendorSimilar: right)
        }
        let variants = ["a-photo": "photo", "b-photo": "photo", "a-clean": "clean", "a-odd": "zzz"]
        let table = VariantAccuracy([score("a-photo", true), score("b-photo", false), score("a-clean", true),
                                     score("a-odd", false), score("unlabelled", true)], variantOf: { variants[$0] })
        #expect(table.rows.map(\.variant) == ["clean", "photo", "zzz"])
        #expect(table.rows[1].receipts == 2 && table.rows[1].total == 0.5 && table.rows[1].date == 1)
        #expect(table.table.contains("photo                 2   50.0%  100.0%   50.0%   50.0%"))
    }

    @Test func theSlowestReceiptsAreNamedAndStageSharesSumToOne() {
        let stages = ["decode": 1.0, "clean": 1, "ocr": 6, "reread": 2]
        let runs = [ReceiptRun(name: "fast", variant: nil, seconds: 1, stageSeconds: stages, peakRSSMB: 100),
                    ReceiptRun(name: "slow", variant: "page-grey", seconds: 9, stageSeconds: stages, peakRSSMB: 300),
                    ReceiptRun(name: "failed", variant: nil, seconds: 3, stageSeconds: [:], peakRSSMB: nil)]
        #expect(ReceiptRun.slowest(runs, count: 2).map(\.name) == ["slow", "failed"])
        let share = ReceiptRun.stageShare(runs)
        #expect(abs(share.values.reduce(0, +) - 1) < 1e-9 && share["ocr"] == 0.6)
        #expect(runs[1].line.contains("ocr 6.00") && runs[1].line.hasSuffix("slow"))
    }

    /// With one worker each receipt's peak is its own: the mark is reset, then must rise with what
    /// the work touches.
    @Test func theHighWaterMarkIsResetAndRisesWithTouchedMemory() throws {
        let runPeak = ProcessMemory.peakRSSMB()
        #expect(runPeak > 1)
        #expect(ProcessMemory.resetHighWaterMark())
        let before = try #require(ProcessMemory.highWaterMarkMB())
        // Fresh pages, all written. Other tests in this process may free memory meanwhile, which
        // lowers the start the new mark is measured from: 192 MB touched, at least 128 MB seen.
        let block = [UInt8](repeating: 1, count: 192 << 20)
        let after = try #require(ProcessMemory.highWaterMarkMB())
        #expect(after - before >= 128, "VmHWM \(before) MB -> \(after) MB")
        #expect(block[block.count / 2] == 1)
    }
}
