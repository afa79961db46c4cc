import Foundation

/// Turns the paths a user names into the files to process: directories are walked
/// recursively, operating-system junk is skipped, and every other file is kept, even one
/// that is not an image, so that it is reported with a reason instead of silently ignored.
public enum InputCollector {
    public struct Collected: Sendable {
        public var files: [URL]
        /// Paths that do not exist or cannot be listed, with the reason.
        public var problems: [(URL, String)]
    }

    public static func collect(_ paths: [String]) -> Collected {
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
                if seen.insert(url.path).inserted { files.append(url) }
                continue
            }
            guard let walker = fm.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey],
                                             options: [.skipsHiddenFiles]) else {
                problems.append((url, "cannot list the directory"))
                continue
            }
            var found: [URL] = []
            for case let file as URL in walker {
                guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                      !isJunk(file.lastPathComponent) else { continue }
                found.append(file.standardizedFileURL)
            }
            for file in found.sorted(by: { $0.path < $1.path }) where seen.insert(file.path).inserted {
                files.append(file)
            }
        }
        return Collected(files: files, problems: problems)
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
