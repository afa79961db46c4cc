import Foundation
import RebutTestSupport
import Testing

/// `rebut bench accuracy` on the committed wild fixtures (img/ + truth.jsonl): accuracy per
/// variant, time per receipt and stage, the slowest by name, and memory, in its JSON.
@Suite struct BenchAccuracyCLITests {
    @Test func aWildFolderIsScoredPerVariantWithTimeAndMemoryPerReceipt() throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let output = try #require(try rebut.json(["bench", "accuracy", "--dataset", Fixtures.url("wild").path,
                                                  "--lang", "eng+spa+deu", "--jobs", "1", "--slowest", "3",
                                                  "--json"]) as? [String: Any])
        let lines = try String(contentsOf: Fixtures.url("wild/truth.jsonl"), encoding: .utf8)
            .split(separator: "\n").count
        let report = try #require(output["report"] as? [String: Any])
        #expect(report["receipts"] as? Int == lines)

        let variants = try #require(output["variants"] as? [[String: Any]])
        #expect(variants.map { $0["variant"] as? String } == ["photo", "photo-exif", "photo-curl", "page-white", "page-grey", "heic", "pdf-image", "pdf-text",
                                                                   "photo-turned"])
        #expect(variants.reduce(0) { $0 + ($1["receipts"] as? Int ?? 0) } == lines)
        // The A4 pages are read right in every field.
        for page in variants where (page["variant"] as? String)?.hasPrefix("page-") == true {
            #expect(page["allThree"] as? Double == 1, "\(page)")
        }

        let runs = try #require(output["receiptRuns"] as? [[String: Any]])
        #expect(runs.count == lines)
        let slowest = try #require(output["slowest"] as? [[String: Any]])
        #expect(slowest.count == 3)
        let seconds = slowest.compactMap { $0["seconds"] as? Double }
        #expect(seconds == seconds.sorted(by: >) && seconds.count == 3)
        let fastestOfAll = try #require(runs.compactMap { $0["seconds"] as? Double }.min())
        #expect(seconds.last! >= fastestOfAll)
        for run in slowest {
            let stages = try #require(run["stageSeconds"] as? [String: Double])
            #expect(Set(stages.keys) == ["decode", "clean", "ocr", "reread"])
            #expect(stages["ocr"]! > 0)
            #expect((run["peakRSSMB"] as? Double ?? 0) > 20)
        }
        let share = try #require(output["stageShare"] as? [String: Double])
        #expect(abs(share.values.reduce(0, +) - 1) < 1e-6)
        let peak = try #require(output["peakRSSMB"] as? Double)
        #expect(peak >= runs.compactMap { $0["peakRSSMB"] as? Double }.max()!)
        #expect((output["perReceiptRSS"] as? String)?.hasPrefix("exact") == true)
    }

    /// OMP_THREAD_LIMIT and glibc's allocator tunables only act when they are there as the process
    /// starts: a run started without them starts itself again with them, and one started with
    /// the user's own value keeps it. The bench reports what it ran with.
    @Test func theProcessStartsItselfAgainWithWhatItsSpeedNeeds() throws {
        let dir = try TemporaryDirectory()
        let dataset = dir.file("one")
        try FileManager.default.createDirectory(at: dataset.appendingPathComponent("img"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url("receipts/eng-restaurant-clean.png"),
                                         to: dataset.appendingPathComponent("img/r.png"))
        try Data(#"{"id": "r", "vendor": "HARBOUR VIEW KITCHEN LTD", "date": "2018-12-21", "total": "76.20"}"#.utf8)
            .write(to: dataset.appendingPathComponent("truth.jsonl"))
        var rebut = RebutBinary(store: dir.file("store.sqlite"))
        rebut.environment["OMP_THREAD_LIMIT"] = nil
        rebut.environment["GLIBC_TUNABLES"] = nil
        let bare = try #require(try rebut.json(["bench", "accuracy", "--dataset", dataset.path, "--json"]) as? [String: Any])
        let started = try #require(bare["launchEnvironment"] as? [String: String])
        #expect(started["OMP_THREAD_LIMIT"] == "1")
        #expect(started["GLIBC_TUNABLES"]?.contains("glibc.malloc.hugetlb=1") == true, "\(started)")
        #expect((bare["report"] as? [String: Any])?["receipts"] as? Int == 1)

        rebut.environment["GLIBC_TUNABLES"] = "glibc.malloc.arena_max=2"
        let own = try #require(try rebut.json(["bench", "accuracy", "--dataset", dataset.path, "--json"]) as? [String: Any])
        let kept = try #require(own["launchEnvironment"] as? [String: String])
        #expect(kept == ["OMP_THREAD_LIMIT": "1", "GLIBC_TUNABLES": "glibc.malloc.arena_max=2"])
    }

    /// The tuning knobs refuse what they cannot use, naming the option, before any receipt is read.
    @Test(arguments: [["--verify-heights", "24,x"], ["--verify-heights", "24,,30"], ["--verify-heights", "4"],
                      ["--max-scaled-mp", "0"]])
    func aTuningValueItCannotUseIsRefused(option: [String]) throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let result = try rebut.run(["bench", "accuracy", "--dataset", Fixtures.url("wild").path] + option)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(option[0]), "\(result.stderr)")
    }
}
