import Foundation
import Pipeline
#if canImport(Glibc)
import Glibc
#endif

/// Where a file goes once its outcome is known: deleted (or moved to the keep folder) after
/// it is safely in the store; `failed/` with a `.error.txt` saying why; `duplicates/`.
/// Paths below the watched folder are kept (`failed/Paris trip/x.jpg`), so a retried file
/// lands back in its event's subfolder.
public final class Disposer: Sendable {
    public static let errorSuffix = ".error.txt"

    public let folder: WatchedFolder
    /// Picking a free name and taking it must not interleave between two receipts.
    private let naming = NSLock()

    public init(folder: WatchedFolder) {
        self.folder = folder
    }

    /// The receipt is committed to the store: the original leaves the watched folder.
    /// Returns where it was kept, if it was.
    @discardableResult
    public func removeFiled(_ url: URL) throws(WatchError) -> URL? {
        guard let keep = folder.keep else {
            guard unlink(url.path) == 0 || errno == ENOENT else {
                throw .system(call: "unlink", path: url.path, errno: errno)
            }
            return nil
        }
        return try moveBelow(keep, url)
    }

    @discardableResult
    public func setAsideDuplicate(_ url: URL) throws(WatchError) -> URL {
        try moveBelow(folder.duplicates, url)
    }

    /// Moves the file to `failed/` first, then writes the reason beside it: a crash in between
    /// leaves a failed file without its note (retry still works), never a note without a file
    /// being taken for the file's own name.
    @discardableResult
    public func quarantine(_ url: URL, failure: ReceiptFailure, at time: Date = Date()) throws(WatchError) -> URL {
        let target = try moveBelow(folder.failed, url) { [$0 + Self.errorSuffix] }
        let note = Self.errorNote(file: folder.relativePath(of: url) ?? url.lastPathComponent,
                                  stage: failure.stage.rawValue, reason: failure.reason, time: time)
        let noteURL = target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + Self.errorSuffix)
        let temporary = noteURL.deletingLastPathComponent().appendingPathComponent(".\(noteURL.lastPathComponent).tmp")
        do {
            try Data(note.utf8).write(to: temporary)
        } catch {
            throw .failed("write", path: temporary.path, reason: error.localizedDescription)
        }
        guard rename(temporary.path, noteURL.path) == 0 else {
            throw .system(call: "rename", path: temporary.path, errno: errno)
        }
        return target
    }

    /// What a user (or a script) reads to learn why a receipt was not filed.
    public static func errorNote(file: String, stage: String, reason: String, time: Date) -> String {
        let stamp = ISO8601DateFormatter().string(from: time)
        return """
            file: \(file)
            stage: \(stage)
            reason: \(reason)
            time: \(stamp)
            retry: rebut retry <watched folder>

            """
    }

    /// `rebut retry`: every file in `failed/` goes back where it came from in the watched
    /// folder (renamed if that name is taken meanwhile) and its `.error.txt` is removed.
    public func retryFailed() throws(WatchError) -> [URL] {
        var restored: [URL] = []
        let failedRoot = WatchedFolder(root: folder.failed)
        guard let walker = FileManager.default.enumerator(atPath: folder.failed.path) else { return [] }
        var files: [String] = []
        for case let relative as String in walker { files.append(relative) }
        for relative in files.sorted() where !relative.hasSuffix(Self.errorSuffix) {
            let source = failedRoot.root.appendingPathComponent(relative)
            guard let snapshot = FileSnapshot(source), snapshot.isRegularFile,
                  !source.lastPathComponent.hasPrefix(".") else { continue }
            let destinationDirectory = folder.root.appendingPathComponent(relative).deletingLastPathComponent()
            let target = naming.withLock {
                FileMover.freeName(for: source.lastPathComponent, in: destinationDirectory)
            }
            try FileMover.move(source, to: target)
            unlink(source.path + Self.errorSuffix)
            restored.append(target)
        }
        // Notes whose file is gone (moved back by hand) would only confuse.
        for relative in files where relative.hasSuffix(Self.errorSuffix) {
            let note = failedRoot.root.appendingPathComponent(relative)
            let image = String(note.path.dropLast(Self.errorSuffix.count))
            if !FileMover.exists(URL(fileURLWithPath: image)) { unlink(note.path) }
        }
        return restored
    }

    /// Moves `url` to the same relative place under `base`, with a suffix if taken.
    private func moveBelow(_ base: URL, _ url: URL,
                           alsoTaken: @escaping (String) -> [String] = { _ in [] }) throws(WatchError) -> URL {
        let relative = folder.relativeComponents(of: url) ?? [url.lastPathComponent]
        let directory = relative.dropLast().reduce(base) { $0.appendingPathComponent($1, isDirectory: true) }
        try FileMover.createDirectory(directory)
        naming.lock()
        defer { naming.unlock() }
        let target = FileMover.freeName(for: url.lastPathComponent, in: directory, alsoTaken: alsoTaken)
        try FileMover.move(url, to: target)
        return target
    }
}
