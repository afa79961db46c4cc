import Foundation
import Pipeline
import RebutTestSupport
import Store
import Watcher

/// Polls `condition` until it holds or a generous deadline passes. Waiting for the watcher
/// to finish something, not timing it: nothing asserts on how long it took.
func eventually(_ what: String, deadline: Duration = .seconds(90),
                _ condition: () throws -> Bool) async throws {
    let end = ContinuousClock.now + deadline
    while ContinuousClock.now < end {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw WatchTestError("gave up waiting: \(what)")
}

struct WatchTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A watched folder and its store in one temporary directory.
struct WatchBed {
    let temp: TemporaryDirectory
    let inbox: URL
    let storeURL: URL
    let store: ExpenseStore

    init() throws {
        temp = try TemporaryDirectory("rebut-watch")
        inbox = temp.file("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        storeURL = temp.file("store/rebut.sqlite")
        store = try ExpenseStore(path: storeURL)
    }

    var folder: WatchedFolder { WatchedFolder(root: inbox) }

    func filer(jobs: Int = 1) throws -> ReceiptFiler {
        ReceiptFiler(analyser: try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng+spa+cat", jobs: jobs)),
                     store: store)
    }

    /// Drops a fixture in the folder (copied to a temporary name first, then renamed, as a
    /// careful tool would) and returns where it landed.
    @discardableResult
    func drop(_ fixture: String, as name: String? = nil, into subfolder: String? = nil) throws -> URL {
        var dir = inbox
        if let subfolder { dir = dir.appendingPathComponent(subfolder) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let source = Fixtures.url(fixture)
        let target = dir.appendingPathComponent(name ?? source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }

    /// Visible entries below the folder, relative ("failed/x.jpg"); directories end in "/".
    func contents() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: inbox.path) else { return [] }
        var found: [String] = []
        for case let path as String in walker where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: inbox.appendingPathComponent(path).path, isDirectory: &isDirectory)
            found.append(isDirectory.boolValue ? path + "/" : path)
        }
        return found.sorted()
    }

    /// Regular files only, hidden ones left out.
    func files(under sub: String = "") -> [String] {
        contents().filter { !$0.hasSuffix("/") && (sub.isEmpty || $0.hasPrefix(sub + "/")) }
    }

    func receipts() throws -> [Receipt] { try store.receipts() }
}

/// Runs the watch loop in this process until stopped.
final class RunningWatcher: Sendable {
    let watcher: FolderWatcher
    let task: Task<WatchSummary, any Error>

    init(_ watcher: FolderWatcher) {
        self.watcher = watcher
        task = Task { try await watcher.run() }
    }

    func stop() async throws -> WatchSummary {
        watcher.requestStop()
        return try await task.value
    }
}

/// The `rebut` executable SwiftPM built beside the test bundle.
enum RebutExecutable {
    static let url: URL = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("rebut")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return Fixtures.packageRoot.appendingPathComponent(".build/debug/rebut")
    }()

    /// Starts `rebut` with its stderr going to a file (a pipe nobody reads could stall it).
    static func start(_ arguments: [String], store: URL?, log: URL) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments + (store.map { ["--store", $0.path] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        return process
    }

    static func wait(_ process: Process, deadline: Duration = .seconds(90)) async throws -> Int32 {
        try await eventually("rebut to exit", deadline: deadline) { !process.isRunning }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
