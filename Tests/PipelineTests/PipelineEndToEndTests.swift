import Foundation
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing

/// The whole pipeline through real Leptonica, real Tesseract and a real SQLite file.
@Suite struct PipelineEndToEndTests {
    static func makeFiler(_ dir: TemporaryDirectory, languages: String = "eng+spa+cat") throws -> ReceiptFiler {
        let store = try ExpenseStore(path: dir.file("store/rebut.sqlite"))
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: languages, jobs: 2))
        return ReceiptFiler(analyser: analyser, store: store)
    }

    @Test func aCleanReceiptIsReadCorrectly() async throws {
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        let image = Fixtures.url("receipts/eng-restaurant-clean.png")
        let truth = try Fixtures.truth(for: image)
        let analysed = try await analyser.analyse(image)
        #expect(analysed.fields.date?.iso8601 == truth.date)
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == truth.total)
        #expect(analysed.fields.currency == truth.currency)
        #expect(analysed.fields.vendor?.uppercased() == truth.vendor.uppercased())
        #expect(analysed.file.sha256.count == 64)
        #expect(!analysed.page.lines.isEmpty)
    }

    /// Every fixture receipt (clean, skewed, photo, faded, flatbed) read in its own language:
    /// the fields a person would otherwise type must come out as printed.
    @Test(arguments: ["eng", "spa", "cat", "deu", "fra"])
    func everyFixtureReceiptIsReadRight(language: String) async throws {
        let images = try Fixtures.receiptImages().filter { try Fixtures.truth(for: $0).language == language }
        #expect(!images.isEmpty)
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: language, jobs: 2))
        for image in images {
            let truth = try Fixtures.truth(for: image)
            let fields = try await analyser.analyse(image).fields
            let name = image.lastPathComponent
            #expect(fields.total.map { MoneyFormat.canonical($0) } == truth.total, "\(name): total")
            #expect(fields.date?.iso8601 == truth.date, "\(name): date")
            #expect(fields.vendor?.uppercased() == truth.vendor.uppercased(), "\(name): vendor")
            #expect(fields.currency == truth.currency, "\(name): currency")
        }
    }

    @Test func aPhotoWithExifOrientationIsReadUpright() async throws {
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        let image = Fixtures.url("receipts/eng-grocer-photo.jpg")
        let truth = try Fixtures.truth(for: image)
        let analysed = try await analyser.analyse(image)
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == truth.total)
        #expect(analysed.fields.date?.iso8601 == truth.date)
    }

    @Test func aBatchFilesEveryReceiptOnceAndASecondRunFilesNothing() async throws {
        let dir = try TemporaryDirectory()
        let filer = try Self.makeFiler(dir)
        let event = try filer.store.ensureEvent(named: "Batch", kind: .trip)
        let images = try Fixtures.receiptImages()
        let inbox = dir.file("inbox")
        try dir.copy(images, into: "inbox")

        let first = await BatchIngest(filer: filer).run(paths: [inbox.path], event: event)
        #expect(first.failures.isEmpty, "\(first.failures)")
        #expect(first.filed + first.needsReview == images.count)
        #expect(try filer.store.receipts(eventId: event.id).count == images.count)

        let second = await BatchIngest(filer: filer).run(paths: [inbox.path], event: event)
        #expect(second.duplicates == images.count)
        #expect(second.filed == 0 && second.needsReview == 0)
        #expect(try filer.store.receipts(eventId: event.id).count == images.count)
    }

    @Test func badInputsAreNamedWithAReasonAndTheRestAreFiled() async throws {
        let dir = try TemporaryDirectory()
        let filer = try Self.makeFiler(dir, languages: "eng")
        let event = try filer.store.ensureEvent(named: "Mixed", kind: .other)
        let good = [Fixtures.url("receipts/eng-restaurant-clean.png"), Fixtures.url("formats/receipt.png")]
        let bad = ["bad/truncated.jpg", "bad/not-an-image.jpg", "bad/notes.txt", "bad/empty.jpg", "bad/fake.png"]
            .map(Fixtures.url)
        try dir.copy(good + bad, into: "mixed")

        let summary = await BatchIngest(filer: filer).run(paths: [dir.file("mixed").path], event: event)
        let failedNames = Set(summary.failures.map(\.file.lastPathComponent))
        #expect(failedNames == Set(bad.map(\.lastPathComponent)))
        for failure in summary.failures {
            #expect(!failure.reason.isEmpty)
        }
        #expect(summary.filed + summary.needsReview == good.count)
        #expect(summary.count == good.count + bad.count)
        #expect(try filer.store.receipts(eventId: event.id).count == good.count)
    }

    @Test func theSameImageTwiceInOneBatchIsReadAndFiledOnce() async throws {
        let dir = try TemporaryDirectory()
        let filer = try Self.makeFiler(dir, languages: "eng")
        let event = try filer.store.ensureEvent(named: "Twice", kind: .other)
        let image = Fixtures.url("formats/receipt.png")
        let a = dir.file("a.png"), b = dir.file("b.png")
        try FileManager.default.copyItem(at: image, to: a)
        try FileManager.default.copyItem(at: image, to: b)

        let summary = await BatchIngest(filer: filer).run(paths: [a.path, b.path], event: event)
        // Both copies start at once; the second waits for the first and meets it in the store.
        #expect(filer.analyser.filesRead == 1, "the same image was OCR'd \(filer.analyser.filesRead) times")
        #expect(summary.duplicates == 1)
        #expect(summary.filed + summary.needsReview == 1)
        #expect(try filer.store.receipts(eventId: event.id).count == 1)
    }

    @Test func theStoreKeepsAnExactCopyOfTheImage() async throws {
        let dir = try TemporaryDirectory()
        let filer = try Self.makeFiler(dir, languages: "eng")
        let event = try filer.store.ensureEvent(named: "Copy", kind: .other)
        let image = Fixtures.url("formats/receipt.jpg")
        let result = await filer.file(image, into: event)
        let receipt = try #require(result.receipt)
        #expect(try Data(contentsOf: filer.store.imageURL(for: receipt)) == Data(contentsOf: image))
        #expect(receipt.fileName == "receipt.jpg")
    }
}

@Suite struct InputCollectorTests {
    @Test func directoriesAreWalkedAndJunkSkipped() throws {
        let dir = try TemporaryDirectory()
        let sub = dir.file("a/b")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for name in ["a/one.jpg", "a/b/two.png", "a/.DS_Store", "a/Thumbs.db", "a/._one.jpg", "a/b/three.jpg.part", "a/b/notes.txt"] {
            FileManager.default.createFile(atPath: dir.file(name).path, contents: Data("x".utf8))
        }
        let collected = InputCollector.collect([dir.file("a").path, dir.file("missing.jpg").path])
        #expect(collected.files.map(\.lastPathComponent) == ["notes.txt", "two.png", "one.jpg"])
        #expect(collected.problems.map(\.0.lastPathComponent) == ["missing.jpg"])
    }
}
