import Foundation
import Ingest
import Logging
import Pipeline
import RebutTestSupport
import Store
import Testing
@testable import Watcher

/// A log handler that keeps every message, so a test can wait for the watcher to say something.
final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var messages: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?,
                 source: String, file: String, function: String, line: UInt) {
            log.append(message.description)
        }
    }
}

/// The watcher never takes the store's own files as input, and never reads a file whose
/// writer still has it open, however it came to be open.
@Suite(.serialized) struct StoreSafetyTests {
    @Test func aFolderHoldingTheStoreOrItsImagesIsRefused() async throws {
        let temp = try TemporaryDirectory("rebut-watch-overlap")
        let storeURL = temp.file("inbox/store.sqlite")
        let cases: [(WatchedFolder, String)] = [
            (WatchedFolder(root: temp.file("inbox")), "the store"),
            (WatchedFolder(root: temp.url), "the store"),
            (WatchedFolder(root: temp.file("inbox/store.images/ab")), "the store's images"),
            (WatchedFolder(root: temp.file("elsewhere"), keep: temp.file("elsewhere")), "the --keep folder's originals"),
        ]
        for (folder, what) in cases {
            let refusal = try #require(folder.overlap(withStore: storeURL), "\(folder.root.path)")
            #expect("\(refusal)".contains(what), "\(refusal)")
        }
        #expect(WatchedFolder(root: temp.file("elsewhere"), keep: temp.file("kept")).overlap(withStore: storeURL) == nil)

        // The watch loop itself refuses before it moves anything.
        try FileManager.default.createDirectory(at: temp.file("inbox"), withIntermediateDirectories: true)
        let store = try ExpenseStore(path: storeURL)
        let filer = ReceiptFiler(analyser: try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1)),
                                 store: store)
        let watcher = FolderWatcher(folder: WatchedFolder(root: temp.file("inbox")), filer: filer, options: WatchLoopTests.quick)
        await #expect(throws: WatchError.self) { _ = try await watcher.run() }
        #expect(FileManager.default.fileExists(atPath: storeURL.path))
    }

    @Test func openWritersAreSeenInProc() async throws {
        let temp = try TemporaryDirectory("rebut-open-writers")
        let file = temp.file("scan.jpg")
        // Every descriptor close-on-exec, the one that creates the file too: other tests start
        // processes meanwhile, and a child that inherited a writer would still hold it open after
        // this test closed its own (CI saw the closed writer; a local run saw FileManager's
        // createFile's, before any writer was opened here).
        let creator = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        try #require(creator >= 0)
        #expect(write(creator, [UInt8]([1, 2, 3]), 3) == 3)
        close(creator)
        let id = OpenWriters.FileID(try #require(FileSnapshot(file)))
        #expect(OpenWriters.writing(among: [id]).isEmpty)
        let reader = open(file.path, O_RDONLY | O_CLOEXEC)
        try #require(reader >= 0)
        #expect(OpenWriters.writing(among: [id]).isEmpty, "a reader is not a writer")
        let writer = open(file.path, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        #expect(OpenWriters.writing(among: [id]) == [id])
        close(writer)
        close(reader)
        #expect(OpenWriters.writing(among: [id]).isEmpty)
    }

    /// A file half-written when the watcher starts (so inotify never saw it opened), or in a
    /// polled folder, waits for its writer instead of going to failed/ as truncated.
    @Test(arguments: [false, true])
    func aFileAlreadyOpenForWritingAtStartIsReadOnlyOnceClosed(polling: Bool) async throws {
        let bed = try WatchBed()
        let bytes = try Data(contentsOf: Fixtures.url("receipts/eng-restaurant-clean.png"))
        let target = bed.inbox.appendingPathComponent("scan.png")
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        let writer = try FileHandle(forWritingTo: target)
        try writer.write(contentsOf: bytes.prefix(bytes.count / 2))

        var options = WatchLoopTests.quick
        if polling { options.poll = .milliseconds(100) }
        let log = CapturedLog()
        let running = RunningWatcher(FolderWatcher(folder: bed.folder, filer: try bed.filer(), options: options,
                                                   logger: log.logger))
        try await eventually("the watcher to notice the open writer") {
            log.messages.contains { $0.contains("scan.png: still open for writing") }
        }
        #expect(bed.files() == ["scan.png"], "\(bed.files())")
        try writer.write(contentsOf: bytes.dropFirst(bytes.count / 2))
        try writer.close()
        try await eventually("the scan to be filed and removed") { try bed.receipts().count == 1 && bed.files().isEmpty }
        let summary = try await running.stop()
        #expect(summary.failed == 0)
        #expect(try bed.receipts().first?.sha256 == Ingestor.sha256Hex(bytes))
    }
}
