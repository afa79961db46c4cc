import Foundation
import Pipeline
#if canImport(Glibc)
import Glibc
#endif

/// Decides when a file is complete enough to read: scanners, phone sync tools and network
/// copies write in bursts, so a file is taken only once its size and modification time have
/// not changed for `settle`, it can be opened for reading, and no writer still has it open
/// (when inotify can tell). Times are passed in, so the rule can be checked without waiting.
public struct StabilityGate: Sendable {
    public enum Verdict: Sendable, Equatable {
        case ready(FileSnapshot)
        case waiting
        /// Deleted or renamed away: stop tracking it.
        case gone
        /// Never input: junk, partial downloads, not a regular file.
        case ignored
    }

    public let settle: Duration
    /// A file inotify saw being written but never closed is taken anyway after this long
    /// unchanged (a writer that died holding it open must not block it forever).
    public let openWriterTimeout: Duration

    private struct Entry: Sendable {
        var snapshot: FileSnapshot
        var unchangedSince: ContinuousClock.Instant
        var writerOpen = false
    }
    private var entries: [String: Entry] = [:]
    /// Writer-open marks that arrived before the first look at the file.
    private var openWriters: Set<String> = []

    public init(settle: Duration, openWriterTimeout: Duration? = nil) {
        self.settle = settle
        self.openWriterTimeout = openWriterTimeout ?? max(.seconds(120), settle * 30)
    }

    /// inotify saw a write (IN_CREATE, IN_MODIFY): a writer has the file open.
    public mutating func noteWriting(_ url: URL) {
        if entries[url.path] != nil { entries[url.path]!.writerOpen = true } else { openWriters.insert(url.path) }
    }

    /// inotify saw the writer close it (IN_CLOSE_WRITE) or the file was moved in whole.
    public mutating func noteCompleted(_ url: URL) {
        entries[url.path]?.writerOpen = false
        openWriters.remove(url.path)
    }

    public mutating func forget(_ url: URL) {
        entries[url.path] = nil
        openWriters.remove(url.path)
    }

    /// One observation of `url` at `now`.
    public mutating func check(_ url: URL, now: ContinuousClock.Instant) -> Verdict {
        let path = url.path
        guard !InputCollector.isJunk(url.lastPathComponent) else { forget(url); return .ignored }
        guard let snapshot = FileSnapshot(url) else { forget(url); return .gone }
        guard snapshot.isRegularFile else { forget(url); return .ignored }

        guard var entry = entries[path], entry.snapshot == snapshot else {
            let writerOpen = (entries[path]?.writerOpen ?? false) || openWriters.remove(path) != nil
            entries[path] = Entry(snapshot: snapshot, unchangedSince: now, writerOpen: writerOpen)
            return .waiting
        }
        if openWriters.remove(path) != nil { entry.writerOpen = true; entries[path] = entry }
        let unchanged = entry.unchangedSince.duration(to: now)
        if entry.writerOpen && unchanged < openWriterTimeout { return .waiting }
        // An empty file is usually a placeholder a scanner is about to fill: give it longer.
        let needed = snapshot.size == 0 ? settle * 10 : settle
        guard unchanged >= needed else { return .waiting }
        guard Self.isReadable(url) else {
            return unchanged >= openWriterTimeout ? .ready(snapshot) : .waiting
        }
        entries[path] = nil
        return .ready(snapshot)
    }

    /// Sync tools often create a file without read permission and fix it at the end.
    static func isReadable(_ url: URL) -> Bool {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }
}
