import Foundation

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
                var now: [String: FileSnapshot] = [:]
                for file in folder.scan().files {
                    guard let snapshot = FileSnapshot(file) else { continue }
                    now[file.path] = snapshot
                    if seen[file.path] != snapshot { sink(.appeared(file)) }
                }
                seen = now
                try? await Task.sleep(for: interval)
            }
        }
        lock.withLock { self.task = task }
    }

    public func stop() {
        let task = lock.withLock { () -> Task<Void, Never>? in
            defer { self.task = nil }
            return self.task
        }
        task?.cancel()
    }
}
