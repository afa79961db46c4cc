import Foundation
import Logging
import Pipeline
import RebutCore
import Store

/// How the watcher behaves; the CLI's options map onto these.
public struct WatchOptions: Sendable {
    /// How long size and modification time must stay the same before a file is read.
    public var settle: Duration = .seconds(2)
    /// Poll instead of inotify (network shares), at this interval.
    public var poll: Duration?
    /// A full listing now and then, in case an event was missed.
    public var rescan: Duration = .seconds(60)
    /// Process what is there (waiting for it to be complete), then return.
    public var once = false
    /// The event for files at the top of the folder.
    public var event: String?
    /// Receipts in flight at once (ingest to disposal).
    public var concurrency: Int = 2

    public init(settle: Duration = .seconds(2), poll: Duration? = nil, rescan: Duration = .seconds(60),
                once: Bool = false, event: String? = nil, concurrency: Int = 2) {
        self.settle = settle
        self.poll = poll
        self.rescan = rescan
        self.once = once
        self.event = event
        self.concurrency = max(1, concurrency)
    }
}

/// Counts for the final log line and for `--once` exit codes.
public struct WatchSummary: Sendable {
    public var filed = 0
    public var needsReview = 0
    public var alreadyFiled = 0
    public var duplicates = 0
    public var failed = 0
}

/// The watch loop: files dropped in the folder are filed once each, in the background.
///
/// Crash safety comes from the order: read and analyse, commit to the store (atomic there),
/// and only then delete or move the file. Killed anywhere, the file is still in the folder
/// until after its commit, and on restart a file whose image is already stored from this very
/// path is recognised (`ReceiptProcessor.isSameFile`) and just removed.
public final class FolderWatcher: Sendable {
    public let folder: WatchedFolder
    public let options: WatchOptions
    private let processor: ReceiptProcessor
    private let disposer: Disposer
    private let logger: Logger
    private let control = Control()

    public init(folder: WatchedFolder, filer: ReceiptFiler, options: WatchOptions,
                logger: Logger = Logger(label: "rebut.watch")) {
        self.folder = folder
        self.options = options
        self.processor = ReceiptProcessor(filer: filer, router: EventRouter(folder: folder, fixedEvent: options.event))
        self.disposer = Disposer(folder: folder)
        self.logger = logger
    }

    /// True once the event source is live and the folder's first listing is taken: a file
    /// written from then on is seen being written. (One already half-written when the watcher
    /// starts can only be judged by its size and time staying unchanged.)
    public var isWatching: Bool { control.isWatching }

    /// Asks the loop to stop: receipts in hand are finished, nothing new is started.
    /// Safe from a signal handler's queue and before `run` has started.
    public func requestStop() {
        control.stop()
    }

    private enum Input: Sendable {
        case change(FolderChange)
        case tick
        case rescan
        case finished(String, requeue: Bool)
        case stop
    }

