import Foundation

/// What a folder event source noticed. They are hints: the watch loop always checks the file
/// itself (stat, stability) before acting, so a missed or spurious hint costs at most a delay.
public enum FolderChange: Sendable, Equatable {
    /// A file may be new or may have changed (polling, rescans): check its stability.
    case appeared(URL)
    /// A writer has the file open and is writing it (inotify IN_CREATE, IN_MODIFY): not ready
    /// until `.completed`, however long the writer pauses.
    case writing(URL)
    /// A writer closed the file (inotify IN_CLOSE_WRITE) or it was moved in whole (IN_MOVED_TO).
    case completed(URL)
    /// The source may have missed changes (inotify queue overflow): rescan everything.
    case rescanNeeded
}

/// Where the watch loop learns about new files: inotify on local disks, polling on network
/// shares where inotify sees nothing. Both feed the same loop through `changes`.
public protocol FolderEventSource: Sendable {
    /// Starts watching; changes arrive on `sink` from a background thread.
    func start(_ sink: @escaping @Sendable (FolderChange) -> Void) throws(WatchError)
    /// Stops watching; no change is delivered once it returns. Suspends rather than blocks
    /// while the source's thread or task winds down.
    func stop() async
}

/// Why the watcher could not start or a file could not be moved, as typed errors.
public enum WatchError: Error, Sendable, CustomStringConvertible {
    case notADirectory(String)
    case system(call: String, path: String, errno: Int32)
    case alreadyWatched(String)
    /// The folder holds (or lies inside) something the watcher writes or must never move.
    case overlaps(folder: String, what: String, path: String)
    /// A Foundation call failed (it reports no errno).
    case failed(String, path: String, reason: String)

    public var description: String {
        switch self {
        case .notADirectory(let path): return "\(path) is not a directory"
        case .system(let call, let path, let code):
            return "\(call) \(path): \(String(cString: strerror(code)))"
        case .failed(let what, let path, let reason):
            return "cannot \(what) \(path): \(reason)"
        case .alreadyWatched(let path):
            return "another rebut watch is already running on \(path)"
        case .overlaps(let folder, let what, let path):
            return "refusing to watch \(folder): it would take \(what) (\(path)) as input; "
                + "watch a folder that holds neither the store nor its images nor the --keep folder"
        }
    }
}
