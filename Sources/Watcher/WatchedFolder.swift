import Foundation
import Pipeline
import Store

/// The watched folder's layout: which files are input, which subfolder names an event, and
/// where failed and duplicate files go. `failed/`, `duplicates/` and a keep folder inside the
/// watched folder are outputs: never events, never input.
public struct WatchedFolder: Sendable {
    public static let failedName = "failed"
    public static let duplicatesName = "duplicates"

    public let root: URL
    public let failed: URL
    public let duplicates: URL
    /// Where originals go after filing (`--keep`); nil deletes them.
    public let keep: URL?

    public init(root: URL, keep: URL? = nil) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        failed = self.root.appendingPathComponent(Self.failedName, isDirectory: true)
        duplicates = self.root.appendingPathComponent(Self.duplicatesName, isDirectory: true)
        self.keep = keep.map { $0.standardizedFileURL.resolvingSymlinksInPath() }
    }

    /// Why this folder must not be watched for `store`, if it must not: the store's database, its
    /// WAL files or its image folder inside the folder (they would be moved away as "not an
    /// image" or "duplicate"), the folder inside the store's image folder, or the keep folder
    /// being the folder itself or holding it (filed originals would come back as input).
    public func overlap(withStore database: URL) -> WatchError? {
        let ownPaths = ExpenseStore.ownPaths(forDatabase: database)
        let resolve = { (url: URL) in url.standardizedFileURL.resolvingSymlinksInPath().path }
        func isInside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }
        let names = ["the store", "the store's write-ahead log", "the store's shared memory", "the store's images"]
        for (what, url) in zip(names, ownPaths) where isInside(resolve(url), root.path) {
            return .overlaps(folder: root.path, what: what, path: url.path)
        }
        if let images = ownPaths.last, isInside(root.path, resolve(images)) {
            return .overlaps(folder: root.path, what: "the store's images", path: images.path)
        }
        if let keep, isInside(root.path, keep.path) {
            return .overlaps(folder: root.path, what: "the --keep folder's originals", path: keep.path)
        }
        return nil
    }

    /// The path of `url` below the root, as components; nil when it is not inside the root.
    public func relativeComponents(of url: URL) -> [String]? {
        let base = root.pathComponents
        let parts = url.standardizedFileURL.pathComponents
        guard parts.count > base.count, Array(parts.prefix(base.count)) == base else { return nil }
        return Array(parts.dropFirst(base.count))
    }

    public func relativePath(of url: URL) -> String? {
        relativeComponents(of: url)?.joined(separator: "/")
    }

    /// Whether a directory below the root may hold input (and so needs an inotify watch).
    public func isInputDirectory(_ url: URL) -> Bool {
        guard let parts = relativeComponents(of: url) else { return url.standardizedFileURL.path == root.path }
        if parts.contains(where: { $0.hasPrefix(".") }) { return false }
        if parts.first == Self.failedName || parts.first == Self.duplicatesName { return false }
        if let keep, url.standardizedFileURL.path == keep.path || url.standardizedFileURL.path.hasPrefix(keep.path + "/") {
            return false
        }
        return true
    }

    /// Whether a file is something to file: inside an input directory, not junk, not being
    /// downloaded (`.part`, `.crdownload`, `~`…: `InputCollector.isJunk` covers both).
    public func isInputFile(_ url: URL) -> Bool {
        guard let parts = relativeComponents(of: url), let name = parts.last else { return false }
        if InputCollector.isJunk(name) { return false }
        return isInputDirectory(url.deletingLastPathComponent())
    }

    /// The event a subfolder names (`DIR/Paris trip/x.jpg` → "Paris trip"); nil at the top.
    public func subfolderEvent(for url: URL) -> String? {
        guard let parts = relativeComponents(of: url), parts.count > 1 else { return nil }
        let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// Every input file now in the folder, and every input directory (for watches).
    public func scan() -> (files: [URL], directories: [URL]) {
        var files: [URL] = []
        var directories: [URL] = [root]
        var queue: [URL] = [root]
        let fm = FileManager.default
        while let dir = queue.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for name in names.sorted() {
                let url = dir.appendingPathComponent(name)
                var info = stat()
                guard lstat(url.path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if isInputDirectory(url) {
                        directories.append(url)
                        queue.append(url)
                    }
                case S_IFREG:
                    if isInputFile(url) { files.append(url) }
                default:
                    continue   // symlinks, sockets, fifos: never input
                }
            }
        }
        return (files.sorted { $0.path < $1.path }, directories)
    }
}