    public func run() async throws(WatchError) -> WatchSummary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.root.path, isDirectory: &isDirectory),
              isDirectory.boolValue else { throw .notADirectory(folder.root.path) }
        if let overlap = folder.overlap(withStore: processor.filer.store.databaseURL) { throw overlap }
        let lock = try SingleInstanceLock(folder: folder.root)
        defer { withExtendedLifetime(lock) {} }

        let (inputs, continuation) = AsyncStream<Input>.makeStream()
        control.attach { continuation.yield(.stop) }

        var source: (any FolderEventSource)?
        if !options.once {
            if let poll = options.poll {
                source = PollingEventSource(folder: folder, interval: poll)
            } else {
                #if canImport(Glibc)
                source = try InotifyEventSource(folder: folder)
                #else
                source = PollingEventSource(folder: folder, interval: .seconds(5))
                #endif
            }
            try source?.start { continuation.yield(.change($0)) }
        }

        let tick = min(options.settle / 2, .milliseconds(500))
        let rescan = options.rescan
        let once = options.once
        let timers = Task {
            var sinceRescan = Duration.zero
            while !Task.isCancelled {
                try? await Task.sleep(for: max(tick, .milliseconds(20)))
                continuation.yield(.tick)
                sinceRescan += tick
                if !once, sinceRescan >= rescan {
                    sinceRescan = .zero
                    continuation.yield(.rescan)
                }
            }
        }
        defer { timers.cancel() }

        // A kill during a filing can leave an image written but never committed: sweep them.
        if let swept = try? await processor.filer.store.nonBlocking.removeStrayImages(), swept > 0 {
            logger.info("removed \(swept) stray image file(s) left in the store by an interrupted filing")
        }
        logger.info("watching \(folder.root.path)\(options.poll.map { " (polling every \($0))" } ?? "")")
        let summary = SummaryBox()
        await withTaskGroup(of: Void.self) { group in
            var gate = StabilityGate(settle: options.settle)
            var pending = Set<String>()
            var inFlight = Set<String>()
            var ready: [(URL, FileSnapshot)] = []
            var readyPaths = Set<String>()
            var waitingForWriter = Set<String>()

            /// A file already chosen (queued or being processed) must not be chosen twice.
            func consider(_ path: String) {
                if !inFlight.contains(path), !readyPaths.contains(path) { pending.insert(path) }
            }
            func enqueueAll() {
                for file in folder.scan().files { consider(file.path) }
            }
            enqueueAll()
            control.markWatching()

            loop: for await input in inputs {
                switch input {
                case .stop:
                    break loop
                case .change(.appeared(let url)):
                    consider(url.path)
                case .change(.writing(let url)):
                    gate.noteWriting(url)
                    consider(url.path)
                case .change(.completed(let url)):
                    gate.noteCompleted(url)
                    consider(url.path)
                case .change(.rescanNeeded), .rescan:
                    enqueueAll()
                case .finished(let path, let requeue):
                    inFlight.remove(path)
                    if requeue { pending.insert(path) }
                case .tick:
                    let now = ContinuousClock.now
                    var settled: [(URL, FileSnapshot)] = []
                    for path in pending.sorted() {
                        let url = URL(fileURLWithPath: path)
                        switch gate.check(url, now: now) {
                        case .ready(let snapshot):
                            settled.append((url, snapshot))
                        case .gone, .ignored:
                            pending.remove(path)
                        case .waiting:
                            continue
                        }
                    }
                    // Quiet is not closed: a writer may pause longer than the settle time.
                    let stillWritten = OpenWriters.writing(among: Set(settled.map { OpenWriters.FileID($0.1) }))
                    for (url, snapshot) in settled {
                        if stillWritten.contains(OpenWriters.FileID(snapshot)) {
                            if waitingForWriter.insert(url.path).inserted {
                                logger.info("\(folder.relativePath(of: url) ?? url.path): still open for writing by another process; waiting")
                            }
                            continue   // stays pending: settles again, then is looked at again
                        }
                        waitingForWriter.remove(url.path)
                        pending.remove(url.path)
                        ready.append((url, snapshot))
                        readyPaths.insert(url.path)
                    }
                }
                while inFlight.count < options.concurrency, !ready.isEmpty {
                    let (url, snapshot) = ready.removeFirst()
                    readyPaths.remove(url.path)
                    inFlight.insert(url.path)
                    group.addTask { [self] in
                        let requeue = await handle(url, snapshot: snapshot, summary: summary)
                        continuation.yield(.finished(url.path, requeue: requeue))
                    }
                }
                if once, pending.isEmpty, inFlight.isEmpty, ready.isEmpty { break loop }
            }
            // Receipts in hand are finished (their file disposed of) before returning.
            await group.waitForAll()
        }
        continuation.finish()
        await source?.stop()
        let result = summary.value
        logger.info("stopped: \(result.filed) filed, \(result.needsReview) need review, \(result.duplicates) duplicates, \(result.failed) failed")
        return result
    }

    /// Processes and disposes of one file; true when it changed meanwhile and must be looked at again.
    private func handle(_ url: URL, snapshot: FileSnapshot, summary: SummaryBox) async -> Bool {
        let outcome = await processor.process(url, snapshot: snapshot)
        // Moving and deleting files blocks (a network share can take seconds): off the pool.
        return (try? await BlockingIO.run { [self] in dispose(url, outcome: outcome, snapshot: snapshot, summary: summary) }) ?? false
    }

    private func dispose(_ url: URL, outcome: WatchOutcome, snapshot: FileSnapshot, summary: SummaryBox) -> Bool {
        let name = folder.relativePath(of: url) ?? url.lastPathComponent
        do {
            switch outcome {
            case .filed(let receipt, let event), .needsReview(let receipt, let event, _):
                // Rewritten while it was being read: keep the new bytes for another pass.
                if FileSnapshot(url) != snapshot {
                    logger.info("\(name): filed #\(receipt.id ?? 0) under \(event.name), but the file changed meanwhile: looking again")
                    return true
                }
                try disposer.removeFiled(url)
                if case .needsReview(_, _, let uncertain) = outcome {
                    summary.update { $0.needsReview += 1 }
                    logger.info("\(name): needs review (#\(receipt.id ?? 0) under \(event.name); \(uncertain.isEmpty ? "the capture needs a look" : "unsure of " + uncertain.map(\.rawValue).joined(separator: ", ")))")
                } else {
                    summary.update { $0.filed += 1 }
                    logger.info("\(name): filed #\(receipt.id ?? 0) under \(event.name)")
                }
            case .alreadyFiled(let receipt):
                try disposer.removeFiled(url)
                summary.update { $0.alreadyFiled += 1 }
                logger.info("\(name): already filed as #\(receipt.id ?? 0)")
            case .duplicate where Self.isStillBeingWritten(url, since: snapshot),
                 .failed where Self.isStillBeingWritten(url, since: snapshot):
                // Read half-written: never move a file that is growing or still open for writing.
                logger.info("\(name): changed or still open for writing while it was read: looking again")
                return true
            case .duplicate(let existing):
                let target = try disposer.setAsideDuplicate(url)
                summary.update { $0.duplicates += 1 }
                logger.info("\(name): duplicate of #\(existing.id ?? 0), moved to \(folder.relativePath(of: target) ?? target.path)")
            case .failed(let failure):
                try disposer.quarantine(url, failure: failure)
                summary.update { $0.failed += 1 }
                logger.error("\(name): failed: \(failure.reason) [\(failure.stage.rawValue)]")
            case .vanished:
                logger.info("\(name): gone before it could be read")
            }
        } catch {
            logger.error("\(name): cannot move it out of the watched folder: \(error)")
        }
        return false
    }

    private static func isStillBeingWritten(_ url: URL, since snapshot: FileSnapshot) -> Bool {
        guard let now = FileSnapshot(url) else { return false }
        return now != snapshot || !OpenWriters.writing(among: [OpenWriters.FileID(now)]).isEmpty
    }
}

/// Stop requests that may arrive before the loop has a stream to receive them.
private final class Control: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var watching = false
    private var onStop: (@Sendable () -> Void)?

    func attach(_ action: @escaping @Sendable () -> Void) {
        let already = lock.withLock { () -> Bool in
            onStop = action
            return stopped
        }
        if already { action() }
    }

    var isWatching: Bool { lock.withLock { watching } }
    func markWatching() { lock.withLock { watching = true } }

    func stop() {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            stopped = true
            return onStop
        }
        action?()
    }
}

private final class SummaryBox: @unchecked Sendable {
    private let lock = NSLock()
    private var summary = WatchSummary()
    func update(_ change: (inout WatchSummary) -> Void) { lock.withLock { change(&summary) } }
    var value: WatchSummary { lock.withLock { summary } }
}
