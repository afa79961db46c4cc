import Foundation
import RebutCore

/// Polling for network shares (NFS, SMB) where inotify sees nothing: every `interval` the
/// folder is listed and each new or changed file is reported.
public final class PollingEventSource: FolderEventSource, @unchecked Sendable {
    private let folder: WatchedFolder
    private let interval: Duration
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    public init(folder: WatchedFolder, interval: Duration) {
        self.folder = folder
        self.interval = interval
    }

    public func start(_ sink: @escaping @Sendable (FolderChange) -> Void) throws(WatchError) {
        let folder = self.folder, interval = self.interval
        let task = Task.detached {
            var seen: [String: FileSnapshot] = [:]
            while !Task.isCancelled {
                // Listing a network share can block for seconds: off the cooperative pool.
                let now = (try? await BlockingIO.run { () -> [String: FileSnapshot] in
                    var now: [String: FileSnapshot] = [:]
                    for file in folder.scan().files {
                        if let snapshot = FileSnapshot(file) { now[file.path] = snapshot }
                    }
                    return now
                }) ?? seen
                guard !Task.isCancelled else { break }
                for (path, snapshot) in now.sorted(by: { $0.key < $1.key }) where seen[path] != snapshot {
                    sink(.appeared(URL(fileURLWithPath: path)))
                }
                seen = now
                try? await Task.sleep(for: interval)
            }
        }
        lock.withLock { self.task = task }
    }

    public func stop() async {
        let task = lock.withLock { () -> Task<Void, Never>? in
            defer { self.task = nil }
            return self.task
        }
        task?.cancel()
        await task?.value
    }
}
