import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns the paths a user names into the files to process: directories are walked
/// recursively, operating-system junk is skipped, and every other file is kept, even one
/// that is not an image, so that it is reported with a reason instead of silently ignored.
public enum InputCollector {
    public struct Collected: Sendable {
        public var files: [URL]
        /// Paths that do not exist or cannot be listed, with the reason.
        public var problems: [(URL, String)]
    }

    /// `excluding`: files and folders never to take as input, whatever the paths name (the
    /// store's own database and images, when a folder holding them is ingested).
    public static func collect(_ paths: [String], excluding: [URL] = []) -> Collected {
        let excluded = Set(excluding.map { $0.standardizedFileURL.path })
        let fm = FileManager.default
        var files: [URL] = []
        var problems: [(URL, String)] = []
        var seen = Set<String>()
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                problems.append((url, "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                if !excluded.contains(url.path), seen.insert(url.path).inserted { files.append(url) }
                continue
            }
            var found: [URL] = []
            walk(url, excluding: excluded, into: &found, problems: &problems)
            for file in found.sorted(by: { $0.path < $1.path }) where seen.insert(file.path).inserted {
                files.append(file)
            }
        }
        return Collected(files: files, problems: problems)
    }

    /// Every regular, non-hidden, non-junk file below `directory`; a folder that cannot be
    /// listed is a problem to report, never silently skipped. Symbolic links to folders are not
    /// followed (a link loop must not hang a batch).
    private static func walk(_ directory: URL, excluding excluded: Set<String>, into found: inout [URL],
                             problems: inout [(URL, String)]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            let reason = access(directory.path, R_OK | X_OK) == 0 ? "cannot list the folder" : "permission denied: cannot list the folder"
            problems.append((directory, reason))
            return
        }
        for name in names where !name.hasPrefix(".") && !isJunk(name) {
            let url = directory.appendingPathComponent(name)
            guard !excluded.contains(url.standardizedFileURL.path) else { continue }
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(url, excluding: excluded, into: &found, problems: &problems)
            case S_IFREG: found.append(url.standardizedFileURL)
            case S_IFLNK:
                var target = stat()
                if stat(url.path, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG { found.append(url.standardizedFileURL) }
            default: continue
            }
        }
    }

    /// Files that operating systems, sync tools and editors leave beside real ones.
    public static func isJunk(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == ".ds_store" || lower == "thumbs.db" || lower == "desktop.ini"
            || name.hasPrefix("._") || name.hasPrefix(".") || name.hasSuffix("~")
            || lower.hasSuffix(".part") || lower.hasSuffix(".filepart") || lower.hasSuffix(".crdownload")
            || lower.hasSuffix(".tmp") || lower.hasSuffix(".swp")
    }
}
